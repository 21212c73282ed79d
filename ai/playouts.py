"""Playout helpers shared by the heuristic and MCTS players: random playouts and finishing a round.

Everything here runs on states a player built itself (samples drawn through its seat view and their
futures), never on the true state of a match.
"""

from __future__ import annotations

from corekit import Rng, State
from corekit.heuristics import Policy
from corekit.legal import uncached
from corekit.runner import settled_returns


def random_playout(state: State, rng: Rng, limit: int) -> int:
    """Play uniformly random legal actions on `state` until it ends or `limit` decisions; return the count."""
    return policy_playout(state, None, rng, limit)


def policy_playout(state: State, policy: Policy | None, rng: Rng, limit: int) -> int:
    """Play `policy` for every seat on `state` (uniformly random actions when None) until it ends or `limit`
    decisions; return the count. The policy is not asked when a seat has a single legal action.
    """
    below = rng.below
    # `apply_unchecked` only calls `_apply` unless the game overrides it: skip that one layer per decision, and
    # the list a `CachedLegalState` keeps for a second asker, which a playout never has.
    direct = type(state).apply_unchecked is State.apply_unchecked
    bare = uncached(state) if direct else None
    if bare is not None:
        legal_of, step = bare
    else:
        legal_of = state.legal_actions
        step = state._apply if direct else state.apply_unchecked
    steps = 0
    while steps < limit:
        to_act = state.to_act
        if not to_act:
            break
        seat = to_act[0]
        legal = legal_of(seat)
        if policy is None:  # the hot path of random rollouts builds no observation
            action = legal[below(len(legal))]
        else:
            action = policy(state.observation(seat), seat, legal, rng) if len(legal) > 1 else legal[0]
        step(seat, action)
        steps += 1
    if bare is not None:
        state.forget_legal()  # type: ignore[attr-defined]  # in case the game's `_apply` asked for a list part-way
    return steps


def finish_round(state: State, waiting: tuple[int, ...], rng: Rng) -> None:
    """After one seat of a simultaneous decision committed, let the other `waiting` seats commit at random.

    The round is still open while `to_act` is exactly the seats of `waiting` that have not committed; once
    it resolves, `to_act` becomes something else (a new round, the next turn, or the end).
    """
    remaining = set(waiting)
    while True:
        to_act = state.to_act
        if not to_act or set(to_act) != remaining:
            return
        seat = to_act[0]
        legal = state.legal_actions(seat)
        state.apply_unchecked(seat, legal[rng.below(len(legal))])
        remaining.discard(seat)


def settled_values(state: State, neutral: float) -> list[float]:
    """The returns of a finished state, or `neutral` for every seat of one cut short. Returns that are not one
    number in [0, 1] per seat are the game's bug, raised as such (`corekit.runner.settled_returns`)."""
    if state.is_terminal:
        return settled_returns(state)
    return [neutral] * state.players
