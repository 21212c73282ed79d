"""The `campfire replay` commands and the `--replay FILE` option of `campfire play`.

Every command treats a replay as hostile: any problem is one line on stderr naming the file, the exit
status is non-zero, and the other files on the command line are still processed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import click

from corekit.cli.shared import registry_of
from corekit.errors import error_line, first_line
from corekit.options import options_lines
from corekit.words import counted, drawing_for, folded, shown, terminal_width
from replays.display import action_lines, board, listed_range, result_known, result_line, seed_text
from replays.format import CHANGED, Replay, ReplayError, read_replay
from replays.simulate import Simulator

AROUND = 3
"""Actions listed before and after the shown step."""
SUFFIXES = (".cfr", ".replay")
"""What `analyze` reads from a folder: `.cfr` by convention (tournaments too), `.replay` as older files did."""
MARK = "      -- the state above is at step {step} --"


def setup(cli: click.Group) -> None:
    """Add the `replay` group and `play --replay` (idempotent: tests may call it again)."""
    from replays.plugin import add_replay_option

    if "replay" not in cli.commands:
        cli.add_command(replay_group)
    add_replay_option(cli)


@click.group("replay")
def replay_group() -> None:
    """Verify, show, view and analyze replay files."""


@replay_group.command("verify")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON (one entry per file; docs/json-output.md lists its fields) instead of lines.",
)
@click.pass_context
def replay_verify(ctx: click.Context, files: tuple[str, ...], as_json: bool) -> None:
    """Re-simulate replays and check every digest.

    Prints FILE: OK for each replay whose actions re-simulate to every digest and the result it recorded (a
    partial replay of a match stopped before its end is checked as far as it was played, and says so; a match a
    seat forfeited says which), or
    one line naming where it diverges (or what is wrong with the file). Exits 1 if any file fails. Digests
    are taken every 64 steps and at the end, so a changed action whose effects are gone from the state by
    the next digest is not seen (replays/FORMAT.md, "Why every 64 steps").
    """
    registry = registry_of(ctx)
    entries = []
    for name in files:
        try:
            replay = read_replay(name, require_intact=False)
        except Exception as error:
            entries.append(_verified(name, None, _problem(name, error)))
            continue
        try:
            simulator = Simulator(replay, registry, record=False)
            simulator.verify()
        except Exception as error:
            if not replay.intact and not str(error).startswith("corrupted"):
                # Re-simulated to say where a changed file goes wrong; that it changed is said first, so it
                # does not read as a game that replays differently.
                said = str(error) if isinstance(error, ReplayError) else f"unexpected {error_line(error)}"
                error = ReplayError(f"{CHANGED}; {said}")
            entries.append(_verified(name, replay, _problem(name, error)))
            continue
        header, result = replay.header, replay.result
        entries.append(_verified(name, replay, None))
        if not as_json:
            stopped = ""
            if result.unfinished is not None:
                stopped = f"; unfinished: {shown(result.unfinished)}"
            elif result.forfeit is not None:  # its reason is in `replay show`: often long, and naming the seat again
                stopped = f"; forfeited by {_seat(simulator, result.forfeit)}"
            click.echo(
                f"{shown(name)}: OK ({shown(header.game)}, {counted(replay.steps, 'step')}, "
                f"{counted(len(header.seats), 'seat')}{stopped})"
            )
    if as_json:
        click.echo(json.dumps(entries, indent=2))
    if not all(entry["ok"] for entry in entries):
        ctx.exit(1)


def _verified(name: str, replay: Replay | None, error: str | None) -> dict[str, Any]:
    """One entry of `verify --json` (docs/json-output.md): every entry has the same keys, null where the file did
    not say (it could not be read) or the value is not vouched for (the replay failed: what its result claims)."""
    vouched = replay if error is None else None
    return {
        "file": name,
        "ok": error is None,
        "error": error,
        "game": replay.header.game if replay is not None else None,
        "format_version": replay.format_version if replay is not None else None,
        "steps": vouched.steps if vouched is not None else None,
        "seats": len(replay.header.seats) if replay is not None else None,
        "unfinished": vouched.result.unfinished if vouched is not None else None,
        "forfeit": vouched.result.forfeit if vouched is not None else None,
    }


def _seat(simulator: Simulator, seat: int) -> str:
    """A seat as `verify` names it: "seat 1", or "Sherry (seat 1)" where the game names its seats."""
    name = shown(simulator.names[seat])
    return name if name == f"seat {seat}" else f"{name} (seat {seat})"


F = TypeVar("F", bound=Callable[..., Any])


def _as_seat(help_text: str) -> Callable[[F], F]:
    """The `--as SEAT` option of `show` and `view` (a seat's view), with each command's own help."""
    return click.option("--as", "seat", type=int, default=None, metavar="SEAT", help=help_text)


@replay_group.command("show")
@click.argument("file", metavar="FILE")
@click.option("--step", "-s", type=int, default=None, help="The step to show (default: the last).")
@_as_seat(
    "Show only what SEAT saw: the board as it saw it at the step, and the six actions up to it as it saw each when "
    "it was taken; no later action, and the result only at the last step (default: the full view)."
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of text (docs/json-output.md lists its fields)."
)
@click.pass_context
def replay_show(ctx: click.Context, file: str, step: int | None, seat: int | None, as_json: bool) -> None:
    """Show the state at one step of a replay.

    The board at --step (default: the end), in full or as one seat saw it, the actions around that step
    with who took them, and the result. In a seat's view the other seats' moves are told only through
    what that seat observed, and the match's seed, which deals every hidden card, is left out.
    """
    try:
        replay = read_replay(file)
        simulator = Simulator(replay, registry_of(ctx))
        simulator.verify()  # a file that fails a digest anywhere is not shown at all
        shown_step = replay.steps if step is None else step
        text = json.dumps(show_data(simulator, shown_step, seat), indent=2) if as_json else None
        text = text or show_text(simulator, shown_step, seat)
    except Exception as error:
        _problem(file, error)
        ctx.exit(1)
        return
    click.echo(text)


@replay_group.command("view")
@click.argument("file", metavar="FILE")
@click.option("--step", "-s", type=int, default=0, show_default=True, help="The step to open at.")
@_as_seat("Open in SEAT's view, as `replay show --as` shows it (default: the full view; v cycles the views).")
@click.pass_context
def replay_view(ctx: click.Context, file: str, step: int, seat: int | None) -> None:
    """Step through a replay in a terminal viewer.

    Keys: left/right (or h/l) step, PgUp/PgDn step by ten, Home/End go to either end, g jumps to a
    step, v cycles the seat views, f shows the full view, up/down (or k/j) scroll the board, q quits.
    The side panel shows the actions around the step and the current decision's time and search
    statistics. Needs a terminal: for a pipe or a file, use `campfire replay show`.
    """
    try:
        replay = read_replay(file)
        simulator = Simulator(replay, registry_of(ctx))
        simulator.verify()  # a file that fails its digests is refused before the screen opens
        simulator.state_at(step)
        if seat is not None:
            board(simulator, step, seat)  # a seat of no such match is refused before the screen opens
        if not has_terminal():
            # Without one the full-screen app would write escape codes into the pipe and wait for keys forever.
            raise ReplayError("replay view needs a terminal (for a pipe or a file, use `campfire replay show`)")
    except Exception as error:
        _problem(file, error)
        ctx.exit(1)
        return
    from replays.viewer import ReplayViewer

    ReplayViewer(simulator, step=step, seat=seat).run()


@replay_group.command("analyze")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of tables (docs/json-output.md lists its fields)."
)
@click.option(
    "--top", type=click.IntRange(1), default=10, show_default=True, help="Turning points and actions to list."
)
@click.option(
    "--verify/--no-verify",
    default=True,
    show_default=True,
    help="Re-simulate each replay first, so a file that fails its digests is left out.",
)
@click.pass_context
def replay_analyze(ctx: click.Context, paths: tuple[str, ...], as_json: bool, top: int, verify: bool) -> None:
    """Statistics over many replays.

    PATH is a replay or a folder searched for *.cfr and *.replay files. Reports matches per game, win
    rate by seat and by player (and the team's, in a cooperative game), match length (mean, sample standard
    deviation, range), the branching factor (legal actions a decision: mean, least, most), each player's
    decision time (ms/decision) and action frequencies (of the actions each player took: a decision that
    forfeited took none, unlike a tournament's decisions asked), and turning points of annotated replays (the
    chosen action's value furthest below the best; a search that kept its heuristic's choice on purpose, mcts's
    trust, is listed too: the replay does not say so).
    """
    from replays.analysis import Analysis

    registry = registry_of(ctx)
    analysis = Analysis(registry, top=top)
    failed = False
    for name in _expand(paths):
        if name is None:
            failed = True  # an empty folder, already reported
            continue
        try:
            replay = read_replay(name)
            simulator = Simulator(replay, registry, checking=verify, record=False)
            if verify:
                simulator.verify()
            analysis.add(name, replay, simulator)
        except Exception as error:
            _problem(name, error)
            failed = True
    if as_json:
        # allow_nan=False: the reader refuses non-finite numbers, but should one slip through, no NaN is
        # printed for a strict JSON parser to choke on.
        try:
            click.echo(json.dumps(analysis.report(), indent=2, allow_nan=False))
        except ValueError as error:
            raise click.ClickException(f"cannot print the analysis as JSON: {first_line(error)}") from None
    elif analysis.files or not failed:  # when every file failed, its one line each is all there is to say
        analysis.print_tables()
    if failed:
        ctx.exit(1)


def has_terminal() -> bool:
    """Whether both ends of the session are a terminal, as the full-screen viewer needs."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def show_text(simulator: Simulator, step: int, seat: int | None) -> str:
    """The text of `replay show`: header, the state at `step`, the actions around it, the result. Every
    string the file gave (specs, options, a forfeit's reason) is shown as text (`corekit.words.shown`)."""
    replay, game = simulator.replay, simulator.game
    header = replay.header
    width = terminal_width()
    with drawing_for(width):
        drawing = board(simulator, step, seat)
    lines = [shown(f"{game.title} ({game.id}), {counted(len(header.seats), 'player')}{seed_text(header.seed, seat)}")]
    if header.options:
        lines += [shown(line) for line in options_lines(header.options, width)]
    names = simulator.names
    lines += [shown(f"  {names[s]}: {spec}") for s, spec in enumerate(header.seats)]
    view = "full view" if seat is None else f"as {names[seat]} saw it"
    lines += ["", f"Step {step} of {replay.steps}, {view}", folded(drawing, width), ""]
    first, last = listed_range(step, replay.steps, seat, AROUND)
    if not replay.steps:
        lines.append("No actions.")
    else:  # a seat's view at step 0 lists none: the next ones were not yet known
        lines.append(f"Actions {first}-{last}:" if last >= first else f"No actions up to step {step}.")
    if step == 0:
        lines.append(MARK.format(step=0))
    for index, group in action_lines(simulator, first, last, seat):
        lines += group
        if index == step:
            lines.append(MARK.format(step=step))
    if result_known(replay.steps, step, seat):
        lines.append(result_line(simulator))
    return "\n".join(lines)


def show_data(simulator: Simulator, step: int, seat: int | None) -> dict[str, Any]:
    """What `replay show --json` prints: the same as the text, as data (docs/json-output.md)."""
    replay, game = simulator.replay, simulator.game
    header, result = replay.header, replay.result
    drawing = board(simulator, step, seat)
    first, last = listed_range(step, replay.steps, seat, AROUND)
    return {
        "game": game.id,
        "title": game.title,
        "format_version": replay.format_version,
        "seed": header.seed if seat is None else None,  # the seed deals every hidden card: not in a seat's view
        "options": header.options,
        "seats": [{"seat": s, "name": simulator.names[s], "spec": spec} for s, spec in enumerate(header.seats)],
        "step": step,
        "steps": replay.steps,
        "view": seat,
        "board": drawing,
        "actions": [
            {"step": listed.step, "seat": listed.actor, "text": listed.text, "events": list(listed.events)}
            for listed in (simulator.listing(first, last, seat) if last >= first else [])
        ],
        "result": {
            "text": result_line(simulator),
            "returns": list(result.returns),
            "forfeit": result.forfeit,
            "error": result.error,
            "unfinished": result.unfinished,
        }
        if result_known(replay.steps, step, seat)
        else None,
    }


def _expand(paths: tuple[str, ...]) -> Iterator[str | None]:
    """Each file named, and each replay file in each folder named, once each (a file named twice, or also
    inside a folder named, would count its match twice); None after reporting a folder that has none (a
    mistyped folder should fail like a mistyped file, not print an empty report)."""
    seen: set[Path] = set()

    def first_time(name: str) -> bool:
        try:
            where = Path(name).resolve()
        except (OSError, RuntimeError):  # a symlink loop: the reader refuses it, for that file only
            where = Path(os.path.abspath(name))
        new = where not in seen
        seen.add(where)
        return new

    for name in paths:
        path = Path(name)
        if not name or not _is_folder(path):  # Path("") is the current folder: "" goes to the reader, which refuses it
            if not name or first_time(name):
                yield name
            continue
        # Anything named like a replay that is not a folder goes to the reader, which refuses a FIFO or a
        # symlink loop in one line without blocking, so it is not passed over in silence.
        found = [str(p) for p in sorted(path.rglob("*")) if p.suffix in SUFFIXES and not _is_folder(p)]
        if not found:
            _problem(name, ReplayError(f"no {' or '.join('*' + suffix for suffix in SUFFIXES)} files in this folder"))
            yield None
        yield from filter(first_time, found)


def _is_folder(path: Path) -> bool:
    """`path.is_dir()`, False where asking fails (a name too long, a folder that may not be read): the reader then
    names the problem for that file alone, where `is_dir` raised and stopped every other file's report."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _problem(name: str, error: BaseException) -> str:
    """One line on stderr, never a traceback; returns the message."""
    if isinstance(error, ReplayError):
        message = str(error)
    else:
        message = f"unexpected {error_line(error)}"
    line = f"{name}: {message}" if name else message  # "": the message says the path is empty
    click.echo(shown(line), err=True)
    sys.stderr.flush()
    return message
