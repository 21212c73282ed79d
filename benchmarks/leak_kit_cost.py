"""What the leak checks cost `campfire check`: every game at its fewest and most seats, `check_game` as it is
against the same check with one part made a no-op, in interleaved repetitions, CPU time. The parts: the core's kit
(`corekit.leaks`: twins at every checked position, a twin played forward, the truth test), the redeal check
(`leaks.check_redeal`: every move that deals or rolls played again otherwise) and the positions read back
(`conformance.positions._check_position`).

    python -m benchmarks.leak_kit_cost [--games N] [--repeats 3] [--only GAME]

Without `--games`, each game checks as many matches as makes a repetition last seconds, not minutes (`MATCHES`).
Not a test and not in the report (a full run takes about ten minutes); its table is pasted into
benchmarks/README.md with the date and this command. The checks' random draws still happen when one is off, so
every side checks the same matches.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from benchmarks.timing import Spread, cpu_seconds, ratio
from corekit import leaks
from corekit.conformance import check_game, matches
from corekit.game import Game
from corekit.plugins import default_registry

PARTS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "the kit's twins": (leaks, ("check_twin", "check_forward", "check_sample_truth")),
    "the redeal check": (leaks, ("check_redeal",)),
    "positions": (matches, ("_check_position",)),  # where `check_game` reads it
}
"""Each part of the checks measured apart: the module that reads the functions, and those made no-ops."""

MATCHES = {"grizzly-race": 100, "slasher": 20, "scavengers": 5, "camp-grizzly": 5}
"""Matches a check plays by default, per game (others: 20): long matches, fewer."""


@contextmanager
def off(module: Any, names: tuple[str, ...]) -> Iterator[None]:
    """`names` of `module` made no-ops for the duration."""
    saved = {name: getattr(module, name) for name in names}
    for name in names:
        setattr(module, name, lambda *args, **kwargs: None)
    try:
        yield
    finally:
        for name, check in saved.items():
            setattr(module, name, check)


def checks(game: Game, players: int, games: int) -> dict[str, Callable[[], None]]:
    """The check as it is, and without each part, as callables to time."""

    def run(without: tuple[Any, tuple[str, ...]] | None = None) -> None:
        with ExitStack() as stack:
            if without is not None:
                stack.enter_context(off(*without))
            assert check_game(game, players, games=games).ok

    runs: dict[str, Callable[[], None]] = {"all": run}
    for name, part in PARTS.items():
        runs[name] = lambda part=part: run(part)
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    registry = default_registry()
    header = " | ".join(f"without {name}, CPU s | all / without" for name in PARTS)
    print(f"| game | players | matches | the whole check, CPU s | {header} |")
    print("|---|---|---|---|" + "---|---|" * len(PARTS))
    for game_id in sorted(registry.games) if args.only is None else [args.only]:
        game = registry.game(game_id)
        games = args.games or MATCHES.get(game_id, 20)
        for players in sorted({game.min_players, game.max_players}):
            seconds = cpu_seconds(checks(game, players, games), args.repeats)
            cells = [Spread.of(seconds["all"]).text()]
            for name in PARTS:
                cells += [Spread.of(seconds[name]).text(), f"{ratio(seconds['all'], seconds[name]).text()}x"]
            print(f"| {game_id} | {players} | {games} | {' | '.join(cells)} |", flush=True)


if __name__ == "__main__":
    main()
