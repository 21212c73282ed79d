"""Bad input to `campfire tournament`: one line on stderr naming the culprit, a non-zero exit, no traceback,
and the matches already played always kept and reported."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner, Result

from corekit import Match, MatchResult, PlayerType, Registry, hookimpl
from corekit.cli import CliContext, cli
from corekit.tournament import MatchRecord, OutputFailed, Tournament, read_results, run_tournament
from corekit.tournament.store import ResultsFile
from tests.corekit.tournament import tournament_test_games, tournament_test_players

TEST_PLAYERS = ("tests.corekit.tournament.tournament_test_players",)


def run(*args: str, registry: Registry | None = None) -> Result:
    obj = CliContext(registry) if registry is not None else None
    return CliRunner().invoke(cli, ["tournament", *args], obj=obj)


def error_line(result: Result) -> str:
    """The one line on stderr (and no traceback anywhere)."""
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(plugins=[tournament_test_players, tournament_test_games])


# 1. A player that cannot be built, a game that raises at setup: the error names the culprit.

def test_a_player_that_cannot_be_built_is_refused_up_front_naming_its_spec(registry: Registry,
                                                                           tmp_path: Path) -> None:
    result = run("grizzly-race", "-p", "random,fragile", "-j", "1", "--out", str(tmp_path), registry=registry)
    assert error_line(result) == ("Error: player 'fragile' could not be built: "
                                  "RuntimeError: cannot load its network weights")
    assert not (tmp_path / "results.jsonl").exists()


def test_a_player_that_cannot_be_built_for_a_match_fails_it_naming_the_seat_and_spec(
        registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # short paths: the report's lines are not wrapped
    spec = "fragile:marker=built"  # built once by the up-front check, then never again
    result = run("grizzly-race", "-p", f"random,{spec}", "-n", "2", "-j", "1", "--out", "out", registry=registry)
    reason = "could not be built: RuntimeError: cannot load its network weights"
    assert error_line(result) == f"Error: 2 of 2 matches failed, first match 0: seat 1 ({spec}) {reason}"
    assert f"match 0 (random, {spec}): seat 1 ({spec}) {reason}" in result.stdout  # the report's list
    assert f"match 1 ({spec}, random): seat 0 ({spec}) {reason}" in result.stdout
    _, records = read_results(tmp_path / "out" / "results.jsonl")
    assert [records[i].error for i in (0, 1)] == [f"seat 1 ({spec}) {reason}", f"seat 0 ({spec}) {reason}"]


def test_a_game_that_raises_at_setup_is_named_in_each_failed_match(registry: Registry) -> None:
    # Seed 0: the up-front check's seed is even and passes; deals 1 (matches 2 and 3) have odd seeds.
    result = run("setup-flaky", "-p", "random,random", "-n", "10", "--seed", "0", "-j", "1", "--json",
                 registry=registry)
    setup = "game 'setup-flaky' raised ValueError: no board for an odd seed at setup"
    assert error_line(result) == f"Error: 2 of 10 matches failed, first match 2: {setup}"
    report = json.loads(result.stdout)  # the whole report, before the error
    assert report["matches"] == 10
    assert report["failed"] == [{"index": i, "specs": ["random", "random"], "error": setup} for i in (2, 3)]


def test_a_game_that_raises_at_setup_for_the_tournament_seed_is_refused_up_front(registry: Registry) -> None:
    result = run("setup-flaky", "-p", "random,random", "--seed", "1", "-j", "1", registry=registry)
    assert error_line(result) == "Error: game 'setup-flaky' raised ValueError: no board for an odd seed at setup"
    assert result.stdout == ""


# 2. An AI calling sys.exit forfeits that match; the tournament goes on.

def test_an_ai_calling_sys_exit_forfeits_in_process_and_the_tournament_goes_on(registry: Registry) -> None:
    result = run("grizzly-race", "-p", "random,quitter:after=1", "-n", "4", "-j", "1", "--json",
                 registry=registry)
    assert result.exit_code == 0, result.output  # forfeits alone are results, not failures
    report = json.loads(result.stdout)
    assert report["matches"] == 4 and report["players"][1]["forfeits"] == 4
    assert all("(quitter:after=1) raised SystemExit: 3" in r["error"] for r in report["results"])


def test_an_ai_calling_sys_exit_forfeits_in_a_worker_process() -> None:
    report = run_tournament(Tournament("grizzly-race", ("quitter", "random"), games=2, seed=1,
                                       plugins=TEST_PLAYERS), jobs=2)
    assert [r["status"] for r in report["results"]] == ["forfeit", "forfeit"]
    assert all("(quitter) raised SystemExit: 3" in r["error"] for r in report["results"])


# 3. The time limit is a finite positive number of seconds.

@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "0", "-1"])
def test_a_time_limit_that_is_not_a_finite_positive_number_is_refused(value: str, tmp_path: Path) -> None:
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--time-limit", value, "--out", str(tmp_path))
    shown = f"{float(value):g}"
    assert error_line(result) == f"Error: --time-limit must be a finite positive number of seconds, got {shown}"
    assert not (tmp_path / "results.jsonl").exists()  # refused before any match


def test_a_huge_time_limit_does_not_break_the_watchdog() -> None:
    report = run_tournament(Tournament("grizzly-race", ("random", "random"), games=2, seed=1, time_limit=1e300,
                                       plugins=TEST_PLAYERS), jobs=2)
    assert [r["status"] for r in report["results"]] == ["ok", "ok"]


# 4. Outputs that cannot be written are refused before the tournament; a late failure still shows the report.

def test_a_plot_file_type_matplotlib_cannot_write_is_refused_before_any_match(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.txt"
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--plot", str(target), "--out",
                 str(tmp_path / "out"))
    assert error_line(result).startswith(f"Error: --plot {target}: matplotlib cannot write '.txt' files (use .png, ")
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_a_plot_into_a_missing_folder_is_refused_before_any_match(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "nowhere" / "ratings.png"
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--plot", str(target), "--out",
                 str(tmp_path / "out"))
    assert error_line(result) == f"Error: --plot {target}: no folder {target.parent}"
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_an_out_folder_that_cannot_be_created_is_refused_before_any_match(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder\n")
    out = tmp_path / "file" / "out"
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(out))
    assert error_line(result).startswith(f"Error: --out {out}: cannot write there (")


def test_an_out_folder_whose_report_cannot_be_written_is_refused_before_any_match(tmp_path: Path) -> None:
    (tmp_path / "report.json").mkdir()
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path))
    assert error_line(result) == f"Error: --out {tmp_path}: cannot write {tmp_path / 'report.json'} (a folder)"
    assert not (tmp_path / "results.jsonl").exists()


class Saboteur:
    """Makes `path` a folder when the first match ends, so writing a file there fails after every match."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @hookimpl
    def campfire_match_end(self, match: Match, result: MatchResult) -> None:
        self.path.mkdir(exist_ok=True)


