"""camp-grizzly: random-playout decisions per second through the public API.

Run: pytest benchmarks/bench_camp_grizzly.py --benchmark-only
(it also passes under --benchmark-disable, as a quick check that playouts end).
"""

from __future__ import annotations

import pytest

from benchmarks.conftest import random_playouts
from corekit import Rng, default_registry

GAME = default_registry().game("camp-grizzly")
GAMES = 10


def playouts(players: int, setup: str, games: int = GAMES, checked: bool = True) -> int:
    """Random playouts through State.legal_actions and State.apply (or apply_unchecked, as MCTS does)."""
    return random_playouts(GAME, players, games, {"setup": setup}, checked, salt=0xCA3F)


@pytest.mark.parametrize("setup", ["easy", "normal"])
@pytest.mark.parametrize("players", [1, 3, 6])
def test_random_playouts(benchmark, players, setup):
    decisions = benchmark(playouts, players, setup)
    assert decisions > GAMES * players * 10
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = round(decisions / benchmark.stats.stats.mean)


@pytest.mark.parametrize("players", [3])
def test_random_playouts_unchecked(benchmark, players):
    decisions = benchmark(playouts, players, "normal", GAMES, False)
    assert decisions > GAMES * players * 10
    if benchmark.stats:
        benchmark.extra_info["decisions_per_second"] = round(decisions / benchmark.stats.stats.mean)


def test_clone_and_sample(benchmark):
    """What a searcher pays per iteration: a sample (clone plus redeal) of a mid-game state."""
    state = GAME.initial_state(4, 7)
    rng = Rng(3)
    for _ in range(60):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    sampled = benchmark(lambda: state.sample(state.to_act[0], Rng(5)))
    assert sampled.observation(0) == state.observation(0)
