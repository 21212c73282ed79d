"""The board graph: groups, typed edges, breadth-first shortest paths with tie-breaks."""

import pytest

from corekit import Board

#   a - b - c
#   |       |
#   d - e - f      plus a trail a~f and a locked door c=g
BOARD = Board(
    ["a", "b", "c", "d", "e", "f", "g"],
    [("a", "b"), ("b", "c"), ("a", "d"), ("d", "e"), ("e", "f"), ("c", "f"), ("a", "f", "trail"), ("c", "g", "locked")],
    groups={"cabin": ["b", "c"], "lodge": ["g"]},
)


def no_trails(a, b, kind):
    return kind == "path"


def test_groups_and_neighbours_are_known():
    assert BOARD.group_of("c") == "cabin" and BOARD.group_of("a") is None
    assert ("f", "trail") in BOARD.neighbours("a")


def test_distances_follow_only_passable_edges():
    assert BOARD.distances("a")["f"] == 1
    assert BOARD.distances("a", no_trails)["f"] == 3
    assert "g" not in BOARD.distances("a", no_trails)


def test_the_caller_breaks_ties_between_equally_short_paths():
    assert BOARD.shortest_path("a", "f", no_trails) == ["a", "b", "c", "f"]  # by name
    prefer_d = {"d": 0}.get
    assert BOARD.shortest_path("a", "f", no_trails, tie_break=lambda s: prefer_d(s, 1)) == ["a", "d", "e", "f"]


def test_the_nearest_of_several_goals_and_unreachable_goals():
    assert BOARD.shortest_path("b", {"e", "g"}, no_trails) in (["b", "a", "d", "e"], ["b", "c", "f", "e"])
    assert BOARD.shortest_path("a", "g", no_trails) is None
    assert BOARD.nearest("a", ["c", "e", "g"], no_trails) == (2, ["c", "e"])
    assert BOARD.nearest("a", ["g"], no_trails) == (-1, [])


def test_a_bad_board_is_refused():
    with pytest.raises(ValueError, match="unknown space 'x'"):
        Board(["a"], [("a", "x")])
    with pytest.raises(ValueError, match="in two groups"):
        Board(["a"], [], groups={"p": ["a"], "q": ["a"]})
