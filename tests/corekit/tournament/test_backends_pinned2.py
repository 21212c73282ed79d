"""Behaviour of the local pool and the Dask backend that a second mutation sweep of `backends` found unpinned."""

from __future__ import annotations

import logging
import os
import signal
import time
import types
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

from corekit.tournament import backends
from corekit.tournament.schedule import Pending, Planned, plan
from corekit.tournament.store import MatchRecord
from corekit.tournament.worker import INDEX, MIRROR_SLOTS, Settings
from corekit.watchdog import DECIDE, PHASE, SINCE
from tests.corekit.tournament.test_backends_pinned import FakePipe, FakeProcess, _ok, _settings, _stuck_worker

# The local pool: records handed on, blame, a stop.


def test_a_ctrl_c_raised_by_the_results_file_does_not_drop_the_records_that_arrive_while_stopping() -> None:
    # After Ctrl-C, what arrives while the workers stop is still saved: only an error of the file stops that.
    handed: list[int] = []

    def interrupted_once(record: MatchRecord) -> None:
        handed.append(record.index)
        if len(handed) == 1:
            raise KeyboardInterrupt

    pool = backends._Pool(_settings(), 1, interrupted_once)
    first, second = (_ok(planned) for planned in plan(0, 2, 2, 2))
    with pytest.raises(KeyboardInterrupt):
        pool._hand_on(first)
    pool._hand_on(second)
    assert handed == [0, 1] and not pool.refused


class MovingMirror(list):
    """A worker's mirror that shows a match stuck at its first read, then the same match in a later decision: the
    worker went on between the two reads."""

    def __init__(self, showing: int) -> None:
        stuck = [0.0] * MIRROR_SLOTS
        stuck[PHASE], stuck[INDEX], stuck[SINCE] = float(DECIDE), float(showing), time.monotonic() - 60
        super().__init__(stuck)
        self.reads = 0

    def __iter__(self) -> Iterator[float]:
        self.reads += 1
        values = list(super().__iter__())
        if self.reads > 1:
            values[SINCE] = time.monotonic()
        return iter(values)


def test_a_worker_whose_mirror_moves_while_it_is_checked_is_not_killed() -> None:
    handed: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 1, handed.append)
    (planned,) = plan(0, 2, 2, 1)
    worker = _stuck_worker([planned], planned.index)
    worker.mirror = MovingMirror(planned.index)
    pool.workers = [worker]
    pool._unless_stuck(worker)
    assert worker.mirror.reads == 2  # the check read it again before killing
    assert not worker.process.killed
    assert handed == [] and worker.batch == [planned]


def test_a_stuck_worker_whose_match_ended_just_before_the_kill_blames_none_of_the_rest_of_its_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Match 0's record reached the pipe before the kill: match 1, never started, goes back as it was, a first attempt.
    handed: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 1, handed.append)
    pool.pending = Pending(0, 2, 2, 0)
    first, second = plan(0, 2, 2, 2)
    worker = _stuck_worker([first, second], first.index, _ok(first))
    replacement = backends._Worker(FakeProcess(), FakePipe(), [0.0] * MIRROR_SLOTS)
    pool.workers = [worker]
    monkeypatch.setattr(pool, "_start", lambda: replacement)
    pool._unless_stuck(worker)
    assert worker.process.killed
    assert [(record.index, record.status, record.attempts) for record in handed] == [(0, "ok", 1)]
    assert pool.attempts == {}
    assert pool.workers == [replacement] and [match.index for match in replacement.batch] == [1]


