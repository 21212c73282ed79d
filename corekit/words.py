"""Small pieces of English for messages people read, and their fit in a terminal."""

from __future__ import annotations

import shutil
import textwrap


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`1 seed`, `2 seeds`: a count with its noun in the right number (`plural` when it is not noun + s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"


def terminal_width() -> int:
    """The terminal's columns; 100 when the output is not a terminal."""
    return shutil.get_terminal_size((100, 24)).columns


def folded(text: str, width: int | None = None) -> str:
    """A game's drawing with each line folded to the terminal's width (see `fold`)."""
    width = width or terminal_width()
    return "\n".join(part for line in text.split("\n") for part in fold(line, width))


def fold(line: str, width: int, hang: int = 2) -> list[str]:
    """A line broken between words to at most `width` columns (never under 20), its continuations indented
    `hang` columns past its own indent: a line that a terminal wraps at column 0 breaks a log's or a
    board's columns."""
    width = max(20, width)
    if len(line) <= width:
        return [line]
    text = line.lstrip()
    indent = line[:len(line) - len(text)]
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + " " * hang) or [line]
