"""Shared helpers: the CLI wired as `campfire` wires it, recorded replays, and a fake search player."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner, Result

from corekit import Player, PlayerType, Registry, Rng, hookimpl, play_match
from corekit.cli import CliContext, cli
from corekit.plugins import default_registry
from corekit.runner import forfeit_returns
from replays.commands import setup
from replays.format import digest_bytes, encode_replay, read_replay
from replays.simulate import Simulator

DATA = Path(__file__).resolve().parents[1] / "data" / "replays"
STATS_ROWS = 6
"""Actions the fake search reports per decision."""


def campfire(*args: str, registry: Registry | None = None) -> Result:
    """Invoke `campfire ARGS` the way `corekit.cli.main` does: plugins add their commands first."""
    registry = registry or default_registry()
    for impl in reversed(registry.hook.campfire_cli_setup.get_hookimpls()):
        impl.function(cli=cli)
    setup(cli)  # the replays plugin is installed, but make the test independent of entry-point state
    return CliRunner().invoke(cli, list(args), obj=CliContext(registry), catch_exceptions=True)


def forfeited_at(
    path: Path,
    steps: int,
    seat: int | None = None,
    error: str | None = "ran out of time",
    returns: tuple[float, ...] | None = None,
) -> None:
    """Rewrite the replay at `path` (with a valid checksum) as if it ended by forfeit after `steps` steps:
    by `seat` (default: the seat to act there, as a real forfeit), giving `error` as the reason, with `returns`
    (default: a forfeit's, as the runner gives them)."""
    replay = read_replay(path)
    state = Simulator(replay).state_at(steps)
    seat = state.to_act[0] if seat is None else seat
    players = len(replay.header.seats)
    replay.seats, replay.actions, replay.checks = replay.seats[:steps], replay.actions[:steps], replay.checks[:steps]
    replay.times = None if replay.times is None else replay.times[:steps]
    replay.stats = {step: rows for step, rows in replay.stats.items() if step <= steps}
    replay.digests = replay.digests[: (steps // replay.header.digest_every + 1) * 8]
    returns = forfeit_returns(Simulator(replay).game, players, seat) if returns is None else returns
    replay.result = attrs.evolve(
        replay.result, steps=steps, returns=returns, final_digest=digest_bytes(state), forfeit=seat, error=error
    )
    path.write_bytes(encode_replay(replay))


def errors(result: Result) -> list[str]:
    """The non-empty stderr lines."""
    return [line for line in result.stderr.splitlines() if line.strip()]


class FakeSearch(Player):
    """Decides at random and annotates each decision like a search player (visits, mean value)."""

    needs_sample = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.last: list[list[Any]] | None = None

    def decide(self, view: Any) -> Any:
        """A random legal action; the statistics give every action a value, the chosen one not always best."""
        legal = list(view.legal_actions)
        choice = legal[self.rng.below(len(legal))]
        considered = [choice, *[a for a in legal if a != choice][: STATS_ROWS - 1]]  # keeps goldens small
        self.last = [
            [view.game.encode_action(a), 1 + self.rng.below(50), self.rng.below(1000) / 1000] for a in considered
        ]
        return choice

    def annotation(self) -> dict[str, Any] | None:
        """The statistics of the last decision."""
        return {"stats": self.last}


class _FakeSearchPlugin:
    @hookimpl
    def campfire_players(self) -> list[PlayerType]:
        return [PlayerType("fakesearch", lambda options, seed, game, heuristic: FakeSearch(seed))]


@pytest.fixture(scope="session")
def search_registry() -> Registry:
    """Every installed plugin plus the `fakesearch` player."""
    return Registry(plugins=[_FakeSearchPlugin()])


@pytest.fixture
def record(tmp_path: Path) -> Callable[..., Path]:
    """record(game, specs, seed, registry=None, **options) plays a match and returns its replay's path."""

    def make(
        game_id: str = "grizzly-race",
        specs: str = "random,random",
        seed: int = 5,
        registry: Registry | None = None,
        name: str | None = None,
        **options: Any,
    ) -> Path:
        registry = registry or default_registry()
        path = tmp_path / (name or f"{game_id}-{seed}.cfr")
        play_match(
            registry.game(game_id),
            specs.split(","),
            seed,
            options or None,
            registry=registry,
            settings={"replay": path},
        )
        return path

    return make
