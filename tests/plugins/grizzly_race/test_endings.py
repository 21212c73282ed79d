"""How a race ended by the rules (`ending`, counted by a tournament report): a freed hero, or a draw, deadlocked or
stalled, which pay the same returns."""

from __future__ import annotations

from tests.plugins.grizzly_race.scenario import play_round, scenario


def test_a_race_runs_without_an_ending():
    state = scenario([[5, 1], [1, 1]], [[3, 2], [5]])
    play_round(state, 1, 1)
    assert not state.is_terminal and state.ending() is None


def test_a_freed_hero_ends_the_race_by_hero_freed_alone_or_together():
    alone = scenario([[5, 1], [1, 1]], [[3], [5]])
    play_round(alone, 5, 1)
    together = scenario([[5, 1], [5, 1]], [[3], [5]])
    play_round(together, 5, 5)
    assert (alone.winners, together.winners) == ((0,), (0, 1))
    assert alone.ending() == together.ending() == "hero freed"


def test_a_deadlock_and_the_stall_rule_are_told_apart_though_both_are_draws():
    deadlocked = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], supercard=[False, False])
    play_round(deadlocked, 1, 1)
    stalled = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], stall_rounds=2, reserve=[5], supercard=[False] * 2)
    play_round(stalled, 1, 1)
    play_round(stalled, 1, 1)
    assert deadlocked.returns() == stalled.returns() == [0.5, 0.5]
    assert (deadlocked.ending(), stalled.ending()) == ("deadlocked", "stalled")
