"""Rules of the results file and the strength summary pinned by a mutation sweep: each test fails on one change
of the code it names that no other test noticed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corekit import Registry
from corekit.options import OptionError
from corekit.tournament import Tournament, run_tournament
from corekit.tournament import run as run_module
from corekit.tournament import store as store_module
from corekit.tournament.store import MatchRecord, ResultsError, read_results
from corekit.tournament.strength import free_for_all_row, summarize_strength
from tests.corekit.tournament import tournament_test_games, tournament_test_players
from tests.corekit.tournament.test_tournament_store import HEADER as STORE_HEADER

HEADER = {"campfire_tournament": 1, **STORE_HEADER}  # as a results file's first line holds it
ROW = {"a": "mcts", "b": "heuristic", "seats": 2, "rate": 0.56, "fair_share": 0.5}


def played(index: int) -> MatchRecord:
    return MatchRecord(index, 0, 99, (0, 1), ("random", "heuristic"), "ok", (1.0, 0.0), 12, (6, 6), (0.01, 0.02))


def died(index: int) -> MatchRecord:
    return MatchRecord(
        index, 0, 99, (0, 1), ("random", "heuristic"), "failed", error="the worker process died twice", retry="worker"
    )


def write(path: Path, *lines: dict) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


# store.read_results: `where[record.index] = number`, the line of the record kept (the retry's replacement).
def test_a_record_again_after_a_retried_match_names_the_line_that_replaced_the_retried_record(tmp_path: Path) -> None:
    path = write(
        tmp_path / "results.jsonl",
        HEADER,
        played(0).to_json(),
        died(1).to_json(),
        played(1).to_json(),
        played(1).to_json(),
    )
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == f"{path} line 5 records match 1 again (line 4 did already): keep one of the two lines"


# strength.summarize_strength: "score" is A's total return, its win rate times the seats it held.
def test_a_free_for_all_strength_summary_scores_a_total_return_not_a_rate() -> None:
    players = [
        {"spec": "mcts", "win_rate": 0.75, "win_rate_ci95": [0.6, 0.86], "seats_played": 40},
        {"spec": "random", "win_rate": 0.25, "win_rate_ci95": [0.14, 0.4], "seats_played": 40},
    ]
    report = {
        "players": players,
        "seats": 2,
        "cooperative": False,
        "returns_not_summing_to_1": 0,
        "equal_share": 0.5,
    }
    summary = summarize_strength(report)
    assert summary["score"] == 30.0
    assert (summary["matches"], summary["rate"], summary["above_fair_share"]) == (40, 0.75, True)


# strength.free_for_all_row: `matches < planned`, a run that reached its planned size is judged, not "not finished".
def test_a_strength_row_of_a_run_at_its_planned_size_shows_its_score_and_verdict() -> None:
    summary = {**ROW, "matches": 300, "ci95": (0.52, 0.6), "above_fair_share": True}
    row = free_for_all_row("grizzly-race", summary, planned=300)
    assert row == "| grizzly-race | 2 | mcts | heuristic | 300 of 300 | 0.560 | [0.520, 0.600] | 0.500 | yes |"
    short = free_for_all_row("grizzly-race", {**summary, "matches": 299}, planned=300)
    assert short == "| grizzly-race | 2 | mcts | heuristic | 299 of 300 | - | - | 0.500 | not finished |"


# strength._apart: `value == line`, a lower end exactly on the fair share is printed to 3 decimals like any other.
def test_a_lower_end_exactly_on_the_fair_share_is_printed_to_three_decimals() -> None:
    summary = {**ROW, "matches": 300, "ci95": (0.5, 0.6), "above_fair_share": False}
    row = free_for_all_row("grizzly-race", summary)
    assert row == "| grizzly-race | 2 | mcts | heuristic | 300 | 0.560 | [0.500, 0.600] | 0.500 | no |"


# store._header: `specs and`, a header naming no spec is no tournament header.
def test_a_header_with_an_empty_list_of_specs_is_refused_as_no_tournament_header(tmp_path: Path) -> None:
    path = write(tmp_path / "results.jsonl", {**HEADER, "specs": []})
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    said = f"{path} line 1 is not a tournament header (it needs the specs and the number of seats)"
    assert str(caught.value) == said


# store._record_problem: `("steps", _whole(0), ...)`, a match cannot have taken fewer than 0 steps.
def test_a_record_of_negative_steps_is_refused_naming_the_line_and_the_field(tmp_path: Path) -> None:
    path = write(tmp_path / "results.jsonl", HEADER, {**played(0).to_json(), "steps": -1})
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == f"{path} line 2 is not a match record: steps must be a whole number from 0, got -1"


# store._record_problem: `("deal", _whole(0), ...)`, deals are counted from 0.
def test_a_record_of_a_negative_deal_is_refused_naming_the_line_and_the_field(tmp_path: Path) -> None:
    path = write(tmp_path / "results.jsonl", HEADER, {**played(0).to_json(), "deal": -1})
    with pytest.raises(ResultsError) as caught:
        read_results(path)
    assert str(caught.value) == f"{path} line 2 is not a match record: deal must be a whole number from 0, got -1"


# store.read_results: `if not line.strip(): continue`, a blank line (an edit by hand) is passed over, not damage.
def test_a_blank_line_between_records_is_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(
        "\n".join([json.dumps(HEADER), json.dumps(played(0).to_json()), "", json.dumps(played(1).to_json())]) + "\n",
        encoding="utf-8",
    )
    assert read_results(path)[1] == {0: played(0), 1: played(1)}


# run.run_tournament: `tournament.games < 1`, a tournament of no match is refused before anything is played.
def test_a_tournament_of_zero_games_is_refused_in_one_line() -> None:
    registry = Registry(plugins=[tournament_test_players, tournament_test_games])
    with pytest.raises(OptionError) as caught:
        run_tournament(Tournament("grizzly-race", ("random", "random"), games=0), registry=registry)
    assert str(caught.value) == "--games must be at least 1, got 0"


def small_run(out: Path, **given: object) -> dict:
    registry = Registry(plugins=[tournament_test_players, tournament_test_games])
    tournament = Tournament("grizzly-race", ("random", "random"), **given)  # type: ignore[arg-type]
    return run_tournament(tournament, out=out, registry=registry, resume=(out / "results.jsonl").exists())


# run._run: `limit = found[0].get("time_limit")`, a bare resume keeps the time limit the run was started with.
def test_a_resume_without_a_time_limit_keeps_the_runs_own(tmp_path: Path) -> None:
    small_run(tmp_path, games=2, time_limit=5.0)
    report = small_run(tmp_path, games=4)
    assert (report["matches"], report["time_limit"]) == (4, 5.0)
    assert read_results(tmp_path / "results.jsonl")[0]["time_limit"] == 5.0


# run.resumed: `not tournament.options`, options a resume gives are checked against the run's, not replaced by them.
def test_a_resume_with_another_option_value_is_refused_naming_the_option(tmp_path: Path) -> None:
    small_run(tmp_path, games=2, options={"stall_rounds": 3})
    with pytest.raises(ResultsError) as caught:
        small_run(tmp_path, games=4, options={"stall_rounds": 4})
    assert "(option stall_rounds was 3, now 4)" in str(caught.value)
    assert len(read_results(tmp_path / "results.jsonl")[1]) == 2


# run._indices: `len(indices) - 10`, the matches beyond the first ten shown are counted exactly.
def test_the_matches_named_past_the_first_ten_are_counted_exactly() -> None:
    assert run_module._indices(list(range(13))) == "matches 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 3 more"
    assert run_module._indices([7]) == "match 7"


# run._run: `1 <= seating`, a header's seating of 0 is no schedule this Campfire knows, and its resume is refused.
def test_a_results_file_seated_by_schedule_0_is_refused_on_resume(tmp_path: Path) -> None:
    small_run(tmp_path, games=2)
    path = tmp_path / "results.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = json.dumps({**json.loads(lines[0]), "seating": 0}) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(OptionError) as caught:
        small_run(tmp_path, games=4)
    assert str(caught.value).startswith(f"{tmp_path} was seated by a schedule this Campfire does not know (seating 0;")


# run._run: `_saved(read_results(store.path)[1], games)`, a Ctrl-C between a match's record and its line on disk
# counts the matches the file holds, not the ones the run kept.
def test_a_ctrl_c_before_a_records_line_is_written_counts_only_the_saved_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(run_module.RESUME_HINT_VARIABLE, raising=False)
    append = store_module.ResultsFile.append

    def interrupted_at_the_second(store: store_module.ResultsFile, record: MatchRecord) -> None:
        if record.index == 1:
            raise KeyboardInterrupt
        append(store, record)

    monkeypatch.setattr(store_module.ResultsFile, "append", interrupted_at_the_second)
    with pytest.raises(run_module.Interrupted) as caught:
        small_run(tmp_path, games=4)
    said = f"interrupted: 1 of 4 matches are saved in {tmp_path}; the same command with --resume plays the rest"
    assert str(caught.value) == said


# run.run_tournament: `len(lineup) != seats`, a seating of fewer specs than seats is refused before anything is played.
def test_a_seating_shorter_than_the_seats_is_refused_in_one_line() -> None:
    registry = Registry(plugins=[tournament_test_players, tournament_test_games])
    tournament = Tournament("grizzly-race", ("random", "random"), games=2, seats=2, lineups=((0,), (1,)))
    with pytest.raises(OptionError) as caught:
        run_tournament(tournament, registry=registry)
    assert str(caught.value) == "a seating must give each of the 2 seats one of the 2 specs"
