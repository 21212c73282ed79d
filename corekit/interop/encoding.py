"""How the adapters turn a seat's observation into a string and a fixed-size vector, for any game.

An observation is walked into leaves, each a path and a value: an attrs class or a view by field name
(`hands`), a tuple or list by index (`hands[1]`), a mapping by key in sorted order, a set as one leaf per
member in sorted order with the path `name{}`; a number, string, None or enum is a leaf, an enum written as
its value (a str- or int-based enum too: `phase='move'`). Any other object is a leaf written by its own repr,
and refused (TypeError) when it has only object's, which holds its memory address.

- The **string** is the leaves as `path=value`, space-separated, in walk order.
- The **vector** has `FEATURES` entries, each 0 or 1: the leaf `path=value` sets entry
  `blake2b(b"path=value") mod FEATURES` (the first 8 bytes, big-endian). It is a hashed bag of features:
  two different leaves may share an entry, and in most observations of the built-in games two do (`FEATURES`
  says how often); a learner sees the union.

Both depend on the observation alone, are the same on every machine (no `hash()`, which is salted per
process; sets and mappings in sorted order), and so are equal for two states a seat cannot tell apart.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from corekit.state import View

FEATURES = 2048
"""Entries of an observation vector. The built-in games' observations have from about twenty leaves
(grizzly-race and slasher at two seats) to over four hundred (scavengers at four), so many put two leaves in
one entry: 98-100% of the observations of scavengers and camp-grizzly at every player count; of grizzly-race's
24% at two seats to 50% at four, of slasher's 34% at two to 78% at six (`python -m benchmarks.feature_collisions`;
docs/interop.md has each player count)."""

_SCALARS = (type(None), bool, int, float, str, bytes)
_PLAIN = frozenset(_SCALARS)
"""The scalar types themselves: a leaf of exactly one of them is written at once, without asking whether it
is an enum (a str- or int-based enum is a str or an int too, and is written by its value, not its repr)."""


def leaves(observation: Any) -> list[tuple[str, str]]:
    """(path, value) for each leaf of an observation, in a fixed order."""
    out: list[tuple[str, str]] = []
    _walk(observation, "", out)
    return out


def observation_text(observation: Any) -> str:
    """The observation as `path=value` leaves, space-separated."""
    return " ".join(f"{path}={value}" for path, value in leaves(observation))


def observation_features(observation: Any, size: int = FEATURES) -> list[int]:
    """The sorted entries set to 1 in the observation's vector of `size` entries."""
    return sorted({_entry(f"{path}={value}", size) for path, value in leaves(observation)})


def _walk(value: Any, path: str, out: list[tuple[str, str]]) -> None:
    # Searches encode an observation at every node: one recursive function appending to one list, the exact
    # scalar and sequence types first (most leaves and nodes), then an enum before the types it may subclass.
    kind = type(value)
    if kind in _PLAIN:
        out.append((path, repr(value)))
    elif kind is tuple or kind is list:
        for index, item in enumerate(value):
            _walk(item, f"{path}[{index}]", out)
    elif isinstance(value, enum.Enum):  # before the scalars: a StrEnum or an IntEnum is one
        out.append((path, repr(value.value)))
    elif isinstance(value, _SCALARS):
        out.append((path, repr(value)))
    elif isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            _walk(item, f"{path}[{index}]", out)
    elif isinstance(value, (set, frozenset)):
        out.extend((path + "{}", text) for text in sorted(_text(item) for item in value))
    elif isinstance(value, Mapping):
        for key_text, item in sorted(((_text(key), item) for key, item in value.items()), key=lambda pair: pair[0]):
            _walk(item, f"{path}[{key_text}]", out)
    else:
        fields = _fields(value)
        if fields is None:
            out.append((path, _opaque(value, path)))
        else:
            for name, item in fields:
                _walk(item, f"{path}.{name}" if path else name, out)


def _fields(value: Any) -> Iterable[tuple[str, Any]] | None:
    """The named parts of a structured value: a view's declared fields, an attrs or a dataclass instance's
    fields; None for anything else (one leaf, `_opaque`)."""
    if isinstance(value, View):
        return zip(value._names, value._values, strict=True)
    kind = type(value)
    if attrs.has(kind):
        return ((name, getattr(value, name)) for name in _attrs_names(kind))
    if dataclasses.is_dataclass(value):
        return ((field.name, getattr(value, field.name)) for field in dataclasses.fields(value))
    return None


def _opaque(value: Any, path: str) -> str:
    """A leaf of no type the walk knows, written by its own repr; refused when that is `object`'s, which holds
    the object's address: different in every process and for every copy, so two states a seat cannot tell
    apart would read differently."""
    kind = type(value)
    written_by: object = kind.__repr__
    if written_by is object.__repr__:
        raise TypeError(
            f"the observation's {path or 'whole value'} is a {kind.__qualname__}, which has no fields to encode and "
            "only object's repr (its memory address): make it an attrs class, a dataclass or an enum, or give it "
            "a __repr__ that says what it is"
        )
    return repr(value)


@functools.cache
def _attrs_names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(kind))


def _text(value: Any) -> str:
    """A value as one canonical text (the members of a set, the keys of a mapping)."""
    parts = [f"{path}={text}" if path else text for path, text in leaves(value)]
    return parts[0] if len(parts) == 1 and not parts[0].startswith("[") else "(" + " ".join(parts) + ")"


@functools.lru_cache(maxsize=1 << 16)
def _entry(feature: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest(), "big") % size
