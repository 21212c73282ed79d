"""The fault suite, part 2: the output folder (issue 32 items 2 and 4, issue 31 item 13).

A folder that stops taking replays mid-run, a worker that dies, two runs on one folder, a full disk at report
time, Ctrl-C: each case asserts the exact line, the exit code and the records, and that resuming loses no match.
"""

from __future__ import annotations

import errno
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from corekit import Match, Registry, hookimpl
from corekit.tournament import read_results
from corekit.tournament.store import FolderLock
from tests.corekit.tournament.cli_run import error_line, run_cli

FAULTS = ("tests.corekit.tournament.fault_games",)


def tournament(*args: str, registry: Registry | None = None) -> Result:
    return run_cli("tournament", *args, registry=registry)


def statuses(out: Path) -> dict[int, str]:
    _, records = read_results(out / "results.jsonl")
    return {index: record.status for index, record in sorted(records.items())}


# A folder that stops taking replays: the match that finds out at its end keeps its result (its replay error
# says why), the next match is refused before it starts and stops the run, and --resume plays the rest.


def test_a_stopped_run_says_how_the_command_that_runs_it_for_the_user_resumes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from corekit.tournament import run

    assert run._stopped({}, 6) == "stopped after 0 of 6 matches (--resume plays the rest)"
    monkeypatch.setenv(run.RESUME_HINT_VARIABLE, "run `campfire strength` again to play the rest")
    assert run._stopped({}, 6) == "stopped after 0 of 6 matches (run `campfire strength` again to play the rest)"


def test_a_match_still_to_be_played_again_is_not_counted_as_saved() -> None:
    # A record whose worker died (`retry`) is in the results file but will be played again; one past the planned
    # games (a run resumed with fewer) is not part of the count either.
    from corekit.tournament import run
    from corekit.tournament.store import RETRY_WORKER, MatchRecord

    def record(index: int, retry: str | None = None) -> MatchRecord:
        return MatchRecord(index, 0, index, (0, 1), ("random", "random"), "error" if retry else "ok", retry=retry)

    records = {0: record(0), 1: record(1, RETRY_WORKER), 2: record(2), 7: record(7)}
    assert run._stopped(records, 6) == "stopped after 2 of 6 matches (--resume plays the rest)"


def test_replays_that_cannot_be_written_any_more_stop_the_run_and_a_resume_plays_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from replays import format as replay_format

    out = tmp_path / "out"
    create = replay_format._create

    def refused_from_match_2(name: str) -> int:
        if int(Path(name).name.split("-")[1][:6]) >= 2:  # the folder takes no file after two matches
            raise PermissionError(errno.EACCES, "Permission denied", name)
        return create(name)

    args = ("grizzly-race", "-p", "random,random", "-n", "6", "-j", "1", "--replays", "--out", str(out))
    with monkeypatch.context() as patch:
        patch.setattr(replay_format, "_create", refused_from_match_2)
        stopped = tournament(*args)
    folder = out.resolve() / "replays"
    assert error_line(stopped) == (
        f"Error: could not start match 3: cannot write the replay {folder / 'match-000003.cfr'}: cannot create a "
        f"file in {folder}: Permission denied; stopped after 3 of 6 matches (--resume plays the rest); the replays "
        f"of 1 of 3 matches could not be written, first match 2: after the match: cannot write the replay "
        f"{folder / 'match-000002.cfr'}: Permission denied"
    )
    _, records = read_results(out / "results.jsonl")
    assert {index: record.status for index, record in records.items()} == {0: "ok", 1: "ok", 2: "ok"}
    assert records[2].replay is None  # played and counted: only its replay is missing, and says why
    assert records[2].replay_error == (
        f"after the match: cannot write the replay {folder / 'match-000002.cfr'}: Permission denied"
    )
    resumed = tournament(*args, "--resume")
    assert statuses(out) == dict.fromkeys(range(6), "ok")  # 0 lost
    assert sorted(p.name for p in folder.iterdir()) == [f"match-{i:06d}.cfr" for i in (0, 1, 3, 4, 5)]
    # The run is whole but one replay is not: the exit code says so, naming the match.
    assert error_line(resumed).startswith("Error: the replays of 1 of 6 matches could not be written, first match 2:")


