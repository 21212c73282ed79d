"""Turn order that skips eliminated seats; phases that cycle through rounds."""

import pytest

from corekit import Phases, TurnOrder


def test_the_turn_passes_clockwise_and_skips_eliminated_seats():
    order = TurnOrder(4, first=2)
    order.eliminate(3)
    order.eliminate(0)
    assert [order.advance() for _ in range(4)] == [1, 2, 1, 2]
    assert order.living == (1, 2)
    assert order.order_from(3) == (3, 0, 1, 2)


def test_the_last_seat_standing_keeps_the_turn_and_no_seat_left_is_an_error():
    order = TurnOrder(2)
    order.eliminate(1)
    assert order.advance() == 0
    order.eliminate(0)
    with pytest.raises(ValueError):
        order.advance()


def test_the_living_seats_follow_the_flags_however_they_are_set_and_every_order_starts_at_its_seat():
    order = TurnOrder(5)
    assert order.living == (0, 1, 2, 3, 4)
    order.alive[3] = False  # set directly, as a position or a test does, not through eliminate
    assert order.living == (0, 1, 2, 4)
    order.alive[3] = True
    order.eliminate(0)
    assert order.living == (1, 2, 3, 4)
    assert TurnOrder(3).order_from(2) == (2, 0, 1)
    assert [TurnOrder(5).order_from(seat)[0] for seat in range(5)] == [0, 1, 2, 3, 4]
    assert TurnOrder(2).order_from(1) == (1, 0)


def test_order_from_gives_the_seats_of_the_type_asked_even_after_an_equal_key_was_cached():
    order = TurnOrder(3)
    assert order.order_from(1) == (1, 2, 0)
    assert [type(seat) for seat in order.order_from(1.0)] == [float] * 3  # not the cached ints of seat 1
    assert order.order_from(1.0) == (1.0, 2.0, 0.0)


def test_phases_cycle_and_count_rounds():
    phases = Phases(["place", "play", "collect"])
    assert [phases.advance() for _ in range(4)] == ["play", "collect", "place", "play"]
    assert phases.round == 1
    copy = phases.clone()
    copy.advance()
    assert phases.current == "play" and copy.current == "collect"


def test_the_living_seats_from_a_seat_go_clockwise_and_skip_the_eliminated_ones():
    turns = TurnOrder(5)
    turns.eliminate(1)
    turns.eliminate(4)
    assert turns.living_from(3) == (3, 0, 2)
    assert turns.living_from(1) == (2, 3, 0)  # an eliminated seat starts nothing of its own


def test_a_cycle_of_no_phases_is_refused():
    with pytest.raises(ValueError, match="at least one phase"):
        Phases([])


def test_a_seat_given_as_a_bool_gets_an_order_of_ints_even_after_an_equal_float_was_asked():
    order = TurnOrder(3)
    assert order.order_from(1.0) == (1.0, 2.0, 0.0)
    assert [type(seat) for seat in order.order_from(True)] == [int] * 3  # not the floats of seat 1.0


def test_a_first_seat_outside_the_table_is_refused():
    for first in (4, -1):
        with pytest.raises(ValueError, match=rf"the first seat must be a seat of 4 \(0 to 3\), got {first}"):
            TurnOrder(4, first=first)
    assert TurnOrder(4, first=3).current == 3
