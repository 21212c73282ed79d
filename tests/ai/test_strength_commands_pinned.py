"""ai.strength_plan, ai.commands and ai.openspiel_players, pinned by a hand mutation sweep: each test below failed
against a small change to one of them.

`campfire strength` is run with its tournament replaced (`_play`), so that what it does with a tournament's exit
status is checked without playing one; the OpenSpiel bots decide on one view at a time, outside any match.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ai import strength_plan
from corekit import Rng, SeatView, State, default_registry
from corekit.cli import cli
from corekit.options import OptionError
from corekit.runner import build_spec
from tests.ai.test_strength_plan import _race_plan

REGISTRY = default_registry()
FOLDER = "grizzly-race-2-heuristic-vs-random-seed3"
"""The folder of `_race_plan`'s run."""


def _strength_with(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, code: int, interrupted: bool, *args: str
) -> tuple[Result, list[list[str]]]:
    """`campfire strength` of `_race_plan` whose tournaments end with `code` (and were interrupted or not), and the
    commands it ran."""
    commands: list[list[str]] = []

    def play(command: Sequence[str]) -> tuple[int, bool]:
        commands.append(list(command))
        return code, interrupted

    monkeypatch.setattr(strength_plan, "_play", play)
    plan = _race_plan(tmp_path, matches=2)
    result = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), *args])
    return result, commands


def test_a_runs_tournament_is_the_campfire_tournament_command_with_two_jobs_unless_told(monkeypatch, tmp_path):
    result, commands = _strength_with(monkeypatch, tmp_path, 0, False)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "runs" / FOLDER
    run = strength_plan.Run("grizzly-race", 2, "heuristic", "random", 2, 3)
    tournament = [sys.executable, "-m", "corekit.cli", "tournament"]
    assert commands == [[*tournament, *run.tournament_args(folder, 2), "--json"]]
    assert commands[0][commands[0].index("--jobs") + 1] == "2"


def test_a_tournament_killed_by_a_signal_is_named_as_failed_after_the_table(monkeypatch, tmp_path):
    result, _ = _strength_with(monkeypatch, tmp_path, -9, False)
    assert result.exit_code == 1
    assert result.stderr.endswith(f"Error: the tournament of {FOLDER} failed (its error is above)\n")
    assert "| grizzly-race | 2 | heuristic | random | 0 of 2 | - | - | - | not started |" in result.stdout


def test_an_interrupted_tournament_that_said_nothing_is_said_to_be_interrupted_with_the_matches_saved(
    monkeypatch, tmp_path
):
    result, _ = _strength_with(monkeypatch, tmp_path, 0, True)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.endswith(
        f"Error: interrupted: 0 of 2 matches of {FOLDER} are saved; run the same `campfire strength` command again "
        "to play the rest\n"
    )


def test_an_interrupted_tournament_that_said_how_far_it_got_ends_the_command_without_a_word_more(monkeypatch, tmp_path):
    result, _ = _strength_with(monkeypatch, tmp_path, 1, True)
    assert result.exit_code == 1 and result.stdout == ""
    assert "Error" not in result.stderr


def test_the_root_help_says_what_gaps_and_strength_do(capsys):
    from corekit.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    commands = {
        line.split(maxsplit=1)[0]: line.split(maxsplit=1)[1]
        for line in capsys.readouterr().out.split("Commands:")[1].splitlines()
        if len(line.split(maxsplit=1)) == 2
    }
    assert commands["gaps"] == "Measure what one search step could gain over a game's heuristic."
    assert commands["strength"] == "Play the registered strength runs; print their table."


# ---- ai.openspiel_players ----------------------------------------------------------------------------------------

needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="OpenSpiel is not installed: pip install -e '.[openspiel]'"
)


class CountingView(SeatView):
    """A seat view that keeps the digest of every sample drawn from it."""

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state, seat)
        self.samples: list[str] = []

    def sample(self, rng: Rng) -> State:
        sampled = super().sample(rng)
        self.samples.append(sampled.digest())
        return sampled


def _race_view(seed: int = 4) -> CountingView:
    return CountingView(REGISTRY.game("grizzly-race").initial_state(2, seed), 0)


def _bot(spec: str, seed: int = 9) -> Any:
    return build_spec(REGISTRY.game("grizzly-race"), spec, seed, REGISTRY)


@needs_openspiel
def test_os_mcts_searches_one_fresh_sample_of_the_view_per_decision_and_os_ismcts_one_per_simulation():
    mcts = _bot("os-mcts:iterations=20")
    view = _race_view()
    mcts.decide(view)
    mcts.decide(view)
    assert len(view.samples) == 2 and view.samples[0] != view.samples[1]  # a new determinization each decision
    ismcts = _bot("os-ismcts:iterations=20")
    view = _race_view()
    ismcts.decide(view)
    assert len(view.samples) > 10  # the root's, and one per simulation (the bot never sees the true state)


@needs_openspiel
def test_the_bots_search_200_simulations_by_default_with_exploration_2():
    for name in ("os-mcts", "os-ismcts"):
        bot = _bot(name)
        bot.decide(_race_view())
        assert bot.annotation()["iterations"] == 200
        assert bot.options.c == 2.0


@needs_openspiel
def test_a_time_budget_too_short_for_any_search_still_runs_and_reports_the_fewest_simulations():
    for name in ("os-mcts", "os-ismcts"):
        bot = _bot(f"{name}:seconds=0.000001")
        view = _race_view()
        assert bot.decide(view) in view.legal_actions
        assert bot.annotation()["iterations"] == 2


@needs_openspiel
def test_a_budget_of_one_simulation_or_no_exploration_is_refused():
    with pytest.raises(OptionError, match=r"^player 'os-mcts': 'iterations' must be >= 2: 1$"):
        _bot("os-mcts:iterations=1")
    with pytest.raises(OptionError, match=r"^player 'os-ismcts': 'c' must be > 0\.0: 0\.0$"):
        _bot("os-ismcts:c=0")


@needs_openspiel
def test_os_mcts_explores_by_its_c():
    stats = []
    for c in ("0.01", "100"):
        bot = _bot(f"os-mcts:iterations=60,c={c}", seed=3)
        bot.decide(_race_view())
        stats.append(bot.annotation()["stats"])
    assert stats[0] != stats[1]


@needs_openspiel
def test_a_decision_with_one_legal_action_is_no_search_and_reports_none_even_after_a_search():
    game = REGISTRY.game("slasher")
    state = game.initial_state(2, 0)
    for _ in range(10):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    (only,) = state.legal_actions(1)
    for name in ("os-mcts", "os-ismcts"):
        bot = build_spec(game, f"{name}:iterations=10", 1, REGISTRY)
        earlier = game.initial_state(2, 0)
        bot.decide(SeatView(earlier, earlier.to_act[0]))
        assert bot.annotation() is not None
        assert bot.decide(SeatView(state, 1)) == only
        assert bot.annotation() is None
