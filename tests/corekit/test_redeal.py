"""The leak checks' trace of a step and their other deal (`corekit.redeal`): positions, not values."""

from __future__ import annotations

from corekit.redeal import DIE, OUT, Lay, Move, Redeal
from corekit.rng import Rng


def test_a_lay_names_the_position_each_card_left_from_however_it_was_taken():
    lay = Lay(3, [7, 7, 5, 7, 9])
    assert lay.take(9, 4, 0) == 4  # drawn from the top
    assert lay.take(7, 3, None) == 3  # turned face up where it lies: it stays
    assert lay.take(7, None, 1) == 0  # taken by value: the first equal card, as list.remove takes it
    assert lay.take(5, 1, OUT) == 2  # taken out from the middle by its index
    assert lay.current == [1, 3] and lay.holds([7, 7]) and lay.traced


def test_a_lay_stops_tracing_once_the_deck_held_another_card_than_it_says():
    lay = Lay(3, [1, 2, 3])
    assert lay.take(2, 2, 0) is None  # 3 lay at index 2
    assert not lay.traced
    assert lay.take(3, 2, 0) is None
    assert Lay(3, [1, 2]).take(4, None, 0) is None  # no such card


def test_a_traced_step_keeps_each_deck_as_shuffled_and_follows_its_cards_and_dice_in_order():
    trace = Redeal()
    deck = [1, 2, 3, 4]
    trace.shuffled(deck, 5)
    assert deck == [1, 2, 3, 4]  # traced: nothing changes
    trace.left(5, 4, 3, 0)
    trace.showed(0, 4)
    assert trace.rolled(2, 6, 1, "three", False) == 2  # the state's own face
    assert trace.moves == [Move(0, 3, 0, 4), Move(DIE, 0, 1, "three")]
    assert trace.shows == [(1, 0, 4)]
    assert (trace.decks, trace.dice) == (1, 1)


def test_a_deck_shuffled_again_in_the_step_remembers_which_cards_of_the_earlier_shuffle_were_still_in_it():
    trace = Redeal()
    trace.shuffled([1, 2, 3, 4], 5)
    trace.left(5, 4, 3, 0)
    trace.shuffled([3, 1, 2], 5)
    assert trace.lays[0].before is None
    assert trace.lays[1].before == (0, [0, 1, 2])


def test_a_deck_left_otherwise_than_its_trace_says_is_no_longer_traced():
    trace = Redeal()
    trace.shuffled([1, 2, 3], 5)
    trace.left(5, 3, 2, 0)
    trace.untrace_changed({5: [1, 2]})
    assert trace.lays[0].traced
    trace.untrace_changed({5: [2, 1]})  # the same cards, but not the ones the trace left there
    assert not trace.lays[0].traced
    assert not trace.traced(Move(0, 2, 0, 3))


def test_the_other_deal_puts_each_pinned_position_back_even_among_copies_and_leaves_the_rest_as_shuffled():
    lay = [1, 3, 5, 4, 8, 6, 2, 7, 2, 2]
    for seed in range(30):
        plain, pinned = list(lay), list(lay)
        Redeal(Rng(seed)).shuffled(plain, 0)
        Redeal(Rng(seed), pins={0: {6: 2, 5: 6, 9: 2}}).shuffled(pinned, 0)
        assert (pinned[6], pinned[5], pinned[9]) == (2, 6, 2)
        assert sorted(pinned) == sorted(lay)
        # Only the pinned positions and the places their cards were swapped from differ from the same other deal.
        assert sum(a != b for a, b in zip(plain, pinned, strict=True)) <= 6


def test_dice_rolled_again_keep_the_faces_of_those_pinned_face_up_or_kept_and_draw_a_face_for_each():
    again = Redeal(Rng(1), kept_dice=frozenset({1}))
    fresh = Rng(1)
    faces = [again.rolled(0, 6, 2, "one", kept) for kept in (False, False, True)]
    # The first is rolled again; the second is pinned and the third kept, yet each draws from the generator.
    assert faces == [fresh.below(6), 0, 0]
    fresh.below(6)
    fresh.below(6)
    assert again.rng is not None and again.rng.state == fresh.state
    assert again.dice == 3
