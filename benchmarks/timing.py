"""Timing for figures a shared, noisy machine can still support: interleaved repetitions, CPU time, medians.

Each repetition runs every contender once, in turn, so a burst of load from another process falls on all of
them alike; a figure is the median over the repetitions with their min and max beside it, and a ratio is the
median of the per-repetition ratios (each from one moment). CPU time (`time.process_time`) leaves out the time
the process waited for a core, which wall time on a loaded machine charges to whatever was running.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence

import attrs


@attrs.frozen
class Spread:
    """The median of some repeated measurements, with the lowest and the highest."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of `values` (at least one)."""
        return cls(statistics.median(values), min(values), max(values))

    def scaled(self, factor: float) -> Spread:
        """Every figure times `factor` (seconds to microseconds, a count over a time...)."""
        low, high = sorted((self.low * factor, self.high * factor))
        return Spread(self.median * factor, low, high)

    def inverse(self, numerator: float = 1.0) -> Spread:
        """`numerator / x` of each figure (times to rates): the median stays the median."""
        return Spread(numerator / self.median, numerator / self.high, numerator / self.low)

    def text(self, form: str = "{:.2f}") -> str:
        """ "1.23 (1.10-1.40)"."""
        return f"{form.format(self.median)} ({form.format(self.low)}-{form.format(self.high)})"


def cpu_seconds(runs: Mapping[str, Callable[[], object]], repeats: int) -> dict[str, list[float]]:
    """CPU seconds of each call of each of `runs`, `repeats` times, the runs taken in turn each time."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            started = time.process_time()
            run()
            seconds[name].append(time.process_time() - started)
    return seconds


def ratio(numerators: Sequence[float], denominators: Sequence[float]) -> Spread:
    """The spread of the per-repetition ratios of two series measured together."""
    return Spread.of([a / b for a, b in zip(numerators, denominators, strict=True) if b > 0] or [float("nan")])
