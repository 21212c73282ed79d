"""A game that misbehaves on purpose, registered only in the tournament tests (like the test players)."""

from __future__ import annotations

from typing import Any

from corekit import State, hookimpl
from tests.corekit.toy_game import ToyGame


class SetupFlaky(ToyGame):
    """The toy game, except that its setup raises for every odd seed (a missing board file, say)."""

    id = "setup-flaky"
    title = "Raises during setup for odd seeds"

    def _setup(self, players: int, seed: int, options: Any) -> State:
        if seed % 2:
            raise ValueError("no board for an odd seed")
        return super()._setup(players, seed, options)


@hookimpl
def campfire_games() -> list[ToyGame]:
    """The misbehaving game."""
    return [SetupFlaky()]
