"""The replay file format (see FORMAT.md): encode, decode and read files, treating every byte as hostile.

A file is one msgpack map `{"campfire_replay": version, "body": bin, "blake2b": bin}`. The body is itself
msgpack: a header and a result structured by cattrs, and a hand-made compact action stream. Format 2 writes
each action as its index among the acting seat's legal actions, in as few bits as their count needs
(`replays.choices`), and full state digests every `digest_every` steps and at the end; format 1 (still read)
wrote the game's own action codes, a seat byte and a check byte per step. Reading is bounded: a size cap on
the file, msgpack Unpacker limits on every length, strict types on every field. Every problem is a
`ReplayError` whose message is one line.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import hashlib
import itertools
import math
import operator
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import cattrs
import msgpack
from cattrs.errors import AttributeValidationNote, IterableValidationNote

from corekit.codes import INT_MAX, INT_MIN, MAX_CODE_DEPTH, MAX_CODE_ITEMS, MAX_TEXT, text_problem
from corekit.errors import first_line, one_line, os_reason
from corekit.words import counted

FORMAT_VERSION = 2
"""The version this campfire writes. Readers for older versions stay in `_BODY_READERS`."""
OLDEST_VERSION = 1
MARKER = "campfire_replay"
MAX_FILE_BYTES = 4 * 1024 * 1024
"""A replay larger than this is refused before it is parsed (a 10,000-action replay is about 40 kB; with
search statistics for every decision, about 2 MB)."""
CONTAINER_BYTES = 3
"""At most one array or map per this many bytes of body: an empty array is one byte of msgpack but some
60 bytes of Python, so a file of nothing else would cost 60 times its size. (A two-item action code takes
three bytes: the densest legitimate use.)"""
MAP_WEIGHT = 3
"""A map counts as this many arrays against that budget: a map of one entry is three bytes of msgpack but some
190 bytes of Python, three times an empty array's (counted as one, a file of them cost 71 times its size; a
replay holds a handful of maps, its header's and its result's, and its many small items in arrays)."""
MAX_STEPS = 1_000_000
MAX_SEATS = 255
"""A seat is written as one byte."""
DIGEST_BYTES = 8
DEFAULT_DIGEST_EVERY = 64
"""Steps between full digests. A digest walks the whole state (85-250 us against 60-100 us for a step of play),
so one per 64 steps keeps recording within a few percent of playing; the final digest is always written."""
MAX_DIGEST_EVERY = 64
"""The widest spacing of digests a reader takes (every writer used 16 or 64). The digests a file must hold then
bound the steps it may claim by its size, 64 steps for each 8 bytes: a file of a few hundred bytes whose digests
were spaced 2**63 apart claimed a million steps of forced moves (which take no bits of the action stream), checked
only at the end, and kept `verify` busy for a quarter of an hour (an outside tester's fuzzing)."""
# msgpack's integer range bounds every int in a replay (seed, options, action codes, times); action codes
# follow the engine's rules (corekit/codes.py), which conformance checks for every game.


class ReplayError(Exception):
    """A replay that cannot be used; the message is one line and does not name the file."""

    def __str__(self) -> str:
        return one_line(str(self.args[0]) if self.args else type(self).__name__)


class _FieldProblem(ValueError):
    """A value that is wrong where it sits: `where` (".digest_every", ".options.speed", "[3]") is added to
    the path of what holds it, so a reader's error names the field ("header.digest_every must be ...")."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where.lstrip('.')} {problem}")
        self.where = where
        self.problem = problem


def _check(problem_of: Callable[[Any], str | None]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator whose error names its field (attrs' own say only "invalid value" once cattrs
    reports them: they run in `__init__`, after cattrs has left the field)."""

    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        problem = problem_of(value)
        if problem:
            raise _FieldProblem(f".{attribute.name}", problem)

    return validate


def _plain_options(instance: Any, attribute: attrs.Attribute[Any], value: dict[str, Any]) -> None:
    for key, item in value.items():
        if not isinstance(key, str):
            raise _FieldProblem(".options", f"has a key {key!r} that is not a str")
        if not isinstance(item, bool | int | float | str):
            raise _FieldProblem(f".options.{key}", f"must be an int, float, bool or str, got {_kind(item)}")
        if isinstance(item, float) and not math.isfinite(item):  # as the returns; the recorder asks before a match
            raise _FieldProblem(f".options.{key}", f"must be a finite number, got {item}")


@attrs.frozen
class Header:
    """Who played what: written as plain data (`_plain`), read back by cattrs with strict types."""

    campfire: str
    """The campfire version that recorded the match."""
    game: str
    game_version: str
    options: dict[str, Any] = attrs.field(validator=_plain_options)
    """The game's options as plain values (`corekit.options.options_to_dict`)."""
    seats: tuple[str, ...] = attrs.field(
        validator=_check(
            lambda v: (
                "must not be empty"
                if not v
                else f"has {len(v)} seats, more than {MAX_SEATS}"
                if len(v) > MAX_SEATS
                else None
            )
        )
    )
    """The player spec of each seat, e.g. `mcts:iterations=500`."""
    seed: int
    digest_every: int = attrs.field(
        default=DEFAULT_DIGEST_EVERY,
        validator=_check(
            lambda v: (
                f"must be at least 1, got {v}"
                if v < 1
                else f"must be at most {MAX_DIGEST_EVERY}, got {v}"
                if v > MAX_DIGEST_EVERY
                else None
            )
        ),
    )


@attrs.frozen
class Result:
    """How the match ended, and the digest of the final state."""

    steps: int = attrs.field(
        validator=_check(
            lambda v: (
                f"must be >= 0, got {v}"
                if v < 0
                else f"must be at most {MAX_STEPS}, got {v}"
                if v > MAX_STEPS
                else None
            )
        )
    )
    returns: tuple[float, ...]
    final_digest: bytes = attrs.field(
        validator=_check(lambda v: f"must be {DIGEST_BYTES} bytes, got {len(v)}" if len(v) != DIGEST_BYTES else None)
    )
    forfeit: int | None = None
    error: str | None = None
    unfinished: str | None = None
    """Why the match stopped before its end (a person quit, the run was interrupted), for a partial replay;
    its returns are then 0 for every seat."""


@attrs.define
class Replay:
    """One match as a replay: the header, the action stream, the digests, the annotations and the result.

    Step k (1-based, as `campfire play` numbers them) is the k-th action; "the state at step k" is the
    state after it, step 0 being the initial state. Each step is either a choice (the next index in
    `choices`, among the legal actions of the first seat to act) or, in `coded`, the seat and the game's
    action code (every step of a format-1 file; in format 2 a step no choice could describe). Re-simulating
    (`replays.simulate`) turns them into actions. `times[k-1]` and `stats[k]` belong to step k.
    """

    header: Header
    result: Result
    choices: bytes = b""
    """Format 2: the bit-packed choice indices of the steps not in `coded` (`replays.choices`)."""
    coded: dict[int, tuple[int, Any]] = attrs.Factory(dict)
    """Step -> (seat, action code in the game's compact encoding: ints, strings and lists of them)."""
    digests: dict[int, bytes] = attrs.Factory(dict)
    """Step -> the 8-byte digest of the state after it, at every multiple of `header.digest_every` (format 1
    also at step 0); the final state's is `result.final_digest`."""
    checks: bytes | None = None
    """Format 1 only: the first byte of the state digest after each step, which finds the exact step of a
    divergence."""
    times: list[int] | None = None
    """Microseconds each decision took, when recorded."""
    stats: dict[int, list[tuple[Any, int, float]]] = attrs.Factory(dict)
    """Per step, the root statistics of a search player: (encoded action, visits, mean value)."""
    format_version: int = FORMAT_VERSION
    intact: bool = True
    """False when the checksum failed (kept only for `verify`, which then looks for the step)."""

    @property
    def steps(self) -> int:
        """The number of actions."""
        return self.result.steps

    @property
    def unfinished(self) -> bool:
        """True for the partial replay of a match stopped before its end."""
        return self.result.unfinished is not None

    def digest_at(self, step: int) -> bytes | None:
        """The recorded full digest of the state at `step`, if one was recorded there."""
        return self.digests.get(step)


def _versions(oldest: int, newest: int) -> str:
    """ "version 1" or "versions 1-2"."""
    return f"version {oldest}" if oldest == newest else f"versions {oldest}-{newest}"


def digest_bytes(state: Any) -> bytes:
    """A state's digest as 8 bytes."""
    return bytes.fromhex(state.digest())


# -------------------------------------------------------------------------------------------------
# Writing
# -------------------------------------------------------------------------------------------------


def encode_replay(replay: Replay) -> bytes:
    """The file's bytes (always the current format version: a format-1 replay is written with every step coded)."""
    every = replay.header.digest_every
    steps = replay.steps
    result = _plain(replay.result)
    # 1 and 0 are one byte as ints, nine as floats: most returns are whole numbers.
    result["returns"] = [int(r) if float(r).is_integer() and abs(r) < 2**53 else r for r in replay.result.returns]
    body = {
        "header": _plain(replay.header),
        "choices": bytes(replay.choices),
        "coded": [[step, seat, code] for step, (seat, code) in sorted(replay.coded.items())],
        "digests": b"".join(replay.digests[k * every] for k in range(1, steps // every + 1)),
        "times": replay.times,
        "stats": [[step, [list(s) for s in stats]] for step, stats in sorted(replay.stats.items())],
        "result": result,
    }
    packed = msgpack.packb(body, use_bin_type=True)
    outer = {MARKER: FORMAT_VERSION, "body": packed, "blake2b": _checksum(packed)}
    encoded: bytes = msgpack.packb(outer, use_bin_type=True)
    return encoded


def _plain(instance: Header | Result) -> dict[str, Any]:
    """A header's or a result's fields by name, in order: what cattrs gives (their values are plain already), at
    a fifth of its cost, which every recorded match pays."""
    return dict(zip(_FIELD_NAMES[type(instance)], _FIELD_VALUES[type(instance)](instance), strict=True))


def check_header(header: Header) -> None:
    """Raise a one-line ReplayError naming the field if a reader would refuse this header once written
    (an int beyond 64 bits, a string over the reader's limit, ...): the recorder asks before the match."""
    plain = _converter.unstructure(header)
    problem = _unstorable(plain, "header")
    if problem:
        raise ReplayError(problem)
    packed = msgpack.packb(plain, use_bin_type=True)
    # Read back as a reader would: whatever is written here is what `read_replay` accepts.
    _structure(
        _unpack(
            packed,
            max_str_len=MAX_TEXT,
            max_bin_len=len(packed),
            max_array_len=MAX_STEPS,
            max_map_len=1024,
            what="header",
        ),
        Header,
        "header",
    )


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise a one-line ReplayError if a replay cannot be written at `path`; the recorder asks before the
    match, so a match is not played for nothing. `check_target`, then a temporary file created and removed, as
    `write_replay` will (the only test that is sure: permissions, read-only disks, special folders). The file is
    not kept open for the write at the end: a match that stops with an exception would leave it behind until
    the match object is collected, which a reference cycle in a traceback can put off indefinitely.

    The paths stay strings (pathlib costs microseconds a call) and the folder is looked at only when the file
    could not be created, to say why."""
    text = os.fspath(path)
    check_target(text)
    temporary = _temporary(text)
    try:
        os.close(_create(temporary))
    except OSError as error:
        folder = Path(text).parent
        if not folder.is_dir():
            raise ReplayError(
                f"{folder} is not a folder" if folder.exists() else f"the folder {folder} does not exist"
            ) from None
        raise ReplayError(f"cannot create a file in {folder}: {os_reason(error)}") from None
    os.unlink(temporary)


def check_target(path: str) -> None:
    """Raise a one-line ReplayError if `path` names something a replay must not replace (a folder, a pipe, a
    device, a file that is not a replay) or a folder by its trailing separator: one `stat`, which the recorder asks
    of every match's file even in a folder it has already written to, and for a file already there the first 64
    bytes read."""
    try:  # one stat where pathlib's is_dir, exists and is_file would make three
        found: os.stat_result | None = os.stat(path)
    except OSError:
        found = None
    mode = None if found is None else found.st_mode
    if mode is not None and stat.S_ISDIR(mode):
        raise ReplayError("it is a folder")
    if path.endswith(("/", os.sep)):  # Path() drops the separator: "new/" would become a file "new"
        raise ReplayError(f"it is a folder name (it ends with {path[-1]!r})")
    if mode is not None and not stat.S_ISREG(mode):  # os.replace would put a file in place of /dev/null
        raise ReplayError("it exists and is not a regular file")
    if found is not None and found.st_size:
        # A replay replaces an earlier one (a match played again), never another file: `--replay notes.txt`
        # would have lost the notes. A file that cannot be read is not replaced either: renaming over it needs
        # only the folder's permission.
        try:
            with open(path, "rb") as file:
                head = file.read(64)
        except OSError as error:
            raise ReplayError(
                f"it exists and cannot be read to tell whether it is a replay ({os_reason(error)})"
            ) from None
        if _announced_version(head) is None:
            raise ReplayError("it exists and is not a campfire replay (remove it or name another file)")


def write_replay(path: str | os.PathLike[str], replay: Replay) -> None:
    """Write atomically: a temporary file in the same folder, then `os.replace`, so a reader or an
    interrupted process never sees half a file. An OSError's file name may be the temporary file's:
    report `strerror` with the user's path."""
    data = encode_replay(replay)
    target = os.fspath(path)
    temporary = _temporary(target)
    handle = _create(temporary)
    try:
        # No fsync: the rename already guarantees a reader or an interrupted process never sees half a
        # file, and syncing every replay would double the time of a tournament of quick matches.
        try:
            written = 0
            while written < len(data):  # os.write may write less than asked (a signal, a pipe)
                written += os.write(handle, data[written:])
        finally:
            os.close(handle)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _temporary(target: str) -> str:
    """A name beside `target` that no other writer picks: hidden, with this process's id, a random part drawn once
    per process and a count. Not both asked of the system per file: each system call costs a match of 10-30 steps
    about 3% of its time on a virtual machine, and a tournament writes a file per match."""
    folder, name = os.path.split(target)
    return os.path.join(folder, f".{name}.{_WRITER[0]}.{next(_WRITER[1])}.tmp")


def _new_writer() -> None:
    """This process's part of temporary names: again in a forked child, which would otherwise share its parent's."""
    _WRITER[:] = [f"{os.getpid()}.{os.urandom(4).hex()}", itertools.count()]


_WRITER: list[Any] = []
_new_writer()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_writer)


def _create(path: str) -> int:
    # os.open with 0o666 lets the umask decide the mode, as for any file the user writes.
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)


def _unstorable(value: Any, path: str) -> str | None:
    """Why msgpack or a reader's limits refuse `value` (None if they do not), naming its path."""
    if value is None or isinstance(value, bool | float | bytes):
        return None
    if isinstance(value, int):
        return None if INT_MIN <= value <= INT_MAX else f"{path} does not fit in 64 bits"
    if isinstance(value, str):
        problem = text_problem(value)
        return problem and f"{path} {problem}"
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            problem = _unstorable(item, f"{path}[{index}]")
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path} has a key {key!r} that is not a str"
            problem = text_problem(key)
            problem = f"{path} has a key that {problem}" if problem else _unstorable(item, f"{path}.{key}")
            if problem:
                return problem
        return None
    return f"{path} is a {type(value).__name__}, which a replay cannot store"


