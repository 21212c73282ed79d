"""What the leak checks ask of a step they play twice (`leaks.check_redeal`): once traced, as it was played, and
once more with every deck the step gathers or reshuffles shuffled again, every deck whose order nobody has seen
shuffled before the step (a draw from it is a deal too), and every die it rolls rolled again (a deal or a roll
nobody has seen), the cards and dice the step showed put back where they lay.

The zone methods of `corekit.state` read the `Redeal` in force (`REDEAL`, None in play), and so does the record of
a traced state (`TracedRecord`). Traced (no generator given), a step changes nothing and leaves behind each deck's
order after its shuffle (`Lay`), which of those positions left the deck and where to, each die's face and cup, and
what the hidden zones showed. Played again, a deck's shuffle is followed by the `pins` of the same shuffle of the
traced step: by position, not by value, so a card the deck holds copies of is kept where the shown one lay, not
wherever its first copy lies. A deck whose list the game changed by hand, not through the zone methods, is not
traced: its positions say nothing, and none of its cards is pinned.
"""

from __future__ import annotations

import contextvars
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from corekit.provenance import Record
from corekit.rng import Rng


class Lay:
    """One deck's order just after a shuffle of the traced step, and what became of its cards."""

    __slots__ = ("before", "cards", "current", "no", "traced")

    def __init__(self, no: int, cards: list[Any]) -> None:
        self.no = no
        """The deck's zone number."""
        self.cards = cards
        """The deck after the shuffle, bottom first."""
        self.current = list(range(len(cards)))
        """The position in `cards` of each card the deck holds now, in its order (the deck's list as the zone
        methods changed it)."""
        self.traced = True
        """False once the deck held a card other than the trace says: its positions no longer say which is which."""
        self.before: tuple[int, list[int]] | None = None
        """When the same deck was shuffled earlier in the step: that shuffle's number and the positions of its cards
        still in the deck when this one was made (a card kept here must not be dealt away before it)."""

    def take(self, card: Any, at: int | None, dst: int | None) -> int | None:
        """`card` left the deck from index `at` of its list (None: the first card equal to it, as `list.remove`
        takes) onto zone `dst`, or (`dst` None) was turned face up there: its position, or None once the trace says
        another card lay there (no longer traced)."""
        if not self.traced:
            return None
        current, cards = self.current, self.cards
        if at is None:
            at = next((i for i, position in enumerate(current) if cards[position] == card), -1)
        if not 0 <= at < len(current) or cards[current[at]] != card:
            self.traced = False
            return None
        return current[at] if dst is None else current.pop(at)

    def holds(self, deck: list[Any]) -> bool:
        """Whether `deck` holds the cards the trace says, in its order."""
        return len(deck) == len(self.current) and all(self.cards[p] == card for p, card in zip(self.current, deck))


