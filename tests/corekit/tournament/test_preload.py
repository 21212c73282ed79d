"""A tournament worker's preload (imported once by the forkserver, every worker a fork of it) loads the installed
games and players, and not what only the process running the tournament needs (start-up cost,
benchmarks/README.md)."""

from __future__ import annotations

from tests.corekit.test_cli_start import modules_imported_by

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
    loaded = modules_imported_by("import corekit.tournament._preload")
    assert {"corekit.tournament.worker", "plugins.grizzly_race.game", "ai.mcts"} <= set(loaded)
    assert [name for name in loaded if name.startswith(NOT_IN_A_WORKER)] == []
