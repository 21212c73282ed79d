"""Stable fingerprints of values: the same value gives the same digest on every machine and Python.

`hash()` is salted per process and `repr` of a set depends on it, so values are walked into a canonical
byte string first: containers in order (mappings and sets sorted), attrs instances by field, enums by
value.
"""

from __future__ import annotations

import enum
import hashlib
from typing import Any

import attrs


def digest(value: Any) -> str:
    """A 16-hex-digit BLAKE2b fingerprint of `value`."""
    out: list[bytes] = []
    _walk(value, out)
    return hashlib.blake2b(b"".join(out), digest_size=8).hexdigest()


def _walk(value: Any, out: list[bytes]) -> None:
    if value is None or isinstance(value, bool):
        out.append(b"N" if value is None else (b"T" if value else b"F"))
    elif isinstance(value, enum.Enum):
        out.append(b"E")
        _walk(value.value, out)
    elif isinstance(value, int):
        out.append(b"i%d;" % value)
    elif isinstance(value, float):
        out.append(b"f" + value.hex().encode() + b";")
    elif isinstance(value, str):
        raw = value.encode("utf-8")
        out.append(b"s%d:" % len(raw) + raw)
    elif isinstance(value, bytes):
        out.append(b"b%d:" % len(value) + value)
    elif isinstance(value, list | tuple):
        out.append(b"(")
        for item in value:
            _walk(item, out)
        out.append(b")")
    elif isinstance(value, dict):
        out.append(b"{")
        for key, item in sorted(value.items(), key=lambda kv: _key(kv[0])):
            _walk(key, out)
            _walk(item, out)
        out.append(b"}")
    elif isinstance(value, set | frozenset):
        out.append(b"<")
        for item in sorted(value, key=_key):
            _walk(item, out)
        out.append(b">")
    elif attrs.has(type(value)):
        out.append(b"@" + type(value).__name__.encode() + b":")
        for field in attrs.fields(type(value)):
            _walk(getattr(value, field.name), out)
        out.append(b";")
    else:
        raise TypeError(f"cannot digest a {type(value).__name__}; observations must be plain data")


def _key(value: Any) -> bytes:
    out: list[bytes] = []
    _walk(value, out)
    return b"".join(out)
