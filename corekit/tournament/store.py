"""The results file: one JSON line per finished match, appended and synced to disk as each match ends.

The first line is a header naming the tournament (game, specs, seats, seed, options, time limit). A resumed
tournament must match it, so results of two different tournaments never mix. A line torn by a kill in the
middle of a write is cut off on resume; that match is simply played again (with the same seed and result).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any

import attrs

FORMAT = 1
RESULTS = "results.jsonl"
REPORT = "report.json"
# What must agree for a resumed tournament to be the same one; --games may grow or shrink.
BINDING = ("game", "specs", "seats", "seed", "options", "time_limit")


class ResultsError(ValueError):
    """The results file cannot be used (another tournament's, or damaged); the message is one line."""


@attrs.frozen
class MatchRecord:
    """One finished match as written to the results file.

    `status` is "ok", "forfeit" (a player raised, answered illegally or ran out of time: `forfeit` names
    the seat) or "failed" (the worker process died twice, the game itself raised, or a player could not be
    built): failed matches have no returns and are left out of ratings and rates.

    `replay_error` says why a played match's replay could not be written (`replay` is then None). It is a field
    of its own because `replay` None alone cannot tell a lost replay from one never asked for (a tournament
    resumed with --replays), and because a forfeit's `error` already names the forfeit.
    """

    index: int
    deal: int
    seed: int
    lineup: tuple[int, ...]
    specs: tuple[str, ...]
    status: str
    returns: tuple[float, ...] = ()
    steps: int = 0
    decisions: tuple[int, ...] = ()
    decision_time: tuple[float, ...] = ()
    forfeit: int | None = None
    error: str | None = None
    attempts: int = 1
    replay: str | None = None
    replay_error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        return attrs.asdict(self, recurse=False, value_serializer=lambda _i, _a, v: list(v) if isinstance(v, tuple)
                            else v)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        """A record from its JSON data (lists become tuples)."""
        fields = {f.name for f in attrs.fields(cls)}
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in fields}
        return cls(**values)

    def outcome(self) -> dict[str, Any]:
        """What must be identical whatever the workers or backend: everything but timings, paths and whether
        the replay could be written (the disk, not the match)."""
        data = self.to_json()
        for key in ("decision_time", "attempts", "replay", "replay_error"):
            data.pop(key)
        return data


class ResultsFile:
    """Append-only JSON lines: a header, then one record per finished match."""

    def __init__(self, directory: Path, header: dict[str, Any], resume: bool) -> None:
        self.path = Path(directory) / RESULTS
        self.records: dict[int, MatchRecord] = {}
        Path(directory).mkdir(parents=True, exist_ok=True)
        if self.path.exists() and self.path.stat().st_size > 0:
            found_header, self.records = read_results(self.path, repair=resume)
            if not resume:
                raise ResultsError(
                    f"{self.path} already holds {len(self.records)} matches: add --resume to continue that "
                    "tournament, or choose another --out")
            _check_same(found_header, header, self.path)
            self._file: IO[str] = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (closed in close())
        else:
            self._file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
            self._write({"campfire_tournament": FORMAT, **header})
            _sync_directory(Path(directory))  # so the new file's name survives a crash too

    def append(self, record: MatchRecord) -> None:
        """Write one record and force it to disk before going on."""
        self.records.setdefault(record.index, record)
        self._write(record.to_json())

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())


def read_results(path: Path, repair: bool = False) -> tuple[dict[str, Any], dict[int, MatchRecord]]:
    """The header and the records (first one per index) of a results file.

    A last line without its newline was torn by a kill: it is ignored, and cut off when `repair` is set.
    Any other damage raises ResultsError.
    """
    raw = Path(path).read_bytes()
    end = raw.rfind(b"\n") + 1
    if end < len(raw) and repair:
        with open(path, "r+b") as file:
            file.truncate(end)
            file.flush()
            os.fsync(file.fileno())
    lines = raw[:end].decode("utf-8", errors="replace").splitlines()
    if not lines:
        raise ResultsError(f"{path} has no complete header line")
    header = _parse(lines[0], path, 1)
    if header.get("campfire_tournament") != FORMAT:
        raise ResultsError(f"{path} is not a campfire tournament results file (format {FORMAT})")
    records: dict[int, MatchRecord] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            record = MatchRecord.from_json(_parse(line, path, number))
        except TypeError as error:
            raise ResultsError(f"{path} line {number} is not a match record: {error}") from None
        records.setdefault(record.index, record)
    return header, records


def _sync_directory(directory: Path) -> None:
    if os.name != "posix":
        return
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _parse(line: str, path: Path, number: int) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise ResultsError(f"{path} line {number} is not valid JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise ResultsError(f"{path} line {number} is not a JSON object")
    return data


def _check_same(found: dict[str, Any], wanted: dict[str, Any], path: Path) -> None:
    """Refuse to mix two tournaments, naming each setting that differs (an option, not the whole options)."""
    changes = []
    for key in BINDING:
        old, new = found.get(key), wanted.get(key)
        if old == new:
            continue
        if key == "options" and isinstance(old, dict) and isinstance(new, dict):
            changes += [f"option {name} was {_shown(old, name)}, now {_shown(new, name)}"
                        for name in sorted(old.keys() | new.keys()) if old.get(name, _UNSET) != new.get(name, _UNSET)]
        else:
            changes.append(f"{key} was {old!r}, now {new!r}")
    if changes:
        raise ResultsError(f"{path} belongs to another tournament ({'; '.join(changes)}): resume with the same "
                           "settings, or choose another --out")


_UNSET = object()


def _shown(options: dict[str, Any], name: str) -> str:
    return repr(options[name]) if name in options else "unset"
