"""The `campfire_conformance` fixture fails a test with every failure, and says how to see a failed match."""

import pytest

from corekit.conformance import check_game
from corekit.pytest_plugin import conformance_runner
from tests.corekit.test_cli_bad_input import registry
from tests.corekit.toy_game import ToyGame, ToyOptions


def test_a_sound_game_passes() -> None:
    conformance_runner(registry(ToyGame()))("toy", players=2, games=5, leaks=False)


def test_a_failing_game_fails_the_test_listing_its_failures_and_the_command_for_the_first_match() -> None:
    options = ToyOptions(bug="crashes-late")
    report = check_game(ToyGame(), 2, games=10, options=options)
    with pytest.raises(pytest.fail.Exception) as failed:
        conformance_runner(registry(ToyGame()))("toy", players=2, games=10, options=options, leaks=False)
    assert str(failed.value).splitlines() == [
        "toy fails conformance:",
        *(f"2 players: {failure}" for failure in report.failures),
        f"2 players: the moves of the first failed match: campfire check toy --players 2 --match "
        f"{report.failed_seeds[0]} (with the same options, -o NAME=VALUE)",
    ]


def test_the_command_for_the_first_failed_match_runs_campfire_the_way_this_python_can(tmp_path, monkeypatch) -> None:
    # In a virtual environment that borrows Campfire from the base installation there is no `campfire` script of
    # its own: the base's would not see the game installed into the environment (docs/writing-a-game.md, section 1).
    monkeypatch.setattr("sysconfig.get_path", lambda name: str(tmp_path))
    options = ToyOptions(bug="crashes-late")
    with pytest.raises(pytest.fail.Exception) as failed:
        conformance_runner(registry(ToyGame()))("toy", players=2, games=10, options=options, leaks=False)
    assert "the moves of the first failed match: python -m corekit.cli check toy --players 2 --match " in str(
        failed.value
    )
