"""The declared state: a game declares its state's fields once, and the core derives the rest.

A state class is an attrs class decorated with `declare`, subclassing `DeclaredState`; each field says
who may see it:

- `public()`: everyone (scores, a round counter, a public log);
- `owned()`: one zone per seat, seen by its owner, by the others only as a count;
- `face_down()`: cards nobody sees, a count and any face-up top cards aside (a guard column);
- `draw_pile()`: a face-down draw pile, the undealt remainder of the last shuffle;
- `face_up()`: cards everyone sees (a discard pile, a tableau);
- `secret()`: a `Commitments` of a simultaneous decision, each seat's choice hidden until revealed;
- `internal()`: a cache, never copied, compared or shown; `static()`: content shared by every copy.

Every state also has `game`, `players`, `options` and `rng` (the chance generator). From the declaration
the core derives `clone()` (code generated once per class), `observation(seat)` (a `View` of what that seat
may see: a game's view class adds properties derived from it), `sample(seat, rng)` (every card the seat
cannot see redealt consistently with everything it has seen, from the record `corekit.provenance` keeps),
`zones()` (for card conservation), `digest()` (from the state itself) and `infoset_key(seat)` (a compact key
for search trees). A game may override any of them; conformance checks the override like everything else.

Cards move between zones through the state's methods (`draw`, `move`, `move_all`, `reveal_top`,
`reshuffle`, `draw_or_reshuffle`, `shuffle`, `gather`), which keep the record of where face-down cards came
from; `take_out` takes a card face up onto a board the game keeps in a public field. A public zone may also
be changed directly (append, sort, remove): nothing hidden is involved.
"""

from __future__ import annotations

import enum
import functools
import operator
import typing
import warnings
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, Never, TypeVar, overload

import attrs

from corekit.digest import fingerprint, write_value, write_zone
from corekit.game import ActionT, Game, State
from corekit.provenance import ProvenanceError, Record, recording, unrecorded
from corekit.redeal import OUT, REDEAL
from corekit.rng import Rng
from corekit.simultaneous import Commitments
from corekit.words import joined

__all__ = [
    "DeclaredState",
    "Hidden",
    "ProvenanceError",
    "Seen",
    "View",
    "Zone",
    "declare",
    "derived",
    "draw_pile",
    "face_down",
    "face_up",
    "internal",
    "owned",
    "public",
    "secret",
    "static",
    "unrecorded",
]

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
    `draw_or_reshuffle` or `gather`."""
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


class Zone(list[Any]):
    """A list of cards that knows its number in the state's layout (`no`) and how many of its top cards
    lie face up (`up`; the top is the end of the list). `Zone(cards, up=1)` makes one for a constructor."""

    __slots__ = ("no", "up")

    def __init__(self, cards: Iterable[Any] = (), no: int = -1, up: int = 0) -> None:
        list.__init__(self, cards)
        self.no = no
        self.up = up

    def copy(self) -> Zone:
        """An independent copy with the same number and face-up count."""
        return _copy_zone(self)

    def face_up_cards(self) -> tuple[Any, ...]:
        """The cards lying face up on top, bottom first."""
        return tuple(self[len(self) - self.up :]) if self.up else ()


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


def _redealt(deck: Zone) -> None:
    """Tell the leak checks' `Redeal`, when one is in force, that `deck` was just shuffled (traced, or shuffled
    once more)."""
    redeal = REDEAL.get()
    if redeal is not None:
        redeal.shuffled(deck, deck.no)


def _refuse_onto_face_up(name: str, up: int) -> None:
    """A card going face down onto a hidden zone whose top cards lie face up: `Zone.up` counts the top cards, so
    the new card would be counted face up, shown to every seat."""
    raise ProvenanceError(
        f"a card cannot go face down onto {name}, whose top {up} card(s) lie face up: a zone's face-up cards are its "
        "top ones, so the new card would show; move the face-up cards out first"
    )


def _copy_zone(zone: Zone) -> Zone:
    # list.__new__ and list.extend skip Zone's Python __init__: a clone copies every zone.
    copy = _new_list(Zone)
    copy.extend(zone)
    copy.no = zone.no
    copy.up = zone.up
    return copy


_new_list = list.__new__


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
        # The core makes the view class per state class and names it as the game's view class, which pickle
        # would find instead: a view is pickled (and deep-copied) as its state class, which pickle finds by
        # name, and its values, and rebuilt as that class's view. A derived property's cache is not kept.
        state_class = type(self)._state_class
        if state_class is None:
            raise TypeError(f"{type(self).__name__} is not the view class of a declared state: it cannot be pickled")
        return (_rebuilt_view, (state_class, tuple(getattr(self, name) for name in self._names)))

    def __repr__(self) -> str:
        pairs = ", ".join(f"{name}={value!r}" for name, value in zip(self._names, self._values, strict=True))
        return f"{type(self).__name__}({pairs})"


@attrs.frozen
class ZoneInfo:
    """One zone of a state's layout."""

    no: int
    name: str
    field: str
    seat: int | None
    seen: Seen
    ordered: bool
    deck: bool
    stream: int
    """The zone whose record it is part of: itself, or the zone it parks in."""
    accepts: frozenset[Any] | None

    def visible_to(self, viewer: int | None) -> bool:
        """Whether `viewer` (None: the full view) sees this zone's cards."""
        return viewer is None or self.seen is Seen.EVERYONE or self.owned_by(viewer)

    def owned_by(self, seat: int | None) -> bool:
        """Whether this is `seat`'s own zone, whose cards only that seat sees."""
        return self.seen is Seen.OWNER and self.seat == seat

    def comparable(self, cards: Iterable[Any]) -> tuple[Any, ...]:
        """`cards` of this zone as a seat that sees them knows them: in order, or sorted where the order tells
        nothing (an unordered zone)."""
        return tuple(cards) if self.ordered else tuple(sorted(cards))

    @property
    def path(self) -> str:
        """The zone as code reaches it from the state, `hands[0]` or `discard` (`name` is how a person reads it)."""
        return zone_path(self.field, self.seat)


def zone_path(field: str, seat: int | None) -> str:
    """`hands[0]` for a seat's zone of a per-seat field, the field's name for a shared one."""
    return field if seat is None else f"{field}[{seat}]"


@attrs.frozen
class Sight:
    """What one viewer cannot see and sees of a layout's zones, for its samples."""

    streams: tuple[int, ...]
    """The holdings hidden from it."""
    own: tuple[int, ...]
    """The holdings it sees (its hands)."""
    parked: tuple[int, ...]
    """The parked slots hidden from it."""
    canonical: tuple[int, ...]
    """The zones it sees whose order does not matter: sorted in a sample, so the sample depends on its view."""


@attrs.frozen
class Layout:
    """The zones of one state class at one player count, numbered in declaration order."""

    zones: tuple[ZoneInfo, ...]
    holdings: tuple[int, ...]
    """Zones that receive face-down cards (hands, face-down columns), parked slots aside."""
    decks: tuple[int, ...]
    parked: tuple[int, ...]
    unseen: tuple[int, ...]
    """Zones whose cards not everyone sees (hands, face-down columns, decks, parked slots): a fresh record's."""
    _sights: dict[int | None, Sight] = attrs.field(factory=dict, eq=False, repr=False)

    def sight(self, viewer: int | None) -> Sight:
        """What `viewer` cannot see and sees (worked out once per viewer)."""
        sight = self._sights.get(viewer)
        if sight is None:
            zones = self.zones
            sight = self._sights[viewer] = Sight(
                tuple(no for no in self.holdings if not zones[no].visible_to(viewer)),
                tuple(
                    no for no in self.holdings if zones[no].visible_to(viewer) and zones[no].seen is not Seen.EVERYONE
                ),
                tuple(no for no in self.parked if not zones[no].visible_to(viewer)),
                tuple(z.no for z in zones if not z.ordered and z.visible_to(viewer)),
            )
        return sight


S = TypeVar("S", bound="DeclaredState")


@typing.dataclass_transform(kw_only_default=True, field_specifiers=(attrs.field, public, static, internal))
class _KeywordFields:
    """For type checkers only: a class under it is made with its fields by keyword (`declare`, attrs underneath),
    so mypy checks a state's constructor (`RaceState(game=..., hands=...)`): a misspelled field or a wrong type."""

    __slots__ = ()  # a state stays slotted: `self.scroe = 1` in a game's rules is an AttributeError, not hidden state


