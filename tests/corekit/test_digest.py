"""Digests are stable fingerprints of plain data."""

import enum

import attrs
import pytest

from corekit.digest import digest


class Colour(enum.Enum):
    RED = "red"


@attrs.frozen
class Point:
    x: int
    y: int


def test_equal_values_have_equal_digests_whatever_the_set_or_dict_order():
    assert digest({"b": 1, "a": {3, 1, 2}}) == digest({"a": {2, 3, 1}, "b": 1})
    assert digest(Point(1, 2)) != digest(Point(2, 1))
    assert digest((1, "1")) != digest(("1", 1))


def test_a_digest_is_fixed_forever_for_a_value():
    assert digest((1, "two", None, True, Colour.RED, Point(3, 4), 2.5)) == "a464f4cefc52276e"


class Rank(enum.IntEnum):
    ACE = 1


@attrs.frozen
class One:
    card: int


@attrs.frozen
class Empty:
    pass


class Card(int):
    pass


def test_the_quick_paths_of_the_walk_give_the_digests_of_the_plain_walk():
    # Fixed by the walk before it wrote piles of ints in one formatting and fields without a call each: a pile
    # with a bool, an int enum or an int subclass among its ints, attrs classes of one and no field, strings.
    values = (
        [5, 3, 9, 1],
        (7, True, 8, 0),
        (Rank.ACE, 2, 3),
        [Card(4), 4, 4],
        (One(3), Empty(), ["a", "é", 1.0]),
        ((1, 2, 3), [(4, 5, 6, 7)], {9: (1, 2, 3)}),
    )
    assert [digest(value) for value in values] == [
        "c1b4e553e4f89b13",
        "db0c2ac0d61fd91c",
        "3158eae6e4e5628f",
        "75a0cc046559e50a",
        "24aae26e284f0867",
        "45e223d10e58c1ff",
    ]


def test_objects_that_are_not_plain_data_are_refused():
    with pytest.raises(TypeError, match="plain data"):
        digest(object())
