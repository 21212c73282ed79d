"""Shared helpers for the benchmark suite.

Machines here are shared and noisy, so every target is a ratio of two things measured in the same run,
interleaved, taking the best of several repeats of each (the least disturbed).
"""

from __future__ import annotations

import time
from collections.abc import Callable


def best_time(fn: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of `repeats` timed calls of `fn`, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def interleaved_ratio(slow: Callable[[], object], fast: Callable[[], object], repeats: int = 15) -> float:
    """time(slow) / time(fast), each the best of `repeats`, the two measured alternately."""
    slow_best = fast_best = float("inf")
    for _ in range(repeats):
        slow_best = min(slow_best, best_time(slow, 1))
        fast_best = min(fast_best, best_time(fast, 1))
    return slow_best / fast_best
