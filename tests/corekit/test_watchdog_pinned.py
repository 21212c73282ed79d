"""corekit.watchdog, pinned by a hand mutation sweep: each test below failed against a small change to the module.

The limits and messages are checked through the module's own functions and a Watchdog's `_overdue` called
directly with a Watch whose `since` is set well in the past (no sleeping, no timing assertions); the few tests
that let a real watchdog fire give it a fraction of a second and bound the wait generously.
"""

from __future__ import annotations

import re
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from corekit import GameFailed, PlayerFailed
from corekit.match import GameHung
from corekit.watchdog import (
    DECIDE,
    GAME,
    PHASE,
    SEAT,
    SETUP_STEP,
    SINCE,
    STEP,
    Overran,
    Watch,
    Watchdog,
    _game_frame,
    at_step,
    game_deadline,
    hard_limit,
    is_game_frame,
    step_limit_for,
    tick_interval,
    verdict_of,
)
from tests.corekit.test_runner import GAME as TOY
from tests.corekit.test_runner import toy_state_with

PATIENCE = 30.0
"""Seconds a loop below waits for a watchdog that should fire within a second: far more than it ever needs."""


def _watch_since(phase: int, ago: float, seat: int = -1, step: int = 0) -> Watch:
    """A Watch in `phase` that entered it `ago` seconds before now."""
    watch = Watch()
    watch.step = step
    watch.mark(phase, seat)
    watch.since = time.monotonic() - ago
    return watch


def _frame_in_state_method() -> tuple[FrameType, Any]:
    """A live frame of a game state's method (its `legal_actions`), and the state."""
    frames: list[FrameType] = []

    def legal_actions(self: Any, seat: int) -> list[int]:
        frames.append(sys._getframe())
        return []

    state = toy_state_with(legal_actions)
    state.legal_actions(0)
    return frames[0], state


def test_a_decision_is_cut_off_at_twice_its_time_limit_or_one_second_past_it_and_never_past_1e8_seconds() -> None:
    assert hard_limit(0.1) == pytest.approx(1.1)
    assert hard_limit(5.0) == 10.0
    assert hard_limit(1e9) == 1e8


def test_a_watchdog_looks_every_eighth_of_its_limit_between_a_hundredth_of_a_second_and_one_second() -> None:
    assert tick_interval(0.04) == 0.01
    assert tick_interval(0.4) == pytest.approx(0.05)
    assert tick_interval(100.0) == 1.0


def test_the_step_limit_is_the_one_asked_for_else_a_minute_or_a_decisions_cut_off_when_shorter() -> None:
    assert step_limit_for(2.5, 0.1) == 2.5
    assert step_limit_for(None) == 60.0
    assert step_limit_for(None, 0.1) == pytest.approx(1.1)  # hard_limit(0.1), not the time limit itself
    assert step_limit_for(None, 100.0) == 60.0


def test_a_match_is_at_setup_before_its_first_step_and_steps_are_counted_from_one() -> None:
    assert at_step(SETUP_STEP) == "at setup"
    assert at_step(0) == "at step 1"
    assert at_step(4) == "at step 5"


def test_marking_a_phase_writes_the_phase_seat_step_and_time_into_the_mirror() -> None:
    mirror = [0.0] * 4
    watch = Watch(mirror)
    watch.step = 7
    before = watch.since
    watch.mark(DECIDE, 1)
    assert watch.since >= before and (watch.phase, watch.seat) == (DECIDE, 1)
    assert (mirror[PHASE], mirror[SEAT], mirror[STEP], mirror[SINCE]) == (DECIDE, 1, 7, watch.since)


def test_a_frame_of_a_game_or_of_its_state_is_the_games_code() -> None:
    frame, _ = _frame_in_state_method()
    assert is_game_frame(frame)
    game_frames: list[FrameType] = []

    class Probe(type(TOY)):  # type: ignore[misc]
        def look(self) -> None:
            game_frames.append(sys._getframe())

    Probe().look()
    assert is_game_frame(game_frames[0])
    assert not is_game_frame(sys._getframe())


def test_the_game_call_found_is_the_outermost_and_the_search_stops_at_the_matchs_loop() -> None:
    state = toy_state_with(lambda self, seat: [])
    found: dict[str, FrameType] = {}

    def inner(self: Any) -> None:
        found["inner"] = sys._getframe()

    def outer(self: Any) -> None:
        found["outer"] = sys._getframe()
        inner(self)

    outer(state)
    assert _game_frame(found["inner"], None) is found["outer"]  # the call made into the game, not one inside it

    def loop(frame_of: Callable[[], None]) -> None:  # the match's loop, run inside a decision of an outer match
        frame_of()

    def above(self: Any) -> None:
        loop(lambda: inner(state))

    above(state)
    assert _game_frame(found["inner"], loop.__code__) is found["inner"]


