"""Leak checks that no other test pinned, each found by an outside hand-run mutation sweep of corekit/leaks (twins,
deals, compare, truth): each test fails when its check is weakened (a condition dropped, a comparison narrowed, a
loop cut short), and names the check in a comment."""

from __future__ import annotations

from typing import Any

from corekit import Rng
from corekit.leaks import TruthTally, alike, check_choices, check_forward, check_sample_truth, twin
from corekit.simultaneous import Commitments
from corekit.state import declare, public, secret
from tests.corekit.leaky_games import GlowState, Glowworms, MarketGame, MarketTurns
from tests.corekit.test_leak_kit import CutsByHand, Showdown, ShowdownState, SixMoves, SixMovesGame, telling


def _game(state_class: type, game_id: str) -> Glowworms:
    kind = type(state_class.__name__ + "Game", (Glowworms,), {"id": game_id, "state_class": state_class})
    game: Glowworms = kind()
    return game


@declare
class SeatTwoChoicesNameBid(GlowState):
    def commitment_choices(self, name: str, seat: int) -> list[Any]:  # seat 2's choices: the bid it made, alone
        choices = super().commitment_choices(name, seat)
        committed = getattr(self, name).chosen[seat]
        return [committed] if seat == 2 and committed in choices else choices


def test_commitment_choices_are_checked_for_a_later_seat_after_one_with_a_single_choice():
    # twins.check_choices: a seat with no other choice is skipped (`continue`), not the end of the check, and every
    # other seat's commitment is checked, not only the first one's.
    state = _game(SeatTwoChoicesNameBid, "glowworms-seat-2-choices").initial_state(3, 5)
    for card in state.hands[1][1:]:
        state.move(card, state.hands[1], state.discard)  # seat 1 holds one card: nothing else it could bid
    state.apply(1, state.legal_actions(1)[0])
    state.apply(2, state.legal_actions(2)[0])
    failures: list[str] = []
    check_choices(state, 0, failures.append)
    assert len(failures) == 1 and failures[0].startswith(
        "commitment_choices('bids', 2), which seat 0 cannot see, depend on seat 2's own commitment: "
    ), failures


@declare
class ChoicesTypeTheBid(GlowState):
    def commitment_choices(self, name: str, seat: int) -> list[Any]:  # the bid made listed as a float: 3.0 == 3
        choices = super().commitment_choices(name, seat)
        committed = getattr(self, name).chosen.get(seat)
        return [float(choice) if choice == committed else choice for choice in choices]


def test_commitment_choices_that_type_the_bid_made_otherwise_are_refused():
    # twins.check_choices: the choices are compared by `alike`, so a float standing for the committed card counts.
    state = _game(ChoicesTypeTheBid, "glowworms-choices-type-bid").initial_state(3, 5)
    state.apply(1, state.legal_actions(1)[0])
    failures: list[str] = []
    check_choices(state, 0, failures.append)
    assert len(failures) == 1 and failures[0].startswith(
        "commitment_choices('bids', 1), which seat 0 cannot see, depend on seat 1's own commitment: [0]: "
    ), failures


def test_a_twin_played_forward_one_step_compares_that_step():
    # twins._forward: `steps` is how many steps are compared (`range(1, steps + 1)`), the last one included.
    from corekit.leaks import check_forward
    from tests.corekit.leaky_games import leaky_game

    game = leaky_game("glowworms-names-first-bid")
    failures: list[str] = []
    check_forward(game, game.initial_state(2, 1), 1, Rng(0), failures.append, steps=1)
    assert failures and failures[0].startswith("seat 1's observation differs 1 step(s) after a twin, once 'bid "), (
        failures
    )


@declare
class Weather(GlowState):
    """Honest: every bid draws a public weather die; a secret bonus die is rolled first when the next seat holds a 5
    (unused here): the generators part on a hidden card, and the weather then differs with nothing leaked."""

    weather: int = public(default=0)

    def _apply(self, seat: int, action: Any) -> None:
        if 5 in self.hands[(seat + 1) % self.players]:
            self.rng.die(6)
        self.weather = self.rng.die(6)
        super()._apply(seat, action)


def test_a_twin_whose_chance_parts_from_the_states_is_compared_no_further():
    # twins._forward: `real.rng.state != other.rng.state` stops the comparison (chance drawn otherwise is the seat's
    # to see), or an honest game whose public die follows a hidden draw is refused.
    from corekit.leaks import check_forward

    game = _game(Weather, "glowworms-weather")
    failures: list[str] = []
    for seed in range(6):
        state = game.initial_state(2, seed)
        for seat in (0, 1):
            check_forward(game, state, seat, Rng(seed), failures.append)
    assert failures == []


