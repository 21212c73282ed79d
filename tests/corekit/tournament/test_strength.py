"""Strength runs (`campfire tournament --strength`): A in one seat and B in the others, or A's team and B's team on
the same deals, on the tournament's own runner and results file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from corekit import OptionError, default_registry
from corekit.cli import cli
from corekit.tournament import Tournament, report, run_tournament, stats
from corekit.tournament.strength import paired, seatings, summarize_strength

GRIZZLY_RACE = default_registry().game("grizzly-race")


def campfire(*args: str):
    return CliRunner().invoke(cli, ["tournament", *args, "--jobs", "1"])


def test_a_free_for_all_puts_a_in_each_seat_once_per_deal_and_b_in_the_others():
    assert seatings(3, cooperative=False) == ((0, 1, 1), (1, 0, 1), (1, 1, 0))
    assert seatings(2, cooperative=False) == ((0, 1), (1, 0))
    with pytest.raises(ValueError, match="needs 2 seats or more"):
        seatings(1, cooperative=False)


def test_a_cooperative_run_plays_each_deal_with_a_team_of_a_then_a_team_of_b():
    assert seatings(3, cooperative=True) == ((0, 0, 0), (1, 1, 1))
    assert seatings(1, cooperative=True) == ((0,), (1,))


def test_a_rotated_run_plays_every_seating_of_a_deal_on_one_seed_and_rates_a_by_its_own_seat():
    found = run_tournament(
        Tournament("grizzly-race", ("heuristic", "random"), games=9, seats=3, lineups=seatings(3, False))
    )
    results = found["results"]
    assert [r["lineup"] for r in results[:3]] == [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    assert len({r["seed"] for r in results[:3]}) == 1 and results[3]["seed"] != results[0]["seed"]
    assert found["schedule"] == {"seatings_per_deal": 3, "deals": 3, "short_deals": 0, "balanced": True}
    summary = summarize_strength(found)
    own = [r["returns"][r["lineup"].index(0)] for r in results]
    assert summary["matches"] == 9 and summary["rate"] == pytest.approx(sum(own) / 9)
    assert summary["fair_share"] == pytest.approx(1 / 3)
    assert summary["above_fair_share"] == (summary["ci95"][0] > 1 / 3)


def test_a_team_run_pairs_the_two_teams_deal_by_deal():
    found = run_tournament(
        Tournament("camp-grizzly", ("heuristic", "random"), games=6, seats=1, lineups=seatings(1, True))
    )
    results = found["results"]
    assert all(a["seed"] == b["seed"] and a["deal"] == b["deal"] for a, b in zip(results[0::2], results[1::2]))
    won = [(max(a["returns"]) > 0, max(b["returns"]) > 0) for a, b in zip(results[0::2], results[1::2])]
    summary = summarize_strength(found)
    assert summary["paired"]["a_only"] == sum(a and not b for a, b in won)
    assert summary["paired"]["deals"] == 3
    assert [team["spec"] for team in summary["teams"]] == ["heuristic", "random"]
    assert summary["teams"][0]["won"] == sum(a for a, _ in won)


def test_a_deal_with_a_failed_match_is_left_out_of_the_pairs():
    def result(deal: int, team: int, won: bool, status: str = "ok") -> dict:
        return {"deal": deal, "lineup": [team], "status": status, "returns": [1.0 if won else 0.0]}

    pairs = paired([result(0, 0, True), result(0, 1, False), result(1, 0, True), result(1, 1, True, "failed")])
    assert (pairs.deals, pairs.a_only) == (1, 1)


def test_a_seating_that_does_not_fit_the_seats_or_specs_is_refused():
    with pytest.raises(OptionError, match="a seating must give each of the 2 seats one of the 2 specs"):
        run_tournament(Tournament("grizzly-race", ("random", "random"), games=2, seats=2, lineups=((0, 2),)))


def test_the_command_prints_the_row_of_a_free_for_all_run():
    result = campfire("grizzly-race", "-p", "heuristic,random", "-k", "3", "-n", "6", "--strength")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"Strength (grizzly-race version {GRIZZLY_RACE.version}, seed 0):" in lines
    row = next(line for line in lines if line.startswith("| grizzly-race | 3 | heuristic | random | 6 | "))
    assert row.endswith(" | 0.333 | no |") or row.endswith(" | 0.333 | yes |")


def test_the_command_gives_a_team_runs_paired_comparison_in_its_json():
    result = campfire("camp-grizzly", "-p", "heuristic,random", "-k", "1", "-n", "4", "--strength", "--json")
    assert result.exit_code == 0, result.output
    strength = json.loads(result.output)["strength"]
    assert strength["villain"] == "Otis" and strength["paired"]["deals"] == 2
    assert [team["matches"] for team in strength["teams"]] == [2, 2]


def test_strength_compares_exactly_two_specs():
    result = campfire("grizzly-race", "-p", "heuristic,random,random", "--strength")
    assert result.exit_code == 1
    assert result.stderr == "Error: --strength measures one spec against another: give 2, not 3\n"


def test_a_resumed_run_adds_to_its_results_and_a_plain_tournament_cannot_resume_it(tmp_path: Path):
    out = str(tmp_path / "run")
    args = ("grizzly-race", "-p", "heuristic,random", "-k", "2", "--strength", "--out", out, "--json")
    first = campfire(*args, "-n", "4")
    more = campfire(*args, "-n", "8", "--resume")
    whole = campfire(*args[:-3], "--out", str(tmp_path / "whole"), "--json", "-n", "8")
    assert first.exit_code == more.exit_code == whole.exit_code == 0
    assert json.loads(more.output)["strength"] == json.loads(whole.output)["strength"]
    plain = campfire("grizzly-race", "-p", "heuristic,random", "-k", "2", "--out", out, "--resume")
    assert plain.exit_code == 1
    assert "belongs to another tournament (it was a --strength run, this one is not): resume" in plain.stderr


def test_report_json_of_a_strength_run_is_the_report_the_json_option_prints(tmp_path: Path):
    result = campfire(
        "grizzly-race", "-p", "heuristic,random", "-k", "3", "-n", "6", "--strength", "--json", "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "report.json").read_text())
    assert saved["strength"]["matches"] == 6 and saved == json.loads(result.output)


def test_matches_whose_returns_do_not_add_up_to_1_are_flagged_with_what_an_equal_player_scores():
    # Slasher gives nobody the win when every teen dies at once: 2 of these 12 matches hand out 0, not 1.
    result = campfire("slasher", "-p", "random,random", "-k", "2", "-n", "12", "--strength", "--json")
    assert result.exit_code == 0, result.output
    strength = json.loads(result.output)["strength"]
    totals = [sum(r["returns"]) for r in json.loads(result.output)["results"]]
    assert strength["returns_not_summing_to_1"] == sum(total != 1 for total in totals) == 2
    assert strength["equal_share"] == pytest.approx(sum(totals) / 12 / 2)
    table = campfire("slasher", "-p", "random,random", "-k", "2", "-n", "12", "--strength")
    assert (
        "Note: the returns of 2 of 12 matches do not add up to 1 (nobody won, say), so the fair share 0.500 is not "
        "what an equal player scores here: that is 0.417, the mean total return shared by 2 seats. A game option "
        "that shares such outcomes (see `campfire games`) makes the fair share exact."
    ) in table.output.splitlines()
    shared = campfire("slasher", "-p", "random,random", "-k", "2", "-n", "12", "--strength", "-o", "all_dead=share")
    assert shared.exit_code == 0 and "Note: the returns" not in shared.output


def test_a_plain_tournament_flags_returns_that_do_not_add_up_to_1_with_the_strength_runs_figures_and_note():
    # Two specs in two seats: the same seatings and deals as the strength run above, so the same 2 of 12 matches.
    strength = json.loads(
        campfire("slasher", "-p", "random,random", "-k", "2", "-n", "12", "--strength", "--json").output
    )
    plain = campfire("slasher", "-p", "random,random", "-k", "2", "-n", "12", "--json")
    assert plain.exit_code == 0, plain.output
    found = json.loads(plain.output)
    assert (found["returns_not_summing_to_1"], found["equal_share"]) == (2, pytest.approx(0.417, abs=5e-4))
    assert (found["returns_not_summing_to_1"], found["equal_share"]) == (
        strength["strength"]["returns_not_summing_to_1"],
        strength["strength"]["equal_share"],
    )
    table = " ".join(campfire("slasher", "-p", "random,random", "-k", "2", "-n", "12").output.split())  # unfolded
    assert (
        "Note: the returns of 2 of 12 matches do not add up to 1 (nobody won, say), so the fair share 0.500 is not "
        "what an equal player scores here: that is 0.417, the mean total return shared by 2 seats. A game option "
        "that shares such outcomes (see `campfire games`) makes the fair share exact."
    ) in table


def test_there_is_one_wilson_interval():
    assert report.wilson is stats.wilson


def test_a_lower_end_exactly_at_the_fair_share_is_not_above_it():
    def verdict(low: float) -> bool:
        measured = {"spec": "a", "seats_played": 10, "win_rate": 0.7, "win_rate_ci95": [low, 0.9]}
        found = {
            "players": [measured, {"spec": "b"}],
            "seats": 2,
            "cooperative": False,
            "returns_not_summing_to_1": 0,
            "equal_share": 0.5,
        }
        return summarize_strength(found)["above_fair_share"]

    assert (verdict(0.5), verdict(0.5000001), verdict(0.4999999)) == (False, True, False)  # fair share 1/2


def test_a_team_counts_its_finished_matches_and_wins_a_match_any_of_its_seats_survived():
    from corekit.tournament.store import MatchRecord
    from corekit.tournament.strength import strength_lines

    def match(index: int, team: int, returns: tuple[float, ...], status: str = "ok") -> MatchRecord:
        return MatchRecord(
            index, index // 2, index // 2, (team, team), (f"t{team}",) * 2, status, returns, 5, (1, 1), (0.1, 0.1)
        )

    grizzly = default_registry().game("camp-grizzly")
    records = {
        0: match(0, 0, (0.0, 1.0)),  # deal 0: A's second counselor survived, so A's team won; B's lost
        1: match(1, 1, (0.0, 0.0)),
        2: match(2, 0, (1.0, 0.0)),  # deal 1: both teams won
        3: match(3, 1, (1.0, 1.0)),
        4: match(4, 0, (0.0, 0.0)),  # deal 2: A lost; B's match failed, so the deal is not paired
        5: MatchRecord(5, 2, 2, (1, 1), ("t1",) * 2, "failed", error="the worker process died twice"),
    }
    summary = summarize_strength(report.summarize(grizzly, ["a", "b"], 2, records))
    a_team, b_team = summary["teams"]
    assert (a_team["matches"], a_team["won"], a_team["ci95"]) == (3, 2, list(stats.wilson(2, 3)))
    assert (b_team["matches"], b_team["won"], b_team["ci95"]) == (2, 1, list(stats.wilson(1, 2)))
    paired_found = summary["paired"]
    assert (paired_found["deals"], paired_found["both"], paired_found["a_only"]) == (2, 1, 1)
    lines = strength_lines("camp-grizzly", summary)
    # A's team won 2 of its 3 matches (0.667), B's 1 of 2 (0.500): each over its own matches, not the paired deals.
    assert lines[2].startswith("| camp-grizzly | 2 | a | Otis | 3 | 0.667 | [")
    assert lines[3].startswith("| camp-grizzly | 2 | b | Otis | 2 | 0.500 | [")


def test_a_lower_end_just_above_the_fair_share_is_not_printed_equal_to_it():
    # An outside tester read "[0.500, ...] | 0.500 | yes": the lower end was 0.50009, rounded onto the fair share.
    from corekit.tournament.strength import free_for_all_row

    summary = {"a": "mcts", "b": "heuristic", "seats": 2, "matches": 300, "rate": 0.56, "fair_share": 0.5}
    above = free_for_all_row("grizzly-race", {**summary, "ci95": (0.50009, 0.61234), "above_fair_share": True})
    assert above == "| grizzly-race | 2 | mcts | heuristic | 300 | 0.560 | [0.5001, 0.612] | 0.500 | yes |"
    below = free_for_all_row("grizzly-race", {**summary, "ci95": (0.4999, 0.6), "above_fair_share": False})
    assert "| [0.4999, 0.600] | 0.500 | no |" in below
    plain = free_for_all_row("grizzly-race", {**summary, "ci95": (0.52, 0.6), "above_fair_share": True})
    assert "| [0.520, 0.600] | 0.500 | yes |" in plain
