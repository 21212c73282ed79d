"""ai.tally: the logs of a strength run's parts read back as one run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai import strength, tally


def _log(tmp_path: Path, name: str, *args: str) -> Path:
    log = tmp_path / name
    assert strength.main([*args, "--workers", "1", "--log", str(log)]) == 0
    return log


TEAM_RUN = ("camp-grizzly", "--players", "1", "--a", "heuristic", "--b", "random")


@pytest.fixture
def parts(tmp_path, capsys):
    """A team run of 6 matches logged whole, and the same run logged in two parts."""
    whole = _log(tmp_path, "whole.jsonl", *TEAM_RUN, "--matches", "6")
    first = _log(tmp_path, "first.jsonl", *TEAM_RUN, "--matches", "4")
    second = _log(tmp_path, "second.jsonl", *TEAM_RUN, "--matches", "2", "--first", "4")
    capsys.readouterr()
    return whole, first, second


def test_the_parts_of_a_run_add_up_to_the_whole_run(parts, capsys):
    whole, first, second = parts
    assert tally.main([str(first), str(second)]) == 0
    from_parts = capsys.readouterr().out
    assert tally.main([str(whole)]) == 0
    assert capsys.readouterr().out == from_parts
    lines = [json.loads(line) for line in whole.read_text().splitlines()]
    wins = sum(line["score"] > 0 for line in lines if line["team"] == "a")
    assert f"| heuristic team | 6 | {wins} |" in from_parts
    assert "camp-grizzly version 2, 1 player, the game's defaults: 6 matches (0-5)" in from_parts


def test_the_paired_counts_come_from_each_seed_both_teams_played(parts):
    whole, _, _ = parts
    lines = [json.loads(line) for line in whole.read_text().splitlines()]
    a = [line["score"] > 0 for line in lines if line["team"] == "a"]
    b = [line["score"] > 0 for line in lines if line["team"] == "b"]
    pairs = tally.read([str(whole)]).pairs()
    assert pairs.a_only == sum(x and not y for x, y in zip(a, b))
    assert pairs.b_only == sum(y and not x for x, y in zip(a, b))
    assert pairs.matches == 6


def test_a_match_logged_twice_alike_counts_once(parts, capsys):
    _, first, second = parts
    assert tally.main([str(first), str(first), str(second)]) == 0
    assert "6 matches (0-5)" in capsys.readouterr().out


def test_a_match_only_one_team_finished_is_left_out(parts, tmp_path, capsys):
    _, first, _ = parts
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(first.read_text().splitlines(keepends=True)[:-1]))  # team b of match 3 missing
    assert tally.main([str(cut)]) == 0
    assert "3 matches (0-2)" in capsys.readouterr().out


def test_gaps_between_parts_are_shown_as_separate_spans():
    assert tally.spans([0, 1, 2, 5, 7, 8]) == "0-2, 5, 7-8"


def test_a_match_logged_twice_with_another_score_is_a_one_line_error(parts, tmp_path, capsys):
    _, first, _ = parts
    lines = first.read_text().splitlines()
    changed = json.loads(lines[0])
    changed["score"] = 1.0 - changed["score"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(changed) + "\n")
    assert tally.main([str(first), str(bad)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m ai.tally: {bad} line 1: match 0 is logged twice with a different seed or score"
    )


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("game", "slasher", "game 'slasher' differs from 'camp-grizzly' in the first line"),
        ("version", "1", "game version '1' differs from '2' in the first line (the rules may differ)"),
        ("version", None, "game version not recorded differs from '2' in the first line (the rules may differ)"),
        ("options", {"night": "20"}, "options {'night': '20'} differs from {} in the first line"),
        ("specs", ["mcts"], "players ['mcts'] differ from ['heuristic'] earlier in the run"),
    ],
)
def test_parts_of_different_runs_are_refused(parts, tmp_path, capsys, field, value, problem):
    _, first, _ = parts
    other = json.loads(first.read_text().splitlines()[0])
    other[field] = value
    other["match"] = 99
    bad = tmp_path / "other.jsonl"
    bad.write_text(json.dumps(other) + "\n")
    assert tally.main([str(first), str(bad)]) == 2
    assert capsys.readouterr().err.strip() == f"python -m ai.tally: {bad} line 1: {problem}"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json\n", "line 1: not a JSON line of a strength log"),
        ("[1, 2]\n", "line 1: not a JSON object"),
        ('{"game": "camp-grizzly"}\n', "line 1: the field 'match' is missing or not a whole number"),
        (
            '{"game": "x", "match": 0, "seed": 1, "specs": ["a"], "options": {}, "score": true}\n',
            "line 1: the field 'score' is missing or not a number",
        ),
    ],
)
def test_a_malformed_log_is_a_one_line_error_naming_the_line(tmp_path, capsys, text, problem):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text)
    assert tally.main([str(bad)]) == 2
    assert capsys.readouterr().err.strip() == f"python -m ai.tally: {bad} {problem}"


def test_a_missing_or_empty_log_is_a_one_line_error(tmp_path, capsys):
    assert tally.main([str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m ai.tally: cannot read {tmp_path / 'none.jsonl'}: No such file or directory"
    )
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert tally.main([str(empty)]) == 2
    assert capsys.readouterr().err.strip() == "python -m ai.tally: the logs hold no matches"


def test_a_free_for_all_log_gives_the_measured_players_score(tmp_path, capsys):
    log = _log(
        tmp_path, "race.jsonl", "grizzly-race", "--players", "2", "--a", "heuristic", "--b", "random", "--matches", "4"
    )
    tallied = strength.main(
        ["grizzly-race", "--players", "2", "--a", "heuristic", "--b", "random", "--matches", "4", "--workers", "1"]
    )
    assert tallied == 0
    row = capsys.readouterr().out.splitlines()[0].split(" | ")
    assert tally.main([str(log)]) == 0
    out = capsys.readouterr().out
    assert f"| heuristic | 4 | {float(row[5]) * 4:g} | {row[5]} |" in out
    assert "fair share 0.500; random in every other seat" in out


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"team": ["a"]}, "line 1: the field 'team' must be \"a\", \"b\" or null, not ['a']"),
        ({"team": None, "seat_of_a": True}, "line 1: the field 'seat_of_a' must be a seat of the match, not True"),
        ({"team": None, "seat_of_a": 7}, "line 1: the field 'seat_of_a' must be a seat of the match, not 7"),
        ({"team": None}, "line 1: the field 'seat_of_a' must be a seat of the match, not None"),
        ({"version": 2}, "line 1: the field 'version' must be text, not 2"),
    ],
)
def test_a_line_with_a_bad_team_seat_or_version_is_a_one_line_error_naming_the_line(
    parts, tmp_path, capsys, change, problem
):
    _, first, _ = parts
    line = json.loads(first.read_text().splitlines()[0])
    line.update(change)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    assert tally.main([str(bad)]) == 2
    assert capsys.readouterr().err.strip() == f"python -m ai.tally: {bad} {problem}"


def test_a_log_written_before_versions_were_recorded_still_adds_up(parts, tmp_path, capsys):
    whole, _, _ = parts
    lines = [json.loads(line) for line in whole.read_text().splitlines()]
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "version"}) + "\n" for line in lines))
    assert tally.main([str(old)]) == 0
    assert capsys.readouterr().out.startswith("camp-grizzly, 1 player, the game's defaults: 6 matches (0-5)")


def test_the_two_teams_of_a_match_must_have_played_the_same_seed(parts, tmp_path, capsys):
    _, first, _ = parts
    lines = [json.loads(line) for line in first.read_text().splitlines()[:2]]
    lines[1]["seed"] += 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert tally.main([str(bad)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m ai.tally: {bad} line 2: match 0 has seed {lines[1]['seed']} for team b but {lines[0]['seed']} "
        "for the other team"
    )


def test_a_team_line_in_a_free_for_all_run_is_refused(tmp_path, capsys):
    log = _log(
        tmp_path, "race.jsonl", "grizzly-race", "--players", "2", "--a", "heuristic", "--b", "random", "--matches", "1"
    )
    line = json.loads(log.read_text().splitlines()[0])
    line.update(team="a", match=5)
    with log.open("a") as out:
        out.write(json.dumps(line) + "\n")
    capsys.readouterr()
    assert tally.main([str(log)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m ai.tally: {log} line 2: team 'a' does not fit a free-for-all run's first line (team None)"
    )
