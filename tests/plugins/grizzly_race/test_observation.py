"""What each seat sees of the guard race (`observation`) and what a searcher may imagine (`sample`)."""

from corekit import Rng
from plugins.grizzly_race.game import SUPER, Battle, Lane
from tests.plugins.grizzly_race.scenario import play_round, scenario


def split(cards, sizes):
    """`cards` cut into consecutive pieces of the given sizes."""
    pieces, start = [], 0
    for size in sizes:
        pieces.append(cards[start : start + size])
        start += size
    return pieces


def test_a_seat_sees_its_own_hand_but_not_other_hands_face_down_guards_or_the_reserve():
    hand = [1, 2, 3]
    unseen = [1, 1, 2, 2, 3, 4, 4, 5, 5, 5, 3]  # seat 1's hand, both guard columns, the reserve
    sizes = (3, 3, 3, 2)
    views, truths = set(), set()
    for key in range(10):
        cards = unseen[:]
        Rng(key).shuffle(cards)
        other, guards_0, guards_1, reserve = split(cards, sizes)
        state = scenario([hand, other], [guards_0, guards_1], reserve=reserve)
        views.add(state.observation(0))
        truths.add(state.observation(1))
    assert len(views) == 1  # the same view, however the unseen cards lie
    assert len(truths) > 1  # while seat 1 does see its own hand change
    view = views.pop()
    assert view.hand == (1, 2, 3) and len(view.reserve) == 2
    assert [lane.top_guard for lane in view.lanes] == [None, None]


def test_the_discard_face_up_guards_hand_sizes_and_spent_supercards_are_public():
    state = scenario([[3, 1], [2, 2], [4, 4, 4]], [[5, 3], [5, 4], [1, 5]], reserve=[1, 2])
    play_round(state, 3, 2, SUPER)
    for seat in (0, 1, 2):
        view = state.observation(seat)
        assert view.lanes == (Lane(1, None, 1, True), Lane(2, 4, 1, True), Lane(1, None, 3, False))
        assert view.discard == (2, 3, 3, 5)  # the guards beaten, the cards played, the supercard gone
        assert len(view.reserve) == 2
        assert view.last_round == (Battle(0, 3, 3, True), Battle(1, 2, 4, False), Battle(2, SUPER, 5, True))
    assert state.observation(1).hand == (2,)


def test_what_a_seat_committed_changes_nothing_another_seat_sees():
    state = scenario([[3, 1], [1, 2, 4, 5], [2, 2]], [[5, 3], [5, 4], [1, 1]])
    views = set()
    for card in state.legal_actions(1):
        committed = state.clone()
        committed.apply(1, card)
        views.add((committed.observation(0), committed.observation(2)))
    assert len(views) == 1


def test_a_sample_keeps_the_samplers_commitment_and_redraws_the_others():
    state = scenario([[3, 1], [1, 2, 4, 5], [2, 3]], [[5, 3], [5, 4], [1, 1]])
    state.apply(0, 3)
    state.apply(1, 5)
    redrawn = set()
    for key in range(30):
        sampled = state.sample(0, Rng(key))
        assert sampled.commitments.chosen[0] == 3
        assert sampled.commitments.chosen[1] in sampled.commitment_choices("commitments", 1)
        redrawn.add(sampled.commitments.chosen[1])
        assert sampled.to_act == (2,)
    assert len(redrawn) > 2  # seat 1's 5 is not carried into the samples


def test_a_sample_has_its_own_future_chance():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    futures = {state.sample(0, Rng(key)).rng.state for key in range(5)}
    assert len(futures) == 5 and state.rng.state not in futures  # reshuffles to come are not foretold
