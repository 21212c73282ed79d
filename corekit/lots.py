"""Face-down cards redealt for a sample without contradicting where they came from.

`redeal_unseen` pools every unseen card and deals it anywhere, which is right while all of them came from
one shuffle. Once a discard pile is reshuffled into a new deck, it is not: the table saw that pile, so the
new deck holds only its cards, and a player who drew from it knows even more. Here such knowledge is
kept as lots and holdings:

- a **lot** is a multiset of cards dealt face down at one moment, known to the whole table: the setup's
  deck, or a discard pile reshuffled;
- a **holding** is one place such cards went: a hand between two refills, a guard column, a deck. The
  table knows how many cards it received from each lot and which of them it has since shown face up
  (played or revealed); a seat that looked at it (its owner) knows exactly what it received.

`deal_by_lots` draws one world in which every holding's cards come from its lots, every card it showed was
among them, and every holding its observer looked at is exactly as seen. A holding fed by several lots
(a hand that took a short deck's last cards, then some of the reshuffled pile) has shown cards whose lot
the table cannot tell: the draw tries the ways to attribute them in random order and keeps the first one
every lot can supply. It is a consistent world, not an exact posterior: attributions are not weighted by
how many deals agree with them.

Hands refilled one card at a time, which never empty, are `corekit.streams`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from corekit.rng import Rng

Received = tuple[tuple[int, tuple[Any, ...]], ...]
"""(lot, the cards received from it, sorted) for each lot that fed a holding."""


@attrs.frozen
class Holding:
    """One place face-down cards went, as one observer knows it.

    `sources` holds (lot, number of cards received from it); `seen` the cards it has shown face up since,
    in any order (a face-up card still lying there counts as shown). `known` is what it received, lot by
    lot, when the observer looked at it (its own hand), and None when the observer did not.
    """

    sources: tuple[tuple[int, int], ...]
    seen: tuple[Any, ...] = ()
    known: Received | None = None


@attrs.frozen
class Allotment:
    """What one holding received in the drawn world, and the cards it still holds face down."""

    received: Received
    held: list[Any]
    """Unshown cards, in random order within each lot (a deck's order matters; a hand can sort them)."""


def deal_by_lots(rng: Rng, lots: Sequence[Mapping[Any, int]], holdings: Sequence[Holding]) -> list[Allotment | None]:
    """One world consistent with the lots, what each holding showed and what the observer knows: see
    `LotDeal`, which prepares it once for many draws."""
    return LotDeal(lots, holdings).draw(rng)


class LotDeal:
    """The worlds consistent with the lots, what each holding showed and what the observer knows (see the
    module docstring), prepared once: a searcher draws many samples of the same position.

    Each lot maps a card to its number of copies. Cards must sort (ints, strings, tuples of them): pools
    are sorted before shuffling, so a draw never depends on where the cards truly were. Pass only what the
    observer knows: the draws depend only on the arguments and the generator.

    Raises ValueError when no world fits: the holdings do not account for every card of the lots, or a
    known holding or a shown card contradicts them (a bookkeeping error in the caller).
    """

    def __init__(self, lots: Sequence[Mapping[Any, int]], holdings: Sequence[Holding]) -> None:
        self.holdings = tuple(holdings)
        left = [Counter(lot) for lot in lots]  # each lot's cards not yet placed: negative means a contradiction
        self.split: list[tuple[tuple[Any, ...], ...]] = []
        mixed = []
        for index, holding in enumerate(self.holdings):
            if holding.known is not None:
                for lot, cards in holding.known:
                    _take(left[lot], cards)
                self.split.append(())
            elif len(holding.sources) == 1 or not holding.seen:
                self.split.append((holding.seen, *[()] * (len(holding.sources) - 1)))
                if holding.seen:
                    _take(left[holding.sources[0][0]], holding.seen)
            else:
                self.split.append(())
                mixed.append(index)
        if any(min(counts.values(), default=0) < 0 for counts in left):
            raise ValueError("no deal fits the lots: a holding's cards contradict the lots they came from")
        self.left = left
        # Most shown cards have one possible lot once the rest is placed.
        self.mixed = [
            (index, list(_attributions(Counter(self.holdings[index].seen), self.holdings[index].sources, left)))
            for index in mixed
        ]
        self.pools = None if mixed else [sorted(counts.elements()) for counts in left]
        self.draw(Rng(0))  # the sizes are checked once, here: a deal that fails would fail every time

    def draw(self, rng: Rng) -> list[Allotment | None]:
        """One world: one allotment per holding, in their order, or None for a holding the observer knows
        (nothing is drawn for it)."""
        split, bases = self.split, self.pools
        if bases is None:
            left = [Counter(counts) for counts in self.left]
            split = split[:]
            open_choices = []
            for index, choices in self.mixed:
                order = choices[:]
                rng.shuffle(order)
                open_choices.append((index, order))
            if not _choose(open_choices, 0, left, self.holdings, split):
                raise ValueError("no deal fits the lots: a holding's cards contradict the lots they came from")
            bases = [sorted(counts.elements()) for counts in left]
        pools = []
        for base in bases:
            pool = base[:]
            rng.shuffle(pool)
            pools.append(pool)
        allotments: list[Allotment | None] = []
        for holding, shown_by_lot in zip(self.holdings, split):
            if holding.known is not None:
                allotments.append(None)
                continue
            received = []
            held: list[Any] = []
            for (lot, count), shown in zip(holding.sources, shown_by_lot):
                pool = pools[lot]
                cut = len(pool) - count + len(shown)
                if not 0 <= cut <= len(pool):
                    raise ValueError(
                        f"no deal fits the lots: a holding showed more cards than it took from lot "
                        f"{lot}, or the lot has too few for its holdings"
                    )
                drawn = pool[cut:]
                del pool[cut:]
                held.extend(drawn)
                received.append((lot, tuple(sorted([*shown, *drawn]))))
            allotments.append(Allotment(tuple(received), held))
        if any(pools):
            raise ValueError("no deal fits the lots: some cards of a lot went to no holding")
        return allotments


def _take(counts: Counter, cards: Sequence[Any]) -> None:
    for card in cards:
        counts[card] -= 1


def _choose(
    open_choices: list[tuple[int, list[tuple[tuple[Any, ...], ...]]]],
    at: int,
    left: list[Counter],
    holdings: Sequence[Holding],
    split: list[tuple[tuple[Any, ...], ...]],
) -> bool:
    """Depth-first: an attribution for each multi-lot holding from `at` on that every lot can supply."""
    if at == len(open_choices):
        return True
    index, choices = open_choices[at]
    lots = [lot for lot, _ in holdings[index].sources]
    for parts in choices:
        for lot, part in zip(lots, parts, strict=True):
            _take(left[lot], part)
        fits = all(left[lot][card] >= 0 for lot, part in zip(lots, parts, strict=True) for card in part)
        if fits and _choose(open_choices, at + 1, left, holdings, split):
            split[index] = parts
            return True
        for lot, part in zip(lots, parts, strict=True):
            for card in part:
                left[lot][card] += 1
    return False


def _attributions(
    seen: Counter, sources: tuple[tuple[int, int], ...], room: Sequence[Counter]
) -> Iterator[tuple[tuple[Any, ...], ...]]:
    """Every way to split the shown cards among the lots that fed the holding, no lot credited with more
    cards than it gave the holding, nor with a card it has no copy of left (`room`)."""
    lot, count = sources[0]
    if len(sources) == 1:
        if sum(seen.values()) <= count and all(n <= room[lot][card] for card, n in seen.items()):
            yield (tuple(seen.elements()),)
        return
    cards = sorted(seen)
    for counts in itertools.product(*(range(max(0, min(seen[card], room[lot][card])) + 1) for card in cards)):
        if sum(counts) > count:
            continue
        part = Counter({card: n for card, n in zip(cards, counts, strict=True) if n})
        for rest in _attributions(seen - part, sources[1:], room):
            yield (tuple(part.elements()), *rest)
