"""Deals of face-down cards consistent with what each stream received and showed (corekit.provenance.Deal)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corekit import Rng
from corekit.provenance import SHOWN, Deal, ProvenanceError, Record, SearchGaveUp, Stream

FIRST, RESHUFFLED = 0, 1


def as_counts(lots):
    """Lots written as card lists, as the card -> copies mappings a Deal takes."""
    return [Counter(lot) for lot in lots]


def last_rest(lots, rest):
    """`rest` cards still face down in the last lot's deck, none in the others'."""
    return [0] * (len(lots) - 1) + [rest]


def StreamDeal(lots, streams, rest):  # these tests were written for one deck: the last lot's
    return Deal(lots, streams, last_rest(lots, rest))


def got(lot):
    """A stream event: a card received face down from `lot`."""
    return (lot, None)


def showed(card):
    """A stream event: a card shown face up."""
    return (SHOWN, card)


def stream_worlds(lots, streams, rest, times=50):
    deal = StreamDeal(as_counts(lots), streams, rest)
    return [deal.draw(Rng(key)) for key in range(times)]


def test_a_card_shown_before_the_new_lot_reached_the_hand_is_credited_to_the_old_lot():
    # The hand showed its 5 before it took a card of the reshuffled pile, so that 5 was the first lot's:
    # the other hand holds the first lot's 1, and the reshuffled pile still holds its own 5 somewhere.
    lots = [(1, 5), (5, 9)]
    early = Stream((got(FIRST), showed(5), got(RESHUFFLED)))
    for world in stream_worlds(lots, [early, Stream((got(FIRST),))], rest=1):
        assert world.held[1] == [1]
        assert world.received[0][0] == 5
        assert sorted(world.held[0] + world.rest[-1]) == [5, 9]


def test_a_card_shown_from_a_hand_two_lots_fed_is_credited_to_either_lot_across_samples():
    lots = [(3, 1), (3, 5)]
    mixed = Stream((got(FIRST), got(RESHUFFLED), showed(3)))
    worlds = stream_worlds(lots, [mixed, Stream((got(FIRST),))], rest=1, times=200)
    # Credited to the first lot, the 3 leaves it keeping the second lot's 3 or 5; credited to the second,
    # it keeps the first lot's 1 or 3. Both happen.
    assert {world.held[0][0] for world in worlds} == {1, 3, 5}


def test_one_hand_cannot_credit_more_shown_cards_to_a_lot_than_it_had_then_received_from_it():
    # One card of the reshuffled pile had arrived when both 5s were shown: one of them was the first lot's.
    lots = [(5, 1, 1), (5, 9, 9)]
    hand = Stream((got(FIRST), got(RESHUFFLED), showed(5), showed(5), got(RESHUFFLED), got(RESHUFFLED)))
    for world in stream_worlds(lots, [hand, Stream((got(FIRST), got(FIRST)))], rest=0):
        assert world.held[1] == [1, 1]
        assert sorted(world.held[0]) == [9, 9]


def test_two_hands_cannot_both_be_credited_with_a_lots_last_copy():
    lots = [(1, 5), (5, 9)]
    both = Stream((got(FIRST), got(RESHUFFLED), showed(5)))
    kept = {tuple(world.held[s][0] for s in (0, 1)) for world in stream_worlds(lots, [both, both], 0, 200)}
    assert kept == {(1, 9), (9, 1)}


def test_a_face_down_card_comes_from_a_lot_that_fed_the_hand_by_weight_times_copies():
    # The hand holds three cards of the first lot and put one face down: a 7 or an 8, never the
    # reshuffled pile's 8 (the hand took nothing from it), and 7s are 2 copies x weight 6 against 1 x 1.
    lots = [(1, 7, 7, 8), (8, 8)]
    hand = Stream((got(FIRST), got(FIRST), got(FIRST)), face_down={7: 6, 8: 1})
    deal = StreamDeal(as_counts(lots), [hand, Stream((got(FIRST),))], rest=2)
    picks = Counter(deal.draw(Rng(key)).face_down[0] for key in range(600))
    assert set(picks) <= {7, 8}
    assert 0.8 < picks[7] / 600 < 0.98  # 12/13 = 0.92 if every crediting is used alike


def test_the_same_stream_arguments_and_generator_give_the_same_world():
    lots = [(1, 2, 2, 3), (1, 3, 5)]
    streams = [
        Stream((got(FIRST), got(FIRST), showed(2), got(RESHUFFLED), showed(3))),
        Stream((got(FIRST), got(FIRST), got(RESHUFFLED))),
    ]
    deal = StreamDeal(as_counts(lots), streams, 1)
    assert deal.draw(Rng(4)) == StreamDeal(as_counts(lots), streams, 1).draw(Rng(4))


@pytest.mark.parametrize(
    ("lots", "streams", "rest"),
    [
        ([(1, 2)], [Stream((showed(1),))], 2),  # shown before anything was received
        ([(1, 2)], [Stream((got(FIRST), showed(7)))], 1),  # a card the lot never had
        ([(1, 2, 3)], [Stream((got(FIRST),))], 1),  # a card of the lot went nowhere
        ([(1, 2)], [Stream((got(FIRST), got(FIRST)))], 1),  # more received than the lot had
        ([(1, 1), (1, 2)], [Stream((got(FIRST), got(FIRST), got(RESHUFFLED), showed(2), showed(2)))], 1),
    ],
)
def test_streams_that_contradict_their_lots_are_refused_in_one_line(lots, streams, rest):
    with pytest.raises(ValueError, match=r"^no deal fits the lots: "):
        StreamDeal(as_counts(lots), streams, rest)


@st.composite
def true_histories(draw):
    """A small card game played for real: hands refilled one card at a time from a deck, cards shown into a
    discard pile that is reshuffled into a new lot when the deck runs out, some cards turned face up as
    drawn, a card left face down. Returns what seat 0 (the observer) knows, and the truth."""
    deck = draw(st.lists(st.integers(1, 5), min_size=4, max_size=14))
    lots = [Counter(deck)]
    deck = draw(st.permutations(deck))
    seats = draw(st.integers(2, 4))
    hands = [[] for _ in range(seats)]
    events = [[] for _ in range(seats)]
    mine, turned, discard = Counter(), [Counter()], []

    def take():
        nonlocal deck
        if not deck:
            if not discard:
                return None
            lots.append(Counter(discard))
            turned.append(Counter())
            deck = draw(st.permutations(discard))
            discard.clear()
        return deck.pop()

    for _ in range(draw(st.integers(0, 40))):
        move, seat = draw(st.sampled_from(["draw", "show", "turn"])), draw(st.integers(0, seats - 1))
        if move == "show" and hands[seat]:
            card = hands[seat].pop(draw(st.integers(0, len(hands[seat]) - 1)))
            events[seat].append(showed(card))
            discard.append(card)
        elif move == "turn":
            card = take()
            if card is not None:
                turned[-1][card] += 1
                discard.append(card)
        elif move == "draw":
            card = take()
            if card is not None:
                hands[seat].append(card)
                events[seat].append(got(len(lots) - 1))
                if seat == 0:
                    mine[(len(lots) - 1, card)] += 1
    face_down = None
    if len(hands) > 1 and hands[1] and draw(st.booleans()):
        face_down = hands[1].pop(draw(st.integers(0, len(hands[1]) - 1)))
    known = [
        lot - turned[index] - Counter({card: n for (at, card), n in mine.items() if at == index})
        for index, lot in enumerate(lots)
    ]
    streams = [
        Stream(tuple(events[s]), {card: 1 + card for card in range(1, 6)} if s == 1 and face_down else None)
        for s in range(1, seats)
    ]
    return known, streams, len(deck), hands[1:], face_down


def replays_into(stream, received, held, face_down):
    """Whether the cards a world says the stream received make every card it showed one it held, and leave
    exactly its held cards (and its face-down one)."""
    hand, cards = Counter(), iter(received)
    for lot, card in stream.events:
        if lot != SHOWN:
            hand[next(cards)] += 1
        elif hand[card] == 0:
            return False
        else:
            hand[card] -= 1
    return +hand == Counter(held) + Counter([face_down] if face_down is not None else [])


@given(true_histories(), st.integers(0, 2**32))
@settings(max_examples=300, deadline=None)
def test_every_history_the_truth_fits_gives_worlds_that_replay_it(history, key):
    known, streams, rest, _, _ = history
    world = StreamDeal(known, streams, rest).draw(Rng(key))
    per_lot = [Counter() for _ in known]
    for stream, received, held, down in zip(streams, world.received, world.held, world.face_down, strict=True):
        assert replays_into(stream, received, held, down)
        assert (down is not None) == (stream.face_down is not None)
        lots_received = [lot for lot, _ in stream.events if lot != SHOWN]
        for lot, card in zip(lots_received, received, strict=True):
            per_lot[lot][card] += 1
    per_lot[-1].update(world.rest[-1])
    assert len(world.rest[-1]) == rest
    assert per_lot == [+lot for lot in known]


def test_a_search_out_of_budget_says_so_rather_than_calling_the_history_a_contradiction():
    class Hasty(Deal):
        BUDGET = (0, 0)

    lots = [(3, 1), (3, 5)]
    streams = [Stream((got(FIRST), got(RESHUFFLED), showed(3))), Stream((got(FIRST),))]
    with pytest.raises(SearchGaveUp, match=r"^no way to credit the 1 ambiguous shown cards was found"):
        Hasty(as_counts(lots), streams, last_rest(lots, 1))
    assert StreamDeal(as_counts(lots), streams, 1).draw(Rng(1)).rest[-1]


def test_a_record_counts_as_undealt_each_lots_cards_less_those_turned_up_and_those_received():
    record = Record()
    first = record.new_lot([1, 2, 2, 3], deck=10)
    record.receive(0, first, 2)
    record.turn(10, 3)
    second = record.new_lot([7, 8], deck=11)
    record.receive_all(1, second, [8])
    record.show(1, 8)  # a shown card was still received: showing it takes nothing more from the lot
    assert record.undealt([0, 1]) == {first: Counter({1: 1, 2: 1, 3: 0}), second: Counter({7: 1, 8: 0})}
    assert record.undealt([]) == {first: Counter({1: 1, 2: 2, 3: 0}), second: Counter({7: 1, 8: 1})}


def test_a_record_written_by_hand_out_of_step_is_refused_as_broken_naming_the_stream():
    record = Record()
    lot = record.new_lot([1, 2, 3], deck=10)
    record.receive(4, lot, 2)
    record.events[4] += ((lot, None),)  # an event with no card beside it
    with pytest.raises(ProvenanceError, match="record is broken: stream 4 received 2 cards by its events but holds 1"):
        record.undealt([4])
    record = Record()
    lot = record.new_lot([1, 2, 3], deck=10)
    record.receive(4, lot, 2)
    record.lots[lot] = None  # closed behind the stream's back
    with pytest.raises(ProvenanceError, match="stream 4 received a card from lot 0, which is closed"):
        record.undealt([4])
