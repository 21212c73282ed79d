"""The command line: tables, a deterministic play log, checks, and one-line errors."""

import json

import pytest
from click.testing import CliRunner

from corekit.cli import cli


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture
def plugin_commands():
    """The commands plugins add (`replay`), added as `campfire` (corekit.cli.main) adds them: without this, a test
    of them passes only after another test in the same process ran `main`."""
    from corekit.plugins import default_registry

    for setup in default_registry().hook.campfire_cli_setup.get_hookimpls():
        setup.function(cli=cli)


def test_games_lists_grizzly_race_with_its_player_counts_and_options():
    result = run("games")
    assert result.exit_code == 0
    assert "grizzly-race" in result.output and "2-4" in result.output and "stall_rounds=100" in result.output
    data = json.loads(run("games", "--json").output)
    race = next(g for g in data if g["id"] == "grizzly-race")
    assert race["players"] == [2, 4] and race["options"][0]["name"] == "stall_rounds"


def test_games_json_gives_option_defaults_typed_as_tournament_files_store_them():
    data = {g["id"]: {o["name"]: o["default"] for o in g["options"]} for g in json.loads(run("games", "--json").output)}
    assert data["grizzly-race"] == {"stall_rounds": 100}
    camp = data["camp-grizzly"]
    assert (camp["surprises"], camp["night"], camp["setup"], camp["counselors"]) == (True, 50, "normal", "")
    assert "stall_rounds=100" in run("games").output  # the table keeps the text typed after -o


def test_games_on_a_narrow_terminal_puts_each_options_help_under_it_within_the_width(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    lines = run("games").output.splitlines()
    assert max(map(len, lines)) <= 40
    at = lines.index("    setup=normal")
    assert lines[at + 1] == "        the camp setup (easy|normal)"
    monkeypatch.setenv("COLUMNS", "100")
    assert "    setup=normal        the camp setup (easy|normal)" in run("games").output.splitlines()


def test_games_names_the_other_strategies_a_heuristic_player_can_take():
    data = json.loads(run("games", "--json").output)
    camp = next(g for g in data if g["id"] == "camp-grizzly")
    assert camp["heuristic_variants"] == ["stall", "timid"]
    assert next(g for g in data if g["id"] == "grizzly-race")["heuristic_variants"] == []
    table = run("games").output
    assert "heuristic:variant=" in table and "stall, timid" in table


def test_play_prints_the_same_log_every_time():
    first = run("play", "grizzly-race", "--players", "random,random,random", "--seed", "3")
    second = run("play", "grizzly-race", "--players", "random,random,random", "--seed", "3")
    assert first.exit_code == 0
    assert first.output == second.output
    assert "seat 0: play" in first.output and "Result:" in first.output
    assert first.output != run("play", "grizzly-race", "--players", "random,random,random", "--seed", "4").output


def test_play_names_the_player_count_in_the_right_number():
    one = run("play", "camp-grizzly", "--players", "heuristic", "--seed", "1")
    assert one.exit_code == 0 and one.output.splitlines()[0] == "Camp Grizzly (camp-grizzly), 1 player, seed 1"
    two = run("play", "grizzly-race", "--players", "random,random", "--seed", "1")
    assert two.output.splitlines()[0].endswith("(grizzly-race), 2 players, seed 1")


def test_repeated_player_options_follow_on_as_one_comma_separated_list():
    repeated = run("play", "grizzly-race", "-p", "random", "-p", "heuristic", "--seed", "3", "-q")
    joined = run("play", "grizzly-race", "-p", "random,heuristic", "--seed", "3", "-q")
    assert repeated.exit_code == 0 and repeated.output == joined.output  # not the last -p alone (one seat)
    table = run("tournament", "grizzly-race", "-p", "random", "-p", "heuristic", "-n", "2", "--json")
    assert table.exit_code == 0 and {"random", "heuristic"} <= set(table.output.replace('"', " ").split())


def test_play_passes_game_options():
    result = run("play", "grizzly-race", "-p", "random,random", "-o", "stall_rounds=2", "--seed", "1", "-q")
    assert result.exit_code == 0
    assert result.output.startswith("Result:")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess", "-p", "random,random"], "unknown game 'chess' (installed:"),
        (["play", "grizzly-race", "-p", "random"], "grizzly-race needs 2-4 players, got 1"),
        (["play", "grizzly-race", "-p", "random,genius"], "unknown player 'genius' (known:"),
        (["play", "grizzly-race", "-p", "random,random", "-o", "speed=3"], "unknown option 'speed'"),
        (
            ["play", "grizzly-race", "-p", "random,random", "-o", "stall_rounds=many"],
            "option 'stall_rounds' needs an integer, got 'many'",
        ),
        (["play", "grizzly-race", "-p", "random:depth=3,random"], "player 'random': unknown option 'depth'"),
        (["check", "chess"], "unknown game 'chess'"),
        (["check", "grizzly-race", "--players", "9"], "grizzly-race needs 2-4 players, got 9"),
    ],
)
def test_bad_input_gives_one_line_and_a_non_zero_exit(args, message):
    result = run(*args)
    assert result.exit_code != 0
    assert message in result.output
    error_lines = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(error_lines) == 1
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_check_reports_each_player_count():
    result = run("check", "grizzly-race", "--games", "5", "--no-leaks")
    assert result.exit_code == 0
    for players in (2, 3, 4):
        assert f"grizzly-race with {players} players: ok (5 matches" in result.output


