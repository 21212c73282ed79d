"""What writing and reading a position share: the format, its keys, its error, the fields it holds."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import attrs

from corekit.errors import error_line
from corekit.state import DeclaredState
from corekit.state.fields import decl_of

FORMAT = 1
"""The version of the position format."""
KEYS = ("campfire_position", "game", "version", "players", "options", "rng", "seat", "fields", "face_up")
"""The keys of a position document, as `to_position` writes them."""


class PositionError(ValueError):
    """A position that cannot be read; the message is one line naming what is wrong."""


def _declared(cls: type[DeclaredState]) -> list[attrs.Attribute]:  # type: ignore[type-arg]
    """The fields a position holds: every declared field but the base ones, caches and static content."""
    return [f for f in attrs.fields(cls) if decl_of(f).kind not in ("base", "internal", "static")]


@contextlib.contextmanager
def _game_code(asked: str) -> Iterator[None]:
    """Any error of the game's own code, asked `asked` about the position being read, as the one line of a
    PositionError: a value the declaration cannot bound (a list of Camps one short) fails in the game's code,
    and that is the position's fault. The error stays its cause, so a test that meets it sees where it arose."""
    try:
        yield
    except PositionError:
        raise
    except Exception as error:
        raise PositionError(f"{asked} raised {error_line(error)}") from error