class Redeal:
    """How a step is played by the leak checks: traced (`rng` None), or dealt and rolled again by `rng` (the state's
    own generator left as it was), with the `pins` of each shuffle (the k-th of the step: position -> card) put back
    where they lay and the dice of `kept_dice` (the j-th of the step) and those rolled face up or into seat `keep`'s
    own zones keeping their faces. `decks` and `dice` count the shuffles and dice of the step."""

    __slots__ = ("bags", "decks", "dice", "keep", "kept_dice", "lays", "moves", "pins", "rng", "shows")

    def __init__(
        self,
        rng: Rng | None = None,
        keep: int | None = None,
        pins: Mapping[int, Mapping[int, Any]] | None = None,
        kept_dice: frozenset[int] = frozenset(),
    ) -> None:
        self.rng = rng
        self.keep = keep
        self.pins = pins or {}
        self.kept_dice = kept_dice
        self.decks = self.dice = 0
        self.lays: list[Lay] = []
        """Traced: each shuffle's `Lay`, in order."""
        self.moves: list[Move] = []
        """Traced: each card that left a traced deck, or die rolled, in order."""
        self.shows: list[tuple[int, int, Any]] = []
        """Traced: (how many `moves` came before, stream, card) of each card a hidden zone showed, in order."""
        self.bags: set[int] = set()
        """The zones `DeclaredState.roll` took dice's tokens from: a token leaving one is a die, not a card drawn."""

    def shuffled(self, deck: list[Any], no: int, down: int | None = None) -> None:
        """The deck numbered `no` was just shuffled by the state (or, by the leak checks, before the step: a deck
        whose order nobody has seen): traced, keep its order; else shuffle it again and put this shuffle's pins back
        where they lay. With `down`, only the deck's first `down` cards are shuffled again: those under its face-up
        top cards, which stay where they lie."""
        k = self.decks
        self.decks += 1
        if self.rng is None:
            lay = Lay(no, list(deck))
            earlier = next((j for j in range(k - 1, -1, -1) if self.lays[j].no == no), None)
            if earlier is not None and self.lays[earlier].traced:
                lay.before = (earlier, list(self.lays[earlier].current))
            self.lays.append(lay)
            return
        limit = len(deck) if down is None else down
        part = deck[:limit]  # shuffled apart and put back: the same order an in-place shuffle of the whole gives
        self.rng.shuffle(part)
        deck[:limit] = part
        pins = self.pins.get(k)
        if not pins:
            return
        # Each pinned card is swapped into its position from a place no earlier pin holds: the rest stays as the
        # shuffle put it, so a deal kept for one card is the same other deal. A face-up card is never moved.
        done: set[int] = set()
        for at, card in pins.items():
            if at < limit and deck[at] != card:
                source = next((i for i in range(limit) if deck[i] == card and i not in done), None)
                if source is not None:
                    deck[at], deck[source] = deck[source], deck[at]
            done.add(at)

    def left(self, no: int, card: Any, at: int | None, dst: int | None) -> None:
        """Traced: `card` left zone `no` from index `at` of its list (None: the first card equal to it) onto zone
        `dst` (OUT: taken out face up, into no zone), or (`dst` None) was turned face up where it lies."""
        if self.rng is not None:
            return
        for k in range(len(self.lays) - 1, -1, -1):
            lay = self.lays[k]
            if lay.no == no:
                position = lay.take(card, at, dst)
                if position is not None:
                    self.moves.append(Move(k, position, dst, card))
                return

    def showed(self, stream: int, card: Any) -> None:
        """Traced: the hidden zone of `stream` showed `card` (it left face up, or was turned where it lies)."""
        if self.rng is None:
            self.shows.append((len(self.moves), stream, card))

    def rolled(self, at: int, sides: int, dst: int, face: Any, kept: bool) -> int:
        """One die rolled onto zone `dst`, the state's generator giving face number `at` of `sides` (`face`): the face
        number it shows here. Traced, the state's own; played again, one this generator draws, unless the die keeps
        its face (`kept`: rolled face up or into the kept seat's zones; or pinned in `kept_dice`)."""
        j = self.dice
        self.dice += 1
        if self.rng is None:
            self.moves.append(Move(DIE, j, dst, face))
            return at
        again = self.rng.below(sides)  # drawn for a kept die too: the dice after it come out as they would
        return at if kept or j in self.kept_dice else again

    def emptied(self, no: int) -> None:
        """Traced: every card left the deck numbered `no` at once (gathered into another deck, which is shuffled:
        where each went says nothing), so its trace holds no card."""
        if self.rng is None:
            lay = next((lay for lay in reversed(self.lays) if lay.no == no), None)
            if lay is not None:
                lay.current = []

    def untrace_changed(self, zones: Mapping[int, list[Any]]) -> None:
        """Traced, at the end of the step: a deck's last shuffle whose zone does not hold the cards its trace says
        (its list changed by hand) is not traced."""
        last: dict[int, Lay] = {lay.no: lay for lay in self.lays}
        for no, lay in last.items():
            if lay.traced and not lay.holds(zones[no]):
                lay.traced = False

    def traced(self, move: Move) -> bool:
        """Whether `move` says where a card or die was: a die, or a card of a deck still traced."""
        return move.shuffle == DIE or self.lays[move.shuffle].traced


DIE = -1
"""The `Move.shuffle` of a die."""

OUT = -1
"""The `Move.to` of a card taken out face up into no zone (`DeclaredState.take_out`)."""


class Move(NamedTuple):
    """A card leaving a traced deck, or a die rolled, in a traced step."""

    shuffle: int
    """The k-th shuffle of the step the card left; DIE for a die."""
    at: int
    """The card's position in that shuffle's deck; a die's number in the step."""
    to: int | None
    """The zone it went to (OUT: taken out face up, into no zone); None: turned face up where it lay in its deck."""
    card: Any
    """The card, or the die's face."""


REDEAL: contextvars.ContextVar[Redeal | None] = contextvars.ContextVar("campfire_redeal", default=None)
"""Set by the leak checks while they play a step (see `Redeal`); None in play."""

SHUFFLED: contextvars.ContextVar[dict[int, list[Any]] | None] = contextvars.ContextVar(
    "campfire_shuffled", default=None
)
"""Set by `campfire check` while a match's step is played: each deck the step shuffled through the state's methods
(`shuffle`, `reshuffle`, `gather`), by number, with its order right after its last such shuffle (chance; from then
on the step may only take cards out of it); None in play."""


class TracedRecord(Record):
    """The record of the state a traced step is played on (its class set by the leak checks): it tells the `Redeal`
    in force each card a hidden zone shows. A record of its own class, so that a match's record does no such work."""

    __slots__ = ()

    def show(self, stream: int, card: Any) -> None:
        super().show(stream, card)
        redeal = REDEAL.get()
        if redeal is not None:
            redeal.showed(stream, card)

    def show_all(self, stream: int, cards: Sequence[Any]) -> None:
        super().show_all(stream, cards)
        redeal = REDEAL.get()
        if redeal is not None:
            for card in cards:
                redeal.showed(stream, card)
