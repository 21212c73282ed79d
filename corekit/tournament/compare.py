"""Two tournaments of one game played on the same deals, compared match by match (`campfire compare`).

A designer changing an option (`stall_rounds=50` against the default) or a player (`mcts:iterations=1000` against
300) runs the same tournament twice with the same `--seed`: every match of one then has a twin in the other, the
same deal (the same cards, for rules that deal alike), the same seats and the same players' places. Set side by
side, the twins answer "what did the change do?" far more precisely than two reports read apart, since the luck of
the deal cancels: each seat's return, the match length and the ending by the rules are compared as B less A over the
matches finished in both, averaged per deal (the matches of a deal share its cards, so the deal is the unit of the
t interval and the sign test, as a report's `minus_seat_0` counts it).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from corekit.floats import ordered_sum
from corekit.plugins import Registry
from corekit.tournament.report import labels, seat_names_of_run
from corekit.tournament.stats import ending_order, paired_difference, team_won
from corekit.tournament.store import RESULTS, MatchRecord, read_results

FORMAT = 1
"""The version of the comparison's JSON (`campfire_compare`, its first key)."""


class CompareError(ValueError):
    """Two tournaments that cannot be compared match by match; the message says why, in one line."""


def results_of(path: Path) -> tuple[dict[str, Any], dict[int, MatchRecord]]:
    """The header and records of a tournament's folder (its `--out`) or results file."""
    path = Path(path)
    file = path / RESULTS if path.is_dir() else path
    if not file.is_file():
        raise CompareError(f"{path}: no tournament results there (a folder given to --out, or its {RESULTS})")
    if file.name == "report.json":  # the folder's other file, JSON of another shape
        raise CompareError(f"{file} is a tournament's report: give its folder, or the {RESULTS} beside it")
    header, records = read_results(file)
    missing = [key for key in ("game", "game_version", "seed") if key not in header]
    if missing:
        raise CompareError(f"{file}: its header lacks {', '.join(map(repr, missing))}, which a tournament writes")
    return header, records


def compare(a: Path, b: Path, registry: Registry) -> dict[str, Any]:
    """Tournament B against tournament A, match by match (the module's docstring says how); CompareError when they
    were not played on the same deals."""
    (header_a, records_a), (header_b, records_b) = results_of(a), results_of(b)
    _check_alike(header_a, header_b)
    game = registry.game(header_a["game"])
    pairs = _pairs(records_a, records_b)
    seats = header_a["seats"]
    by_deal: dict[int, list[tuple[MatchRecord, MatchRecord]]] = defaultdict(list)
    for pair in pairs:
        by_deal[pair[0].deal].append(pair)
    names = labels(header_a["specs"]), labels(header_b["specs"])
    # Camp Grizzly's seats are counselors the options choose: "Kevin / Sherry" where A's and B's differ.
    seat_names = [
        a_name if a_name == b_name else f"{a_name} / {b_name}"
        for a_name, b_name in zip(
            seat_names_of_run(game, seats, header_a), seat_names_of_run(game, seats, header_b), strict=True
        )
    ]
    report: dict[str, Any] = {
        "campfire_compare": FORMAT,
        "game": game.id,
        "seats": seats,
        "seed": header_a["seed"],
        "a": _side(a, header_a, records_a, [x for x, _ in pairs]),
        "b": _side(b, header_b, records_b, [y for _, y in pairs]),
        "matches": len(pairs),
        "deals": len(by_deal),
        "unpaired": len(set(records_a) | set(records_b)) - len(pairs),
        "seat_win_rates": [
            _paired(_by_deal(by_deal, partial(_in_seat, seat))) | {"seat": seat, "name": seat_names[seat]}
            for seat in range(seats)
        ],
        # A player's rate over the seats it held, as the tournament report counts it: a seat each, paired with the
        # same seat of the twin match.
        "players": [
            _paired(_by_deal(by_deal, partial(_held, player)))
            | {"player": player, "spec_a": names[0][player], "spec_b": names[1][player]}
            for player in range(len(header_a["specs"]))
        ],
        "team": None,
        "length": _paired(_by_deal(by_deal, lambda x, y: [(float(x.steps), float(y.steps))])),
        "endings": None,
        "endings_changed": None,
    }
    if game.cooperative:
        report["team"] = _paired(
            _by_deal(by_deal, lambda x, y: [(float(team_won(x.returns)), float(team_won(y.returns)))])
        )
    if game.endings:
        ended = [(x.ending, y.ending) for x, y in pairs if x.forfeit is None and y.forfeit is None]
        counts_a, counts_b = Counter(x for x, _ in ended), Counter(y for _, y in ended)
        named = ending_order(game.endings, counts_a | counts_b)
        report["endings"] = [{"ending": e, "a": counts_a[e], "b": counts_b[e]} for e in named]
        # A record from before endings were recorded says nothing: no change can be read from it.
        report["endings_changed"] = sum(1 for x, y in ended if x is not None and y is not None and x != y)
    return report


