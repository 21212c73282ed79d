"""The `campfire` commands of the ai package, registered through the `campfire.extensions` entry point.

Extensions load when `campfire` starts, players only when first asked for, so this module is kept apart from
`ai.plugin` and imports each command's module only when that command runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from corekit import hookimpl

if TYPE_CHECKING:
    import click


@hookimpl
def campfire_cli_setup(cli: click.Group) -> None:
    """Add `campfire gaps` (what one step of search could gain over a game's heuristic) and `campfire strength`."""
    from corekit.cli.shared import LazyCommand

    cli.add_command(
        LazyCommand("gaps", "ai.gaps:gaps_command", "Measure what one search step could gain over a game's heuristic.")
    )
    cli.add_command(
        LazyCommand(
            "strength", "ai.strength_plan:strength_command", "Play the registered strength runs; print their table."
        )
    )