@attrs.define(slots=True, eq=False, kw_only=True, on_setattr=attrs.setters.NO_OP, init=False)
class DeclaredState(State[ActionT], _KeywordFields):
    """A state whose fields are declared (see the module docstring); subclass it under `@declare`."""

    view_type: ClassVar[type[View]] = View
    """The class of `observation(seat)`: a `View` subclass whose properties derive what the game shows."""

    game: Any = attrs.field(metadata={META: Decl("base")})
    """The Game this state is of (shared by every copy)."""
    players: int = attrs.field(metadata={META: Decl("base")})
    """The number of seats."""
    options: Any = attrs.field(metadata={META: Decl("base")})
    """The match's options (an instance of the game's options class; immutable)."""
    rng: Rng = attrs.field(metadata={META: Decl("base")})
    """The chance generator: every shuffle and die in `apply` is drawn from it."""
    record: Record | None = attrs.field(default=None, init=False, metadata={META: Decl("base")})
    """Where face-down cards came from; None when nothing is recorded (a determinization made for search, a
    simulation nobody samples)."""
    _layout: Layout = attrs.field(default=None, init=False, metadata={META: Decl("base")})

    def __init__(self, **fields: Any) -> None:
        """Every field by name (`game`, `players`, `options`, `rng`, then the declared ones); made by `declare`
        for each state class, so this one is never called."""
        raise TypeError(f"{type(self).__name__} is not a declared state class: decorate it with @declare")

    def __attrs_post_init__(self) -> None:
        # Code generated per class and player count: every match starts here, and a random match of two seats
        # is only some fifteen decisions.
        try:
            _setup_plan(type(self), self.players).start(self)
        except TypeError:
            problem = _zone_value_problem(self)  # the field given something that holds no zone, if it was one
            if problem is None:
                raise
            raise TypeError(problem) from None

    # ---- the contract, derived -------------------------------------------------------------------

    def __str__(self) -> str:
        """The position drawn for a person, the full truth (`print(state)`; the game's `render` of it)."""
        return str(self.game.render(self.observation(None), None))

    def clone(self: S) -> S:
        """An independent copy; static content is shared, caches are dropped."""
        cloned: S = _plan(type(self)).clone(self)
        return cloned

    def observation(self, seat: int | None) -> Any:
        """What `seat` may know, as this class's `view_type` (None: the full truth); ValueError for a seat that is
        none of the match's."""
        try:
            return _views(type(self), self.players).observe(self, seat)
        except KeyError:  # the generated code looks the viewer up among the seats first (`_views`)
            if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
                raise ValueError(f"seat {seat!r} is not a seat of this {self.players}-seat match") from None
            raise

    def infoset_key(self, seat: int) -> int:
        """A compact key of what `seat` sees now (the hash of its view), for the nodes of a search tree."""
        return hash(_views(type(self), self.players).project(self, seat))

    def zones(self) -> dict[str, list[Any]]:
        """Every declared zone by name ("hands 0", "discard"), for card conservation."""
        return {info.name: self.zone(info.no) for info in self.layout().zones}

    def digest(self) -> str:
        """A short stable fingerprint of the truth: every declared field, in order, and the generator. Written
        by code generated for the class, the same bytes as `corekit.digest.digest` of the tuple (the truth's
        fields, the generator's state), without building it: a replay digests every 64 steps and at the end."""
        out: list[bytes] = []
        _plan(type(self)).write_truth(self, out)
        return fingerprint(out)

    def sample(self: S, seat: int, rng: Rng) -> S:
        """A full state consistent with everything `seat` has seen: every card it cannot see redealt within
        the lots it came from, others' secret commitments redrawn, the chance generator reseeded."""
        return self._resample(seat, rng, keep_record=True)

    def determinize(self: S, seat: int, rng: Rng) -> S:
        """A sample for one search iteration: like `sample`, but nothing is recorded on it any more (it
        cannot be sampled again), which makes playing it out cheaper."""
        return self._resample(seat, rng, keep_record=False)

    # ---- the layout --------------------------------------------------------------------------------

    @classmethod
    def secret_names(cls) -> tuple[str, ...]:
        """The names of the `secret()` fields."""
        return _plan(cls).secrets

    @classmethod
    def layout_for(cls, players: int) -> Layout:
        """The numbered zones of this class at `players` seats."""
        return _layout(cls, players)

    def layout(self) -> Layout:
        """The numbered zones of this state."""
        return self._layout

    def zone(self, no: int) -> Zone:
        """The zone numbered `no`."""
        info = self._layout.zones[no]
        value = getattr(self, info.field)
        zone: Zone = value if info.seat is None else value[info.seat]
        return zone

    # ---- moving cards ------------------------------------------------------------------------------

    def draw(self, src: Zone, dst: Zone, n: int = 1) -> list[Any]:
        """Take up to `n` cards from the top of `src` onto `dst`, the first drawn first; they are seen as
        `dst` shows them (face up in a public zone, by its owner in a hand)."""
        try:  # free unless raised (Python 3.11): the arguments are checked only once something failed
            if n == 1 and src:  # one card, face up or not (a guard beaten after it was turned up), without the loop
                card = src.pop()
                was_up = src.up > 0
                if was_up:
                    src.up -= 1
                dst.append(card)
                if self.record is not None:
                    self._drawable(src)
                    self._track(card, src, dst, was_up, len(src))
                return [card]
            if not src.up:  # nothing face up to turn over on the way: take the top cards at once
                cut = max(len(src) - n, 0)
                taken = src[cut:]
                del src[cut:]
                taken.reverse()  # the top card is drawn first
                dst.extend(taken)
                if self.record is not None and taken:
                    self._drawable(src)
                    if self._layout.zones[src.no].deck:  # a deal from a deck (a round's hands): recorded at once
                        self._track_all(taken, src, dst)
                    else:
                        for card in taken:
                            self._track(card, src, dst, False)
                return taken
            taken = []
            for _ in range(min(n, len(src))):
                card = src.pop()
                was_up = src.up > 0
                if was_up:
                    src.up -= 1
                dst.append(card)
                if self.record is not None:
                    self._drawable(src)
                    self._track(card, src, dst, was_up, len(src))
                taken.append(card)
            return taken
        except AttributeError:
            self._refuse_non_zones("draw", src=src, dst=dst)
            raise

    def _drawable(self, src: Zone) -> None:
        """Refuse to draw from a zone with no order that some seat cannot see (a hand): its "top" is wherever the
        game keeps the cards (the highest, in a sorted hand), while samples and twins redeal it in their own order,
        so a draw meant to be random tells what the seat took. Checked where a record is kept: by `campfire check`
        and in every match a player samples in (a match of random or heuristic players keeps none)."""
        info = self._layout.zones[src.no]
        if not info.ordered and info.seen is not Seen.EVERYONE:
            raise ProvenanceError(
                f"draw takes the top of a pile, but {info.name} has no order (its top is wherever the game keeps its "
                "cards, the highest in a sorted hand): take a card with the state's generator and move it"
            )

    def move(self, card: Any, src: Zone, dst: Zone) -> None:
        """Move one copy of `card` from `src` (a face-up one first) onto `dst`."""
        try:  # free unless raised (Python 3.11): the arguments are checked only once something failed
            if not src.up:
                src.remove(card)
                dst.append(card)
                if self.record is not None:
                    self._track(card, src, dst, False)
                return
            up = src.up
            at = _pull(card, src)
            dst.append(card)
            if self.record is not None:
                self._track(card, src, dst, src.up < up, at)
        except AttributeError:
            self._refuse_non_zones("move", src=src, dst=dst)
            raise
        except ValueError as error:
            self._refuse_missing("move", card, src, error)
            raise

    def take_out(self, card: Any, src: Zone) -> None:
        """Take one copy of `card` out of `src` (a face-up one first), face up and into no zone: onto a board
        the game keeps in a public field (a card played to a Camp, owner and all), whose cards the game's
        `zones()` then lists for card conservation. The table sees it as if moved to a face-up zone."""
        try:  # free unless raised (Python 3.11): the argument is checked only once something failed
            up = src.up
            at = _pull(card, src) if up else None
            if at is None:
                src.remove(card)
        except AttributeError:
            self._refuse_non_zones("take_out", src=src)
            raise
        except ValueError as error:
            self._refuse_missing("take_out", card, src, error)
            raise
        record = self.record
        if record is None:
            return
        info = self._layout.zones[src.no]
        if info.deck:
            self._traced(src, card, at, OUT)
        if src.up < up:  # it lay face up: everyone saw it already
            return
        if info.deck:
            if record.lot_of(src.no) is None:
                raise ProvenanceError(f"{info.name} holds cards that came from no deal")
            record.turn(src.no, card)
        elif info.seen is not Seen.EVERYONE:
            record.show(info.stream, card)

    def move_all(self, src: Zone, dst: Zone) -> list[Any]:
        """Move every card of `src` onto `dst`, bottom first; returns them."""
        try:  # free unless raised (Python 3.11): the arguments are checked only once something failed
            cards = list(src)
            up = src.up
            src.clear()
            src.up = 0
            dst.extend(cards)
            if self.record is not None:
                for index, card in enumerate(cards):
                    self._track(card, src, dst, index >= len(cards) - up, 0)  # the bottom card first
            return cards
        except AttributeError:
            self._refuse_non_zones("move_all", src=src, dst=dst)
            raise

    def reveal_top(self, zone: Zone) -> Any:
        """Turn the top face-down card of `zone` face up where it lies; returns it."""
        try:  # free unless raised (Python 3.11): the argument is checked only once something failed
            if zone.up >= len(zone):
                raise ProvenanceError(f"no face-down card left to turn over in {self.layout().zones[zone.no].name}")
        except AttributeError:
            self._refuse_non_zones("reveal_top", zone=zone)
            raise
        card = zone[len(zone) - zone.up - 1]
        zone.up += 1
        record = self.record
        if record is not None:
            info = self.layout().zones[zone.no]
            if info.deck:
                record.turn(zone.no, card)
                redeal = REDEAL.get()
                if redeal is not None:  # read here, not through _traced: the end of a match turns up whole decks
                    redeal.left(zone.no, card, len(zone) - zone.up, None)
            elif info.seen is not Seen.EVERYONE:
                record.show(info.stream, card)
        return card

    def reveal_all(self) -> None:
        """Turn every face-down card face up where it lies (the cards shown at the end of a match)."""
        record = self.record
        if record is None:  # nothing to record: every unseen zone, in layout order, lies face up
            for zone in _setup_plan(type(self), self.players).unseen(self):
                zone.up = len(zone)
            return
        for info in self._layout.zones:
            if info.seen is not Seen.EVERYONE:
                zone = self.zone(info.no)
                down = len(zone) - zone.up
                if down and not info.deck:  # as `reveal_top` would, top face-down first
                    record.show_all(info.stream, zone[down - 1 :: -1])
                    zone.up = len(zone)
                while zone.up < len(zone):
                    self.reveal_top(zone)

    def reshuffle(self, src: Zone, deck: Zone) -> None:
        """Put every card of the face-up `src` into the empty `deck` and shuffle it: a new lot, which everyone
        saw before the shuffle."""
        layout = self.layout().zones
        try:  # free unless raised (Python 3.11): the arguments are checked only once something failed
            if layout[src.no].seen is not Seen.EVERYONE:
                raise ProvenanceError(f"reshuffle takes a face-up pile, not {layout[src.no].name}; use gather")
            if deck:
                raise ProvenanceError(f"reshuffle into {layout[deck.no].name}, which still holds cards")
            deck.extend(src)
            src.clear()
            deck.up = 0
        except AttributeError:
            self._refuse_non_zones("reshuffle", src=src, deck=deck)
            raise
        self.rng.shuffle(deck)
        _redealt(deck)
        if self.record is not None:
            self.record.new_lot(deck, deck.no)

    def draw_or_reshuffle(self, deck: Zone, discard: Zone, dst: Zone) -> Any | None:
        """Draw the top card of `deck` onto `dst`, first reshuffling `discard` into an empty deck; None when
        both are empty."""
        try:  # free unless raised (Python 3.11): the arguments are checked only once something failed
            if not deck:
                if not discard:
                    return None
                self.reshuffle(discard, deck)
            return self.draw(deck, dst)[0]
        except (AttributeError, TypeError):  # TypeError: reshuffle's or draw's refusal, which names them, not this
            self._refuse_non_zones("draw_or_reshuffle", deck=deck, discard=discard, dst=dst)
            raise

    def shuffle(self, zone: Zone) -> None:
        """Shuffle a zone in place (a public pile, or a deck holding one lot): nothing anyone knows changes."""
        try:  # free unless raised (Python 3.11): the argument is checked only once something failed
            if zone.up:
                raise ProvenanceError(f"shuffling {self.layout().zones[zone.no].name} would hide its face-up cards")
        except AttributeError:
            self._refuse_non_zones("shuffle", zone=zone)
            raise
        self.rng.shuffle(zone)
        if self._layout.zones[zone.no].deck:  # an order nobody has seen: the leak checks shuffle it once more
            _redealt(zone)

    def gather(self, into: Zone, *sources: Zone) -> None:
        """Every card of `sources` goes back into the deck `into`, which is sorted, then shuffled: a new lot
        (a new round's deal). Every face-down card of the gathered deals must be among them."""
        try:  # free unless raised (Python 3.11): the arguments are checked only once something failed
            for src in sources:
                into.extend(src)
                src.clear()
                src.up = 0
            into.sort()
            into.up = 0
        except AttributeError:
            self._refuse_non_zones("gather", into=into, **{f"sources[{at}]": src for at, src in enumerate(sources)})
            raise
        redeal = REDEAL.get()
        if redeal is not None:  # the leak checks' trace: a deck gathered from holds none of its traced cards now
            for src in sources:
                redeal.emptied(src.no)
        self.rng.shuffle(into)
        _redealt(into)
        record = self.record
        if record is not None:
            layout = self.layout().zones
            numbers = [zone.no for zone in (*sources, into)]
            held = {info.stream for info in layout if not info.deck and self.zone(info.no)}
            record.gather(
                [layout[no].stream for no in numbers if not layout[no].deck and layout[no].seen is not Seen.EVERYONE],
                [no for no in numbers if layout[no].deck],
                empty={info.stream for info in layout if not info.deck and info.stream not in held},
                name=lambda stream: layout[stream].name,
            )
            record.new_lot(into, into.no)

    def roll(self, bag: Zone, dst: Zone, faces: Sequence[Any], count: int = 1) -> list[Any]:
        """Roll `count` dice showing `faces` (each face equally likely, the dice independent) as tokens: for each
        die the state's generator chooses a face, as `rng.die` does, and a face-down token of that face moves from
        `bag` (a `draw_pile()` holding, of each face, as many tokens as there are dice) onto `dst`, a cup hidden from
        the others or a face-up tray. Returns the faces, in the order rolled. Samples roll the hidden ones afresh, each
        face as likely whatever a seat holds (`Record.roll_from`), not dealt as cards from what the bag has left.

        Roll hidden dice through here rather than with `rng.die` and `move`: the leak checks then roll a step's
        dice once more with a generator of their own (a roll nobody has seen, the state's own generator left as
        it was) and compare what every other seat sees, so a log or a counter naming another seat's roll fails
        `check` (`leaks.check_redeal`)."""
        if not isinstance(faces, Sequence) or isinstance(faces, str):  # a generator would be used up by the first die
            raise TypeError(f"roll: faces must be a tuple or list of the faces, not a {type(faces).__name__}")
        if count < 0 or not faces:
            raise ValueError(f"roll: {count} dice of faces {list(faces)!r}: give a count from 0 and at least one face")
        try:
            info = self._layout.zones[bag.no]
            up = dst.up  # a list given for dst is named here, not half-way through a roll
        except AttributeError:
            self._refuse_non_zones("roll", bag=bag, dst=dst)
            raise
        name = info.name
        if not info.deck:
            raise ProvenanceError(f"roll takes the dice's tokens from a draw_pile(), not from {name}")
        target = self._layout.zones[dst.no]
        if up and count and self.record is not None and target.seen is not Seen.EVERYONE:
            _refuse_onto_face_up(target.name, up)  # as the first die's move would, before anything moved
        other = REDEAL.get()
        if other is not None:
            other.bags.add(bag.no)
        below = self.rng.below
        sides = len(faces)
        rolled = []
        for _ in range(count):
            at = below(sides)
            if other is not None:  # the leak checks' trace or other roll: the state's draws are made all the same
                at = other.rolled(at, sides, dst.no, faces[at], self._kept(dst, other.keep))
            face = faces[at]
            # A face-down token: taking one lying face up on the bag (a wild face turned up) would show the die.
            try:
                token = bag.index(face, 0, len(bag) - bag.up)
            except ValueError:
                raise ValueError(
                    f"roll: {name} holds no face-down token of face {face!r}: give it, of each face, as many tokens as "
                    "there are dice"
                ) from None
            del bag[token]
            dst.append(face)
            if self.record is not None:
                self._track(face, bag, dst, False, token)
            rolled.append(face)
        if self.record is not None and count:
            self.record.roll_from(bag.no, tuple(faces))
        return rolled

    def _kept(self, zone: Zone, seat: int | None) -> bool:
        """Whether a die the leak checks roll again keeps its face in `zone`: one everyone sees, or `seat`'s own."""
        info = self._layout.zones[zone.no]
        return info.seen is Seen.EVERYONE or info.owned_by(seat)

    def _refuse_missing(self, method: str, card: Any, src: Zone, error: ValueError) -> None:
        """Raise a ValueError naming `card` and the zone `src` when `error` is the list's own for a card not there
        (`list.remove(x): x not in list`, naming neither); returns otherwise, for the caller to re-raise."""
        if type(error) is not ValueError or not isinstance(src, Zone) or card in src:
            return
        zones = self._layout.zones
        own = 0 <= src.no < len(zones) and self.zone(src.no) is src
        where = zones[src.no].name if own else "a zone that is not this state's"
        raise ValueError(f"{method}(): {card!r} is not in {where} (it holds {len(src)} card(s))") from None

    def _refuse_non_zones(self, method: str, **given: Any) -> None:
        """Raise TypeError for the first of `given` (by parameter name) that is not a zone, saying what it is.
        Called only once a zone method has failed, as the methods are the hot path of every playout; returns
        when every one is a zone, the failure being another one, for the caller to re-raise as it was."""
        for role, value in given.items():
            if not isinstance(value, Zone):
                # from None: the AttributeError on a list's missing `up` is what this explains.
                raise TypeError(f"{method}(): {self._not_a_zone(role, value)}") from None

    def _not_a_zone(self, role: str, value: Any) -> str:
        """What `value`, given for the parameter `role` in place of a zone, is: a field of this state, one item of
        a field, or neither."""
        for field in attrs.fields(type(self)):
            decl: Decl = decl_of(field)
            where = None if decl.kind == "base" else place_in(field.name, getattr(self, field.name), value)
            if where is None:
                continue
            if decl.kind == "zone":
                return (
                    f"{where} is a {type(value).__name__} put in place of the zone the core made: move cards with "
                    "the state's zone methods (move, draw, move_all, shuffle, ...), never assign a zone"
                )
            article = "an" if decl.kind[0] in "aeiou" else "a"
            if where != field.name:  # an item of a field: one per seat, most likely
                zones = "owned() for hands, or face_down(), draw_pile() or face_up() with per_seat=True"
            else:
                zones = "face_down(), draw_pile() or face_up()"
            board = ", or take_out() a card onto a board kept in a public field" if role == "dst" else ""
            return (
                f"{where} is {article} {decl.kind} field, not a zone; declare cards that move with a zone ({zones})"
                f"{board}"
            )
        return (
            f"{role} is a {type(value).__name__}, not a zone of this state; pass the zone itself (self.discard, "
            "self.hands[seat]), not a copy of its cards"
        )

    # ---- hooks a game may override -----------------------------------------------------------------

    def position_problem(self) -> str | None:
        """Why this state cannot arise under the game's rules, in one line, or None.

        The position reader (`corekit.position`) refuses a read position with it: a hand-edited file can say
        what the declaration cannot bound. A game lists those bounds here: indices into its content in range
        and not negative, counts not negative, hand limits, phase names, a finished game's flags. Called only
        when a position is read, never in play."""
        return None

    def face_down_weights(self, zone: Zone) -> Mapping[Any, int]:
        """How likely each kind its slot accepts is to be the face-down card in a parked `zone`, by public
        facts (a game's model of why it was played); 1 each by default (each card of the game, for a slot declared
        without `accepts`)."""
        accepts = self.layout().zones[zone.no].accepts
        if accepts is None:  # a slot declared without `accepts` takes any card: every card of the game, alike
            return dict.fromkeys(iter_cards(self), 1)
        return dict.fromkeys(accepts, 1)

    def forget_legal(self) -> None:
        """Drop any legal actions kept for this position: none here; a state that keeps them
        (`corekit.legal.CachedLegalState`) drops them, for code that changes a position by hand after asking."""

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        """What `seat` could have committed in the secret field `name`: its legal actions had it not
        committed yet (a sample redraws other seats' commitments among these)."""
        commitments: Commitments = getattr(self, name)
        chosen = commitments.chosen
        waiting = commitments.waiting
        # The seat's commitment left out of a copy: taken out of the dict and put back, it would move to its end,
        # and a game may resolve the commitments in the order they were made (a sample then resolves them in
        # another order than the match).
        commitments.chosen = {other: choice for other, choice in chosen.items() if other != seat}
        commitments.waiting = tuple(sorted((*waiting, seat)))
        # A state that keeps its legal actions (`corekit.legal`) must build them for this changed position, and
        # not keep them once it is put back.
        self.forget_legal()
        try:
            return list(self.legal_actions(seat))
        finally:
            commitments.chosen = chosen
            commitments.waiting = waiting
            self.forget_legal()

    # ---- the record of where cards came from -------------------------------------------------------

    def fresh_record(self) -> Record:
        """The record of a state whose past is not known (a setup's deal, a loaded position): every card
        nobody can see came, per card family, from one lot, and every face-down zone received what it holds."""
        plan = _setup_plan(type(self), self.players)
        if getattr(type(self.game), "card_family", None) is not Game.card_family:
            record = Record()
            self._fresh_families(record, plan.infos, plan.unseen(self))
            return record
        return plan.fresh(self)  # one family (the game does not say otherwise): one lot

    def _fresh_families(self, record: Record, infos: Sequence[ZoneInfo], zones: Sequence[Zone]) -> None:
        """`fresh_record` of a game of several card families: a lot per family, or per group of families that
        share a deck."""
        family = self.game.card_family
        # A deck's face-up top cards are in no lot: everyone sees them, and nothing is ever dealt in their place.
        held = [zone[: len(zone) - zone.up] if info.deck else zone for info, zone in zip(infos, zones, strict=True)]
        by_family: dict[Hashable, list[Any]] = {}
        for cards in held:
            for card in cards:
                by_family.setdefault(family(card), []).append(card)
        # A deck holds the remainder of one lot, so families a deck holds together (a seat's own deck refilled
        # from a shared discard) are read as one deal, wider than the match's own samples there; a hand's cards keep
        # their families (those of a card drawn from such a deck were open in the match's samples).
        group = {kind: kind for kind in by_family}
        for info, cards in zip(infos, held, strict=True):
            if info.deck and cards:
                kinds = sorted({_root(group, family(card)) for card in cards}, key=repr)
                for kind in kinds[1:]:
                    group[kind] = kinds[0]
        dealt: dict[Hashable, list[Any]] = {}
        for kind, cards in sorted(by_family.items(), key=_family_key):
            dealt.setdefault(_root(group, kind), []).extend(cards)
        lot_of_root = {kind: record.new_lot(cards, None) for kind, cards in dealt.items()}
        lots = {kind: lot_of_root[_root(group, kind)] for kind in by_family}
        for info, zone, cards in zip(infos, zones, held, strict=True):
            if not cards:
                continue
            if info.deck:
                record.remainder[info.no] = lots[family(cards[0])]
                continue
            if len(lot_of_root) == 1:
                record.receive_all(info.stream, lots[family(zone[0])], zone)
            else:
                for card in zone:
                    record.receive(info.stream, lots[family(card)], card)
            record.show_all(info.stream, zone.face_up_cards())

    def _track_all(self, cards: list[Any], deck: Zone, dst: Zone) -> None:
        """Record face-down `cards` drawn from `deck` onto `dst` (the record exists)."""
        record = self.record
        assert record is not None
        target = self._layout.zones[dst.no]
        if dst.up and target.seen is not Seen.EVERYONE:
            _refuse_onto_face_up(target.name, dst.up)
        lot = record.lot_of(deck.no)
        top = len(deck) + len(cards) - 1  # where the first of `cards` lay, on top of the deck
        if lot is None or target.deck or target.seen is Seen.EVERYONE:
            for drawn, card in enumerate(cards):
                self._track(card, deck, dst, False, top - drawn)
        else:
            record.receive_all(target.stream, lot, cards)
            redeal = REDEAL.get()
            if redeal is not None:  # the leak checks follow where each card of a deck they trace went
                for drawn, card in enumerate(cards):
                    redeal.left(deck.no, card, top - drawn, dst.no)

    @staticmethod
    def _traced(deck: Zone, card: Any, at: int | None, dst: int | None) -> None:
        """Tell the leak checks' `Redeal`, when one is in force, that `card` left `deck` (see `Redeal.left`)."""
        redeal = REDEAL.get()
        if redeal is not None:
            redeal.left(deck.no, card, at, dst)

    def _track(self, card: Any, src: Zone, dst: Zone, was_up: bool, at: int | None = None) -> None:
        """Record one card's move (the record exists); it left index `at` of `src`'s list (None: the first card
        equal to it, as `list.remove` takes)."""
        record = self.record
        assert record is not None
        zones = self._layout.zones
        source, target = zones[src.no], zones[dst.no]
        if target.deck:
            raise ProvenanceError(f"a card cannot go into the deck {target.name} but by reshuffle or gather")
        if dst.up and target.seen is not _EVERYONE:
            _refuse_onto_face_up(target.name, dst.up)
        if target.stream != target.no and len(dst) - dst.up > 1:  # a parked slot: samples deal it one card
            raise ProvenanceError(
                f"{target.name} already holds a card face down: a parked slot holds one at a time (turn it up, or move "
                "it out, before parking another)"
            )
        if source.seen is _EVERYONE or was_up:
            if was_up and source.deck:
                self._traced(src, card, at, dst.no)
            if target.seen is not _EVERYONE:  # a known card slid in among unseen ones: a lot of one
                record.receive(target.stream, record.new_lot([card], None), card)
            return
        if source.deck:
            self._traced(src, card, at, dst.no)
            lot = record.remainder.get(src.no)
            if lot is None:
                raise ProvenanceError(f"{source.name} holds cards that came from no deal")
            if target.seen is _EVERYONE:
                record.turn(src.no, card)
            else:
                record.receive(target.stream, lot, card)
            return
        if target.seen is _EVERYONE:
            record.show(source.stream, card)
        elif target.stream != source.stream:
            hint = ""
            if source.seen is Seen.NOBODY:  # a pile taken from unseen (a guard column): the record follows a deck
                hint = (
                    f": a pile whose cards are taken unseen is a draw_pile() (filled at setup, by reshuffle or by "
                    f"gather), not face_down() ({source.name})"
                )
            elif target.seen is Seen.NOBODY:  # a card played face down out of a hand: the record follows a slot
                hint = (
                    f": a card played face down out of a hand goes to a slot declared owned(parks_in=...), one at a "
                    f"time, not to a face_down() zone ({target.name})"
                )
            raise ProvenanceError(f"a card cannot move face down from {source.name} to {target.name}{hint}")
        elif record.plans:  # parked face down (or back): the table saw nothing, but a deal now differs
            record.plans = {}

    def _resample(self: S, seat: int, rng: Rng, keep_record: bool, even: bool = False) -> S:
        """`sample` or `determinize`; with `even`, a parked card of each kind its slot accepts is equally likely,
        whatever the game's `face_down_weights` say (the leak kit's twins that test those weights)."""
        record = self.record
        if record is None:
            raise ProvenanceError(
                "this state is a determinization made for search: it keeps no record to sample (a SeatView of it "
                "for a player that does not sample is made with sampling=False)"
            )
        layout = self._layout
        zones = layout.zones
        sight = layout.sight(seat)
        streams = sight.streams
        weigh = functools.partial(DeclaredState.face_down_weights, self) if even else self.face_down_weights
        face_down = {}
        for no in sight.parked:
            zone = self.zone(no)
            if zone:
                face_down[zones[no].stream] = weigh(zone)
        sizes = {}
        for no in layout.decks:
            zone = self.zone(no)
            if len(zone) > zone.up:  # a deck of face-up cards only has nothing to deal (nor a lot, once read back)
                sizes[no] = len(zone) - zone.up
        # Dealt evenly, a deal is prepared apart from those dealt by the game's weights.
        plan, open_lots = record.deal(seat, streams, sight.own, face_down, sizes, "even" if even else "")
        copy: S = _plan(type(self)).clone(self, keep_record)
        if plan is None:
            self._pool_unseen(copy, seat, streams, sizes, rng, weigh)
        else:
            world = plan.draw(rng, received=keep_record)
            parked_of = {zones[no].stream: no for no in sight.parked}
            for no, held, down in zip(streams, world.held, world.face_down, strict=True):
                _refill(copy.zone(no), held, zones[no].ordered)
                if down is not None:
                    copy.zone(parked_of[no])[:] = [down]
            if copy.record is not None:
                for no, received in zip(streams, world.received, strict=True):
                    copy.record.truth[no] = tuple(received)
                # Others' knowledge of the copy differs now; an even deal is kept under its own key.
                copy.record.plans = {("even", seat) if even else seat: (plan, open_lots)}
            if sizes:
                rest = {lot: world.rest[at] for at, lot in enumerate(open_lots)}
                for no, size in sizes.items():
                    pool = rest[record.remainder[no]]
                    _refill(copy.zone(no), pool[:size], zones[no].ordered)
                    del pool[:size]
        for no in sight.canonical:
            copy.zone(no).sort()
        for name in self.secret_names():
            commitments: Commitments = getattr(copy, name)
            commitments.redraw_others(seat, rng, functools.partial(copy.commitment_choices, name))
        copy.rng = rng.spawn()
        return copy

    def _pool_unseen(
        self,
        copy: DeclaredState,
        seat: int,
        streams: Sequence[int],
        sizes: Mapping[int, int],
        rng: Rng,
        weigh: Callable[[Zone], Mapping[Any, int]],
    ) -> None:
        """The fallback when no crediting of a long history was found: the unseen cards pooled per family and
        dealt anywhere of their family (consistent with the view, not with every lot). The copy's record starts
        afresh, but for `seat` it still deals by pooling: a sample of the copy is then drawn as a sample of this
        state is, and so depends on the seat's view alone."""
        family = self.game.card_family
        zones = self.layout().zones
        parked = [no for no in self.layout().parked if zones[no].stream in streams and self.zone(no)]
        places = [(no, len(self.zone(no)) - self.zone(no).up) for no in streams]
        places += sorted(sizes.items())
        pools: dict[Hashable, list[Any]] = {}
        for no, size in [*places, *((no, 1) for no in parked)]:
            for card in self.zone(no)[:size]:
                pools.setdefault(family(card), []).append(card)
        for cards in pools.values():
            cards.sort()
            rng.shuffle(cards)
        for no in parked:  # a face-down card of a kind its slot accepts, by the game's weights
            pool = pools[family(self.zone(no)[0])]
            weights = weigh(self.zone(no))
            chances = [weights.get(card, 0) for card in pool]
            copy.zone(no)[:] = [pool.pop(rng.weighted(chances))]
        for no, size in places:
            kinds = [family(card) for card in self.zone(no)[:size]]
            _refill(copy.zone(no), [pools[kind].pop() for kind in kinds], zones[no].ordered)
        if copy.record is not None:
            copy.record = copy.fresh_record()
            copy.record.plans = {seat: (None, [])}


