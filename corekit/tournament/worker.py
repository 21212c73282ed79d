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
import signal
import threading
import time
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs

from corekit.errors import error_line
from corekit.match import GameFailed, ListenerFailed, Match, MatchNotStarted, MatchTooLong, PlayerFailed
from corekit.plugins import Registry, UnknownName, default_registry
from corekit.runner import forfeit_returns, make_players, play_match
from corekit.tournament.schedule import Planned
from corekit.tournament.store import RETRY_OUTPUT, MatchRecord
from corekit.watchdog import DECIDE, GAME, PHASE, SEAT, STEP, Watch, at_step, hard_limit, step_limit_for

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
    run: str = ""
    """Tells this run's matches from another's where workers share state (a Dask scheduler's metadata)."""
    game_version: str = ""
    """The version of the game's rules the tournament plays ("" for any): a Dask worker with another refuses to play."""


def play_planned(settings: Settings, planned: Planned, registry: Registry, watch: Watch | None = None) -> MatchRecord:
    """Play one scheduled match; a forfeit is a result. A game that raises, or a player that cannot be built,
    gives a failed record whose error names the game, or the seat and spec. A listener that cannot start (the
    replay cannot be opened) gives a failed record with `retry` RETRY_OUTPUT: not the match's fault, so not a
    result. A failed record names no replay (none is written), and says why in `replay_error` when the tournament
    writes replays. `watch` is the match's Watch (one with a mirror, where a supervising process watches it)."""
    specs = tuple(settings.specs[i] for i in planned.lineup)
    replay = named = None
    if settings.replay_dir is not None:
        folder, name = Path(settings.replay_dir), f"match-{planned.index:06d}{settings.replay_suffix}"
        replay = str(folder / name)
        # The record names it from the results file's folder, so a run folder moved or copied names its own files.
        named = f"{folder.name}/{name}"
    base = {**planned_fields(settings, planned), "replay": named}
    watch = watch if watch is not None else Watch()
    if watch.mirror is not None:
        watch.mirror[INDEX] = planned.index
    first: list[int] = []

    def started(match: Match) -> None:  # the seat of the first decision, where one seat alone makes it
        if len(match.state.to_act) == 1:
            first.append(match.state.to_act[0])

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
            watch=watch,
            on_start=started,
        )
    except ListenerFailed as late:  # the match was played and counts, whichever listener failed
        result = late.result
        # Listeners run in plugin registration order, so the one that failed may be another plugin's, after the
        # recorder wrote the replay: the replay is lost only when its file is not there, and then `replay_error`
        # alone says why (the match's own fields stay as played, so a results file reads the same whether a replay
        # failed or not). Otherwise `error` says what failed.
        if replay is not None and not Path(replay).exists():
            base["replay"], base["replay_error"] = None, str(late)
        else:
            result = attrs.evolve(result, error=result.error or str(late))
    except MatchNotStarted as unwritten:  # the recorder could not open the replay: its error says why
        unplayed = _without_replay(base, str(unwritten))
        return MatchRecord(**unplayed, status="failed", error=str(unwritten), retry=RETRY_OUTPUT)
    # Nothing to retry in either case: the same seed fails again.
    except (GameFailed, MatchTooLong, PlayerFailed) as error:  # the message names the game, or the seat and spec
        return MatchRecord(**_without_replay(base, NO_REPLAY_FAILED), status="failed", error=str(error))
    except (Exception, SystemExit) as error:  # a listener raised (SystemExit too: it must not end a tournament)
        failed = _without_replay(base, NO_REPLAY_FAILED)
        return MatchRecord(**failed, status="failed", error=f"the match raised {error_line(error)}")
    return MatchRecord(
        **base,
        status="ok" if result.forfeit is None else "forfeit",
        returns=result.returns,
        steps=result.steps,
        decisions=result.decisions,
        decision_time=result.decision_time,
        forfeit=result.forfeit,
        error=result.error,
        first=first[0] if first else None,
        ending=result.ending,
    )


NO_REPLAY_FAILED = "no replay: the match failed before its end (a replay is written only then)"
"""The `replay_error` of a failed match in a tournament that writes replays: the recorder writes a replay when its
match ends, and a match the game (or a player that could not be built) stopped never gets there."""


def _without_replay(base: dict[str, Any], why: str) -> dict[str, Any]:
    """`base` for a match whose replay was not written: no `replay` (a record names a file only when it was
    written), and `replay_error` saying why when the tournament asked for one."""
    if base["replay"] is None:
        return base
    return {**base, "replay": None, "replay_error": why}


