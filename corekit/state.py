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
from. A public zone may also be changed directly (append, sort, remove): nothing hidden is involved.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

import attrs

from corekit.digest import digest as digest_of
from corekit.game import State
from corekit.provenance import ProvenanceError, Record
from corekit.rng import Rng
from corekit.simultaneous import Commitments

__all__ = [
    "DeclaredState",
    "Hidden",
    "ProvenanceError",
    "Seen",
    "View",
    "Zone",
    "declare",
    "draw_pile",
    "face_down",
    "face_up",
    "internal",
    "owned",
    "public",
    "secret",
    "static",
]

META = "campfire"
"""The attrs metadata key of a field's declaration."""


class Seen(enum.Enum):
    """Who sees a zone's cards."""

    EVERYONE = "everyone"
    OWNER = "owner"
    NOBODY = "nobody"


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


def _field(decl: Decl, default: Any = attrs.NOTHING, factory: Callable[[], Any] | None = None) -> Any:
    if factory is not None:
        return attrs.field(factory=factory, kw_only=True, metadata={META: decl})
    return attrs.field(default=default, kw_only=True, metadata={META: decl})


def public(default: Any = attrs.NOTHING, *, factory: Callable[[], Any] | None = None, seat: bool = False) -> Any:
    """A field everyone sees; `seat=True` when it holds a seat number or a tuple of them."""
    return _field(Decl("public", seat=seat), default, factory)


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


def internal(default: Any = None) -> Any:
    """A cache: reset in every copy, never compared, shown or saved."""
    return attrs.field(default=default, kw_only=True, init=False, metadata={META: Decl("internal")})


def static(*, factory: Callable[[], Any]) -> Any:
    """Content shared by every copy of the state (a board, card tables): built by `factory`."""
    return _field(Decl("static"), factory=factory)


T = TypeVar("T")


@dataclass_transform(
    kw_only_default=True,
    field_specifiers=(attrs.field, public, owned, face_down, draw_pile, face_up, secret, internal, static),
)
def declare(cls: type[T]) -> type[T]:
    """Make a `DeclaredState` subclass an attrs class of declared fields (slotted, compared by identity)."""
    return attrs.define(slots=True, eq=False, kw_only=True)(cls)


class Zone(list[Any]):
    """A list of cards that knows its number in the state's layout (`no`) and how many of its top cards
    lie face up (`up`; the top is the end of the list)."""

    __slots__ = ("no", "up")

    def __init__(self, cards: Iterable[Any] = (), no: int = -1, up: int = 0) -> None:
        super().__init__(cards)
        self.no = no
        self.up = up

    def copy(self) -> Zone:  # type: ignore[override]
        """An independent copy with the same number and face-up count."""
        zone = Zone(self)
        zone.no = self.no
        zone.up = self.up
        return zone

    def face_up_cards(self) -> tuple[Any, ...]:
        """The cards lying face up on top, bottom first."""
        return tuple(self[len(self) - self.up :]) if self.up else ()


@attrs.frozen(cache_hash=True)
class Hidden:
    """A zone whose cards are hidden from the table, as a view shows it: how many there are and the
    face-up ones on top; `cards`, bottom first, only in the full view (None in a seat's)."""

    size: int
    up: tuple[Any, ...] = ()
    cards: tuple[Any, ...] | None = None

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


class View:
    """What one seat sees of a state: every declared field as that seat sees it, compared and hashed as a
    whole. A game's view class subclasses it and adds properties derived from those fields only."""

    __slots__ = ("_values",)
    _values: tuple[Any, ...]

    @property
    def seat(self) -> int | None:
        """The seat this view is of; None for the full view."""
        seat: int | None = self._values[0]
        return seat

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._values == self._values  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        names = _view_names(type(self))
        pairs = ", ".join(f"{name}={value!r}" for name, value in zip(names, self._values, strict=True))
        return f"{type(self).__name__}({pairs})"


def _view_names(kind: type) -> tuple[str, ...]:
    names: tuple[str, ...] = getattr(kind, "_names", ("seat",))
    return names


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
        return viewer is None or self.seen is Seen.EVERYONE or (self.seen is Seen.OWNER and viewer == self.seat)