def test_every_command_has_help():
    for command in ("games", "players", "play", "check"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Usage:" in result.output


def test_the_root_help_summaries_are_not_cut_short(capsys):
    from corekit.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    commands = capsys.readouterr().out.split("Commands:")[1]
    assert {"check", "games", "play", "players", "replay", "tournament", "new-game"} <= {
        line.split()[0] for line in commands.splitlines() if line.strip()
    }
    assert "..." not in commands


def test_players_lists_each_type_with_its_defaults_and_a_games_own_defaults_on_request():
    generic = {p["name"]: p for p in json.loads(run("players", "--json").output)}
    assert {"random", "heuristic", "mcts", "human"} <= set(generic)
    mcts = {o["name"]: o["default"] for o in generic["mcts"]["options"]}
    assert (mcts["iterations"], mcts["rollout"], mcts["seconds"]) == (1000, "heuristic", 0.0)
    tuned = {p["name"]: p for p in json.loads(run("players", "--game", "scavengers", "--json").output)}
    mcts = {o["name"]: o["default"] for o in tuned["mcts"]["options"]}
    assert (mcts["iterations"], mcts["rollout"]) == (200, "cutoff")  # typed, as a tournament's files store them
    assert "defaults in scavengers" in run("players", "--game", "scavengers").output


def test_the_players_table_shows_brackets_in_a_players_text_as_written(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # one line a row, so the text is not folded across lines
    table = run("players").output
    assert "(extra [openspiel])" in table and "(extra )" not in table


def test_players_for_an_unknown_game_is_a_one_line_error():
    result = run("players", "--game", "nosuch")
    lines = result.output.strip().splitlines()
    assert result.exit_code != 0 and len(lines) == 1 and lines[0].startswith("Error: unknown game 'nosuch'")


def test_a_logged_step_folds_long_lines_under_a_hanging_indent():
    from corekit.cli.shared import step_lines

    event = "Kevin draws " + ", ".join(["a Baseball Bat"] * 6)
    lines = step_lines(12, "Kevin: draw a cabin card", [event, "Otis stalks"], width=60)
    assert lines[0] == "  12  Kevin: draw a cabin card"
    assert all(len(line) <= 60 for line in lines)
    assert lines[1].startswith("        Kevin draws a Baseball Bat")
    folded = lines[2:-1]
    assert folded and all(line.startswith(" " * 10) and line[10] != " " for line in folded)
    assert " ".join(line.strip() for line in lines[1:-1]) == event
    assert lines[-1] == "        Otis stalks"


@pytest.mark.parametrize("step", [1, 12, 1000])
def test_a_long_action_folds_under_its_text_whatever_the_steps_digits(step):
    from corekit.cli.shared import step_lines

    head = "Kevin: " + " ".join(["trade"] * 20)
    lines = step_lines(step, head, width=60)
    assert lines[0].startswith(f"{step:4d}  Kevin: trade")
    assert len(lines) > 1 and all(line.startswith(" " * 10 + "trade") for line in lines[1:])
    assert all(len(line) <= 60 for line in lines)


def test_play_prints_options_as_they_are_typed():
    result = run("play", "slasher", "-p", "random,random", "--seed", "2", "-o", "discard_one=yes")
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == "options: discard_one=true, first=-1, all_dead=nobody, stall_turns=100"


def test_play_and_replay_show_fold_the_options_line_between_options_on_a_narrow_terminal(monkeypatch, tmp_path):
    # At 40 columns it took 71, which a terminal folded inside "all_dead=nobody".
    monkeypatch.setenv("COLUMNS", "40")
    path = str(tmp_path / "m.cfr")
    played = run("play", "slasher", "-p", "random,random", "--seed", "2", "-o", "discard_one=yes", "--replay", path)
    assert played.exit_code == 0, played.output
    from replays.commands import setup

    setup(cli)  # `replay`, as the replays plugin adds it when campfire starts
    shown = CliRunner().invoke(cli, ["replay", "show", path, "--step", "0"])
    assert shown.exit_code == 0, shown.output
    for output in (played.output, shown.output):
        lines = output.splitlines()
        header = lines[1 : lines.index("  seat 0: random")]
        assert header == ["options: discard_one=true, first=-1,", "    all_dead=nobody, stall_turns=100"], header


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["play", "grizzly-race", "-p", "random,random", "--seed", "abc"],
            "Error: Invalid value for '--seed': 'abc' is not a valid integer. (see 'campfire play --help')",
        ),
        (  # -1 would play as 2^64-1: one match under two seeds
            ["play", "grizzly-race", "-p", "random,random", "--seed", "-1"],
            "Error: Invalid value for '--seed': -1 is not in the range 0<=x<=18446744073709551615. "
            "(see 'campfire play --help')",
        ),
        (
            ["tournament", "grizzly-race", "-p", "random,random", "--seed", str(2**64)],
            "Error: Invalid value for '--seed': 18446744073709551616 is not in the range 0<=x<=18446744073709551615. "
            "(see 'campfire tournament --help')",
        ),
        (
            ["replay", "show", "x.cfr", "--as", "Kevin"],
            "Error: Invalid value for '--as': 'Kevin' is not a valid integer. (see 'campfire replay show --help')",
        ),
        (["plya"], "Error: No such command 'plya'. * (see 'campfire --help')"),  # * : click's suggestions
    ],
)
def test_a_usage_error_is_one_line_naming_the_help_to_read(args, message, plugin_commands):
    result = CliRunner().invoke(cli, args, prog_name="campfire")
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    head, _, tail = message.partition(" * ")
    assert line == message if not tail else line.startswith(head) and line.endswith(tail)


