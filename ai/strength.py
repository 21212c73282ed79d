"""Strength runs: one player against another, seats rotated, win rate with a Wilson 95% interval.

    python -m ai.strength grizzly-race --players 2 --matches 200 --a mcts --b heuristic

Free-for-all: player A sits in one seat, player B in all the others; A's seat moves one place every match,
so every seat is played equally often. A's score in a match is its return (a shared win counts its
share), and A is stronger when the lower end of the interval is above the fair share 1/players.

Cooperative games (`game.cooperative`): every seat is played by A, then by B, and the team's win rate
against the game's villain is reported for each (a match is won when any seat's return is positive).

Match seeds are `derive_seed(seed, "strength", game, players, index)`, so a run is reproducible with
iteration budgets, and a long one can be split into parts with `--first` whose tallies add up to the whole
run's; matches run in parallel over `--workers` processes, and the result does not depend on their number.
`--log FILE` appends one JSON line per match as soon as it and every match before it have finished, so a
part cut short keeps a whole prefix of its matches, and `python -m ai.tally` adds up the logs of a run's
parts. A team run also compares the two teams seed by seed: the seeds only one team won, the exact
two-sided sign test on them (McNemar's test: the two teams played the same seeds), and the difference in
win rate with its paired interval.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from corekit import GameError, default_registry, derive_seed, play_match
from corekit.errors import os_reason
from corekit.options import OptionError, parse_pairs
from corekit.plugins import UnknownName
from corekit.script_args import OneLineParser, whole_number
from corekit.words import counted

Z95 = 1.959963984540054


@attrs.frozen
class Outcome:
    """The tally of one side over a run: score (wins, shares counted), matches, and its interval."""

    label: str
    score: float
    matches: int

    @property
    def rate(self) -> float:
        """The mean score."""
        return self.score / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% score interval of the rate."""
        return wilson(self.score, self.matches)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `successes` out of `trials` (fractional successes allowed)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


Job = tuple[str, list[str], int, int, dict[str, str]]
Result = tuple[int, float, float]
"""(seat of A or -1/-2 for a team, score, seconds) of one match."""


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided sign test: P(a split at least this uneven) of `wins + losses` fair coin flips."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2**n
    return min(1.0, 2 * tail)


@attrs.frozen
class Pairs:
    """A team run's seeds by who won them: both teams, team A alone, team B alone, neither."""

    both: int
    a_only: int
    b_only: int
    neither: int

    @classmethod
    def count(cls, wins: Iterable[tuple[bool, bool]]) -> Pairs:
        """Count the seeds from (team A won, team B won) on each."""
        counts = [0, 0, 0, 0]
        for a_won, b_won in wins:
            counts[(not a_won) * 2 + (not b_won)] += 1
        return cls(*counts)

    @property
    def matches(self) -> int:
        """Every seed counted."""
        return self.both + self.a_only + self.b_only + self.neither

    @property
    def sign_p(self) -> float:
        """McNemar's exact test: the sign test on the seeds only one team won."""
        return sign_test(self.a_only, self.b_only)

    def difference(self, z: float = Z95) -> tuple[float, float, float]:
        """Team A's win rate minus team B's, with its 95% interval for paired data.

        Newcombe's hybrid score interval (method 10 of "Improved confidence intervals for the difference
        between binomial proportions based on paired data", Statistics in Medicine 17, 1998): each team's
        Wilson interval, combined through the correlation of the two teams' results on the same seeds.
        It is the interval of a difference: two overlapping Wilson intervals do not make the difference
        insignificant, and two teams that win and lose mostly the same seeds are told apart by far fewer
        of them.
        """
        n = self.matches
        if n == 0:
            return 0.0, -1.0, 1.0
        wins_a, wins_b = self.both + self.a_only, self.both + self.b_only
        p1, p2 = wins_a / n, wins_b / n
        l1, u1 = wilson(wins_a, n, z)
        l2, u2 = wilson(wins_b, n, z)
        margins = wins_a * (n - wins_a) * wins_b * (n - wins_b)
        phi = (self.both * self.neither - self.a_only * self.b_only) / math.sqrt(margins) if margins else 0.0
        below = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
        above = math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
        delta = p1 - p2
        return delta, max(-1.0, delta - below), min(1.0, delta + above)

    def summary(self, a: str, b: str) -> str:
        """The paired comparison in one line, for people."""
        delta, low, high = self.difference()
        return (
            f"paired: the {a} team alone won {counted(self.a_only, 'seed')}, the {b} team alone "
            f"{self.b_only} (exact sign test {_p_text(self.sign_p)}); {a} minus {b}: {delta:+.3f} "
            f"[{low:+.3f}, {high:+.3f}] (Newcombe's paired 95% interval)"
        )


