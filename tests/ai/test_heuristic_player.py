"""The heuristic player plays the game's policy, else looks one step ahead with its evaluation or playouts."""

from __future__ import annotations

import pytest

from ai.heuristic_player import HeuristicOptions, HeuristicPlayer
from corekit import Heuristic, PlayerSpec, SeatView, default_registry, play_match
from corekit.options import OptionError
from corekit.players import build_player
from tests.ai.ai_toy_games import Duel, duel_evaluate


def _view(players: int = 2, seat: int = 0) -> SeatView:
    return SeatView(Duel().initial_state(players, 5), seat)


def test_with_a_policy_it_plays_the_policy_and_never_samples():
    heuristic = Heuristic(policy=lambda obs, seat, legal, rng: legal[1])
    player = HeuristicPlayer(HeuristicOptions(), 1, heuristic)
    assert player.needs_sample is False
    assert player.decide(_view()) == 2


def test_with_only_an_evaluation_it_picks_the_action_that_evaluates_best():
    player = HeuristicPlayer(HeuristicOptions(samples=3), 1, Heuristic(evaluate=duel_evaluate))
    assert player.needs_sample is True
    assert player.decide(_view(3, 1)) == 3


def test_without_a_heuristic_it_looks_ahead_with_random_playouts():
    player = HeuristicPlayer(HeuristicOptions(samples=12), 7, None)
    assert player.decide(_view(2, 1)) == 3


def test_the_same_seed_gives_the_same_decisions():
    first = [HeuristicPlayer(HeuristicOptions(samples=2), 11, None).decide(_view()) for _ in range(2)]
    assert first[0] == first[1]


def test_the_heuristic_player_type_uses_the_registered_grizzly_race_heuristic():
    registry = default_registry()
    game = registry.game("grizzly-race")
    player = build_player(
        registry.player_type("heuristic"), PlayerSpec.parse("heuristic:samples=4"), 3, game, registry.heuristic(game.id)
    )
    assert player.policy is registry.heuristic("grizzly-race").policy
    assert player.options.samples == 4


def test_the_heuristic_beats_random_at_grizzly_race():
    game = default_registry().game("grizzly-race")
    wins = 0.0
    for index in range(40):
        specs = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        result = play_match(game, specs, seed=index)
        wins += result.returns[specs.index("heuristic")]
    # Seeded, so deterministic: 27 of 40 today; a fair coin would give 24 or more only 13% of the time.
    assert wins >= 24


def test_the_heuristic_comes_from_the_matchs_own_registry_not_only_the_installed_plugins():
    import types

    from corekit import Heuristic, Registry, hookimpl, play_match
    from tests.corekit.toy_game import ToyGame

    calls = []

    def policy(observation, seat, legal, rng):
        calls.append(seat)
        return legal[-1]

    plugin = types.ModuleType("toy_with_heuristic")
    plugin.campfire_games = hookimpl(lambda: [ToyGame()])
    plugin.campfire_heuristics = hookimpl(lambda: {"toy": Heuristic(policy=policy)})
    registry = Registry(plugins=[plugin])
    result = play_match(registry.game("toy"), ["heuristic", "heuristic"], 1, registry=registry)
    assert result.forfeit is None
    assert len(calls) == result.steps


def test_a_variant_named_in_the_spec_is_played_instead_of_the_main_policy():
    registry = default_registry()
    game = registry.game("camp-grizzly")
    heuristic = registry.heuristic(game.id)
    player = build_player(
        registry.player_type("heuristic"), PlayerSpec.parse("heuristic:variant=stall"), 3, game, heuristic
    )
    assert player.policy is heuristic.variants["stall"] and player.policy is not heuristic.policy
    assert player.evaluate is heuristic.evaluate


def test_an_unknown_variant_is_a_one_line_error_that_names_the_known_ones():
    registry = default_registry()
    for game_id, known in (("camp-grizzly", "stall, timid"), ("grizzly-race", "none")):
        game = registry.game(game_id)
        with pytest.raises(OptionError) as error:
            build_player(
                registry.player_type("heuristic"),
                PlayerSpec.parse("heuristic:variant=nope"),
                3,
                game,
                registry.heuristic(game_id),
            )
        assert str(error.value) == f"player 'heuristic': {game_id} has no variant 'nope' (known: {known})"
