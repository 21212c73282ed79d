"""The sampling of hidden information (corekit.state.sampling, corekit.provenance) where an outside hand-run
mutation sweep (2026-12-07: 34 mutants, 15 survived) found no test holding it: each test fails when its code is
weakened, and names that code in a comment."""

from __future__ import annotations

from collections import Counter

import pytest

from corekit import Commitments, Rng
from corekit.state import ProvenanceError, declare
from corekit.state.sampling import resample
from tests.corekit.test_state import GAME, LanternState, built, fresh


def test_another_seats_unordered_hand_is_sorted_in_every_sample():
    # Pins corekit/state/sampling.py `_refill`: `if not ordered: cards.sort()`: a zone whose order does not matter
    # is refilled in one canonical order, so samples dealing it the same cards are the same state (equal digests).
    state = fresh()
    state.draw(state.pile, state.hands[1], 2)
    hands = [state.sample(0, Rng(key)).hands[1] for key in range(20)]
    assert all(len(hand) == 4 for hand in hands)
    assert [list(hand) for hand in hands] == [sorted(hand) for hand in hands]


def test_a_sample_sorts_the_unordered_zones_the_seat_sees_so_it_depends_on_the_view_alone():
    # Pins corekit/state/sampling.py `resample`: `for no in sight.canonical: copy.zone(no).sort()`: the seat's own
    # hand and a face-up pile, whose order does not matter, come out sorted, so two states the seat cannot tell
    # apart (its hand kept in another order) give the same sample.
    zones = {"columns": [[2, 4], [3, 4]], "pile": [1, 2, 3, 4]}
    state = built(hands=[[2, 1], [1, 3]], discard=[4, 2], **zones)
    twin = built(hands=[[1, 2], [1, 3]], discard=[2, 4], **zones)
    assert state.observation(0) == twin.observation(0)
    sampled = state.sample(0, Rng(7))
    assert list(sampled.hands[0]) == [1, 2] and list(sampled.discard) == [2, 4]
    assert sampled.digest() == twin.sample(0, Rng(7)).digest()


def no_crediting(monkeypatch, park=False):
    """A two-seat Lanterns position whose shown 1 came from the setup's deal or the reshuffled pile, with no search
    budget to decide it: every sample of seat 0 takes the fallback that pools the unseen cards per family."""
    from corekit.provenance import Deal

    state = built(hands=[[1, 2], [1, 3]], columns=[[2, 4], [3, 4]], discard=[1, 2, 3, 4])
    state.reshuffle(state.discard, state.pile)
    state.draw(state.pile, state.hands[1])
    state.move(1, state.hands[1], state.discard)
    if park:
        state.move(3, state.hands[1], state.slots[1])
    monkeypatch.setattr(Deal, "BUDGET", (0, 0))
    state.sample(0, Rng(0))
    assert state.record.plans[0][0] is None  # the fallback, `_pool_unseen`
    return state


def test_the_fallback_deal_shuffles_every_unseen_card_the_deck_included(monkeypatch):
    # Pins corekit/state/sampling.py `_pool_unseen`: `rng.shuffle(cards)` of each family's pool, and
    # `places += sorted(sizes.items())`, which puts the deck's face-down cards in the pool and redeals them: without
    # either, every fallback sample deals the same cards, or keeps the true deck.
    state = no_crediting(monkeypatch)
    samples = [state.sample(0, Rng(key)) for key in range(30)]
    hidden = Counter([*state.hands[1], *state.columns[0], *state.columns[1], *state.pile])
    for sampled in samples:
        assert sampled.observation(0) == state.observation(0)
        assert Counter([*sampled.hands[1], *sampled.columns[0], *sampled.columns[1], *sampled.pile]) == hidden
    assert len({tuple(sampled.pile) for sampled in samples}) > 1
    assert len({(tuple(sampled.hands[1]), tuple(sampled.columns[1])) for sampled in samples}) > 1


