"""The plugin host, pinned where a mutation sweep found it untested: load order and name clashes, malformed
plugins, unknown-name messages, CAMPFIRE_PLUGINS parsing and lazy loading."""

from __future__ import annotations

import importlib.metadata
import types
import warnings
from pathlib import Path
from typing import Any

import pytest

from corekit import Heuristic, PlayerType, Registry, UnknownName, hookimpl
from corekit.conformance.report import Report
from corekit.plugins import ENTRY_POINT_GROUPS, default_registry
from corekit.pytest_plugin import conformance_runner
from tests.corekit.test_plugins import module
from tests.corekit.toy_game import ToyGame, ToyOptions


class Unhashable:
    """A plugin object pluggy would register and then fail on at every hook that looks at it."""

    __hash__ = None  # type: ignore[assignment]

    @hookimpl
    def campfire_games(self) -> list[ToyGame]:
        return [ToyGame()]


def titled(game_id: str, title: str) -> ToyGame:
    """A toy game under another id and title, to tell clashing games apart."""
    return type("Titled", (ToyGame,), {"id": game_id, "title": title})()


def with_entry_points(monkeypatch: pytest.MonkeyPatch, *added: tuple[str, str, str]) -> None:
    """Report these (name, module, group) entry points, after the installed ones and in the order given."""
    real = importlib.metadata.entry_points
    extra = [importlib.metadata.EntryPoint(name, value, group) for name, value, group in added]

    def entry_points(**selection: Any) -> importlib.metadata.EntryPoints:
        installed = [entry for group in ENTRY_POINT_GROUPS for entry in real(group=group)]
        return importlib.metadata.EntryPoints([*installed, *extra]).select(**selection)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


def games_plugin(folder: Path, name: str, game_id: str, title: str, marks: str = "") -> None:
    """Write `folder/name.py`, a plugin whose `campfire_games` registers one toy game (`marks`: hookimpl options)."""
    (folder / f"{name}.py").write_text(
        "from corekit import hookimpl\n"
        "from tests.corekit.toy_game import ToyGame\n\n\n"
        "class Titled(ToyGame):\n"
        f"    id = {game_id!r}\n"
        f"    title = {title!r}\n\n\n"
        f"@hookimpl({marks})\n"
        "def campfire_games():\n"
        "    return [Titled()]\n"
    )


def test_an_unhashable_plugin_is_a_warning_and_the_others_still_load() -> None:
    registry = Registry([Unhashable(), module("toy", campfire_games=lambda: [ToyGame()])], entry_points=False)
    assert list(registry.games) == ["toy"]
    assert registry.warnings == [
        "plugin 'Unhashable' could not be registered: TypeError: unhashable type: 'Unhashable'"
    ]


def test_the_unknown_game_message_lists_the_installed_games_sorted() -> None:
    registry = Registry(
        [module("two", campfire_games=lambda: [titled("zebra", "Z"), titled("aardvark", "A")])], entry_points=False
    )
    with pytest.raises(UnknownName, match=r"^unknown game 'chess' \(installed: aardvark, zebra; "):
        registry.game("chess")


def test_an_unknown_game_that_a_plugin_offered_says_why_it_was_skipped() -> None:
    optioned = type("Optioned", (ToyGame,), {"id": "optioned", "options_type": type("Opts", (), {})})()
    registry = Registry([module("broken", campfire_games=lambda: [optioned])], entry_points=False)
    with pytest.raises(UnknownName) as unknown:
        registry.game("optioned")
    assert str(unknown.value).endswith(
        "; plugin 'broken': game 'optioned' is skipped: Opts is not an attrs class (write it with @attrs.frozen)"
    )


def test_an_unknown_name_skipped_twice_repeats_the_first_plugins_reason() -> None:
    def odd(plugin: str) -> types.ModuleType:
        return module(plugin, campfire_players=lambda: [PlayerType("weird", lambda *_: None, options_type=None)])

    registry = Registry([odd("first"), odd("second")], entry_points=False)
    with pytest.raises(UnknownName) as unknown:
        registry.player_type("weird")
    assert "; plugin 'first': player 'weird' is skipped: " in str(unknown.value)


def test_an_unknown_player_does_not_repeat_a_warning_about_a_game_of_the_same_name() -> None:
    optioned = type("Optioned", (ToyGame,), {"id": "weird", "options_type": None})()
    registry = Registry([module("broken", campfire_games=lambda: [optioned])], entry_points=False)
    with pytest.raises(UnknownName) as unknown:
        registry.player_type("weird")
    assert str(unknown.value) == "unknown player 'weird' (known: none)"


def test_a_heuristic_asked_for_before_anything_else_loads_the_plugins() -> None:
    heuristic = Heuristic()
    registry = Registry(
        [module("toy", campfire_games=lambda: [ToyGame()], campfire_heuristics=lambda: {"toy": heuristic})],
        entry_points=False,
    )
    assert registry.heuristic("toy") is heuristic


