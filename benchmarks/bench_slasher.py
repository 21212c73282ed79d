"""slasher: random-playout decisions per second through the public API, per player count.

Run: pytest benchmarks/bench_slasher.py --benchmark-only
Each round plays GAMES seeded random matches through `State.legal_actions` and the validating
`State.apply`; `extra_info["decisions_per_second"]` is the figure for benchmarks/README.md.
"""

from __future__ import annotations

import pytest

from benchmarks.conftest import random_playouts as shared_playouts
from benchmarks.conftest import random_walk
from corekit import Rng, default_registry, play_match

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


def after_a_reshuffle(players: int, seed: int, more: int = 10):
    """A state some decisions after the first reshuffle of a random game that has one (never terminal)."""
    after: list[int] = []  # the move count at the first reshuffle

    def done(state, moves: int) -> bool:
        if len(state.record.lots) > 1 and not after:
            after.append(moves)
        return bool(after) and moves >= after[0] + more

    state = random_walk(GAME.initial_state(players, seed), Rng(seed + 1000), done)
    assert len(state.record.lots) > 1, "the seed was chosen because its game reshuffles"
    return state


RESHUFFLED = [(4, 13), (5, 7)]


@pytest.mark.parametrize(("players", "seed"), RESHUFFLED, ids=[f"{p}-players" for p, _ in RESHUFFLED])
def test_sample_after_a_reshuffle(benchmark, players, seed):
    """Samples of one position, as a searcher draws them: what the seat knows is prepared once, kept."""
    state = after_a_reshuffle(players, seed)
    seat = state.to_act[0]
    state.sample(seat, Rng(1))
    sampled = benchmark(state.sample, seat, Rng(9))
    assert sampled.observation(seat) == state.observation(seat)


@pytest.mark.parametrize(("players", "seed"), RESHUFFLED, ids=[f"{p}-players" for p, _ in RESHUFFLED])
def test_first_sample_after_a_reshuffle(benchmark, players, seed):
    """The first sample of a position: the ways to credit the ambiguous shown cards are searched for."""
    state = after_a_reshuffle(players, seed)
    seat = state.to_act[0]

    def first_sample():
        state.record.plans = {}  # forget what the last round prepared
        return state.sample(seat, Rng(9))

    sampled = benchmark(first_sample)
    assert sampled.observation(seat) == state.observation(seat)
