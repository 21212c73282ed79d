"""The results file: appended per match, torn last lines cut on resume (only once it is taken), other tournaments
refused."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from corekit.tournament import store as store_module
from corekit.tournament.store import MatchRecord, ResultsError, ResultsFile, read_results

HEADER = {
    "game": "grizzly-race",
    "game_version": "2",
    "specs": ["random", "heuristic"],
    "seats": 2,
    "seed": 1,
    "options": {},
    "time_limit": None,
    "games": 4,
}


def make(index: int) -> MatchRecord:
    return MatchRecord(
        index, index // 2, 99, (0, 1), ("random", "heuristic"), "ok", (1.0, 0.0), 12, (6, 6), (0.01, 0.02)
    )


def test_each_match_is_in_the_file_as_soon_as_it_is_appended(tmp_path: Path) -> None:
    store = ResultsFile(tmp_path, HEADER, resume=False)
    store.append(make(3))
    header, records = read_results(tmp_path / "results.jsonl")  # before close: handed to the operating system
    store.close()
    assert header["specs"] == ["random", "heuristic"]
    assert records == {3: make(3)}


def synced(monkeypatch: pytest.MonkeyPatch, every: float) -> list[int]:
    """The descriptors the results file forces to disk, with syncs `every` seconds at most."""
    calls: list[int] = []
    monkeypatch.setattr(store_module, "SYNC_EVERY", every)
    monkeypatch.setattr(store_module.os, "fsync", calls.append)
    return calls


def test_records_arriving_within_a_second_are_synced_together_and_the_rest_at_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = synced(monkeypatch, 3600.0)
    store = ResultsFile(tmp_path, HEADER, resume=False)
    assert len(calls) == 2  # the header and the folder's new name, at once
    for index in range(4):  # the header's games
        store.append(make(index))
    assert len(calls) == 2
    assert sorted(read_results(tmp_path / "results.jsonl")[1]) == [0, 1, 2, 3]  # a killed run keeps them
    store.close()
    assert len(calls) == 3


def test_a_record_arriving_a_second_after_the_last_sync_is_synced_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = synced(monkeypatch, 0.0)
    store = ResultsFile(tmp_path, HEADER, resume=False)
    store.append(make(0))
    store.append(make(1))
    assert len(calls) == 4  # the header, the folder, and each record
    store.close()
    assert len(calls) == 4  # nothing left to sync


def with_a_torn_last_line(folder: Path) -> Path:
    """A results file of match 0 whose next record a kill tore part-way through."""
    store = ResultsFile(folder, HEADER, resume=False)
    store.append(make(0))
    store.close()
    path = folder / "results.jsonl"
    with open(path, "a") as file:
        file.write(json.dumps(make(1).to_json())[:25])
    return path


def test_a_torn_last_line_is_cut_off_on_resume(tmp_path: Path) -> None:
    path = with_a_torn_last_line(tmp_path)
    resumed = ResultsFile(tmp_path, HEADER, resume=True)
    resumed.append(make(2))
    resumed.close()
    _, records = read_results(path)
    assert sorted(records) == [0, 2]
    assert path.read_text().count("\n") == 3


def test_a_refused_resume_leaves_the_file_as_it_was_torn_line_and_all(tmp_path: Path) -> None:
    # From an outside tester: a resume that failed had already cut the file.
    path = with_a_torn_last_line(tmp_path)
    before = path.read_bytes()
    with pytest.raises(ResultsError, match="another tournament"):
        ResultsFile(tmp_path, {**HEADER, "seed": 2}, resume=True)
    assert path.read_bytes() == before
    assert sorted(read_results(path)[1]) == [0]  # reading never writes


@pytest.mark.parametrize("resume", [True, False])
def test_a_file_whose_header_a_kill_tore_holds_nothing_and_a_run_starts_it_afresh(tmp_path: Path, resume: bool) -> None:
    # A kill while the header was written: no line is whole, so there is no tournament to resume or to protect.
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps({"campfire_tournament": 1, **HEADER})[:50])
    assert not store_module.has_results(tmp_path)
    store = ResultsFile(tmp_path, HEADER, resume=resume)
    store.append(make(0))
    store.close()
    header, records = read_results(path)
    assert header["seed"] == 1 and sorted(records) == [0]


def test_an_existing_tournament_is_not_overwritten_without_resume(tmp_path: Path) -> None:
    store = ResultsFile(tmp_path, HEADER, resume=False)
    store.append(make(0))
    store.close()
    with pytest.raises(ResultsError, match="already holds 1 match: add --resume"):
        ResultsFile(tmp_path, HEADER, resume=False)


def test_a_results_file_without_a_match_is_replaced_by_a_new_tournament(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()  # as a start that failed before its first match leaves it
    other = {**HEADER, "seed": 5, "games": 8}
    store = ResultsFile(tmp_path, other, resume=False)
    store.append(make(0))
    store.close()
    header, records = read_results(tmp_path / "results.jsonl")
    assert (header["seed"], header["games"], sorted(records)) == (5, 8, [0])


def test_resuming_another_tournament_is_refused(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()
    with pytest.raises(ResultsError, match=r"another tournament \(seed was 1, now 2\)"):
        ResultsFile(tmp_path, {**HEADER, "seed": 2}, resume=True)


def test_resuming_another_games_tournament_names_only_the_game(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()
    other = {**HEADER, "game": "slasher", "game_version": "4", "options": {"all_dead": "nobody"}, "seed": 2}
    with pytest.raises(ResultsError, match=r"another tournament \(game was '[a-z-]+', now 'slasher'\): resume"):
        ResultsFile(tmp_path, other, resume=True)


def test_resume_may_change_the_number_of_games(tmp_path: Path) -> None:
    ResultsFile(tmp_path, HEADER, resume=False).close()
    ResultsFile(tmp_path, {**HEADER, "games": 40}, resume=True).close()


def test_a_resume_that_changes_the_number_of_games_records_it_in_the_header_and_keeps_every_record(
    tmp_path: Path,
) -> None:
    store = ResultsFile(tmp_path, {**HEADER, "replays": True}, resume=False)
    store.append(make(0))
    store.append(make(1))
    store.close()
    path = tmp_path / "results.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    resumed = ResultsFile(tmp_path, {**HEADER, "games": 40, "replays": False}, resume=True)
    resumed.append(make(2))
    resumed.close()
    header, records = read_results(path)
    # Only the size changes: what the header says of the run otherwise (it writes replays) stays as it was.
    assert header == {"campfire_tournament": 1, **HEADER, "games": 40, "replays": True}
    assert path.read_text().splitlines(keepends=True)[1:3] == lines[1:] and sorted(records) == [0, 1, 2]


def test_a_damaged_middle_line_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps({"campfire_tournament": 1, **HEADER}) + "\n{not json\n" + "{}\n")
    with pytest.raises(
        ResultsError,
        match=r"line 2 is not valid JSON \(Expecting property name enclosed in double quotes at line 1, column 2\)$",
    ):
        read_results(path)


def test_a_resume_with_other_settings_names_only_what_differs_on_one_line(tmp_path: Path) -> None:
    options = {"stall_rounds": 5, "variant": "classic", "deck": "standard"}
    ResultsFile(tmp_path, {**HEADER, "options": options}, resume=False).close()
    changed = {**HEADER, "seed": 2, "options": {**options, "stall_rounds": 6}}
    with pytest.raises(ResultsError) as caught:
        ResultsFile(tmp_path, changed, resume=True)
    assert str(caught.value) == (
        f"{tmp_path / 'results.jsonl'} belongs to another tournament (seed was 1, now 2; "
        "option stall_rounds was 5, now 6): resume with the same settings, or choose another --out"
    )


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


def test_resuming_under_another_version_of_the_game_is_refused_naming_both(tmp_path: Path) -> None:
    ResultsFile(tmp_path, {**HEADER, "game_version": "1"}, resume=False).close()  # recorded before a rules change
    with pytest.raises(ResultsError, match=r"another tournament \(game_version was '1', now '2'\)"):
        ResultsFile(tmp_path, HEADER, resume=True)


def test_a_results_file_that_recorded_no_game_version_is_refused_on_resume_in_one_line(tmp_path: Path) -> None:
    old = {key: value for key, value in HEADER.items() if key != "game_version"}  # a hand-made header
    ResultsFile(tmp_path, old, resume=False).close()
    with pytest.raises(ResultsError) as caught:
        ResultsFile(tmp_path, HEADER, resume=True)
    assert str(caught.value) == (
        f"{tmp_path / 'results.jsonl'} belongs to another tournament (game_version was unset, now '2'): resume "
        "with the same settings, or choose another --out"
    )


def test_resuming_a_strength_run_as_a_plain_tournament_names_strength_not_its_seatings(tmp_path: Path) -> None:
    ResultsFile(tmp_path, {**HEADER, "lineups": [[0, 1], [1, 0]]}, resume=False).close()
    with pytest.raises(ResultsError) as caught:
        ResultsFile(tmp_path, HEADER, resume=True)
    assert str(caught.value) == (
        f"{tmp_path / 'results.jsonl'} belongs to another tournament (it was a --strength run, this one is not): "
        "resume with the same settings, or choose another --out"
    )
    ResultsFile(tmp_path / "plain", HEADER, resume=False).close()
    with pytest.raises(ResultsError, match=r"\(it was not a --strength run, this one is\)"):
        ResultsFile(tmp_path / "plain", {**HEADER, "lineups": [[0, 1], [1, 0]]}, resume=True)


def write_results(path: Path, header: dict, *records: dict) -> Path:
    lines = [json.dumps(header), *(json.dumps(record) for record in records)]
    path.write_text("".join(line + "\n" for line in lines))
    return path


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        ({"returns": [1.0]}, "returns has 1 value for 2 seats"),
        ({"returns": None}, "returns must be a list of numbers from 0 to 1, got null"),
        ({"returns": "x"}, 'returns must be a list of numbers from 0 to 1, got "x"'),
        ({"returns": [1.0, float("nan")]}, "returns must be a list of numbers from 0 to 1, got [1.0, NaN]"),
        ({"returns": [5.0, 1.0]}, "returns must be a list of numbers from 0 to 1, got [5.0, 1.0]"),
        ({"decisions": [1]}, "decisions has 1 value for 2 seats"),
        ({"decisions": [1, 2.5]}, "decisions must be a list of whole numbers from 0, got [1, 2.5]"),
        ({"decision_time": "x"}, 'decision_time must be a list of finite numbers from 0, got "x"'),
        ({"steps": "x"}, 'steps must be a whole number from 0, got "x"'),
        ({"lineup": [0, 7]}, "lineup must be a list of spec numbers from 0 to 1, got [0, 7]"),
        ({"lineup": [0]}, "lineup has 1 value for 2 seats"),
        (
            {"specs": ["mcts", "random"]},
            'specs must be those of its lineup, ["random", "heuristic"], got ["mcts", "random"]',
        ),
        ({"index": "a"}, 'index must be a whole number from 0, got "a"'),
        ({"index": None}, "index must be a whole number from 0, got null"),
        ({"index": -1}, "index must be a whole number from 0, got -1"),
        ({"index": 1.5}, "index must be a whole number from 0, got 1.5"),
        ({"index": True}, "index must be a whole number from 0, got true"),
        ({"status": "weird"}, 'status must be ok, forfeit or failed, got "weird"'),
        ({"forfeit": 9}, "forfeit must be null or a seat from 0 to 1, got 9"),
        ({"first": 2}, "first must be null or a seat from 0 to 1, got 2"),
        ({"first": "0"}, 'first must be null or a seat from 0 to 1, got "0"'),
        ({"forfeit": 0}, 'status "ok" does not go with forfeit 0'),
        ({"status": "forfeit"}, 'status "forfeit" does not go with forfeit null'),
        ({"status": "failed"}, "returns has 2 values, but a failed match has none"),
        ({"attempts": 0}, "attempts must be a whole number from 1, got 0"),
        ({"error": 5}, "error must be text or null, got 5"),
    ],
)
def test_a_damaged_match_record_is_a_one_line_error_naming_the_file_line_and_field(
    tmp_path: Path, edit: dict, problem: str
) -> None:
    record = {**make(0).to_json(), **edit}
    path = write_results(tmp_path / "results.jsonl", {"campfire_tournament": 1, **HEADER}, make(1).to_json(), record)
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == f"{path} line 3 is not a match record: {problem}"


def test_a_record_without_returns_is_refused_unless_its_match_failed(tmp_path: Path) -> None:
    played = make(0).to_json()
    del played["returns"]
    failed = MatchRecord(1, 0, 99, (1, 0), ("heuristic", "random"), "failed", error="game raised").to_json()
    path = write_results(tmp_path / "results.jsonl", {"campfire_tournament": 1, **HEADER}, failed, played)
    with pytest.raises(ResultsError, match="line 3 is not a match record: returns has 0 values for 2 seats"):
        read_results(path)


def test_a_results_file_of_a_newer_format_asks_for_a_newer_campfire(tmp_path: Path) -> None:
    path = write_results(tmp_path / "results.jsonl", {"campfire_tournament": 2, **HEADER}, make(0).to_json())
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == (
        f"{path}: format version 2 is newer than this campfire reads (up to 1); upgrade campfire"
    )


@pytest.mark.parametrize(("marker", "shown"), [("x", '"x"'), (1.0, "1.0"), (None, "null"), (True, "true"), (0, "0")])
def test_a_results_file_whose_format_is_not_a_known_number_is_not_a_results_file(
    tmp_path: Path, marker: object, shown: str
) -> None:
    path = write_results(tmp_path / "results.jsonl", {"campfire_tournament": marker, **HEADER})
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == (
        f"{path} is not a campfire tournament results file (format version {shown} is not a whole number from 1)"
    )


def test_a_results_file_without_the_format_marker_is_not_a_results_file(tmp_path: Path) -> None:
    path = write_results(tmp_path / "results.jsonl", HEADER)
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == f"{path} is not a campfire tournament results file (no format marker)"


def test_a_second_record_of_a_match_is_refused_naming_both_lines(tmp_path: Path) -> None:
    # Two files joined, or one edited by hand: the two records of match 1 contradict each other (returns flipped).
    flipped = attrs.evolve(make(1), returns=(0.0, 1.0)).to_json()
    path = write_results(
        tmp_path / "results.jsonl", {"campfire_tournament": 1, **HEADER}, make(0).to_json(), make(1).to_json(), flipped
    )
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == f"{path} line 4 records match 1 again (line 3 did already): keep one of the two lines"
    with pytest.raises(ResultsError, match="line 4 records match 1 again"):
        ResultsFile(tmp_path, HEADER, resume=True)  # a resume refuses it too, before playing anything


def test_a_match_marked_for_retry_is_the_one_whose_record_a_later_one_replaces(tmp_path: Path) -> None:
    died = MatchRecord(
        1, 0, 99, (1, 0), ("heuristic", "random"), "failed", error="the worker process died twice", retry="worker"
    )
    path = write_results(
        tmp_path / "results.jsonl", {"campfire_tournament": 1, **HEADER}, died.to_json(), make(1).to_json()
    )
    assert read_results(path)[1] == {1: make(1)}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (b"header\nrecord\n", b"header\nrecord\n"),
        (b"header\nrec", b"header\n"),
        (b"header\n" + b"x" * 200_000, b"header\n"),  # a torn line longer than the blocks it is read in
        (b"no newline at all", b""),
    ],
)
def test_a_torn_last_line_is_cut_at_the_last_newline(tmp_path: Path, text: bytes, kept: bytes) -> None:
    path = tmp_path / "results.jsonl"
    path.write_bytes(text)
    store_module.cut_torn_line(path)
    assert path.read_bytes() == kept


def test_a_torn_last_line_of_a_single_byte_is_cut_off_too(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_bytes(b"header\nrecord\n{")
    store_module.cut_torn_line(path)
    assert path.read_bytes() == b"header\nrecord\n"


def test_a_record_appended_for_a_match_marked_for_retry_replaces_it_in_the_files_records(tmp_path: Path) -> None:
    died = MatchRecord(
        1, 0, 99, (1, 0), ("heuristic", "random"), "failed", error="the worker process died twice", retry="worker"
    )
    write_results(tmp_path / "results.jsonl", {"campfire_tournament": 1, **HEADER}, make(0).to_json(), died.to_json())
    resumed = ResultsFile(tmp_path, HEADER, resume=True)
    assert resumed.records[1] == died
    resumed.append(make(1))
    resumed.close()
    assert resumed.records == {0: make(0), 1: make(1)}
    assert read_results(tmp_path / "results.jsonl")[1] == {0: make(0), 1: make(1)}


def test_a_resume_with_another_time_limit_is_refused_naming_it(tmp_path: Path) -> None:
    ResultsFile(tmp_path, {**HEADER, "time_limit": 1.0}, resume=False).close()
    with pytest.raises(ResultsError, match=r"another tournament \(time_limit was 1\.0, now 2\.0\)"):
        ResultsFile(tmp_path, {**HEADER, "time_limit": 2.0}, resume=True)


def test_a_report_counts_only_the_first_games_matches_and_not_those_whose_output_failed() -> None:
    lost = attrs.evolve(make(1), status="failed", returns=(), decisions=(), decision_time=(), retry="output")
    records = {0: make(0), 1: lost, 2: make(2), 3: make(3)}
    assert store_module.reported(records, 3) == {0: make(0), 2: make(2)}


def test_a_file_grown_past_its_headers_games_is_planned_to_its_last_match() -> None:
    records = {index: make(index) for index in range(6)}
    assert store_module.planned_games({**HEADER, "games": 4}, records) == 6
    assert store_module.planned_games({**HEADER, "games": 8}, records) == 8