def _p_text(p: float) -> str:
    """A p-value as text; below the smallest normal float it has underflowed, so only a bound is true."""
    return "p < 1e-300" if p < 1e-300 else f"p = {p:.3g}"


def paired(results: Sequence[Result]) -> Pairs:
    """In a team run: the seeds by who won them (results alternate team A's and team B's match)."""
    return Pairs.count((a > 0, b > 0) for (_, a, _), (_, b, _) in zip(results[0::2], results[1::2], strict=True))


def schedule(
    game_id: str,
    players: int,
    a: str,
    b: str,
    matches: int,
    seed: int,
    cooperative: bool,
    options: dict[str, str] | None = None,
    first: int = 0,
) -> list[Job]:
    """(game, specs, seed, seat of A or -1/-2 for a team run, game options) for every match of the run:
    matches `first` to `first + matches - 1` of the seed's sequence."""
    options = dict(options or {})
    runs = []
    for index in range(first, first + matches):
        match_seed = derive_seed(seed, "strength", game_id, players, index)
        if cooperative:
            runs.append((game_id, [a] * players, match_seed, -1, options))
            runs.append((game_id, [b] * players, match_seed, -2, options))
        else:
            seat = index % players
            specs = [b] * players
            specs[seat] = a
            runs.append((game_id, specs, match_seed, seat, options))
    return runs


def play_one(job: Job) -> Result:
    """Play one scheduled match: (seat of A or team marker, score, seconds)."""
    game_id, specs, seed, seat, options = job
    game = default_registry().game(game_id)
    started = time.perf_counter()
    result = play_match(game, specs, seed, options or None)
    elapsed = time.perf_counter() - started
    if seat < 0:
        return seat, (1.0 if max(result.returns) > 0 else 0.0), elapsed
    return seat, float(result.returns[seat]), elapsed


