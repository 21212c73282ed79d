"""Every figure of benchmarks/README.md, measured now and written into its tables.

    python -m benchmarks.report                   # measure everything, rewrite the README's figure tables
    python -m benchmarks.report --only replays    # one section (or several: --only engine,replays)
    python -m benchmarks.report --quick           # a smoke run of the same code in well under a minute:
                                                  # tiny sizes, prints the tables, writes nothing

Sections: engine, playouts, operations, mcts, replays, tournament, startup, memory. Each table sits in the
README between `<!-- report:NAME -->` and `<!-- /report:NAME -->`, under a line giving its date, the machine's
load and the command; the prose around the tables is not touched. Rates and ratios are medians (min-max) of
interleaved repetitions in CPU time (`benchmarks.timing`); the tournament's speed-up is wall time, set beside
what the machine gave two CPU-bound processes at the same moment. Nothing here asserts a timing.
"""

from __future__ import annotations

import datetime
import math
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from benchmarks.conftest import asked_for_help, report_parser
from benchmarks.reference_grizzly_race import playouts as reference_playouts
from benchmarks.timing import Spread, cpu_seconds, ratio
from corekit import Game, Registry, Rng, SeatView, default_registry, play_match
from corekit.runner import build_spec

README = Path(__file__).with_name("README.md")
ROOT = Path(__file__).resolve().parents[1]
MEMORY_DISK = "/dev/shm"
"""A memory-backed folder, where recording is timed apart from the disk (one file creation on this VM's disk
costs 45-470 us of CPU, a third of a short match)."""
MCTS_REPEATS = 3
"""Searches are long (a camp-grizzly one takes seconds): fewer repetitions than the other sections."""
SECTIONS = ("engine", "playouts", "operations", "mcts", "replays", "tournament", "startup", "memory")


@attrs.frozen
class Size:
    """How much each section measures: the full run or the smoke run."""

    repeats: int
    engine_games: int
    playout_games: int
    operation_calls: int
    mcts_iterations: int
    memory_iterations: int
    size_matches: int
    timed_matches: int
    tournament_matches: int
    timed_steps: int
    """Replays: at least this many steps are timed per repetition (more matches where matches are short): a
    dozen 11-step matches took 4 ms, where a burst of load moved verify / play from 0.6 to 1.4."""


FULL = Size(9, 1_000, 100, 300, 300, 2_000, 100, 12, 60, 1_000)
"""A repetition of the engine table times 1,000 grizzly-race matches (about 70 ms of play, 20,000 decisions at 2
seats) and one of the playouts table 100 matches a game: with 200 and 20 (until 2026-12-06) a repetition took
about 15 ms, and one run's medians moved by a tenth between two runs minutes apart."""
QUICK = Size(2, 3, 1, 3, 5, 50, 3, 1, 2, 10)


def main(argv: Sequence[str]) -> None:
    """Measure the sections asked for; print them with --quick, else rewrite their tables in the README."""
    if asked_for_help(argv, __doc__):
        return
    parser = report_parser("benchmarks.report")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default=",".join(SECTIONS))
    args = parser.parse_args(argv)
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in SECTIONS]
    if unknown or not wanted:
        sys.exit(
            f"python -m benchmarks.report: unknown section {', '.join(unknown) or '(none)'} (sections: "
            f"{', '.join(SECTIONS)})"
        )
    size = QUICK if args.quick else FULL
    registry = default_registry()
    command = "python -m benchmarks.report" + ("" if set(wanted) == set(SECTIONS) else f" --only {args.only}")
    for name in wanted:
        table = MEASURES[name](registry, size)
        block = f"{_stamp(command, size, _method(name, size))}\n\n{table}"
        if args.quick:
            print(f"## {name}\n\n{block}\n", flush=True)
        else:
            _write(name, block)
            print(f"{name}: written to {README.relative_to(ROOT)}", flush=True)


# ---- engine against the plain-Python reference ---------------------------------------------------