# -------------------------------------------------------------------------------------------------
# Reading
# -------------------------------------------------------------------------------------------------


CHANGED = "corrupted: checksum mismatch (the file changed after it was written)"
"""What every reader says of a file whose checksum fails."""


def read_replay(path: str | os.PathLike[str], *, require_intact: bool = True) -> Replay:
    """Read and validate a replay file; any problem is a one-line ReplayError. Only a regular file is read:
    a FIFO, a device or a socket is refused without waiting on it (opened non-blocking, then checked)."""
    if not os.fspath(path):  # open("") says "no such file", which hides an unset variable behind the name
        raise ReplayError("the replay path is empty")
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise ReplayError("no such file") from None
    except IsADirectoryError:
        raise ReplayError("is a directory, not a replay file") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ReplayError("is a symbolic link loop, not a replay file") from None
        raise ReplayError(f"cannot read: {os_reason(error)}") from None
    try:
        status = os.fstat(handle)
        kind = _not_regular(status.st_mode)
        if kind:
            raise ReplayError(f"is {kind}, not a replay file")
        data = _read_at_most(handle, MAX_FILE_BYTES + 1, status.st_size)
    except OSError as error:
        raise ReplayError(f"cannot read: {os_reason(error)}") from None
    finally:
        os.close(handle)
    return decode_replay(data, require_intact=require_intact)


