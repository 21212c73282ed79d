"""The deterministic generator: known values, independence of clones, fair bounded draws."""

from collections import Counter

import pytest

from corekit import Rng, derive_seed


def test_the_sequence_is_splitmix64_so_it_never_changes_between_versions():
    rng = Rng(0)
    assert rng.next64() == 0xE220A8397B1DCDAF  # the published SplitMix64 reference values
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_the_whole_state_is_one_integer_and_a_copy_continues_identically():
    rng = Rng(99)
    rng.dice(5)
    copy = Rng(rng.state)
    assert [rng.below(1000) for _ in range(50)] == [copy.below(1000) for _ in range(50)]


def test_a_clone_is_independent():
    rng = Rng(5)
    clone = rng.clone()
    rng.next64()
    assert clone.state != rng.state
    assert clone.next64() == Rng(5).next64()


def test_fixed_draws_for_a_fixed_seed():
    rng = Rng(1234567)
    assert [rng.below(6) for _ in range(10)] == [2, 1, 3, 1, 5, 2, 3, 1, 2, 4]
    items = list(range(10))
    Rng(42).shuffle(items)
    assert items == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]


def test_dice_are_fair_and_in_range():
    rng = Rng(3)
    rolls = Counter(rng.die(6) for _ in range(60_000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in rolls.values())


def test_bounded_draws_cover_the_range_and_reject_bad_bounds():
    rng = Rng(8)
    assert {rng.randint(-2, 2) for _ in range(500)} == {-2, -1, 0, 1, 2}
    with pytest.raises(ValueError, match="positive bound"):
        rng.below(0)
    with pytest.raises(IndexError):
        rng.choice([])


def test_a_bound_past_one_draws_64_bits_is_refused_rather_than_drawn_for_ever():
    rng = Rng(1)
    assert 0 <= rng.below(2**64) < 2**64  # the largest bound a draw covers
    state = rng.state
    for call in (lambda: rng.below(2**64 + 1), lambda: rng.randint(0, 2**64)):
        with pytest.raises(ValueError, match=r"^below\(\) takes a bound of at most 2\*\*64, got 18446744073709551617$"):
            call()
    assert rng.state == state  # nothing drawn


def test_a_shuffle_is_a_permutation_and_floats_are_in_the_unit_interval():
    items = list(range(100))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(100)) and items != list(range(100))
    assert all(0.0 <= Rng(s).random() < 1.0 for s in range(100))


def test_derived_seeds_are_stable_and_distinct_per_key():
    assert derive_seed(1, "a", 2) == 11042974126846773169
    seeds = {derive_seed(7, "match", i) for i in range(1000)}
    assert len(seeds) == 1000
    assert derive_seed(7, "ab") != derive_seed(7, "a", "b")


def test_spawned_generators_differ_from_the_parent():
    parent = Rng(10)
    child = parent.spawn()
    assert child.state != parent.state
    assert [child.below(100) for _ in range(5)] != [parent.below(100) for _ in range(5)]


def test_weighted_draws_each_index_in_proportion_to_its_weight_and_never_a_zero_weight():
    rng = Rng(3)
    counts = [0, 0, 0]
    for _ in range(4000):
        counts[rng.weighted([1, 0, 3])] += 1
    assert counts[1] == 0
    assert 0.70 < counts[2] / 4000 < 0.80


def _one_draw_at_a_time(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates from the end with `below`, one draw per card: what `shuffle` must match exactly."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("size", [0, 1, 2, 4, 5, 6, 13, 28, 56, 200, 513, 514, 600])
def test_a_shuffle_draws_as_below_does_one_card_at_a_time(size: int) -> None:
    # `shuffle` mixes all its draws at once as lanes of one integer: the same cards, the same generator state.
    for seed in [*range(40), 2**64 - 1, 0x9E3779B97F4A7C15]:
        fast, slow = Rng(seed), Rng(seed)
        got, expected = list(range(size)), list(range(size))
        fast.shuffle(got)
        _one_draw_at_a_time(slow, expected)
        assert got == expected and fast.state == slow.state, (seed, size)


@pytest.mark.parametrize("at", [1, 2, 10, 26, 27])
def test_a_shuffle_whose_draw_is_rejected_draws_again_as_below_does(at: int) -> None:
    # A state of 0 mixes to 0, whose multiply-shift lands below every bound: `below` rejects it (bounds that are not
    # powers of two) and draws again, which shifts every later draw. Here draw number `at` of a 28-card shuffle.
    seed = (-at * 0x9E3779B97F4A7C15) % 2**64
    fast, slow = Rng(seed), Rng(seed)
    got, expected = list(range(28)), list(range(28))
    fast.shuffle(got)
    _one_draw_at_a_time(slow, expected)
    assert got == expected and fast.state == slow.state
