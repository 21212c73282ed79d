"""The fault suite's figures: matches lost in each fault, and how long a stuck worker takes to recover.

Not a test (no timing belongs in one): run `python -m tests.corekit.tournament.fault_figures` from the checkout.
Every tournament uses a 0.1s time limit, so a decision is cut off at 1.1s.
"""

from __future__ import annotations

import logging
import tempfile
import time
from pathlib import Path
from typing import Any

from corekit.tournament import Tournament, backends, read_results, run_tournament

FAULTS = ("tests.corekit.tournament.fault_games",)
LIMIT = 0.1


def lost(out: Path, games: int) -> int:
    """Matches of the plan with no result in the results file (a retried one counts as lost until played again)."""
    _, records = read_results(out / "results.jsonl")
    return games - sum(1 for index, record in records.items() if index < games and record.retry is None)


class PoolClock:
    """When the local pool kills a stuck worker, starts its replacement, and hears from that one first."""

    def __init__(self) -> None:
        self.kills: list[float] = []
        self.started: list[tuple[float, Any]] = []
        self.heard: dict[int, float] = {}
        start, read, cut_off = backends._Pool._start, backends._Pool._read, backends.cut_off_record
        clock = self

        def timed_start(pool: Any) -> Any:
            worker = start(pool)
            clock.started.append((time.monotonic(), worker))
            return worker

        def timed_read(pool: Any, worker: Any) -> None:
            if id(worker) not in clock.heard and worker.conn.poll():
                clock.heard[id(worker)] = time.monotonic()
            read(pool, worker)

        def timed_cut_off(*args: Any) -> Any:
            clock.kills.append(time.monotonic())
            return cut_off(*args)

        backends._Pool._start = timed_start  # type: ignore[method-assign]
        backends._Pool._read = timed_read  # type: ignore[method-assign]
        backends.cut_off_record = timed_cut_off


def main() -> None:
    clock = PoolClock()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        spec = f"stuck:how=blocked,after=1,marker={folder / 'hung'}"
        began = time.monotonic()
        run_tournament(
            Tournament("faulty", (spec, "random"), games=40, seed=1, time_limit=LIMIT, plugins=FAULTS),
            jobs=2,
            out=folder / "blocked",
        )
        took = time.monotonic() - began
        born, replacement = clock.started[-1]
        print(
            "local pool, a player blocked where no signal reaches (1 of 40 matches): "
            f"lost {lost(folder / 'blocked', 40)}; "
            f"run {took:.1f}s; replacement worker started {born - clock.kills[0]:.3f}s after the kill, its first "
            f"record {clock.heard[id(replacement)] - clock.kills[0]:.2f}s after"
        )
        run_tournament(
            Tournament(
                "faulty", ("random", "random"), games=6, seed=1, time_limit=LIMIT,
                options=(("fault", "loop-apply"), ("at", "2")), plugins=FAULTS,
            ),
            jobs=2,
            out=folder / "looping",
        )  # fmt: skip
        print(f"local pool, a game looping in apply (6 of 6 matches, each failed): lost {lost(folder / 'looping', 6)}")
        import distributed

        with distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0",
            silence_logs=logging.CRITICAL,
        ) as cluster:  # fmt: skip
            address = cluster.scheduler_address
            run_tournament(Tournament("faulty", ("random", "random"), games=2, seed=5, plugins=FAULTS), cluster=address)
            began = time.monotonic()
            run_tournament(
                Tournament(
                    "faulty", ("stuck:how=blocked", "random"), games=1, seed=1, time_limit=LIMIT, plugins=FAULTS
                ),
                cluster=address,
                out=folder / "dask-blocked",
            )
            recovered = time.monotonic()
            run_tournament(Tournament("faulty", ("random", "random"), games=4, seed=2, plugins=FAULTS), cluster=address)
            print(
                f"Dask (one nanny worker), a blocked player: lost {lost(folder / 'dask-blocked', 1)}; its record after "
                f"{recovered - began:.1f}s, the next tournament on the cluster took {time.monotonic() - recovered:.2f}s"
            )
            began = time.monotonic()
            run_tournament(
                Tournament("faulty", ("stuck", "random"), games=2, seed=1, time_limit=LIMIT, plugins=FAULTS),
                cluster=address,
                out=folder / "dask-looping",
            )
            print(
                f"Dask, a player looping in Python (cut off in its task thread, 2 matches): lost "
                f"{lost(folder / 'dask-looping', 2)}; {time.monotonic() - began:.1f}s"
            )


if __name__ == "__main__":
    main()
