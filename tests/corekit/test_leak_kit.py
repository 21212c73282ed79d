"""The leak checks (corekit.leaks) refuse every game of the corpus in tests/corekit/leaky_games.py, each with
the message that names its leak, through check_game, `campfire check` and the pytest fixture, and pass an
honest game."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import pytest

from corekit import Game, Rng, leaks
from corekit.conformance import check_game, check_match
from corekit.leaks import (
    SHOWN_CHARACTERS,
    TRUTH_ALPHA,
    TRUTH_SAMPLES,
    alike,
    check_choices,
    check_forward,
    check_sample_truth,
    check_twin,
    check_weights,
    first_difference,
    twin,
)
from corekit.leaks.twins import _forward
from corekit.plugins import Registry
from corekit.pytest_plugin import conformance_runner
from corekit.redeal import REDEAL
from corekit.simultaneous import Commitments
from corekit.state import DeclaredState, Hidden, Zone, declare, draw_pile, face_down, face_up, owned, public, secret
from corekit.tournament.stats import sign_tail
from tests.corekit import leaky_games
from tests.corekit.leaky_games import (
    LEAKS,
    FairDeterminize,
    GlowState,
    Glowworms,
    KeepsOneHand,
    KeepsTruth,
    LoneCardGame,
    RendersDeck,
    TupleViewGame,
    leaky_game,
    source_of,
)
from tests.corekit.tournament.cli_run import run_cli

REGISTRY = Registry(plugins=[sys.modules[leaky_games.__name__]])

SAYS = {game_id: says for game_id, (_, _, says) in LEAKS.items()}
"""What the kit's failure says of each leaking game."""


def test_an_honest_game_passes_every_leak_check():
    for players in (2, 3):
        report = check_game(Glowworms(), players, games=30)
        assert report.ok, report.failures
        assert report.hidden_varied


def test_a_secret_kept_while_another_secret_field_is_revealed_passes():
    # A goal committed secretly and never revealed, while each round's bids are: the honest twin of the leak
    # "glowworms-scores-secret-goals", which the twins compare past the bids' reveal.
    game = type("HonestGoals", (leaky_games.SecretGoalsGame,), {"state_class": leaky_games.SecretGoals})()
    for players in (2, 3):
        report = check_game(game, players, games=30)
        assert report.ok, report.failures


@pytest.mark.parametrize("game_id", sorted(LEAKS))
def test_each_leaking_game_is_refused_naming_its_leak(game_id):
    found = check_game(leaky_game(game_id), 2, games=30).failures
    assert any(SAYS[game_id] in failure for failure in found), found


@pytest.mark.parametrize("game_id", sorted(LEAKS))
def test_campfire_check_refuses_each_leaking_game_and_names_the_match_to_replay(game_id):
    result = run_cli("check", game_id, "--players", "2", "-n", "30", "--no-leaks", registry=REGISTRY)
    assert result.exit_code == 1, result.output
    assert SAYS[game_id] in result.output
    assert f"campfire check {game_id} --players 2 --match " in result.output


def test_the_match_a_failed_setup_deal_names_shows_the_failure_again() -> None:
    # `campfire check GAME --match SEED` must reproduce what the check named for that seed, the setup's deal too.
    report = check_game(leaky_game("glowworms-names-bottom-card"), 2, games=4)
    again = check_match(leaky_game("glowworms-names-bottom-card"), 2, report.failed_seeds[0])
    assert any(SAYS["glowworms-names-bottom-card"] in failure for failure in again.failures), again.failures


class SeatOrderGame(leaky_games.Glowworms):
    """Honest: draws a public seat order with the generator it dealt with, the order's numbers being card values
    too, and shuffles a list of tiles that are lists (unhashable) the same way."""

    def _setup(self, players: int, seed: int, options: Any) -> leaky_games.GlowState:
        state = super()._setup(players, seed, options)
        order, tiles = list(range(1, players + 1)), [[1, 2], [3, 4], [5, 6]]
        state.rng.shuffle(order)
        state.rng.shuffle(tiles)
        state.log = (f"order {order}, tiles {tiles}",)
        return state


def test_a_setup_shuffling_public_things_with_the_deals_generator_is_no_leak_of_the_deal() -> None:
    # From a review: every shuffle of the setup was dealt again, so a public seat order of 1s and 2s, the cards'
    # values too, read as a face-down card written into the log; a list of lists raised inside the shuffle.
    game = SeatOrderGame()
    failures: list[str] = []
    for seed in range(20):
        leaks.check_setup_deal(game, 2, seed, game.make_options(None), failures.append)
    assert failures == []


def test_the_leak_kit_puts_back_the_shuffle_it_found_however_the_setup_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = Rng.shuffle

    def counted(self: Rng, items: Any) -> None:  # a stand-in already in place, as a test's would be
        calls.append(len(items))
        original(self, items)

    monkeypatch.setattr(Rng, "shuffle", counted)

    class FailsTheSecondTime(leaky_games.NamesBottomCardGame):
        made = 0

        def _setup(self, players: int, seed: int, options: Any) -> leaky_games.GlowState:
            FailsTheSecondTime.made += 1
            if FailsTheSecondTime.made == 2:
                raise RuntimeError("no second deal")
            return super()._setup(players, seed, options)

    game = FailsTheSecondTime()
    with pytest.raises(RuntimeError, match="no second deal"):
        leaks.check_setup_deal(game, 2, 1, game.make_options(None), lambda message: None)
    assert Rng.shuffle is counted and calls  # the stand-in saw the setup's shuffle, and is back in place


def test_campfire_check_says_when_it_stopped_at_its_first_failures_before_its_last_match():
    result = run_cli("check", "glowworms-logs-draws", "--players", "2", "-n", "100", registry=REGISTRY)
    assert result.exit_code == 1
    assert "stopped at its first 20 failures; no player-level leak check" in result.output
    # One line for each leak check that failed, saying how often it failed among the 20 kept (a leak shows at most
    # steps of every match: 20 lines of it were one root cause, an outside tester found).
    lines = [line for line in result.output.splitlines() if line.startswith("  - ")]
    assert len(lines) == 2 and all(re.search(r" \(and \d+ more times, in \d more match(es)?\)$", x) for x in lines)
    stopped = re.search(r"The check stopped at its first 20 failures, after (\d+) of 100 matches", result.output)
    assert stopped and int(stopped[1]) < 100, result.output


@pytest.mark.parametrize("game_id", sorted(LEAKS))
def test_the_pytest_fixture_refuses_each_leaking_game(game_id):
    with pytest.raises(pytest.fail.Exception, match="fails conformance") as failed:
        conformance_runner(REGISTRY)(game_id, players=2, games=30, leaks=False)
    assert SAYS[game_id] in str(failed.value)


def position(kind, players=3, seed=4):
    game = leaky_game("glowworms-keeps-one-hand") if kind is KeepsOneHand else leaky_game("glowworms-keeps-truth")
    state = game.initial_state(players, seed)
    assert isinstance(state, kind)
    return state


@pytest.mark.parametrize("kind", [KeepsOneHand, KeepsTruth])
def test_the_truth_test_refuses_a_sample_that_keeps_true_cards(kind):
    failures = []
    check_sample_truth(position(kind), 0, Rng(1), failures.append)
    assert len(failures) == 1
    assert failures[0].startswith("sample(0) prefers the hidden truth of zone 'hands ")
    assert f"of {TRUTH_SAMPLES} samples, {TRUTH_SAMPLES} matched the truth" in failures[0]


def test_the_truth_test_passes_a_fair_sample_at_many_positions():
    game = Glowworms()
    for seed in range(30):
        state = game.initial_state(3, seed)
        for seat in range(3):
            failures = []
            check_sample_truth(state, seat, Rng(seed), failures.append)
            assert failures == []


def test_an_honest_game_whose_observation_is_a_tuple_of_its_own_passes_every_leak_check():
    # The redeal checks read a view's fields to leave the seat's own cards aside: a tuple has none, so they read the
    # core's view of the declared fields (they refused this game, "the game raised AttributeError").
    report = check_game(TupleViewGame(), 2, games=20)
    assert report.ok, report.failures


def test_an_honest_determinize_of_the_games_own_keeping_a_face_up_zones_order_of_play_passes():
    game = type(
        "FairDeterminizeGame", (Glowworms,), {"id": "glowworms-fair-determinize", "state_class": FairDeterminize}
    )
    report = check_game(game(), 2, games=30)
    assert report.ok, report.failures


def test_the_truth_test_draws_a_games_own_determinize_too_and_names_it():
    state = leaky_game("glowworms-determinize-peeks").initial_state(2, 3)
    assert leaks.sampling_methods(state) == ("sample", "determinize")
    assert leaks.sampling_methods(Glowworms().initial_state(2, 3)) == ("sample",)
    tally = leaks.TruthTally()
    check_sample_truth(state, 0, Rng(1), lambda failure: None, tally, "seed 3")
    ahead, behind = tally.counts["determinize", "the top card of zone 'deck'"]
    assert behind == 0 and ahead > 16, tally.counts  # every one of its samples holds the true next card
    for _ in range(3):  # the pooled test names the method whose samples prefer the truth
        tally.add("the top card of zone 'deck'", ahead, behind, "seed 3", "determinize")
    verdict = tally.verdict()
    assert verdict is not None and verdict[0].startswith(
        "determinize() prefers the hidden truth of the top card of zone 'deck' over the positions tested: "
    ), verdict


def test_the_truth_test_compares_each_card_of_a_hidden_pile_by_its_place_from_the_top():
    state = leaky_game("glowworms-knows-second-card").initial_state(2, 3)
    failures: list[str] = []
    tally = leaks.TruthTally()
    check_sample_truth(state, 0, Rng(1), failures.append, tally, "seed 3")
    ahead, behind = tally.counts["sample", "card 2 from the top of zone 'deck'"]
    assert behind == 0 and ahead > 16, tally.counts  # every sample holds the true second card
    assert len(state.deck) == 14 and ("sample", "card 14 from the top of zone 'deck'") in tally.counts


def test_the_kits_twins_are_the_cores_redeal_whatever_sampling_hook_the_game_overrides():
    state = leaky_game("glowworms-resample-keeps-hand").initial_state(2, 3)
    true_hand = tuple(sorted(state.hands[1]))
    assert {tuple(sorted(state.sample(0, Rng(key)).hands[1])) for key in range(20)} == {true_hand}
    assert len({tuple(sorted(leaks.twin(state, 0, Rng(key)).hands[1])) for key in range(20)}) > 1


