"""The recorder: listens to the match event hooks and writes a replay when the match ends.

A match is recorded when its settings name a file (`settings["replay"]`, from `campfire play --replay`
or a tournament's `play_match(..., settings={"replay": path})`). Nothing is written before the match
ends, and then atomically, so an interrupted match leaves no file (or the previous complete one).
Several matches may be recorded in one process, one after another or interleaved.
"""

from __future__ import annotations

import math
import os
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from corekit import __version__
from corekit.options import options_to_dict
from corekit.runner import Match, MatchResult
from replays.format import (
    DEFAULT_DIGEST_EVERY,
    MAX_SEATS,
    Header,
    Replay,
    Result,
    digest_bytes,
    write_replay,
)


class Recording:
    """The replay of one match as it is being played."""

    def __init__(self, match: Match, path: Path, digest_every: int = DEFAULT_DIGEST_EVERY) -> None:
        if match.state.players > MAX_SEATS:
            raise ValueError(f"a replay holds at most {MAX_SEATS} seats")
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
        self.seats = bytearray()
        self.actions: list[Any] = []
        self.checks = bytearray()
        self.digests = bytearray(digest_bytes(match.state))
        self.times: list[int] = []
        self.stats: dict[int, list[tuple[Any, int, float]]] = {}

    def step(self, match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
        """Add one applied action, its check byte, a digest on digest steps, and its annotations."""
        digest = digest_bytes(match.state)
        self.seats.append(seat)
        self.actions.append(_plain(self.game.encode_action(action)))
        self.checks.append(digest[0])
        step = len(self.actions)
        if step % self.header.digest_every == 0:
            self.digests += digest
        seconds = annotation.get("time", 0.0)
        self.times.append(max(0, round(seconds * 1e6)) if isinstance(seconds, int | float) and
                          math.isfinite(seconds) else 0)
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
            error=result.error,
        )
        return Replay(self.header, bytes(self.seats), self.actions, bytes(self.checks), bytes(self.digests),
                      outcome, self.times, self.stats)


_recordings: dict[int, Recording] = {}
"""Recordings by `id(match)`; an entry goes when its match ends or is garbage-collected."""


def match_start(match: Match) -> None:
    """Start recording when the match's settings ask for a replay file."""
    target = match.settings.get("replay")
    if not target:
        return
    path = Path(os.fspath(target))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"cannot write the replay {path}: the folder {folder} does not exist")
    if path.is_dir():
        raise ValueError(f"cannot write the replay {path}: it is a folder")
    key = id(match)
    _recordings[key] = Recording(match, path)
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
    except (OSError, OverflowError, TypeError, ValueError) as error:
        # The runner's callers report ValueError in one line; a replay that cannot be written is that.
        raise ValueError(f"cannot write the replay {recording.path}: {error}") from None


def _plain(code: Any) -> Any:
    """Tuples as lists, as msgpack writes them (and as they come back)."""
    if isinstance(code, tuple | list):
        return [_plain(item) for item in code]
    return code


def _stats(raw: Any) -> list[tuple[Any, int, float]]:
    """A search player's root statistics, kept only when they have the documented shape."""
    if not isinstance(raw, list | tuple):
        return []
    rows = []
    for row in raw:
        try:
            code, visits, value = row
            row = (_plain(code), int(visits), float(value))
        except (TypeError, ValueError):
            return []
        if not math.isfinite(row[2]):
            return []
        rows.append(row)
    return rows
