"""The guard race in the fastest plain Python a good engineer would write: the yardstick for the engine.

The same rules as plugins/grizzly_race (RULES.md): simultaneous plays resolved in seat order, a card at least the
guard's strength wins, the supercard beats anything once, empty hands refill from the reserve and then from the
shuffled discard (whose rest becomes the reserve), the first seats past all six guards share the win, and a true
deadlock (every supercard spent, every card in circulation weaker than every top guard) or `stall_rounds` rounds
in a row with no guard beaten end the game in a draw, every seat sharing it (version 4). Random play: each seat
picks uniformly among the distinct strengths in its hand and, while it has it, the supercard, as a random player
picks among the engine's legal actions.

None of the engine: no corekit import at all; the standard library's `random`, one generator for a whole run,
whose `random()` makes both the choices and the shuffles; hands as counts per strength beside a bitmask of the
strengths held (bit 6: the unspent supercard), so a seat's options are one table lookup; the top guards, and how
many cards of each strength the guard columns still hold, kept as the race goes, so the deadlock test is a few
comparisons and is made only after a round that beat a guard; no observations, no validation, no records of
where face-down cards came from. tests/benchmarks checks that it plays legal, complete games whose outcomes match
the engine's within sampling error.

Until 2026-12-07 the yardstick rebuilt each seat's options at every decision, scanned every pile for a deadlock
every round, shuffled with `random.shuffle` and seeded a generator per match: an outside audit of the figures
wrote a loop 1.5-1.8x faster per decision, as this one is, so the engine's ratios published before were flattered
by as much (benchmarks/README.md says so where they stand).
"""

from __future__ import annotations

import random
from collections.abc import Callable

COLLECTION = (5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1)
"""One player's 13 ordinary cards (the supercard aside)."""
HAND = 7
GUARDS = 6
STRENGTHS = (1, 2, 3, 4, 5)
SUPER = 6
SUPER_BIT = 1 << SUPER
OPTIONS = [
    tuple(strength for strength in STRENGTHS if mask >> strength & 1) + ((SUPER,) if mask & SUPER_BIT else ())
    for mask in range(2 * SUPER_BIT)
]
"""A seat's options by the mask of what it holds: the distinct strengths in hand, then the supercard."""


def playout(
    players: int, rng: random.Random, stall_rounds: int = 100, check: bool = False
) -> tuple[int, tuple[int, ...]]:
    """Play one random game with `rng`; return (decisions taken, the winning seats). With `check`, assert after
    every round that every card is in exactly one place and the kept tops and counts are right."""
    pick = rng.random
    deck = list(COLLECTION) * players
    _shuffle(deck, pick)
    hands = []
    masks = []
    for seat in range(players):
        counts = [0] * 6
        mask = SUPER_BIT
        for card in deck[seat * HAND : (seat + 1) * HAND]:
            counts[card] += 1
            mask |= 1 << card
        hands.append(counts)
        masks.append(mask)
    sizes = [HAND] * players
    rest = deck[players * HAND :]
    guards = [rest[seat * GUARDS : (seat + 1) * GUARDS] for seat in range(players)]
    tops = [column[-1] for column in guards]
    guarded = [rest.count(strength) for strength in range(6)]  # cards of each strength still among the guards
    everywhere = [COLLECTION.count(strength) * players for strength in range(6)]
    supercards = players
    discard: list[int] = []
    discarded = discard.append
    reserve: list[int] = []
    decisions = 0
    stall = 0
    seats = range(players)
    while True:
        beaten = 0
        for seat in seats:  # the plays are secret until all are in, then resolved in seat order
            options = OPTIONS[masks[seat]]
            card = options[int(pick() * len(options))]
            if card == SUPER:
                masks[seat] ^= SUPER_BIT
                supercards -= 1
            else:
                counts = hands[seat]
                counts[card] -= 1
                if not counts[card]:
                    masks[seat] ^= 1 << card
                sizes[seat] -= 1
                discarded(card)
                if card < tops[seat]:
                    continue
            column = guards[seat]
            guard = column.pop()
            guarded[guard] -= 1
            discarded(guard)
            tops[seat] = column[-1] if column else 0
            beaten += 1
        decisions += players
        if beaten:
            stall = 0
            if 0 in tops:
                return decisions, tuple([seat for seat in seats if not guards[seat]])
            # Deadlocked: every card as strong as the weakest top guard lies among the guards. Only a round that
            # beat a guard can make it so: cards leave the guard columns, and top guards change, only when beaten.
            if not supercards and all(guarded[strength] == everywhere[strength] for strength in range(min(tops), 6)):
                return decisions, tuple(seats)  # a draw: nobody freed a hero
        else:
            stall += 1
            if stall >= stall_rounds:
                return decisions, tuple(seats)  # a draw: nobody freed a hero
        if 0 in sizes:
            for seat in seats:
                if sizes[seat]:
                    continue
                take = min(HAND, len(reserve))
                drawn = reserve[len(reserve) - take :]
                del reserve[len(reserve) - take :]
                if take < HAND and discard:
                    pile = discard
                    discard = []
                    discarded = discard.append
                    _shuffle(pile, pick)
                    need = HAND - take
                    drawn += pile[:need]
                    reserve += pile[need:]
                counts = hands[seat]
                mask = masks[seat] & SUPER_BIT
                for card in drawn:
                    counts[card] += 1
                    mask |= 1 << card
                masks[seat] = mask
                sizes[seat] = len(drawn)
        if check:
            _check(players, hands, masks, sizes, guards, tops, guarded, discard, reserve)


def playouts(players: int, games: int, seed: int = 0) -> int:
    """Play `games` random games with one generator seeded with `seed`, as a run of many would; the decisions
    taken."""
    rng = random.Random(seed)
    return sum(playout(players, rng)[0] for _ in range(games))


def _shuffle(cards: list[int], pick: Callable[[], float]) -> None:
    """Fisher-Yates with the generator's `random()`: faster than `random.shuffle`, which draws bits by calls."""
    for last in range(len(cards) - 1, 0, -1):
        other = int(pick() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]


def _check(
    players: int,
    hands: list[list[int]],
    masks: list[int],
    sizes: list[int],
    guards: list[list[int]],
    tops: list[int],
    guarded: list[int],
    discard: list[int],
    reserve: list[int],
) -> None:
    """Every ordinary card of every collection is in exactly one hand, guard column, the discard or the reserve;
    the masks, tops and guard counts the loop keeps agree with the cards."""
    counts = [0] * 6
    for hand, mask, size in zip(hands, masks, sizes, strict=True):
        assert sum(hand) == size and min(hand) >= 0
        assert mask & ~SUPER_BIT == sum(1 << strength for strength in STRENGTHS if hand[strength])
        for strength in STRENGTHS:
            counts[strength] += hand[strength]
    in_columns = [card for column in guards for card in column]
    for card in in_columns + discard + reserve:
        counts[card] += 1
    assert counts == [0] + [COLLECTION.count(strength) * players for strength in STRENGTHS], counts
    assert tops == [column[-1] if column else 0 for column in guards]
    assert guarded == [in_columns.count(strength) for strength in range(6)]
