"""Moving cards between a state's zones, keeping face-up counts and the record of where face-down cards went."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from corekit.provenance import ProvenanceError, Record
from corekit.redeal import OUT, REDEAL, SHUFFLED
from corekit.rng import Rng
from corekit.state.fields import _EVERYONE, Decl, Seen, decl_of
from corekit.state.generated import _setup_plan
from corekit.state.layout import Layout, Zone

if TYPE_CHECKING:
    from corekit.state.declared import DeclaredState


def _redealt(deck: Zone) -> None:
    """Tell the leak checks' `Redeal`, when one is in force, that `deck` was just shuffled (traced, or shuffled
    once more), and `campfire check`'s watch of a step (`SHUFFLED`) that it was."""
    redeal = REDEAL.get()
    if redeal is not None:
        redeal.shuffled(deck, deck.no)
    watched = SHUFFLED.get()
    if watched is not None:
        watched[deck.no] = list(deck)


def _refuse_parked(name: str, count: int) -> None:
    raise ProvenanceError(
        f"{name} cannot take {count} cards face down at once: a parked slot holds one at a time (park one, and turn "
        "it up or move it out before parking another)"
    )


def _refuse_onto_face_up(name: str, up: int) -> None:
    """A card going face down onto a hidden zone whose top cards lie face up: `Zone.up` counts the top cards, so
    the new card would be counted face up, shown to every seat."""
    raise ProvenanceError(
        f"a card cannot go face down onto {name}, whose top {up} card(s) lie face up: a zone's face-up cards are its "
        "top ones, so the new card would show; move the face-up cards out first"
    )


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


class CardMoves:
    """The state's card movements (`draw`, `move`, `reveal_top`...), which keep face-up counts and, with a record,
    where each face-down card went: a base of `DeclaredState`, kept in a module of its own."""

    __slots__ = ()
    if TYPE_CHECKING:  # the declared state's, which these methods use
        _layout: Layout
        record: Record | None
        rng: Rng
        players: int

        def layout(self) -> Layout: ...

        def zone(self, no: int) -> Zone: ...

    def draw(self, src: Zone, dst: Zone, n: int = 1) -> list[Any]:
        """Take up to `n` cards from the top of `src` onto `dst`, the first drawn first; they are seen as
        `dst` shows them (face up in a public zone, by its owner in a hand). A zone with no order that some seat
        cannot see (a hand) has no top: drawing from it is a ProvenanceError where a record is kept (`_drawable`)."""
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
                    target = self._layout.zones[dst.no]
                    if target.stream != target.no and len(taken) > 1:  # a parked slot: samples deal it one card
                        _refuse_parked(target.name, len(taken))
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
            for zone in _setup_plan(cast("type[DeclaredState]", type(self)), self.players).unseen(self):
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
        for field in attrs.fields(cast("type[DeclaredState]", type(self))):
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
