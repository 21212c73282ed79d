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


def test_a_space_listed_twice_or_a_group_naming_an_unknown_space_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        Board(["a", "b", "a"], [])
    with pytest.raises(ValueError, match="group 'p' names unknown space 'x'"):
        Board(["a"], [], groups={"p": ["a", "x"]})


def test_the_nearest_candidates_are_those_at_the_smallest_distance_only():
    assert BOARD.nearest("a", ["c", "f", "g"], no_trails) == (2, ["c"])  # f is 3 steps, g out of reach


def test_a_one_way_passage_is_asked_in_the_direction_of_travel():
    def out_of_the_lodge_only(a, b, kind):
        return kind != "locked" or a == "g"  # the locked door opens from g's side

    assert BOARD.shortest_path("g", "c", out_of_the_lodge_only) == ["g", "c"]
    assert BOARD.shortest_path("c", "g", out_of_the_lodge_only) is None
    assert BOARD.distances("g", out_of_the_lodge_only)["c"] == 1


def test_a_path_never_steps_through_an_impassable_edge_to_a_neighbour_that_is_one_step_nearer():
    #   s =locked= x
    #   |          |
    #   y -------- goal      x is as near the goal as y, and first by name, but the door s=x is shut
    board = Board(["s", "x", "y", "goal"], [("s", "x", "locked"), ("s", "y"), ("x", "goal"), ("y", "goal")])
    assert board.shortest_path("s", "goal", no_trails) == ["s", "y", "goal"]


def test_a_space_not_on_the_board_is_a_key_error_naming_it_in_every_search():
    # From an outside tester: shortest_path("zz", "a") gave None where shortest_path("a", "zz") raised a bare KeyError.
    for search in (
        lambda: BOARD.neighbours("zz"),
        lambda: BOARD.distances("zz"),
        lambda: BOARD.distances(["a", "zz"]),
        lambda: BOARD.nearest("zz", ["a"]),
        lambda: BOARD.nearest("a", ["zz"]),
        lambda: BOARD.shortest_path("zz", "a"),
        lambda: BOARD.shortest_path("a", "zz"),
        lambda: BOARD.shortest_path("a", ["b", "zz"]),
    ):
        with pytest.raises(KeyError, match="'zz' is no space of this board"):
            search()


def test_an_edge_from_a_space_to_itself_is_refused():
    with pytest.raises(ValueError, match="edge a-a joins a space to itself"):
        Board(["a", "b"], [("a", "b"), ("a", "a", "trail")])
