"""Every installed game through pyspiel: registered as `campfire_<id>` with its parameters, pyspiel's own random
simulation test, and the API (legal actions, apply, clone, returns, observations, resampling) agreeing with the
Campfire game it wraps."""

from __future__ import annotations

import enum
import os
import re
import traceback

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")

from corekit import Rng  # noqa: E402  (after the skip: the adapter imports pyspiel)
from corekit.game import GameError, IllegalAction  # noqa: E402
from corekit.interop import openspiel  # noqa: E402
from corekit.options import OptionError  # noqa: E402
from corekit.plugins import default_registry  # noqa: E402
from corekit.rng import derive_seed  # noqa: E402
from tests.corekit.interop.conftest import every_shape  # noqa: E402
from tests.corekit.toy_game import ToyGame  # noqa: E402

SIMULATIONS = {"scavengers": 1, "camp-grizzly": 1}
"""Random simulations per game, at its fewest seats (pyspiel checks every player's observation at every step:
the longest games get fewer; the walk through the API below covers the most seats too)."""


def test_every_installed_game_is_registered_under_its_id_with_dashes_as_underscores():
    names = set(pyspiel.registered_names())
    for game_id in default_registry().games:
        assert openspiel.short_name(game_id) in names
    assert openspiel.short_name("camp-grizzly") == "campfire_camp_grizzly"


def test_the_parameters_are_the_player_count_the_seed_and_the_options():
    game = pyspiel.load_game("campfire_slasher", {"players": 5, "seed": 9, "discard_one": True, "all_dead": "share"})
    assert game.num_players() == 5
    assert game.seed == 9 and game.options.discard_one and game.options.all_dead.value == "share"
    assert game.get_parameters()["discard_one"] is True
    campfire = default_registry().game("slasher")
    assert game.num_distinct_actions() == len(campfire.action_space(5, game.options))
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (kind.min_num_players, kind.max_num_players) == (campfire.min_players, campfire.max_players)


def test_a_bad_player_count_is_refused_in_one_line():
    with pytest.raises(Exception, match="needs 2-4 players, got 7"):
        openspiel.load("grizzly-race", players=7)


@pytest.mark.parametrize("game_id", sorted(default_registry().games))
def test_pyspiel_random_simulations_pass(game_id):
    game = openspiel.load(game_id, seed=1)
    pyspiel.random_sim_test(game, num_sims=SIMULATIONS.get(game_id, 3), serialize=False, verbose=False)


@every_shape
def test_a_random_walk_through_the_pyspiel_api_agrees_with_the_game(game_id, players):
    game = openspiel.load(game_id, players=players, seed=11)
    campfire = default_registry().game(game_id)
    truth = campfire.initial_state(players, 11)
    state = game.new_initial_state()
    moves = Rng(3)
    while not state.is_terminal():
        assert not state.is_chance_node()
        seat = state.current_player()
        assert seat == truth.to_act[0], "the lowest seat to act decides first"
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert [game.actions[number] for number in legal] == sorted(truth.legal_actions(seat), key=game.index.get)
        twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert twin.observation_string(seat) == state.observation_string(seat)
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        assert state.information_state_string(seat).startswith(state.observation_string(seat) + "\nhistory ")
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.legal_actions() == legal
        number = legal[moves.below(len(legal))]
        before = state.clone()
        state.apply_action(number)
        truth.apply(seat, game.actions[number])
        assert before.history() == state.history()[:-1], "a clone does not move with its original"
        assert before.legal_actions() == legal
    assert state.returns() == truth.returns()
    assert all(0.0 <= value <= 1.0 for value in state.returns())


def test_every_initial_state_is_dealt_from_the_seed():
    game = openspiel.load("grizzly-race", players=3, seed=4)
    truth = default_registry().game("grizzly-race").initial_state(3, 4)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.observation_string(1) == second.observation_string(1)
    assert first.campfire.digest() == truth.digest()
    assert openspiel.load("grizzly-race", players=3, seed=5).new_initial_state().campfire.digest() != truth.digest()


def test_the_tensor_is_the_hashed_bag_of_the_observation():
    from corekit.interop.encoding import FEATURES, observation_features

    game = openspiel.load("grizzly-race", players=2)
    state = game.new_initial_state()
    tensor = state.observation_tensor(0)
    assert game.observation_tensor_shape() == [FEATURES]
    assert [i for i, value in enumerate(tensor) if value] == observation_features(state.campfire.observation(0))


