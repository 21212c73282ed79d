"""A sensible guard-race player: beat a known guard as cheaply as possible, keep the supercard for a
strong face-up guard or the last one, and against a face-down guard play the cheapest card that
probably wins, judged from the cards not yet seen."""

from __future__ import annotations

from collections.abc import Sequence

from corekit import Rng
from plugins.grizzly_race.game import GUARDS, SUPER, RaceState, RaceView, unseen_counts

CONFIDENT = 0.6
"""The chance of beating a face-down guard that a card must reach to be worth playing."""


def policy(obs: RaceView, seat: int, legal: Sequence[int], rng: Rng) -> int:
    """The heuristic's choice among `legal`."""
    lane = obs.lanes[seat]
    cards = [a for a in legal if a != SUPER]
    has_super = SUPER in legal
    if has_super and (lane.guards_left == 1 or not cards):
        return SUPER
    if lane.top_guard is not None:
        winners = [c for c in cards if c >= lane.top_guard]
        if winners:
            return min(winners)
        if has_super and lane.top_guard >= 4:
            return SUPER
        return min(cards)
    unseen = unseen_counts(obs, len(obs.lanes))
    total = sum(unseen.values())
    if total == 0:
        return max(cards)
    for card in cards:  # ascending: the cheapest card that probably wins
        if sum(n for strength, n in unseen.items() if strength <= card) / total >= CONFIDENT:
            return card
    return max(cards)


def evaluate(state: RaceState) -> list[float]:
    """Each seat's share of the progress made: guards passed, with an unspent supercard worth one."""
    scores = [
        (GUARDS - len(state.guards[s])) + (1.0 if state.supercard[s] else 0.0) + 0.5 for s in range(state.players)
    ]
    total = sum(scores)
    return [score / total for score in scores]