def test_the_truth_tests_sign_tail_refuses_a_sample_keeping_the_truth_32_times_in_32():
    assert sign_tail(32, 0) == 2.0**-32 < TRUTH_ALPHA
    assert sign_tail(3000, 0) == 0.0 and sign_tail(1628, 1719) > 0.9


def test_a_sample_keeping_only_the_decks_next_card_passes_one_position_but_not_the_pooled_truth_test():
    game = leaky_game("glowworms-knows-next-card")
    state = game.initial_state(2, 3)
    failures = []
    check_sample_truth(state, 0, Rng(1), failures.append)
    assert failures == []  # 32 samples: a twin holds the true next card by chance too often to tell
    report = check_game(game, 2, games=30)
    assert len(report.failures) == 1 and report.failed_seeds, report.failures
    assert report.failures[0].startswith(f"seed {report.failed_seeds[-1]}: sample() prefers the hidden truth of the ")
    assert report.failures[0].endswith(
        "; pooled over the run's matches, so no one match shows it alone (this one leans most)"
    )
    assert "top card of zone 'deck' over the positions tested" in report.failures[0]


def test_a_difference_is_named_by_its_field_and_index():
    state = Glowworms().initial_state(2, 1)
    other = state.clone()
    other.scores[1] = 7
    assert first_difference(state.observation(0), other.observation(0)) == "scores[1]: 0 vs 7"


def test_a_value_differing_deep_inside_a_long_tuple_is_named_by_its_index_with_both_items():
    state = Glowworms().initial_state(2, 1)
    state.log = tuple(f"seat {n % 2} {('plays', 'draws')[n // 2 % 2]} {n % 5 + 1}" for n in range(20))
    other = state.clone()
    other.log = (*state.log[:9], "seat 1 plays 1", *state.log[10:])
    assert len(repr(state.log)) > 4 * SHOWN_CHARACTERS
    shown = first_difference(state.observation(0), other.observation(0))
    assert shown == "log[9]: 'seat 1 plays 5' vs 'seat 1 plays 1'"


def test_a_difference_goes_down_through_dict_keys_and_attrs_fields_from_the_name_given():
    red, blue = {"red": Hidden(3, cards=(1, 2, 3))}, {"red": Hidden(3, cards=(1, 2, 4))}
    assert first_difference(red, blue, "zones") == "zones['red'].cards[2]: 3 vs 4"


def test_values_not_made_alike_are_shown_whole():
    assert first_difference((1, 0), (1, 0, 2), "to_act") == "to_act: (1, 0) vs (1, 0, 2)"
    assert first_difference([1], (1,)) == "[1] vs (1,)"
    assert first_difference({"red": 1}, {"red": 1, "blue": 2}) == "{'red': 1} vs {'red': 1, 'blue': 2}"
    assert first_difference(frozenset({1, 2}), frozenset({1, 3})) == "frozenset({1, 2}) vs frozenset({1, 3})"


def test_a_long_value_is_cut_around_the_first_character_that_differs_on_both_sides():
    shown = first_difference("a" * 60 + "1" + "b" * 60, "a" * 60 + "2" + "b" * 60)
    assert shown == f"...{'a' * 24}1{'b' * 49}... vs ...{'a' * 24}2{'b' * 49}..."
    assert all(len(side) == SHOWN_CHARACTERS for side in shown.split(" vs "))
    longer = first_difference(tuple(range(30)), tuple(range(31)), "deck")
    assert longer == (
        "deck: ...2, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29) vs "
        "...2, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30)"
    )


@declare
class LogsEveryMove(GlowState):
    def _drew(self, seat, cards):  # a public rolling log of the last eight plays and draws names face-down cards
        played = f"seat {seat} plays {self.discard[-1]}"
        self.log = (*self.log, played, *(f"seat {seat} draws {card}" for card in cards))[-8:]


@declare
class ActsOnHidden(GlowState):
    @property
    def to_act(self):  # the seats in another order when the deck's (face-down) top card is a 5
        waiting = super().to_act
        return tuple(reversed(waiting)) if self.deck and self.deck[-1] == 5 else waiting


class TellsDeck(Glowworms):
    def events(self, before, after):  # the commentary names the deck's top card, read through the view's state
        told = super().events(before, after)
        deck = source_of(after).deck
        return [*told, f"next card {deck[-1]}"] if told and deck else told


def test_a_rolling_log_naming_a_draw_is_refused_naming_the_entry_and_both_draws():
    game = _variant(LogsEveryMove, "glowworms-logs-every-move")
    state = game.initial_state(2, 1)
    for _ in range(2):
        for seat in (0, 1):
            state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.log) == 8 and len(repr(state.log)) > SHOWN_CHARACTERS
    failures = []
    check_forward(game, state, 0, Rng(1), failures.append)
    assert failures == [
        "seat 0's observation differs 2 step(s) after a twin, once 'bid 4' by seat 0, then 'bid 5' by seat 1 were "
        "played: log[7]: 'seat 1 draws 2' vs 'seat 1 draws 4'"
    ]
    found = check_game(game, 2, games=10).failures
    forward = (
        r"seat \d's observation differs \d step\(s\) after a twin, once 'bid \d' by seat \d"
        r"(, then 'bid \d' by seat \d)* (was|were) played"
    )
    # The step where both seats draw: the twin deals the watched seat another card and stops; the step played again
    # with the deck shuffled before it names the other seat's draw.
    drawn = (
        r"seat \d's view, its own cards aside, depends on a draw nobody has seen: 'bid \d' by seat \d drew from a deck "
        r"whose order nobody has seen, and with its cards in another order"
    )
    shapes = [
        re.fullmatch(
            rf"seed \d+ step \d+: (?:(?P<forward>{forward})|(?P<drawn>{drawn})):? log\[\d\]: "
            r"'seat (?P<seat>\d) draws (?P<card>\d)' vs 'seat (?P=seat) draws (?!(?P=card))\d'"
            r"( \(as drawn vs drawn otherwise\))?",
            failure,
        )
        for failure in found
    ]
    assert found and all(shapes), found
    assert {name for shape in shapes if shape for name in ("forward", "drawn") if shape[name]} == {"forward", "drawn"}


@pytest.mark.parametrize(("seed", "rng", "seat", "says"), [(2, 1, 0, "1 vs 0"), (0, 2, 1, "0 vs 1")])
def test_seats_to_act_that_differ_in_a_twin_name_the_seat_that_cannot_tell_them_apart(seed, rng, seat, says):
    state = _variant(ActsOnHidden, "glowworms-acts-on-hidden").initial_state(2, seed)
    failures = []
    check_twin(state.game, state, seat, Rng(rng), failures.append)
    assert failures == [f"seat {seat} sees different seats to act in a state it cannot tell apart: to_act[0]: {says}"]


def test_a_secret_bid_is_played_on_in_a_twin_that_shares_no_legal_action_and_an_honest_game_passes():
    honest = type("LoneGame", (LoneCardGame,), {"id": "glowworms-lone", "state_class": GlowState})()
    state = honest.initial_state(2, 3)
    other = twin(state, 1, Rng(5), same_chance=True)
    assert not set(state.legal_actions(0)) & set(other.legal_actions(0))  # seat 0's one card differs in the twin
    failures = []
    assert _forward(honest, state, other, 1, Rng(0), failures.append, 40) >= 2  # the bids are compared
    assert failures == []
    assert check_game(honest, 2, games=30).ok


def test_a_commentary_naming_a_hidden_card_is_refused_naming_the_line_and_both_texts():
    game = type("TellsDeckGame", (TellsDeck,), {"id": "glowworms-tells-deck", "state_class": RendersDeck})()
    failures = []
    check_forward(game, game.initial_state(2, 1), 0, Rng(0), failures.append)
    assert failures == [
        "seat 0 is told something else in a state it cannot tell apart (1 step(s) later, after 'bid 3' by seat 0), "
        "so events() names what the seat cannot see: [1]: 'next card 4' vs 'next card 1'"
    ]


@declare
class ListBids(GlowState):
    def legal_actions(self, seat):  # actions as lists: not hashable
        return [[card] for card in super().legal_actions(seat)]

    def _apply(self, seat, action):
        super()._apply(seat, action[0])


@declare
class KeepsChance(GlowState):
    def sample(self, seat, rng):  # a fair redeal, but the true generator: the future leaks
        copy = super().sample(seat, rng)
        copy.rng = Rng(self.rng.state)
        return copy


def _variant(state_class: type, game_id: str) -> Glowworms:
    kind = type(state_class.__name__ + "Game", (Glowworms,), {"id": game_id, "state_class": state_class})
    game: Glowworms = kind()
    return game


def test_an_unhashable_action_of_a_declared_game_is_named_before_the_leak_checks_put_it_in_a_set():
    game = _variant(ListBids, "glowworms-list-bids")
    failures = check_game(game, 2, games=2, seed=1).failures
    assert len(failures) == 2
    for failure in failures:
        assert "step 1: action [" in failure
        assert "is not hashable (unhashable type: 'list'); actions must be, as players keep them" in failure


def test_a_sample_differing_only_in_its_chance_generator_is_named_by_it_not_by_two_equal_views():
    found = check_game(_variant(KeepsChance, "glowworms-keeps-chance"), 2, games=5).failures
    depends = [failure for failure in found if "depends on more than seat" in failure]
    assert depends, found
    assert all("samples, rng: " in failure for failure in depends), depends


