"""`campfire compare`: two tournaments played on the same deals, match by match (`corekit.tournament.compare`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from corekit.cli.shared import registry_of, user_errors
from corekit.words import counted, shown, terminal_width


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
    with -o, a player's spec). Each seat's and each player's return and the match length are compared as B less A
    over the matches finished in both, averaged per deal, with a 95% t interval and the exact sign test: the luck
    of the deal cancels out. The endings by the rules are counted in A and in B over the twin matches nobody
    forfeited, with how many changed.

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

    def say(line: str) -> None:
        console.print(Text(line))

    sides = report["a"], report["b"]
    say(
        f"{report['game']}, {report['seats']} seats, seed {report['seed']}: "
        f"{counted(report['matches'], 'match', 'matches')} finished in both, over {counted(report['deals'], 'deal')}"
        + (f" ({report['unpaired']} more not finished in both, left out)" if report["unpaired"] else "")
    )
    for name, side in zip("AB", sides, strict=True):
        say(f"  {name}: {shown(side['path'])}: " + "; ".join(_described(side)))
    for note in _notes(report):
        say(f"Note: {note}")
    coop = report["team"] is not None
    title = "Team won and mean returns" if coop else "Win rates (mean returns)"
    table = Table(title=f"{title}, and B less A in the same deals", title_justify="left")
    for column in ("", "A", "B", "B less A, paired by deal"):
        table.add_column(column, justify="left" if not column else "right", no_wrap=column in ("A", "B"))
    if coop:
        table.add_row("team won", *_cells(report["team"], paired_text))
    for seat in report["seat_win_rates"]:
        table.add_row(shown(seat["name"]), *_cells(seat, paired_text))
    for player in report["players"]:
        same = player["spec_a"] == player["spec_b"]
        who = shown(player["spec_a"]) if same else f"{shown(player['spec_a'])} / {shown(player['spec_b'])}"
        table.add_row(f"player {who}", *_cells(player, paired_text))
    print_table(console, table)
    length = report["length"]
    say(
        f"Match length: A mean {length['a']:.1f} actions, B {length['b']:.1f}; "
        f"B less A {paired_text(length['b_minus_a'])}"
    )
    if report["endings"] is not None:
        told = ", ".join(f"{row['ending'] or 'not recorded'} {row['a']} / {row['b']}" for row in report["endings"])
        counted_a = sum(row["a"] for row in report["endings"])
        say(
            f"Endings by the rules, A / B, of the {counted(counted_a, 'twin match', 'twin matches')} nobody forfeited "
            f"in either: {told}; {report['endings_changed']} ended otherwise in B"
        )
    console.print(
        Text(
            "B less A: per deal, the mean over its matches of B's figure less its twin's in A; its 95% t interval over "
            "deals and the exact sign test of the deals B is ahead and behind in."
        )
    )


def _described(side: dict[str, Any]) -> list[str]:
    """A tournament's settings and what it played, as the parts of its line."""
    options = ", ".join(f"{key}={json.dumps(value)}" for key, value in side["options"].items()) or "none"
    parts = [
        f"version {side['game_version']}",
        f"options {options}",
        "players " + ", ".join(shown(spec) for spec in side["specs"]),
    ]
    if side["time_limit"] is not None:
        parts.append(f"time limit {side['time_limit']:g}s")
    if side["planned"] is not None and side["played"] < side["planned"]:
        failed = f" ({side['failed']} failed)" if side["failed"] else ""
        parts.append(f"{side['played']} of its {side['planned']} matches played{failed}")
    if side["forfeits"]:
        parts.append(f"{counted(side['forfeits'], 'forfeit')} in the twin matches")
    return parts


def _notes(report: dict[str, Any]) -> list[str]:
    """What a reader of the tables must know: twins that may not share their cards, players in other places."""
    a, b = report["a"], report["b"]
    notes = []
    if a["game_version"] != b["game_version"]:
        notes.append(
            f"A and B were played by other versions of the rules ({a['game_version']} and {b['game_version']}): a seed "
            "may deal other cards in each, so twin matches need not share their deal"
        )
    if a["specs"] != b["specs"] and sorted(a["specs"]) == sorted(b["specs"]):
        notes.append(
            "B lists A's players in another order: the schedule seats players by their place in the list, so the "
            "same deal seats other players; a player row sets A's player at that place against B's"
        )
    if a["forfeits"] or b["forfeits"]:
        notes.append("a forfeit counts as played (0 to the seat that forfeited): see each side's forfeits above")
    return notes


def _cells(row: dict[str, Any], paired_text: Any) -> list[str]:
    """A row's A and B rates and their paired difference ("-" for a player no twin match seated)."""
    rates = ["-" if row[side] is None else f"{100 * row[side]:.1f}%" for side in ("a", "b")]
    return [*rates, paired_text(row["b_minus_a"])]
