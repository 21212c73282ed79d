"""What runs on a worker: play scheduled matches and turn each into a record.

The same code runs in the calling process (`--jobs 1`), in local worker processes and on Dask workers, so
a match plays identically everywhere. A worker process has no registry object from its parent (it cannot
be pickled): it loads the installed plugins from their entry points plus the modules named in
`Settings.plugins`, which is how a player that is not installed (a test's) reaches other processes.
"""

from __future__ import annotations

import importlib
import signal
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from corekit.errors import error_line
from corekit.game import Action
from corekit.players import Player, SeatView
from corekit.plugins import Registry, default_registry
from corekit.runner import GameFailed, ListenerFailed, MatchTooLong, PlayerFailed, make_players, play_match
from corekit.tournament.schedule import Planned
from corekit.tournament.store import MatchRecord

_DONE = "done"
# The longest a hung decision may run before it is cut off: a far longer timer overflows setitimer
# ("timestamp out of range"), and three years is as good as no limit.
MAX_HARD_LIMIT = 1e8


@attrs.frozen
class Settings:
    """Everything a worker needs besides the matches; plain data, so it pickles to any process or host."""

    game: str
    specs: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()
    time_limit: float | None = None
    replay_dir: str | None = None
    replay_suffix: str = ".cfr"
    plugins: tuple[str, ...] = ()


def play_planned(settings: Settings, planned: Planned, registry: Registry) -> MatchRecord:
    """Play one scheduled match; a forfeit is a result. A game that raises, or a player that cannot be built,
    gives a failed record whose error names the game, or the seat and spec."""
    specs = tuple(settings.specs[i] for i in planned.lineup)
    replay = None
    if settings.replay_dir is not None:
        replay = str(Path(settings.replay_dir) / f"match-{planned.index:06d}{settings.replay_suffix}")
    base: dict[str, Any] = {
        "index": planned.index,
        "deal": planned.deal,
        "seed": planned.seed,
        "lineup": planned.lineup,
        "specs": specs,
        "replay": replay,
    }
    try:
        game = registry.game(settings.game)
        players = make_players(game, specs, planned.seed, registry)
        if settings.time_limit is not None and _can_interrupt():
            players = [Watchdog(player, hard_limit(settings.time_limit)) for player in players]
        result = play_match(
            game,
            specs,
            planned.seed,
            dict(settings.options),
            players=players,
            registry=registry,
            settings={"replay": replay} if replay else None,
            time_limit=settings.time_limit,
        )
    except ListenerFailed as late:  # the match was played and counts, whichever listener failed
        result = late.result
        # Listeners run in plugin registration order, so the one that failed may be another plugin's, after the
        # recorder wrote the replay: the replay is lost only when its file is not there. Otherwise only `error`
        # says what failed.
        if replay is not None and not Path(replay).exists():
            base["replay"], base["replay_error"] = None, str(late)
        result = attrs.evolve(result, error=result.error or str(late))
    # Nothing to retry in either case: the same seed fails again.
    except (GameFailed, MatchTooLong, PlayerFailed) as error:  # the message names the game, or the seat and spec
        return MatchRecord(**base, status="failed", error=str(error))
    except (Exception, SystemExit) as error:  # a listener raised (SystemExit too: it must not end a tournament)
        return MatchRecord(**base, status="failed", error=f"the match raised {error_line(error)}")
    return MatchRecord(
        **base,
        status="ok" if result.forfeit is None else "forfeit",
        returns=result.returns,
        steps=result.steps,
        decisions=result.decisions,
        decision_time=result.decision_time,
        forfeit=result.forfeit,
        error=result.error,
    )


def run_batch(settings: Settings, batch: Sequence[Planned]) -> list[MatchRecord]:
    """Play a batch of matches where the worker stands (the Dask task)."""
    registry = worker_registry(settings.plugins)
    return [play_planned(settings, planned, registry) for planned in batch]


def hard_limit(time_limit: float) -> float:
    """When a decision is interrupted: well past the limit, so a player that merely overruns is timed by
    the runner (and forfeits with its time), and only one that hangs is cut off."""
    return min(max(2 * time_limit, time_limit + 1.0), MAX_HARD_LIMIT)


class DecisionTimeout(Exception):
    """A decision went on past the hard limit; the runner turns it into a forfeit like any player error."""


class Watchdog(Player):
    """Wraps a player and interrupts a decision that hangs (SIGALRM; main thread of a Unix process only).

    The runner only times a decision once it returns: a player stuck in a loop would hold the tournament
    forever. This makes it raise inside `decide` instead, so it forfeits that match.
    """

    def __init__(self, player: Player, limit: float) -> None:
        self.player = player
        self.limit = limit
        self.needs_sample = player.needs_sample

    def decide(self, view: SeatView) -> Action:
        """The wrapped player's decision, or DecisionTimeout after `limit` seconds."""
        previous = signal.signal(signal.SIGALRM, self._expired)
        signal.setitimer(signal.ITIMER_REAL, self.limit)
        try:
            return self.player.decide(view)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def annotation(self) -> dict[str, Any] | None:
        """The wrapped player's annotation."""
        return self.player.annotation()

    def _expired(self, signum: int, frame: Any) -> None:
        raise DecisionTimeout(f"no answer after {self.limit:g}s")


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


_registries: dict[tuple[str, ...], Registry] = {}


def worker_registry(plugins: Sequence[str] = ()) -> Registry:
    """The installed plugins plus extra plugin modules by import name, loaded once per process."""
    key = tuple(plugins)
    if not key:
        return default_registry()
    if key not in _registries:
        _registries[key] = Registry(plugins=[importlib.import_module(name) for name in key])
    return _registries[key]


def process_main(conn: Any, settings: Settings) -> None:
    """A local worker process: receive batches, send back each record as soon as its match ends.

    Sending per match (not per batch) lets the parent write each result at once and, if this process dies,
    know exactly which match it was playing. A closed pipe means the parent is gone: stop quietly.
    """
    try:
        registry = worker_registry(settings.plugins)
        while True:
            batch = conn.recv()
            if batch is None:
                return
            for planned in batch:
                conn.send(play_planned(settings, planned, registry))
            conn.send(_DONE)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        return
