"""The fault suite, part 1: watchdogs and blame (issue 32 items 1 and 3).

A game that loops, a player that hangs (in Python, swallowing every interrupt, or where no signal reaches it), a
game whose own code raises: each case asserts the status recorded, the error line and the exit code, and that no
match is lost. Time limits are tenths of a second, so every case ends within a few seconds.
"""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any, NoReturn

import attrs
import pytest

from corekit import Registry
from corekit.match import GameFailed
from corekit.runner import play_match
from corekit.tournament import Tournament, read_results, run_tournament
from tests.corekit.tournament import fault_games
from tests.corekit.tournament.cli_run import error_line, run_cli
from tests.raise_site import raised_in

FAULTS = ("tests.corekit.tournament.fault_games",)
LIMIT = 0.1
"""The time limit of these tournaments: a decision is cut off at 1.1s, a game call too."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(plugins=[fault_games])


def faulty(fault: str, at: int = 0) -> tuple[tuple[str, str], ...]:
    return (("fault", fault), ("at", str(at)))


def statuses(report: dict[str, Any]) -> list[str]:
    return [r["status"] for r in report["results"]]


# A game that loops in apply: cut off and blamed on the game, in play, in a tournament here and in workers.


def test_play_cuts_off_a_game_looping_in_apply(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("corekit.watchdog.GAME_STEP_LIMIT", 0.3)
    result = run_cli("play", "faulty", "-p", "random,random", "-o", "fault=loop-apply,at=2", "-q", registry=registry)
    assert error_line(result) == "Error: game 'faulty' did not return from apply within 0.3s at step 3"


def test_a_game_looping_at_setup_is_cut_off_at_setup(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    class LoopsAtSetup(fault_games.FaultyGame):
        def _setup(self, players: int, seed: int, options: Any) -> Any:
            while True:
                pass

    monkeypatch.setattr("corekit.watchdog.GAME_STEP_LIMIT", 0.3)
    with pytest.raises(GameFailed, match=r"^game 'faulty' did not return from initial_state within 0\.3s at setup$"):
        play_match(LoopsAtSetup(), ["random", "random"], 1, registry=registry)


def test_the_mirror_a_supervisor_reads_shows_the_setup_as_a_game_call_at_the_setup_step(registry: Registry) -> None:
    from array import array

    from corekit.watchdog import GAME, IDLE, PHASE, SETUP_STEP, STEP, Watch

    mirror = array("d", [0.0] * 4)
    seen = []

    class Peeks(fault_games.FaultyGame):
        def _setup(self, players: int, seed: int, options: Any) -> Any:
            seen.append((mirror[PHASE], mirror[STEP]))
            return super()._setup(players, seed, options)

    play_match(Peeks(), ["random", "random"], 1, registry=registry, watch=Watch(mirror))
    assert seen == [(GAME, SETUP_STEP)] and (mirror[PHASE], mirror[STEP]) != (GAME, SETUP_STEP)
    assert mirror[PHASE] == IDLE


def test_a_worker_killed_in_a_setup_stuck_for_good_is_recorded_as_the_games_failure_at_setup() -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, cut_off_record
    from corekit.watchdog import GAME

    # The runner marks the setup's call into the game as step -1 on the mirror a supervisor reads.
    settings = Settings("faulty", ("random", "random"), time_limit=LIMIT, plugins=FAULTS)
    planned = plan(1, 2, 2, 1)[0]
    registry = Registry(plugins=[fault_games])
    at_setup = cut_off_record(settings, planned, registry, [float(GAME), -1.0, -1.0, 0.0], 1.1, 9.5)
    in_apply = cut_off_record(settings, planned, registry, [float(GAME), -1.0, 2.0, 0.0], 1.1, 9.5)
    killed = "(its worker process was killed after 9.5s)"
    assert at_setup.error == f"game 'faulty' did not return from a call into its code within 1.1s at setup {killed}"
    assert in_apply.error == f"game 'faulty' did not return from a call into its code within 1.1s at step 3 {killed}"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tournament_records_a_game_looping_in_apply_as_the_games_failure(
    registry: Registry, jobs: int, tmp_path: Path
) -> None:
    tournament = Tournament(
        "faulty", ("random", "random"), games=2, seed=1, options=faulty("loop-apply", 2), time_limit=LIMIT
    )
    if jobs == 1:
        report = run_tournament(tournament, registry=registry, out=tmp_path)
    else:
        report = run_tournament(attrs.evolve(tournament, plugins=FAULTS), jobs=2, out=tmp_path)
    assert statuses(report) == ["failed", "failed"]
    assert {f["error"] for f in report["failed"]} == {"game 'faulty' did not return from apply within 1.1s at step 3"}
    _, records = read_results(tmp_path / "results.jsonl")
    assert sorted(records) == [0, 1]  # none lost


def test_the_tournament_command_exits_1_naming_the_looping_game(registry: Registry) -> None:
    result = run_cli(
        "tournament", "faulty", "-p", "random,random", "-n", "2", "-j", "1", "--time-limit", "0.1",
        "-o", "fault=loop-apply,at=2", registry=registry,
    )  # fmt: skip
    assert error_line(result) == (
        "Error: 2 of 2 matches failed, first match 0: game 'faulty' did not return from apply within 1.1s at step 3"
    )


# A player that hangs: a forfeit naming the limit the user set, however it hangs.


@pytest.mark.parametrize(
    ("spec", "jobs", "cut_off"),
    [
        ("stuck", 1, r"cut off after 1\.\ds"),  # a Python loop, interrupted in this process
        ("stuck", 2, r"cut off after 1\.\ds"),  # ... and in a worker process
        ("stuck:how=blocked", 2, r"its worker process was killed after \d\.\ds"),  # no signal reaches it
        ("swallower", 2, r"its worker process was killed after \d\.\ds"),  # it swallows every interrupt
    ],
)
def test_a_player_that_hangs_forfeits_naming_the_time_limit_and_its_cut_off_decision_counts_with_its_time(
    spec: str, jobs: int, cut_off: str
) -> None:
    report = run_tournament(
        Tournament("faulty", (spec, "random"), games=2, seed=1, time_limit=LIMIT, plugins=FAULTS), jobs=jobs
    )
    assert statuses(report) == ["forfeit", "forfeit"]
    for result in report["results"]:
        seat = result["forfeit"]
        assert result["specs"][seat] == spec
        assert re.fullmatch(
            rf"seat {seat} \({re.escape(spec)}\) ran out of time: no answer within the 0\.1s limit \({cut_off}\)",
            result["error"],
        ), result["error"]
    assert report["players"][0]["forfeits"] == 2 and report["players"][1]["win_rate"] == 1.0
    # One decision per match, each cut off past 1.1s (in its thread, or by killing its worker): counted, not "-".
    stuck = report["players"][0]
    assert stuck["decisions"] == 2 and stuck["mean_decision_time"] > 1.0


def test_a_worker_killed_for_a_blocked_player_is_replaced_and_no_match_is_lost(tmp_path: Path) -> None:
    # One decision blocks (whichever comes first); its worker is killed, a new one plays the rest of its batch.
    spec = f"stuck:how=blocked,after=1,marker={tmp_path / 'hung'}"
    report = run_tournament(
        Tournament("faulty", (spec, "random"), games=8, seed=1, time_limit=LIMIT, plugins=FAULTS),
        jobs=2,
        out=tmp_path / "out",
    )
    assert sorted(statuses(report)) == ["forfeit"] + ["ok"] * 7
    _, records = read_results(tmp_path / "out" / "results.jsonl")
    assert sorted(records) == list(range(8))  # 0 lost, 0 played twice
    assert [r.attempts for r in records.values()] == [1] * 8


def test_a_player_calling_os_exit_with_jobs_1_forfeits_with_a_message(tmp_path: Path) -> None:
    result = run_cli(
        "tournament", "faulty", "-p", "stuck:how=exit,random", "-n", "2", "-j", "1", "--json", "--out", str(tmp_path),
        registry=Registry(plugins=[fault_games]),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    _, records = read_results(tmp_path / "results.jsonl")
    assert [(r.status, r.error) for r in records.values()] == [
        ("forfeit", f"seat 0 (stuck:how=exit) raised SystemExit: os._exit(13){EXITS}"),
        ("forfeit", f"seat 1 (stuck:how=exit) raised SystemExit: os._exit(13){EXITS}"),
    ]


def test_a_player_calling_os_exit_gets_the_same_records_with_jobs_1_and_2(tmp_path: Path) -> None:
    found = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs-{jobs}"
        result = run_cli(
            "tournament", "faulty", "-p", "stuck:how=exit,after=1,random", "-n", "4", "-j", jobs, "--json",
            "--plugin", FAULTS[0], "--out", str(out),
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        _, records = read_results(out / "results.jsonl")
        found[jobs] = {i: (r.status, r.error, r.returns, r.steps, r.decisions, r.attempts) for i, r in records.items()}
    assert found["2"] == found["1"]  # a forfeit in a worker too, not a dead worker's failed match
    assert [found["2"][index][1] for index in range(4)] == [
        f"seat {seat} (stuck:how=exit,after=1) raised SystemExit: os._exit(13){EXITS}" for seat in (0, 1, 0, 1)
    ]


def test_a_dask_batch_refuses_os_exit_as_a_forfeit_and_os_exit_is_itself_again_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, run_batch

    def not_here(status: int) -> NoReturn:  # the test process must not end if the batch lets os._exit through
        raise AssertionError(f"the match reached os._exit({status})")

    import posix

    from corekit.tournament import worker

    monkeypatch.setattr(os, "_exit", not_here)
    settings = Settings("faulty", ("stuck:how=exit", "random"), plugins=FAULTS)
    [record] = run_batch(settings, plan(0, 2, 2, 1))  # outside a Dask task here, as in the client's own process
    assert (record.status, record.error) == (
        "forfeit",
        f"seat 0 (stuck:how=exit) raised SystemExit: os._exit(13){EXITS}",
    )
    assert os._exit is posix._exit is worker._real_exit  # the process's own exit once no match plays


def _python(script: str) -> tuple[int, str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout


def test_a_thread_a_player_starts_cannot_end_the_process_with_os_exit_while_a_match_plays() -> None:
    # In a child process: were it let through, it would end the test run.
    script = """