def test_a_verdict_is_taken_once_and_then_the_match_was_just_cut_off() -> None:
    watch = Watch()
    hung = GameHung("stuck")
    watch.verdict = hung
    assert verdict_of(watch) is hung and watch.verdict is None
    again = verdict_of(watch)
    assert isinstance(again, RuntimeError) and str(again) == "the match was cut off"


def test_a_game_call_over_the_step_limit_is_the_games_failure_naming_the_limit_and_the_step() -> None:
    watch = _watch_since(GAME, ago=7.0, step=2)
    dog = Watchdog(watch, TOY, ("a", "b"), None, 5.0)
    assert dog._overdue(None)
    assert isinstance(watch.verdict, GameHung)
    assert str(watch.verdict) == "game 'toy' did not return from a game step within 5s at step 3"
    frame, _ = _frame_in_state_method()
    setup = Watchdog(_watch_since(GAME, ago=7.0), TOY, (), None, 5.0, at="at setup")
    assert setup._overdue(frame)
    assert str(setup.watch.verdict) == "game 'toy' did not return from legal_actions within 5s at setup"


def test_a_game_call_within_the_step_limit_and_a_decision_without_a_time_limit_are_not_cut_off() -> None:
    assert not Watchdog(_watch_since(GAME, ago=3.0), TOY, (), None, 5.0)._overdue(None)
    assert not Watchdog(_watch_since(DECIDE, ago=100.0, seat=0), TOY, ("a", "b"), None, 5.0)._overdue(None)


def test_a_decision_past_its_time_limit_but_not_its_cut_off_goes_on() -> None:
    dog = Watchdog(_watch_since(DECIDE, ago=15.0, seat=0), TOY, ("a", "b"), 10.0, None)
    assert dog.cut_off == 20.0
    assert not dog._overdue(None)


def test_a_decision_past_its_cut_off_forfeits_naming_the_seat_the_limit_and_how_long_it_ran() -> None:
    watch = _watch_since(DECIDE, ago=25.0, seat=1)
    assert Watchdog(watch, TOY, ("a", "b"), 10.0, None)._overdue(None)
    verdict = watch.verdict
    assert isinstance(verdict, PlayerFailed) and verdict.seat == 1
    assert re.search(r"ran out of time: no answer within the 10s limit \(cut off after 25\.\ds\)$", str(verdict))
    assert "(b)" in str(verdict) or verdict.spec == "b"


def test_a_decision_of_a_seat_outside_the_specs_names_no_spec() -> None:
    watch = _watch_since(DECIDE, ago=25.0, seat=-1)
    assert Watchdog(watch, TOY, ("a", "b"), 10.0, None)._overdue(None)
    assert isinstance(watch.verdict, PlayerFailed) and watch.verdict.spec == "?"


def test_a_decision_cut_off_while_one_game_call_ran_the_whole_time_limit_is_the_games_failure() -> None:
    frame, _ = _frame_in_state_method()
    watch = _watch_since(DECIDE, ago=25.0, seat=0, step=4)
    dog = Watchdog(watch, TOY, ("mcts", "b"), 10.0, None)
    dog.probe = (watch.since, frame, time.monotonic() - 15.0)  # the same call seen 15s ago: longer than the limit
    assert dog._overdue(frame)
    assert isinstance(watch.verdict, GameHung)
    assert re.fullmatch(
        r"game 'toy' did not return from legal_actions at step 5, during the search of seat 0 \(mcts\): "
        r"cut off after 25\.\ds \(time limit 10s\)",
        str(watch.verdict),
    )
    named = Watchdog(_watch_since(DECIDE, ago=25.0, seat=0), TOY, ("mcts", "b"), 10.0, None, at="at setup")
    named.probe = (named.watch.since, frame, time.monotonic() - 15.0)
    assert named._overdue(frame) and " legal_actions at setup, during " in str(named.watch.verdict)


def test_a_game_call_shorter_than_the_time_limit_leaves_the_cut_off_decision_the_players_fault() -> None:
    frame, _ = _frame_in_state_method()
    watch = _watch_since(DECIDE, ago=25.0, seat=0)
    dog = Watchdog(watch, TOY, ("mcts", "b"), 10.0, None)
    dog.probe = (watch.since, frame, time.monotonic() - 5.0)  # this call started 5s ago
    assert dog._overdue(frame) and isinstance(watch.verdict, PlayerFailed)


@pytest.mark.parametrize("changed", ["another call", "another decision"])
def test_a_game_call_is_timed_from_when_it_was_first_seen_in_this_decision(changed: str) -> None:
    frame, _ = _frame_in_state_method()
    other, _ = _frame_in_state_method()
    watch = _watch_since(DECIDE, ago=25.0, seat=0)
    dog = Watchdog(watch, TOY, ("mcts", "b"), 10.0, None)
    long_ago = time.monotonic() - 15.0
    if changed == "another call":
        dog.probe = (watch.since, other, long_ago)
    else:
        dog.probe = (watch.since - 100.0, frame, long_ago)
    # The call seen now is new: it has run for no time yet, so the decision is the player's fault.
    assert dog._overdue(frame) and isinstance(watch.verdict, PlayerFailed)


