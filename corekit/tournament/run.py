"""Run a tournament: schedule it, skip what the results file already holds, play the rest, report.

`run_tournament` is the whole job behind `campfire tournament`, usable from Python. Results reach the
file in the order matches finish; the report reads them by match index, so it is the same whatever the
number of workers, the backend, or how many times the tournament was killed and resumed, unless time decides:
a spec with a time budget (TIME_BUDGET, which the report names) or a player that runs close to the time limit.

Every decision has a time limit, DEFAULT_TIME_LIMIT unless the tournament sets one (a resumed run keeps its own):
a player over it forfeits, and a decision or a game call that never ends is cut off (see `corekit.runner`).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from corekit.errors import os_reason
from corekit.game import Game
from corekit.options import OptionError, build_options, options_to_dict
from corekit.players import PlayerSpec, same_player, spec_options, spec_tuple
from corekit.plugins import Registry, UnknownName
from corekit.rng import derive_seed
from corekit.runner import check_unattended, set_up
from corekit.tournament import backends
from corekit.tournament.report import summarize
from corekit.tournament.schedule import SEATING, Pending, default_games, lineups, plan_one, rotates_order
from corekit.tournament.store import (
    REPLAYS,
    REPORT,
    RESULTS,
    RETRY_OUTPUT,
    FolderLock,
    MatchRecord,
    ResultsError,
    ResultsFile,
    check_same,
    has_results,
    planned_games,
    read_header,
    read_results,
    reported,
    write_atomically,
    writes_replays,
)
from corekit.tournament.worker import Settings, worker_registry
from corekit.words import counted, joined

Progress = Callable[[int, int], Callable[[], None] | None]
"""`progress(total, already_done)` returns a function called once per finished match."""
Notify = Callable[[str], None]
"""`notify(line)` tells the user something worth knowing that is no error (a retry, a folder created)."""
Extend = Callable[[Mapping[str, Any]], Mapping[str, Any]]
"""`extend(report)` gives more fields for the report, worked out from it (the strength summary of a strength run)."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds per decision when a tournament sets none: far beyond any built-in player's budget, and what keeps a
tournament from waiting forever on a player or a game that hangs."""
MAX_TIME_LIMIT = 86400.0
"""The longest time limit a tournament takes: a day per decision."""
TIME_BUDGET = "seconds"
"""The player option that is a time budget per decision when above 0 (mcts and os-ismcts have it): such a search
depends on the machine's speed and load, so its results do not repeat. Player types declare no time budget of
their own, so the option's name is the sign."""
RESUME_HINT_VARIABLE = "CAMPFIRE_RESUME_HINT"
"""How an interrupted tournament's message says the rest is played, when a command that runs `campfire tournament`
for the user resumes it otherwise (`campfire strength` sets it for its tournaments): in place of `the same command
with --resume plays the rest`."""


def option_pairs(options: Any) -> tuple[tuple[str, Any], ...]:
    """A tournament's game options as (name, value) pairs, given as pairs, as a mapping (`{"stall_rounds": 3}`) or
    as the game's options object, as `play_match` and `initial_state` take them (a mapping passed as it is gave its
    keys alone, and every match failed)."""
    if attrs.has(type(options)):
        return tuple(options_to_dict(options).items())
    if isinstance(options, Mapping):
        return tuple(options.items())
    return tuple((name, value) for name, value in options)


