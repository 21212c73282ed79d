"""The one stats module: Wilson's interval, the exact sign test, and Newcombe's paired difference interval."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from corekit.tournament.stats import Pairs, clustered_wilson, p_text, scored, sign_tail, sign_test, wilson


def test_the_wilson_interval_matches_the_textbook_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_sign_test_counts_only_the_deals_one_side_alone_won():
    pairs = Pairs.count([(True, False), (True, True), (False, True), (True, False)])
    assert (pairs.both, pairs.a_only, pairs.b_only, pairs.neither, pairs.deals) == (1, 2, 1, 0, 4)
    assert sign_test(0, 0) == 1.0 and sign_test(3, 3) == 1.0
    assert sign_test(5, 0) == pytest.approx(2 / 32)
    assert sign_test(2, 10) == pytest.approx(2 * (1 + 12 + 66) / 4096)


def test_a_sign_test_p_too_small_for_a_float_is_printed_as_a_bound_not_as_zero():
    assert sign_test(1302, 0) == 0.0  # 2 / 2**1302 underflows
    assert p_text(Pairs(both=30, a_only=1302, b_only=0, neither=668).sign_p) == "p < 1e-300"
    assert p_text(Pairs(both=0, a_only=5, b_only=0, neither=0).sign_p) == "p = 0.0625"


def test_the_paired_difference_interval_is_newcombes_method_10():
    # Newcombe (1998), example (a): 36 pairs both, 12 first only, 2 second only, none neither: 0.0569 to 0.3404.
    assert Pairs(both=36, a_only=12, b_only=2, neither=0).difference() == pytest.approx((0.2, 0.0569, 0.3404), abs=1e-4)
    # Uncorrected phi: the continuity-corrected variant would give 0.0386 to 0.1608 here.
    assert Pairs(both=120, a_only=30, b_only=10, neither=40).difference() == pytest.approx(
        (0.1, 0.03936, 0.16000), abs=1e-5
    )


def test_the_paired_difference_interval_agrees_with_wald_on_many_seeds():
    pairs = Pairs(both=460, a_only=83, b_only=49, neither=170)
    delta, low, high = pairs.difference()
    assert delta == pytest.approx(34 / 762)
    n, discordant = 762, 83 + 49
    wald = 1.959963984540054 * math.sqrt(discordant - 34**2 / n) / n
    assert low == pytest.approx(delta - wald, abs=1e-3) and high == pytest.approx(delta + wald, abs=1e-3)
    assert low > 0


def test_the_paired_difference_of_swapped_teams_is_the_mirror_image():
    delta, low, high = Pairs(both=5, a_only=4, b_only=1, neither=10).difference()
    assert Pairs(both=5, a_only=1, b_only=4, neither=10).difference() == pytest.approx((-delta, -high, -low))
    assert low < 0 < delta < high  # 4 seeds against 1 on 20 is no evidence


def test_teams_that_win_the_same_seeds_are_told_apart_sooner_than_their_overlapping_intervals_suggest():
    pairs = Pairs(both=120, a_only=30, b_only=10, neither=40)
    _, low, _ = pairs.difference()
    a_low, _ = wilson(150, 200)
    _, b_high = wilson(130, 200)
    assert a_low < b_high and low > 0


def test_the_one_sided_sign_tail_is_exact():
    assert sign_tail(0, 0) == 1.0
    assert sign_tail(3, 1) == pytest.approx(5 / 16)
    assert sign_tail(0, 10) == 1.0


def test_the_sign_tail_stays_exact_past_the_pairs_a_float_power_of_two_can_hold():
    # The leak kit's pooled tally counts thousands of pairs: 2.0 ** 1100 overflows.
    exact = Fraction(sum(math.comb(1100, k) for k in range(600, 1101)), 2**1100)
    assert sign_tail(600, 500) == float(exact)


def test_the_two_sided_sign_test_is_twice_the_lower_tail_of_the_smaller_side():
    for wins in range(30):
        for losses in range(30):
            n = wins + losses
            lower = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2**n if n else 0.5
            assert sign_test(wins, losses) == min(1.0, 2 * lower)


def test_one_seat_a_match_is_wilson_over_the_seats():
    units = [(1.0, 1)] * 30 + [(0.0, 1)] * 20 + [(0.5, 1)] * 4
    assert clustered_wilson(units) == wilson(32, 54)


def test_seats_of_one_match_that_win_and_lose_together_count_as_one_match_each():
    # An outside audit: a cooperative team's two seats survive or die together; Wilson over 200 seats was too narrow.
    units = [(2.0, 2)] * 60 + [(0.0, 2)] * 40  # 100 matches, both seats won 60
    low, high = clustered_wilson(units)
    assert (low, high) == wilson(60, 100)  # the 100 matches, no more (the spread's estimate says 99)
    assert high - low > 1.4 * (wilson(120, 200)[1] - wilson(120, 200)[0])


def test_seats_of_one_match_that_go_against_each_other_are_not_counted_as_more_than_the_seats():
    units = [(1.0, 2)] * 50  # one of the two seats wins every match: no spread between matches
    assert clustered_wilson(units) == wilson(50, 100)
    partly = [(1.0, 2)] * 40 + [(2.0, 2)] * 5 + [(0.0, 2)] * 5
    assert clustered_wilson(partly) == wilson(50, 100)  # less spread than independent seats: still the seats


def test_a_clustered_rate_of_all_wins_or_all_losses_counts_each_match_once():
    assert clustered_wilson([(3.0, 3)] * 10) == wilson(10, 10)
    assert clustered_wilson([(0.0, 2)] * 10) == wilson(0, 10)


def test_a_clustered_rate_never_counts_fewer_than_its_matches_worth():
    # A reviewer: two matches, one all won and one all lost, counted as one trial (n - 1 from the spread's estimate).
    assert clustered_wilson([(2.0, 2), (0.0, 2)]) == wilson(1, 2)
    # Matches of 1 and 3 seats: Kish's M^2 / sum of m^2 = 16 / 10 when both are all won.
    low, high = clustered_wilson([(1.0, 1), (3.0, 3)])
    assert (low, high) == (pytest.approx(wilson(1.6, 1.6)[0]), 1.0)


def test_a_clustered_rate_counts_the_seats_its_spread_between_matches_is_worth():
    # Four matches of two seats: 2, 1, 1 and 0 won, so p = 4/8 = 0.5. The spread: sum of (total - p * seats)^2 =
    # 1 + 0 + 0 + 1 = 2, times n/(n-1) = 4/3, over seats^2 = 64, is 1/24; the effective seats p(1-p) / (1/24) = 6,
    # between the fewest (Kish's 64 / 16 = 4) and the 8 seats: Wilson's interval of 3 in 6.
    units = [(2.0, 2), (1.0, 2), (1.0, 2), (0.0, 2)]
    assert clustered_wilson(units) == pytest.approx(wilson(3, 6))
    # n = 6, p = 0.5: centre 0.5, half 1.96 * sqrt(0.25/6 + 1.96^2/144) / (1 + 1.96^2/6) = 0.3124.
    assert clustered_wilson(units) == pytest.approx((0.1876, 0.8124), abs=1e-4)


def test_one_match_of_several_seats_is_worth_what_its_seats_all_alike_would_be():
    # One match, two seats, 1.5 won: no spread to measure from one match, so the fewest seats it can be worth,
    # Kish's 2^2 / 2^2 = 1, at its rate 0.75: Wilson's interval of 0.75 in 1, not of 1.5 in 1 (a rate of 1).
    assert clustered_wilson([(1.5, 2)]) == pytest.approx(wilson(0.75, 1))
    assert clustered_wilson([(1.5, 2)]) == pytest.approx((0.1179, 0.9854), abs=1e-4)


def test_a_side_that_never_won_gives_the_paired_interval_no_correlation_to_weigh():
    # B won none of 10 deals, so a margin of the 2x2 table is 0 and phi is taken as 0 (Newcombe): the lower end is
    # 0.3 - sqrt((0.3 - l1)^2 + u2^2) with A's Wilson 3/10 (0.1078, 0.6032) and B's 0/10 (0, 0.2775), -0.0376; the
    # upper end 0.3 + (u1 - 0.3) = u1 = 0.6032.
    delta, low, high = Pairs(both=0, a_only=3, b_only=0, neither=7).difference()
    l1, u1 = wilson(3, 10)
    u2 = wilson(0, 10)[1]
    assert delta == pytest.approx(0.3)
    assert low == pytest.approx(0.3 - math.sqrt((0.3 - l1) ** 2 + u2**2)) == pytest.approx(-0.0376, abs=1e-4)
    assert high == pytest.approx(u1) == pytest.approx(0.6032, abs=1e-4)


def test_no_deal_played_by_both_leaves_the_difference_anywhere_from_minus_1_to_1():
    assert Pairs(both=0, a_only=0, b_only=0, neither=0).difference() == (0.0, -1.0, 1.0)


def test_a_seats_return_is_scored_clipped_to_0_1():
    assert (scored(1.7), scored(-0.4), scored(0.25), scored(1)) == (1.0, 0.0, 0.25, 1.0)


def test_t95_is_students_two_sided_95_percent_quantile():
    from corekit.tournament.stats import t95

    # The tables' values: 12.7062 (1), 4.3027 (2), 3.1824 (3), 2.7764 (4), 2.5706 (5), 2.4469 (6), 2.2281 (10),
    # 2.0423 (30), 1.9840 (100). An outside tester found 3.1786 at 3 (a comparison of four deals).
    found = [t95(df) for df in (1, 2, 3, 4, 5, 6, 10, 30, 100)]
    expected = [12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.2281, 2.0423, 1.9840]
    assert found == pytest.approx(expected, abs=2e-4)
    assert t95(10**6) == pytest.approx(1.95996, abs=1e-4)
    with pytest.raises(ValueError, match="at least 1 degree of freedom, got 0"):
        t95(0)


def test_a_paired_difference_is_the_mean_with_its_t_interval_and_the_sign_test_of_its_signs():
    from corekit.tournament.stats import paired_difference, sign_test

    found = paired_difference([0.5, -0.5, 1.0, 0.0, 0.5])
    # Mean 0.3; sample deviation sqrt(1.3 / 4); half-width t95(4) 2.776 * 0.570 / sqrt(5) = 0.708.
    assert found["difference"] == pytest.approx(0.3)
    assert found["ci95"] == pytest.approx([0.3 - 0.7076, 0.3 + 0.7076], abs=1e-3)
    assert (found["deals"], found["ahead"], found["behind"]) == (5, 3, 1)
    assert found["sign_test_p"] == sign_test(3, 1) == 0.625
    one = paired_difference([0.25])
    assert one["difference"] == 0.25 and one["ci95"] == [None, None]
    none = paired_difference([])
    assert none["difference"] is None and none["sign_test_p"] == 1.0


def test_a_deal_whose_shares_differ_only_by_float_residue_is_a_tie_for_the_sign_test():
    from corekit.tournament.stats import paired_difference

    # Seat 1 took a third of six three-way stalls in A, and 1, 0, 0, 1, 0, 0 in B: no difference, but the float sums
    # leave 3.7e-17 (an outside tester's slasher comparison counted such deals ahead).
    residue = sum(b - 1 / 3 for b in (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) / 6
    assert residue != 0
    paired = paired_difference([residue, 0.5, -0.25])
    assert (paired["ahead"], paired["behind"]) == (1, 1)


def test_a_residue_below_0_is_a_tie_too_and_a_difference_of_exactly_the_tolerance_is_one():
    from corekit.tournament.stats import TIE, paired_difference

    residue = sum(b - 1 / 3 for b in (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) / 6
    paired = paired_difference([-residue, TIE, -TIE, 0.5, -0.25])
    assert (paired["ahead"], paired["behind"]) == (1, 1)


def test_a_small_real_difference_is_ahead_or_behind_not_a_tie():
    from corekit.tournament.stats import paired_difference

    # One seat's third of a three-way win more in one match of a deal of 100: 1/300, far above float residue.
    paired = paired_difference([1 / 300, -1 / 300, 1e-6])
    assert (paired["ahead"], paired["behind"]) == (2, 1)


def test_two_deals_have_a_t_interval_of_one_degree_of_freedom():
    from corekit.tournament.stats import paired_difference, t95

    # Mean 0.5, sample deviation sqrt(0.5), half-width t95(1) * sqrt(0.5) / sqrt(2) = 12.706 / 2.
    found = paired_difference([0.0, 1.0])
    assert found["difference"] == 0.5
    assert found["ci95"] == pytest.approx([0.5 - t95(1) / 2, 0.5 + t95(1) / 2])
    assert found["ci95"][0] == pytest.approx(-5.8531, abs=1e-4)


def test_endings_no_longer_declared_are_listed_by_name_after_the_declared_and_before_none():
    from corekit.tournament.stats import ending_order

    seen = ["zombie apocalypse", None, "stalled", "dragon slain", "zombie apocalypse"]
    assert ending_order(("hero freed", "stalled"), seen) == [
        "hero freed",
        "stalled",
        "dragon slain",
        "zombie apocalypse",
        None,
    ]


def test_a_clustered_interval_has_the_same_bits_on_every_python_whatever_its_sum_rounds(monkeypatch) -> None:
    # Python 3.12 made sum() of floats compensated: a printed interval must not move in its last bit with it.
    from corekit.rng import Rng
    from corekit.tournament import stats
    from tests.ai.test_version_independence import compensated_sum

    rng, shares = Rng(7), [0.0, 1.0, 0.5, 1 / 3, 2 / 3, 0.25, 0.75, 1 / 6, 0.2, 0.1]
    cases = [[(shares[rng.below(10)] * 2, 2) for _ in range(50)] for _ in range(40)]
    before = [stats.clustered_wilson(units) for units in cases]
    monkeypatch.setattr(stats, "sum", compensated_sum, raising=False)
    assert [stats.clustered_wilson(units) for units in cases] == before
