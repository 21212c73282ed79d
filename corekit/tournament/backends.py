"""Where matches run: in this process, in local worker processes, or on a Dask cluster.

Every backend takes the matches still to play and calls `emit(record)` once per match, in whatever order
they finish. A match whose worker process dies is played once more; if its worker dies again it is
recorded as failed, and the tournament goes on.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import wait
from typing import Any

import attrs

from corekit.errors import error_line
from corekit.plugins import Registry
from corekit.tournament.schedule import Planned
from corekit.tournament.store import MatchRecord
from corekit.tournament.worker import _DONE, Settings, play_planned, process_main, run_batch

Emit = Callable[[MatchRecord], None]
MAX_BATCH = 32
# Several batches per worker keep every worker busy to the end while the per-task cost stays small.
BATCHES_PER_WORKER = 4
RETRIES = 1


class BackendError(RuntimeError):
    """The backend cannot run (no Dask installed, cluster unreachable); the message is one line."""


def batch_size(remaining: int, workers: int) -> int:
    """Matches per task: a few tasks per worker, at most MAX_BATCH."""
    return max(1, min(MAX_BATCH, remaining // max(1, workers * BATCHES_PER_WORKER)))


def guided_batches(pending: Sequence[Planned], workers: int) -> list[list[Planned]]:
    """The matches cut into batches that shrink as fewer remain, down to single matches at the end."""
    batches = []
    start = 0
    while start < len(pending):
        size = batch_size(len(pending) - start, workers)
        batches.append(list(pending[start : start + size]))
        start += size
    return batches


def run_inline(settings: Settings, pending: Sequence[Planned], emit: Emit, registry: Registry) -> None:
    """Play every match here, with the caller's registry (so players registered only in-process work)."""
    for planned in pending:
        emit(play_planned(settings, planned, registry))


def run_processes(settings: Settings, pending: Sequence[Planned], emit: Emit, jobs: int) -> None:
    """Play the matches on `jobs` local worker processes (never forked from this one: see `_context`)."""
    _Pool(settings, jobs, emit).run(pending)