def test_simultaneous_commitments_stay_hidden_from_the_next_seat():
    game = openspiel.load("grizzly-race", players=2)
    state = game.new_initial_state()
    seen_before = state.information_state_string(1)
    strings = set()
    for number in state.legal_actions():
        child = state.child(number)
        assert child.current_player() == 1
        strings.add(child.information_state_string(1))
    assert len(strings) == 1, "seat 1 must not tell seat 0's commitments apart"
    assert strings != {seen_before}, "but it sees that seat 0 has committed"


def test_ismcts_from_openspiel_runs_on_the_registered_game():
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel.load("grizzly-race", players=2, seed=1)
    random = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random), 2.0, 20, random_state=random)
    state = game.new_initial_state()
    assert bot.step(state) in state.legal_actions()


def test_the_information_state_is_perfect_recall_where_observations_meet_again():
    # Seat 0 plays its cards in other orders (3, super, 1, 1, 2, 2, 2 against super, 2, 3, 1, 2, 1, 2) and the
    # two matches reach the same observation (grizzly-race shows the table, not how it came about); OpenSpiel's
    # information state must still tell them apart.
    game = pyspiel.load_game("campfire_grizzly_race", {"players": 2, "seed": 3})
    ends = []
    for numbers in ([2, 2, 5, 5, 0, 4, 0, 2, 1, 0, 1, 1, 1, 1], [5, 5, 1, 4, 2, 2, 0, 0, 1, 1, 0, 2, 1, 1]):
        state = game.new_initial_state()
        for number in numbers:
            state.apply_action(number)
        ends.append(state)
    assert ends[0].observation_string(0) == ends[1].observation_string(0)
    assert ends[0].information_state_string(0) != ends[1].information_state_string(0)
    assert not game.get_type().provides_information_state_tensor


def test_an_observer_of_another_kind_than_the_seats_own_is_refused_by_name():
    from open_spiel.python.observation import make_observation

    game = openspiel.load("grizzly-race", players=2)
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=private)
        with pytest.raises(ValueError, match=f"own observation only .* private_info={private.name}"):
            make_observation(game, kind)


def test_a_loaded_game_and_a_dealt_state_pickle_and_deep_copy_and_a_sampled_state_refuses():
    import copy
    import pickle

    game = openspiel.load("grizzly-race", players=2, seed=7)
    state = game.new_initial_state()
    for number in (0, 1, 2, 0):
        state.apply_action(state.legal_actions()[number % len(state.legal_actions())])
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert again.history() == state.history()
        assert again.information_state_string(0) == state.information_state_string(0)
        assert again.campfire.digest() == state.campfire.digest()
    assert str(pickle.loads(pickle.dumps(game))) == str(copy.deepcopy(game)) == str(game)
    sample = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    with pytest.raises(TypeError, match="wrapped around a sample cannot be pickled"):
        pickle.dumps(sample)


def test_a_dealt_state_serializes_after_its_observations_were_asked_and_deserializes_to_the_same():
    game = openspiel.load("grizzly-race", players=3, seed=2)
    state = game.new_initial_state()
    moves = Rng(8)
    for _ in range(5):
        legal = state.legal_actions()
        state.apply_action(legal[moves.below(len(legal))])
    asked = [state.observation_string(p) for p in range(3)]  # the state now holds the seats' views
    state.observation_tensor(0)
    infos = [state.information_state_string(p) for p in range(3)]
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.campfire.digest() == state.campfire.digest()
    assert [again.observation_string(p) for p in range(3)] == asked
    assert [again.information_state_string(p) for p in range(3)] == infos
    action = state.legal_actions()[0]
    state.apply_action(action)
    again.apply_action(action)
    assert again.campfire.digest() == state.campfire.digest()
    assert again.observation_string(1) == state.observation_string(1)


def test_a_sampled_state_refuses_to_serialize_as_it_refuses_to_pickle():
    state = openspiel.load("grizzly-race", players=2, seed=1).new_initial_state()
    state.apply_action(0)
    sample = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    with pytest.raises(TypeError, match="a state wrapped around a sample cannot be pickled or serialized"):
        sample.serialize()


