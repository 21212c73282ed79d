"""Positions of a game of several card families whose decks come to hold more than one (a seat's own deck refilled
from a shared discard): read back whole and for a seat, and sampled soundly; and what `check_game` says of a game
whose positions do not read back."""

from __future__ import annotations

from collections import Counter

import pytest

from corekit import Game, Rng
from corekit.conformance import Report, check_game
from corekit.conformance.state_checks import _check_sample
from corekit.position import dumps, from_position, loads, to_position
from corekit.state import DeclaredState, Zone, declare, draw_pile, face_up, owned, public

OWN = tuple(value for value in range(1, 4) for _ in range(2))
"""Every seat's own deck: two each of 1-3; seat s's cards are 10 * s + value."""
TURNS = 12


@declare
class MixState(DeclaredState):
    hands: list[Zone] = owned()
    decks: list[Zone] = draw_pile(per_seat=True)
    discard: Zone = face_up(ordered=True)
    market: Zone = draw_pile()
    """A third family no rule touches: a seat's position must not deal its cards anywhere else."""
    turn: int = public(default=0)
    score: float = public(default=0)
    """Annotated float, added ints: a position must read it back as it is."""

    @property
    def to_act(self) -> tuple[int, ...]:
        seat = self.turn % self.players
        return (seat,) if self.hands[seat] and self.turn < TURNS else ()

    def legal_actions(self, seat: int) -> list[int]:
        return sorted(set(self.hands[seat])) if seat in self.to_act else []

    def _apply(self, seat: int, card: int) -> None:
        self.move(card, self.hands[seat], self.discard)
        # An empty deck takes the whole shared discard, every seat's cards: it then holds several families.
        self.draw_or_reshuffle(self.decks[seat], self.discard, self.hands[seat])
        self.turn += 1
        self.score += 1

    def returns(self) -> list[float]:
        return [0.5, 0.5]

    def position_problem(self) -> str | None:
        if sorted(self.market) != list(MARKET):
            return "fields.market: the market deck holds only the market's cards"
        return None


MARKET = (101, 102, 103, 104)


class MixDecks(Game):
    id = "mix-decks"
    title = "Mixed decks"
    min_players = 2
    max_players = 2

    def _setup(self, players: int, seed: int, options: object) -> MixState:
        rng = Rng(seed)
        decks = [[self.card(seat, value) for value in OWN] for seat in range(players)]
        for deck in decks:
            rng.shuffle(deck)
        state = MixState(game=self, players=players, options=options, rng=rng, decks=decks, market=list(MARKET))
        for seat in range(players):
            state.draw(state.decks[seat], state.hands[seat], 2)
        return state

    def max_decisions(self, players: int, options: object) -> int:
        return 40

    def card(self, seat: int, value: int) -> object:
        return value + 10 * seat

    def card_family(self, card: int) -> int:
        return card // 10  # whose deck it came from (10: the market's)


GAME = MixDecks()


