"""Report and compare figures pinned by a mutation sweep: each test checks a number or a line a user reads."""

from __future__ import annotations

import attrs
import pytest

from corekit.tournament.report import plot_ratings, summarize
from corekit.tournament.store import MatchRecord
from tests.corekit.tournament.test_tournament_report import Duel, Siege, Trio, printed, record, table_rows


def died(index: int, error: str = "the worker process died twice", **more: object) -> MatchRecord:
    return MatchRecord(index, index, index, (0, 1), ("p0", "p1"), "failed", error=error, **more)


def forfeited(index: int, lineup: tuple[int, int], seat: int, error: str) -> MatchRecord:
    returns = (0.0, 1.0) if seat == 0 else (1.0, 0.0)
    spec = f"p{lineup[seat]}"
    return attrs.evolve(
        record(index, lineup, returns, forfeit=seat, status="forfeit"), error=f"seat {seat} ({spec}) {error}"
    )


# ---- report.py ------------------------------------------------------------------------------------------------


def test_ms_per_decision_divides_each_players_own_seats_time_by_its_own_decisions() -> None:
    # One match: seat 0 (a) thought 0.2 s over 4 decisions, seat 1 (b) 0.8 s over 4: 50 ms and 200 ms a decision.
    one = attrs.evolve(record(0, (0, 1), (1.0, 0.0)), decision_time=(0.2, 0.8), decisions=(4, 4))
    report = summarize(Duel(), ["a", "b"], 2, {0: one})
    assert [p["mean_decision_time"] for p in report["players"]] == [pytest.approx(0.05), pytest.approx(0.2)]
    assert [(row[0], row[5]) for row in table_rows(report)] == [("a", "50"), ("b", "200")]


def test_forfeit_reasons_are_listed_most_frequent_first_in_json_and_in_print() -> None:
    records = {
        0: forfeited(0, (0, 1), 1, "raised KeyError"),  # p1 once, seen first
        1: forfeited(1, (0, 1), 0, "raised ValueError"),
        2: forfeited(2, (1, 0), 1, "raised ValueError"),  # p0 twice, from either seat
    }
    report = summarize(Duel(), ["p0", "p1"], 2, records)
    assert report["forfeit_reasons"] == [
        {"reason": "p0 raised ValueError", "matches": 2},
        {"reason": "p1 raised KeyError", "matches": 1},
    ]
    lines = [line for line in printed(report) if line.startswith("  forfeited")]
    assert lines == ["  forfeited 2 matches: p0 raised ValueError", "  forfeited 1 match: p1 raised KeyError"]


def test_only_the_five_most_frequent_forfeit_reasons_are_printed() -> None:
    records = {i: forfeited(i, (0, 1), 0, f"raised E{i}") for i in range(6)}
    report = summarize(Duel(), ["p0", "p1"], 2, records)
    assert len(report["forfeit_reasons"]) == 6
    lines = [line for line in printed(report) if line.startswith("  forfeited")]
    assert lines == [f"  forfeited 1 match: p0 raised E{i}" for i in range(5)]


def test_a_failed_match_is_listed_under_the_failures_not_as_a_lost_replay() -> None:
    records = {0: record(0, (0, 1), (1.0, 0.0)), 1: died(1, replay_error="the match failed: no replay")}
    report = summarize(Duel(), ["p0", "p1"], 2, records)
    assert report["missing_replays"] == []
    assert report["failed"] == [{"index": 1, "specs": ["p0", "p1"], "error": "the worker process died twice"}]
    assert not any(line.startswith("Replays not written") for line in printed(report))


def test_the_first_ten_failed_matches_are_printed_one_line_each() -> None:
    records = {0: record(0, (0, 1), (1.0, 0.0))} | {i: died(i, f"died {i}") for i in range(1, 12)}
    lines = [line for line in printed(summarize(Duel(), ["p0", "p1"], 2, records)) if line.startswith("  match ")]
    assert lines == [f"  match {i} (p0, p1): died {i}" for i in range(1, 11)]


