"""A declared state's legal actions built once per position: a player asks for them, then `apply` checks the
chosen action against the same list, so a game whose list costs something to build should not build it twice.

The core drops the list whenever the state advances. It cannot rely on `apply` for that: searchers call
`apply_unchecked`, and random playouts call the game's `_apply` directly (`ai.playouts`). So the class wraps
every `_apply` a subclass defines, and each of those ways advances through the wrapper.
"""

from __future__ import annotations

import abc
import types
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from corekit.game import Action
from corekit.state import DeclaredState, internal


@attrs.define(slots=True, eq=False, kw_only=True, on_setattr=attrs.setters.NO_OP, init=False)
class CachedLegalState(DeclaredState):
    """A `DeclaredState` whose `legal_actions(seat)` is `_legal_actions(seat)` kept until the state changes.

    A subclass implements `_legal_actions` for a seat in `to_act` (the others get none) and `_apply` as usual;
    the list it returns is handed to every caller until the next action, so nobody may change it: not the game,
    not a policy (a search passes it on as `legal`), not a test. A player gets a tuple of its own
    (`SeatView.legal_actions`).
    """

    _legal: tuple[int, Sequence[Action]] | None = internal()
    """The seat last asked and its legal actions, until the next action."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        advance = cls.__dict__.get("_apply")
        if advance is None:
            return
        wrapped = getattr(advance, "drops_legal_of", None)
        if wrapped is None:
            cls._apply = _dropping_legal(advance)  # type: ignore[method-assign,assignment]
            return
        # `declare` makes the class again (attrs' slotted copy) from a namespace already wrapped: wrap once, and
        # point a zero-argument `super()` in the wrapped `_apply` at the new class, as attrs does for the methods
        # it sees itself.
        free = wrapped.__code__.co_freevars
        if "__class__" in free:
            wrapped.__closure__[free.index("__class__")].cell_contents = cls

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """The actions `seat` may take now, built by `_legal_actions` once per position: the same object for every
        caller until the next action, which nobody may change."""
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]  # asked before, for this seat in this very position: `to_act` is as it was then
        legal = self._legal_actions(seat) if seat in self.to_act else ()
        self._legal = (seat, legal)
        return legal

    def know_legal(self, seat: int, legal: Sequence[Action]) -> None:
        """Take `legal` as `seat`'s legal actions in this position without building them: a sample of a seat's
        view does (`SeatView.sample`), since a seat's legal actions are the same in every state it cannot tell
        apart (the leak check compares them between such twins), so the view's list is the sample's."""
        self._legal = (seat, legal)

    def forget_legal(self) -> None:
        """Drop the legal actions kept for this position. Every action drops them itself: only a state changed by
        hand after they were asked for needs this (a test arranging a position field by field)."""
        self._legal = None

    @abc.abstractmethod
    def _legal_actions(self, seat: int) -> Sequence[Action]:
        """The legal actions of `seat`, which is in `to_act`; never empty. A new list or tuple of distinct actions,
        as `legal_actions` returns (docs/writing-a-game.md, section 3): the class keeps it until the next
        action."""


def uncached(state: object) -> tuple[Callable[[int], Sequence[Action]], Callable[[int, Any], None]] | None:
    """For a playout that asks each position's legal actions once, for the seat to act, and advances by `_apply`:
    a `CachedLegalState`'s own `_legal_actions` and its `_apply` without the wrapper that drops the kept list,
    bound to `state`, whose kept list is dropped now (these keep none, so none is stale when the playout ends).
    Keeping the list costs a random rollout 2-3% and nobody asks twice there. None for any other state."""
    if not isinstance(state, CachedLegalState):
        return None
    state._legal = None
    advance = type(state)._apply
    bare = getattr(advance, "drops_legal_of", advance)
    return state._legal_actions, types.MethodType(bare, state)


def _dropping_legal(advance: Callable[[Any, int, Any], None]) -> Callable[[Any, int, Any], None]:
    """`advance` (a class's own `_apply`), dropping the cached legal actions first."""

    def _apply(self: CachedLegalState, seat: int, action: Any) -> None:
        self._legal = None
        advance(self, seat, action)

    _apply.__doc__ = advance.__doc__
    _apply.drops_legal_of = advance  # type: ignore[attr-defined]
    return _apply