def test_a_stopping_pool_feeds_no_worker_and_starts_none(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = backends._Pool(_settings(), 1, [].append)
    pool.pending = Pending(0, 2, 2, 2)
    pool.stopping = True
    dead = backends._Worker(FakeProcess(), FakePipe(broken=True), [0.0] * MIRROR_SLOTS)
    pool.workers = [dead]
    started: list[backends._Worker] = []

    def start() -> backends._Worker:
        started.append(backends._Worker(FakeProcess(), FakePipe(), [0.0] * MIRROR_SLOTS))
        return started[-1]

    monkeypatch.setattr(pool, "_start", start)
    pool._feed(dead)
    assert started == [] and dead.conn.sent == [] and not dead.busy and len(pool.pending) == 2


def test_a_record_sent_by_a_worker_killed_at_the_end_of_the_stop_grace_is_still_handed_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed: list[MatchRecord] = []
    interrupted: list[int] = []
    monkeypatch.setattr(backends, "STOP_GRACE", 0.0)
    monkeypatch.setattr(backends, "os", types.SimpleNamespace(kill=lambda pid, signum: interrupted.append(signum)))
    pool = backends._Pool(_settings(), 1, handed.append)
    (planned,) = plan(0, 2, 2, 1)
    worker = backends._Worker(FakeProcess(), FakePipe(_ok(planned)), [0.0] * MIRROR_SLOTS)
    worker.process.pid = 0
    worker.batch, worker.busy = [planned], True
    pool.workers = [worker]
    pool._stop()
    assert interrupted == [signal.SIGINT] and worker.process.killed
    assert [(record.index, record.status) for record in handed] == [(0, "ok")]


def test_a_record_that_arrives_on_a_later_wait_of_the_stop_grace_is_handed_on_and_its_worker_not_killed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The interrupted match's record comes in on the second wait of the stop, not the first: it is still saved.
    handed: list[MatchRecord] = []
    monkeypatch.setattr(backends, "os", types.SimpleNamespace(kill=lambda pid, signum: None))
    pool = backends._Pool(_settings(), 1, handed.append)
    (planned,) = plan(0, 2, 2, 1)
    worker = backends._Worker(FakeProcess(), FakePipe(), [0.0] * MIRROR_SLOTS)
    worker.process.pid = 0
    worker.batch, worker.busy = [planned], True
    pool.workers = [worker]
    waits: list[int] = []

    def wait(watched: Any, timeout: float) -> list[Any]:
        waits.append(1)
        if len(waits) == 2:  # the match ends: its record, then its end marker, then the process ends
            worker.conn.messages += [_ok(planned), backends._DONE]
            worker.process.exitcode = 0
        return []

    monkeypatch.setattr(backends, "wait", wait)
    pool._stop()
    assert len(waits) == 2
    assert not worker.process.killed
    assert [(record.index, record.status) for record in handed] == [(0, "ok")]


class Pressed(Exception):
    """A second Ctrl-C, as this test's SIGINT handler raises it."""


def test_a_second_ctrl_c_while_the_pool_stops_is_ignored_and_loses_no_record(monkeypatch: pytest.MonkeyPatch) -> None:
    records: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 1, records.append)
    presses: list[int] = []
    real_wait = backends.wait

    def pressing(*args: Any, **kwargs: Any) -> Any:
        if pool.stopping and not presses:
            presses.append(1)
            os.kill(os.getpid(), signal.SIGINT)
        return real_wait(*args, **kwargs)

    def press(signum: int, frame: Any) -> None:
        raise Pressed

    monkeypatch.setattr(backends, "wait", pressing)
    previous = signal.signal(signal.SIGINT, press)
    try:
        pool.run(Pending(0, 2, 2, 3))
    finally:
        signal.signal(signal.SIGINT, previous)
    assert presses == [1]
    assert sorted(record.index for record in records) == [0, 1, 2]


# The Dask backend on a stand-in cluster: which tasks it submits, what a KilledWorker does, what it leaves behind.


class FakeDask:
    """A Dask client and `as_completed` in one: tasks complete in the order submitted; a batch holding one of
    `killers` raises KilledWorker, the others return an ok record per match."""

    def __init__(self, killers: set[int]) -> None:
        self.killers = killers
        self.submitted: list[list[int]] = []
        self.cancelled: list[str] = []
        self.closed = False
        self.queue: deque[FakeFuture] = deque()

    def __call__(self, address: Any, timeout: Any = None) -> FakeDask:
        return self

    def wait_for_workers(self, n: int, timeout: float) -> None:
        pass

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {"tcp://worker:1": {}}}

    def submit(self, function: Any, settings: Settings, batch: list[Planned], pure: bool) -> FakeFuture:
        self.submitted.append([planned.index for planned in batch])
        return FakeFuture(f"task-{len(self.submitted)}", batch, self)

    def cancel(self, futures: list[FakeFuture], force: bool) -> None:
        self.cancelled.extend(future.key for future in futures)

    def close(self) -> None:
        self.closed = True

    def as_completed(self) -> FakeDask:
        return self

    def add(self, future: FakeFuture) -> None:
        self.queue.append(future)

    def clear(self) -> None:
        self.queue.clear()

    def __iter__(self) -> Iterator[FakeFuture]:
        while self.queue:
            yield self.queue.popleft()


class FakeFuture:
    def __init__(self, key: str, batch: list[Planned], dask: FakeDask) -> None:
        self.key, self.batch, self.dask = key, batch, dask

    def result(self) -> list[MatchRecord]:
        from distributed import KilledWorker

        if any(planned.index in self.dask.killers for planned in self.batch):
            raise KilledWorker(self.key, None, 0)
        return [_ok(planned) for planned in self.batch]