import os, threading
from corekit.tournament.worker import exits_refused
with exits_refused():
    thread = threading.Thread(target=lambda: os._exit(7))
    thread.start()
    thread.join()
print("still here")
"""
    assert _python(script) == (0, "still here\n")


def test_a_ctrl_c_while_exits_are_being_refused_leaves_os_exit_itself() -> None:
    # The interrupt lands as the lock is let go, right after os._exit was swapped: the worker process then ended
    # with multiprocessing's os._exit(0) raising SystemExit, and "os._exit(0)" was printed on a Ctrl-C.
    script = """
import os
from corekit.tournament import worker

class Interrupting:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        raise KeyboardInterrupt

real = os._exit
worker._playing_lock = Interrupting()
try:
    with worker.exits_refused():
        print("never")
except KeyboardInterrupt:
    pass
print(os._exit is real, worker._playing)

class Closed:
    def recv(self):
        raise EOFError
os._exit = worker._refused_exit  # whatever was left behind, a worker process ends with the real one
worker.process_main(Closed(), worker.Settings("grizzly-race", ("random", "random")))
print(os._exit is real)
"""
    assert _python(script) == (0, "True 0\nTrue\n")


def test_a_stop_that_arrives_while_a_finished_matchs_record_is_sent_keeps_that_record() -> None:
    script = """
