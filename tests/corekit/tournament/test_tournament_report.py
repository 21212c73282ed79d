"""The report: Wilson intervals, Plackett-Luce ratings in index order, seat and cooperative figures."""

from __future__ import annotations

import attrs
import pytest

from corekit import Game
from corekit.tournament.report import labels, print_report, summarize, wilson
from corekit.tournament.store import MatchRecord


class Duel(Game):
    """A stand-in game: only the metadata the report reads."""

    id = "duel"
    title = "Duel"
    min_players = 2
    max_players = 2

    def _setup(self, players: int, seed: int, options: object) -> None:
        raise NotImplementedError

    def max_decisions(self, players: int, options: object) -> int:
        return 1


class Trio(Duel):
    """A three-seat stand-in."""

    id = "trio"
    min_players = 3
    max_players = 3


class Siege(Duel):
    """A cooperative stand-in against a villain."""

    id = "siege"
    cooperative = True
    villain = "Otis"


def record(
    index: int, lineup: tuple[int, ...], returns: tuple[float, ...], forfeit: int | None = None, status: str = "ok"
) -> MatchRecord:
    return MatchRecord(
        index,
        index,
        index,
        lineup,
        tuple(f"p{w}" for w in lineup),
        status,
        returns,
        10 + index,
        (5,) * len(lineup),
        (0.5,) * len(lineup),
        forfeit,
        "boom" if forfeit is not None else None,
    )


def test_wilson_matches_the_textbook_values() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))


def test_a_spec_given_twice_is_told_apart() -> None:
    assert labels(["random", "mcts", "random"]) == ["random#1", "mcts", "random#2"]


def test_the_spec_that_always_wins_is_rated_first_and_seat_rates_show_no_advantage() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 2 == 0 else (0.0, 1.0)) for i in range(20)}
    report = summarize(Duel(), ["strong", "weak"], 2, records)
    strong, weak = report["players"]
    assert strong["win_rate"] == 1.0 and weak["win_rate"] == 0.0
    assert strong["rating"]["mu"] > 25 > weak["rating"]["mu"]
    assert [s["win_rate"] for s in report["seat_win_rates"]] == [0.5, 0.5]
    assert strong["mean_decision_time"] == pytest.approx(0.1)
    # Lengths 10-29, one each: the median 19.5, the sample standard deviation sqrt(35) = 5.916.
    assert report["length"] == {"mean": 19.5, "median": 19.5, "stdev": pytest.approx(35**0.5), "min": 10, "max": 29}


def test_a_seats_interval_counts_deals_not_the_seatings_that_share_a_deals_cards() -> None:
    # Ten deals of two seatings each; seat 0 wins both seatings of the first seven deals (alike, as they are when
    # both players play alike): seven wins in ten deals, not fourteen independent wins in twenty matches.
    records = {
        i: attrs.evolve(record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i // 2 < 7 else (0.0, 1.0)), deal=i // 2)
        for i in range(20)
    }
    seat0 = summarize(Duel(), ["a", "b"], 2, records)["seat_win_rates"][0]
    assert seat0["win_rate"] == 0.7
    assert seat0["win_rate_ci95"] == list(wilson(7, 10)) != list(wilson(14, 20))


def test_failed_matches_are_listed_but_left_out_of_rates_and_forfeits_are_charged_to_the_seat() -> None:
    records = {
        0: record(0, (0, 1), (0.0, 1.0), forfeit=0, status="forfeit"),
        1: MatchRecord(1, 1, 1, (1, 0), ("p1", "p0"), "failed", error="the worker process died twice"),
    }
    report = summarize(Duel(), ["a", "b"], 2, records)
    assert report["players"][0]["forfeits"] == 1 and report["players"][1]["forfeits"] == 0
    assert report["players"][0]["seats_played"] == 1
    assert [p["failed_matches"] for p in report["players"]] == [1, 1]
    assert report["failed"] == [{"index": 1, "specs": ["p1", "p0"], "error": "the worker process died twice"}]


def test_played_matches_whose_replay_was_lost_are_listed_and_still_count() -> None:
    lost = "after the match: cannot write the replay r.cfr: No space left on device"
    records = {
        0: record(0, (0, 1), (1.0, 0.0)),
        1: attrs.evolve(record(1, (1, 0), (1.0, 0.0)), replay_error=lost),
        2: MatchRecord(2, 2, 2, (0, 1), ("p0", "p1"), "failed", error="the worker process died twice"),
    }
    report = summarize(Duel(), ["a", "b"], 2, records)
    assert report["missing_replays"] == [{"index": 1, "specs": ["p1", "p0"], "error": lost}]
    assert [p["seats_played"] for p in report["players"]] == [2, 2]
    assert [p["win_rate"] for p in report["players"]] == [0.5, 0.5]


def test_the_table_report_lists_the_lost_replays_under_the_failures() -> None:
    from rich.console import Console

    lost = "after the match: cannot write the replay r.cfr: No space left on device"
    records = {0: record(0, (0, 1), (1.0, 0.0)), 1: attrs.evolve(record(1, (1, 0), (1.0, 0.0)), replay_error=lost)}
    console = Console(width=110, record=True)
    print_report(summarize(Duel(), ["a", "b"], 2, records), console)
    lines = console.export_text().splitlines()
    assert lines[-3:] == ["Forfeits: 0; failed matches: 0", "Replays not written: 1", f"  match 1 (p1, p0): {lost}"]


def test_the_table_report_says_nothing_of_replays_when_none_was_lost() -> None:
    from rich.console import Console

    console = Console(width=110, record=True)
    print_report(summarize(Duel(), ["a", "b"], 2, {0: record(0, (0, 1), (1.0, 0.0))}), console)
    assert console.export_text().splitlines()[-1] == "Forfeits: 0; failed matches: 0"


def test_ratings_do_not_depend_on_the_order_matches_finished_in() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 3 else (0.0, 1.0)) for i in range(12)}
    shuffled = {i: records[i] for i in (5, 0, 11, 3, 1, 2, 4, 6, 10, 7, 9, 8)}
    assert summarize(Duel(), ["a", "b"], 2, records) == summarize(Duel(), ["a", "b"], 2, shuffled)


