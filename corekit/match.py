"""What a match is and how it ends, as hooks, players and callers see it: `Match`, `MatchResult`, and the
errors a match raises (whose fault a failure is: the game's, a player's, a listener's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from corekit.errors import stored_error
from corekit.game import Game, State


class PlayerFailed(RuntimeError):
    """A player raised, answered with an illegal action, or ran out of time."""

    def __init__(self, seat: int, spec: str, reason: str) -> None:
        super().__init__(f"seat {seat} ({spec}) {reason}")
        self.seat = seat
        self.spec = spec
        self.reason = reason


class QuitMatch(Exception):
    """A person stopped playing (end of input); the runner lets it through rather than forfeiting."""


class GameFailed(RuntimeError):
    """The game itself raised (a bug in the game, not in a player); the message is one line."""


class GameHung(GameFailed):
    """A call into the game's code ran past its step limit and was cut off: a loop, most likely. Whoever plays
    many matches of the game (a conformance check) stops at the first, as every later one would hang alike."""


class ListenerFailed(RuntimeError):
    """A match-end listener (a replay recorder) raised after the match was decided; `result` is that match's
    result, so callers report it before the one-line error."""

    def __init__(self, result: MatchResult, message: str) -> None:
        super().__init__(message)
        self.result = result


class MatchTooLong(RuntimeError):
    """The game went past its declared bound on decisions: a bug in the game."""


class MatchNotStarted(ValueError):
    """A match-start listener raised (the replay recorder could not open its file): nothing was played, and
    nothing says the match itself is at fault. The message is the listener's, in one line."""


@attrs.define
class Match:
    """One match as the event hooks see it."""

    game: Game
    options: Any
    seed: int
    specs: list[str]
    state: State
    settings: dict[str, Any] = attrs.Factory(dict)
    steps: int = 0
    offered: Sequence[Any] | None = None
    """The legal actions the seat to act was shown for the decision being applied (a replay stores the index)."""


@attrs.frozen
class MatchResult:
    """How a match ended.

    `returns` are the game's returns, or for a forfeit 0 for the forfeiting seat and, shared equally,
    1 for the others (in a cooperative game the whole team loses). `steps` counts the actions applied.
    `decisions` and `decision_time` (seconds) are per seat and count every decision a seat was asked for, however
    it ended: answered (in time or not, legal or not), raised, or cut off (with the time it ran until then).
    """

    returns: tuple[float, ...]
    steps: int
    decisions: tuple[int, ...]
    decision_time: tuple[float, ...]
    forfeit: int | None = None
    error: str | None = attrs.field(default=None, converter=stored_error)
    unfinished: str | None = None
    """Why the match stopped before its end (a person quit, Ctrl-C): then `returns` are all 0."""
    ending: str | None = None
    """How the rules ended it, one of the game's `endings` (the state's `ending()`); None for a forfeit, a match
    stopped before its end and a game that declares no endings."""


class PlayerNotBuilt(RuntimeError):
    """The player plugin raised while building a player (not the spec's mistake); the message is the one-line
    reason, `could not be built: Type: message`, for the caller to name the spec or seat before it."""
