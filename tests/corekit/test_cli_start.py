"""`campfire --help` lists every command without importing a command's module, the engine, a game, a player, the
replay format or the tournament machinery: those load when a command needs them (start-up cost,
benchmarks/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from corekit.cli import BUILTIN, CampfireGroup, add_commands, cli
from corekit.cli.shared import LazyCommand

ROOT = Path(__file__).resolve().parents[2]
HEAVY = (
    "plugins.",
    "ai.mcts",
    "ai.gaps",
    "ai.heuristic_player",
    "replays.format",
    "replays.recorder",
    "corekit.tournament",
    "corekit.cli.",  # the commands' modules; `corekit.cli.shared` is the one exception, below
    "corekit.game",
    "corekit.state",
    "corekit.runner",
    "corekit.provenance",
    "corekit.digest",
    "corekit.options",
    "corekit.players",
    "attr",
    "cattrs",
    "msgpack",
    "rich",
)
LIGHT = ("corekit.cli.shared",)
"""What `campfire --help` imports of the command line besides `corekit.cli`: `LazyCommand` and the context."""


def modules_imported_by(code: str) -> list[str]:
    """The modules a fresh interpreter has imported once it has run `code` (from the repository's root)."""
    program = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120)
    return json.loads(done.stdout.splitlines()[-1])


def modules_after(*args: str) -> list[str]:
    """The modules `campfire ARGS` has imported."""
    return modules_imported_by(
        f"from corekit.cli import main\ntry:\n    main({list(args)!r})\nexcept SystemExit:\n    pass"
    )


def test_help_lists_the_commands_and_imports_no_game_player_replay_or_tournament_module():
    loaded = modules_after("--help")
    assert [name for name in loaded if name.startswith(HEAVY) and name not in LIGHT] == []


def test_games_help_imports_its_command_but_no_game():
    loaded = modules_after("games", "--help")
    assert "corekit.cli.games" in loaded
    assert [name for name in loaded if name.startswith(("plugins.", "ai.mcts", "corekit.runner"))] == []


def test_every_built_in_command_is_listed_with_its_own_summary():
    add_commands(cli)
    for name, _, summary in BUILTIN:
        command = cli.commands[name]
        assert isinstance(command, LazyCommand)
        assert command.load().get_short_help_str(limit=200) == summary


def test_a_lazy_command_runs_and_shows_its_own_help_from_its_module():
    # A group of its own: another test in this process may have given `cli` the loaded replay group itself.
    group = CampfireGroup(
        name="campfire", callback=cli.callback, params=cli.params, context_settings=cli.context_settings
    )
    add_commands(group)
    command = group.commands["replay"]
    assert isinstance(command, LazyCommand)
    shown = CliRunner().invoke(group, ["replay", "--help"], prog_name="campfire")
    assert shown.exit_code == 0 and "verify" in shown.output and "Usage: campfire replay" in shown.output
    assert command.load().get_short_help_str(limit=200) == command.short_help
