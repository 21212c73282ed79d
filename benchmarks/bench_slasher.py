"""slasher: random-playout decisions per second through the public API, per player count.

Run: pytest benchmarks/bench_slasher.py --benchmark-only
Each round plays GAMES seeded random matches through `State.legal_actions` and the validating
`State.apply`; `extra_info["decisions_per_second"]` is the figure for benchmarks/README.md.
"""

from __future__ import annotations

import pytest

from benchmarks.conftest import random_playouts as shared_playouts
from corekit import default_registry, play_match

GAME = default_registry().game("slasher")
GAMES = 20


def random_playouts(players: int, games: int = GAMES) -> int:
    """Seeded random matches; returns the number of decisions taken (passes in attacks included)."""
    return shared_playouts(GAME, players, games, salt=0x51A5)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playout_decisions(benchmark, players):
    decisions = benchmark(random_playouts, players)
    assert decisions >= GAMES * 3, "every match takes at least a location, a killer and a pass"
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = round(decisions / benchmark.stats.stats.mean)


@pytest.mark.parametrize("players", [4])
def test_runner_heuristic_matches(benchmark, players):
    """Whole matches of the game's heuristic against random players, through the runner and seat views."""
    registry = default_registry()
    specs = ["heuristic"] + ["random"] * (players - 1)
    if "heuristic" not in registry.player_types:
        pytest.skip("the heuristic player is not installed")
    steps = benchmark(lambda: sum(play_match(GAME, specs, s, registry=registry).steps for s in range(5)))
    assert steps > 0
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = round(steps / benchmark.stats.stats.mean)
