"""Deals of face-down cards (corekit.provenance.deal, corekit.provenance.crediting) where an outside hand-run mutation
sweep (2026-12-07) found no test holding the code: each test fails when its code is weakened, and names that code in
a comment."""

from __future__ import annotations

from collections import Counter

import pytest

from corekit import Rng
from corekit.provenance import SHOWN, Deal, ProvenanceError, Stream, received_cards

FIRST, SECOND = 0, 1


def got(lot):
    """A stream event: a card received face down from `lot`."""
    return (lot, None)


CONTRADICTS = (
    r"^no deal fits the lots: the streams' shown cards, and the kinds the game's weights allow their face-down cards, "
    r"contradict the lots$"
)


def showed(card):
    """A stream event: a card shown face up."""
    return (SHOWN, card)


def test_two_hands_showing_a_card_only_one_lot_had_once_are_refused_as_contradicting_the_lots():
    # Pins corekit/provenance/crediting.py `_Crediting.solve`: `if any(counts[kind] < 0 ...)` after the cards settled
    # by copies are taken out: each hand's 5 can only be the first lot's, and it had one. Unchecked, both are credited
    # to it and a world is dealt in which the first lot's 1 lies in no hand and no deck.
    both = Stream((got(FIRST), got(SECOND), showed(5)))
    with pytest.raises(ProvenanceError, match=CONTRADICTS):
        Deal([Counter({5: 1, 1: 1}), Counter({9: 2})], [both, both], [0, 0])


def test_a_face_down_card_is_never_a_kind_the_games_weights_give_no_chance():
    # Pins corekit/provenance/crediting.py `_Crediting.__init__`: `if weight > 0` among a face-down card's kinds: the
    # hand could only have put down the lot's 3, which the game's weights rule out, so no world fits.
    hand = Stream((got(FIRST),), face_down={3: 0, 4: 1})
    with pytest.raises(ProvenanceError, match=CONTRADICTS):
        Deal([Counter({3: 1})], [hand], [0])


def test_a_crediting_found_after_a_dead_end_is_dealt_with_the_copies_the_dead_end_took_back():
    # Pins corekit/provenance/crediting.py `_Crediting.solve`'s undo, `left[lot][kind] += 1`, and `_update`'s
    # `if copies > 1 ...` (a copy come back is offered again to the other streams): the first search tries the first
    # hand's 5 from the second lot, which leaves no room there for its face-down card, and backs out. Forgetting that
    # the second lot's 5 came back, it finds no 5 for the other hand and calls a true history a contradiction.
    hand = Stream((got(SECOND), got(FIRST), showed(5)), face_down={7: 1, 8: 1})
    other = Stream((got(SECOND), got(FIRST), showed(5)))
    deal = Deal([Counter({5: 1, 9: 1}), Counter({5: 1, 7: 1, 8: 1})], [hand, other], [0, 1])
    downs = Counter()
    for key in range(40):
        world = deal.draw(Rng(key))
        down = world.face_down[0]
        # The hand's 5 was the first lot's, the other hand's the second lot's: it keeps the first lot's 9.
        assert world.received == [[down, 5], [5, 9]] and world.held == [[], [9]]
        assert world.rest == [[], [15 - down]]
        downs[down] += 1
    assert set(downs) == {7, 8}


def test_a_hand_that_showed_more_cards_of_a_lot_than_it_then_held_of_it_is_refused_though_it_got_more_later():
    # Pins corekit/provenance/crediting.py `_Crediting._rooms_hold`: `if credited[lot] > self.rooms[other][lot]`, the
    # room at each shown card: both 5s can only be the first lot's, of which the hand then held one card. What it
    # received from that lot by the end (two) would hide it, and the deal fail only when drawn.
    hand = Stream((got(FIRST), got(SECOND), showed(5), showed(5), got(FIRST)))
    with pytest.raises(ProvenanceError, match=CONTRADICTS):
        Deal([Counter({5: 2}), Counter({9: 1})], [hand], [0, 0])


def test_a_face_down_card_is_drawn_by_the_games_weight_times_the_copies_its_lot_has_left():
    # Pins corekit/provenance/deal.py `Deal.__init__`: `weights[down[1]] * left[down[0]][down[1]]`: the game weighs
    # 7 and 8 alike, but the lot had three 7s to one 8, so three face-down cards in four are a 7 (not one in two).
    hand = Stream((got(FIRST), got(FIRST)), face_down={7: 1, 8: 1})
    deal = Deal([Counter({7: 3, 8: 1})], [hand], [2])
    sevens = sum(deal.draw(Rng(key)).face_down[0] == 7 for key in range(800))
    assert 0.68 < sevens / 800 < 0.82


def test_a_hand_fed_by_two_lots_is_dealt_in_random_order_not_lot_by_lot():
    # Pins corekit/provenance/deal.py `Deal.draw`: `if sum(1 for cards in unshown if cards) > 1: rng.shuffle(hand)`:
    # in a zone whose order matters (a face-down column), the first lot's card always first would tell them apart.
    hand = Stream((got(FIRST), got(SECOND)))
    deal = Deal([Counter({1: 1}), Counter({9: 1})], [hand], [0, 0])
    assert {tuple(deal.draw(Rng(key)).held[0]) for key in range(20)} == {(1, 9), (9, 1)}


def test_a_shown_card_is_placed_at_the_earliest_card_its_lot_gave_that_is_not_yet_accounted_for():
    # Pins corekit/provenance/deal.py `received_cards`: `open_places[...].pop(0)`, as its docstring says: the 5 shown
    # after two cards of the first lot is the first of them, and the hand's unshown card fills the second.
    events = [got(FIRST), got(FIRST), got(SECOND), showed(5), got(FIRST)]
    assert received_cards(events, [FIRST], [[1, 2], [9]]) == [5, 1, 9, 2]


def test_a_copy_given_back_after_a_dead_end_is_not_offered_to_a_hand_with_no_room_left_in_its_lot():
    # Pins corekit/provenance/crediting.py `_Crediting._update`: `... and self._room_left(other, lot, lot_of)` when a
    # copy comes back: the second hand's 5s can only be the third lot's, its two cards from there, so its 8 is the
    # first lot's; offered the third lot's 8 again after the search backs out of a dead end, it overfills that lot.
    down = Stream((got(2), got(SECOND)), face_down={7: 1, 8: 1})
    hand = Stream((got(FIRST), got(2), got(2), showed(5), showed(5), showed(8)))
    deal = Deal([Counter({8: 1, 6: 1}), Counter({5: 2}), Counter({8: 2, 5: 2})], [down, hand], [1, 1, 1])
    for key in range(10):
        world = deal.draw(Rng(key))
        assert (world.face_down, world.held, world.rest) == ([8, None], [[5], []], [[6], [5], [8]])
        assert world.received == [[8, 5], [8, 5, 5]]
