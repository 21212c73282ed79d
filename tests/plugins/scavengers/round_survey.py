"""How long random games of Scavengers last in rounds (RULES.md, Assumption 1: the `max_rounds` bound).

    python -m tests.plugins.scavengers.round_survey PLAYERS GAMES

prints the mean and the longest number of rounds of `GAMES` seeded games of uniformly random moves, and how
many reached the bound (what `max_rounds`' default must stay above).
"""

from __future__ import annotations

import sys

from corekit import Rng, default_registry


def survey(players: int, games: int) -> tuple[float, int, int]:
    """The mean and longest length in rounds of `games` seeded random games, and how many reached the bound."""
    game = default_registry().game("scavengers")
    bound = game.rounds_bound(players, game.make_options(None))
    lengths = []
    for seed in range(games):
        state = game.initial_state(players, seed)
        rng = Rng(seed ^ 0xABC)
        while state.to_act:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply_unchecked(seat, legal[rng.below(len(legal))])
        lengths.append(state.observation(None).round)
    return sum(lengths) / games, max(lengths), sum(1 for length in lengths if length >= bound)


if __name__ == "__main__":
    players, games = int(sys.argv[1]), int(sys.argv[2])
    mean, longest, bounded = survey(players, games)
    print(
        f"{players} players, {games} games: {mean:.1f} rounds on average, the longest {longest}; {bounded} at the bound"
    )
