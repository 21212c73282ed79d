"""A seeded search decides alike on every Python version: no choice rests on how `sum()` rounds floats.

Python 3.12 made `sum()` of floats compensated, so a total can differ from 3.11's in its last bit; that was enough
to change a seeded scavengers match at 4 seats (an evaluation's softmax total). The players and the games'
heuristics add floats with `corekit.ordered_sum`. Here every decision-making module gets a compensated `sum` in
place of the built-in (what 3.12 and later run), and the searches must back up the very same floats. Slasher and
scavengers add inexact floats (each case fails with `sum()` back in their heuristics); grizzly-race's and
camp-grizzly's totals are exact today, so their cases guard later changes.
"""

import builtins
import importlib
import math

import pytest

from corekit import Rng, SeatView, default_registry
from corekit.runner import build_spec
from tests.random_play import positions

DECIDING = (
    "ai.mcts",
    "ai.gaps",
    "ai.playouts",
    "plugins.grizzly_race.heuristic",
    "plugins.slasher.heuristic",
    "plugins.scavengers.heuristic",
    "plugins.camp_grizzly.heuristic",
    "plugins.camp_grizzly.otis",
)


def compensated_sum(values, start=0):
    """sum() as Python 3.12 computes it for floats (Neumaier); ints only still add exactly."""
    items = list(values)
    if not any(isinstance(x, float) for x in items):
        return builtins.sum(items, start)
    total, carry = float(start), 0.0
    for x in map(float, items):
        t = total + x
        carry += (total - t) + x if abs(total) >= abs(x) else (x - t) + total
        total = t
    return total + carry if carry and math.isfinite(carry) else total


def choices(game, players, count=3):
    """Positions along a seeded random match, each with a choice to make."""
    moves, found = Rng(11), []
    for state in positions(game, players, 7, moves):
        if len(state.legal_actions(state.to_act[0])) > 1 and moves.below(3) == 0:
            found.append(state.clone())
            if len(found) == count:
                break
    return found


def compensate(monkeypatch):
    """Give every deciding module 3.12's `sum()` in place of the built-in, for this test."""
    for name in DECIDING:
        monkeypatch.setattr(importlib.import_module(name), "sum", compensated_sum, raising=False)


def searched(game, players, registry):
    """Each position's decision and the root's edge statistics (visits, summed rewards, availability)."""
    out = []
    for state in choices(game, players):
        player = build_spec(game, "mcts:iterations=40", 5, registry)
        view = SeatView(state, state.to_act[0])
        action = player.decide(view)
        out.append((action, player.root.full().tolist() if player.root is not None else None))
    return out


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("grizzly-race", 4), ("slasher", 4), ("slasher", 6), ("scavengers", 4), ("camp-grizzly", 2)],
)
def test_a_search_backs_up_the_same_floats_whichever_way_sum_rounds(game_id, players, monkeypatch):
    registry = default_registry()
    game = registry.game(game_id)
    plain = searched(game, players, registry)
    compensate(monkeypatch)
    assert searched(game, players, registry) == plain


@pytest.mark.parametrize(("game_id", "players"), [("grizzly-race", 4), ("slasher", 6), ("scavengers", 4)])
def test_an_evaluation_gives_the_same_floats_whichever_way_sum_rounds(game_id, players, monkeypatch):
    # The searches above seldom cut a rollout short, so an evaluation is checked on its own.
    registry = default_registry()
    evaluate = registry.heuristic(game_id).evaluate
    game = registry.game(game_id)
    states = [state.clone() for seed in range(6) for state in positions(game, players, seed, Rng(seed))]
    plain = [evaluate(state) for state in states]
    compensate(monkeypatch)
    assert [evaluate(state) for state in states] == plain