import os, signal
from corekit.tournament.schedule import plan
from corekit.tournament.worker import Settings, process_main

class Pipe:
    def __init__(self, batch):
        self.inbox, self.sent = [batch, None], []
    def recv(self):
        return self.inbox.pop(0)
    def send(self, message):
        if not self.sent:
            os.kill(os.getpid(), signal.SIGINT)  # the parent stops the run as the first record goes out
        self.sent.append(message)

pipe = Pipe(plan(0, 2, 2, 2))
process_main(pipe, Settings("grizzly-race", ("random", "random")))
print([getattr(message, "index", message) for message in pipe.sent])
"""
    assert _python(script) == (0, "[0]\n")  # that match's record, and no match after it


# A bug in the game's own code is the game's failed match, naming the call, never a player's forfeit.

EXITS = raised_in(fault_games.Stuck.decide, "os._exit(13)")
"""Where the stuck player called os._exit, as its forfeit names it (`corekit.errors.raised_at`)."""

NO_CARD = raised_in(fault_games.FaultyState._apply, 'raise KeyError("no such card")')
"""Where the game's `_apply` raised, as a game's failure names it (`corekit.errors.raised_at`)."""

BLAME = [
    ("raise-apply", 2, "random", f"game 'faulty' raised KeyError: 'no such card' in apply at step 3{NO_CARD}"),
    (
        "refuse-own",
        1,
        "random",
        "game 'faulty' refused an action it offered (4) in apply at step 2: 4 is not a legal action for seat 1",
    ),
    (
        "no-moves",
        1,
        "random",
        "game 'faulty' offered no legal action to seat 1 at step 2 (legal_actions is empty for a seat in to_act)",
    ),
    (
        "raise-observation",
        1,
        "random",
        "game 'faulty' raised ValueError: the observation lost a card in observation at step 2"
        + raised_in(fault_games.FaultyState.observation),
    ),
    (
        "raise-returns",
        0,
        "random",
        "game 'faulty' raised ZeroDivisionError: division by zero in returns at step 7"
        + raised_in(fault_games.FaultyState.returns),
    ),
    (
        "raise-sample",
        1,
        "stuck:how=search",
        "game 'faulty' raised IndexError: the deck ran out while redealing in sample at step 3"
        + raised_in(fault_games.FaultyState.sample),
    ),
    (
        "raise-apply-in-search",
        1,
        "stuck:how=search",
        f"game 'faulty' raised KeyError: 'no such card' in apply at step 3{NO_CARD}, during the search of seat 0 "
        "(stuck:how=search)",
    ),
    (  # found by an outside tester: a heuristic's look-ahead indexing the short list forfeited the match
        "short-returns-in-search",
        0,
        "heuristic",
        "game 'faulty': returns [0.0] of a finished state are not one number in [0, 1] per seat at step 1, during "
        "the search of seat 0 (heuristic)",
    ),
    (
        "short-returns-in-search",
        0,
        "mcts:iterations=20",
        "game 'faulty': returns [0.0] of a finished state are not one number in [0, 1] per seat at step 1, during "
        "the search of seat 0 (mcts:iterations=20)",
    ),
]


@pytest.mark.parametrize(("fault", "at", "spec", "error"), BLAME, ids=[f"{case[0]}-{case[2]}" for case in BLAME])
def test_a_bug_in_the_games_code_fails_the_match_naming_the_game_and_the_call(
    registry: Registry, fault: str, at: int, spec: str, error: str
) -> None:
    report = run_tournament(
        Tournament("faulty", (spec, "random"), games=1, seed=1, options=faulty(fault, at)), registry=registry
    )
    assert statuses(report) == ["failed"]
    assert report["failed"][0]["error"] == error
    assert report["forfeits"] == 0 and all(p["forfeits"] == 0 for p in report["players"])


def test_a_game_looping_inside_a_players_search_is_the_games_failure(registry: Registry) -> None:
    report = run_tournament(
        Tournament(
            "faulty", ("stuck:how=search", "random"), games=1, seed=1, options=faulty("loop-apply-in-search", 1),
            time_limit=LIMIT,
        ),
        registry=registry,
    )  # fmt: skip
    assert statuses(report) == ["failed"]
    assert re.fullmatch(
        r"game 'faulty' did not return from apply at step 3, during the search of seat 0 \(stuck:how=search\): "
        r"cut off after 1\.\ds \(time limit 0\.1s\)",
        report["failed"][0]["error"],
    ), report["failed"][0]["error"]


def test_a_player_applying_an_illegal_action_in_its_search_is_the_players_fault(registry: Registry) -> None:
    class Cheater(fault_games.Stuck):
        def decide(self, view: Any) -> Any:
            view.sample(self.rng).apply(view.seat, 99)  # corekit's own check refuses it: the player's bug

    players = [Cheater(fault_games.StuckOptions(how="search"), 1), fault_games.Stuck(fault_games.StuckOptions(), 2)]
    result = play_match(registry.game("faulty"), ["cheater", "x"], 1, players=players, registry=registry)
    assert result.forfeit == 0
    # Where: the innermost line of the player's package, here `tests`, which holds the test game too.
    assert result.error.startswith("seat 0 (cheater) raised IllegalAction: 99 is not a legal action for seat 0 (at ")


# The same on Dask: the watchdog runs in the task's thread, and the blame is the same.


@pytest.fixture(scope="module")
def dask_cluster() -> Any:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        yield cluster


def test_on_dask_a_game_looping_in_apply_is_cut_off_and_blamed_on_the_game(dask_cluster: Any) -> None:
    report = run_tournament(
        Tournament(
            "faulty", ("random", "random"), games=2, seed=1, options=faulty("loop-apply", 2), time_limit=LIMIT,
            plugins=FAULTS,
        ),
        cluster=dask_cluster.scheduler_address,
    )  # fmt: skip
    assert statuses(report) == ["failed", "failed"]
    assert {f["error"] for f in report["failed"]} == {"game 'faulty' did not return from apply within 1.1s at step 3"}


def test_on_dask_a_player_that_hangs_forfeits_and_the_cluster_is_free_again(dask_cluster: Any) -> None:
    hung = run_tournament(
        Tournament("faulty", ("stuck", "random"), games=2, seed=1, time_limit=LIMIT, plugins=FAULTS),
        cluster=dask_cluster.scheduler_address,
    )
    assert statuses(hung) == ["forfeit", "forfeit"]
    assert all("no answer within the 0.1s limit (cut off after 1." in r["error"] for r in hung["results"])
    # Both worker threads are free: a later tournament on the cluster plays at once.
    after = run_tournament(
        Tournament("faulty", ("random", "random"), games=4, seed=2, time_limit=LIMIT, plugins=FAULTS),
        cluster=dask_cluster.scheduler_address,
    )
    assert statuses(after) == ["ok"] * 4


@pytest.mark.parametrize(("fault", "at", "spec", "error"), BLAME[-2:], ids=[case[0] for case in BLAME[-2:]])
def test_on_dask_a_bug_in_the_games_code_is_the_games_failure(
    dask_cluster: Any, fault: str, at: int, spec: str, error: str
) -> None:
    report = run_tournament(
        Tournament("faulty", (spec, "random"), games=1, seed=1, options=faulty(fault, at), plugins=FAULTS),
        cluster=dask_cluster.scheduler_address,
    )
    assert statuses(report) == ["failed"] and report["failed"][0]["error"] == error


@pytest.mark.slow
def test_on_dask_a_player_blocked_where_no_interrupt_reaches_ends_its_worker_and_forfeits() -> None:
    # The worker ends its own process (its nanny starts another); Dask runs the task again, and the new worker
    # finds the verdict the first one left with the scheduler, instead of blocking again.
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        report = run_tournament(
            Tournament("faulty", ("stuck:how=blocked", "random"), games=1, seed=1, time_limit=LIMIT, plugins=FAULTS),
            cluster=cluster.scheduler_address,
        )
        after = run_tournament(
            Tournament("faulty", ("random", "random"), games=4, seed=2, time_limit=LIMIT, plugins=FAULTS),
            cluster=cluster.scheduler_address,
        )
    assert statuses(report) == ["forfeit"]
    assert re.fullmatch(
        r"seat 0 \(stuck:how=blocked\) ran out of time: no answer within the 0\.1s limit \(its worker process was "
        r"killed after \d\.\ds\)",
        report["results"][0]["error"],
    ), report["results"][0]["error"]
    assert statuses(after) == ["ok"] * 4  # the cluster is not held


# A cluster that cannot play the tournament as the client would: said in one line, with what was saved.


def test_a_worker_without_the_game_or_at_another_version_refuses_its_batch_naming_why() -> None:
    from corekit.tournament.schedule import plan
    from corekit.tournament.worker import Settings, WorkerMismatch, run_batch

    batch = plan(1, 2, 2, 1)
    advice = "every worker needs the tournament's games and plugins installed, at the client's versions"
    with pytest.raises(WorkerMismatch, match=rf"^a Dask worker has no game 'no-such-game': {advice}$"):
        run_batch(Settings("no-such-game", ("random", "random")), batch)
    with pytest.raises(
        WorkerMismatch, match=r"^a Dask worker has grizzly-race version \d+, the tournament plays version 99: "
    ):
        run_batch(Settings("grizzly-race", ("random", "random"), game_version="99"), batch)
    [record] = run_batch(Settings("grizzly-race", ("random", "random"), game_version=""), batch)  # any version
    assert record.status == "ok"
    with pytest.raises(WorkerMismatch, match=r"^a Dask worker cannot load the plugins no_such_plugin_module \(Module"):
        run_batch(Settings("grizzly-race", ("random", "random"), plugins=("no_such_plugin_module",)), batch)


def test_on_dask_a_worker_at_another_version_stops_the_run_with_what_it_saved(
    dask_cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from corekit.tournament import worker
    from corekit.tournament.run import OutputFailed

    real = worker.run_batch

    def elsewhere_from_match_2(settings: Any, batch: Any) -> Any:  # matches 2 on land on a worker of version 99
        return real(attrs.evolve(settings, game_version="99") if batch[0].index >= 2 else settings, batch)

    monkeypatch.setattr("corekit.tournament.backends.run_batch", elsewhere_from_match_2)
    monkeypatch.setattr("corekit.tournament.backends.next_batch", lambda pending, workers: pending.take(1))
    tournament = Tournament("grizzly-race", ("random", "random"), games=6, seed=1)
    with pytest.raises(OutputFailed) as stopped:
        run_tournament(tournament, cluster=dask_cluster.scheduler_address, out=tmp_path)
    _, records = read_results(tmp_path / "results.jsonl")
    assert records and all(r.status == "ok" and r.index < 2 for r in records.values())  # none recorded as failed
    assert re.fullmatch(
        r"a Dask task failed: WorkerMismatch: the Dask worker at tcp://\S+ has grizzly-race version \d+, the "
        r"tournament plays version "
        rf"99: every worker needs .*; stopped after {len(records)} of 6 matches \(--resume plays the rest\)",
        str(stopped.value),
    ), str(stopped.value)
    assert stopped.value.report["matches"] == len(records)


def test_a_cluster_with_no_worker_is_said_in_one_line_not_waited_on_for_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    from corekit.tournament import backends

    monkeypatch.setattr(backends, "WORKER_WAIT", 1.0)
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=":0"
    ) as empty:
        tournament = Tournament("grizzly-race", ("random", "random"), games=2, seed=1)
        with pytest.raises(
            backends.BackendError, match=r"^the Dask cluster at tcp://\S+ has no worker \(none joined in 1s\)$"
        ):
            run_tournament(tournament, cluster=empty.scheduler_address)


def _closed_port() -> int:
    """A local TCP port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("scheme", ["tcp://", ""])
