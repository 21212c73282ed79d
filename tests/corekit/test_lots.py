"""Samples of face-down cards that respect where the cards came from (corekit.lots)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corekit import Rng
from corekit.lots import Holding, deal_by_lots

FIRST, RESHUFFLED = 0, 1


def draws(lots, holdings, times=50):
    return [deal_by_lots(Rng(key), as_counts(lots), holdings) for key in range(times)]


def as_counts(lots):
    """Lots written as card lists, as the card -> copies mappings deal_by_lots takes."""
    return [Counter(lot) for lot in lots]


def test_one_lot_deals_each_unshown_card_once_and_every_holding_keeps_its_size():
    lots = [(1, 1, 2, 3, 4, 5)]
    holdings = [Holding(((FIRST, 2),)), Holding(((FIRST, 3),), seen=(5,)), Holding(((FIRST, 1),))]
    seen_deals = set()
    for dealt in draws(lots, holdings):
        assert [len(a.held) for a in dealt] == [2, 2, 1]
        assert Counter(c for a in dealt for c in a.held) + Counter([5]) == Counter(lots[FIRST])
        assert 5 in dealt[1].received[0][1]  # the shown card is among what the holding received
        seen_deals.add(tuple(tuple(a.held) for a in dealt))
    assert len(seen_deals) > 10


def test_a_reshuffled_pile_feeds_only_the_holdings_it_was_dealt_to():
    lots = [(1, 1, 1, 1), (5, 5)]
    holdings = [Holding(((FIRST, 2),)), Holding(((FIRST, 2),)), Holding(((RESHUFFLED, 2),))]
    for dealt in draws(lots, holdings):
        assert dealt[2].held == [5, 5]
        assert dealt[0].held == dealt[1].held == [1, 1]


def test_what_the_observer_drew_itself_pins_what_is_left_of_that_lot():
    lots = [(1, 2, 3, 4, 5)]
    mine = Holding(((FIRST, 2),), seen=(1,), known=((FIRST, (1, 2)),))
    for dealt in draws(lots, [mine, Holding(((FIRST, 3),))]):
        assert sorted(dealt[1].held) == [3, 4, 5]
        assert dealt[0] is None  # nothing to draw for a holding the observer knows


def test_a_card_shown_from_a_hand_fed_by_two_lots_is_credited_to_a_lot_that_held_it():
    # One card from each lot; the 5 it showed can only have come from the reshuffled pile, so the card it
    # still holds is a 1, the other 1 is elsewhere, and the reserve keeps the pile's other 5.
    lots = [(1, 1), (5, 5)]
    mixed = Holding(((FIRST, 1), (RESHUFFLED, 1)), seen=(5,))
    holdings = [mixed, Holding(((FIRST, 1),)), Holding(((RESHUFFLED, 1),))]
    for dealt in draws(lots, holdings):
        assert dealt[0].received == ((FIRST, (1,)), (RESHUFFLED, (5,)))
        assert [a.held for a in dealt] == [[1], [1], [5]]


def test_an_ambiguous_card_is_credited_to_either_lot_across_samples():
    lots = [(3, 1), (3, 5)]
    mixed = Holding(((FIRST, 1), (RESHUFFLED, 1)), seen=(3,))
    holdings = [mixed, Holding(((FIRST, 1),)), Holding(((RESHUFFLED, 1),))]
    kept = Counter(dealt[0].held[0] for dealt in draws(lots, holdings, 200))
    # It keeps a 1 only if the 3 came from the second lot, a 5 only if it came from the first.
    assert {1, 5} <= set(kept) <= {1, 3, 5}


def test_two_hands_fed_by_the_same_two_lots_are_not_both_credited_with_the_same_last_card():
    # Each lot has one 5 and each hand showed a 5: one came from each lot, so one hand keeps the first
    # lot's 1 and the other the second lot's 9, never both a 1.
    lots = [(1, 5), (5, 9)]
    both = Holding(((FIRST, 1), (RESHUFFLED, 1)), seen=(5,))
    kept = {tuple(a.held[0] for a in dealt) for dealt in draws(lots, [both, both], 100)}
    assert kept == {(1, 9), (9, 1)}


def test_the_same_arguments_and_generator_give_the_same_deal():
    lots = [(1, 2, 2, 3, 4, 5, 5), (1, 3)]
    holdings = [
        Holding(((FIRST, 3), (RESHUFFLED, 1)), seen=(3, 5)),
        Holding(((FIRST, 4),)),
        Holding(((RESHUFFLED, 1),)),
    ]
    assert deal_by_lots(Rng(9), as_counts(lots), holdings) == deal_by_lots(Rng(9), as_counts(lots), holdings)


@pytest.mark.parametrize(
    ("lots", "holdings"),
    [
        ([(1, 2, 3)], [Holding(((FIRST, 2),))]),  # a card of the lot went nowhere
        ([(1, 2)], [Holding(((FIRST, 3),))]),  # more cards taken than the lot had
        ([(1, 2)], [Holding(((FIRST, 2),), seen=(5,))]),  # a shown card the lot never had
        ([(1, 2)], [Holding(((FIRST, 1),), seen=(1, 2)), Holding(((FIRST, 1),))]),  # more shown than taken
        ([(1, 2)], [Holding(((FIRST, 2),), known=((FIRST, (2, 2)),))]),  # a known draw the lot cannot supply
    ],
)
def test_holdings_that_contradict_their_lots_are_refused_in_one_line(lots, holdings):
    with pytest.raises(ValueError, match=r"^no deal fits the lots: "):
        deal_by_lots(Rng(1), as_counts(lots), holdings)


@st.composite
def true_worlds(draw):
    """Lots of small cards dealt among holdings (some fed by two lots), each showing some of its cards, a
    few looked at by the observer: the truth a deal must be able to reproduce."""
    lot_count = draw(st.integers(1, 3))
    holding_count = draw(st.integers(1, 5))
    lots, received = [], [dict() for _ in range(holding_count)]
    for lot in range(lot_count):
        cards = draw(st.lists(st.integers(1, 4), max_size=10))
        lots.append(Counter(cards))
        for card in cards:
            # Each holding takes from at most two lots: its own index's and the next one's.
            owner = draw(
                st.sampled_from([h for h in range(holding_count) if lot in (h % lot_count, (h + 1) % lot_count)] or [0])
            )
            received[owner].setdefault(lot, []).append(card)
    holdings = []
    for cards_by_lot in received:
        sources = tuple((lot, len(cards)) for lot, cards in sorted(cards_by_lot.items()))
        everything = [card for _, cards in sorted(cards_by_lot.items()) for card in cards]
        seen = tuple(draw(st.lists(st.sampled_from(everything), max_size=len(everything))) if everything else ())
        # Shown cards must be real ones: keep only as many copies as the holding has.
        seen = tuple((Counter(seen) & Counter(everything)).elements())
        known = tuple((lot, tuple(sorted(cards))) for lot, cards in sorted(cards_by_lot.items()))
        holdings.append(Holding(sources, seen, known if draw(st.booleans()) else None))
    return lots, holdings


@given(true_worlds(), st.integers(0, 2**32))
@settings(max_examples=300, deadline=None)
def test_every_world_the_truth_fits_can_be_dealt_and_each_deal_keeps_every_count(world, key):
    lots, holdings = world
    dealt = deal_by_lots(Rng(key), lots, holdings)
    per_lot = [Counter() for _ in lots]
    for holding, allotment in zip(holdings, dealt, strict=True):
        received = holding.known if allotment is None else allotment.received
        assert [(lot, len(cards)) for lot, cards in received] == list(holding.sources)
        everything = Counter(card for _, cards in received for card in cards)
        assert Counter(holding.seen) <= everything
        if allotment is not None:
            assert Counter(allotment.held) == everything - Counter(holding.seen)
        for lot, cards in received:
            per_lot[lot].update(cards)
    assert per_lot == [+lot for lot in lots]
