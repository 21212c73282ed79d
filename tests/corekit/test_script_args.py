"""The `python -m` tools' argument parser: one line per bad argument, exit 2."""

import pytest

from corekit.script_args import OneLineParser, whole_number


def parser() -> OneLineParser:
    made = OneLineParser(prog="tool")
    made.add_argument("--matches", type=whole_number(1), default=1)
    return made


@pytest.mark.parametrize("value", ["0", "-3", "two", "1.5"])
def test_a_count_below_its_least_or_not_a_whole_number_is_one_line_and_exit_2(value, capsys):
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(["--matches", value])
    assert stop.value.code == 2
    assert capsys.readouterr().err == f"tool: argument --matches: wants a whole number 1 or more, not {value!r}\n"


def test_an_unknown_flag_is_one_line_without_the_usage(capsys):
    with pytest.raises(SystemExit):
        parser().parse_args(["--bogus"])
    assert capsys.readouterr().err == "tool: unrecognized arguments: --bogus\n"


def test_a_whole_number_at_its_least_is_taken():
    assert parser().parse_args(["--matches", "1"]).matches == 1
