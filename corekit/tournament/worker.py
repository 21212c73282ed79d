"""What runs on a worker: play scheduled matches and turn each into a record.

The same code runs in the calling process (`--jobs 1`), in local worker processes and on Dask workers, so
a match plays identically everywhere. A worker process has no registry object from its parent (it cannot
be pickled): it loads the installed plugins from their entry points plus the modules named in
`Settings.plugins`, which is how a player that is not installed (a test's) reaches other processes.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import posix
from collections.abc import Iterator, MutableSequence, Sequence
from pathlib import Path
from typing import Any

import attrs

from corekit.errors import error_line
from corekit.plugins import Registry, default_registry
from corekit.runner import (
    DECIDE,
    PHASE,
    SEAT,
    STEP,
    GameFailed,
    ListenerFailed,
    MatchNotStarted,
    MatchTooLong,
    PlayerFailed,
    Watch,
    forfeit_returns,
    make_players,
    play_match,
)
from corekit.tournament.schedule import Planned
from corekit.tournament.store import RETRY_OUTPUT, MatchRecord

_DONE = "done"
INDEX = STEP + 2
"""The slot of a worker's mirror (after the runner's PHASE, SEAT, STEP, SINCE) holding the match it plays."""
MIRROR_SLOTS = INDEX + 1


@attrs.frozen
class Settings:
    """Everything a worker needs besides the matches; plain data, so it pickles to any process or host.

    `time_limit` is per decision (None: none, as in results files written before tournaments had a default).
    """

    game: str
    specs: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()
    time_limit: float | None = None
    replay_dir: str | None = None
    replay_suffix: str = ".cfr"
    plugins: tuple[str, ...] = ()


def play_planned(
    settings: Settings, planned: Planned, registry: Registry, mirror: MutableSequence[float] | None = None
) -> MatchRecord:
    """Play one scheduled match; a forfeit is a result. A game that raises, or a player that cannot be built,
    gives a failed record whose error names the game, or the seat and spec. A listener that cannot start (the
    replay cannot be opened) gives a failed record with `retry` RETRY_OUTPUT: not the match's fault, so not a
    result. `mirror` is the shared array a supervising process watches the match through."""
    specs = tuple(settings.specs[i] for i in planned.lineup)
    replay = None
    if settings.replay_dir is not None:
        replay = str(Path(settings.replay_dir) / f"match-{planned.index:06d}{settings.replay_suffix}")
    base = {**planned_fields(settings, planned), "replay": replay}
    if mirror is not None:
        mirror[INDEX] = planned.index
    try:
        game = registry.game(settings.game)
        players = make_players(game, specs, planned.seed, registry)
        result = play_match(
            game,
            specs,
            planned.seed,
            dict(settings.options),
            players=players,
            registry=registry,
            settings={"replay": replay} if replay else None,
            time_limit=settings.time_limit,
            watch=Watch(mirror),
        )
    except ListenerFailed as late:  # the match was played and counts, whichever listener failed
        result = late.result
        # Listeners run in plugin registration order, so the one that failed may be another plugin's, after the
        # recorder wrote the replay: the replay is lost only when its file is not there. Otherwise only `error`
        # says what failed.
        if replay is not None and not Path(replay).exists():
            base["replay"], base["replay_error"] = None, str(late)
        result = attrs.evolve(result, error=result.error or str(late))
    except MatchNotStarted as unwritten:
        return MatchRecord(**base, status="failed", error=str(unwritten), retry=RETRY_OUTPUT)
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


def planned_fields(settings: Settings, planned: Planned) -> dict[str, Any]:
    """The fields of a match's record that its plan decides: index, deal, seed, lineup and specs."""
    return {
        "index": planned.index,
        "deal": planned.deal,
        "seed": planned.seed,
        "lineup": planned.lineup,
        "specs": tuple(settings.specs[i] for i in planned.lineup),
    }


def cut_off_record(
    settings: Settings, planned: Planned, registry: Registry, snapshot: Sequence[float], limit: float, elapsed: float
) -> MatchRecord:
    """The record of a match whose worker process was killed because it was stuck (`snapshot` is its mirror):
    a decision is the seat's forfeit; a call into the game's code, the game's failure."""
    specs = tuple(settings.specs[i] for i in planned.lineup)
    step = int(snapshot[STEP]) + 1
    killed = f"its worker process was killed after {elapsed:.1f}s"
    base = {**planned_fields(settings, planned), "steps": step - 1}
    if settings.replay_dir is not None:
        base["replay_error"] = f"no replay: {killed} in the middle of the match"
    seat = int(snapshot[SEAT])
    if int(snapshot[PHASE]) == DECIDE and 0 <= seat < len(specs):
        game = registry.game(settings.game)
        error = PlayerFailed(
            seat, specs[seat], f"ran out of time: no answer within the {settings.time_limit:g}s limit ({killed})"
        )
        n = len(specs)
        return MatchRecord(
            **base,
            status="forfeit",
            returns=forfeit_returns(game, n, seat),
            decisions=(0,) * n,
            decision_time=(0.0,) * n,
            forfeit=seat,
            error=str(error),
        )
    return MatchRecord(
        **{**base, "steps": 0},
        status="failed",
        error=f"game {settings.game!r} did not return from a call into its code within {limit:g}s at step {step} "
        f"({killed})",
    )


def run_batch(settings: Settings, batch: Sequence[Planned]) -> list[MatchRecord]:
    """Play a batch of matches where the worker stands (the Dask task)."""
    registry = worker_registry(settings.plugins)
    return [play_planned(settings, planned, registry) for planned in batch]


@contextlib.contextmanager
def exits_refused() -> Iterator[None]:
    """`os._exit` raises SystemExit instead, while matches play in this process (`--jobs 1`): a player or game that
    calls it forfeits or fails its match with a message, rather than ending the tournament without a word."""

    def refused(code: int) -> None:
        raise SystemExit(f"os._exit({code})")

    kept = os._exit
    os._exit = posix._exit = refused  # type: ignore[assignment]
    try:
        yield
    finally:
        os._exit = posix._exit = kept


_registries: dict[tuple[str, ...], Registry] = {}


def worker_registry(plugins: Sequence[str] = ()) -> Registry:
    """The installed plugins plus extra plugin modules by import name, loaded once per process."""
    key = tuple(plugins)
    if not key:
        return default_registry()
    if key not in _registries:
        _registries[key] = Registry(plugins=[importlib.import_module(name) for name in key])
    return _registries[key]


def process_main(conn: Any, settings: Settings, mirror: MutableSequence[float] | None = None) -> None:
    """A local worker process: receive batches, send back each record as soon as its match ends.

    Sending per match (not per batch) lets the parent write each result at once and, if this process dies,
    know exactly which match it was playing; `mirror` shows the parent what the match is doing, so that it can
    kill this process when a match is stuck. A closed pipe means the parent is gone: stop quietly.
    """
    try:
        registry = worker_registry(settings.plugins)
        while True:
            batch = conn.recv()
            if batch is None:
                return
            for planned in batch:
                conn.send(play_planned(settings, planned, registry, mirror))
            conn.send(_DONE)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        return
