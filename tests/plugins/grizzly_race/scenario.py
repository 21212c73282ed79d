"""Hand-made guard-race positions shared by the rule and render tests."""

from __future__ import annotations

from collections.abc import Sequence

from plugins.grizzly_race.game import GrizzlyRace, RaceOptions, RaceState

GAME = GrizzlyRace()


def scenario(
    hands: Sequence[Sequence[int]],
    guards: Sequence[Sequence[int]],
    players: int | None = None,
    stall_rounds: int = 30,
    discard: Sequence[int] = (),
    reserve: Sequence[int] = (),
) -> RaceState:
    """A state with given hands and guard columns (bottom first); every other card is in the discard."""
    players = players or len(hands)
    state = GAME.initial_state(players, 1, RaceOptions(stall_rounds=stall_rounds))
    state.hands = [sorted(h) for h in hands]
    state.guards = [list(g) for g in guards]
    state.discard = list(discard)
    state.reserve = list(reserve)
    state._record_deal()  # the record of where face-down cards came from starts from this position
    return state


def play_round(state: RaceState, *actions: int) -> None:
    """Every seat commits in seat order; the last commitment resolves the round."""
    for seat, action in enumerate(actions):
        state.apply(seat, action)
