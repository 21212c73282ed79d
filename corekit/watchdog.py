"""The watchdog of a match: cuts off what would never end.

A watchdog cuts off what would never end: a decision still running at `hard_limit(time_limit)` (a forfeit,
or the game's failure when one call into the game's code took the whole time limit), and a call into the
game's code still running after `step_limit` seconds (default GAME_STEP_LIMIT), the setup's included: one watchdog
per match, armed before the setup and disarmed after the returns. In the main thread it is a
SIGALRM timer; in any other thread (a Dask worker's) a watchdog thread raises into the match's thread. Neither
can stop a C call that never returns to Python: a process that supervises the match (a tournament's worker
pool) reads the match's `Watch` and kills it.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from types import CodeType, FrameType
from typing import Any

from corekit.game import Game, State
from corekit.match import GameHung, PlayerFailed

GAME_STEP_LIMIT = 60.0
"""Seconds one call into the game's code may run before it is cut off as stuck, when the caller sets no
`step_limit`: real steps take milliseconds, so only a game caught in a loop gets near it."""


MAX_HARD_LIMIT = 1e8
"""The longest a decision may run before it is cut off: a far longer timer overflows setitimer ("timestamp out of
range"), and three years is as good as no limit."""


IDLE, GAME, DECIDE = 0, 1, 2
"""What a match is doing (`Watch.phase`): the runner's own work or a listener's (never cut off), a call into the
game's code, a player's decision."""


PHASE, SEAT, STEP, SINCE = range(4)
"""The slots of a `Watch.mirror`."""


STUCK_AFTER = 1.0
"""Seconds (plus two ticks) after a cut-off that a match that has not moved is stuck for good: in a C call no
exception can reach, or swallowing every one."""


def hard_limit(time_limit: float) -> float:
    """When a decision is cut off: well past the limit, so a player that merely overruns is timed by the runner
    (and forfeits with its time), and only one that hangs is interrupted."""
    return min(max(2 * time_limit, time_limit + 1.0), MAX_HARD_LIMIT)


def tick_interval(limit: float) -> float:
    """How often a watchdog looks at a match whose shortest limit is `limit`: often enough to cut it off soon
    after the limit, rarely enough to cost nothing."""
    return min(1.0, max(0.01, limit / 8))


SETUP_STEP = -1
"""`Watch.step` while the match's setup runs (a step is counted from 0, as the steps played before it)."""


def at_step(step: int) -> str:
    """Where a match is, for a message: "at setup" for SETUP_STEP, else "at step N" of the step being played
    (`step` steps played before it)."""
    return "at setup" if step == SETUP_STEP else f"at step {step + 1}"


class Watch:
    """What a match is doing now, for its watchdogs: `phase`, its `seat` (a decision's), the `step` being played
    (the steps played before it; SETUP_STEP during the setup) and since when (`time.monotonic()`, the same clock in
    every process of a machine).

    `mirror`, when given, is a shared array of floats (PHASE, SEAT, STEP, SINCE) that a supervising process
    reads to kill a match stuck where no exception can reach it. `verdict` is what a watchdog decided when it cut
    the match off: the PlayerFailed or GameFailed the runner raises. `stuck`, when given, is called (from the
    watchdog thread, off the main thread only) when the match still has not moved STUCK_AFTER seconds after it
    was cut off: what is left to do then is the caller's (a Dask worker ends its process).
    """

    __slots__ = ("mirror", "phase", "seat", "since", "step", "stuck", "verdict")

    def __init__(
        self, mirror: MutableSequence[float] | None = None, stuck: Callable[[Watch], None] | None = None
    ) -> None:
        self.mirror = mirror
        self.stuck = stuck
        self.phase = IDLE
        self.seat = -1
        self.step = 0
        self.since = time.monotonic()
        self.verdict: Exception | None = None
        self.mark(IDLE)

    def mark(self, phase: int, seat: int = -1) -> None:
        """Enter `phase` now."""
        self.since = since = time.monotonic()
        self.seat = seat
        self.phase = phase
        mirror = self.mirror
        if mirror is not None:  # the phase last: a reader that sees the new phase sees its time too
            mirror[SINCE] = since
            mirror[SEAT] = seat
            mirror[STEP] = self.step
            mirror[PHASE] = phase


class Overran(BaseException):
    """Raised into a match whose decision or game call overran; `Watch.verdict` says whose fault it is. A
    BaseException, so that a player's or a game's `except Exception` does not swallow it."""


@contextlib.contextmanager
def game_deadline(
    game: Game, seconds: float | None = None, where: str = "", *, deciders: Sequence[str] = ()
) -> Iterator[Watch]:
    """Cut off the game's code run inside with GameFailed after `seconds` (default GAME_STEP_LIMIT), naming the call
    and `where` ("at setup", "at step 5"): for game calls made outside a match, such as the conformance checks'.

    `deciders` are the specs of the seats whose players decide inside (the leak check's probe): a decision marked
    `DECIDE` on the Watch yielded is a player's time, not the game's, cut off as a match cuts off one over its time
    limit, that limit being the step limit: PlayerFailed, or GameHung when one call into the game's code ran that
    long in the player's search."""
    watch = Watch()
    watch.mark(GAME)
    limit = step_limit_for(seconds)
    try:
        with Watchdog(watch, game, deciders, limit if deciders else None, limit, at=where):
            yield watch
    except Overran:
        raise verdict_of(watch) from None


def step_limit_for(step_limit: float | None, time_limit: float | None = None) -> float:
    """The step limit asked for; by default GAME_STEP_LIMIT, or a decision's cut-off when that is shorter (a game
    call may take as long as a player's whole decision, no longer)."""
    if step_limit is not None:
        return step_limit
    return GAME_STEP_LIMIT if time_limit is None else min(GAME_STEP_LIMIT, hard_limit(time_limit))


def is_game_frame(frame: FrameType) -> bool:
    """Whether `frame` runs a method of a game or one of its states: the game's own code, or what corekit derives
    for it from its declaration."""
    return isinstance(frame.f_locals.get("self"), State | Game)


def _game_frame(frame: FrameType | None, caller: CodeType | None) -> FrameType | None:
    """The outermost frame of the stack from `frame` up that runs the game's code (the call the runner or a
    player made into it), or None; the stack is read no further up than a frame running `caller` (the match's
    loop, which a player playing matches of its own inside its decision runs again below)."""
    outermost = None
    while frame is not None:
        if frame.f_code is caller:
            break
        if is_game_frame(frame):
            outermost = frame
        frame = frame.f_back
    return outermost


def verdict_of(watch: Watch) -> Exception:
    verdict = watch.verdict
    watch.verdict = None
    return verdict if verdict is not None else RuntimeError("the match was cut off")


_set_handler: Callable[[int, Any], Any] = getattr(signal, "_signal", signal).signal
"""`signal.signal` without its wrapper, which turns the handlers given and returned into enums by raising and catching
an exception for a function: 8 us for the two calls of a match, against 1 us (the wrapper calls this one). It takes
a handler as it returns one (a function, or the raw int of SIG_DFL or SIG_IGN), not the `Handlers` enum."""


class Watchdog:
    """Cuts off a decision past `hard_limit(time_limit)` or a game call past `step_limit` by raising Overran into
    the match, after storing the verdict in its Watch (see the module docstring).

    A decision cut off while one call into the game's code had run for the whole time limit is the game's failure:
    a game looping in `apply` during a player's search is no slowness of the player's.
    """

    _armed = threading.local()
    """Per thread: a watchdog is running (a player that plays matches inside its decision gets no second one)."""

    def __init__(
        self,
        watch: Watch,
        game: Game,
        specs: Sequence[str],
        time_limit: float | None,
        step_limit: float | None,
        at: str = "",
        caller: CodeType | None = None,
    ) -> None:
        """`caller`: the code of the match's loop, where the search for the game's call stops (`_game_frame`)."""
        self.caller = caller
        self.watch = watch
        self.game = game
        self.specs = specs
        self.time_limit = time_limit
        self.cut_off = hard_limit(time_limit) if time_limit is not None else None
        self.step_limit = step_limit
        self.at = at
        limits = [limit for limit in (self.cut_off, step_limit) if limit is not None]
        self.tick = tick_interval(min(limits)) if limits else None
        self.probe: tuple[float, FrameType | None, float] = (0.0, None, 0.0)
        self.raised = -1.0
        self.running = False
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()
        self.target = threading.get_ident()
        self.previous: Any = None

    def __enter__(self) -> Watchdog:
        if self.tick is None or getattr(self._armed, "on", False):
            return self
        self._armed.on = self.running = True
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
            self.previous = _set_handler(signal.SIGALRM, self._on_signal)
            signal.setitimer(signal.ITIMER_REAL, self.tick, self.tick)
        else:
            self.thread = threading.Thread(target=self._patrol, name="campfire-watchdog", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.running:
            return
        if self.thread is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _set_handler(signal.SIGALRM, self.previous)
        else:
            self.stop.set()
            while self.thread.is_alive():
                with contextlib.suppress(Overran):  # raised just before the watchdog stopped: too late to matter
                    self.thread.join()
            _raise_in(self.target, None)  # an exception set but not yet raised must not hit the caller later
        self._armed.on = self.running = False

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self._overdue(frame):
            raise Overran

    def _patrol(self) -> None:
        assert self.tick is not None
        watch = self.watch
        while not self.stop.wait(self.tick):
            if self._overdue(sys._current_frames().get(self.target)):
                _raise_in(self.target, Overran)
                if watch.stuck is None:
                    continue
                since = watch.since
                if self.stop.wait(STUCK_AFTER + 2 * self.tick):
                    return
                if watch.since == since:  # not even the interrupt moved it
                    watch.stuck(watch)
                    return

    def _overdue(self, frame: FrameType | None) -> bool:
        """Whether to raise now; the verdict goes into the Watch first."""
        watch = self.watch
        now = time.monotonic()
        elapsed = now - watch.since
        verdict: Exception | None = None
        if watch.phase == GAME and self.step_limit is not None and elapsed > self.step_limit:
            found = _game_frame(frame, self.caller)
            method = found.f_code.co_name if found is not None else "a game step"
            where = self.at or at_step(watch.step)
            verdict = GameHung(
                f"game {self.game.id!r} did not return from {method} within {self.step_limit:g}s {where}".rstrip()
            )
        elif watch.phase == DECIDE and self.cut_off is not None and self.time_limit is not None:
            verdict = self._decision_verdict(watch, frame, now, elapsed)
        if verdict is None or now - self.raised < 1.0:  # raised again only if the first was swallowed
            return False
        self.raised = now
        watch.verdict = verdict
        return True

    def _decision_verdict(self, watch: Watch, frame: FrameType | None, now: float, elapsed: float) -> Exception | None:
        assert self.cut_off is not None and self.time_limit is not None
        decision, call, seen = self.probe
        current = _game_frame(frame, self.caller)
        if decision != watch.since or current is not call:  # a new decision, or another call into the game
            self.probe = (watch.since, current, now)
            call, seen = current, now
        if elapsed <= self.cut_off:
            return None
        spec = self.specs[watch.seat] if 0 <= watch.seat < len(self.specs) else "?"
        if call is not None and now - seen >= self.time_limit:
            where = self.at or at_step(watch.step)
            return GameHung(
                f"game {self.game.id!r} did not return from {call.f_code.co_name} {where}, during "
                f"the search of seat {watch.seat} ({spec}): cut off after {elapsed:.1f}s (time limit "
                f"{self.time_limit:g}s)"
            )
        return PlayerFailed(
            watch.seat,
            spec,
            f"ran out of time: no answer within the {self.time_limit:g}s limit (cut off after {elapsed:.1f}s)",
        )


def _raise_in(thread_id: int, error: type[BaseException] | None) -> None:
    """Raise `error` in the thread (at its next Python instruction); None takes back one not yet raised."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(error) if error else None)
