"""How often the interop's hashed observation vector (`corekit.interop.encoding`) puts two leaves of one
observation on one entry: per game and player count, the share of observations with such a collision, over
seeded matches of uniformly random moves, every seat's observation at every decision (docs/interop.md's table).

    python -m benchmarks.feature_collisions            # every game at every player count, 40 matches each
    python -m benchmarks.feature_collisions --matches 5 --only slasher

A count, not a timing: the same on every machine.
"""

from __future__ import annotations

import argparse

from corekit import Rng, default_registry
from corekit.interop.encoding import leaves, observation_features


def collision_share(game_id: str, players: int, matches: int) -> float:
    """The share of observations in which two leaves fall on one entry of the vector."""
    game = default_registry().game(game_id)
    collided = observed = 0
    for match in range(matches):
        state = game.initial_state(players, 1000 + match)
        rng = Rng(match)
        while state.to_act:
            for seat in range(players):
                seen = state.observation(seat)
                observed += 1
                # every leaf is a distinct path=value: fewer entries set than leaves means two shared one
                collided += len(set(observation_features(seen))) < len(leaves(seen))
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    return collided / observed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--only", default="", help="one game id")
    args = parser.parse_args()
    registry = default_registry()
    for game_id in [args.only] if args.only else sorted(registry.games):
        game = registry.game(game_id)
        shares = {n: collision_share(game_id, n, args.matches) for n in range(game.min_players, game.max_players + 1)}
        print(f"| {game_id} | " + " | ".join(f"{n}: {share:.2f}" for n, share in shares.items()) + " |", flush=True)


if __name__ == "__main__":
    main()
