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


def test_objects_that_are_not_plain_data_are_refused():
    with pytest.raises(TypeError, match="plain data"):
        digest(object())