# A worker that died: failed for a reason outside the match, so --resume plays it again and says so.


def test_a_resume_plays_again_the_matches_whose_worker_died_and_says_how_many(tmp_path: Path) -> None:
    dying = tmp_path / "dying"
    dying.touch()
    out = tmp_path / "out"
    spec = f"stuck:how=crash,while_file={dying}"
    args = ("faulty", "-p", f"{spec},random", "-n", "4", "-j", "2", "--plugin", FAULTS[0], "--out", str(out))
    first = tournament(*args)
    assert error_line(first).startswith("Error: 4 of 4 matches failed, first match 0: the worker process died twice")
    _, records = read_results(out / "results.jsonl")
    assert {(r.status, r.retry) for r in records.values()} == {("failed", "worker")}
    dying.unlink()  # whatever killed the workers is gone
    resumed = tournament(*args, "--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stderr.splitlines() == [
        "Playing again 4 matches that failed for a reason outside the match (a worker process that died, or an "
        "output that could not be written): matches 0, 1, 2 and 3"
    ]
    assert json.loads(resumed.stdout)["retried"] == 4
    assert statuses(out) == dict.fromkeys(range(4), "ok")
    again = tournament(*args, "--resume", "--json")  # nothing left to retry
    assert again.exit_code == 0 and again.stderr == "" and json.loads(again.stdout)["retried"] == 0


def test_a_failed_record_of_a_dead_worker_from_before_records_said_why_is_retried_too(tmp_path: Path) -> None:
    from corekit.tournament import MatchRecord

    old = {"index": 0, "deal": 0, "seed": 1, "lineup": [0, 1], "specs": ["a", "b"], "status": "failed"}
    died = MatchRecord.from_json({**old, "error": "the worker process died twice (exit code -9)"})
    bug = MatchRecord.from_json({**old, "error": "game 'g' raised KeyError: 'x' in apply at step 3"})
    assert (died.retry, bug.retry) == ("worker", None)


# One run at a time per folder, for a start and a resume alike.