@attrs.frozen
class Tournament:
    """What defines a tournament's results: game, specs, seats, games, seed, options, time limit.

    `options` are the game's: its options object, a mapping by name, or pairs as `-o NAME=VALUE` gives them.
    `seats` defaults to the number of specs and `games` to ten whole deals (see `schedule`); `time_limit` (seconds
    per decision) to DEFAULT_TIME_LIMIT; when resuming, each of those, the options, the seed and the specs (when
    none are given) to the resumed run's (`resumed`). `plugins` names extra plugin
    modules every worker imports (players that are not installed).
    """

    game: str
    specs: tuple[str, ...] = attrs.field(converter=spec_tuple)
    games: int | None = None
    seats: int | None = None
    seed: int | None = None
    """The tournament seed; None: the resumed run's (0 for a new one), as its size and time limit are."""
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=option_pairs)
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
    notify: Notify | None = None,
    extend: Extend | None = None,
) -> dict[str, Any]:
    """Play every match not yet in `out`'s results file and return the report (see `report.summarize`), with what
    `extend` adds to it (report.json holds that too).

    `jobs` 1 plays here with `registry` (the default: installed plugins plus `tournament.plugins`); more
    use that many local worker processes, each of which imports the script that runs them (as multiprocessing does):
    call it under `if __name__ == "__main__":` (BackendError otherwise, before any worker starts); `cluster` (a Dask
    scheduler address) sends batches to Dask.
    Bad input raises GameError, OptionError, UnknownName or ValueError with a one-line message, before any
    match is played; GameFailed when the game raises at setup for the tournament seed. If report.json cannot be
    written at the end, or the results file or a replay stops taking records, OutputFailed carries the report;
    Interrupted (an OutputFailed) on Ctrl-C. `out` is locked for the run (ResultsError when another run holds it),
    and created with any missing parent folders (`notify` says so). A resume plays again the matches that failed
    for a reason outside the match (`report["retried"]` counts them, and `notify` names them).
    """
    registry = registry or worker_registry(tournament.plugins)
    game = registry.game(tournament.game)
    if (resume or replays) and out is None:
        given = [name for name, on in (("--resume", resume), ("--replays", replays)) if on]
        raise OptionError(f"{joined(given)} {'need' if len(given) > 1 else 'needs'} --out DIR")
    if resume and out is not None:
        tournament = resumed(tournament, Path(out))
    specs = tuple(tournament.specs)
    if not specs:
        raise OptionError("a tournament needs at least one player spec")
    limit = tournament.time_limit
    if limit is not None and not (math.isfinite(limit) and limit > 0):  # nan compares false to everything
        raise OptionError(f"--time-limit must be a finite positive number of seconds, got {limit:g}")
    if limit is not None and limit > MAX_TIME_LIMIT:
        raise OptionError(
            f"--time-limit must be at most {MAX_TIME_LIMIT:g} seconds (a day per decision), got {limit:g}"
        )
    seats = tournament.seats or len(specs)
    options = game.make_options(dict(tournament.options))
    seed = tournament.seed
    if seed is None:  # as its size and time limit: a bare resume continues the run as it was started
        seed = _resumed_seed(Path(out)) if resume and out is not None and has_results(Path(out)) else 0
    set_up(game, seats, seed, options)  # the seat count, before anything starts
    group = tournament.lineups or tuple(lineups(len(specs), seats))
    if any(len(lineup) != seats or not set(lineup) <= set(range(len(specs))) for lineup in group):
        raise OptionError(f"a seating must give each of the {seats} seats one of the {len(specs)} specs")
    for seat, text in enumerate(specs):
        check_unattended(game, text, derive_seed(seed, "check", seat), registry, f"player {text!r}", "a tournament")
    if cluster is not None or jobs > 1:
        _check_workers_see(registry, tournament)
    if out is not None and not os.fspath(out):  # Path("") is ".": an unset $VAR would write into the current folder
        raise OptionError("cannot write the results: the --out path is empty")
    if tournament.games is not None and tournament.games < 1:
        raise OptionError(f"--games must be at least 1, got {tournament.games}")
    say = notify or (lambda line: None)
    folder = Path(out) if out is not None else None
    lock = _lock(folder, say) if folder is not None else None
    try:
        return _run(
            tournament, seed, game, options, registry, jobs, cluster, folder, replays, resume, progress, say, extend
        )
    finally:
        if lock is not None:
            lock.release()