def run(
    game_id: str,
    players: int,
    a: str,
    b: str,
    matches: int,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, str] | None = None,
    first: int = 0,
    on_result: Callable[[int, Job, Result], None] | None = None,
) -> tuple[list[Outcome], float, list[Result]]:
    """Play the run and return the outcomes (A, or A's and B's teams), the wall time and each match's
    result in schedule order; `on_result(match index, job, result)` hears of each in that order as soon as
    it is known."""
    game = default_registry().game(game_id)
    game.initial_state(players, seed, dict(options or {}))  # a bad option or player count fails here, at once
    jobs = schedule(game_id, players, a, b, matches, seed, game.cooperative, options, first)
    started = time.perf_counter()
    results: list[Result] = []
    per_match = 2 if game.cooperative else 1
    with ProcessPoolExecutor(workers) if workers > 1 else _Inline() as pool:
        for job, result in zip(jobs, pool.map(play_one, jobs, chunksize=2), strict=True):
            if on_result is not None:
                on_result(first + len(results) // per_match, job, result)
            results.append(result)
    wall = time.perf_counter() - started
    if game.cooperative:
        team_a = sum(score for seat, score, _ in results if seat == -1)
        team_b = sum(score for seat, score, _ in results if seat == -2)
        return [Outcome(f"{a} team", team_a, matches), Outcome(f"{b} team", team_b, matches)], wall, results
    return [Outcome(a, sum(score for _, score, _ in results), matches)], wall, results


class _Inline:
    """A stand-in for the process pool with one worker: play in this process (tests, profilers)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, function: Callable[[Job], Result], jobs: Sequence[Job], chunksize: int = 1) -> map:
        return map(function, jobs)


def log_to(path: str, version: str) -> Callable[[int, Job, Result], None]:
    """A listener that appends each match's result to `path` as one JSON line, closing the file each time.
    `version` is the game's: parts played under other rules must never be added up (ai.tally checks)."""

    def write(index: int, job: Job, result: Result) -> None:
        game_id, specs, seed, _, options = job
        seat, score, seconds = result
        line = {
            "game": game_id,
            "version": version,
            "match": index,
            "seed": seed,
            "specs": specs,
            "options": options,
            "team": {-1: "a", -2: "b"}.get(seat),
            "seat_of_a": seat if seat >= 0 else None,
            "score": score,
            "seconds": round(seconds, 3),
        }
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")

    return write


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print one markdown table row per outcome."""
    parser = OneLineParser(prog="python -m ai.strength", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a registered game id (see `campfire games`)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (default: %(default)s)")
    parser.add_argument(
        "--matches", type=whole_number(1), default=200, help="matches to play, 1 or more (default: %(default)s)"
    )
    parser.add_argument("--a", default="mcts", help="the player spec being measured (default: %(default)s)")
    parser.add_argument("--b", default="heuristic", help="the opponent, in every other seat (default: %(default)s)")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the run's seed, from which every match's seed is derived (default: %(default)s)",
    )
    parser.add_argument(
        "--first",
        type=whole_number(0),
        default=0,
        help="the first match's index: a long run split into parts (--first 200 --matches 200 "
        "plays matches 200-399); add up the parts' wins (default: %(default)s)",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(1),
        default=2,
        help="processes playing matches in parallel, 1 or more; the results do not depend on it (default: %(default)s)",
    )
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. -o all_dead=share (repeatable; default: the game's own)",
    )
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="append one JSON line per finished match to FILE, so a run cut short keeps them (default: no log)",
    )
    args = parser.parse_args(argv)
    try:
        options = parse_pairs(args.option, args.game)
        game = default_registry().game(args.game)
        listener = None
        if args.log:
            open(args.log, "a", encoding="utf-8").close()  # an unwritable log fails now, not after an hour
            listener = log_to(args.log, str(game.version))
        outcomes, wall, results = run(
            args.game,
            args.players,
            args.a,
            args.b,
            args.matches,
            args.seed,
            args.workers,
            options,
            args.first,
            listener,
        )
    except (OptionError, UnknownName, GameError) as error:
        print(f"python -m ai.strength: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"python -m ai.strength: cannot write the log {args.log}: {os_reason(error)}", file=sys.stderr)
        return 2
    fair = 1.0 / args.players
    for outcome in outcomes:
        low, high = outcome.interval
        if game.cooperative:  # a team against the villain; the other team's row is the comparison
            print(
                f"| {args.game} | {args.players} | {outcome.label} | {game.villain or 'the villain'} | "
                f"{outcome.matches} | {outcome.rate:.3f} | [{low:.3f}, {high:.3f}] | - | - |"
            )
        else:
            print(
                f"| {args.game} | {args.players} | {outcome.label} | {args.b} | {outcome.matches} | "
                f"{outcome.rate:.3f} | [{low:.3f}, {high:.3f}] | {fair:.3f} | {'yes' if low > fair else 'NO'} |"
            )
    for outcome in outcomes:  # the raw tally, so that the parts of a split run add up exactly
        print(
            f"{outcome.label}: {outcome.score:g} of {outcome.matches} (matches {args.first}-"
            f"{args.first + outcome.matches - 1})",
            file=sys.stderr,
        )
    if game.cooperative:
        print(paired(results).summary(args.a, args.b), file=sys.stderr)
    print(f"({wall:.0f}s wall, {counted(args.workers, 'worker')})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
