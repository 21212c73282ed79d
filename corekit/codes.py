"""What an action code must be: the plain data `Game.encode_action` returns, so that any tool can store it.

Replays (replays/FORMAT.md) write codes with msgpack and read them back under fixed limits; conformance
checks every game's codes against the same rules, so a game that passes `campfire check` can be recorded.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable
from typing import Any

INT_MIN = -(2**63)
INT_MAX = 2**64 - 1
"""msgpack's integer range."""
MAX_TEXT = 4096
"""The longest string, in UTF-8 bytes, a replay reader accepts."""
MAX_CODE_DEPTH = 4
MAX_CODE_ITEMS = 64


def code_problem(code: Any, depth: int = 0) -> str | None:
    """Why `code` is not a storable action code (None if it is): an int of 64 bits, a str, or a short,
    shallow list or tuple of them. Exact types, as a reader checks them: True is not an int there."""
    kind = type(code)
    if kind is int:
        return None if INT_MIN <= code <= INT_MAX else f"{code}, which does not fit in 64 bits"
    if kind is str:
        problem = text_problem(code)
        return problem and f"a str that {problem}"
    if kind is list or kind is tuple:
        if depth >= MAX_CODE_DEPTH:
            return f"arrays nested more than {MAX_CODE_DEPTH} deep"
        if len(code) > MAX_CODE_ITEMS:
            return f"an array of more than {MAX_CODE_ITEMS} items"
        for item in code:
            problem = code_problem(item, depth + 1)
            if problem:
                return problem
        return None
    text = " ".join(repr(code).split())[:40]
    return f"a {kind.__name__} ({text}); a replay stores an int, a str or an array of them"


def text_problem(text: str) -> str | None:
    """Why a string cannot be stored (None if it can)."""
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate: msgpack cannot write it
        return "is not valid UTF-8"
    return f"is longer than {MAX_TEXT} bytes" if size > MAX_TEXT else None


def as_read(code: Any) -> Any:
    """A code as a replay gives it back: msgpack writes tuples as arrays, which read back as lists."""
    if isinstance(code, tuple | list):
        return [as_read(item) for item in code]
    return code


def search_rows(raw: Any, allowed: Callable[[Any], bool]) -> list[tuple[Any, int, float]]:
    """A search player's root statistics (`Player.annotation()["stats"]`: `[code, visits, mean value]` rows) as the
    replays keep them and `campfire suggest` shows them: all rows when each has that shape (a storable code, a whole
    number of visits from 0 in 64 bits, a finite real number for the value), else none (an annotation is optional: the
    match goes on); less any row whose code `allowed` refuses (an action the seat could not choose: a player's
    slip, left out alone)."""
    if not isinstance(raw, list | tuple):
        return []
    rows = []
    for row in raw:
        try:
            code, visits, value = row
        except (TypeError, ValueError):
            return []
        mean = _finite(value)
        if code_problem(code) or not whole_count(visits) or mean is None:
            return []
        if allowed(code):
            rows.append((as_read(code), int(visits), mean))
    return rows


def value_cell(visits: int, value: float | None) -> str:
    """A statistics row's value as printed: "-" for an action the search never tried, whose value is unknown (a
    search reports it as 0 visits of value 0, which would read as a sure loss)."""
    return f"{value:.3f}" if visits and value is not None else "-"


def whole_count(value: Any) -> bool:
    """Whether `value` is a count a replay stores: a whole number from 0 in 64 bits (an int of any kind, NumPy's
    too, or a number with no fraction; not a bool, nor text)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    if isinstance(value, numbers.Integral):
        return 0 <= int(value) <= INT_MAX
    number = _finite(value)
    return number is not None and number.is_integer() and 0 <= number <= INT_MAX


def _finite(value: Any) -> float | None:
    """`value` as a finite float (a real number of any kind, not a bool), or None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except (OverflowError, ValueError):  # an int past a float's range
        return None
    return number if math.isfinite(number) else None


def code_key(code: Any) -> bytes:
    """An action code as a key to compare by: its msgpack bytes, the same for a tuple the game gives and the list a
    replay reads back. For each legal action of every annotated step of a search's replay: a quarter of the cost of
    comparing `as_read` lists (timeit, twelve two-level codes)."""
    key: bytes = (_PACKER or _packer()).pack(code)
    return key


def legal_keys(encode: Callable[[Any], Any], legal: Iterable[Any]) -> set[bytes]:
    """The `code_key` of each of the actions `legal`, encoded by `encode` (the game's `encode_action`): what a search
    statistic's row may name (a replay keeps no other, and verifying refuses a file that holds one)."""
    pack = (_PACKER or _packer()).pack
    return {pack(encode(action)) for action in legal}


_PACKER: Any = None
"""One packer for every key: `msgpack.packb` makes one a call, which doubles the cost of a key. Made at the first key:
`campfire --help` imports this module and no msgpack."""


def _packer() -> Any:
    global _PACKER
    import msgpack

    _PACKER = msgpack.Packer()
    return _PACKER
