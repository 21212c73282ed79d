"""corekit asks player types what they can do (`interactive`, `probe`), never what they are called."""

from __future__ import annotations

import types

from click.testing import CliRunner

from corekit import Player, PlayerType, Registry, hookimpl
from corekit.cli import CliContext, cli
from corekit.conformance import check_leaks
from tests.corekit.toy_game import ToyGame


class FirstLegal(Player):
    needs_sample = False

    def decide(self, view):
        return view.legal_actions[0]


def registry_with(*player_types: PlayerType) -> Registry:
    plugin = types.ModuleType("capabilities")
    plugin.campfire_games = hookimpl(lambda: [ToyGame()])
    plugin.campfire_players = hookimpl(lambda: list(player_types))
    return Registry([plugin], entry_points=False)


def first_legal(name: str, **capabilities) -> PlayerType:
    return PlayerType(name, lambda options, seed, game, heuristic: FirstLegal(), **capabilities)


def test_the_leak_probe_is_the_first_offered_by_name_and_none_without_one():
    assert registry_with(first_legal("plain")).leak_probe() is None
    registry = registry_with(first_legal("zeta", probe="zeta"), first_legal("alpha", probe="alpha"), first_legal("x"))
    assert registry.leak_probe() == "alpha"


def test_mcts_stays_the_leak_probe_when_a_player_named_before_it_offers_one_too():
    # Installing another searching player must not change what `campfire check` plays without saying so.
    registry = registry_with(first_legal("greedy", probe="greedy"), first_legal("mcts", probe="mcts:iterations=5"))
    assert registry.leak_probe() == "mcts:iterations=5"


class Restless(Player):
    """Chooses by a count of its class's decisions, not from the seed it was made with (as a player drawing from the
    random module does, but the same in every run)."""

    needs_sample = False
    calls = 0

    def decide(self, view):
        Restless.calls += 1
        return view.legal_actions[Restless.calls % len(view.legal_actions)]


def test_check_plays_the_probe_it_is_given_names_it_and_refuses_one_that_is_not_seeded():
    registry = registry_with(first_legal("seer", probe="seer"), PlayerType("restless", lambda *args: Restless()))
    invoke = CliRunner().invoke
    args = ["check", "toy", "-n", "3", "--players", "2", "--no-processes"]
    ran = invoke(cli, args, obj=CliContext(registry))
    assert ran.exit_code == 0 and "player-level leak check run with seer: 3 matches, " in ran.output, ran.output
    refused = invoke(cli, [*args, "--probe", "restless"], obj=CliContext(registry))
    assert refused.exit_code == 1, refused.output
    assert "restless chose differently in the same state, seeded alike, so it cannot be checked for leaks" in (
        refused.output
    )
    assert "cannot tell apart" not in refused.output  # not blamed on the game
    assert refused.output.count("chose differently") == 1  # the leak check stops at it
    unknown = invoke(cli, [*args, "--probe", "nobody"], obj=CliContext(registry))
    assert unknown.exit_code == 1 and "unknown player 'nobody' (known: restless, seer)" in unknown.output


def _refusal(registry: Registry, probe: str) -> str:
    args = ["check", "toy", "-n", "1", "--players", "2", "--no-processes", "--probe", probe]
    result = CliRunner().invoke(cli, args, obj=CliContext(registry))
    assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
    return result.output.strip()


def test_check_refuses_a_probe_that_needs_a_person_or_cannot_be_built_naming_the_probe():
    def boom(*args):
        raise RuntimeError("no fuel")

    registry = registry_with(first_legal("person", interactive=True), PlayerType("boom", boom))
    assert _refusal(registry, "person") == (
        "Error: --probe 'person' needs a person at a terminal, so the leak check cannot seat it"
    )
    assert _refusal(registry, "boom") == "Error: --probe 'boom' could not be built: RuntimeError: no fuel"


def test_the_installed_mcts_is_the_leak_probe():
    assert Registry().leak_probe() == "mcts:iterations=30,rollout=random"


def test_the_leak_check_plays_the_registrys_probe_by_default():
    registry = registry_with(first_legal("seer", probe="seer"))
    report = check_leaks(ToyGame(), 2, registry, games=1, seed=1)
    assert report.matches == 1 and report.ok


def test_check_without_a_probe_says_it_skipped_the_leak_check():
    registry = registry_with(first_legal("plain"))
    result = CliRunner().invoke(cli, ["check", "toy", "-n", "2", "--players", "2"], obj=CliContext(registry))
    assert result.exit_code == 0, result.output
    assert "no player-level leak check (no installed player offers a leak probe)" in result.output


def test_play_keeps_the_other_seats_moves_out_of_the_log_for_any_interactive_player():
    registry = registry_with(first_legal("person", interactive=True), first_legal("bot"))
    shown = CliRunner().invoke(cli, ["play", "toy", "-p", "bot,bot", "--seed", "1"], obj=CliContext(registry))
    hidden = CliRunner().invoke(cli, ["play", "toy", "-p", "person,bot", "--seed", "1"], obj=CliContext(registry))
    assert shown.exit_code == hidden.exit_code == 0
    assert "   2  seat 1: " in shown.output and "   2  seat 1: " not in hidden.output


def test_every_installed_player_type_stays_hashable():
    from corekit.plugins import default_registry

    types = default_registry().player_types.values()
    assert len({*types}) == len(types)  # a set of them, as a plugin may keep: `follows` is left out of the hash
