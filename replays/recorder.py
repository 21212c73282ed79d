"""The recorder: listens to the match event hooks and writes a replay when the match ends.

A match is recorded when its settings name a file (`settings["replay"]`, from `campfire play --replay`
or a tournament's `play_match(..., settings={"replay": path})`). Nothing is written before the match
ends, and then atomically. A match a person quit or Ctrl-C stopped is written as it stood, marked
unfinished (the runner tells the listeners so); any other interruption leaves no file (or the previous
complete one). Several matches may be recorded in one process, one after another or interleaved.

Everything that can fail is checked as early as it can be, so a match is not played for a replay that
cannot be written: the seed, the options and the destination when the match starts (the folder by a file
made there once, see `_check_destination`), the code of an action that is kept as a code (see `Recording`)
when it is recorded. Each problem is one line naming the user's file (a ValueError, which the runner's
callers report in one line) or, for an action code, the game and the step (GameFailed: a bug in the game).
Messages name the setting ("the seed"), not a command-line flag: the same words serve the Python API and
`campfire play`.
"""

from __future__ import annotations

import contextlib
import math
import os
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from corekit import __version__
from corekit.codes import INT_MAX, INT_MIN, MAX_TEXT, as_read, code_key, code_problem, legal_keys, search_rows
from corekit.errors import error_line, os_reason
from corekit.match import GameFailed, Match, MatchResult
from corekit.options import options_to_dict
from replays.choices import ChoiceWriter
from replays.format import (
    DEFAULT_DIGEST_EVERY,
    Header,
    Replay,
    ReplayError,
    Result,
    check_header,
    check_target,
    check_writable,
    digest_bytes,
    write_replay,
)