def _pull(card: Any, src: Zone) -> int:
    """Delete one copy of `card` from `src`, which has face-up cards, a face-up one first; the index it had (it was
    face up if `src.up` went down)."""
    up = src.up
    at = len(src) - 1
    while at >= len(src) - up and src[at] != card:
        at -= 1
    was_up = at >= len(src) - up
    if was_up:
        src.up -= 1
    else:
        at = src.index(card, 0, len(src) - up)  # ValueError if it is not there
    del src[at]
    return at


def place_in(name: str, held: Any, value: Any) -> str | None:
    """Where `value` itself is in the field `name` holding `held`: "name", "name[1]" (an item of a list or tuple,
    a seat's), "name['key']" (a value of a dict); None when it is not there."""
    if held is value:
        return name
    items = held.items() if isinstance(held, dict) else enumerate(held) if isinstance(held, list | tuple) else ()
    return next((f"{name}[{key!r}]" for key, item in items if item is value), None)


def _family_key(item: tuple[Hashable, list[Any]]) -> str:
    return repr(item[0])


def _root(group: dict[Hashable, Hashable], kind: Hashable) -> Hashable:
    """The family that stands for `kind`'s group in `group` (each family maps to another of its group, or itself)."""
    while group[kind] != kind:
        kind = group[kind]
    return kind


