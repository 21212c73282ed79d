"""Tables for people that never cut a figure: the tournament's report, `replay analyze`.

A rich table squeezed below the width its cells need cuts them (a column of 60 seats read "6", a rating "26.4 ±
6."), so a table is printed where it fits and otherwise laid out another way: for a file or a pipe at the width it
needs (no terminal makes a line wrap there), and on a terminal too narrow for it one block a row, each cell on a
line of its own under the row's first cell, where a long line folds rather than loses its end. Text that wraps at
spaces still wraps at the width given (`COLUMNS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


FOLDED = 12
"""The fewest columns a folding cell is given on a terminal before the table is laid out as blocks instead."""


def print_table(console: Console, table: Table) -> None:
    """Print `table` on `console` with every cell whole."""
    from rich.measure import Measurement

    width = console.width
    # In a file a folded spec or path could not be searched for: there a folding cell needs all of its longest word.
    needs = column_needs(table, FOLDED if console.is_terminal else None)
    spare = width - _framed(table, needs)
    if spare >= 0:
        # Each column's width set here: left to itself, rich shares the room out evenly among the columns that wrap,
        # and cuts a long word in one ("grizzly-…") while another has columns to spare.
        for column, wide in zip(table.columns, _widths(needs, _longest_lines(table), spare), strict=True):
            column.width = wide
        console.print(table)
    elif console.is_terminal:
        console.print(as_blocks(table), markup=False, highlight=False)
    else:
        console.width = 10_000  # measured without the console's own width as its bound
        console.width = max(width, Measurement.get(console, console.options, table).maximum)
        try:
            console.print(table)
        finally:
            console.width = width


def needed_width(table: Table, folded: int | None = FOLDED) -> int:
    """The columns `table` needs to show every cell whole (`column_needs`), padding and rules included."""
    return _framed(table, column_needs(table, folded))


def column_needs(table: Table, folded: int | None = FOLDED) -> list[int]:
    """The columns each column of `table` needs to show every cell whole: one that does not wrap its widest line,
    one that wraps at spaces its longest word, one that folds (a path, a spec) at least `folded` of it (None: all of
    it). (Rich's own minimum is lower: it gets there by cutting.)"""
    from rich.cells import cell_len

    needs = []
    for column in table.columns:
        texts = [str(column.header), *(str(cell) for cell in column.cells)]
        if column.no_wrap:
            need = max(cell_len(line) for text in texts for line in text.splitlines() or [""])
        else:
            need = max((cell_len(word) for text in texts for word in text.split()), default=0)
            if column.overflow == "fold" and folded is not None:
                need = min(need, folded)
        needs.append(need)
    return needs


def _longest_lines(table: Table) -> list[int]:
    """Each column's widest line: at that width nothing in it wraps."""
    from rich.cells import cell_len

    return [
        max(
            cell_len(line)
            for text in (str(column.header), *map(str, column.cells))
            for line in text.splitlines() or [""]
        )
        for column in table.columns
    ]


def _widths(needs: list[int], longest: list[int], spare: int) -> list[int]:
    """Column widths from their `needs` and `spare` columns more, each given at most what keeps its lines whole
    (`longest`): the spare shared out evenly, the columns that want least served first."""
    widths = list(needs)
    order = sorted(range(len(needs)), key=lambda at: longest[at] - needs[at])
    for served, at in enumerate(order):
        more = min(max(0, longest[at] - widths[at]), spare // (len(order) - served))
        widths[at] += more
        spare -= more
    return widths


def _framed(table: Table, needs: list[int]) -> int:
    """The width of `table` with its columns `needs` wide: their padding and the rules between them added."""
    _, right, _, left = table.padding
    rules = len(table.columns) + 1 if table.box is not None else 0
    return sum(needs) + (left + right) * len(table.columns) + rules


def as_blocks(table: Table) -> str:
    """`table` as text, one block a row: `header: value` of its first cell, then `header  value` of each other cell,
    indented."""
    headers = [str(column.header) for column in table.columns]
    columns = [[str(cell) for cell in column.cells] for column in table.columns]
    pad = max((len(header) for header in headers[1:]), default=0)
    lines = [str(table.title)] if table.title else []
    for row in zip(*columns, strict=True):
        lines.append(f"{headers[0]}: {row[0]}")
        lines += [f"  {header.ljust(pad)}  {cell}" for header, cell in zip(headers[1:], row[1:], strict=True)]
    return "\n".join(lines)
