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
    """Scavengers' own policy and evaluation."""
    from plugins.scavengers import heuristic

    return {Scavengers.id: Heuristic(policy=heuristic.policy, evaluate=heuristic.evaluate)}
