"""Simultaneous commit-and-reveal decisions."""

import pytest

from corekit import HIDDEN, Commitments, Rng


def test_seats_commit_in_any_order_and_are_revealed_together():
    decision = Commitments([2, 0, 1])
    assert decision.waiting == (0, 1, 2)
    decision.commit(2, "x")
    decision.commit(0, "y")
    assert decision.waiting == (1,) and not decision.complete
    with pytest.raises(ValueError, match="not every seat"):
        decision.reveal()
    decision.commit(1, "z")
    assert decision.reveal() == {0: "y", 1: "z", 2: "x"}
    assert decision.waiting == ()


def test_a_decision_opened_for_any_range_of_seats_waits_for_them_in_seat_order():
    decision = Commitments()
    decision.open(range(3))
    assert decision.seats == decision.waiting == (0, 1, 2)
    decision.open(range(4, 0, -2))  # counting down: put in order all the same
    assert decision.waiting == (2, 4)
    decision.commit(2, "first in line")
    decision.commit(4, "last")
    assert decision.waiting == () and decision.reveal() == {2: "first in line", 4: "last"}


def test_a_commitment_is_hidden_from_every_other_seat():
    decision = Commitments([0, 1, 2])
    decision.commit(1, 5)
    assert decision.visible_to(0) == ((1, HIDDEN),)
    assert decision.visible_to(1) == ((1, 5),)
    assert decision.visible_to(None) == ((1, 5),)


def test_a_seat_cannot_commit_twice_or_out_of_turn():
    decision = Commitments([0, 1])
    decision.commit(0, 1)
    with pytest.raises(ValueError):
        decision.commit(0, 2)
    with pytest.raises(ValueError):
        decision.commit(5, 2)


def test_a_decision_naming_a_seat_twice_is_refused_since_it_could_never_complete():
    # An outside tester's typo: seat 1 committed twice, the second overwrote the first, and `complete` stayed False.
    with pytest.raises(ValueError, match=r"^a decision's seats are each named once: \(0, 1, 1\) names seat 1 more "):
        Commitments().open([1, 1, 0])
    with pytest.raises(ValueError, match=r"^a decision's seats are each named once: \(2, 2\) names seat 2 more "):
        Commitments([2, 2])
    assert Commitments().open([2, 0]) is None and Commitments([2, 0]).waiting == (0, 2)


def test_a_sample_redraws_the_others_commitments_but_keeps_its_own():
    decision = Commitments([0, 1, 2])
    decision.commit(0, "mine")
    decision.commit(2, "theirs")
    copy = decision.clone()
    copy.redraw_others(0, Rng(1), lambda seat: ["a", "b"])
    assert copy.chosen[0] == "mine" and copy.chosen[2] in ("a", "b")
    assert decision.chosen[2] == "theirs"  # the clone was independent


def test_a_commitment_with_no_choice_to_redraw_it_from_is_named():
    decision = Commitments([0, 1])
    decision.commit(1, "bid")
    with pytest.raises(ValueError, match="seat 1 has no choice to redraw its secret commitment from: commitment_"):
        decision.redraw_others(0, Rng(1), lambda seat: [])


def test_samples_and_asking_the_choices_keep_the_order_the_seats_committed_in():
    from tests.corekit.leaky_games import Glowworms

    state = Glowworms().initial_state(3, 4)
    state.apply(2, state.legal_actions(2)[0])  # seat 2 first, then seat 0: a game may resolve in this order
    state.apply(0, state.legal_actions(0)[-1])
    assert list(state.bids.chosen) == [2, 0]
    state.commitment_choices("bids", 2)
    assert list(state.bids.chosen) == [2, 0]
    for observer in range(3):
        for key in range(5):
            assert list(state.sample(observer, Rng(key)).bids.chosen) == [2, 0], (observer, key)


def test_a_refused_commitment_leaves_the_decision_as_it_was():
    decision = Commitments([0, 1])
    decision.commit(0, "first")
    with pytest.raises(ValueError, match="seat 0 cannot commit now"):
        decision.commit(0, "second")
    with pytest.raises(ValueError, match="seat 5 cannot commit now"):
        decision.commit(5, "stranger")
    assert decision.chosen == {0: "first"} and decision.waiting == (1,) and not decision.complete


def test_a_revealed_decision_has_no_seats_left():
    decision = Commitments([0, 1])
    decision.commit(0, "a")
    decision.commit(1, "b")
    decision.reveal()
    assert decision.seats == () and decision.waiting == () and decision.chosen == {}


def test_a_redrawn_commitment_is_a_random_one_of_the_choices():
    redrawn = set()
    for key in range(20):
        decision = Commitments([0, 1])
        decision.commit(1, "bid")
        decision.redraw_others(0, Rng(key), lambda seat: ["a", "b", "c"])
        redrawn.add(decision.chosen[1])
    assert redrawn == {"a", "b", "c"}


def test_the_others_commitments_are_redrawn_in_seat_order_whatever_order_they_were_made_in():
    decision = Commitments([0, 1, 2])
    decision.commit(2, "late")  # seat 2 commits before seat 1
    decision.commit(1, "early")
    decision.redraw_others(0, Rng(11), lambda seat: [(seat, i) for i in range(100)])
    rng = Rng(11)
    first, second = rng.below(100), rng.below(100)
    assert first != second
    assert decision.chosen[1] == (1, first) and decision.chosen[2] == (2, second)
