"""Registers the guard race through the `campfire.games` entry point, exactly as a third party would."""

from __future__ import annotations

from corekit import Heuristic, hookimpl
from plugins.grizzly_race import heuristic
from plugins.grizzly_race.game import GrizzlyRace


@hookimpl
def campfire_games() -> list[GrizzlyRace]:
    """The guard race."""
    return [GrizzlyRace()]


@hookimpl
def campfire_heuristics() -> dict[str, Heuristic]:
    """The guard race's own policy and evaluation."""
    return {GrizzlyRace.id: Heuristic(policy=heuristic.policy, evaluate=heuristic.evaluate)}