@attrs.frozen
class Layout:
    """The zones of one state class at one player count, numbered in declaration order."""

    zones: tuple[ZoneInfo, ...]
    holdings: tuple[int, ...]
    """Zones that receive face-down cards (hands, face-down columns), parked slots aside."""
    decks: tuple[int, ...]
    parked: tuple[int, ...]


S = TypeVar("S", bound="DeclaredState")


@attrs.define(slots=True, eq=False, kw_only=True)
class DeclaredState(State):
    """A state whose fields are declared (see the module docstring); subclass it under `@declare`."""

    view_type: ClassVar[type[View]] = View
    """The class of `observation(seat)`: a `View` subclass whose properties derive what the game shows."""

    game: Any = attrs.field(metadata={META: Decl("base")})
    players: int = attrs.field(metadata={META: Decl("base")})
    options: Any = attrs.field(metadata={META: Decl("base")})
    rng: Rng = attrs.field(metadata={META: Decl("base")})
    record: Record | None = attrs.field(default=None, init=False, metadata={META: Decl("base")})
    """Where face-down cards came from; None in a determinization made for search (nothing is recorded)."""
    _key: Any = attrs.field(default=None, init=False, metadata={META: Decl("internal")})

    def __attrs_post_init__(self) -> None:
        layout = self.layout()
        for info in layout.zones:
            value = getattr(self, info.field)
            if info.seat is None:
                setattr(self, info.field, _as_zone(value, info.no))
            else:
                if value is None:
                    value = [[] for _ in range(self.players)]
                    setattr(self, info.field, value)
                if len(value) != self.players:
                    raise ValueError(f"{info.field} needs one zone per seat ({self.players}), got {len(value)}")
                value[info.seat] = _as_zone(value[info.seat], info.no)
        self.record = self.fresh_record()

    # ---- the contract, derived -------------------------------------------------------------------

    def clone(self: S) -> S:
        """An independent copy; static content is shared, caches are dropped."""
        cloned: S = _plan(type(self)).clone(self)
        return cloned

    def observation(self, seat: int | None) -> Any:
        """What `seat` may know, as this class's `view_type` (None: the full truth)."""
        plan = _plan(type(self))
        view = plan.view_class.__new__(plan.view_class)
        view._values = plan.project(self, seat)
        return view

    def infoset_key(self, seat: int) -> int:
        """A compact key of what `seat` sees now (the hash of its view), for the nodes of a search tree."""
        key = self._key
        if key is None or key[0] != seat:
            key = self._key = (seat, hash(_plan(type(self)).project(self, seat)))
        value: int = key[1]
        return value

    def apply(self, seat: int, action: Any) -> None:
        """Validate, then advance (see `State.apply`)."""
        self._key = None
        super().apply(seat, action)

    def apply_unchecked(self, seat: int, action: Any) -> None:
        """Advance without validation (see `State.apply_unchecked`)."""
        self._key = None
        self._apply(seat, action)

    def zones(self) -> dict[str, list[Any]]:
        """Every declared zone by name ("hands 0", "discard"), for card conservation."""
        return {info.name: self.zone(info.no) for info in self.layout().zones}

    def digest(self) -> str:
        """A short stable fingerprint of the truth: every declared field, in order, and the generator."""
        return digest_of((_plan(type(self)).truth(self), self.rng.state))

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
    def layout_for(cls, players: int) -> Layout:
        """The numbered zones of this class at `players` seats."""
        return _layout(cls, players)

    def layout(self) -> Layout:
        """The numbered zones of this state."""
        return _layout(type(self), self.players)

    def zone(self, no: int) -> Zone:
        """The zone numbered `no`."""
        info = self.layout().zones[no]
        value = getattr(self, info.field)
        zone: Zone = value if info.seat is None else value[info.seat]
        return zone

    # ---- moving cards ------------------------------------------------------------------------------

    def draw(self, src: Zone, dst: Zone, n: int = 1) -> list[Any]:
        """Take up to `n` cards from the top of `src` onto `dst`, the first drawn first; they are seen as
        `dst` shows them (face up in a public zone, by its owner in a hand)."""
        taken = []
        for _ in range(min(n, len(src))):
            card = src.pop()
            was_up = src.up > 0
            if was_up:
                src.up -= 1
            dst.append(card)
            if self.record is not None:
                self._track(card, src, dst, was_up)
            taken.append(card)
        return taken

    def move(self, card: Any, src: Zone, dst: Zone) -> None:
        """Move one copy of `card` from `src` (a face-up one first) onto `dst`."""
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
        dst.append(card)
        if self.record is not None:
            self._track(card, src, dst, was_up)

    def move_all(self, src: Zone, dst: Zone) -> list[Any]:
        """Move every card of `src` onto `dst`, bottom first; returns them."""
        cards = list(src)
        up = src.up
        src.clear()
        src.up = 0
        dst.extend(cards)
        if self.record is not None:
            for index, card in enumerate(cards):
                self._track(card, src, dst, index >= len(cards) - up)
        return cards

    def reveal_top(self, zone: Zone) -> Any:
        """Turn the top face-down card of `zone` face up where it lies; returns it."""
        if zone.up >= len(zone):
            raise ProvenanceError(f"no face-down card left to turn over in {self.layout().zones[zone.no].name}")
        card = zone[len(zone) - zone.up - 1]
        zone.up += 1
        record = self.record
        if record is not None:
            info = self.layout().zones[zone.no]
            if info.deck:
                record.turn(zone.no, card)
            elif info.seen is not Seen.EVERYONE:
                record.show(info.stream, card)
        return card

    def reshuffle(self, src: Zone, deck: Zone) -> None:
        """Put every card of the face-up `src` into the empty `deck` and shuffle it: a new lot, which everyone
        saw before the shuffle."""
        layout = self.layout().zones
        if layout[src.no].seen is not Seen.EVERYONE:
            raise ProvenanceError(f"reshuffle takes a face-up pile, not {layout[src.no].name}; use gather")
        if deck:
            raise ProvenanceError(f"reshuffle into {layout[deck.no].name}, which still holds cards")
        deck.extend(src)
        src.clear()
        deck.up = 0
        self.rng.shuffle(deck)
        if self.record is not None:
            self.record.new_lot(deck, deck.no)

    def draw_or_reshuffle(self, deck: Zone, discard: Zone, dst: Zone) -> Any | None:
        """Draw the top card of `deck` onto `dst`, first reshuffling `discard` into an empty deck; None when
        both are empty."""
        if not deck:
            if not discard:
                return None
            self.reshuffle(discard, deck)
        return self.draw(deck, dst)[0]

    def shuffle(self, zone: Zone) -> None:
        """Shuffle a zone in place (a public pile, or a deck holding one lot): nothing anyone knows changes."""
        if zone.up:
            raise ProvenanceError(f"shuffling {self.layout().zones[zone.no].name} would hide its face-up cards")
        self.rng.shuffle(zone)

    def gather(self, into: Zone, *sources: Zone) -> None:
        """Every card of `sources` goes back into the deck `into`, which is sorted, then shuffled: a new lot
        (a new round's deal). Every face-down card of the gathered deals must be among them."""
        for src in sources:
            into.extend(src)
            src.clear()
            src.up = 0
        into.sort()
        into.up = 0
        self.rng.shuffle(into)
        record = self.record
        if record is not None:
            layout = self.layout().zones
            numbers = [zone.no for zone in (*sources, into)]
            record.gather(
                [layout[no].stream for no in numbers if not layout[no].deck and layout[no].seen is not Seen.EVERYONE],
                [no for no in numbers if layout[no].deck],
            )
            record.new_lot(into, into.no)

    # ---- hooks a game may override -----------------------------------------------------------------

    def face_down_weights(self, zone: Zone) -> Mapping[Any, int]:
        """How likely each kind its slot accepts is to be the face-down card in a parked `zone`, by public
        facts (a game's model of why it was played); 1 each by default."""
        accepts = self.layout().zones[zone.no].accepts or frozenset()
        return dict.fromkeys(accepts, 1)

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        """What `seat` could have committed in the secret field `name`: its legal actions had it not
        committed yet (a sample redraws other seats' commitments among these)."""
        commitments: Commitments = getattr(self, name)
        chosen = commitments.chosen.pop(seat)
        waiting = commitments.waiting
        commitments.waiting = tuple(sorted((*waiting, seat)))
        try:
            return list(self.legal_actions(seat))
        finally:
            commitments.chosen[seat] = chosen
            commitments.waiting = waiting

    # ---- the record of where cards came from -------------------------------------------------------

    def fresh_record(self) -> Record:
        """The record of a state whose past is not known (a setup's deal, a loaded position): every card
        nobody can see came, per card family, from one lot, and every face-down zone received what it holds."""
        layout = self.layout()
        family = self.game.card_family
        record = Record()
        hidden: dict[Hashable, list[Any]] = {}
        for info in layout.zones:
            if info.seen is not Seen.EVERYONE:
                for card in self.zone(info.no):
                    hidden.setdefault(family(card), []).append(card)
        lots = {kind: record.new_lot(cards, None) for kind, cards in sorted(hidden.items(), key=_family_key)}
        for info in layout.zones:
            zone = self.zone(info.no)
            if info.seen is Seen.EVERYONE or not zone:
                continue
            if info.deck:
                kinds = {family(card) for card in zone}
                if len(kinds) > 1:
                    raise ProvenanceError(f"{info.name} holds cards of several families")
                record.remainder[info.no] = lots[kinds.pop()]
                for card in zone.face_up_cards():
                    record.turn(info.no, card)
                continue
            for card in zone:
                record.receive(info.stream, lots[family(card)], card)
            for card in zone.face_up_cards():
                record.show(info.stream, card)
        return record

    def _track(self, card: Any, src: Zone, dst: Zone, was_up: bool) -> None:
        """Record one card's move (the record exists)."""
        record = self.record
        assert record is not None
        zones = self.layout().zones
        source, target = zones[src.no], zones[dst.no]
        if target.deck:
            raise ProvenanceError(f"a card cannot go into the deck {target.name} but by reshuffle or gather")
        if source.seen is Seen.EVERYONE or was_up:
            if target.seen is not Seen.EVERYONE:  # a known card slid in among unseen ones: a lot of one
                record.receive(target.stream, record.new_lot([card], None), card)
            return
        if source.deck:
            lot = record.lot_of(src.no)
            if lot is None:
                raise ProvenanceError(f"{source.name} holds cards that came from no deal")
            if target.seen is Seen.EVERYONE:
                record.turn(src.no, card)
            else:
                record.receive(target.stream, lot, card)
            return
        if target.seen is Seen.EVERYONE:
            record.show(source.stream, card)
        elif target.stream != source.stream:
            raise ProvenanceError(f"a card cannot move face down from {source.name} to {target.name}")

    def _resample(self: S, seat: int, rng: Rng, keep_record: bool) -> S:
        record = self.record
        if record is None:
            raise ProvenanceError("this state is a determinization made for search: it keeps no record to sample")
        layout = self.layout()
        zones = layout.zones
        streams = [
            no for no in layout.holdings if not zones[no].visible_to(seat) and (self.zone(no) or no in record.events)
        ]
        own = [no for no in layout.holdings if zones[no].visible_to(seat) and zones[no].seen is not Seen.EVERYONE]
        face_down = {}
        for no in layout.parked:
            zone = self.zone(no)
            if zone and not zones[no].visible_to(seat):
                face_down[zones[no].stream] = self.face_down_weights(zone)
        sizes = {no: len(self.zone(no)) - self.zone(no).up for no in layout.decks if self.zone(no)}
        plan, open_lots = record.deal(seat, streams, own, face_down, sizes)
        copy = self.clone()
        if not keep_record:
            copy.record = None
        if plan is None:
            self._pool_unseen(copy, streams, sizes, rng)
        else:
            world = plan.draw(rng)
            parked_of = {zones[no].stream: no for no in layout.parked if self.zone(no)}
            for no, held, received, down in zip(streams, world.held, world.received, world.face_down, strict=True):
                _refill(copy.zone(no), held, zones[no].ordered, rng)
                if down is not None:
                    copy.zone(parked_of[no])[:] = [down]
                if copy.record is not None:
                    copy.record.truth[no] = tuple(received)
            rest = {lot: world.rest[at] for at, lot in enumerate(open_lots)}
            for no in sorted(sizes):
                lot = record.remainder[no]
                part = rest[lot][: sizes[no]]
                del rest[lot][: sizes[no]]
                _refill(copy.zone(no), part, zones[no].ordered, None)
            if copy.record is not None:
                copy.record.plans = {seat: (plan, open_lots)}  # others' knowledge of the copy differs now
        for info in zones:  # orders that do not matter are made canonical, so the sample depends on the view alone
            if not info.ordered and info.visible_to(seat):
                copy.zone(info.no).sort()
        for name in _plan(type(self)).secrets:
            commitments: Commitments = getattr(copy, name)
            commitments.redraw_others(seat, rng, functools.partial(copy.commitment_choices, name))
        copy.rng = rng.spawn()
        return copy

    def _pool_unseen(self, copy: DeclaredState, streams: list[int], sizes: Mapping[int, int], rng: Rng) -> None:
        """The fallback when no crediting of a long history was found: the unseen cards pooled per family and
        dealt anywhere of their family (consistent with the view, not with every lot)."""
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
            weights = self.face_down_weights(self.zone(no))
            chances = [weights.get(card, 0) for card in pool]
            copy.zone(no)[:] = [pool.pop(rng.weighted(chances))]
        for no, size in places:
            kinds = [family(card) for card in self.zone(no)[:size]]
            _refill(copy.zone(no), [pools[kind].pop() for kind in kinds], zones[no].ordered, rng)
        if copy.record is not None:
            copy.record = copy.fresh_record()