def _run(
    tournament: Tournament,
    seed: int,
    game: Game,
    options: Any,
    registry: Registry,
    jobs: int,
    cluster: Any,
    out: Path | None,
    replays: bool,
    resume: bool,
    progress: Progress | None,
    say: Notify,
    extend: Extend | None,
) -> dict[str, Any]:
    """run_tournament once the input is checked and `out` (if any) is locked; `seed` is the tournament's."""
    specs = tuple(tournament.specs)
    seats = tournament.seats or len(specs)
    group = tournament.lineups or tuple(lineups(len(specs), seats))
    found = read_results(out / RESULTS) if resume and out is not None and has_results(out) else None
    games = tournament.games
    if games is None:  # as many as the run being resumed, or ten deals
        games = planned_games(*found) if found else default_games(len(specs), seats, group=group)
    elif found and max(found[1], default=-1) >= games:
        # The report and the file's header would say `games` and quietly leave out the matches beyond it.
        held = max(found[1]) + 1
        raise OptionError(
            f"{out} holds results up to match {held - 1}: --games {games} would leave the rest out of the report; give "
            f"--games {held} or more, or no --games to resume the run as it was planned"
        )
    seating = found[0].get("seating", 1) if found else SEATING
    if type(seating) is not int or not 1 <= seating <= SEATING:
        # Another value would seat the rest of the run some other way than it began.
        raise OptionError(
            f"{out} was seated by a schedule this Campfire does not know (seating {seating!r}; it knows 1 to "
            f"{SEATING}): it cannot be resumed as it began"
        )
    limit = tournament.time_limit
    if limit is None:  # the resumed run's own (null in a file from before tournaments had a default)
        limit = found[0].get("time_limit") if found else DEFAULT_TIME_LIMIT
    header = json.loads(
        json.dumps(
            {
                "game": game.id,
                "game_version": game.version,
                "specs": list(specs),
                "seats": seats,
                "seed": seed,
                "games": games,
                "options": options_to_dict(options),
                "time_limit": limit,
                **({"lineups": tournament.lineups} if tournament.lineups else {}),
                # A resumed run seats its deals as it started (a file without the field: the order given).
                "seating": seating,
            },
            default=str,
        )
    )
    if found and _respelt(found[0].get("specs"), specs, game, registry):
        # The same players written otherwise (a default spelt out): the run goes on as its file names them.
        specs = tuple(found[0]["specs"])
        header["specs"] = list(specs)
    ordered = not tournament.lineups and rotates_order(len(specs), seats, header["seating"])
    if found and out is not None:  # found only in a resumed `out`
        # Settings first: another seed or seat count makes every match look foreign to the schedule, and the
        # schedule's refusal would advise removing good results rather than name the setting that changed.
        check_same(found[0], header, out / RESULTS)
        _check_schedule(out / RESULTS, found[1], seed, group, ordered)
    if replays and found and out is not None and not writes_replays(found[0], found[1].values(), out):
        # A failed match has no replay to miss, and one marked for retry is played again now, with its replay.
        held = sum(1 for record in reported(found[1], games).values() if record.status != "failed")
        if held:
            say(
                f"Note: the {counted(held, 'match', 'matches')} already in {out} were played without replays: only "
                "the matches played from now on get one"
            )
    if resume and out is not None and not replays:
        # A resumed tournament keeps the replays of the run it resumes, for the matches it adds, even when their
        # folder is gone: it is made again. (A folder with no results file is a start that kept its replays.)
        replays = writes_replays(found[0], found[1].values(), out) if found else (out / "replays").is_dir()
    # New files only (a resumed file keeps its header, but for its size): a resume with --replays of a run without
    # them does not rewrite the file to say so; its records do (`writes_replays`).
    header[REPLAYS] = replays
    replay_dir = out.resolve() / "replays" if replays and out is not None else None
    store = _open_out(out, header, resume, replay_dir, found) if out is not None else None
    records: dict[int, MatchRecord] = dict(store.records) if store else {}
    settings = Settings(
        game.id,
        specs,
        tuple(tournament.options),
        limit if isinstance(limit, int | float) else None,
        str(replay_dir) if replay_dir else None,
        plugins=tuple(tournament.plugins),
        run=uuid.uuid4().hex,
        game_version=str(game.version),
    )
    retried = sorted(i for i, r in records.items() if r.retry is not None and i < games)
    if retried:
        say(
            f"Playing again {counted(len(retried), 'match', 'matches')} that failed for a reason outside the match "
            f"(a worker process that died, or an output that could not be written): {_indices(retried)}"
        )
    pending = Pending(
        seed,
        len(specs),
        seats,
        games,
        done={i for i, r in records.items() if r.retry is None},
        group=group,
        ordered=ordered,
    )
    tick = progress(games, games - len(pending)) if progress else None
    played: set[int] = set()

    def emit(record: MatchRecord) -> None:
        if record.index in played:  # never twice, even if a backend reports a match again
            return
        if record.retry == RETRY_OUTPUT:  # every match after it would fail the same way: stop, and resume later
            raise _Stopped(f"could not start match {record.index}: {record.error}; {_stopped(records, games)}")
        played.add(record.index)
        records[record.index] = record
        if store:
            try:
                store.append(record)
            except OSError as error:  # the disk is full, say: stop playing, since nothing more can be saved
                reason = os_reason(error, with_file=True)
                # Played, so reported; not saved, so a resume plays it again: the message counts it apart.
                raise _Stopped(
                    f"could not save match {record.index} in {store.path}: {reason}; stopped after "
                    f"{_saved(records, games)} of {games} matches, match {record.index} played but not saved "
                    f"({_how_resumed('--resume plays it and the rest')})"
                ) from None
        if tick:
            tick()

    problem: str | None = None
    stop: type[OutputFailed] = OutputFailed
    interrupted = False
    shield = contextlib.ExitStack()
    # After a first Ctrl-C: what was played is counted and reported whatever else is pressed (the shield).
    with shield:
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
        except backends.ClusterLost as lost:
            problem = f"{lost}; {_stopped(records, games)}"
        except KeyboardInterrupt:
            shield.enter_context(backends.interrupts_ignored())
            stop, interrupted = Interrupted, True
        finally:
            if store:
                try:
                    store.close()
                except OSError as error:  # a full disk fails the close's flush too: the report must still follow
                    problem = (
                        problem or f"could not save the results in {store.path}: {os_reason(error, with_file=True)}"
                    )
        if not interrupted:  # every match is in: a Ctrl-C now would lose their report ("Aborted!", no report.json)
            shield.enter_context(backends.interrupts_ignored())
        if interrupted:
            if store is not None:
                # Counted from the closed file: Ctrl-C may land between a match's record and its line on disk.
                try:
                    saved = _saved(read_results(store.path)[1], games)
                except (OSError, ValueError):  # unreadable now: what this run kept is the best count left
                    saved = _saved(records, games)
                rest = _how_resumed("the same command with --resume plays the rest")
                problem = f"interrupted: {saved} of {games} matches are saved in {out}; {rest}"
            else:
                problem = (
                    f"interrupted after {_saved(records, games)} of {games} matches; nothing is saved without --out"
                )
        kept = reported(records, games)
        if replay_dir is not None:  # only a run that writes replays can miss one
            every = (found[0] if found else header).get(REPLAYS) is True
            kept = _replays_checked(kept, every, replay_dir)
        report = summarize(game, specs, seats, kept, header)
        if replay_dir is not None and not every:
            # A run resumed with --replays, begun without: its earlier matches have none, which is no replay lost.
            before = sum(
                1 for r in kept.values() if r.status != "failed" and r.replay is None and r.replay_error is None
            )
            if before:
                report["played_before_replays"] = before
        report["retried"] = len(retried)
        report["schedule"] = _schedule(kept, len(group))
        report["time_budgeted"] = [text for text in dict.fromkeys(specs) if _time_budgeted(registry, game, text)]
        if extend is not None:
            report.update(extend(report))
        if out is not None:
            path = out / REPORT
            try:
                write_atomically(path, json.dumps(report, indent=2) + "\n")
            except OSError as error:  # checked up front, yet the disk can fill: the played matches still count
                unwritten = f"could not write {path}: {os_reason(error)}"  # not the temporary file's name
                problem = f"{problem}; {unwritten}" if problem else unwritten
        if problem:
            raise stop(problem, report)
        return report


