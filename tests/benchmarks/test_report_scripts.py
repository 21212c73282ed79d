"""The benchmark report scripts answer --help with their usage, and refuse a bad game name, an unknown flag or
a bad argument with one line instead of ignoring it or printing a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import (
    bench_mcts,
    bench_replays,
    bench_tournament,
    decision_time,
    record_instructions,
    report,
    rss_camp_grizzly,
)

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize("script", [bench_replays, rss_camp_grizzly, report, record_instructions])
def test_the_scripts_without_arguments_print_their_usage_for_help(capsys: pytest.CaptureFixture, script) -> None:
    script.main(["--help"])
    assert capsys.readouterr().out == f"{script.__doc__}\n"


@pytest.mark.parametrize(
    ("script", "argv", "unknown"),
    [
        (bench_mcts, ["--quick", "--bogus", "grizzly-race"], "--bogus"),
        (bench_mcts, ["--quik"], "--quik"),
        (bench_tournament, ["--bogus"], "--bogus"),
        (bench_tournament, ["4", "random,random", "extra"], "extra"),
        (bench_replays, ["--bogus"], "--bogus"),
        (bench_replays, ["grizzly-race"], "grizzly-race"),
        (rss_camp_grizzly, ["--bogus"], "--bogus"),
        (report, ["--bogus"], "--bogus"),
        (report, ["engine"], "engine"),
        (record_instructions, ["--bogus"], "--bogus"),
    ],
)
def test_an_unknown_flag_or_argument_is_one_line_and_exit_2_before_measuring(
    capsys: pytest.CaptureFixture, script, argv: list[str], unknown: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        script.main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"python -m {script.__name__}: unrecognized arguments: {unknown}\n"


@pytest.mark.parametrize(
    "name", ["bench_mcts", "bench_tournament", "bench_replays", "rss_camp_grizzly", "report", "record_instructions"]
)
def test_every_report_script_refuses_an_unknown_flag_from_the_command_line(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{name}", "--bogus"], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"python -m benchmarks.{name}: unrecognized arguments: --bogus\n"


@pytest.mark.parametrize("matches", ["abc", "0", "-5", "2.5"])
def test_the_tournament_report_wants_a_whole_number_of_matches(capsys: pytest.CaptureFixture, matches: str) -> None:
    with pytest.raises(SystemExit) as stop:
        bench_tournament.main([matches])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        f"python -m benchmarks.bench_tournament: argument MATCHES: wants a whole number 1 or more, not {matches!r}\n"
    )


@pytest.mark.parametrize(
    ("specs", "error"),
    [
        ("nope,random", "unknown player 'nope' (known: "),
        ("random,mcts:iterations=lots", "iterations"),
        ("random,random,random,random,random", "grizzly-race needs 2-4 players, got 5"),
    ],
)
def test_the_tournament_report_refuses_bad_specs_in_one_line_before_measuring(
    monkeypatch: pytest.MonkeyPatch, specs: str, error: str
) -> None:
    monkeypatch.setattr(bench_tournament, "capacity", lambda: pytest.fail("measured before checking the specs"))
    with pytest.raises(SystemExit) as stop:
        bench_tournament.main(["4", specs])
    message = str(stop.value)
    assert message.startswith("python -m benchmarks.bench_tournament: ") and error in message
    assert "\n" not in message


def test_the_tournament_report_splits_specs_as_campfire_does_and_counts_one_match_in_the_singular(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    asked = []
    figures = {"one": 1.0, "two": 0.5, "speed_up": 2.0, "matches_per_second_1": 1.0, "matches_per_second_2": 2.0}
    monkeypatch.setattr(bench_tournament, "capacity", lambda: 2.0)
    monkeypatch.setattr(bench_tournament, "speed_up", lambda games, specs: asked.append((games, specs)) or figures)
    bench_tournament.main(["1", "mcts:iterations=5,c=0.7,random"])
    assert asked == [(1, ("mcts:iterations=5,c=0.7", "random"))]
    assert capsys.readouterr().out.startswith("grizzly-race, 1 match of mcts:iterations=5,c=0.7,random\n")


def test_the_mcts_report_counts_one_player_in_the_singular(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setattr(bench_mcts, "iterations_per_second", lambda *args: 1000.0)
    monkeypatch.setattr(bench_mcts, "iteration_ratio", lambda *args, **kwargs: 1.0)
    monkeypatch.setattr(bench_mcts, "halving_ratio", lambda *args: 1.0)
    monkeypatch.setattr(bench_mcts, "memory_per_node", lambda *args: (10, 20, 300.0, 150.0))
    bench_mcts.main(["--quick", "camp-grizzly"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "camp-grizzly, 1 player, random rollouts: 1,000 iterations/s; iteration / random playout 1.00"
    assert any(line.startswith("camp-grizzly, 4 players: halving / UCB") for line in lines)


def test_the_mcts_report_takes_games_on_either_side_of_quick(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    seen = []
    monkeypatch.setattr(
        bench_mcts,
        "iterations_per_second",
        lambda game, players, iterations, rollout: seen.append((game.id, iterations)) or 1.0,
    )
    monkeypatch.setattr(bench_mcts, "iteration_ratio", lambda *args, **kwargs: 1.0)
    monkeypatch.setattr(bench_mcts, "halving_ratio", lambda *args: 1.0)
    monkeypatch.setattr(bench_mcts, "memory_per_node", lambda *args: (10, 20, 300.0, 150.0))
    bench_mcts.main(["camp-grizzly", "--quick", "grizzly-race"])
    assert [game for game, _ in dict.fromkeys(seen)] == ["camp-grizzly", "grizzly-race"]
    assert {iterations for _, iterations in seen} == {200}


def test_the_report_names_an_unknown_section_in_one_line(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as stop:
        report.main(["--quick", "--only", "engine,nope"])
    assert str(stop.value) == (
        "python -m benchmarks.report: unknown section nope (sections: engine, playouts, operations, mcts, replays, "
        "tournament, startup, memory)"
    )


def test_the_quick_report_prints_a_dated_table_and_writes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, tmp_path: Path
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("before\n<!-- report:engine -->\nold\n<!-- /report:engine -->\nafter\n")
    monkeypatch.setattr(report, "README", readme)
    report.main(["--quick", "--only", "engine"])
    out = capsys.readouterr().out
    assert out.startswith("## engine\n\n_Measured ") and "by `python -m benchmarks.report --only engine --quick`" in out
    assert "median (min-max) of 2 interleaved repetitions._" in out
    assert "| players | reference decisions/s |" in out and "\n| 2 | " in out and "\n| 4 | " in out
    assert "old" in readme.read_text()


def test_the_report_replaces_only_the_table_between_its_markers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("prose\n<!-- report:engine -->\nold\n<!-- /report:engine -->\nmore prose\n")
    monkeypatch.setattr(report, "README", readme)
    report._write("engine", "new table")
    report._write("startup", "appended")
    assert readme.read_text() == (
        "prose\n<!-- report:engine -->\nnew table\n<!-- /report:engine -->\nmore prose\n\n"
        "<!-- report:startup -->\nappended\n<!-- /report:startup -->\n"
    )


def test_a_table_shown_in_another_readme_is_written_there_too_and_only_between_its_markers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    readme, shown, unmarked = tmp_path / "README.md", tmp_path / "ai.md", tmp_path / "other.md"
    readme.write_text("<!-- report:mcts -->\nold\n<!-- /report:mcts -->\n")
    shown.write_text("speed:\n<!-- report:mcts -->\nold\n<!-- /report:mcts -->\nstrength\n")
    unmarked.write_text("no table here\n")
    monkeypatch.setattr(report, "README", readme)
    monkeypatch.setattr(report, "ALSO", {"mcts": (shown, unmarked)})
    report._write("mcts", "new table")
    assert readme.read_text() == "<!-- report:mcts -->\nnew table\n<!-- /report:mcts -->\n"
    assert shown.read_text() == "speed:\n<!-- report:mcts -->\nnew table\n<!-- /report:mcts -->\nstrength\n"
    assert unmarked.read_text() == "no table here\n"  # never appended to a README that does not show it


def test_the_mcts_table_is_shown_in_the_ai_readme_too() -> None:
    assert report.ALSO["mcts"] == (report.ROOT / "ai" / "README.md",)
    text = report.ALSO["mcts"][0].read_text(encoding="utf-8")
    assert "<!-- report:mcts -->" in text and "one iteration / one random playout" in text


def test_the_decision_time_script_times_one_decision_per_deal_with_the_players_own_counts(capsys) -> None:
    decision_time.main(["slasher", "2", "mcts:iterations=20", "--deals", "2", "-o", "all_dead=share"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("slasher, 2 seats, mcts:iterations=20 (load average ")
    assert [line.split(":")[0] for line in lines[1:]] == ["  deal 7", "  deal 8"]
    assert all(", 20 iterations, " in line for line in lines[1:])  # the spec's budget replaced the game's steps


def test_the_decision_time_script_gives_no_search_counts_for_a_player_that_keeps_none(capsys) -> None:
    # It printed "0 iterations, 0 actions applied" for os-ismcts and heuristic, as if they had not searched.
    decision_time.main(["grizzly-race", "2", "heuristic", "--deals", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("  deal 7: ") and lines[1].endswith(" s") and "iterations" not in lines[1]


def test_the_decision_time_script_times_every_choice_of_whole_matches(capsys) -> None:
    from corekit import default_registry

    decision_time.main(["grizzly-race", "2", "random", "--deals", "2", "--whole"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("grizzly-race, 2 seats, random (load average ")
    assert [line.split(":")[0] for line in lines[1:]] == ["  deal 7", "  deal 8", "  all"]
    counts = [int(line.split(": ")[1].split()[0]) for line in lines[1:]]
    # Deal 7's count is its match's decisions with more than one legal action, replayed here with the same seeds.
    game = default_registry().game("grizzly-race")
    state = game.initial_state(2, 7)
    players = decision_time.make_players(game, ["random"] * 2, 7, default_registry())
    choices = 0
    while state.to_act:
        seat = state.to_act[0]
        view = decision_time.SeatView(state, seat)
        choices += len(view.legal_actions) > 1
        state.apply(seat, players[seat].decide(view))
    assert counts[0] == choices > 0 and counts[2] == counts[0] + counts[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope", "2"], "unknown game 'nope'"),
        (["slasher", "9"], "slasher needs 2-6 players, got 9"),
        (["slasher", "2", "mcts:foo=1"], "unknown option 'foo'"),
    ],
)
def test_the_decision_time_script_refuses_a_bad_game_seat_count_or_spec_in_one_line(argv, message) -> None:
    with pytest.raises(SystemExit) as stop:
        decision_time.main(argv)
    assert message in str(stop.value) and "\n" not in str(stop.value)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope:2"], "unknown game 'nope'"),
        (["slasher:9"], "slasher needs 2-6 players, got 9"),
        (["slasher"], "'slasher': expected GAME:PLAYERS, e.g. grizzly-race:2"),
        (["slasher:2", "--matches", "0"], "--matches must be at least 1, got 0"),
    ],
)
def test_the_instruction_count_refuses_a_bad_game_seat_count_or_size_in_one_line_before_running_valgrind(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    monkeypatch.setattr(record_instructions, "instructions", _no_valgrind)
    with pytest.raises(SystemExit) as stop:
        record_instructions.main(argv)
    assert str(stop.value) == f"python -m benchmarks.record_instructions: {message}"


def test_the_instruction_count_subtracts_the_start_up_from_playing_and_from_recording(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts = {"start": 1_000_000_000, "play": 1_500_000_000, "record": 1_600_000_000}
    monkeypatch.setattr(record_instructions, "instructions", lambda game, players, matches, mode: counts[mode])
    # 100 matches: 5.00 million instructions a match playing, 6.00 recording.
    assert record_instructions.row("slasher", 2, 100) == "| slasher | 2 | 5.00 | 6.00 | 1.20 |"


def _no_valgrind(*args: object) -> int:
    raise AssertionError("valgrind ran before the arguments were checked")


def test_a_failed_callgrind_run_is_one_line_naming_the_run_and_valgrinds_last_line(monkeypatch) -> None:
    report = "==1== Callgrind, a call-graph generating cache profiler\n==1== \nvalgrind: the 'perf' tool is absent\n"
    failed = subprocess.CompletedProcess([], 1, stdout="", stderr=report)
    monkeypatch.setattr(record_instructions.subprocess, "run", lambda *args, **kwargs: failed)
    with pytest.raises(SystemExit) as stop:
        record_instructions.instructions("slasher", 2, 10, "play")
    assert str(stop.value) == "callgrind failed for slasher 2 play: valgrind: the 'perf' tool is absent"


def test_each_stamp_says_how_its_table_was_taken() -> None:
    # Only rates are medians of interleaved repetitions: the tournament keeps the faster of its wall-clock runs,
    # the memory table is one search.
    assert report._method("tournament", report.FULL) == "the faster of 2 wall-clock run(s) with each number of workers"
    assert report._method("memory", report.FULL) == "one search, its peak resident memory"
    assert report._method("mcts", report.FULL) == f"median (min-max) of {report.MCTS_REPEATS} interleaved repetitions"
    assert report._method("engine", report.FULL) == "median (min-max) of 9 interleaved repetitions"
