"""What a state keeps of where face-down cards came from (`Record`), whether states made now keep one
(`unrecorded`, `recording`), and the lots' multisets. The package's docstring (`corekit.provenance`) describes the
model."""

from __future__ import annotations

import contextvars
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from corekit.provenance.deal import SHOWN, Deal, Event, ProvenanceError, SearchGaveUp, Stream

Lot = tuple[tuple[Any, int], ...]
"""A lot's multiset as (card, copies) pairs, sorted by card."""


# ---- the record ----------------------------------------------------------------------------------------

_RECORDING: contextvars.ContextVar[bool] = contextvars.ContextVar("campfire_recording", default=True)


class unrecorded:
    """States made inside keep no record of where face-down cards came from: for simulations nobody samples
    (a random playout, a benchmark), which run faster. `Game.initial_state(..., record=False)` uses it at every
    match's setup, hence a class rather than a generator-based context manager (a third of the cost)."""

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        self._token = _RECORDING.set(False)

    def __exit__(self, *raised: object) -> None:
        _RECORDING.reset(self._token)


recording: Callable[[], bool] = _RECORDING.get
"""Whether states made now keep a record (see `unrecorded`): the context variable's own getter, as every match's
setup asks."""


class Record:
    """What the table saw of face-down cards in one match (see the module docstring).

    Streams and remainders are named by zone numbers (`corekit.state` numbers a state's zones). Everything
    recorded is a tuple, shared between clones: a state is cloned far more often than a card moves.
    """

    __slots__ = ("dropped", "events", "lots", "plans", "remainder", "rolled", "truth", "turned")

    def __init__(self) -> None:
        self.lots: list[Lot | None] = []
        """Each lot's cards; None once a lot is gathered back and closed."""
        self.turned: list[tuple[Any, ...]] = []
        """Per lot, the cards turned face up straight from its remainder."""
        self.remainder: dict[int, int] = {}
        """Deck zone -> the lot whose undealt cards it holds."""
        self.events: dict[int, tuple[Event, ...]] = {}
        """Stream zone -> what the table saw it receive and show, in order."""
        self.truth: dict[int, tuple[Any, ...]] = {}
        """Stream zone -> the cards it received, in order (what its owner saw)."""
        self.dropped: dict[int, tuple[Event, ...]] | None = None
        """Stream zone -> the events a `gather` ended since the leak checks asked for them (they set an empty dict
        before a step on their own copies), in order; None, kept by nobody, in play. Deals never read them, but what
        the table saw shown stays seen: the checks ask what was turned up during a step that also gathered."""
        self.plans: dict[int | tuple[str, int], tuple[Deal | None, list[int]]] = {}
        """Prepared deals by observer; dropped at every change."""
        self.rolled: dict[int, tuple[Any, ...] | None] = {}
        """Lot -> the faces of the dice rolled from it (`DeclaredState.roll`): a deal gives its hidden tokens
        independent faces among those; None when dice of other faces were rolled from it too (dealt as cards)."""

    def clone(self) -> Record:
        """An independent copy (prepared deals stay valid: the copy knows the same)."""
        copy = Record.__new__(Record)
        copy.lots = self.lots[:]
        copy.turned = self.turned[:]
        copy.remainder = dict(self.remainder)
        copy.events = self.events.copy()
        copy.truth = self.truth.copy()
        copy.dropped = None if self.dropped is None else self.dropped.copy()
        copy.plans = self.plans
        copy.rolled = self.rolled
        return copy

    # ---- what happened --------------------------------------------------------------------------

    def new_lot(self, cards: Iterable[Any], deck: int | None) -> int:
        """A lot of `cards`, seen by everyone as they went face down; `deck` holds what is not dealt yet."""
        self.plans = {}
        self.lots.append(_lot(cards))
        self.turned.append(())
        lot = len(self.lots) - 1
        if deck is not None:
            self.remainder[deck] = lot
        return lot

    def receive(self, stream: int, lot: int, card: Any) -> None:
        """`stream` received `card` face down from `lot` (the table saw which lot; its owner saw the card)."""
        if self.plans:
            self.plans = {}
        self.events[stream] = (*self.events.get(stream, ()), (lot, None))
        self.truth[stream] = (*self.truth.get(stream, ()), card)

    def roll_from(self, deck: int, faces: tuple[Any, ...]) -> None:
        """Dice showing `faces` were rolled from the lot `deck` holds: its tokens dealt face down are dice, each face
        as likely as any other whatever the others show (a deal draws them so, not as cards taken from the lot),
        unless dice of other faces were rolled from it too (which token is which die is not kept)."""
        lot = self.remainder.get(deck)
        if lot is None or (lot in self.rolled and self.rolled[lot] in (faces, None)):
            return
        self.plans = {}
        self.rolled = {**self.rolled, lot: None if lot in self.rolled else faces}  # a new dict: clones share it

    def receive_all(self, stream: int, lot: int, cards: Sequence[Any]) -> None:
        """`stream` received each of `cards` face down from `lot`, in order."""
        if self.plans:
            self.plans = {}
        self.events[stream] = self.events.get(stream, ()) + ((lot, None),) * len(cards)
        self.truth[stream] = self.truth.get(stream, ()) + tuple(cards)

    def show(self, stream: int, card: Any) -> None:
        """`stream` showed `card` face up (it left face up, or was turned face up where it lies)."""
        if self.plans:
            self.plans = {}
        self.events[stream] = (*self.events.get(stream, ()), (SHOWN, card))

    def show_all(self, stream: int, cards: Sequence[Any]) -> None:
        """`stream` showed each of `cards` face up, in order (`show` for each, in one step)."""
        if self.plans:
            self.plans = {}
        if cards:
            self.events[stream] = (*self.events.get(stream, ()), *[(SHOWN, card) for card in cards])

    def turn(self, deck: int, card: Any) -> None:
        """`card` was turned face up straight from the remainder held in `deck`."""
        if self.plans:
            self.plans = {}
        lot = self.remainder[deck]
        self.turned[lot] = (*self.turned[lot], card)

    def lot_of(self, deck: int) -> int | None:
        """The lot whose remainder `deck` holds, if any."""
        return self.remainder.get(deck)

    def gather(
        self,
        streams: Iterable[int],
        decks: Iterable[int],
        empty: Iterable[int] = (),
        name: Callable[[int], str] = str,
    ) -> None:
        """Every card of `streams` and `decks` went back together: their lots close and their history ends.
        A stream in `empty` holds no card (every one it received was shown): one that received only from the
        closing lots ends its history too, as if gathered.

        Raises ProvenanceError when a closing lot still has unshown cards in a stream outside `streams` or
        in a deck outside `decks`: the gathered cards would then not be known as a whole.
        """
        self.plans = {}
        streams, decks = set(streams), set(decks)
        closing = {self.remainder[d] for d in decks if d in self.remainder}
        for stream in streams:
            closing.update(lot for lot, _ in self.events.get(stream, ()) if lot != SHOWN)
        empty = set(empty)
        for stream, events in list(self.events.items()):
            if stream in streams:
                continue
            lots = {lot for lot, _ in events if lot != SHOWN}
            if not lots & closing:
                continue
            if stream in empty and lots <= closing:  # emptied by showing its cards: nothing of the deal is there
                streams.add(stream)
                continue
            raise ProvenanceError(
                f"cards gathered from face-down places while {name(stream)} still holds cards of the same deal "
                "(or held them, beside cards of another deal): gather every place those cards went, or none"
            )
        for deck, lot in list(self.remainder.items()):
            if lot in closing:
                if deck not in decks:
                    raise ProvenanceError("cards gathered while the rest of their deck stays face down")
                del self.remainder[deck]
        for lot in closing:
            self.lots[lot] = None
        for stream in streams:
            ended = self.events.pop(stream, ())
            if ended and self.dropped is not None:
                self.dropped[stream] = self.dropped.get(stream, ()) + ended
            self.truth.pop(stream, None)

    # ---- deals for one observer -----------------------------------------------------------------

    def undealt(self, streams: Iterable[int]) -> dict[int, Counter[Any]]:
        """Each open lot (in order) with the cards of it not yet accounted for: the lot, less those turned up from
        it and those `streams` received from it. With every stream, what its decks must hold face down; with the
        streams an observer saw receive, what it may find anywhere else."""
        left: dict[int, Counter[Any]] = {}
        for lot, cards in enumerate(self.lots):
            if cards is not None:  # else gathered back and closed
                left[lot] = Counter(dict(cards))
                left[lot].subtract(self.turned[lot])
        for stream in streams:
            received = [lot for lot, _ in self.events.get(stream, ()) if lot != SHOWN]
            cards = self.truth.get(stream, ())
            if len(received) != len(cards):  # one card per event, unless something wrote the record by hand
                raise ProvenanceError(
                    f"the record is broken: stream {stream} received {len(received)} cards by its events "
                    f"but holds {len(cards)}"
                )
            for lot, card in zip(received, cards):
                if lot not in left:
                    raise ProvenanceError(
                        f"the record is broken: stream {stream} received a card from lot {lot}, which is closed"
                    )
                left[lot][card] -= 1
        return left

    def deal(
        self,
        observer: int | None,
        hidden: Sequence[int],
        own: Sequence[int],
        face_down: Mapping[int, Mapping[Any, int]],
        remainder_sizes: Mapping[int, int],
        weighing: str = "",
    ) -> tuple[Deal | None, list[int]]:
        """A `Deal` of what `hidden` streams and the remainders hold, as `observer` knows it, prepared once
        per observer (and `weighing`, the name of weights other than the game's) until the record changes; with
        the open lots' numbers in the order the deal uses.

        `own` are the streams whose cards the observer saw received; `face_down` maps a hidden stream to the
        kinds (with weights) its face-down card may be; `remainder_sizes` maps a deck zone to the number of its
        face-down cards. None for the deal when the search for a crediting gave up.
        """
        seat = -1 if observer is None else observer
        key: int | tuple[str, int] = (weighing, seat) if weighing else seat
        plan = self.plans.get(key)
        if plan is not None:
            return plan
        left = self.undealt(own)
        open_lots = list(left)
        index = {lot: at for at, lot in enumerate(open_lots)}
        lots = list(left.values())
        streams = [
            Stream(
                tuple((index[lot], card) if lot != SHOWN else (SHOWN, card) for lot, card in self.events.get(s, ())),
                face_down.get(s),
            )
            for s in hidden
        ]
        rests = [0] * len(open_lots)
        for deck, size in remainder_sizes.items():
            home = self.remainder.get(deck)
            if home is not None:
                rests[index[home]] += size
            elif size:
                raise ProvenanceError(f"zone {deck} holds face-down cards that came from no deal")
        dice = {index[lot]: faces for lot, faces in self.rolled.items() if lot in index and faces is not None}
        try:
            made: Deal | None = Deal(lots, streams, rests, dice)
        except SearchGaveUp:
            made = None
        plan = (made, open_lots)
        self.plans[key] = plan
        return plan


_LOTS: dict[tuple[Any, ...], Lot] = {}
"""Lots by their sorted cards: every setup of a game deals the same cards, and a card slid into a hand is a lot
of one that recurs."""


def _lot(cards: Iterable[Any]) -> Lot:
    """The multiset of `cards` as a `Lot`."""
    key = tuple(sorted(cards))
    lot = _LOTS.get(key)
    if lot is None:
        if len(_LOTS) >= 1024:  # a long session's reshuffles: keep the cache small
            _LOTS.clear()
        lot = _LOTS[key] = tuple(Counter(key).items())  # in sorted order: a key's first copy comes first
    return lot
