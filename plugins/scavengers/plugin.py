"""Registers Scavengers through the `campfire.games` entry point, exactly as a third party would."""

from __future__ import annotations

from corekit import hookimpl
from plugins.scavengers.game import Scavengers


@hookimpl
def campfire_games() -> list[Scavengers]:
    """Scavengers."""
    return [Scavengers()]
