"""Small pieces of English for messages people read, and their fit in a terminal."""

from __future__ import annotations

import contextlib
import re
import shutil
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`1 seed`, `2 seeds`: a count with its noun in the right number (`plural` when it is not noun + s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"


def joined(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return words[-1] if len(words) < 2 else f"{', '.join(words[:-1])} and {words[-1]}"


def tallied(labels: Iterable[str]) -> list[str]:
    """Equal labels counted, in first-seen order: ["Dog x2", "Coyote 6"] (a pile's or a hand's equal cards: "Dog x2"
    reads faster than "Dog, Dog"). Give them sorted to have them so."""
    return [f"{label} x{copies}" if copies > 1 else label for label, copies in Counter(labels).items()]


def shown(text: str) -> str:
    """A string from a file or a plugin (a replay's seat spec, a forfeit's reason, a file name) made safe to print
    as plain text: each control character (C0, DEL, C1) and each bidirectional override is written as its
    escape (`\\x1b`, `\\n`, `\\u202e`), so it cannot move the cursor, recolour the terminal, break a line or
    reorder what follows. Markup is the printer's business: give rich a `Text`, never a markup string."""
    return _UNSAFE.sub(_escaped, text)


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(found: re.Match[str]) -> str:
    char = found.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def milliseconds(seconds: float | None) -> str:
    """`seconds` as milliseconds in at most three significant figures, never in exponent form (1230, not 1.23e+03):
    a decision's time in a table ("-" for none)."""
    if seconds is None:
        return "-"
    ms = 1000 * seconds
    if ms >= 100:
        return f"{ms:.0f}"
    return f"{ms:.3g}" if ms >= 0.01 else "<0.01"


def cut(text: str, limit: int = 60) -> str:
    """`text` cut to at most `limit` characters, "..." marking the cut: a value quoted in a one-line message (a
    pasted page or a long repr is not printed back whole)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def terminal_width() -> int:
    """The terminal's columns; 100 when the output is not a terminal."""
    return shutil.get_terminal_size((100, 24)).columns


DRAWING_WIDTH = 100
"""The columns a game's drawing is made for unless `campfire` draws it for a terminal (`drawing_for`)."""
_drawing_width: ContextVar[int] = ContextVar("drawing_width", default=DRAWING_WIDTH)


def drawing_width() -> int:
    """The columns the game's drawing being made is for: a render folds its long lines (`fold_items`) to this, so
    that `folded` has nothing left to break (which would split a card's name and indent the pieces again)."""
    return _drawing_width.get()


@contextlib.contextmanager
def drawing_for(width: int) -> Iterator[None]:
    """Games' drawings made inside are made for `width` columns (at least 20). Outside, and in interop and
    tests, DRAWING_WIDTH: a drawing depends on the terminal only where it is shown on one."""
    token = _drawing_width.set(max(20, width))
    try:
        yield
    finally:
        _drawing_width.reset(token)


def drawn(render: Callable[[], str], width: int | None = None) -> str:
    """`render()`, a game's drawing, made for `width` (the terminal's) and folded to it."""
    width = width or terminal_width()
    with drawing_for(width):
        return folded(render(), width)


def folded(text: str, width: int | None = None) -> str:
    """A game's drawing with each line folded to the terminal's width (see `fold`)."""
    width = width or terminal_width()
    return "\n".join(part for line in text.split("\n") for part in fold(line, width))


def fold(line: str, width: int, hang: int = 2) -> list[str]:
    """A line broken between words to at most `width` columns (never under 20), its continuations indented
    `hang` columns past its own indent: a line that a terminal wraps at column 0 breaks a log's or a
    board's columns. The line comes from a game or a file, so its control characters are escaped first
    (`shown`): a title or a drawing cannot move the cursor or recolour the terminal."""
    width = max(20, width)
    line = shown(line)
    if len(line) <= width:
        return [line]
    text = line.lstrip()
    indent = line[: len(line) - len(text)]
    return _wrapped(text, width, indent, indent + " " * hang)


def fold_items(head: str, items: Sequence[str], width: int | None = None, sep: str = ", ", hang: int = 4) -> list[str]:
    """`head` then `items` joined by `sep`, folded like `fold` but only between items, never inside one
    ("Late Night Campers", "iterations=100"): each item's spaces are glued with no-break spaces, which
    textwrap does not split on, and so is the separator's mark to the item before it (" | " breaks after the
    bar, never before). An item too long for a line of its own is broken between its words instead.
    `width` by default: the drawing's (`drawing_width`)."""
    width = width or drawing_width()
    room = max(20, width) - min(len(head) - len(head.lstrip()) + hang, max(20, width) // 2)
    mark = sep.rstrip()
    gap = sep[len(mark) :]
    pieces = [item + mark for item in items[:-1]] + list(items[-1:])
    glued = gap.join(piece.replace(" ", _GLUE) if len(piece) <= room else piece for piece in pieces)
    return [line.replace(_GLUE, " ") for line in fold(head + glued, width, hang)]


_GLUE = "\u00a0"


def _wrapped(text: str, width: int, first: str, rest: str) -> list[str]:
    """textwrap with its indents cut to half the width, so that a deep indent still leaves room for words
    (a wider one would give a character a line, and every line too wide)."""
    room = width // 2
    return textwrap.wrap(
        text, width, initial_indent=first[:room], subsequent_indent=rest[:room], break_on_hyphens=False
    ) or [first[:room]]
