"""A tournament worker's preload (imported once by the forkserver, every worker a fork of it) loads the installed
games and players, and not what only the process running the tournament needs (start-up cost,
benchmarks/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NOT_IN_A_WORKER = (
    "corekit.tournament.run",
    "corekit.tournament.report",
    "corekit.tournament.backends",
    "corekit.tournament.strength",
    "corekit.cli",
    "ai.human",
    "click",
    "rich",
)


def test_the_preload_loads_the_games_and_players_and_not_the_tournament_s_reports_or_the_human_player():
    code = "import sys, json\nimport corekit.tournament._preload\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert {"corekit.tournament.worker", "plugins.grizzly_race.game", "ai.mcts"} <= set(loaded)
    assert [name for name in loaded if name.startswith(NOT_IN_A_WORKER)] == []
