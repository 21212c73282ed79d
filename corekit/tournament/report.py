"""The tournament report: ratings, win rates with confidence intervals, seat advantage, match length.

A seat's score in a match is its return (win 1, loss 0, a shared outcome a fraction), so a win rate is a
mean return and its 95% interval is Wilson's score interval. Ratings are openskill's Plackett-Luce model,
which ranks any number of seats: matches are rated in index order, so the ratings are the same whatever
order the matches finished in. In a cooperative game the seats play as one team (each may still score apart), so
the game's villain is rated as one more contestant and each spec gets its win rate as a team against it.

The report's JSON (`campfire tournament --json`, report.json) is described field by field in
docs/tournament-results.md; FORMAT is its version, which a change that a reader must know about raises.
"""

from __future__ import annotations

import math
import os
import re
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from corekit.errors import install_hint, os_reason
from corekit.floats import adds_up, ordered_sum
from corekit.game import Game
from corekit.tables import print_table
from corekit.tournament.stats import clustered_wilson, ending_order, p_text, paired_difference, scored, team_won, wilson
from corekit.tournament.store import MatchRecord
from corekit.words import counted, joined, milliseconds

if TYPE_CHECKING:
    from rich.console import JustifyMethod

MARKER = "campfire_report"
"""The key of the report's format version, its first."""
FORMAT = 1


class PlotError(RuntimeError):
    """The plot cannot be drawn (matplotlib missing, a file it cannot write); the message is one line."""


def labels(specs: Sequence[str]) -> list[str]:
    """Unique names for the specs: a spec given twice becomes `random#1`, `random#2`."""
    counts: dict[str, int] = {}
    for spec in specs:
        counts[spec] = counts.get(spec, 0) + 1
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(f"{spec}#{seen[spec]}" if counts[spec] > 1 else spec)
    return names


def seat_names_of_run(game: Game, seats: int, header: Mapping[str, Any] | None) -> list[str]:
    """The seats as the matches called them (Camp Grizzly's counselors), as `replay show` and `analyze` name them:
    from the run's options, or "seat N" where those are not at hand or the game cannot name its seats."""
    fallback = [game.seat_name(seat) for seat in range(seats)]
    if not header or "options" not in header:
        return fallback
    try:
        names = list(game.seat_names(seats, game.make_options(header["options"])))
    except Exception:  # names are for people: a report is still written without them
        return fallback
    return names if len(names) == seats and all(isinstance(name, str) for name in names) else fallback


