"""Progress of long work (a tournament's matches, a check's matches) on stderr, for a person and for a log.

On a terminal it is a rich bar with the count and the time left, gone when the work ends. Where stderr is not a
terminal (a CI log, `2>run.log`, `campfire strength` running a tournament for days) a bar would be redrawn into the
file, so the work says a plain line instead, as an item ends: at each tenth of the work, and at least every ten
minutes since the last line, so that a log shows a run alive without a line per match. Work of a few seconds says
nothing.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

QUIET_SECONDS = 2.0
"""A log gets no line before this much of the work's time has passed: short work only prints its result."""
HEARTBEAT_SECONDS = 600.0
"""At most this long between two lines in a log, however far the work is from its next tenth."""


class Progress:
    """The progress of `total` items of work, `done` of them before it started (a resumed tournament); `unit` names
    the items in the plural ("matches")."""

    def __init__(
        self,
        label: str,
        unit: str,
        terminal: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.label = label
        self.unit = unit
        self.terminal = sys.stderr.isatty() if terminal is None else terminal
        self.clock = clock
        self.say = say or (lambda line: print(line, file=sys.stderr, flush=True))
        self.total = self.done = self.first = 0
        self.started = self.said_at = 0.0
        self.tenths = 0
        self.bar: Any = None
        self.task: Any = None

    def start(self, total: int, done: int = 0) -> None:
        """Begin counting: `done` of `total` items are done already."""
        self.total, self.done, self.first = total, done, done
        self.started = self.said_at = self.clock()
        self.tenths = self._tenths(done)
        if self.terminal:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
            from rich.progress import Progress as Bar

            self.bar = Bar(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.task = self.bar.add_task(self.label, total=total, completed=done)
            self.bar.start()

    def advance(self) -> None:
        """One more item is done."""
        self.update(self.done + 1)

    def update(self, done: int) -> None:
        """`done` items are done in all."""
        self.done = done
        if self.bar is not None:
            self.bar.update(self.task, completed=done)
            return
        now = self.clock()
        tenths = self._tenths(done)
        crossed, self.tenths = tenths > self.tenths, max(tenths, self.tenths)
        if done >= self.total or now - self.started < QUIET_SECONDS:
            return  # the end is said by the work's own result
        if crossed or now - self.said_at >= HEARTBEAT_SECONDS:
            self.said_at = now
            self.say(self.line(now))

    def line(self, now: float) -> str:
        """`grizzly-race: 120 of 800 matches (15%), about 35 s left` (no estimate before an item is done here)."""
        line = f"{self.label}: {self.done:,} of {self.total:,} {self.unit} ({100 * self.done // self.total}%)"
        made = self.done - self.first
        if made > 0:
            line += f", about {_duration((now - self.started) / made * (self.total - self.done))} left"
        return line

    def close(self) -> None:
        """Take the bar off the screen (also when the work stopped on an error)."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def _tenths(self, done: int) -> int:
        return 10 * done // self.total if self.total else 10


def _duration(seconds: float) -> str:
    """`35 s`, `12 min`, `3.5 h`: the time left, as exactly as an estimate deserves."""
    if seconds < 120:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"
