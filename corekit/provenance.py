"""Where face-down cards came from, and deals of the unseen cards that never contradict it.

One model for every game, kept by the core as a state's zones move cards (see `corekit.state`):

- a **lot** is a multiset of cards that went face down at one moment, known to the whole table: the
  setup's unseen cards (one lot per card family: a Cabin deck and a Survival deck are two), a discard pile
  reshuffled into a new deck, a known card slid into a hand;
- a lot's **remainder** is the deck where its undealt cards still lie, face down;
- a **stream** is one place such cards went, a hand or a face-down column: the table saw, in order, each card
  it received (and from which lot) and each card it showed face up (played, discarded, revealed where it
  lies); its owner saw what it received.

`Deal` draws one world consistent with all of it, from one observer's point of view: every card a stream
showed is credited to a lot that had given it a card not yet accounted for at that moment, no lot is
credited more copies of a card than it had, and what each lot has left is dealt at random to the streams'
unshown cards and to its remainder. A hand refilled one card at a time never empties, so its cards from
different lots stay mixed for good and the ways to credit what it showed grow without bound: the search
for a crediting is depth-first, the most constrained card first, with restarts. The result is a
consistent world, not an exact posterior: creditings are not weighted by how many deals agree with them.

A stream may also hold one card played face down and still unrevealed (the killer of the slasher): it is
one of the cards the stream received, constrained to the kinds the game allows there and drawn by the
game's weights (its model of why the card was chosen).

`Record` is what a state keeps of all this; `Record.deal(...)` prepares a `Deal` for one observer.
"""

from __future__ import annotations

import contextvars
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from corekit.rng import Rng

SHOWN = -1
"""The first item of a stream event for a card shown face up, `(SHOWN, card)`; a card received is
`(lot, None)`."""

Event = tuple[int, Any]
Lot = tuple[tuple[Any, int], ...]
"""A lot's multiset as (card, copies) pairs, sorted by card."""


class ProvenanceError(ValueError):
    """A card movement the model cannot follow, or a record that contradicts the cards (a bug in the game)."""


class SearchGaveUp(Exception):
    """`Deal` found no crediting within its searches' budgets. There may well be one: a long history with
    many lots can be too hard for the search, and the caller then falls back to a simpler deal."""


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


# ---- the deal ------------------------------------------------------------------------------------------


@attrs.frozen
class Stream:
    """A stream as one observer knows it: `events` in time order, each card received `(lot, None)` and each
    card shown `(SHOWN, card)`; `face_down`, when given, says one card it received lies face down, still
    unrevealed: one of the mapping's cards, drawn with the mapping's weight times the copies its lot has left."""

    events: tuple[Event, ...]
    face_down: Mapping[Any, int] | None = attrs.field(default=None, eq=False)


@attrs.frozen
class World:
    """One drawn world. For each stream: the card of each card it received, in the order of its events; its
    unshown cards in random order (a hand), its face-down card aside; its face-down card, or None. For each
    lot: its remainder's cards, in random order."""

    received: list[list[Any]]
    held: list[list[Any]]
    face_down: list[Any]
    rest: list[list[Any]]


