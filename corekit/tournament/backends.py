"""Where matches run: in this process, in local worker processes, or on a Dask cluster.

Every backend takes the matches still to play and calls `emit(record)` once per match, in whatever order
they finish. A match whose worker process dies is played once more; if its worker dies again it is
recorded as failed (and played again by a resume), and the tournament goes on.

Each match's own watchdog cuts off a decision or a game call that overruns (see `corekit.runner`). What it cannot
reach, a C call that never returns, the local pool sees in the worker's shared `Watch` mirror: it kills that
worker, records the match with the blame the mirror shows, and starts another worker.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

import attrs

from corekit.errors import error_line, install_hint
from corekit.plugins import Registry
from corekit.tournament.schedule import Pending, Planned
from corekit.tournament.store import RETRY_WORKER, MatchRecord
from corekit.tournament.worker import (
    _DONE,
    INDEX,
    MIRROR_SLOTS,
    Settings,
    cut_off_record,
    exits_refused,
    phase_limits,
    planned_fields,
    play_planned,
    process_main,
    run_batch,
    worker_registry,
)
from corekit.watchdog import PHASE, SINCE, STUCK_AFTER, tick_interval

Emit = Callable[[MatchRecord], None]
MAX_BATCH = 32
# Several batches per worker keep every worker busy to the end while the per-task cost stays small.
BATCHES_PER_WORKER = 4
MAX_RETRIES = 1
STOP_GRACE = 2.0
"""Seconds a local worker has, once the run stops, to end its match (interrupted, or sending its record) before it
is killed: a Python decision stops in milliseconds; only one stuck in C code, or swallowing the interrupt, takes it."""


class BackendError(RuntimeError):
    """The backend cannot run (no Dask installed, cluster unreachable); the message is one line."""


class ClusterLost(BackendError):
    """The cluster failed during the run (its scheduler gone, a worker that cannot play the matches): the matches
    saved so far are reported, and a resume plays the rest."""


WORKER_WAIT = 30.0
"""Seconds a run waits for the first Dask worker of a cluster that has none, before it says so."""
PROBE_WAIT = 5.0
"""Seconds a run tries a TCP cluster address's port before leaving the connection to Dask (`_unreachable`)."""