def planned_fields(settings: Settings, planned: Planned) -> dict[str, Any]:
    """The fields of a match's record that its plan decides: index, deal, seed, lineup and specs."""
    return {
        "index": planned.index,
        "deal": planned.deal,
        "seed": planned.seed,
        "lineup": planned.lineup,
        "specs": tuple(settings.specs[i] for i in planned.lineup),
    }


def phase_limits(time_limit: float | None) -> dict[int, float | None]:
    """How long a match may stay in a watched phase before its watchdog cuts it off: a decision (None without a
    time limit) and a call into the game. The one reckoning for the watchdog's own cut-off record (`ending`) and
    for the parent that kills a worker stuck past it (`backends`)."""
    return {DECIDE: hard_limit(time_limit) if time_limit is not None else None, GAME: step_limit_for(None, time_limit)}


def cut_off_record(
    settings: Settings, planned: Planned, registry: Registry, snapshot: Sequence[float], limit: float, elapsed: float
) -> MatchRecord:
    """The record of a match whose worker process was killed because it was stuck (`snapshot` is its mirror) after
    `elapsed` seconds in its decision or game call: a decision is the seat's forfeit; a call into the game's code,
    the game's failure."""
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
        # The decisions before it died with the process; the one it was killed in counts, with the time it ran,
        # as a decision cut off in its own thread does (`corekit.runner`).
        return MatchRecord(
            **base,
            status="forfeit",
            returns=forfeit_returns(game, n, seat),
            decisions=tuple(int(s == seat) for s in range(n)),
            decision_time=tuple(elapsed if s == seat else 0.0 for s in range(n)),
            forfeit=seat,
            error=str(error),
        )
    return MatchRecord(
        **{**base, "steps": 0},
        status="failed",
        error=f"game {settings.game!r} did not return from a call into its code within {limit:g}s "
        f"{at_step(int(snapshot[STEP]))} ({killed})",
    )


def run_batch(settings: Settings, batch: Sequence[Planned]) -> list[MatchRecord]:
    """Play a batch of matches where the worker stands (the Dask task).

    A match stuck where the watchdog's interrupt cannot reach (a C call) is recorded in the scheduler's metadata
    and the worker process ends itself, so the cluster is not held; Dask runs the task again on a new worker,
    which finds that record instead of playing the match again. (A worker in the client's own process, with no
    nanny to restart it, is never ended.)
    """
    registry = _dask_registry(settings)
    verdicts = _DaskVerdicts(settings)
    records = []
    for planned in batch:
        known = verdicts.known(planned)
        if known is not None:
            records.append(known)
            continue
        watch = Watch(stuck=verdicts.ending(planned, registry))
        with exits_refused():
            records.append(play_planned(settings, planned, registry, watch))
    return records


class WorkerMismatch(RuntimeError):
    """A worker that cannot play the tournament's matches as the client would (its game missing, or at another
    version): the task fails, so the run stops with what it saved, rather than recording its matches as failed or
    playing them under other rules."""


def _dask_registry(settings: Settings) -> Registry:
    """This worker's registry, or WorkerMismatch naming the worker when it cannot play the tournament as the client
    would: a `--plugin` module it cannot import, the game missing, or the game at another version."""
    where = "a Dask worker"
    with contextlib.suppress(ImportError, ValueError):  # not in a Dask task: no address to name
        from distributed import get_worker

        where = f"the Dask worker at {get_worker().address}"
    advice = "every worker needs the tournament's games and plugins installed, at the client's versions"
    try:
        registry = worker_registry(settings.plugins)
    except Exception as error:  # an import's: a plugin not on the worker's path, or broken there
        raise WorkerMismatch(
            f"{where} cannot load the plugins {', '.join(settings.plugins)} ({error_line(error)}): {advice} "
            "(a --plugin module importable there, on its PYTHONPATH)"
        ) from None
    try:
        game = registry.game(settings.game)
    except UnknownName:
        raise WorkerMismatch(f"{where} has no game {settings.game!r}: {advice}") from None
    if settings.game_version and str(game.version) != settings.game_version:
        raise WorkerMismatch(
            f"{where} has {settings.game} version {game.version}, the tournament plays version "
            f"{settings.game_version}: {advice}"
        )
    return registry


