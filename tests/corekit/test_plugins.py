"""The plugin host: entry points load one by one; a broken plugin is named and the rest still load."""

import importlib.metadata
import types

import pytest

from corekit import Game, PlayerType, Registry, UnknownName, hookimpl
from corekit.plugins import ENTRY_POINT_GROUPS
from tests.corekit.toy_game import ToyGame


def module(name, **hooks):
    plugin = types.ModuleType(name)
    for hook_name, function in hooks.items():
        setattr(plugin, hook_name, hookimpl(function))
    return plugin


def test_the_built_in_games_and_players_arrive_through_entry_points():
    registry = Registry()
    assert "grizzly-race" in registry.games
    assert "random" in registry.player_types
    names = {e.name for e in importlib.metadata.entry_points(group="campfire.games")}
    assert "grizzly-race" in names


def with_entry_point(monkeypatch, name: str, value: str) -> None:
    """Add a `campfire.games` entry point to what importlib.metadata reports, as an installed plugin would."""
    real = importlib.metadata.entry_points
    added = importlib.metadata.EntryPoint(name, value, "campfire.games")

    def entry_points(**selection):
        installed = [entry for group in ENTRY_POINT_GROUPS for entry in real(group=group)]
        return importlib.metadata.EntryPoints([*installed, added]).select(**selection)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


def test_a_plugin_that_fails_to_import_is_named_and_the_others_still_load(monkeypatch):
    with_entry_point(monkeypatch, "broken-game", "no_such_module_xyz:plugin")
    registry = Registry().load()
    assert any("'broken-game'" in w and "failed to load" in w and "no_such_module_xyz" in w for w in registry.warnings)
    assert "grizzly-race" in registry.games


def test_a_registration_hook_that_raises_spoils_only_its_own_plugin():
    def campfire_games():
        raise RuntimeError("setup exploded")

    registry = Registry(
        [module("exploding", campfire_games=campfire_games), module("toy", campfire_games=lambda: [ToyGame()])],
        entry_points=False,
    )
    assert list(registry.games) == ["toy"]
    assert registry.warnings == ["plugin 'exploding' failed in campfire_games: RuntimeError: setup exploded"]


def test_things_that_are_not_games_and_duplicate_ids_are_refused_with_a_warning():
    registry = Registry(
        [
            module("odd", campfire_games=lambda: ["not a game", ToyGame()]),
            module("again", campfire_games=lambda: [ToyGame()]),
        ],
        entry_points=False,
    )
    assert list(registry.games) == ["toy"]
    assert any("not a Game" in w for w in registry.warnings)
    [duplicate] = [w for w in registry.warnings if "already registered" in w]
    assert duplicate == "plugin 'again': game id 'toy' is already registered by plugin 'odd'; this one is skipped"


def test_a_later_plugin_reusing_a_player_type_or_heuristic_name_is_skipped_with_a_warning():
    first, second = PlayerType("twin", lambda *_: None), PlayerType("twin", lambda *_: None)
    registry = Registry(
        [
            module(
                "one",
                campfire_games=lambda: [ToyGame()],
                campfire_players=lambda: [first],
                campfire_heuristics=lambda: {"toy": "first heuristic"},
            ),
            module("two", campfire_players=lambda: [second], campfire_heuristics=lambda: {"toy": "second heuristic"}),
        ],
        entry_points=False,
    )
    assert registry.player_types["twin"] is first and registry.heuristics["toy"] == "first heuristic"
    assert registry.warnings == [
        "plugin 'two': player type 'twin' is already registered by plugin 'one'; this one is skipped",
        "plugin 'two': heuristic for game 'toy' is already registered by plugin 'one'; this one is skipped",
    ]


def test_a_plugin_from_the_environment_cannot_replace_an_installed_game(monkeypatch):
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "tests.corekit.fixtures.impostor_plugin")
    registry = Registry()
    assert registry.games["slasher"].title != "Impostor"
    assert (
        "plugin 'tests.corekit.fixtures.impostor_plugin': game id 'slasher' is already registered by plugin "
        "'slasher'; this one is skipped"
    ) in registry.warnings


