"""Registers Camp Grizzly through the `campfire.games` entry point, exactly as a third party would."""

from __future__ import annotations

from corekit import Heuristic, hookimpl
from plugins.camp_grizzly.game import CampGrizzly


@hookimpl
def campfire_games() -> list[CampGrizzly]:
    """Camp Grizzly."""
    return [CampGrizzly()]


@hookimpl
def campfire_heuristics() -> dict[str, Heuristic]:
    """The counselors' team policy and an evaluation of a position."""
    from plugins.camp_grizzly import heuristic

    return {CampGrizzly.id: Heuristic(policy=heuristic.policy, evaluate=heuristic.evaluate)}
