"""What a seat sees: the `View` of a state, `Hidden` cards, and `derived` properties of a view."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar, overload

import attrs

V = TypeVar("V")


class derived(Generic[V]):
    """A property of a view computed once, on first use, from its declared fields (a view never changes).

    Like `functools.cached_property` without its lock: a heuristic reads derived facts at every decision of
    a playout."""

    def __init__(self, func: Callable[[Any], V]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, view: None, owner: type | None = None) -> derived[V]: ...

    @overload
    def __get__(self, view: object, owner: type | None = None) -> V: ...

    def __get__(self, view: object | None, owner: type | None = None) -> V | derived[V]:
        if view is None:
            return self
        value = view.__dict__[self.name] = self.func(view)
        return value


@attrs.frozen(cache_hash=True)
class Hidden:
    """A zone whose cards are hidden from the table, as a view shows it: how many there are and the
    face-up ones on top; `cards`, bottom first, only in the full view (None in a seat's)."""

    size: int
    """How many cards the zone holds."""
    up: tuple[Any, ...] = ()
    """The cards lying face up on top, bottom first."""
    cards: tuple[Any, ...] | None = None
    """Every card, bottom first, in the full view only (None in a seat's)."""

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        up = f", up={self.up!r}" if self.up else ""
        cards = f", cards={self.cards!r}" if self.cards is not None else ""
        return f"Hidden({self.size}{up}{cards})"

    @property
    def top_up(self) -> Any | None:
        """The top card if it lies face up, else None."""
        return self.up[-1] if self.up else None


@functools.lru_cache(maxsize=4096)
def _hidden_shared(size: int, up: tuple[Any, ...]) -> Hidden:
    return Hidden(size, up)


def hidden(size: int, up: tuple[Any, ...] = (), cards: tuple[Any, ...] | None = None) -> Hidden:
    """The `Hidden` of a zone (shared between views when only the size and face-up cards are shown)."""
    return _hidden_shared(size, up) if cards is None else Hidden(size, up, cards)


_HIDDEN_BY_SIZE = tuple(Hidden(size) for size in range(256))
"""The views of hidden zones with nothing face up, by size: made at every view of every hidden zone."""


class View:
    """What one seat sees of a state: every declared field as that seat sees it, compared and hashed as a
    whole. A game's view class subclasses it and adds properties derived from those fields only
    (`derived` computes one once per view: a subclass without `__slots__` has a dict for it).

    The core makes a subclass of it per state class with a slot per declared field, set when the view is made;
    a view is immutable (setting an attribute raises AttributeError). It pickles and copies as its state class
    and its values (`__reduce__`)."""

    __slots__ = ()
    _names: ClassVar[tuple[str, ...]] = ("seat",)
    _values_of: ClassVar[Callable[[Any], tuple[Any, ...]]] = operator.attrgetter("seat")
    _state_class: ClassVar[type[Any] | None] = None
    """The state class whose view class this is (set on the class the core makes)."""
    seat: int | None
    """The seat this view is of; None for the full view."""

    @property
    def _values(self) -> tuple[Any, ...]:
        return type(self)._values_of(self)

    def own(self, name: str) -> tuple[Any, ...]:
        """The viewer's own zone of the per-seat `owned()` field `name` (`view.own("hands")`: the cards of its
        hand); empty in the full view, which is nobody's."""
        if self.seat is None:
            return ()
        mine = getattr(self, name)[self.seat]
        if not isinstance(mine, tuple):
            raise TypeError(f"seat {self.seat}'s own {name} shows as {type(mine).__name__}, not its cards")
        return mine

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and type(self)._values_of(other) == type(self)._values_of(self)

    def __hash__(self) -> int:
        return hash(type(self)._values_of(self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a view is immutable: cannot set {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        # The view class the core makes for a state class has its own (`generated._view_class`); this is any other.
        raise TypeError(f"{type(self).__name__} is not the view class of a declared state: it cannot be pickled")

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={value!r}" for name, value in zip(self._names, self._values, strict=True))
        return f"{type(self).__name__}({pairs})"
