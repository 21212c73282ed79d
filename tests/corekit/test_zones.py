"""Cards and zones: piles, drawing, reshuffling a discard, redealing unseen cards."""

import pytest

from corekit import Pile, Rng, draw_or_reshuffle, redeal_unseen, reshuffle
from corekit.zones import EmptyPile


def test_a_pile_draws_from_the_top_and_puts_on_top_or_bottom():
    pile = Pile.from_counts([("a", 2), ("b", 1)])
    assert pile.cards == ["a", "a", "b"] and pile.top == "b"
    assert pile.draw() == "b"
    pile.put("c")
    pile.put_bottom("z")
    assert pile.cards == ["z", "a", "a", "c"]
    assert pile.draw_many(3) == ["c", "a", "a"] and pile.cards == ["z"]
    assert pile.draw_many(5) == ["z"] and len(pile) == 0
    with pytest.raises(EmptyPile):
        pile.draw()


def test_a_cloned_pile_is_independent():
    pile = Pile([1, 2, 3], face_up=True)
    copy = pile.clone()
    copy.draw()
    assert pile.cards == [1, 2, 3] and copy.face_up


def test_an_empty_deck_is_refilled_from_the_shuffled_discard():
    deck, discard = [], [1, 2, 3, 4]
    card = draw_or_reshuffle(deck, discard, Rng(3))
    assert discard == [] and sorted([*deck, card]) == [1, 2, 3, 4]
    assert draw_or_reshuffle([], [], Rng(3)) is None


def test_reshuffle_moves_every_discarded_card_into_the_deck():
    deck, discard = [9], [1, 2, 3]
    reshuffle(deck, discard, Rng(1))
    assert sorted(deck) == [1, 2, 3, 9] and discard == []


def test_redealing_unseen_keeps_sizes_and_cards_and_ignores_where_they_were():
    a, b = [1, 2, 3], [4, 5]
    c, d = [5, 3, 1], [4, 2]  # the same unseen cards, placed differently
    redeal_unseen(Rng(7), [a, b])
    redeal_unseen(Rng(7), [c, d])
    assert (len(a), len(b)) == (3, 2)
    assert sorted(a + b) == [1, 2, 3, 4, 5]
    assert (a, b) == (c, d)