def test_a_cooperative_team_is_rated_against_the_villain() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 1.0) if i < 3 else (0.0, 0.0)) for i in range(4)}
    report = summarize(Siege(), ["a", "b"], 2, records)
    assert report["villain"]["name"] == "Otis"
    assert report["villain"]["team_win_rate"] == 0.75
    assert report["players"][0]["team_win_rate"] == 0.75
    assert report["villain"]["rating"]["mu"] < 25 < report["players"][0]["rating"]["mu"]


def test_in_a_won_cooperative_match_the_survivor_ranks_above_the_fallen() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 2 == 0 else (0.0, 1.0)) for i in range(6)}
    report = summarize(Siege(), ["survivor", "fallen"], 2, records)
    survivor, fallen = report["players"]
    assert survivor["team_win_rate"] == fallen["team_win_rate"] == 1.0
    assert survivor["rating"]["mu"] > fallen["rating"]["mu"] > report["villain"]["rating"]["mu"]


def test_the_cooperative_table_fits_100_columns_and_says_what_each_rate_counts() -> None:
    from rich.console import Console

    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 2 == 0 else (0.0, 0.0)) for i in range(4)}
    console = Console(width=100, record=True)
    print_report(summarize(Siege(), ["heuristic:variant=timid", "random"], 2, records), console)
    lines = console.export_text().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 100
    header = next(line for line in lines if "player" in line)
    assert [cell.strip() for cell in header.strip("┃ ").split("┃")] == [
        "player",
        "team won",
        "won",
        "seats",
        "ms/decision",
    ]
    row = next(line for line in lines if "random" in line and "│" in line)
    # only seat 0 ever scored, and random never held it; the team won two of the four matches
    assert "0.0% (0-49%)" in row and "50.0% (15-85%)" in row
    assert "heuristic:variant=timid" in "".join(line.split("│")[1].strip() for line in lines if "│" in line)
    at = lines.index("Ranked by team won: the matches its team won against Otis (equal ones by won, then rating).")
    assert lines[at + 1] == (
        "won: its seats that scored; with 95% Wilson intervals, a deal's seats not counted as independent."
    )


def table_rows(report: dict[str, object], width: int = 120) -> list[list[str]]:
    """The players' table as printed to a file: its rows' cells."""
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), record=True)
    print_report(report, console)
    lines = console.export_text().splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("└"))
    return [[cell.strip() for cell in line.strip("│").split("│")] for line in lines[:end] if line.startswith("│")]


def contradicting_report(coop: bool = False) -> dict[str, object]:
    """A report whose ordinals order the players against their win rates (as openskill can: `weak` beat stronger
    opponents, less often)."""
    game = Siege() if coop else Duel()
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0) if i % 3 else (0.0, 1.0)) for i in range(12)}
    report = summarize(game, ["weak", "strong"], 2, records)
    weak, strong = report["players"]
    weak["rating"]["ordinal"], strong["rating"]["ordinal"] = 10.0, 1.0
    weak["win_rate"], strong["win_rate"] = 0.4, 0.45
    if coop:
        weak["team_win_rate"], strong["team_win_rate"] = 0.05, 0.4
    return report


def test_the_table_ranks_by_win_rate_even_where_the_ordinal_says_otherwise() -> None:
    rows = table_rows(contradicting_report())
    assert [row[0] for row in rows] == ["strong", "weak"]
    assert [row[1].split()[0] for row in rows] == ["45.0%", "40.0%"]


def test_a_cooperative_table_ranks_by_team_win_rate_against_the_villain_with_no_rating() -> None:
    report = contradicting_report(coop=True)
    rows = table_rows(report)
    assert [row[0] for row in rows] == ["strong", "weak"]
    assert [row[1].split()[0] for row in rows] == ["40.0%", "5.0%"]
    assert all("±" not in cell for row in rows for cell in row)


def test_a_long_spec_is_not_folded_mid_number_in_a_table_printed_to_a_file() -> None:
    spec = "mcts:iterations=2000,c=0.7,rollout=heuristic,tree_depth=12"
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0)) for i in range(2)}
    rows = table_rows(summarize(Duel(), [spec, "random"], 2, records), width=60)
    assert sorted(row[0] for row in rows) == [spec, "random"]  # each on one line, whole


@pytest.mark.parametrize(
    ("seconds", "shown"), [(1.234, "1234"), (0.1234, "123"), (0.01234, "12.3"), (0.0001234, "0.123"), (None, "-")]
)
def test_ms_per_decision_is_never_in_exponent_form(seconds: float | None, shown: str) -> None:
    from corekit.words import milliseconds

    assert milliseconds(seconds) == shown


