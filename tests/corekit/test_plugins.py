"""The plugin host: entry points load one by one; a broken plugin is named and the rest still load."""

import importlib.metadata
import types

import attrs
import pytest
from click.testing import CliRunner

from corekit import Game, Heuristic, PlayerType, Registry, UnknownName, hookimpl
from corekit.cli import CampfireGroup, CliContext, add_commands, cli
from corekit.plugins import ENTRY_POINT_GROUPS
from tests.corekit.toy_game import ToyGame

HOOKS = (
    "campfire_games, campfire_players, campfire_heuristics, campfire_cli_setup, campfire_match_start, "
    "campfire_action_applied, campfire_match_end"
)
"""Every hook, as the warnings about a plugin's hooks list them."""


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


@pytest.mark.parametrize("also", [None, "alike-again"])
def test_a_package_naming_its_command_module_and_its_game_module_alike_loads_both(monkeypatch, tmp_path, also):
    # An outside tester's: the games module, listed under the name its commands module took first, was skipped
    # without a word, and the game was unknown. A module listed twice (`also`) is registered once: no clash.
    (tmp_path / "alike_commands.py").write_text("")
    (tmp_path / "alike_games.py").write_text(
        "from corekit import hookimpl\nfrom tests.corekit.toy_game import ToyGame\n\n"
        "@hookimpl\ndef campfire_games():\n    return [ToyGame()]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    real = importlib.metadata.entry_points
    added = [
        importlib.metadata.EntryPoint("alike", "alike_commands", "campfire.extensions"),
        importlib.metadata.EntryPoint("alike", "alike_games", "campfire.games"),
    ]
    if also is not None:
        added.append(importlib.metadata.EntryPoint(also, "alike_games", "campfire.players"))

    def entry_points(**selection):
        installed = [entry for group in ENTRY_POINT_GROUPS for entry in real(group=group)]
        return importlib.metadata.EntryPoints([*installed, *added]).select(**selection)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry = Registry().load()
    assert "toy" in registry.games and "grizzly-race" in registry.games
    assert [w for w in registry.warnings if "alike" in w] == [
        "plugin 'alike' implements no campfire hook (mark each hook function with @hookimpl; hooks: " + HOOKS + ")"
    ]


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
    assert registry.warnings == [
        "plugin 'odd': campfire_games returned 'not a game' in its list, not a Game; it is skipped",
        "plugin 'again': game id 'toy' is already registered by plugin 'odd'; this one is skipped",
    ]


def test_a_player_type_or_heuristic_of_the_wrong_type_is_skipped_with_a_warning_and_the_rest_load():
    kind = PlayerType("noop", lambda *_: None)
    registry = Registry(
        [
            module(
                "odd",
                campfire_games=lambda: [ToyGame()],
                campfire_players=lambda: ["random", kind],
                campfire_heuristics=lambda: {"toy": "greedy"},
            )
        ],
        entry_points=False,
    )
    assert registry.player_types == {"noop": kind} and registry.heuristics == {}
    assert registry.warnings == [
        "plugin 'odd': campfire_players returned 'random' in its list, not a PlayerType; it is skipped",
        "plugin 'odd': campfire_heuristics returned 'greedy' for game 'toy', not a Heuristic; it is skipped",
    ]


class EmberDuel(ToyGame):
    id = "ember-duel"


@pytest.mark.parametrize(
    ("hook", "result", "warning"),
    [
        (
            "campfire_games",
            EmberDuel(),
            "plugin 'ep_bad': campfire_games returned an EmberDuel, not a list of games; its games are not loaded",
        ),
        (
            "campfire_games",
            "ember-duel",  # a str is a sequence, of one-letter strs: not a list of games either
            "plugin 'ep_bad': campfire_games returned a str, not a list of games; its games are not loaded",
        ),
        (
            "campfire_players",
            PlayerType("solo", lambda *_: None),
            "plugin 'ep_bad': campfire_players returned a PlayerType, not a list of player types; "
            "its player types are not loaded",
        ),
        (
            "campfire_heuristics",
            Heuristic(),
            "plugin 'ep_bad': campfire_heuristics returned a Heuristic, not a dict of heuristics by game id; "
            "its heuristics are not loaded",
        ),
    ],
    ids=["one-game", "a-str", "one-player-type", "one-heuristic"],
)
def test_a_registration_hook_returning_the_wrong_shape_is_a_warning_and_the_other_plugins_still_load(
    hook, result, warning
):
    kind, heuristic = PlayerType("noop", lambda *_: None), Heuristic()
    registry = Registry(
        [
            module("ep_bad", **{hook: lambda: result}),
            module(
                "toy",
                campfire_games=lambda: [ToyGame()],
                campfire_players=lambda: [kind],
                campfire_heuristics=lambda: {"toy": heuristic},
            ),
        ],
        entry_points=False,
    )
    assert list(registry.games) == ["toy"]
    assert registry.player_types == {"noop": kind} and registry.heuristics["toy"] is heuristic
    assert registry.warnings == [warning]


def _run_with_plugin(monkeypatch, folder, module, args):
    """`campfire ARGS` with the plugin module `folder/module.py` named in CAMPFIRE_PLUGINS."""
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", module)
    registry = Registry()
    group = CampfireGroup("campfire", callback=cli.callback, params=list(cli.params))
    add_commands(group, registry)
    return CliRunner().invoke(group, args, obj=CliContext(registry))


def test_a_games_hook_returning_one_game_is_a_warning_and_the_command_still_runs(tmp_path, monkeypatch):
    """The outside tester's report: it made every command of every game end in a TypeError, exit 2."""
    (tmp_path / "ep_noid.py").write_text(
        "from corekit import hookimpl\n"
        "from tests.corekit.toy_game import ToyGame\n\n\n"
        "class EmberDuel(ToyGame):\n"
        "    id = 'ember-duel'\n\n\n"
        "@hookimpl\n"
        "def campfire_games():\n"
        "    return EmberDuel()\n"
    )
    result = _run_with_plugin(monkeypatch, tmp_path, "ep_noid", ["games"])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "campfire: warning: plugin 'ep_noid': campfire_games returned an EmberDuel, not a list of games; "
        "its games are not loaded\n"
    )
    assert "grizzly-race" in result.stdout


