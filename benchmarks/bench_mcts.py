"""MCTS speed and memory for every registered game.

Run the full report (iterations per second, the iteration / playout ratio, bytes per tree node over a
10,000-iteration search):

    python -m benchmarks.bench_mcts [GAME ...]

or the pytest-benchmark suite: `pytest benchmarks/bench_mcts.py --benchmark-only`.

Target (issue 4): one MCTS iteration costs no more than 2x one random playout from the same position.
Both are measured from the same seat view, interleaved, best of several repeats: a playout is
`view.sample(rng)` (a searcher cannot start from the truth) and random moves to the end; an iteration is
the same sample plus selection, expansion, the random rollout and the back-up. The report also compares
an iteration with heuristic rollouts (the default) to one playout that follows the heuristic.

    python -m benchmarks.bench_mcts --quick GAME   # 200-iteration timings, memory over 1,000 iterations
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

import pytest

from ai.mcts import PLAYOUT_LIMIT, MctsOptions, MctsPlayer, Node, Rollout, RootChoice
from ai.playouts import policy_playout, random_playout
from benchmarks.conftest import asked_for_help, interleaved_ratio, report_parser
from benchmarks.held import search_bytes
from corekit import Game, Rng, SeatView, State, default_registry
from corekit.plugins import UnknownName
from corekit.words import counted

REGISTRY = default_registry()
GAMES = sorted(REGISTRY.games)
ITERATIONS = 10
"""Per search in the pytest suite: enough to time, few enough for the slowest game in the test run."""


def positions(game: Game, players: int, seed: int = 0, count: int = 3) -> list[State]:
    """A few positions of a random match: the start and some later points, each with a choice to make."""
    state = game.initial_state(players, seed)
    rng = Rng(seed ^ 0x5EED)
    found = []
    step = 0
    while not state.is_terminal and len(found) < count:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and step % 5 == 0:
            found.append(state.clone())
        state.apply(seat, legal[rng.below(len(legal))])
        step += 1
    return found or [game.initial_state(players, seed)]


def playouts(view: SeatView, count: int, seed: int = 1) -> int:
    """`count` random playouts from fresh samples of `view`; returns the decisions played."""
    rng = Rng(seed)
    return sum(random_playout(view.sample(Rng(rng.next64())), rng, PLAYOUT_LIMIT) for _ in range(count))


def heuristic_playouts(view: SeatView, count: int, seed: int = 1) -> int:
    """`count` playouts following the game's heuristic policy from fresh samples of `view`."""
    policy = REGISTRY.heuristic(view.game.id).policy
    rng = Rng(seed)
    return sum(policy_playout(view.sample(Rng(rng.next64())), policy, rng, PLAYOUT_LIMIT) for _ in range(count))


def searches(view: SeatView, iterations: int, seed: int = 1, rollout: Rollout = Rollout.RANDOM) -> Node:
    """One search of `iterations` iterations from `view` (random rollouts unless told)."""
    player = MctsPlayer(MctsOptions(iterations=iterations, rollout=rollout), seed, REGISTRY.heuristic(view.game.id))
    return player.search(view)


def iteration_ratio(
    game: Game, players: int, count: int = 200, repeats: int = 5, where: int = 3, rollout: Rollout = Rollout.RANDOM
) -> float:
    """Time of one MCTS iteration over time of one playout of the same kind (random, or following the
    heuristic), averaged over `where` positions."""
    playout = heuristic_playouts if rollout is Rollout.HEURISTIC else playouts
    ratios = []
    for state in positions(game, players, count=where):
        view = SeatView(state, state.to_act[0])
        ratios.append(
            interleaved_ratio(
                lambda view=view: searches(view, count, rollout=rollout),
                lambda view=view: playout(view, count),
                repeats,
            )
        )
    return sum(ratios) / len(ratios)


def iterations_per_second(game: Game, players: int, iterations: int = 1000, rollout: Rollout = Rollout.RANDOM) -> float:
    """Iterations per second of a search from the initial position (best of three)."""
    state = game.initial_state(players, 0)
    view = SeatView(state, state.to_act[0])
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        searches(view, iterations, rollout=rollout)
        best = min(best, time.perf_counter() - started)
    return iterations / best


def halving_ratio(game: Game, players: int, iterations: int = 200, repeats: int = 3) -> float:
    """Time of a `root=halving` decision over a UCB decision at the same budget (flat, random rollouts): the
    cost of sequential halving's bookkeeping and of deriving each iteration's common seed."""
    state = game.initial_state(players, 0)
    view = SeatView(state, state.to_act[0])

    def decide(root: RootChoice) -> None:
        options = MctsOptions(iterations=iterations, rollout=Rollout.RANDOM, tree_depth=1, root=root)
        MctsPlayer(options, 1, REGISTRY.heuristic(game.id)).decide(view)

    return interleaved_ratio(lambda: decide(RootChoice.HALVING), lambda: decide(RootChoice.UCB), repeats)


