"""Hand-made guard-race positions shared by the rule and render tests."""

from __future__ import annotations

from collections.abc import Sequence

from corekit import Commitments, Rng
from corekit.state import Zone
from plugins.grizzly_race.game import GrizzlyRace, RaceOptions, RaceState

GAME = GrizzlyRace()


def scenario(
    hands: Sequence[Sequence[int]],
    guards: Sequence[Sequence[int]],
    players: int | None = None,
    stall_rounds: int | None = None,
    discard: Sequence[int] = (),
    reserve: Sequence[int] = (),
    face_up: Sequence[int] = (),
    supercard: Sequence[bool] | None = None,
) -> RaceState:
    """A state with given hands and guard columns (bottom first), the top guard of each seat in `face_up`
    lying face up; the record of where face-down cards came from starts from this position."""
    players = players or len(hands)
    return RaceState(
        game=GAME,
        players=players,
        options=RaceOptions() if stall_rounds is None else RaceOptions(stall_rounds=stall_rounds),
        rng=Rng(1),
        hands=[sorted(h) for h in hands],
        guards=[Zone(g, up=1 if seat in face_up else 0) for seat, g in enumerate(guards)],
        discard=list(discard),
        reserve=list(reserve),
        supercard=list(supercard) if supercard is not None else [True] * players,
        commitments=Commitments(range(players)),
    )


def play_round(state: RaceState, *actions: int) -> None:
    """Every seat commits in seat order; the last commitment resolves the round."""
    for seat, action in enumerate(actions):
        state.apply(seat, action)