def _check_alike(a: Mapping[str, Any], b: Mapping[str, Any]) -> None:
    """Refuse two tournaments whose matches are not twins: another game, seat count, seed or number of players."""
    for key, what in (("game", "game"), ("seats", "seat count"), ("seed", "seed")):
        if a[key] != b[key]:
            raise CompareError(
                f"A and B differ in their {what} ({a[key]!r} against {b[key]!r}): compare two tournaments of one "
                "game played with the same --seed and --seats (-k), which deal the same cards"
            )
    if len(a["specs"]) != len(b["specs"]):
        raise CompareError(
            f"A has {len(a['specs'])} players and B {len(b['specs'])}: with as many players the schedule seats them "
            "alike, each player of B in the places of the one of A given at the same position"
        )


def _pairs(a: Mapping[int, MatchRecord], b: Mapping[int, MatchRecord]) -> list[tuple[MatchRecord, MatchRecord]]:
    """The twin matches finished in both, by index; CompareError where a twin's deal, seed or seats differ."""
    pairs = []
    for index in sorted(set(a) & set(b)):
        x, y = a[index], b[index]
        if (x.deal, x.seed, x.lineup) != (y.deal, y.seed, y.lineup):
            raise CompareError(
                f"match {index} is deal {x.deal}, seed {x.seed}, seating {list(x.lineup)} in A but deal {y.deal}, "
                f"seed {y.seed}, seating {list(y.lineup)} in B: the two were not scheduled alike"
            )
        if x.status != "failed" and y.status != "failed":
            pairs.append((x, y))
    if not pairs:
        raise CompareError("no match finished in both tournaments: nothing to compare")
    return pairs


def _side(
    path: Path, header: Mapping[str, Any], records: Mapping[int, MatchRecord], twins: Sequence[MatchRecord]
) -> dict[str, Any]:
    return {
        "path": str(path),
        "game_version": header["game_version"],
        "options": header.get("options", {}),
        "specs": list(header["specs"]),
        "time_limit": header.get("time_limit"),
        "planned": header.get("games"),
        "played": sum(1 for record in records.values() if record.status != "failed"),
        # A failed match has a record but no result: said apart, so that the run does not read as stopped.
        "failed": sum(1 for record in records.values() if record.status == "failed"),
        "forfeits": sum(1 for record in twins if record.forfeit is not None),
    }


def _by_deal(
    by_deal: Mapping[int, Sequence[tuple[MatchRecord, MatchRecord]]],
    pairs_of: Callable[[MatchRecord, MatchRecord], list[tuple[float, float]]],
) -> dict[int, list[tuple[float, float]]]:
    """Per deal, the (A, B) pairs `pairs_of` gives for each of its twin matches."""
    return {deal: [pair for x, y in twins for pair in pairs_of(x, y)] for deal, twins in by_deal.items()}


def _in_seat(seat: int, x: MatchRecord, y: MatchRecord) -> list[tuple[float, float]]:
    """The seat's return in twin matches `x` and `y`."""
    return [(x.returns[seat], y.returns[seat])]


def _held(player: int, x: MatchRecord, y: MatchRecord) -> list[tuple[float, float]]:
    """The player's return in each seat it held in twin matches `x` and `y` (which seat it alike)."""
    return [(x.returns[seat], y.returns[seat]) for seat, who in enumerate(x.lineup) if who == player]


def _paired(by_deal: Mapping[int, Sequence[tuple[float, float]]]) -> dict[str, Any]:
    """A's and B's means over the matches, and B less A averaged per deal (its t interval and sign test)."""
    values = [pair for deal in by_deal.values() for pair in deal]
    differences = [ordered_sum(y - x for x, y in deal) / len(deal) for deal in by_deal.values() if deal]
    return {
        "a": statistics.fmean(x for x, _ in values) if values else None,
        "b": statistics.fmean(y for _, y in values) if values else None,
        "b_minus_a": paired_difference(differences),
    }