class Deal:
    """The worlds consistent with the lots and what each stream received and showed, prepared once: a
    searcher draws many samples of one position.

    A shown card whose lot is settled (everything its stream held came from one lot, or only one of those
    lots has a copy left) is credited at once. The others are credited in one of `CREDITINGS` ways, each
    searched for once, from a fixed seed, when prepared; what each lot has left is dealt afresh at every
    draw. A face-down card (at most one stream may hold one) is drawn first, among the (lot, card) pairs
    those ways gave it, by its weight times the copies the lot has left; then one of the ways that gave it.

    Each lot maps a card to its copies, less every card known to have left it elsewhere (turned face up from
    its remainder, or received by the observer). Every other card of a lot went to a stream, except `rests[lot]`
    still face down in its remainder. Cards must sort; pass only what the observer knows.

    Raises ProvenanceError when no world fits (a bookkeeping error), and `SearchGaveUp` when the search found
    no crediting within its budget.
    """

    CREDITINGS = 8
    BUDGET = (2, 32)
    """A search's budget: decisions per ambiguous card, plus a constant."""

    def __init__(
        self,
        lots: Sequence[Mapping[Any, int]],
        streams: Sequence[Stream],
        rests: Sequence[int],
        dice: Mapping[int, tuple[Any, ...]] | None = None,
    ) -> None:
        self.streams = tuple(streams)
        self.dice = dice or {}
        """Lot -> its faces, for the lots dice were rolled from: a stream's unshown tokens of such a lot are rolled."""
        # A shown card is settled when everything its stream held came from one lot, or when only one of the
        # lots it could have come from has a copy of it left once the settled cards are taken out; each
        # settled card can settle others, so walk the streams again until nothing new is settled. A card
        # settled by copies stays a choice with one option: the search must still keep its stream from
        # crediting that lot's cards elsewhere before it was shown.
        settled: dict[tuple[int, int], tuple[int, bool]] = {}  # (stream, event) -> (lot, settled by copies)
        while True:
            known = len(settled)
            left = self._walk(lots, settled)
            if len(settled) == known:
                break
        if any(min(counts.values(), default=0) < 0 for counts in left):
            raise ProvenanceError("no deal fits the lots: a stream's shown cards contradict the lots they came from")
        for lot, counts in enumerate(left):
            # What a lot has left is what its streams hold (or showed ambiguously), plus its remainder.
            if counts.total() != sum(end[lot] for end in self.ends) + rests[lot]:
                raise ProvenanceError(
                    f"no deal fits the lots: the streams and the decks do not account for every card of lot {lot}"
                )
        self.left = left
        self.pools = [sorted(counts.elements()) for counts in left]
        """Each lot's cards left, sorted: a draw copies them and takes out the credited ones."""
        if len(self.face_down_at) > 1:
            raise ProvenanceError("no deal fits the lots: more than one stream holds a face-down card")
        self.search = _Crediting(
            self.choices, self.ends, [stream.face_down for stream in self.streams], left, self.fixed
        )
        # The first crediting is searched for until found (the truth proves there is one); the others stop
        # after a few decisions per choice. Each from its own fixed seed, so they depend on the arguments alone.
        self.budget = self.BUDGET[0] * len(self.choices) + self.BUDGET[1]
        found = [self._first_way()]
        for key in range(1, self.CREDITINGS if self.choices else 1):
            way = self.search.solve(Rng(key), self.budget)
            if way is not None:
                found.append(way)
        # With a face-down card: the (lot, card) pairs those creditings gave it, each drawn by its weight
        # times the copies its lot has left, then one of the creditings that gave it.
        self.by_down: dict[tuple[int, Any] | None, list[tuple[tuple[int, Any], ...]]] = {}
        down_stream = next(iter(self.face_down_at), None)
        at = None if down_stream is None else self.face_down_at[down_stream]
        for way in found:
            self.by_down.setdefault(None if at is None else way[at], []).append(tuple(way))
        self.downs = sorted(self.by_down, key=repr)
        weights = (self.streams[down_stream].face_down or {}) if down_stream is not None else {}
        self.down_weights = [
            weights[down[1]] * left[down[0]][down[1]] if down is not None else 1 for down in self.downs
        ]

    def draw(self, rng: Rng, received: bool = True) -> World:
        """One world: the shown cards credited to lots that could have given them, the rest dealt at random;
        without `received`, what each stream received is left out (empty lists: a search does not need it)."""
        chosen = self._drawn_way(rng)
        pools = [pool[:] for pool in self.pools]
        credited = [[0] * len(pools) for _ in self.ends]
        for (at, _, _), (lot, card) in zip(self.choices, chosen, strict=True):
            credited[at][lot] += 1
            pool = pools[lot]
            if card in pool:  # a lot with no copy left gives none, as its count says
                pool.remove(card)
        for pool in pools:
            rng.shuffle(pool)
        received_by: list[list[Any]] = []
        held: list[list[Any]] = []
        face_down: list[Any] = []
        dice = self.dice
        for index, (stream, end, taken) in enumerate(zip(self.streams, self.ends, credited, strict=True)):
            unshown = []
            for lot, (room, used) in enumerate(zip(end, taken, strict=True)):
                faces = dice.get(lot) if dice else None
                if faces is not None:
                    unshown.append(_rolled(pools[lot], faces, room - used, rng))
                    continue
                cut = len(pools[lot]) - (room - used)  # the counts were checked to match when prepared
                unshown.append(pools[lot][cut:])
                del pools[lot][cut:]
            hand = [card for cards in unshown for card in cards]
            if sum(1 for cards in unshown if cards) > 1:
                rng.shuffle(hand)  # cards of several lots: in random order too, where a zone's order matters
            held.append(hand)
            down = None
            if index in self.face_down_at:
                lot, down = chosen[self.face_down_at[index]]
                unshown[lot].append(down)  # it was received like any other, only its reveal is pending
            face_down.append(down)
            if received:
                credits = [lot if lot >= 0 else chosen[~lot][0] for lot in self.credits[index]]
                received_by.append(received_cards(stream.events, credits, unshown))
            else:
                received_by.append([])
        return World(received_by, held, face_down, pools)

    def _walk(
        self, lots: Sequence[Mapping[Any, int]], settled: dict[tuple[int, int], tuple[int, bool]]
    ) -> list[Counter[Any]]:
        """One pass over the streams: the choices, the room of each, and the copies each lot has left once
        the cards settled by their stream's room are taken out; settles the cards it can (into `settled`)."""
        size = len(lots)
        left = [Counter(lot) for lot in lots]
        capable = [Counter(lot) for lot in lots]  # less every settled card: what could still supply a card
        for (at, event), (lot, by_copies) in settled.items():
            card = self.streams[at].events[event][1]
            capable[lot][card] -= 1
            if not by_copies:
                left[lot][card] -= 1
        self.choices: list[tuple[int, Any, tuple[int, ...]]] = []  # (stream, shown card, its room per lot)
        self.fixed: dict[int, tuple[int, Any]] = {}  # choice -> its only (lot, card): settled by copies
        self.credits: list[list[int]] = []  # per stream, per shown card: its lot, or ~(its choice's index)
        self.ends: list[tuple[int, ...]] = []
        self.face_down_at: dict[int, int] = {}  # stream -> the index of its face-down card's choice
        for index, stream in enumerate(self.streams):
            room = [0] * size  # per lot: cards received not yet credited to a shown card (choices aside)
            credits = []
            for event, (lot, card) in enumerate(stream.events):
                if lot != SHOWN:
                    room[lot] += 1
                    continue
                if (index, event) not in settled:
                    open_lots = [at for at, n in enumerate(room) if n > 0]
                    if not open_lots:
                        raise ProvenanceError("no deal fits the lots: a stream showed more cards than it received")
                    supplied = [at for at in open_lots if capable[at][card] > 0]
                    if len(open_lots) == 1:
                        settled[(index, event)] = (open_lots[0], False)
                        left[open_lots[0]][card] -= 1
                    elif len(supplied) == 1:
                        settled[(index, event)] = (supplied[0], True)
                lot, by_copies = settled.get((index, event), (-1, True))
                if not by_copies:
                    room[lot] -= 1
                    credits.append(lot)
                    continue
                if lot >= 0:
                    self.fixed[len(self.choices)] = (lot, card)
                credits.append(~len(self.choices))
                self.choices.append((index, card, tuple(room)))
            self.credits.append(credits)
            self.ends.append(tuple(room))
            if stream.face_down is not None:
                self.face_down_at[index] = len(self.choices)
                self.choices.append((index, None, tuple(room)))
        return left

    def _first_way(self) -> list[tuple[int, Any]]:
        """A crediting, searched for with restarts: a search that went wrong early can wander a long time,
        so attempts stop after a budget of decisions (doubled after four): many short searches find one
        sooner than a few long ones. A search that ran out of options proves there is none."""
        for attempt in range(8):
            way = self.search.solve(Rng(attempt), self.budget << (attempt // 4))
            if way is not None:
                return way
            if not self.search.gave_up:
                raise ProvenanceError("no deal fits the lots: the streams' shown cards contradict the lots")
        raise SearchGaveUp(
            f"no way to credit the {len(self.choices)} ambiguous shown cards was found within "
            f"8 searches of {self.budget}-{2 * self.budget} decisions"
        )

    def _drawn_way(self, rng: Rng) -> tuple[tuple[int, Any], ...]:
        """One of the creditings: with a face-down card, its (lot, card) first, by weight."""
        index = rng.weighted(self.down_weights) if len(self.downs) > 1 else 0
        ways = self.by_down[self.downs[index]]
        return ways[rng.below(len(ways))] if len(ways) > 1 else ways[0]


def _rolled(pool: list[Any], faces: Sequence[Any], count: int, rng: Rng) -> list[Any]:
    """`count` dice taken from `pool`'s tokens, each face drawn evenly among `faces` whatever the others came out (a
    bag with fewer tokens of a face than dice in play may have none left of it: then one of the tokens it has)."""
    rolled = []
    for _ in range(count):
        face = faces[rng.below(len(faces))]
        if face not in pool:
            face = pool[rng.below(len(pool))]
        pool.remove(face)
        rolled.append(face)
    return rolled


def received_cards(events: Sequence[Event], credits: Sequence[int], unshown: Sequence[Sequence[Any]]) -> list[Any]:
    """The card of each card a stream received, in the order of its events: each shown card fills the
    earliest open place of the lot it is credited to (`credits`, one lot per shown card, in order), and the
    places left open take the cards it has not shown, lot by lot (`unshown[lot]`, in order)."""
    cards: list[Any] = []
    open_places: dict[int, list[int]] = {}
    shown = iter(credits)
    for lot, card in events:
        if lot != SHOWN:
            open_places.setdefault(lot, []).append(len(cards))
            cards.append(None)
            continue
        cards[open_places[next(shown)].pop(0)] = card
    for lot, places in open_places.items():
        if len(places) != len(unshown[lot]):
            raise ProvenanceError(f"a stream kept {len(places)} cards of lot {lot}, not {len(unshown[lot])}")
        for place, card in zip(places, unshown[lot], strict=True):
            cards[place] = card
    return cards


Choice = tuple[int, Any]


class _Crediting:
    """The search for a lot for each ambiguous shown card (and a card and lot for each face-down one)
    such that every lot can supply them and no stream is credited more cards of a lot than it had received.

    Depth-first, without recursion (a long game has hundreds of choices), always deciding next the choice
    with the fewest options left, and after each decision updating the options of the choices it touches
    (the same stream's, and those of the same card). Taken in time order instead, a choice that uses a lot's
    last copy of a card another stream showed much later fails only there, and the search retries every
    choice in between: seconds, not milliseconds, in a long six-player game.
    """

    def __init__(
        self,
        choices: Sequence[tuple[int, Any, tuple[int, ...]]],
        ends: Sequence[tuple[int, ...]],
        weights: Sequence[Mapping[Any, int] | None],
        left: Sequence[Counter[Any]],
        fixed: Mapping[int, Choice],
    ) -> None:
        self.choices = choices
        self.fixed = fixed
        self.ends = ends
        self.left = left
        self.gave_up = False
        self.kinds: list[tuple[Hashable, ...]] = [
            (card,)
            if card is not None
            else tuple(sorted(kind for kind, weight in (weights[stream] or {}).items() if weight > 0))
            for stream, card, _ in choices
        ]
        self.stream_of = [stream for stream, _, _ in choices]
        self.rooms = [room for _, _, room in choices]
        self.in_stream: dict[int, list[int]] = {}
        for at, (stream, _, _) in enumerate(choices):
            self.in_stream.setdefault(stream, []).append(at)
        by_kind: dict[Any, set[int]] = {}
        for at, kinds in enumerate(self.kinds):
            for kind in kinds:
                by_kind.setdefault(kind, set()).add(at)
        self.touches = [
            sorted(set(self.in_stream[stream]).union(*(by_kind[kind] for kind in self.kinds[at])) - {at})
            for at, (stream, _, _) in enumerate(choices)
        ]

    def solve(self, rng: Rng, budget: int) -> list[Choice] | None:
        """One way to credit every choice, drawn at random; None if there is none, or none was found
        within `budget` decisions."""
        self.gave_up = False
        count = len(self.choices)
        assigned: list[Choice | None] = [None] * count
        lot_of = [-1] * count  # the lot of each credited choice, for the room checks
        left = [Counter(counts) for counts in self.left]
        open_choices = set(range(count))
        for at, (lot, kind) in self.fixed.items():
            assigned[at] = (lot, kind)
            lot_of[at] = lot
            left[lot][kind] -= 1
            open_choices.discard(at)
        if any(counts[kind] < 0 for counts in left for kind in counts) or not all(
            self._rooms_hold(stream, lot_of) for stream in self.in_stream
        ):
            return None
        options = [self._options(at, lot_of, left) if at in open_choices else [] for at in range(count)]
        if not all(options[at] for at in open_choices):
            return None
        frames: list[tuple[int, list[Choice]]] = []
        if open_choices:
            at = min(open_choices, key=lambda k: (len(options[k]), k))
            frames.append((at, self._order(options[at], rng)))
        while frames:
            at, untried = frames[-1]
            done = assigned[at]
            if done is not None:  # back here after a dead end below: undo this choice
                lot, kind = done
                assigned[at] = None
                lot_of[at] = -1
                left[lot][kind] += 1
                open_choices.add(at)
                self._update(at, lot, kind, lot_of, left, options, open_choices)
            if not untried:
                frames.pop()
                continue
            budget -= 1
            if budget < 0:
                self.gave_up = True
                return None
            lot, kind = untried.pop()
            assigned[at] = (lot, kind)
            lot_of[at] = lot
            left[lot][kind] -= 1
            open_choices.discard(at)
            if not self._update(at, lot, kind, lot_of, left, options, open_choices):
                continue
            if not open_choices:
                return [choice for choice in assigned if choice is not None]
            at = min(open_choices, key=lambda k: (len(options[k]), k))
            frames.append((at, self._order(options[at], rng)))
        return [choice for choice in assigned if choice is not None] if not open_choices else None

    def _update(
        self,
        at: int,
        lot: int,
        kind: Any,
        lot_of: list[int],
        left: list[Counter[Any]],
        options: list[list[Choice]],
        open_choices: set[int],
    ) -> bool:
        """Recompute the options in `lot` of the open choices that choice `at` (just credited to `lot` with
        `kind`, or taken back from it) touches: no other lot's copies or room changed. Another stream's
        choice changes only if `kind`'s copies in `lot` ran out or came back. False if one has none left."""
        stream_of = self.stream_of
        stream = stream_of[at]
        copies = left[lot][kind]
        fits = True
        for other in self.touches[at]:
            if other not in open_choices:
                continue
            if stream_of[other] != stream:
                if copies > 1 or kind not in self.kinds[other]:
                    continue  # its room is unchanged, and the lot still has (or still lacks) the card
                if copies == 0:
                    options[other] = [option for option in options[other] if option != (lot, kind)]
                elif (
                    (lot, kind) not in options[other] and self.rooms[other][lot] and self._room_left(other, lot, lot_of)
                ):
                    options[other].append((lot, kind))
            else:
                options[other] = [option for option in options[other] if option[0] != lot]
                options[other].extend(self._options_in(other, lot, lot_of, left))
            fits = fits and bool(options[other])
        return fits

    def _options(self, at: int, lot_of: list[int], left: list[Counter[Any]]) -> list[Choice]:
        """The (lot, card) pairs choice `at` may take now."""
        return [option for lot in range(len(left)) for option in self._options_in(at, lot, lot_of, left)]

    def _options_in(self, at: int, lot: int, lot_of: list[int], left: list[Counter[Any]]) -> list[Choice]:
        """The (lot, card) pairs choice `at` may take now in `lot`."""
        if not self.rooms[at][lot] or not self._room_left(at, lot, lot_of):
            return []
        return [(lot, kind) for kind in self.kinds[at] if left[lot][kind] > 0]

    def _rooms_hold(self, stream: int, lot_of: list[int]) -> bool:
        """Whether the choices of `stream` credited so far keep it within what it had received from each
        lot, at each of them and at the end."""
        credited = [0] * len(self.ends[stream])
        for other in self.in_stream[stream]:
            lot = lot_of[other]
            if lot >= 0:
                credited[lot] += 1
                if credited[lot] > self.rooms[other][lot]:
                    return False
        return all(n <= end for n, end in zip(credited, self.ends[stream], strict=True))

    def _room_left(self, at: int, lot: int, lot_of: list[int]) -> bool:
        """Whether crediting choice `at` to `lot` keeps its stream within what it had received from that lot
        at each of its cards credited there, and at the end."""
        stream = self.stream_of[at]
        rooms = self.rooms
        credited = 0
        for other in self.in_stream[stream]:
            if other == at or lot_of[other] == lot:
                credited += 1
                if credited > rooms[other][lot]:
                    return False
        return credited <= self.ends[stream][lot]

    @staticmethod
    def _order(options: list[Choice], rng: Rng) -> list[Choice]:
        """The options in a random order to try them, the first last."""
        order = options[:]
        if len(order) > 1:
            rng.shuffle(order)
        return order