def engine_table(registry: Registry, size: Size) -> str:
    """grizzly-race random playouts: the engine through its public contract against the reference loop, with
    the record of where face-down cards came from (what a match keeps for its searching players) and without
    it (`record=False`: a playout nobody samples, as a search's rollouts are)."""
    game = registry.game("grizzly-race")
    rows = [
        "| players | reference decisions/s | engine decisions/s, `apply` | `apply_unchecked` | `apply`, "
        "`record=False` | `apply_unchecked`, `record=False` | engine / reference time per decision, `apply` "
        "| `apply_unchecked` | `apply`, `record=False` | `apply_unchecked`, `record=False` |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    rows += [_engine_row(game, players, size) for players in (2, 4)]
    return "\n".join(rows) + "\n\n" + _profile(game, size)


def _profile(game: Game, size: Size, top: int = 10) -> str:
    """Where an engine playout's time goes (`apply`, `record=False`): the functions with the most time of their
    own (cProfile, which slows every call alike, so only the shares mean something)."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(random_playouts, game, 2, range(size.engine_games), True, None, False)
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    ranked = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:top]  # type: ignore[attr-defined]
    rows = ["| share of the time, 2 players (`apply`, `record=False`) | calls | function |", "|---|---|---|"]
    for (path, line, name), (_calls, calls, own, _cumulative, _callers) in ranked:
        where = f"{Path(path).relative_to(ROOT)}:{line}" if path.startswith(str(ROOT)) else Path(path).name
        rows.append(f"| {own / total:.0%} | {calls:,} | `{name}` ({where}) |")
    return "\n".join(rows)


def _engine_row(game: Game, players: int, size: Size) -> str:
    seeds = range(size.engine_games)
    runs: dict[str, Callable[[], int]] = {
        "reference": lambda: reference_playouts(players, len(seeds)),
        "checked": lambda: random_playouts(game, players, seeds, checked=True),
        "unchecked": lambda: random_playouts(game, players, seeds, checked=False),
        "checked, unrecorded": lambda: random_playouts(game, players, seeds, checked=True, record=False),
        "unchecked, unrecorded": lambda: random_playouts(game, players, seeds, checked=False, record=False),
    }
    decisions = {name: run() for name, run in runs.items()}
    seconds = cpu_seconds(runs, size.repeats)
    per = {name: [s / decisions[name] for s in seconds[name]] for name in seconds}
    engine = [name for name in runs if name != "reference"]
    rates = " | ".join(Spread.of(per[name]).inverse().text("{:,.0f}") for name in runs)
    ratios = " | ".join(f"{ratio(per[name], per['reference']).text()}x" for name in engine)
    return f"| {players} | {rates} | {ratios} |"


def random_playouts(
    game: Game, players: int, seeds: range, checked: bool = True, options: Any = None, record: bool = True
) -> int:
    """Seeded random matches through the public contract (`initial_state`, `to_act`, `legal_actions`, `apply`
    or `apply_unchecked`, `is_terminal`), choosing with the standard library's generator as the reference does:
    the decisions taken. `record=False` keeps no record of where face-down cards came from, as a playout nobody
    samples (a search's rollout) plays. The choices come from one generator for the whole run, as the reference's
    choices and shuffles do; the engine's chance is its own generator, which `initial_state` seeds per match."""
    decisions = 0
    pick = random.Random(seeds.start ^ 0xABC).random
    for seed in seeds:
        state = game.initial_state(players, seed, options, record=record)
        step = state.apply if checked else state.apply_unchecked
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            step(seat, legal[int(pick() * len(legal))])
            decisions += 1
    return decisions


# ---- every game's random playouts -----------------------------------------------------------------


def _player_counts(game: Game) -> list[int]:
    """Both ends of a game's range and the middle (camp-grizzly: 1, 3, 6 counselors)."""
    return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


def playouts_table(registry: Registry, size: Size) -> str:
    """Random-playout decisions per second of every game, validating `apply` and `apply_unchecked`."""
    rows = ["| game | players | decisions/s, `apply` | decisions/s, `apply_unchecked` |", "|---|---|---|---|"]
    for game_id in sorted(registry.games):
        game = registry.game(game_id)
        rows += [_playout_row(game, players, size) for players in _player_counts(game)]
    return "\n".join(rows)


def _playout_row(game: Game, players: int, size: Size) -> str:
    seeds = range(size.playout_games)
    count = random_playouts(game, players, seeds)
    seconds = cpu_seconds(
        {
            "checked": lambda: random_playouts(game, players, seeds, True),
            "unchecked": lambda: random_playouts(game, players, seeds, False),
        },
        size.repeats,
    )
    rates = {name: Spread.of(values).inverse(count) for name, values in seconds.items()}
    return f"| {game.id} | {players} | {rates['checked'].text('{:,.0f}')} | {rates['unchecked'].text('{:,.0f}')} |"


# ---- the cost of each operation -------------------------------------------------------------------


def operations_table(registry: Registry, size: Size) -> str:
    """Microseconds of clone, sample, legal_actions, clone+apply and digest on a mid-game state."""
    from benchmarks.bench_operations import CASES, mid_game

    rows = [
        "| game | players | clone | sample | legal_actions | clone+apply | digest |",
        "|---|---|---|---|---|---|---|",
    ]
    for game_id, players in CASES:
        if game_id in registry.games:
            rows.append(_operation_row(mid_game(game_id, players), game_id, players, size))
    return "\n".join(rows)


def _operation_row(state: Any, game_id: str, players: int, size: Size) -> str:
    from benchmarks.bench_operations import building_legal

    calls = size.operation_calls
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]
    rng = Rng(9)

    def clone_and_apply() -> None:
        copy = state.clone()
        copy.apply(seat, action)

    work: dict[str, Callable[[], object]] = {
        "clone": state.clone,
        "sample": lambda: state.sample(seat, rng),
        "legal_actions": building_legal(state, seat),
        "clone+apply": clone_and_apply,
        "digest": state.digest,  # what a replay writes every 64 steps and at the end, and verify checks
    }
    seconds = cpu_seconds({name: _times(run, calls) for name, run in work.items()}, size.repeats)
    cells = [Spread.of(seconds[name]).scaled(1e6 / calls).text("{:.1f}") for name in work]
    return f"| {game_id} | {players} | " + " | ".join(cells) + " |"


def _times(run: Callable[[], object], calls: int) -> Callable[[], None]:
    def repeated() -> None:
        for _ in range(calls):
            run()

    return repeated


# ---- MCTS -----------------------------------------------------------------------------------------


def mcts_table(registry: Registry, size: Size) -> str:
    """MCTS iterations per second at the game's default spec and with random rollouts, one iteration against
    one random playout from the same seat view, and bytes per node."""
    iterations = size.mcts_iterations
    rows = [
        f"| game | players | iterations/s, `mcts:iterations={iterations}` (the game's defaults) | iterations/s, "
        "`rollout=random` | one iteration / one random playout (`rollout=random`; issue 4's target: <= 2) | "
        f"bytes per node, per edge ({size.memory_iterations:,}-iteration search, random rollouts; "
        "tree and key table) |",
        "|---|---|---|---|---|---|",
    ]
    for game_id in sorted(registry.games):
        game = registry.game(game_id)
        counts = sorted({max(game.min_players, min(2, game.max_players)), game.max_players})
        rows += [_mcts_row(registry, game, players, size) for players in counts]
    return "\n".join(rows)


def _mcts_row(registry: Registry, game: Game, players: int, size: Size) -> str:
    from benchmarks.bench_mcts import memory_per_node, playouts

    iterations = size.mcts_iterations
    state = game.initial_state(players, 0)
    view = SeatView(state, state.to_act[0])
    default = build_spec(game, f"mcts:iterations={iterations}", 1, registry)
    rollouts = build_spec(game, f"mcts:iterations={iterations},rollout=random", 1, registry)
    searches = {
        "default": lambda: default.decide(view),
        "random": lambda: rollouts.decide(view),
        # As many playouts as the search has iterations, each from a fresh sample of the same view.
        "playouts": lambda: playouts(view, iterations),
    }
    for search in searches.values():  # a warm-up, as the other tables take: the games' caches fill on first use
        search()
    seconds = cpu_seconds(searches, min(size.repeats, MCTS_REPEATS))
    rates = {name: Spread.of(values).inverse(iterations) for name, values in seconds.items()}
    per_playout = ratio(seconds["random"], seconds["playouts"])
    # At the largest tables too: a node holds an edge for every seat's choices met there, so more seats, more bytes.
    _nodes, _edges, per_node, per_edge = memory_per_node(game, players, size.memory_iterations)
    held = f"{per_node:,.0f}, {per_edge:,.0f}"
    return (
        f"| {game.id} | {players} | {rates['default'].text('{:,.0f}')} | {rates['random'].text('{:,.0f}')} | "
        f"{per_playout.text('{:.2f}')} | {held} |"
    )


# ---- replays --------------------------------------------------------------------------------------


def replays_table(registry: Registry, size: Size) -> str:
    """Per game: bytes per action of real per-match files without annotations (median over matches), and the
    CPU time of recording and of `replay verify` against playing the same matches unrecorded."""
    rows = [
        f"| game | players | action stream, bytes/action (median of {size.size_matches} matches) | whole file, "
        "bytes/action | steps (median) | record / play, files in memory | record / play, files on disk "
        "| verify / play |",
        "|---|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as folder:
        for game_id in sorted(registry.games):
            game = registry.game(game_id)
            for players in sorted({game.min_players, game.max_players}):
                rows.append(_replay_row(registry, game, players, size, Path(folder)))
    return "\n".join(rows)


def _replay_row(registry: Registry, game: Game, players: int, size: Size, folder: Path) -> str:
    from replays.format import encode_replay, read_replay
    from replays.simulate import Simulator

    specs = ["random"] * players
    stream, whole, steps = [], [], []
    for seed in range(size.size_matches):
        path = folder / f"{game.id}-{players}-{seed}.cfr"
        play_match(game, specs, seed, registry=registry, settings={"replay": path})
        replay = read_replay(path)
        bare = attrs.evolve(replay, times=None, stats={})  # "without annotations"
        steps.append(replay.steps)
        whole.append(len(encode_replay(bare)) / replay.steps)
        stream.append(_stream_bytes(bare) / replay.steps)
    # Every timed match has its file from the loop above (verify reads them): at most `size_matches` of them.
    wanted = max(size.timed_matches, math.ceil(size.timed_steps / statistics.median(steps)))
    seeds = range(min(size.size_matches, wanted))
    paths = [folder / f"{game.id}-{players}-{seed}.cfr" for seed in seeds]
    fresh = iter(range(10**9))

    def play() -> None:
        for seed in seeds:
            play_match(game, specs, seed, registry=registry)

    def recorder(into: Path) -> Callable[[], None]:
        def record() -> None:  # a new file for each match, as a tournament writes them
            for seed in seeds:
                play_match(game, specs, seed, registry=registry, settings={"replay": into / f"r{next(fresh)}.cfr"})

        return record

    def verify() -> None:
        for path in paths:
            Simulator(read_replay(path), registry, record=False).verify()  # as `replay verify` does

    with tempfile.TemporaryDirectory(dir=MEMORY_DISK if os.path.isdir(MEMORY_DISK) else None) as memory:
        runs = {"play": play, "disk": recorder(folder), "memory": recorder(Path(memory)), "verify": verify}
        seconds = cpu_seconds(runs, size.repeats)
    return (
        f"| {game.id} | {players} | {statistics.median(stream):.2f} | {statistics.median(whole):.2f} | "
        f"{statistics.median(steps):.0f} | {ratio(seconds['memory'], seconds['play']).text()} | "
        f"{ratio(seconds['disk'], seconds['play']).text()} | {ratio(seconds['verify'], seconds['play']).text()} |"
    )


def _stream_bytes(replay: Any) -> int:
    """The bytes of the per-step part of a file: the choices, the coded steps and the digests, as msgpack."""
    import msgpack

    every = replay.header.digest_every
    digests = b"".join(replay.digests[k * every] for k in range(1, replay.steps // every + 1))
    coded = [[step, seat, code] for step, (seat, code) in sorted(replay.coded.items())]
    return len(msgpack.packb([replay.choices, coded, digests, replay.result.final_digest])) - 1  # not the array


# ---- tournament -----------------------------------------------------------------------------------


TOURNAMENT_RUNS = {False: 2, True: 1}
"""Wall-clock runs of the benchmark tournament with each number of workers, the faster kept (by --quick)."""


def tournament_table(registry: Registry, size: Size) -> str:
    """Two workers against one, beside what the machine gave two CPU burns at the same moment."""
    from benchmarks.bench_tournament import SPECS, capacity, speed_up

    before = capacity()
    figures = speed_up(size.tournament_matches, SPECS, repeats=TOURNAMENT_RUNS[size is QUICK])
    after = capacity()
    ceiling = (before + after) / 2
    return "\n".join(
        [
            "| matches | 1 worker | 2 workers | speed-up | the machine's two-process ceiling (before, after) "
            "| speed-up / ceiling (gate: >= 0.85) |",
            "|---|---|---|---|---|---|",
            f"| {figures['games']} of `{','.join(SPECS)}` | {figures['one']:.2f} s | {figures['two']:.2f} s | "
            f"{figures['speed_up']:.2f}x | {ceiling:.2f}x ({before:.2f}, {after:.2f}) | "
            f"{figures['speed_up'] / ceiling:.2f} |",
        ]
    )


# ---- start-up -------------------------------------------------------------------------------------


def startup_table(registry: Registry, size: Size) -> str:
    """CPU seconds of `campfire --help`, `campfire games` and a tournament worker's start (this checkout's code)
    against `python -c pass`. A local worker is forked from a server that imported `corekit.tournament._preload`
    once per tournament: that import is paid once, and each worker's own start is its fork."""
    runs = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "campfire --help": [sys.executable, "-c", "from corekit.cli import main; main(['--help'])"],
        "campfire games": [sys.executable, "-c", "from corekit.cli import main; main(['games'])"],
        "import corekit.tournament._preload": [sys.executable, "-c", "import corekit.tournament._preload"],
    }
    forked = "a worker forked from that server, until it has its registry"
    seconds: dict[str, list[float]] = {name: [] for name in [*runs, forked]}
    for _ in range(size.repeats):  # interleaved, each the child's own CPU time
        for name, argv in runs.items():
            seconds[name].append(_child_cpu(argv))
        code = "from benchmarks.report import forked_worker_cpu; print(forked_worker_cpu())"
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
        seconds[forked].append(float(done.stdout))
    rows = ["| command | CPU seconds |", "|---|---|"]
    rows += [f"| `{name}` | {Spread.of(seconds[name]).text('{:.3f}')} |" for name in runs]
    rows.append(f"| {forked} | {Spread.of(seconds[forked]).text('{:.3f}')} |")
    return "\n".join(rows)


def forked_worker_cpu() -> float:
    """The CPU seconds of one local tournament worker's start, as `corekit.tournament.backends` starts them: forked
    from a server that preloaded the plugins (and this module, the worker's target here), measured in the
    worker once it has its registry (the second worker's, the first may pay for starting the server's pipes)."""
    import multiprocessing

    multiprocessing.set_forkserver_preload(["corekit.tournament._preload", "benchmarks.report"])
    context = multiprocessing.get_context("forkserver")
    figures = []
    for _ in range(2):
        here, there = context.Pipe()
        worker = context.Process(target=_report_start, args=(there,))
        worker.start()
        figures.append(here.recv())
        worker.join()
    return float(figures[-1])


def _report_start(conn: Any) -> None:
    from corekit.tournament.worker import worker_registry

    worker_registry()  # what `process_main` does first
    usage = resource.getrusage(resource.RUSAGE_SELF)
    conn.send(usage.ru_utime + usage.ru_stime)


def _child_cpu(argv: list[str]) -> float:
    """User and system CPU seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=ROOT, capture_output=True, check=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# ---- memory ---------------------------------------------------------------------------------------


def memory_table(registry: Registry, size: Size) -> str:
    """Peak resident memory of one 10,000-iteration camp-grizzly search (`benchmarks.rss_camp_grizzly`)."""
    from benchmarks.rss_camp_grizzly import SPEC

    if size is QUICK:
        return f"| search | peak resident |\n|---|---|\n| `{SPEC}` | (not measured by --quick) |"
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.rss_camp_grizzly"], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    found = re.search(r"peak resident ([\d.]+) MB", done.stdout)
    peak = f"{found[1]} MB" if found else f"failed: {done.stderr.strip()[-200:]}"
    head = "| search | peak resident (target: under 200 MB) |\n|---|---|"
    return f"{head}\n| camp-grizzly, 4 counselors, `{SPEC}` | {peak} |"


MEASURES: dict[str, Callable[[Registry, Size], str]] = {
    "engine": engine_table,
    "playouts": playouts_table,
    "operations": operations_table,
    "mcts": mcts_table,
    "replays": replays_table,
    "tournament": tournament_table,
    "startup": startup_table,
    "memory": memory_table,
}


def _method(name: str, size: Size) -> str:
    """How a section's figures are taken, for its stamp: most are medians of interleaved repetitions, but not all."""
    if name == "tournament":
        return f"the faster of {TOURNAMENT_RUNS[size is QUICK]} wall-clock run(s) with each number of workers"
    if name == "memory":
        return "one search, its peak resident memory"
    repeats = min(size.repeats, MCTS_REPEATS) if name == "mcts" else size.repeats
    return f"median (min-max) of {repeats} interleaved repetitions"


def _stamp(command: str, size: Size, method: str) -> str:
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return (
        f"_Measured {now} by `{command}{' --quick' if size is QUICK else ''}`: Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load average {load}; {method}._"
    )


def _write(name: str, block: str) -> None:
    """Put `block` between the section's markers in the README (added at the end if they are missing), and in
    each other README that shows the same table between the same markers (`ALSO`)."""
    start, end = f"<!-- report:{name} -->", f"<!-- /report:{name} -->"
    replacement = f"{start}\n{block}\n{end}"
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    for readme in (README, *ALSO.get(name, ())):
        text = readme.read_text(encoding="utf-8")
        if pattern.search(text):
            text = pattern.sub(lambda _: replacement, text)
        elif readme == README:
            text = f"{text.rstrip()}\n\n{replacement}\n"
        else:
            continue
        readme.write_text(text, encoding="utf-8")


ALSO: dict[str, tuple[Path, ...]] = {"mcts": (ROOT / "ai" / "README.md",)}
"""The other READMEs a section's table is written into, where they hold its markers: ai/README.md shows the
search's speed beside its strength."""


if __name__ == "__main__":
    main(sys.argv[1:])
