"""The scaffold, tables, words and heuristics, pinned where a mutation sweep found them untested."""

from __future__ import annotations

import importlib
import io
import os
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table

from corekit import Heuristic
from corekit.scaffold import MAX_NAME, ScaffoldError, check_new, create_game_package, names_for
from corekit.tables import as_blocks, column_needs, needed_width, print_table
from corekit.words import cut, drawing_for, drawing_width, fold, folded, terminal_width
from tests.corekit.test_tables import printed, report_table

# -- tables


def test_a_table_exactly_as_wide_as_the_terminal_is_still_a_table() -> None:
    assert needed_width(report_table()) == 41
    assert "┃ player" in printed(41, terminal=True)


def test_printing_to_a_file_gives_the_console_its_width_back() -> None:
    console = Console(file=io.StringIO(), width=30, force_terminal=False, color_system=None)
    print_table(console, report_table())
    assert console.width == 30


def test_a_cell_that_does_not_wrap_needs_only_its_longest_line() -> None:
    table = Table()
    table.add_column("h", no_wrap=True)
    table.add_row("a\nbbb")
    assert column_needs(table) == [3]


def test_a_table_without_a_box_needs_no_room_for_rules() -> None:
    table = Table(box=None)
    table.add_column("abc", no_wrap=True)
    table.add_column("de", no_wrap=True)
    assert needed_width(table) == 3 + 2 + 2 * 2


def test_the_spare_room_goes_first_to_the_column_that_wants_least_then_evenly() -> None:
    table = Table()
    table.add_column("a")
    table.add_column("b")
    table.add_row("aaaaa bbbbb ccccc ddddd", "xxxxx x")  # need 5 and 5; whole lines 23 and 7
    print_table(Console(file=io.StringIO(), width=20, force_terminal=True, color_system=None), table)
    assert [column.width for column in table.columns] == [7, 6]  # 3 to share: 1 to "b" (half of 3), then 2 to "a"


def test_blocks_align_the_other_cells_by_the_other_headers_only() -> None:
    table = Table()
    for header in ("a long first header", "x", "yy"):
        table.add_column(header)
    table.add_row("1", "2", "3")
    assert as_blocks(table).splitlines() == ["a long first header: 1", "  x   2", "  yy  3"]


def test_a_wide_character_needs_two_columns() -> None:
    table = Table()
    table.add_column("h")
    table.add_row("日本語")
    assert column_needs(table) == [6]


# -- words


def test_the_width_is_100_columns_where_the_output_is_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_terminal(*args: object) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert terminal_width() == 100


def test_a_line_of_spaces_too_wide_still_folds_to_a_line() -> None:
    assert fold(" " * 30, 20) == [" " * 10]


def test_a_text_exactly_at_the_limit_is_not_cut() -> None:
    assert cut("x" * 60) == "x" * 60 and cut("x" * 61) == "x" * 57 + "..."


def test_a_drawing_is_made_for_at_least_20_columns() -> None:
    with drawing_for(5):
        assert drawing_width() == 20


def test_a_line_is_never_folded_narrower_than_20_columns() -> None:
    assert fold("aaaa bbbb cccc dddd eeee", 5) == ["aaaa bbbb cccc dddd", "  eeee"]


def test_a_folded_line_has_its_control_characters_escaped() -> None:
    assert fold("red \x1b[31m", 40) == ["red \\x1b[31m"]


def test_a_folded_line_continues_two_columns_in_by_default() -> None:
    assert fold("  " + "word " * 6, 20) == ["  word word word", "    word word word"]


def test_a_drawing_keeps_its_trailing_blank_line() -> None:
    assert folded("a\n", 40) == "a\n"


# -- heuristics


def test_heuristics_with_different_evaluations_are_not_equal() -> None:
    assert Heuristic(evaluate=lambda state: [0.5]) != Heuristic(evaluate=lambda state: [0.5])


# -- scaffold


def test_a_name_of_the_longest_length_allowed_is_fine_and_one_longer_is_cut_short_in_the_message() -> None:
    assert names_for("a" * MAX_NAME)["package"] == "a" * MAX_NAME
    with pytest.raises(ScaffoldError) as refused:
        names_for("b" * (MAX_NAME + 1))
    assert str(refused.value).startswith(f"game name {'b' * 20!r}... is {MAX_NAME + 1} characters long")


def test_a_word_with_a_digit_is_capitalized_once_in_the_class_name() -> None:
    assert names_for("lantern2hunt-x")["class_name"] == "Lantern2huntX"


def test_a_name_that_would_make_a_class_the_templates_define_is_refused() -> None:
    with pytest.raises(ScaffoldError, match="would make a class Observation"):
        names_for("observation")


def test_a_name_shadowing_a_module_importable_but_not_imported_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ember_lamp.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "ember_lamp" not in sys.modules
    with pytest.raises(ScaffoldError, match="shadows the installed module ember_lamp"):
        check_new("ember-lamp", ())


def test_by_default_an_installed_game_s_id_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScaffoldError, match="is the id of an installed game"):
        create_game_package("grizzly-race", tmp_path)


def test_the_generated_plugin_registers_the_game_and_its_heuristic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = create_game_package("ember-quest", tmp_path, installed=())
    monkeypatch.syspath_prepend(str(target))
    plugin = importlib.import_module("ember_quest.plugin")
    try:
        assert [game.id for game in plugin.campfire_games()] == ["ember-quest"]
        heuristics = plugin.campfire_heuristics()
        assert list(heuristics) == ["ember-quest"] and heuristics["ember-quest"].policy is not None
    finally:
        for name in [name for name in sys.modules if name.split(".")[0] == "ember_quest"]:
            del sys.modules[name]