def test_a_hidden_zone_is_as_recorded_along_an_honest_match_and_a_public_one_may_change_directly():
    from corekit.leaks import unrecorded_change

    game = Glowworms()
    for seed in range(5):
        state = game.initial_state(3, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            assert unrecorded_change(state) is None
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        state.discard.sort()  # everyone sees it: nothing hidden is involved
        state.discard.pop()
        assert unrecorded_change(state) is None


def test_a_hidden_zone_changed_behind_the_records_back_is_named_with_what_it_holds():
    from corekit.leaks import unrecorded_change

    state = Glowworms().initial_state(2, 3)
    swapped = next(at for at, card in enumerate(state.deck) if card not in state.hands[1])
    state.hands[1][0], state.deck[swapped] = state.deck[swapped], state.hands[1][0]  # same sizes, other cards
    assert unrecorded_change(state) == (
        "hands[1]",
        f"it holds {state.hands[1][0]!r} face down where the record has {state.deck[swapped]!r}",
    )
    state = Glowworms().initial_state(2, 3)
    state.hands[0].up = 5
    assert unrecorded_change(state) == ("hands[0]", "it counts 5 face-up cards of 3")
    state = Glowworms().initial_state(2, 3)
    state.deck.append(9)  # a card from nowhere, face down in the deck
    assert unrecorded_change(state) == ("deck", "it holds 15 face-down cards where the record has 14")


@declare
class ParksACard(GlowState):
    slots: list[Zone] = owned(parks_in="hands", accepts=range(1, 6))


@declare
class WeighsTheCard(ParksACard):
    def face_down_weights(self, zone):  # "a model of why it was played" that looks at the card
        return {kind: (1000 if zone and kind == zone[0] else 1) for kind in range(1, 6)}


@declare
class WeighsByTheHand(ParksACard):
    def face_down_weights(self, zone):  # "it was played, so it is not in the hand": the hand is hidden too
        owner = self.layout().zones[zone.no].seat
        return {kind: 1 + 9 * self.hands[owner].count(kind) for kind in range(1, 6)}


@pytest.mark.parametrize(
    ("state_class", "refused"), [(ParksACard, False), (WeighsTheCard, True), (WeighsByTheHand, True)]
)
def test_face_down_weights_that_read_the_parked_card_or_its_owners_hand_are_refused_naming_the_slot(
    state_class, refused
):
    game = _variant(state_class, "glowworms-parks")
    found = []
    for seed in range(5):
        state = game.initial_state(2, seed)
        state.move(state.hands[1][0], state.hands[1], state.slots[1])
        failures = []
        check_weights(state, 0, Rng(seed), failures.append)
        found += failures
    if not refused:
        assert found == []
        return
    assert found, "weights that read what seat 0 cannot see passed"
    assert all(
        re.fullmatch(
            r"face_down_weights of slots 1, which seat 0 cannot see, differ in a state it cannot tell apart: "
            r"\[\d\]: \d+ vs \d+, with \d there and with \d \(weigh the kinds by public facts alone, never the "
            r"card or its owner's hand\)",
            failure,
        )
        for failure in found
    ), found


@pytest.mark.parametrize(("game_id", "refused"), [("glowworms", False), ("glowworms-choices-name-bid", True)])
def test_commitment_choices_naming_the_commitment_made_are_refused_and_the_state_is_left_as_it_was(game_id, refused):
    game = Glowworms() if game_id == "glowworms" else leaky_game(game_id)
    state = game.initial_state(3, 5)
    state.apply(2, state.legal_actions(2)[-1])
    state.apply(1, state.legal_actions(1)[0])  # committed after seat 2: the default's pop and put back reorders
    before, order = state.digest(), list(state.bids.chosen)
    failures = []
    check_choices(state, 0, failures.append)
    assert (state.digest(), list(state.bids.chosen)) == (before, order)
    if not refused:
        assert failures == []
        return
    made = state.bids.chosen[1]
    assert failures and failures[0].startswith(
        f"commitment_choices('bids', 1), which seat 0 cannot see, depend on seat 1's own commitment: [0]: {made} vs "
    ), failures
    assert failures[0].endswith("(the choices are what it could have committed, never what it did)")


def test_commitment_choices_are_checked_in_a_game_whose_legal_actions_do_not_follow_the_waiting_seats():
    from corekit.state import public

    @declare
    class FlagsBids(GlowState):
        done: list[bool] = public(factory=lambda: [False] * 3)

        def legal_actions(self, seat):  # a flag per seat, not bids.waiting: the core's choices are empty
            return [] if self.done[seat] else super().legal_actions(seat)

        def _apply(self, seat, action):
            self.done[seat] = True
            super()._apply(seat, action)
            if not self.bids.chosen:
                self.done = [False] * self.players

        def commitment_choices(self, name, seat):  # every card in hand, the bid made first
            committed = getattr(self, name).chosen[seat]
            return [committed, *(card for card in sorted(set(self.hands[seat])) if card != committed)]

    game = _variant(FlagsBids, "glowworms-flags")
    state = game.initial_state(3, 5)
    state.apply(1, state.legal_actions(1)[0])
    failures = []
    check_choices(state, 0, failures.append)
    assert failures and failures[0].startswith(
        "commitment_choices('bids', 1), which seat 0 cannot see, depend on seat 1's own commitment: [0]: "
    ), failures


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (3, 3.0, False),
        (0.0, -0.0, False),
        (float("nan"), float("nan"), True),  # both read "nan", where == says no
        ((1, float("nan")), (1, float("nan")), True),
        ((1, [2, 3]), (1, [2, 3]), True),
        ((1, [2, 3]), (1, (2, 3)), False),
        ({"a": 1}, {"a": True}, False),
        ({3: "x"}, {3.0: "x"}, False),  # equal keys of two types
        (leaky_games.Drawn(1, 2), leaky_games.Drawn(1, 5), False),  # a field == leaves out
        (leaky_games.Drawn(1, 2), leaky_games.Drawn(1, 2), True),
        (frozenset({leaky_games.Drawn(1, 2)}), frozenset({leaky_games.Drawn(1, 5)}), False),
        ({3, "a"}, {3.0, "a"}, False),
        ({3, "a"}, {"a", 3}, True),
    ],
)
def test_alike_sees_types_and_fields_that_equality_leaves_out(a, b, same):
    assert alike(a, b) is same
    assert alike(b, a) is same


@pytest.mark.parametrize("slots", [True, False], ids=["in a slot", "in __dict__"])
def test_a_hash_attrs_caches_on_first_use_makes_no_difference_to_alike(slots):
    @attrs.frozen(cache_hash=True, slots=slots)
    class Battle:
        seat: int
        won: bool

    hashed, fresh = Battle(1, True), Battle(1, True)
    hash(hashed)  # one played with (kept in a set), the other read back from a position
    assert alike((hashed,), (fresh,))
    assert not alike((hashed,), (Battle(1, False),))


class SlotBid:
    """An action written by hand: `==` and `hash` read `value` only, and `tip` lives in a slot."""

    __slots__ = ("tip", "value")

    def __init__(self, value, tip):
        self.value, self.tip = value, tip

    def __eq__(self, other):
        return isinstance(other, SlotBid) and other.value == self.value

    def __hash__(self):
        return hash(self.value)


def test_alike_compares_the_slots_of_a_class_written_by_hand():
    assert alike([SlotBid(1, 5)], [SlotBid(1, 5)])
    assert not alike([SlotBid(1, 5)], [SlotBid(1, 2)])
    assert first_difference([SlotBid(1, 5)], [SlotBid(1, 2)]) == "[0].tip: 5 vs 2"


def test_alike_compares_the_attributes_of_views_beyond_their_fields_but_a_derived_value_not_yet_read():
    state = leaky_games.leaky_game("glowworms-notes-in-view").initial_state(2, 1)
    view, again = state.observation(0), state.observation(0)
    assert alike(view, again)
    again.__dict__["next_card"] = -1
    assert not alike(view, again)
    assert first_difference(view, again) == f"next_card: {state.deck[-1]} vs -1"
    del view.__dict__["next_card"]  # set in one only: a flag set when the next card is high would be so
    assert first_difference(view, again) == "next_card: (not set) vs -1"
    from plugins.grizzly_race.game import GrizzlyRace

    state = GrizzlyRace().initial_state(2, 1)
    view, again = state.observation(0), state.observation(0)
    assert view.lanes == again.lanes and "lanes" in view.__dict__  # read (and cached) in one only
    del again.__dict__["lanes"]
    assert alike(view, again)


def test_a_twin_with_another_seat_to_act_is_not_blamed_for_having_no_legal_action():
    class Stub:  # seat 1 is to act in the state, seat 0 in the twin (a hidden card decides who acts)
        is_terminal = False

        def __init__(self, to_act):
            self.to_act = to_act

        def clone(self):
            return self

        def legal_actions(self, seat):
            return ["go"] if seat in self.to_act else []

    said = []
    assert _forward(None, Stub((1,)), Stub((0,)), 2, Rng(1), said.append, 5) == 0
    assert said == []  # the seats to act differ: the comparison of what the seat sees now names that


@declare
class SixMoves(DeclaredState):
    """Two seats take turns for six moves, with a public count of moves and a log of the last three lines."""

    rounds: int = public(default=0)
    log: tuple[str, ...] = public(default=())
    ACTIONS: ClassVar[tuple[str, ...]] = ()
    """What the seat to act may do, whatever the position."""

    @property
    def to_act(self) -> tuple[int, ...]:
        return (self.rounds % self.players,) if self.rounds < 6 else ()

    def legal_actions(self, seat: int) -> list[str]:
        return list(self.ACTIONS) if seat in self.to_act else []

    def returns(self) -> list[float]:
        return [0.5] * self.players


def telling(base: type[SixMoves], action: str, line: Callable[[Any], str], name: str) -> type[SixMoves]:
    """`base` with a leak: after each `action`, the log (public) says `line(state)`."""

    @declare
    class Telling(base):  # type: ignore[valid-type,misc]
        def _apply(self, seat: int, played: str) -> None:
            super()._apply(seat, played)
            if played == action:
                self.log = (*self.log[-2:], line(self))

    Telling.__name__ = Telling.__qualname__ = name
    return Telling


class SixMovesGame(Game):
    """A `SixMoves` game of two seats, whose `_setup` makes its `state_class`."""

    min_players = 2
    max_players = 2

    state_class: type[SixMoves]

    def max_decisions(self, players: int, options: object) -> int:
        return 6

    @classmethod
    def failures(cls, state_class: type[SixMoves], games: int) -> list[str]:
        """The failures `check_game` reports of this game played with `state_class`."""
        game = cls()
        game.state_class = state_class
        return check_game(game, 2, games=games, commentary=False).failures


