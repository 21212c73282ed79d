"""Running tournaments: forfeits go on, results do not depend on workers or backend, crashes are retried once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from corekit import Match, OptionError, Registry, default_registry, hookimpl
from corekit.tournament import Tournament, run_tournament
from corekit.tournament.backends import BackendError
from corekit.tournament.store import read_results
from tests.corekit.tournament import tournament_test_players

GAME = "grizzly-race"
TEST_PLAYERS = ("tests.corekit.tournament.tournament_test_players",)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry(plugins=[tournament_test_players])


def outcomes(report: dict[str, Any]) -> list[dict[str, Any]]:
    return report["results"]


def test_a_crashing_player_forfeits_its_matches_and_the_tournament_goes_on(registry: Registry) -> None:
    report = run_tournament(
        Tournament(GAME, ("random", "crasher:after=2", "random"), games=12, seed=3), registry=registry
    )
    assert report["matches"] == 12
    crasher = report["players"][1]
    assert crasher["forfeits"] == 12
    assert crasher["win_rate"] == 0.0
    assert report["players"][0]["win_rate"] == report["players"][2]["win_rate"] == 0.5
    for result in outcomes(report):
        assert result["status"] == "forfeit"
        assert result["specs"][result["forfeit"]] == "crasher:after=2"
        assert "raised RuntimeError: deliberate crash in a test player" in result["error"]
        assert result["steps"] > 0


def test_a_player_over_the_time_limit_forfeits(registry: Registry) -> None:
    report = run_tournament(
        Tournament(GAME, ("sleeper:seconds=0.03", "random"), games=2, seed=1, time_limit=0.01), registry=registry
    )
    assert [r["status"] for r in outcomes(report)] == ["forfeit", "forfeit"]
    assert all("ran out of time" in r["error"] for r in outcomes(report))
    assert report["players"][0]["forfeits"] == 2


def test_a_player_that_hangs_is_cut_off_and_forfeits_in_a_worker_process(tmp_path: Path) -> None:
    report = run_tournament(
        Tournament(GAME, ("sleeper:seconds=30", "random"), games=2, seed=1, time_limit=0.1, plugins=TEST_PLAYERS),
        jobs=2,
    )
    assert [r["status"] for r in outcomes(report)] == ["forfeit", "forfeit"]
    # The limit named is the one the user set, not the later moment the decision was cut off.
    for result in outcomes(report):
        seat = result["forfeit"]
        assert re.fullmatch(
            rf"seat {seat} \(sleeper:seconds=30\) ran out of time: no answer within the 0\.1s limit "
            r"\(cut off after 1\.\ds\)",
            result["error"],
        ), result["error"]


def test_one_and_two_workers_give_identical_results(tmp_path: Path) -> None:
    tournament = Tournament(GAME, ("random", "heuristic", "random"), games=24, seed=5)
    one = run_tournament(tournament, jobs=1)
    two = run_tournament(tournament, jobs=2, out=tmp_path)
    assert outcomes(one) == outcomes(two)
    assert [p["rating"] for p in one["players"]] == [p["rating"] for p in two["players"]]
    _, records = read_results(tmp_path / "results.jsonl")
    assert sorted(records) == list(range(24))


def test_a_worker_that_dies_has_its_match_retried_once_then_recorded_as_failed(tmp_path: Path) -> None:
    # The exiter kills its worker process on every decision: its matches fail twice; the others are played.
    report = run_tournament(
        Tournament(GAME, ("random", "exiter"), games=2, seed=2, plugins=TEST_PLAYERS), jobs=2, out=tmp_path
    )
    assert [r["status"] for r in outcomes(report)] == ["failed", "failed"]
    assert report["failed"][0]["error"] == "the worker process died twice (exit code 13)"
    _, records = read_results(tmp_path / "results.jsonl")
    assert [records[i].attempts for i in (0, 1)] == [2, 2]


def test_a_match_whose_worker_died_once_is_played_again_with_the_same_result(
    tmp_path: Path, registry: Registry
) -> None:
    marker = tmp_path / "died"
    spec = f"exiter:marker={marker}"
    crashed = run_tournament(
        Tournament(GAME, (spec, "random"), games=2, seed=2, plugins=TEST_PLAYERS), jobs=2, out=tmp_path / "out"
    )
    assert marker.exists()
    _, records = read_results(tmp_path / "out" / "results.jsonl")
    assert sorted(r.attempts for r in records.values()) == [1, 2]
    clean = run_tournament(Tournament(GAME, (spec, "random"), games=2, seed=2), registry=registry)
    assert outcomes(crashed) == outcomes(clean)
    assert {r["status"] for r in outcomes(clean)} == {"ok"}


def test_the_dask_backend_gives_the_same_results_as_local_processes() -> None:
    distributed = pytest.importorskip("distributed")
    tournament = Tournament(GAME, ("random", "heuristic"), games=12, seed=9)
    local = run_tournament(tournament, jobs=1)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        remote = run_tournament(tournament, cluster=cluster.scheduler_address)
    assert outcomes(remote) == outcomes(local)


@pytest.mark.slow
def test_a_dask_worker_that_dies_has_its_match_retried_once_then_recorded_as_failed() -> None:
    distributed = pytest.importorskip("distributed")
    import dask

    # Dask retries a task whose worker died on its own; with none allowed, ours is the only retry.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
    ):
        report = run_tournament(
            Tournament(GAME, ("exiter", "random"), games=1, seed=2, plugins=TEST_PLAYERS),
            cluster=cluster.scheduler_address,
        )
    assert report["failed"] == [
        {"index": 0, "specs": ["exiter", "random"], "error": "the Dask worker playing it died twice (KilledWorker)"}
    ]


def test_without_dask_installed_the_cluster_option_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)
    with pytest.raises(
        BackendError, match=r"^--cluster needs Dask distributed: pip install 'campfire-engine\[cluster\]'$"
    ):
        run_tournament(Tournament(GAME, ("random", "random"), games=1), cluster="tcp://127.0.0.1:1")


class Listener:
    """Records what the event hooks saw, as the replay recorder would."""

    def __init__(self) -> None:
        self.replays: list[str] = []

    @hookimpl
    def campfire_match_start(self, match: Match) -> None:
        self.replays.append(match.settings.get("replay"))


def test_replays_ask_the_recorder_for_one_file_per_match(tmp_path: Path) -> None:
    listener = Listener()
    registry = Registry(plugins=[listener])
    run_tournament(
        Tournament(GAME, ("random", "random"), games=3, seed=1), out=tmp_path, replays=True, registry=registry
    )
    folder = (tmp_path / "replays").resolve()
    assert listener.replays == [str(folder / f"match-{i:06d}.cfr") for i in range(3)]
    _, records = read_results(tmp_path / "results.jsonl")
    assert records[2].replay == "replays/match-000002.cfr"  # from the results file's folder: it may move
    assert json.loads((tmp_path / "report.json").read_text())["matches"] == 3


def test_batches_shrink_to_single_matches_so_no_worker_waits_on_a_long_last_batch() -> None:
    from corekit.tournament.backends import MAX_BATCH, next_batch
    from corekit.tournament.schedule import Pending

    pending = Pending(seed=1, specs=2, seats=2, games=500)
    batches = []
    while pending:
        batches.append(next_batch(pending, 2))
    assert [m.index for batch in batches for m in batch] == list(range(500))
    sizes = [len(b) for b in batches]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == MAX_BATCH and sizes[-4:] == [1, 1, 1, 1]


def test_the_report_names_each_spec_with_a_time_budget_and_no_other(tmp_path: Path) -> None:
    # mcts:seconds searches as long as the machine lets it; iterations, and a spec without a budget, repeat exactly.
    report = run_tournament(
        Tournament(GAME, ("mcts:seconds=0.001", "mcts:iterations=5", "random"), games=1, seed=1), out=tmp_path
    )
    assert report["time_budgeted"] == ["mcts:seconds=0.001"]
    assert json.loads((tmp_path / "report.json").read_text())["time_budgeted"] == ["mcts:seconds=0.001"]


def test_five_specs_round_the_table_sit_in_an_order_each_deal_draws_and_an_older_run_resumes_as_it_began(
    tmp_path: Path,
) -> None:
    from corekit.tournament.schedule import deal_order, lineups

    specs = ("random", "heuristic", "heuristic:samples=2", "heuristic:samples=3", "heuristic:samples=4")
    tournament = Tournament("slasher", specs, games=10, seed=4)
    run_tournament(tournament, out=tmp_path / "new")
    header, records = read_results(tmp_path / "new" / "results.jsonl")
    assert header["seating"] == 3
    assert records[5].lineup == deal_order(4, 1, 5) != records[0].lineup == deal_order(4, 0, 5)
    # A file from before the field (seating 1) resumes with the specs' own order rotated, as it began.
    old = tmp_path / "old"
    run_tournament(attrs.evolve(tournament, games=5), out=old)
    path = old / "results.jsonl"
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    del first["seating"]
    kept = [line for line in lines[1:] if json.loads(line)["index"] < 3]
    for line in kept:  # as the old schedule played them
        record = json.loads(line)
        record["lineup"] = list(lineups(5, 5)[record["index"]])
        record["specs"] = [specs[i] for i in record["lineup"]]
        kept[kept.index(line)] = json.dumps(record)
    path.write_text("\n".join([json.dumps(first), *kept]) + "\n")
    run_tournament(attrs.evolve(tournament, games=10), out=old, resume=True)
    header, records = read_results(path)
    assert "seating" not in header
    assert [records[i].lineup for i in range(10)] == lineups(5, 5) * 2


def test_three_specs_in_four_seats_sit_in_an_order_each_deal_draws_and_a_seating_2_run_resumes_as_it_began(
    tmp_path: Path,
) -> None:
    from corekit.tournament.schedule import deal_order, lineups

    specs = ("random", "heuristic", "heuristic:samples=2")
    tournament = Tournament("grizzly-race", specs, games=9, seats=4, seed=6)
    run_tournament(tournament, out=tmp_path / "new")
    header, records = read_results(tmp_path / "new" / "results.jsonl")
    assert header["seating"] == 3
    for index, record in records.items():
        order = deal_order(6, index // 3, 3)
        assert record.lineup == tuple(order[at] for at in lineups(3, 4)[index % 3])
    # A file of `seating` 2 drew no order for more seats than specs: resumed, it goes on with the order given.
    old = tmp_path / "old"
    run_tournament(attrs.evolve(tournament, games=3), out=old)
    path = old / "results.jsonl"
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first["seating"] = 2
    kept = [json.loads(line) for line in lines[1:] if json.loads(line)["index"] < 2]
    for record in kept:
        record["lineup"] = list(lineups(3, 4)[record["index"]])
        record["specs"] = [specs[i] for i in record["lineup"]]
    path.write_text("\n".join([json.dumps(first), *map(json.dumps, kept)]) + "\n")
    run_tournament(attrs.evolve(tournament, games=9), out=old, resume=True)
    header, records = read_results(path)
    assert header["seating"] == 2
    assert [records[i].lineup for i in range(9)] == lineups(3, 4) * 3


@pytest.mark.parametrize("seating", [None, "2", 4])
def test_a_results_file_seated_by_an_unknown_schedule_is_refused_on_resume_in_one_line(tmp_path: Path, seating) -> None:
    tournament = Tournament("grizzly-race", ("random", "heuristic", "random"), games=3, seats=4, seed=6)
    run_tournament(tournament, out=tmp_path)
    path = tmp_path / "results.jsonl"
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first["seating"] = seating
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    with pytest.raises(
        OptionError, match=rf"seating {re.escape(repr(seating))}; it knows 1 to 3\): it cannot be resumed"
    ):
        run_tournament(attrs.evolve(tournament, games=6), out=tmp_path, resume=True)


def test_a_dead_workers_end_is_said_as_its_exit_code_tells_it():
    # A worker killed by a signal has a negative exit code; 0 is a worker that left mid-match (said "exit code 0").
    import signal

    from corekit.tournament.backends import _how_it_ended

    assert _how_it_ended(-signal.SIGKILL) == "killed by SIGKILL"
    assert _how_it_ended(13) == "exit code 13"
    assert _how_it_ended(0) == "exit code 0, in the middle of the match"


def test_options_given_as_a_mapping_play_as_the_same_options_given_as_pairs(tmp_path: Path) -> None:
    # A mapping, as play_match takes options: it gave its keys alone, and every match failed.
    mapped = run_tournament(Tournament("grizzly-race", ("random", "heuristic"), games=4, options={"stall_rounds": 3}))
    paired = run_tournament(
        Tournament("grizzly-race", ("random", "heuristic"), games=4, options=(("stall_rounds", "3"),))
    )
    assert mapped["failed"] == [] and mapped["options"] == {"stall_rounds": 3}
    assert mapped["results"] == paired["results"]


def test_a_script_that_runs_workers_from_its_top_level_is_refused_in_one_line_before_any_worker_starts(
    tmp_path: Path,
) -> None:
    # Each worker imports the script again (forkserver, spawn): it ran the script's top level in every worker and
    # failed there with a multiprocessing traceback. Under `if __name__ == "__main__":` it runs.
    import subprocess
    import sys

    body = 'print(run_tournament(Tournament("grizzly-race", ("random", "heuristic"), games=2), jobs=2)["failed"])'
    head = "from corekit.tournament import Tournament, run_tournament\nprint('top level')\n"
    unguarded, guarded = tmp_path / "unguarded.py", tmp_path / "guarded.py"
    unguarded.write_text(head + body + "\n")
    guarded.write_text(head + 'if __name__ == "__main__":\n    ' + body + "\n")
    root = str(Path(__file__).resolve().parents[3])
    runs = {
        path.name: subprocess.run(
            [sys.executable, str(path)], capture_output=True, text=True, env={"PYTHONPATH": root}, check=False
        )
        for path in (unguarded, guarded)
    }
    refused = runs["unguarded.py"]
    assert refused.returncode == 1 and refused.stdout == "top level\n"
    assert refused.stderr.splitlines()[-1] == (
        f"corekit.tournament.backends.BackendError: more than one job starts worker processes, which import "
        f'{unguarded} again: put the code that runs the tournament under `if __name__ == "__main__":`'
    )
    assert runs["guarded.py"].stdout.splitlines()[-1] == "[]", runs["guarded.py"].stderr


def test_a_resume_given_no_specs_and_no_seat_count_takes_the_runs_and_a_fresh_one_is_refused(tmp_path: Path) -> None:
    first = run_tournament(Tournament(GAME, ("random", "heuristic"), games=4, seats=3, seed=2), out=tmp_path / "run")
    resumed = run_tournament(Tournament(GAME, ()), out=tmp_path / "run", resume=True)
    assert resumed["seats"] == 3 and [p["spec"] for p in resumed["players"]] == ["random", "heuristic"]
    assert resumed["results"] == first["results"]
    with pytest.raises(OptionError, match=r"^a tournament needs at least one player spec$"):
        run_tournament(Tournament(GAME, ()), out=tmp_path / "fresh", resume=True)


def test_a_tournament_takes_the_games_options_object_and_refuses_one_text_of_specs() -> None:
    # From an outside tester: an options object raised attrs' "not iterable", and "random,heuristic" was read as
    # 16 specs, one a letter.
    game = default_registry().game(GAME)
    given = Tournament(GAME, ("random", "random"), options=game.make_options({"stall_rounds": 7}))
    assert dict(given.options)["stall_rounds"] == 7
    with pytest.raises(TypeError, match=r"^the player specs are a list of them, one a seat .*not the text 'random,h"):
        Tournament(GAME, "random,heuristic")  # type: ignore[arg-type]


def test_a_tournament_left_without_a_seed_starts_at_0_and_a_resume_goes_on_with_the_runs(tmp_path: Path) -> None:
    first = run_tournament(Tournament(GAME, ("random", "random"), games=2, seed=5), out=tmp_path)
    assert run_tournament(Tournament(GAME, ("random", "random"), games=2))["seed"] == 0
    resumed = run_tournament(Tournament(GAME, ("random", "random"), games=4), out=tmp_path, resume=True)
    assert resumed["seed"] == 5 and resumed["results"][:2] == first["results"]


def test_a_record_says_which_seat_made_the_first_decision_where_one_seat_alone_did() -> None:
    # Slasher draws its first seat from the seed by default; grizzly-race's seats all decide at once.
    from corekit.tournament.schedule import Planned
    from corekit.tournament.worker import Settings, play_planned

    registry = default_registry()
    slasher = registry.game("slasher")
    seeds = range(8)
    firsts = []
    for seed in seeds:
        record = play_planned(Settings("slasher", ("random",) * 4), Planned(seed, seed, seed, (0, 0, 0, 0)), registry)
        firsts.append(record.first)
        assert record.first == slasher.initial_state(4, seed).to_act[0]
    assert len(set(firsts)) > 1  # drawn: not always seat 0
    fixed = Settings("slasher", ("random",) * 4, options=(("first", "2"),))
    assert play_planned(fixed, Planned(0, 0, 5, (0, 0, 0, 0)), registry).first == 2
    race = play_planned(Settings("grizzly-race", ("random", "random")), Planned(0, 0, 1, (0, 1)), registry)
    assert race.status == "ok" and race.first is None