def _respelt(held: Any, specs: Sequence[str], game: Game, registry: Registry) -> bool:
    """Whether the specs of a resumed run's file, `held`, are `specs` written otherwise, each building the same player
    (`corekit.players.same_player`), where their text differs."""
    if not isinstance(held, list) or len(held) != len(specs) or list(held) == list(specs):
        return False
    for before, now in zip(held, specs, strict=True):
        if before == now:
            continue
        try:
            name, other = PlayerSpec.parse(before).name, PlayerSpec.parse(now).name
            player_type = registry.player_type(name)
        except (ValueError, UnknownName):
            return False
        if name != other or not same_player(before, now, player_type, registry.heuristic(game.id)):
            return False
    return True


def resumed(tournament: Tournament, out: Path) -> Tournament:
    """`tournament` with what it leaves out taken from the run in `out` that it resumes, as its seed, size and time
    limit are: its seat count and game options when it gives none, and its player specs when it gives none (then
    the folder alone names the run, a `--strength` run's seatings included); as it is when `out` holds no results.
    A setting it does give must still be the run's (the resume is refused otherwise)."""
    if not has_results(out):
        return tournament
    header = read_header(out / RESULTS)
    if header.get("game") != tournament.game:  # said first: its options and specs are another game's
        raise OptionError(f"{out} holds a tournament of {header.get('game')!r}, not of {tournament.game!r}")
    changes: dict[str, Any] = {}
    if tournament.seats is None:
        changes["seats"] = header["seats"]
    if not tournament.options and isinstance(header.get("options"), dict):
        changes["options"] = tuple(header["options"].items())
    if not tournament.specs:
        changes["specs"] = tuple(header["specs"])
        if not tournament.lineups and isinstance(header.get("lineups"), list):
            changes["lineups"] = tuple(tuple(lineup) for lineup in header["lineups"])
    return attrs.evolve(tournament, **changes) if changes else tournament