@declare
class ShowdownState(SixMoves):
    """Each seat holds one card; a showdown lays both face up, logs their total, and deals again at once."""

    hands: list[Zone] = owned()
    deck: Zone = draw_pile()
    shown: Zone = face_up()
    ACTIONS = ("showdown", "wait")

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "wait":
            return
        for hand in self.hands:
            self.move_all(hand, self.shown)
        self.log = (*self.log[-2:], f"the cards shown add up to {sum(self.shown)}")  # seen by all: honest
        self.gather(self.deck, self.shown)  # in the same step
        for hand in self.hands:
            self.draw(self.deck, hand)


TellsTheDeal = telling(ShowdownState, "showdown", lambda state: f"seat 0 now holds {state.hands[0][0]}", "TellsTheDeal")
"""A leak: after the new deal, the log says what seat 0 was dealt."""


class Showdown(SixMovesGame):
    id = "showdown"
    title = "Showdown"
    state_class = ShowdownState
    cards: tuple[int, ...] = tuple(range(1, 9))

    def _setup(self, players: int, seed: int, options: object) -> ShowdownState:
        rng = Rng(seed)
        deck = list(self.cards)
        rng.shuffle(deck)
        state = self.state_class(game=self, players=players, options=options, rng=rng, deck=deck)
        for hand in state.hands:
            state.draw(state.deck, hand)
        return state


showdown_failures = Showdown.failures


def test_cards_shown_and_gathered_back_in_one_step_count_as_seen_by_the_twin_played_forward():
    report = check_game(Showdown(), 2, games=20, commentary=False)
    assert report.ok, report.failures


def test_a_long_run_of_moves_on_a_twin_is_named_by_its_first_two_and_last_two():
    from corekit.leaks.twins import _moves

    assert _moves(["a", "b"]) == "a, then b"
    assert _moves(list("abcdefg")) == "a, then b, then 3 more, then f, then g"


def assert_seat_1_blamed_for_a_log_line(failures: list[str]) -> None:
    assert failures and all(
        "seat 1's view, its own cards aside, depends on a deal nobody has seen: 'showdown' by seat " in failure
        and " log[" in failure
        for failure in failures
    ), failures


def test_a_log_naming_a_card_of_a_deal_made_during_play_is_refused_naming_the_deal():
    failures = showdown_failures(TellsTheDeal, games=10)
    # Seat 1's: the line names seat 0's own new card, which seat 0 sees (dealt again with that card kept where it
    # lay, the line is the same).
    assert_seat_1_blamed_for_a_log_line(failures)


@declare
class TellsTheFirstDeal(ShowdownState):
    """A leak in the first move only, always a showdown: the log names seat 0's new card."""

    def legal_actions(self, seat: int) -> list[str]:
        return ["showdown"] if seat in self.to_act and self.rounds == 0 else super().legal_actions(seat)

    def _apply(self, seat: int, action: str) -> None:
        first = self.rounds == 0
        super()._apply(seat, action)
        if first:
            self.log = (*self.log, f"seat 0 now holds {self.hands[0][0]}")


def test_a_deal_in_the_same_move_of_every_match_is_dealt_otherwise_in_each():
    failures = showdown_failures(TellsTheFirstDeal, games=10)
    assert sum("depends on a deal nobody has seen" in failure for failure in failures) >= 5, failures


@declare
class TrumpShowdown(ShowdownState):
    """A showdown that turns the deck's next card up as a trump after the new deal, and says which it is."""

    trump: Zone = face_up()

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "wait":
            return
        for hand in self.hands:
            self.move_all(hand, self.shown)
        self.gather(self.deck, *self.piles())
        for hand in self.hands:
            self.draw(self.deck, hand)
        self.turn_up()
        self.log = (*self.log[-2:], f"the trump is {self.trump[0]}")

    def turn_up(self) -> None:
        self.draw(self.deck, self.trump)

    def piles(self) -> tuple[Zone, ...]:
        """The piles a showdown gathers back into the deck."""
        return (self.shown, self.trump)


TrumpTellsTheDeal = telling(
    TrumpShowdown, "showdown", lambda state: f"seat 0 now holds {state.hands[0][0]}", "TrumpTellsTheDeal"
)
"""A leak in the step that also turns a trump up: the log names seat 0's new card."""


SEAT_1_BLAMED = "seat 1's view, its own cards aside, depends on a deal"


def assert_honest_passes_and_leak_fails(
    failures: Callable[[type[SixMoves], int], list[str]],
    honest: type[SixMoves],
    leaky: type[SixMoves],
    matches: int,
    says: str = SEAT_1_BLAMED,
) -> None:
    """`honest` passes 20 matches; `leaky` fails in at least `matches` of 10, every failure saying `says`."""
    assert failures(honest, 20) == []
    found = failures(leaky, 10)
    assert len({failure.split(" step")[0] for failure in found}) >= matches, found
    assert all(says in failure for failure in found), found


class TwoKinds(Showdown):
    cards = (1, 1, 1, 1, 2, 2, 2, 2)


def two_kinds_failures(state_class: type[SixMoves], games: int) -> list[str]:
    game = TwoKinds()
    game.state_class = state_class
    return check_game(game, 2, games=games, commentary=False).failures


def test_a_log_naming_another_seats_new_card_is_refused_where_the_deck_holds_copies_of_each_card():
    failures = two_kinds_failures(TellsTheDeal, games=20)
    # A card is put back where it lay by its position in the deal, not by its value (keeping every card of a value
    # would deal the whole deck as before, and pass the leak): seat 0's own new card comes again as it came, so the
    # line naming it is no leak to seat 0, and seat 1 alone is named, for sure.
    assert len({failure.split(" step")[0] for failure in failures}) >= 10
    assert all("seat 1's view, its own cards aside, depends on a deal nobody has seen" in f for f in failures)
    assert not any("could not be dealt again" in f for f in failures)


@declare
class KittyShowdown(TrumpShowdown):
    """After the deal one card goes face down to a stock nobody sees, and the rest of the deck is laid face up bottom
    first (`move_all` from the deck)."""

    stock: Zone = face_down()

    def turn_up(self) -> None:
        self.draw(self.deck, self.stock)
        self.move_all(self.deck, self.trump)

    def piles(self) -> tuple[Zone, ...]:
        return (self.shown, self.trump, self.stock)


@declare
class LowestShowdown(TrumpShowdown):
    """The lowest card left in the deck after the deal is laid face up (`move` by value, from within the deck)."""

    def turn_up(self) -> None:
        self.move(min(self.deck), self.deck, self.trump)


def test_cards_taken_from_within_a_deck_or_all_of_it_are_kept_at_their_positions_too():
    for honest in (KittyShowdown, LowestShowdown):
        leaky = telling(honest, "showdown", lambda state: f"seat 0 now holds {state.hands[0][0]}", "Leaky")
        assert_honest_passes_and_leak_fails(two_kinds_failures, honest, leaky, 5, f"{SEAT_1_BLAMED} nobody has seen")


@declare
class CutsByHand(ShowdownState):
    """After the gather, the game cuts the deck by changing its list itself, not through a zone method."""

    def gather(self, into: Zone, *sources: Zone) -> None:
        super().gather(into, *sources)
        into[:] = into[3:] + into[:3]


def _redeal_failures(state_class: type[SixMoves], games: int) -> list[str]:
    """What `leaks.check_redeal` alone says of each step of `games` seeded random Showdown matches of `state_class`."""
    game = Showdown()
    game.state_class = state_class
    said: list[str] = []
    for seed in range(games):
        state = game.initial_state(2, seed)
        moves = Rng(seed)
        step = 0
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = legal[moves.below(len(legal))]
            step += 1
            where = f"seed {seed} step {step}"
            leaks.check_redeal(
                game,
                state,
                seat,
                action,
                Rng(1000 * seed + step),
                lambda text, where=where: said.append(f"{where}: {text}"),
            )
            state.apply(seat, action)
    return said


def test_a_deck_whose_list_the_game_changes_by_hand_is_not_traced_and_a_failure_says_its_blame_is_uncertain():
    # `campfire check` refuses such a game at the step that cut the deck (the cut came right after the gather's
    # shuffle, in the same step); the leak checks, asked alone, follow it.
    refused = showdown_failures(CutsByHand, 3)
    assert refused and all(
        "apply put the draw pile deck in an order no shuffle left it in" in failure for failure in refused
    ), refused
    leaky = telling(CutsByHand, "showdown", lambda state: f"seat 0 now holds {state.hands[0][0]}", "Leaky")
    assert _redeal_failures(CutsByHand, 20) == []
    failures = _redeal_failures(leaky, 10)
    assert len({failure.split(" step")[0] for failure in failures}) >= 5, failures
    uncertain = (
        "seat 0's own new cards could not be dealt again as they came (the deck's list changed by hand, or other "
        "cards turned up then), and a line naming only them would read so too"
    )
    # Seat 0, whose own card the line names, is blamed with that reason; seat 1 for sure only where its own new card
    # came again as dealt by chance.
    assert any(failure.endswith(uncertain) for failure in failures)
    assert all(failure.endswith(uncertain) or SEAT_1_BLAMED in failure for failure in failures), failures


@declare
class ShufflesTwice(ShowdownState):
    """After the gather, the game shuffles the deck once more itself (`shuffle`), then deals."""

    def gather(self, into: Zone, *sources: Zone) -> None:
        super().gather(into, *sources)
        self.shuffle(into)


def test_a_deck_shuffled_again_by_the_game_during_a_step_is_dealt_otherwise_too():
    # `shuffle` told the checks nothing: the deal played again came out as the game's own second shuffle put it,
    # and a line naming another seat's new card passed (15 failures in 150 checks, found by a review).
    leaky = telling(ShufflesTwice, "showdown", lambda state: f"seat 0 now holds {state.hands[0][0]}", "Leaky")
    assert_honest_passes_and_leak_fails(showdown_failures, ShufflesTwice, leaky, 5)


def test_the_redeal_check_traces_a_copy_of_the_state_and_leaves_the_state_and_its_record_as_they_were():
    from corekit.leaks import check_redeal
    from corekit.provenance import Record

    game = Showdown()
    game.state_class = StudShowdown
    state = game.initial_state(2, 5)
    digest = state.digest()
    failures: list[str] = []
    check_redeal(game, state, 0, "showdown", Rng(1), failures.append)
    assert failures == []
    assert type(state.record) is Record  # the traced copy's record class (TracedRecord) is not the match's
    assert state.digest() == digest and REDEAL.get() is None


