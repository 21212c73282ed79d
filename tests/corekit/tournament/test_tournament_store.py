"""The results file: appended per match, torn last lines cut on resume, other tournaments refused."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from corekit.tournament.store import MatchRecord, ResultsError, ResultsFile, read_results

HEADER = {"game": "grizzly-race", "specs": ["random", "heuristic"], "seats": 2, "seed": 1, "options": {},
          "time_limit": None, "games": 4}


def make(index: int) -> MatchRecord:
    return MatchRecord(index, index // 2, 99, (0, 1), ("random", "heuristic"), "ok", (1.0, 0.0), 12, (6, 6),
                       (0.01, 0.02))


def test_each_match_is_on_disk_as_soon_as_it_is_appended(tmp_path: Path) -> None:
    store = ResultsFile(tmp_path, HEADER, resume=False)
    store.append(make(3))
    header, records = read_results(tmp_path / "results.jsonl")  # before close: flushed and synced
    store.close()
    assert header["specs"] == ["random", "heuristic"]
    assert records == {3: make(3)}


def test_a_torn_last_line_is_cut_off_on_resume(tmp_path: Path) -> None:
    store = ResultsFile(tmp_path, HEADER, resume=False)
    store.append(make(0))
    store.close()
    path = tmp_path / "results.jsonl"
    with open(path, "a") as file:
        file.write(json.dumps(make(1).to_json())[:25])
    resumed = ResultsFile(tmp_path, HEADER, resume=True)
    resumed.append(make(2))
    resumed.close()
    _, records = read_results(path)
    assert sorted(records) == [0, 2]
    assert path.read_text().count("\n") == 3


def test_an_existing_tournament_is_not_overwritten_without_resume(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()
    with pytest.raises(ResultsError, match="add --resume"):
        ResultsFile(tmp_path, HEADER, resume=False)


def test_resuming_another_tournament_is_refused(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()
    with pytest.raises(ResultsError, match=r"another tournament \(seed was 1, now 2\)"):
        ResultsFile(tmp_path, {**HEADER, "seed": 2}, resume=True)


def test_resume_may_change_the_number_of_games(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()
    ResultsFile(tmp_path, {**HEADER, "games": 40}, resume=True).close()


def test_a_damaged_middle_line_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps({"campfire_tournament": 1, **HEADER}) + "\n{not json\n" + "{}\n")
    with pytest.raises(ResultsError, match="line 2 is not valid JSON"):
        read_results(path)


def test_a_resume_with_other_settings_names_only_what_differs_on_one_line(tmp_path: Path) -> None:
    options = {"stall_rounds": 5, "variant": "classic", "deck": "standard"}
    ResultsFile(tmp_path, {**HEADER, "options": options}, resume=False).close()
    changed = {**HEADER, "seed": 2, "options": {**options, "stall_rounds": 6}}
    with pytest.raises(ResultsError) as caught:
        ResultsFile(tmp_path, changed, resume=True)
    assert str(caught.value) == (
        f"{tmp_path / 'results.jsonl'} belongs to another tournament (seed was 1, now 2; "
        "option stall_rounds was 5, now 6): resume with the same settings, or choose another --out")


def test_a_record_written_before_replay_errors_were_kept_reads_as_having_none(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    old = make(0).to_json()
    del old["replay_error"]  # results files written before the field existed
    path.write_text(json.dumps({"campfire_tournament": 1, **HEADER}) + "\n" + json.dumps(old) + "\n")
    assert read_results(path)[1] == {0: make(0)}


def test_a_lost_replay_is_no_part_of_the_outcome_since_the_disk_not_the_match_decides_it() -> None:
    lost = attrs.evolve(make(0), replay_error="after the match: cannot write the replay r.cfr: No space left on device")
    assert lost.outcome() == make(0).outcome()
    assert "replay_error" not in lost.outcome()