def test_unknown_names_list_what_is_known():
    registry = Registry([module("toy", campfire_games=lambda: [ToyGame()])], entry_points=False)
    with pytest.raises(UnknownName, match=r"unknown game 'chess' \(installed: toy\)"):
        registry.game("chess")
    with pytest.raises(UnknownName, match=r"unknown player 'alphazero' \(known: none\)"):
        registry.player_type("alphazero")


def test_a_player_type_is_registered_through_the_players_hook():
    kind = PlayerType("noop", lambda options, seed, game, heuristic: None)
    registry = Registry([module("extra", campfire_players=lambda: [kind])], entry_points=False)
    assert registry.player_type("noop") is kind
    assert isinstance(ToyGame(), Game)


def test_a_heuristic_for_an_unknown_game_id_is_a_warning_naming_the_games():
    from corekit import Heuristic

    registry = Registry(
        [module("toy", campfire_games=lambda: [ToyGame()], campfire_heuristics=lambda: {"toy_game": Heuristic()})],
        entry_points=False,
    ).load()
    assert registry.warnings == ["plugin 'toy' registered a heuristic for unknown game 'toy_game' (games: toy)"]


def test_a_plugin_named_in_the_variable_that_an_entry_point_already_loaded_is_not_a_warning(monkeypatch):
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "plugins.grizzly_race.plugin")
    registry = Registry().load()
    assert "grizzly-race" in registry.games and registry.warnings == []


def test_a_plugin_in_the_variable_that_cannot_be_found_hints_at_the_import_path(monkeypatch):
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "no_such_game_pkg.plugin")
    registry = Registry().load()
    assert registry.warnings == [
        "plugin 'no_such_game_pkg.plugin' from CAMPFIRE_PLUGINS failed to load: "
        "ModuleNotFoundError: No module named 'no_such_game_pkg' (is its folder on "
        "PYTHONPATH?)"
    ]


@pytest.mark.parametrize(("code", "shown"), [(0, "SystemExit: 0"), (3, "SystemExit: 3")])
def test_a_plugin_that_calls_sys_exit_on_import_is_a_warning_and_campfire_goes_on(tmp_path, monkeypatch, code, shown):
    (tmp_path / "exits_on_import.py").write_text(f"import sys\nsys.exit({code})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "exits_on_import")
    registry = Registry().load()
    assert registry.warnings == [f"plugin 'exits_on_import' from CAMPFIRE_PLUGINS failed to load: {shown}"]
    assert "grizzly-race" in registry.games


def test_an_entry_point_that_calls_sys_exit_on_import_is_a_warning_and_campfire_goes_on(tmp_path, monkeypatch):
    (tmp_path / "exiting_entry.py").write_text("import sys\nsys.exit(0)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with_entry_point(monkeypatch, "exiting-game", "exiting_entry")
    registry = Registry().load()
    assert "plugin 'exiting-game' (exiting_entry) failed to load: SystemExit: 0" in registry.warnings
    assert "grizzly-race" in registry.games


def test_a_registration_hook_that_calls_sys_exit_spoils_only_its_own_plugin():
    def campfire_games():
        raise SystemExit(2)

    registry = Registry(
        [module("exiting", campfire_games=campfire_games), module("toy", campfire_games=lambda: [ToyGame()])],
        entry_points=False,
    )
    assert list(registry.games) == ["toy"]
    assert registry.warnings == ["plugin 'exiting' failed in campfire_games: SystemExit: 2"]


def test_games_and_players_load_when_first_asked_for_and_extensions_at_once(monkeypatch):
    with_entry_point(monkeypatch, "broken-game", "no_such_module_xyz:plugin")
    registry = Registry()
    assert registry.pm.has_plugin("replays") and not registry.pm.has_plugin("grizzly-race")
    assert registry.warnings == []  # the broken game is not imported yet
    assert "grizzly-race" in registry.games and registry.pm.has_plugin("builtin")
    assert any("'broken-game'" in warning for warning in registry.warnings)


def test_a_given_plugin_registers_its_ids_after_the_installed_ones_even_though_it_is_registered_first():
    class Rival(ToyGame):
        id = "grizzly-race"

    registry = Registry([module("rival", campfire_games=lambda: [Rival()])])
    assert not isinstance(registry.game("grizzly-race"), Rival)
    assert "plugin 'rival': game id 'grizzly-race' is already registered by plugin 'grizzly-race'" in " ".join(
        registry.warnings
    )