@declare
class NamesSeatTwosHandAtEachBid(GlowState):
    def _apply(self, seat: int, action: Any) -> None:  # the log names seat 2's hand, face down, at every bid
        super()._apply(seat, action)
        self.log = (f"seat 2 holds {sorted(self.hands[2])}",)


def test_a_twin_whose_pending_secret_choices_differ_is_compared_until_they_are_revealed():
    # twins._forward: commitments that differ in the twin (redrawn there) stop the comparison only once revealed
    # (`differed and _resolved(...)`), not while they are pending: seat 1 has bid, seat 0 bids, seat 2 has not.
    from corekit.leaks.twins import _forward

    game = _game(NamesSeatTwosHandAtEachBid, "glowworms-names-seat-2s-hand-at-each-bid")
    state = game.initial_state(3, 2)
    state.apply(1, state.legal_actions(1)[0])
    other = twin(state, 0, Rng(1), same_chance=True)
    assert other.bids.chosen[1] != state.bids.chosen[1]  # seat 1's bid redrawn otherwise in the twin
    failures: list[str] = []
    _forward(game, state, other, 0, Rng(1), failures.append, 40)
    assert failures and all(
        failure.startswith("seat 0's observation differs 1 step(s) after a twin, once 'bid ")
        and "log[0]: 'seat 2 holds [" in failure
        for failure in failures
    ), failures


@declare
class Picks(SixMoves):
    """Seat 0 picks one of eight in secret, then both seats wait: no zone at all, one secret commitment."""

    picks: Commitments = secret()
    ACTIONS = tuple(f"pick {n}" for n in range(1, 9))

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if self.rounds == 1:
            self.picks.open((seat,))
            self.picks.commit(seat, action)

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return list(self.ACTIONS)


@declare
class KeepsPicks(Picks):
    def sample(self, seat: int, rng: Rng) -> Any:  # a fair sample, but the others' true picks
        copy = super().sample(seat, rng)
        copy.picks.chosen.update({who: pick for who, pick in self.picks.chosen.items() if who != seat})
        return copy


class PicksGame(SixMovesGame):
    id = "picks"
    title = "Picks"
    state_class = KeepsPicks

    def _setup(self, players: int, seed: int, options: object) -> Picks:
        return self.state_class(game=self, players=players, options=options, rng=Rng(seed))


def test_the_truth_test_checks_a_game_that_hides_only_secret_commitments():
    # truth.check_sample_truth: a state with no zone hidden from the seat but another seat's secret commitment is
    # tested (`if not hidden and not secrets`), not skipped.
    game = PicksGame()
    tally = TruthTally()
    for seed in range(5):
        state = game.initial_state(2, seed)
        state.apply(0, state.legal_actions(0)[seed])
        check_sample_truth(state, 1, Rng(seed), lambda message: None, tally, seed)
    verdict = tally.verdict()
    assert verdict is not None and verdict[0].startswith(
        "sample() prefers the hidden truth of seat 0's commitment in 'picks' over the positions tested: "
    ), verdict


@declare
class MarketWeather(MarketTurns):
    """Honest: the market of `MarketTurns`, and every bid draws a public weather die, after a secret bonus die for
    an odd bid: another bid parts the generators, and the weather then differs with nothing leaked."""

    weather: int = public(default=0)

    def _apply(self, seat: int, action: Any) -> None:
        if action % 2:
            self.rng.die(6)
        self.weather = self.rng.die(6)
        super()._apply(seat, action)


def _market_forward_failures(state_class: type[MarketTurns]) -> list[str]:
    """What `check_forward` says for seat 1 of six two-seat `MarketGame` matches played with `state_class`."""
    game = MarketGame()
    game.state_class = state_class
    failures: list[str] = []
    for seed in range(6):
        check_forward(game, game.initial_state(2, seed), 1, Rng(seed), failures.append)
    return failures


def test_a_secret_choice_played_again_that_parts_the_generators_is_compared_no_further():
    # twins.Probe._play_and_compare: chance drawn otherwise in the step played again (`again.rng.state !=
    # real.rng.state`) is the seat's to see: an honest game whose public die follows a secret choice passes.
    assert _market_forward_failures(MarketWeather) == []


@declare
class MarketOddBidDraws(MarketTurns):
    """The market of `MarketTurns`, and an odd bid draws its bidder a card at once, in sight of all: the step shows
    the secret bid's parity, which samples (redrawing the bid among the seat's legal choices) would not know."""

    def _apply(self, seat: int, action: Any) -> None:
        super()._apply(seat, action)
        if action % 2 and len(self.deck) > 3 * self.players:
            self.draw(self.deck, self.hands[seat])


