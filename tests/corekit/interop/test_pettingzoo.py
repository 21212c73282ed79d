"""Every installed game as a PettingZoo AEC environment: PettingZoo's own api_test and seed_test at each game's
fewest and most seats, and the environment agreeing with the Campfire match it plays."""

from __future__ import annotations

import re
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[pettingzoo]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

from corekit.game import GameError
from corekit.interop.encoding import observation_features
from corekit.interop.pettingzoo import env
from corekit.plugins import default_registry
from tests.corekit.interop.conftest import every_shape

CYCLES = 1000
"""More than any match lasts, so both tests play each game to its end."""


def quietly(check, *args, **kwargs):
    # PettingZoo warns that a dict observation "is not a NumPy array": the action-mask layout of its own
    # classic environments, which it also warns about. Its failures are assertions, not warnings.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@every_shape
def test_pettingzoo_api_test_passes(game_id, players):
    quietly(api_test, env(game_id, players=players, seed=players, render_mode="ansi"), num_cycles=CYCLES)


@every_shape
def test_pettingzoo_seed_test_passes(game_id, players):
    quietly(seed_test, lambda: env(game_id, players=players, seed=7), num_cycles=CYCLES)


@every_shape
def test_a_random_match_agrees_with_the_game_and_pays_its_returns_at_the_end(game_id, players):
    environment = env(game_id, players=players, seed=4)
    environment.reset()
    truth = default_registry().game(game_id).initial_state(players, 4)
    choose = np.random.default_rng(0)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            environment.step(None)
            continue
        seat = environment.seats[agent]
        assert seat == truth.to_act[0]
        assert info["observation"] == truth.observation(seat)
        mask = observation["action_mask"]
        assert {environment.actions[i] for i in np.flatnonzero(mask)} == set(truth.legal_actions(seat))
        assert list(np.flatnonzero(observation["observation"])) == observation_features(truth.observation(seat))
        number = int(choose.choice(np.flatnonzero(mask)))
        environment.step(number)
        truth.apply(seat, environment.actions[number])
        if not truth.is_terminal:
            assert environment.rewards == dict.fromkeys(environment.agents, 0.0), "rewards only at the end"
    assert truth.is_terminal and not environment.agents
    assert [totals[agent] for agent in environment.possible_agents] == truth.returns()


def test_a_seat_out_of_the_game_stays_an_agent_until_the_match_ends_and_is_never_selected():
    # Nobody is removed before the end (a killed teen's reward is known only then), and since slasher 7 a killed
    # teen is not asked to pass in a reaction window: it is never the selected agent again.
    environment = env("slasher", players=4, seed=2)
    environment.reset()
    choose = np.random.default_rng(1)
    killed_but_present = False
    for agent in environment.agent_iter():
        observation, _, terminated, _, info = environment.last()
        if terminated:
            environment.step(None)
            continue
        alive = info["observation"].alive
        assert alive[environment.possible_agents.index(agent)], f"{agent} was selected after its teen was killed"
        killed_but_present |= not all(alive) and len(environment.agents) == 4
        environment.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    assert killed_but_present


def test_ansi_render_is_the_games_drawing_of_the_whole_table():
    environment = env("grizzly-race", players=3, seed=2, render_mode="ansi")
    environment.reset()
    game = default_registry().game("grizzly-race")
    assert environment.render() == game.render(environment.match.observation(None), None)
    assert env("grizzly-race").render() is None


def test_resets_deal_a_series_of_matches_from_the_seed():
    first, again = env("grizzly-race", seed=3), env("grizzly-race", seed=3)
    first.reset()
    again.reset(seed=3)
    assert first.match.digest() == again.match.digest()
    first.reset()
    assert first.match.digest() != again.match.digest()
    again.reset()
    assert first.match.digest() == again.match.digest()


def test_a_game_option_reaches_the_match():
    environment = env("slasher", players=3, discard_one="true")
    environment.reset()
    assert environment.match.options.discard_one
    assert environment.action_space("seat_0").n == len(
        default_registry().game("slasher").action_space(3, environment.options)
    )


def test_only_the_selected_agent_has_legal_actions_in_its_mask_even_in_a_simultaneous_decision():
    environment = env("grizzly-race", players=2, seed=1)
    environment.reset()
    assert environment.match.to_act == (0, 1), "both seats commit at once"
    assert environment.agent_selection == "seat_0"
    assert environment.observe("seat_0")["action_mask"].any()
    assert not environment.observe("seat_1")["action_mask"].any()
    environment.step(int(np.flatnonzero(environment.observe("seat_0")["action_mask"])[0]))
    assert environment.agent_selection == "seat_1" and environment.observe("seat_1")["action_mask"].any()


