"""How long random slasher games go without a death (RULES.md, Assumption 16: the `stall_turns` rule).

    python -m tests.plugins.slasher.death_gap_survey PLAYERS GAMES

prints how many of `GAMES` seeded games of uniformly random moves ended by the stall rule, and the longest run
of turns without a death in the others (what `stall_turns`' default must stay above).
"""

from __future__ import annotations

import sys

from corekit import Rng, default_registry


def survey(players: int, games: int) -> tuple[int, int]:
    """How many seeded random games the stall rule ended, and the longest stall of the others."""
    game = default_registry().game("slasher")
    stalled = longest = 0
    for seed in range(games):
        state = game.initial_state(players, seed)
        rng = Rng(seed ^ 0xABC)
        most = 0
        while state.to_act:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.below(len(legal))])
            most = max(most, state.stall)
        if state.ending() == "stalled":
            stalled += 1
        else:
            longest = max(longest, most)
    return stalled, longest


if __name__ == "__main__":
    players, games = int(sys.argv[1]), int(sys.argv[2])
    stalled, longest = survey(players, games)
    print(
        f"{players} players, {games} games: {stalled} ended by the stall rule; longest stall of the others: {longest}"
    )
