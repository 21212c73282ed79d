"""The human player's long menus: more than 26 actions, where the game gives them steps (`Game.action_steps`), are
asked one step at a time, grouping the actions whose steps begin alike; `back` returns to the step before, and the
whole text of any action still plays it at once."""

from __future__ import annotations

import contextlib

from click.testing import CliRunner

from ai.human import HumanPlayer
from ai.menu import LONG_MENU, Step, action_steps, steps_at
from ai.random_player import RandomPlayer
from corekit import Game, QuitMatch, default_registry, play_match

SCAVENGERS = default_registry().game("scavengers")
PLACEMENTS = "a\n" * 4
"""Seed 2's four placements: the person's fifth question is its first play, from 200 legal actions."""


def _first_play(lines: str) -> tuple[object, str]:
    """Play Scavengers seed 2 with a person at seat 0 answering `lines` (then leaving): the action it played after
    its placements, and what the terminal showed."""
    played: list[object] = []

    def on_step(match, seat, action):
        if seat == 0 and action[0] != "place":
            played.append(action)

    with CliRunner().isolation(input=PLACEMENTS + lines + "quit\n") as streams:
        with contextlib.suppress(QuitMatch):  # the person leaves once the play is made
            play_match(SCAVENGERS, ["human", "random"], 2, players=[HumanPlayer(), RandomPlayer(1)], on_step=on_step)
        shown = streams[0].getvalue().decode()
    return (played[0] if played else None), shown


def test_a_menu_of_more_than_26_actions_is_asked_a_step_at_a_time():
    action, shown = _first_play("k\n1\nb\n3\n")
    # The first step lists each card once, with how many moves it leads to.
    assert "seat 0, your move:\n   a. play Bear ... (4 moves)\n" in shown
    assert "   k. play Weasel 2 ... (102 moves)\nChoose a-k or type the action" in shown
    # Then the Camps of the Weasel, then what it gives, then what it takes.
    assert "play Weasel 2:\n   1. at Quartz ... (" in shown
    assert "play Weasel 2 at Quartz:\n   a. play Weasel 2 at Quartz\n   b. swapping " in shown
    assert action is not None and action[:3] == ("play", action[1], 0) and len(action) == 5
    assert SCAVENGERS.action_text(action).startswith("play Weasel 2 at Quartz, swapping ")


def test_a_step_only_one_action_takes_plays_it_and_an_action_ending_at_a_step_is_offered_whole():
    action, _ = _first_play("k\n1\na\n")  # "play Weasel 2 at Quartz" itself: the effect declined
    assert SCAVENGERS.action_text(action) == "play Weasel 2 at Quartz"
    action, shown = _first_play("a\n4\n")  # the Bear: four moves, each one step on
    assert "play Bear:\n   1. move it to Quartz\n" in shown and "   4. move it to the Bear's Den\nChoose 1-4" in shown
    assert SCAVENGERS.action_text(action) == "play Bear: move it to the Bear's Den"


def test_back_returns_to_the_step_before_and_the_first_step_has_no_back():
    action, shown = _first_play("k\nback\nback\na\n1\n")
    assert "Choose 1-3, back or type the action" in shown  # offered after a step
    assert "'back' is not a legal action here" in shown  # the first menu has no step before it
    assert shown.count("seat 0, your move:\n   a. play Bear ... (4 moves)") == 2  # asked again after back
    assert SCAVENGERS.action_text(action) == "play Bear: move it to Quartz"


def test_the_whole_text_of_any_action_plays_it_from_any_step():
    action, _ = _first_play("k\nplay chipmunk at elk\n")
    assert SCAVENGERS.action_text(action) == "play Chipmunk at Elk"


def test_help_in_a_menu_of_steps_says_how_steps_work_and_that_back_returns():
    _, shown = _first_play("k\nhelp\n1\na\n")
    assert "asked a step at a time" in shown and "Type back to return to the step before." in shown


def test_a_game_without_steps_keeps_one_menu_however_long(monkeypatch):
    monkeypatch.setattr(type(SCAVENGERS), "action_steps", Game.action_steps)
    _, shown = _first_play("")
    assert "Choose aa-gm or type the action" in shown and " ... (" not in shown


def test_steps_group_actions_whose_steps_begin_alike_in_the_order_they_come():
    paths = [("play A", "at 1"), ("play B", "at 1"), ("play A", "at 2"), ("pass",)]
    texts = ["play A at 1", "play B at 1", "play A at 2", "pass"]
    assert steps_at(paths, texts, range(4), 0) == [
        Step("play A", (0, 2)),
        Step("play B at 1", (1,), last=True),  # one action takes it: the rest of its steps, choosing it
        Step("pass", (3,), last=True),
    ]
    assert steps_at(paths, texts, (0, 2), 1) == [Step("at 1", (0,), last=True), Step("at 2", (2,), last=True)]


def test_an_action_whose_steps_end_at_a_step_is_offered_there_by_its_whole_text():
    paths = [("play A", "at 1"), ("play A", "at 1", "taking x"), ("play A", "at 1", "taking y")]
    texts = ["play A at 1", "play A at 1, taking x", "play A at 1, taking y"]
    assert steps_at(paths, texts, (0, 1, 2), 2) == [
        Step("play A at 1", (0,), last=True),
        Step("taking x", (1,), last=True),
        Step("taking y", (2,), last=True),
    ]


class _Stepped(Game):
    """Only its `action_steps` is used here."""

    id = "stepped"

    def __init__(self, steps):
        self.steps = steps

    def _setup(self, players, seed, options):
        raise NotImplementedError

    def max_decisions(self, players, options):
        return 1

    def action_steps(self, action):
        return self.steps(action)


def test_a_menu_is_asked_whole_when_short_or_when_its_steps_cannot_tell_every_action_apart():
    legal = list(range(LONG_MENU + 1))
    assert action_steps(_Stepped(lambda a: ("play", str(a))), legal) == [("play", str(a)) for a in legal]
    assert action_steps(_Stepped(lambda a: ("play", str(a))), legal[:LONG_MENU]) is None  # 26 fit one menu
    assert action_steps(_Stepped(lambda a: (str(a),)), legal) is None  # one step each: nothing to group
    assert action_steps(_Stepped(lambda a: ("play", str(a % 5))), legal) is None  # shared steps
    assert action_steps(_Stepped(lambda a: ("play", a)), legal) is None  # not text
    assert action_steps(_Stepped(lambda a: 1 / 0), legal) is None  # a broken hook costs nobody the match
