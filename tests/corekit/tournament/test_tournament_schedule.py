"""The fair schedule: every spec in every seat equally often, one seed per deal, plans fixed by index."""

from __future__ import annotations

from collections import Counter

import pytest

from corekit import derive_seed
from corekit.tournament.schedule import default_games, lineups, plan, plan_one


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
