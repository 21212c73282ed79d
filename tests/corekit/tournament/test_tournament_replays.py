"""A tournament's replays: a resume keeps writing them, and a record names a replay only when it was written.

A run started with --replays says so in its results file's header, so a resume writes the replays of the matches it
still plays even when the replays folder is gone (recreating it), and its report lists every match of the run that
has no replay file. A failed match leaves no replay: its record's `replay` is null and `replay_error` says why.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import attrs
import pytest
from click.testing import Result

from corekit.tournament import read_results
from corekit.tournament.store import MatchRecord
from tests.corekit.tournament.cli_run import error_line, run_cli

FAULTS = "tests.corekit.tournament.fault_games"


def tournament(*args: str) -> Result:
    return run_cli("tournament", *args)


def replay_names(out: Path) -> list[str]:
    return sorted(p.name for p in (out / "replays").iterdir())


def header_without_replays(out: Path) -> None:
    """Make `out`'s results file one written before the header said whether the run writes replays."""
    path = out / "results.jsonl"
    first, rest = path.read_text(encoding="utf-8").split("\n", 1)
    header = json.loads(first)
    del header["replays"]
    path.write_text(json.dumps(header) + "\n" + rest, encoding="utf-8")


def test_the_results_header_says_whether_the_run_writes_replays(tmp_path: Path) -> None:
    for name, flags in (("with", ("--replays",)), ("without", ())):
        out = tmp_path / name
        result = tournament("grizzly-race", "-p", "random,random", "-n", "1", "-j", "1", "--out", str(out), *flags)
        assert result.exit_code == 0, result.output
        header, _ = read_results(out / "results.jsonl")
        assert header["replays"] is (name == "with")
        assert header["campfire_tournament"] == 1  # the format stays 1: older readers ignore the new field


def test_a_resume_writes_the_replays_of_a_run_that_asked_for_them_though_their_folder_is_gone(tmp_path: Path) -> None:
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path))
    assert tournament(*args, "-n", "2", "--replays").exit_code == 0
    shutil.rmtree(tmp_path / "replays")
    resumed = tournament(*args, "-n", "4", "--resume", "--json")  # without --replays
    folder = tmp_path.resolve() / "replays"
    assert replay_names(tmp_path) == ["match-000002.cfr", "match-000003.cfr"]  # the folder made again
    _, records = read_results(tmp_path / "results.jsonl")
    assert [records[i].replay for i in (2, 3)] == [f"replays/match-00000{i}.cfr" for i in (2, 3)]
    # The replays of matches 0 and 1 were written, then deleted: the run lacks them, and says so.
    missing = json.loads(resumed.stdout)["missing_replays"]
    assert [(m["index"], m["error"]) for m in missing] == [
        (i, f"its replay {folder / f'match-00000{i}.cfr'} was written, but is no longer there") for i in (0, 1)
    ]
    assert error_line(resumed).startswith("Error: the replays of 2 of 4 matches could not be written, first match 0:")


def test_a_run_whose_replays_folder_went_mid_run_resumes_with_replays_and_reports_each_lost_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from replays import format as replay_format

    out = tmp_path / "out"
    folder = out.resolve() / "replays"
    create = replay_format._create

    def folder_removed_at_the_end_of_match_1(name: str) -> int:
        if "match-000001" in name and folder.exists():  # `rm -rf OUT/replays` while match 1 plays
            shutil.rmtree(folder)
        return create(name)

    args = ("grizzly-race", "-p", "random,heuristic", "-n", "6", "-j", "1", "--out", str(out))
    with monkeypatch.context() as patch:
        patch.setattr(replay_format, "_create", folder_removed_at_the_end_of_match_1)
        stopped = tournament(*args, "--replays")
    assert "stopped after 2 of 6 matches (--resume plays the rest)" in error_line(stopped)
    assert not folder.exists()
    resumed = tournament(*args, "--resume", "--json")
    _, records = read_results(out / "results.jsonl")
    assert {i: r.status for i, r in records.items()} == dict.fromkeys(range(6), "ok")
    assert replay_names(out) == [f"match-{i:06d}.cfr" for i in range(2, 6)]
    assert [records[i].replay for i in range(2, 6)] == [f"replays/match-{i:06d}.cfr" for i in range(2, 6)]
    missing = json.loads(resumed.stdout)["missing_replays"]
    assert [m["index"] for m in missing] == [0, 1]  # 0 deleted with the folder, 1 never written (its error says why)
    assert missing[1]["error"].startswith(f"after the match: cannot write the replay {folder / 'match-000001.cfr'}")
    assert error_line(resumed).startswith("Error: the replays of 2 of 6 matches could not be written, first match 0:")