def batch_size(remaining: int, workers: int) -> int:
    """Matches per task: a few tasks per worker, at most MAX_BATCH."""
    return max(1, min(MAX_BATCH, remaining // max(1, workers * BATCHES_PER_WORKER)))


def next_batch(pending: Pending, workers: int) -> list[Planned]:
    """The next batch, sized from what is left (guided scheduling): big batches early, single matches at the end,
    so no worker is left idle while another finishes a long batch."""
    return pending.take(batch_size(len(pending), workers))


def run_inline(settings: Settings, pending: Pending, emit: Emit, registry: Registry) -> None:
    """Play every match here, with the caller's registry (so players registered only in-process work)."""
    with exits_refused():
        while pending:
            for planned in pending.take(1):
                emit(play_planned(settings, planned, registry))


def run_processes(settings: Settings, pending: Pending, emit: Emit, jobs: int) -> None:
    """Play the matches on `jobs` local worker processes (never forked from this one: see `_context`)."""
    _Pool(settings, jobs, emit).run(pending)


def _unreachable(address: Any) -> str | None:
    """Why nothing can answer at a TCP scheduler address, found at once; None when something may. Dask's client
    keeps retrying a refused connection until its timeout, so a mistyped port or a scheduler not started took 20
    seconds to be told; a port that refuses, or a host name that does not resolve, is said in one line here. A
    silent host (a firewall dropping the packets) is left to Dask's timeout."""
    if not isinstance(address, str):
        return None  # a cluster object of the Python API
    from distributed.comm.addressing import normalize_address, parse_address, parse_host_port

    try:
        scheme, location = parse_address(normalize_address(address))
        host, port = parse_host_port(location, 8786)  # Dask's default scheduler port
    except ValueError as error:
        return f"not a scheduler address ({error_line(error)})"
    if scheme != "tcp":
        return None
    if not 0 < port < 65536:
        return f"{port} is not a port number (1 to 65535)"
    try:
        with socket.create_connection((host, port), timeout=PROBE_WAIT):
            return None
    except ConnectionRefusedError:
        return f"nothing listens on port {port} of {host} (connection refused): is the scheduler running?"
    except socket.gaierror as error:
        return f"the host {host!r} is not known ({error.strerror or error})"
    except OSError:  # a timeout, an unreachable network: Dask's own attempt says what it meets
        return None


def run_dask(settings: Settings, pending: Pending, emit: Emit, address: Any) -> None:
    """Play the matches on the Dask cluster at `address`, a batch of matches per task.

    Batches are submitted a few per worker at a time, as earlier ones finish, so a long tournament is never
    planned up front, and a batch's records reach the results file when the batch ends. When the run stops early
    (an error, Ctrl-C) the tasks not yet started are cancelled; Dask cannot stop one that is running, which plays
    its batch to the end for nobody (a resume plays those matches again). Dask's own log lines are kept off the
    terminal while the run lasts: what failed is said in one line.
    """
    try:
        from distributed import Client, KilledWorker, as_completed
    except ImportError:
        raise BackendError(f"--cluster needs Dask distributed: {install_hint('cluster')}") from None
    unreachable = _unreachable(address)
    if unreachable is not None:
        raise BackendError(f"cannot reach the Dask cluster at {address}: {unreachable}")
    try:
        client = Client(address, timeout="20s")
    except Exception as error:
        raise BackendError(f"cannot reach the Dask cluster at {address}: {error_line(error)}") from None
    batches: dict[str, tuple[Any, list[Planned]]] = {}
    quiet = _dask_logs_quiet()
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except Exception:  # a TimeoutError, Dask's own or asyncio's
            raise BackendError(
                f"the Dask cluster at {address} has no worker (none joined in {WORKER_WAIT:g}s)"
            ) from None
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        window = 2 * workers * BATCHES_PER_WORKER
        attempts: dict[int, int] = {}
        finished = as_completed()

        def submit(batch: list[Planned]) -> None:
            future = client.submit(run_batch, settings, batch, pure=False)
            batches[future.key] = (future, batch)
            finished.add(future)

        def top_up() -> None:
            while pending and len(batches) < window:
                submit(next_batch(pending, workers))

        top_up()
        for future in finished:
            _, batch = batches.pop(future.key)
            try:
                records = future.result()
            except KilledWorker as error:
                # Which match killed the worker is unknown: play each match of the batch again on its own,
                # so only the culprit fails twice.
                for planned in batch:
                    tries = attempts[planned.index] = attempts.get(planned.index, 0) + 1
                    if tries > MAX_RETRIES:
                        emit(
                            _failed(
                                settings,
                                planned,
                                tries,
                                f"the Dask worker playing it died twice ({type(error).__name__})",
                            )
                        )
                    else:
                        submit([planned])
                top_up()
                continue
            except Exception as error:  # the cluster itself failed: stop; what is saved can be resumed
                finished.clear()
                raise ClusterLost(f"a Dask task failed: {error_line(error)}") from None
            for record in records:
                emit(_with_attempts(record, attempts))
            top_up()
    finally:
        if batches:  # stopped early: the cluster must not go on playing for nobody
            with contextlib.suppress(Exception):
                client.cancel([future for future, _ in batches.values()], force=True)
        with contextlib.suppress(Exception):  # a scheduler already gone fails the close too
            client.close()
        quiet.close()


def _dask_logs_quiet() -> contextlib.ExitStack:
    """Dask's loggers silenced below CRITICAL until the stack is closed (a lost scheduler logs tracebacks)."""
    import logging

    stack = contextlib.ExitStack()
    for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core", "tornado"):
        logger = logging.getLogger(name)
        stack.callback(logger.setLevel, logger.level)
        logger.setLevel(logging.CRITICAL)
    return stack


class _Pool:
    """Worker processes fed over pipes; a dead worker's unfinished matches go back in the queue, and a worker stuck
    past its match's limits is killed."""

    def __init__(self, settings: Settings, jobs: int, emit: Emit) -> None:
        self.settings = settings
        self.jobs = max(1, jobs)
        self.emit = emit
        unguarded = _script_run_again()
        if unguarded is not None:
            raise BackendError(unguarded)
        self.context = _context()
        self.pending = Pending(0, 1, 1, 0)
        self.attempts: dict[int, int] = {}
        self.workers: list[_Worker] = []
        self.stopping = False
        self.refused = False
        """`emit` raised (the results file refused a record): the run stops, and hands on nothing more."""
        self.limits = phase_limits(settings.time_limit)
        self.tick = tick_interval(min(v for v in self.limits.values() if v is not None))

    def run(self, pending: Pending) -> None:
        """Feed every match to the workers until all have a record."""
        self.pending = pending
        try:
            for _ in range(min(self.jobs, len(pending))):
                self.workers.append(self._start())
            for worker in self.workers:
                self._feed(worker)
            while any(worker.busy for worker in self.workers):
                busy = [w for w in self.workers if w.busy]
                ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=self.tick)
                for worker in busy:
                    if worker.conn in ready or worker.process.sentinel in ready:
                        self._serve(worker)
                    elif worker.busy:
                        self._unless_stuck(worker)
                for worker in self.workers:  # matches requeued by a death go to any idle worker too
                    if not worker.busy and self.pending and worker.process.is_alive():
                        self._feed(worker)
        finally:
            with interrupts_ignored():  # a second Ctrl-C must not cut the stop short: the records in the pipes
                self._stop()

    def _serve(self, worker: _Worker) -> None:
        self._read(worker)
        if not worker.process.is_alive():
            self._buried(worker)

    def _read(self, worker: _Worker) -> None:
        """Take in what the worker has sent: records, then the end of its batch."""
        try:
            while worker.busy and worker.conn.poll():
                message = worker.conn.recv()
                if message == _DONE:
                    worker.busy = False
                    self._feed(worker)
                    return
                worker.batch.pop(0)
                self._hand_on(_with_attempts(message, self.attempts))
        except (EOFError, OSError):
            pass

    def _hand_on(self, record: MatchRecord) -> None:
        # Once a record was refused, those that arrive while stopping would fail the same way, and their error
        # must not replace the first one's.
        if self.refused:
            return
        try:
            self.emit(record)
        except Exception:  # not KeyboardInterrupt: after Ctrl-C, what arrives while stopping is still saved
            self.refused = True
            raise

    def _unless_stuck(self, worker: _Worker) -> None:
        """Kill the worker if its match has been in one decision or one game call for too long."""
        snapshot = list(worker.mirror)
        limit = self.limits.get(int(snapshot[PHASE]))
        if limit is None or not worker.batch or int(snapshot[INDEX]) != worker.batch[0].index:
            return
        elapsed = time.monotonic() - snapshot[SINCE]
        # Past the limit, the match's own watchdog cuts it off and keeps the worker: only one stuck for good is killed.
        if elapsed <= limit + 2 * self.tick + STUCK_AFTER or list(worker.mirror) != snapshot:
            return
        worker.process.kill()
        worker.process.join()
        self._read(worker)  # a record sent just before the kill still counts
        # Killed here, so no match left in its batch killed it: they are all played again as they were.
        if not worker.batch or worker.batch[0].index != int(snapshot[INDEX]):
            self._buried(worker, blame=False)
            return
        stuck = worker.batch.pop(0)
        registry = worker_registry(self.settings.plugins)
        record = cut_off_record(self.settings, stuck, registry, snapshot, limit, elapsed)
        self._buried(worker, blame=False)
        self._hand_on(_with_attempts(record, self.attempts))

    def _buried(self, worker: _Worker, blame: bool = True) -> None:
        """The worker died: blame the match it was playing (unless it was killed for a match already taken out of
        its batch, or had not started one), requeue the others untouched."""
        worker.process.join()
        code = worker.process.exitcode
        unfinished = worker.batch
        worker.batch = []
        worker.busy = False
        worker.conn.close()
        # A mirror showing another match than the batch's first is one whose record came in: the worker died after it
        # (after ending a batch, say, as the next was sent) and before starting the next, which is not to blame. One
        # that never started a match (-1) is blamed, so a worker that cannot start at all fails its matches in turn.
        started = int(worker.mirror[INDEX])
        if unfinished and started != -1 and started != unfinished[0].index:
            blame = False
        if unfinished and not blame:
            self.pending.give_back(unfinished)
        elif unfinished:
            culprit, rest = unfinished[0], unfinished[1:]
            tries = self.attempts.get(culprit.index, 0) + 1
            self.attempts[culprit.index] = tries
            self.pending.give_back(rest)
            if tries > MAX_RETRIES:
                self._hand_on(
                    _failed(self.settings, culprit, tries, f"the worker process died twice ({_how_it_ended(code)})")
                )
            else:
                self.pending.give_back([culprit])
        index = self.workers.index(worker)
        if self.pending:
            self.workers[index] = self._start()
            self._feed(self.workers[index])

    def _feed(self, worker: _Worker) -> None:
        if self.stopping:
            return
        batch = next_batch(self.pending, self.jobs)
        if not batch:
            return
        try:
            worker.conn.send(batch)
        except OSError:  # it died between batches: nothing to blame, start another with the same batch
            self.pending.give_back(batch)
            worker.process.join()
            worker.conn.close()
            replacement = self.workers[self.workers.index(worker)] = self._start()
            self._feed(replacement)
            return
        worker.batch = batch
        worker.busy = True

    def _start(self) -> _Worker:
        parent, child = self.context.Pipe()
        mirror = self.context.Array("d", MIRROR_SLOTS, lock=False)
        mirror[INDEX] = -1  # no match started yet (`_buried`)
        process = self.context.Process(target=process_main, args=(child, self.settings, mirror), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent, mirror)

    def _stop(self) -> None:
        """End every worker at once, whether the run ended or was stopped (Ctrl-C, a results file that refuses a
        record): an idle one is told to, one in a match is interrupted as Ctrl-C on the process group would (its
        replay kept, marked unfinished; the match is not failed, a resume plays it). A record that arrives
        meanwhile, of a match that ended anyway, is still handed on; a worker still there after STOP_GRACE is
        killed."""
        self.stopping = True
        for worker in self.workers:
            with contextlib.suppress(OSError, ValueError):  # already dead or closed
                worker.conn.send(None)
            # A busy worker reads that message only after its batch. (`exitcode` first: a reaped pid may be reused.)
            if worker.busy and worker.process.exitcode is None:
                with contextlib.suppress(OSError):  # it has just ended
                    os.kill(worker.process.pid, signal.SIGINT)
        deadline = time.monotonic() + STOP_GRACE
        try:
            left = [worker for worker in self.workers if not worker.conn.closed]
            while left and time.monotonic() < deadline:
                # Only a busy worker's pipe: once a worker ends, its pipe is always ready (at its end).
                watched = [w.conn for w in left if w.busy] + [w.process.sentinel for w in left]
                wait(watched, timeout=max(0.0, deadline - time.monotonic()))
                ended = [worker for worker in left if not worker.process.is_alive()]  # before reading: all it sent
                for worker in left:
                    self._read(worker)
                left = [worker for worker in left if worker not in ended]
            for worker in left:
                worker.process.kill()
                worker.process.join()
                self._read(worker)  # a record sent just before the kill still counts
        finally:
            for worker in self.workers:
                if worker.process.is_alive():
                    worker.process.kill()
                worker.process.join()


def _how_it_ended(code: int | None) -> str:
    """A dead worker's end as its exit code says it: a signal by name, an exit with its code (0 is no success here:
    the process left in the middle of a match, as one stopped by a Ctrl-C sent to it alone does)."""
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}, in the middle of the match" if code == 0 else f"exit code {code}"


