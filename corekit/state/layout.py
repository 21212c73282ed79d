"""A state's zones: the `Zone` list, and the layout numbering a class's zones at a seat count."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from corekit.state.fields import Seen


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


def _copy_zone(zone: Zone) -> Zone:
    # list.__new__ and list.extend skip Zone's Python __init__: a clone copies every zone.
    copy = _new_list(Zone)
    copy.extend(zone)
    copy.no = zone.no
    copy.up = zone.up
    return copy


_new_list = list.__new__


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