def summarize(
    game: Game,
    specs: Sequence[str],
    seats: int,
    records: Mapping[int, MatchRecord],
    header: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole report as JSON-ready data; `records` by match index."""
    ordered = [records[i] for i in sorted(records)]
    played = [r for r in ordered if r.status != "failed"]
    names = labels(specs)
    names_of_seats = seat_names_of_run(game, seats, header)
    n = len(specs)
    score = [0.0] * n
    trials = [0] * n
    matches = [0] * n
    time_spent = [0.0] * n
    decisions = [0] * n
    forfeits = [0] * n
    team_wins = [0.0] * n
    seat_score = [0.0] * seats
    seat_trials = [0] * seats
    seat_deals: list[set[int]] = [set() for _ in range(seats)]
    by_deal: dict[int, list[list[float]]] = {}
    """Per deal, each seat's returns in its finished matches: seats compared within the deals they share."""
    by_turn: dict[int, list[list[float]]] = {}
    """Per deal, the returns of each turn position (0: the seat that made the first decision) where the record says
    which seat that was."""
    units: list[dict[int, tuple[float, int]]] = [{} for _ in range(n)]
    """Per player, (summed return, seats held) of each deal: its interval counts a deal's seats as one cluster, since
    the seatings of a deal share its cards and seed (and a match's seats, a cooperative team's, go together)."""
    team_units: list[dict[int, tuple[float, int]]] = [{} for _ in range(n)]
    """Per player, (matches its team won, matches held) of each deal: clustered by deal as `units`."""
    villain_units: dict[int, tuple[float, int]] = {}
    alone = [0] * n
    seat_alone = [0] * seats
    outcomes: Counter[int] = Counter()
    """Finished matches nobody forfeited by how many seats scored: 1 a win, 2 or more a win shared, 0 nobody won. A
    forfeit's returns are the runner's (the others share the win), not the rules': it would read as a shared win."""
    for record in played:
        scoring = [seat for seat, value in enumerate(record.returns) if scored(value) > 0]
        if record.forfeit is None:
            outcomes[len(scoring)] += 1
        if len(scoring) == 1:
            alone[record.lineup[scoring[0]]] += 1
            seat_alone[scoring[0]] += 1
        held: dict[int, tuple[float, int]] = {}
        for seat, who in enumerate(record.lineup):
            total, count = held.get(who, (0.0, 0))
            held[who] = (total + scored(record.returns[seat]), count + 1)
            score[who] += scored(record.returns[seat])
            trials[who] += 1
            time_spent[who] += record.decision_time[seat]
            decisions[who] += record.decisions[seat]
            seat_score[seat] += scored(record.returns[seat])
            seat_trials[seat] += 1
            seat_deals[seat].add(record.deal)
            by_deal.setdefault(record.deal, [[] for _ in range(seats)])[seat].append(scored(record.returns[seat]))
            if record.first is not None:
                turn = by_turn.setdefault(record.deal, [[] for _ in range(seats)])[(seat - record.first) % seats]
                turn.append(scored(record.returns[seat]))
        for who, (total, count) in held.items():
            add_to_cluster(units[who], record.deal, total, count)
        won = 1.0 if team_won(record.returns) else 0.0
        add_to_cluster(villain_units, record.deal, won, 1)
        for who in set(record.lineup):
            matches[who] += 1
            team_wins[who] += won
            add_to_cluster(team_units[who], record.deal, won, 1)
        if record.forfeit is not None:
            forfeits[record.lineup[record.forfeit]] += 1
    failed_in = [0] * n
    for record in ordered:
        if record.status == "failed":
            for who in set(record.lineup):
                failed_in[who] += 1
    ratings, villain = rate(played, n, game.cooperative)
    players = []
    for who in range(n):
        mu, sigma = ratings[who]
        entry: dict[str, Any] = {
            "spec": specs[who],
            "name": names[who],
            "rating": {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma},
            "matches": matches[who],
            "seats_played": trials[who],
            "win_rate": score[who] / trials[who] if trials[who] else None,
            "win_rate_ci95": list(clustered_wilson(list(units[who].values()))),
            "mean_decision_time": time_spent[who] / decisions[who] if decisions[who] else None,
            "decisions": decisions[who],
            "forfeits": forfeits[who],
            "failed_matches": failed_in[who],
        }
        if not game.cooperative:
            entry["won_alone"] = alone[who]
        if game.cooperative:
            entry["team_win_rate"] = team_wins[who] / matches[who] if matches[who] else None
            entry["team_win_rate_ci95"] = list(clustered_wilson(list(team_units[who].values())))
        players.append(entry)
    lengths = [r.steps for r in played]
    failed = [r for r in ordered if r.status == "failed"]
    report: dict[str, Any] = {
        "game": game.id,
        # The rules these results hold for: the results file's (a strength table may read an older version's).
        "game_version": str(header["game_version"]) if header and "game_version" in header else game.version,
        "cooperative": game.cooperative,
        "seats": seats,
        "matches": len(ordered),
        "players": players,
        "seat_win_rates": [
            {
                "seat": s,
                "name": names_of_seats[s],
                "win_rate": seat_score[s] / seat_trials[s] if seat_trials[s] else None,
                # Counted in deals, not matches: the seatings of a deal share its cards and seed, so a seat's
                # results within a deal are alike (the very same match when every player plays alike), and an
                # interval over matches would be as many times too narrow as a deal has seatings.
                "win_rate_ci95": list(
                    wilson(seat_score[s] / seat_trials[s] * len(seat_deals[s]), len(seat_deals[s]))
                    if seat_trials[s]
                    else wilson(0, 0)
                ),
                "deals": len(seat_deals[s]),  # the interval's count, said so that nobody recomputes it over matches
                **({} if game.cooperative else {"won_alone": seat_alone[s]}),
                # Seat 0's own intervals overlap the others' at any size a designer runs: paired by deal, the
                # difference says whether a seat is ahead in the same deals.
                "minus_seat_0": None if s == 0 else paired_difference(_deal_differences(by_deal, s)),
            }
            for s in range(seats)
        ],
        "length": {
            "mean": sum(lengths) / len(lengths) if lengths else None,
            # Lengths are skewed (a stalled race runs long): the middle and the spread say more than the mean alone.
            "median": statistics.median(lengths) if lengths else None,
            "stdev": statistics.stdev(lengths) if len(lengths) > 1 else None,
            "min": min(lengths, default=None),
            "max": max(lengths, default=None),
        },
        "forfeits": sum(forfeits),
        # Why, most frequent first: a player that raises forfeits every match, and the table alone would only
        # show it losing.
        "forfeit_reasons": [
            {"reason": reason, "matches": count}
            for reason, count in Counter(
                _forfeit_reason(r, game) for r in played if r.forfeit is not None
            ).most_common()
        ],
        "failed": [{"index": r.index, "specs": list(r.specs), "error": r.error} for r in failed],
        # Played and counted, but without the replay that was asked for (a full disk, say).
        "missing_replays": [
            {"index": r.index, "specs": list(r.specs), "error": r.replay_error}
            for r in played
            if r.replay_error is not None
        ],
        "results": [r.outcome() for r in ordered],
    }
    if game.endings:
        # How the rules ended the matches a player did not forfeit: one row per declared ending, in the game's order.
        ended = Counter(r.ending for r in played if r.forfeit is None)
        report["endings"] = [{"ending": e, "matches": ended[e]} for e in ending_order(game.endings, ended)]
    if len({r.first for r in played if r.first is not None}) > 1:
        # The first seat varies (drawn from the seed): seats then say nothing of turn order, positions do.
        report["turn_position_win_rates"] = _by_turn(by_turn, seats)
    if not game.cooperative:  # a team's seats do not split one win: no share to add up, nobody ahead of a mate
        # A rate counts a shared win as its share: how the matches ended says how much of it was shared.
        report["outcomes"] = {
            "won_alone": outcomes[1],
            "shared": {str(count): outcomes[count] for count in sorted(outcomes) if count > 1},
            "nobody_won": outcomes[0],
        }
        report.update(returns_shares(played, seats))
        report["head_to_head"] = head_to_head(played, names)
    if header:
        report = {**{k: header[k] for k in ("seed", "options", "time_limit") if k in header}, **report}
    report = {MARKER: FORMAT, **report}
    if game.cooperative:
        mu, sigma = villain
        team = [team_won(r.returns) for r in played]
        report["villain"] = {
            "name": game.villain or "the game",
            "rating": {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma},
            "team_win_rate": sum(team) / len(team) if team else None,
            "team_win_rate_ci95": list(clustered_wilson(list(villain_units.values()))),
        }
    return report


def _of_unforfeited(report: Mapping[str, Any], total: int) -> str:
    """The words " of the N matches nobody forfeited" (N: `total`) where some match was forfeited, else nothing:
    outcomes and endings leave forfeits out."""
    return f" of the {counted(total, 'match', 'matches')} nobody forfeited" if report["forfeits"] else ""


def _by_turn(by_turn: Mapping[int, Sequence[Sequence[float]]], seats: int) -> list[dict[str, Any]]:
    """Each turn position's rate (0: the seat asked the first decision), its Wilson interval over the deals it was
    played in (as a seat's), and set against the first position in the same deals, as a seat against seat 0."""
    entries = []
    for position in range(seats):
        per_deal = [
            ordered_sum(turns[position]) / len(turns[position]) for turns in by_turn.values() if turns[position]
        ]
        deals = len(per_deal)
        rate = ordered_sum(per_deal) / deals if deals else None
        entries.append(
            {
                "position": position,
                "win_rate": rate,
                "win_rate_ci95": list(wilson(rate * deals, deals) if rate is not None else wilson(0, 0)),
                "deals": deals,
                "minus_first": None if position == 0 else paired_difference(_deal_differences(by_turn, position)),
            }
        )
    return entries


def _deal_differences(by_deal: Mapping[int, Sequence[Sequence[float]]], seat: int) -> list[float]:
    """Per deal where both held a finished match, `seat`'s mean return less seat 0's, in deal order (the same for a
    turn position and the first to act, `by_deal` then giving positions)."""
    return [
        ordered_sum(seats[seat]) / len(seats[seat]) - ordered_sum(seats[0]) / len(seats[0])
        for _, seats in sorted(by_deal.items())
        if seats[0] and seats[seat]
    ]


def returns_shares(played: Sequence[MatchRecord], seats: int) -> dict[str, Any]:
    """How many of the `played` matches' returns do not add up to 1 (`returns_not_summing_to_1`), and what an equal
    player scores then (`equal_share`: the mean total return over the seats; None with no match). A rate compared
    with 1/seats assumes each match hands out 1 in all (a win, or a win shared), and a match nobody won hands out
    less."""
    totals = [ordered_sum(scored(value) for value in record.returns) for record in played]
    return {
        "returns_not_summing_to_1": sum(1 for total in totals if not adds_up((total,), 1.0)),
        "equal_share": ordered_sum(totals) / len(totals) / seats if totals else None,
    }


def add_to_cluster(clusters: dict[int, tuple[float, int]], deal: int, score: float, count: int) -> None:
    """Add a match's `score` over `count` trials to its deal's cluster (`clustered_wilson`'s units)."""
    total, seen = clusters.get(deal, (0.0, 0))
    clusters[deal] = (total + score, seen + count)


def head_to_head(played: Sequence[MatchRecord], names: Sequence[str]) -> list[dict[str, Any]]:
    """For each ordered pair of players that met (held seats of one finished match), how often the first finished
    ahead of the second: each pair of their seats in a match scores 1 when the first's return is the higher, 0.5
    when the returns are equal (both lost, say), 0 otherwise. `ahead` is the mean over those `pairs`, its interval
    counting a deal's pairs as one cluster, as a player's win rate does (`clustered_wilson`)."""
    units: dict[tuple[int, int], dict[int, tuple[float, int]]] = {}
    matches: dict[tuple[int, int], int] = {}
    for record in played:
        met: dict[tuple[int, int], tuple[float, int]] = {}
        for seat, who in enumerate(record.lineup):
            mine = scored(record.returns[seat])
            for other_seat, other in enumerate(record.lineup):
                if other == who:
                    continue
                theirs = scored(record.returns[other_seat])
                total, count = met.get((who, other), (0.0, 0))
                met[(who, other)] = (total + (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0), count + 1)
        for pair, (total, count) in met.items():
            add_to_cluster(units.setdefault(pair, {}), record.deal, total, count)
        for pair in met:
            matches[pair] = matches.get(pair, 0) + 1
    entries = []
    for (who, other), by_deal in sorted(units.items()):
        found = list(by_deal.values())
        pairs = sum(count for _, count in found)
        entries.append(
            {
                "player": names[who],
                "opponent": names[other],
                "ahead": ordered_sum(total for total, _ in found) / pairs,
                "ahead_ci95": list(clustered_wilson(found)),
                "pairs": pairs,
                "matches": matches[(who, other)],
            }
        )
    return entries


def share_note(off: int | None, matches: int, seats: int, equal: float | None) -> list[str]:
    """The note that 1/seats (the fair share) is not what an equal player scores, when `off` of the `matches` did
    not hand out 1 in all; none otherwise. The tournament report and a strength run's table print it alike."""
    if not off or equal is None:
        return []
    return [
        f"Note: the returns of {off} of {counted(matches, 'match', 'matches')} do not add up to 1 (nobody won, say), "
        f"so the fair share {1 / seats:.3f} is not what an equal player scores here: that is {equal:.3f}, the mean "
        f"total return shared by {seats} seats. A game option that shares such outcomes (see `campfire games`) "
        "makes the fair share exact."
    ]


def rate(
    played: Sequence[MatchRecord], n: int, cooperative: bool
) -> tuple[list[tuple[float, float]], tuple[float, float]]:
    """Plackett-Luce ratings (mu, sigma) per spec, and the villain's (cooperative games), in index order.

    Each seat is a contestant ranked by its return (ties share a rank). A spec holding several seats of one
    match takes the mean of its seats' updates. In a cooperative game the villain is one more contestant,
    ranked below the seats when they won and above them when they lost; the seats rank among themselves
    by their returns (the game's own reward, e.g. for surviving).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = [model.rating() for _ in range(n)]
    villain = model.rating()
    for record in played:
        # A rating of its own for each seat: openskill copies the teams with one deepcopy, which keeps a spec's two
        # seats one object, so its update was applied to it once per seat in turn and the mean was of equal values.
        teams = [[model.rating(mu=current[who].mu, sigma=current[who].sigma)] for who in record.lineup]
        returns = list(record.returns)
        if cooperative:
            # The villain ranks below every seat when the team won, above every seat when it lost; the seats
            # keep their own returns among themselves (a counselor who survived a won finale ranks higher).
            won = team_won(returns)
            teams.append([villain])
            returns.append(-math.inf if won else math.inf)
        ranks = [1 + sum(1 for other in returns if other > mine) for mine in returns]
        rated = model.rate(teams, ranks=ranks)
        updates: dict[int, list[Any]] = {}
        for seat, who in enumerate(record.lineup):
            updates.setdefault(who, []).append(rated[seat][0])
        for who, new in updates.items():
            mu = ordered_sum(r.mu for r in new) / len(new)
            sigma = ordered_sum(r.sigma for r in new) / len(new)
            current[who] = model.rating(mu=mu, sigma=sigma)
        if cooperative:
            villain = rated[-1][0]
    return [(r.mu, r.sigma) for r in current], (villain.mu, villain.sigma)


def print_report(report: Mapping[str, Any], console: Any) -> None:
    """Rich tables for people: players ranked by the rate in the table's first rate column, then seats, length and
    failures. A cooperative game's players are ranked by how often their team beat the villain, and shown with no
    free-for-all rating (the JSON report has the ratings)."""
    from rich.table import Table

    coop = report["cooperative"]
    title = f"{report['game']}: {counted(report['matches'], 'match', 'matches')}, {counted(report['seats'], 'seat')}"
    table = Table(title=title, title_justify="left")
    # Each rate shares its column with its interval, and the forfeits and failures get a column only when
    # there are some (a line below counts them anyway): the cooperative table, one rate more, fits 100 columns.
    rates = ("team won", "won") if coop else ("win rate",)
    any_forfeit = bool(report["forfeits"])
    any_failed = bool(report["failed"])
    columns: list[tuple[str, JustifyMethod]] = [
        ("player", "left"),
        *((rate, "right") for rate in rates),
        *(() if coop else (("won alone", "right"), ("rating μ ± 2σ", "right"))),
        ("seats", "right"),
        ("ms/decision", "right"),
    ]
    if any_forfeit:
        columns.append(("forfeits", "right"))
    if any_failed:
        columns.append(("failed", "right"))
    for column, justify in columns:
        # A long spec folds onto more lines rather than losing its end.
        table.add_column(column, justify=justify, no_wrap=column != "player", overflow="fold")
    ranked = sorted(report["players"], key=_rank(coop))
    for player in ranked:
        rating = player["rating"]
        row = [player["name"]]
        if coop:
            row.append(_rate(player["team_win_rate"], player["team_win_rate_ci95"]))
        row.append(_rate(player["win_rate"], player["win_rate_ci95"]))
        if not coop:
            row.append(_share(player["won_alone"], player["seats_played"]))
            row.append(f"{rating['mu']:.1f} ± {2 * rating['sigma']:.1f}")
        row += [str(player["seats_played"]), milliseconds(player["mean_decision_time"])]
        row += [str(player["forfeits"])] * any_forfeit + [str(player["failed_matches"])] * any_failed
        table.add_row(*row)
    print_table(console, table)
    villain = report.get("villain", {}).get("name", "the villain")
    explained = (
        f"Ranked by team won: the matches its team won against {villain} (equal ones by won, then rating).\nwon: "
        "its seats that scored; with 95% Wilson intervals, a deal's seats not counted as independent."
        if coop
        else "Ranked by win rate: its mean return over its seats (a win is 1, a win shared its share, a loss 0); with "
        "95% Wilson intervals.\nwon alone: its seats that won with no other seat scoring. rating: openskill's "
        "Plackett-Luce μ ± 2σ, which also weighs whom each player beat."
    )
    console.print(explained, highlight=False)
    ended = report.get("outcomes")
    if ended:
        shared = sum(ended["shared"].values())
        how = ", ".join(f"{matches} by {count} seats" for count, matches in ended["shared"].items())
        of = _of_unforfeited(report, ended["won_alone"] + shared + ended["nobody_won"])
        console.print(
            f"Outcomes{of}: one seat won {ended['won_alone']}, a win was shared in {shared}"
            + (f" ({how})" if shared else "")
            + f", nobody won {ended['nobody_won']}.",
            highlight=False,
        )
    endings = report.get("endings")
    if endings:
        total = sum(row["matches"] for row in endings)
        told = ", ".join(
            f"{row['ending'] or 'not recorded'} {row['matches']}"
            + (f" ({row['matches'] / total:.1%})" if total else "")
            for row in endings
        )
        console.print(f"Endings by the rules{_of_unforfeited(report, total)}: {told}.", highlight=False)
    if "strength" not in report:  # a strength run's own table ends with the same note
        finished = report["matches"] - len(report["failed"])
        off, equal = report.get("returns_not_summing_to_1"), report.get("equal_share")
        for line in share_note(off, finished, report["seats"], equal):
            console.print(line, highlight=False, markup=False)
    _print_head_to_head(report, [player["name"] for player in ranked], console)
    seat_rate = rates[-1]
    seats = Table(title=f"{seat_rate.capitalize()} by seat", title_justify="left")
    seats.add_column("seat")
    seats.add_column(seat_rate, justify="right", no_wrap=True)
    if not coop:
        seats.add_column("won alone", justify="right", no_wrap=True)
    seats.add_column("less seat 0, paired by deal", justify="right", no_wrap=True)
    finished = report["matches"] - len(report["failed"])  # every seat is in every finished match
    for seat in report["seat_win_rates"]:
        alone_cell = [] if coop else [_share(seat["won_alone"], finished)]
        seats.add_row(
            seat["name"], _rate(seat["win_rate"], seat["win_rate_ci95"]), *alone_cell, paired_text(seat["minus_seat_0"])
        )
    print_table(console, seats)
    deals = max((seat.get("deals", 0) for seat in report["seat_win_rates"]), default=0)
    if deals:
        console.print(
            f"By seat: 95% Wilson intervals over {counted(deals, 'deal')}, not matches: the seatings of a deal share "
            "its cards. Less seat 0: the mean over deals of the seat's return less seat 0's in the same deal, with "
            "its 95% t interval and the exact sign test of the deals it is ahead and behind in.",
            highlight=False,
        )
    turns = report.get("turn_position_win_rates")
    if turns:
        positions = Table(title=f"{seat_rate.capitalize()} by turn position", title_justify="left")
        positions.add_column("position")
        positions.add_column(seat_rate, justify="right", no_wrap=True)
        positions.add_column("less the first, paired by deal", justify="right", no_wrap=True)
        for turn in turns:
            name = "first to act" if turn["position"] == 0 else f"{_ordinal(turn['position'] + 1)} in turn"
            positions.add_row(name, _rate(turn["win_rate"], turn["win_rate_ci95"]), paired_text(turn["minus_first"]))
        print_table(console, positions)
        console.print(
            "By turn position: the seats counted from the one asked the first decision, which the seed draws here.",
            highlight=False,
        )
    length = report["length"]
    if length["mean"] is not None:
        # Actions applied (a match's steps): a decision refused or cut off by a forfeit is asked, never applied.
        spread = f", standard deviation {length['stdev']:.1f}" if length.get("stdev") is not None else ""
        console.print(
            f"Match length: mean {length['mean']:.1f} actions applied, median {length['median']:g}{spread} (min "
            f"{length['min']}, max {length['max']})"
        )
    if coop and "villain" in report:
        villain = report["villain"]
        console.print(f"Against {villain['name']}: the team won {_percent(villain['team_win_rate'])} of matches")
    schedule: Any = report.get("schedule")
    if schedule and not schedule["balanced"]:
        per_deal = schedule["seatings_per_deal"]
        if report["matches"] % per_deal:
            played = counted(report["matches"], "match", "matches")
            why = f"{played} is not a whole number of deals of {per_deal} seatings"
        else:  # whole deals' worth of matches, with holes (a match failed, or an interrupted run skipped one)
            lacking = schedule.get("short_deals", 0)
            why = (
                f"{lacking} of {counted(schedule['deals'], 'deal')} "
                f"{'lacks some of its' if lacking == 1 else 'lack some of their'} {per_deal} seatings (a match failed "
                "or was not played)"
            )
        console.print(f"Note: {why}, so seats are not perfectly balanced.", highlight=False)
    given = Counter(player["spec"] for player in report["players"])
    repeated = [spec for spec, times in given.items() if times > 1]
    if repeated and "strength" not in report:
        # Each seat's player is seeded by its seat (so that `campfire play --seed` plays a tournament's match again):
        # the seatings of a deal that only swap copies of one spec are the very same match.
        console.print(
            f"Note: {joined(repeated)} {'is' if len(repeated) == 1 else 'are'} given more than once: the seatings of a "
            "deal that only swap its copies play the very same match (a seat's player is seeded by its seat), so the "
            "copies' rates against each other are equal by construction, not measured. To play a spec against "
            "itself, give it once with --seats (-k).",
            highlight=False,
            markup=False,
        )
    idle = [player["name"] for player in report["players"] if not player["seats_played"]]
    if idle and report["matches"]:  # their ratings are only the prior: say so rather than rank them
        short = schedule and report["matches"] < schedule["seatings_per_deal"]  # not seated yet, not failed
        console.print(
            f"Note: {joined(idle)} finished no match, so their ratings are the starting guess"
            + (f"; one deal is {schedule['seatings_per_deal']} matches." if short else "."),
            highlight=False,
        )
    timed = report.get("time_budgeted")
    if timed:
        console.print(
            f"Note: {joined(timed)} {'has a' if len(timed) == 1 else 'have a'} time budget (seconds=), so the results "
            "depend on the machine's speed and load: another run, --jobs or a resume may differ.",
            highlight=False,
            markup=False,
        )
    console.print(f"Forfeits: {report['forfeits']}; failed matches: {len(report['failed'])}")
    finished = report["matches"] - len(report["failed"])  # a failed match has no result to forfeit
    if finished and report["forfeits"] == finished:  # the ratings then measure the forfeits only
        played = "match" if not report["failed"] else "match that finished"
        console.print(f"Note: every {played} ended in a forfeit (see the reasons below).", highlight=False)
    for entry in report.get("forfeit_reasons", [])[:5]:
        console.print(
            f"  forfeited {counted(entry['matches'], 'match', 'matches')}: {entry['reason']}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    _print_matches(report["failed"], console)
    missing = report["missing_replays"]
    if missing:  # only when replays were asked for and some were lost, so the usual report stays as it was
        console.print(f"Replays not written: {len(missing)}")
        _print_matches(missing, console)


def _print_head_to_head(report: Mapping[str, Any], ranked: Sequence[str], console: Any) -> None:
    """The players against each other, in the players table's order, where that adds to it: with two players in
    two seats each match is one pair, and who finished ahead is who won."""
    entries = report.get("head_to_head")
    if not entries or (len(ranked) <= 2 and report["seats"] <= 2):
        return
    from rich.table import Table

    cells = {(entry["player"], entry["opponent"]): entry for entry in entries}
    table = Table(title="Head to head", title_justify="left")
    table.add_column("player", overflow="fold")
    for name in ranked:
        table.add_column(name, justify="right", overflow="fold")
    for row in ranked:
        found = [cells.get((row, column)) for column in ranked]
        table.add_row(row, *("-" if cell is None else _rate(cell["ahead"], cell["ahead_ci95"]) for cell in found))
    print_table(console, table)
    console.print(
        "Head to head: how often the row's player finished ahead of the column's, each pair of their seats in a match "
        "scoring 1 when the row's return is the higher and half when equal (both lost, say); with 95% Wilson "
        "intervals, a deal's pairs not counted as independent.",
        highlight=False,
    )


def _print_matches(entries: Sequence[Mapping[str, Any]], console: Any) -> None:
    """The first ten of the report's `failed` or `missing_replays`, one line each: match, specs, error."""
    for entry in entries[:10]:
        # soft_wrap: each error stays one line (the terminal folds it), so it can be searched and copied whole.
        console.print(
            f"  match {entry['index']} ({', '.join(entry['specs'])}): {entry['error']}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def check_plotting(path: str | None = None) -> None:
    """Raise PlotError now, before a long tournament, if matplotlib (the `[plot]` extra) is missing or, given
    the target `path`, if matplotlib cannot write that type of file or its folder is missing or read-only."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotError(f"--plot needs matplotlib: {install_hint('plot')}") from None
    if path is None:
        return
    from matplotlib.backend_bases import FigureCanvasBase

    suffix = Path(path).suffix
    # No suffix is fine: matplotlib then writes a PNG and adds ".png".
    if suffix and suffix[1:].lower() not in FigureCanvasBase.get_supported_filetypes():
        raise PlotError(f"--plot {path}: matplotlib cannot write {suffix!r} files (use .png, .svg or .pdf)")
    folder = Path(path).parent
    if not folder.is_dir():
        raise PlotError(f"--plot {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise PlotError(f"--plot {path}: the folder {folder} is read-only")


def plot_ratings(report: Mapping[str, Any], path: str) -> None:
    """Draw each spec's rating with its ±2σ interval into an image file of the type its suffix names (PNG, SVG,
    PDF; matplotlib, the `[plot]` extra).

    Raises PlotError when the file cannot be written (see `check_plotting` to ask before the tournament).
    """
    check_plotting()
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    ranked = sorted(report["players"], key=lambda p: p["rating"]["mu"])
    names = [p["name"] for p in ranked]
    mus = [p["rating"]["mu"] for p in ranked]
    spans = [2 * p["rating"]["sigma"] for p in ranked]
    if report.get("cooperative") and "villain" in report:
        names.append(report["villain"]["name"])
        mus.append(report["villain"]["rating"]["mu"])
        spans.append(2 * report["villain"]["rating"]["sigma"])
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.5 * len(names)))
    axes.errorbar(mus, range(len(names)), xerr=spans, fmt="o", capsize=4)
    axes.set_yticks(range(len(names)), names)
    axes.set_xlabel("openskill Plackett-Luce rating (μ ± 2σ)")
    axes.set_title(f"{report['game']}: {counted(report['matches'], 'match', 'matches')}")
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=120)
    except (OSError, ValueError) as error:
        # The user named the file already, so the reason leaves it out.
        raise PlotError(f"--plot {path}: could not write it: {os_reason(error)}") from None
    finally:
        plt.close(figure)


_TIMED_OUT = re.compile(r"ran out of time \([^()]*s > the ([^()]*s) limit\)")
"""The runner's forfeit over the time limit, which names the seconds the decision took."""
_CUT_OFF = re.compile(
    r"^(ran out of time: no answer within the [^()]*s limit) "
    r"\((?:cut off|its worker process was killed) after [^()]*s\)$"
)
"""...and a decision cut off, in its thread or by killing its worker process, which names when."""


def _forfeit_reason(record: MatchRecord, game: Game) -> str:
    """Why a match was forfeited, by spec rather than by seat ("crasher raised ...", not "seat 1 (crasher)
    raised ..."), and without what differs from one match to the next for the same cause (the seconds a slow
    decision took, the seat an illegal action was played from), so one cause counts once however the seats rotated
    (each match's record keeps the whole error)."""
    error = record.error or "no reason given"
    if record.forfeit is None:
        return error
    spec = record.specs[record.forfeit]
    _, found, rest = error.partition(f"({spec}) ")
    if not found:
        return error
    rest = _CUT_OFF.sub(r"\1", _TIMED_OUT.sub(r"ran out of time (over the \1 limit)", rest))
    if rest.startswith("played an illegal action: "):  # corekit's refusal names the seat (see `State._refuse`)
        seat = re.escape(game.seat_name(record.forfeit))
        rest = re.sub(rf"( is not a legal action for ){seat}(?=$|:)", r"\1its seat", rest, count=1)
        rest = re.sub(rf"^(played an illegal action: ){seat}(?= may not act now)", r"\1its seat", rest)
    return f"{spec} {rest}"


def _ordinal(n: int) -> str:
    """2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def paired_text(paired: Mapping[str, Any] | None) -> str:
    """A paired difference (`paired_difference`) as a cell: "+0.032 (-0.043 to +0.107), p = 0.42"; "-" for none (seat
    0 against itself)."""
    if paired is None or paired["difference"] is None:
        return "-"
    low, high = paired["ci95"]
    interval = f" ({low:+.3f} to {high:+.3f})" if low is not None else ""
    return f"{paired['difference']:+.3f}{interval}, {p_text(paired['sign_test_p'])}"


def _share(count: int, of: int) -> str:
    """`count` of `of` as a percentage ("-" of none)."""
    return f"{count / of:.1%}" if of else "-"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _rate(value: float | None, interval: Sequence[float]) -> str:
    """A rate with its 95% interval, in one cell."""
    low, high = interval
    return f"{_percent(value)} ({100 * low:.0f}-{100 * high:.0f}%)"


def _rank(coop: bool) -> Any:
    """The sort key of the players' table: the rate it is ranked by, best first (a player with no finished match
    last), then the rating's ordinal."""
    first = "team_win_rate" if coop else "win_rate"

    def key(player: Mapping[str, Any]) -> tuple[float, float, float]:
        rates = [player[first], player["win_rate"]]
        return (*(1.0 if rate is None else -rate for rate in rates), -player["rating"]["ordinal"])

    return key
