"""The recorder: listens to the match event hooks and writes a replay when the match ends.

A match is recorded when its settings name a file (`settings["replay"]`, from `campfire play --replay`
or a tournament's `play_match(..., settings={"replay": path})`). Nothing is written before the match
ends, and then atomically, so an interrupted match leaves no file (or the previous complete one).
Several matches may be recorded in one process, one after another or interleaved.

Everything that can fail is checked as early as it can be, so a match is not played for a replay that
cannot be written: the seed, the options and the destination when the match starts, each action code
when it is recorded. Each problem is one line naming the user's file (a ValueError, which the runner's
callers report in one line) or, for an action code, the game and the step (GameFailed: a bug in the game).
Messages name the setting ("the seed"), not a command-line flag: the same words serve the Python API and
`campfire play`.
"""

from __future__ import annotations

import math
import os
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from corekit import __version__
from corekit.codes import INT_MAX, INT_MIN, MAX_TEXT, as_read, code_problem
from corekit.errors import error_line, os_reason
from corekit.options import options_to_dict
from corekit.runner import GameFailed, Match, MatchResult
from replays.format import (
    DEFAULT_DIGEST_EVERY,
    Header,
    Replay,
    ReplayError,
    Result,
    check_header,
    check_writable,
    digest_bytes,
    write_replay,
)


class Recording:
    """The replay of one match as it is being played."""

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
        check_header(self.header)
        self.seats = bytearray()
        self.actions: list[Any] = []
        self.checks = bytearray()
        self.digests = bytearray(digest_bytes(match.state))
        self.times: list[int] = []
        self.stats: dict[int, list[tuple[Any, int, float]]] = {}

    def step(self, match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
        """Add one applied action, its check byte, a digest on digest steps, and its annotations."""
        step = len(self.actions) + 1
        # Checked now, not when the file is written: the game's bug is named at its step, and a match is
        # not played to the end for a replay that cannot be written.
        try:
            code = self.game.encode_action(action)
        except Exception as error:
            raise GameFailed(f"game {self.game.id!r} step {step}: encode_action raised {error_line(error)}") from error
        problem = code_problem(code)
        if problem:
            raise GameFailed(f"game {self.game.id!r} step {step}: encode_action gave {problem}")
        digest = digest_bytes(match.state)
        self.seats.append(seat)
        self.actions.append(as_read(code))
        self.checks.append(digest[0])
        if step % self.header.digest_every == 0:
            self.digests += digest
        seconds = annotation.get("time", 0.0)
        # A player may report its own "time"; clamped so that no value can make the file unwritable.
        self.times.append(
            min(INT_MAX, max(0, round(seconds * 1e6)))
            if isinstance(seconds, int | float) and math.isfinite(seconds)
            else 0
        )
        stats = _stats(annotation.get("stats"))
        if stats:
            self.stats[step] = stats

    def finish(self, match: Match, result: MatchResult) -> Replay:
        """The complete replay."""
        outcome = Result(
            steps=len(self.actions),
            returns=tuple(float(r) for r in result.returns),
            final_digest=digest_bytes(match.state),
            forfeit=result.forfeit,
            error=None if result.error is None else _text(result.error),
        )
        return Replay(
            self.header,
            bytes(self.seats),
            self.actions,
            bytes(self.checks),
            bytes(self.digests),
            outcome,
            self.times,
            self.stats,
        )


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
        check_writable(name)
    except (OSError, ReplayError, ValueError) as error:
        raise ValueError(f"cannot write the replay {name}: {os_reason(error)}") from None
    key = id(match)
    _recordings[key] = recording
    # An interrupted match never reaches match_end: drop its recording with the match object.
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
        write_replay(recording.path, recording.finish(match, result))
    except (OSError, OverflowError, ReplayError, TypeError, ValueError) as error:
        # The runner's callers report ValueError in one line; a replay that cannot be written is that.
        # Without the file: an OSError's file would be the temporary one, which the user never named.
        raise ValueError(f"cannot write the replay {recording.path}: {os_reason(error)}") from None


def _text(text: str) -> str:
    """A forfeit's error as a replay can store it (a player's exception may say anything, at any length)."""
    return text.encode("utf-8", "replace")[:MAX_TEXT].decode("utf-8", "ignore")


def _stats(raw: Any) -> list[tuple[Any, int, float]]:
    """A search player's root statistics, kept only when they have the documented shape."""
    if not isinstance(raw, list | tuple):
        return []
    rows = []
    for row in raw:
        try:
            code, visits, value = row
            row = (code, int(visits), float(value))
        except (TypeError, ValueError, OverflowError):
            return []
        # An annotation is optional: one the file could not store is dropped, the match goes on.
        if code_problem(code) or not INT_MIN <= row[1] <= INT_MAX or not math.isfinite(row[2]):
            return []
        rows.append((as_read(code), row[1], row[2]))
    return rows
