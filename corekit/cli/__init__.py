"""The `campfire` command line: the root group and `main`.

Every command arrives through the `campfire_cli_setup` hook, the built-in ones too: this module is a plugin like
any other (pytest's built-in plugins are the model), registered before the hook is called, and adds each command
in `BUILTIN` as a `LazyCommand`, so `campfire --help` imports none of their modules (nor the engine they import).
The commands share `corekit.cli.shared`; none imports another. Every user error ends in one line on stderr and a
non-zero exit, never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from corekit.cli.shared import CliContext, LazyCommand, registry_of, show_warnings
from corekit.errors import error_line
from corekit.plugins import Registry, default_registry, hookimpl
from corekit.version import __version__

__all__ = ["BUILTIN", "PLUGIN", "CliContext", "add_commands", "cli", "main", "registry_of"]

BUILTIN = (
    ("games", "corekit.cli.games:games_command", "List the installed games, their player counts and options."),
    ("players", "corekit.cli.players:players_command", "List the installed player types and their options."),
    ("play", "corekit.cli.play:play_command", "Play one match of GAME and print its log and result."),
    ("check", "corekit.cli.check:check_command", "Check GAME against the engine's contract."),
    (
        "suggest",
        "corekit.cli.suggest:suggest_command",
        "Ask a player what it would do in the position of FILE, and why.",
    ),
    (
        "tournament",
        "corekit.cli.tournament:tournament_command",
        "Play an AI-vs-AI tournament of GAME and rate the players.",
    ),
    ("new-game", "corekit.cli.new_game:new_game_command", "Create a game package NAME, ready to install and play."),
    ("compare", "corekit.cli.compare:compare_command", "Compare two tournaments played on the same deals."),
)
"""The built-in commands: name, `module:attribute` and the summary `campfire --help` lists (the command's own)."""
PLUGIN = "corekit.cli"
"""The name under which this module is registered as the built-in commands' plugin."""

_BARE_GROUP = tuple(
    getattr(click.exceptions, name) for name in ("NoArgsIsHelpError",) if hasattr(click.exceptions, name)
)
"""What click (8.2 on; 8.1 just prints the help) raises for a group called without a command."""


class CampfireGroup(click.Group):
    """The root group. Its commands are added through the hook the first time any is looked up, so
    `from corekit.cli import cli` gives the whole command line; usage errors are one line like every other
    error ("Error: ... (see 'campfire play --help')"), not click's usage block, and keep exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_up = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        add_commands(self)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        add_commands(self)
        return super().list_commands(ctx)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _BARE_GROUP as error:  # a bare group: its help is what was asked for (as with click 8.1)
            error.show()
            sys.exit(0)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            click.echo(f"Error: {error.format_message()}{hint}", err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        # An exit status from ctx.exit; click ignores what a command returns, and so does this (bool too).
        sys.exit(status if type(status) is int else 0)


@click.group(cls=CampfireGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="campfire")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Campfire: camp-themed tabletop games with AI opponents.

    Play a match, run AI-vs-AI tournaments, check a game against the engine's contract, and study
    replays. Games and players are plugins: `campfire games` lists what is installed.
    """
    if ctx.obj is None:
        ctx.obj = CliContext(default_registry())
    show_warnings(ctx.obj)


@hookimpl
def campfire_cli_setup(cli: click.Group) -> None:
    """Add the built-in commands (other plugins may add options to them, as the replays plugin adds `play
    --replay`)."""
    for name, target, summary in BUILTIN:
        if name not in cli.commands:
            cli.add_command(LazyCommand(name, target, summary))


def add_commands(group: CampfireGroup, registry: Registry | None = None) -> None:
    """Give `group` its commands, once: register the built-in commands' plugin, then call `campfire_cli_setup`
    plugin by plugin in the hook's order (the built-ins first, being registered last), so one that raises
    is named in a warning and the others still add theirs."""
    if group.set_up:
        return
    group.set_up = True
    registry = registry or default_registry()
    if not registry.pm.has_plugin(PLUGIN):
        registry.register(sys.modules[__name__], name=PLUGIN)
    registry.call_each("campfire_cli_setup", cli=group)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `campfire` script: plugins add their commands, then the command runs."""
    registry = default_registry()
    add_commands(cli, registry)
    try:
        cli.main(args=argv, prog_name="campfire", obj=CliContext(registry), standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("campfire: interrupted", err=True)
        sys.exit(130)
    except Exception as error:  # the last guard: one line, never a traceback
        click.echo(f"campfire: error: {error_line(error)}", err=True)
        sys.exit(2)