def test_the_built_in_plugins_and_commands_are_no_warning(monkeypatch):
    monkeypatch.delenv("CAMPFIRE_PLUGINS", raising=False)
    registry = Registry()
    add_commands(CampfireGroup("campfire"), registry)  # registers corekit.cli, the built-in commands' plugin
    assert registry.load().warnings == []


def test_an_installed_plugin_that_implements_no_hook_is_named_and_the_others_still_load(tmp_path, monkeypatch):
    (tmp_path / "ep_nohook.py").write_text("def campfire_games():\n    return []\n")  # no @hookimpl
    monkeypatch.syspath_prepend(str(tmp_path))
    with_entry_point(monkeypatch, "ep_nohook", "ep_nohook")
    registry = Registry().load()
    assert registry.warnings == [
        f"plugin 'ep_nohook' implements no campfire hook (mark each hook function with @hookimpl; hooks: {HOOKS})"
    ]
    assert "grizzly-race" in registry.games


def test_a_misspelt_hook_in_a_plugin_from_the_variable_is_named_with_the_hooks_there_are(tmp_path, monkeypatch):
    (tmp_path / "ep_typo.py").write_text(
        "from corekit import hookimpl\n\n\n@hookimpl\ndef campfire_game():\n    return []\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "ep_typo")
    registry = Registry().load()
    assert registry.warnings == [
        f"plugin 'ep_typo': campfire_game is not a campfire hook, so it is never called (hooks: {HOOKS})"
    ]
    assert "grizzly-race" in registry.games


def test_a_given_plugin_with_a_misspelt_hook_beside_a_real_one_is_named_and_its_games_still_load():
    registry = Registry(
        [module("half", campfire_games=lambda: [ToyGame()], campfire_player=lambda: [])], entry_points=False
    )
    assert list(registry.games) == ["toy"]
    assert registry.warnings == [
        f"plugin 'half': campfire_player is not a campfire hook, so it is never called (hooks: {HOOKS})"
    ]


def test_a_hook_function_left_unmarked_beside_a_marked_one_is_named():
    plugin = module("forgot", campfire_games=lambda: [ToyGame()])
    plugin.campfire_players = lambda: []  # no @hookimpl: pluggy never calls it
    registry = Registry([plugin], entry_points=False).load()
    assert list(registry.games) == ["toy"]
    assert registry.warnings == ["plugin 'forgot': campfire_players has no @hookimpl mark, so it is never called"]


def test_a_given_plugin_with_no_hook_is_named():
    registry = Registry([types.ModuleType("bare")], entry_points=False)
    assert registry.warnings == [
        f"plugin 'bare' implements no campfire hook (mark each hook function with @hookimpl; hooks: {HOOKS})"
    ]


def test_a_hook_marked_optional_that_this_campfire_lacks_is_no_warning():
    plugin = module("newer", campfire_games=lambda: [ToyGame()])
    plugin.campfire_match_paused = hookimpl(optionalhook=True)(lambda match: None)
    registry = Registry([plugin], entry_points=False).load()
    assert list(registry.games) == ["toy"] and registry.warnings == []


def test_a_later_plugin_reusing_a_player_type_or_heuristic_name_is_skipped_with_a_warning():
    first, second = PlayerType("twin", lambda *_: None), PlayerType("twin", lambda *_: None)
    first_heuristic, second_heuristic = Heuristic(), Heuristic()
    registry = Registry(
        [
            module(
                "one",
                campfire_games=lambda: [ToyGame()],
                campfire_players=lambda: [first],
                campfire_heuristics=lambda: {"toy": first_heuristic},
            ),
            module("two", campfire_players=lambda: [second], campfire_heuristics=lambda: {"toy": second_heuristic}),
        ],
        entry_points=False,
    )
    assert registry.player_types["twin"] is first and registry.heuristics["toy"] is first_heuristic
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
    with pytest.raises(
        UnknownName,
        match=r"unknown game 'chess' \(installed: toy; a game not installed is loaded by naming its plugin module in "
        r"CAMPFIRE_PLUGINS\)",
    ):
        registry.game("chess")
    with pytest.raises(UnknownName, match=r"unknown player 'alphazero' \(known: none\)"):
        registry.player_type("alphazero")


def test_a_player_type_is_registered_through_the_players_hook():
    kind = PlayerType("noop", lambda options, seed, game, heuristic: None)
    registry = Registry([module("extra", campfire_players=lambda: [kind])], entry_points=False)
    assert registry.player_type("noop") is kind
    assert isinstance(ToyGame(), Game)


def test_a_heuristic_for_an_unknown_game_id_is_a_warning_naming_the_games():
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


def _with_options(options_type):
    kind = type("Optioned", (ToyGame,), {"id": "optioned", "options_type": options_type})
    return kind()


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: attrs.make_class("Opts", {"hand": attrs.field()}), "option 'hand' of Opts has no default"),
        (
            lambda: attrs.make_class("Opts", {"hand": attrs.field(default=5, validator=attrs.validators.le(4))}),
            "the defaults of Opts are refused: 'hand' must be <= 4: 5",
        ),
        (lambda: type("Opts", (), {}), "Opts is not an attrs class (write it with @attrs.frozen)"),
    ],
    ids=["no-default", "refused-default", "not-attrs"],
)
def test_a_game_whose_options_class_cannot_make_its_defaults_is_skipped_naming_the_fault(make, says):
    # Every match of it would fail, each blaming the user's -o (and `campfire games` listed attrs' NOTHING as 1).
    registry = Registry(
        [
            module("broken", campfire_games=lambda: [_with_options(make())]),
            module("toy", campfire_games=lambda: [ToyGame()]),
        ],
        entry_points=False,
    )
    assert list(registry.games) == ["toy"]
    assert registry.warnings == [f"plugin 'broken': game 'optioned' is skipped: {says}"]