def _refill(zone: Zone, cards: list[Any], ordered: bool) -> None:
    """Put `cards`, drawn in random order, in place of `zone`'s face-down cards, under its face-up ones:
    sorted where the zone's order does not matter."""
    if not ordered:
        cards.sort()
    zone[: len(zone) - zone.up] = cards


# ---- what the core generates per class ---------------------------------------------------------------


@functools.cache
def _layout(cls: type[DeclaredState], players: int) -> Layout:
    zones: list[ZoneInfo] = []
    numbers: dict[tuple[str, int | None], int] = {}
    parks: list[tuple[int, str, int | None]] = []
    for field in attrs.fields(cls):
        decl: Decl = decl_of(field)
        if decl.kind != "zone":
            continue
        for seat in range(players) if decl.per_seat else [None]:
            no = len(zones)
            numbers[(field.name, seat)] = no
            if decl.parks_in is not None:
                parks.append((no, decl.parks_in, seat))
            zones.append(
                ZoneInfo(
                    no,
                    field.name if seat is None else f"{field.name} {seat}",
                    field.name,
                    seat,
                    decl.seen,
                    decl.ordered,
                    decl.deck,
                    no,
                    decl.accepts,
                )
            )
    for no, target, seat in parks:
        zones[no] = attrs.evolve(zones[no], stream=numbers[(target, seat)])
    parked = tuple(no for no, _, _ in parks)
    holdings = tuple(z.no for z in zones if z.seen is not Seen.EVERYONE and not z.deck and z.no not in parked)
    decks = tuple(z.no for z in zones if z.deck)
    unseen = tuple(z.no for z in zones if z.seen is not Seen.EVERYONE)
    return Layout(tuple(zones), holdings, decks, parked, unseen)


