"""Where `corekit.errors.raised_at` says a test's game raised, for asserting whole one-line errors."""

import inspect
import os
from collections.abc import Callable
from typing import Any


def raised_in(function: Callable[..., Any], statement: str = "raise ") -> str:
    """` (at FILE:LINE in NAME)` for the line of `function` that starts with `statement` (its first `raise` by
    default), the file named as `raised_at` names it: by its module's path where the module's name and the file
    agree (`tests/corekit/fixtures/broken_games.py`), else relative to the working directory."""
    function = inspect.unwrap(function)
    lines, first = inspect.getsourcelines(function)
    line = first + next(index for index, text in enumerate(lines) if text.strip().startswith(statement))
    path = os.path.abspath(function.__code__.co_filename)
    tail = function.__module__.replace(".", os.sep) + ".py"
    if path.endswith(os.sep + tail):
        shown = tail.replace(os.sep, "/")
    else:
        shown = os.path.relpath(path) if path.startswith(os.getcwd() + os.sep) else path
    return f" (at {shown}:{line} in {function.__name__})"
