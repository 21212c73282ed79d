"""The `campfire` commands: exit codes, refusals and outputs a mutation sweep of corekit/cli found no test pinning.
Each test fails with one planted change to a command's module."""

import json
import types

import attrs
import pytest
from click.testing import CliRunner, Result

import corekit.cli
from corekit.cli import CampfireGroup, cli
from corekit.cli.progress import Progress
from corekit.cli.shared import describe_result
from tests.corekit.test_cli_bad_input import registry as toy_registry
from tests.corekit.test_cli_bad_input import run as run_in
from tests.corekit.toy_game import ToyGame


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def one_error_line(result: Result, status: int = 1) -> str:
    """The one line on stderr of a refused command (and no traceback)."""
    assert result.exit_code == status, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    [line] = result.stderr.strip().splitlines()
    return line


@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_check_match_refuses_a_seed_outside_0_to_2_64_minus_1_as_seed_does(seed):
    # A mutation sweep found it: -1 checked seed 2**64-1's match under the name -1, and 2**64 was reported as the
    # game failing its check (exit 1, "the game raised GameError").
    result = run("check", "grizzly-race", "--players", "2", "--match", seed)
    assert result.exit_code == 2, result.output
    assert "FAILED" not in result.output and "--match" in result.stderr


@attrs.frozen
class NoToyOptions:
    """No options, as the toy game reads them: no bug planted."""

    @property
    def bug(self) -> str:
        return "none"


class PlainToy(ToyGame):
    """The toy game without options."""

    id = "plain-toy"
    options_type = NoToyOptions


def test_play_prints_no_options_line_for_a_game_without_options():
    result = run_in(toy_registry(PlainToy()), "play", "plain-toy", "-p", "first,first", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Toy high total (plain-toy), 2 players, seed 1"
    assert lines[1] == "  seat 0: first" and not any(line.startswith("options:") for line in lines)


def test_check_plays_a_player_count_given_twice_once():
    result = run("check", "grizzly-race", "--players", "2,3,2", "-n", "1", "--no-leaks", "--no-processes")
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines()] == [
        "grizzly-race with 2 players",
        "grizzly-race with 3 players",
    ]


def test_a_failed_checks_command_again_quotes_an_option_as_a_shell_needs_it():
    result = run_in(
        toy_registry(ToyGame()), "check", "toy", "-n", "10", "--players", "2", "-o", "bug= crashes-late", "--no-leaks"
    )
    assert result.exit_code == 1
    assert " --players 2 -o 'bug= crashes-late' --match " in result.stdout.splitlines()[-1]


class Chatty(ToyGame):
    """Commentary that is no text: four failures a step, twenty within the first match of three seats."""

    id = "chatty"

    def events(self, before, after):
        return [("seat", 0)]


def test_check_says_it_stopped_early_only_when_matches_were_left_unplayed():
    args = ("check", "chatty", "--players", "3", "--no-leaks", "--no-processes")
    whole = run_in(toy_registry(Chatty()), *args, "-n", "1")
    assert whole.exit_code == 1 and "The check stopped" not in whole.output  # the one match asked for was played
    cut = run_in(toy_registry(Chatty()), *args, "-n", "2")
    assert cut.exit_code == 1
    assert "  The check stopped at its first 20 failures, after 1 of 2 matches: " in cut.output


class Nameless(ToyGame):
    """Seat names that crash: the check of a match passes, its display fails."""

    id = "nameless"

    def seat_names(self, players, options):
        raise RuntimeError("no names")


def test_check_match_exits_one_when_only_the_games_display_fails():
    result = run_in(toy_registry(Nameless()), "check", "nameless", "--players", "2", "--match", "7")
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0] == "   1  seat 0: 4"  # plain seat names stand in
    assert lines[-2] == "nameless with 2 players, match 7: ok"
    assert lines[-1].startswith("  - game 'nameless' raised RuntimeError: no names in seat_names (at ")


@pytest.mark.parametrize(("flag", "name"), [("-k", "--seats"), ("-j", "--jobs")])
def test_tournament_refuses_zero_seats_or_jobs_naming_the_option(flag, name):
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "2", flag, "0")
    assert one_error_line(result) == f"Error: {name} must be at least 1, got 0"


def test_a_tournament_with_out_ends_its_report_naming_the_folder_and_without_out_does_not(tmp_path):
    out = str(tmp_path / "run")
    saved = run("tournament", "grizzly-race", "-p", "random,heuristic", "-n", "2", "-j", "1", "--out", out)
    assert saved.exit_code == 0, saved.output
    assert saved.stdout.splitlines()[-1] == f"Results in {out}"
    unsaved = run("tournament", "grizzly-race", "-p", "random,heuristic", "-n", "2", "-j", "1")
    assert unsaved.exit_code == 0 and "Results in" not in unsaved.stdout


