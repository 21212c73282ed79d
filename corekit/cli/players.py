"""`campfire players`: the installed player types and their options, with a game's own defaults."""

from __future__ import annotations

import json

import click

from corekit.cli.shared import fail, option_lines, registry_of
from corekit.options import default_values, describe_options
from corekit.players import game_defaults
from corekit.plugins import UnknownName
from corekit.words import terminal_width


@click.command("players", short_help="List the installed player types and their options.")
@click.option(
    "--game",
    "game_id",
    metavar="GAME",
    default=None,
    help="Show the defaults as they stand in GAME, which may set its own (e.g. a smaller MCTS budget).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of a table (docs/json-output.md lists its fields)."
)
@click.pass_context
def players_command(ctx: click.Context, game_id: str | None, as_json: bool) -> None:
    """List the installed player types and their options, for --players specs like mcts:iterations=500."""
    registry = registry_of(ctx)
    heuristic = None
    if game_id is not None:
        try:
            registry.game(game_id)
        except UnknownName as error:
            fail(str(error))
            return
        heuristic = registry.heuristic(game_id)
    rows = []
    for name in sorted(registry.player_types):
        player_type = registry.player_types[name]
        try:
            overrides = game_defaults(name, heuristic)
            options = [(n, overrides.get(n, d), h) for n, d, h in describe_options(player_type.options_type)]
            values = default_values(player_type.options_type, overrides, f"player {name!r}") if as_json else {}
        except Exception as error:  # a broken plugin must not hide the other players
            click.echo(f"campfire: warning: player {name!r} has unreadable options: {error}", err=True)
            options, values = [], {}
        rows.append((name, player_type.help, options, values))
    if as_json:
        # Defaults typed, as a tournament's files store a player's options (`mcts:iterations=...` takes the text).
        data = [
            {"name": n, "help": h, "options": [{"name": o, "default": values[o], "help": t} for o, _, t in opts]}
            for n, h, opts, values in rows
        ]
        click.echo(json.dumps(data, indent=2))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    title = "Installed players" + (f" (defaults in {game_id})" if game_id else "")
    table = Table(title=title, title_justify="left")
    table.add_column("player")
    table.add_column("what it does")
    table.add_column("options (default)")
    for name, help_text, options, _ in rows:  # a plugin's text is shown as written: "(extra [openspiel])" is no markup
        table.add_row(escape(name), escape(help_text), escape(option_lines(options)))
    Console(width=terminal_width()).print(table)
