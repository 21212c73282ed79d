"""Face-down cards redealt for a sample when hands are refilled one card at a time (see `corekit.lots`
for lots, and for hands refilled all at once).

A hand refilled one card at a time may never be empty, so its cards from different lots stay mixed for
good and the ways to split everything it ever showed grow without bound. Such a hand is a **stream**: the
table saw, in order, each card it received (and from which lot) and each card it showed. `StreamDeal`
credits each shown card to a lot that had given the stream a card not yet accounted for at that moment,
without crediting any lot more copies of a card than it had (a depth-first search, the most constrained
card first, with restarts); then it deals what every lot has left to the streams' unshown cards. The
result is, as with lots, a consistent world, not an exact posterior.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from corekit.rng import Rng

SHOWN = -1
"""The first item of a stream event for a card shown face up, `(SHOWN, card)`; a card received is
`(lot, None)`."""


@attrs.frozen
class Stream:
    """A holding whose cards came and went one at a time, as one observer knows it (see `StreamDeal`).

    `events` lists, in time order, each card received, `(lot, None)`, and each card shown face up,
    `(SHOWN, card)`. `face_down`, when given, says the stream's latest card left it face down, still
    unrevealed (a card played face down): it is one of the mapping's cards, drawn with the mapping's weight
    times the copies its lot has left.
    """

    events: tuple[tuple[int, Any], ...]
    face_down: Mapping[Any, int] | None = attrs.field(default=None, eq=False)


@attrs.frozen
class StreamWorld:
    """One drawn world. For each stream: the card of each card it received, in the order of its events;
    its unshown cards (a hand); its face-down card, or None. And the cards of the last lot no stream
    received yet (a deck), in random order."""

    received: list[list[Any]]
    held: list[list[Any]]
    face_down: list[Any]
    rest: list[Any]


class StreamDeal:
    """The worlds consistent with the lots and what each stream received and showed, prepared once: a
    searcher draws many samples of one position.

    A shown card whose lot is settled (everything its hand held came from one lot, or only one of those
    lots has a copy left) is credited at once. The others are credited in one of `CREDITINGS` ways, each
    searched for once, from a fixed seed, when prepared; what each lot has left is dealt afresh at every
    draw. A face-down card (at most one stream may hold one) is drawn first, among the (lot, card) pairs
    those ways gave it, by its weight times the copies the lot has left; then one of the ways that gave it.

    Each lot maps a card to its number of copies, less every card known to have left it elsewhere (turned
    face up as it was drawn, or drawn by the observer). Every other card of a lot went to a stream, except
    the last lot's `rest` cards, still face down in its deck. Cards must sort; pass only what the observer
    knows.

    Raises ValueError when no world fits (a bookkeeping error in the caller), and `SearchGaveUp` when the
    search found no crediting within its budget.
    """

    CREDITINGS = 8
    BUDGET = (2, 32)
    """A search's budget: decisions per ambiguous card, plus a constant."""

    def __init__(self, lots: Sequence[Mapping[Any, int]], streams: Sequence[Stream], rest: int) -> None:
        size = len(lots)
        self.streams = tuple(streams)
        # A shown card is settled when everything its hand held came from one lot, or when only one of the
        # lots it could have come from has a copy of it left once the settled cards are taken out; each
        # settled card can settle others, so walk the streams again until nothing new is settled. A card
        # settled by copies stays a choice with one option: the search must still keep its hand from
        # crediting that lot's cards elsewhere before it was shown.
        settled: dict[tuple[int, int], tuple[int, bool]] = {}  # (stream, event) -> (lot, settled by copies)
        while True:
            known = len(settled)
            left = self._walk(lots, settled)
            if len(settled) == known:
                break
        if any(min(counts.values(), default=0) < 0 for counts in left):
            raise ValueError("no deal fits the lots: a stream's shown cards contradict the lots they came from")
        for lot, counts in enumerate(left):
            # What a lot has left is what its streams hold (or showed ambiguously), plus the last lot's deck.
            if counts.total() != sum(end[lot] for end in self.ends) + (rest if lot == size - 1 else 0):
                raise ValueError(
                    f"no deal fits the lots: the streams and the deck do not account for every card of lot {lot}"
                )
        self.left = left
        if len(self.face_down_at) > 1:
            raise ValueError("no deal fits the lots: more than one stream holds a face-down card")
        self.search = _Crediting(
            self.choices, self.ends, [stream.face_down for stream in self.streams], left, self.fixed
        )
        # The first crediting is searched for until found (the truth proves there is one); the others stop
        # after a few decisions per choice. Each from its own fixed seed, so they depend on the arguments
        # alone.
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

    def _walk(
        self, lots: Sequence[Mapping[Any, int]], settled: dict[tuple[int, int], tuple[int, bool]]
    ) -> list[Counter]:
        """One pass over the streams: the choices, the room of each, and the copies each lot has left once
        the cards settled by their hand's room are taken out; settles the cards it can (into `settled`)."""
        size = len(lots)
        left = [Counter(lot) for lot in lots]
        capable = [Counter(lot) for lot in lots]  # less every settled card: what could still supply a card
        for (stream, event), (lot, by_copies) in settled.items():
            card = self.streams[stream].events[event][1]
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
                        raise ValueError("no deal fits the lots: a stream showed more cards than it received")
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
                raise ValueError("no deal fits the lots: the streams' shown cards contradict the lots")
        raise SearchGaveUp(
            f"no way to credit the {len(self.choices)} ambiguous shown cards was found within "
            f"8 searches of {self.budget}-{2 * self.budget} decisions"
        )

    def _drawn_way(self, rng: Rng) -> tuple[tuple[int, Any], ...]:
        """One of the creditings: with a face-down card, its (lot, card) first, by weight."""
        index = rng.weighted(self.down_weights) if len(self.downs) > 1 else 0
        ways = self.by_down[self.downs[index]]
        return ways[rng.below(len(ways))] if len(ways) > 1 else ways[0]

    def draw(self, rng: Rng) -> StreamWorld:
        """One world: the shown cards credited to lots that could have given them, the rest dealt at random."""
        chosen = self._drawn_way(rng)
        left = [Counter(counts) for counts in self.left]
        credited = [[0] * len(left) for _ in self.ends]
        for (stream, _, _), (lot, card) in zip(self.choices, chosen, strict=True):
            credited[stream][lot] += 1
            left[lot][card] -= 1
        pools = []
        for counts in left:
            pool = sorted(counts.elements())
            rng.shuffle(pool)
            pools.append(pool)
        received, held, face_down = [], [], []
        for index, (stream, end, taken) in enumerate(zip(self.streams, self.ends, credited, strict=True)):
            unshown = []
            for lot, (room, used) in enumerate(zip(end, taken, strict=True)):
                cut = len(pools[lot]) - (room - used)  # the counts were checked to match when prepared
                unshown.append(pools[lot][cut:])
                del pools[lot][cut:]
            held.append([card for cards in unshown for card in cards])
            down = None
            if index in self.face_down_at:
                lot, down = chosen[self.face_down_at[index]]
                unshown[lot].append(down)  # it was received like any other, only its reveal is pending
            face_down.append(down)
            credits = [lot if lot >= 0 else chosen[~lot][0] for lot in self.credits[index]]
            received.append(received_cards(stream.events, credits, unshown))
        return StreamWorld(received, held, face_down, pools[-1] if pools else [])