def test_the_redeal_check_guesses_which_equal_card_a_zone_showed_latest_first_then_keeps_them_all():
    from corekit.leaks.deals import GUESSES, _guesses

    # Move 0 went face up for sure; one show could only be move 3; another was move 5 or move 2.
    assert list(_guesses({0}, [[3], [5, 2]])) == [{0, 3, 5}, {0, 3, 2}, {0, 3, 5, 2}]
    # Two shows among the same two cards: each card is shown once, and a way is tried once.
    assert list(_guesses(set(), [[5, 2], [5, 2]])) == [{5, 2}]
    # At most GUESSES choices, then every candidate.
    many = list(_guesses(set(), [[9, 8, 7], [6, 5, 4]]))
    assert len(many) == GUESSES + 1 and many[0] == {9, 6} and many[-1] == {9, 8, 7, 6, 5, 4}
    assert list(_guesses({1}, [])) == [{1}]
    # A hand shows 13 cards equal to the 12 it received: no way pairs them, and the search gives up within its
    # bound (walking every choice took hours: 12 ** 13 of them) and keeps every card.
    assert list(_guesses(set(), [list(range(12))] * 13)) == [set(range(12))]
    # 12 shows of 12 equal cards: ways enough, found within the bound.
    found = list(_guesses(set(), [list(range(12))] * 12))
    assert len(found) == 1 and found[0] == set(range(12))


def test_up_cards_and_a_trump_with_copies_in_the_deck_are_kept_where_they_lay_so_the_step_is_compared():
    # Stud up-cards and a trump turned over after the deal: the deck holds four of each card, so only their positions
    # say which of the copies showed. Honest, every check passes; naming a hole card fails in half the matches or
    # more (the step was not compared at all when cards were kept by value: 0-3 failures in 10 matches of a deck of
    # pairs). Where the hand's two cards are equal, the check guesses which the game showed (the trace does not
    # follow the hand's order): the later dealt first, then the other.
    first_up_tells = telling(
        StudFirstUpShowdown, "showdown", lambda state: f"seat 0 holds {state.hands[0][0]}", "Tells"
    )
    for honest, leaky in (
        (StudShowdown, StudTellsTheHole),
        (StudFirstUpShowdown, first_up_tells),
        (TrumpShowdown, TrumpTellsTheDeal),
    ):
        assert_honest_passes_and_leak_fails(
            two_kinds_failures,
            honest,
            leaky,
            5,
            f"{SEAT_1_BLAMED} nobody has seen",
        )


@declare
class StudShowdown(ShowdownState):
    """A stud deal: each seat is dealt two cards and shows one of them (an up-card) in the same move."""

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "wait":
            return
        for hand in self.hands:
            self.move_all(hand, self.shown)
        self.gather(self.deck, self.shown)
        self.deal()
        for hand in self.hands:
            self.move(hand[self.UP], hand, self.shown)  # the second card dealt, face up

    def deal(self) -> None:
        for hand in self.hands:
            self.draw(self.deck, hand, 2)

    UP = -1
    """Which card of each hand goes face up: the second dealt."""


@declare
class StudFirstUpShowdown(StudShowdown):
    """Stud with the first card dealt face up: with copies in the deck, the hand's other card may equal it."""

    UP = 0


StudTellsTheHole = telling(
    StudShowdown, "showdown", lambda state: f"seat 0 holds {state.hands[0][0]} down", "StudTellsTheHole"
)
"""A leak: the log names seat 0's card face down."""


def test_a_deal_that_also_shows_up_cards_from_the_hands_is_compared_with_those_put_back_where_they_lay():
    assert_honest_passes_and_leak_fails(showdown_failures, StudShowdown, StudTellsTheHole, 5)


@declare
class ShufflesBetweenRounds(StudShowdown):
    """Stud dealt a card to each hand at a time, the deck shuffled again (`shuffle`) before the second, shown card."""

    def deal(self) -> None:
        for _ in range(2):
            for hand in self.hands:
                self.draw(self.deck, hand)
            self.shuffle(self.deck)


def test_a_card_shown_from_a_deck_shuffled_again_in_the_step_is_kept_in_it_through_the_first_deal():
    from corekit.leaks import check_redeal

    # The up-card lay in the deck at the second shuffle: kept only there, the deal played again could give it out
    # in the first round, and the step went unchecked (16 of these 40 checks failed so; 29 of 100 in a review's game).
    leaky = telling(ShufflesBetweenRounds, "showdown", lambda state: f"seat 0 holds {state.hands[0][0]}", "Leaky")
    assert showdown_failures(ShufflesBetweenRounds, 20) == []
    game = Showdown()
    game.state_class = leaky
    failed = 0
    for seed in range(40):
        said: list[str] = []
        check_redeal(game, game.initial_state(2, seed), 0, "showdown", Rng(seed), said.append)
        failed += bool(said)
    assert failed >= 26, failed


def test_a_deal_that_also_turns_a_trump_up_is_compared_with_the_trump_kept_where_it_lay():
    assert showdown_failures(TrumpShowdown, games=20) == []
    failures = showdown_failures(TrumpTellsTheDeal, games=10)
    assert_seat_1_blamed_for_a_log_line(failures)


@declare
class PledgesItsNewCard(ShowdownState):
    """Honest: after each showdown's deal, seat 0 pledges its new card in secret (its own commitment shows it)."""

    pledges: Commitments = secret()

    def _apply(self, seat: int, action: str) -> None:
        super()._apply(seat, action)
        if action == "showdown":
            self.pledges.open([0])  # seat 0's alone: a pledge left waiting for others would be a decision left open
            self.pledges.commit(0, self.hands[0][0])

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return sorted(self.hands[seat]) if seat == 0 else []


def test_a_seats_own_commitment_naming_its_new_card_is_not_blamed_on_the_deal():
    # Dealt otherwise, seat 0 pledges another card, which it sees: dealt again with its card kept, it pledges the same.
    assert showdown_failures(PledgesItsNewCard, games=20) == []


@declare
class EachPledgesItsNewCard(PledgesItsNewCard):
    """Honest: after each showdown's deal, every seat pledges its new card in secret."""

    def _apply(self, seat: int, action: str) -> None:
        ShowdownState._apply(self, seat, action)
        if action == "showdown":
            self.pledges.open(range(self.players))
            for pledger, hand in enumerate(self.hands):
                self.pledges.commit(pledger, hand[0])

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return sorted(self.hands[seat])


@pytest.mark.parametrize("state_class", [PledgesItsNewCard, EachPledgesItsNewCard])
def test_a_seats_own_commitment_naming_its_new_card_passes_where_the_deck_holds_copies_of_it(state_class):
    class TwoKinds(Showdown):
        cards = (1, 1, 1, 1, 2, 2, 2, 2)

    game = TwoKinds()
    game.state_class = state_class
    # A seat's view differs only in its own commitment, and the check cannot deal its card again as it came: not
    # reported (a public line would differ in the others' views, its own commitment aside).
    assert check_game(game, 2, games=20, commentary=False).failures == []


@declare
class PredictsThenBids(ShowdownState):
    """Honest: seat 0 first predicts in secret (never revealed here), then both seats make public bids."""

    predictions: Commitments = secret()
    bid: int = public(default=0)

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_act:
            return []
        return ["predict 1", "predict 2"] if self.rounds == 0 else ["bid 1", "bid 2"]

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action.startswith("predict"):
            self.predictions.open((seat,))
            self.predictions.commit(seat, action)
        else:
            self.bid = int(action[-1])

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return ["predict 1", "predict 2"]


def test_a_public_move_by_a_seat_whose_secret_choice_is_still_pending_is_played_as_it_is_in_the_twin():
    # Not a secret choice: the twin bids what the state bids (it once bid another, and seat 1 saw the bids differ).
    assert showdown_failures(PredictsThenBids, games=20) == []


@declare
class RevealsAndPicksAgain(ShowdownState):
    """Honest: at each of its turns seat 0 shows the pick it made in secret last time and picks again in secret."""

    picks: Commitments = secret()

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_act:
            return []
        return ["pick 1", "pick 2"] if seat == 0 else ["wait"]

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if seat != 0:
            return
        if self.picks.chosen:
            self.log = (*self.log[-2:], f"seat 0 had picked {self.picks.reveal()[0]}")
        self.picks.open((0,))
        self.picks.commit(0, action)

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return ["pick 1", "pick 2"]


def test_a_move_that_shows_a_secret_choice_and_makes_another_is_seen_as_showing_it():
    # As many choices pending after it as before: the twin played forward must still see the first one revealed.
    assert showdown_failures(RevealsAndPicksAgain, games=20) == []


FACES = (1, 2, 3, 4, 5, 6)


@declare
class CupsState(SixMoves):
    """Liar's dice's rolls: each seat's two dice lie hidden in its cup, tokens from a bag. A "roll" gathers every
    die, rolls each cup anew and one die face up onto the tray; a "show" rolls one more onto the tray; each says
    the tray's last face (public)."""

    cups: list[Zone] = owned()
    bag: Zone = draw_pile()
    tray: Zone = face_up()
    ACTIONS = ("roll", "show")

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "show":
            self.log = (*self.log[-2:], f"the tray shows {self.roll(self.bag, self.tray, FACES)}")
            return
        self.gather(self.bag, *self.cups, self.tray)
        for cup in self.cups:
            self.roll(self.bag, cup, FACES, 2)
        self.log = (*self.log[-2:], f"everyone rolls; the tray shows {self.roll(self.bag, self.tray, FACES)}")


TellsSeatZerosRoll = telling(
    CupsState, "roll", lambda state: f"seat 0's best die is {max(state.cups[0])}", "TellsSeatZerosRoll"
)
"""A leak: a roll's log names seat 0's best die."""


class Cups(SixMovesGame):
    id = "cups"
    title = "Cups"
    state_class = CupsState
    faces = FACES
    """The faces of the dice rolled at setup."""

    def _setup(self, players: int, seed: int, options: object) -> CupsState:
        rng = Rng(seed)
        bag = list(FACES) * (2 * players + 6)  # of each face, as many tokens as there are dice
        rng.shuffle(bag)
        state = self.state_class(game=self, players=players, options=options, rng=rng, bag=bag)
        for cup in state.cups:
            state.roll(state.bag, cup, self.faces, 2)
        return state


cups_failures = Cups.failures


