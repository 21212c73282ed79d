"""A sensible guard-race player: beat a known guard as cheaply as possible, keep the supercard for a
strong face-up guard or the last one, and against a face-down guard play the cheapest card that
probably wins, judged from the cards not yet seen."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, chain

from corekit import Rng, ordered_sum
from plugins.grizzly_race.game import COLLECTION, GUARDS, SUPER, RaceState, RaceView

CONFIDENT = 0.6
"""The chance of beating a face-down guard that a card must reach to be worth playing."""


def policy(obs: RaceView, seat: int, legal: Sequence[int], rng: Rng) -> int:
    """The heuristic's choice among `legal`."""
    column = obs.guards[seat]  # read straight from the view: a rollout asks at every decision
    top = column.up[-1] if column.up else None
    cards = [a for a in legal if a != SUPER]
    has_super = SUPER in legal
    if has_super and (column.size == 1 or not cards):
        return SUPER
    if top is not None:
        winners = [c for c in cards if c >= top]
        if winners:
            return min(winners)
        if has_super and top >= 4:
            return SUPER
        return min(cards)
    unseen = unseen_cards(obs)
    total = sum(unseen)
    if total == 0:
        return max(cards)
    at_most = list(accumulate(unseen))  # the unseen cards of each strength or weaker
    for card in cards:  # ascending: the cheapest card that probably wins
        if at_most[card] / total >= CONFIDENT:
            return card
    return max(cards)


_DEALT = {players: [0, *(copies * players for _, copies in sorted(COLLECTION))] for players in range(1, 5)}
"""How many cards of each strength (the index; 0 unused) a game of so many seats deals."""


def unseen_cards(obs: RaceView) -> list[int]:
    """How many cards of each strength (the index; 0 unused) the seat has not seen: every card of the game less
    its hand, the discard and the face-up guards. Its own commitment is still in its hand, already counted."""
    counts = _DEALT[len(obs.guards)][:]
    for card in chain(obs.hand, obs.discard):
        counts[card] -= 1
    for column in obs.guards:
        if column.up:
            counts[column.up[-1]] -= 1
    return [n if n > 0 else 0 for n in counts]


def evaluate(state: RaceState) -> list[float]:
    """Each seat's share of the progress made: guards passed, with an unspent supercard worth one."""
    scores = [
        (GUARDS - len(state.guards[s])) + (1.0 if state.supercard[s] else 0.0) + 0.5 for s in range(state.players)
    ]
    total = ordered_sum(scores)
    return [score / total for score in scores]
