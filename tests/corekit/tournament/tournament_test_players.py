"""Players that misbehave on purpose, registered only in the tournament tests.

Load them into a `corekit.Registry(plugins=[this module])` for an in-process tournament (`--jobs 1`), or
name this module with `--plugin` / `Tournament(plugins=...)` so worker processes import it too.
"""

from __future__ import annotations

import ctypes
import sys
import time
from typing import NoReturn

import attrs

from corekit import Action, Player, PlayerType, SeatView, hookimpl


@attrs.frozen
class CrashOptions:
    """When to misbehave: after `after` decisions of this player in its match."""

    after: int = 0
    marker: str = ""
    seconds: float = 0.05


class Crasher(Player):
    """Raises in its decision: the runner must turn that into a forfeit."""

    needs_sample = False

    def __init__(self, options: CrashOptions) -> None:
        self.options = options
        self.decided = 0

    def decide(self, view: SeatView) -> Action:
        """The first legal action until `after` decisions, then a deliberate error."""
        if self.decided >= self.options.after:
            raise RuntimeError("deliberate crash in a test player")
        self.decided += 1
        return view.legal_actions[0]


class Exiter(Crasher):
    """Kills its whole process: a crashed worker. With `marker`, only the first time (the retry works)."""

    def decide(self, view: SeatView) -> Action:
        """Exit the process at once, unless the marker file shows it already did."""
        if not self.options.marker:
            crash(13)
        try:
            # Exclusive creation: of two workers deciding at the same moment, only one dies.
            with open(self.options.marker, "x") as marker:
                marker.write("died once\n")
        except FileExistsError:
            return view.legal_actions[0]
        crash(13)


def crash(status: int) -> NoReturn:
    """End this process at once with `status`, as a crash in C code would: through the C library, since a match
    refuses `os._exit` (it raises SystemExit, so a player calling it only forfeits)."""
    ctypes.CDLL(None)._exit(status)
    raise AssertionError("_exit returned")  # it never does; this tells the type checker so


class Sleeper(Crasher):
    """Takes `seconds` over each decision: over a time limit, it forfeits."""

    def decide(self, view: SeatView) -> Action:
        """Sleep, then the first legal action."""
        time.sleep(self.options.seconds)
        return view.legal_actions[0]


class Quitter(Crasher):
    """Calls sys.exit in its decision, as a careless AI might: a forfeit, not the end of the tournament."""

    def decide(self, view: SeatView) -> Action:
        """Exit with status 3 after `after` decisions."""
        if self.decided >= self.options.after:
            sys.exit(3)
        self.decided += 1
        return view.legal_actions[0]


def make_fragile(options: CrashOptions) -> Player:
    """A player whose constructor raises; with `marker`, only from its second construction on (so the
    tournament's up-front check passes and the matches fail)."""
    if options.marker:
        try:
            with open(options.marker, "x") as marker:
                marker.write("built once\n")
            return Crasher(options)
        except FileExistsError:
            pass
    raise RuntimeError("cannot load its network weights")


@hookimpl
def campfire_players() -> list[PlayerType]:
    """The misbehaving players."""
    return [
        PlayerType("crasher", lambda options, seed, game, heuristic: Crasher(options), CrashOptions, help="Raises."),
        PlayerType(
            "exiter", lambda options, seed, game, heuristic: Exiter(options), CrashOptions, help="Kills its process."
        ),
        PlayerType("sleeper", lambda options, seed, game, heuristic: Sleeper(options), CrashOptions, help="Too slow."),
        PlayerType(
            "quitter", lambda options, seed, game, heuristic: Quitter(options), CrashOptions, help="Calls sys.exit."
        ),
        PlayerType(
            "fragile",
            lambda options, seed, game, heuristic: make_fragile(options),
            CrashOptions,
            help="Cannot be built.",
        ),
    ]