def run_dask(settings: Settings, pending: Sequence[Planned], emit: Emit, address: Any) -> None:
    """Play the matches on the Dask cluster at `address`, a batch of matches per task."""
    try:
        from distributed import Client, KilledWorker, as_completed
    except ImportError:
        raise BackendError("--cluster needs Dask distributed: pip install -e '.[cluster]'") from None
    try:
        client = Client(address, timeout="20s")
    except Exception as error:
        raise BackendError(f"cannot reach the Dask cluster at {address}: {error_line(error)}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        attempts: dict[int, int] = {}
        batches: dict[str, list[Planned]] = {}
        finished = as_completed()

        def submit(batch: list[Planned]) -> None:
            future = client.submit(run_batch, settings, batch, pure=False)
            batches[future.key] = batch
            finished.add(future)

        for batch in guided_batches(pending, workers):
            submit(batch)
        for future in finished:
            batch = batches.pop(future.key)
            try:
                records = future.result()
            except KilledWorker as error:
                # Which match killed the worker is unknown: play each match of the batch again on its own,
                # so only the culprit fails twice.
                for planned in batch:
                    tries = attempts[planned.index] = attempts.get(planned.index, 0) + 1
                    if tries > RETRIES:
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
                continue
            except Exception as error:  # the cluster itself failed: stop; what is saved can be resumed
                finished.clear()
                raise BackendError(f"a Dask task failed: {error_line(error)}") from None
            for record in records:
                emit(_with_attempts(record, attempts))
    finally:
        client.close()


class _Pool:
    """Worker processes fed over pipes; a dead worker's unfinished matches go back in the queue."""

    def __init__(self, settings: Settings, jobs: int, emit: Emit) -> None:
        self.settings = settings
        self.jobs = max(1, jobs)
        self.emit = emit
        self.context = _context()
        self.queue: deque[Planned] = deque()
        self.attempts: dict[int, int] = {}
        self.workers: list[_Worker] = []

    def run(self, pending: Sequence[Planned]) -> None:
        """Feed every match to the workers until all have a record."""
        self.queue.extend(pending)
        try:
            for _ in range(min(self.jobs, len(pending))):
                self.workers.append(self._start())
            for worker in self.workers:
                self._feed(worker)
            while any(worker.busy for worker in self.workers):
                busy = [w for w in self.workers if w.busy]
                ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
                for worker in busy:
                    if worker.conn in ready or worker.process.sentinel in ready:
                        self._serve(worker)
                for worker in self.workers:  # matches requeued by a death go to any idle worker too
                    if not worker.busy and self.queue and worker.process.is_alive():
                        self._feed(worker)
        finally:
            self._stop()

    def _serve(self, worker: _Worker) -> None:
        try:
            while worker.conn.poll():
                message = worker.conn.recv()
                if message == _DONE:
                    worker.busy = False
                    self._feed(worker)
                    return
                worker.batch.pop(0)
                self.emit(_with_attempts(message, self.attempts))
        except (EOFError, OSError):
            pass
        if worker.process.is_alive():
            return
        self._buried(worker)

    def _buried(self, worker: _Worker) -> None:
        """The worker died: blame the match it was playing, requeue the others untouched."""
        worker.process.join()
        code = worker.process.exitcode
        unfinished = worker.batch
        worker.batch = []
        worker.busy = False
        worker.conn.close()
        if unfinished:
            culprit, rest = unfinished[0], unfinished[1:]
            tries = self.attempts.get(culprit.index, 0) + 1
            self.attempts[culprit.index] = tries
            self.queue.extendleft(reversed(rest))
            if tries > RETRIES:
                self.emit(_failed(self.settings, culprit, tries, f"the worker process died twice (exit code {code})"))
            else:
                self.queue.appendleft(culprit)
        index = self.workers.index(worker)
        if self.queue:
            self.workers[index] = self._start()
            self._feed(self.workers[index])

    def _feed(self, worker: _Worker) -> None:
        # Sized from what is left (guided scheduling): big batches early, single matches at the end, so no
        # worker is left idle while another finishes a long batch.
        size = batch_size(len(self.queue), self.jobs)
        batch = [self.queue.popleft() for _ in range(min(size, len(self.queue)))]
        if not batch:
            return
        try:
            worker.conn.send(batch)
        except OSError:  # it died between batches: nothing to blame, start another with the same batch
            self.queue.extendleft(reversed(batch))
            worker.process.join()
            worker.conn.close()
            replacement = self.workers[self.workers.index(worker)] = self._start()
            self._feed(replacement)
            return
        worker.batch = batch
        worker.busy = True

    def _start(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=process_main, args=(child, self.settings), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def _stop(self) -> None:
        for worker in self.workers:
            with contextlib.suppress(OSError, ValueError):  # already dead or closed
                worker.conn.send(None)
        for worker in self.workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()


def _context() -> Any:
    """'forkserver' where there is one (a fresh process per worker, forked from a server that loaded the
    plugins once, so a worker starts in milliseconds), else 'spawn'. Never plain fork: it would copy the
    parent's threads and open files into the workers."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.set_forkserver_preload(["corekit.tournament._preload"])
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


class _Worker:
    """One worker process, its pipe, and the matches of its batch not yet reported."""

    def __init__(self, process: Any, conn: Any) -> None:
        self.process = process
        self.conn = conn
        self.batch: list[Planned] = []
        self.busy = False
        """Given a batch and not yet done with it (its last record may be in but not its end marker)."""


def _failed(settings: Settings, planned: Planned, attempts: int, error: str) -> MatchRecord:
    return MatchRecord(
        planned.index,
        planned.deal,
        planned.seed,
        planned.lineup,
        tuple(settings.specs[i] for i in planned.lineup),
        "failed",
        error=error,
        attempts=attempts,
    )


def _with_attempts(record: MatchRecord, attempts: dict[int, int]) -> MatchRecord:
    tries = attempts.get(record.index, 0)
    return attrs.evolve(record, attempts=tries + 1) if tries else record
