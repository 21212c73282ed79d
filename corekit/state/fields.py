"""How a state's fields are declared: `public()`, `owned()`, `face_down()`... and `declare`."""

from __future__ import annotations

import enum
import warnings
from collections.abc import Callable, Iterable
from typing import Any, Literal, Never, TypeVar

import attrs

from corekit.simultaneous import Commitments

META = "campfire"
"""The attrs metadata key of a field's declaration."""


class Seen(enum.Enum):
    """Who sees a zone's cards."""

    EVERYONE = "everyone"
    OWNER = "owner"
    NOBODY = "nobody"


_EVERYONE = Seen.EVERYONE
"""For the hot path: a module global is read several times faster than an enum member."""


@attrs.frozen
class Decl:
    """What a field is (see the module docstring)."""

    kind: str
    """"public", "zone", "secret", "internal", "static" or "base"."""
    seen: Seen = Seen.EVERYONE
    per_seat: bool = False
    ordered: bool = False
    deck: bool = False
    parks_in: str | None = None
    accepts: frozenset[Any] | None = None
    seat: bool = False
    """A public field holding a seat number (or a tuple of them): positions check the range."""


def decl_of(field: attrs.Attribute[Any]) -> Decl:
    """What a declared state's field is; TypeError naming it when it has no declaration (a plain annotation or
    `attrs.field`), which the parts of the engine would otherwise read each its own way."""
    decl: Decl | None = field.metadata.get(META)
    if decl is None:
        raise TypeError(
            f"the state field {field.name!r} is not declared: give it one of public(), owned(), face_down(), "
            "draw_pile(), face_up(), secret(), internal() or static(), e.g. `score: int = public(default=0)`"
        )
    return decl


def _field(decl: Decl, default: Any = attrs.NOTHING, factory: Callable[[], Any] | None = None) -> Any:
    if isinstance(default, list | dict | set | bytearray):
        # One object for every state made without the field, of every match: what one match appends, the next
        # starts with (dataclasses refuses it likewise).
        kind = type(default).__name__
        if isinstance(default, set):  # not even from a factory: the state refuses a set when first copied
            raise TypeError(f"a public field holds no set ({default!r:.40}): hold a frozenset or a sorted tuple")
        raise TypeError(
            f"a mutable default ({kind} {default!r:.40}) would be shared by every state; give factory={kind} or "
            f"factory=lambda: ... instead"
        )
    if factory is not None:
        return attrs.field(factory=factory, kw_only=True, metadata={META: decl})
    return attrs.field(default=default, kw_only=True, metadata={META: decl})


class DeclarationWarning(DeprecationWarning):
    """A game's state declared the old way (a default given by position): taken, and said by `campfire check`."""


def public(
    *positional: Never,
    default: Any = attrs.NOTHING,
    factory: Callable[[], Any] | None = None,
    seat: bool = False,
    per_seat: bool = False,
) -> Any:
    """A field everyone sees, with its `default` (or a `factory` making it) unless every constructor must give it;
    `seat=True` when it holds a seat number or a tuple of them, `per_seat=True` when it holds one value per seat
    (positions check both). The default is given by keyword: type checkers read a field's default only so (one given
    by position, `public(0)`, is taken with a `DeclarationWarning`: `positional` is that old way)."""
    if positional:
        # Taken as before, with a warning: a type checker would read the field as one every constructor must give.
        if len(positional) > 1 or default is not attrs.NOTHING:
            raise TypeError(f"public() takes one default, by keyword: public(default=...), not {positional!r}")
        warnings.warn(
            f"public({positional[0]!r}): give the default by keyword, public(default={positional[0]!r}), so that "
            f"type checkers see the field has one",
            DeclarationWarning,
            stacklevel=2,
        )
        default = positional[0]
    return _field(Decl("public", per_seat=per_seat, seat=seat), default, factory)


def owned(*, ordered: bool = False, parks_in: str | None = None, accepts: Iterable[Any] | None = None) -> Any:
    """One zone per seat whose cards only its owner sees (a hand). With `parks_in`, the zone is a face-down
    slot of the owner's zone of that field: a card moved there stays part of it, unrevealed, and may only
    be one of `accepts` (the killer card a seat plays face down from its hand)."""
    kinds = frozenset(accepts) if accepts is not None else None
    return _field(Decl("zone", Seen.OWNER, True, ordered, parks_in=parks_in, accepts=kinds), None)


def face_down(*, per_seat: bool = False, ordered: bool = True) -> Any:
    """Cards nobody sees but their count (and any card turned face up on top): a guard column."""
    return _field(Decl("zone", Seen.NOBODY, per_seat, ordered), None)


def draw_pile(*, per_seat: bool = False, ordered: bool = True) -> Any:
    """A face-down draw pile: the undealt cards of the last shuffle. Cards enter it only by `reshuffle`,
    `draw_or_reshuffle` or `gather` (checked where a record is kept: in a match a player samples in, and by
    `campfire check`; a match without one does not look)."""
    return _field(Decl("zone", Seen.NOBODY, per_seat, ordered, deck=True), None)


def face_up(*, per_seat: bool = False, ordered: bool = False) -> Any:
    """Cards everyone sees (a discard pile, a tableau); `ordered` when their order matters to the rules."""
    return _field(Decl("zone", Seen.EVERYONE, per_seat, ordered), None)


def secret() -> Any:
    """A `Commitments`: each seat's choice hidden from the others until all are revealed together."""
    return _field(Decl("secret"), factory=Commitments)


def internal(default: Any = None, *, init: Literal[False] = False) -> Any:
    """A cache: reset in every copy, never compared, shown or saved, and never a constructor argument (`init`
    says so to type checkers, which read it from this signature)."""
    return attrs.field(default=default, kw_only=True, init=False, metadata={META: Decl("internal")})


def static(*, factory: Callable[[], Any]) -> Any:
    """Content shared by every copy of the state (a board, card tables): built by `factory`."""
    return _field(Decl("static"), factory=factory)


T = TypeVar("T")


def declare(cls: type[T]) -> type[T]:
    """Make a `DeclaredState` subclass an attrs class of declared fields (slotted, compared by identity); TypeError
    for a field without a declaration."""
    made = attrs.define(slots=True, eq=False, kw_only=True, on_setattr=attrs.setters.NO_OP)(cls)
    for field in attrs.fields(made):  # type: ignore[arg-type]
        try:
            decl_of(field)
        except TypeError as error:
            raise TypeError(f"{cls.__name__}: {error}") from None
    return made