class Recording:
    """The replay of one match as it is being played.

    Each step is written as its index among the legal actions of the seat to act first (`to_act[0]`, the
    seat the runner asks): those the runner showed the seat (`match.offered`), or, for another driver, those
    the recorder asked for after the previous step. A step it cannot write that way (another seat acted, or
    an action not among them) keeps the game's own code."""

    def __init__(self, match: Match, path: Path, digest_every: int = DEFAULT_DIGEST_EVERY) -> None:
        """Raises ReplayError (or ValueError from Header) when the header could not be written or read back."""
        self.path = path
        self.game = match.game
        self.header = Header(
            campfire=__version__,
            game=match.game.id,
            game_version=str(match.game.version),
            options=options_to_dict(match.options),
            seats=tuple(match.specs),
            seed=match.seed,
            digest_every=digest_every,
        )
        _check_header_once(self.header)
        self._every = digest_every
        self.steps = 0
        self.choices = ChoiceWriter()
        self.coded: dict[int, tuple[int, Any]] = {}
        self.digests: dict[int, bytes] = {}
        self.times: list[int] = []
        self.stats: dict[int, list[tuple[Any, int, float]]] = {}
        self._asking = True
        """Whether to ask for the next step's legal actions: only until the runner is seen to give them."""
        self._expect(match.state)

    def step(self, match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
        """Add one applied action, a digest on digest steps, and its annotations."""
        step = self.steps + 1
        offered = match.offered
        if offered is not None:  # the runner's: what the seat chose from, so no need to ask the game again
            legal: Sequence[Any] = offered
            self._asking = False
        else:
            legal = self._legal if seat == self._seat else ()
        index = _position(legal, action)
        if index >= 0:
            self.choices.add(index, len(legal))
        else:
            self.coded[step] = (seat, self._code(step, action))
        self.steps = step
        if self._asking:
            self._expect(match.state)
        if step % self._every == 0:
            self.digests[step] = digest_bytes(match.state)
        seconds = annotation.get("time", 0.0)
        if type(seconds) is float and 0.0 <= seconds < _MAX_SECONDS:  # the runner's: a decision's seconds
            self.times.append(round(seconds * 1e6))
        else:  # another driver's annotation (the runner gives its own float): clamped so that the file stays writable
            self.times.append(
                min(INT_MAX, max(0, round(seconds * 1e6)))
                if isinstance(seconds, int | float) and math.isfinite(seconds)
                else 0
            )
        raw = annotation.get("stats")
        if raw is not None and legal:  # the actions the seat chose from, which the rows must name
            try:
                keys = legal_keys(match.state.game.encode_action, legal)
            except Exception:  # a game's encode_action failing: an annotation is optional
                keys = set()
            stats = search_rows(raw, lambda code: code_key(code) in keys)
            if stats:
                self.stats[step] = stats

    def finish(self, match: Match, result: MatchResult, unfinished: str | None = None) -> Replay:
        """The replay of the match so far: complete, or with `unfinished` saying why it stopped."""
        returns = tuple(float(r) for r in result.returns) if unfinished is None else (0.0,) * match.state.players
        outcome = Result(
            steps=self.steps,
            returns=returns,
            # The last step's periodic digest, when it has one: the same state, and a walk of it costs a lot.
            final_digest=self.digests.get(self.steps) or digest_bytes(match.state),
            forfeit=result.forfeit,
            error=None if result.error is None else _text(result.error),
            unfinished=None if unfinished is None else _text(unfinished) or "stopped",
        )
        stream = self.choices.bytes()
        return Replay(self.header, outcome, stream, dict(self.coded), dict(self.digests), None, self.times, self.stats)

    def _expect(self, state: Any) -> None:
        """Ask now for what the next step is chosen among: the runner asks `to_act[0]`."""
        to_act = state.to_act
        self._seat = to_act[0] if to_act else None
        self._legal: Sequence[Any] = state.legal_actions(self._seat) if to_act else ()

    def _code(self, step: int, action: Any) -> Any:
        """The game's code for an action written as such, checked now so the game's bug is named at its step."""
        try:
            code = self.game.encode_action(action)
        except Exception as error:
            raise GameFailed(f"game {self.game.id!r} step {step}: encode_action raised {error_line(error)}") from error
        problem = code_problem(code)
        if problem:
            raise GameFailed(f"game {self.game.id!r} step {step}: encode_action gave {problem}")
        return as_read(code)


_MAX_SECONDS = INT_MAX / 1e6 / 2
"""Below this, a decision's microseconds fit in a replay as they are (halved: clear of float rounding)."""

_recordings: dict[int, Recording] = {}
"""Recordings by `id(match)`; an entry goes when its match ends or is garbage-collected."""


def match_start(match: Match) -> None:
    """Start recording when the match's settings ask for a replay file; raise a one-line ValueError naming
    the file if the replay could not be written (bad seed or options, unwritable destination, empty path)."""
    target = match.settings.get("replay")
    if target is None:
        return
    name = os.fspath(target)
    if not name:  # Path("") is ".": an empty name would otherwise fail only when the match ends
        raise ValueError("cannot write a replay: the replay path is empty")
    if not INT_MIN <= match.seed <= INT_MAX:
        # Refused rather than stored some other way: the format stays plain msgpack ints, and no seed
        # beyond 64 bits plays differently (corekit's generator keeps 64 bits of it).
        raise ValueError(
            f"cannot write the replay {name}: seed {match.seed} does not fit in a replay; the seed "
            f"must be from {INT_MIN} to {INT_MAX}"
        )
    try:
        recording = Recording(match, Path(name))
        _check_destination(name)
    except (OSError, ReplayError, ValueError) as error:
        raise ValueError(f"cannot write the replay {name}: {os_reason(error)}") from None
    key = id(match)
    _recordings[key] = recording
    # A match interrupted otherwise than by a person never reaches match_end: drop its recording with the match.
    weakref.finalize(match, _recordings.pop, key, None)


def action_applied(match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
    """Record one step of a match being recorded."""
    recording = _recordings.get(id(match))
    if recording is not None:
        recording.step(match, seat, action, annotation)


def match_end(match: Match, result: MatchResult) -> None:
    """Write the replay of a recorded match, atomically."""
    recording = _recordings.pop(id(match), None)
    if recording is None:
        return
    try:
        write_replay(recording.path, recording.finish(match, result, result.unfinished))
    except (OSError, OverflowError, ReplayError, TypeError, ValueError) as error:
        # The next match checks the folder again. Its key is taken from the name as given, as at the start: the
        # recording's Path has dropped any "/./" or "//", so its folder could be another key for the same place.
        _proven_folders.discard(os.path.dirname(os.fspath(match.settings["replay"])))
        # The runner's callers report ValueError in one line; a replay that cannot be written is that.
        # Without the file: an OSError's file would be the temporary one, which the user never named.
        raise ValueError(f"cannot write the replay {recording.path}: {os_reason(error)}") from None


def _check_destination(name: str) -> None:
    """`check_writable(name)`, with its temporary file made once per folder: a tournament writes every match's
    replay into one folder, and creating and removing a file there before each match cost a few percent of a
    short match (grizzly-race at 2 seats recorded at 1.51x playing with it, 1.47x without). Later matches in a
    folder that took a file check only their own name (`check_target`). Should the folder stop taking files,
    the match that finds out at its end keeps its result without a replay (`ListenerFailed`), the folder is
    forgotten here, and the next match is refused before it starts, which stops a tournament. Only absolute
    folders are remembered: a relative one means another folder once the process changes its working
    directory."""
    folder = os.path.dirname(name)
    if folder in _proven_folders:
        check_target(name)
        return
    check_writable(name)
    if os.path.isabs(folder):
        if len(_proven_folders) > 64:
            _proven_folders.clear()
        _proven_folders.add(folder)


_proven_folders: set[str] = set()
"""Absolute folders this process has made a file in (`_check_destination`)."""


def _position(legal: Sequence[Any], action: Any) -> int:
    """Where `action` is in `legal` (-1 if it is not). A player returns one of the very objects it was offered,
    found by identity at a few tens of nanoseconds an item, where `==` on an attrs action runs Python code;
    failing that, an equal action of the same type (True equals 1, but only 1 re-simulates as 1)."""
    for index, offered in enumerate(legal):
        if offered is action:
            return index
    with contextlib.suppress(ValueError):
        index = legal.index(action)
        if type(legal[index]) is type(action):
            return index
    return -1


def _check_header_once(header: Header) -> None:
    """`check_header`, once per kind of match: a tournament's matches differ only in their seed, and the round
    trip through cattrs and msgpack costs as much as a dozen steps of a short match."""
    key = (header.game, header.game_version, tuple(sorted(header.options.items())), header.seats, header.digest_every)
    if key not in _checked_headers:
        check_header(header)  # the seed is checked by match_start (any int in the range is stored alike)
        if len(_checked_headers) > 1024:
            _checked_headers.clear()
        _checked_headers.add(key)


_checked_headers: set[tuple[Any, ...]] = set()


def _text(text: str) -> str:
    """A forfeit's error as a replay can store it (a player's exception may say anything, at any length)."""
    return text.encode("utf-8", "replace")[:MAX_TEXT].decode("utf-8", "ignore")