@attrs.frozen
class _SetupPlan:
    """The functions generated for one state class at one player count."""

    start: Callable[[Any], None]
    """Number the zones the constructor was given (each made a `Zone`), then start the record."""
    unseen: Callable[[Any], tuple[Zone, ...]]
    """The zones of `Layout.unseen`, in order."""
    infos: tuple[ZoneInfo, ...]
    """Their `ZoneInfo`s."""
    fresh: Callable[[Any], Record]
    """`fresh_record` of a game of one card family."""


@functools.cache
def _setup_plan(cls: type[DeclaredState], players: int) -> _SetupPlan:
    """Generate `start`, `unseen` and `fresh` for `cls` at `players` seats: the zone numbers are constants."""
    layout = _layout(cls, players)
    lines = ["def start(s):", "    s._layout = layout"]
    env: dict[str, Any] = {
        "layout": layout,
        "Zone": Zone,
        "lnew": _new_list,
        "UNORDERED": _UNORDERED,
        "SEQUENCES": (list, tuple),
        "recording": recording,
        "Record": Record,
    }

    def made(no: int, target: str, indent: str) -> list[str]:
        """A new zone numbered `no` holding the cards of `z` (None for none), put at `target`."""
        steps = (
            "y = lnew(Zone)",
            # A list's cards are taken as they are (the hot path); a str, set or dict would make cards of its letters,
            # its hash order or its keys: refused (`_zone_value_problem` says so); a number fails in `extend`.
            "if z:",
            "    if z.__class__ is not list and isinstance(z, UNORDERED): raise TypeError",
            "    y.extend(z)",
            "elif z is not None and z.__class__ is not list:",
            "    y.extend(z)",
            f"y.no = {no}",
            "y.up = 0",
        )
        return [f"{indent}{line}" for line in steps] + [f"{indent}{target} = y"]

    fields: dict[str, list[ZoneInfo]] = {}
    for info in layout.zones:
        fields.setdefault(info.field, []).append(info)
    # A zone given as a Zone keeps its cards and face-up count and takes its number; anything else is copied
    # into a new Zone.
    for name, infos in fields.items():
        if infos[0].seat is None:
            lines += [f"    z = s.{name}", f"    if isinstance(z, Zone): z.no = {infos[0].no}", "    else:"]
            lines += made(infos[0].no, f"s.{name}", "        ")
            continue
        # A list or tuple of zones, one per seat, made a new list (the caller's is left as it was).
        lines += [f"    v = s.{name}", "    if v is None:", "        z = None"]
        for info in infos:
            lines += made(info.no, f"y{info.seat}", "        ")
        lines += [
            "    elif isinstance(v, Zone) or not isinstance(v, SEQUENCES):",
            "        raise TypeError  # one Zone (a list of cards), a dict, a number: `_zone_value_problem` says which",
            f"    elif len(v) != {players}:",
            f"        raise ValueError(f'{name} needs one zone per seat ({players}), got {{len(v)}}')",
            "    else:",
        ]
        for info in infos:
            lines += [
                f"        z = v[{info.seat}]",
                "        if isinstance(z, Zone):",
                f"            z.no = {info.no}",
                f"            y{info.seat} = z",
                "        else:",
            ]
            lines += made(info.no, f"y{info.seat}", "            ")
        lines.append(f"    s.{name} = [{', '.join(f'y{info.seat}' for info in infos)}]")
    lines.append("    s.record = s.fresh_record() if recording() else None")
    unseen = [layout.zones[no] for no in layout.unseen]
    parts = [f"s.{info.field}" if info.seat is None else f"s.{info.field}[{info.seat}]" for info in unseen]
    lines += ["def unseen(s):", f"    return ({''.join(part + ', ' for part in parts)})"]
    # The record of one card family (see `DeclaredState.fresh_record`): one lot of every unseen card; a stream
    # receives its zones' cards (a parked slot's after its own zone's), a deck holds the lot's remainder.
    lines += ["def fresh(s):", "    r = Record()"]
    lines += [f"    z{at} = {part}" for at, part in enumerate(parts)]
    lines += [
        f"    cards = [{', '.join(f'*z{at}' for at in range(len(parts)))}]",
        "    if not cards:",
        "        return r",
    ]
    lines += ["    lot = r.new_lot(cards, None)", "    events = r.events", "    truth = r.truth"]
    started: set[int] = set()
    for at, info in enumerate(unseen):
        z = f"z{at}"
        lines.append(f"    if {z}:")
        if info.deck:
            lines += [
                f"        r.remainder[{info.no}] = lot",
                f"        for card in {z}.face_up_cards(): r.turn({info.no}, card)",
            ]
            continue
        stream = info.stream
        if stream in started:
            lines += [
                f"        events[{stream}] = events.get({stream}, ()) + ((lot, None),) * len({z})",
                f"        truth[{stream}] = truth.get({stream}, ()) + tuple({z})",
            ]
        else:
            lines += [f"        events[{stream}] = ((lot, None),) * len({z})", f"        truth[{stream}] = tuple({z})"]
        started.add(stream)
        lines.append(f"        if {z}.up: r.show_all({stream}, {z}.face_up_cards())")
    lines.append("    return r")
    exec(compile("\n".join(lines), f"<campfire setup {cls.__qualname__} {players}>", "exec"), env)
    return _SetupPlan(env["start"], env["unseen"], tuple(unseen), env["fresh"])


