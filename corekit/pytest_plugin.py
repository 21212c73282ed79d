"""A pytest plugin (entry point `pytest11`) that runs Campfire's conformance and leak checks.

A game package's test can be as short as::

    def test_my_game_conforms(campfire_conformance):
        campfire_conformance("my-game", games=200)

`campfire_conformance(game_id, players=None, games=200, seed=0, options=None, leaks=True)` checks every
player count of the game (or the ones given) and fails the test with every failure listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from corekit.conformance import check_game, check_leaks
from corekit.plugins import Registry, campfire_command, default_registry
from corekit.words import counted


@pytest.fixture(scope="session")
def campfire_registry() -> Registry:
    """The registry of every installed game and player."""
    return default_registry()


@pytest.fixture
def campfire_conformance(campfire_registry: Registry) -> Callable[..., None]:
    """A function that runs the conformance (and leak) checks on a game and fails on any failure."""
    return conformance_runner(campfire_registry)


def conformance_runner(registry: Registry) -> Callable[..., None]:
    """What the `campfire_conformance` fixture returns, for a given registry."""

    def run(
        game_id: str,
        players: int | Iterable[int] | None = None,
        games: int = 200,
        seed: int = 0,
        options: Any = None,
        leaks: bool = True,
        commentary: bool = True,
    ) -> None:
        game = registry.game(game_id)
        if players is None:
            counts = list(range(game.min_players, game.max_players + 1))
        elif isinstance(players, int):
            counts = [players]
        else:
            counts = list(players)
        failures = []
        for count in counts:
            report = check_game(game, count, games=games, seed=seed, options=options, commentary=commentary)
            label = counted(count, "player")
            failures += [f"{label}: {f}" for f in report.shown_failures()]
            if report.failed_seeds:
                failures.append(
                    f"{label}: the moves of the first failed match: {campfire_command()} check {game_id} "
                    f"--players {count} --match {report.failed_seeds[0]}"
                    + (" (with the same options, -o NAME=VALUE)" if options else "")
                )
            if leaks and registry.leak_probe() is not None and not report.leak_check_skipped:
                leak = check_leaks(game, count, registry, seed=seed, options=options)
                failures += [f"{label}: {f}" for f in leak.failures]  # each says "leak check seed S"
        if failures:
            pytest.fail(f"{game_id} fails conformance:\n" + "\n".join(failures), pytrace=False)

    return run