@pytest.fixture
def fake_dask(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")

    def install(killers: set[int], batch: int = 1) -> FakeDask:
        dask = FakeDask(killers)
        monkeypatch.setattr(distributed, "Client", dask)
        monkeypatch.setattr(distributed, "as_completed", dask.as_completed)
        monkeypatch.setattr(backends, "next_batch", lambda pending, workers: pending.take(batch))
        return dask

    yield install


def _run_dask(pending: Pending) -> list[MatchRecord]:
    records: list[MatchRecord] = []
    backends.run_dask(_settings(), pending, records.append, address=object())  # a cluster object: not probed
    return records


def test_on_dask_a_killed_batch_is_played_again_a_match_a_task_and_only_its_culprit_fails(fake_dask: Any) -> None:
    dask = fake_dask({0}, batch=3)
    records = _run_dask(Pending(0, 2, 2, 3))
    assert dask.submitted == [[0, 1, 2], [0], [1], [2]]
    assert {record.index: (record.status, record.attempts) for record in records} == {
        0: ("failed", 2),
        1: ("ok", 2),
        2: ("ok", 2),
    }
    failed = next(record for record in records if record.status == "failed")
    assert failed.error == "the Dask worker playing it died twice (KilledWorker)"


def test_on_dask_matches_still_pending_after_the_last_task_killed_its_worker_are_still_played(fake_dask: Any) -> None:
    # One worker, a window of 8 tasks: 9 matches that each kill their worker. The last tasks in flight all end in a
    # KilledWorker, and the 9th match, never submitted yet, must still be played (and fail) rather than be lost.
    dask = fake_dask(set(range(9)))
    records = _run_dask(Pending(0, 2, 2, 9))
    assert sorted(record.index for record in records) == list(range(9))
    assert {(record.status, record.attempts) for record in records} == {("failed", 2)}
    assert dask.closed


def test_on_dask_a_run_stopped_by_the_results_file_cancels_the_tasks_still_on_the_cluster(fake_dask: Any) -> None:
    dask = fake_dask(set())

    def refuse(record: MatchRecord) -> None:
        raise OSError("No space left on device")

    with pytest.raises(OSError, match="No space left"):
        backends.run_dask(_settings(), Pending(0, 2, 2, 4), refuse, address=object())
    assert dask.submitted == [[0], [1], [2], [3]]
    assert dask.cancelled == ["task-2", "task-3", "task-4"]
    assert dask.closed


def test_on_dask_the_dask_loggers_are_as_they_were_after_the_run(fake_dask: Any) -> None:
    fake_dask(set())
    logger = logging.getLogger("distributed")
    before = logger.level
    logger.setLevel(logging.WARNING)
    try:
        _run_dask(Pending(0, 2, 2, 2))
        assert logger.level == logging.WARNING
    finally:
        logger.setLevel(before)


def test_a_worker_that_died_between_two_batches_blames_no_match_of_the_batch_it_was_just_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The worker sent match 0's record and the end of its batch, was sent match 1, and died before starting it (its
    # mirror still shows match 0): match 1 goes back as it was, a first attempt, not "the worker process died".
    handed: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 1, handed.append)
    pool.pending = Pending(0, 2, 2, 2)
    (first,) = pool.pending.take(1)
    worker = _stuck_worker([first], first.index, _ok(first), backends._DONE)
    worker.process.exitcode = 1
    replacement = backends._Worker(FakeProcess(), FakePipe(), [0.0] * MIRROR_SLOTS)
    pool.workers = [worker]
    monkeypatch.setattr(pool, "_start", lambda: replacement)
    pool._serve(worker)
    assert [(record.index, record.status, record.attempts) for record in handed] == [(0, "ok", 1)]
    assert pool.attempts == {}
    assert pool.workers == [replacement] and [match.index for match in replacement.batch] == [1]


def test_a_worker_that_died_before_starting_any_match_blames_the_first_of_its_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A worker that cannot start at all must still use up its matches' attempts, or the pool would start it forever.
    pool = backends._Pool(_settings(), 1, [].append)
    pool.pending = Pending(0, 2, 2, 2)
    batch = pool.pending.take(2)
    worker = _stuck_worker(batch, -1)
    worker.process.exitcode = 1
    replacement = backends._Worker(FakeProcess(), FakePipe(), [0.0] * MIRROR_SLOTS)
    pool.workers = [worker]
    monkeypatch.setattr(pool, "_start", lambda: replacement)
    pool._serve(worker)
    assert pool.attempts == {0: 1}
    assert [match.index for match in replacement.batch] == [0] and len(pool.pending) == 1  # the rest, in order