_UNORDERED = (str, bytes, set, frozenset, dict)
"""What the setup refuses as a zone's cards: its letters, its hash order or its keys would make them."""


def _zone_value_problem(state: DeclaredState) -> str | None:
    """Why the setup could not take a zone field, naming it, or None: a per-seat field given other than a list or
    tuple of zones (one `Zone`, a dict, a number), a zone given what holds no cards (a number, a str, a set), a card
    that is no card (a list), or hidden cards of one family that do not order together (the record of where they
    came from sorts them). The setup's own error did not say which field; an error of anything else (a bad
    `players`) is left as it is."""
    try:
        layout = _layout(type(state), state.players)
    except Exception:  # the setup failed before any zone: its own error says why
        return None
    for info in layout.zones:
        whole = getattr(state, info.field)
        if (
            info.seat is not None
            and whole is not None
            and (isinstance(whole, Zone) or not isinstance(whole, list | tuple))
        ):
            shown = "one Zone" if isinstance(whole, Zone) else f"{whole!r:.40}"
            return f"{info.field} is a zone per seat: give a list of {state.players} zones, not {shown}"
        given = _given(state, info)
        where = info.field if info.seat is None else f"{info.field}[{info.seat}]"
        if given is not None and (not isinstance(given, Iterable) or isinstance(given, _UNORDERED)):
            return f"{where} is a zone: give a Zone or a list of cards, not {given!r:.40}"
        for card in given if isinstance(given, list | tuple) else ():
            if isinstance(card, list) and info.seat is None:
                return f"{where} is one zone: give a Zone or a list of cards, not a list of zones"
            try:
                hash(card)
            except TypeError:
                return f"{where} holds {card!r:.40}, which is no card: a card is a number, a string or a tuple"
    return _disordered(state, layout)


