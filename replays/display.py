"""How a replay's states, actions and result are shown: the words and drawings `replay show`, `replay view`
and `replay analyze` share with `campfire play`. A call into the game's display code that raises is named as
the game's bug (GameRaised), not the file's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from corekit.cli.shared import GameDisplay, describe_result, step_lines
from corekit.game import Game
from corekit.words import counted, shown
from replays.format import ReplayError
from replays.simulate import Simulator

T = TypeVar("T")


class GameRaised(ReplayError):
    """The game's own code raised while a replay was shown: the message blames the game, not the file."""


def game_call(game: Game, what: str, call: Callable[..., T], *args: Any) -> T:
    """`call(*args)`, a call into the game's display code named `what`; if it raises, GameRaised in the words
    `campfire play` uses ("game 'x' raised KeyError: 5 in action_text (at game.py:80 in action_text)")."""
    display = GameDisplay(game)
    value: T = display(what, call, *args)
    if display.error is not None:
        raise GameRaised(display.error)
    return value


def seed_text(seed: int, seat: int | None) -> str:
    """The title's `, seed N` in the full view; nothing in a seat's view, which `position --seat` writes
    without its generator too: the seed deals every card the seat cannot see."""
    return f", seed {seed}" if seat is None else ""


def board(simulator: Simulator, step: int, seat: int | None) -> str:
    """The game's drawing of the state at `step`, as `seat` (None: everyone) saw it."""
    seats = len(simulator.replay.header.seats)
    if seat is not None and not 0 <= seat < seats:
        raise ReplayError(f"--as {seat}: the match has seats 0-{seats - 1}")
    game = simulator.game
    state = simulator.state_at(step)
    return game_call(game, "render", game.render, game_call(game, "observation", state.observation, seat), seat)


def result_line(simulator: Simulator) -> str:
    """The replay's result as `campfire play` prints it, on one line whatever the file's forfeit reason says."""
    result = simulator.replay.result
    if result.unfinished is not None:
        return f"Result: unfinished after {counted(result.steps, 'step')} ({shown(result.unfinished)})"
    if result.error is not None:
        result = attrs.evolve(result, error=shown(result.error))
    return describe_result(simulator.game, simulator.replay.header.seats, result, simulator.names)


def listed_range(step: int, steps: int, seat: int | None, around: int) -> tuple[int, int]:
    """The steps listed beside the board at `step`: `around` either side in the full view; in a seat's view the
    `2 * around` up to it and none after, since the seat did not know at `step` what the later ones would show it
    (another seat's secret play revealed, a card drawn off the deck)."""
    if seat is None:
        return max(1, step - around), min(steps, step + around)
    return max(1, step - 2 * around), step


def result_known(steps: int, step: int, seat: int | None) -> bool:
    """Whether the view at `step` tells how the match ended: the full view always (the file's result is public), a
    seat's view only at the last step (at an earlier one the seat did not know it yet)."""
    return seat is None or step == steps


def action_lines(
    simulator: Simulator, first: int, last: int, seat: int | None, width: int | None = None
) -> list[tuple[int, list[str]]]:
    """Steps first..last as `campfire play` prints them, each with its commentary indented under it; in
    a seat's view another seat's move is told only through what that seat observed (see `Simulator.listing`)."""
    if last < first:
        return []
    return [
        (listed.step, step_lines(listed.step, listed.text, listed.events, width))
        for listed in simulator.listing(first, last, seat)
    ]