@pytest.mark.parametrize("number", [-3, -2, 6, 99])  # -1 is pyspiel's own "no action", refused before us
def test_an_action_number_outside_the_game_is_refused_not_read_from_the_end(number):
    state = openspiel.load("grizzly-race", players=2).new_initial_state()
    before = state.campfire.digest()
    with pytest.raises(Exception, match=rf"action {number} is not an action of grizzly-race \(0-5\)"):
        state.apply_action(number)
    assert state.campfire.digest() == before


def test_options_whose_game_length_overflows_openspiels_int_are_refused_saying_so():
    with pytest.raises(Exception, match=r"more than OpenSpiel's game length \(a 32-bit int\) can say"):
        openspiel.load("grizzly-race", players=2, stall_rounds=2**31 - 1)


def test_a_pickled_game_loads_in_a_fresh_process_that_has_not_registered_the_games(tmp_path):
    import pickle
    import subprocess
    import sys

    path = tmp_path / "game.pkl"
    path.write_bytes(pickle.dumps(openspiel.load("grizzly-race", players=3, seed=5)))
    loaded = subprocess.run(
        [sys.executable, "-c", f"import pickle; print(pickle.loads(open({str(path)!r}, 'rb').read()))"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert loaded.returncode == 0, loaded.stderr[-500:]
    assert loaded.stdout.strip() == "campfire_grizzly_race(players=3,seed=5,stall_rounds=100)"


def test_a_resample_keeps_the_seat_that_decides_first_in_a_simultaneous_decision():
    game = openspiel.load("grizzly-race", players=2)
    truth = default_registry().game("grizzly-race").initial_state(2, 0)
    assert truth.to_act == (0, 1)
    root = game.wrap(truth.sample(1, Rng(5)), first=1)
    sample = root.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert root.current_player() == sample.current_player() == 1
    assert sample.information_state_string(1) == root.information_state_string(1)


def test_a_move_that_changes_nothing_a_seat_sees_is_no_step_of_its_history():
    from tests.corekit.leaky_games import QuietGame

    game = openspiel.CampfireGame({"players": 2}, QuietGame())
    state = game.new_initial_state()
    before = state.information_state_string(1)
    state.apply_action(state.legal_actions()[0])  # seat 0 bids
    assert state.current_player() == 1
    assert state.information_state_string(1) == before
    assert state.information_state_string(0) != game.new_initial_state().information_state_string(0)


@pytest.mark.parametrize("name", ["seed", "rng_seed"])
def test_a_negative_seed_is_refused_at_load_game_not_wrapped_onto_another_deal(name):
    with pytest.raises(ValueError, match=rf"^{name} must be a whole number from 0 to 2\*\*31-1, got -2 \(-1 means"):
        pyspiel.load_game("campfire_grizzly_race", {name: -2})


def test_minus_one_openspiels_default_means_the_seed_was_not_given():
    for params in ({}, {"seed": -1}, {"rng_seed": -1}, {"seed": -1, "rng_seed": -1}):
        game = pyspiel.load_game("campfire_grizzly_race", params)
        assert str(game) == "campfire_grizzly_race(players=2,seed=0,stall_rounds=100)"


def test_a_seed_beyond_a_cpp_int_is_refused_by_a_directly_built_game_naming_the_range():
    grizzly = default_registry().game("grizzly-race")
    with pytest.raises(ValueError, match=r"seed must be a whole number from 0 to 2\*\*31-1, got 2147483648"):
        openspiel.CampfireGame({"seed": 2**31}, grizzly)
    assert openspiel.load("grizzly-race", seed=2**31 - 1).seed == 2**31 - 1


def test_the_information_state_tensor_and_its_shape_are_refused_by_name_not_empty():
    game = openspiel.load("slasher", players=3)
    state = game.new_initial_state()
    refusal = r"campfire_slasher has no information-state tensor \(provides_information_state_tensor is False\)"
    for ask in (game.information_state_tensor_shape, game.information_state_tensor_size):
        with pytest.raises(pyspiel.SpielError, match=refusal):
            ask()
    with pytest.raises(pyspiel.SpielError, match=refusal):
        state.information_state_tensor(0)
    assert state.information_state_string(0).startswith(state.observation_string(0) + "\nhistory ")


def test_the_information_state_observer_has_no_tensor_as_openspiels_own_tensorless_observers():
    from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

    game = openspiel.load("slasher", players=3)
    state = game.new_initial_state()
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    observer.set_from(state, 1)
    assert observer.tensor is None
    assert observer.string_from(state, 1) == state.information_state_string(1)


def test_options_the_game_cannot_play_at_that_player_count_are_refused_at_load_game():
    with pytest.raises(GameError, match=r"^slasher: first=3 but seats are numbered 0-1$"):
        pyspiel.load_game("campfire_slasher", {"players": 2, "first": 3})
    assert openspiel.load("slasher", players=4, first=3).new_initial_state().current_player() == 3


def test_a_game_built_capped_caps_a_game_length_beyond_a_cpp_int_that_load_game_refuses():
    grizzly = default_registry().game("grizzly-race")
    game = openspiel.CampfireGame({"players": 2}, grizzly, {"stall_rounds": 10**9}, capped=True)
    assert grizzly.max_decisions(2, game.options) >= 2**31
    assert game.max_game_length() == 2**31 - 1
    with pytest.raises(GameError, match=r"more than OpenSpiel's game length \(a 32-bit int\) can say"):
        openspiel.CampfireGame({"players": 2}, grizzly, {"stall_rounds": 10**9})
    with pytest.raises(GameError, match=r"more than OpenSpiel's game length \(a 32-bit int\) can say"):
        openspiel.load("grizzly-race", players=2, stall_rounds=10**9)


def _play_out(state, moves: Rng) -> None:
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[moves.below(len(legal))])


def test_sizing_a_tensor_deals_no_match_and_a_new_state_is_a_clone_of_the_kept_deal(monkeypatch):
    # pyspiel sizes the tensor of every observation_tensor call by encoding a new initial state's: that must not
    # cost a deal and an encoding each time.
    game = openspiel.load("scavengers", players=4, seed=3)
    truth = default_registry().game("scavengers").initial_state(4, 3)
    deals = []
    monkeypatch.setattr(game, "deal", lambda number=0: deals.append(number))
    state = game.new_initial_state()
    _play_out(state, Rng(1))
    for _ in range(3):
        assert len(state.observation_tensor(0)) == game.observation_tensor_size() == 2048
    fresh = game.new_initial_state()
    assert fresh.campfire.digest() == truth.digest(), "playing a clone of the kept deal left the deal untouched"
    assert fresh.observation_tensor(1) == game.new_initial_state().observation_tensor(1)
    assert deals == []


def test_new_states_of_one_deal_encode_an_observation_once_and_part_ways_when_one_moves(monkeypatch):
    # They share what they observed (pyspiel encodes a new initial state's tensor at every observation_tensor call
    # to size it), until one moves: then it observes anew and the other keeps what it saw.
    game = openspiel.load("scavengers", players=3, seed=4)
    encoded = []
    real = openspiel.observation_features
    monkeypatch.setattr(openspiel, "observation_features", lambda seen: encoded.append(1) or real(seen))
    tensors = [game.new_initial_state().observation_tensor(0) for _ in range(3)]
    assert tensors[0] == tensors[1] == tensors[2]
    assert len(encoded) == 1, "each new state of the deal encoded its observation again"
    stays, moves = game.new_initial_state(), game.new_initial_state()
    before = stays.observation_string(0)
    moves.apply_action(moves.legal_actions()[0])
    assert moves.observation_string(0) != before, "the moved state read the shared observation of the deal"
    assert stays.observation_string(0) == before
    assert stays.observation_tensor(0) == tensors[0]
    assert len(encoded) == 1
    assert moves.observation_tensor(0) != tensors[0] and len(encoded) == 2


@pytest.mark.parametrize(("game_id", "constant"), [("grizzly-race", 1.0), ("scavengers", 1.0), ("slasher", None)])
def test_a_game_that_declares_a_constant_sum_is_constant_sum_to_openspiel(game_id, constant):
    game = openspiel.load(game_id, seed=2)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.GENERAL_SUM if constant is None else utility.CONSTANT_SUM)
    assert game.utility_sum() == constant


