"""`campfire tournament`: JSON and tables, one-line errors, a plot, and a SIGKILLed run resumed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from corekit import Match, Registry, hookimpl
from corekit.cli import CliContext, cli
from corekit.tournament import Tournament, read_results, run_tournament
from tests.corekit.tournament import tournament_test_players
from tests.raise_site import raised_in

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, registry: Registry | None = None):
    obj = CliContext(registry) if registry is not None else None
    return CliRunner().invoke(cli, list(args), obj=obj)


def test_json_report_has_every_match_and_a_rating_per_spec() -> None:
    result = run(
        "tournament",
        "grizzly-race",
        "--players",
        "random,heuristic,random",
        "--games",
        "12",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [r["index"] for r in report["results"]] == list(range(12))
    assert [p["name"] for p in report["players"]] == ["random#1", "heuristic", "random#2"]
    assert all(p["seats_played"] == 12 for p in report["players"])
    assert report["seed"] == 1 and report["seats"] == 3


def test_the_table_names_each_spec_and_the_seat_win_rates() -> None:
    result = run("tournament", "grizzly-race", "-p", "random,heuristic", "-n", "4", "-j", "1", "-o", "stall_rounds=5")
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "Win rate by seat" in result.output
    assert "Match length: mean" in result.output
    assert "not perfectly balanced" not in result.output
    uneven = run("tournament", "grizzly-race", "-p", "random,heuristic,random", "-n", "4", "-j", "1")
    assert "4 matches is not a whole number of deals of 6 seatings" in uneven.output
    assert "finished no match" not in uneven.output


def test_specs_that_played_no_match_are_named_in_a_note() -> None:
    result = run(
        "tournament", "grizzly-race", "-p", "random,random,random,random,random", "-k", "2", "-n", "4", "-j", "1"
    )
    assert result.exit_code == 0, result.output
    assert (
        "Note: random#4 and random#5 finished no match, so their ratings are the starting guess; one deal is "
        "20 matches."
    ) in " ".join(result.output.split())


def test_a_test_only_player_plays_in_process_with_one_job() -> None:
    registry = Registry(plugins=[tournament_test_players])
    result = run(
        "tournament", "grizzly-race", "-p", "random,crasher", "-n", "2", "-j", "1", "--json", registry=registry
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["forfeits"] == 2
    # one cause, counted once whichever seat the crasher held
    assert report["forfeit_reasons"] == [
        {
            "reason": "crasher raised RuntimeError: deliberate crash in a test player"
            + raised_in(tournament_test_players.Crasher.decide),
            "matches": 2,
        }
    ]
    table = run("tournament", "grizzly-race", "-p", "random,crasher", "-n", "2", "-j", "1", registry=registry)
    assert table.output.splitlines()[-3:] == [
        "Forfeits: 2; failed matches: 0",
        "Note: every match ended in a forfeit (see the reasons below).",
        "  forfeited 2 matches: crasher raised RuntimeError: deliberate crash in a test player"
        + raised_in(tournament_test_players.Crasher.decide),
    ]


def test_a_plugin_file_reaches_the_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # --plugin FILE.py adds its folder
    plugin = Path(tournament_test_players.__file__)
    result = run(
        "tournament", "grizzly-race", "-p", "random,crasher", "-n", "2", "-j", "2", "--json", "--plugin", str(plugin)
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["players"][1]["forfeits"] == 2


def test_a_player_known_only_in_process_cannot_go_to_worker_processes() -> None:
    registry = Registry(plugins=[tournament_test_players])
    result = run("tournament", "grizzly-race", "-p", "random,crasher", "-n", "2", "-j", "2", registry=registry)
    assert result.exit_code == 1
    assert "crasher not installed, so worker processes cannot load it: use --jobs 1" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nogame", "-p", "random,random"], "unknown game 'nogame'"),
        (["grizzly-race", "-p", "random,nobody"], "unknown player 'nobody'"),
        (["grizzly-race", "-p", "random,random", "-o", "stall_rounds=x"], "option 'stall_rounds' needs a"),
        (["grizzly-race", "-p", "random"], "grizzly-race needs 2-4 players, got 1"),
        (["grizzly-race", "-p", "random,random", "--seats", "5"], "grizzly-race needs 2-4 players, got 5"),
        (["grizzly-race", "-p", "random,random", "--resume"], "Error: --resume needs --out DIR"),
        (["grizzly-race", "-p", "random,random", "--replays"], "Error: --replays needs --out DIR"),
        (["grizzly-race", "-p", "random,random", "--replays", "--resume"], "Error: --resume and --replays need --out"),
        (["grizzly-race", "-p", "random,random", "--games", "0"], "0 is not in the range 1<=x<=10000000"),
        (["grizzly-race", "-p", "random,random", "--jobs", "0"], "--jobs must be at least 1, got 0"),
        (["grizzly-race", "-p", "random,random", "--plugin", "no_such_module"], "--plugin no_such_module: cannot"),
    ],
)
def test_bad_input_is_a_one_line_error(args: list[str], message: str) -> None:
    result = run("tournament", *args)
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output


def test_a_second_run_into_the_same_folder_needs_resume(tmp_path: Path) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(tmp_path)]
    assert run(*args).exit_code == 0
    again = run(*args)
    assert again.exit_code == 1 and "already holds 2 matches: add --resume" in again.output
    assert run(*args, "--resume").exit_code == 0
    assert len(read_results(tmp_path / "results.jsonl")[1]) == 2


def test_a_resumed_tournament_that_kept_replays_keeps_them_for_the_matches_it_adds(tmp_path: Path) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path)]
    assert run(*args, "-n", "2", "--replays").exit_code == 0
    resumed = run(*args, "-n", "4", "--resume", "--json")  # without --replays
    assert resumed.exit_code == 0, resumed.output
    assert sorted(p.name for p in (tmp_path / "replays").iterdir()) == [f"match-00000{i}.cfr" for i in range(4)]
    assert json.loads(resumed.output)["missing_replays"] == []


def test_a_resume_with_nothing_to_resume_says_so_and_starts(tmp_path: Path) -> None:
    result = run(
        "tournament",
        "grizzly-race",
        "-p",
        "random,random",
        "-n",
        "2",
        "-j",
        "1",
        "--out",
        str(tmp_path / "new"),
        "--resume",
    )
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == f"Nothing to resume in {tmp_path / 'new'}: starting the tournament there."
    assert len(read_results(tmp_path / "new" / "results.jsonl")[1]) == 2
    refused = run(
        "tournament",
        "grizzly-race",
        "-p",
        "random,nobody",
        "-n",
        "2",
        "-j",
        "1",
        "--out",
        str(tmp_path / "other"),
        "--resume",
    )
    assert refused.exit_code == 1 and "Nothing to resume" not in refused.output  # nothing starts after all


def test_a_resume_without_games_plays_to_the_size_the_run_was_started_with(tmp_path: Path) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path)]
    assert run(*args, "-n", "6").exit_code == 0
    results = tmp_path / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text("".join(lines[:3]))  # as if killed after 2 of its 6 matches
    resumed = run(*args, "--resume", "--json")  # no -n: the default (20) would be the wrong size
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.output)["matches"] == 6 and len(read_results(results)[1]) == 6
    grown = run(*args, "-n", "8", "--resume", "--json")
    again = run(*args, "--resume", "--json")  # the earlier resume's 8, not the header's 6
    assert json.loads(grown.output)["matches"] == json.loads(again.output)["matches"] == 8


def test_a_resume_with_fewer_games_than_the_folder_holds_is_refused_rather_than_shrinking_the_report(
    tmp_path: Path,
) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path)]
    assert run(*args, "-n", "6").exit_code == 0
    before = (tmp_path / "results.jsonl").read_bytes()
    smaller = run(*args, "-n", "2", "--resume")
    assert smaller.exit_code == 1
    assert smaller.stderr == (
        f"Error: {tmp_path} holds results up to match 5: --games 2 would leave the rest out of the report; give "
        "--games 6 or more, or no --games to resume the run as it was planned\n"
    )
    assert (tmp_path / "results.jsonl").read_bytes() == before and json.loads((tmp_path / "report.json").read_text())[
        "matches"
    ] == 6


def test_a_resume_refuses_a_match_its_schedule_does_not_make_rather_than_report_it_as_its_own(
    tmp_path: Path,
) -> None:
    # A line of another run (seed 4) in place of this run's (seed 3) match 1: resumed, it was reported as this run's.
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    base = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "-n", "4"]
    assert run(*base, "--seed", "3", "--out", str(ours)).exit_code == 0
    assert run(*base, "--seed", "4", "--out", str(theirs)).exit_code == 0
    lines = (ours / "results.jsonl").read_text().splitlines()
    lines[2] = (theirs / "results.jsonl").read_text().splitlines()[2]
    (ours / "results.jsonl").write_text("\n".join(lines) + "\n")
    stray = json.loads(lines[2])
    resumed = run(*base, "--seed", "3", "--out", str(ours), "--resume")
    assert resumed.exit_code == 1
    assert resumed.stderr.startswith(
        f"Error: {ours / 'results.jsonl'} holds a match 1 that this tournament does not play (deal 0, seed "
        f"{stray['seed']}, line-up {stray['lineup']}, where its match 1 is deal 0, seed "
    )
    assert resumed.stderr.endswith("a line from another run, or edited; remove it\n")


@pytest.mark.parametrize(
    ("change", "said"), [(["--seed", "4"], "seed was 3, now 4"), (["-k", "3"], "seats was 2, now 3")]
)
def test_a_resume_with_another_seed_or_seat_count_names_the_setting_rather_than_blame_the_results(
    tmp_path: Path, change: list[str], said: str
) -> None:
    # Its schedule's check came first: every match looked foreign, and the advice was to remove good results.
    base = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "-n", "4", "--out", str(tmp_path)]
    assert run(*base, "--seed", "3").exit_code == 0
    resumed = run(*base, "--seed", "3", *change, "--resume")
    assert resumed.exit_code == 1
    assert resumed.stderr == (
        f"Error: {tmp_path / 'results.jsonl'} belongs to another tournament ({said}): resume with the same settings, "
        "or choose another --out\n"
    )


def test_a_bare_resume_continues_the_run_with_its_own_seed_as_with_its_size_and_time_limit(tmp_path: Path) -> None:
    # From an outside tester: --seed fell back to 0, so "the same command with --resume" without --seed was refused.
    base = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--json"]
    whole = run(*base, "-n", "6", "--seed", "11", "--out", str(tmp_path / "whole"))
    assert run(*base, "-n", "2", "--seed", "11", "--out", str(tmp_path / "part")).exit_code == 0
    resumed = run(*base, "-n", "6", "--out", str(tmp_path / "part"), "--resume")
    assert whole.exit_code == resumed.exit_code == 0, resumed.stderr
    ours, theirs = json.loads(resumed.stdout), json.loads(whole.stdout)
    assert ours["seed"] == 11
    assert [r["returns"] for r in ours["results"]] == [r["returns"] for r in theirs["results"]]


def test_a_resume_without_players_or_seats_continues_the_run_with_its_own(tmp_path: Path) -> None:
    # -p was required, so the only way to see a finished run's report again was to retype its specs exactly.
    started = ["tournament", "grizzly-race", "-p", "random,heuristic", "-k", "3", "-j", "1", "--json", "--seed", "5"]
    whole = run(*started, "-n", "6", "--out", str(tmp_path / "whole"))
    assert run(*started, "-n", "3", "--out", str(tmp_path / "part")).exit_code == 0
    resumed = run(
        "tournament", "grizzly-race", "-j", "1", "--json", "-n", "6", "--out", str(tmp_path / "part"), "--resume"
    )
    assert whole.exit_code == resumed.exit_code == 0, resumed.stderr
    ours, theirs = json.loads(resumed.stdout), json.loads(whole.stdout)
    assert ours["seats"] == 3 and [p["spec"] for p in ours["players"]] == ["random", "heuristic"]
    assert [r["returns"] for r in ours["results"]] == [r["returns"] for r in theirs["results"]]
    again = run("tournament", "grizzly-race", "-j", "1", "--json", "--out", str(tmp_path / "part"), "--resume")
    assert again.exit_code == 0 and json.loads(again.stdout)["results"] == ours["results"]  # nothing left to play


def test_a_bare_resume_continues_a_run_with_its_own_game_options_and_a_strength_run_as_one(tmp_path: Path) -> None:
    # An outside review: the run's options and a --strength run's seatings were not taken, so a bare resume of either
    # was refused as another tournament.
    optioned = ["tournament", "grizzly-race", "-p", "random,heuristic", "-o", "stall_rounds=7", "-j", "1"]
    assert run(*optioned, "-n", "2", "--out", str(tmp_path / "o")).exit_code == 0
    resumed = run(
        "tournament", "grizzly-race", "-j", "1", "--json", "-n", "4", "--out", str(tmp_path / "o"), "--resume"
    )
    assert resumed.exit_code == 0, resumed.stderr
    assert json.loads(resumed.stdout)["options"] == {"stall_rounds": 7}
    strength = ["tournament", "grizzly-race", "-p", "heuristic,random", "-k", "3", "--strength", "-j", "1", "--json"]
    whole = run(*strength, "-n", "12", "--out", str(tmp_path / "whole"))
    assert run(*strength, "-n", "6", "--out", str(tmp_path / "s")).exit_code == 0
    bare = run("tournament", "grizzly-race", "-j", "1", "--json", "-n", "12", "--out", str(tmp_path / "s"), "--resume")
    assert bare.exit_code == whole.exit_code == 0, bare.stderr
    assert json.loads(bare.stdout)["strength"] == json.loads(whole.stdout)["strength"]


def test_a_resume_naming_the_specs_but_no_seat_count_takes_the_runs(tmp_path: Path) -> None:
    base = ["tournament", "grizzly-race", "-p", "random,heuristic", "-j", "1", "--json", "--out", str(tmp_path)]
    assert run(*base, "-k", "3", "-n", "2").exit_code == 0
    resumed = run(*base, "-n", "4", "--resume")  # no -k: 3 seats as the run, not 2 as the specs
    assert resumed.exit_code == 0, resumed.stderr
    assert json.loads(resumed.stdout)["seats"] == 3


def test_a_tournament_without_players_is_refused_naming_the_option_and_why_a_resume_could_not_supply_them(
    tmp_path: Path,
) -> None:
    assert run("tournament", "grizzly-race", "-j", "1").stderr == "Error: Missing option '--players' / '-p'.\n"
    empty = run("tournament", "grizzly-race", "--out", str(tmp_path / "none"), "--resume")
    assert empty.exit_code == 1
    assert (
        empty.stderr
        == f"Error: Missing option '--players' / '-p': {tmp_path / 'none'} holds no run to take them from.\n"
    )
    assert not (tmp_path / "none").exists()


def test_a_resume_in_a_folder_with_nothing_to_resume_starts_at_seed_0(tmp_path: Path) -> None:
    result = run(
        "tournament",
        "grizzly-race",
        "-p",
        "random,random",
        "-j",
        "1",
        "-n",
        "2",
        "--json",
        "--resume",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0 and json.loads(result.stdout)["seed"] == 0
    assert "Nothing to resume in" in result.stderr


def test_a_resume_refuses_a_record_whose_index_was_edited_past_the_run_rather_than_grow_the_run(
    tmp_path: Path,
) -> None:
    base = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path)]
    assert run(*base, "-n", "4").exit_code == 0
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    lines[4] = lines[4].replace('"index":3,', '"index":50,', 1)
    assert '"index":50,' in lines[4]
    (tmp_path / "results.jsonl").write_text("\n".join(lines) + "\n")
    resumed = run(*base, "--resume")
    assert resumed.exit_code == 1 and "holds a match 50 that this tournament does not play" in resumed.stderr


def test_plot_draws_the_ratings_into_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.png"
    result = run(
        "tournament", "grizzly-race", "-p", "random,heuristic", "-n", "4", "-j", "1", "--json", "--plot", str(target)
    )
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_sigkilled_tournament_resumes_without_losing_or_repeating_a_match(tmp_path: Path) -> None:
    games = 600
    out = tmp_path / "out"
    args = [
        "tournament",
        "grizzly-race",
        "-p",
        "random,heuristic",
        "--games",
        str(games),
        "--seed",
        "4",
        "--jobs",
        "2",
        "--out",
        str(out),
        "--json",
    ]
    command = [sys.executable, "-c", "from corekit.cli import main; main()", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    results = out / "results.jsonl"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if results.exists() and results.read_bytes().count(b"\n") > 60:
                break
            time.sleep(0.01)
        assert process.poll() is None, "the tournament ended before it could be killed"
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    _, before = read_results(results)
    assert 0 < len(before) < games
    resumed = subprocess.run([*command, "--resume"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    report = json.loads(resumed.stdout)
    lines = results.read_text().splitlines()[1:]
    indices = [json.loads(line)["index"] for line in lines]
    assert sorted(indices) == list(range(games))  # each match exactly once in the file
    uninterrupted = run_tournament(Tournament("grizzly-race", ("random", "heuristic"), games=games, seed=4))
    assert report["results"] == uninterrupted["results"]
    assert [p["rating"] for p in report["players"]] == [p["rating"] for p in uninterrupted["players"]]


def test_a_tournament_logged_to_a_file_says_how_far_it_got_now_and_then(monkeypatch: pytest.MonkeyPatch) -> None:
    from corekit.cli import progress

    monkeypatch.setattr(progress, "QUIET_SECONDS", 0.0)  # these matches take well under the seconds a log waits
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "20", "-j", "1")
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if line.startswith("grizzly-race: ")]
    assert [line.split(" (")[0] for line in said] == [f"grizzly-race: {n} of 20 matches" for n in range(2, 20, 2)]


def test_without_matplotlib_plot_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run(
        "tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plot", str(tmp_path / "r.png")
    )
    assert result.exit_code == 1
    assert result.output.strip() == "Error: --plot needs matplotlib: pip install 'campfire-engine[plot]'"


def test_a_scaffolded_games_plugin_file_loads_from_its_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    try:
        assert run("new-game", "lantern-drill", "--dir", str(tmp_path)).exit_code == 0
        plugin = tmp_path / "lantern-drill" / "lantern_drill" / "plugin.py"  # it imports lantern_drill.game
        result = run(
            "tournament",
            "lantern-drill",
            "-p",
            "random,random",
            "-n",
            "2",
            "-j",
            "1",
            "--json",
            "--plugin",
            str(plugin),
        )
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["matches"] == 2
    finally:  # the import system keeps its own module table: forget the game's modules for later tests
        for name in [name for name in sys.modules if name.split(".")[0] == "lantern_drill"]:
            del sys.modules[name]


def test_a_plugin_that_cannot_be_imported_is_named_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    broken = tmp_path / "broken_plugin.py"
    broken.write_text("import no_such_module_here\n")
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plugin", str(broken))
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: --plugin {broken}: cannot import it (ModuleNotFoundError: No module named 'no_such_module_here')"
    )


def test_a_plugin_given_as_a_file_not_ending_in_py_is_refused_as_such(tmp_path: Path) -> None:
    replay = tmp_path / "grizzly-race.cfr"
    replay.write_bytes(b"")
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plugin", str(replay))
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: --plugin {replay}: a file of a plugin must end in .py (or give its module name)"
    )


def test_a_plugin_whose_import_error_runs_to_several_lines_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    broken = tmp_path / "multi_line_plugin.py"
    broken.write_text("raise RuntimeError('first line\\nsecond line\\nthird')\n")
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plugin", str(broken))
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: --plugin {broken}: cannot import it (RuntimeError: first line)"


@pytest.mark.parametrize(("code", "shown"), [("3", "SystemExit: 3"), ("0", "SystemExit: 0"), ("", "SystemExit")])
def test_a_plugin_calling_sys_exit_on_import_is_a_one_line_error_not_a_silent_exit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str, shown: str
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    quitter = tmp_path / f"exits_{code or 'none'}_plugin.py"
    quitter.write_text(f"import sys\nsys.exit({code})\n")
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plugin", str(quitter))
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: --plugin {quitter}: cannot import it ({shown})"


def test_an_empty_out_path_is_refused_rather_than_writing_into_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", "")
    assert result.exit_code == 1
    assert result.output.strip() == "Error: cannot write the results: the --out path is empty"
    assert list(tmp_path.iterdir()) == []


def test_a_resume_under_another_version_of_the_game_is_refused_and_report_json_names_the_version(
    tmp_path: Path,
) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(tmp_path)]
    assert run(*args).exit_code == 0
    from corekit.plugins import default_registry

    version = default_registry().game("grizzly-race").version
    assert json.loads((tmp_path / "report.json").read_text())["game_version"] == version
    results = tmp_path / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    results.write_text(json.dumps({**header, "game_version": "0.old"}) + "\n" + "".join(lines[1:]))
    resumed = run(*args, "-n", "4", "--resume")
    assert resumed.exit_code == 1
    assert resumed.output.strip() == (
        f"Error: {results} belongs to another tournament (game_version was '0.old', "
        f"now {version!r}): resume with the same settings, or choose another --out"
    )
    assert len(read_results(results)[1]) == 2  # nothing was played


def test_a_resume_over_a_damaged_record_names_the_file_and_line_in_one_line(tmp_path: Path) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(tmp_path)]
    assert run(*args).exit_code == 0
    results = tmp_path / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    lines[1] = json.dumps({**json.loads(lines[1]), "returns": [1.0]}) + "\n"
    results.write_text("".join(lines))
    resumed = run(*args, "-n", "4", "--resume")
    assert resumed.exit_code == 1
    assert resumed.output.strip() == f"Error: {results} line 2 is not a match record: returns has 1 value for 2 seats"


class CtrlC:
    """Presses Ctrl-C as the match after the first `played` starts (in this process: --jobs 1)."""

    def __init__(self, played: int) -> None:
        self.left = played

    @hookimpl
    def campfire_match_start(self, match: Match) -> None:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1


def test_an_interrupted_run_is_reported_as_unbalanced_when_its_matches_are_not_whole_deals(tmp_path: Path) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,heuristic", "-n", "4", "-j", "1", "--out", str(tmp_path)]
    stopped = run(*args, registry=Registry(plugins=[CtrlC(played=1)]))  # 4 matches planned, whole deals of 2
    assert stopped.exit_code == 1 and "interrupted: 1 of 4 matches are saved" in stopped.stderr
    assert "Note: 1 match is not a whole number of deals of 2 seatings, so seats are not perfectly balanced." in (
        stopped.stdout.splitlines()
    )
    assert json.loads((tmp_path / "report.json").read_text())["schedule"] == {
        "seatings_per_deal": 2,
        "deals": 1,
        "short_deals": 1,
        "balanced": False,
    }


def test_a_deal_with_a_failed_seating_is_reported_as_unbalanced(tmp_path: Path) -> None:
    # fragile is built once for the check, then fails every match it sits in: 4 of the deal's 6 seatings.
    registry = Registry(plugins=[tournament_test_players])
    args = ["tournament", "grizzly-race", "-k", "2", "-n", "6", "-j", "1"]
    found = run(*args, "-p", f"random,fragile:marker={tmp_path / 'a'},random", "--json", registry=registry)
    assert found.exit_code == 1 and json.loads(found.stdout)["schedule"] == {
        "seatings_per_deal": 6,
        "deals": 1,
        "short_deals": 1,
        "balanced": False,
    }
    table = run(*args, "-p", f"random,fragile:marker={tmp_path / 'b'},random", registry=registry)
    assert (
        "Note: 1 of 1 deal lacks some of its 6 seatings (a match failed or was not played), so seats are not "
        "perfectly balanced."
    ) in " ".join(table.stdout.split())


def test_a_deal_whose_every_match_failed_is_a_short_deal_not_a_balanced_run(tmp_path: Path) -> None:
    # From an outside tester: with every match failed the report read `deals 0, short_deals 0, balanced: true`.
    registry = Registry(plugins=[tournament_test_players])
    args = ["tournament", "grizzly-race", "-n", "2", "-j", "1", "--json"]
    found = run(*args, "-p", f"fragile:marker={tmp_path / 'a'},random", registry=registry)
    report = json.loads(found.stdout)
    assert found.exit_code == 1 and len(report["failed"]) == 2
    assert report["schedule"] == {"seatings_per_deal": 2, "deals": 1, "short_deals": 1, "balanced": False}


def test_a_bare_resume_plays_to_the_size_the_last_resume_asked_for_even_when_that_resume_was_interrupted(
    tmp_path: Path,
) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path)]
    assert run(*args, "-n", "2").exit_code == 0
    grown = run(*args, "-n", "12", "--resume", registry=Registry(plugins=[CtrlC(played=3)]))
    assert "interrupted: 5 of 12 matches are saved" in grown.stderr
    again = run(*args, "--resume", "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["matches"] == 12 and read_results(tmp_path / "results.jsonl")[0]["games"] == 12


def test_a_results_file_left_without_a_match_by_a_failed_start_does_not_block_a_new_tournament(
    tmp_path: Path,
) -> None:
    from corekit.tournament.store import ResultsFile

    ResultsFile(tmp_path, {"game": "grizzly-race", "specs": ["random", "heuristic"], "seats": 2}, resume=False).close()
    result = run(
        "tournament", "grizzly-race", "-p", "random,random", "-n", "4", "--seed", "5", "-j", "1", "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    header, records = read_results(tmp_path / "results.jsonl")
    assert (header["specs"], header["seed"], sorted(records)) == (["random", "random"], 5, [0, 1, 2, 3])


def test_the_help_says_that_many_specs_play_only_their_rotations() -> None:
    from corekit.tournament.schedule import MAX_PERMUTATIONS

    shown = " ".join(run("tournament", "--help").output.split())
    assert (
        f"once in each seating of the specs, or, when there are more than {MAX_PERMUTATIONS} seatings or more seats "
        "than specs, once in each rotation of the specs around the table"
    ) in shown
    assert "every seating of the specs once" not in shown
    assert "with --resume, the size last set for the run in OUT" in shown


def test_a_resume_naming_a_player_with_its_defaults_spelt_out_is_the_same_tournament(tmp_path: Path) -> None:
    # From an outside tester: `mcts:c=0.7,iterations=20` was refused as another tournament than `mcts:iterations=20`,
    # though 0.7 is c's default and both build the same player.
    base = ["tournament", "grizzly-race", "-j", "1", "--json", "--out", str(tmp_path)]
    assert run(*base, "-p", "mcts:iterations=20,random", "-n", "2").exit_code == 0
    resumed = run(*base, "-p", "mcts:c=0.7,iterations=20,random", "-n", "4", "--resume")
    assert resumed.exit_code == 0, resumed.output
    report = json.loads(resumed.stdout)
    assert report["matches"] == 4 and [p["spec"] for p in report["players"]] == ["mcts:iterations=20", "random"]
    other = run(*base, "-p", "mcts:c=0.5,iterations=20,random", "-n", "6", "--resume")
    assert other.exit_code == 1 and "belongs to another tournament (specs was" in other.stderr


def test_a_resume_refuses_a_match_whose_line_up_its_schedule_does_not_make(tmp_path: Path) -> None:
    base = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "-n", "4", "--seed", "3"]
    assert run(*base, "--out", str(tmp_path)).exit_code == 0
    results = tmp_path / "results.jsonl"
    lines = results.read_text().splitlines()
    record = json.loads(lines[2])  # match 1: deal 0, line-up [1, 0]
    assert record["lineup"] == [1, 0]
    lines[2] = json.dumps({**record, "lineup": [0, 1]})
    results.write_text("\n".join(lines) + "\n")
    resumed = run(*base, "--out", str(tmp_path), "--resume")
    assert resumed.exit_code == 1
    assert (
        f"holds a match 1 that this tournament does not play (deal 0, seed {record['seed']}, line-up [0, 1], where "
        f"its match 1 is deal 0, seed {record['seed']}, line-up [1, 0])" in resumed.stderr
    )


def test_a_resume_with_games_one_short_of_the_last_match_held_is_refused(tmp_path: Path) -> None:
    args = ["tournament", "grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path)]
    assert run(*args, "-n", "6").exit_code == 0
    smaller = run(*args, "-n", "5", "--resume")
    assert smaller.exit_code == 1
    assert "holds results up to match 5: --games 5 would leave the rest out of the report" in smaller.stderr


def test_a_match_a_backend_reports_twice_is_saved_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from corekit.tournament import backends

    inline = backends.run_inline

    def twice(settings, pending, emit, registry) -> None:
        inline(settings, pending, lambda record: (emit(record), emit(record)), registry)

    monkeypatch.setattr(backends, "run_inline", twice)
    result = run("tournament", "grizzly-race", "-p", "random,random", "-j", "1", "-n", "4", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(read_results(tmp_path / "results.jsonl")[1]) == [0, 1, 2, 3]
    assert (tmp_path / "results.jsonl").read_text().count("\n") == 5
