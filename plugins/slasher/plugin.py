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
    """The slasher's own policy and evaluation."""
    return {Slasher.id: Heuristic(policy=heuristic.policy, evaluate=heuristic.evaluate)}
