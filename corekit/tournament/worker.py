"""What runs on a worker: play scheduled matches and turn each into a record.

The same code runs in the calling process (`--jobs 1`), in local worker processes and on Dask workers, so
a match plays identically everywhere. A worker process has no registry object from its parent (it cannot
be pickled): it loads the installed plugins from their entry points plus the modules named in
`Settings.plugins`, which is how a player that is not installed (a test's) reaches other processes.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from corekit.plugins import Registry, default_registry
from corekit.runner import play_match
from corekit.tournament.schedule import Planned
from corekit.tournament.store import MatchRecord

_DONE = "done"


@attrs.frozen
class Settings:
    """Everything a worker needs besides the matches; plain data, so it pickles to any process or host."""

    game: str
    specs: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()
    time_limit: float | None = None
    replay_dir: str | None = None
    replay_suffix: str = ".replay"
    plugins: tuple[str, ...] = ()


def play_planned(settings: Settings, planned: Planned, registry: Registry) -> MatchRecord:
    """Play one scheduled match; a forfeit is a result, and a game that raises gives a failed record."""
    specs = tuple(settings.specs[i] for i in planned.lineup)
    replay = None
    if settings.replay_dir is not None:
        replay = str(Path(settings.replay_dir) / f"match-{planned.index:06d}{settings.replay_suffix}")
    base = {"index": planned.index, "deal": planned.deal, "seed": planned.seed, "lineup": planned.lineup,
            "specs": specs, "replay": replay}
    try:
        game = registry.game(settings.game)
        result = play_match(game, specs, planned.seed, dict(settings.options), registry=registry,
                            settings={"replay": replay} if replay else None, time_limit=settings.time_limit)
    except Exception as error:  # the game or a listener raised: nothing to retry, the same seed fails again
        return MatchRecord(**base, status="failed", error=f"the match raised {_line(error)}")
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


def _line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
