"""The statistics of tournament results, in one place: Wilson's interval for a rate, and for two players that
played the same deals, the exact sign test and Newcombe's interval of the difference of their rates.

A win rate is a mean return (a win 1, a loss 0, a shared outcome a fraction), so its interval is Wilson's score
interval with fractional successes allowed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from corekit.floats import ordered_sum

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (successes may be fractional: shared wins; trials too, an effective
    count: `clustered_wilson`)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At p = 0 the lower end is exactly 0 (and at p = 1 the upper is 1): the formula's rounding gave 2.8e-17.
    return (0.0 if p <= 0.0 else max(0.0, centre - half), 1.0 if p >= 1.0 else min(1.0, centre + half))


def clustered_wilson(units: Sequence[tuple[float, int]], z: float = Z95) -> tuple[float, float]:
    """Wilson's interval for a rate counted over seats that come in clusters: `units` holds (score, seats) of each
    cluster, a player's summed returns over the seats it held there (the report's clusters are deals). Seats of one
    match are not independent trials (a cooperative team survives or dies together), nor are the seatings of one
    deal (they share its cards), so where a player held several seats of a cluster the interval
    counts the seats that the spread between matches is worth: Kish's effective size p(1-p) / Var(p), Var(p) the
    ratio estimator's over matches, never more than the seats themselves (seats of one match that compete, whose
    results go against each other, are not counted as more). One seat a match: Wilson over the seats, as before."""
    seats = sum(count for _score, count in units)
    score = ordered_sum(total for total, _count in units)  # a printed figure: the same bits on every Python
    if seats <= 0 or all(count == 1 for _score, count in units):
        return wilson(score, seats, z)
    n, p = len(units), min(1.0, max(0.0, score / seats))
    # The fewest seats the matches can be worth, each match's seats all alike (Kish's M^2 / sum of m^2: the number of
    # matches when every match has as many seats); an estimate of the spread from few matches could go below it.
    fewest = seats * seats / sum(count * count for _score, count in units)
    if n < 2 or p in (0.0, 1.0):  # no spread to measure: the fewest (a convention: one seat lost more would count
        return wilson(p * fewest, fewest, z)  # more, as a spread then says the seats went their own ways)
    spread = ordered_sum((total - p * count) ** 2 for total, count in units) * n / (n - 1) / (seats * seats)
    effective = seats if spread <= 0 else min(float(seats), max(fewest, p * (1 - p) / spread))
    return wilson(p * effective, effective, z)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom: from a table for 1 to 5, else the
    Cornish-Fisher expansion from the normal quantile (within 0.00011 of the tables from 6 on; at 3 it was 0.0038
    off, which widened nothing a reader would see but a comparison of four deals)."""
    if df < 1:
        raise ValueError(f"t95 needs at least 1 degree of freedom, got {df}")
    if df <= 5:
        return (12.706204736174707, 4.302652729749464, 3.182446305284263, 2.776445105197793, 2.570581835636314)[df - 1]
    z, v = Z95, float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4)
    )


TIE = 1e-9
"""A paired difference within this of 0 is a tie for the sign test: returns are in [0, 1], so any real difference of
a deal's means is far larger, and float sums of shares leave residues far smaller."""


