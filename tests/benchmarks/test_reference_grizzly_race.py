"""The plain-Python yardstick plays the guard race's rules: legal, complete games (every card in one place,
every game ends within the engine's bound), with outcomes the engine's random play gives within sampling
error, the stall rule included; and it uses nothing of corekit."""

from __future__ import annotations

import math
import random
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.reference_grizzly_race import playout
from corekit import default_registry

GAME = default_registry().game("grizzly-race")
GAMES = 3000
Z = 4.5
"""Sampling error allowed: a fair comparison fails about once in 150,000 runs."""


def _engine(players: int, seed: int, stall_rounds: int) -> tuple[int, tuple[int, ...]]:
    """A random game through the public contract: (decisions, winning seats)."""
    state = GAME.initial_state(players, seed, {"stall_rounds": stall_rounds})
    pick = random.Random(seed ^ 0xABC).random
    decisions = 0
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(pick() * len(legal))])
        decisions += 1
    returns = state.returns()
    return decisions, tuple(seat for seat, value in enumerate(returns) if value > 0)


def _close(a: list[float], b: list[float]) -> bool:
    """Whether two samples' means agree within Z standard errors."""
    error = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return abs(statistics.fmean(a) - statistics.fmean(b)) <= Z * max(error, 1e-12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_conserves_the_cards_and_ends_within_the_engines_bound(players):
    bound = GAME.max_decisions(players, GAME.make_options())
    for seed in range(300):
        decisions, winners = playout(players, seed, check=True)  # asserts conservation after every round
        assert 0 < decisions <= bound and decisions % players == 0
        assert winners and set(winners) <= set(range(players))


def test_the_stall_rule_ends_a_game_after_that_many_rounds_without_a_beaten_guard():
    for seed in range(200):
        decisions, winners = playout(2, seed, stall_rounds=1, check=True)
        assert decisions <= 2 * 6 * 2  # one round without a fall ends it: at most 11 falls, then 1 round
        assert winners


@pytest.mark.parametrize(("players", "stall_rounds"), [(2, 30), (4, 30), (2, 2)])
def test_its_outcomes_match_the_engines_within_sampling_error(players, stall_rounds):
    ours = [playout(players, seed, stall_rounds) for seed in range(GAMES)]
    engine = [_engine(players, seed, stall_rounds) for seed in range(GAMES)]
    for measure in (
        lambda game: game[0],  # length
        lambda game: 1 / len(game[1]) if 0 in game[1] else 0.0,  # seat 0's return
        lambda game: float(len(game[1]) > 1),  # a shared win (stall endings and ties)
    ):
        assert _close([measure(g) for g in ours], [measure(g) for g in engine])


def test_it_imports_nothing_of_the_engine():
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys, benchmarks.reference_grizzly_race as r; r.playout(4, 1); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('corekit', 'plugins', 'ai', 'replays')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"
