"""Rules the first tests left unpinned (found by mutation in a rules audit): each test is named as the rule
and asserts its exact outcome on a built position (see plugins/grizzly_race/RULES.md)."""

from corekit.state import Hidden
from tests.plugins.grizzly_race.scenario import GAME, play_round, scenario


def test_losing_again_to_a_face_up_guard_leaves_the_guard_beneath_it_face_down_for_every_seat():
    # Seat 1's column is 1 2 5 (bottom first), its 5 already face up from a lost battle; seat 1 loses to it again.
    # Only the guard fought is ever turned over: the 2 beneath stays face down, for the seat that owns it too.
    state = scenario([[1, 1, 1], [1, 1, 1]], [[5, 5, 5], [1, 2, 5]], face_up=[1])
    play_round(state, 1, 1)
    assert not state.last_round[1].won and state.last_round[1].guard == 5
    assert state.guards[1] == [1, 2, 5] and state.guards[1].up == 1
    for seat in (0, 1):
        assert state.observation(seat).guards[1] == Hidden(3, up=(5,))
        assert state.observation(seat).lanes[1].top_guard == 5
    assert state.observation(None).guards[1] == Hidden(3, up=(5,), cards=(1, 2, 5))


def test_a_deadlock_counts_every_top_guard_face_up_or_face_down_and_ends_the_race_at_once():
    # RULES.md Assumption 7. Seat 0 beats its 4 and its next guard, a 5, comes up face down; seat 1 loses to its
    # 5, which turns face up. Nothing in circulation (1s and 4s) beats a 5, face down or not: the race ends now.
    state = scenario([[4, 1], [1, 1]], [[5, 4], [5, 5]], supercard=[False, False])
    play_round(state, 4, 1)
    assert [battle.won for battle in state.last_round] == [True, False]  # seat 0's top guard came up face down
    assert (state.is_terminal, state.deadlock, state.round) == (True, True, 1)
    assert state.winners == (0, 1) and state.returns() == [0.5, 0.5]  # a draw, however many guards are left
    # Every top guard face down: both seats beat a 4 and find a 5 beneath.
    state = scenario([[4, 1], [4, 1]], [[5, 4], [5, 5, 4]], supercard=[False, False])
    play_round(state, 4, 4)
    assert all(battle.won for battle in state.last_round)
    assert (state.is_terminal, state.deadlock, state.round) == (True, True, 1)
    assert state.winners == (0, 1)


def test_a_deadlock_behind_a_top_guard_of_4_ends_the_race_at_once():
    # RULES.md Assumption 7: every 5 and the other 4s are buried in guard columns, the supercards are spent, and
    # the strongest card in circulation is a 3: the face-up 4s can never fall, so the race ends now.
    state = scenario([[3, 1], [2, 1]], [[4, 5, 4], [5, 4]], discard=[3, 2], supercard=[False, False])
    play_round(state, 1, 1)
    assert [(battle.guard, battle.won) for battle in state.last_round] == [(4, False), (4, False)]
    assert (state.is_terminal, state.deadlock, state.round, state.stall) == (True, True, 1, 1)
    assert state.winners == (0, 1) and state.returns() == [0.5, 0.5]


def test_the_end_screen_marks_face_up_only_a_top_guard_that_lay_face_up_before_the_final_reveal():
    # The race ends (a deadlock, as above) right after seat 0 beat its 4: its new top guard, a 5, lay face down
    # until the end's reveal turned every card over. Seat 1's 5 beat it and lay face up. Every view says so.
    state = scenario([[4, 1], [1, 1]], [[5, 4], [5, 5]], supercard=[False, False])
    play_round(state, 4, 1)
    for viewer, you in ((None, ""), (0, " (you)"), (1, "")):
        lines = GAME.render(state.observation(viewer), viewer).splitlines()
        assert lines[2] == f"  seat 0{you}: guards (bottom..top) 5; hand 1; supercard spent"
    assert GAME.render(state.observation(1), 1).splitlines()[3] == (
        "  seat 1 (you): guards (bottom..top) 5 5 [top face up]; hand 1; supercard spent"
    )
