"""The replay recorder and the replay commands, registered as an ordinary plugin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from corekit import hookimpl
from replays import recorder

if TYPE_CHECKING:
    import click

    from corekit.runner import Match, MatchResult


@hookimpl
def campfire_cli_setup(cli: click.Group) -> None:
    """Add `campfire replay ...` and `campfire play --replay FILE`."""
    from replays.commands import setup

    setup(cli)


@hookimpl
def campfire_match_start(match: Match) -> None:
    """Start a recording when the match's settings name a replay file."""
    recorder.match_start(match)


@hookimpl
def campfire_action_applied(match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
    """Record one step."""
    recorder.action_applied(match, seat, action, annotation)


@hookimpl
def campfire_match_end(match: Match, result: MatchResult) -> None:
    """Write the replay of a finished match."""
    recorder.match_end(match, result)
