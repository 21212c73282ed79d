"""Registers Scavengers through the `campfire.games` entry point, exactly as a third party would."""

from __future__ import annotations

from corekit import Heuristic, hookimpl
from plugins.scavengers.game import Scavengers


@hookimpl
def campfire_games() -> list[Scavengers]:
    """Scavengers."""
    return [Scavengers()]


@hookimpl
def campfire_heuristics() -> dict[str, Heuristic]:
    """Scavengers' own policy and evaluation, and an MCTS budget that keeps a decision under a second.

    A heuristic playout here is about 150 decisions of a 1 ms policy, so MCTS's generic default (1,000
    iterations of heuristic rollouts) would spend minutes per decision; 200 iterations cut off after 10
    random decisions and scored by the evaluation take about 0.3 s and beat the heuristic (ai/README.md).
    """
    from plugins.scavengers import heuristic

    return {
        Scavengers.id: Heuristic(
            policy=heuristic.policy,
            evaluate=heuristic.evaluate,
            player_defaults={"mcts": MCTS_DEFAULTS},
        )
    }


MCTS_DEFAULTS = "iterations=200,rollout=cutoff,depth=10"