def _resumed_seed(out: Path) -> int:
    """The seed of the run in `out`, which a resume without one continues (ResultsError when its header holds no
    whole-number seed: the header itself was damaged)."""
    seed = read_header(out / RESULTS).get("seed")
    if type(seed) is not int:
        raise ResultsError(f"{out / RESULTS} line 1 has no whole-number seed: the header was damaged")
    return seed


def _time_budgeted(registry: Registry, game: Game, text: str) -> bool:
    """Whether spec `text` searches for a time budget (TIME_BUDGET above 0), set by the spec or by the game's
    defaults for its player type, as `build_player` would combine them."""
    spec = PlayerSpec.parse(text)
    player_type = registry.player_type(spec.name)
    try:
        values = spec_options(player_type, spec, registry.heuristic(game.id)).values
        options = build_options(player_type.options_type, values, f"player {spec.name!r}")
    except OptionError:  # checked before any match: cannot happen, and a budget it cannot read is none to name
        return False
    budget = getattr(options, TIME_BUDGET, None)
    return isinstance(budget, int | float) and not isinstance(budget, bool) and budget > 0


def _schedule(records: Mapping[int, MatchRecord], per_deal: int) -> dict[str, Any]:
    """How the matches a report counts fill their deals: only whole deals, every seating of each deal finished,
    put every spec in every seat equally often. A run cut short, interrupted or with failed matches may not."""
    seated: dict[int, int] = {}
    for record in records.values():
        # A failed match has no returns: its seating is a hole in its deal (a deal whose every match failed is all
        # hole, and still a deal the run holds).
        seated[record.deal] = seated.get(record.deal, 0) + (record.status != "failed")
    short = sum(1 for count in seated.values() if count < per_deal)
    return {"seatings_per_deal": per_deal, "deals": len(seated), "short_deals": short, "balanced": not short}


