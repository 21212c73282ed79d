"""Shared helpers: the CLI wired as `campfire` wires it, recorded replays, and a fake search player."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import msgpack
import pytest
from click.testing import CliRunner, Result

from corekit import Player, PlayerType, Registry, Rng, hookimpl, play_match
from corekit.cli import CliContext, cli
from corekit.match import Match, MatchResult
from corekit.plugins import default_registry
from corekit.runner import forfeit_returns
from replays.commands import setup
from replays.format import Replay, _checksum, encode_replay, read_replay
from replays.recorder import Recording
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


def rewritten(replay: Replay, moves: list[tuple[int, Any]] | None = None, digest_every: int | None = None) -> Replay:
    """`replay` recorded again as the recorder writes it (format 2), with its steps replaced by `moves`
    ((seat, action) pairs, default its own) and its digests every `digest_every` steps (default its own):
    the result keeps its fields but its steps and final digest, the annotations are cut to the steps."""
    simulator = Simulator(replay)
    moves = simulator.moves() if moves is None else moves
    header = replay.header
    state = simulator.game.initial_state(len(header.seats), header.seed, simulator.options)
    match = Match(simulator.game, simulator.options, header.seed, list(header.seats), state)
    recording = Recording(match, Path("unused.cfr"), digest_every or header.digest_every)
    for seat, action in moves:
        state.apply(seat, action)
        recording.step(match, seat, action, {})
    steps = len(moves)
    outcome = MatchResult(replay.result.returns, steps, (), (), replay.result.forfeit, replay.result.error)
    again = recording.finish(match, outcome, replay.result.unfinished)
    again.result = attrs.evolve(again.result, returns=replay.result.returns)
    again.times = None if replay.times is None else (replay.times + [0] * steps)[:steps]
    again.stats = {step: rows for step, rows in replay.stats.items() if step <= steps}
    return again


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
    simulator = Simulator(replay)
    state = simulator.state_at(steps)
    seat = state.to_act[0] if seat is None else seat
    replay = rewritten(replay, simulator.moves()[:steps])
    returns = forfeit_returns(simulator.game, len(replay.header.seats), seat) if returns is None else returns
    replay.result = attrs.evolve(replay.result, returns=returns, forfeit=seat, error=error)
    path.write_bytes(encode_replay(replay))


def forge(data: bytes, change: Callable[[dict[str, Any]], Any]) -> bytes:
    """A replay whose body was changed by `change`, with a correct checksum (so the body is read)."""
    outer = msgpack.unpackb(data)
    body = msgpack.unpackb(outer["body"])
    change(body)
    packed = msgpack.packb(body)
    return msgpack.packb({"campfire_replay": outer["campfire_replay"], "body": packed, "blake2b": _checksum(packed)})


V1_GOLDEN = "grizzly-race.v3.cfr"
"""The format-1 golden of the last grizzly-race version recorded in format 1: 27 steps, 3 seats, digests every 16."""


def v1_golden_as_installed() -> bytes:
    """`V1_GOLDEN` with its header naming the installed grizzly-race version (checksum made again), so that the
    format-1 reader's re-simulation is tested though no installed version was recorded in format 1. Its match
    (three seats, ending in a three-way tie) plays alike under version 4, whose change is the returns of a race that
    stops with one seat ahead; a later version that plays it otherwise makes the format-1 tests fail to verify."""
    from corekit.plugins import default_registry

    version = str(default_registry().game("grizzly-race").version)
    return forge((DATA / V1_GOLDEN).read_bytes(), lambda body: body["header"].__setitem__("game_version", version))


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
