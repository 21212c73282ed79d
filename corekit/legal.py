"""A declared state's legal actions built once per position: a player asks for them, then `apply` checks the
chosen action against the same list, so a game whose list costs something to build should not build it twice.

The core drops the list whenever the state advances. It cannot rely on `apply` for that: searchers call
`apply_unchecked`, which calls `_apply`. So the class wraps the `_apply` of every subclass (its own, or one it
inherits from a class that is not cached), and drops the list before and after it runs. A playout, which asks for
each position's list once, plays the bare `_legal_actions` and `_apply` instead (`uncached`, `ai.playouts`) and
drops the list when it ends.
"""

from __future__ import annotations

import abc
import types
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from corekit.game import Action, ActionT
from corekit.state import DeclaredState, internal


@attrs.define(slots=True, eq=False, kw_only=True, on_setattr=attrs.setters.NO_OP, init=False)
class CachedLegalState(DeclaredState[ActionT]):
    """A `DeclaredState` whose `legal_actions(seat)` is `_legal_actions(seat)` kept until the state changes.

    A subclass implements `_legal_actions` for a seat in `to_act` (the others get none) and `_apply` as usual;
    the list it returns is handed to every caller until the next action (of the last seat asked: another seat's
    list replaces it), so nobody may change it: not the game,
    not a policy (a search passes it on as `legal`), not a test. A player gets a tuple of its own
    (`SeatView.legal_actions`).
    """

    _legal: tuple[int, Sequence[ActionT]] | None = internal()
    """The seat last asked and its legal actions, until the next action."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        advance = cls.__dict__.get("_apply")
        if advance is None:
            # Inherited: from a cached class (already wrapped), the abstract contract, or a mixin or plain game class
            # that knows nothing of the list, whose `_apply` must drop it all the same.
            inherited = cls._apply
            if not hasattr(inherited, "drops_legal_of") and not getattr(inherited, "__isabstractmethod__", False):
                cls._apply = _dropping_legal(inherited, borrowed=True)  # type: ignore[method-assign,assignment]
            return
        wrapped = getattr(advance, "drops_legal_of", None)
        if wrapped is None:
            cls._apply = _dropping_legal(advance)  # type: ignore[method-assign,assignment]
            return
        # `declare` makes the class again (attrs' slotted copy) from a namespace already wrapped: wrap once, and
        # point a zero-argument `super()` in the wrapped `_apply` at the new class, as attrs does for the methods
        # it sees itself (not in one borrowed from another class, whose `super()` is that class's).
        free = wrapped.__code__.co_freevars
        if "__class__" in free and not getattr(advance, "borrowed", False):
            wrapped.__closure__[free.index("__class__")].cell_contents = cls

    def legal_actions(self, seat: int) -> Sequence[ActionT]:
        """The actions `seat` may take now, built by `_legal_actions` once per position and seat: the same object for
        every caller until the next action or until another seat's are asked for, which nobody may change."""
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]  # asked before, for this seat in this very position: `to_act` is as it was then
        legal = self._legal_actions(seat) if seat in self.to_act else ()
        self._legal = (seat, legal)
        return legal

    def know_legal(self, seat: int, legal: Sequence[ActionT]) -> None:
        """Take `legal` as `seat`'s legal actions in this position without building them: a sample of a seat's
        view does (`SeatView.sample`), since a seat's legal actions are the same in every state it cannot tell
        apart (the leak check compares them between such twins), so the view's list is the sample's."""
        self._legal = (seat, legal)

    def forget_legal(self) -> None:
        """Drop the legal actions kept for this position. Every action drops them itself: only a state changed by
        hand after they were asked for needs this (a test arranging a position field by field)."""
        self._legal = None

    @abc.abstractmethod
    def _legal_actions(self, seat: int) -> Sequence[ActionT]:
        """The legal actions of `seat`, which is in `to_act`; never empty. A new list or tuple of distinct actions,
        as `legal_actions` returns (docs/writing-a-game.md, section 3): the class keeps it until the next
        action."""


def uncached(state: object) -> tuple[Callable[[int], Sequence[Action]], Callable[[int, Any], None]] | None:
    """For a playout that asks each position's legal actions once, for a seat in `to_act` only (the bare
    `_legal_actions` answers for no other), and advances by `_apply`: a `CachedLegalState`'s own `_legal_actions`
    and its `_apply` without the wrapper that drops the kept list, bound to `state`, whose kept list is dropped now.
    The playout calls `state.forget_legal()` when it ends, in case the game's `_apply` asked for a list part-way.
    Keeping the list costs a random rollout 2-3% and nobody asks twice there. None for any other state, and for a
    class that overrides `legal_actions` itself (its playouts must offer what its players are offered)."""
    if not isinstance(state, CachedLegalState) or type(state).legal_actions is not CachedLegalState.legal_actions:
        return None
    state._legal = None
    advance = type(state)._apply
    bare = getattr(advance, "drops_legal_of", advance)
    return state._legal_actions, types.MethodType(bare, state)


def _dropping_legal(
    advance: Callable[[Any, int, Any], None], borrowed: bool = False
) -> Callable[[Any, int, Any], None]:
    """`advance` (a class's `_apply`; `borrowed`: inherited from a class that is not cached), dropping the kept
    legal actions before it runs and after (it may have asked for them part-way, say to play a forced move)."""

    def _apply(self: CachedLegalState, seat: int, action: Any) -> None:
        self._legal = None
        advance(self, seat, action)
        self._legal = None

    _apply.__doc__ = advance.__doc__
    _apply.drops_legal_of = advance  # type: ignore[attr-defined]
    _apply.borrowed = borrowed  # type: ignore[attr-defined]
    return _apply
