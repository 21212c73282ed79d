"""Writes docs/hooks.md from the hook specifications, so the page cannot drift from the code.

    python -m corekit.hookdoc > docs/hooks.md

A test compares the committed page with this output.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from corekit import hookspecs


def hook_functions() -> list[Callable[..., Any]]:
    """The hook specifications in the order they are written in hookspecs.py."""
    functions = [
        value for name, value in vars(hookspecs).items() if name.startswith("campfire_") and inspect.isfunction(value)
    ]
    return sorted(functions, key=lambda f: f.__code__.co_firstlineno)


def render() -> str:
    """The whole page as Markdown."""
    lines = [
        "# Hooks",
        "",
        "Generated from `corekit/hookspecs.py` by `python -m corekit.hookdoc`; a test keeps it in sync.",
        "",
        inspect.getdoc(hookspecs) or "",
        "",
        "Implement a hook with `@corekit.hookimpl` on a function of the same name in your plugin module, "
        "and list the module under an entry point (`campfire.games`, `campfire.players` or "
        "`campfire.extensions`).",
        "",
    ]
    for function in hook_functions():
        options = getattr(function, "campfire_spec", {}) or {}
        kind = []
        if options.get("firstresult"):
            kind.append("firstresult: stops at the first non-None result")
        if options.get("historic"):
            kind.append("historic")
        signature = str(inspect.signature(function)).replace("'", "")
        lines += [f"## `{function.__name__}{signature}`", ""]
        if kind:
            lines += [f"*{'; '.join(kind)}*", ""]
        lines += [inspect.getdoc(function) or "", ""]
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(render(), end="")
