"""Scripted slasher positions: chosen hands, tabled locations and a stacked deck, with every card conserved."""

from plugins.slasher.cards import BACK_ROOM, BEACH, FRONT_YARD, MAIN_HOUSE
from plugins.slasher.game import ATTACK, KILLER, PASS, deal

FILLERS = [
    [BEACH, BEACH, BEACH],
    [FRONT_YARD] * 3 + [BACK_ROOM],
    [FRONT_YARD] * 3 + [BACK_ROOM],
    [BACK_ROOM, BACK_ROOM, BEACH, BEACH],
    [BEACH, BEACH, MAIN_HOUSE, MAIN_HOUSE],
    [MAIN_HOUSE] * 4,
]
"""Location-only hands that play no part in an attack."""


def arranged(hands, places=None, deck_top=(), first=0, options=None, deck_empty=False):
    """A match with these hands and, for each seat in `places`, that location tabled; with `deck_empty`, every
    other card lies in the discard pile."""
    return deal(len(hands), hands, deck_top, first=first, options=options, places=places, deck_empty=deck_empty)


def attack(killer, places, players=4, hands=None, deck_top=(), options=None, deck_empty=False):
    """Seat 0 plays `killer` with every teen placed as in `places`; the window is then open."""
    hands = hands or [[killer, *FILLERS[0]], *FILLERS[1:players]]
    state = arranged(hands, places, deck_top, options=options, deck_empty=deck_empty)
    state.apply(0, (KILLER, killer))
    return state


def everyone_passes(state):
    while state.phase == ATTACK:
        state.apply(state.to_act[0], (PASS,))
