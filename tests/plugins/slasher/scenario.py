"""Scripted slasher positions: chosen hands, tabled locations and a stacked deck, with every card conserved."""

from collections import Counter

from corekit import GameError, Rng, TurnOrder
from plugins.slasher import heuristic
from plugins.slasher.cards import (
    BACK_ROOM,
    BEACH,
    FRONT_YARD,
    FULL_DECK,
    MAIN_HOUSE,
    NATURE,
    SEX_KILLS,
    UNEXPECTED_KILL,
)
from plugins.slasher.game import ATTACK, KILLER, LOCATION, PASS, Slasher, SlasherOptions, SlasherState

FILLERS = [
    [BEACH, BEACH, BEACH],
    [FRONT_YARD] * 3 + [BACK_ROOM],
    [FRONT_YARD] * 3 + [BACK_ROOM],
    [BACK_ROOM, BACK_ROOM, BEACH, BEACH],
    [BEACH, BEACH, MAIN_HOUSE, MAIN_HOUSE],
    [MAIN_HOUSE] * 4,
]
"""Location-only hands that play no part in an attack."""


def arranged(hands, places=None, deck_top=(), first=0, options=None, deck_empty=False, seed=0, stacks=None):
    """A match with chosen hands whose deck starts with `deck_top` (first drawn first), for scripted play.

    For each seat in `places`, that location lies tabled in front of it; for each seat in `stacks`, those
    locations do, bottom first. The rest of the 64 cards lie under `deck_top` in an order drawn from `seed`,
    or with `deck_empty` face up in the discard pile instead.
    """
    players = len(hands)
    tabled = {seat: [card] for seat, card in (places or {}).items()} | {s: list(p) for s, p in (stacks or {}).items()}
    rest = Counter(FULL_DECK)
    rest.subtract(card for hand in hands for card in hand)
    rest.subtract(deck_top)
    rest.subtract(card for stack in tabled.values() for card in stack)
    if any(n < 0 for n in rest.values()):
        raise GameError("slasher: the arranged cards are more than the deck holds")
    rng = Rng(seed)
    under = sorted(rest.elements())
    if deck_empty:
        deck, discard = list(reversed(deck_top)), under
    else:
        rng.shuffle(under)
        deck, discard = under + list(reversed(deck_top)), []
    return SlasherState(
        game=Slasher(),
        players=players,
        options=options or SlasherOptions(),
        rng=rng,
        hands=[sorted(h) for h in hands],
        stacks=[tabled.get(s, []) for s in range(players)],
        deck=deck,
        discard=discard,
        turns=TurnOrder(players, first),
    )


def attack(killer, places, players=4, hands=None, deck_top=(), options=None, deck_empty=False, stacks=None):
    """Seat 0 plays `killer` with every teen placed as in `places` (or `stacks`); the window is then open."""
    hands = hands or [[killer, *FILLERS[0]], *FILLERS[1:players]]
    state = arranged(hands, places, deck_top, options=options, deck_empty=deck_empty, stacks=stacks)
    state.apply(0, (KILLER, killer))
    return state


def everyone_passes(state):
    while state.phase == ATTACK:
        state.apply(state.to_act[0], (PASS,))


def attack_after_two_deaths():
    """Five seats: a Sex Kills kills the pair in Nature (seats 1 and 2), the three left place their teens, and seat 4
    plays an Unexpected Kill: its window is open over the living seats 4, 0 and 3."""
    hands = [
        [SEX_KILLS, FRONT_YARD, FRONT_YARD, FRONT_YARD],
        [BACK_ROOM] * 4,
        [BEACH] * 4,
        [BEACH] * 4,
        [UNEXPECTED_KILL, MAIN_HOUSE, MAIN_HOUSE, MAIN_HOUSE],
    ]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: NATURE, 3: FRONT_YARD, 4: MAIN_HOUSE}, hands=hands)
    everyone_passes(state)
    assert state.turns.living == (0, 3, 4)
    for seat, action in (
        (3, (LOCATION, BEACH, 3)),
        (4, (LOCATION, MAIN_HOUSE, 4)),
        (0, (LOCATION, FRONT_YARD, 0)),
        (3, (LOCATION, BEACH, 3)),
        (4, (KILLER, UNEXPECTED_KILL)),
    ):
        state.apply(seat, action)
    return state


def choose(state, seat):
    """The heuristic's choice for `seat` in `state`."""
    return heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))
