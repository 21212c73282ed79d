"""Whether a game plays the same matches in another process.

Python salts the hash of every string per process (PYTHONHASHSEED), so a set of strings, or a dict built from
one, iterates in another order in another process. A game that lets such an order reach its legal actions or
its rules plays another match from the same seed there, and its replays fail to verify; one process alone
cannot see it. `campfire check` plays a few seeded random matches in two child processes with two fixed hash
seeds and compares each match's fingerprint with its own.

Run as `python -m corekit.determinism GAME PLAYERS MATCHES SEED [OPTIONS_JSON]`, it prints the fingerprints as
one JSON list: the child side of that comparison.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from typing import Any

from corekit.game import Game
from corekit.options import options_to_dict
from corekit.rng import Rng, derive_seed

HASH_SEEDS = ("1", "2")
"""The children's PYTHONHASHSEED values: fixed, so a game that fails fails every time."""

TIMEOUT = 600.0
"""Seconds a child may take: a game that hangs is the other checks' to report."""


def fingerprints(game: Game, players: int, matches: int, seed: int, options: Any = None) -> list[str]:
    """One hex fingerprint per seeded random match: the code of every action played (so a legal-action order
    that changed, or another move, shows) and the final state's digest."""
    options = game.make_options(options)
    bound = game.max_decisions(players, options)
    prints = []
    for index in range(matches):
        match_seed = derive_seed(seed, "determinism", game.id, players, index)
        state = game.initial_state(players, match_seed, options)
        rng = Rng(match_seed)
        walk = hashlib.blake2b(digest_size=8)
        steps = 0
        while not state.is_terminal and steps < bound:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            walk.update(json.dumps([seat, len(legal), game.encode_action(action)]).encode())
            state.apply(seat, action)
            steps += 1
        walk.update(state.digest().encode())
        prints.append(walk.hexdigest())
    return prints


def other_processes(game: Game, players: int, matches: int, seed: int, options: Any = None) -> str | None:
    """Compare this process's fingerprints with those of two children under other hash seeds: None when every
    match is the same, else one line saying which match differs and under which PYTHONHASHSEED. The game must be
    installed or named in CAMPFIRE_PLUGINS for a child to find it (checked first, by the caller)."""
    mine = fingerprints(game, players, matches, seed, options)
    data = json.dumps(options_to_dict(game.make_options(options)))
    for hash_seed in HASH_SEEDS:
        command = [sys.executable, "-m", "corekit.determinism", game.id, str(players), str(matches), str(seed), data]
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=TIMEOUT, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            return f"a child process with PYTHONHASHSEED={hash_seed} could not play the matches: {last}"
        theirs = json.loads(done.stdout)
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                return (
                    f"match {index} of the determinism check plays differently in a process with "
                    f"PYTHONHASHSEED={hash_seed}: the game's order depends on string hashing (a set of strings, "
                    "or a dict made from one, iterated); sort it or keep an ordered sequence"
                )
    return None


def main(argv: list[str]) -> int:
    """The child: print the fingerprints of the matches `argv` names."""
    from corekit.plugins import default_registry

    game_id, players, matches, seed = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    options = json.loads(argv[4]) if len(argv) > 4 else None
    game = default_registry().game(game_id)
    print(json.dumps(fingerprints(game, players, matches, seed, options)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
