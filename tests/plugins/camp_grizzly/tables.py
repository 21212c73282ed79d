"""Helpers for Camp Grizzly rule tests: a quiet table to arrange, and dice that roll what a test says."""

from __future__ import annotations

from plugins.camp_grizzly.content import load
from plugins.camp_grizzly.game import CampGrizzly

C = load()


class Dice:
    """A stand-in for the state's generator: dice come from a script; `below` picks the first option."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)
        self.state = 0

    def die(self, sides: int = 6) -> int:
        """The next scripted roll (it must fit the die)."""
        roll = self.rolls.pop(0)
        assert 1 <= roll <= sides, f"scripted roll {roll} does not fit a d{sides}"
        return roll

    def below(self, n: int) -> int:
        return 0

    def shuffle(self, items: list) -> None:
        pass


def space(name: str) -> int:
    """A space's index by name."""
    return C.index[name]


def card(name: str, deck: str | None = None) -> int:
    """The first card id with that name."""
    return next(c.id for c in C.cards if c.name == name and (deck is None or c.deck == deck))


def cards(name: str) -> list[int]:
    """Every card id with that name."""
    return [c.id for c in C.cards if c.name == name]


def table(players: int = 3, seed: int = 1, **options):
    """A new match in the move phase of seat 0, with empty backpacks and Otis at the tool shed."""
    state = CampGrizzly().initial_state(players, seed, options)
    for s in range(players):
        state.surv_deck.extend(state.pack[s] + state.perms[s])
        state.pack[s], state.perms[s] = [], []
    state.move_left = state.movement(0)
    return state


def give(state, seat: int, name: str, zone: str = "equip") -> int:
    """Move a card from wherever it is (a deck, the supply, a "?" space, the ground) to a counselor's zone."""
    for pile in (state.cab_deck, state.surv_deck, state.q_deck, state.supply):
        for cid in pile:
            if C.cards[cid].name == name:
                pile.remove(cid)
                getattr(state, zone)[seat].append(cid)
                return cid
    for pairs in (state.qs, state.ground):
        for entry in pairs:
            if C.cards[entry[1]].name == name:
                pairs.remove(entry)
                getattr(state, zone)[seat].append(entry[1])
                return entry[1]
    raise LookupError(name)


def on_top(state, name: str) -> int:
    """Put a Cabin card on top of the Cabin deck."""
    cid = next(c for c in state.cab_deck if C.cards[c].name == name)  # the lowest copy in the deck
    state.cab_deck.remove(cid)
    state.cab_deck.append(cid)
    return cid
