"""corekit.ordered_sum adds floats left to right, as sum() did up to Python 3.11, on every Python version."""

from hypothesis import given
from hypothesis import strategies as st

from corekit import ordered_sum


def test_it_adds_left_to_right_without_compensation():
    # Python 3.12's sum() gives 1.0 here (Neumaier's compensation keeps the 1.0 that 1e16 swallowed); adding in
    # order gives 0.0 on every version, the total 3.11's sum() gave.
    assert ordered_sum([1e16, 1.0, -1e16]) == 0.0
    assert ordered_sum([0.1, 0.2, 0.3]) == (0.1 + 0.2) + 0.3 == 0.6000000000000001


def test_an_empty_sum_is_zero():
    assert ordered_sum([]) == 0.0


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=64)))
def test_it_is_each_value_added_in_turn(values):
    total = 0.0
    for value in values:
        total += value
    assert ordered_sum(iter(values)) == total


def test_an_empty_sum_prints_as_a_float_and_a_negative_zero_adds_up_to_zero():
    import math

    assert repr(ordered_sum([])) == "0.0"
    assert math.copysign(1.0, ordered_sum([-0.0])) == 1.0  # 0.0 + -0.0, as 3.11's sum() gives


def test_returns_of_a_zero_sum_game_add_up_to_zero_within_rounding():
    from corekit.floats import adds_up

    assert 0.1 + 0.2 - 0.3 != 0.0
    assert adds_up([0.1, 0.2, -0.3], 0.0)
    assert adds_up([0.1] * 10, 1.0)
    assert not adds_up([0.5, 0.4], 1.0) and not adds_up([0.001, -0.002], 0.0)
