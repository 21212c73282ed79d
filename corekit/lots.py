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
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
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


def deal_by_lots(rng: Rng, lots: Sequence[Sequence[Any]], holdings: Sequence[Holding]) -> list[Allotment]:
    """One world consistent with the lots, what each holding showed and what the observer knows (see the
    module docstring), as one allotment per holding in their order. The result depends only on the
    arguments and `rng`: pass only what the observer knows.
    Cards must sort (ints, strings, tuples of them): pools are sorted before shuffling, so a draw never
    depends on where the cards truly were.

    Raises ValueError when no world fits: the holdings do not account for every card of the lots, or a
    known holding or a shown card contradicts them (a bookkeeping error in the caller).
    """
    stock = [Counter(lot) for lot in lots]
    demand = [Counter() for _ in lots]
    split: list[tuple[Counter, ...] | None] = [None] * len(holdings)
    mixed = []
    for index, holding in enumerate(holdings):
        if holding.known is not None:
            for lot, cards in holding.known:
                demand[lot].update(cards)
        elif len(holding.sources) == 1 or not holding.seen:
            only = Counter(holding.seen)
            split[index] = tuple(only if n == 0 else Counter() for n in range(len(holding.sources)))
            demand[holding.sources[0][0]].update(only)
        else:
            mixed.append(index)
    if not _fits(demand, stock):
        raise ValueError("no deal fits the lots: a holding's cards contradict the lots they came from")
    # What each lot can still credit to the multi-lot holdings: most cards have one possible lot.
    room = [have - wanted for have, wanted in zip(stock, demand, strict=True)]
    open_choices = []
    for index in mixed:
        choices = list(_attributions(Counter(holdings[index].seen), holdings[index].sources, room))
        rng.shuffle(choices)
        open_choices.append((index, choices))
    if not _choose(open_choices, 0, demand, stock, holdings, split):
        raise ValueError("no deal fits the lots: a holding's cards contradict the lots they came from")
    pools = []
    for lot, have in enumerate(stock):
        pool = sorted((have - demand[lot]).elements())
        rng.shuffle(pool)
        pools.append(pool)
    allotments = []
    for index, holding in enumerate(holdings):
        if holding.known is not None:
            left = Counter(card for _, cards in holding.known for card in cards)
            left.subtract(holding.seen)
            allotments.append(Allotment(holding.known, sorted(left.elements())))
            continue
        received = []
        held: list[Any] = []
        for (lot, count), shown in zip(holding.sources, split[index] or (), strict=True):
            pool = pools[lot]
            fresh = count - sum(shown.values())
            if not 0 <= fresh <= len(pool):
                raise ValueError(f"no deal fits the lots: a holding showed more cards than it took from lot {lot}, "
                                 "or the lot has too few for its holdings")
            drawn = pool[len(pool) - fresh:]
            del pool[len(pool) - fresh:]
            held.extend(drawn)
            received.append((lot, tuple(sorted([*shown.elements(), *drawn]))))
        allotments.append(Allotment(tuple(received), held))
    if any(pools):
        raise ValueError("no deal fits the lots: some cards of a lot went to no holding")
    return allotments


def _choose(open_choices: list[tuple[int, list[tuple[Counter, ...]]]], at: int, demand: list[Counter],
            stock: list[Counter], holdings: Sequence[Holding], split: list[tuple[Counter, ...] | None]) -> bool:
    """Depth-first: an attribution for each multi-lot holding from `at` on that every lot can supply."""
    if at == len(open_choices):
        return True
    index, choices = open_choices[at]
    lots = [lot for lot, _ in holdings[index].sources]
    for parts in choices:
        for lot, part in zip(lots, parts, strict=True):
            demand[lot].update(part)
        if _fits([demand[lot] for lot in lots], [stock[lot] for lot in lots]) and _choose(
            open_choices, at + 1, demand, stock, holdings, split
        ):
            split[index] = parts
            return True
        for lot, part in zip(lots, parts, strict=True):
            demand[lot].subtract(part)
    return False


def _fits(demand: Sequence[Counter], stock: Sequence[Counter]) -> bool:
    return all(need <= have[card] for wanted, have in zip(demand, stock, strict=True)
               for card, need in wanted.items())


def _attributions(seen: Counter, sources: tuple[tuple[int, int], ...],
                  room: Sequence[Counter]) -> Iterator[tuple[Counter, ...]]:
    """Every way to split the shown cards among the lots that fed the holding, no lot credited with more
    cards than it gave the holding, nor with a card it has no copy of left (`room`)."""
    lot, count = sources[0]
    if len(sources) == 1:
        if sum(seen.values()) <= count and all(n <= room[lot][card] for card, n in seen.items()):
            yield (seen,)
        return
    cards = sorted(seen)
    for counts in itertools.product(*(range(min(seen[card], room[lot][card]) + 1) for card in cards)):
        if sum(counts) > count:
            continue
        part = Counter({card: n for card, n in zip(cards, counts, strict=True) if n})
        for rest in _attributions(seen - part, sources[1:], room):
            yield (part, *rest)


