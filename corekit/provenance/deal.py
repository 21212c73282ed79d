"""The deal of the unseen cards consistent with the record, for one observer (`Deal`, `Stream`, `World`), and
what the record and the deal share: the events of a stream (`SHOWN`, `Event`) and the errors (`ProvenanceError`,
`SearchGaveUp`). The package's docstring (`corekit.provenance`) describes the model."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from corekit.provenance.crediting import _Crediting
from corekit.rng import Rng

SHOWN = -1
"""The first item of a stream event for a card shown face up, `(SHOWN, card)`; a card received is
`(lot, None)`."""

Event = tuple[int, Any]


class ProvenanceError(ValueError):
    """A card movement the model cannot follow, or a record that contradicts the cards (a bug in the game)."""


class SearchGaveUp(Exception):
    """`Deal` found no crediting within its searches' budgets. There may well be one: a long history with
    many lots can be too hard for the search, and the caller then falls back to a simpler deal."""


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
                raise ProvenanceError(
                    "no deal fits the lots: the streams' shown cards, and the kinds the game's weights allow their "
                    "face-down cards, contradict the lots"
                )
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
