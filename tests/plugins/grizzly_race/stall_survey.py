"""How random guard races end: freed heroes, true deadlocks, or the stall rule (RULES.md, Assumption 7).

    python -m tests.plugins.grizzly_race.stall_survey PLAYERS GAMES [STALL_ROUNDS]

prints the count of each ending and the longest run of rounds without a beaten guard in a race that was
not deadlocked (what the safety net's default must stay above).
"""

from __future__ import annotations

import sys
from collections import Counter

from corekit import Rng
from plugins.grizzly_race.game import GrizzlyRace, RaceOptions


def survey(players: int, games: int, stall_rounds: int | None = None) -> tuple[Counter[str], int]:
    """The endings of `games` seeded random races and the longest stall outside a deadlock."""
    game = GrizzlyRace()
    options = RaceOptions() if stall_rounds is None else RaceOptions(stall_rounds=stall_rounds)
    endings: Counter[str] = Counter()
    longest = 0
    for seed in range(games):
        state = game.initial_state(players, seed, options)
        rng = Rng(seed ^ 0xABC)
        while not state.is_terminal:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                state.apply_unchecked(seat, legal[rng.below(len(legal))])
            if not state.deadlock:
                longest = max(longest, state.stall)
        endings[str(state.ending())] += 1  # hero freed, deadlocked or stalled
    return endings, longest


if __name__ == "__main__":
    players, games = int(sys.argv[1]), int(sys.argv[2])
    endings, longest = survey(players, games, int(sys.argv[3]) if len(sys.argv) > 3 else None)
    print(f"{players} players, {games} games: {dict(endings)}; longest stall outside a deadlock: {longest}")
