"""The interop tests' helpers: every installed game's shapes (its fewest and its most seats)."""

from __future__ import annotations

import pytest

from corekit.plugins import default_registry


def shapes():
    """(game id, players) for every installed game at its fewest and its most seats."""
    games = default_registry().games
    return [(gid, n) for gid, game in sorted(games.items()) for n in sorted({game.min_players, game.max_players})]


def every_shape(test):
    """Parametrize a test over `shapes()`."""
    return pytest.mark.parametrize(("game_id", "players"), shapes())(test)