def test_a_cluster_address_where_nothing_listens_is_refused_at_once_not_after_dask_times_out(
    scheme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed")
    from corekit.tournament import backends

    def no_client(*args: Any, **kwargs: Any) -> NoReturn:  # Dask's client retries a refusal until its 20 s timeout
        raise AssertionError("a Dask client was made for an address that refused the connection")

    monkeypatch.setattr(distributed, "Client", no_client)
    port = _closed_port()
    tournament = Tournament("grizzly-race", ("random", "random"), games=2, seed=1)
    with pytest.raises(
        backends.BackendError,
        match=rf"^cannot reach the Dask cluster at {scheme}127\.0\.0\.1:{port}: nothing listens on port {port} of "
        r"127\.0\.0\.1 \(connection refused\): is the scheduler running\?$",
    ):
        run_tournament(tournament, cluster=f"{scheme}127.0.0.1:{port}")


def test_a_cluster_address_with_no_such_port_is_refused_in_one_line() -> None:
    pytest.importorskip("distributed")
    from corekit.tournament import backends

    tournament = Tournament("grizzly-race", ("random", "random"), games=2, seed=1)
    with pytest.raises(
        backends.BackendError,
        match=r"^cannot reach the Dask cluster at tcp://127\.0\.0\.1:99999: 99999 is not a port number \(1 to 65535\)$",
    ):
        run_tournament(tournament, cluster="tcp://127.0.0.1:99999")
