"""Reaction windows: priority in order, closing when all pass in a row since the last reaction."""

import re

import pytest

from corekit import ReactionWindow


def test_priority_goes_round_in_order_and_all_passing_closes_the_window():
    window = ReactionWindow([2, 0, 1])
    seen = []
    while not window.closed:
        seen.append(window.priority)
        window.pass_priority()
    assert seen == [2, 0, 1]


def test_a_reaction_means_everyone_must_pass_again_the_reactor_included():
    window = ReactionWindow([0, 1, 2])
    window.pass_priority()  # 0 passes
    window.react()  # 1 reacts
    order = []
    while not window.closed:
        order.append(window.priority)
        window.pass_priority()
    assert order == [2, 0, 1]
    assert window.reactions == 1


def test_a_closed_window_refuses_a_pass_and_a_reaction_and_keeps_its_count():
    # A game that forgot to look at `closed` would otherwise go on cycling priority without a word (an outside
    # game author's finding): a closed window is done, as a complete decision is.
    window = ReactionWindow([0, 1])
    window.pass_priority()
    window.pass_priority()
    assert window.closed
    message = "the reaction window is closed: every seat passed since the last reaction (a game drops or replaces it)"
    with pytest.raises(ValueError, match=rf"^{re.escape(message)}$"):
        window.pass_priority()
    with pytest.raises(ValueError, match=rf"^{re.escape(message)}$"):
        window.react()
    assert window.view() == ((0, 1), 0, 2, 0)


def test_a_cloned_window_is_independent_and_an_empty_window_is_refused():
    window = ReactionWindow([0, 1])
    copy = window.clone()
    copy.pass_priority()
    assert window.as_tuple() == (0, 0, 0) and copy.as_tuple() == (1, 1, 0)
    with pytest.raises(ValueError):
        ReactionWindow([])


def test_a_window_naming_the_seat_one_past_the_last_does_not_fit_the_match():
    window = ReactionWindow([0, 2])
    assert window.seat_problem(2) == "seat 2 of the window's order is not a seat of 2"
    assert window.seat_problem(3) is None


def test_a_window_listing_a_seat_twice_or_a_negative_seat_is_refused():
    for order in ([1, 1], [0, 2, 0], [-1], [0, -2]):
        with pytest.raises(ValueError, match=r"order lists seats from 0, each once, not \["):
            ReactionWindow(order)
    assert ReactionWindow([3, 0]).order == (3, 0)
