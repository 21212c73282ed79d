"""The replay recorder and the replay commands, registered as an ordinary plugin.

Each hook imports what it needs when it is called: `campfire --help` and a match without `--replay` import
no replay machinery.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from corekit import hookimpl

RECORDER = "replays.recorder"
"""Imported by the first match that asks for a replay; until then no match is being recorded."""

if TYPE_CHECKING:
    import click

    from corekit.match import Match, MatchResult


@hookimpl
def campfire_cli_setup(cli: click.Group) -> None:
    """Add `campfire replay ...` and `campfire position` (their modules imported when they run) and `campfire play
    --replay FILE`."""
    from corekit.cli.shared import LazyCommand

    if "replay" not in cli.commands:
        cli.add_command(
            LazyCommand("replay", "replays.commands:replay_group", "Verify, show, view and analyze replay files.")
        )
    if "position" not in cli.commands:
        cli.add_command(
            LazyCommand("position", "replays.position:position_command", "Print the position after a step of a replay.")
        )
    add_replay_option(cli)


def add_replay_option(cli: click.Group) -> None:
    """Give `play` its `--replay FILE` option, once."""
    import click

    play = cli.commands.get("play")
    if play is not None and not any(param.name == "replay" for param in play.params):
        play.params.append(
            click.Option(
                # No click checks (dir_okay=False would be a three-line usage error): the recorder checks the
                # file when the match starts, in one line, for the command line and play_match alike.
                ["--replay"],
                metavar="FILE",
                type=click.Path(),
                help=(
                    "Write a replay of the match to FILE (checked before the match, written when it ends); an existing "
                    "FILE is replaced only if it is a replay."
                ),
            )
        )


@hookimpl
def campfire_match_start(match: Match) -> None:
    """Start a recording when the match's settings name a replay file."""
    if match.settings.get("replay") is None:  # no replay asked for: the recorder need not even be imported
        return
    from replays import recorder

    recorder.match_start(match)


@hookimpl
def campfire_action_applied(match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
    """Record one step."""
    recorder = sys.modules.get(RECORDER)  # a dict look-up: this runs at every step, and an import is 100 times that
    if recorder is not None:
        recorder.action_applied(match, seat, action, annotation)


@hookimpl
def campfire_match_end(match: Match, result: MatchResult) -> None:
    """Write the replay of a finished match."""
    recorder = sys.modules.get(RECORDER)
    if recorder is not None:
        recorder.match_end(match, result)
