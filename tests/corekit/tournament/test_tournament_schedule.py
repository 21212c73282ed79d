"""The fair schedule: every spec in every seat equally often, one seed per deal, plans fixed by index."""

from __future__ import annotations

from collections import Counter

import pytest

from corekit import derive_seed
from corekit.tournament.schedule import Pending, deal_order, default_games, lineups, plan, plan_one, rotates_order


def seat_counts(group: list[tuple[int, ...]]) -> Counter:
    return Counter((seat, who) for lineup in group for seat, who in enumerate(lineup))


@pytest.mark.parametrize(("specs", "seats"), [(2, 2), (3, 3), (4, 4), (3, 2), (4, 3), (5, 5), (6, 4), (2, 4), (1, 3)])
def test_every_spec_sits_in_every_seat_equally_often_in_a_deal(specs: int, seats: int) -> None:
    group = lineups(specs, seats)
    counts = seat_counts(group)
    assert len(set(counts.values())) == 1
    assert {who for _, who in counts} == set(range(specs))
    assert {seat for seat, _ in counts} == set(range(seats))


def test_few_specs_get_every_permutation_and_many_get_rotations() -> None:
    assert sorted(lineups(3, 3)) == [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    assert lineups(5, 5) == [tuple((r + s) % 5 for s in range(5)) for r in range(5)]


def test_each_block_of_rotations_is_balanced_so_a_partial_deal_stays_nearly_fair() -> None:
    group = lineups(3, 3)
    assert len(set(seat_counts(group[:3]).values())) == 1
    assert len(set(seat_counts(group[3:]).values())) == 1


def test_a_deal_is_one_seed_replayed_with_the_seats_rotated() -> None:
    matches = plan(7, 3, 3, 12)
    assert [m.deal for m in matches] == [0] * 6 + [1] * 6
    assert {m.seed for m in matches[:6]} == {derive_seed(7, "deal", 0)}
    assert matches[6].seed == derive_seed(7, "deal", 1) != matches[0].seed
    assert len({m.lineup for m in matches[:6]}) == 6


def test_a_matchs_plan_depends_only_on_its_index() -> None:
    group = lineups(3, 3)
    assert plan(1, 3, 3, 60)[41] == plan_one(1, group, 41)
    assert plan(1, 3, 3, 45) == plan(1, 3, 3, 60)[:45]


def test_the_default_is_ten_whole_deals() -> None:
    assert default_games(3, 3) == 60
    assert default_games(2, 4) == 20


def test_rotations_turn_an_order_of_the_specs_each_deal_draws_so_who_sits_after_whom_varies() -> None:
    # 5 specs in 5 seats: 120 seatings, so a deal plays the 5 rotations of an order drawn from its seed.
    assert rotates_order(5, 5) and rotates_order(6, 6) and not rotates_order(4, 4)
    matches = plan(11, 5, 5, 5 * 40, ordered=True)
    for deal in range(40):
        group = [m.lineup for m in matches[5 * deal : 5 * deal + 5]]
        assert len(set(seat_counts(group).values())) == 1, "each spec in each seat once a deal"
        order = deal_order(11, deal, 5)
        assert group[0] == order and all(lineup == order[r:] + order[:r] for r, lineup in enumerate(group))
    after = Counter((m.lineup[s], m.lineup[(s + 1) % 5]) for m in matches for s in range(5))
    assert len(after) == 20, "over the deals every spec sits after every other"
    # Unordered, as results files before `seating` 2 were played: the specs' own order, rotated.
    assert [m.lineup for m in plan(11, 5, 5, 10)] == lineups(5, 5) * 2
    assert plan(11, 5, 5, 200, ordered=True)[137] == plan_one(11, lineups(5, 5), 137, ordered=True)


def test_more_seats_than_specs_rotate_an_order_each_deal_draws_too() -> None:
    # 3 specs in 4 seats: rotations of the order given always seat spec 1 right after spec 0 (an outside tester's
    # tournament of 60 matches had three line-ups, 20 each).
    assert rotates_order(3, 4) and rotates_order(3, 5) and not rotates_order(2, 4)
    matches = plan(5, 3, 4, 3 * 30, ordered=True)
    for deal in range(30):
        group = [m.lineup for m in matches[3 * deal : 3 * deal + 3]]
        assert sorted(Counter(spec for lineup in group for spec in lineup).values()) == [4, 4, 4]
        for seat in range(4):  # each seat holds each spec once a deal, as the rotations of the order given do
            assert len({lineup[seat] for lineup in group[:3]}) == 3
    after = Counter((m.lineup[s], m.lineup[s + 1]) for m in matches for s in range(3))
    assert {pair for pair in after if pair[0] != pair[1]} == {(a, b) for a in range(3) for b in range(3) if a != b}
    # Results files of `seating` 2 (and 1) go on as they were played: the order given, rotated.
    assert not rotates_order(3, 4, seating=2) and not rotates_order(5, 5, seating=1) and rotates_order(5, 5, seating=2)


def test_pending_counts_only_the_done_matches_within_its_games() -> None:
    pending = Pending(1, 2, 2, 4, done={0, 2, 7})
    assert len(pending) == 2
    assert [match.index for match in pending.take(10)] == [1, 3]
    assert len(pending) == 0


def test_matches_given_back_come_out_first_in_the_order_given() -> None:
    pending = Pending(1, 2, 2, 6)
    taken = pending.take(3)
    pending.give_back(taken[1:])
    assert [match.index for match in pending.take(3)] == [1, 2, 3]
    assert len(pending) == 2


def test_a_deals_order_of_the_specs_is_drawn_as_earlier_results_files_were_seated() -> None:
    # A results file records each match's line-up; a resume refuses one its schedule no longer makes.
    assert [deal_order(3, deal, 5) for deal in range(3)] == [(3, 0, 4, 1, 2), (1, 3, 0, 4, 2), (0, 1, 4, 2, 3)]
