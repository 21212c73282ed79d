"""Campfire games for OpenSpiel and PettingZoo, and OpenSpiel's bots in Campfire seats (docs/interop.md).

`corekit.interop.openspiel` needs the extra `[openspiel]` and `corekit.interop.pettingzoo` the extra
`[pettingzoo]`; `corekit.interop.encoding` (how an observation becomes a string and a vector) needs neither.
Nothing here knows a game: every installed game is adapted through the game contract and its `action_space`.
"""

from corekit.errors import install_hint


def missing_extra(module: str, extra: str, missing: ModuleNotFoundError) -> ImportError:
    """The error of importing `module` without its extra: which package is missing, and how to install it."""
    package = (missing.name or "a package").partition(".")[0]
    return ImportError(f"{module} needs {package}, from the [{extra}] extra: {install_hint(extra)}")
