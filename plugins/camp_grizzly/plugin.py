"""Registers Camp Grizzly through the `campfire.games` entry point, exactly as a third party would."""

from __future__ import annotations

from corekit import Heuristic, hookimpl
from plugins.camp_grizzly.game import CampGrizzly

MCTS_DEFAULTS = "iterations=100,tree_depth=1,root=halving,trust=2"
"""What a plain `mcts` means here (see `campfire_heuristics`)."""


@hookimpl
def campfire_games() -> list[CampGrizzly]:
    """Camp Grizzly."""
    return [CampGrizzly()]


@hookimpl
def campfire_heuristics() -> dict[str, Heuristic]:
    """The counselors' team policy and two other strategies (`stall`, `timid`), an evaluation of a position,
    and a quick flat MCTS search by default.

    A heuristic playout of a whole night is ~115 decisions (one counselor), so the generic 1,000-iteration
    tree took about 2 s a decision. Flat search over the root actions on common samples, keeping the
    policy's choice unless a rival beats it by 2 paired standard errors, takes about 0.5 s; measured one-step
    gaps over the policy are within noise in this game (ai/README.md, `python -m ai.gaps`), so a larger
    budget buys little.
    """
    from plugins.camp_grizzly import heuristic

    return {
        CampGrizzly.id: Heuristic(
            policy=heuristic.policy,
            evaluate=heuristic.evaluate,
            player_defaults={"mcts": MCTS_DEFAULTS},
            variants=heuristic.VARIANTS,
        )
    }