def _read_at_most(handle: int, limit: int, size: int) -> bytes:
    """Up to `limit` bytes of an open regular file of `size` bytes (as `fstat` saw it): with `os.read` asked for
    the size and one byte more, a whole replay in one system call, where a file object made four more (a second
    `fstat`, a terminal check, a seek and a read to the end) and `read(limit)` mapped 4 MB to take 300 bytes.
    Each costs a short match's verification a few percent. A file that grew since is read on, up to `limit`."""
    parts = []
    total = 0
    want = min(size + 1, limit)
    while total < limit:
        chunk = os.read(handle, want)
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
        if len(chunk) < want:  # a short read of a regular file: its end, as it stands
            break
        want = min(1 << 16, limit - total)
    return b"".join(parts)


def _not_regular(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    for test, kind in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return kind
    return None if stat.S_ISREG(mode) else "not a regular file"


def decode_replay(data: bytes, *, require_intact: bool = True) -> Replay:
    """A replay from its bytes. With `require_intact` False a failed checksum is noted, not raised, when the body
    still reads (`verify` then re-simulates it to say where it goes wrong); a body that does not is CHANGED either
    way."""
    if len(data) > MAX_FILE_BYTES:
        raise ReplayError(f"larger than the {MAX_FILE_BYTES // (1024 * 1024)} MiB limit for a replay")
    if not data:
        raise ReplayError("empty file, not a campfire replay")
    announced = _announced_version(data)
    if type(announced) is int and announced > FORMAT_VERSION:  # before the rest: a newer format may look otherwise
        raise ReplayError(_newer(announced))
    outer = _unpack(data, max_str_len=64, max_bin_len=len(data), max_array_len=16, max_map_len=16, what="file")
    if not isinstance(outer, dict) or MARKER not in outer:
        raise ReplayError("not a campfire replay (no format marker)")
    version = outer[MARKER]
    if type(version) is not int:
        raise ReplayError(f"not a campfire replay (format version {version!r} is not a number)")
    if version > FORMAT_VERSION:
        raise ReplayError(_newer(version))
    reader = _BODY_READERS.get(version)
    if reader is None:
        raise ReplayError(
            f"format version {version} is not supported "
            f"(this campfire reads {_versions(OLDEST_VERSION, FORMAT_VERSION)})"
        )
    body, checksum = outer.get("body"), outer.get("blake2b")
    if not isinstance(body, bytes) or not isinstance(checksum, bytes):
        raise ReplayError("not a campfire replay (missing body or checksum)")
    intact = _checksum(body) == checksum
    if not intact and require_intact:
        raise ReplayError(CHANGED)
    try:
        fields = _unpack(
            body, max_str_len=MAX_TEXT, max_bin_len=len(body), max_array_len=MAX_STEPS, max_map_len=1024, what="body"
        )
        replay = reader(fields)
    except ReplayError:
        if intact:
            raise
        # A changed body that no longer reads says nothing of its own: what the damage looks like ("the body has no
        # 'stats'") is an accident of the bit that flipped. Every command says the same, `verify` included.
        raise ReplayError(CHANGED) from None
    replay.format_version = version
    replay.intact = intact
    return replay


def _announced_version(data: bytes) -> Any:
    """The value of the file's first entry if its key is the format marker (`{"campfire_replay": N, ...}`, as
    every format writes it), read alone; None for a file that does not start so."""
    unpacker = msgpack.Unpacker(
        raw=False, max_buffer_size=len(data), max_str_len=64, max_bin_len=0, max_array_len=0, max_map_len=0
    )
    unpacker.feed(data)
    try:
        unpacker.read_map_header()
        key = unpacker.unpack()
        value = unpacker.unpack()
    except Exception:  # not a map, or too short: the whole parse below says what it is
        return None
    return value if key == MARKER else None


def _newer(version: int) -> str:
    return f"format version {version} is newer than this campfire reads (up to {FORMAT_VERSION}); upgrade campfire"


def _unpack(data: bytes, *, what: str, **limits: int) -> Any:
    budget = [len(data) // CONTAINER_BYTES + 16]

    def count(container: Any, weight: int = 1) -> Any:
        budget[0] -= weight
        if budget[0] < 0:
            raise ValueError(f"more arrays and maps than a replay of {len(data)} bytes can hold")
        return container

    unpacker = msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        max_buffer_size=max(len(data), 1),
        max_ext_len=64,
        ext_hook=_refuse_ext,
        list_hook=count,
        object_pairs_hook=lambda pairs: count(dict(pairs), MAP_WEIGHT),
        **limits,
    )
    unpacker.feed(data)
    collecting = gc.isenabled()
    gc.disable()  # msgpack's advice for large messages: thousands of new lists would trigger collections
    try:
        value = unpacker.unpack()
    except msgpack.OutOfData:
        raise ReplayError(f"truncated: the {what} ends in the middle of its data") from None
    except msgpack.StackError:
        raise ReplayError(f"not a campfire replay: the {what} is nested too deeply") from None
    except Exception as error:  # msgpack reports limits and bad bytes as ValueError and friends
        reason = first_line(error)
        # msgpack names its limits by their parameter: "5000 exceeds max_str_len(4096)" is a text too long.
        found = re.fullmatch(r"(\d+) exceeds max_(str|bin|array|map)_len\((\d+)\)", reason)
        if found:
            kind, unit = {
                "str": ("a text", "bytes"),
                "bin": ("a byte string", "bytes"),
                "array": ("an array", "items"),
                "map": ("a map", "entries"),
            }[found[2]]
            reason = f"{kind} of {found[1]} {unit} where a replay allows at most {found[3]}"
        elif isinstance(error, UnicodeDecodeError):
            reason = "a text that is not valid UTF-8"
        elif isinstance(error, msgpack.FormatError):  # it carries no message
            reason = "a byte that begins no msgpack value"
        elif "not allowed for map key" in reason:  # strict_map_key's words
            reason = "a map key that is not a text"
        raise ReplayError(f"not a campfire replay: unreadable {what} ({reason})") from None
    finally:
        if collecting:
            gc.enable()
    stray = len(data) - unpacker.tell()
    # Stray bytes after something that is no replay at all: the caller's "not a replay" says more.
    if stray and (what != "file" or (isinstance(value, dict) and MARKER in value)):
        raise ReplayError(f"not a campfire replay: {counted(stray, 'stray byte')} after the {what}")
    return value


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not used by replays")


def _read_body_v2(body: Any) -> Replay:
    """Format version 2 (the current one): choices, coded steps, digests every d steps."""
    header, result, times, stats = _read_common(body)
    steps, players = result.steps, len(header.seats)
    choices = _field(body, "choices", bytes)
    raw_coded = _field(body, "coded", list)
    digests = _field(body, "digests", bytes)
    coded: dict[int, tuple[int, Any]] = {}
    last = 0
    for entry in raw_coded:
        if not (isinstance(entry, list) and len(entry) == 3 and type(entry[0]) is int and type(entry[1]) is int):
            raise ReplayError("bad action stream: a coded step is not [step, seat, action code]")
        step, seat, code = entry
        if not last < step <= steps:
            raise ReplayError(f"bad action stream: coded step {step} is out of order or past step {steps}")
        if not 0 <= seat < players:
            raise ReplayError(f"bad action stream: step {step} is played by seat {seat} of {players}")
        if not _valid_code(code, 0):
            raise ReplayError(f"bad action stream: step {step} has an action code of the wrong shape")
        coded[step] = (seat, code)
        last = step
    every = header.digest_every
    expected = steps // every * DIGEST_BYTES
    if len(digests) != expected:
        raise ReplayError(_digests_problem(len(digests), expected, steps, every))
    at = {k * every: digests[(k - 1) * DIGEST_BYTES : k * DIGEST_BYTES] for k in range(1, steps // every + 1)}
    return Replay(header, result, choices, coded, at, None, times, stats)


V1_DIGEST_EVERY = 16
"""Format 1's `digest_every` when its header leaves it out (FORMAT.md): its writer's default then."""


def _read_body_v1(body: Any) -> Replay:
    """Format version 1: a seat byte, the game's action code and a check byte per step; digests from step 0."""
    if isinstance(body, dict) and isinstance(body.get("header"), dict) and "digest_every" not in body["header"]:
        body = {**body, "header": {**body["header"], "digest_every": V1_DIGEST_EVERY}}
    header, result, times, stats = _read_common(body)
    seats = _field(body, "seats", bytes)
    actions = _field(body, "actions", list)
    checks = _field(body, "checks", bytes)
    digests = _field(body, "digests", bytes)
    steps, players = result.steps, len(header.seats)
    for name, value in (("seats", seats), ("actions", actions), ("checks", checks)):
        if len(value) != steps:
            raise ReplayError(f"bad action stream: {len(value)} {name} for {steps} steps")
    every = header.digest_every
    expected = (steps // every + 1) * DIGEST_BYTES
    if len(digests) != expected:
        raise ReplayError(_digests_problem(len(digests), expected, steps, every))
    if seats and max(seats) >= players:
        step = next(i for i, s in enumerate(seats) if s >= players) + 1
        raise ReplayError(f"bad action stream: step {step} is played by seat {seats[step - 1]} of {players}")
    for index, code in enumerate(actions):
        if not _valid_code(code, 0):
            raise ReplayError(f"bad action stream: step {index + 1} has an action code of the wrong shape")
    coded = {step: (seat, code) for step, (seat, code) in enumerate(zip(seats, actions), 1)}
    at = {k * every: digests[k * DIGEST_BYTES : (k + 1) * DIGEST_BYTES] for k in range(steps // every + 1)}
    return Replay(header, result, b"", coded, at, checks, times, stats)


def _read_common(body: Any) -> tuple[Header, Result, list[int] | None, dict[int, list[tuple[Any, int, float]]]]:
    """The header, the result and the annotations, which every version writes alike."""
    if not isinstance(body, dict):
        raise ReplayError("not a campfire replay (the body is not a map)")
    header = _structure(_field(body, "header", dict), Header, "header")
    result = _structure(_field(body, "result", dict), Result, "result")
    times = _field(body, "times", list, optional=True)
    raw_stats = _field(body, "stats", list, optional=True) or []
    steps = result.steps
    players = len(header.seats)  # at most MAX_SEATS: Header checks
    if len(result.returns) != players:
        raise ReplayError(f"result.returns has {counted(len(result.returns), 'value')} for {counted(players, 'seat')}")
    if not all(0.0 <= value <= 1.0 for value in result.returns):  # as the runner takes a match's (and 2 * 1e308 is inf)
        shown = ", ".join(repr(value) for value in result.returns)
        raise ReplayError(f"result.returns must each be in [0, 1], as every match's are: got ({shown})")
    if result.forfeit is not None and not 0 <= result.forfeit < players:
        raise ReplayError(f"result.forfeit is seat {result.forfeit}, which does not exist ({counted(players, 'seat')})")
    if times is not None:
        if len(times) != steps:
            raise ReplayError(f"bad annotations: {counted(len(times), 'time')} for {counted(steps, 'step')}")
        if not all(type(t) is int and t >= 0 for t in times):
            raise ReplayError("bad annotations: a time is not a whole, non-negative number of microseconds")
    return header, result, times, _read_stats(raw_stats, steps)


_BODY_READERS: dict[int, Callable[[Any], Replay]] = {1: _read_body_v1, 2: _read_body_v2}
"""One reader per format version still accepted; each turns its body into the current `Replay`."""


def _digests_problem(found: int, expected: int, steps: int, every: int) -> str:
    # The digests, the step count and header.digest_every must agree: name all three, as any may be the one changed.
    return (
        f"bad digests: {found} digest bytes, where {counted(steps, 'step')} digested every {every} "
        f"(header.digest_every) need {expected}"
    )


def _read_stats(raw: list[Any], steps: int) -> dict[int, list[tuple[Any, int, float]]]:
    stats: dict[int, list[tuple[Any, int, float]]] = {}
    last = 0
    for entry in raw:
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int and isinstance(entry[1], list)):
            raise ReplayError("bad annotations: a statistics entry is not [step, [[action, visits, value], ...]]")
        step, rows = entry
        if not last < step <= steps:
            raise ReplayError(
                f"bad annotations: statistics for step {step}, which is out of order or past step {steps}"
            )
        last = step
        clean = []
        for row in rows:
            if not (
                isinstance(row, list)
                and len(row) == 3
                and _valid_code(row[0], 0)
                and type(row[1]) is int
                and type(row[2]) in (int, float)
                and math.isfinite(row[2])
            ):
                raise ReplayError(f"bad annotations: step {step} has a statistics row of the wrong shape")
            clean.append((row[0], row[1], float(row[2])))
        stats[step] = clean
    return stats


def _valid_code(code: Any, depth: int) -> bool:
    """Mirrors `corekit.codes.code_problem`'s shape rule, for a code as msgpack read it. Kept separate for speed:
    this runs for every action of every replay read, so it answers yes or no and checks scalars inline, where
    code_problem makes a call per item to say what is wrong. Only the shape: msgpack and the unpacker's limits
    have already refused ints beyond 64 bits and strings over MAX_TEXT, and msgpack reads no tuples.
    tests/replays/test_code_rules.py checks that the two accept the same codes."""
    kind = type(code)
    if kind is int or kind is str:
        return True
    if kind is not list or depth >= MAX_CODE_DEPTH or len(code) > MAX_CODE_ITEMS:
        return False
    for item in code:  # scalars inline: this runs for every action of every replay read
        kind = type(item)
        if kind is not int and kind is not str and not _valid_code(item, depth + 1):
            return False
    return True


def _field(body: dict[str, Any], name: str, kind: type, optional: bool = False) -> Any:
    if name not in body:
        # An annotation may be null, but it is there: its absence is damage, not another kind of file.
        kind_of_field = "bad annotations" if optional else "not a campfire replay"
        raise ReplayError(f"{kind_of_field} (the body has no {name!r})")
    value = body[name]
    if value is None and optional:
        return None
    if type(value) is not kind:
        raise ReplayError(f"bad field {name!r}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def _structure(value: Any, kind: type, what: str) -> Any:
    try:
        return _converter.structure(value, kind)
    except Exception as error:  # cattrs groups every field's problem; the first one is enough to act on
        raise ReplayError(_problem(error, what)) from None


def _problem(error: BaseException, path: str) -> str:
    """The first problem in a cattrs error, as "<field path> <what is wrong>" (e.g. "header.seed must be
    an int, got str"): cattrs' own `transform_error` says "invalid value @ $" for attrs validators."""
    if isinstance(error, cattrs.BaseValidationError):
        with_notes, without = error.group_exceptions()  # type: ignore[attr-defined]  # each subclass has it
        if with_notes:
            inner, note = with_notes[0]
            if isinstance(note, AttributeValidationNote):
                return _problem(inner, f"{path}.{note.name}")
            if isinstance(note, IterableValidationNote):
                return _problem(inner, f"{path}[{note.index}]")
            return _problem(inner, path)
        return _problem(without[0], path) if without else f"{path} is not valid"
    if isinstance(error, _FieldProblem):
        return f"{path}{error.where} {error.problem}"
    if isinstance(error, KeyError):  # cattrs: a required field is not in the map
        return f"{path} is missing"
    return f"{path} {first_line(error)}"


def _kind(value: Any) -> str:
    """A value's type as a replay's reader names it (msgpack's nil for None)."""
    return "nil" if value is None else type(value).__name__


def _checksum(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=8).digest()


def _strict(name: str, accepted: tuple[Any, ...]) -> Callable[..., Any]:
    def structure(value: Any, _: Any) -> Any:
        if type(value) not in accepted:
            raise TypeError(f"must be {name}, got {_kind(value)}")
        return value

    return structure


def _finite(value: Any, _: Any) -> float:
    """A float field (the returns): a number, and finite, so no statistic or JSON output turns into NaN."""
    if type(value) not in (int, float):
        raise TypeError(f"must be a number, got {_kind(value)}")
    if not math.isfinite(value):
        raise TypeError(f"must be a finite number, got {value}")
    return float(value)


def _strict_tuple(converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """`tuple[X, ...]` from an array only (cattrs would take a str as a sequence of characters)."""

    def structure(value: Any, kind: Any) -> Any:
        if type(value) is not list:
            raise TypeError(f"must be an array, got {_kind(value)}")
        item_kind = kind.__args__[0]
        items = []
        for index, item in enumerate(value):
            try:
                items.append(converter.structure(item, item_kind))
            except TypeError as error:
                raise _FieldProblem(f"[{index}]", str(error)) from None
        return tuple(items)

    return structure


def _make_converter() -> cattrs.Converter:
    # cattrs' defaults coerce ("5" becomes 5); a replay from someone else must have exactly the types written.
    converter = cattrs.Converter()
    converter.register_structure_hook(int, _strict("an int", (int,)))
    converter.register_structure_hook(float, _finite)
    converter.register_structure_hook(str, _strict("a str", (str,)))
    converter.register_structure_hook(bool, _strict("a bool", (bool,)))
    converter.register_structure_hook(bytes, _strict("bytes", (bytes,)))
    converter.register_structure_hook(int | None, _strict("an int or nil", (int, type(None))))
    converter.register_structure_hook(str | None, _strict("a str or nil", (str, type(None))))
    converter.register_structure_hook_func(lambda kind: kind == dict[str, Any], _strict("a map", (dict,)))
    converter.register_structure_hook_func(
        lambda kind: getattr(kind, "__origin__", None) is tuple and kind.__args__[1:] == (...,),
        _strict_tuple(converter),
    )
    return converter


_converter = _make_converter()
_FIELD_NAMES = {kind: tuple(field.name for field in attrs.fields(kind)) for kind in (Header, Result)}
_FIELD_VALUES = {kind: operator.attrgetter(*names) for kind, names in _FIELD_NAMES.items()}