def test_dice_rolled_hidden_and_face_up_through_roll_pass_the_checks():
    assert cups_failures(CupsState, games=20) == []


@declare
class LiftsOneDie(CupsState):
    """Honest: a "roll" rolls each cup anew and lifts it off one of its dice (shown), the other staying hidden."""

    def _apply(self, seat: int, action: str) -> None:
        super()._apply(seat, action)
        if action == "roll":
            for cup in self.cups:
                self.reveal_top(cup)


LiftsOneAndTellsTheOther = telling(
    LiftsOneDie, "roll", lambda state: f"seat 0 hides a {state.cups[0][0]}", "LiftsOneAndTellsTheOther"
)
"""A leak: the log names seat 0's die still hidden."""


def test_dice_rolled_into_a_cup_and_shown_in_the_same_move_keep_their_faces_so_the_move_is_compared():
    # Without keeping the shown dice, the move rolled again shows other faces and was not compared: the leak passed.
    assert_honest_passes_and_leak_fails(
        cups_failures,
        LiftsOneDie,
        LiftsOneAndTellsTheOther,
        6,
        f"{SEAT_1_BLAMED} and roll nobody has seen",
    )


def test_a_log_naming_another_seats_hidden_roll_is_refused_naming_the_roll():
    failures = cups_failures(TellsSeatZerosRoll, games=10)
    # Seat 1's: the line names seat 0's own dice, which seat 0 knows (rolled again with seat 0's dice kept, the
    # line is the same).
    assert failures and all(
        "seat 1's view, its own cards aside, depends on a deal and roll nobody has seen: 'roll' by seat " in failure
        and " log[" in failure
        and "rolled dice, and with the deck in another order and other faces log[" in failure
        and "(as dealt and rolled vs dealt and rolled otherwise)" in failure
        for failure in failures
    ), failures


@declare
class RollsOneMore(CupsState):
    """Honest: a "show" rolls one more die into the mover's own cup, hidden, and gathers nothing."""

    def _apply(self, seat: int, action: str) -> None:
        if action != "show":
            super()._apply(seat, action)
            return
        self.rounds += 1
        self.roll(self.bag, self.cups[seat], FACES)
        self.log = (*self.log[-2:], f"seat {seat} rolls one more die")


TellsSeatZerosLastDie = telling(
    RollsOneMore, "show", lambda state: f"seat 0's last die is {state.cups[0][-1]}", "TellsSeatZerosLastDie"
)
"""A leak: a roll's log names seat 0's newest die."""


def test_a_log_naming_a_hidden_roll_made_without_a_deal_is_refused_as_a_roll_not_a_draw():
    # The dice's bag is a face-down deck the checks shuffle before the move too; its token leaving is the die rolled
    # again, not a card drawn, so such a step is a roll.
    assert cups_failures(RollsOneMore, games=10) == []
    said = [failure for failure in cups_failures(TellsSeatZerosLastDie, games=10) if "nobody has seen" in failure]
    assert said and any("depends on a roll nobody has seen: 'show' by seat 0 rolled dice" in f for f in said), said
    assert not any("draw" in failure.split("nobody has seen")[0] for failure in said), said


@declare
class TwoDecks(SixMoves):
    """A showdown turns the old stock's top card up onto the table, then gathers the old stock and the table into the
    other deck and deals from it: a new round's deal, the two decks taking turns."""

    hands: list[Zone] = owned()
    left: Zone = draw_pile()
    right: Zone = draw_pile()
    shown: Zone = face_up()
    flip: bool = public(default=False)
    ACTIONS = ("showdown", "wait")

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "wait":
            return
        old, new = (self.left, self.right) if not self.flip else (self.right, self.left)
        for hand in self.hands:
            self.move_all(hand, self.shown)
        self.draw(old, self.shown)
        self.log = (*self.log[-2:], f"the table shows {sorted(self.shown)}")  # seen by all: honest
        self.gather(new, old, self.shown)
        for hand in self.hands:
            self.draw(new, hand)
        self.flip = not self.flip


class TwoDecksGame(SixMovesGame):
    id = "two-decks"
    title = "Two decks"
    state_class = TwoDecks

    def _setup(self, players: int, seed: int, options: object) -> TwoDecks:
        rng = Rng(seed)
        cards = list(range(1, 13))
        rng.shuffle(cards)
        state = self.state_class(
            game=self, players=players, options=options, rng=rng, left=Zone(cards[:6]), right=Zone(cards[6:])
        )
        for hand in state.hands:
            state.draw(state.right, hand)
        return state


def test_a_step_turning_up_a_card_of_a_deck_it_then_gathers_keeps_that_card_when_dealt_again():
    # The old stock is shuffled before the move (a deck nobody has seen the order of) and then gathered away: its
    # turned card must still be put back where it lay, or the step played again shows another card and is never
    # compared (a leak naming the new deal passed 9 steps in 10 so).
    leaky = telling(TwoDecks, "showdown", lambda state: f"seat 0 now holds {state.hands[0][0]}", "TellsSeatZero")
    assert TwoDecksGame.failures(TwoDecks, 20) == []
    game = TwoDecksGame()
    game.state_class = leaky
    steps = refused = 0
    for seed in range(30):
        state = game.initial_state(2, seed)
        while not state.is_terminal:
            said: list[str] = []
            leaks.check_redeal(
                game, state.clone(), state.to_act[0], "showdown", Rng(seed * 7 + state.rounds), said.append
            )
            steps, refused = steps + 1, refused + bool(said)
            state.apply(state.to_act[0], "showdown")
    assert refused / steps > 0.8, (refused, steps)


@declare
class TopUp(GlowState):
    """Glowworms whose deck shows its top card, turned face up after every move, as a market's top would be."""

    def _apply(self, seat: int, action: Any) -> None:
        super()._apply(seat, action)
        if self.deck and not self.deck.up:
            self.reveal_top(self.deck)


@declare
class TopUpLogsDraws(TopUp):
    def _drew(self, seat: int, cards: list[int]) -> None:  # the public log names every seat's face-down draw
        self.log = (*self.log, f"seat {seat} draws {cards}")[-4:]


class TopUpGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        state.reveal_top(state.deck)
        return state


def test_draws_from_a_deck_whose_top_card_lies_face_up_are_dealt_again_under_that_card():
    game = TopUpGame()
    game.state_class = TopUp
    assert check_game(game, 3, games=20, commentary=False).failures == []
    game.state_class = TopUpLogsDraws
    found = check_game(game, 3, games=20, commentary=False).failures
    assert any("depends on a draw nobody has seen" in failure for failure in found), found


def test_a_roll_draws_the_faces_rng_die_would_and_moves_their_tokens():
    state = Cups().initial_state(2, 4)
    again = state.rng.clone()
    before = sorted(state.bag)
    faces = state.roll(state.bag, state.tray, FACES, 3)
    assert faces == [again.die() for _ in range(3)] and state.rng.state == again.state
    assert sorted(state.tray) == sorted(faces) and sorted([*state.bag, *faces]) == before


def test_samples_give_another_seats_hidden_dice_independent_faces_not_tokens_left_in_the_bag():
    state = next(s for s in (Cups().initial_state(2, seed) for seed in range(100)) if len(set(s.cups[1])) == 1)
    held = state.cups[1][0]  # seat 1 holds two dice of this face
    rng = Rng(7)
    dice = [die for _ in range(3000) for die in state.sample(1, Rng(rng.next64())).cups[0]]
    # Real dice show it 1 time in 6; tokens taken from the bag's 10 of each face would, 8 times in 58 (0.138).
    assert abs(dice.count(held) / len(dice) - 1 / 6) < 0.015


def test_samples_roll_hidden_dice_among_the_faces_rolled_not_every_token_of_the_bag():
    class LowCups(Cups):
        faces = (1, 2, 3)

    state = LowCups().initial_state(2, 3)
    rng = Rng(9)
    assert {die for _ in range(300) for die in state.sample(1, Rng(rng.next64())).cups[0]} == {1, 2, 3}


def test_a_bag_rolled_with_dice_of_other_faces_too_is_dealt_as_cards():
    state = Cups().initial_state(2, 3)
    record = state.record
    lot = record.remainder[state.bag.no]
    assert record.rolled[lot] == FACES
    record.roll_from(state.bag.no, FACES)
    assert record.rolled[lot] == FACES
    record.roll_from(state.bag.no, (1, 2))  # which token is which kind of die is not kept
    assert record.rolled[lot] is None


def test_a_roll_takes_a_face_down_token_and_leaves_one_lying_face_up_on_the_bag():
    state = Cups().initial_state(2, 3)
    wild = state.reveal_top(state.bag)  # a wild face turned up on the bag
    state.roll(state.bag, state.cups[0], (wild,))
    assert state.bag.up == 1 and state.bag[-1] == wild  # it did not vanish from the table's sight


def test_a_roll_refuses_bad_arguments_and_a_cup_showing_a_die_before_anything_moves():
    from corekit.provenance import ProvenanceError

    state = Cups().initial_state(2, 3)
    bag = len(state.bag)
    with pytest.raises(ValueError, match=r"roll: -1 dice of faces \[1, 2\]: give a count from 0 and at least one"):
        state.roll(state.bag, state.tray, (1, 2), -1)
    with pytest.raises(ValueError, match=r"roll: 1 dice of faces \[\]"):
        state.roll(state.bag, state.tray, ())
    with pytest.raises(ProvenanceError, match="roll takes the dice's tokens from a draw_pile"):
        state.roll(state.cups[0], state.cups[1], FACES)
    with pytest.raises(TypeError, match=r"roll\(\): dst"):
        state.roll(state.bag, [], FACES)
    with pytest.raises(TypeError, match="roll: faces must be a tuple or list of the faces, not a generator"):
        state.roll(state.bag, state.tray, (face for face in FACES))
    state.reveal_top(state.cups[0])  # a die shown where it lies: rolling another in would show it too
    cup, generator = list(state.cups[0]), state.rng.state
    with pytest.raises(
        ProvenanceError, match=r"a card cannot go face down onto cups 0, whose top 1 card\(s\) lie face"
    ):
        state.roll(state.bag, state.cups[0], FACES)
    # Refused before any token moved or any face was drawn.
    assert (len(state.bag), list(state.cups[0]), state.rng.state) == (bag, cup, generator)