class Compass(Duel):
    """A stand-in game whose seats have names."""

    def seat_name(self, seat: int) -> str:
        return ("North", "South")[seat]


@pytest.mark.parametrize(
    ("errors", "reason"),
    [
        (
            ["ran out of time (0.05s > the 0.01s limit)", "ran out of time (0.07s > the 0.01s limit)"],
            "p0 ran out of time (over the 0.01s limit)",
        ),
        (
            [
                "ran out of time: no answer within the 0.1s limit (cut off after 1.2s)",
                "ran out of time: no answer within the 0.1s limit (cut off after 1.3s)",
            ],
            "p0 ran out of time: no answer within the 0.1s limit",
        ),
        (
            [
                "ran out of time: no answer within the 0.1s limit (its worker process was killed after 2.0s)",
                "ran out of time: no answer within the 0.1s limit (cut off after 1.3s)",
            ],
            "p0 ran out of time: no answer within the 0.1s limit",
        ),
        (
            [
                "played an illegal action: 'x' is not a legal action for {name}",
                "played an illegal action: 'x' is not a legal action for {name}",
            ],
            "p0 played an illegal action: 'x' is not a legal action for its seat",
        ),
        (
            [
                "played an illegal action: {name} may not act now (to act: nobody, the game is over)",
                "played an illegal action: {name} may not act now (to act: nobody, the game is over)",
            ],
            "p0 played an illegal action: its seat may not act now (to act: nobody, the game is over)",
        ),
    ],
)
@pytest.mark.parametrize("game", [Duel(), Compass()])
def test_forfeits_of_one_cause_count_as_one_reason_whatever_the_seat_and_the_seconds(
    errors: list[str], reason: str, game: Duel
) -> None:
    records = {}
    for index, (lineup, error) in enumerate(zip([(0, 1), (1, 0)], errors, strict=True)):
        seat = lineup.index(0)
        forfeited = record(index, lineup, (0.0, 1.0) if seat == 0 else (1.0, 0.0), forfeit=seat, status="forfeit")
        text = f"seat {seat} (p0) " + error.format(name=game.seat_name(seat))
        records[index] = attrs.evolve(forfeited, error=text)
    assert summarize(game, ["p0", "p1"], 2, records)["forfeit_reasons"] == [{"reason": reason, "matches": 2}]


def printed(report: dict[str, object]) -> list[str]:
    """The report's tables and notes as printed, line by line."""
    import io

    from rich.console import Console

    console = Console(width=400, file=io.StringIO(), record=True)  # no note folded
    print_report(report, console)
    return console.export_text().splitlines()


def test_the_json_report_opens_with_its_format_version() -> None:
    report = summarize(Duel(), ["a", "b"], 2, {0: record(0, (0, 1), (1.0, 0.0))}, {"seed": 1})
    assert next(iter(report.items())) == ("campfire_report", 1)


def test_the_seat_table_says_its_intervals_count_deals_in_print_and_in_json() -> None:
    # Twenty matches of ten deals, two seatings each.
    records = {i: attrs.evolve(record(i, (i % 2, 1 - i % 2), (1.0, 0.0)), deal=i // 2) for i in range(20)}
    report = summarize(Duel(), ["a", "b"], 2, records)
    assert [seat["deals"] for seat in report["seat_win_rates"]] == [10, 10]
    assert (
        "By seat: 95% Wilson intervals over 10 deals, not matches: the seatings of a deal share its cards. Less seat 0:"
        in " ".join(printed(report))
    )


def test_match_length_is_printed_as_actions_applied_not_decisions() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0)) for i in range(20)}
    assert "Match length: mean 19.5 actions applied, median 19.5, standard deviation 5.9 (min 10, max 29)" in printed(
        summarize(Duel(), ["a", "b"], 2, records)
    )


def test_every_free_for_all_report_says_what_an_equal_player_scores_when_returns_do_not_add_up_to_1() -> None:
    # Two of eight matches nobody won: the equal share is (6 * 1 + 2 * 0) / 8 / 2 = 0.375, not 0.5.
    records = {i: record(i, (i % 2, 1 - i % 2), (0.0, 0.0) if i < 2 else (1.0, 0.0)) for i in range(8)}
    report = summarize(Duel(), ["a", "b"], 2, records)
    assert (report["returns_not_summing_to_1"], report["equal_share"]) == (2, 0.375)
    note = (
        "Note: the returns of 2 of 8 matches do not add up to 1 (nobody won, say), so the fair share 0.500 is not what "
        "an equal player scores here: that is 0.375, the mean total return shared by 2 seats. A game option that "
        "shares such outcomes (see `campfire games`) makes the fair share exact."
    )
    assert note in printed(report)
    assert note not in printed({**report, "strength": {}})  # a strength run's table prints it, once
    whole = summarize(Duel(), ["a", "b"], 2, {0: record(0, (0, 1), (1.0, 0.0))})
    assert (whole["returns_not_summing_to_1"], whole["equal_share"]) == (0, 0.5)
    assert not any(line.startswith("Note: the returns") for line in printed(whole))


