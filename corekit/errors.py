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


def os_reason(error: BaseException, with_file: bool = False) -> str:
    """Why an operating-system call failed, in one line: `No such file or directory` rather than
    `[Errno 2] No such file or directory: '/x'`. `with_file` adds the file it names (leave it off where that
    is a temporary file the user never named). Any other error gives its first line."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if with_file and error.filename else error.strerror
    return first_line(error)