def test_the_slasher_whose_last_victims_share_the_win_is_constant_sum_to_openspiel():
    utility = pyspiel.GameType.Utility
    shared = openspiel.load("slasher", seed=2, all_dead="share")
    assert shared.get_type().utility == utility.CONSTANT_SUM
    assert shared.utility_sum() == 1.0
    by_name = pyspiel.load_game(shared.get_type().short_name, {"players": 3, "seed": 1, "all_dead": "share"})
    assert by_name.get_type().utility == utility.CONSTANT_SUM
    assert by_name.utility_sum() == 1.0
    default = pyspiel.load_game(shared.get_type().short_name, {"players": 3, "seed": 1})
    assert default.get_type().utility == utility.GENERAL_SUM


def test_an_action_on_a_finished_match_is_refused_saying_the_game_is_over():
    state = openspiel.load("grizzly-race", players=2, seed=5).new_initial_state()
    _play_out(state, Rng(2))
    history = state.history()
    with pytest.raises(Exception, match=r"^grizzly-race: the game is over, so action 0 cannot be applied$"):
        state.apply_action(0)
    assert state.history() == history and state.is_terminal()


def test_seed_and_rng_seed_together_are_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^give seed .* or rng_seed .*, not both: got seed=1, rng_seed=2$"):
        pyspiel.load_game("campfire_slasher", {"seed": 1, "rng_seed": 2})
    with pytest.raises(ValueError, match="not both"):
        openspiel.load("slasher", seed=0, rng_seed=0)