def test_a_cooperative_report_has_no_share_of_returns_to_add_up() -> None:
    report = summarize(Siege(), ["a", "b"], 2, {0: record(0, (0, 1), (0.0, 0.0))})
    assert "returns_not_summing_to_1" not in report and "equal_share" not in report


def test_a_report_names_the_specs_with_a_time_budget_in_a_note() -> None:
    report = summarize(Duel(), ["mcts:seconds=0.5", "b"], 2, {0: record(0, (0, 1), (1.0, 0.0))})
    assert not any("time budget" in line for line in printed(report))
    report["time_budgeted"] = ["mcts:seconds=0.5"]
    assert (
        "Note: mcts:seconds=0.5 has a time budget (seconds=), so the results depend on the machine's speed and "
        "load: another run, --jobs or a resume may differ."
    ) in printed(report)


def test_seats_are_named_as_the_matches_called_them_from_the_runs_options() -> None:
    from corekit import default_registry

    game = default_registry().game("camp-grizzly")
    records = {0: record(0, (0, 1), (1.0, 0.0)), 1: record(1, (1, 0), (0.0, 0.0))}
    header = {"options": {"counselors": "Tracy+Marcus"}}
    named = summarize(game, ["a", "b"], 2, records, header)["seat_win_rates"]
    assert [seat["name"] for seat in named] == ["Tracy", "Marcus"]  # as `replay show` and `analyze` name them
    assert [seat["name"] for seat in summarize(game, ["a", "b"], 2, records)["seat_win_rates"]] == ["seat 0", "seat 1"]


def test_an_interval_of_no_wins_starts_at_exactly_zero_and_of_all_wins_ends_at_exactly_one() -> None:
    for trials in range(1, 60):
        assert wilson(0, trials)[0] == 0.0 and wilson(trials, trials)[1] == 1.0
        assert wilson(0.0 * trials, trials)[0] == 0.0


def test_a_spec_holding_two_seats_is_rated_the_mean_of_its_seats_updates_each_from_its_own_copy() -> None:
    # openskill copies a match's teams with one deepcopy, which kept a spec's two seats one object: its update was
    # applied once per seat in turn, and the mean was of two equal values (an outside review measured the drift).
    from openskill.models import PlackettLuce

    from corekit.tournament.report import rate

    model = PlackettLuce()
    # Spec 0 holds seats 0 and 2: it wins in one and ties spec 1 for last in the other.
    ratings, _villain = rate([record(0, (0, 1, 0), (1.0, 0.0, 0.0))], 2, False)
    first, second, third = (team[0] for team in model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 2]))
    assert ratings[0] == (pytest.approx((first.mu + third.mu) / 2), pytest.approx((first.sigma + third.sigma) / 2))
    assert ratings[1] == (pytest.approx(second.mu), pytest.approx(second.sigma))
    assert ratings[0][0] == pytest.approx(25.717, abs=1e-3) and ratings[0][1] == pytest.approx(8.132, abs=1e-3)


def test_a_players_interval_counts_a_match_whose_seats_it_all_held_as_one_cluster() -> None:
    # An outside audit: both counselors of one spec survive or die together, and Wilson over the 60 seats was as if
    # they were 60 independent trials (too narrow); the spread between the 30 matches is what the interval counts.
    records = {i: record(i, (0, 0), (1.0, 1.0) if i % 3 else (0.0, 0.0)) for i in range(30)}
    (team,) = summarize(Siege(), ["heuristic"], 2, records)["players"]
    assert (team["seats_played"], team["win_rate"]) == (60, pytest.approx(2 / 3))
    assert team["win_rate_ci95"] == [pytest.approx(x) for x in wilson(20, 30)]  # the 30 matches: their seats alike
    assert team["win_rate_ci95"][0] < wilson(40, 60)[0]


def test_head_to_head_scores_each_pair_of_seats_1_for_the_higher_return_and_half_for_equal_ones() -> None:
    from corekit.tournament.stats import clustered_wilson

    # a wins match 0 (b and c both lose: equal returns), b wins match 1.
    records = {0: record(0, (0, 1, 2), (1.0, 0.0, 0.0)), 1: record(1, (1, 2, 0), (1.0, 0.0, 0.0))}
    entries = summarize(Duel(), ["a", "b", "c"], 3, records)["head_to_head"]
    pairs = [(entry["player"], entry["opponent"]) for entry in entries]
    assert pairs == [("a", "b"), ("a", "c"), ("b", "a"), ("b", "c"), ("c", "a"), ("c", "b")]
    ahead = {pair: entry["ahead"] for pair, entry in zip(pairs, entries, strict=True)}
    assert ahead == {
        ("a", "b"): 0.5,
        ("a", "c"): 0.75,
        ("b", "a"): 0.5,
        ("b", "c"): 0.75,
        ("c", "a"): 0.25,
        ("c", "b"): 0.25,
    }
    assert all((entry["pairs"], entry["matches"]) == (2, 2) for entry in entries)
    assert entries[1]["ahead_ci95"] == list(clustered_wilson([(1.0, 1), (0.5, 1)])) == list(wilson(1.5, 2))


