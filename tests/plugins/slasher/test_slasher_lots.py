"""Samples after a reshuffle: the table saw the discard pile that became the new deck, so a sample may put
in the deck, and in the hands that drew from it, only cards that pile could have given.

The state's record (`corekit.provenance`) keeps the lots (the setup's unseen cards, then each pile as it was
reshuffled), the cards Flee! turned over from each, and each hand's stream: what the table saw it receive,
from which lot, and show; and what its owner saw it receive (`truth`)."""

from collections import Counter

import pytest

from corekit import Rng
from corekit.provenance import SHOWN, Deal
from plugins.slasher.cards import FULL_DECK, KILLERS
from plugins.slasher.game import ATTACK, Slasher, SlasherState
from tests.random_play import positions

# Random 4- and 5-player games (moves drawn from Rng(seed + 1000)) whose discard pile is reshuffled:
# once in the first two, twice and three times in the last two (version 7; killed seats no longer pass).
RESHUFFLING = [(4, 13), (4, 17), (5, 2), (5, 7)]


def contradiction(state: SlasherState) -> str | None:
    """What in `state` contradicts its own public history, or None: every card a hand showed must be one
    it had drawn and still held, what each hand drew must leave exactly its cards (and a face-down killer
    with its player), and each lot's cards must be exactly those drawn from it, turned over from it, and
    (for the last lot) still in the deck."""
    record = state.record
    drawn_from = [Counter() for _ in record.lots]
    for seat in range(state.players):
        stream = state.hands[seat].no
        hand, draws = Counter(), iter(record.truth.get(stream, ()))
        for lot, code in record.events.get(stream, ()):
            if lot != SHOWN:
                card = next(draws)
                hand[card] += 1
                drawn_from[lot][card] += 1
            elif hand[code] == 0:
                return f"seat {seat} showed {code}, which it did not hold"
            else:
                hand[code] -= 1
        if next(draws, None) is not None:
            return f"seat {seat} drew more cards than its history shows"
        holds = Counter(state.hands[seat])
        if state.phase == ATTACK and seat == state.turns.current:
            holds[state.killer] += 1
        if +hand != holds:
            return f"seat {seat} holds {sorted(holds.elements())}, its history leaves {sorted((+hand).elements())}"
    last = record.remainder.get(state.deck.no)
    for lot, held in enumerate(record.lots):
        cards = Counter(dict(held))
        accounted = drawn_from[lot] + Counter(record.turned[lot]) + (Counter(state.deck) if lot == last else Counter())
        if accounted != cards:
            return f"lot {lot} held {sorted(cards.elements())}, but {sorted(accounted.elements())} came out of it"
    return None


def play(players: int, seed: int):
    """The states of a random game, one per decision."""
    return positions(Slasher(), players, seed, Rng(seed + 1000))


@pytest.mark.parametrize(("players", "seed"), RESHUFFLING)
def test_each_hand_history_replays_into_the_true_hands_and_each_lot_is_accounted_for(players, seed):
    lots = 1
    for state in play(players, seed):
        assert contradiction(state) is None
        lots = len(state.record.lots)
    assert lots > 1, "the game was chosen because its discard pile is reshuffled"


@pytest.mark.parametrize(("players", "seed"), RESHUFFLING)
def test_samples_after_a_reshuffle_never_contradict_what_the_table_saw(players, seed):
    checked = 0
    for step, state in enumerate(play(players, seed)):
        if len(state.record.lots) == 1 or step % 3:
            continue
        for seat in range(players):
            sample = state.sample(seat, Rng(step * 7 + seat))
            assert contradiction(sample) is None, (step, seat)
            assert sample.observation(seat) == state.observation(seat)
            if state.phase == ATTACK and seat != state.turns.current:
                assert sample.killer in KILLERS
            checked += 1
    assert checked > 20


def test_before_any_reshuffle_a_sample_redraws_what_each_other_seat_drew_to_match_its_hand():
    state = next(s for s in play(4, 0) if s.turn == 6 and s.phase != ATTACK)
    sample = state.sample(0, Rng(3))
    assert contradiction(sample) is None
    drawn = [state.record.truth[state.hands[s].no] for s in range(4)]
    assert sample.record.truth[sample.hands[0].no] == drawn[0]
    assert [sample.record.truth[sample.hands[s].no] for s in (1, 2, 3)] != drawn[1:]


def test_the_first_lot_is_the_whole_deck_and_each_reshuffle_adds_the_discard_pile_it_shuffled():
    states = play(4, 13)
    before = next(s for s in states if not s.deck and s.discard and s.phase != ATTACK)
    pile = sorted(before.discard)
    assert [Counter(dict(lot)) for lot in before.record.lots] == [Counter(FULL_DECK)]
    after = next(s for s in states if len(s.record.lots) == 2)
    assert sorted(Counter(dict(after.record.lots[1])).elements()) == pile


def test_when_the_search_gives_up_a_sample_pools_the_unseen_cards_as_before_the_first_reshuffle(monkeypatch):
    monkeypatch.setattr(Deal, "BUDGET", (0, 0))
    state = next(s for step, s in enumerate(play(5, 7)) if len(s.record.lots) > 2 and step % 2 == 0)
    seat = (state.to_act[0] + 1) % state.players
    sample = state.sample(seat, Rng(5))
    assert state.record.plans[seat][0] is None
    assert sample.observation(seat) == state.observation(seat)
    assert sample.sample(seat, Rng(6)).digest() == state.sample(seat, Rng(6)).digest()
    assert Counter(c for zone in sample.zones().values() for c in zone) == Counter(FULL_DECK)
