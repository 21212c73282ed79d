"""Registers the slasher through the `campfire.games` entry point, exactly as a third party would."""

from __future__ import annotations

from corekit import Heuristic, hookimpl
from plugins.slasher import heuristic
from plugins.slasher.game import Slasher


@hookimpl
def campfire_games() -> list[Slasher]:
    """The summer camp slasher."""
    return [Slasher()]


@hookimpl
def campfire_heuristics() -> dict[str, Heuristic]:
    """The slasher's own policy and evaluation, and a flat MCTS search by default.

    With `tree_depth=1` MCTS scores each of its own choices by heuristic playouts of the whole game
    (a rollout improvement of the heuristic). A deeper tree lets the other seats choose by UCT on
    determinized, fully visible hands, a far keener opponent than any real one, and in two-player games
    it did not beat the heuristic (ai/README.md). The budget is in steps (actions applied in the search's
    samples), not iterations: a playout at six seats is about ten times as long as at two, and 1,000
    iterations took 0.3-0.5 s a decision at two seats but 1.3-1.9 s at four and 3-4.6 s at six.
    """
    return {
        Slasher.id: Heuristic(
            policy=heuristic.policy,
            evaluate=heuristic.evaluate,
            player_defaults={"mcts": MCTS_DEFAULTS},
        )
    }


MCTS_DEFAULTS = "tree_depth=1,steps=25000"
