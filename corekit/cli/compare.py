"""`campfire compare`: two tournaments played on the same deals, match by match (`corekit.tournament.compare`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from corekit.cli.shared import registry_of, user_errors
from corekit.words import shown, terminal_width


@click.command("compare")
@click.argument("a", type=click.Path(path_type=Path))
@click.argument("b", type=click.Path(path_type=Path))
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of tables (docs/json-output.md lists its fields)."
)
@click.pass_context
def compare_command(ctx: click.Context, a: Path, b: Path, as_json: bool) -> None:
    """Compare two tournaments played on the same deals.

    Tournament B is set against tournament A. A and B are two tournaments' folders (their --out) or results
    files, of one game, played with the same --seed, --seats (-k) and number of players: every match of B then has a
    twin in A, with the same cards and the players in the same seats, differing only in what was changed (an option
    with -o, a player's spec). Each seat's and each player's return, the match length and the ending by the rules
    are compared as B less A over the matches finished in both, averaged per deal, with a 95% t interval and the
    exact sign test: the luck of the deal cancels out.

    \b
    Example: does a shorter stall rule change who wins?
      campfire tournament grizzly-race -p heuristic,random --seed 7 --out runs/a
      campfire tournament grizzly-race -p heuristic,random --seed 7 --out runs/b -o stall_rounds=10
      campfire compare runs/a runs/b
    """
    from corekit.tournament.compare import compare
    from corekit.tournament.store import ResultsError

    errors: tuple[type[Exception], ...] = (ResultsError, OSError, *user_errors())
    try:
        report = compare(a, b, registry_of(ctx))
    except errors as error:
        raise click.ClickException(str(error)) from None
    if as_json:
        click.echo(json.dumps(report, indent=2, allow_nan=False))
        return
    print_comparison(report)


def print_comparison(report: dict[str, Any]) -> None:
    """The comparison as tables and lines for people."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from corekit.tables import print_table
    from corekit.tournament.report import paired_text

    console = Console(width=terminal_width())
    say = console.print
    sides = report["a"], report["b"]
    say(
        Text(
            f"{report['game']}, {report['seats']} seats, seed {report['seed']}: {report['matches']} matches finished "
            f"in both, over {report['deals']} deals"
            + (f" ({report['unpaired']} more not finished in both, left out)" if report["unpaired"] else "")
        )
    )
    for name, side in zip("AB", sides, strict=True):
        options = ", ".join(f"{k}={v}" for k, v in side["options"].items()) or "none"
        say(
            Text(
                f"  {name}: {shown(side['path'])}: version {side['game_version']}; options {options}; players "
                + ", ".join(shown(spec) for spec in side["specs"])
            )
        )
    table = Table(title="Win rates, and B less A in the same deals", title_justify="left")
    for column in ("", "A", "B", "B less A, paired by deal"):
        table.add_column(column, justify="left" if not column else "right", no_wrap=bool(column))
    for seat in report["seat_win_rates"]:
        table.add_row(f"seat {seat['seat']}", *_cells(seat, paired_text))
    for player in report["players"]:
        same = player["spec_a"] == player["spec_b"]
        who = shown(player["spec_a"]) if same else f"{shown(player['spec_a'])} / {shown(player['spec_b'])}"
        table.add_row(f"player {who}", *_cells(player, paired_text))
    print_table(console, table)
    length = report["length"]
    say(
        Text(
            f"Match length: A mean {length['a']:.1f} actions, B {length['b']:.1f}; B less A "
            f"{paired_text(length['b_minus_a'])}"
        )
    )
    if report["endings"] is not None:
        told = ", ".join(f"{row['ending'] or 'not recorded'} {row['a']} / {row['b']}" for row in report["endings"])
        say(
            Text(
                f"Endings by the rules, A / B: {told}; {report['endings_changed']} of the twin matches ended otherwise"
            )
        )
    say(
        Text(
            "B less A: per deal, the mean over its matches of B's figure less its twin's in A; its 95% t interval over "
            "deals and the exact sign test of the deals B is ahead and behind in."
        ),
        highlight=False,
    )


def _cells(row: dict[str, Any], paired_text: Any) -> list[str]:
    """A row's A and B rates and their paired difference ("-" for a player no twin match seated)."""
    rates = ["-" if row[side] is None else f"{100 * row[side]:.1f}%" for side in ("a", "b")]
    return [*rates, paired_text(row["b_minus_a"])]
