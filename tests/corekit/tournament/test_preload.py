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


def _sigint_handler_at_start(queue) -> None:
    import signal

    queue.put(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)


def test_a_worker_starts_with_ctrl_c_ignored_until_it_installs_its_own_handler():
    # A Ctrl-C reaching a worker that is still starting must not kill it with a traceback in the run's output.
    import pytest

    from corekit.tournament.backends import _context

    context = _context()
    if context.get_start_method() != "forkserver":
        pytest.skip("only the forkserver sets a worker's starting handlers")
    queue = context.Queue()
    process = context.Process(target=_sigint_handler_at_start, args=(queue,))
    process.start()
    try:
        assert queue.get(timeout=60) is True
    finally:
        process.join(timeout=60)


def test_the_forkserver_ignores_ctrl_c_before_it_imports_the_plugins(monkeypatch):
    # Interrupted while the server imported them, it printed a KeyboardInterrupt traceback into the run's output.
    import multiprocessing
    import subprocess
    import sys

    import pytest

    from corekit.tournament.backends import _context

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no forkserver here")
    preloads: list[str] = []
    monkeypatch.setattr(multiprocessing, "set_forkserver_preload", preloads.extend)
    _context()
    before = preloads[: preloads.index("corekit.tournament._preload")]
    code = (
        "import importlib, signal\n"
        f"for name in {before!r}: importlib.import_module(name)\n"
        "print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"
