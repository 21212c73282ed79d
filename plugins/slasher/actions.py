"""Every action of a slasher match, listed once each in a fixed order (`Slasher.action_space`).

OpenSpiel and PettingZoo number actions by this list (`corekit.interop`), so its order must never change
for a game version: new actions go at the end. The shapes are those of `game.py`'s docstring.
"""

from __future__ import annotations

from typing import Any

from plugins.slasher.cards import CARDS, FLEE, JUST_A_CAT, KILLERS, LOCATIONS, PANIC
from plugins.slasher.game import KILLER, LOCATION, NEW_HAND, PASS, REACT


def action_space(players: int, options: Any) -> tuple[tuple[int, ...], ...]:
    """A pass, each location onto each teen, each killer, a new hand, then the reactions; with the optional
    discard rule, each play also once with every kind of card as the extra discard."""
    extras = sorted(CARDS) if options.discard_one else []
    actions: list[tuple[int, ...]] = [(PASS,)]
    for card in LOCATIONS:
        for target in range(players):
            actions.append((LOCATION, card, target))
            actions.extend((LOCATION, card, target, other) for other in extras)
    for card in KILLERS:
        actions.append((KILLER, card))
        actions.extend((KILLER, card, other) for other in extras)
    actions.append((NEW_HAND,))
    actions.extend((REACT, FLEE, target) for target in range(players))
    actions += [(REACT, PANIC), (REACT, JUST_A_CAT)]
    return tuple(actions)