def _deals(game, matches: int, meddle: bool) -> list[bytes]:
    """The deals of `matches` new states of `game`, each played out; with `meddle`, doing between them what makes
    pyspiel create new initial states (clone, deserialize, size a tensor) and leaving new states unplayed."""
    moves, digests = Rng(6), []
    for _ in range(matches):
        state = game.new_initial_state()
        digests.append(state.campfire.digest())
        if meddle:
            game.observation_tensor_size()
            state.observation_tensor(1)
            game.new_initial_state().observation_string(0)  # made, asked, never played
            state = state.clone()
            state = game.deserialize_state(state.serialize())
        _play_out(state, moves)
        if meddle:
            state.clone().observation_tensor(0)
    return digests


def test_rng_seed_deals_each_new_state_played_from_the_next_deal_of_its_series():
    game = openspiel.load("grizzly-race", players=3, rng_seed=4)
    assert str(game) == "campfire_grizzly_race(players=3,rng_seed=4,stall_rounds=100)"
    grizzly = default_registry().game("grizzly-race")
    series = [4, *(derive_seed(4, "episode", n) for n in (1, 2, 3))]  # a PettingZoo environment's resets
    assert _deals(game, 4, meddle=False) == [grizzly.initial_state(3, seed).digest() for seed in series]


def test_the_series_does_not_depend_on_how_often_pyspiel_makes_new_states():
    plain = _deals(openspiel.load("slasher", players=3, rng_seed=9), 4, meddle=False)
    assert _deals(openspiel.load("slasher", players=3, rng_seed=9), 4, meddle=True) == plain
    assert len(set(plain)) == 4


def test_a_pickled_game_and_state_carry_on_the_series_where_it_was():
    import pickle

    game = openspiel.load("grizzly-race", players=2, rng_seed=1)
    _play_out(game.new_initial_state(), Rng(0))
    state = game.new_initial_state()  # the series' second deal
    state.apply_action(state.legal_actions()[0])
    copy, again = pickle.loads(pickle.dumps(game)), pickle.loads(pickle.dumps(state))
    assert again.campfire.digest() == state.campfire.digest()
    assert copy.new_initial_state().campfire.digest() == game.new_initial_state().campfire.digest()


def test_openspiels_own_sampled_stochastic_games_test_passes_on_every_campfire_game():
    import unittest

    # It lists the registered sampled-stochastic games when imported: this module registered Campfire's first.
    from open_spiel.python.tests import sampled_stochastic_games_test as theirs

    names = [info.short_name for info in theirs.SPIEL_SAMPLED_STOCHASTIC_GAMES_LIST]
    assert {openspiel.short_name(game_id) for game_id in default_registry().games} <= set(names)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(theirs.SampledStochasticGamesTest)
    result = unittest.TextTestRunner(stream=open(os.devnull, "w"), verbosity=0).run(suite)  # noqa: SIM115
    assert result.testsRun == len(names) and result.wasSuccessful(), result.failures + result.errors


