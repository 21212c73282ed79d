"""The cost of each hot operation of the game contract, per game and player count, on mid-game states.

Run: pytest benchmarks/bench_operations.py --benchmark-only --benchmark-columns=mean,rounds

`clone`, `sample`, `legal_actions` (built, as a position's first asker builds them), one `apply` (on a clone,
so every round starts alike) and `digest` (what a replay writes every 64 steps and at the end) are timed on a
state reached by a fixed random walk of 20 decisions, the typical position of a searcher.
"""

from __future__ import annotations

import pytest

from benchmarks.conftest import random_walk
from corekit import Rng, default_registry

REGISTRY = default_registry()
CASES = [
    ("grizzly-race", 2),
    ("grizzly-race", 4),
    ("slasher", 2),
    ("slasher", 4),
    ("slasher", 6),
    ("scavengers", 2),
    ("scavengers", 4),
    ("camp-grizzly", 1),
    ("camp-grizzly", 3),
    ("camp-grizzly", 6),
]
IDS = [f"{game}-{players}" for game, players in CASES]


def mid_game(game_id: str, players: int, walk: int = 20):
    """A state after a fixed random walk (shorter if the game ends first, never terminal)."""
    return random_walk(REGISTRY.game(game_id).initial_state(players, 11), Rng(5), lambda _, moves: moves == walk)


def building_legal(state, seat: int):
    """A call that builds `seat`'s legal actions in `state`, as a position's first asker does: a game that keeps the
    list (`corekit.legal.CachedLegalState`) would otherwise hand back the kept one, a lookup, from the second call
    on."""

    def build():
        state.forget_legal()
        return state.legal_actions(seat)

    return build


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_clone(benchmark, game_id, players):
    state = mid_game(game_id, players)
    copy = benchmark(state.clone)
    assert copy.digest() == state.digest()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_sample(benchmark, game_id, players):
    state = mid_game(game_id, players)
    seat = state.to_act[0]
    sampled = benchmark(state.sample, seat, Rng(9))
    assert sampled.observation(seat) == state.observation(seat)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_legal_actions(benchmark, game_id, players):
    state = mid_game(game_id, players)
    seat = state.to_act[0]
    legal = benchmark(building_legal(state, seat))
    assert legal


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_clone_and_apply(benchmark, game_id, players):
    """One validated apply, on a fresh clone each round (subtract test_clone for the apply alone)."""
    state = mid_game(game_id, players)
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]

    def clone_and_apply():
        copy = state.clone()
        copy.apply(seat, action)
        return copy

    after = benchmark(clone_and_apply)
    assert after.digest() != state.digest() or after.to_act != state.to_act


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_digest(benchmark, game_id, players):
    state = mid_game(game_id, players)
    digest = benchmark(state.digest)
    assert digest == state.clone().digest() and len(digest) == 16