STOPPING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals that `campfire tournament` takes as Ctrl-C (a scheduler's or `docker stop`'s SIGTERM, a closed terminal's
SIGHUP), so that they too say what is saved and how to go on."""


@contextlib.contextmanager
def interrupts_ignored() -> Iterator[None]:
    """Ctrl-C (and STOPPING_SIGNALS) ignored inside, then as they were: for the end of a run (the workers stopped, the
    records read, the report written), where a second press, as impatient people do, lost records or the report."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread handles signals
        yield
        return
    previous = {signum: signal.signal(signum, signal.SIG_IGN) for signum in (signal.SIGINT, *STOPPING_SIGNALS)}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _script_run_again() -> str | None:
    """Why worker processes cannot be started from here, or None. A worker imports the script the Python process
    runs (`python script.py`) as multiprocessing's forkserver and spawn do, so a script whose top level starts the
    tournament ran itself again in every worker, side effects and all, and failed there with a traceback."""
    guard = 'put the code that runs the tournament under `if __name__ == "__main__":`'
    if multiprocessing.parent_process() is not None:
        return f"a tournament with worker processes was started by a worker process importing your script: {guard}"
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    spec = getattr(main, "__spec__", None)
    if path is None or (spec is not None and spec.name.endswith("__main__")):
        return None  # python -c, a notebook, `python -m package`: nothing a worker imports again
    try:
        source = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    if "__main__" in source:
        return None
    return f"more than one job starts worker processes, which import {path} again: {guard}"


