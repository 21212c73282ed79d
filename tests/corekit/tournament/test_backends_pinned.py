"""Behaviour of the local process pool and the Dask backend that a mutation sweep of `backends` found unpinned."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from corekit.tournament import Tournament, backends, read_results, run_tournament
from corekit.tournament.schedule import Pending, Planned, plan
from corekit.tournament.store import MatchRecord
from corekit.tournament.worker import INDEX, MIRROR_SLOTS, Settings, planned_fields
from corekit.watchdog import DECIDE, PHASE, SINCE

TEST_PLAYERS = ("tests.corekit.tournament.tournament_test_players",)
FAULTS = ("tests.corekit.tournament.fault_games",)


def _settings(*specs: str, plugins: tuple[str, ...] = TEST_PLAYERS) -> Settings:
    return Settings("grizzly-race", specs or ("random", "heuristic"), time_limit=0.5, plugins=plugins)


def _run_pool(settings: Settings, pending: Pending, jobs: int) -> list[MatchRecord]:
    records: list[MatchRecord] = []
    backends.run_processes(settings, pending, records.append, jobs)
    return records


def test_a_worker_dying_in_the_middle_of_its_batch_has_only_that_match_played_again(tmp_path: Path) -> None:
    # One worker, 16 matches: its first batch is matches 0 to 3. The exiter (spec 2) first sits in match 2, and
    # dies there once: match 2 alone is played again; 0 and 1 were reported, 3 was never started.
    specs = ("random", "heuristic", f"exiter:marker={tmp_path / 'died'}")
    assert [2 in match.lineup for match in plan(0, 3, 2, 4)] == [False, False, True, True]
    records = _run_pool(_settings(*specs), Pending(0, 3, 2, 16), jobs=1)
    assert (tmp_path / "died").exists()
    assert sorted(record.index for record in records) == list(range(16))  # none lost, none twice
    assert {record.index: record.attempts for record in records if record.attempts != 1} == {2: 2}


def test_a_worker_killed_for_a_match_stuck_for_good_blames_no_other_match_of_its_batch(tmp_path: Path) -> None:
    # One worker, 8 matches, batches of two: match 0 blocks for good on its second decision, and its worker is
    # killed. Match 1, never started, is played again as it was: its first attempt, not a second as if it had
    # killed the worker (a match already retried would have been recorded failed, "died twice").
    specs = (f"stuck:how=blocked,after=1,marker={tmp_path / 'hung'}", "random")
    settings = Settings("faulty", specs, time_limit=0.5, plugins=TEST_PLAYERS + FAULTS)
    records = _run_pool(settings, Pending(1, 2, 2, 8), jobs=1)
    assert sorted(record.index for record in records) == list(range(8))
    assert {record.index: (record.status, record.attempts) for record in records if record.index < 2} == {
        0: ("forfeit", 1),
        1: ("ok", 1),
    }


def test_workers_idle_at_the_end_of_a_run_end_on_their_own_and_are_not_killed() -> None:
    records: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 2, records.append)
    pool.run(Pending(0, 2, 2, 4))
    assert sorted(record.index for record in records) == [0, 1, 2, 3]
    assert [worker.process.exitcode for worker in pool.workers] == [0, 0]


def test_a_pool_asked_for_no_jobs_still_plays_every_match_on_one_worker() -> None:
    records = _run_pool(_settings(), Pending(0, 2, 2, 3), jobs=0)
    assert sorted(record.index for record in records) == [0, 1, 2]


def test_a_match_stuck_for_good_after_its_worker_died_once_is_recorded_as_its_second_attempt(tmp_path: Path) -> None:
    # The exiter decides first and kills its worker once; in the match played again the stuck player blocks
    # on its second decision, where only killing its worker ends it: that cut-off record is attempt 2.
    specs = (f"exiter:marker={tmp_path / 'died'}", f"stuck:how=blocked,after=1,marker={tmp_path / 'hung'}")
    settings = Settings("faulty", specs, time_limit=0.5, plugins=TEST_PLAYERS + FAULTS)
    records = _run_pool(settings, Pending(0, 2, 2, 1), jobs=1)
    assert (tmp_path / "died").exists() and (tmp_path / "hung").exists()
    assert [(record.status, record.attempts) for record in records] == [("forfeit", 2)]
    assert records[0].error is not None and "its worker process was killed" in records[0].error


# The stuck-worker check, on a worker whose process, pipe and mirror are stand-ins.


class FakeProcess:
    def __init__(self) -> None:
        self.killed = False
        self.exitcode: int | None = None
        self.sentinel = object()

    def kill(self) -> None:
        self.killed = True
        self.exitcode = -9

    def join(self) -> None:
        pass

    def is_alive(self) -> bool:
        return self.exitcode is None


class FakePipe:
    def __init__(self, *messages: Any, broken: bool = False) -> None:
        self.messages = list(messages)
        self.sent: list[Any] = []
        self.broken = broken
        self.closed = False

    def poll(self) -> bool:
        return bool(self.messages)

    def recv(self) -> Any:
        return self.messages.pop(0)

    def send(self, message: Any) -> None:
        if self.broken:
            raise BrokenPipeError(32, "Broken pipe")
        self.sent.append(message)

    def close(self) -> None:
        self.closed = True


def _stuck_worker(batch: list[Planned], showing: int, *messages: Any) -> backends._Worker:
    """A busy worker whose mirror shows match `showing` in one decision for the last minute."""
    mirror = [0.0] * MIRROR_SLOTS
    mirror[PHASE], mirror[INDEX], mirror[SINCE] = float(DECIDE), float(showing), time.monotonic() - 60
    worker = backends._Worker(FakeProcess(), FakePipe(*messages), mirror)
    worker.batch, worker.busy = list(batch), True
    return worker


def _ok(planned: Planned) -> MatchRecord:
    return MatchRecord(**planned_fields(_settings(), planned), status="ok")


def test_a_worker_whose_mirror_shows_a_match_it_is_no_longer_playing_is_not_killed() -> None:
    handed: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 1, handed.append)
    first, second = plan(0, 2, 2, 2)
    worker = _stuck_worker([second], first.index)
    pool.workers = [worker]
    pool._unless_stuck(worker)
    assert not worker.process.killed
    assert handed == [] and worker.batch == [second]


def test_a_record_that_reached_the_pipe_before_its_stuck_worker_was_killed_is_kept_not_cut_off() -> None:
    handed: list[MatchRecord] = []
    pool = backends._Pool(_settings(), 1, handed.append)
    (planned,) = plan(0, 2, 2, 1)
    worker = _stuck_worker([planned], planned.index, _ok(planned))
    pool.workers = [worker]
    pool._unless_stuck(worker)
    assert worker.process.killed
    assert [(record.index, record.status) for record in handed] == [(planned.index, "ok")]


def test_a_batch_sent_to_a_worker_that_died_between_batches_goes_to_its_replacement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pool = backends._Pool(_settings(), 1, [].append)
    pool.pending = Pending(0, 2, 2, 4)
    dead = backends._Worker(FakeProcess(), FakePipe(broken=True), [0.0] * MIRROR_SLOTS)
    replacement = backends._Worker(FakeProcess(), FakePipe(), [0.0] * MIRROR_SLOTS)
    pool.workers = [dead]
    monkeypatch.setattr(pool, "_start", lambda: replacement)
    pool._feed(dead)
    assert pool.workers == [replacement] and dead.conn.closed
    assert [match.index for match in replacement.batch] == [0]
    assert [match.index for match in pool.pending.take(3)] == [1, 2, 3]


def test_a_dask_worker_that_dies_once_has_its_match_played_again_and_recorded_as_its_second_attempt(
    tmp_path: Path,
) -> None:
    distributed = pytest.importorskip("distributed")
    import dask

    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
    ):
        run_tournament(
            Tournament("grizzly-race", (f"exiter:marker={tmp_path / 'died'}", "random"), games=1, plugins=TEST_PLAYERS),
            cluster=cluster.scheduler_address,
            out=tmp_path / "out",
        )
    _, records = read_results(tmp_path / "out" / "results.jsonl")
    assert [(record.status, record.attempts) for record in records.values()] == [("ok", 2)]


# Why a cluster address cannot answer, said at once.


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("tcp://127.0.0.1:65536", "65536 is not a port number (1 to 65535)"),
        (
            "tcp://127.0.0.1:65535x",
            "not a scheduler address (ValueError: invalid literal for int() with base 10: '65535x')",
        ),
    ],
)
def test_a_cluster_address_that_cannot_be_one_is_said_in_one_line(address: str, why: str) -> None:
    pytest.importorskip("distributed")
    assert backends._unreachable(address) == why


def test_a_cluster_host_that_does_not_resolve_is_named_with_the_resolvers_reason() -> None:
    pytest.importorskip("distributed")
    why = backends._unreachable("tcp://no-such-host.invalid:8786")
    assert why is not None and why.startswith("the host 'no-such-host.invalid' is not known (")
    assert why.endswith(")") and len(why) > len("the host 'no-such-host.invalid' is not known ()")
