"""A strength run: player A measured against player B, as a tournament whose seatings say how strong A is.

In a free-for-all game A sits in one seat and B in every other, A's seat moving round the table deal by
deal's seatings, so every seat is played equally often: A's win rate is its mean return, and A is stronger
when the lower end of its Wilson interval is above the fair share 1/seats. In a cooperative game each deal
is played by a team of A in every seat and by a team of B: each team's win rate against the game's villain,
and, since both teams played the same deals, the paired comparison (the deals only one team won, the exact
sign test on them, and Newcombe's interval of the difference).

Everything else is the tournament's: one runner, one results file, resumable, the same results for any
number of workers (unless a spec has a time budget, `seconds=`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from corekit.tournament.report import share_note
from corekit.tournament.stats import Pairs, p_text, team_won, wilson
from corekit.words import counted

A, B = 0, 1
"""The positions of the two specs in a strength run."""


def seatings(seats: int, cooperative: bool) -> tuple[tuple[int, ...], ...]:
    """The seatings of one deal: A's team then B's (cooperative), or A in each seat in turn with B elsewhere."""
    if cooperative:
        return ((A,) * seats, (B,) * seats)
    if seats < 2:
        raise ValueError("a strength run of a free-for-all game needs 2 seats or more, one for A and one for B")
    return tuple(tuple(A if seat == a_seat else B for seat in range(seats)) for a_seat in range(seats))


def summarize_strength(report: Mapping[str, Any]) -> dict[str, Any]:
    """What a strength run found, from the tournament's report of it (see `report.summarize`)."""
    a, b = (player["spec"] for player in report["players"])
    seats = report["seats"]
    if not report["cooperative"]:
        measured = report["players"][A]
        fair = 1 / seats
        low, high = measured["win_rate_ci95"]
        return {
            "a": a,
            "b": b,
            "seats": seats,
            "matches": measured["seats_played"],
            "score": (measured["win_rate"] or 0.0) * measured["seats_played"],
            "rate": measured["win_rate"],
            "ci95": [low, high],
            "fair_share": fair,
            "above_fair_share": low > fair,
            # The fair share assumes each match hands out 1 in all; the report says how many did not, and what an
            # equal player scores then (`report.returns_shares`).
            "returns_not_summing_to_1": report["returns_not_summing_to_1"],
            "equal_share": report["equal_share"],
        }
    teams = []
    for spec, position in ((a, A), (b, B)):
        played = [r for r in report["results"] if r["status"] != "failed" and r["lineup"][0] == position]
        won = sum(team_won(r["returns"]) for r in played)
        teams.append({"spec": spec, "matches": len(played), "won": won, "ci95": list(wilson(won, len(played)))})
    pairs = paired(report["results"])
    delta, low, high = pairs.difference()
    return {
        "a": a,
        "b": b,
        "seats": seats,
        "villain": report.get("villain", {}).get("name", "the game"),
        "teams": teams,
        "paired": {
            "deals": pairs.deals,
            "both": pairs.both,
            "a_only": pairs.a_only,
            "b_only": pairs.b_only,
            "neither": pairs.neither,
            "sign_test_p": pairs.sign_p,
            "difference": delta,
            "difference_ci95": [low, high],
        },
    }


def paired(results: Sequence[Mapping[str, Any]]) -> Pairs:
    """The deals both teams finished, by which team won them (a deal with a failed match is left out)."""
    won: dict[int, dict[int, bool]] = {}
    for result in results:
        if result["status"] != "failed":
            won.setdefault(result["deal"], {})[result["lineup"][0]] = team_won(result["returns"])
    return Pairs.count((teams[A], teams[B]) for _, teams in sorted(won.items()) if len(teams) == 2)


FREE_FOR_ALL_HEADER = (
    "| game | players | A | B (every other seat) | matches | A's score | Wilson 95% | fair share "
    "| lower end above it |",
    "|---|---|---|---|---|---|---|---|---|",
)
"""The head of the free-for-all strength table (ai/README.md)."""


def free_for_all_row(game: str, summary: Mapping[str, Any], planned: int | None = None) -> str:
    """One free-for-all run as a row under FREE_FOR_ALL_HEADER; with `planned`, a run short of its registered
    size shows how far it got and nothing more: no score or interval is shown before the run is judged."""
    low, high = summary["ci95"]
    matches = summary["matches"]
    above = "yes" if summary["above_fair_share"] else "no"
    rate, interval = _rate(summary["rate"]), f"[{_apart(low, summary['fair_share'])}, {high:.3f}]"
    if planned is not None:
        if matches < planned:
            above, rate, interval = "not finished", "-", "-"
        matches = f"{matches} of {planned}"
    return (
        f"| {game} | {summary['seats']} | {summary['a']} | {summary['b']} | {matches} | {rate} | "
        f"{interval} | {summary['fair_share']:.3f} | {above} |"
    )


def _apart(value: float, line: float) -> str:
    """`value` to 3 decimals, or to as many more (up to 6) as it takes not to print it equal to `line` where it is not:
    a lower end of 0.50009 beside "yes" (above a fair share of 0.500) is written 0.5001."""
    text = f"{value:.3f}"
    for digits in range(3, 7):
        text = f"{value:.{digits}f}"
        if value == line or text != f"{line:.{digits}f}":
            break
    return text


def strength_lines(game: str, summary: Mapping[str, Any]) -> list[str]:
    """The summary for people: a markdown table (the rows of ai/README.md) and, for teams, the paired line."""
    a, b, seats = summary["a"], summary["b"], summary["seats"]
    if "teams" not in summary:
        return [*FREE_FOR_ALL_HEADER, free_for_all_row(game, summary), *share_notes(summary)]
    lines = [
        "| game | players | team | against | matches | team win rate | Wilson 95% |",
        "|---|---|---|---|---|---|---|",
    ]
    for team in summary["teams"]:
        low, high = team["ci95"]
        rate = team["won"] / team["matches"] if team["matches"] else None
        lines.append(
            f"| {game} | {seats} | {team['spec']} | {summary['villain']} | {team['matches']} | {_rate(rate)} | "
            f"[{low:.3f}, {high:.3f}] |"
        )
    pair = summary["paired"]
    low, high = pair["difference_ci95"]
    lines.append(
        f"paired, over {counted(pair['deals'], 'deal')} both teams played: the {a} team alone won "
        f"{pair['a_only']}, the {b} team alone {pair['b_only']} (exact sign test {p_text(pair['sign_test_p'])}); "
        f"{a} minus {b}: {pair['difference']:+.3f} [{low:+.3f}, {high:+.3f}] (Newcombe's paired 95% interval)"
    )
    return lines


def share_notes(summary: Mapping[str, Any]) -> list[str]:
    """The tournament report's note (`report.share_note`) when some matches' returns do not add up to 1."""
    off, equal = summary.get("returns_not_summing_to_1"), summary.get("equal_share")
    return share_note(off, summary["matches"], summary["seats"], equal)


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