def received_cards(
    events: Sequence[tuple[int, Any]], credits: Sequence[int], unshown: Sequence[Sequence[Any]]
) -> list[Any]:
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
            raise ValueError(f"a stream kept {len(places)} cards of lot {lot}, not {len(unshown[lot])}")
        for place, card in zip(places, unshown[lot]):
            cards[place] = card
    return cards


class SearchGaveUp(Exception):
    """`StreamDeal` found no crediting within its searches' budgets. There may well be one: a long history
    with many lots can be too hard for the search, and a caller then needs another way to sample."""


class _Crediting:
    """The search for a lot for each ambiguous shown card (and a card and lot for each face-down one)
    such that every lot can supply them and no hand is credited more cards of a lot than it had received.

    Depth-first, without recursion (a long game has hundreds of choices), always deciding next the choice
    with the fewest options left, and after each decision updating the options of the choices it touches
    (the same hand's, and those of the same card). Taken in time order instead, a choice that uses a lot's
    last copy of a card another hand showed much later fails only there, and the search retries every
    choice in between: seconds, not milliseconds, in a long six-player game.
    """

    def __init__(
        self,
        choices: Sequence[tuple[int, Any, tuple[int, ...]]],
        ends: Sequence[tuple[int, ...]],
        weights: Sequence[Mapping[Any, int] | None],
        left: Sequence[Counter],
        fixed: Mapping[int, tuple[int, Any]],
    ) -> None:
        self.choices = choices
        self.fixed = fixed
        self.ends = ends
        self.left = left
        self.kinds = [
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

    def solve(self, rng: Rng, budget: int | None = None) -> list[tuple[int, Any]] | None:
        """One way to credit every choice, drawn at random; None if there is none, or none was found
        within `budget` decisions."""
        self.gave_up = False
        count = len(self.choices)
        assigned: list[tuple[int, Any] | None] = [None] * count
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
        frames: list[tuple[int, list[tuple[int, Any]]]] = []
        if open_choices:
            at = min(open_choices, key=lambda k: (len(options[k]), k))
            frames.append((at, self._order(options[at], rng)))
        while frames:
            at, untried = frames[-1]
            if assigned[at] is not None:  # back here after a dead end below: undo this choice
                lot, kind = assigned[at]
                assigned[at] = None
                lot_of[at] = -1
                left[lot][kind] += 1
                open_choices.add(at)
                self._update(at, lot, kind, lot_of, left, options, open_choices)
            if not untried:
                frames.pop()
                continue
            if budget is not None:
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
                return assigned  # type: ignore[return-value]
            at = min(open_choices, key=lambda k: (len(options[k]), k))
            frames.append((at, self._order(options[at], rng)))
        return assigned if not open_choices else None  # type: ignore[return-value]

    def _update(
        self,
        at: int,
        lot: int,
        kind: Any,
        lot_of: list[int],
        left: list[Counter],
        options: list,
        open_choices: set[int],
    ) -> bool:
        """Recompute the options in `lot` of the open choices that choice `at` (just credited to `lot` with
        `kind`, or taken back from it) touches: no other lot's copies or room changed. Another hand's
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

    def _options(self, at: int, lot_of: list[int], left: list[Counter]) -> list[tuple[int, Any]]:
        """The (lot, card) pairs choice `at` may take now."""
        return [option for lot in range(len(left)) for option in self._options_in(at, lot, lot_of, left)]

    def _options_in(self, at: int, lot: int, lot_of: list[int], left: list[Counter]) -> list[tuple[int, Any]]:
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
        """Whether crediting choice `at` to `lot` keeps its hand within what it had received from that lot
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
    def _order(options: list[tuple[int, Any]], rng: Rng) -> list[tuple[int, Any]]:
        """The options in a random order to try them, the first last."""
        order = options[:]
        if len(order) > 1:
            rng.shuffle(order)
        return order