def paired_difference(differences: Sequence[float]) -> dict[str, Any]:
    """The mean of paired `differences` (one a deal: a seat's mean return in it less another seat's) with its 95%
    t interval over them, how many are above and below 0, and the exact sign test of those: where the two seats'
    own intervals overlap, this says whether one is ahead of the other in the same deals."""
    n = len(differences)
    mean = ordered_sum(differences) / n if n else None
    if n > 1:
        assert mean is not None
        spread = math.sqrt(ordered_sum((d - mean) ** 2 for d in differences) / (n - 1))
        half = t95(n - 1) * spread / math.sqrt(n)
        interval: list[float | None] = [mean - half, mean + half]
    else:
        interval = [None, None]
    # A deal's difference is a mean of shares (1/3 each of a three-way win): sums that are 0 in exact arithmetic
    # come out as 3.7e-17, which must not count as a deal ahead.
    ahead = sum(1 for d in differences if d > TIE)
    behind = sum(1 for d in differences if d < -TIE)
    return {
        "difference": mean,
        "ci95": interval,
        "deals": n,
        "ahead": ahead,
        "behind": behind,
        "sign_test_p": sign_test(ahead, behind),
    }


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided sign test: P(a split at least this uneven) of `wins + losses` fair coin flips."""
    return min(1.0, 2 * sign_tail(max(wins, losses), min(wins, losses)))


def sign_tail(ahead: int, behind: int) -> float:
    """P(at least `ahead` of `ahead + behind` fair coin flips come up heads): the exact one-sided sign test."""
    total = ahead + behind
    if not total:
        return 1.0
    # In integers, each binomial coefficient from the last (the leak kit's pooled tally counts thousands of pairs, and
    # 2.0 ** total overflows a float past 1,023); an int divided by an int is a correctly rounded float however large.
    term, tail = math.comb(total, ahead), 0
    for k in range(ahead, total + 1):
        tail += term
        term = term * (total - k) // (k + 1)
    return tail / (1 << total)


def p_text(p: float, spec: str = ".3g") -> str:
    """A p-value as text (`spec` its format); below the smallest normal float it has underflowed, so only a bound
    is true."""
    return "p < 1e-300" if p < 1e-300 else f"p = {p:{spec}}"


@attrs.frozen
class Pairs:
    """Deals played by both A and B (two teams in a cooperative game), counted by who won them."""

    both: int
    a_only: int
    b_only: int
    neither: int

    @classmethod
    def count(cls, wins: Iterable[tuple[bool, bool]]) -> Pairs:
        """Count the deals from (A won, B won) on each."""
        counts = [0, 0, 0, 0]
        for a_won, b_won in wins:
            counts[(not a_won) * 2 + (not b_won)] += 1
        return cls(*counts)

    @property
    def deals(self) -> int:
        """Every deal counted."""
        return self.both + self.a_only + self.b_only + self.neither

    @property
    def sign_p(self) -> float:
        """McNemar's exact test: the sign test on the deals only one of the two won."""
        return sign_test(self.a_only, self.b_only)

    def difference(self, z: float = Z95) -> tuple[float, float, float]:
        """A's win rate minus B's, with its 95% interval for paired data.

        Newcombe's hybrid score interval (method 10 of "Improved confidence intervals for the difference
        between binomial proportions based on paired data", Statistics in Medicine 17, 1998): each side's
        Wilson interval, combined through the correlation of the two sides' results on the same deals, phi as
        Newcombe gives it, without a continuity correction (the "wilson" method of R's MKinfer; Altman's worked
        version corrects phi for continuity and gives slightly wider intervals on few deals).
        It is the interval of a difference: two overlapping Wilson intervals do not make the difference
        insignificant, and two sides that win and lose mostly the same deals are told apart by far fewer
        of them.
        """
        n = self.deals
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


def team_won(returns: Sequence[float]) -> bool:
    """Whether the team of a cooperative match won it: some seat's return is above 0 (docs/tournament-results.md; in
    Camp Grizzly a counselor survived, and a seat's own 0 does not say its team lost)."""
    return max(returns) > 0


def scored(value: float) -> float:
    """A seat's return as the reports score it: clipped to 0-1, so a game's odd return cannot tip a win rate."""
    return min(1.0, max(0.0, float(value)))


def ending_order(declared: Sequence[str], seen: Iterable[str | None]) -> list[str | None]:
    """The endings a count lists, in order: every one the game declares (zeros included), then any other seen (a
    record of another rules version, or edited), by name, then None (records from before endings were recorded)."""
    seen = set(seen)
    others = sorted(e for e in seen if e is not None and e not in declared)
    return [*declared, *others, *([None] if None in seen else [])]