def tree_size(root: Node) -> tuple[int, int]:
    """(nodes, edges) in a tree."""
    nodes = edges = 0
    stack = [root]
    while stack:
        node = stack.pop()
        nodes += 1
        edges += len(node.keys)
        if node.children:
            stack.extend(node.children.values())
    return nodes, edges


def memory_per_node(game: Game, players: int, iterations: int = 10_000) -> tuple[int, int, float, float]:
    """(nodes, edges, bytes per node, bytes per edge) held by one search from the opening: every object
    reachable from its tree's root and from its table of shared edge keys (`benchmarks.held.search_bytes`).
    Counting what the search reaches, rather than what the process allocated during it, leaves out the games'
    own bounded caches, which a search also fills."""
    state = game.initial_state(players, 0)
    player = MctsPlayer(MctsOptions(iterations=iterations, rollout=Rollout.RANDOM), 1, REGISTRY.heuristic(game.id))
    root = player.search(SeatView(state, state.to_act[0]))
    held = search_bytes(player)
    nodes, edges = tree_size(root)
    return nodes, edges, held / nodes, held / edges


# ---- the pytest-benchmark suite (quick when benchmarks are disabled, as in the test run) ----------


@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_iterations_per_second(benchmark, game_id):
    game = REGISTRY.game(game_id)
    state = game.initial_state(game.min_players, 0)
    view = SeatView(state, state.to_act[0])
    player = MctsPlayer(MctsOptions(iterations=ITERATIONS, rollout=Rollout.RANDOM), 1, REGISTRY.heuristic(game_id))
    root = benchmark(player.search, view)
    assert sum(visits for visits, _, _ in player.table(root, view.seat).values()) == ITERATIONS
    if benchmark.stats:
        benchmark.extra_info["iterations_per_second"] = ITERATIONS / benchmark.stats.stats.mean


@pytest.mark.parametrize("game_id", GAMES)
def test_an_iteration_costs_at_most_twice_a_random_playout(benchmark, game_id):
    if benchmark.disabled:  # a timing gate: the test run (shared, loaded machines) must not fail on noise
        pytest.skip("a timing gate; runs with --benchmark-only")
    game = REGISTRY.game(game_id)
    state = game.initial_state(game.min_players, 0)
    view = SeatView(state, state.to_act[0])
    started = time.perf_counter()
    playouts(view, 3)
    count = max(3, min(40, int(0.05 / ((time.perf_counter() - started) / 3))))  # about 0.05 s per call
    ratio = iteration_ratio(game, game.min_players, count=count, repeats=3, where=1)
    assert ratio <= 2.0, f"{game_id}: one iteration costs {ratio:.2f} random playouts"


def test_a_tree_node_takes_a_few_hundred_bytes():
    game = REGISTRY.game("grizzly-race")
    nodes, edges, per_node, _ = memory_per_node(game, 2, iterations=300)
    assert edges >= nodes > 30 and per_node < 3000


def main(argv: Sequence[str]) -> None:
    """Print the report for the games named (every registered game by default).

    `--quick` times 200-iteration searches and measures memory over 1,000 (for the slow games).
    """
    if asked_for_help(argv, __doc__):
        return
    parser = report_parser("benchmarks.bench_mcts")
    parser.add_argument("games", nargs="*")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_intermixed_args(argv)  # games before and after --quick, as the report always took them
    iterations, memory_iterations = (200, 1000) if args.quick else (1000, 10_000)
    for game_id in args.games or GAMES:
        try:
            game = REGISTRY.game(game_id)
        except UnknownName as error:
            sys.exit(f"python -m benchmarks.bench_mcts: {error}")
        for players in sorted({game.min_players, min(game.max_players, 4)}):
            seats = counted(players, "player")  # camp-grizzly starts at 1
            for rollout in (Rollout.RANDOM, Rollout.HEURISTIC):
                speed = iterations_per_second(game, players, iterations, rollout)
                ratio = iteration_ratio(game, players, count=max(20, iterations // 10), repeats=3, rollout=rollout)
                print(
                    f"{game_id}, {seats}, {rollout.value} rollouts: {speed:,.0f} iterations/s; "
                    f"iteration / {rollout.value} playout {ratio:.2f}",
                    flush=True,
                )
            print(
                f"{game_id}, {seats}: halving / UCB decision at {iterations // 5} iterations "
                f"{halving_ratio(game, players, iterations // 5):.2f}",
                flush=True,
            )
            nodes, edges, per_node, per_edge = memory_per_node(game, players, memory_iterations)
            print(
                f"{game_id}, {seats}: {memory_iterations:,}-iteration tree: {nodes:,} nodes, "
                f"{edges:,} edges, {per_node:.0f} B/node, {per_edge:.0f} B/edge",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