def _given(state: DeclaredState, info: ZoneInfo) -> Any:
    """What the constructor was given for the zone `info` (None where a per-seat field holds no zone for its seat)."""
    given = getattr(state, info.field)
    if info.seat is None:
        return given
    return given[info.seat] if isinstance(given, list | tuple) and info.seat < len(given) else None


def _disordered(state: DeclaredState, layout: Layout) -> str | None:
    """The hidden zones whose cards of one family do not order together, if any: the record sorts each family."""
    families: dict[Hashable, list[tuple[str, Any]]] = {}
    for no in layout.unseen:
        info = layout.zones[no]
        given = _given(state, info)
        for card in given if isinstance(given, list | tuple) else ():
            families.setdefault(state.game.card_family(card), []).append((info.name, card))
    for held in families.values():
        try:
            sorted(card for _, card in held)
        except TypeError:
            kinds = {type(card).__name__ for _, card in held}
            what = joined(sorted(kinds)) if len(kinds) > 1 else f"{kinds.pop()}s whose items do not order"
            zones = joined(list(dict.fromkeys(name for name, _ in held)))
            return (
                f"{zones} hold hidden cards of one family that do not order together ({what}): give cards of one kind"
            )
    return None


@attrs.frozen
class _Plan:
    """The functions generated for one state class."""

    clone: Callable[..., Any]
    write_truth: Callable[[Any, list[bytes]], None]
    view_class: type[View]
    builder: type[View]
    """A subclass of `view_class` that allows setting attributes: a view is filled as one, then given its class."""
    shown: tuple[tuple[str, Decl, str], ...]
    """(name, declaration, frozen expression) of each field of a view after `seat`, in order; a zone's expression
    is left to `_views`, which knows the number of seats."""
    secrets: tuple[str, ...]


_IMMUTABLE = (int, float, str, bool, bytes, type(None), tuple, frozenset, enum.Enum)


@functools.cache
def _plan(cls: type[DeclaredState]) -> _Plan:
    """Generate `clone` and the writer of the truth for a digest, and make the view class, once per class (the
    view's functions, which depend on the number of seats too, are `_views`)."""
    attrs.resolve_types(cls)
    clone_lines = ["def clone(s, keep_record=True):", "    c = new(cls)"]
    shown: list[tuple[str, Decl, str]] = []
    truth_lines = ["def write_truth(s, out):", "    out.append(b'((')"]
    names = ["seat"]
    secrets = []
    env: dict[str, Any] = {
        "new": object.__new__,
        "cls": cls,
        "Rng": Rng,
        "zcopy": _copy_zone,
        "lnew": _new_list,
        "Zone": Zone,
        "put": write_value,
        "zone": write_zone,
    }
    for field in attrs.fields(cls):
        decl: Decl = decl_of(field)
        name = field.name
        attr = f"s.{name}"
        if decl.kind == "base":
            if name == "rng":
                clone_lines.append("    c.rng = Rng(s.rng.state)")
            elif name == "_layout":
                clone_lines.append("    c._layout = s._layout")
            elif name == "record":
                clone_lines.append("    r = s.record")
                clone_lines.append("    c.record = None if r is None or not keep_record else r.clone()")
            else:
                clone_lines.append(f"    c.{name} = {attr}")
            if name == "players":
                truth_lines.append(f"    put({attr}, out)")
            continue
        if decl.kind == "internal":
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                raise TypeError(f"{cls.__name__}.{name}: an internal field takes a plain default")
            env[f"default_{name}"] = default
            clone_lines.append(f"    c.{name} = default_{name}")
            continue
        if decl.kind == "static":
            clone_lines.append(f"    c.{name} = {attr}")
            continue
        names.append(name)
        if decl.kind == "secret":
            secrets.append(name)
            clone_lines.append(f"    c.{name} = {attr}.clone()")
            shown.append((name, decl, f"{attr}.visible_to(v)"))
            truth_lines.append(f"    put({attr}.visible_to(None), out)")
            continue
        if decl.kind == "zone":
            if decl.per_seat:
                clone_lines.append(f"    c.{name} = list(map(zcopy, {attr}))")
            else:  # `_copy_zone` inlined: a clone copies every zone
                clone_lines.append(f"    z = {attr}; y = c.{name} = lnew(Zone); y.extend(z); y.no = z.no; y.up = z.up")
            shown.append((name, decl, ""))
            if decl.per_seat:
                # The bytes of `tuple([(tuple(z), z.up) for z in zones])`, as `corekit.digest` walks it.
                truth_lines += ["    out.append(b'(')", f"    for z in {attr}: zone(z, out)", "    out.append(b')')"]
            else:
                truth_lines.append(f"    zone({attr}, out)")
            continue
        copy, frozen = _public_copy(field.type, attr)
        clone_lines.append(f"    c.{name} = {copy}")
        shown.append((name, decl, frozen))
        # A list is written as the tuple of its frozen view is (`corekit.digest`): no need to build that.
        as_is = frozen in (f"tuple({attr})", f"tuple([tuple(x) for x in {attr}])")
        truth_lines.append(f"    put({attr if as_is else frozen}, out)")
    clone_lines.append("    return c")
    view_class = _view_class(cls, tuple(names))
    # A view refuses attribute assignment: it is filled as an instance of a builder subclass that allows it (same
    # layout), then given its own class.
    builder = type(view_class.__name__, (view_class,), {"__slots__": (), "__setattr__": object.__setattr__})
    source = "\n".join(
        [*clone_lines, *truth_lines, "    out.append(b')')", "    put(s.rng.state, out)", "    out.append(b')')"]
    )
    exec(compile(source, f"<campfire state {cls.__qualname__}>", "exec"), env)
    return _Plan(env["clone"], env["write_truth"], view_class, builder, tuple(shown), tuple(secrets))


@attrs.frozen
class _Views:
    """The view functions generated for one state class at one player count."""

    project: Callable[[Any, int | None], tuple[Any, ...]]
    """The values of `observe(s, v)`, as a tuple (what `infoset_key` hashes)."""
    observe: Callable[[Any, int | None], View]