def test_a_player_type_whose_options_class_is_unfit_is_skipped_naming_the_fault():
    # `campfire players` listed attrs' NOTHING as 1 for an option without a default, and a list option took its
    # text ("abc"), as a game's options would have before they were checked.
    from corekit import PlayerType

    listed = attrs.make_class("Opts", {"rounds": attrs.field(default=[1], type=list)}, frozen=True)
    registry = Registry(
        [
            module("broken", campfire_players=lambda: [PlayerType("lister", lambda *args: None, options_type=listed)]),
            module("toy", campfire_games=lambda: [ToyGame()]),
        ],
        entry_points=False,
    )
    assert "lister" not in registry.player_types
    assert registry.warnings == [
        "plugin 'broken': player 'lister' is skipped: option 'rounds' of Opts has type list; an option is an int, "
        "float, bool, str or Enum"
    ]


def test_a_player_type_whose_options_class_is_not_a_class_is_skipped_and_every_command_still_runs():
    from corekit import PlayerType

    registry = Registry(
        [
            module("broken", campfire_players=lambda: [PlayerType("none", lambda *args: None, options_type=None)]),
            module("toy", campfire_games=lambda: [ToyGame()]),
        ],
        entry_points=False,
    )
    assert list(registry.games) == ["toy"] and "none" not in registry.player_types
    assert registry.warnings == [
        "plugin 'broken': player 'none' is skipped: its options class is None, not a class (write one with "
        "@attrs.frozen)"
    ]


