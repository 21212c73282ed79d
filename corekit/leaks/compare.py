"""`alike` and `first_difference`: whether two things shown to a seat are the same to it, and where they differ."""

from __future__ import annotations

from typing import Any

from corekit.state import derived
from corekit.walks import ATOMS, UNSET, field_names, parts_of

SHOWN_CHARACTERS = 80
"""At most how many characters of each of two differing values a failure shows: a longer repr is cut around the
first character where the two differ."""


def first_difference(a: Any, b: Any, name: str = "") -> str:
    """Where two unequal values first differ, as "PATH: A vs B" (just "A vs B" where the path is empty), e.g.
    `log[4]: 'seat 0 draws 1' vs 'seat 0 draws 3'` or `deck.cards[0]: 3 vs 2`.

    The path starts at `name` and goes down, as long as the two are made alike, to their first differing part:
    the field of views, attrs objects, dataclasses or named tuples of one type (`log`, `.cards`), the item of
    lists or tuples of one type and length (`[4]`), the value of dicts of one type with the same keys
    (`['red']`). The two values found there are shown as their reprs, cut when longer than `SHOWN_CHARACTERS`
    around the first character where they differ. Built only when a check fails: it compares the parts again."""
    path = name
    while (part := _first_differing_part(a, b)) is not None:
        step, a, b = part
        path += step
    path = path.removeprefix(".")
    shown = _two_values(a, b)
    return f"{path}: {shown}" if path else shown


def _two_values(a: Any, b: Any, limit: int = SHOWN_CHARACTERS) -> str:
    """Two values as "A vs B", each its repr on one line; where one is longer than `limit` characters, both are
    cut to the same stretch, of at most `limit` characters with the "..." marking a cut, around the first
    character where they differ (a third of the stretch before it)."""
    first, second = _one_line(repr(a)), _one_line(repr(b))
    longest = max(len(first), len(second))
    if longest <= limit:
        return f"{first} vs {second}"
    keep = limit - 6  # room for "..." at both ends
    at = next((i for i, (x, y) in enumerate(zip(first, second)) if x != y), min(len(first), len(second)))
    start = max(0, min(at - keep // 3, longest - keep))

    def cut(text: str) -> str:
        return ("..." if start else "") + text[start : start + keep] + ("..." if start + keep < len(text) else "")

    return f"{cut(first)} vs {cut(second)}"


def _first_differing_part(a: Any, b: Any) -> tuple[str, Any, Any] | None:
    """The first part in which `a` and `b` differ (by `alike`), as (its step in a path, its value in `a`, in `b`);
    None where the two are not made alike, no part differs (they differ as wholes), or parts cannot be compared."""
    try:
        parts = _parts(a, b)
        if parts is None or parts is _UNALIKE:
            return None
        return next(((step, x, y) for step, x, y in parts if not alike(x, y)), None)
    except Exception:  # a comparison that fails (or gives no truth value): the two are shown whole
        return None


def alike(a: Any, b: Any) -> bool:
    """Whether two things shown to a seat (views, legal actions, weights) are the same to it: of the same types and
    values in every item, field and attribute all the way down. `==` alone is the game's to define, and it can leave
    out what still reaches whoever reads the value (its repr, its text, a player): `3 == 3.0`, an attrs field
    with `eq=False`, a value put into a view's `__dict__`. A NaN is alike to a NaN (both read "nan"), where `==`
    says no."""
    return _alike(a, b, 0)


_DEEPEST = 40
"""How deep `alike` looks before it takes `==`'s word (a view is a few levels deep; a cycle is not followed)."""


def _alike(a: Any, b: Any, depth: int) -> bool:
    if a is b:  # one object (a game both views name, a shared marker): alike to itself, and not walked
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in ATOMS:
        return bool(a == b)
    if kind is float:
        return bool(a.hex() == b.hex())  # -0.0 shows as itself; a NaN is alike to a NaN
    if depth > _DEEPEST:
        return bool(a == b)
    if kind is tuple or kind is list:  # most of a view: walked here, without a call for each plain item
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if x is y:  # as above, without a call for each item
                continue
            if type(x) is not type(y):
                return False
            if type(x) in ATOMS:
                if x != y:
                    return False
            elif not _alike(x, y, depth + 1):
                return False
        return True
    if isinstance(a, set | frozenset):  # each item beside the item of the other it equals
        if a != b:
            return False
        theirs = {item: item for item in b}
        return all(_alike(item, theirs[item], depth + 1) for item in a)
    parts = _parts(a, b)
    if parts is None:
        return bool(a == b)
    return all(_alike(x, y, depth + 1) for _, x, y in parts)


_UNALIKE: list[tuple[str, Any, Any]] = [("", 0, 1)]
"""The parts of two values of one kind shaped differently (two lengths, two sets of keys): one part that differs."""


def _parts(a: Any, b: Any) -> list[tuple[str, Any, Any]] | None:
    """The parts of `a` and `b` side by side (`parts_of`), as (step in a path, part of `a`, part of `b`); `UNSET`
    where one holds none, but for a view's cached `derived` value, in one only until it is read. None where the two
    are of other types or have no parts known; `_UNALIKE` where lists, tuples or dicts are shaped differently."""
    kind = type(a)
    if kind is not type(b):
        return None
    mine, theirs = parts_of(a), parts_of(b)
    if mine is None or theirs is None:
        return None
    shaped = isinstance(a, list | tuple | dict) and field_names(a) is None
    if shaped and (len(a) != len(b) or (isinstance(a, dict) and a.keys() != b.keys())):
        return _UNALIKE
    found = dict(theirs)
    pairs = [(step, part, found.pop(step, UNSET)) for step, part in mine]
    pairs += [(step, UNSET, part) for step, part in found.items()]
    return [
        (step, x, y)
        for step, x, y in pairs
        if (x is not UNSET and y is not UNSET) or not isinstance(getattr(kind, step[1:], None), derived)
    ]


def _one_line(text: str) -> str:
    """`text` with each run of whitespace made one space when it holds a line break or a tab (a repr may)."""
    return text if text.isprintable() else " ".join(text.split())
