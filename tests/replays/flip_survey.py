"""How many one-bit changes of a replay's choice stream `campfire replay verify` cannot see (replays/FORMAT.md:
a changed choice that still names a legal action is seen only if its effects are still in the state at the
next digest).

    python -m tests.replays.flip_survey [MATCHES]

records MATCHES (default 20) seeded random matches of each installed game at its fewest and most players,
flips each bit of each match's choice stream in turn (one flip per copy, the copy re-encoded, so its checksum
is right), and prints per game and player count how many of the copies still verify: each is another legal
match reaching the same digests.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import attrs

from corekit import default_registry, play_match
from replays.format import ReplayError, decode_replay, encode_replay, read_replay
from replays.simulate import Simulator


def survey(game_id: str, players: int, matches: int) -> tuple[int, int]:
    """(copies that still verified, copies made) over `matches` seeded random matches."""
    registry = default_registry()
    game = registry.game(game_id)
    unseen = made = 0
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(matches):
            path = Path(folder) / f"{seed}.cfr"
            play_match(game, ["random"] * players, seed, registry=registry, settings={"replay": path})
            replay = read_replay(path)
            for bit in range(8 * len(replay.choices)):
                flipped = bytearray(replay.choices)
                flipped[bit // 8] ^= 0x80 >> (bit % 8)
                made += 1
                try:
                    copy = decode_replay(encode_replay(attrs.evolve(replay, choices=bytes(flipped))))
                    Simulator(copy, registry).verify()
                except ReplayError:
                    continue
                unseen += 1
    return unseen, made


if __name__ == "__main__":
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    registry = default_registry()
    for game_id in sorted(registry.games):
        game = registry.game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            unseen, made = survey(game_id, players, matches)
            print(f"{game_id} at {players}: {unseen} of {made} flipped copies still verify ({unseen / made:.1%})")