def test_a_report_that_cannot_be_written_after_the_matches_is_still_printed_first(tmp_path: Path) -> None:
    registry = Registry(plugins=[Saboteur(tmp_path / "report.json")])
    result = run("grizzly-race", "-p", "random,random", "-n", "3", "-j", "1", "--json", "--out", str(tmp_path),
                 registry=registry)
    line = error_line(result)
    assert line.startswith(f"Error: could not write {tmp_path / 'report.json'}: "), line
    assert json.loads(result.stdout)["matches"] == 3
    assert len(read_results(tmp_path / "results.jsonl")[1]) == 3


def fill_the_disk_after(saved: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The results file takes `saved` records, then fails as a full disk would."""
    append = ResultsFile.append

    def failing(self: ResultsFile, record: MatchRecord) -> None:
        if len(self.records) >= saved:
            raise OSError(errno.ENOSPC, "No space left on device")
        append(self, record)

    monkeypatch.setattr(ResultsFile, "append", failing)


def test_a_results_file_that_stops_taking_records_stops_the_tournament_and_reports_what_was_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fill_the_disk_after(2, monkeypatch)
    result = run("grizzly-race", "-p", "random,random", "-n", "6", "-j", "1", "--json", "--out", str(tmp_path))
    assert error_line(result) == (f"Error: could not save match 2 in {tmp_path / 'results.jsonl'}: No space left "
                                  "on device; stopped after 3 of 6 matches (--resume plays the rest)")
    assert json.loads(result.stdout)["matches"] == 3  # the unsaved match was played, so it is reported
    assert sorted(read_results(tmp_path / "results.jsonl")[1]) == [0, 1]


def test_worker_processes_stop_too_when_the_results_file_stops_taking_records(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fill_the_disk_after(1, monkeypatch)
    with pytest.raises(OutputFailed, match="No space left on device; stopped after 2 of 40 matches") as caught:
        run_tournament(Tournament("grizzly-race", ("random", "random"), games=40, seed=1), jobs=2, out=tmp_path)
    assert caught.value.report["matches"] == 2


def test_a_plot_that_cannot_be_written_after_the_matches_comes_after_the_report(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.png"
    registry = Registry(plugins=[Saboteur(target)])
    result = run("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plot", str(target),
                 registry=registry)
    assert error_line(result).startswith(f"Error: --plot {target}: could not write it: ")
    assert "Win rate by seat" in result.stdout


# 6. A player that needs a person at a terminal cannot sit in a tournament.

def test_only_the_human_player_is_interactive() -> None:
    types = Registry().player_types
    assert types["human"].interactive
    assert not any(t.interactive for name, t in types.items() if name != "human")
    assert PlayerType("x", lambda *a: None).interactive is False


def test_a_tournament_refuses_the_human_player_up_front() -> None:
    result = run("grizzly-race", "-p", "random,human", "-j", "1")
    assert error_line(result) == ("Error: player 'human' needs a person at a terminal, so a tournament cannot "
                                  "seat it")
    assert result.stdout == ""


# A listener failing after a match (a replay that cannot be written) keeps the match's result.


def test_a_match_whose_replay_fails_at_the_end_still_counts_with_no_replay(tmp_path: Path) -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, play_planned

    class FailsAtTheEnd:
        @hookimpl
        def campfire_match_end(self, match: Match, result: MatchResult) -> None:
            raise OSError("No space left on device")

    planned = plan(seed=0, specs=2, seats=2, games=1)[0]
    settings = Settings(game="grizzly-race", specs=("random", "random"), replay_dir=str(tmp_path))
    kept = play_planned(settings, planned, Registry(plugins=[FailsAtTheEnd()]))
    clean = play_planned(attrs.evolve(settings, replay_dir=None), planned, Registry())
    assert kept.status == clean.status == "ok"
    assert (kept.returns, kept.steps, kept.replay) == (clean.returns, clean.steps, None)
    assert kept.error == "after the match: No space left on device"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_really_full_disk_that_fails_the_close_too_still_reports_what_was_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # On a real full disk the failed line stays in the file's buffer, and closing the file fails again.
    append = ResultsFile.append

    def onto_a_full_disk(self: ResultsFile, record: MatchRecord) -> None:
        if len(self.records) >= 2 and self._file.name != "/dev/full":
            self._file = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 (closed by the tournament)
        append(self, record)

    monkeypatch.setattr(ResultsFile, "append", onto_a_full_disk)
    with pytest.raises(OutputFailed, match=r"could not save match 2 in .*No space left on device") as caught:
        run_tournament(Tournament("grizzly-race", ("random", "random"), games=6, seed=1), jobs=1, out=tmp_path)
    assert caught.value.report["matches"] == 3
