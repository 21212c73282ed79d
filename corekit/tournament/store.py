"""The results file: one JSON line per finished match, appended as each match ends, and forced to the disk when a
match ends a second or more after the last time (`SYNC_EVERY`) and when the run ends.

A record is handed to the operating system as its match ends, so a killed run (Ctrl-C, SIGKILL, a worker's crash)
keeps every finished match. Forcing each one to the disk as well (`fsync`) made a tournament of short matches wait on
the disk (3,000 random grizzly-race matches at 2 seats, `--jobs 1`: 17-18 s of wall time against 3.5 s with a sync
a second while other processes used the disk, 2.9-3.0 s against 2.0-2.3 s on an idle one; 2026-12-06). Only a crash
of the machine itself (power, kernel) can lose what was not synced: the matches finished since the last sync, from
the end of the file (a line written within a second of the last sync waits for the next match's end or the run's,
so with long matches that can be one match of many minutes). A resume plays them again, and cuts off a last line
left torn.

The first line is a header naming the tournament (game and its version, specs, seats, seed, options, time
limit). A resumed tournament must match it, so results of two different tournaments never mix. The header also
says whether the tournament writes replays (`replays`, see `writes_replays`), which a resume keeps, and how many
matches it is to play (`games`), which a resume with another --games rewrites (the only change a header takes), so
that a later resume without --games plays to the size last asked for. A line torn by a kill in the middle of a write
is cut off on resume; that match is simply played again (with the same seed and result). Any other damaged line is
refused, naming the line and the field, and so is a second record of a match. A failed match whose record has a
`retry` reason failed for a reason outside the match: a resume plays it again, and its new record replaces it (the
only record that may follow another of its match). A results file that holds no match yet (a start that failed or
was stopped before its first match ended) is no tournament to keep: a new one replaces it.

One tournament at a time writes into a folder: `FolderLock` holds an exclusive lock on it for the whole run.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import attrs

from corekit.errors import json_problem, stored_error
from corekit.words import counted, cut

FORMAT = 1
MARKER = "campfire_tournament"
RESULTS = "results.jsonl"
REPORT = "report.json"
# What must agree for a resumed tournament to be the same one; --games may grow or shrink. The game's version too:
# matches played under other rules must not be rated together.
BINDING = ("game", "game_version", "specs", "seats", "seed", "options", "time_limit", "lineups")
SYNC_EVERY = 1.0
"""The results file is forced to the disk when a match ends at least this many seconds after the last time, and when
the run ends (module docstring)."""
REPLAYS = "replays"
"""The header's field saying whether the tournament writes replays: no setting of its results, so a resume with
--replays may start writing them (and need not agree). Files from before it lack it, and read as before."""
STATUSES = ("ok", "forfeit", "failed")
LOCK = ".lock"
RETRY_WORKER = "worker"
"""Why a failed match is played again on resume: its worker process died (killed from outside, or twice by it)."""
RETRY_OUTPUT = "output"
"""...or its output could not be written before it started (a replay in a folder that became unwritable)."""
RETRIES = (RETRY_WORKER, RETRY_OUTPUT)
_OLD_RETRIES = {
    "the worker process died": RETRY_WORKER,
    "the Dask worker playing it died": RETRY_WORKER,
    "the match raised ValueError: cannot write the replay": RETRY_OUTPUT,
}
"""The errors of such failures in results files written before records said why (read as if they had)."""


class ResultsError(ValueError):
    """The results file cannot be used (another tournament's, or damaged); the message is one line."""


@attrs.frozen
class MatchRecord:
    """One finished match as written to the results file.

    `status` is "ok", "forfeit" (a player raised, answered illegally or ran out of time: `forfeit` names
    the seat) or "failed" (the worker process died twice, the game itself raised, a player could not be
    built, or its replay could not be started): failed matches have no returns and are left out of ratings and rates.

    `retry` says why a failed match failed for a reason outside the match (RETRIES), so a resume plays it again.

    `replay` names the match's replay file only when it was written. `replay_error` says why a match of a
    tournament that writes replays has none (`replay` is then None): a played match's could not be written, or
    the match failed, which leaves no replay. It is a field of its own because `replay` None alone cannot tell a
    lost replay from one never asked for (a tournament resumed with --replays), and because a forfeit's `error`
    already names the forfeit.
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
    error: str | None = attrs.field(default=None, converter=stored_error)
    attempts: int = 1
    replay: str | None = None
    replay_error: str | None = None
    retry: str | None = None
    first: int | None = None
    """The seat asked the match's first decision, when one seat alone was (slasher draws it from the seed by default);
    None when several decide at once, in a match that failed before it, and in files from before 2026-12-07."""
    ending: str | None = None
    """How the rules ended the match, one of the game's `endings`; None for a forfeit or a failed match, in a game
    that declares no endings, and in files from before 2026-12-07."""

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        return attrs.asdict(
            self, recurse=False, value_serializer=lambda _i, _a, v: list(v) if isinstance(v, tuple) else v
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        """A record from its JSON data (lists become tuples)."""
        fields = {f.name for f in attrs.fields(cls)}
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in fields}
        if "retry" not in data and data.get("status") == "failed" and isinstance(data.get("error"), str):
            values["retry"] = next(
                (why for start, why in _OLD_RETRIES.items() if data["error"].startswith(start)), None
            )
        return cls(**values)

    def outcome(self) -> dict[str, Any]:
        """What must be identical whatever the workers or backend: everything but timings, paths and whether
        the replay could be written (the disk, not the match)."""
        data = self.to_json()
        for key in ("decision_time", "attempts", "replay", "replay_error", "retry"):
            data.pop(key)
        return data


class ResultsFile:
    """Append-only JSON lines: a header, then one record per finished match."""

    def __init__(
        self,
        directory: Path,
        header: dict[str, Any],
        resume: bool,
        found: tuple[dict[str, Any], dict[int, MatchRecord]] | None = None,
    ) -> None:
        """Open the results file in `directory`; `found` is what `read_results` read from it already."""
        self.path = Path(directory) / RESULTS
        self.records: dict[int, MatchRecord] = {}
        self._synced = -math.inf  # the header, a new run's first write, is synced at once
        self._unsynced = False
        Path(directory).mkdir(parents=True, exist_ok=True)
        if found is None and has_results(directory):
            found = read_results(self.path)
        if found is not None and not resume and found[1]:
            raise ResultsError(
                f"{self.path} already holds {counted(len(found[1]), 'match', 'matches')}: add --resume to continue "
                "that tournament, or choose another --out"
            )
        if found is not None and resume:
            found_header, self.records = found
            check_same(found_header, header, self.path)
            cut_torn_line(self.path)  # only now that the resume is taken: a refused one changes nothing
            if "games" in header and found_header.get("games") != header["games"]:
                # A bare --resume plays to the size last asked for, even when the run that asked was interrupted.
                _replace_header(self.path, {**found_header, "games": header["games"]})
            self._file: IO[str] = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (closed in close())
        else:  # a new tournament; a results file without a match (a start that failed) has nothing to keep
            self._file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
            self._write({MARKER: FORMAT, **header})
            _sync_directory(Path(directory))  # so the new file's name survives a crash too

    def append(self, record: MatchRecord) -> None:
        """Write one record: handed to the operating system now, forced to the disk if the last sync was
        `SYNC_EVERY` seconds ago or more (and at `close`)."""
        _keep(self.records, record)
        self._write(record.to_json())

    def close(self) -> None:
        """Force what was written to the disk, and close the file."""
        try:
            if self._unsynced:
                self._sync()
        finally:
            self._file.close()

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._file.flush()
        self._unsynced = True
        if time.monotonic() - self._synced >= SYNC_EVERY:
            self._sync()

    def _sync(self) -> None:
        os.fsync(self._file.fileno())
        self._synced = time.monotonic()
        self._unsynced = False


class FolderLock:
    """An exclusive lock on an --out folder for the whole of one run, start or resume: a second run on the folder
    is refused with ResultsError naming the pid of the one that holds it. The operating system drops the lock
    when the process ends, however it ends, so no stale lock is ever left behind."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / LOCK
        self._file: IO[str] | None = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (closed in release())
        try:
            import fcntl
        except ImportError:  # no flock (Windows): one run at a time is then the user's to keep
            return
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._file.seek(0)
            holder = self._file.read().strip() or "unknown"
            self.release()
            raise ResultsError(
                f"--out {directory} is in use by another tournament (pid {holder}): wait for it to end, or "
                "choose another --out"
            ) from None
        self._file.seek(0)
        self._file.truncate()
        self._file.write(f"{os.getpid()}\n")
        self._file.flush()

    def release(self) -> None:
        """Let another run have the folder."""
        if self._file is not None:
            self._file.close()
            self._file = None


def write_atomically(path: Path, text: str) -> None:
    """Write `text` into `path` whole or not at all: into a temporary file beside it, synced, then renamed over
    it. A full disk leaves the old file as it was (or none), never an empty or cut-off one."""
    _replace_atomically(path, lambda file: file.write(text.encode("utf-8")))


def _replace_header(path: Path, header: Mapping[str, Any]) -> None:
    """Rewrite the header line of the results file `path`, its records as they were, whole or not at all."""

    def write(file: IO[bytes]) -> None:
        with open(path, "rb") as old:
            old.readline()
            file.write((json.dumps(header, separators=(",", ":")) + "\n").encode("utf-8"))
            shutil.copyfileobj(old, file)  # a long tournament's file need not fit in memory

    _replace_atomically(path, write)


def _replace_atomically(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Replace `path` by what `write` writes into a temporary file beside it, synced, then renamed over it."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _sync_directory(path.parent)


def has_results(directory: Path) -> bool:
    """Whether `directory` holds a results file to resume: one with a whole header line (an empty one, or one whose
    header a kill tore as it was written, holds nothing, and a run starts the file afresh)."""
    path = Path(directory) / RESULTS
    if not path.is_file():
        return False
    with open(path, "rb") as file:
        return file.readline().endswith(b"\n")


def reported(records: Mapping[int, MatchRecord], games: int) -> dict[int, MatchRecord]:
    """The records a report counts: the first `games` matches, less those whose replay could not be started
    (they are played again on resume)."""
    return {index: record for index, record in records.items() if index < games and record.retry != RETRY_OUTPUT}


def writes_replays(header: Mapping[str, Any], records: Iterable[MatchRecord], directory: Path) -> bool:
    """Whether the tournament of a results file in `directory` writes replays, so that its resume writes those of
    the matches it plays even when the replays folder is gone: its header says so; or one of its records names a
    replay or why it has none (a run resumed with --replays, though its header says it started without); or its
    replays folder is there (all that a header from before the field tells)."""
    return (
        header.get(REPLAYS) is True
        or any(record.replay is not None or record.replay_error is not None for record in records)
        or (Path(directory) / "replays").is_dir()
    )


def planned_games(header: dict[str, Any], records: dict[int, MatchRecord]) -> int:
    """The matches a tournament was planned to play: its header's `games`, or more when an earlier resume played
    beyond them (files of 2026-12-01 to 12-04 grew on resume without rewriting the header)."""
    planned = header.get("games")
    return max(planned if isinstance(planned, int) and _whole(1)(planned) else 1, max(records, default=-1) + 1)


def read_results(path: Path) -> tuple[dict[str, Any], dict[int, MatchRecord]]:
    """The header and the records (one per index) of a results file, which is only read (a resume that is then
    refused leaves it as it was).

    A last line without its newline was torn by a kill: it is ignored (`cut_torn_line` cuts it off, before a resume
    appends to the file). A record
    of a match whose earlier record is marked for retry replaces it. Any other damage, a second record of a match
    included, raises ResultsError naming the line.
    """
    raw = Path(path).read_bytes()
    end = raw.rfind(b"\n") + 1
    lines = raw[:end].decode("utf-8", errors="replace").splitlines()
    if not lines:
        raise ResultsError(f"{path} has no complete header line")
    header = _header(lines[0], path)
    specs, seats = header["specs"], header["seats"]
    records: dict[int, MatchRecord] = {}
    where: dict[int, int] = {}  # the line of each record kept, to name it when another claims its match
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            record = MatchRecord.from_json(_parse(line, path, number))
        except TypeError as error:
            raise ResultsError(f"{path} line {number} is not a match record: {error}") from None
        problem = _record_problem(record, specs, seats)
        if problem:
            raise ResultsError(f"{path} line {number} is not a match record: {problem}")
        kept = records.get(record.index)
        if kept is not None and kept.retry is None:
            # Only a record marked for retry is ever followed by another of its match: two files joined, or one
            # edited by hand, would otherwise keep one of two results, whichever came first, without a word.
            raise ResultsError(
                f"{path} line {number} records match {record.index} again (line {where[record.index]} did "
                "already): keep one of the two lines"
            )
        records[record.index] = record
        where[record.index] = number
    return header, records


def read_header(path: Path) -> dict[str, Any]:
    """The header of a results file that `has_results`, read alone (its records are not)."""
    with open(path, "rb") as file:
        return _header(file.readline().decode("utf-8", errors="replace"), path)


def _header(line: str, path: Path) -> dict[str, Any]:
    """The first line of a results file, refused unless it is a tournament header of a format this Campfire reads."""
    header = _parse(line, path, 1)
    _check_format(header, path)
    specs: Any = header.get("specs")
    seats: Any = header.get("seats")
    if not (isinstance(specs, list) and specs and all(isinstance(s, str) for s in specs) and _whole(1)(seats)):
        raise ResultsError(f"{path} line 1 is not a tournament header (it needs the specs and the number of seats)")
    return header


def cut_torn_line(path: Path) -> None:
    """Cut off a last line without its newline (torn by a kill), so that the next record starts a line of its own;
    the file is read backwards from its end, a block at a time, as far as its last newline (a file with none is
    emptied: `has_results` says such a file holds nothing)."""
    with open(path, "r+b") as file:
        end = cut = file.seek(0, os.SEEK_END)
        while cut > 0:
            start = max(cut - _BLOCK, 0)
            file.seek(start)
            at = file.read(cut - start).rfind(b"\n")
            if at >= 0:
                cut = start + at + 1
                break
            cut = start
        if cut == end:
            return
        file.truncate(cut)
        file.flush()
        os.fsync(file.fileno())


_BLOCK = 1 << 16
"""How much of the results file `cut_torn_line` reads at a time."""


def _keep(records: dict[int, MatchRecord], record: MatchRecord) -> None:
    """Keep the first record of each match a run appends, unless that one is to be retried: then the later one
    replaces it (a run appends no match twice; `read_results` refuses a file that holds one twice)."""
    kept = records.get(record.index)
    if kept is None or kept.retry is not None:
        records[record.index] = record


def _record_problem(record: MatchRecord, specs: Sequence[str], seats: int) -> str | None:
    """Why `record` cannot be a match of a tournament of `specs` in `seats` seats, or None when it can.

    The report indexes, sums and rates these values, so one wrong value would crash it or skew it silently. An index
    beyond the header's `games` is no damage: a resume with more --games before 2026-12-04 left the header as it
    was (`planned_games`); a record that is not its tournament's match is refused on resume (`run._check_schedule`).
    """
    if record.status not in STATUSES:
        return f"status must be {', '.join(STATUSES[:-1])} or {STATUSES[-1]}, got {_json(record.status)}"
    per_seat = 0 if record.status == "failed" else seats  # a failed match has no returns, decisions or times
    rules: list[tuple[str, Callable[[Any], bool], str, int | None]] = [  # field, test, what it must be, values
        ("index", _whole(0), "a whole number from 0", None),
        ("deal", _whole(0), "a whole number from 0", None),
        ("seed", _whole(), "a whole number", None),
        ("steps", _whole(0), "a whole number from 0", None),
        ("attempts", _whole(1), "a whole number from 1", None),
        ("forfeit", lambda v: v is None or _whole(0, seats - 1)(v), f"null or a seat from 0 to {seats - 1}", None),
        ("first", lambda v: v is None or _whole(0, seats - 1)(v), f"null or a seat from 0 to {seats - 1}", None),
        ("error", _text, "text or null", None),
        ("replay", _text, "text or null", None),
        ("replay_error", _text, "text or null", None),
        ("retry", lambda v: v is None or v in RETRIES, f"null, {' or '.join(map(_json, RETRIES))}", None),
        ("lineup", _whole(0, len(specs) - 1), f"spec numbers from 0 to {len(specs) - 1}", seats),
        ("specs", lambda v: isinstance(v, str), "texts", seats),
        ("returns", lambda v: _finite(0)(v) and v <= 1, "numbers from 0 to 1", per_seat),
        ("decisions", _whole(0), "whole numbers from 0", per_seat),
        ("decision_time", _finite(0), "finite numbers from 0", per_seat),
    ]
    for name, valid, kind, count in rules:
        value = getattr(record, name)
        if count is None:
            if not valid(value):
                return f"{name} must be {kind}, got {_json(value)}"
        elif not (isinstance(value, tuple) and all(valid(v) for v in value)):
            return f"{name} must be a list of {kind}, got {_json(value)}"
        elif len(value) != count:
            return (
                f"{name} has {counted(len(value), 'value')}, but a failed match has none"
                if count == 0
                else f"{name} has {counted(len(value), 'value')} for {counted(count, 'seat')}"
            )
    expected = tuple(specs[i] for i in record.lineup)
    if record.specs != expected:
        return f"specs must be those of its lineup, {_json(expected)}, got {_json(record.specs)}"
    if (record.status == "forfeit") != (record.forfeit is not None):
        return f"status {_json(record.status)} does not go with forfeit {_json(record.forfeit)}"
    if record.retry is not None and record.status != "failed":
        return f"status {_json(record.status)} does not go with retry {_json(record.retry)}"
    return None


def _whole(low: float = -math.inf, high: float = math.inf) -> Callable[[Any], bool]:
    # `type is int`: JSON's true and false are Python ints too, and 1.0 is no match index.
    return lambda v: type(v) is int and low <= v <= high


def _finite(low: float) -> Callable[[Any], bool]:
    return lambda v: type(v) in (int, float) and math.isfinite(v) and v >= low


def _text(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _json(value: Any) -> str:
    """A value as the results file spells it (null, true, "x"), cut short so the message stays readable."""
    return cut(json.dumps(value))


def _check_format(header: dict[str, Any], path: Path) -> None:
    """Refuse a header of no results file, or of a format this campfire cannot read (in the words replays use)."""
    if MARKER not in header:
        raise ResultsError(f"{path} is not a campfire tournament results file (no format marker)")
    version = header[MARKER]
    if not _whole(1)(version):
        raise ResultsError(
            f"{path} is not a campfire tournament results file (format version {_json(version)} is "
            "not a whole number from 1)"
        )
    if version > FORMAT:
        raise ResultsError(
            f"{path}: format version {version} is newer than this campfire reads (up to {FORMAT}); upgrade campfire"
        )


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
        raise ResultsError(f"{path} line {number} is not valid JSON ({json_problem(error)})") from None
    if not isinstance(data, dict):
        raise ResultsError(f"{path} line {number} is not a JSON object")
    return data


def header_changes(
    found: Mapping[str, Any], wanted: Mapping[str, Any], keys: Iterable[str], options: Iterable[str] | None = None
) -> list[tuple[str, Any, Any]]:
    """How a results file's header `found` differs from `wanted` in `keys`: (setting, held, wanted) for each, UNSET
    for one a header lacks; the options one by one (`option NAME`: those named in `options`, by default every one
    either has). Another game's options and version differ as a matter of course: the game alone says it all."""
    if found.get("game") != wanted.get("game"):
        return [("game", found.get("game", UNSET), wanted.get("game", UNSET))]
    changes = []
    for key in keys:
        old, new = found.get(key), wanted.get(key)
        if old == new:
            continue
        if key == "options" and isinstance(old, dict) and isinstance(new, dict):
            names = old.keys() | new.keys() if options is None else set(options)
            changes += [
                (f"option {name}", old.get(name, UNSET), new.get(name, UNSET))
                for name in sorted(names)
                if old.get(name, UNSET) != new.get(name, UNSET)
            ]
        else:
            changes.append((key, found.get(key, UNSET), wanted.get(key, UNSET)))
    return changes


def shown_setting(value: Any) -> str:
    """A header's setting as a message quotes it: "unset" for one it lacks (a hand-made or damaged header)."""
    return "unset" if value is UNSET else repr(value)


def check_same(found: dict[str, Any], wanted: dict[str, Any], path: Path) -> None:
    """Refuse to mix two tournaments, naming each setting that differs (an option, not the whole options)."""
    changes = []
    for key, old, new in header_changes(found, wanted, BINDING):
        if key == "lineups" and (old in (None, UNSET)) != (new in (None, UNSET)):  # only a strength run sets them
            strength = "it was a --strength run, this one is not"
            changes.append(strength if new in (None, UNSET) else "it was not a --strength run, this one is")
        else:
            changes.append(f"{key} was {shown_setting(old)}, now {shown_setting(new)}")
    if changes:
        raise ResultsError(
            f"{path} belongs to another tournament ({'; '.join(changes)}): resume with the same "
            "settings, or choose another --out"
        )


UNSET = object()
"""A setting a header lacks (`header_changes`)."""