def test_a_turn_positions_rate_is_the_mean_over_deals_of_its_mean_in_each_deal() -> None:
    # Deal 0 has two matches, seat 0 first in both: position 0 won one (mean 0.5), position 1 the other (0.5). Deal 1
    # has one, seat 1 first and winning: position 0 scores 1 there. Position 0: (0.5 + 1) / 2 = 0.75, position 1:
    # (0.5 + 0) / 2 = 0.25, and against the first, per deal 0 and -1: -0.5.
    def won(index: int, deal: int, first: int, winner: int) -> MatchRecord:
        returns = tuple(1.0 if seat == winner else 0.0 for seat in range(3))
        return attrs.evolve(record(index, (0, 1, 2), returns), deal=deal, first=first)

    records = {0: won(0, 0, 0, 0), 1: won(1, 0, 0, 1), 2: won(2, 1, 1, 1)}
    turns = summarize(Trio(), ["p0", "p1", "p2"], 3, records)["turn_position_win_rates"]
    assert [turn["win_rate"] for turn in turns] == [0.75, 0.25, 0.0]
    assert [turn["deals"] for turn in turns] == [2, 2, 2]
    assert turns[1]["minus_first"]["difference"] == -0.5


def test_won_alone_in_the_players_table_is_a_share_of_the_seats_a_player_held() -> None:
    # a holds seats 0 and 1 of both matches and wins alone in seat 0 each time: 2 of its 4 seats, 50.0%, not 2 of 2.
    records = {i: record(i, (0, 0, 1), (1.0, 0.0, 0.0)) for i in range(2)}
    report = summarize(Trio(), ["a", "b"], 3, records)
    assert [p["won_alone"] for p in report["players"]] == [2, 0]
    assert [(row[0], row[2]) for row in table_rows(report)] == [("a", "50.0%"), ("b", "0.0%")]


def test_won_alone_in_the_seat_table_is_a_share_of_the_finished_matches_not_the_failed() -> None:
    # Seat 0 won alone both finished matches; the third failed: 100.0%, not 2 of 3.
    records = {0: record(0, (0, 1), (1.0, 0.0)), 1: record(1, (1, 0), (1.0, 0.0)), 2: died(2)}
    lines = printed(summarize(Duel(), ["p0", "p1"], 2, records))
    cells = {
        line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:5]] for line in lines if "│ seat" in line
    }
    assert cells["seat 0"] == ["100.0% (34-100%)", "100.0%", "-"]
    assert cells["seat 1"][:2] == ["0.0% (0-66%)", "0.0%"]


def test_a_players_idle_note_adds_the_deal_size_only_before_one_whole_deal_was_played() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0)) for i in range(2)}
    schedule = {"seatings_per_deal": 2, "deals": 1, "short_deals": 0, "balanced": True}
    whole = summarize(Duel(), ["a", "b", "idle"], 2, records) | {"schedule": schedule}
    assert "Note: idle finished no match, so their ratings are the starting guess." in printed(whole)
    short = summarize(Duel(), ["a", "b", "idle"], 2, {0: records[0]}) | {"schedule": schedule}
    assert "Note: idle finished no match, so their ratings are the starting guess; one deal is 2 matches." in printed(
        short
    )


def test_a_report_of_no_match_says_nothing_of_players_that_finished_none() -> None:
    lines = printed(summarize(Duel(), ["a", "b"], 2, {}))
    assert lines[0].startswith("duel: 0 matches, 2 seats")
    assert not any("finished no match" in line for line in lines)
    assert "Note: every match ended in a forfeit (see the reasons below)." not in lines


def test_the_reports_game_version_is_the_results_files_not_the_installed_games() -> None:
    one = {0: record(0, (0, 1), (1.0, 0.0))}
    assert summarize(Duel(), ["a", "b"], 2, one, {"seed": 1, "game_version": 3})["game_version"] == "3"
    assert summarize(Duel(), ["a", "b"], 2, one, {"seed": 1})["game_version"] == Duel.version == "1"


def test_the_plot_draws_each_rating_mu_plus_minus_two_sigma_lowest_first_and_the_villain_last(
    tmp_path, monkeypatch
) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.axes import Axes

    drawn = {}
    original = Axes.errorbar

    def errorbar(self, x, y, *args, **kwargs):
        drawn["x"], drawn["xerr"] = list(x), list(kwargs["xerr"])
        return original(self, x, y, *args, **kwargs)

    monkeypatch.setattr(Axes, "errorbar", errorbar)
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 2 == 0 else (0.0, 1.0)) for i in range(6)}
    report = summarize(Siege(), ["survivor", "fallen"], 2, records)
    plot_ratings(report, str(tmp_path / "ratings.png"))
    survivor, fallen = (p["rating"] for p in report["players"])
    villain = report["villain"]["rating"]
    assert fallen["mu"] < survivor["mu"]
    assert drawn["x"] == [fallen["mu"], survivor["mu"], villain["mu"]]
    assert drawn["xerr"] == [2 * fallen["sigma"], 2 * survivor["sigma"], 2 * villain["sigma"]]
    assert (tmp_path / "ratings.png").read_bytes()[:4] == b"\x89PNG"