def test_a_group_without_a_command_shows_its_help(plugin_commands):
    result = CliRunner().invoke(cli, ["replay"], prog_name="campfire")
    assert result.exit_code == 0
    assert result.output.startswith("Usage: campfire replay [OPTIONS] COMMAND [ARGS]...")
    assert "verify" in result.output and "Error" not in result.output


def test_a_result_after_one_step_counts_it_in_the_singular():
    from corekit.cli.shared import describe_result
    from corekit.match import MatchResult
    from corekit.plugins import default_registry

    game = default_registry().game("grizzly-race")
    forfeit = MatchResult((0.0, 1.0), 1, (1, 0), (0.1, 0.0), forfeit=0, error="ran out of time")
    won = MatchResult((1.0, 0.0), 1, (1, 0), (0.1, 0.0))
    assert describe_result(game, ["a", "b"], forfeit) == "Result: seat 0 forfeits (ran out of time) after 1 step"
    assert describe_result(game, ["a", "b"], won) == "Result: seat 0 wins after 1 step (returns 1, 0)"


def test_a_result_where_every_seat_shares_alike_is_a_tie_and_a_teams_win_is_its_seats():
    # grizzly-race 4: a race that stops with no hero free is a draw, which "seat 0 and seat 1 win" misread (a review).
    from corekit.cli.shared import describe_result
    from corekit.match import MatchResult
    from corekit.plugins import default_registry

    race, camp = default_registry().game("grizzly-race"), default_registry().game("camp-grizzly")
    drawn = MatchResult((0.5, 0.5), 6, (3, 3), (0.1, 0.1))
    assert (
        describe_result(race, ["a", "b"], drawn)
        == "Result: a tie between seat 0 and seat 1 after 6 steps (returns 0.5, 0.5)"
    )
    some = MatchResult((0.5, 0.5, 0.0), 9, (3, 3, 3), (0.1, 0.1, 0.1))
    assert (
        describe_result(race, ["a", "b", "c"], some)
        == "Result: seat 0 and seat 1 win after 9 steps (returns 0.5, 0.5, 0)"
    )
    team = MatchResult((1.0, 1.0), 9, (5, 4), (0.1, 0.1))
    assert describe_result(camp, ["a", "b"], team) == "Result: seat 0 and seat 1 win after 9 steps (returns 1, 1)"
    three = MatchResult((0.0, 1.0, 0.0, 1.0, 1.0, 0.0), 474, (9,) * 6, (0.1,) * 6)  # three counselors survived
    assert describe_result(camp, ["a"] * 6, three, ["Kevin", "Sherry", "Tracy", "Marcus", "Jenny", "Ricky"]) == (
        "Result: Sherry, Marcus and Jenny win after 474 steps (returns 0, 1, 0, 1, 1, 0)"  # not "Sherry and Marcus and"
    )
