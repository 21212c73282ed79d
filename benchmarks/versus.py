"""This checkout against an earlier revision: random playouts and MCTS searches of every game, and tree memory.

    python -m benchmarks.versus 04c25bc               # rewrites the "Before and after" table in the README
    python -m benchmarks.versus 04c25bc --quick       # tiny sizes, prints, writes nothing (a smoke run)
    python -m benchmarks.versus 04c25bc --only slasher  # some games only: prints, writes nothing

The revision is exported (`git archive`) into a temporary folder, and every measurement runs in a child process of
one checkout or the other, the two taken in turn within each repetition (interleaved), so a burst of load falls on
both alike. A child times only its work, in CPU time, after a warm-up; what it runs is the public contract both
revisions share (`initial_state`, `to_act`, `legal_actions`, `apply`, `is_terminal`; `corekit.runner.build_spec` for
the searches; for a tree, each checkout's `MctsPlayer` searching with random rollouts, the bytes of its tree and of
its search's tables counted by this checkout's `benchmarks/held.py`), so the same code measures both. A rate's ratio
is the median of the per-repetition ratios, after over before: above 1 is faster now. A game whose rules version
changed between the two plays other matches on the same seeds; random playouts count decisions, so their rates still
compare.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import attrs

from benchmarks.conftest import asked_for_help, report_parser
from benchmarks.report import FULL, _stamp, _write
from benchmarks.timing import Spread, ratio
from corekit import default_registry

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, random, sys, time
from corekit import SeatView, default_registry
from corekit.runner import build_spec

what, game_id, players, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
# The searches start from the openings of OPENINGS deals: one opening is one position, and a game whose rules
# version changed deals another hand for the same seed, so a single opening compares two positions, not two engines.
OPENINGS = 5
registry = default_registry()
game = registry.game(game_id)

def playouts(seeds, least):
    decisions, seed = 0, 0
    while seed < seeds or decisions < least:
        state = game.initial_state(players, seed)
        pick = random.Random(seed ^ 0xABC).random
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(pick() * len(legal))])
            decisions += 1
        seed += 1
    return decisions

if what == "playouts":
    playouts(1, 0)
    started = time.process_time()
    count = playouts(1, size)
elif what == "memory":  # this checkout's benchmarks/held.py, loaded by its path, measures either tree
    import importlib.util
    from ai.mcts import MctsOptions, MctsPlayer, Rollout
    from benchmarks.bench_mcts import tree_size
    spec = importlib.util.spec_from_file_location("held", sys.argv[5])
    held = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(held)
    state = game.initial_state(players, 0)
    player = MctsPlayer(MctsOptions(iterations=size, rollout=Rollout.RANDOM), 1, registry.heuristic(game_id))
    root = player.search(SeatView(state, state.to_act[0]))
    started = time.process_time()
    count = held.search_bytes(player) / tree_size(root)[0]
else:  # one search from the opening of each of OPENINGS deals, `size` iterations in all
    views = []
    for seed in range(OPENINGS):
        state = game.initial_state(players, seed)
        views.append(SeatView(state, state.to_act[0]))
    spec = f"mcts:iterations={max(1, size // OPENINGS)}" + (",rollout=random" if what == "mcts-random" else "")
    build_spec(game, spec, 2, registry).decide(views[0])
    started = time.process_time()
    for seed, view in enumerate(views):
        build_spec(game, spec, seed, registry).decide(view)
    count = max(1, size // OPENINGS) * OPENINGS
print(json.dumps([count, time.process_time() - started]))
"""


@attrs.frozen
class Sizes:
    repeats: int
    playout_decisions: int
    iterations: int
    memory_iterations: int


FULL_SIZES = Sizes(repeats=5, playout_decisions=30_000, iterations=300, memory_iterations=2_000)
QUICK_SIZES = Sizes(repeats=1, playout_decisions=200, iterations=5, memory_iterations=50)