def test_head_to_head_of_a_spec_holding_two_seats_counts_each_of_its_seats_against_the_other_in_one_cluster() -> None:
    from corekit.tournament.stats import clustered_wilson

    # a holds seats 0 and 2: its seat 0 beat b, its seat 2 lost alongside b.
    (a_b, b_a) = summarize(Duel(), ["a", "b"], 3, {0: record(0, (0, 1, 0), (1.0, 0.0, 0.0))})["head_to_head"]
    assert (a_b["ahead"], a_b["pairs"], a_b["matches"]) == (0.75, 2, 1)
    assert b_a["ahead"] == 0.25
    assert a_b["ahead_ci95"] == list(clustered_wilson([(1.5, 2)]))


def test_a_cooperative_report_has_no_head_to_head() -> None:
    assert "head_to_head" not in summarize(Siege(), ["a", "b"], 2, {0: record(0, (0, 1), (1.0, 1.0))})


def test_the_head_to_head_table_is_printed_where_it_adds_to_the_win_rates() -> None:
    records = {0: record(0, (0, 1, 2), (1.0, 0.0, 0.0)), 1: record(1, (1, 2, 0), (1.0, 0.0, 0.0))}
    lines = printed(summarize(Duel(), ["a", "b", "c"], 3, records))
    at = [line.rstrip() for line in lines].index("Head to head")
    rows = [line for line in lines[at:] if line.startswith("│")]
    # Rows and columns in the players table's order (a and b won once each, b rated first), the diagonal a dash.
    assert [row.split("│")[1].strip() for row in rows[:3]] == ["b", "a", "c"]
    assert [cell.strip() for cell in rows[0].split("│")[2:5]] == ["-", "50.0% (9-91%)", "75.0% (20-97%)"]
    assert any(line.startswith("Head to head: how often the row's player finished ahead of") for line in lines)
    # Two players in two seats: each match is one pair, and who finished ahead is the win rate's winner.
    duel = summarize(Duel(), ["a", "b"], 2, {0: record(0, (0, 1), (1.0, 0.0))})
    assert duel["head_to_head"] and not any(line.startswith("Head to head") for line in printed(duel))
    three_seats = summarize(Duel(), ["a", "b"], 3, {0: record(0, (0, 1, 0), (1.0, 0.0, 0.0))})
    assert any(line.startswith("Head to head") for line in printed(three_seats))


def test_a_return_outside_0_1_is_scored_clipped_in_win_rates_and_head_to_head() -> None:
    # Match 0: a 1.5 (scored 1), b -0.5 (scored 0). Match 1: b 1.0, a 1.5 (scored 1): equal once clipped.
    records = {0: record(0, (0, 1), (1.5, -0.5)), 1: record(1, (1, 0), (1.0, 1.5))}
    report = summarize(Duel(), ["a", "b"], 2, records)
    assert [p["win_rate"] for p in report["players"]] == [1.0, 0.5]  # a (1 + 1) / 2, b (0 + 1) / 2
    a_b, b_a = report["head_to_head"]
    assert (a_b["ahead"], b_a["ahead"]) == (0.75, 0.25)  # a: (1 + 0.5) / 2; b: (0 + 0.5) / 2


def test_the_equal_share_adds_up_returns_clipped_to_0_1() -> None:
    # Scored totals: match 0 1 + 0 = 1 (adds up), match 1 1 + 1 = 2 (does not): equal share (1 + 2) / 2 / 2 = 0.75.
    records = {0: record(0, (0, 1), (1.5, -0.5)), 1: record(1, (1, 0), (1.0, 1.5))}
    report = summarize(Duel(), ["a", "b"], 2, records)
    assert (report["returns_not_summing_to_1"], report["equal_share"]) == (1, 0.75)


def test_a_teams_win_rate_counts_each_match_once_however_many_of_its_seats_the_spec_held() -> None:
    # One spec in both seats of 30 matches, 20 of them won: its team won 20 of 30 matches, not 40 of 60 seats.
    records = {i: record(i, (0, 0), (1.0, 1.0) if i % 3 else (0.0, 0.0)) for i in range(30)}
    (team,) = summarize(Siege(), ["heuristic"], 2, records)["players"]
    assert (team["matches"], team["team_win_rate"]) == (30, pytest.approx(20 / 30))
    assert team["team_win_rate_ci95"] == list(wilson(20, 30))


def test_the_ordinal_is_mu_minus_three_sigma_for_every_player_and_the_villain() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 1.0) if i < 3 else (0.0, 0.0)) for i in range(4)}
    report = summarize(Siege(), ["a", "b", "idle"], 2, records)
    for rating in [player["rating"] for player in report["players"]] + [report["villain"]["rating"]]:
        assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])
    # A spec that never played keeps openskill's prior, mu 25 and sigma 25/3: ordinal 25 - 3 * 25/3 = 0.
    assert report["players"][2]["rating"]["ordinal"] == pytest.approx(0.0, abs=1e-9)


def test_the_villains_interval_counts_the_finished_matches_only() -> None:
    # The team won 2 of 3 finished matches; the fourth failed and counts nowhere: Wilson 2 of 3 = (0.2077, 0.9385).
    records = {
        0: record(0, (0, 1), (1.0, 1.0)),
        1: record(1, (1, 0), (0.0, 0.0)),
        2: record(2, (0, 1), (1.0, 0.0)),
        3: MatchRecord(3, 3, 3, (1, 0), ("p1", "p0"), "failed", error="the worker process died twice"),
    }
    villain = summarize(Siege(), ["a", "b"], 2, records)["villain"]
    assert villain["team_win_rate"] == pytest.approx(2 / 3)
    assert (
        villain["team_win_rate_ci95"]
        == list(wilson(2, 3))
        == [pytest.approx(0.2077, abs=1e-4), pytest.approx(0.9385, abs=1e-4)]
    )


