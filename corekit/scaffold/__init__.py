"""`campfire new-game NAME`: write a complete, separate, pip-installable game package.

The package holds a small but real example game (hidden hands and a shuffled deck, so it shows
`observation` and `sample` done right), its heuristic, its plugin module and entry point, a RULES.md
skeleton, and tests that run the conformance and leak checks through Campfire's pytest plugin. Nothing
under corekit/ or plugins/ is touched: the entry point is the whole registration.
"""

from __future__ import annotations

import re
import string
from importlib import resources
from pathlib import Path

import click

NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")

# template file -> path in the new package ({package} is replaced by the package name)
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "RULES.md.tmpl": "RULES.md",
    "init.py.tmpl": "{package}/__init__.py",
    "game.py.tmpl": "{package}/game.py",
    "heuristic.py.tmpl": "{package}/heuristic.py",
    "plugin.py.tmpl": "{package}/plugin.py",
    "conftest.py.tmpl": "tests/conftest.py",
    "test_game.py.tmpl": "tests/test_game.py",
}


class ScaffoldError(ValueError):
    """A name or folder that cannot be used; the message is one line."""


def names_for(name: str) -> dict[str, str]:
    """Every spelling the templates need, from a game id such as `lantern-hunt`."""
    if not NAME_PATTERN.match(name):
        raise ScaffoldError(
            f"game name {name!r} must be lowercase letters and digits in words joined by hyphens, e.g. lantern-hunt"
        )
    words = name.split("-")
    title = " ".join(word.capitalize() for word in words)
    class_name = "".join(word.capitalize() for word in words)
    return {
        "game_id": name,
        "package": name.replace("-", "_"),
        "distribution": f"campfire-{name}",
        "title": title,
        "class_name": class_name,
        "state_name": f"{class_name}State",
    }


def create_game_package(name: str, directory: Path) -> Path:
    """Write the package for game `name` into `directory/name` and return that folder."""
    values = names_for(name)
    target = Path(directory) / name
    if target.exists() and any(target.iterdir()):
        raise ScaffoldError(f"{target} already exists and is not empty")
    templates = resources.files(__package__).joinpath("templates")
    for template_name, relative in FILES.items():
        text = string.Template(templates.joinpath(template_name).read_text(encoding="utf-8")).substitute(values)
        path = target / relative.format(package=values["package"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return target


@click.command("new-game")
@click.argument("name")
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="Folder in which to create the package's folder.")
def new_game_command(name: str, directory: Path) -> None:
    """Create a game package NAME, ready to install and play.

    NAME is the game id, e.g. lantern-hunt. The package holds an example game with hidden cards and
    chance, its heuristic, the campfire.games entry point, RULES.md and tests.
    """
    try:
        target = create_game_package(name, directory)
    except (ScaffoldError, OSError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Created {target}")
    click.echo("Next:")
    click.echo(f"  pip install -e {target}")
    click.echo(f"  campfire check {name}")
    click.echo(f"  campfire play {name} --players mcts,random")
    click.echo(f"  cd {target} && pytest")