def _refused_unchanged(action, error, message):
    """Step seat 0 with `action` on a fresh grizzly-race match: refused with `error`, the match unchanged."""
    environment = env("grizzly-race", players=2, seed=1)
    environment.reset()
    before = environment.match.digest()
    with pytest.raises(error, match=message):
        environment.step(action)
    assert environment.match.digest() == before and environment.agent_selection == "seat_0"


@pytest.mark.parametrize("number", [-1, -3, 6])
def test_an_action_outside_the_discrete_space_is_refused_not_read_from_the_end(number):
    _refused_unchanged(number, ValueError, rf"action {number} is not in seat_0's action space \(0-5\)")


def test_human_render_prints_the_drawing_and_pettingzoos_render_test_passes(capsys):
    from pettingzoo.test import render_test

    environment = env("grizzly-race", players=2, seed=2, render_mode="human")
    environment.reset()
    assert environment.render() is None
    game = default_registry().game("grizzly-race")
    assert capsys.readouterr().out == game.render(environment.match.observation(None), None) + "\n"
    quietly(render_test, lambda render_mode=None: env("grizzly-race", players=2, seed=2, render_mode=render_mode))


def test_the_environment_pickles_and_deep_copies_after_reset_and_the_copies_play_on_the_same():
    import copy
    import pickle

    environment = env("slasher", players=3, seed=5)
    environment.reset()
    for _ in range(4):
        environment.step(int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])[0]))
    for again in (pickle.loads(pickle.dumps(environment)), copy.deepcopy(environment)):
        assert again.match.digest() == environment.match.digest() and again.infos == environment.infos
        agent = again.agent_selection
        assert agent == environment.agent_selection
        number = int(np.flatnonzero(again.observe(agent)["action_mask"])[-1])
        truth = environment.match.clone()
        again.step(number)
        truth.apply(environment.seats[agent], environment.actions[number])
        assert again.match.digest() == truth.digest() != environment.match.digest()
        assert again.infos["seat_0"]["observation"] == truth.observation(0)


@pytest.mark.parametrize("players", [np.int64(3), np.int32(3), np.uint8(3)])
def test_a_numpy_integer_player_count_is_a_player_count(players):
    environment = env("slasher", players=players)
    environment.reset()
    assert environment.players == 3 and type(environment.players) is int and len(environment.agents) == 3


@pytest.mark.parametrize("players", ["3", 3.0, 2.5, True])
def test_a_player_count_that_is_not_a_whole_number_is_refused_saying_so(players):
    with pytest.raises(GameError, match=rf"slasher: players must be a whole number, got {re.escape(repr(players))}"):
        env("slasher", players=players)


@pytest.mark.parametrize("number", [np.int64(1), np.uint8(1), 1])
def test_a_numpy_integer_action_is_an_action(number):
    environment = env("grizzly-race", players=2, seed=1)
    environment.reset()
    truth = environment.match.clone()
    environment.step(number)
    truth.apply(0, environment.actions[1])
    assert environment.match.digest() == truth.digest()


@pytest.mark.parametrize("action", [0.9, 1.0, "1", b"1", np.float64(1.0), [1], True, False, np.bool_(True)])
def test_an_action_that_is_not_a_whole_number_is_refused_not_rounded(action):
    _refused_unchanged(action, TypeError, r"seat_0's action must be a whole number in its action space \(0-5\), got ")


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, -(2**63)])
def test_a_seed_outside_64_bits_is_refused_not_wrapped(seed):
    environment = env("grizzly-race", players=2)
    environment.reset(seed=3)
    before = environment.match.digest()
    with pytest.raises(ValueError, match=rf"seed must be a whole number from 0 to 2\*\*64-1, got {seed}"):
        environment.reset(seed=seed)
    assert environment.match.digest() == before and environment.base_seed == 3
    with pytest.raises(ValueError, match=rf"seed must be a whole number from 0 to 2\*\*64-1, got {seed}"):
        env("grizzly-race", players=2, seed=seed)


def test_the_seeds_at_the_ends_of_64_bits_and_numpy_seeds_deal_their_own_matches():
    def dealt(seed):
        environment = env("grizzly-race", players=2)
        environment.reset(seed=seed)
        return environment.match.digest()

    assert dealt(np.uint64(2**64 - 1)) == dealt(2**64 - 1) != dealt(0) == dealt(np.int64(0))
    with pytest.raises(TypeError, match=r"seed must be a whole number from 0 to 2\*\*64-1, got 1\.0"):
        dealt(1.0)


