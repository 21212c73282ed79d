"""What recording a replay costs in the process's own instructions, apart from the operating system's file calls.

    python -m benchmarks.record_instructions [GAME:PLAYERS ...] [--matches N]   # N: matches per child, 200

For each game (default: every game at its fewest and most players) it runs three child processes under
valgrind's callgrind: one that only starts up and plays a warm-up match, one that then plays N seeded random
matches, and one that plays and records the same matches (a new file per match in a memory-backed folder, as a
tournament writes them). Subtracting the first from the other two gives the instructions per match of playing
and of recording, which do not depend on the machine's load or its other processes. The CPU-time ratio of
`python -m benchmarks.report --only replays` also counts the kernel's time for each file (create, write, close,
rename) and the caches, which callgrind does not: the gap between the two says how much of a recording's cost is
the file rather than our code. Needs valgrind; prints a table, asserts nothing.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.conftest import asked_for_help, report_parser
from benchmarks.report import MEMORY_DISK

MODES = ("start", "play", "record")


def child(game_id: str, players: int, matches: int, mode: str, folder: Path) -> None:
    """The measured process: start up, play one warm-up match recorded into `folder`, then `matches` matches as
    `mode` says. The folder is made and removed by the parent, so removing the files is not counted."""
    from corekit import default_registry, play_match

    registry = default_registry()
    game = registry.game(game_id)
    specs = ["random"] * players
    fresh = itertools.count()
    # The warm-up imports the recorder and proves the folder (once per process), in every mode alike.
    play_match(game, specs, -1, registry=registry, settings={"replay": folder / "warm-up.cfr"})
    for seed in range(matches if mode != "start" else 0):
        settings = {"replay": folder / f"r{next(fresh)}.cfr"} if mode == "record" else {}
        play_match(game, specs, seed, registry=registry, settings=settings)


def instructions(game_id: str, players: int, matches: int, mode: str) -> int:
    """The instructions callgrind counts for one child process."""
    with (
        tempfile.TemporaryDirectory() as scratch,
        tempfile.TemporaryDirectory(dir=MEMORY_DISK if os.path.isdir(MEMORY_DISK) else None) as folder,
    ):
        out = Path(scratch) / "callgrind.out"
        valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        measured = [sys.executable, "-m", "benchmarks.record_instructions", "--child", game_id, str(players)]
        command = [*valgrind, *measured, str(matches), mode, folder]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            # The last line of valgrind's or the child's own report names the problem; the rest is its banner.
            last = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
            raise SystemExit(f"callgrind failed for {game_id} {players} {mode}: {last[0][-300:]}")
        return int(found.group(1))


def row(game_id: str, players: int, matches: int) -> str:
    """One table row: instructions per match playing and recording, and their ratio."""
    counts = {mode: instructions(game_id, players, matches, mode) for mode in MODES}
    play = (counts["play"] - counts["start"]) / matches
    record = (counts["record"] - counts["start"]) / matches
    return f"| {game_id} | {players} | {play / 1e6:.2f} | {record / 1e6:.2f} | {record / play:.2f} |"


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if asked_for_help(argv, __doc__):
        return
    parser = report_parser("benchmarks.record_instructions")
    parser.add_argument("rows", nargs="*")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--child", nargs=5)
    args = parser.parse_args(argv)
    if args.child:
        game_id, players, matches, mode, folder = args.child
        child(game_id, int(players), int(matches), mode, Path(folder))
        return
    rows = [_parse(text) for text in args.rows] or _every_game()
    if args.matches < 1:
        raise SystemExit(f"python -m benchmarks.record_instructions: --matches must be at least 1, got {args.matches}")
    if shutil.which("valgrind") is None:
        raise SystemExit(
            "python -m benchmarks.record_instructions: valgrind is not installed (this count is callgrind's)"
        )
    print("| game | players | play, million instructions/match | record | record / play |")
    print("|---|---|---|---|---|")
    for game_id, players in rows:
        print(row(game_id, players, args.matches), flush=True)


def _parse(text: str) -> tuple[str, int]:
    """`GAME:PLAYERS` of an installed game and a seat count it takes, or a one-line exit naming the problem."""
    from corekit import default_registry

    game_id, _, players = text.partition(":")
    if not players.isdigit():
        raise SystemExit(
            f"python -m benchmarks.record_instructions: {text!r}: expected GAME:PLAYERS, e.g. grizzly-race:2"
        )
    registry = default_registry()
    if game_id not in registry.games:
        raise SystemExit(f"python -m benchmarks.record_instructions: unknown game {game_id!r}")
    game = registry.game(game_id)
    if not game.min_players <= int(players) <= game.max_players:
        raise SystemExit(
            f"python -m benchmarks.record_instructions: {game_id} needs {game.min_players}-{game.max_players} "
            f"players, got {players}"
        )
    return game_id, int(players)


def _every_game() -> list[tuple[str, int]]:
    from corekit import default_registry

    registry = default_registry()
    return [
        (game_id, players)
        for game_id in sorted(registry.games)
        for players in sorted({registry.game(game_id).min_players, registry.game(game_id).max_players})
    ]


if __name__ == "__main__":
    main()