def test_a_secret_choice_whose_own_step_shows_something_of_it_is_refused():
    # twins.Probe._play_and_compare: played again with another choice, the cards and chance the same, a zone's size
    # that differs (the bidder's hand and the deck) was made by the choice alone, so it tells the seat the choice.
    failures = _market_forward_failures(MarketOddBidDraws)
    assert failures and all("instead, a secret choice, the cards and chance the same: " in f for f in failures)
    assert any(".size: " in f for f in failures), failures


def test_the_pooled_truth_test_names_the_position_that_leans_most_toward_the_truth():
    # truth.TruthTally.add: the label kept is the most one-sided position's (`ahead - behind > most`), the match a
    # failure tells the author to replay.
    tally = TruthTally()
    tally.add("zone 'deck'", 10, 2, "seed 1")
    tally.add("zone 'deck'", 60, 0, "seed 2")
    tally.add("zone 'deck'", 5, 5, "seed 3")
    verdict = tally.verdict()
    assert verdict is not None and verdict[1] == "seed 2", verdict


def test_the_truth_test_refuses_a_sample_keeping_a_later_hidden_part_at_one_position():
    # truth.check_sample_truth: every hidden part is tested at the position (`for key in truth`), not only the first;
    # for seat 1, KeepsOneHand keeps seat 2's hand, its second hidden zone (after seat 0's hand).
    from tests.corekit.leaky_games import leaky_game

    state = leaky_game("glowworms-keeps-one-hand").initial_state(3, 4)
    failures: list[str] = []
    check_sample_truth(state, 1, Rng(3), failures.append)
    assert len(failures) == 1 and failures[0].startswith("sample(1) prefers the hidden truth of zone 'hands 2'"), (
        failures
    )


def test_the_truth_test_compares_the_next_card_of_a_deck_of_two_face_down_cards():
    # truth._hidden_parts: a deck's top card is a hidden part of its own from two face-down cards (`len - up > 1`).
    state, rng = Glowworms().initial_state(2, 1), Rng(1)
    while len(state.deck) > 2:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    assert len(state.deck) == 2 and state.deck.up == 0
    tally = TruthTally()
    check_sample_truth(state, 0, Rng(1), lambda message: None, tally, "deck of two")
    assert ("sample", "the top card of zone 'deck'") in tally.counts, sorted(tally.counts)


@declare
class PicksOrPasses(SixMoves):
    """Honest: at its turns seat 0 picks one of three in secret (each pick replaces the last) or passes in public;
    seat 1 waits."""

    picks: Commitments = secret()
    ACTIONS = ("pass", "pick 1", "pick 2", "pick 3")

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_act:
            return []
        return list(self.ACTIONS) if seat == 0 else ["wait"]

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "pass":
            self.log = (*self.log[-2:], f"seat {seat} passes")
        elif action != "wait":
            self.picks.open((seat,))
            self.picks.commit(seat, action)

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return list(self.ACTIONS[1:])


@declare
class NamesThePick(PicksOrPasses):
    def _apply(self, seat: int, action: str) -> None:  # a leak: the log names the pick as it is made
        super()._apply(seat, action)
        if action.startswith("pick"):
            self.log = (*self.log[-2:], f"seat {seat} {action}s")


def _picks_failures(state_class: type) -> list[str]:
    game = PicksGame()
    game.state_class = state_class
    failures: list[str] = []
    for seed in range(12):
        state = game.initial_state(2, seed)
        state.apply(0, "pick 1")
        state.apply(1, "wait")
        check_forward(game, state, 1, Rng(seed), failures.append)
    return failures


def test_a_secret_choice_is_played_in_the_twin_as_another_secret_choice_never_as_a_public_move():
    # twins._other_secret_choice: the twin's stand-in for another seat's secret choice is one that commits too
    # (`_commits(then, trial, mover)`), tried among every other candidate: a public pass in its place shows the seat
    # a difference that is no leak, and stopping at a first candidate that does not commit misses the leak.
    assert _picks_failures(PicksOrPasses) == []
    failures = _picks_failures(NamesThePick)
    assert len(failures) == 12 and all(
        "(a secret choice; 'pick " in failure and "log[" in failure for failure in failures
    ), failures


def test_alike_tells_apart_sequences_of_two_lengths_sets_of_other_items_and_values_with_no_parts():
    # compare._alike: a list or tuple's length counts (zip alone stops at the shorter), sets of one size but other
    # items are unalike (not a KeyError), and a value with no parts known (a date, a Decimal) falls back on `==`.
    import datetime
    import decimal

    assert not alike((1, 2), (1, 2, 3)) and not alike([1, 2, 3], [1, 2])
    assert not alike({1, 2}, {1, 3}) and not alike(frozenset({"a"}), frozenset({"b"}))
    assert not alike(datetime.date(2020, 1, 1), datetime.date(2020, 1, 2))
    assert not alike(decimal.Decimal(1), decimal.Decimal(2)) and alike(decimal.Decimal(1), decimal.Decimal(1))


