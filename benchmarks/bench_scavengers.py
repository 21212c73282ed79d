"""scavengers: random-playout decisions per second through the public API, per player count.

Run: pytest benchmarks/bench_scavengers.py --benchmark-only
(`--benchmark-disable` runs each once as a plain test.) A decision is one `apply`; the figure is in
`extra_info["decisions_per_second"]` of each benchmark (`--benchmark-json FILE` to keep it).
"""

from __future__ import annotations

import pytest

from benchmarks.conftest import random_playouts
from corekit import default_registry, play_match

GAME = default_registry().game("scavengers")
GAMES = 4


def playouts(players: int, games: int = GAMES, checked: bool = True) -> int:
    """Whole random games through `legal_actions` and `apply` (or `apply_unchecked`); the decisions made."""
    return random_playouts(GAME, players, games, checked=checked, salt=0x5CA7)


def _record(benchmark, decisions: int) -> None:
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = round(decisions / benchmark.stats.stats.mean)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playout_decisions(benchmark, players):
    decisions = benchmark(playouts, players)
    assert decisions > GAMES * 50  # a game is at least a few rounds of placements and plays
    _record(benchmark, decisions)


@pytest.mark.parametrize("players", [2, 4])
def test_random_playout_decisions_unchecked(benchmark, players):
    """What a searching player pays: `apply_unchecked` skips re-validating the action."""
    decisions = benchmark(playouts, players, GAMES, False)
    assert decisions > GAMES * 50
    _record(benchmark, decisions)


def test_runner_random_matches(benchmark):
    """Whole matches through the runner and seat views (what a tournament of random players costs)."""
    registry = default_registry()
    steps = benchmark(lambda: [play_match(GAME, ["random"] * 3, s, registry=registry).steps for s in range(2)])
    assert all(n > 50 for n in steps)