def _as_zone(cards: Iterable[Any] | None, no: int) -> Zone:
    """`cards` as the zone numbered `no` (a Zone keeps its face-up count)."""
    if isinstance(cards, Zone):
        cards.no = no
        return cards
    return Zone(cards or (), no)


def _family_key(item: tuple[Hashable, list[Any]]) -> str:
    return repr(item[0])


def _refill(zone: Zone, cards: list[Any], ordered: bool, rng: Rng | None) -> None:
    """Put `cards` in place of `zone`'s face-down cards, under its face-up ones: in random order where the
    zone's order matters (shuffled with `rng` unless already random), sorted where it does not."""
    if ordered:
        if rng is not None:
            rng.shuffle(cards)
    else:
        cards.sort()
    zone[: len(zone) - zone.up] = cards


# ---- what the core generates per class ---------------------------------------------------------------


@functools.cache
def _layout(cls: type[DeclaredState], players: int) -> Layout:
    zones: list[ZoneInfo] = []
    numbers: dict[tuple[str, int | None], int] = {}
    parks: list[tuple[int, str, int | None]] = []
    for field in attrs.fields(cls):
        decl: Decl = field.metadata.get(META, Decl("public"))
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
    return Layout(tuple(zones), holdings, decks, parked)


@attrs.frozen
class _Plan:
    """The functions generated for one state class."""

    clone: Callable[[Any], Any]
    project: Callable[[Any, int | None], tuple[Any, ...]]
    truth: Callable[[Any], tuple[Any, ...]]
    view_class: type[View]
    secrets: tuple[str, ...]


