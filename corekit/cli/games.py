"""`campfire games`: the installed games, their player counts and options."""

from __future__ import annotations

import json

import click

from corekit.cli.shared import registry_of
from corekit.options import default_values, describe_options
from corekit.words import fold, terminal_width


@click.command("games")
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of a table (docs/json-output.md lists its fields)."
)
@click.pass_context
def games_command(ctx: click.Context, as_json: bool) -> None:
    """List the installed games, their player counts and options."""
    registry = registry_of(ctx)
    rows = []
    for game_id in sorted(registry.games):
        game = registry.games[game_id]
        try:
            options = describe_options(game.options_type)
            values = default_values(game.options_type) if as_json else {}
        except Exception as error:  # a broken game's options must not hide the other games
            click.echo(f"campfire: warning: game {game_id!r} has unreadable options: {error}", err=True)
            options, values = [], {}
        heuristic = registry.heuristic(game_id)
        defaults = dict(heuristic.player_defaults) if heuristic else {}
        rows.append((game, options, values, defaults, sorted(heuristic.variants) if heuristic else []))
    if as_json:
        data = [
            {
                "id": g.id,
                "title": g.title,
                "version": g.version,
                "players": [g.min_players, g.max_players],
                "cooperative": g.cooperative,
                # Typed, as a tournament's files store options (`-o` takes the text the table shows).
                "options": [{"name": n, "default": values[n], "help": h} for n, _, h in opts],
                "player_defaults": defaults,
                "heuristic_variants": variants,
            }
            for g, opts, values, defaults, variants in rows
        ]
        click.echo(json.dumps(data, indent=2))
        return
    width = terminal_width()
    for index, (game, options, _, defaults, variants) in enumerate(rows):
        kind = ", cooperative" if game.cooperative else ""
        lines = fold(f"{game.id}: {game.title}, {game.player_range()} players{kind} (version {game.version})", width)
        if options:
            lines += fold("  options (-o NAME=VALUE), with their defaults:", width)
            column = max(len(f"{name}={default or '(empty)'}") for name, default, _ in options) + 2
            for name, default, help_text in options:
                setting = f"{name}={default or '(empty)'}".ljust(column)
                if 4 + column <= width // 2:  # `fold` indents a continuation at most half the width
                    lines += fold(f"    {setting}{help_text}", width, hang=len(setting))
                else:  # too narrow for two columns: each help under its setting
                    lines += [f"    {setting.rstrip()}", *fold(f"        {help_text}", width, hang=0)]
        else:
            lines.append("  no options")
        for name, text in sorted(defaults.items()):
            lines += fold(f"  {name} players default here to {text.replace(',', ', ')}", width, hang=4)
        if variants:
            lines += fold(f"  heuristic variants: {', '.join(variants)} (e.g. heuristic:variant={variants[0]})", width)
        click.echo(("\n" if index else "") + "\n".join(lines))