def _redeal_only_failures(game: Any, games: int) -> list[str]:
    """What `leaks.check_redeal` alone says of each step of `games` seeded random matches of `game`."""
    from corekit.leaks import check_redeal

    said: list[str] = []
    for seed in range(games):
        state, moves, step = game.initial_state(2, seed), Rng(seed), 0
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = legal[moves.below(len(legal))]
            step += 1
            check_redeal(game, state, seat, action, Rng(1000 * seed + step), said.append)
            state.apply(seat, action)
    return said


def test_a_log_line_typed_by_a_new_deal_is_refused_by_the_redeal_check():
    # deals.check_redeal: each seat's view of the two deals is compared by `alike`: a 1 that is a float after an
    # odd card dealt to seat 0 names it to seat 1.
    game = Showdown()
    game.state_class = telling(
        ShowdownState, "showdown", lambda state: 1.0 if state.hands[0][0] % 2 else 1, "TypesTheDeal"
    )
    failures = _redeal_only_failures(game, 10)
    assert failures and all(
        failure.startswith("seat 1's view, its own cards aside, depends on a deal nobody has seen")
        and "log[" in failure
        for failure in failures
    ), failures


class TypesBottomCardGame(Glowworms):
    """Sets seat 0's public score to 0.0 where the deck's bottom card, face down, is odd, to 0 where it is even."""

    id = "glowworms-types-bottom-card"

    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        state.scores[0] = 0.0 if state.deck[0] % 2 else 0
        return state


def test_a_setup_field_typed_by_a_face_down_card_is_refused_by_the_setup_deal_check():
    # deals.check_setup_deal: the two setups are compared by `alike` (`0 == 0.0`).
    from corekit.leaks import check_setup_deal

    game = TypesBottomCardGame()
    failures: list[str] = []
    for seed in range(6):
        check_setup_deal(game, 2, seed, game.make_options(None), failures.append)
    assert failures and all("depends on cards it cannot see" in f and "scores[0]: " in f for f in failures), failures


@declare
class TellsTheDraw(ShowdownState):
    """A leak: a seat may draw a card face down, and the log names it."""

    ACTIONS = ("draw", "wait")

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "draw" and self.deck:
            self.draw(self.deck, self.hands[seat])
            self.log = (*self.log[-2:], f"seat {seat} drew {self.hands[seat][-1]}")


class FourCards(Showdown):
    cards = (1, 2, 3, 4)


def test_a_draw_from_a_deck_of_two_face_down_cards_is_drawn_otherwise_too():
    # deals._unseen_decks: a deck holding two face-down cards has an order nobody has seen (`len - up > 1`), so a
    # log naming a card drawn from it is refused by the redeal check.
    from corekit.leaks import check_redeal

    game = FourCards()
    game.state_class = TellsTheDraw
    state = game.initial_state(2, 1)
    assert len(state.deck) == 2 and state.deck.up == 0
    failures: list[str] = []
    for seed in range(6):  # the two cards come out in the other order about half the time
        check_redeal(game, state, 0, "draw", Rng(seed), failures.append)
    assert failures and failures[0].startswith(
        "seat 1's view, its own cards aside, depends on a draw nobody has seen: 'draw' by seat 0 drew from a deck "
    ), failures


@declare
class CutsAndPledges(CutsByHand):
    """Honest: the deck cut by hand after each gather (so a deal cannot be played again as it came), and seat 0
    pledges its new card in secret (its own commitment shows it)."""

    pledges: Commitments = secret()

    def _apply(self, seat: int, action: str) -> None:
        super()._apply(seat, action)
        if action == "showdown":
            self.pledges.open([0])
            self.pledges.commit(0, self.hands[0][0])

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return sorted(self.hands[seat]) if seat == 0 else []


def test_a_seats_own_commitment_naming_its_new_card_is_no_doubtful_blame_where_the_deal_cannot_be_replayed():
    # deals.check_redeal: where the seat's own new cards cannot be dealt again as they came, a view differing only in
    # its own secret commitment is skipped (`_own_commitments_aside`), not reported as a doubtful leak.
    game = Showdown()
    game.state_class = CutsAndPledges
    assert _redeal_only_failures(game, 10) == []


def test_the_truth_tests_p_value_too_small_for_a_float_is_said_as_a_bound_not_as_0():
    tally = TruthTally()
    tally.add("seat 1's hand", 1200, 0, "match 0, step 3")
    verdict = tally.verdict()
    assert verdict is not None and verdict[0].endswith(
        "1200 samples matched the truth and not a state the seat cannot tell apart, 0 the other way (p < 1e-300)"
    ), verdict
