"""`campfire new-game NAME`: scaffold a pip-installable game package (the work is `corekit.scaffold`'s)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from corekit.cli.shared import registry_of
from corekit.plugins import campfire_command
from corekit.scaffold import ScaffoldError, create_game_package


@click.command("new-game")
@click.argument("name")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="Folder in which to create the package's folder.",
)
@click.pass_context
def new_game_command(ctx: click.Context, name: str, directory: Path) -> None:
    """Create a game package NAME, ready to install and play.

    NAME is the game id, e.g. lantern-hunt: lowercase letters and digits in words joined by hyphens,
    starting with a letter, neither a Python keyword, an importable module, an installed game's id, tests
    nor campfire; its distribution, campfire-NAME, must not be installed already.
    The package holds an example game with hidden cards and chance, its heuristic, the campfire.games
    entry point, RULES.md and tests.
    """
    missing = not directory.exists()  # made with the package: said, so that a mistyped --dir is seen
    try:
        target = create_game_package(name, directory, registry_of(ctx).games)
    except ScaffoldError as error:  # OSErrors come as ScaffoldErrors that name the path
        raise click.ClickException(str(error)) from None
    click.echo(f"Created {target}" + (f" (and {directory}, which did not exist)" if missing else ""))
    click.echo("Next:")
    click.echo(f"  pip install -e {shlex.quote(f'{target}[test]')}")
    campfire = campfire_command()
    click.echo(f"  {campfire} check {name} --games 50")
    click.echo(f"  {campfire} play {name} --players heuristic,random --seed 1")
    # `python -m pytest`: a `pytest` script found first on PATH may be another Python's, testing another Campfire.
    click.echo(f"  cd {shlex.quote(str(target))} && python -m pytest")
