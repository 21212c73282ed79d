"""Run a tournament: schedule it, skip what the results file already holds, play the rest, report.

`run_tournament` is the whole job behind `campfire tournament`, usable from Python. Results reach the
file in the order matches finish; the report reads them by match index, so it is the same whatever the
number of workers, the backend, or how many times the tournament was killed and resumed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from corekit.options import OptionError, options_to_dict
from corekit.players import PlayerSpec, build_player
from corekit.plugins import Registry
from corekit.rng import derive_seed
from corekit.tournament import backends
from corekit.tournament.report import summarize
from corekit.tournament.schedule import default_games, lineups, plan
from corekit.tournament.store import REPORT, MatchRecord, ResultsFile
from corekit.tournament.worker import Settings, worker_registry

Progress = Callable[[int, int], Callable[[], None]]
"""`progress(total, already_done)` returns a function called once per finished match."""


@attrs.frozen
class Tournament:
    """What defines a tournament's results: game, specs, seats, games, seed, options, time limit.

    `seats` defaults to the number of specs and `games` to ten whole deals (see `schedule`). `plugins`
    names extra plugin modules every worker imports (players that are not installed).
    """

    game: str
    specs: tuple[str, ...]
    games: int | None = None
    seats: int | None = None
    seed: int = 0
    options: tuple[tuple[str, str], ...] = ()
    time_limit: float | None = None
    plugins: tuple[str, ...] = ()


def run_tournament(
    tournament: Tournament,
    *,
    jobs: int = 1,
    cluster: Any = None,
    out: str | Path | None = None,
    replays: bool = False,
    resume: bool = False,
    registry: Registry | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play every match not yet in `out`'s results file and return the report (see `report.summarize`).

    `jobs` 1 plays here with `registry` (the default: installed plugins plus `tournament.plugins`); more
    use that many local worker processes; `cluster` (a Dask scheduler address) sends batches to Dask.
    Bad input raises GameError, OptionError, UnknownName or ValueError with a one-line message.
    """
    registry = registry or worker_registry(tournament.plugins)
    game = registry.game(tournament.game)
    specs = tuple(tournament.specs)
    if not specs:
        raise OptionError("a tournament needs at least one player spec")
    seats = tournament.seats or len(specs)
    options = game.make_options(dict(tournament.options))
    game.initial_state(seats, tournament.seed, options)  # the seat count, before anything starts
    for seat, text in enumerate(specs):
        spec = PlayerSpec.parse(text)
        build_player(registry.player_type(spec.name), spec, derive_seed(tournament.seed, "check", seat), game,
                     registry.heuristic(game.id))
    if cluster is not None or jobs > 1:
        _check_workers_see(registry, tournament)
    games = default_games(len(specs), seats) if tournament.games is None else tournament.games
    if games < 1:
        raise OptionError(f"--games must be at least 1, got {games}")
    if tournament.time_limit is not None and tournament.time_limit <= 0:
        raise OptionError(f"--time-limit must be positive, got {tournament.time_limit}")
    if (resume or replays) and out is None:
        raise OptionError("--resume and --replays need --out DIR")
    header = json.loads(json.dumps({
        "game": game.id, "game_version": game.version, "specs": list(specs), "seats": seats,
        "seed": tournament.seed, "games": games, "options": options_to_dict(options),
        "time_limit": tournament.time_limit,
    }, default=str))
    store = ResultsFile(Path(out), header, resume) if out is not None else None
    records: dict[int, MatchRecord] = dict(store.records) if store else {}
    replay_dir = None
    if replays and out is not None:
        replay_dir = Path(out).resolve() / "replays"
        replay_dir.mkdir(parents=True, exist_ok=True)
    settings = Settings(game.id, specs, tuple(tournament.options), tournament.time_limit,
                        str(replay_dir) if replay_dir else None, plugins=tuple(tournament.plugins))
    pending = [p for p in plan(tournament.seed, len(specs), seats, games) if p.index not in records]
    tick = progress(games, games - len(pending)) if progress else None

    def emit(record: MatchRecord) -> None:
        if record.index in records:  # never twice, even if a backend reports a match again
            return
        records[record.index] = record
        if store:
            store.append(record)
        if tick:
            tick()

    try:
        if not pending:
            pass  # everything was in the results file already
        elif cluster is not None:
            backends.run_dask(settings, pending, emit, cluster)
        elif jobs <= 1:
            backends.run_inline(settings, pending, emit, registry)
        else:
            backends.run_processes(settings, pending, emit, min(jobs, len(pending)))
    finally:
        if store:
            store.close()
    report = summarize(game, specs, seats, {i: r for i, r in records.items() if i < games}, header)
    group = len(lineups(len(specs), seats))
    # Only whole deals put every spec in every seat equally often; the report says when that is not so.
    report["schedule"] = {"seatings_per_deal": group, "deals": -(-games // group), "balanced": games % group == 0}
    if out is not None:
        (Path(out) / REPORT).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return report



def _check_workers_see(registry: Registry, tournament: Tournament) -> None:
    """Workers load installed plugins and `plugins` only: a player registered in-process alone cannot play there."""
    seen = worker_registry(tournament.plugins)
    if seen is registry:
        return
    names = [PlayerSpec.parse(text).name for text in tournament.specs]
    missing = [name for name in names if name not in seen.player_types]
    if tournament.game not in seen.games:
        missing.insert(0, f"game {tournament.game}")
    if missing:
        raise OptionError(f"{', '.join(dict.fromkeys(missing))} not installed, so worker processes cannot load it: "
                          "use --jobs 1, or --plugin MODULE")