def test_a_results_file_from_before_the_header_said_so_resumes_with_replays_when_its_folder_is_there(
    tmp_path: Path,
) -> None:
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path))
    assert tournament(*args, "-n", "2", "--replays").exit_code == 0
    header_without_replays(tmp_path)
    resumed = tournament(*args, "-n", "3", "--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert replay_names(tmp_path) == [f"match-00000{i}.cfr" for i in range(3)]
    assert json.loads(resumed.stdout)["missing_replays"] == []


def test_a_results_file_from_before_the_header_said_so_and_without_replays_resumes_without_them(
    tmp_path: Path,
) -> None:
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path))
    assert tournament(*args, "-n", "2").exit_code == 0
    header_without_replays(tmp_path)
    resumed = tournament(*args, "-n", "3", "--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert not (tmp_path / "replays").exists()
    _, records = read_results(tmp_path / "results.jsonl")
    assert [(r.replay, r.replay_error) for r in records.values()] == [(None, None)] * 3
    assert json.loads(resumed.stdout)["missing_replays"] == []


def test_a_run_resumed_with_replays_keeps_them_though_its_header_says_it_started_without(tmp_path: Path) -> None:
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path))
    assert tournament(*args, "-n", "1").exit_code == 0
    assert tournament(*args, "-n", "2", "--resume", "--replays").exit_code == 0
    shutil.rmtree(tmp_path / "replays")
    resumed = tournament(*args, "-n", "3", "--resume", "--json")  # its records show it writes replays now
    assert replay_names(tmp_path) == ["match-000002.cfr"]
    # Match 0 was played before the run asked for replays: not missing. Match 1's was deleted.
    assert [m["index"] for m in json.loads(resumed.stdout)["missing_replays"]] == [1]
    assert resumed.exit_code == 1


def test_a_record_of_a_run_with_replays_that_has_none_is_a_missing_replay(tmp_path: Path) -> None:
    """A match of a run that asked for replays, recorded without one nor a reason (by a campfire that resumed the
    run without them), lacks its replay all the same."""
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(tmp_path))
    assert tournament(*args, "-n", "2", "--replays").exit_code == 0
    path = tmp_path / "results.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[2])
    (tmp_path / record["replay"]).unlink()
    record["replay"] = None
    path.write_text("\n".join([*lines[:2], json.dumps(record)]) + "\n", encoding="utf-8")
    resumed = tournament(*args, "--resume", "--json")
    assert [(m["index"], m["error"]) for m in json.loads(resumed.stdout)["missing_replays"]] == [
        (1, "no replay was written, though the run writes replays")
    ]


# Defect B: a failed match has no replay; its record must not name one.


def test_a_failed_match_names_no_replay_and_says_why(tmp_path: Path) -> None:
    result = tournament(
        "faulty", "-p", "random,random", "-n", "2", "-j", "1", "--plugin", FAULTS,
        "-o", "fault=raise-apply,at=2", "--replays", "--out", str(tmp_path), "--json",
    )  # fmt: skip
    assert error_line(result).startswith("Error: 2 of 2 matches failed, first match 0: game 'faulty' raised")
    _, records = read_results(tmp_path / "results.jsonl")
    assert [r.status for r in records.values()] == ["failed", "failed"]
    assert replay_names(tmp_path) == []  # the recorder writes a replay only when a match ends
    for record in records.values():
        assert record.replay is None
        assert record.replay_error == "no replay: the match failed before its end (a replay is written only then)"
    report = json.loads(result.stdout)
    assert report["missing_replays"] == []  # failed matches are listed as such, once
    assert [f["index"] for f in report["failed"]] == [0, 1]


def test_a_match_whose_replay_cannot_be_started_names_no_replay(tmp_path: Path) -> None:
    """Such a record stops the run before it reaches the results file (a resume plays the match again), yet it
    names no replay either: the file was never written."""
    from corekit.plugins import default_registry
    from corekit.tournament.schedule import plan_one
    from corekit.tournament.worker import Settings, play_planned

    (tmp_path / "match-000000.cfr").mkdir()  # a folder where the replay must go
    settings = Settings("grizzly-race", ("random", "random"), replay_dir=str(tmp_path))
    record = play_planned(settings, plan_one(0, [(0, 1)], 0), default_registry())
    assert (record.status, record.retry, record.replay) == ("failed", "output", None)
    assert record.replay_error == record.error
    assert record.error is not None and record.error.startswith("cannot write the replay")


def test_the_note_of_matches_played_without_replays_leaves_out_one_played_again_now(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(out))
    assert tournament(*args, "-n", "3").exit_code == 0
    path = out / "results.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    played = MatchRecord.from_json(json.loads(lines[2]))  # match 1: its worker died, so a resume plays it again
    died = MatchRecord(*attrs.astuple(played, recurse=False)[:5], "failed", error="the worker died", retry="worker")
    lines[2] = json.dumps(died.to_json())
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    resumed = tournament(*args, "-n", "3", "--resume", "--replays")
    assert resumed.exit_code == 0, resumed.output
    assert f"Note: the 2 matches already in {out} were played without replays" in resumed.stderr
    assert replay_names(out) == ["match-000001.cfr"]
    assert json.loads((out / "report.json").read_text())["played_before_replays"] == 2


def test_replays_added_on_resume_to_a_run_without_them_say_the_earlier_matches_have_none(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ("grizzly-race", "-p", "random,random", "-j", "1", "--out", str(out))
    assert tournament(*args, "-n", "2").exit_code == 0
    resumed = tournament(*args, "-n", "4", "--resume", "--replays")
    assert resumed.exit_code == 0, resumed.output
    assert (
        f"Note: the 2 matches already in {out} were played without replays: only the matches played from now on get one"
    ) in resumed.stderr
    assert replay_names(out) == ["match-000002.cfr", "match-000003.cfr"]
    # ... and so does the report, for a script (an outside tester read `missing_replays: []` as every replay there).
    report = json.loads((out / "report.json").read_text())
    assert report["played_before_replays"] == 2 and report["missing_replays"] == []
    again = tournament(*args, "--resume", "--replays")  # nothing to say once the run writes replays
    assert again.exit_code == 0 and "Note:" not in again.stderr