def test_a_bag_short_of_a_face_gives_one_of_the_tokens_it_has():
    from corekit.provenance.deal import _rolled

    pool = [1, 1, 2]
    assert sorted(_rolled(pool, (1, 2, 3), 3, Rng(5))) == [1, 1, 2] and pool == []


def test_a_roll_whose_face_has_no_token_left_says_so():
    state = Cups().initial_state(2, 4)
    message = "roll: bag holds no face-down token of face 7: give it, of each face, as many tokens as there are dice"
    with pytest.raises(ValueError, match=message):
        state.roll(state.bag, state.tray, (7,))


@declare
class FailsOnAnotherDeal(ShowdownState):
    """A game that raises only where the deck was dealt in the check's other order (as a bug could)."""

    def _apply(self, seat: int, action: str) -> None:
        super()._apply(seat, action)
        if action == "showdown" and REDEAL.get() is not None:
            raise RuntimeError("a deal the match never made")


def test_a_game_raising_only_on_the_deck_dealt_otherwise_is_said_apart_from_the_match():
    failures = showdown_failures(FailsOnAnotherDeal, games=5)
    assert failures and all(
        "playing this move again with the deck it gathers, reshuffles or draws from in another order, or the dice "
        "it rolls rolled otherwise (a deal, draw or roll nobody has seen), the game raised RuntimeError: a deal the "
        "match never made" in failure
        for failure in failures
    ), failures


@declare
class ParksItsHighest(ShowdownState):
    """Each showdown deals two cards a hand and parks the higher face down, in a slot declared without `accepts`."""

    slots: list[Zone] = owned(parks_in="hands")

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        if action == "wait":
            return
        self.gather(self.deck, *self.hands, *self.slots)
        for hand, slot in zip(self.hands, self.slots, strict=True):
            self.draw(self.deck, hand, 2)
            self.move(max(hand), hand, slot)


def test_a_slot_declared_without_accepts_may_be_dealt_any_card_in_a_sample():
    assert showdown_failures(ParksItsHighest, games=10) == []


# ---- gaps a hand-run mutation sweep of corekit/leaks found: each test below fails with one weakening of the kit ----


@declare
class FloatTally(GlowState):
    tally: tuple[int, ...] = public(default=(0, 0))
    """Each seat's draws so far, in a tuple: seat 1's an int after an even card, a float after an odd one."""

    def _drew(self, seat: int, cards: list[int]) -> None:
        if seat == 1 and cards:
            count = int(self.tally[1]) + 1
            self.tally = (self.tally[0], float(count) if cards[0] % 2 else count)


def test_a_count_inside_a_tuple_turning_into_a_float_after_an_odd_draw_is_refused():
    # `alike` walks a tuple's items itself: an item's type counts there as at the top (`3 == 3.0`).
    assert not alike((0, 3), (0, 3.0)) and not alike([True], [1])
    failures = check_game(_variant(FloatTally, "glowworms-float-tally"), 2, games=30).failures
    assert any(re.search(r"tally\[1\]: (\d+) vs \1\.0|tally\[1\]: (\d+)\.0 vs \2\b", f) for f in failures), failures


@declare
class EqBlindHistory(GlowState):
    history: tuple[tuple[int, leaky_games.Drawn], ...] = public(default=())
    """Each draw of seat 1 as (how many so far, the draw), the card in a field `==` leaves out: a few levels deep."""

    def _drew(self, seat: int, cards: list[int]) -> None:
        if seat == 1 and cards:
            count = len(self.history) + 1
            self.history = (*self.history, (count, leaky_games.Drawn(count, cards[0])))


def test_a_drawn_card_kept_a_few_levels_deep_in_a_field_equality_leaves_out_is_refused():
    deep = ((1, (2, (3, (4, leaky_games.Drawn(1, 2))))),)
    assert not alike(deep, ((1, (2, (3, (4, leaky_games.Drawn(1, 5))))),))
    failures = check_game(_variant(EqBlindHistory, "glowworms-eq-blind-history"), 2, games=30).failures
    assert any(re.search(r"history\[\d+\]\[1\]\.last: \d vs \d", failure) for failure in failures), failures


@declare
class TrueSeat(GlowState):
    @property
    def to_act(self) -> tuple[int, ...]:  # seat 1 named True when the deck's next card is odd (`True == 1`)
        odd = bool(self.deck) and self.deck[-1] % 2 == 1
        return tuple(True if seat == 1 and odd else seat for seat in super().to_act)


def test_seats_to_act_naming_a_seat_by_a_bool_that_tells_the_decks_next_card_are_refused():
    failures = check_game(_variant(TrueSeat, "glowworms-true-seat"), 2, games=30).failures
    assert any(
        "sees different seats to act in a state it cannot tell apart: to_act[0]: True vs 1" in failure
        or "sees different seats to act in a state it cannot tell apart: to_act[0]: 1 vs True" in failure
        for failure in failures
    ), failures


class RendersDeckBelowGame(Glowworms):
    def render(self, observation: Any, seat: int | None) -> str:  # the deck's next card on the drawing's second line
        source = source_of(observation)
        return super().render(observation, seat) + f"\nnext card {source.deck[-1] if source.deck else None}"


def test_a_drawing_naming_the_decks_next_card_on_its_second_line_is_refused_naming_that_line():
    game = type("RendersBelow", (RendersDeckBelowGame,), {"id": "glowworms-renders-below", "state_class": RendersDeck})
    failures = check_game(game(), 2, games=10).failures
    assert any(
        re.search(r"render\(\) of seat \d's view differs .*: 'next card \d' vs 'next card \d'", failure)
        for failure in failures
    ), failures


@declare
class KeepsBids(GlowState):
    def sample(self, seat: int, rng: Rng) -> Any:  # a fair redeal of the cards, but the others' true bids
        copy = super().sample(seat, rng)
        copy.bids.chosen.update({who: bid for who, bid in self.bids.chosen.items() if who != seat})
        return copy


@pytest.mark.parametrize(("state_class", "refused"), [(GlowState, False), (KeepsBids, True)])
def test_the_truth_test_refuses_a_sample_that_keeps_another_seats_secret_bid(state_class, refused):
    game = _variant(state_class, "glowworms-keeps-bids")
    tally, failures = leaks.TruthTally(), []
    for seed in range(10):
        state = game.initial_state(2, seed)
        state.apply(1, state.legal_actions(1)[-1])  # seat 1 has bid; seat 0 has not
        check_sample_truth(state, 0, Rng(seed), failures.append, tally, seed)
    verdict = tally.verdict()
    if not refused:
        assert failures == [] and verdict is None
        return
    assert verdict is not None and verdict[0].startswith(
        "sample() prefers the hidden truth of seat 1's commitment in 'bids' over the positions tested: "
    ), verdict
    assert all("seat 1's commitment in 'bids'" in failure for failure in failures), failures


@declare
class SpareDeck(GlowState):
    spare: Zone = draw_pile()


class SpareDeckGame(Glowworms):
    id = "glowworms-spare-deck"
    state_class = SpareDeck

    def _more_fields(self, players: int) -> dict[str, Any]:
        return {"spare": Zone()}


def test_a_card_slipped_face_down_into_a_deck_no_shuffle_dealt_is_named():
    from corekit.leaks import unrecorded_change

    state = SpareDeckGame().initial_state(2, 3)
    assert unrecorded_change(state) is None
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, state.legal_actions(1)[0])
    state.spare.append(state.discard.pop())  # a shown card put face down by hand into a deck no lot accounts for
    assert unrecorded_change(state) == ("spare", "it holds 1 face-down cards where the record has 0")


class NamesSeatZerosCardGame(Glowworms):
    """Writes seat 0's first card into the public log as it deals: seat 0's own, hidden from seat 1."""

    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        state.log = (f"seat 0 holds a {state.hands[0][0]}",)
        return state


def test_a_setup_log_naming_a_card_only_another_seat_holds_is_refused_for_the_seat_that_cannot_see_it():
    game = type("NamesSeatZeros", (NamesSeatZerosCardGame,), {"id": "glowworms-names-seat-0s-card"})()
    failures = check_game(game, 2, games=4).failures
    assert any(
        "seat 1's view at setup, its own cards aside, depends on cards it cannot see" in failure
        and "log[0]: 'seat 0 holds a " in failure
        for failure in failures
    ), failures


class OrdersThenNamesBottomCardGame(leaky_games.NamesBottomCardGame):
    """Shuffles a public seat order before the deck, with the dealing generator, then names the deck's bottom card."""

    def _deck(self, rng: Rng) -> list[int]:
        rng.shuffle(["north", "south"])  # the setup's first shuffle: no card in it
        return super()._deck(rng)


def test_a_setup_log_naming_a_card_of_the_setups_second_shuffle_is_refused_naming_that_shuffle():
    game = type("OrdersThen", (OrdersThenNamesBottomCardGame,), {"id": "glowworms-orders-then-names"})()
    failures = check_game(game, 2, games=4).failures
    assert any(
        "the face-down cards of the setup's shuffle 2 dealt otherwise (the same cards shown) log[0]: 'the bottom card"
        in failure
        for failure in failures
    ), failures


def test_a_twin_with_only_the_hidden_orders_shuffled_reorders_a_deck_of_two_face_down_cards():
    # The forward check's second twin keeps every hand and shuffles only the hidden orders: a deck down to two cards
    # is one, or a log naming the next card drawn from it passes wherever the first twin stops early.
    state, rng = Glowworms().initial_state(2, 1), Rng(1)
    while len(state.deck) > 2 or state.deck[0] == state.deck[1]:
        assert len(state.deck) > 2, "no deck of two different cards in this match"
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[rng.below(len(state.legal_actions(seat)))])
    orders = {tuple(twin(state, 0, Rng(seed), orders_only=True).deck) for seed in range(20)}
    assert orders == {tuple(state.deck), tuple(reversed(state.deck))}
    assert all(list(twin(state, 0, Rng(seed), orders_only=True).hands[1]) == list(state.hands[1]) for seed in range(5))


def test_a_market_turned_up_at_every_bid_is_no_leak_of_the_bid():
    # The honest twin of glowworms-names-bid-as-market-turns: the same step, played again with another secret bid,
    # turns up the same cards and must show the seat the same log.
    game = leaky_games.MarketGame()
    game.state_class = leaky_games.MarketTurns
    for players in (2, 3):
        report = check_game(game, players, games=30)
        assert report.ok, report.failures


