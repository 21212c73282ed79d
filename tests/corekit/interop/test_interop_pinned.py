"""Pinned rules of the observation encoding and the OpenSpiel and PettingZoo adapters that a mutation sweep found no
test holding to."""

from __future__ import annotations

import attrs
import pytest

from corekit.interop.encoding import leaves
from corekit.plugins import default_registry
from corekit.rng import derive_seed
from tests.corekit.leaky_games import Glowworms, QuietGame


@attrs.frozen
class _Inner:
    score: int


@attrs.frozen
class _Outer:
    me: _Inner
    others: tuple[_Inner, ...]


def test_a_nested_fields_leaf_is_named_by_its_whole_path():
    assert leaves(_Outer(_Inner(3), (_Inner(1),))) == [("me.score", "3"), ("others[0].score", "1")]


# ---- OpenSpiel -----------------------------------------------------------------------------------------------


@pytest.fixture
def openspiel():
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")
    from corekit.interop import openspiel

    return openspiel


def test_another_seats_unseen_move_adds_no_step_to_a_history_whose_view_has_already_changed(openspiel):
    game = openspiel.CampfireGame({"players": 2, "seed": 1}, QuietGame())
    state = game.new_initial_state()
    start = state.observation_string(1)
    state.apply_action(state.legal_actions()[0])  # seat 0 bids, unseen by seat 1
    state.apply_action(state.legal_actions()[0])  # seat 1 bids: the round resolves, seat 1 draws
    assert state.current_player() == 0 and state.observation_string(1) != start
    before = state.information_state_string(1)
    state.apply_action(state.legal_actions()[0])  # seat 0 bids again, unseen by seat 1
    assert state.information_state_string(1) == before


class _Long(Glowworms):
    id = "glowworms-long"
    length = 0

    def max_decisions(self, players, options):
        return self.length


def test_a_game_length_of_exactly_2_to_the_31_is_refused_and_one_less_is_kept(openspiel):
    from corekit.game import GameError

    long = _Long()
    long.length = 2**31 - 1
    assert openspiel.CampfireGame({"players": 2}, long).max_game_length() == 2**31 - 1
    long.length = 2**31
    with pytest.raises(GameError, match=r"may last 2,147,483,648 decisions, more than OpenSpiel's game length"):
        openspiel.CampfireGame({"players": 2}, long)


def test_new_states_of_the_next_deal_of_a_series_share_one_deal(openspiel, monkeypatch):
    game = openspiel.load("grizzly-race", players=2, rng_seed=3)
    played = game.new_initial_state()
    played.apply_action(played.legal_actions()[0])  # deal 0 was played from: the series moves on
    deals = []
    real = game.deal
    monkeypatch.setattr(game, "deal", lambda number=0: deals.append(number) or real(number))
    digests = {game.new_initial_state().campfire.digest() for _ in range(3)}
    assert deals == [1]
    truth = default_registry().game("grizzly-race").initial_state(2, derive_seed(3, "episode", 1))
    assert digests == {truth.digest()}


# ---- PettingZoo ----------------------------------------------------------------------------------------------


@pytest.fixture
def env():
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[pettingzoo]'")
    from corekit.interop.pettingzoo import env

    return env


def test_each_reset_after_the_first_deals_the_next_match_of_the_seeds_episode_series(env):
    environment = env("grizzly-race", seed=3)
    game = default_registry().game("grizzly-race")
    for episode in range(3):
        environment.reset()
        seed = 3 if episode == 0 else derive_seed(3, "episode", episode)
        assert environment.match.digest() == game.initial_state(2, seed).digest()


def test_the_observation_space_declares_the_dtypes_observe_returns(env):
    environment = env("grizzly-race")
    environment.reset()
    agent = environment.agent_selection
    space, seen = environment.observation_space(agent), environment.observe(agent)
    assert {name: space[name].dtype for name in seen} == {name: value.dtype for name, value in seen.items()}
    assert space.contains(seen)