def test_a_strength_run_without_seats_plays_two_seats():
    result = run("tournament", "grizzly-race", "-p", "heuristic,random", "--strength", "-n", "2", "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seats"] == 2 and report["matches"] == 2


class LastToy(ToyGame):
    id = "zz-toy"


def test_games_are_listed_by_id_in_the_table_and_in_json_whatever_order_the_plugins_give():
    registered = toy_registry(LastToy(), ToyGame())  # registered out of order
    ids = [game["id"] for game in json.loads(run_in(registered, "games", "--json").stdout)]
    assert ids == ["toy", "zz-toy"]
    table = run_in(toy_registry(LastToy(), ToyGame()), "games").stdout
    assert [line.split(":")[0] for line in table.splitlines() if line and not line.startswith(" ")] == ids


def test_games_shows_an_empty_default_as_empty_in_words(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    lines = run("games").stdout.splitlines()
    assert any(line.startswith("    counselors=(empty)  counselors by name") for line in lines)


def test_the_players_table_for_a_game_shows_the_games_own_defaults(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")

    def mcts_row(*args: str) -> str:
        return next(line for line in run("players", *args).stdout.splitlines() if "│ mcts " in line)

    assert "│ iterations=100  iterations per decision" in mcts_row("--game", "camp-grizzly")
    assert "│ iterations=1000  iterations per decision" in mcts_row()


def logged(total: int, done: int = 0) -> tuple[Progress, list[float], list[str]]:
    now, lines = [100.0], []
    progress = Progress("grizzly-race", "matches", terminal=False, clock=lambda: now[0], say=lines.append)
    progress.start(total, done)
    return progress, now, lines


def test_progress_never_says_zero_seconds_left():
    progress, now, lines = logged(1000)
    now[0] += 3.0
    progress.update(999)  # a thousandth left at 3 ms a match
    assert lines == ["grizzly-race: 999 of 1,000 matches (99%), about 1 s left"]


def test_progress_of_a_resumed_run_gives_no_estimate_before_an_item_is_done_here():
    progress, now, _ = logged(1000, done=500)
    assert progress.line(now[0] + 5) == "grizzly-race: 500 of 1,000 matches (50%)"


def test_progress_says_a_tenth_once_even_when_the_count_goes_back():
    progress, now, lines = logged(1000)
    now[0] += 10
    for done in (200, 150, 210):
        progress.update(done)
    assert lines == ["grizzly-race: 200 of 1,000 matches (20%), about 40 s left"]


def test_a_command_returning_a_value_that_is_no_exit_status_exits_zero_silently():
    group = CampfireGroup("campfire")
    group.set_up = True  # no plugin commands: only this one

    @group.command("returns")
    def returns() -> str:
        return "done"

    result = CliRunner().invoke(group, ["returns"])
    assert (result.exit_code, result.output) == (0, "")


def test_an_unexpected_error_in_main_is_one_line_and_exit_status_2(monkeypatch, capsys):
    def broken(registry):
        raise RuntimeError("boom")

    monkeypatch.setattr(corekit.cli, "CliContext", broken)
    with pytest.raises(SystemExit) as stopped:
        corekit.cli.main(["games"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == "campfire: error: RuntimeError: boom\n"


def test_a_match_where_every_seat_gets_zero_is_won_by_nobody_not_a_tie():
    game = types.SimpleNamespace(cooperative=False, villain=None)
    result = types.SimpleNamespace(forfeit=None, error=None, steps=3, returns=(0.0, 0.0))
    assert describe_result(game, ["random", "random"], result) == "Result: nobody wins after 3 steps (returns 0, 0)"


def test_a_lone_seat_with_a_positive_return_wins_rather_than_ties_with_itself():
    game = types.SimpleNamespace(cooperative=False, villain=None)
    result = types.SimpleNamespace(forfeit=None, error=None, steps=3, returns=(1.0,))
    assert describe_result(game, ["heuristic"], result) == "Result: seat 0 wins after 3 steps (returns 1)"


def test_with_a_person_at_the_table_the_table_as_dealt_is_not_shown_in_full():
    # Seed 1 deals seat 1 the hand 1 1 2 2 2 4 4: the full table before the first move would show it to seat 0.
    result = run("play", "grizzly-race", "-p", "human,random", "--seed", "1", input="quit\n")
    assert result.exit_code == 1
    assert "seat 0 (you): 6 guards left" in result.output
    assert "hand 1 1 2 2 2 4 4" not in result.output
