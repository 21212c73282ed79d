"""Behaviour of the tournament's schedule, worker and local backend that a mutation sweep found unpinned."""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from corekit import Match, Registry, default_registry, hookimpl
from corekit.tournament import Tournament, backends, read_results, run_tournament, worker
from corekit.tournament.schedule import Pending, default_games, lineups, plan
from corekit.tournament.store import MatchRecord
from corekit.tournament.worker import Settings, cut_off_record, planned_fields, play_planned, process_main, run_batch
from corekit.watchdog import DECIDE

SEATINGS = ((0, 1, 1), (1, 0, 1), (1, 1, 0))
"""A deal's seatings given by the caller (a strength run's): spec 0 once in each of three seats."""


@pytest.mark.parametrize(("specs", "seats"), [(0, 2), (2, 0)])
def test_a_schedule_without_specs_or_without_seats_is_refused(specs: int, seats: int) -> None:
    with pytest.raises(ValueError, match="at least one player spec and one seat"):
        lineups(specs, seats)


def test_taking_fewer_matches_than_were_given_back_takes_only_as_many_as_asked() -> None:
    pending = Pending(1, 2, 2, 6)
    pending.give_back(pending.take(4))
    assert [match.index for match in pending.take(1)] == [0]
    assert [match.index for match in pending.take(2)] == [1, 2]
    assert len(pending) == 3


def test_matches_given_back_later_come_out_before_those_given_back_earlier() -> None:
    # A dead worker's batch: the rest of it goes back first, then its culprit, which must be played again first.
    pending = Pending(1, 2, 2, 6)
    first, second, third = pending.take(3)
    pending.give_back([second, third])
    pending.give_back([first])
    assert [match.index for match in pending.take(4)] == [0, 1, 2, 3]


def test_the_default_number_of_games_is_ten_deals_of_the_seatings_given() -> None:
    assert default_games(2, 3, group=SEATINGS) == 30
    assert default_games(2, 3) == 20


def test_a_plan_seats_the_specs_as_the_seatings_given() -> None:
    assert [match.lineup for match in plan(4, 2, 3, 6, group=SEATINGS)] == list(SEATINGS) * 2
    assert [match.deal for match in plan(4, 2, 3, 6, group=SEATINGS)] == [0, 0, 0, 1, 1, 1]


# The worker: a match cut off by killing its worker process, Dask's verdicts, a worker process told to stop.


def _settings(**changes: Any) -> Settings:
    return Settings("grizzly-race", ("random", "heuristic"), time_limit=0.5, **changes)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_worker_killed_in_a_decision_records_that_seats_forfeit_after_the_steps_it_played(seat: int) -> None:
    planned = plan(3, 2, 2, 2)[1]
    snapshot = [float(DECIDE), float(seat), 4.0, 0.0]
    record = cut_off_record(_settings(), planned, default_registry(), snapshot, 1.5, 9.5)
    assert (record.status, record.forfeit, record.steps) == ("forfeit", seat, 4)
    assert record.decisions == tuple(int(s == seat) for s in range(2))
    assert record.decision_time == tuple(9.5 if s == seat else 0.0 for s in range(2))
    assert record.returns == tuple(0.0 if s == seat else 1.0 for s in range(2))
    assert record.lineup == planned.lineup and record.specs == tuple(_settings().specs[i] for i in planned.lineup)
    spec = record.specs[seat]
    assert record.error == (
        f"seat {seat} ({spec}) ran out of time: no answer within the 0.5s limit "
        "(its worker process was killed after 9.5s)"
    )


def test_a_dask_batch_hands_on_the_verdict_the_scheduler_kept_instead_of_playing_the_match_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batch = plan(3, 2, 2, 2)
    kept = cut_off_record(_settings(), batch[1], default_registry(), [float(DECIDE), 0.0, 2.0, 0.0], 1.5, 7.0)

    def found(self: Any, settings: Settings) -> None:
        self.settings, self.client, self.key = settings, None, ["campfire", "run"]
        self.found = {"1": kept.to_json()}

    monkeypatch.setattr(worker._DaskVerdicts, "__init__", found)
    records = run_batch(_settings(), batch)
    assert [record.index for record in records] == [0, 1]
    assert records[0].status == "ok"
    assert records[1] == kept


def test_a_worker_process_told_to_stop_between_batches_reads_nothing_more() -> None:
    class Pipe:
        def __init__(self) -> None:
            self.inbox: list[Any] = [plan(3, 2, 2, 2), None]
            self.sent: list[Any] = []

        def recv(self) -> Any:
            return self.inbox.pop(0)  # an IndexError past the stop: nothing may be read after it

        def send(self, message: Any) -> None:
            self.sent.append(message)

    pipe = Pipe()
    handler = signal.getsignal(signal.SIGINT)
    try:
        process_main(pipe, _settings())
    finally:
        signal.signal(signal.SIGINT, handler)
    assert [message if isinstance(message, str) else message.index for message in pipe.sent] == [0, 1, "done"]
    assert [message.status for message in pipe.sent[:2]] == ["ok", "ok"]


class ExitsOnTheFirstAction:
    """A listener that calls sys.exit as the first action of a match is applied (a careless plugin)."""

    @hookimpl
    def campfire_action_applied(self, match: Match, seat: int, action: Any, annotation: Any) -> None:
        sys.exit("a plugin quit")


def test_a_listener_calling_sys_exit_fails_its_match_and_does_not_end_the_worker() -> None:
    planned = plan(3, 2, 2, 1)[0]
    record = play_planned(_settings(), planned, Registry(plugins=[ExitsOnTheFirstAction()]))
    assert record.status == "failed"
    assert record.error is not None and record.error.startswith("the match raised SystemExit: a plugin quit")


# The local backend.

TEST_PLAYERS = ("tests.corekit.tournament.tournament_test_players",)


def test_a_worker_that_dies_in_a_batch_of_several_matches_loses_none_of_the_others(tmp_path: Path) -> None:
    # 32 matches on 2 workers go out four then three a batch, and the exiter sits in every match: whichever worker
    # dies, it dies in the first match of its batch, and the rest of that batch must still be played.
    spec = f"exiter:marker={tmp_path / 'died'}"
    run_tournament(
        Tournament("grizzly-race", (spec, "random"), games=32, seed=2, plugins=TEST_PLAYERS),
        jobs=2,
        out=tmp_path / "out",
    )
    assert (tmp_path / "died").exists()
    _, records = read_results(tmp_path / "out" / "results.jsonl")
    assert sorted(records) == list(range(32))
    assert sorted(record.attempts for record in records.values()) == [1] * 31 + [2]


def test_once_the_results_file_refused_a_record_no_later_record_is_handed_on() -> None:
    handed: list[int] = []

    def refuse(record: MatchRecord) -> None:
        handed.append(record.index)
        raise OSError("No space left on device")

    pool = backends._Pool(_settings(), 2, refuse)
    first, second = (MatchRecord(**planned_fields(_settings(), planned), status="ok") for planned in plan(3, 2, 2, 2))
    with pytest.raises(OSError, match="No space left"):
        pool._hand_on(first)
    pool._hand_on(second)  # arriving while the run stops: dropped, so the first error is the one reported
    assert handed == [0]
