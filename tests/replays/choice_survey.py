"""What format 2's choice stream takes per action (replays/FORMAT.md, "Why a choice index in as few bits as
the count needs").

    python -m tests.replays.choice_survey [MATCHES]

records MATCHES (default 100) seeded random matches of each installed game, the player count of each drawn at
random from the game's range, and prints per game the bytes of the choice stream per action (all the matches'
streams over all their actions), and what packing every choice of a match into one mixed-radix integer would
take (the sum of log2 of the number of legal actions at each step, in bytes), the bound of that encoding.
"""

from __future__ import annotations

import math
import sys
import tempfile
from pathlib import Path

from corekit import Rng, default_registry, play_match
from replays.format import read_replay
from replays.simulate import Simulator


def survey(game_id: str, matches: int) -> tuple[float, float]:
    """(stream bytes per action, mixed-radix bytes per action) over `matches` seeded random matches."""
    registry = default_registry()
    game = registry.game(game_id)
    counts = Rng(0xC401CE)
    stream = bound = steps = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(matches):
            players = game.min_players + counts.below(game.max_players - game.min_players + 1)
            path = Path(folder) / f"{seed}.cfr"
            play_match(game, ["random"] * players, seed, registry=registry, settings={"replay": path})
            replay = read_replay(path)
            stream += len(replay.choices)
            state = game.initial_state(players, seed)
            for seat, action in Simulator(replay, registry).moves():
                bound += math.log2(len(state.legal_actions(seat))) / 8
                state.apply(seat, action)
            steps += replay.steps
    return stream / steps, bound / steps


if __name__ == "__main__":
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for game_id in sorted(default_registry().games):
        per_action, bound = survey(game_id, matches)
        less = 1 - bound / per_action
        print(f"{game_id}: {per_action:.3f} bytes per action; one mixed-radix integer: {bound:.3f} ({less:.0%} less)")
