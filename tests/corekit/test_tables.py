"""corekit.tables: a table is printed with every cell whole, as blocks on a terminal too narrow for it."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from corekit.tables import as_blocks, needed_width, print_table


def report_table() -> Table:
    table = Table(title="grizzly-race: 60 matches, 2 seats", title_justify="left")
    table.add_column("player", overflow="fold")
    for column in ("win rate", "seats"):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_row("mcts:iterations=5", "45.8% (34-58%)", "60")
    table.add_row("random", "35.0% (24-47%)", "60")
    return table


def printed(width: int, terminal: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=terminal, color_system=None)
    print_table(console, report_table())
    return out.getvalue()


def test_a_table_that_fits_the_terminal_is_a_table():
    text = printed(60, terminal=True)
    assert "┃ player" in text and "│ mcts:iterations=5 │ 45.8% (34-58%) │    60 │" in text


def test_a_terminal_too_narrow_gets_a_block_a_row_with_no_figure_cut():
    text = printed(36, terminal=True)  # the table needs 41
    assert text.splitlines() == [
        "grizzly-race: 60 matches, 2 seats",
        "player: mcts:iterations=5",
        "  win rate  45.8% (34-58%)",
        "  seats     60",
        "player: random",
        "  win rate  35.0% (24-47%)",
        "  seats     60",
    ]


def test_a_file_or_a_pipe_gets_the_whole_table_whatever_its_width_says():
    text = printed(30, terminal=False)  # COLUMNS=30 with the output piped
    assert "│ mcts:iterations=5 │ 45.8% (34-58%) │    60 │" in text


def test_the_width_needed_counts_unwrapped_cells_whole_and_a_folding_one_from_a_few_columns():
    # player folds from 12; "45.8% (34-58%)" 14 and "seats" 5 do not wrap; 2 padding a column and 4 rules.
    assert needed_width(report_table()) == 12 + 14 + 5 + 3 * 2 + 4
    assert as_blocks(report_table()).splitlines()[1] == "player: mcts:iterations=5"


def test_a_file_gets_a_folding_cell_whole_where_a_terminal_would_fold_it():
    assert needed_width(report_table(), None) == 17 + 14 + 5 + 3 * 2 + 4  # "mcts:iterations=5" whole
    text = printed(45, terminal=False)  # a terminal of 45 would fold the spec; a file keeps it searchable
    assert "│ mcts:iterations=5 │" in text


def test_a_table_that_fits_gives_each_column_its_longest_word_before_sharing_the_rest():
    # Left to rich, the room is shared evenly among the columns that wrap: "grizzly-race" read "grizzly-…" while
    # the count columns beside it had room to spare.
    table = Table()
    table.add_column("game")
    for column in ("matches", "forfeits", "unfinished", "length mean", "length stdev", "min-max"):
        table.add_column(column, justify="right")
    table.add_row("grizzly-race", "1", "0", "0", "22.0", "0.0", "22-22")
    for width in (78, 80, 100):
        out = io.StringIO()
        print_table(Console(file=out, width=width, force_terminal=True, color_system=None), table)
        text = out.getvalue()
        assert "…" not in text and "grizzly-race" in text and "22-22" in text
        assert max(map(len, text.splitlines())) <= width
