"""Bad input to `campfire tournament`: one line on stderr naming the culprit, a non-zero exit, no traceback,
and the matches already played always kept and reported."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner, Result

from corekit import Match, MatchResult, PlayerType, Registry, hookimpl
from corekit.cli import CliContext, cli
from corekit.match import PlayerFailed
from corekit.options import OptionError
from corekit.plugins import UnknownName
from corekit.tournament import MatchRecord, OutputFailed, Tournament, read_results, run_tournament
from corekit.tournament.store import ResultsFile
from tests.corekit.tournament import tournament_test_games, tournament_test_players
from tests.corekit.tournament.cli_run import error_line
from tests.raise_site import raised_in

SETUP_FAILED = "game 'setup-flaky' raised ValueError: no board for an odd seed at setup" + raised_in(
    tournament_test_games.SetupFlaky._setup
)
"""How a match of the game whose setup raises for odd seeds fails: naming the line of the game that raised."""

TEST_PLAYERS = ("tests.corekit.tournament.tournament_test_players",)


def run(*args: str, registry: Registry | None = None) -> Result:
    obj = CliContext(registry) if registry is not None else None
    return CliRunner().invoke(cli, ["tournament", *args], obj=obj)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(plugins=[tournament_test_players, tournament_test_games])


# 1. A player that cannot be built, a game that raises at setup: the error names the culprit.


def test_a_player_that_cannot_be_built_is_refused_up_front_naming_its_spec(registry: Registry, tmp_path: Path) -> None:
    result = run("grizzly-race", "-p", "random,fragile", "-j", "1", "--out", str(tmp_path), registry=registry)
    assert error_line(result) == (
        "Error: player 'fragile' could not be built: RuntimeError: cannot load its network weights"
    )
    assert not (tmp_path / "results.jsonl").exists()


def test_a_player_that_cannot_be_built_for_a_match_fails_it_naming_the_seat_and_spec(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # short paths: the report's lines are not wrapped
    spec = "fragile:marker=built"  # built once by the up-front check, then never again
    result = run("grizzly-race", "-p", f"random,{spec}", "-n", "2", "-j", "1", "--out", "out", registry=registry)
    reason = "could not be built: RuntimeError: cannot load its network weights"
    assert error_line(result) == f"Error: 2 of 2 matches failed, first match 0: seat 1 ({spec}) {reason}"
    assert f"match 0 (random, {spec}): seat 1 ({spec}) {reason}" in result.stdout  # the report's list
    assert f"match 1 ({spec}, random): seat 0 ({spec}) {reason}" in result.stdout
    _, records = read_results(tmp_path / "out" / "results.jsonl")
    assert [records[i].error for i in (0, 1)] == [f"seat 1 ({spec}) {reason}", f"seat 0 ({spec}) {reason}"]


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("random:depth=3", OptionError),  # the spec's own mistake goes through unchanged, in both places
        ("no-such-player", UnknownName),
    ],
)
def test_the_up_front_check_and_a_match_refuse_a_bad_spec_with_the_same_error(
    registry: Registry, spec: str, error: type[Exception]
) -> None:
    from corekit.runner import make_players

    game = registry.game("grizzly-race")
    with pytest.raises(error) as in_a_match:
        make_players(game, ["random", spec], 1, registry)
    with pytest.raises(error) as up_front:
        run_tournament(Tournament("grizzly-race", ("random", spec)), registry=registry)
    assert str(up_front.value) == str(in_a_match.value)


def test_the_up_front_check_and_a_match_blame_a_player_that_cannot_be_built_for_the_same_reason(
    registry: Registry,
) -> None:
    from corekit.runner import make_players

    with pytest.raises(PlayerFailed) as in_a_match:
        make_players(registry.game("grizzly-race"), ["random", "fragile"], 1, registry)
    with pytest.raises(OptionError) as up_front:
        run_tournament(Tournament("grizzly-race", ("random", "fragile")), registry=registry)
    reason = "could not be built: RuntimeError: cannot load its network weights"
    assert (in_a_match.value.seat, in_a_match.value.reason) == (1, reason)
    assert str(up_front.value) == f"player 'fragile' {reason}"
    # The plugin's own exception stays the cause, for anyone debugging it.
    assert type(in_a_match.value.__cause__) is type(up_front.value.__cause__) is RuntimeError


def test_a_game_that_raises_at_setup_is_named_in_each_failed_match(registry: Registry) -> None:
    # Seed 0: the up-front check's seed is even and passes; deals 1 (matches 2 and 3) have odd seeds.
    result = run(
        "setup-flaky", "-p", "random,random", "-n", "10", "--seed", "0", "-j", "1", "--json", registry=registry
    )
    setup = SETUP_FAILED
    assert error_line(result) == f"Error: 2 of 10 matches failed, first match 2: {setup}"
    report = json.loads(result.stdout)  # the whole report, before the error
    assert report["matches"] == 10
    assert report["failed"] == [{"index": i, "specs": ["random", "random"], "error": setup} for i in (2, 3)]


def test_a_game_that_raises_at_setup_for_the_tournament_seed_is_refused_up_front(registry: Registry) -> None:
    result = run("setup-flaky", "-p", "random,random", "--seed", "1", "-j", "1", registry=registry)
    assert error_line(result) == f"Error: {SETUP_FAILED}"
    assert result.stdout == ""


# 2. An AI calling sys.exit forfeits that match; the tournament goes on.


def test_an_ai_calling_sys_exit_forfeits_in_process_and_the_tournament_goes_on(registry: Registry) -> None:
    result = run("grizzly-race", "-p", "random,quitter:after=1", "-n", "4", "-j", "1", "--json", registry=registry)
    assert result.exit_code == 0, result.output  # forfeits alone are results, not failures
    report = json.loads(result.stdout)
    assert report["matches"] == 4 and report["players"][1]["forfeits"] == 4
    assert all("(quitter:after=1) raised SystemExit: 3" in r["error"] for r in report["results"])


def test_an_ai_calling_sys_exit_forfeits_in_a_worker_process() -> None:
    report = run_tournament(
        Tournament("grizzly-race", ("quitter", "random"), games=2, seed=1, plugins=TEST_PLAYERS), jobs=2
    )
    assert [r["status"] for r in report["results"]] == ["forfeit", "forfeit"]
    assert all("(quitter) raised SystemExit: 3" in r["error"] for r in report["results"])


# 3. The time limit is a finite positive number of seconds.


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "0", "-1"])
def test_a_time_limit_that_is_not_a_finite_positive_number_is_refused(value: str, tmp_path: Path) -> None:
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--time-limit", value, "--out", str(tmp_path))
    shown = f"{float(value):g}"
    assert error_line(result) == f"Error: --time-limit must be a finite positive number of seconds, got {shown}"
    assert not (tmp_path / "results.jsonl").exists()  # refused before any match


def test_a_time_limit_over_a_day_is_refused_and_a_day_does_not_break_the_watchdog(tmp_path: Path) -> None:
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--time-limit", "1e300", "--out", str(tmp_path))
    assert error_line(result) == "Error: --time-limit must be at most 86400 seconds (a day per decision), got 1e+300"
    report = run_tournament(
        Tournament("grizzly-race", ("random", "random"), games=2, seed=1, time_limit=86400, plugins=TEST_PLAYERS),
        jobs=2,
    )
    assert [r["status"] for r in report["results"]] == ["ok", "ok"]


# 4. Outputs that cannot be written are refused before the tournament; a late failure still shows the report.


def test_a_plot_file_type_matplotlib_cannot_write_is_refused_before_any_match(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.txt"
    result = run(
        "grizzly-race", "-p", "random,random", "-j", "1", "--plot", str(target), "--out", str(tmp_path / "out")
    )
    assert error_line(result).startswith(f"Error: --plot {target}: matplotlib cannot write '.txt' files (use .png, ")
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_a_plot_into_a_missing_folder_is_refused_before_any_match(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "nowhere" / "ratings.png"
    result = run(
        "grizzly-race", "-p", "random,random", "-j", "1", "--plot", str(target), "--out", str(tmp_path / "out")
    )
    assert error_line(result) == f"Error: --plot {target}: no folder {target.parent}"
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_an_out_folder_that_cannot_be_created_is_refused_before_any_match(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder\n")
    out = tmp_path / "file" / "out"
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(out))
    assert error_line(result).startswith(f"Error: --out {out}: cannot write there (")


def test_an_out_that_is_a_link_to_nothing_is_named_as_such_not_as_a_file_that_exists(tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.symlink_to(tmp_path / "gone")
    result = run("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(out))
    assert (
        error_line(result) == f"Error: --out {out}: it is a symbolic link to {tmp_path / 'gone'}, which does not exist"
    )


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
    result = run(
        "grizzly-race", "-p", "random,random", "-n", "3", "-j", "1", "--json", "--out", str(tmp_path), registry=registry
    )
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
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_the_disk_after(2, monkeypatch)
    result = run("grizzly-race", "-p", "random,random", "-n", "6", "-j", "1", "--json", "--out", str(tmp_path))
    assert error_line(result) == (
        f"Error: could not save match 2 in {tmp_path / 'results.jsonl'}: No space left "
        "on device; stopped after 3 of 6 matches, match 2 played but not saved (--resume plays it and the rest)"
    )
    assert json.loads(result.stdout)["matches"] == 3  # the unsaved match was played, so it is reported
    assert sorted(read_results(tmp_path / "results.jsonl")[1]) == [0, 1]


def test_worker_processes_stop_too_when_the_results_file_stops_taking_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_the_disk_after(1, monkeypatch)
    with pytest.raises(OutputFailed, match="No space left on device; stopped after 2 of 40 matches") as caught:
        run_tournament(Tournament("grizzly-race", ("random", "random"), games=40, seed=1), jobs=2, out=tmp_path)
    assert caught.value.report["matches"] == 2


def test_a_plot_that_cannot_be_written_after_the_matches_comes_after_the_report(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.png"
    registry = Registry(plugins=[Saboteur(target)])
    result = run("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--plot", str(target), registry=registry)
    assert error_line(result).startswith(f"Error: --plot {target}: could not write it: ")
    assert "Win rate by seat" in result.stdout


def test_a_report_that_cannot_be_written_and_failed_matches_share_the_error_line(tmp_path: Path) -> None:
    # Seed 0: matches 2 and 3 (deal 1, an odd seed) fail at setup.
    registry = Registry(plugins=[tournament_test_players, tournament_test_games, Saboteur(tmp_path / "report.json")])
    result = run(
        "setup-flaky",
        "-p",
        "random,random",
        "-n",
        "4",
        "--seed",
        "0",
        "-j",
        "1",
        "--json",
        "--out",
        str(tmp_path),
        registry=registry,
    )
    report = tmp_path / "report.json"
    assert error_line(result) == (
        f"Error: could not write {report}: Is a directory; 2 of 4 matches failed, first match 2: {SETUP_FAILED}"
    )
    assert json.loads(result.stdout)["matches"] == 4


def test_a_plot_that_cannot_be_written_and_failed_matches_share_the_error_line(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.png"
    registry = Registry(plugins=[tournament_test_players, tournament_test_games, Saboteur(target)])
    result = run(
        "setup-flaky",
        "-p",
        "random,random",
        "-n",
        "4",
        "--seed",
        "0",
        "-j",
        "1",
        "--plot",
        str(target),
        registry=registry,
    )
    assert error_line(result) == (
        f"Error: --plot {target}: could not write it: Is a directory; "
        f"2 of 4 matches failed, first match 2: {SETUP_FAILED}"
    )
    assert "Win rate by seat" in result.stdout


def test_a_report_and_a_plot_that_cannot_be_written_are_both_in_the_error_line(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "ratings.png"
    registry = Registry(plugins=[Saboteur(tmp_path / "report.json"), Saboteur(target)])
    result = run(
        "grizzly-race",
        "-p",
        "random,random",
        "-n",
        "2",
        "-j",
        "1",
        "--plot",
        str(target),
        "--out",
        str(tmp_path),
        registry=registry,
    )
    report = tmp_path / "report.json"
    assert error_line(result) == (
        f"Error: could not write {report}: Is a directory; --plot {target}: could not write it: Is a directory"
    )


# 6. A player that needs a person at a terminal cannot sit in a tournament.


def test_only_the_human_player_is_interactive() -> None:
    types = Registry().player_types
    assert types["human"].interactive
    assert not any(t.interactive for name, t in types.items() if name != "human")
    assert PlayerType("x", lambda *a: None).interactive is False


def test_a_tournament_refuses_the_human_player_up_front() -> None:
    result = run("grizzly-race", "-p", "random,human", "-j", "1")
    assert error_line(result) == ("Error: player 'human' needs a person at a terminal, so a tournament cannot seat it")
    assert result.stdout == ""


# A listener failing after a match (a replay that cannot be written) keeps the match's result.


class FailsAtTheEnd:
    """A listener that raises when any match ends. It runs first (tryfirst), and pluggy stops at the first listener
    that raises, so the installed replay recorder never writes: the replay is lost, as on a full disk."""

    @hookimpl(tryfirst=True)
    def campfire_match_end(self, match: Match, result: MatchResult) -> None:
        raise OSError("No space left on device")


class FailsAfterTheRecorder:
    """Another plugin's listener that raises when a match ends, after the replay recorder wrote the replay."""

    @hookimpl(trylast=True)
    def campfire_match_end(self, match: Match, result: MatchResult) -> None:
        raise OSError("the scoreboard is offline")


