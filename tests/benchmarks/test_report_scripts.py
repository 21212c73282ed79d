"""The benchmark report scripts answer --help with their usage and a bad game name with one line."""

from __future__ import annotations

import pytest

from benchmarks import bench_mcts, bench_tournament


def test_the_mcts_report_prints_its_usage_for_help_and_measures_nothing(capsys: pytest.CaptureFixture) -> None:
    bench_mcts.main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("MCTS speed and memory") and "--quick GAME" in out and "iterations/s" not in out


def test_the_mcts_report_names_an_unknown_game_in_one_line() -> None:
    with pytest.raises(SystemExit) as stop:
        bench_mcts.main(["--quick", "nope"])
    message = str(stop.value)
    assert message.startswith("python -m benchmarks.bench_mcts: unknown game 'nope' (installed:")
    assert "\n" not in message


def test_the_tournament_report_prints_its_usage_for_help(capsys: pytest.CaptureFixture) -> None:
    bench_tournament.main(["-h"])
    assert "[MATCHES [SPEC,SPEC]]" in capsys.readouterr().out
