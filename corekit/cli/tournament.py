"""`campfire tournament`: the command line over `corekit.tournament.run_tournament`."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import click

from corekit.cli.progress import Progress
from corekit.cli.shared import SEED, game_option_pairs, game_options, registry_of, user_errors
from corekit.errors import error_line, first_line, install_hint
from corekit.options import parse_pairs
from corekit.players import split_specs
from corekit.plugins import Registry
from corekit.tournament.backends import STOPPING_SIGNALS, BackendError, interrupts_ignored
from corekit.tournament.report import PlotError, check_plotting, plot_ratings, print_report
from corekit.tournament.run import OutputFailed, Tournament, resumed, run_tournament
from corekit.tournament.store import ResultsError, has_results
from corekit.tournament.strength import seatings, strength_lines, summarize_strength
from corekit.words import counted, terminal_width

REPORTED: tuple[type[Exception], ...] = (*user_errors(), ResultsError, BackendError, PlotError, OSError)
"""What a tournament reports as its one-line error."""


@click.command("tournament", short_help="Play an AI-vs-AI tournament of GAME and rate the players.")
@click.argument("game_id", metavar="GAME")
@click.option(
    "--players",
    "-p",
    "players_text",
    multiple=True,
    help="Player specs to compare, e.g. mcts:iterations=500,heuristic,random (see `campfire play --help`); repeated, "
    "they add up [required; with --resume, the run's own].",
)
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1, 10_000_000),  # the help shows the range the run accepts (below 1 was refused later)
    default=None,
    help="Matches to play [default: ten deals, a deal being one match per seating (see above); with --resume, "
    "the size last set for the run in OUT].",
)
@click.option(
    "--seats",
    "-k",
    type=int,
    default=None,
    help="Seats per match [default: the number of specs; with --resume, the run's own].",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Tournament seed; each deal's seed derives from it [default: 0; with --resume, the run's own].",
)
@click.option(
    "--jobs",
    "-j",
    type=int,
    default=None,
    help="Worker processes; 1 plays in this process, where a player stuck in C code cannot be cut off (2 or more "
    "can: its worker is killed) [default: the number of cores].",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    default=None,
    help=f"Run on the Dask cluster at ADDRESS ({install_hint('cluster')}); its workers need the games "
    "installed at these versions (docs/architecture.md).",
)
@click.option(
    "--out",
    "out",
    type=click.Path(file_okay=False),
    default=None,
    help="Directory for results.jsonl (each match appended as it ends; on a cluster, a batch at a time), report.json "
    "and replays; created with any "
    "missing parent folders (said on stderr). One tournament at a time may use it.",
)
@click.option("--replays", is_flag=True, help="Write one replay per match into OUT/replays.")
@click.option(
    "--resume",
    is_flag=True,
    help="Continue the tournament in OUT: play only the matches it lacks (with replays if it has them).",
)
@click.option(
    "--time-limit",
    type=float,
    default=None,
    metavar="SECONDS",
    help="Seconds per decision [default: 60; with --resume, the run's own]; a player over it forfeits the match. "
    "A decision or a game call still running at twice the limit (at least 1s more) is cut off, if need be by "
    "killing its worker process.",
)
@click.option(
    "--strength",
    is_flag=True,
    help="Measure the first of two specs (A) against the second (B): A in one seat and B in every other, A's "
    "seat rotated, A's win rate against the fair share 1/seats (with a note of what an equal player scores "
    "instead when some matches' returns do not add up to 1, as when nobody wins); in a cooperative game, a team "
    "of A and a team of B on the same deals, compared deal by deal.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE.png",
    help=f"Draw the ratings with their intervals ({install_hint('plot')}).",
)
@click.option(
    "--plugin",
    "plugins",
    multiple=True,
    metavar="MODULE",
    help="A plugin module (name or .py file) that is not installed, loaded here and in every local worker; repeatable.",
)
@game_option_pairs
@click.pass_context
def tournament_command(
    ctx: click.Context,
    game_id: str,
    players_text: tuple[str, ...],
    games: int | None,
    seats: int | None,
    seed: int | None,
    jobs: int | None,
    cluster: str | None,
    out: str | None,
    replays: bool,
    resume: bool,
    time_limit: float | None,
    strength: bool,
    as_json: bool,
    plot: str | None,
    plugins: tuple[str, ...],
    pairs: tuple[str, ...],
) -> None:
    """Play an AI-vs-AI tournament of GAME: every spec in every seat equally often, rated.

    Each deal (one seed) is played once in each seating of the specs, or, when there are more than 24 seatings
    or more seats than specs, once in each rotation of the specs around the table (in an order each deal draws,
    so who sits after whom varies; two specs simply alternate): either way every spec sits in every seat equally
    often, so luck cancels out.
    Results are the same for any --jobs or --cluster and after --resume, unless time decides: a spec with a time
    budget (seconds=; the report names it) searches as far as the machine's speed and load let it, and a player
    close to --time-limit may or may not forfeit. With --out every match is saved as it ends (on a cluster, a
    batch at a time) and --resume continues a killed run;
    Ctrl-C, SIGTERM or SIGHUP stop it saying how many matches are saved.
    Exits 1 after the report when a match failed (the game raised or hung, or a player could not be built), or
    when a match's replay could not be written (its result still counts). --resume plays again the matches that
    failed for a reason outside the match (a worker process that died, a replay that could not be started).

    \b
    Examples (GAME from `campfire games`):
      campfire tournament GAME -p heuristic,random,mcts:iterations=200 -n 60
      campfire tournament GAME -p heuristic,random -k 4 --out runs/one --replays
      campfire tournament GAME -p heuristic,random -k 4 --out runs/one --resume -n 200
      campfire tournament GAME -p mcts,heuristic -k 3 -n 300 --strength --out runs/mcts
    """
    try:
        specs = tuple(split_specs(",".join(players_text))) if players_text else ()
        registry = registry_of(ctx)
        if plugins:
            modules = [_importable(text) for text in plugins]
            registry = Registry(plugins=[_import(name, text) for name, text in zip(modules, plugins, strict=True)])
            plugins = tuple(modules)
        game = registry.game(game_id)
        game_options(game, pairs)  # one-line error for a bad option before anything starts
        option_pairs = tuple(_pairs(pairs))
        if jobs is not None and jobs < 1:
            raise click.ClickException(f"--jobs must be at least 1, got {jobs}")
        if seats is not None and seats < 1:
            raise click.ClickException(f"--seats must be at least 1, got {seats}")
        if plot:
            check_plotting(plot)
        fresh = resume and out and not has_results(Path(out))  # a mistyped folder must not pass unnoticed
        tournament = Tournament(game_id, specs, games, seats, seed, option_pairs, time_limit, tuple(plugins))
        if resume and out and not fresh:
            tournament = resumed(tournament, Path(out))
            strength = strength or bool(tournament.lineups)  # a bare resume of a strength run is one
        if not tournament.specs:
            why = f": {out} holds no run to take them from" if resume and out else ""
            raise click.ClickException(f"Missing option '--players' / '-p'{why}.")
        if strength:
            if len(tournament.specs) != 2:
                given = len(tournament.specs)
                raise click.ClickException(f"--strength measures one spec against another: give 2, not {given}")
            strength_seats = tournament.seats or 2
            group = seatings(strength_seats, game.cooperative)
            tournament = attrs.evolve(tournament, seats=strength_seats, lineups=group)
        progress = Progress(game_id, "matches")

        def starting(total: int, done: int) -> Callable[[], None] | None:
            """Called once the input is checked and the matches are about to start."""
            if fresh:
                click.echo(f"Nothing to resume in {out}: starting the tournament there.", err=True)
            progress.start(total, done)
            return progress.advance

        late_errors: list[str] = []  # outputs that could not be written once the matches were played
        try:
            with _stopped_as_by_ctrl_c():
                report = run_tournament(
                    tournament,
                    jobs=jobs or _cores(),
                    cluster=cluster,
                    out=out,
                    replays=replays,
                    resume=resume,
                    registry=registry,
                    progress=starting,
                    notify=lambda line: click.echo(line, err=True),
                    extend=(lambda found: {"strength": summarize_strength(found)}) if strength else None,
                )
        except OutputFailed as error:  # the matches were played: show their report, then the error
            report = error.report
            late_errors.append(str(error))
        finally:
            progress.close()
    except REPORTED as error:
        raise click.ClickException(first_line(error)) from None
    # From here on the matches are played: the report is shown before any error, so none is lost, nor cut off by a
    # late Ctrl-C ("Aborted!" in the middle of it).
    with interrupts_ignored():
        _show(report, as_json, out)
    if plot:
        try:
            plot_ratings(report, plot)
        except PlotError as error:
            late_errors.append(str(error))
    # Every problem goes in the one error line (an output that could not be written first, then failed matches and
    # lost replays), so a script or a person reading only stderr misses none of them.
    problems = list(late_errors)
    failed = report["failed"]
    if failed:
        first = failed[0]
        problems.append(
            f"{len(failed)} of {counted(report['matches'], 'match', 'matches')} failed, "
            f"first match {first['index']}: {first['error']}"
        )
    missing = report["missing_replays"]
    if missing:
        first = missing[0]
        problems.append(
            f"the replays of {len(missing)} of {counted(report['matches'], 'match', 'matches')} could not be written, "
            f"first match {first['index']}: {first['error']}"
        )
    if problems:
        raise click.ClickException("; ".join(problems))


def _show(report: dict[str, Any], as_json: bool, out: str | None) -> None:
    """The report on stdout: JSON, or tables for people."""
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    from rich.console import Console

    print_report(report, Console(width=terminal_width()))
    if "strength" in report:
        heading = f"Strength ({report['game']} version {report['game_version']}, seed {report['seed']}):"
        click.echo("\n".join(["", heading, *strength_lines(report["game"], report["strength"])]))
    if out:
        click.echo(f"Results in {out}")


def _cores() -> int:
    """Cores this process may use (the affinity mask, where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _pairs(pairs: tuple[str, ...]) -> list[tuple[str, str]]:

    return sorted(parse_pairs(pairs, "option").items())


def _importable(text: str) -> str:
    """A module name for `--plugin`, with the folder it is found from on sys.path (local workers inherit it).

    A module name is also looked for from the current folder, as `python -m` would. A file path is imported
    by its dotted name from above its package, so that a scaffolded game's `pkg/plugin.py` can import `pkg`.
    """
    if not text.endswith(".py"):
        if Path(text).is_file():  # a path, not a module name: "No module named 'x.cfr'" would say less
            raise click.ClickException(f"--plugin {text}: a file of a plugin must end in .py (or give its module name)")
        _on_path(Path.cwd(), first=False)  # an installed module of that name still wins
        return text
    path = Path(text).resolve()
    if not path.is_file():
        raise click.ClickException(f"--plugin {text}: no such file")
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    _on_path(folder, first=True)  # the file named is the one meant
    return ".".join(parts)


def _on_path(folder: Path, first: bool) -> None:
    if str(folder) not in sys.path:
        if first:
            sys.path.insert(0, str(folder))
        else:
            sys.path.append(str(folder))


def _import(name: str, given: str) -> Any:
    try:
        return importlib.import_module(name)
    except (Exception, SystemExit) as error:  # a plugin's sys.exit must not end campfire silently with its code
        raise click.ClickException(f"--plugin {given}: cannot import it ({error_line(error)})") from None


@contextlib.contextmanager
def _stopped_as_by_ctrl_c() -> Iterator[None]:
    """While the tournament runs, SIGTERM and SIGHUP raise KeyboardInterrupt, as Ctrl-C does (they ended it without a
    word); the first one only, so that the report of what was played is still written (as after a first Ctrl-C). A
    signal the tournament was started ignoring (`nohup`, `trap '' TERM`) stays ignored."""

    def stop(signum: int, frame: Any) -> None:
        for stopping in previous:
            signal.signal(stopping, signal.SIG_IGN)
        raise KeyboardInterrupt

    try:
        wanted = [stopping for stopping in STOPPING_SIGNALS if signal.getsignal(stopping) is not signal.SIG_IGN]
        previous = {stopping: signal.signal(stopping, stop) for stopping in wanted}
    except ValueError:  # not the main thread (the Python API in a thread): signals are left as they are
        yield
        return
    try:
        yield
    finally:
        for stopping, handler in previous.items():
            signal.signal(stopping, handler)
