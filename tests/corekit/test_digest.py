"""Digests are stable fingerprints of plain data."""

import enum

import attrs
import pytest

from corekit.digest import digest, fingerprint, write_zone
from corekit.state.layout import Zone


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


@attrs.frozen
class Row:
    a: int
    b: int
    c: int
    d: int
    e: int
    f: int
    g: int
    h: int
    i: int


class Card(int):
    pass


def test_the_quick_paths_of_the_walk_give_the_digests_of_the_plain_walk():
    # Fixed by the walk before it wrote long piles of ints in one formatting and items without a call each:
    # piles of more than 8 ints, some with a bool, an int enum or an int subclass among them, attrs classes of
    # one, no and nine int fields, strings and a float.
    values = (
        [5, 3, 9, 1, 12, 40, 7, 7, 0, 2],
        (7, 1, 8, 0, 3, 3, 3, 3, True),
        (Rank.ACE, 2, 3, 4, 5, 6, 7, 8, 9),
        [4, 4, 4, 4, 4, 4, 4, 4, Card(4)],
        (One(3), Empty(), Row(*range(9)), ["a", "é", 1.0]),
        ((1, 2, 3), [tuple(range(20))], {9: (1, 2, 3)}),
    )
    assert [digest(value) for value in values] == [
        "a672b23619877ea0",
        "a420ad0d16494b1e",
        "3839ebdde3206e79",
        "c36bedb681c15544",
        "e3e545c06bedb16e",
        "f01622706a8b6e55",
    ]


@pytest.mark.parametrize(
    ("cards", "up"), [([], 0), ([3], 0), ([3, 1, 2], 1), (list(range(12)), 2), ([], True), (["a", 2], False)]
)
def test_a_zone_is_written_as_the_pair_of_its_cards_and_face_up_count(cards, up):
    # The quick paths of a state's digest (an empty zone in one piece, its count without a look-up) against the
    # plain walk of (tuple(zone), zone.up); a count that is not an int (a game's bool) takes the walk's path.
    zone = Zone(cards, 0)
    zone.up = up
    out: list[bytes] = []
    write_zone(zone, out)
    assert fingerprint(out) == digest((tuple(cards), up))


def test_objects_that_are_not_plain_data_are_refused():
    with pytest.raises(TypeError, match="plain data"):
        digest(object())