def test_a_second_tournament_on_a_folder_in_use_is_refused_naming_the_other_runs_pid(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from corekit.tournament.store import FolderLock; "
            f"held = FolderLock({str(out)!r}); print('locked', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        message = (
            f"Error: --out {out} is in use by another tournament (pid {holder.pid}): wait for it to end, or choose "
            "another --out"
        )
        for resume in ((), ("--resume",)):
            result = tournament("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(out), *resume)
            assert error_line(result) == message
        assert not (out / "results.jsonl").exists()
    finally:
        holder.kill()
        holder.wait()
    # The lock went with its process: the folder is free.
    assert tournament("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(out)).exit_code == 0


def test_the_lock_is_held_for_the_whole_run_and_let_go_after_it(tmp_path: Path) -> None:
    seen: list[str] = []

    class TriesTheLock:
        @hookimpl
        def campfire_match_start(self, match: Match) -> None:
            try:
                FolderLock(tmp_path).release()
                seen.append("free")
            except Exception as error:
                seen.append(type(error).__name__)

    result = tournament(
        "grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(tmp_path),
        registry=Registry(plugins=[TriesTheLock()]),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert seen == ["ResultsError", "ResultsError"]
    FolderLock(tmp_path).release()  # free again once the run ended


# report.json is written whole or not at all.


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_disk_at_report_time_leaves_the_previous_report_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from corekit.tournament import store

    args = ("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(tmp_path))
    assert tournament(*args).exit_code == 0
    before = (tmp_path / "report.json").read_text()
    real_open = open

    def onto_a_full_disk(path: Any, *rest: Any, **options: Any) -> Any:
        if Path(path).name.startswith(".report.json."):
            real_open(path, "w").close()  # the temporary file exists, as it would
            return real_open("/dev/full", *rest, **options)  # in the mode the store asks for
        return real_open(path, *rest, **options)

    monkeypatch.setattr(store, "open", onto_a_full_disk, raising=False)
    result = tournament(*args[:-4], "-n", "4", "-j", "1", "--resume", "--out", str(tmp_path))
    assert error_line(result) == f"Error: could not write {tmp_path / 'report.json'}: No space left on device"
    assert (tmp_path / "report.json").read_text() == before  # not 0 bytes, not cut off
    assert json.loads(before)["matches"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "report.json", "results.jsonl"]  # no temporary


# --out creates the folders it needs, and says so when it creates more than the folder named.


def test_out_creates_missing_parent_folders_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b" / "c"
    result = tournament("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"Created {out}, and the folders above it that were missing, from {tmp_path / 'a'} down."
    ]
    assert (out / "results.jsonl").is_file()
    quiet = tournament("grizzly-race", "-p", "random,random", "-n", "2", "-j", "1", "--out", str(tmp_path / "d"))
    assert quiet.exit_code == 0 and quiet.stderr == ""  # one new folder is what --out means


# Ctrl-C: how many matches are saved, and how to go on.


class CtrlC:
    """Presses Ctrl-C as the match of seed `seed` starts."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @hookimpl
    def campfire_match_start(self, match: Match) -> None:
        if match.seed == self.seed:
            raise KeyboardInterrupt


def test_ctrl_c_says_how_many_matches_are_saved_and_how_to_resume(tmp_path: Path) -> None:
    from corekit.tournament.schedule import plan

    press = CtrlC(plan(0, 2, 2, 3)[2].seed)  # the first match of the second deal
    args = ("grizzly-race", "-p", "random,heuristic", "-n", "6", "-j", "1", "--out", str(tmp_path))
    result = tournament(*args, registry=Registry(plugins=[press]))
    assert error_line(result) == (
        f"Error: interrupted: 2 of 6 matches are saved in {tmp_path}; the same command with --resume plays the rest"
    )
    assert statuses(tmp_path) == {0: "ok", 1: "ok"}
    assert tournament(*args, "--resume").exit_code == 0
    assert statuses(tmp_path) == dict.fromkeys(range(6), "ok")


def stopped_after_two_of_six(tmp_path: Path, plugin: object) -> None:
    """Six matches with `plugin` stopping the run as the third starts: said, saved and reported as Ctrl-C does."""
    args = ("grizzly-race", "-p", "random,heuristic", "-n", "6", "-j", "1", "--out", str(tmp_path))
    result = tournament(*args, registry=Registry(plugins=[plugin]))
    assert error_line(result) == (
        f"Error: interrupted: 2 of 6 matches are saved in {tmp_path}; the same command with --resume plays the rest"
    )
    assert json.loads((tmp_path / "report.json").read_text())["matches"] == 2


class Terminated:
    """Sends the process `signum` (a scheduler's SIGTERM, a closed terminal's SIGHUP) as the match of `seed` starts."""

    def __init__(self, seed: int, signum: int) -> None:
        self.seed, self.signum = seed, signum

    @hookimpl
    def campfire_match_start(self, match: Match) -> None:
        if match.seed == self.seed:
            import os

            os.kill(os.getpid(), self.signum)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_stop_a_tournament_as_ctrl_c_does_saying_what_is_saved(tmp_path: Path, name: str) -> None:
    # They ended it without a word (exit 143 or 129), where Ctrl-C says how many matches are saved and how to go on.
    from corekit.tournament.schedule import plan

    signum = getattr(signal, name)
    before = signal.getsignal(signum)
    stop = Terminated(plan(0, 2, 2, 3)[2].seed, signum)
    stopped_after_two_of_six(tmp_path, stop)
    assert signal.getsignal(signum) == before  # the signal is itself again afterwards


def test_a_ctrl_c_once_every_match_is_in_loses_neither_the_report_nor_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pressed as the last match ended, it gave "Aborted!" and no report.json, every match saved.
    import os

    from corekit.tournament import run

    def pressed(*args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        return summarize(*args, **kwargs)

    summarize = run.summarize
    monkeypatch.setattr(run, "summarize", pressed)
    result = tournament("grizzly-race", "-p", "random,random", "-n", "4", "-j", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "report.json").read_text())["matches"] == 4
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_signal_the_tournament_started_ignoring_stays_ignored(tmp_path: Path) -> None:
    # Under nohup a closed terminal's SIGHUP must not stop the run (taking it as Ctrl-C did).
    from corekit.tournament.schedule import plan

    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        hangup = Terminated(plan(0, 2, 2, 3)[2].seed, signal.SIGHUP)
        args = ("grizzly-race", "-p", "random,heuristic", "-n", "6", "-j", "1", "--out", str(tmp_path))
        result = tournament(*args, registry=Registry(plugins=[hangup]))
        assert result.exit_code == 0, result.output
        assert statuses(tmp_path) == dict.fromkeys(range(6), "ok")
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, previous)


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_stopping_signal_while_the_report_is_written_loses_neither_the_report_nor_the_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # A second Ctrl-C as the report is made, as impatient people press it, or a scheduler's SIGTERM after a first
    # Ctrl-C (which gave "Aborted!" and no report).
    import os

    from corekit.tournament import run
    from corekit.tournament.schedule import plan

    signum = getattr(signal, name)
    before = signal.getsignal(signum)

    def impatient(*args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signum)
        return summarize(*args, **kwargs)

    summarize = run.summarize
    monkeypatch.setattr(run, "summarize", impatient)
    press = CtrlC(plan(0, 2, 2, 3)[2].seed)
    stopped_after_two_of_six(tmp_path, press)
    assert signal.getsignal(signum) == before  # the signal is itself again afterwards


def test_ctrl_c_without_out_says_nothing_is_saved() -> None:
    from corekit.tournament.schedule import plan

    press = CtrlC(plan(0, 2, 2, 1)[0].seed)
    result = tournament("grizzly-race", "-p", "random,random", "-n", "4", "-j", "1", registry=Registry(plugins=[press]))
    assert error_line(result) == "Error: interrupted after 0 of 4 matches; nothing is saved without --out"


def test_ctrl_c_on_the_main_process_alone_stops_its_workers_at_once_and_saves_a_match_that_ended_meanwhile(
    tmp_path: Path,
) -> None:
    from replays.format import read_replay

    ready, out = tmp_path / "ready", tmp_path / "out"
    ready.mkdir()
    # Match 0's lingerer (seat 0 acts first) plays its match out once interrupted: its record comes in while the
    # tournament stops. Match 1's is stopped by the interrupt, in the middle of its match.
    specs = f"lingerer:finish=true,ready={ready},lingerer:ready={ready}"
    command = [sys.executable, "-m", "corekit.cli", "tournament", "faulty", "-p", specs, "-n", "2", "-j", "2"]
    run = subprocess.Popen(
        [*command, "--plugin", FAULTS[0], "--out", str(out), "--replays"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
        # Ctrl-C must reach it even from a shell that ignores SIGINT in its background jobs (inherited).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        waited = time.monotonic()
        while len(list(ready.iterdir())) < 2:  # both workers are in their match's first decision
            assert run.poll() is None and time.monotonic() - waited < 60, run.communicate()
            time.sleep(0.05)
        run.send_signal(signal.SIGINT)  # to the main process alone, not its process group
        _, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 1
    assert stderr.splitlines() == [
        f"Error: interrupted: 1 of 2 matches are saved in {out}; the same command with --resume plays the rest"
    ]
    _, records = read_results(out / "results.jsonl")
    assert {index: record.status for index, record in records.items()} == {0: "ok"}
    assert records[0].replay is not None and not read_replay(out / records[0].replay).unfinished
    # Interrupted in its match (no clock here: timings stay out of tests), and its replay kept as far as it went.
    stopped = read_replay(out / "replays" / "match-000001.cfr")  # kept as far as it went, as Ctrl-C keeps it
    assert stopped.result.unfinished == "interrupted"