@pytest.mark.parametrize("seed", [True, False])
def test_a_bool_seed_is_refused_not_read_as_0_or_1(seed):
    environment = env("grizzly-race", players=2)
    with pytest.raises(TypeError, match=rf"seed must be a whole number from 0 to 2\*\*64-1, got {seed}"):
        environment.reset(seed=seed)
    with pytest.raises(TypeError, match=rf"seed must be a whole number from 0 to 2\*\*64-1, got {seed}"):
        env("grizzly-race", players=2, seed=seed)


def test_options_the_game_cannot_play_at_that_player_count_are_refused_by_env_not_at_reset():
    with pytest.raises(GameError, match=r"^slasher: first=3 but seats are numbered 0-1$"):
        env("slasher", players=2, first=3)
    environment = env("slasher", players=4, first=3)
    environment.reset()
    assert environment.agent_selection == "seat_3"


def test_step_and_last_before_reset_say_to_call_reset_as_observe_does():
    environment = env("grizzly-race", players=2)
    for call in (environment.last, lambda: environment.step(0), lambda: environment.observe("seat_0")):
        with pytest.raises(RuntimeError, match=r"^call reset\(\) before using the environment$"):
            call()


def test_before_reset_there_are_no_agents_and_after_everyone_left_step_and_last_say_to_reset():
    environment = env("grizzly-race", players=2)
    assert environment.agents == [] and environment.num_agents == 0
    environment.reset(seed=3)
    choose = np.random.default_rng(0)
    while environment.agents:
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(choose.choice(np.flatnonzero(observation["action_mask"]))))
    for call in (environment.last, lambda: environment.step(0), lambda: environment.step(None)):
        with pytest.raises(RuntimeError, match=r"^the match is over and every agent has left: call reset\(\)"):
            call()
    environment.reset()
    assert environment.agents == ["seat_0", "seat_1"]


def _masked_state(environment):
    """Play random legal moves until the selected agent has an action in its space that is not legal now."""
    choose = np.random.default_rng(0)
    while True:
        mask = environment.observe(environment.agent_selection)["action_mask"]
        if not mask.all():
            return int(np.flatnonzero(mask == 0)[0])
        environment.step(int(choose.choice(np.flatnonzero(mask))))


def test_a_masked_action_raises_illegal_action_and_leaves_the_environment_unchanged():
    from corekit.game import IllegalAction

    environment = env("grizzly-race", players=2, seed=3)
    environment.reset()
    masked = _masked_state(environment)
    agent = environment.agent_selection
    before = (environment.observe(agent)["action_mask"].tolist(), environment.match.digest(), environment.rewards)
    with pytest.raises(IllegalAction):
        environment.step(masked)
    after = (environment.observe(agent)["action_mask"].tolist(), environment.match.digest(), environment.rewards)
    assert environment.agent_selection == agent and after == before


def test_pettingzoos_terminate_illegal_wrapper_ends_the_match_on_a_masked_action():
    from pettingzoo.utils import wrappers

    environment = wrappers.OrderEnforcingWrapper(
        wrappers.TerminateIllegalWrapper(env("grizzly-race", players=2, seed=3), -1)
    )
    environment.reset()
    masked = _masked_state(environment)
    mover = environment.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper warns that the move was illegal, as it should
        environment.step(masked)
    assert all(environment.terminations.values())
    assert environment.rewards[mover] == -1


def test_every_agent_observes_its_own_seats_vector_and_reads_its_own_view_not_the_selected_agents():
    environment = env("grizzly-race", players=3, seed=2)
    environment.reset()
    environment.step(int(np.flatnonzero(environment.observe("seat_0")["action_mask"])[0]))
    assert environment.agent_selection == "seat_1"
    match = environment.match
    for agent, seat in environment.seats.items():
        vector = environment.observe(agent)["observation"]
        assert list(np.flatnonzero(vector)) == observation_features(match.observation(seat))
        assert environment.infos[agent]["observation"] == match.observation(seat)
    assert environment.infos["seat_0"]["observation"] != environment.infos["seat_2"]["observation"]


def test_none_from_an_agent_that_must_act_is_refused_saying_so_and_changes_nothing():
    _refused_unchanged(None, ValueError, r"^seat_0 must act: None is only for an agent whose match is over$")