def test_a_cooperative_table_breaks_a_tie_in_team_won_by_the_players_own_won_before_the_rating() -> None:
    report = contradicting_report(coop=True)
    weak, strong = report["players"]
    weak["team_win_rate"] = strong["team_win_rate"] = 0.4  # tied; strong's own won 45% against weak's 40%
    rows = table_rows(report)
    assert [row[0] for row in rows] == ["strong", "weak"]  # although weak's ordinal (10) is above strong's (1)


def test_the_rating_column_prints_mu_plus_minus_two_sigma() -> None:
    # "idle" never played: openskill's prior, mu 25 and sigma 25/3, printed 25.0 ± 2 * 8.33 = 16.7.
    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0)) for i in range(2)}
    rows = table_rows(summarize(Duel(), ["a", "b", "idle"], 2, records))
    assert next(row for row in rows if row[0] == "idle")[3] == "25.0 ± 16.7"  # after win rate and won alone


def test_a_failed_match_counts_once_for_a_spec_that_held_two_of_its_seats() -> None:
    records = {
        0: MatchRecord(0, 0, 0, (0, 0), ("p0", "p0"), "failed", error="the worker process died twice"),
        1: record(1, (0, 1), (1.0, 0.0)),
    }
    assert [p["failed_matches"] for p in summarize(Duel(), ["a", "b"], 2, records)["players"]] == [1, 0]


def test_how_the_matches_ended_is_counted_and_each_player_and_seat_says_how_often_it_won_alone() -> None:
    # An outside tester read 24.6-25.3% for every seat of a slasher run whose 300 matches were all shared wins: a rate
    # counts a share, so the report says how the matches ended and what part of a rate was won alone.
    records = {
        0: record(0, (0, 1, 2), (1.0, 0.0, 0.0)),  # p0 alone, in seat 0
        1: record(1, (1, 2, 0), (0.5, 0.0, 0.5)),  # p1 and p0 share
        2: record(2, (2, 0, 1), (0.0, 0.0, 0.0)),  # nobody
        3: record(3, (0, 1, 2), (1 / 3, 1 / 3, 1 / 3)),  # all three share
        4: record(4, (1, 2, 0), (0.0, 1.0, 0.0)),  # p2 alone, in seat 1
        5: MatchRecord(5, 5, 5, (0, 1, 2), ("p0", "p1", "p2"), "failed", error="the worker process died twice"),
    }
    report = summarize(Trio(), ["p0", "p1", "p2"], 3, records)
    assert report["outcomes"] == {"won_alone": 2, "shared": {"2": 1, "3": 1}, "nobody_won": 1}
    assert [player["won_alone"] for player in report["players"]] == [1, 0, 1]
    assert [seat["won_alone"] for seat in report["seat_win_rates"]] == [1, 1, 0]
    assert [row[2] for row in table_rows(report)] == ["20.0%", "20.0%", "0.0%"]  # ranked: p0, p2, p1
    from rich.console import Console

    console = Console(width=100, record=True)
    print_report(report, console)
    assert "Outcomes: one seat won 2, a win was shared in 2 (1 by 2 seats, 1 by 3 seats), nobody won 1." in (
        console.export_text()
    )
    assert "outcomes" not in summarize(Siege(), ["p0", "p1"], 2, {0: record(0, (0, 1), (1.0, 1.0))})


def test_a_spec_given_more_than_once_is_said_to_play_the_same_match_in_the_seatings_that_swap_its_copies() -> None:
    # An outside tester saw "33.3% (23-46%)" for each of three copies of one mcts spec: every seating of a deal was the
    # same match, so the rates were 1/3 by construction.
    from rich.console import Console

    records = {i: record(i, (i % 2, 1 - i % 2), (1.0, 0.0)) for i in range(4)}
    for specs, said in ((["random", "random"], True), (["random", "heuristic"], False)):
        console = Console(width=100, record=True)
        print_report(summarize(Duel(), specs, 2, records), console)
        text = " ".join(console.export_text().split())
        assert (
            "Note: random is given more than once: the seatings of a deal that only swap its copies play the very same "
            "match (a seat's player is seeded by its seat), so the copies' rates against each other are equal by "
            "construction, not measured. To play a spec against itself, give it once with --seats (-k)." in text
        ) is said


def test_a_skewed_spread_of_lengths_shows_in_the_median_and_a_single_match_has_no_spread() -> None:
    lengths = {0: 10, 1: 12, 2: 14, 3: 100}  # the mean 34 is no typical match: the median 13 is
    records = {i: attrs.evolve(record(i, (0, 1), (1.0, 0.0)), steps=steps) for i, steps in lengths.items()}
    length = summarize(Duel(), ["a", "b"], 2, records)["length"]
    assert (length["mean"], length["median"], length["min"], length["max"]) == (34, 13, 10, 100)
    one = summarize(Duel(), ["a", "b"], 2, {0: record(0, (0, 1), (1.0, 0.0))})
    assert one["length"]["stdev"] is None
    assert "Match length: mean 10.0 actions applied, median 10 (min 10, max 10)" in printed(one)