def test_the_fallback_deal_parks_only_a_kind_the_slot_accepts(monkeypatch):
    # Pins corekit/state/sampling.py `_pool_unseen`: `chances = [weights.get(card, 0) for card in pool]`: the parked
    # card is drawn by the slot's weights (Lanterns' slots accept 3 and 4 only), not evenly among the family's pool.
    state = no_crediting(monkeypatch, park=True)
    parked = Counter(state.sample(0, Rng(key)).slots[1][0] for key in range(40))
    assert set(parked) == {3, 4}


def test_a_hand_of_two_families_no_deck_holds_together_is_read_as_dealt_from_two_lots():
    # Pins corekit/state/sampling.py `_fresh_families`: with several lots, each card of a hand is received from its
    # own family's lot (`record.receive(..., lots[family(card)], card)`), not the whole hand from its first card's.
    from tests.corekit.test_position_families import GAME, MARKET, MixState

    state = MixState(
        game=GAME, players=2, options=None, rng=Rng(1), hands=[[1, 11], [12]], decks=[[2, 3], [13]], market=list(MARKET)
    )
    hands = Counter()
    for key in range(30):
        sampled = state.sample(1, Rng(key))
        assert sampled.observation(1) == state.observation(1)
        assert sorted(card // 10 for card in sampled.hands[0]) == [0, 1]  # one card of each family, as it held
        assert sorted([*sampled.hands[0], *sampled.decks[0], *sampled.decks[1]]) == [1, 2, 3, 11, 13]
        hands[tuple(sampled.hands[0])] += 1
    assert set(hands) == {(1, 11), (1, 13), (2, 11), (2, 13), (3, 11), (3, 13)}


def test_a_hands_face_up_card_in_a_game_of_several_families_is_read_as_shown_and_never_redealt():
    # Pins corekit/state/sampling.py `_fresh_families`: `record.show_all(info.stream, zone.face_up_cards())`: a card
    # lying face up on a hand at load was received and shown; unrecorded, the deal had one card more to hide there.
    from corekit.state import Zone
    from tests.corekit.test_position_families import GAME, MARKET, MixState

    state = MixState(
        game=GAME,
        players=2,
        options=None,
        rng=Rng(1),
        hands=[Zone([1, 11, 2], up=1), [12]],
        decks=[[3], [13]],
        market=list(MARKET),
    )
    for key in range(10):
        sampled = state.sample(1, Rng(key))
        assert sampled.observation(1) == state.observation(1)
        assert len(sampled.hands[0]) == 3 and sampled.hands[0].up == 1 and sampled.hands[0][-1] == 2


@declare
class WeighsThree(LanternState):
    def face_down_weights(self, zone):  # a public model: a parked card is always the 3
        return {3: 1, 4: 0}


def test_an_even_twins_deal_is_kept_apart_from_the_deal_by_the_games_weights():
    # Pins corekit/state/sampling.py `resample`: `copy.record.plans = {("even", seat) if even else seat: ...}`: the
    # deal an even twin was drawn from is kept under its own key, so a sample of the twin still weighs by the game.
    state = WeighsThree(
        game=GAME,
        players=2,
        options=None,
        rng=Rng(1),
        bids=Commitments(range(2)),
        hands=[[1, 2], [1, 3]],
        columns=[[2, 4], [3, 4]],
        pile=[1, 2, 3, 4],
    )
    state.move(3, state.hands[1], state.slots[1])
    assert {state.sample(0, Rng(key)).slots[1][0] for key in range(20)} == {3}
    twins = [resample(state, 0, Rng(key), keep_record=True, even=True) for key in range(20)]
    assert {twin.slots[1][0] for twin in twins} == {3, 4}  # evenly: the game's weights set aside
    assert {twin.sample(0, Rng(key)).slots[1][0] for key, twin in enumerate(twins)} == {3}


def test_gather_names_a_hand_emptied_face_up_that_also_held_cards_of_a_deal_not_gathered():
    # Pins corekit/provenance/record.py `Record.gather`: `if stream in empty and lots <= closing`: an emptied hand
    # ends its history only if every lot it received from closes; else its shown cards of the open lot (the setup's
    # deal, still in the columns) would be forgotten, and that lot no longer accounted for.
    state = built(hands=[[1, 2], [1, 3]], columns=[[2, 4], [3, 4]], discard=[1, 2, 3, 4])
    state.reshuffle(state.discard, state.pile)
    state.draw(state.pile, state.hands[0])
    for card in list(state.hands[0]):
        state.move(card, state.hands[0], state.discard)
    with pytest.raises(ProvenanceError, match=r"^cards gathered from face-down places while hands 0 still holds"):
        state.gather(state.pile, state.discard)


def test_gather_passes_over_hands_that_hold_only_cards_of_other_deals():
    # Pins corekit/provenance/record.py `Record.gather`: `if not lots & closing: continue`: the hands hold only the
    # setup's deal, so gathering the reshuffled pile's deal back leaves them be rather than refusing.
    state = built(hands=[[1, 2], [1, 3]], columns=[[2, 4], [3, 4]], discard=[1, 2, 3, 4])
    state.reshuffle(state.discard, state.pile)
    state.move(2, state.hands[0], state.discard)
    state.gather(state.pile, state.discard)
    assert sorted(state.pile) == [1, 2, 2, 3, 4] and state.record.truth[state.hands[1].no] == (1, 3)
    for key in range(5):
        assert state.sample(0, Rng(key)).observation(0) == state.observation(0)


def test_gather_refuses_to_close_a_deal_whose_remainder_stays_in_a_deck_not_gathered():
    # Pins corekit/provenance/record.py `Record.gather`: `if deck not in decks: raise ProvenanceError(...)`: seat 0's
    # hand goes into the market, but the rest of its deal is still face down in its own deck.
    from tests.corekit.test_position_families import GAME as MIX

    state = MIX.initial_state(2, 0)
    with pytest.raises(ProvenanceError, match=r"^cards gathered while the rest of their deck stays face down$"):
        state.gather(state.market, state.hands[0])


def test_a_deck_holding_face_down_cards_of_no_deal_is_refused_naming_the_zone():
    # Pins corekit/provenance/record.py `Record.deal`: `elif size: raise ProvenanceError(...)`.
    from corekit.provenance import Record

    with pytest.raises(ProvenanceError, match=r"^zone 5 holds face-down cards that came from no deal$"):
        Record().deal(0, [], [], {}, {5: 2})
    assert Record().deal(0, [], [], {}, {5: 0})[1] == []  # an empty deck of no deal is fine


def test_a_shown_card_its_only_lot_never_had_is_refused_as_contradicting_the_lots():
    # Pins corekit/provenance/deal.py `Deal.__init__`: `if any(min(counts.values(), default=0) < 0 ...)`: the stream
    # got one card of a lot holding a 1 and showed a 2; the counts alone (1 - 1 = 0 left, 0 held) would balance.
    from corekit.provenance import SHOWN, Deal, Stream

    with pytest.raises(ProvenanceError, match=r"^no deal fits the lots: a stream's shown cards contradict the lots"):
        Deal([Counter({1: 1})], [Stream(((0, None), (SHOWN, 2)))], [0])


def test_a_deal_with_two_streams_holding_a_face_down_card_is_refused():
    # Pins corekit/provenance/deal.py `Deal.__init__`: `if len(self.face_down_at) > 1: raise ProvenanceError(...)`.
    from corekit.provenance import Deal, Stream

    down = Stream(((0, None),), {3: 1})
    with pytest.raises(ProvenanceError, match=r"^no deal fits the lots: more than one stream holds a face-down card$"):
        Deal([Counter({3: 2})], [down, down], [0])
