"""A tight hand-written plain-Python loop of the guard race's rules: the yardstick for engine overhead.

Same rules and the same generator as plugins/grizzly_race, none of the engine: no states, no
validation, no commitments object, no observations. Returns the number of decisions made.
"""

from __future__ import annotations

from corekit.rng import Rng

COLLECTION = (5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1)
SUPER = 6


def playout(players: int, seed: int, stall_rounds: int = 30) -> int:
    """Play one random game; return how many decisions it took."""
    rng = Rng(seed)
    below = rng.below
    deck = list(COLLECTION) * players
    rng.shuffle(deck)
    hands = [sorted(deck[s * 7 : (s + 1) * 7]) for s in range(players)]
    rest = deck[players * 7 :]
    guards = [rest[s * 6 : (s + 1) * 6] for s in range(players)]
    supercard = [True] * players
    discard: list[int] = []
    reserve: list[int] = []
    decisions = 0
    stall = 0
    while True:
        plays = []
        for seat in range(players):
            options = sorted(set(hands[seat]))
            if supercard[seat]:
                options.append(SUPER)
            plays.append(options[below(len(options))])
            decisions += 1
        beaten = 0
        for seat, card in enumerate(plays):
            column = guards[seat]
            if card == SUPER:
                supercard[seat] = False
                won = True
            else:
                hands[seat].remove(card)
                discard.append(card)
                won = card >= column[-1]
            if won:
                discard.append(column.pop())
                beaten += 1
        stall = 0 if beaten else stall + 1
        if not all(guards) or stall >= stall_rounds:
            return decisions
        for seat in range(players):
            hand = hands[seat]
            if hand:
                continue
            take = min(7, len(reserve))
            if take:
                hand.extend(reserve[-take:])
                del reserve[-take:]
            if len(hand) < 7 and discard:
                pile, discard = discard, []
                rng.shuffle(pile)
                need = 7 - len(hand)
                hand.extend(pile[:need])
                reserve.extend(pile[need:])
            hand.sort()
