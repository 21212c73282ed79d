"""Helpers for Camp Grizzly rule tests: a quiet table to arrange, and dice that roll what a test says.

A table keeps no record of where face-down cards came from (`record=False`): a test arranges cards by hand,
and no rules test samples. A state keeps its legal actions until the next action (`CachedLegalState`): the
helpers that change it by hand drop them, and a test changing a field itself after asking for them calls
`state.forget_legal()`."""

from __future__ import annotations

from corekit.state import Zone
from plugins.camp_grizzly.content import load
from plugins.camp_grizzly.game import CampGrizzly
from plugins.camp_grizzly.otis import OTIS
from plugins.camp_grizzly.phases import Phase
from plugins.camp_grizzly.state import CampState

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


def table(players: int = 3, seed: int = 1, **options) -> CampState:
    """A new match in the move phase of seat 0, with empty backpacks and Otis at the tool shed."""
    state = CampGrizzly().initial_state(players, seed, options, record=False)
    for s in range(players):
        state.survival_deck.extend(state.backpack[s] + state.permanents[s])
        state.backpack[s].clear()
        state.permanents[s].clear()
    state.move_left = state.movement(0)
    return state


def _zones(state: CampState) -> list[Zone]:
    return [state.zone(info.no) for info in state.layout().zones]


def pull(state: CampState, cid: int) -> None:
    """Take a card out of whatever zone holds it (a "?" card leaves its space with it)."""
    state.forget_legal()
    if cid in state.mysteries:
        del state.mystery_spaces[state.mysteries.index(cid)]
    state.spot.pop(cid, None)
    for zone in _zones(state):
        if cid in zone:
            zone.remove(cid)
            return
    raise LookupError(cid)


ZONES = {"equip": "equipped", "pack": "backpack", "perms": "permanents", "objs": "objectives"}
"""Short names of a counselor's zones."""


def give(state: CampState, seat: int, name: str, zone: str = "equipped") -> int:
    """Move a card from wherever it is (a deck, the supply, a "?" space, the ground) to a counselor's zone."""
    zone = ZONES.get(zone, zone)
    for pile in (
        state.cabin_deck,
        state.survival_deck,
        state.mystery_deck,
        state.supply,
        state.mysteries,
        state.ground,
    ):
        for cid in pile:
            if C.cards[cid].name == name:
                pull(state, cid)
                getattr(state, zone)[seat].append(cid)
                return cid
    raise LookupError(name)


def lay(state: CampState, cid: int, where: int, zone: str = "ground") -> int:
    """A card lying face up on a space, in the board zone `zone` (ground, locks, aids, cameos), taken from
    wherever it was."""
    pull(state, cid)
    getattr(state, zone).append(cid)
    state.spot[cid] = where
    return cid


def hide(state: CampState, cid: int, where: int) -> None:
    """The face-down "?" card on `where` is `cid` (a card already there goes back to the "?" deck)."""
    if where in state.mystery_spaces:
        old = state.mysteries[state.mystery_spaces.index(where)]
        pull(state, old)
        state.mystery_deck.append(old)
    pull(state, cid)
    state.mysteries.append(cid)
    state.mystery_spaces.append(where)


def bare(state: CampState) -> None:
    """No "?" spaces, keys or locks on the board: only what a test lays out (Otis stays at the tool shed)."""
    for cid in list(state.mysteries):
        pull(state, cid)
        state.mystery_deck.append(cid)
    for cid in [*state.ground, *state.locks]:
        pull(state, cid)
        state.supply.append(cid)


def mystery(state: CampState, where: str) -> None:
    """A face-down "?" card on the space named `where`."""
    hide(state, state.mystery_deck[-1], space(where))


def placed(state: CampState, zone: Zone) -> list[tuple[int, int]]:
    """(space, card) for each card of a board zone (ground, locks, aids, cameos)."""
    return [(state.spot[card], card) for card in zone]


def mysteries(state: CampState) -> list[tuple[int, int]]:
    """(space, card) of each face-down "?" card."""
    return list(zip(state.mystery_spaces, state.mysteries, strict=True))


def on_top(state: CampState, name: str) -> int:
    """Put a Cabin card on top of the Cabin deck."""
    state.forget_legal()
    cid = next(c for c in state.cabin_deck if C.cards[c].name == name)  # the lowest copy in the deck
    state.cabin_deck.remove(cid)
    state.cabin_deck.append(cid)
    return cid


def strike(state: CampState, where: int, then: Phase = Phase.MOVE) -> None:
    """OTIS STRIKES! at `where` in the active counselor's move phase."""
    state.forget_legal()
    OTIS.strike(state, where, then)
