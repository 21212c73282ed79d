"""Campfire's MCTS against OpenSpiel's ISMCTSBot (through the OpenSpiel adapter) on grizzly-race.

    python -m benchmarks.openspiel_ismcts [--players N] [--iterations N] [--seconds S] [--games N] [--quick]

Two measurements, both needing the extra `[openspiel]`:

1. **Time per simulation**, on the same positions of the same game (a few points of a seeded random match),
   seen from the same seat view: Campfire's `mcts` with random rollouts (what ISMCTSBot's evaluator does), the
   same with its default heuristic rollouts, and `os-ismcts`, each a whole decision of `--iterations`
   simulations, run in turn within each repetition, in CPU time (`benchmarks.timing`); a figure is the median
   over repetitions and positions of a decision's time divided by its simulations, min and max in brackets,
   and `os-ismcts`'s time over each of ours the median of those ratios, each taken within one repetition.
   `os-ismcts` plays through Campfire's OpenSpiel adapter (pyspiel's C++ state calling back into Python, and the
   seat's observation string as the tree's key), so its time is the adapter's as much as ISMCTSBot's.
2. **Strength at equal wall-clock time per move**: a strength run (`corekit.tournament.strength`),
   `mcts:rollout=random` in one seat and `os-ismcts` in the others, both at `seconds=--seconds` per decision,
   the seat of `mcts` rotated deal by deal; its score with the Wilson 95% interval against the fair share
   1/players. Both roll out at random, so what differs is the search and its speed, not the game knowledge:
   plain `mcts` rolls out by the game's heuristic (until 2026-12-07 this run played it, which credited the
   heuristic's edge to the search's speed).

Not part of the test suite (its file name is not `bench_*.py`): a run takes minutes. `--quick` runs the same
code at tiny sizes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from benchmarks.bench_mcts import positions
from benchmarks.conftest import asked_for_help, report_parser
from benchmarks.timing import Spread, cpu_seconds, ratio
from corekit import Game, Registry, SeatView, default_registry
from corekit.runner import build_spec
from corekit.tournament.run import Tournament, run_tournament
from corekit.tournament.strength import seatings, strength_lines, summarize_strength

GAME = "grizzly-race"


OPENSPIEL = "os-ismcts (OpenSpiel ISMCTSBot)"


def time_per_simulation(players: int, iterations: int, repeats: int) -> dict[str, tuple[Spread, Spread | None]]:
    """Seconds of CPU per simulation of each searcher, over the positions of one seeded random match, and
    `os-ismcts`'s time over the searcher's (None for itself)."""
    registry = default_registry()
    game = registry.game(GAME)
    specs = {
        "mcts, random rollouts": f"mcts:iterations={iterations},rollout=random",
        "mcts, heuristic rollouts (its default)": f"mcts:iterations={iterations}",
        OPENSPIEL: f"os-ismcts:iterations={iterations}",
    }
    per_simulation: dict[str, list[float]] = {name: [] for name in specs}
    for state in positions(game, players, seed=0, count=3):
        view = SeatView(state, state.to_act[0])
        runs = {name: _decision(game, spec, view, registry) for name, spec in specs.items()}
        for run in runs.values():  # a warm-up: the first decision fills the games' and the adapter's caches
            run()
        for name, seconds in cpu_seconds(runs, repeats).items():
            per_simulation[name] += [value / iterations for value in seconds]
    theirs = per_simulation[OPENSPIEL]
    return {
        name: (Spread.of(values), None if name == OPENSPIEL else ratio(theirs, values))
        for name, values in per_simulation.items()
    }


def _decision(game: Game, spec: str, view: SeatView, registry: Registry) -> Callable[[], object]:
    """One decision of a freshly built player of `spec` (its search starts from nothing, as in a match)."""

    def decide() -> object:
        return build_spec(game, spec, 1, registry).decide(view)

    return decide


def strength(players: int, seconds: float, games: int) -> list[str]:
    """The strength run's table: `mcts` with random rollouts in one seat, `os-ismcts` in the others, equal time
    per decision."""
    registry = default_registry()
    game = registry.game(GAME)
    specs = (f"mcts:seconds={seconds},rollout=random", f"os-ismcts:seconds={seconds}")
    tournament = Tournament(GAME, specs, games=games, seats=players, lineups=seatings(players, game.cooperative))
    report = run_tournament(tournament, jobs=1, registry=registry)
    return strength_lines(GAME, summarize_strength(report))


def main(argv: Sequence[str]) -> int:
    """Print both tables."""
    if asked_for_help(argv, __doc__):
        return 0
    parser = report_parser("benchmarks.openspiel_ismcts")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.iterations, args.seconds, args.games = 10, 0.02, 2 * args.players
    try:
        import corekit.interop.openspiel  # noqa: F401  (the adapter the bot plays through)
    except ImportError:
        print("needs OpenSpiel: pip install -e '.[openspiel]'", file=sys.stderr)
        return 1
    repeats = 2 if args.quick else 5
    print(f"{GAME}, {args.players} players: CPU time per simulation, {args.iterations} per decision")
    print("| searcher | ms per simulation | os-ismcts's time over this one's |")
    print("|---|---|---|")
    for name, (spread, theirs) in time_per_simulation(args.players, args.iterations, repeats).items():
        print(f"| {name} | {spread.scaled(1000).text()} | {'-' if theirs is None else theirs.text() + 'x'} |")
    print(f"\nstrength at {args.seconds:g} s of wall-clock per decision, {args.games} matches")
    print("\n".join(strength(args.players, args.seconds, args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