def test_a_match_whose_replay_fails_at_the_end_still_counts_with_no_replay(tmp_path: Path) -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, play_planned

    planned = plan(seed=0, specs=2, seats=2, games=1)[0]
    settings = Settings(game="grizzly-race", specs=("random", "random"), replay_dir=str(tmp_path))
    kept = play_planned(settings, planned, Registry(plugins=[FailsAtTheEnd()]))
    clean = play_planned(attrs.evolve(settings, replay_dir=None), planned, Registry())
    assert list(tmp_path.iterdir()) == []  # what makes the replay lost: no file where it was asked for
    assert kept.status == clean.status == "ok"
    assert (kept.returns, kept.steps, kept.replay) == (clean.returns, clean.steps, None)
    # The match's own fields are as played: `results[]` reads the same whether its replay could be written or not.
    assert kept.error is None and kept.replay_error == "after the match: No space left on device"


def test_a_forfeit_whose_replay_fails_keeps_the_forfeit_as_its_error_and_the_replay_error_apart(tmp_path: Path) -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, play_planned

    planned = plan(seed=0, specs=2, seats=2, games=1)[0]
    settings = Settings(game="grizzly-race", specs=("quitter:after=1", "random"), replay_dir=str(tmp_path))
    kept = play_planned(settings, planned, Registry(plugins=[tournament_test_players, FailsAtTheEnd()]))
    assert list(tmp_path.iterdir()) == []
    assert (kept.status, kept.forfeit, kept.replay) == ("forfeit", 0, None)
    assert kept.error == "seat 0 (quitter:after=1) raised SystemExit: 3" + raised_in(
        tournament_test_players.Quitter.decide, "sys.exit"
    )
    assert kept.replay_error == "after the match: No space left on device"