def test_a_cut_off_is_raised_again_only_a_second_after_the_last() -> None:
    watch = _watch_since(GAME, ago=10.0)
    dog = Watchdog(watch, TOY, (), None, 5.0)
    assert dog._overdue(None)
    assert not dog._overdue(None)  # the interrupt is on its way: not raised on every tick
    dog.raised = time.monotonic() - 2.0  # it was swallowed two seconds ago
    assert dog._overdue(None)


def test_a_watchdog_is_checked_often_enough_for_its_shortest_limit() -> None:
    dog = Watchdog(Watch(), TOY, ("a", "b"), 0.1, 60.0)
    assert dog.tick == pytest.approx(tick_interval(hard_limit(0.1)))


def test_game_code_that_swallows_every_exception_is_still_cut_off() -> None:
    deadline = time.monotonic() + PATIENCE

    def legal_actions(self: Any, seat: int) -> list[int]:
        while time.monotonic() < deadline:
            try:
                time.sleep(0.01)
            except Exception:  # a game that swallows what it should not
                continue
        return []

    state = toy_state_with(legal_actions)
    cut_off = r"did not return from legal_actions within 0\.2s at step 1$"
    with pytest.raises(GameFailed, match=cut_off), game_deadline(TOY, 0.2, "at step 1"):
        state.legal_actions(0)


def test_a_sleeping_game_call_in_the_main_thread_is_interrupted_not_waited_for() -> None:
    state = toy_state_with(lambda self, seat: time.sleep(2 * PATIENCE))
    start = time.monotonic()
    with pytest.raises(GameFailed, match=r"within 0\.2s"), game_deadline(TOY, 0.2, "at step 1"):
        state.legal_actions(0)
    assert time.monotonic() - start < PATIENCE  # a signal, not an exception waiting for the sleep to end


def test_outside_the_main_thread_a_swallowed_cut_off_is_raised_again() -> None:
    caught: list[str] = []

    def match() -> None:
        watch = _watch_since(GAME, ago=0.0)
        deadline = time.monotonic() + PATIENCE
        with Watchdog(watch, TOY, (), None, 0.1):
            try:
                while time.monotonic() < deadline:
                    try:
                        time.sleep(0.01)
                    except Overran:
                        if caught:
                            raise
                        caught.append("swallowed")  # the game's `except BaseException`, once
            except Overran:
                caught.append("raised again")

    thread = threading.Thread(target=match)
    thread.start()
    thread.join(2 * PATIENCE)
    assert caught[-1:] == ["raised again"] and "swallowed" in caught


def test_outside_the_main_thread_a_match_that_does_not_move_after_its_cut_off_is_reported_stuck() -> None:
    stuck: list[Watch] = []
    reported = threading.Event()

    def on_stuck(watch: Watch) -> None:
        stuck.append(watch)
        reported.set()

    watch = Watch(stuck=on_stuck)
    watch.mark(GAME)

    def match() -> None:
        try:
            with Watchdog(watch, TOY, (), None, 0.1):
                reported.wait(PATIENCE)  # a C call no exception reaches
        except Overran:
            pass  # reached it once the call returned (the watchdog takes back only what is not yet raised)

    thread = threading.Thread(target=match)
    thread.start()
    assert reported.wait(PATIENCE)
    thread.join(PATIENCE)
    assert stuck == [watch]


def test_a_watchdog_inside_another_in_one_thread_leaves_the_outer_one_armed() -> None:
    previous = signal.getsignal(signal.SIGALRM)
    outer = Watchdog(Watch(), TOY, (), None, 60.0)
    with outer:
        with Watchdog(Watch(), TOY, (), None, 30.0) as inner:
            assert not inner.running
        assert signal.getitimer(signal.ITIMER_REAL)[1] == pytest.approx(outer.tick)
    assert signal.getsignal(signal.SIGALRM) == previous
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_decisions_inside_game_deadline_are_cut_off_only_for_the_deciders() -> None:
    end = time.monotonic() + 2.0
    with game_deadline(TOY, 0.05) as watch:  # no deciders: a decision marked inside is nobody's to cut off
        watch.mark(DECIDE, 0)
        while time.monotonic() < end:  # past hard_limit(0.05) = 1.05s
            time.sleep(0.01)
    deadline = time.monotonic() + PATIENCE
    cut_off = r"ran out of time: no answer within the 0\.05s limit"
    with pytest.raises(PlayerFailed, match=cut_off), game_deadline(TOY, 0.05, deciders=["probe"]) as watch:
        watch.mark(DECIDE, 0)
        while time.monotonic() < deadline:
            time.sleep(0.01)
