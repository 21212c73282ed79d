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


def test_piles_of_the_same_cards_face_up_and_face_down_differ():
    assert Pile([1, 2]) == Pile([1, 2]) and Pile([1, 2]) != Pile([1, 2], face_up=True)


def test_the_top_of_an_empty_pile_is_refused_as_an_empty_pile():
    with pytest.raises(EmptyPile):
        _ = Pile().top


def test_drawing_no_cards_takes_nothing():
    pile = Pile([1, 2, 3])
    assert pile.draw_many(0) == [] and pile.draw_many(-1) == [] and pile.cards == [1, 2, 3]


def test_taking_all_of_a_pile_gives_its_cards_bottom_first_and_leaves_it_empty():
    pile = Pile([1, 2, 3])
    cards = pile.take_all()
    assert cards == [1, 2, 3] and pile.cards == [] and len(pile) == 0
    cards.append(4)
    assert pile.cards == []


def test_a_deck_that_still_holds_cards_gives_its_top_and_leaves_the_discard_alone():
    deck, discard = [1, 2, 3], [4]
    assert draw_or_reshuffle(deck, discard, Rng(3)) == 3
    assert deck == [1, 2] and discard == [4]


def test_a_pile_and_a_reshuffled_deck_are_shuffled_with_the_generator_given():
    expected = list(range(10))
    Rng(4).shuffle(expected)
    assert expected != list(range(10))
    pile = Pile(range(10))
    pile.shuffle(Rng(4))
    assert pile.cards == expected
    deck, discard = [0], list(range(1, 10))
    reshuffle(deck, discard, Rng(4))
    assert deck == expected