@functools.cache
def _views(cls: type[DeclaredState], players: int) -> _Views:
    """Generate `observe` and `project` for `cls` at `players` seats. The zones of a per-seat field are unpacked
    into locals and shown one by one: a view is built at every decision of a heuristic playout, and six seats'
    five per-seat zones are thirty small tuples, made in half the time it takes through `map`."""
    plan = _plan(cls)
    lines: list[str] = []
    values = ["v"]
    for at, (name, decl, frozen) in enumerate(plan.shown):
        if decl.kind != "zone":
            values.append(frozen)
        elif not decl.per_seat and decl.seen is Seen.EVERYONE:
            values.append(_zone_view(decl, f"s.{name}", "None"))
        elif not decl.per_seat:  # a hidden zone's expression reads it several times
            lines.append(f"    z{at} = s.{name}")
            values.append(_zone_view(decl, f"z{at}", "None"))
        elif players == 0:
            values.append("()")
        else:
            seats = [f"z{at}_{seat}" for seat in range(players)]
            lines.append(f"    {''.join(z + ', ' for z in seats)}= s.{name}")
            values.append(f"({''.join(_zone_view(decl, z, str(seat)) + ', ' for seat, z in enumerate(seats))})")
    names = ["seat", *(name for name, _, _ in plan.shown)]
    source = "\n".join(
        [
            "def project(s, v):",
            *lines,
            f"    return ({', '.join(values)},)",
            "def observe(s, v):",
            "    viewers[v]",  # KeyError for a seat of no match of this size: an off-by-one would see every hand hidden
            *lines,
            "    o = new(VB)",
            *(f"    o.{name} = {value}" for name, value in zip(names, values, strict=True)),
            "    o.__class__ = VC",
            "    return o",
        ]
    )
    env: dict[str, Any] = {
        "new": object.__new__,
        "VB": plan.builder,
        "VC": plan.view_class,
        "hidden": hidden,
        "hz": _HIDDEN_BY_SIZE,
        "sorted": sorted,
        "viewers": dict.fromkeys([None, *range(players)]),
    }
    exec(compile(source, f"<campfire views {cls.__qualname__} {players}>", "exec"), env)
    return _Views(env["project"], env["observe"])


def _zone_view(decl: Decl, z: str, seat: str) -> str:
    """The expression of one zone as viewer `v` sees it. An empty zone is shown as () without calling tuple(),
    which iterates a list subclass such as `Zone` the slow way: a view shows many empty zones (six counselors'
    permanents, campers and objectives), and skipping the call makes the view about 5% cheaper."""
    cards = f"(tuple({z}) if {z} else ())" if decl.ordered else f"(tuple(sorted({z})) if {z} else ())"
    if decl.seen is Seen.EVERYONE:
        return cards
    shown = f"(hz[len({z})] if not {z}.up and len({z}) < 256 else hidden(len({z}), {z}.face_up_cards()))"
    if decl.seen is Seen.OWNER:
        return f"({cards} if v is None or v == {seat} else {shown})"
    return f"({shown} if v is not None else hidden(len({z}), {z}.face_up_cards(), tuple({z})))"


def _public_copy(kind: Any, attr: str) -> tuple[str, str]:
    """How a public field of type `kind` is copied and frozen for a view: (copy expression, frozen expression)."""
    bare = _bare(kind) or _bare(_optional_of(kind))
    if bare is not None:  # a tuple copies as it is, but a position could not read it
        _refuse_bare(bare, attr)
    origin = getattr(kind, "__origin__", None)
    args = getattr(kind, "__args__", ())
    if origin is list:
        inner = args[0] if args else Any
        if getattr(inner, "__origin__", None) is list:
            _refuse_shared(attr, kind, next(iter(getattr(inner, "__args__", ())), Any))
            return f"[x[:] for x in {attr}]", f"tuple([tuple(x) for x in {attr}])"
        _refuse_shared(attr, kind, inner)
        return f"{attr}[:]", f"tuple({attr})"
    if origin is dict:
        _refuse_shared(attr, kind, args[-1] if args else Any)
        return f"dict({attr})", f"tuple(sorted({attr}.items()))"
    if isinstance(kind, type):
        if issubclass(kind, _IMMUTABLE) or (attrs.has(kind) and kind.__attrs_attrs__ and _frozen(kind)):
            return attr, attr
        if hasattr(kind, "clone") and hasattr(kind, "view"):  # first: a class that copies itself knows how deep
            return f"{attr}.clone()", f"{attr}.view()"
        if issubclass(kind, dict) and hasattr(kind, "view"):  # a dict of immutable values that shows itself its own
            return f"{attr}.__class__({attr})", f"{attr}.view()"  # way: a shallow copy is the whole copy
    if origin is tuple or origin is frozenset:
        return attr, attr
    if _optional_of(kind) is not None:
        inner = _optional_of(kind)
        if isinstance(inner, type) and hasattr(inner, "clone") and hasattr(inner, "view"):
            return (
                f"(None if {attr} is None else {attr}.clone())",
                f"(None if {attr} is None else {attr}.view())",
            )
        if isinstance(inner, type) and issubclass(inner, _IMMUTABLE):
            return attr, attr
        if getattr(inner, "__origin__", None) in (tuple, frozenset):  # `tuple[int, int] | None`: a last move or none
            return attr, attr
    if kind is list or kind is dict:  # a bare annotation, not an unsupported type: name the item types
        _refuse_bare(kind, attr)
    raise TypeError(
        f"a public field of type {kind!r} ({attr[2:]}): use an immutable type, list, dict, a dict subclass with "
        "view(), or a class with clone() and view()"
    )


_BARE = (tuple, frozenset)
"""Annotations that say too little for a position to be read back (of what items?)."""
_BARE_EXAMPLES: dict[type, str] = {
    list: "list[int], or list[list[int]] for a list of lists",
    dict: "dict[str, int]",
    tuple: "tuple[int, ...], or tuple[int, str] for a pair",
    frozenset: "frozenset[int]",
}


def _bare(kind: Any) -> type | None:
    """`tuple` or `frozenset` when `kind` names one without its item types (`typing.Tuple` too), else None."""
    origin = kind if kind in _BARE else typing.get_origin(kind)
    return origin if origin in _BARE and not typing.get_args(kind) else None


def _refuse_bare(kind: type, attr: str) -> None:
    raise TypeError(f"a public field of type {kind.__name__} ({attr[2:]}) needs its item types: {_BARE_EXAMPLES[kind]}")


def _refuse_shared(attr: str, kind: Any, item: Any) -> None:
    """Refuse a list or dict whose items are themselves lists, dicts or sets (beyond the one nesting a list of
    lists has): its copy is one level deep, so a clone and the original would share them, and playing on the
    clone would change the original."""
    if item in (list, dict, set) or getattr(item, "__origin__", None) in (list, dict, set):
        outer = "dict[str, tuple[int, ...]]" if getattr(kind, "__origin__", kind) is dict else "list[tuple[int, ...]]"
        raise TypeError(
            f"a public field of type {kind} ({attr[2:]}) holds mutable {item}, which its copy would share: "
            f"use tuples inside ({outer}), a list of lists of immutable items, or a class with clone() and view()"
        )


def _frozen(kind: type) -> bool:
    params = getattr(kind, "__attrs_attrs__", None)
    return params is not None and getattr(kind.__setattr__, "__name__", "") == "_frozen_setattrs"


def _optional_of(kind: Any) -> Any:
    args = getattr(kind, "__args__", ())
    if len(args) == 2 and type(None) in args:
        return next(arg for arg in args if arg is not type(None))
    return None


def _view_class(cls: type[DeclaredState], names: tuple[str, ...]) -> type[View]:
    """The view class of `cls`: its `view_type` with a slot per declared field, in projection order."""
    base = cls.view_type
    taken = _defined_on(base) - set(_defined_on(View)) - {"__annotations__"}
    clash = taken.intersection(names)
    if clash:
        raise TypeError(
            f"{base.__name__} defines {', '.join(sorted(clash))}, which are declared fields of {cls.__name__}"
        )
    namespace: dict[str, Any] = {"__slots__": names, "_names": names, "_state_class": cls}
    view_class = type(base.__name__, (base,), namespace)
    view_class._values_of = operator.attrgetter(*names)  # type: ignore[attr-defined]
    view_class.__qualname__ = base.__qualname__
    view_class.__module__ = base.__module__
    return view_class


def _rebuilt_view(cls: type[DeclaredState], values: tuple[Any, ...]) -> View:
    """The view of state class `cls` with these values, in `_names` order (how a pickled view is rebuilt)."""
    view_class = _plan(cls).view_class
    view = object.__new__(view_class)
    for name, value in zip(view_class._names, values, strict=True):
        object.__setattr__(view, name, value)
    return view


def _defined_on(base: type) -> set[str]:
    return {name for klass in base.__mro__ if klass is not object for name in vars(klass)}


def iter_cards(state: DeclaredState) -> Iterator[Any]:
    """Every card in every declared zone."""
    for info in state.layout().zones:
        yield from state.zone(info.no)