def test_installed_plugins_load_in_entry_point_name_order_so_the_first_by_name_keeps_a_clashing_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games_plugin(tmp_path, "ep_later", "ember-duel", "Later by name")
    games_plugin(tmp_path, "ep_first", "ember-duel", "First by name")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("CAMPFIRE_PLUGINS", raising=False)
    with_entry_points(monkeypatch, ("z-duel", "ep_later", "campfire.games"), ("a-duel", "ep_first", "campfire.games"))
    registry = Registry().load()
    assert registry.game("ember-duel").title == "First by name"
    assert registry.warnings == [
        "plugin 'z-duel': game id 'ember-duel' is already registered by plugin 'a-duel'; this one is skipped"
    ]


def test_an_entry_point_listed_twice_that_fails_to_import_is_named_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A distribution visible twice on sys.path lists its entry points twice.
    monkeypatch.delenv("CAMPFIRE_PLUGINS", raising=False)
    twice = ("broken-game", "no_such_module_xyz", "campfire.games")
    with_entry_points(monkeypatch, twice, twice)
    registry = Registry().load()
    assert [w for w in registry.warnings if "broken-game" in w] == [
        "plugin 'broken-game' (no_such_module_xyz) failed to load: "
        "ModuleNotFoundError: No module named 'no_such_module_xyz'"
    ]


def test_a_plugin_from_the_variable_cannot_take_an_installed_id_even_when_its_hook_runs_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # trylast puts it first in pluggy's list of implementations: only the load phase keeps the installed game.
    games_plugin(tmp_path, "ep_trylast", "slasher", "Impostor", marks="trylast=True")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "ep_trylast")
    registry = Registry().load()
    assert registry.game("slasher").title != "Impostor"
    assert registry.warnings == [
        "plugin 'ep_trylast': game id 'slasher' is already registered by plugin 'slasher'; this one is skipped"
    ]


def test_a_plugin_from_the_variable_keeps_its_id_against_a_given_plugin_registered_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games_plugin(tmp_path, "ep_variable", "ember-duel", "From the variable")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "ep_variable")
    registry = Registry([module("given", campfire_games=lambda: [titled("ember-duel", "Given")])]).load()
    assert registry.game("ember-duel").title == "From the variable"
    assert registry.warnings == [
        "plugin 'given': game id 'ember-duel' is already registered by plugin 'ep_variable'; this one is skipped"
    ]


def test_the_variable_s_names_may_have_spaces_after_the_commas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games_plugin(tmp_path, "ep_one", "ember-one", "One")
    games_plugin(tmp_path, "ep_two", "ember-two", "Two")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", " ep_one , ep_two ,")
    registry = Registry().load()
    assert {"ember-one", "ember-two"} <= set(registry.games) and registry.warnings == []


def test_a_registry_without_entry_points_ignores_the_variable_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games_plugin(tmp_path, "ep_ignored", "ember-duel", "Ignored")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "ep_ignored")
    registry = Registry([module("toy", campfire_games=lambda: [ToyGame()])], entry_points=False)
    assert list(registry.games) == ["toy"] and registry.warnings == []


def test_a_value_named_like_a_hook_that_is_not_a_function_is_no_warning() -> None:
    plugin = module("valued", campfire_games=lambda: [ToyGame()])
    plugin.campfire_players = ["not", "a", "function"]
    assert Registry([plugin], entry_points=False).load().warnings == []


def test_an_unknown_hook_implemented_twice_is_a_warning_unless_both_are_marked_optional() -> None:
    plugin = module("mixed", campfire_games=lambda: [ToyGame()])
    plugin.paused = hookimpl(specname="campfire_match_paused", optionalhook=True)(lambda match: None)
    plugin.campfire_match_paused = hookimpl(lambda match: None)
    registry = Registry([plugin], entry_points=False).load()
    assert registry.warnings == [  # once, though pluggy lists the hook once per function implementing it
        "plugin 'mixed': campfire_match_paused is not a campfire hook, so it is never called "
        "(hooks: campfire_games, campfire_players, campfire_heuristics, campfire_cli_setup, campfire_match_start, "
        "campfire_action_applied, campfire_match_end)"
    ]


def test_a_plugin_marking_an_unknown_hook_optional_is_not_blamed_for_another_plugin_s_unmarked_one() -> None:
    typo = module("typo", campfire_match_paused=lambda match: None)
    newer = module("newer", campfire_games=lambda: [ToyGame()])
    newer.campfire_match_paused = hookimpl(optionalhook=True)(lambda match: None)
    registry = Registry([typo, newer], entry_points=False).load()
    assert [warning.split(":")[0] for warning in registry.warnings] == ["plugin 'typo'"]


def test_a_heuristic_when_no_game_is_registered_says_there_are_none() -> None:
    registry = Registry([module("lonely", campfire_heuristics=lambda: {"toy": Heuristic()})], entry_points=False)
    assert registry.load().warnings == ["plugin 'lonely' registered a heuristic for unknown game 'toy' (games: none)"]


