"""`campfire position [GAME] --replay FILE --step N`: the position after a step of a replay, as a position file.

The replay is verified first (a file that diverges anywhere gives no position), then re-simulated to the
step and written by `corekit.position` (fields by name, cards by name); with `--seat` only what that seat sees
of the table then (not what it learned earlier: the file has no history), which `campfire suggest` and
`corekit.position.loads` read back.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from corekit.cli.shared import fail, registry_of
from corekit.errors import first_line, os_reason
from corekit.plugins import UnknownName
from corekit.position import dumps
from corekit.state import DeclaredState
from replays.commands import _problem
from replays.format import ReplayError, read_replay
from replays.simulate import Simulator


@click.command("position")
@click.argument("game_id", metavar="[GAME]", required=False)
@click.option("--replay", "file", required=True, metavar="FILE", help="The replay to take the position from.")
@click.option("--step", "-s", type=int, default=None, help="After this many actions (default: the last; 0: the deal).")
@click.option(
    "--seat", type=int, default=None, help="Only what SEAT sees of the table then (default: the full position)."
)
# No -o: every other command reads -o KEY=VALUE as a game option, and here it silently named a file "stall_rounds=5".
@click.option("--out", "out", default=None, metavar="FILE", help="Write the position to FILE instead of stdout.")
@click.pass_context
def position_command(
    ctx: click.Context, game_id: str | None, file: str, step: int | None, seat: int | None, out: str | None
) -> None:
    """Print the position after a step of a replay, as a position file (JSON). GAME, when given, must be the
    replay's own game (the replay names it).

    The file can be read back with `corekit.position.loads`, edited by hand, and handed to `campfire
    suggest FILE --player SPEC` to ask a player what it would do there. With --seat the position shows only
    what that seat sees of the table at that step: the cards it cannot see are written as how many, to be
    dealt at random when it is read.

    A position holds the table, not how it came to be, in full or for a seat: what a seat learned earlier in
    the match (which cards are left in a pile it drew from, where a face-down card came from) is not in the
    file, and reading it deals every unseen card as if from one fresh shuffle, some where the seat knew they
    could not be. A search from it may then answer otherwise than the same player did in the match.

    \b
    Example, at a step after which seat 1 is to act:
      campfire position --replay match.cfr --step 12 --seat 1 --out step12.json
    """
    if out is not None and _same_file(out, file):
        fail(f"--out {out} is the replay it reads; name another file for the position")
    registry = registry_of(ctx)
    if game_id is not None:
        try:
            registry.game(game_id)
        except UnknownName as error:  # the user's GAME is at fault, not the replay: said as `tournament` says it
            fail(first_line(error))
    try:
        replay = read_replay(file)
        if game_id is not None and replay.header.game != game_id:
            raise ReplayError(f"this is a replay of {replay.header.game!r}, not of {game_id!r}")
        game_id = replay.header.game
        simulator = Simulator(replay, registry)
        simulator.verify()
        state = simulator.state_at(replay.steps if step is None else step)
        if not isinstance(state, DeclaredState):
            raise ReplayError(f"game {game_id!r} does not declare its state (corekit.state), so it has no positions")
        if seat is not None and not 0 <= seat < state.players:
            raise ReplayError(f"--seat {seat} is not a seat of this match (0-{state.players - 1})")
        text = dumps(state, seat)
    except Exception as error:
        _problem(file, error)
        ctx.exit(1)
    # `dumps` ends its text with a newline: adding another would leave a blank line, and the file would no longer
    # be what `dumps(loads(file))` gives back byte for byte.
    if not text.endswith("\n"):
        text += "\n"
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        Path(out).write_text(text)
    except OSError as error:  # the user's --out is at fault, not the replay: worded as `tournament --out` words it
        fail(f"--out {out}: cannot write there ({os_reason(error)})")


def _same_file(out: str, file: str) -> bool:
    """Whether writing `out` would replace `file` (the same path, or a link to it)."""
    if os.path.realpath(out) == os.path.realpath(file):  # realpath, unlike Path.resolve on 3.11, takes a link loop
        return True
    try:
        return os.path.samefile(out, file)
    except OSError:  # either does not exist, or cannot be followed: no file of the replay's to lose
        return False
