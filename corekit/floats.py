"""Adding floats the same way on every Python version.

Python 3.12 made `sum()` of floats compensated (Neumaier's algorithm): more accurate, but a total can differ
from 3.11's in its last bit, and a last bit is enough to turn a near-tie the other way, so a heuristic's or a
search's choice, and with it a seeded match, would depend on the Python that ran it. `ordered_sum` adds left to
right in plain float arithmetic, what `sum()` did up to 3.11: the same total everywhere, and on 3.11 the same
total as `sum()`, so no choice made before changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import reduce
from operator import add


def ordered_sum(values: Iterable[float]) -> float:
    """The sum of `values` added left to right from 0.0 (Python 3.11's `sum()` of floats, on any version).
    Use it for every float total a choice or a printed figure depends on; `sum()` stays right for ints."""
    return reduce(add, values, 0.0)


def adds_up(values: Iterable[float], total: float) -> bool:
    """Whether `values` add up to `total` within the rounding that k shares of 1/k leave (ten tenths add up to
    0.9999999999999999): a game's constant sum of returns (`campfire check`), a match that handed out 1 in all (the
    tournament report)."""
    return math.isclose(ordered_sum(values), total, abs_tol=1e-9)
