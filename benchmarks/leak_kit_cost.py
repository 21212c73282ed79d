"""What the core's leak checks (`corekit.leaks`) cost `campfire check`: every game at its fewest and most seats,
`check_game` with the kit and with its three checks made no-ops, in interleaved repetitions, CPU time.

    python -m benchmarks.leak_kit_cost [--games 100] [--repeats 3] [--only GAME]

Not a test and not in the report (a full run takes tens of minutes); its table is pasted into
benchmarks/README.md with the date and this command. The kit's random draws still happen when it is off, so both
sides check the same matches.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from benchmarks.timing import Spread, cpu_seconds, ratio
from corekit import leaks
from corekit.conformance import check_game
from corekit.game import Game
from corekit.plugins import default_registry

CHECKS = ("check_twin", "check_forward", "check_sample_truth")


@contextmanager
def kit_off() -> Iterator[None]:
    """The kit's three checks made no-ops for the duration."""
    saved = {name: getattr(leaks, name) for name in CHECKS}
    for name in CHECKS:
        setattr(leaks, name, lambda *args, **kwargs: None)
    try:
        yield
    finally:
        for name, check in saved.items():
            setattr(leaks, name, check)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    registry = default_registry()
    print("| game | players | check with the kit, CPU s | without, CPU s | with / without |")
    print("|---|---|---|---|---|")
    for game_id in sorted(registry.games) if args.only is None else [args.only]:
        game = registry.game(game_id)
        for players in sorted({game.min_players, game.max_players}):

            def with_kit(game: Game = game, players: int = players) -> None:
                assert check_game(game, players, games=args.games).ok

            def without(game: Game = game, players: int = players) -> None:
                with kit_off():
                    assert check_game(game, players, games=args.games).ok

            seconds = cpu_seconds({"with": with_kit, "without": without}, args.repeats)
            on, off = Spread.of(seconds["with"]), Spread.of(seconds["without"])
            share = ratio(seconds["with"], seconds["without"])
            print(f"| {game_id} | {players} | {on.text()} | {off.text()} | {share.text()}x |", flush=True)


if __name__ == "__main__":
    main()
