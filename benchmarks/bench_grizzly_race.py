"""grizzly-race: random-playout speed through the public API, against the hand-written loop.

Run: pytest benchmarks/bench_grizzly_race.py --benchmark-only
Target (issue 27): the engine no more than 1.5x slower per decision than the plain-Python loop of the same rules
(benchmarks/reference_grizzly_race.py). `python -m benchmarks.report --only engine` gives the README's figures.
"""

from __future__ import annotations

import pytest

from benchmarks.conftest import interleaved_ratio, random_playouts
from benchmarks.reference_grizzly_race import playouts as plain_playouts
from corekit import default_registry, play_match

GAME = default_registry().game("grizzly-race")
GAMES = 40


def engine_playouts(players: int, games: int = GAMES) -> int:
    """Random playouts through State.legal_actions and the validating State.apply."""
    return random_playouts(GAME, players, games)


def reference_playouts(players: int, games: int = GAMES) -> int:
    """The same number of games with the hand-written loop."""
    return plain_playouts(players, games)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_engine_random_playouts(benchmark, players):
    decisions = benchmark(engine_playouts, players)
    assert decisions > GAMES * players * 5
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = decisions / benchmark.stats.stats.mean


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reference_random_playouts(benchmark, players):
    decisions = benchmark(reference_playouts, players)
    assert decisions > GAMES * players * 5
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = decisions / benchmark.stats.stats.mean


def test_runner_random_matches(benchmark):
    """Whole matches through the runner and seat views (what a tournament of random players costs)."""
    registry = default_registry()
    result = benchmark(lambda: [play_match(GAME, ["random"] * 2, s, registry=registry).steps for s in range(10)])
    assert all(steps > 0 for steps in result)


@pytest.mark.parametrize("players", [2, 4])
def test_engine_overhead_ratio(benchmark, players):
    """Engine time per decision / hand-written time per decision, measured interleaved in one run."""
    engine_decisions = engine_playouts(players, 10)
    reference_decisions = reference_playouts(players, 10)

    def measure() -> float:
        ratio = interleaved_ratio(lambda: engine_playouts(players, 10), lambda: reference_playouts(players, 10))
        return ratio * reference_decisions / engine_decisions

    per_decision_ratio = benchmark.pedantic(measure, rounds=1, iterations=1)
    benchmark.extra_info["engine_over_reference_per_decision"] = round(per_decision_ratio, 2)
    assert per_decision_ratio > 0