def test_the_mean_match_length_is_over_the_finished_matches_only() -> None:
    records = {0: record(0, (0, 1), (1.0, 0.0)), 1: record(1, (1, 0), (1.0, 0.0)), 2: died(2)}  # 10 and 11 actions
    report = summarize(Duel(), ["p0", "p1"], 2, records)
    assert report["length"]["mean"] == 10.5
    assert "Match length: mean 10.5 actions applied, median 10.5, standard deviation 0.7 (min 10, max 11)" in printed(
        report
    )


def test_a_player_counts_the_matches_it_forfeited_among_its_matches_and_gets_a_forfeits_column() -> None:
    records = {0: record(0, (0, 1), (1.0, 0.0)), 1: forfeited(1, (1, 0), 0, "raised KeyError")}
    report = summarize(Duel(), ["p0", "p1"], 2, records)
    assert [(p["matches"], p["seats_played"], p["forfeits"]) for p in report["players"]] == [(2, 2, 0), (2, 2, 1)]
    header = next(line for line in printed(report) if line.startswith("┃"))
    assert [cell.strip() for cell in header.strip("┃ ").split("┃")][-2:] == ["ms/decision", "forfeits"]


# ---- compare.py -----------------------------------------------------------------------------------------------


def test_a_sides_played_count_leaves_out_its_failed_matches(tmp_path) -> None:
    from corekit.plugins import default_registry
    from corekit.tournament.compare import compare
    from tests.corekit.tournament.test_compare import match, written

    failed = MatchRecord(1, 0, 1000, (1, 0), ("random", "heuristic"), "failed", error="the worker process died twice")
    a = written(tmp_path / "a", [match(0, (1.0, 0.0), 10), failed, match(2, (0.0, 1.0), 14)])
    b = written(tmp_path / "b", [match(0, (1.0, 0.0), 10), match(1, (1.0, 0.0), 12), match(2, (0.0, 1.0), 14)])
    report = compare(a, b, default_registry())
    assert (report["a"]["played"], report["b"]["played"], report["matches"], report["unpaired"]) == (2, 3, 2, 1)


def test_a_header_without_its_game_version_is_refused_naming_the_missing_key(tmp_path) -> None:
    import json

    from corekit.plugins import default_registry
    from corekit.tournament.compare import CompareError, compare
    from corekit.tournament.store import RESULTS
    from tests.corekit.tournament.test_compare import HEADER, match, written

    a = written(tmp_path / "a", [match(0, (1.0, 0.0), 10)])
    b = written(tmp_path / "b", [match(0, (1.0, 0.0), 10)])
    lines = (b / RESULTS).read_text().splitlines()
    header = {k: v for k, v in HEADER.items() if k != "game_version"}
    (b / RESULTS).write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(CompareError, match=r"its header lacks 'game_version', which a tournament writes$"):
        compare(a, b, default_registry())


def test_a_player_with_no_finished_match_is_ranked_last_not_first() -> None:
    # report.py `_rank`: a missing rate sorted as if it were 100% (the negated rates sort ascending), putting a player
    # that finished no match at the top of a table ranked best first.
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 3 else (0.0, 1.0)) for i in range(6)}
    report = summarize(Duel(), ["a", "b", "idle"], 2, records)
    rows = table_rows(report)
    assert [row[0] for row in rows] == ["a", "b", "idle"]
    assert rows[2][1] == "- (0-100%)"


def test_the_every_match_forfeited_note_counts_the_finished_matches_not_the_failed() -> None:
    # Both finished matches were forfeited and a third failed: the ratings still measure the forfeits only.
    records = {0: forfeited(0, (0, 1), 1, "raised KeyError"), 1: forfeited(1, (1, 0), 0, "raised KeyError"), 2: died(2)}
    lines = printed(summarize(Duel(), ["p0", "p1"], 2, records))
    assert "Note: every match that finished ended in a forfeit (see the reasons below)." in lines
    one_played = printed(summarize(Duel(), ["p0", "p1"], 2, {0: records[0], 1: record(1, (1, 0), (1.0, 0.0))}))
    assert not any("ended in a forfeit" in line for line in one_played)
    only_failed = printed(summarize(Duel(), ["p0", "p1"], 2, {2: died(2)}))
    assert not any("ended in a forfeit" in line for line in only_failed)
