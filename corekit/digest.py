"""Stable fingerprints of values: the same value gives the same digest on every machine and Python.

`hash()` is salted per process and `repr` of a set depends on it, so values are walked into a canonical
byte string first: containers in order (mappings and sets sorted), attrs instances by field, enums by
value. A replay ends with a digest of the whole state (and has one every 64 steps), so the walk is kept
cheap without changing a byte: it dispatches on the exact type, caches each attrs class's field names, writes
the ints and strings of a container without a call each, and a container of plain ints in one formatting.
"""

from __future__ import annotations

import enum
import hashlib
import operator
from collections.abc import Callable
from typing import Any

import attrs


def digest(value: Any) -> str:
    """A 16-hex-digit BLAKE2b fingerprint of `value`."""
    out: list[bytes] = []
    _walk(value, out)
    return fingerprint(out)


def fingerprint(out: list[bytes]) -> str:
    """The digest of what `write_value` (and `write_zone`) wrote into `out`."""
    return hashlib.blake2b(b"".join(out), digest_size=8).hexdigest()


def write_zone(zone: Any, out: list[bytes]) -> None:
    """Append the bytes of the pair `(tuple(zone), zone.up)` (a zone's cards and how many lie face up). An empty
    zone's in one piece: half of a large state's zones are (six counselors' permanents, campers, objectives)."""
    up = zone.up
    if type(up) is not int:
        out.append(b"(")
        _sequence(zone, out)
        _walk(up, out)
        out.append(b")")
    elif zone:
        out.append(b"(")
        _sequence(zone, out)
        out.append(b"i%d;)" % up)
    else:
        out.append(b"(()i%d;)" % up)


def write_value(value: Any, out: list[bytes]) -> None:
    """Append `value`'s canonical bytes to `out`: a state writes its fields one by one (`corekit.state`) and
    gets the digest of the tuple of them without building it."""
    writer = _WRITERS.get(type(value))
    if writer is None:
        writer = _writer_for(type(value))
    writer(value, out)


_walk = write_value


def _none(value: None, out: list[bytes]) -> None:
    out.append(b"N")


def _bool(value: bool, out: list[bytes]) -> None:
    out.append(b"T" if value else b"F")


def _int(value: int, out: list[bytes]) -> None:
    out.append(b"i%d;" % value)


def _float(value: float, out: list[bytes]) -> None:
    out.append(b"f" + value.hex().encode() + b";")


def _str(value: str, out: list[bytes]) -> None:
    raw = value.encode("utf-8")
    out.append(b"s%d:" % len(raw) + raw)


def _bytes(value: bytes, out: list[bytes]) -> None:
    out.append(b"b%d:" % len(value) + value)


def _sequence(value: Any, out: list[bytes], start: bytes = b"(", end: bytes = b")") -> None:
    """A tuple or list, or (between an attrs class's `start` and `end`) its fields' values. The commonest
    items, ints, strings, bools and tuples, are written without a look-up or a call; a pile of plain ints (a
    pile of numbered cards) in one formatting."""
    if len(value) > 8 and set(map(type, value)) == _INTS:
        out.append(start + (b"i%d;" * len(value)) % tuple(value) + end)
        return
    out.append(start)
    for item in value:
        kind = type(item)
        if kind is int:
            out.append(b"i%d;" % item)
        elif kind is str:
            raw = item.encode("utf-8")
            out.append(b"s%d:" % len(raw) + raw)
        elif kind is tuple:
            _sequence(item, out)
        elif kind is bool:
            out.append(b"T" if item else b"F")
        else:
            (_WRITERS.get(kind) or _writer_for(kind))(item, out)
    out.append(end)


def _mapping(value: dict[Any, Any], out: list[bytes]) -> None:
    out.append(b"{")
    for key, item in sorted(value.items(), key=lambda kv: _key(kv[0])):
        _walk(key, out)
        _walk(item, out)
    out.append(b"}")


def _set(value: Any, out: list[bytes]) -> None:
    out.append(b"<")
    for item in sorted(value, key=_key):
        _walk(item, out)
    out.append(b">")


def _enum(value: enum.Enum, out: list[bytes]) -> None:
    out.append(b"E")
    _walk(value.value, out)


_INTS = {int}

_WRITERS: dict[type, Callable[[Any, list[bytes]], None]] = {
    type(None): _none,
    bool: _bool,
    int: _int,
    float: _float,
    str: _str,
    bytes: _bytes,
    tuple: _sequence,
    list: _sequence,
    dict: _mapping,
    set: _set,
    frozenset: _set,
}


def _writer_for(kind: type) -> Callable[[Any, list[bytes]], None]:
    """The writer of a type met for the first time (subclasses, enums, attrs classes), then cached."""
    writer: Callable[[Any, list[bytes]], None]
    if issubclass(kind, enum.Enum):
        writer = _enum
    elif attrs.has(kind):
        header = b"@" + kind.__name__.encode() + b":"
        names = tuple(field.name for field in attrs.fields(kind))
        fields = _getter(names)

        def write_fields(value: Any, out: list[bytes]) -> None:
            _sequence(fields(value), out, header, b";")

        writer = write_fields
    else:
        base = next((_WRITERS[b] for b in kind.__mro__[1:] if b in _WRITERS and b is not object), None)
        if base is None:
            raise TypeError(f"cannot digest a {kind.__name__}; observations must be plain data")
        writer = base
    _WRITERS[kind] = writer
    return writer


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of the fields `names` of an instance, as a tuple (`attrgetter` gives a bare value for one)."""
    if len(names) == 1:
        name = names[0]
        return lambda value: (getattr(value, name),)
    if not names:
        return lambda value: ()
    return operator.attrgetter(*names)


def _key(value: Any) -> bytes:
    out: list[bytes] = []
    _walk(value, out)
    return b"".join(out)