def test_each_seat_is_set_against_seat_0_in_the_same_deals() -> None:
    # An outside tester answered "is there a first-seat advantage?" by hand: the seats' own intervals all overlap.
    # Two deals of two seatings each (the deal is the record's index // 2 here): seat 1 wins both matches of deal 0
    # (difference +1), seat 0 and seat 1 one each in deal 1 (0), and deal 2 has one match only, seat 0 winning (-1).
    lineups = [(0, 1), (1, 0), (0, 1), (1, 0), (0, 1)]
    returns = [(0.0, 1.0), (0.0, 1.0), (1.0, 0.0), (0.0, 1.0), (1.0, 0.0)]
    records = {
        i: attrs.evolve(record(i, lineup, result), deal=i // 2)
        for i, (lineup, result) in enumerate(zip(lineups, returns, strict=True))
    }
    seat_0, seat_1 = summarize(Duel(), ["a", "b"], 2, records)["seat_win_rates"]
    assert seat_0["minus_seat_0"] is None
    paired = seat_1["minus_seat_0"]
    assert (paired["difference"], paired["deals"], paired["ahead"], paired["behind"]) == (0.0, 3, 1, 1)
    assert paired["ci95"] == pytest.approx([-4.303 * 1 / 3**0.5, 4.303 * 1 / 3**0.5], abs=1e-3)  # sd 1, t95(2)
    cells = [line for line in printed(summarize(Duel(), ["a", "b"], 2, records)) if line.startswith("│ seat 1")]
    assert cells and cells[0].rstrip(" │").endswith("+0.000 (-2.484 to +2.484), p = 1")


def test_where_the_first_seat_is_drawn_the_rates_are_given_by_turn_position_too() -> None:
    # A designer could not tell turn order in slasher, whose first seat the seed draws: seats then mix positions.
    # Four deals of one match each at three seats; the first seat (drawn) wins in three of them, the next in one.
    firsts = [0, 1, 2, 1]
    winners = [0, 1, 0, 1]  # deal 2: seat 0 is the second in turn from seat 2
    records = {
        i: attrs.evolve(
            record(i, (0, 1, 2), tuple(1.0 if seat == winners[i] else 0.0 for seat in range(3))), deal=i, first=first
        )
        for i, first in enumerate(firsts)
    }
    report = summarize(Trio(), ["p0", "p1", "p2"], 3, records)
    turns = report["turn_position_win_rates"]
    assert [turn["win_rate"] for turn in turns] == [0.75, 0.25, 0.0]
    assert [turn["deals"] for turn in turns] == [4, 4, 4]
    assert turns[0]["minus_first"] is None and turns[1]["minus_first"]["difference"] == -0.5
    assert turns[1]["minus_first"]["ahead"] == 1 and turns[1]["minus_first"]["behind"] == 3
    text = " ".join(printed(report))
    assert "first to act │ 75.0% (30-95%)" in text and "2nd in turn" in text and "3rd in turn" in text
    same = {i: attrs.evolve(r, first=0) for i, r in records.items()}
    assert "turn_position_win_rates" not in summarize(Trio(), ["p0", "p1", "p2"], 3, same)  # seats say it already


class Race(Duel):
    """A stand-in that declares how its matches can end."""

    id = "race"
    endings = ("hero freed", "deadlocked", "stalled")


def test_the_endings_by_the_rules_are_counted_in_the_games_order_forfeits_and_failures_left_out() -> None:
    # An outside tester balancing a game could not tell a stalled race from a won one: both may pay the same returns.
    records = {
        0: attrs.evolve(record(0, (0, 1), (1.0, 0.0)), ending="hero freed"),
        1: attrs.evolve(record(1, (1, 0), (0.5, 0.5)), ending="stalled"),
        2: attrs.evolve(record(2, (0, 1), (0.5, 0.5)), ending="stalled"),
        3: attrs.evolve(record(3, (1, 0), (0.5, 0.5)), ending="hero freed"),
        4: attrs.evolve(record(4, (0, 1), (0.5, 0.5)), ending="stalled"),
        5: record(5, (0, 1), (0.0, 1.0), forfeit=0, status="forfeit"),
        6: MatchRecord(6, 6, 6, (0, 1), ("p0", "p1"), "failed", error="the worker process died twice"),
    }
    report = summarize(Race(), ["p0", "p1"], 2, records)
    assert report["endings"] == [
        {"ending": "hero freed", "matches": 2},
        {"ending": "deadlocked", "matches": 0},
        {"ending": "stalled", "matches": 3},
    ]
    assert (
        "Endings by the rules of the 5 matches nobody forfeited: hero freed 2 (40.0%), deadlocked 0 (0.0%), stalled 3 "
        "(60.0%)." in printed(report)
    )


def test_matches_all_forfeited_list_each_ending_at_0_without_a_share() -> None:
    records = {i: record(i, (i % 2, 1 - i % 2), (0.0, 1.0), forfeit=0, status="forfeit") for i in range(2)}
    report = summarize(Race(), ["p0", "p1"], 2, records)
    assert [row["matches"] for row in report["endings"]] == [0, 0, 0]
    said = "Endings by the rules of the 0 matches nobody forfeited: hero freed 0, deadlocked 0, stalled 0."
    assert said in printed(report)  # no share of 0 matches


def test_matches_recorded_before_endings_were_are_counted_as_not_recorded() -> None:
    records = {0: attrs.evolve(record(0, (0, 1), (1.0, 0.0)), ending="hero freed"), 1: record(1, (1, 0), (1.0, 0.0))}
    report = summarize(Race(), ["p0", "p1"], 2, records)
    assert report["endings"][-1] == {"ending": None, "matches": 1}
    assert (
        "Endings by the rules: hero freed 1 (50.0%), deadlocked 0 (0.0%), stalled 0 (0.0%), not recorded 1 (50.0%)."
        in (printed(report))
    )


def test_a_game_that_declares_no_endings_has_none_in_its_report() -> None:
    report = summarize(Duel(), ["p0", "p1"], 2, {0: record(0, (0, 1), (1.0, 0.0))})
    assert "endings" not in report and not any("Endings" in line for line in printed(report))


def test_an_ending_the_game_does_not_declare_is_listed_by_name_before_the_unrecorded() -> None:
    # An outside tester's hand-edited file: an unknown ending was filed under "not recorded".
    records = {
        0: attrs.evolve(record(0, (0, 1), (1.0, 0.0)), ending="dragon slain"),
        1: record(1, (1, 0), (1.0, 0.0)),
        2: attrs.evolve(record(2, (0, 1), (1.0, 0.0)), ending="stalled"),
    }
    report = summarize(Race(), ["p0", "p1"], 2, records)
    assert report["endings"] == [
        {"ending": "hero freed", "matches": 0},
        {"ending": "deadlocked", "matches": 0},
        {"ending": "stalled", "matches": 1},
        {"ending": "dragon slain", "matches": 1},
        {"ending": None, "matches": 1},
    ]


def _in_deal(index: int, deal: int, lineup: tuple[int, ...], returns: tuple[float, ...]) -> MatchRecord:
    return attrs.evolve(record(index, lineup, returns), deal=deal, seed=deal)


def test_a_cooperative_teams_intervals_count_a_deals_seatings_as_one_cluster_since_they_share_its_cards() -> None:
    # Eight deals of two seatings each; the team wins both seatings of deals 0-3 and loses both of deals 4-7: worth
    # eight trials, not sixteen (the same cards, alike results), for each player's rates and for the villain's.
    records = {}
    for deal in range(8):
        won = (1.0, 1.0) if deal < 4 else (0.0, 0.0)
        for turn, lineup in enumerate(((0, 1), (1, 0))):
            index = 2 * deal + turn
            records[index] = _in_deal(index, deal, lineup, won)
    report = summarize(Siege(), ["p0", "p1"], 2, records)
    eight = list(wilson(4, 8))
    assert eight != list(wilson(8, 16))
    for player in report["players"]:
        assert (player["team_win_rate"], player["team_win_rate_ci95"]) == (0.5, eight)
        assert player["win_rate_ci95"] == pytest.approx(eight)
    assert report["villain"]["team_win_rate_ci95"] == eight


def test_a_players_interval_counts_every_seat_when_its_seatings_in_a_deal_go_against_each_other() -> None:
    # Each deal favours seat 0: either player wins there and loses in the other seat, so a deal's two seats add to
    # one win and the deals do not spread: as many trials as seats, the cap.
    records = {}
    for deal in range(8):
        for turn, lineup in enumerate(((0, 1), (1, 0))):
            index = 2 * deal + turn
            records[index] = _in_deal(index, deal, lineup, (1.0, 0.0))
    report = summarize(Duel(), ["p0", "p1"], 2, records)
    assert [player["win_rate_ci95"] for player in report["players"]] == [list(wilson(8, 16))] * 2
    assert [entry["ahead_ci95"] for entry in report["head_to_head"]] == [list(wilson(8, 16))] * 2
    assert [entry["matches"] for entry in report["head_to_head"]] == [16, 16]


def test_head_to_head_counts_a_deals_seatings_as_one_cluster() -> None:
    # p0 beats p1 in both seatings of deals 0-3 and loses both of deals 4-7: eight trials' worth, not sixteen.
    records = {}
    for deal in range(8):
        for turn, lineup in enumerate(((0, 1), (1, 0))):
            index = 2 * deal + turn
            p0_won = deal < 4
            returns = (1.0, 0.0) if (lineup[0] == 0) == p0_won else (0.0, 1.0)
            records[index] = _in_deal(index, deal, lineup, returns)
    ahead = summarize(Duel(), ["p0", "p1"], 2, records)["head_to_head"][0]
    assert (ahead["player"], ahead["ahead"], ahead["pairs"], ahead["matches"]) == ("p0", 0.5, 16, 16)
    assert ahead["ahead_ci95"] == pytest.approx(list(wilson(4, 8)))


def test_outcomes_leave_out_forfeited_matches_whose_shared_returns_are_the_runners_not_a_shared_win() -> None:
    forfeit = attrs.evolve(record(1, (1, 2, 0), (0.0, 0.5, 0.5)), forfeit=0, status="forfeit", error="seat 0 raised")
    records = {0: record(0, (0, 1, 2), (1.0, 0.0, 0.0)), 1: forfeit}
    report = summarize(Trio(), ["p0", "p1", "p2"], 3, records)
    assert report["outcomes"] == {"won_alone": 1, "shared": {}, "nobody_won": 0}
    assert "Outcomes of the 1 match nobody forfeited: one seat won 1, a win was shared in 0, nobody won 0." in (
        printed(report)
    )