@pytest.mark.parametrize(
    ("result", "kind"),
    [(b"toy", "a bytes"), ({"toy": ToyGame()}, "a dict")],
    ids=["bytes", "dict-of-games"],
)
def test_a_games_hook_returning_bytes_or_a_dict_is_one_warning_and_loads_none_of_them(result: Any, kind: str) -> None:
    registry = Registry([module("odd", campfire_games=lambda: result)], entry_points=False)
    assert registry.games == {}
    assert registry.warnings == [
        f"plugin 'odd': campfire_games returned {kind}, not a list of games; its games are not loaded"
    ]


def test_the_default_registry_is_made_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("corekit.plugins._default", None)
    first = default_registry()
    assert default_registry() is first


def test_registering_a_plugin_with_every_registration_hook_raises_no_python_warning() -> None:
    plugin = module(
        "toy",
        campfire_games=lambda: [ToyGame()],
        campfire_players=lambda: [PlayerType("noop", lambda *_: None)],
        campfire_heuristics=lambda: {"toy": Heuristic()},
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = Registry([plugin], entry_points=False).load()
    assert registry.warnings == []


# The `campfire_conformance` fixture (corekit.pytest_plugin), with the checks it runs recorded.


class Recorded:
    """Stand-ins for `check_game` and `check_leaks` that record what they were asked and report `failures`."""

    def __init__(self, failures: list[str] | None = None, leaks: list[str] | None = None, hung: bool = False) -> None:
        self.games: list[tuple[int, int, int, Any, bool]] = []
        self.leaks: list[tuple[int, int, Any]] = []
        self._failures, self._leaks, self._hung = failures or [], leaks or [], hung

    def check_game(self, game: Any, count: int, games: int, seed: int, options: Any, commentary: bool) -> Report:
        self.games.append((count, games, seed, options, commentary))
        return Report(game.id, count, failures=list(self._failures), hung=self._hung)

    def check_leaks(self, game: Any, count: int, registry: Registry, seed: int = 0, options: Any = None) -> Report:
        self.leaks.append((count, seed, options))
        return Report(game.id, count, failures=list(self._leaks))


def recorded(monkeypatch: pytest.MonkeyPatch, **report: Any) -> Recorded:
    stand_in = Recorded(**report)
    monkeypatch.setattr("corekit.pytest_plugin.check_game", stand_in.check_game)
    monkeypatch.setattr("corekit.pytest_plugin.check_leaks", stand_in.check_leaks)
    return stand_in


def with_probe(*games: Any) -> Registry:
    """A registry of `games` and one player type that offers a leak probe."""
    seer = PlayerType("seer", lambda *_: None, probe="seer")
    return Registry([module("toy", campfire_games=lambda: list(games), campfire_players=lambda: [seer])], False)


def test_the_fixture_checks_every_player_count_with_200_matches_from_seed_0_and_commentary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checks = recorded(monkeypatch)
    conformance_runner(Registry([module("toy", campfire_games=lambda: [ToyGame()])], entry_points=False))("toy")
    assert checks.games == [(2, 200, 0, None, True), (3, 200, 0, None, True)]


def test_a_player_count_given_as_a_number_is_the_only_one_checked_with_the_seed_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checks = recorded(monkeypatch)
    conformance_runner(with_probe(ToyGame()))("toy", players=3, seed=5)
    assert checks.games == [(3, 200, 5, None, True)] and checks.leaks == [(3, 5, None)]


def test_one_leak_found_fails_the_test_by_player_count_and_the_leak_check_gets_the_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checks = recorded(monkeypatch, leaks=["leak check seed 9: seat 1 plays otherwise"])
    options = ToyOptions()
    with pytest.raises(pytest.fail.Exception) as failed:
        conformance_runner(with_probe(ToyGame()))("toy", players=2, seed=7, options=options)
    assert checks.leaks == [(2, 7, options)]
    assert str(failed.value).splitlines() == [
        "toy fails conformance:",
        "2 players: leak check seed 9: seat 1 plays otherwise",
    ]


def test_no_leak_check_follows_a_run_that_says_to_skip_it(monkeypatch: pytest.MonkeyPatch) -> None:
    checks = recorded(monkeypatch, hung=True)
    conformance_runner(with_probe(ToyGame()))("toy", players=2)
    assert checks.leaks == []


def test_a_failure_with_one_player_is_labelled_in_the_singular(monkeypatch: pytest.MonkeyPatch) -> None:
    recorded(monkeypatch, failures=["the deal repeats"])
    registry = Registry([module("toy", campfire_games=lambda: [ToyGame()])], entry_points=False)
    with pytest.raises(pytest.fail.Exception) as failed:
        conformance_runner(registry)("toy", players=1, leaks=False)
    assert str(failed.value).splitlines() == ["toy fails conformance:", "1 player: the deal repeats"]


def test_the_campfire_registry_fixture_is_the_default_registry(campfire_registry: Registry) -> None:
    assert campfire_registry is default_registry()