@declare
class LaysDownThree(ShowdownState):
    """Each seat holds five of 52 cards; its first "show" lays its three highest face up, and the log says which."""

    ACTIONS = ("show", "wait")

    def _apply(self, seat: int, action: str) -> None:
        self.rounds += 1
        hand = self.hands[seat]
        if action == "show" and len(hand) == 5:
            best = sorted(hand)[-3:]
            for card in best:
                self.move(card, hand, self.shown)
            self.log = (*self.log[-2:], f"seat {seat} shows {best}")


@declare
class NamesTheCardsKept(LaysDownThree):
    """A leak: the show's log line also names the two cards the seat keeps face down."""

    def _apply(self, seat: int, action: str) -> None:
        held = len(self.hands[seat])
        super()._apply(seat, action)
        if len(self.hands[seat]) < held:
            self.log = (*self.log[-2:], f"seat {seat} keeps {sorted(self.hands[seat])}")


class LayDown(Showdown):
    id = "lay-down"
    title = "Lay down"
    state_class = LaysDownThree
    cards = tuple(range(1, 53))

    def _setup(self, players: int, seed: int, options: object) -> ShowdownState:
        state = super()._setup(players, seed, options)
        for hand in state.hands:
            state.draw(state.deck, hand, 4)  # five in all
        return state


def test_a_log_naming_the_cards_kept_in_the_step_that_lays_the_others_face_up_is_refused():
    # From an outside red-team: a twin's redealt hand lays down other cards (the seat may see those differ), and a
    # twin with only the orders shuffled holds the same hand, so the line passed 300 matches. The step is now played
    # again on a twin dealt with the three shown cards where they lay, the two kept dealt anew.
    assert LayDown.failures(LaysDownThree, 30) == []
    failures = LayDown.failures(NamesTheCardsKept, 30)
    assert failures and all(
        "and again in a twin dealt with the cards that step shows where they lay, the cards and chance the same: log["
        in failure
        and " keeps [" in failure
        for failure in failures
    ), failures


@declare
class GuessThenShow(ShowdownState):
    """Honest: each seat guesses "high" or "low" in secret; then the dealer lays its two highest cards face up, and
    in that same step the guesses are revealed and scored."""

    guesses: Commitments = secret()
    ACTIONS = ("high", "low")

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.rounds >= 2:
            return ()
        return self.guesses.waiting or (self.rounds % self.players,)

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_act:
            return []
        return list(self.ACTIONS) if self.guesses.waiting else ["show"]

    def _apply(self, seat: int, action: str) -> None:
        if action != "show":
            self.guesses.commit(seat, action)
            return
        shown = sorted(self.hands[seat])[-2:]
        for card in shown:
            self.move(card, self.hands[seat], self.shown)
        high = sum(shown) > 60
        right = [s for s, guess in sorted(self.guesses.reveal().items()) if (guess == "high") == high]
        self.log = (*self.log[-2:], f"seat {seat} shows {shown}; right: {right}")
        self.rounds += 1
        if self.rounds < 2:
            self.guesses.open(range(self.players))


class GuessGame(LayDown):
    id = "guess-then-show"
    state_class = GuessThenShow

    def _setup(self, players: int, seed: int, options: object) -> ShowdownState:
        state = super()._setup(players, seed, options)
        assert isinstance(state, GuessThenShow)
        state.guesses.open(range(players))
        return state


def test_guesses_revealed_in_the_step_that_lays_cards_face_up_are_no_leak():
    # From a second red-team: the twin dealt with the shown cards where they lay also redrew the other seats'
    # pending guesses, which that step reveals, and the check blamed the log of the revealed guesses.
    assert GuessGame.failures(GuessThenShow, 30) == []


@declare
class BidSetsTheMarket(leaky_games.MarketTurns):
    """A leak: a bid below 21 turns one market card up, a higher one two, so the market shows the secret bid."""

    def _apply(self, seat: int, action: Any) -> None:
        turned = self.draw(self.deck, self.discard, 1 if action < 21 else 2)
        self.log = (*self.log[-2:], f"seat {seat} bids; up come {turned}")
        self._bid(seat, action)


def test_a_secret_choice_that_changes_what_its_own_step_turns_up_is_refused():
    # From a second red-team: the probe that makes the choice otherwise took a difference the seat can see (the
    # deck's size) as one the step was entitled to show; with the cards and chance the same, only the choice made it.
    game = leaky_games.MarketGame()
    game.state_class = BidSetsTheMarket
    failures = check_game(game, 2, games=30).failures
    assert failures and all("instead, a secret choice, the cards and chance the same: " in f for f in failures), (
        failures
    )


class TellsTheKeptCards(LayDown):
    """A leak through the game object: the lay step writes the cards kept onto the game, which `events` names."""

    kept: list[int] | None = None

    def events(self, before: Any, after: Any) -> list[str]:
        return [f"kept {self.kept}"] if after.log != before.log else []


@declare
class NotesTheKeptCards(LaysDownThree):
    def _apply(self, seat: int, action: str) -> None:
        super()._apply(seat, action)
        if action == "show":
            self.game.kept = sorted(self.hands[seat])  # type: ignore[attr-defined]


def test_commentary_naming_the_cards_kept_in_the_step_that_lays_the_others_face_up_is_refused():
    # From a second red-team: the probe played that step again but never asked for its commentary, and drew the
    # real view after the twin had written the game object.
    failures = TellsTheKeptCards.failures(NotesTheKeptCards, 30)
    assert failures and all("so events() names what the seat cannot see: [0]: 'kept [" in f for f in failures), failures


@declare
class LaysDownAndFlips(LaysDownThree):
    """Honest: the show also turns the deck's top card over where it lies."""

    def _apply(self, seat: int, action: str) -> None:
        held = len(self.hands[seat])
        super()._apply(seat, action)
        if len(self.hands[seat]) < held and self.deck.up < len(self.deck):
            self.reveal_top(self.deck)


@declare
class NamesTheCardsKeptAndFlips(LaysDownAndFlips):
    """A leak: as `NamesTheCardsKept`, in a step that also turns the deck's top card over."""

    def _apply(self, seat: int, action: str) -> None:
        held = len(self.hands[seat])
        super()._apply(seat, action)
        if len(self.hands[seat]) < held:
            self.log = (*self.log[-2:], f"seat {seat} keeps {sorted(self.hands[seat])}")


def test_the_cards_kept_named_in_a_step_that_also_turns_the_decks_top_over_are_refused():
    # From a second red-team: the twin dealt with the shown cards where they lay turned another card of its own deck
    # over, and the comparison stopped; the cards the step takes or turns off the deck now lie on the twin's too.
    assert LayDown.failures(LaysDownAndFlips, 30) == []
    failures = LayDown.failures(NamesTheCardsKeptAndFlips, 30)
    assert failures and all(
        "dealt with the cards that step shows where they lay, the cards and chance the same: log[" in failure
        and " keeps [" in failure
        for failure in failures
    ), failures


@declare
class MarketState(DeclaredState):
    """Honest: on its turn a seat takes the market card into its hidden hand or passes; then two cards of the deck
    are burnt face up and the next turned up as the market card (an outside red team's Bazaar, cut down)."""

    hands: list[Zone] = owned()
    deck: Zone = draw_pile()
    market: Zone = face_up()
    discard: Zone = face_up()
    turn: int = public(default=0, seat=True)
    turns: int = public(default=0)
    log: tuple[str, ...] = public(default=())

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.turns >= 16 else (self.turn,)

    def legal_actions(self, seat: int) -> list[Any]:
        return (["pass", "take"] if self.market else ["pass"]) if seat in self.to_act else []

    def _apply(self, seat: int, action: Any) -> None:
        self.move_all(self.market, self.hands[seat] if action == "take" else self.discard)
        self.draw(self.deck, self.discard, 2)  # burnt face up
        self.draw(self.deck, self.market)
        self._flipped()
        self.turns += 1
        self.turn = (self.turn + 1) % self.players

    def _flipped(self) -> None:
        """A hook for the leak below: the honest game says nothing of the hands."""

    def returns(self) -> list[float]:
        sums = [sum(card % 12 for card in hand) for hand in self.hands]
        return [1.0 if total == max(sums) else 0.0 for total in sums]


@declare
class MarketTellsHandWorth(MarketState):
    def _flipped(self) -> None:
        # In the very step that turns deck cards up (so a twin dealt anew sees other cards and stops comparing).
        self.log = (*self.log[-3:], f"hands worth {[sum(card % 12 for card in hand) for hand in self.hands]}")


class MarketGame(Game):
    id = "market-burn"
    title = "Market"
    min_players = 2
    max_players = 3
    state_class: type[MarketState] = MarketState

    def _setup(self, players: int, seed: int, options: Any) -> MarketState:
        rng = Rng(seed)
        deck = list(range(72))
        rng.shuffle(deck)
        hands = [Zone(sorted(deck.pop() for _ in range(3))) for _ in range(players)]
        state = self.state_class(game=self, players=players, options=options, rng=rng, hands=hands, deck=Zone(deck))
        state.draw(state.deck, state.market)
        return state

    def max_decisions(self, players: int, options: Any) -> int:
        return 16

    def action_space(self, players: int, options: Any) -> list[Any]:
        return ["pass", "take"]

    def action_text(self, action: Any) -> str:
        return str(action)

    def events(self, before: Any, after: Any) -> list[str]:
        told = [f"market {list(after.market)}, {len(after.discard)} discarded"] if after.turns != before.turns else []
        return told + [line for line in after.log if line not in before.log]


def test_a_fact_of_the_hands_written_as_deck_cards_are_turned_up_is_refused_and_the_honest_market_passes():
    # The twin sees other cards turned up, so it stopped there and that step was never compared: it is now played
    # again on a twin whose hands are dealt anew and whose deck's top holds the cards the real step turned up.
    for players in (2, 3):
        assert check_game(MarketGame(), players, games=30).ok
        leaky = type("MarketLeaks", (MarketGame,), {"id": "market-burn-leaks", "state_class": MarketTellsHandWorth})
        found = check_game(leaky(), players, games=30).failures
        assert any("the cards and chance the same: log[" in failure for failure in found), found