_IMMUTABLE = (int, float, str, bool, bytes, type(None), tuple, frozenset, enum.Enum)


@functools.cache
def _plan(cls: type[DeclaredState]) -> _Plan:
    """Generate `clone`, the projection of a view and the truth for a digest, once per class."""
    attrs.resolve_types(cls)
    clone_lines = ["def clone(s):", "    c = new(cls)"]
    project_parts = ["v"]
    truth_parts = []
    names = ["seat"]
    secrets = []
    env: dict[str, Any] = {"new": object.__new__, "cls": cls, "Rng": Rng, "hidden": hidden, "sorted": sorted}
    for field in attrs.fields(cls):
        decl: Decl = field.metadata.get(META, Decl("public"))
        name = field.name
        attr = f"s.{name}"
        if decl.kind == "base":
            if name == "rng":
                clone_lines.append("    c.rng = Rng(s.rng.state)")
            elif name == "record":
                clone_lines.append("    r = s.record")
                clone_lines.append("    c.record = None if r is None else r.clone()")
            else:
                clone_lines.append(f"    c.{name} = {attr}")
            if name == "players":
                truth_parts.append(attr)
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
            project_parts.append(f"{attr}.visible_to(v)")
            truth_parts.append(f"{attr}.visible_to(None)")
            continue
        if decl.kind == "zone":
            clone_lines.append(
                f"    c.{name} = [z.copy() for z in {attr}]" if decl.per_seat else f"    c.{name} = {attr}.copy()"
            )
            one = _zone_view(decl, "z", "i" if decl.per_seat else "None")
            if decl.per_seat:
                project_parts.append(f"tuple([{one} for i, z in enumerate({attr})])")
                truth_parts.append(f"tuple([(tuple(z), z.up) for z in {attr}])")
            else:
                project_parts.append(_zone_view(decl, attr, "None"))
                truth_parts.append(f"(tuple({attr}), {attr}.up)")
            continue
        copy, frozen = _public_copy(field.type, attr)
        clone_lines.append(f"    c.{name} = {copy}")
        project_parts.append(frozen)
        truth_parts.append(frozen)
    clone_lines.append("    return c")
    source = "\n".join(
        [
            *clone_lines,
            "def project(s, v):",
            f"    return ({', '.join(project_parts)},)",
            "def truth(s):",
            f"    return ({', '.join(truth_parts)},)",
        ]
    )
    exec(compile(source, f"<campfire state {cls.__qualname__}>", "exec"), env)
    view_class = _view_class(cls, tuple(names))
    return _Plan(env["clone"], env["project"], env["truth"], view_class, tuple(secrets))