class _DaskVerdicts:
    """The records of matches whose Dask worker ended itself because they were stuck, kept by the scheduler."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.key = ["campfire", settings.run or "run"]
        self.client: Any = None
        self.found: dict[str, Any] = {}
        try:
            from distributed import get_client, get_worker

            worker = get_worker()
        except (ImportError, ValueError):  # not in a Dask task
            return
        if worker.nanny is None:  # in the client's process: ending it would end the tournament
            return
        self.client = get_client()
        self.found = self.client.get_metadata(self.key, default={}) or {}

    def known(self, planned: Planned) -> MatchRecord | None:
        data = self.found.get(str(planned.index))
        return MatchRecord.from_json(data) if data is not None else None

    def ending(self, planned: Planned, registry: Registry) -> Callable[[Watch], None] | None:
        if self.client is None:
            return None
        client, key, settings = self.client, [*self.key, str(planned.index)], self.settings

        def end(watch: Watch) -> None:
            elapsed = time.monotonic() - watch.since
            # The watchdog cuts off a decision (given a time limit) or a call into the game: each has its limit.
            limit = phase_limits(settings.time_limit).get(watch.phase) or step_limit_for(None, settings.time_limit)
            snapshot = [float(watch.phase), float(watch.seat), float(watch.step), watch.since]
            record = cut_off_record(settings, planned, registry, snapshot, limit, elapsed)
            client.set_metadata(key, record.to_json())
            _real_exit(70)  # a match is playing, so `os._exit` is refused: the process's own exit

        return end


_real_exit = os._exit
"""The process's own exit, as it was at import: what `os._exit` is again once no match plays here, and what the
engine's own code calls to end the process while a match plays (the Dask watchdog)."""
_playing = 0
"""How many matches are playing in this process (a Dask worker plays several, one per thread)."""
_playing_lock = threading.Lock()


def _refused_exit(status: int) -> NoReturn:
    raise SystemExit(f"os._exit({status})")


@contextlib.contextmanager
def exits_refused() -> Iterator[None]:
    """`os._exit` raises SystemExit instead, in every thread, while a match plays in this process, wherever it plays
    (`--jobs 1`, a worker process, a Dask task): a player or game that calls it, from any thread it runs, forfeits
    or fails its match with the same message everywhere, rather than ending the tournament without a word or failing
    as a dead worker. Once no match plays, `os._exit` is itself again (multiprocessing ends a worker process with
    it); the engine's own code that must end the process during a match calls `_real_exit`."""
    global _playing
    counted = False
    try:  # entered inside the try: a Ctrl-C between refusing and counting must not leave `os._exit` refused
        with _playing_lock:
            if not _playing:
                os._exit = posix._exit = _refused_exit
            _playing += 1
            counted = True
        yield
    finally:
        with _playing_lock:
            if counted:
                _playing -= 1
            if not _playing:
                os._exit = posix._exit = _real_exit


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
    kill this process when a match is stuck. A closed pipe means the parent is gone: stop quietly. SIGINT (Ctrl-C
    on the process group, or the parent stopping the run) stops the match being played, as Ctrl-C stops `play`
    (its replay is kept, marked unfinished), and this process plays no other.
    """
    stop = _Stop()
    try:
        signal.signal(signal.SIGINT, stop.interrupt)
        registry = worker_registry(settings.plugins)
        watch = Watch(mirror)
        while True:
            batch = conn.recv()
            if batch is None:
                return
            for planned in batch:
                if stop.asked:  # a player swallowed the interrupt and its match ended: its record is sent, no more
                    return
                stop.playing = True
                try:
                    with exits_refused():
                        record = play_planned(settings, planned, registry, watch)
                finally:
                    stop.playing = False
                conn.send(record)
            conn.send(_DONE)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        return
    finally:
        # multiprocessing ends this process with `os._exit` once this returns: it must be the real one, whatever an
        # interrupt left behind (a refused exit raised SystemExit, and "os._exit(0)" was printed on Ctrl-C).
        os._exit = posix._exit = _real_exit


class _Stop:
    """A worker process's SIGINT handler: KeyboardInterrupt the first time only, and only while a match plays. Ctrl-C
    on the process group and the parent stopping the run both send one, and the second must not interrupt this
    process on its way out; nor may one that arrives between matches, while a finished match's record is being sent
    (the process stops before its next match instead)."""

    def __init__(self) -> None:
        self.asked = False
        self.playing = False

    def interrupt(self, signum: int, frame: Any) -> None:
        if self.asked:
            return
        self.asked = True
        if self.playing:
            raise KeyboardInterrupt
