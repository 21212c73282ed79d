"""Shared helpers for the benchmark suite.

Machines here are shared and noisy, so every target is a ratio of two things measured in the same run,
interleaved, in CPU time, the median of the per-repetition ratios (see `benchmarks.timing`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.timing import cpu_seconds, ratio
from corekit import Rng
from corekit.script_args import OneLineParser


def random_walk(state: Any, rng: Rng, done: Callable[[Any, int], bool]) -> Any:
    """Random moves, each on a clone, until `done(state, moves so far)`; stops at the last state before the
    end if the game would end first (a searcher's position is never terminal)."""
    moves = 0
    while not done(state, moves):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        after = state.clone()
        after.apply(seat, legal[rng.below(len(legal))])
        if after.is_terminal:
            break
        state, moves = after, moves + 1
    return state


def best_time(fn: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of `repeats` timed calls of `fn`, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def interleaved_ratio(slow: Callable[[], object], fast: Callable[[], object], repeats: int = 15) -> float:
    """time(slow) / time(fast) in CPU time: the median of `repeats` per-repetition ratios, the two run in turn."""
    seconds = cpu_seconds({"slow": slow, "fast": fast}, repeats)
    return ratio(seconds["slow"], seconds["fast"]).median


def random_playouts(
    game: Any, players: int, games: int, options: Any = None, checked: bool = True, salt: int = 0xABC
) -> int:
    """Seeded random matches through `legal_actions` and `apply` (or `apply_unchecked`, as MCTS does);
    returns the number of decisions taken. Every game's playout benchmark uses this one loop."""
    decisions = 0
    for seed in range(games):
        state = game.initial_state(players, seed, options)
        rng = Rng(seed ^ salt)
        step = state.apply if checked else state.apply_unchecked
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            step(seat, legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def asked_for_help(argv: Sequence[str], doc: str | None) -> bool:
    """True (after printing the module's `doc`) when a report script's command line asks for help."""
    if "-h" in argv or "--help" in argv:
        print(doc or "")
        return True
    return False


def report_parser(module: str) -> argparse.ArgumentParser:
    """The command-line parser of report script `module` (e.g. `benchmarks.bench_mcts`): an unknown flag or a
    surplus argument is a one-line error and exit 2, never silently ignored (a long report run with a mistyped
    flag would measure the wrong thing for minutes). -h/--help is `asked_for_help`'s: it prints the docstring."""
    return OneLineParser(prog=f"python -m {module}", add_help=False, allow_abbrev=False)
