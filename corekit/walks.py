"""Walks of what a value holds, whatever its classes: the parts of a value (`parts_of`), its fingerprintable
form (`as_data`), a NaN inside a view (`holds_nan`), what a clone shares with its original (`shared_with_original`)
and how many orders a pile has (`orders`). The leak kit (`corekit.leaks`) and the conformance checks
(`corekit.conformance`) read a game's values through them, trusting none of its classes' own `==`."""

from __future__ import annotations

import dataclasses
import enum
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from corekit.game import Game, State
from corekit.rng import Rng
from corekit.state import DeclaredState, View, Zone
from corekit.state.fields import decl_of


def parts_of(value: Any) -> list[tuple[str, Any]] | None:
    """The parts `value` is made of, each with its step in a path, in order: the fields of views, attrs classes
    (those `==` leaves out too), dataclasses and named tuples, the items of lists and tuples, the values of dicts
    (by key), and its slots and `__dict__` attributes beyond those fields (a subclass of list or dict may hold
    some). None for a value with no parts known (numbers, strings, sets, enums). One walk of what a value holds,
    for `alike` and for the conformance checks that fingerprint static content or look for what a clone shares."""
    kind = type(value)
    names = field_names(value)
    parts: list[tuple[str, Any]] | None
    if names is not None:
        parts = [(f".{name}", getattr(value, name)) for name in names]
    elif isinstance(value, list | tuple):
        parts = [(f"[{index}]", item) for index, item in enumerate(value)]
    elif isinstance(value, dict):
        parts = [(f"[{key!r}]", item) for key, item in value.items()]
    else:
        parts = None
    fields = set(names or ())
    extra = [(f".{slot}", getattr(value, slot, UNSET)) for slot in slots_of(kind) if slot not in fields]
    extra = [part for part in extra if part[1] is not UNSET]
    held = getattr(value, "__dict__", None)
    if isinstance(held, dict):
        extra += [(f".{key}", item) for key, item in held.items() if key not in fields and key not in _NOT_PARTS]
    if extra:
        parts = extra if parts is None else parts + extra
    return parts


class _Unset:
    """A slot or attribute one of two values does not hold."""

    def __repr__(self) -> str:
        return "(not set)"


UNSET = _Unset()


def slots_of(kind: type) -> tuple[str, ...]:
    """The slots of `kind` and its bases (a hand-written class keeps its fields there, out of `__dict__`)."""
    try:
        return _SLOTS[kind]
    except KeyError:
        pass
    found: list[str] = []
    for base in kind.__mro__:
        declared = base.__dict__.get("__slots__", ())
        for slot in (declared,) if isinstance(declared, str) else declared:
            if slot not in _NOT_PARTS and slot not in found:
                found.append(slot)
    _SLOTS[kind] = names = tuple(found)
    return names


_SLOTS: dict[type, tuple[str, ...]] = {}
_NOT_PARTS = ("__dict__", "__weakref__", "_attrs_cached_hash")
"""Slots (and attributes) that hold nothing of the value: attrs' `cache_hash` keeps the hash there (in a slot, or in
`__dict__` without slots) once it is first asked for, so two equal values (one read back from a position, one hashed
in play) would differ by when they were hashed."""


def field_names(value: Any) -> tuple[str, ...] | None:
    """The fields of a view, an attrs class, a dataclass or a named tuple, by name; None for other values."""
    kind: Any = type(value)
    try:
        return _NAMES[kind]
    except KeyError:
        pass
    names: tuple[str, ...] | None = None
    if issubclass(kind, View):
        names = kind._names
    elif attrs.has(kind):
        names = tuple(field.name for field in attrs.fields(kind))
    elif dataclasses.is_dataclass(kind):
        names = tuple(field.name for field in dataclasses.fields(kind))
    elif issubclass(kind, tuple) and hasattr(kind, "_fields"):  # a named tuple
        names = tuple(kind._fields)
    _NAMES[kind] = names
    return names


_NAMES: dict[type, tuple[str, ...] | None] = {}
"""Each type's field names as `field_names` found them (a class's fields do not change)."""


def orders(cards: Sequence[Any]) -> int:
    """How many distinct orders `cards` have (copies of a card are alike): n! over each card's copies!."""
    count = math.factorial(len(cards))
    for copies in Counter(cards).values():
        count //= math.factorial(copies)
    return count


def as_data(value: Any, met: dict[int, int] | None = None, depth: int = 0) -> Any:
    """`value` as plain data a digest can walk, whatever its classes: each object as its type's name with what it
    holds (`parts_of`: items, fields, attributes and slots, those of a dict or list subclass too), so static
    content held in a class of the game's own (a `corekit.Board`, a card table) has a fingerprint, and a note
    written into an attribute of it changes that fingerprint. An object met before is written as ("met", its
    number in the walk), so a graph of spaces that name their neighbours is walked once, not along every path."""
    if isinstance(value, bool | int | float | str | bytes) or value is None:
        return value
    if isinstance(value, type) or (callable(value) and not hasattr(value, "__dict__")) or depth > AS_DATA_DEPTH:
        return repr(type(value))
    if met is None:
        met = {}
    if id(value) in met:
        return ("met", met[id(value)])
    met[id(value)] = len(met)
    if isinstance(value, set | frozenset):
        # In an order of their own, not the set's: a set of objects hashed by identity iterates in the order of their
        # addresses, and the walk numbers the objects it meets, so two equal graphs held in sets would differ.
        items = _in_set_order(value)
        return (type(value).__name__, tuple(as_data(item, met, depth + 1) for item in items))
    parts = named_parts(value)
    if isinstance(value, dict):  # by key, whatever order it was filled in
        parts = sorted(parts, key=lambda pair: pair[0])
    return (type(value).__name__, tuple((step, as_data(child, met, depth + 1)) for step, child in parts))


