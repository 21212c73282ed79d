"""One-line error text: every user-facing failure in campfire is a single line, never a traceback."""

from __future__ import annotations

import json
import os
import re
import sys
from types import TracebackType
from typing import Any

_NOT_THE_CAUSE = frozenset({"corekit", *sys.stdlib_module_names})
"""The top-level modules where a plugin's error is not to be found: corekit itself, which called it, and the standard
library's (told by name: an installed game's files may lie under the standard library's folder, as site-packages does
in a Python without a virtual environment)."""


def one_line(text: str) -> str:
    """The first line of a text ('' when it has none): a message, or a text read from a file, may hold several."""
    lines = text.strip().splitlines()
    return lines[0] if lines else ""


def install_hint(extra: str) -> str:
    """How to install an extra of this distribution (its PyPI name: the name `campfire` is another project's)."""
    return f"pip install 'campfire-engine[{extra}]'"


def first_line(error: BaseException) -> str:
    """The first line of the error's message, or its type's name when it has none."""
    return one_line(_message(error)) or type(error).__name__


def error_line(error: BaseException) -> str:
    """`Type: first line of the message`, for errors that are someone else's fault (a plugin's)."""
    line = one_line(_message(error))
    return f"{type(error).__name__}: {line}" if line else type(error).__name__


def without_addresses(text: str) -> str:
    """`text` with the memory addresses of default reprs left out (`<object object at 0x7f..>` reads `<object
    object>`): a match's error is kept in its results and replay, the same whichever process played it."""
    return _ADDRESS.sub(">", text)


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")


def stored_error(error: Any) -> Any:
    """A match's error as its result keeps it (`MatchResult`, a tournament's record): `without_addresses`, so it is
    the same whichever process played the match (a value that is not text as it is, which a record read back
    refuses in one line)."""
    return without_addresses(error) if isinstance(error, str) else error


def _message(error: BaseException) -> str:
    # An error raised with a message and the values behind it (attrs' `in_` validator raises ValueError(msg,
    # attribute, options, value)) prints as the repr of that tuple: its message is the first argument.
    args = error.args
    if len(args) > 1 and isinstance(args[0], str) and type(error).__str__ is BaseException.__str__:
        return args[0]
    return str(error)


def os_reason(error: BaseException, with_file: bool = False) -> str:
    """Why an operating-system call failed, in one line: `No such file or directory` rather than
    `[Errno 2] No such file or directory: '/x'`. `with_file` adds the file it names (leave it off where that
    is a temporary file the user never named). Any other error gives its first line."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if with_file and error.filename else error.strerror
    return first_line(error)


def raised_at(error: BaseException, owner: object = None) -> str:
    """` (at my_game/game.py:120 in events)`: the innermost line of the traceback outside corekit and the standard
    library, so a one-line report still points at the plugin's own bug ('' when there is none); with `owner` (the
    game or player), the innermost line of its own package first, rather than a library it called (attrs raising for
    it).
    A file is named by its module (`my_game/game.py`), the same wherever the package is installed: a failed match's
    error is kept in its results."""
    frames: list[tuple[TracebackType, str | None]] = []
    tb = error.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__")
        if isinstance(module, str):
            if module.partition(".")[0] not in _NOT_THE_CAUSE:
                frames.append((tb, module))
        elif not tb.tb_frame.f_code.co_filename.startswith("<"):  # code corekit generated has no module nor file
            frames.append((tb, None))
        tb = tb.tb_next
    package = type(owner).__module__.partition(".")[0] if owner is not None else None
    mine = [frame for frame in frames if frame[1] is not None and frame[1].partition(".")[0] == package]
    if not (mine or frames):
        return ""
    tb, module = (mine or frames)[-1]
    code = tb.tb_frame.f_code
    return f" (at {_file_of(module, code.co_filename)}:{tb.tb_lineno} in {code.co_name})"


def _file_of(module: str | None, filename: str) -> str:
    """`filename` as its module's path (`my_game/game.py`) where the two agree, else relative to the working folder
    when it lies under it, else as it is."""
    path = os.path.abspath(filename)
    if module:
        for tail in (module.replace(".", os.sep) + ".py", os.path.join(module.replace(".", os.sep), "__init__.py")):
            if path.endswith(os.sep + tail):
                return tail.replace(os.sep, "/")
    return os.path.relpath(path) if path.startswith(os.getcwd() + os.sep) else path


def json_problem(error: json.JSONDecodeError) -> str:
    """Where and why text is not JSON, in one line: "Expecting value at line 1, column 1". The json module's own
    message ends where its position goes ("Unterminated string starting at"), so its "at" is said once."""
    return f"{error.msg.removesuffix(' at')} at line {error.lineno}, column {error.colno}"