def test_a_listener_failing_after_the_replay_was_written_keeps_the_replay_and_is_no_missing_replay(
    tmp_path: Path,
) -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, play_planned

    planned = plan(seed=0, specs=2, seats=2, games=1)[0]
    settings = Settings(game="grizzly-race", specs=("random", "random"), replay_dir=str(tmp_path))
    kept = play_planned(settings, planned, Registry(plugins=[FailsAfterTheRecorder()]))
    written = tmp_path / "match-000000.cfr"
    assert list(tmp_path.iterdir()) == [written]
    # Named from the folder above the replays' (a tournament's results file's, beside its replays folder).
    assert (kept.status, kept.replay, kept.replay_error) == ("ok", f"{tmp_path.name}/{written.name}", None)
    assert kept.error == "after the match: the scoreboard is offline"


def test_a_tournament_whose_listener_fails_after_the_replays_were_written_misses_no_replay(tmp_path: Path) -> None:
    report = run_tournament(
        Tournament("grizzly-race", ("random", "random"), games=2, seed=1),
        jobs=1,
        out=tmp_path,
        replays=True,
        registry=Registry(plugins=[FailsAfterTheRecorder()]),
    )
    assert report["missing_replays"] == [] and report["failed"] == []
    assert sorted(p.name for p in (tmp_path / "replays").iterdir()) == ["match-000000.cfr", "match-000001.cfr"]
    _, records = read_results(tmp_path / "results.jsonl")
    assert [records[i].replay for i in (0, 1)] == [f"replays/match-{i:06d}.cfr" for i in (0, 1)]
    assert {records[i].error for i in (0, 1)} == {"after the match: the scoreboard is offline"}