def after_a_mixed_refill(seed: int) -> MixState:
    """A seeded random match played until some deck holds cards of both seats (and a hidden card is left)."""
    state = GAME.initial_state(2, seed)
    rng = Rng(seed)
    for _ in range(40):
        if any(len({card // 10 for card in deck}) > 1 for deck in state.decks):
            return state
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    raise AssertionError(f"seed {seed}: no deck came to hold both families")


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_position_with_a_deck_of_two_families_reads_back_the_same_and_samples_soundly(seed):
    state = after_a_mixed_refill(seed)
    loaded = loads(GAME, dumps(state))
    assert loaded.digest() == state.digest()
    report = Report(GAME.id, 2)
    for seat in range(2):
        assert loaded.observation(seat) == state.observation(seat)
        assert loaded.legal_actions(seat) == state.legal_actions(seat)
        _check_sample(loaded, seat, Rng(seed), f"seed {seed}", report)
    assert not report.failures, report.failures


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seats_position_with_a_deck_of_two_families_reads_back_as_that_seat_sees_it(seed, seat):
    state = after_a_mixed_refill(seed)
    loaded = loads(GAME, dumps(state, seat), seed=seed)
    assert loaded.observation(seat) == state.observation(seat)
    cards = Counter(card for zone in loaded.zones().values() for card in zone)
    assert cards == Counter(card for zone in state.zones().values() for card in zone)


def test_families_a_deck_holds_together_are_dealt_as_one_and_the_others_apart():
    # Deck 0 refilled from the discard holds both seats' cards, so a sample of the position read back may deal
    # seat 1's cards into seat 0's hand or deck; before any refill, each family stays where it lay.
    state = after_a_mixed_refill(0)
    loaded = loads(GAME, dumps(state))
    unseen_to_1 = [*loaded.decks[0], *loaded.hands[0], *loaded.decks[1]]
    dealt = {tuple(sorted(sample.decks[0])) for sample in (loaded.sample(1, Rng(key)) for key in range(40))}
    assert len(dealt) > 1 and all(Counter(cards) <= Counter(unseen_to_1) for cards in dealt)
    fresh = loads(GAME, dumps(GAME.initial_state(2, 0)))
    for key in range(40):
        sample = fresh.sample(1, Rng(key))
        assert {card // 10 for card in [*sample.decks[0], *sample.hands[0]]} == {0}


def test_check_passes_a_game_whose_decks_come_to_hold_several_families():
    report = check_game(GAME, 2, games=10, commentary=False)
    assert report.ok, report.failures


class PairCards(MixDecks):
    """Cards as (seat, value) pairs, with no names for a position file: JSON writes a pair as a list."""

    id = "pair-cards"

    def card(self, seat: int, value: int) -> object:
        return (seat, value)

    def card_family(self, card: object) -> int:
        return card[0] if isinstance(card, tuple) else 10


def test_check_reports_the_first_position_not_read_back_and_then_reads_no_more():
    failures = check_game(PairCards(), 2, games=5, commentary=False).failures
    assert len(failures) == 1, failures
    assert "the position of this state is not read back: PositionError: " in failures[0]
    assert failures[0].endswith("no other position is read back in this run")


@pytest.mark.parametrize("seed", range(6))
def test_a_seats_position_deals_a_short_zone_other_families_only_from_what_their_own_zones_leave(seed):
    # Deck 0 runs short of seat 0's cards (it holds seat 1's); the market's cards come first in the pool, but its own
    # deck needs every one of them.
    state = after_a_mixed_refill(seed)
    for seat in range(2):
        loaded = loads(GAME, dumps(state, seat), seed=seed)
        assert sorted(loaded.market) == list(MARKET)


def test_a_float_field_holding_an_int_reads_back_as_an_int():
    state = after_a_mixed_refill(0)
    assert type(state.score) is int
    assert loads(GAME, dumps(state)).digest() == state.digest()


class NobodyFirst(MixDecks):
    """A broken game: nobody is to act at the start, yet the match is not over and seat 0 has legal actions."""

    id = "nobody-first"

    def _setup(self, players: int, seed: int, options: object) -> MixState:
        state = super()._setup(players, seed, options)
        state.turn = -1
        return state


def test_check_names_a_seat_with_legal_actions_though_nobody_is_to_act_before_keeping_any_position(monkeypatch):
    monkeypatch.setattr(MixState, "is_terminal", property(lambda state: state.turn >= TURNS))
    monkeypatch.setattr(
        MixState, "to_act", property(lambda state: () if state.turn < 0 else (state.turn % state.players,))
    )
    monkeypatch.setattr(MixState, "legal_actions", lambda state, seat: sorted(set(state.hands[seat])))
    failures = check_game(NobodyFirst(), 2, games=1, commentary=False).failures
    assert any("is not to act but has legal actions" in failure for failure in failures), failures


def test_a_card_face_up_on_a_deck_of_another_family_does_not_make_the_two_families_one_deal():
    document = to_position(GAME.initial_state(2, 0))
    decks = document["fields"]["decks"]
    decks[0].append(decks[1].pop())  # seat 1's card, face up on seat 0's deck
    document["face_up"] = {"decks 0": 1}
    state = from_position(GAME, document)
    for key in range(30):
        sample = state.sample(1, Rng(key))
        face_down = sample.decks[0][: len(sample.decks[0]) - sample.decks[0].up]
        assert {card // 10 for card in face_down} == {0}


def test_a_deck_holding_face_up_cards_only_samples_after_a_position_is_read():
    document = to_position(GAME.initial_state(2, 0))
    document["face_up"] = {"decks 0": len(document["fields"]["decks"][0])}  # every card of seat 0's deck turned up
    state = from_position(GAME, document)
    for seat in range(2):
        assert list(state.sample(seat, Rng(seat)).decks[0]) == list(state.decks[0])
