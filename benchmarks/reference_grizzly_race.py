"""The guard race in the fastest plain Python a good engineer would write: the yardstick for the engine.

The same rules as plugins/grizzly_race (RULES.md): simultaneous plays resolved in seat order, a card at least the
guard's strength wins, the supercard beats anything once, empty hands refill from the reserve and then from the
shuffled discard (whose rest becomes the reserve), the first seats past all six guards share the win, and a true
deadlock (every supercard spent, every card in circulation weaker than every top guard) or `stall_rounds` rounds
in a row with no guard beaten end the game in a draw, every seat sharing it (version 4). Random play: each seat
picks uniformly among the distinct strengths in its hand and, while it has it, the supercard, as a random player
picks among the engine's legal actions.

None of the engine: no corekit import at all, the standard library's `random`, hands as counts per strength,
no observations, no validation, no records of where face-down cards came from. tests/benchmarks checks that it
plays legal, complete games whose outcomes match the engine's within sampling error.
"""

from __future__ import annotations

import random

COLLECTION = (5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1)
"""One player's 13 ordinary cards (the supercard aside)."""
HAND = 7
GUARDS = 6
STRENGTHS = (1, 2, 3, 4, 5)
SUPER = 6


def playout(players: int, seed: int, stall_rounds: int = 100, check: bool = False) -> tuple[int, tuple[int, ...]]:
    """Play one random game; return (decisions taken, the winning seats). With `check`, assert after every
    round that every card is in exactly one place."""
    rng = random.Random(seed)
    pick = rng.random
    deck = list(COLLECTION) * players
    rng.shuffle(deck)
    hands = []
    for seat in range(players):
        counts = [0] * 6
        for card in deck[seat * HAND : (seat + 1) * HAND]:
            counts[card] += 1
        hands.append(counts)
    sizes = [HAND] * players
    rest = deck[players * HAND :]
    guards = [rest[seat * GUARDS : (seat + 1) * GUARDS] for seat in range(players)]
    supercard = [True] * players
    discard: list[int] = []
    reserve: list[int] = []
    decisions = 0
    stall = 0
    seats = range(players)
    while True:
        beaten = 0
        for seat in seats:  # the plays are secret until all are in, then resolved in seat order
            counts = hands[seat]
            options = [strength for strength in STRENGTHS if counts[strength]]
            if supercard[seat]:
                options.append(SUPER)
            card = options[int(pick() * len(options))]
            decisions += 1
            column = guards[seat]
            if card == SUPER:
                supercard[seat] = False
            else:
                counts[card] -= 1
                sizes[seat] -= 1
                discard.append(card)
                if card < column[-1]:
                    continue
            discard.append(column.pop())
            beaten += 1
        stall = 0 if beaten else stall + 1
        if not all(guards):
            return decisions, tuple(seat for seat in seats if not guards[seat])
        if stall >= stall_rounds or (not any(supercard) and _deadlocked(hands, guards, discard, reserve)):
            return decisions, tuple(seats)  # a draw: nobody freed a hero
        for seat in seats:
            if sizes[seat]:
                continue
            counts = hands[seat]
            take = min(HAND, len(reserve))
            drawn = reserve[len(reserve) - take :]
            del reserve[len(reserve) - take :]
            if take < HAND and discard:
                pile, discard = discard, []
                rng.shuffle(pile)
                need = HAND - take
                drawn += pile[:need]
                reserve += pile[need:]
            for card in drawn:
                counts[card] += 1
            sizes[seat] = len(drawn)
        if check:
            _check_conservation(players, hands, guards, discard, reserve, sizes)


def _deadlocked(hands: list[list[int]], guards: list[list[int]], discard: list[int], reserve: list[int]) -> bool:
    """No card in circulation can beat any top guard (the supercards are spent: the caller checked)."""
    strongest = max(max((strength for strength in STRENGTHS if hand[strength]), default=0) for hand in hands)
    strongest = max(strongest, max(discard, default=0), max(reserve, default=0))
    return all(strongest < column[-1] for column in guards)


def _check_conservation(
    players: int,
    hands: list[list[int]],
    guards: list[list[int]],
    discard: list[int],
    reserve: list[int],
    sizes: list[int],
) -> None:
    """Every ordinary card of every collection is in exactly one hand, guard column, the discard or the reserve."""
    counts = [0] * 6
    for hand, size in zip(hands, sizes):
        assert sum(hand) == size and min(hand) >= 0
        for strength in STRENGTHS:
            counts[strength] += hand[strength]
    for card in [card for column in guards for card in column] + discard + reserve:
        counts[card] += 1
    assert counts == [0] + [COLLECTION.count(strength) * players for strength in STRENGTHS], counts
