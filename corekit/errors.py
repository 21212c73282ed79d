"""One-line error text: every user-facing failure in campfire is a single line, never a traceback."""

from __future__ import annotations


def first_line(error: BaseException) -> str:
    """The first line of the error's message, or its type's name when it has none."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def error_line(error: BaseException) -> str:
    """`Type: first line of the message`, for errors that are someone else's fault (a plugin's)."""
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