MEASURES = {
    "playouts": "random playouts, decisions/s (`apply`)",
    "mcts": "MCTS iterations/s, the game's defaults",
    "mcts-random": "MCTS iterations/s, `rollout=random`",
}


def main(argv: Sequence[str]) -> None:
    """Measure both checkouts; print the table with --quick, else rewrite it in the README."""
    if asked_for_help(argv, __doc__):
        return
    parser = report_parser("benchmarks.versus")
    parser.add_argument("revision", help="the earlier revision (a commit, tag or branch of this repository)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated game ids (the table is then printed, not written)")
    args = parser.parse_args(argv)
    games = sorted(default_registry().games)
    wanted = [game for game in args.only.split(",") if game] or games
    if set(wanted) - set(games):
        sys.exit(f"python -m benchmarks.versus: unknown game {', '.join(sorted(set(wanted) - set(games)))}")
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    with tempfile.TemporaryDirectory(prefix="campfire-before-") as folder:
        before = Path(folder)
        archive = subprocess.run(["git", "archive", args.revision], cwd=ROOT, capture_output=True, check=False)
        if archive.returncode != 0:
            sys.exit(f"python -m benchmarks.versus: git archive {args.revision}: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
        table = versus_table(before, ROOT, sizes, wanted)
    method = f"median (min-max) of {sizes.repeats} interleaved repetitions"
    block = f"{_stamp(f'python -m benchmarks.versus {args.revision}', FULL, method)}\n\n{table}"
    if args.quick or args.only:
        print(block)
    else:
        _write("versus", block)
        print("versus: written to benchmarks/README.md", flush=True)


def versus_table(before: Path, after: Path, sizes: Sizes, games: Sequence[str]) -> str:
    """One row per game and player count: each measure before and after, and their ratio."""
    header = " | ".join(f"{text}: before | after | after / before" for text in MEASURES.values())
    rows = [f"| game | players | {header} |", "|---|---|" + "---|" * (3 * len(MEASURES))]
    registry = default_registry()
    for game_id in games:
        game = registry.game(game_id)
        for players in sorted({max(game.min_players, min(2, game.max_players)), game.max_players}):
            cells = []
            for what in MEASURES:
                size = sizes.playout_decisions if what == "playouts" else sizes.iterations
                rates: dict[Path, list[float]] = {before: [], after: []}
                for _ in range(sizes.repeats):
                    for checkout in (before, after):
                        count, seconds = _child(checkout, what, game_id, players, size)
                        rates[checkout].append(count / seconds)
                times = {checkout: [1 / rate for rate in values] for checkout, values in rates.items()}
                cells += [
                    Spread.of(times[before]).inverse().text("{:,.0f}"),
                    Spread.of(times[after]).inverse().text("{:,.0f}"),
                    f"{ratio(times[before], times[after]).text()}x",
                ]
            rows.append(f"| {game_id} | {players} | {' | '.join(cells)} |")
    rows += ["", "| game | players | MCTS bytes per node, before | after |", "|---|---|---|---|"]
    for game_id in games:
        game = registry.game(game_id)
        players = max(game.min_players, min(2, game.max_players))
        held = [
            _child(checkout, "memory", game_id, players, sizes.memory_iterations)[0] for checkout in (before, after)
        ]
        rows.append(f"| {game_id} | {players} | {held[0]:,.0f} | {held[1]:,.0f} |")
    return "\n".join(rows)


def _child(checkout: Path, what: str, game_id: str, players: int, size: int) -> tuple[float, float]:
    """(count, CPU seconds) of one measurement in a child process of `checkout`'s code."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, what, game_id, str(players), str(size), str(ROOT / "benchmarks" / "held.py")],
        cwd=checkout,
        env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no message"])[-1]
        sys.exit(f"python -m benchmarks.versus: {what} of {game_id} in {checkout} failed: {tail}")
    count, seconds = json.loads(done.stdout)
    return float(count), float(seconds)


if __name__ == "__main__":
    main(sys.argv[1:])