def test_a_listener_failing_when_no_replay_was_asked_for_is_no_missing_replay() -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, play_planned

    planned = plan(seed=0, specs=2, seats=2, games=1)[0]
    kept = play_planned(
        Settings(game="grizzly-race", specs=("random", "random")), planned, Registry(plugins=[FailsAtTheEnd()])
    )
    assert (kept.status, kept.replay, kept.replay_error) == ("ok", None, None)
    assert kept.error == "after the match: No space left on device"


def fill_the_disk_for_the_replays_of(matches: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay recorder writes the replays of `matches` onto /dev/full, as if the disk filled up during each
    of those matches: its check at match start passes, and the write at match end fails with ENOSPC."""
    from replays import format as replay_format

    create = replay_format._create
    names = tuple(f".match-{index:06d}.cfr." for index in matches)  # the start of the temporary file's name

    def onto_a_full_disk(path: str) -> int:
        handle = create(path)  # the temporary file is real, so the recorder's clean-up finds it
        if not os.path.basename(path).startswith(names):
            return handle
        os.close(handle)
        return os.open("/dev/full", os.O_WRONLY)

    monkeypatch.setattr(replay_format, "_create", onto_a_full_disk)


def lost(out: Path, index: int) -> str:
    """The error of a replay lost to a full disk."""
    replay = out.resolve() / "replays" / f"match-{index:06d}.cfr"
    return f"after the match: cannot write the replay {replay}: No space left on device"


needs_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")


@needs_dev_full
def test_replays_that_could_not_be_written_are_listed_after_the_report_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_the_disk_for_the_replays_of((1, 3), monkeypatch)
    out = tmp_path / "out"
    result = run("grizzly-race", "-p", "random,heuristic", "-n", "6", "-j", "1", "--replays", "--out", str(out))
    assert error_line(result) == (
        f"Error: the replays of 2 of 6 matches could not be written, first match 1: {lost(out, 1)}"
    )
    lines = result.stdout.splitlines()
    at = lines.index("Forfeits: 0; failed matches: 0")  # the report comes first, whole
    assert lines[at + 1 : at + 4] == [
        "Replays not written: 2",
        f"  match 1 (heuristic, random): {lost(out, 1)}",
        f"  match 3 (heuristic, random): {lost(out, 3)}",
    ]
    assert sorted(p.name for p in (out / "replays").iterdir()) == [f"match-{i:06d}.cfr" for i in (0, 2, 4, 5)]
    _, records = read_results(out / "results.jsonl")
    assert [records[i].status for i in range(6)] == ["ok"] * 6  # the matches themselves count
    assert [(records[i].replay, records[i].replay_error) for i in (1, 3)] == [
        (None, lost(out, 1)),
        (None, lost(out, 3)),
    ]


@needs_dev_full
def test_the_json_report_and_report_json_carry_the_missing_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_the_disk_for_the_replays_of((2,), monkeypatch)
    out = tmp_path / "out"
    result = run(
        "grizzly-race", "-p", "random,heuristic", "-n", "4", "-j", "1", "--json", "--replays", "--out", str(out)
    )
    assert error_line(result) == (
        f"Error: the replays of 1 of 4 matches could not be written, first match 2: {lost(out, 2)}"
    )
    report = json.loads(result.stdout)
    assert report["missing_replays"] == [{"index": 2, "specs": ["random", "heuristic"], "error": lost(out, 2)}]
    assert report["failed"] == [] and report["matches"] == 4
    assert json.loads((out / "report.json").read_text())["missing_replays"] == report["missing_replays"]


@needs_dev_full
def test_a_replay_lost_on_a_resume_that_adds_replays_is_missing_not_played_before_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(out))
    assert run(*args, "-n", "2").exit_code == 0
    fill_the_disk_for_the_replays_of((3,), monkeypatch)
    result = run(*args, "-n", "4", "--resume", "--replays", "--json")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-1] == (
        f"Error: the replays of 1 of 4 matches could not be written, first match 3: {lost(out, 3)}"
    )
    report = json.loads(result.stdout)
    # Matches 0 and 1 were played before the run wrote replays; match 3's replay was asked for and lost.
    assert report["played_before_replays"] == 2
    assert [m["index"] for m in report["missing_replays"]] == [3]


@needs_dev_full
def test_failed_matches_and_missing_replays_share_the_error_line(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 0: matches 2 and 3 (deal 1, an odd seed) fail at setup, so they never had a replay to lose.
    fill_the_disk_for_the_replays_of((1,), monkeypatch)
    out = tmp_path / "out"
    result = run(
        "setup-flaky",
        "-p",
        "random,random",
        "-n",
        "4",
        "--seed",
        "0",
        "-j",
        "1",
        "--json",
        "--replays",
        "--out",
        str(out),
        registry=registry,
    )
    setup = SETUP_FAILED
    assert error_line(result) == (
        f"Error: 2 of 4 matches failed, first match 2: {setup}; the replays of 1 of 4 "
        f"matches could not be written, first match 1: {lost(out, 1)}"
    )
    assert [m["index"] for m in json.loads(result.stdout)["missing_replays"]] == [1]


@needs_dev_full
def test_a_resumed_tournament_still_counts_the_replays_lost_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    with monkeypatch.context() as patch:
        fill_the_disk_for_the_replays_of((1,), patch)
        first = run("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--replays", "--out", str(out))
    assert first.exit_code == 1
    resumed = run(
        "grizzly-race",
        "-p",
        "random,random",
        "-n",
        "4",
        "-j",
        "1",
        "--json",
        "--replays",
        "--resume",
        "--out",
        str(out),
    )
    assert error_line(resumed) == (
        f"Error: the replays of 1 of 4 matches could not be written, first match 1: {lost(out, 1)}"
    )
    assert [m["index"] for m in json.loads(resumed.stdout)["missing_replays"]] == [1]


def test_replays_never_asked_for_are_not_missing_when_a_tournament_is_resumed_with_replays(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(out)).exit_code == 0
    resumed = run(
        "grizzly-race",
        "-p",
        "random,random",
        "-n",
        "4",
        "-j",
        "1",
        "--json",
        "--replays",
        "--resume",
        "--out",
        str(out),
    )
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["missing_replays"] == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_really_full_disk_that_fails_the_close_too_still_reports_what_was_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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


def test_resuming_another_games_tournament_names_the_game_it_holds(tmp_path: Path) -> None:
    # An outside tester got "slasher: unknown option 'stall_rounds'", an option never given: the folder's grizzly-race
    # options were taken for the slasher before the game was compared.
    out = tmp_path / "race"
    assert run("grizzly-race", "-p", "random,random", "-n", "2", "--out", str(out)).exit_code == 0
    for more in ((), ("-p", "random,random")):
        result = run("slasher", "--out", str(out), "--resume", *more)
        assert result.exit_code == 1
        assert error_line(result) == f"Error: {out} holds a tournament of 'grizzly-race', not of 'slasher'"