def _replays_checked(records: Mapping[int, MatchRecord], every: bool, folder: Path) -> dict[int, MatchRecord]:
    """`records` with a `replay_error` for each played match whose replay file is not there, so that the report's
    missing replays are all of them: one written and deleted since (with the folder, say), and, when `every`
    match of the run was to have one (its header says it writes replays), one never written. A record names its
    replay from the results file's folder (an older one by its absolute path), and the file counts if it is in
    `folder` now, wherever the --out folder has moved. Failed matches are reported as such."""
    checked = dict(records)
    for index, record in records.items():
        if record.status == "failed" or record.replay_error is not None:
            continue
        if record.replay is None:
            if every:
                checked[index] = attrs.evolve(
                    record, replay_error="no replay was written, though the run writes replays"
                )
        elif not (folder / Path(record.replay).name).is_file():
            why = f"its replay {folder / Path(record.replay).name} was written, but is no longer there"
            checked[index] = attrs.evolve(record, replay_error=why)
    return checked


def _saved(records: Mapping[int, MatchRecord], games: int) -> int:
    return sum(1 for index, record in records.items() if index < games and record.retry is None)


def _stopped(records: Mapping[int, MatchRecord], games: int) -> str:
    return f"stopped after {_saved(records, games)} of {games} matches ({_how_resumed('--resume plays the rest')})"


def _how_resumed(default: str) -> str:
    """How the rest of a stopped tournament is played: `default`, or what the command that runs it for the user
    says instead (RESUME_HINT_VARIABLE)."""
    return os.environ.get(RESUME_HINT_VARIABLE) or default


def _indices(indices: list[int]) -> str:
    """`matches 3, 7 and 12`, the first ten only."""
    shown = [str(i) for i in indices[:10]]
    if len(indices) > 10:
        shown.append(f"{len(indices) - 10} more")
    return f"{'match' if len(indices) == 1 else 'matches'} {joined(shown)}"


def _lock(out: Path, say: Notify) -> FolderLock:
    """Create `out` (with any missing parent, which `say` names) and lock it for this run."""
    missing = [folder for folder in (out, *out.parents) if not folder.exists() and not folder.is_symlink()]
    if out.is_symlink() and not out.exists():  # mkdir would say only "File exists"
        raise OptionError(f"--out {out}: it is a symbolic link to {os.readlink(out)}, which does not exist")
    try:
        out.mkdir(parents=True, exist_ok=True)
        lock = FolderLock(out)
    except OSError as error:
        raise OptionError(f"--out {out}: cannot write there ({os_reason(error, with_file=True)})") from None
    if len(missing) > 1:
        say(f"Created {out}, and the folders above it that were missing, from {missing[-1]} down.")
    return lock


class Interrupted(OutputFailed):
    """The user stopped the tournament (Ctrl-C): the message says how many matches are saved and how to go on;
    `report` is the report of the matches played."""


class _Stopped(Exception):
    """The results file refused a record: the backend stops, and the tournament reports what was played."""


def _open_out(
    out: Path,
    header: dict[str, Any],
    resume: bool,
    replay_dir: Path | None,
    found: tuple[dict[str, Any], dict[int, MatchRecord]] | None,
) -> ResultsFile:
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
        return ResultsFile(out, header, resume, found)
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


def _check_schedule(
    path: Path, records: Mapping[int, MatchRecord], seed: int, group: tuple[tuple[int, ...], ...], ordered: bool
) -> None:
    """Refuse a results file holding a match this tournament's schedule does not make (a line from another run, or
    edited): resumed, it would be reported as this run's match."""
    for index, record in sorted(records.items()):
        planned = plan_one(seed, group, index, ordered)
        if (record.deal, record.seed, tuple(record.lineup)) != (planned.deal, planned.seed, tuple(planned.lineup)):
            raise OptionError(
                f"{path} holds a match {index} that this tournament does not play (deal {record.deal}, seed "
                f"{record.seed}, line-up {list(record.lineup)}, where its match {index} is deal {planned.deal}, seed "
                f"{planned.seed}, line-up {list(planned.lineup)}): a line from another run, or edited; remove it"
            )
