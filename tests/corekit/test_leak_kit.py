"""The leak checks (corekit.leaks) refuse every game of the corpus in tests/corekit/leaky_games.py, each with
the message that names its leak, through check_game, `campfire check` and the pytest fixture, and pass an
honest game."""

from __future__ import annotations

import sys

import pytest

from corekit import Rng
from corekit.conformance import check_game
from corekit.leaks import TRUTH_ALPHA, TRUTH_SAMPLES, _sign_test, check_sample_truth, first_difference
from corekit.plugins import Registry
from corekit.pytest_plugin import conformance_runner
from corekit.state import declare
from tests.corekit import leaky_games
from tests.corekit.leaky_games import LEAKS, GlowState, Glowworms, KeepsOneHand, KeepsTruth, leaky_game
from tests.corekit.tournament.cli_run import run_cli

REGISTRY = Registry(plugins=[sys.modules[leaky_games.__name__]])


def test_an_honest_game_passes_every_leak_check():
    for players in (2, 3):
        report = check_game(Glowworms(), players, games=30)
        assert report.ok, report.failures
        assert report.hidden_varied


@pytest.mark.parametrize("game_id", sorted(LEAKS))
def test_each_leaking_game_is_refused_naming_its_leak(game_id):
    found = check_game(leaky_game(game_id), 2, games=30).failures
    assert any(LEAKS[game_id][2] in failure for failure in found), found


@pytest.mark.parametrize("game_id", sorted(LEAKS))
def test_campfire_check_refuses_each_leaking_game_and_names_the_match_to_replay(game_id):
    result = run_cli("check", game_id, "--players", "2", "-n", "30", "--no-leaks", registry=REGISTRY)
    assert result.exit_code == 1, result.output
    assert LEAKS[game_id][2] in result.output
    assert f"campfire check {game_id} --players 2 --match " in result.output


@pytest.mark.parametrize("game_id", sorted(LEAKS))
def test_the_pytest_fixture_refuses_each_leaking_game(game_id):
    with pytest.raises(pytest.fail.Exception, match="fails conformance") as failed:
        conformance_runner(REGISTRY)(game_id, players=2, games=30, leaks=False)
    assert LEAKS[game_id][2] in str(failed.value)


def position(kind, players=3, seed=4):
    game = leaky_game("glowworms-keeps-one-hand") if kind is KeepsOneHand else leaky_game("glowworms-keeps-truth")
    state = game.initial_state(players, seed)
    assert isinstance(state, kind)
    return state


@pytest.mark.parametrize("kind", [KeepsOneHand, KeepsTruth])
def test_the_truth_test_refuses_a_sample_that_keeps_true_cards(kind):
    failures = []
    check_sample_truth(Glowworms(), position(kind), 0, Rng(1), failures.append)
    assert len(failures) == 1
    assert failures[0].startswith("sample(0) prefers the hidden truth of zone 'hands ")
    assert f"of {TRUTH_SAMPLES} samples, {TRUTH_SAMPLES} matched the truth" in failures[0]


def test_the_truth_test_passes_a_fair_sample_at_many_positions():
    game = Glowworms()
    for seed in range(30):
        state = game.initial_state(3, seed)
        for seat in range(3):
            failures = []
            check_sample_truth(game, state, seat, Rng(seed), failures.append)
            assert failures == []


def test_the_sign_test_is_exact_and_one_sided():
    assert _sign_test(0, 0) == 1.0
    assert _sign_test(32, 0) == 2.0**-32 < TRUTH_ALPHA
    assert _sign_test(3, 1) == pytest.approx(5 / 16)
    assert _sign_test(0, 10) == 1.0


def test_a_difference_is_named_by_its_field():
    state = Glowworms().initial_state(2, 1)
    other = state.clone()
    other.scores[1] = 7
    assert first_difference(state.observation(0), other.observation(0)) == "scores: (0, 0) vs (0, 7)"


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