AS_DATA_DEPTH = 200
"""How deep `as_data` follows a chain of objects (deeper, its type stands for it: Python's stack is not endless)."""
SET_ORDER_DEPTH = 3
"""How deep `as_data` looks into a set's items to put them in order (a space: its name, its neighbours' names)."""


def _in_set_order(items: set[Any] | frozenset[Any]) -> list[Any]:
    """A set's items in the order `as_data` walks them: by their form a few levels deep, walked afresh (no numbers
    shared with the rest of the walk), and items alike that far (two spaces named "path" beside the camp) by their
    whole form. Only items alike all the way down keep the set's own order, and they fingerprint alike either way."""
    near = {id(item): _form(item, SET_ORDER_DEPTH) for item in items}
    ties = Counter(near.values())
    return sorted(
        items, key=lambda item: (near[id(item)], _form(item, AS_DATA_DEPTH) if ties[near[id(item)]] > 1 else "")
    )


def _form(item: Any, levels: int) -> str:
    """`item` as `as_data` writes it, `levels` deep, walked afresh."""
    return repr(as_data(item, None, AS_DATA_DEPTH - levels))


def holds_nan(observation: Any) -> bool:
    """Whether a float NaN is somewhere in an observation (its fields, items, values, attrs fields)."""
    stack = [observation]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is float:
            if value != value:
                return True
        elif kind in ATOMS:
            continue
        elif isinstance(value, View):
            stack.extend(value._values)
        elif isinstance(value, tuple | list | set | frozenset):
            stack.extend(item for item in value if type(item) not in ATOMS)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif attrs.has(kind):
            stack.extend(getattr(value, field.name) for field in attrs.fields(kind))
    return False


ATOMS = frozenset({int, str, bool, bytes, type(None)})
"""Types that hold no float (a view's walk skips them without a look)."""


def shared_with_original(state: State, copy: State) -> tuple[str, str] | None:
    """Where a clone holds one of the original's own mutable values (a zone, or the list, dict or object a field
    holds) inside another field, as (that place in the clone, the original's field), or None. A field that is
    the original's own value is left to the play test (playing on the clone must not change the original); this
    finds what it cannot: a helper object whose `clone()` keeps a reference to the deck of the state it was
    made for, so every copy reads the true cards."""
    if not isinstance(state, DeclaredState):
        return None
    fields = [(f.name, decl_of(f).kind) for f in attrs.fields(type(state))]
    names = [name for name, kind in fields if kind not in ("static", "base", "internal")]  # the game's own fields
    owned: dict[int, str] = {}
    for name in names:
        value = getattr(state, name)
        if mutable(value):
            owned[id(value)] = name
        if isinstance(value, list):
            owned.update((id(item), f"{name}[{at}]") for at, item in enumerate(value) if isinstance(item, Zone))
    for name in (name for name, kind in fields if kind in ("public", "secret")):  # the core copies the zones
        top = getattr(copy, name)
        stack: list[tuple[str, Any]] = [(name, top)]
        seen = {id(top)}
        while stack and len(seen) < SHARED_WALK:
            path, item = stack.pop()
            if id(item) in owned and path != owned[id(item)]:
                return path, owned[id(item)]
            for step, child in named_parts(item):
                if type(child) not in ATOMS and id(child) not in seen and not isinstance(child, UNWALKED):
                    seen.add(id(child))
                    stack.append((path + step, child))
    return None


SHARED_WALK = 10_000
"""At most how many objects `shared_with_original` visits from each field of a clone."""
UNWALKED = (type, Game, Rng, int, float, str, bytes, bool, type(None), enum.Enum)
"""What `shared_with_original` does not walk into: classes, the game (every copy shares it), generators, numbers,
enum members (one object for every use of a member: two fields holding `Phase.BID` hold the same one)."""


def mutable(value: Any) -> bool:
    """Whether a value a field holds can change in place: a list, dict, set, or an object with attributes, in a
    `__dict__` or in slots (not a frozen attrs class, not an enum member). The core's own pieces (`Commitments`,
    `TurnOrder`, `ReactionWindow`) keep theirs in slots, as a game's hand-written helper class may."""
    if isinstance(value, list | dict | set | bytearray):
        return True
    if isinstance(value, (tuple, frozenset, *UNWALKED)) or callable(value):
        return False
    kind = type(value)
    if attrs.has(kind):
        return not frozen_attrs(kind)
    return hasattr(value, "__dict__") or bool(slots_of(kind))


def frozen_attrs(kind: type) -> bool:
    return getattr(kind.__setattr__, "__name__", "") == "_frozen_setattrs"


def named_parts(item: Any) -> list[tuple[str, Any]]:
    """The values `item` holds, each with its step in a path (`parts_of`), a set's items too."""
    if isinstance(item, set | frozenset):
        return [("[...]", child) for child in item]
    return parts_of(item) or []


__all__ = [
    "AS_DATA_DEPTH",
    "SHARED_WALK",
    "UNSET",
    "as_data",
    "field_names",
    "holds_nan",
    "orders",
    "parts_of",
    "shared_with_original",
    "slots_of",
]
