"""Run a tournament: schedule it, skip what the results file already holds, play the rest, report.

`run_tournament` is the whole job behind `campfire tournament`, usable from Python. Results reach the
file in the order matches finish; the report reads them by match index, so it is the same whatever the
number of workers, the backend, or how many times the tournament was killed and resumed.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from corekit.errors import os_reason
from corekit.game import Game
from corekit.options import OptionError, options_to_dict
from corekit.players import PlayerSpec
from corekit.plugins import Registry
from corekit.rng import derive_seed
from corekit.runner import PlayerNotBuilt, build_spec, set_up
from corekit.tournament import backends
from corekit.tournament.report import summarize
from corekit.tournament.schedule import default_games, lineups, plan
from corekit.tournament.store import REPORT, MatchRecord, ResultsFile, resumed_games
from corekit.tournament.worker import Settings, worker_registry
from corekit.words import joined

Progress = Callable[[int, int], Callable[[], None] | None]
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
    lineups: tuple[tuple[int, ...], ...] = ()
    """The seatings of a deal (a spec position per seat) when not every seating of the specs, as in a strength
    run (`corekit.tournament.strength`)."""


class OutputFailed(RuntimeError):
    """Writing into --out failed once matches were being played (the results file, or report.json at the end);
    `report` holds the report of the matches played, so the caller can still show it. The message is one line."""

    def __init__(self, message: str, report: dict[str, Any]) -> None:
        super().__init__(message)
        self.report = report


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
    Bad input raises GameError, OptionError, UnknownName or ValueError with a one-line message, before any
    match is played; GameFailed when the game raises at setup for the tournament seed. If report.json cannot be
    written at the end, or the results file stops taking records, OutputFailed carries the report.
    """
    registry = registry or worker_registry(tournament.plugins)
    game = registry.game(tournament.game)
    specs = tuple(tournament.specs)
    if not specs:
        raise OptionError("a tournament needs at least one player spec")
    limit = tournament.time_limit
    if limit is not None and not (math.isfinite(limit) and limit > 0):  # nan compares false to everything
        raise OptionError(f"--time-limit must be a finite positive number of seconds, got {limit:g}")
    seats = tournament.seats or len(specs)
    options = game.make_options(dict(tournament.options))
    set_up(game, seats, tournament.seed, options)  # the seat count, before anything starts
    group = tournament.lineups or tuple(lineups(len(specs), seats))
    if any(len(lineup) != seats or not set(lineup) <= set(range(len(specs))) for lineup in group):
        raise OptionError(f"a seating must give each of the {seats} seats one of the {len(specs)} specs")
    for seat, text in enumerate(specs):
        _check_player(registry, game, text, derive_seed(tournament.seed, "check", seat))
    if cluster is not None or jobs > 1:
        _check_workers_see(registry, tournament)
    if (resume or replays) and out is None:
        given = [name for name, on in (("--resume", resume), ("--replays", replays)) if on]
        raise OptionError(f"{joined(given)} {'need' if len(given) > 1 else 'needs'} --out DIR")
    if out is not None and not os.fspath(out):  # Path("") is ".": an unset $VAR would write into the current folder
        raise OptionError("cannot write the results: the --out path is empty")
    games = tournament.games
    if games is None and resume and out is not None:  # as many as the run being resumed
        games = resumed_games(Path(out))
    if games is None:
        games = default_games(len(specs), seats, group=group)
    if games < 1:
        raise OptionError(f"--games must be at least 1, got {games}")
    header = json.loads(
        json.dumps(
            {
                "game": game.id,
                "game_version": game.version,
                "specs": list(specs),
                "seats": seats,
                "seed": tournament.seed,
                "games": games,
                "options": options_to_dict(options),
                "time_limit": tournament.time_limit,
                **({"lineups": tournament.lineups} if tournament.lineups else {}),
            },
            default=str,
        )
    )
    if resume and out is not None and (Path(out) / "replays").is_dir():
        replays = True  # a resumed tournament that kept replays keeps them for the matches it adds
    replay_dir = Path(out).resolve() / "replays" if replays and out is not None else None
    store = _open_out(Path(out), header, resume, replay_dir) if out is not None else None
    records: dict[int, MatchRecord] = dict(store.records) if store else {}
    settings = Settings(
        game.id,
        specs,
        tuple(tournament.options),
        tournament.time_limit,
        str(replay_dir) if replay_dir else None,
        plugins=tuple(tournament.plugins),
    )
    pending = [p for p in plan(tournament.seed, len(specs), seats, games, group) if p.index not in records]
    tick = progress(games, games - len(pending)) if progress else None

    def emit(record: MatchRecord) -> None:
        if record.index in records:  # never twice, even if a backend reports a match again
            return
        records[record.index] = record
        if store:
            try:
                store.append(record)
            except OSError as error:  # the disk is full, say: stop playing, since nothing more can be saved
                reason = os_reason(error, with_file=True)
                raise _Stopped(
                    f"could not save match {record.index} in {store.path}: {reason}; stopped "
                    f"after {len(records)} of {games} matches (--resume plays the rest)"
                ) from None
        if tick:
            tick()

    problem: str | None = None
    try:
        if not pending:
            pass  # everything was in the results file already
        elif cluster is not None:
            backends.run_dask(settings, pending, emit, cluster)
        elif jobs <= 1:
            backends.run_inline(settings, pending, emit, registry)
        else:
            backends.run_processes(settings, pending, emit, min(jobs, len(pending)))
    except _Stopped as stopped:  # the matches played so far are still reported
        problem = str(stopped)
    finally:
        if store:
            try:
                store.close()
            except OSError as error:  # a full disk fails the close's flush too: the report must still follow
                problem = problem or f"could not save the results in {store.path}: {os_reason(error, with_file=True)}"
    report = summarize(game, specs, seats, {i: r for i, r in records.items() if i < games}, header)
    # Only whole deals put every spec in every seat equally often; the report says when that is not so.
    per_deal = len(group)
    report["schedule"] = {
        "seatings_per_deal": per_deal,
        "deals": -(-games // per_deal),
        "balanced": games % per_deal == 0,
    }
    if out is not None:
        path = Path(out) / REPORT
        try:
            path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        except OSError as error:  # checked up front, yet the disk can fill: the played matches still count
            problem = problem or f"could not write {path}: {os_reason(error, with_file=True)}"
    if problem:
        raise OutputFailed(problem, report)
    return report


class _Stopped(Exception):
    """The results file refused a record: the backend stops, and the tournament reports what was played."""


def _check_player(registry: Registry, game: Game, text: str, seed: int) -> None:
    """Build the player of spec `text` once, so a spec that cannot play is refused before any match."""
    # An interactive player would wait for a person at stdin, and nobody answers in a tournament: refused
    # before it is built (build_spec parses and looks the spec up again, which cannot fail the second time).
    if registry.player_type(PlayerSpec.parse(text).name).interactive:
        raise OptionError(f"player {text!r} needs a person at a terminal, so a tournament cannot seat it")
    try:
        build_spec(game, text, seed, registry)
    except PlayerNotBuilt as failed:  # the player plugin's fault: name the spec, as a match names its seat
        raise OptionError(f"player {text!r} {failed}") from failed.__cause__


def _open_out(out: Path, header: dict[str, Any], resume: bool, replay_dir: Path | None) -> ResultsFile:
    """The results file in `out`, once `out` is known to take the report too: a tournament must not play for
    hours and then find it cannot write its report."""
    report = out / REPORT
    if report.is_dir():
        raise OptionError(f"--out {out}: cannot write {report} (a folder)")
    if report.exists() and not os.access(report, os.W_OK):
        raise OptionError(f"--out {out}: cannot write {report} (read-only)")
    try:
        if replay_dir is not None:
            replay_dir.mkdir(parents=True, exist_ok=True)
        return ResultsFile(out, header, resume)
    except OSError as error:
        raise OptionError(f"--out {out}: cannot write there ({os_reason(error, with_file=True)})") from None


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
        raise OptionError(
            f"{', '.join(dict.fromkeys(missing))} not installed, so worker processes cannot load it: "
            "use --jobs 1, or --plugin MODULE"
        )