def _context() -> Any:
    """'forkserver' where there is one (a fresh process per worker, forked from a server that loaded the
    plugins once, so a worker starts in milliseconds), else 'spawn'. Never plain fork: it would copy the
    parent's threads and open files into the workers."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        # The signals module first: Ctrl-C is then ignored while the server imports the plugins (it printed a
        # KeyboardInterrupt traceback, interrupted there), and its workers start with it ignored too, as the server
        # records their starting handlers after all its preloads.
        preloads = ["corekit.tournament._forkserver_signals", "corekit.tournament._preload"]
        multiprocessing.set_forkserver_preload(preloads)
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


class _Worker:
    """One worker process, its pipe, its Watch mirror, and the matches of its batch not yet reported."""

    def __init__(self, process: Any, conn: Any, mirror: Any) -> None:
        self.process = process
        self.conn = conn
        self.mirror = mirror
        self.batch: list[Planned] = []
        self.busy = False
        """Given a batch and not yet done with it (its last record may be in but not its end marker)."""


def _failed(settings: Settings, planned: Planned, attempts: int, error: str) -> MatchRecord:
    return MatchRecord(
        **planned_fields(settings, planned), status="failed", error=error, attempts=attempts, retry=RETRY_WORKER
    )


def _with_attempts(record: MatchRecord, attempts: dict[int, int]) -> MatchRecord:
    tries = attempts.get(record.index, 0)
    return attrs.evolve(record, attempts=tries + 1) if tries else record
