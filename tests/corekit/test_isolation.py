"""A broken third-party game is named in one line; the other games and the CLI keep working."""

import os
import subprocess
import sys
from pathlib import Path

from tests.corekit.fixtures.broken_games import SetupRaises
from tests.raise_site import raised_in

ROOT = Path(__file__).resolve().parents[2]


def campfire(*args, plugins=""):
    env = dict(os.environ, PYTHONPATH=str(ROOT), CAMPFIRE_PLUGINS=plugins)
    code = "from corekit.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120)


def test_a_plugin_that_fails_to_import_is_named_and_games_still_lists_the_others():
    result = campfire("games", plugins="tests.corekit.fixtures.broken_import")
    assert result.returncode == 0
    assert "grizzly-race" in result.stdout
    warnings = [line for line in result.stderr.splitlines() if "broken_import" in line]
    assert len(warnings) == 1 and "failed to load: ImportError" in warnings[0]
    assert "Traceback" not in result.stderr


def test_a_game_that_raises_during_setup_gives_one_line_and_a_non_zero_exit():
    result = campfire("play", "setup-raises", "-p", "random,random", plugins="tests.corekit.fixtures.broken_games")
    assert result.returncode != 0
    where = raised_in(SetupRaises._setup)  # the plugin's own line, as `campfire check` names it
    assert (
        result.stderr.strip()
        == f"Error: setup-raises could not be set up: RuntimeError: the board file is missing{where}"
    )
    ok = campfire("play", "grizzly-race", "-p", "random,random", "-q", plugins="tests.corekit.fixtures.broken_games")
    assert ok.returncode == 0 and ok.stdout.startswith("Result:")


def test_a_game_with_illegal_states_fails_its_check_by_name():
    result = campfire(
        "check",
        "illegal-states",
        "--games",
        "3",
        "--players",
        "2",
        "--no-leaks",
        plugins="tests.corekit.fixtures.broken_games",
    )
    assert result.returncode == 1
    assert "illegal-states with 2 players: FAILED" in result.stdout
    assert "seat 0 is to act but has no legal action" in result.stdout
    assert "Traceback" not in result.stderr