def test_an_unknown_name_that_a_plugin_offered_says_why_it_was_skipped():
    class NotAttrs:
        pass

    plugin = types.ModuleType("clash")

    @hookimpl
    def campfire_players():
        return [PlayerType("weird", lambda *args: None, NotAttrs)]

    plugin.campfire_players = campfire_players
    registry = Registry([plugin], entry_points=False)
    with pytest.raises(UnknownName) as unknown:
        registry.player_type("weird")
    assert str(unknown.value) == (
        "unknown player 'weird' (known: none); plugin 'clash': player 'weird' is skipped: NotAttrs is not an attrs "
        "class (write it with @attrs.frozen)"
    )
    assert str(unknown.value).split("; ", 1)[1] in registry.warnings
    with pytest.raises(UnknownName) as other:
        registry.player_type("random")
    assert str(other.value) == "unknown player 'random' (known: none)"  # nothing was skipped by that name


def test_check_says_what_a_games_declarations_warn_of_as_its_plugin_loads(tmp_path, monkeypatch):
    # Python hides a DeprecationWarning outside __main__: a positional public(0) was seen only under pytest.
    (tmp_path / "ep_oldstyle.py").write_text(
        "from corekit import hookimpl\n"
        "from corekit.state import DeclaredState, declare, public\n"
        "from tests.corekit.toy_game import ToyGame\n"
        "\n"
        "@declare\n"
        "class OldStyle(DeclaredState):\n"
        "    score: int = public(0)\n"
        "\n"
        "@hookimpl\n"
        "def campfire_games():\n"
        "    return [ToyGame()]\n"
    )
    args = ["check", "toy", "--games", "2", "--players", "2", "--no-processes"]
    result = _run_with_plugin(monkeypatch, tmp_path, "ep_oldstyle", args)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == (
        f"campfire: warning: {tmp_path / 'ep_oldstyle.py'}:7: public(0): give the default by keyword, "
        "public(default=0), so that type checkers see the field has one"
    )


def test_a_plugin_implementing_a_hook_twice_registers_each_answer_once_and_warns_of_a_reused_name_once():
    # From an outside tester: a plugin with a second `campfire_players` function (`specname`) was asked once per
    # function, each time answering with both, so every warning about its players came twice.
    first, second, third = (PlayerType(name, lambda *_: None) for name in ("twin", "mine", "more"))
    two = types.ModuleType("two")
    two.campfire_players = hookimpl(lambda: [second])
    two.more_players = hookimpl(specname="campfire_players")(lambda: [third, PlayerType("twin", lambda *_: None)])
    registry = Registry([module("one", campfire_players=lambda: [first]), two], entry_points=False)
    assert registry.player_types["twin"] is first
    assert registry.player_types["mine"] is second and registry.player_types["more"] is third
    assert registry.warnings == [
        "plugin 'two': player type 'twin' is already registered by plugin 'one'; this one is skipped"
    ]


@pytest.mark.parametrize("name", ["x:y", "a,b", "k=v", "two words", ""])
def test_a_player_type_whose_name_a_spec_cannot_hold_is_skipped_with_a_warning(name):
    # From an outside tester: `x:y` was listed, then refused in every spec ("option 'y' is not of the form key=value").
    registry = Registry(
        [module("odd", campfire_players=lambda: [PlayerType(name, lambda *_: None)])], entry_points=False
    )
    assert name not in registry.player_types
    assert len(registry.warnings) == 1 and registry.warnings[0].startswith(
        f"plugin 'odd': player {name!r} is skipped: "
    )
