"""The fault suite, part 3: unbounded work and wrong-typed input (issue 32 items 1, 6 and 7).

A schedule of ten million matches, budgets that would never end, options of the wrong type, a 5,000-character
game name: each is refused in one line, or (the schedule) simply costs nothing up front.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corekit import Match, Registry, hookimpl
from corekit.tournament import Tournament, read_results, run_tournament
from corekit.tournament import schedule as schedule_module
from corekit.tournament.run import Interrupted
from corekit.tournament.schedule import Pending, plan
from tests.corekit.tournament.cli_run import error_line, run_cli

# Schedules are made one match at a time.


def test_pending_matches_are_planned_only_when_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    plan_one = schedule_module.plan_one
    monkeypatch.setattr(
        schedule_module,
        "plan_one",
        lambda seed, group, index, *rest: made.append(index) or plan_one(seed, group, index, *rest),
    )
    pending = Pending(seed=3, specs=3, seats=3, games=10**7, done={1, 10**8})
    assert len(pending) == 10**7 - 1 and made == []
    first = pending.take(3)
    assert [m.index for m in first] == [0, 2, 3] and made == [0, 2, 3]
    assert first == [plan(3, 3, 3, 4)[i] for i in (0, 2, 3)]  # the same matches as the whole plan
    pending.give_back(first[1:])
    assert [m.index for m in pending.take(3)] == [2, 3, 4] and len(pending) == 10**7 - 5


def test_a_tournament_of_ten_million_matches_plans_only_the_ones_it_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int] = []
    plan_one = schedule_module.plan_one
    monkeypatch.setattr(
        schedule_module,
        "plan_one",
        lambda seed, group, index, *rest: made.append(index) or plan_one(seed, group, index, *rest),
    )

    class StopsAtTheThird:
        started = 0

        @hookimpl
        def campfire_match_start(self, match: Match) -> None:
            self.started += 1
            if self.started == 3:
                raise KeyboardInterrupt

    with pytest.raises(Interrupted, match=r"^interrupted: 2 of 10000000 matches are saved in ") as stopped:
        run_tournament(
            Tournament("grizzly-race", ("random", "random"), games=10**7, seed=1),
            out=tmp_path,
            registry=Registry(plugins=[StopsAtTheThird()]),
        )
    assert made == [0, 1, 2]
    assert stopped.value.report["matches"] == 2
    assert sorted(read_results(tmp_path / "results.jsonl")[1]) == [0, 1]


# Budgets with no sane end are refused in one line.


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:seconds=1e308", "player 'mcts': 'seconds' must be at most 3600: 1e+308"),
        ("mcts:iterations=" + "1" + "0" * 12, f"player 'mcts': 'iterations' must be at most 10000000: 1{'0' * 12}"),
        (
            "mcts:iterations=1" + "0" * 23,
            f"player 'mcts': option 'iterations' is 1{'0' * 23}, which does not fit in 64 bits",
        ),
        ("mcts:depth=1000000", "player 'mcts': 'depth' must be at most 100000: 1000000"),
        ("mcts:c=1e308", "player 'mcts': 'c' must be at most 1e+06: 1e+308"),
        ("heuristic:samples=1000000", "player 'heuristic': 'samples' must be at most 100000: 1000000"),
        # OpenSpiel's bots, under the same bounds as Campfire's search (their options are read without OpenSpiel)
        ("os-mcts:seconds=inf", "player 'os-mcts': 'seconds' must be a finite number >= 0: inf"),
        ("os-mcts:seconds=1e9", "player 'os-mcts': 'seconds' must be at most 3600: 1000000000.0"),
        ("os-ismcts:c=inf", "player 'os-ismcts': 'c' must be a finite number >= 0: inf"),
        ("os-ismcts:c=1e308", "player 'os-ismcts': 'c' must be at most 1e+06: 1e+308"),
        ("os-ismcts:iterations=" + "9" * 18, f"player 'os-ismcts': 'iterations' must be at most 10000000: {'9' * 18}"),
    ],
)
def test_a_player_budget_above_its_bound_is_refused_in_one_line(spec: str, message: str) -> None:
    result = run_cli("tournament", "grizzly-race", "-p", f"{spec},random", "-n", "2", "-j", "1")
    assert error_line(result) == f"Error: {message}"
    played = run_cli("play", "grizzly-race", "-p", f"{spec},random", "-q")
    assert error_line(played) == f"Error: {message}"


# Options of the wrong type are refused, from the command line as from Python.


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("stall_rounds=1.5", "option 'stall_rounds' needs an integer, got '1.5'"),
        ("stall_rounds=true", "option 'stall_rounds' needs an integer, got 'true'"),
    ],
)
def test_a_wrong_typed_option_is_refused_by_the_tournament_command(option: str, message: str) -> None:
    result = run_cli("tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "-o", option)
    assert error_line(result) == f"Error: bad game option (-o) for grizzly-race: {message}"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"stall_rounds": True}, "grizzly-race: option 'stall_rounds' needs an integer, got True"),
        ({"stall_rounds": 1.5}, "grizzly-race: option 'stall_rounds' needs an integer, got 1.5"),
    ],
)
def test_a_wrong_typed_option_is_refused_by_play_match(values: dict[str, object], message: str) -> None:
    from corekit import play_match
    from corekit.options import OptionError
    from corekit.plugins import default_registry

    registry = default_registry()
    with pytest.raises(OptionError, match=f"^{message}$"):
        play_match(registry.game("grizzly-race"), ["random", "random"], 1, values, registry=registry)


# A game name too long for any file name is refused in one line, before any path is made of it.


def test_a_five_thousand_character_game_name_is_one_line(tmp_path: Path) -> None:
    result = run_cli("new-game", "a" * 5000, "--dir", str(tmp_path))
    assert error_line(result) == (
        "Error: game name 'aaaaaaaaaaaaaaaaaaaa'... is 5000 characters long; a game name has at most 64, "
        "e.g. lantern-hunt"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_tournament_of_more_games_than_any_run_can_hold_is_one_line_naming_games() -> None:
    result = run_cli("tournament", "grizzly-race", "-p", "random,random", "-n", "9" * 20)
    assert result.exit_code == 2 and "Traceback" not in result.output  # click's usage error, as for any bad flag
    assert result.stderr.startswith("Error: Invalid value for '--games' / '-n': 99999999999999999999 is not in")
