"""Random games for tests that check a property at every position."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from corekit import Game, Rng, State


def positions(game: Game, players: int, seed: int, moves: Rng, options: Any = None) -> Iterator[State]:
    """Every position of a random game, from the deal to the last before the end: one state, moved on in
    place after each yield, each move drawn from `moves`."""
    state = game.initial_state(players, seed, options)
    while not state.is_terminal:
        yield state
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[moves.below(len(legal))])