def test_rl_environment_with_rng_seed_deals_anew_at_each_reset_reproducibly():
    from open_spiel.python import rl_environment

    def first_views(rng_seed: int) -> list[str]:
        environment = rl_environment.Environment("campfire_slasher", players=3, rng_seed=rng_seed)
        moves, views = Rng(1), []
        for _ in range(3):
            time_step = environment.reset()
            views.append(environment.get_state.observation_string(0))
            while not time_step.last():
                legal = time_step.observations["legal_actions"][time_step.observations["current_player"]]
                time_step = environment.step([legal[moves.below(len(legal))]])
        return views

    views = first_views(5)
    assert len(set(views)) == 3 and first_views(5) == views


def test_asking_a_state_for_chance_outcomes_is_refused_in_one_line_naming_why():
    # pyspiel's own answer for a Python game without the method is "Tried to call pure virtual function".
    state = openspiel.load("grizzly-race", players=2, seed=1).new_initial_state()
    assert not state.is_chance_node()
    with pytest.raises(GameError, match=r"^grizzly-race: no state is a chance node \(chance is sampled inside moves\)"):
        state.chance_outcomes()


class _Mode(enum.IntEnum):
    A = 1
    B = 2


class _Speed(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


@attrs.frozen
class _ModalOptions:
    bug: str = "none"
    mode: _Mode = _Mode.A
    speed: _Speed = _Speed.SLOW


class _Modal(ToyGame):
    id = "toy-modal"
    options_type = _ModalOptions

    def action_space(self, players, options):
        return list(range(1, 7))


def test_an_int_valued_enum_option_is_an_int_parameter_so_a_game_string_loads_the_game_back():
    name = openspiel.register(_Modal())
    game = pyspiel.load_game(name)
    assert game.get_parameters()["mode"] == 1 and game.get_parameters()["speed"] == "slow"
    assert pyspiel.load_game(str(game)).options == game.options
    fast = _ModalOptions(mode=_Mode.B, speed=_Speed.FAST)
    assert pyspiel.load_game(f"{name}(mode=2,speed=fast)").options == fast
    assert openspiel.load("toy-modal", mode="2", speed="fast").options == fast


def test_load_takes_options_as_text_as_the_pettingzoo_adapter_does_and_names_an_unknown_one():
    assert openspiel.load("slasher", players=3, stall_turns="7").options.stall_turns == 7
    with pytest.raises(Exception, match=r"^slasher: unknown option 'nope' \(known: "):
        openspiel.load("slasher", players=3, nope=1)


def test_counselors_given_with_commas_from_python_load_back_from_the_game_string():
    # An outside tester: the comma, which separates a game string's parameters, was written out as given, so
    # `load_game(str(game))` failed ("Unknown parameter 'Sherry,movement=start,...'").
    game = openspiel.load("camp-grizzly", players=2, counselors="Kevin,Sherry")
    assert game.get_parameters()["counselors"] == "Kevin+Sherry"
    again = pyspiel.load_game(str(game))
    assert again.options == game.options
    assert again.new_initial_state().observation_string(1) == game.new_initial_state().observation_string(1)


@pytest.mark.parametrize(
    ("make", "kind", "message"),
    [
        (lambda: pyspiel.load_game("campfire_slasher", {"players": 9}), GameError, "slasher needs 2-6 players, got 9"),
        (lambda: openspiel.load("slasher", players=3, nope=1), OptionError, "slasher: unknown option 'nope'"),
        (lambda: pyspiel.load_game("campfire_slasher", {"seed": -5}), ValueError, "seed must be a whole number"),
        (
            lambda: pyspiel.load_game("campfire_grizzly_race").new_initial_state().apply_action(99),
            ValueError,
            "action 99 is not an action of grizzly-race",
        ),
        (
            lambda: pyspiel.load_game("campfire_grizzly_race").new_initial_state().chance_outcomes(),
            GameError,
            "grizzly-race: no state is a chance node",
        ),
    ],
    ids=["players", "option", "seed", "action-number", "chance-outcomes"],
)
def test_a_refusal_is_a_spiel_error_as_openspiels_own_games_raise_and_still_campfires_own_kind(make, kind, message):
    # An outside tester: code catching pyspiel.SpielError, as for OpenSpiel's own games, let every refusal through.
    with pytest.raises(pyspiel.SpielError, match=f"^{re.escape(message)}") as raised:
        make()
    assert isinstance(raised.value, kind)


def test_an_illegal_action_is_a_spiel_error_and_an_illegal_action_and_leaves_the_state_unchanged():
    state = pyspiel.load_game("campfire_slasher", {"players": 3}).new_initial_state()
    legal = set(state.legal_actions())
    illegal = next(number for number in range(state.get_game().num_distinct_actions()) if number not in legal)
    before = str(state)
    with pytest.raises(pyspiel.SpielError) as raised:
        state.apply_action(illegal)
    assert isinstance(raised.value, IllegalAction) and str(state) == before


def test_the_searchers_seat_decides_first_only_at_the_decision_it_was_sampled_in():
    # A sample wrapped with `first=1` lets seat 1 commit first there; once a move is made, the next simultaneous
    # decision is ordered as any other: the lowest seat first.
    game = openspiel.load("grizzly-race", players=2)
    truth = default_registry().game("grizzly-race").initial_state(2, 0)
    root = game.wrap(truth.clone(), first=1)
    assert root.current_player() == 1
    root.apply_action(root.legal_actions()[0])
    root.apply_action(root.legal_actions()[0])
    assert root.campfire.to_act == (0, 1)
    assert root.current_player() == 0


def test_a_resample_is_the_games_sample_seeded_from_the_samplers_draw():
    state = openspiel.load("grizzly-race", players=3, seed=6).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    digests = []
    for draw in (0.25, 0.75):
        sample = state.resample_from_infostate(1, lambda draw=draw: draw)
        assert sample.campfire.digest() == state.campfire.sample(1, Rng(int(draw * 2**53))).digest()
        digests.append(sample.campfire.digest())
    assert digests[0] != digests[1]


def test_a_resample_for_a_seat_that_is_not_to_act_keeps_that_seats_view():
    state = openspiel.load("grizzly-race", players=3, seed=6).new_initial_state()
    state.apply_action(state.legal_actions()[0])  # seat 0 commits; seat 1 is to act
    assert state.current_player() == 1
    for draw in (0.1, 0.2, 0.3, 0.4):
        sample = state.resample_from_infostate(0, lambda draw=draw: draw)
        assert sample.observation_string(0) == state.observation_string(0)
        assert sample.information_state_string(0) == state.information_state_string(0)


def test_playing_a_resample_does_not_move_the_rng_seed_series_on():
    game = openspiel.load("grizzly-race", players=2, rng_seed=3)
    first = game.new_initial_state()
    sample = first.resample_from_infostate(0, lambda: 0.5)
    sample.apply_action(sample.legal_actions()[0])
    grizzly = default_registry().game("grizzly-race")
    assert game.new_initial_state().campfire.digest() == grizzly.initial_state(2, 3).digest()


def test_a_clone_keeps_its_own_information_state_after_the_original_and_it_play_on_apart():
    game = openspiel.load("grizzly-race", players=2, seed=3)
    state = game.new_initial_state()
    state.information_state_string(0)
    clone = state.clone()
    first, second = state.legal_actions()[:2]
    state.apply_action(first)
    state.information_state_string(0)
    clone.apply_action(second)
    replayed = game.new_initial_state()
    replayed.apply_action(second)
    assert clone.information_state_string(0) == replayed.information_state_string(0)
    assert clone.information_state_string(0) != state.information_state_string(0)


def test_each_seats_observation_string_and_tensor_are_its_own_whoever_was_asked_first():
    from corekit.interop.encoding import observation_features, observation_text

    game = openspiel.load("grizzly-race", players=3, seed=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    for seat in (0, 2, 1):
        assert state.observation_string(seat) == observation_text(state.campfire.observation(seat))
        tensor = state.observation_tensor(seat)
        assert [i for i, value in enumerate(tensor) if value] == observation_features(state.campfire.observation(seat))


def test_an_observer_for_public_information_only_without_the_seats_private_part_is_refused_by_name():
    from open_spiel.python.observation import make_observation

    game = openspiel.load("grizzly-race", players=2)
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    with pytest.raises(ValueError, match=r"own observation only .*public_info=False, private_info=SINGLE_PLAYER"):
        make_observation(game, kind)


def test_observation_parameters_are_refused_naming_them():
    game = openspiel.load("grizzly-race", players=2)
    with pytest.raises(ValueError, match=r"^observation parameters are not supported; got \{'shape': 'flat'\}$"):
        game.make_py_observer(None, {"shape": "flat"})


def test_the_utilities_run_from_0_to_1_and_the_game_length_is_the_games_max_decisions():
    game = openspiel.load("slasher", players=4, seed=1)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_game_length() == default_registry().game("slasher").max_decisions(4, game.options)


class _OwnGameError(GameError):
    """A game's own kind of GameError."""


class _Fussy(ToyGame):
    id = "toy-fussy"

    def action_space(self, players, options):
        return list(range(1, 7))

    def _setup(self, players, seed, options):
        if players == 3:
            raise _OwnGameError("toy-fussy: three is a crowd")
        return super()._setup(players, seed, options)


def test_a_games_own_subclass_of_a_campfire_error_is_raised_as_it_is_not_as_a_spiel_twin():
    with pytest.raises(GameError, match=r"^toy-fussy: three is a crowd$") as raised:
        openspiel.CampfireGame({"players": 3}, _Fussy())
    assert type(raised.value).__name__ == "_OwnGameError"
    assert openspiel.CampfireGame({"players": 2}, _Fussy()).num_players() == 2


def test_a_state_of_a_later_deal_played_on_a_fresh_copy_of_the_game_does_not_move_its_series_on():
    grizzly = default_registry().game("grizzly-race")
    game = openspiel.load("grizzly-race", players=2, rng_seed=4)
    _play_out(game.new_initial_state(), Rng(0))
    later = game.new_initial_state()  # the series' second deal
    fresh = openspiel.load("grizzly-race", players=2, rng_seed=4)
    moved = fresh.deserialize_state(later.serialize())
    moved.apply_action(moved.legal_actions()[0])
    assert fresh.new_initial_state().campfire.digest() == grizzly.initial_state(2, 4).digest()


class _Gear(enum.Enum):
    LOW = 1
    TURBO = "turbo"


@attrs.frozen
class _GearedOptions:
    bug: str = "none"
    gear: _Gear = _Gear.LOW


class _Geared(ToyGame):
    id = "toy-geared"
    options_type = _GearedOptions

    def action_space(self, players, options):
        return list(range(1, 7))


def test_an_enum_option_with_a_value_that_is_not_an_int_is_a_text_parameter_even_its_int_valued_members():
    name = openspiel.register(_Geared())
    game = pyspiel.load_game(name)
    assert game.get_parameters()["gear"] == "1"
    assert pyspiel.load_game(name, {"gear": "turbo"}).options.gear is _Gear.TURBO


def test_a_clone_of_a_sample_keeps_the_seat_that_decides_first_in_a_simultaneous_decision():
    import copy

    game = openspiel.load("grizzly-race", players=2)
    truth = default_registry().game("grizzly-race").initial_state(2, 0)
    root = game.wrap(truth.sample(1, Rng(5)), first=1)
    assert root.clone().current_player() == copy.deepcopy(root).current_player() == 1
    assert root.clone().legal_actions() == root.legal_actions(1)


def test_a_game_refused_as_it_is_loaded_can_still_be_shown_from_the_traceback_that_holds_it():
    # Its __init__ raised before pyspiel's half was made, whose own repr then read a null pointer: pytest's long
    # tracebacks show each frame's arguments, so a test that failed by a refused load crashed the whole run.
    registry = default_registry()
    with pytest.raises(pyspiel.SpielError, match="needs 2-4 players, got 9") as refused:
        openspiel.CampfireGame({"players": 9}, registry.game("grizzly-race"))
    held = [
        value
        for frame, _ in traceback.walk_tb(refused.value.__traceback__)
        for value in [*frame.f_locals.values(), *frame.f_locals.get("args", ())]
        if isinstance(value, openspiel.CampfireGame)
    ]
    assert held, "the traceback no longer holds the half-made game: nothing left to show"
    assert {repr(game) for game in held} == {"<CampfireGame of grizzly-race, refused before it was made>"}
    assert {str(game) for game in held} == {"<CampfireGame of grizzly-race, refused before it was made>"}
    assert repr(openspiel.load("grizzly-race", seed=2)) == "campfire_grizzly_race(players=2,seed=2,stall_rounds=100)"