def _zone_view(decl: Decl, z: str, seat: str) -> str:
    """The expression of one zone as viewer `v` sees it."""
    cards = f"tuple({z})" if decl.ordered else f"tuple(sorted({z}))"
    if decl.seen is Seen.EVERYONE:
        return cards
    if decl.seen is Seen.OWNER:
        return f"({cards} if v is None or v == {seat} else hidden(len({z}), {z}.face_up_cards()))"
    return f"hidden(len({z}), {z}.face_up_cards(), tuple({z}) if v is None else None)"


def _public_copy(kind: Any, attr: str) -> tuple[str, str]:
    """How a public field of type `kind` is copied and frozen for a view: (copy expression, frozen expression)."""
    origin = getattr(kind, "__origin__", None)
    args = getattr(kind, "__args__", ())
    if origin is list:
        inner = args[0] if args else Any
        if getattr(inner, "__origin__", None) is list:
            return f"[x[:] for x in {attr}]", f"tuple([tuple(x) for x in {attr}])"
        return f"{attr}[:]", f"tuple({attr})"
    if origin is dict:
        return f"dict({attr})", f"tuple(sorted({attr}.items()))"
    if isinstance(kind, type):
        if issubclass(kind, _IMMUTABLE) or (attrs.has(kind) and kind.__attrs_attrs__ and _frozen(kind)):
            return attr, attr
        if hasattr(kind, "clone") and hasattr(kind, "view"):
            return f"{attr}.clone()", f"{attr}.view()"
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
    raise TypeError(
        f"a public field of type {kind!r} ({attr[2:]}): use an immutable type, list, dict, or a class with "
        "clone() and view()"
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
    """The view class of `cls`: its `view_type` with a property per declared field, in projection order."""
    base = cls.view_type
    namespace: dict[str, Any] = {"__slots__": (), "_names": names}
    taken = _defined_on(base)
    for index, name in enumerate(names):
        if index and name not in taken:
            namespace[name] = property(_getter(index), doc=f"The declared field {name!r} as this view shows it.")
    view_class = type(base.__name__, (base,), namespace)
    view_class.__qualname__ = base.__qualname__
    view_class.__module__ = base.__module__
    return view_class


def _getter(index: int) -> Callable[[View], Any]:
    values = operator.attrgetter("_values")
    item = operator.itemgetter(index)

    def get(view: View) -> Any:
        return item(values(view))

    return get


def _defined_on(base: type) -> set[str]:
    return {name for klass in base.__mro__ if klass is not object for name in vars(klass)}


def iter_cards(state: DeclaredState) -> Iterator[Any]:
    """Every card in every declared zone."""
    for info in state.layout().zones:
        yield from state.zone(info.no)


def card_counts(state: DeclaredState) -> Counter[Any]:
    """How many copies of each card the state holds over all its zones."""
    return Counter(iter_cards(state))
