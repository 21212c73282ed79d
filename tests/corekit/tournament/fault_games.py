"""Games and players that fail on purpose, for the fault suite: each breaks one thing, on a step a test can name.

A plugin module like the other test players: load it into a `Registry(plugins=[this module])` for an
in-process run, or name it in `Tournament(plugins=...)` so worker processes (local or Dask) import it too.

The game is the toy game of tests/corekit/toy_game.py (three cards each, highest total wins), with a `fault`
option saying what its own code does wrong, and `at` the step (its number of cards played in all) where it
starts: `fault=loop-apply,at=2` loops forever in `apply` from the third move on.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import attrs

from corekit import Action, Player, PlayerType, Rng, SeatView, State, hookimpl
from tests.corekit.tournament.tournament_test_players import crash
from tests.corekit.toy_game import ToyGame, ToyState

FAULTS = (
    "none",
    "loop-apply",  # a loop in apply that never ends
    "raise-apply",  # apply raises on a legal action
    "refuse-own",  # apply refuses, as illegal, the action legal_actions offered
    "no-moves",  # legal_actions is empty for the seat to act
    "raise-observation",
    "raise-returns",
    "raise-sample",  # sample raises: a searching player meets it inside its decision
    "loop-sample",  # sample loops forever: inside a searching player's decision
    "raise-apply-in-search",  # apply raises only on a sampled state (in a player's search), never on the real one
    "loop-apply-in-search",  # apply loops only on a sampled state
    "short-returns-in-search",  # returns leave out the last seat, only on a sampled state
)


@attrs.frozen
class FaultOptions:
    """What the faulty game does wrong, and from which step on."""

    fault: str = attrs.field(default="none", validator=attrs.validators.in_(FAULTS))
    at: int = attrs.field(default=0, validator=attrs.validators.ge(0))


class FaultyGame(ToyGame):
    """The toy game with one planted fault in its own code."""

    id = "faulty"
    title = "The toy game with a planted fault"
    options_type = FaultOptions

    def _setup(self, players: int, seed: int, options: Any) -> State:
        toy = super()._setup(players, seed, attrs.evolve(ToyGame.options_type()))
        state = FaultyState()
        for name in ("game", "players", "rng", "bug", "hands", "deck", "played", "turn"):
            setattr(state, name, getattr(toy, name))
        state.game, state.fault, state.at, state.sampled = self, options.fault, options.at, False
        return state


class FaultyState(ToyState):
    """A toy state whose fault starts once `at` cards are played."""

    fault: str
    at: int
    sampled: bool

    def _due(self, fault: str) -> bool:
        return self.fault == fault and sum(len(p) for p in self.played) >= self.at

    def legal_actions(self, seat: int) -> list[Any]:
        if self._due("no-moves"):
            return []
        return super().legal_actions(seat)

    def apply(self, seat: int, action: Action) -> None:
        if self._due("refuse-own"):
            from corekit import IllegalAction

            raise IllegalAction(f"{action} is not a legal action for seat {seat}")
        super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        if self._due("loop-apply") or (self.sampled and self._due("loop-apply-in-search")):
            while True:
                pass
        if self._due("raise-apply") or (self.sampled and self._due("raise-apply-in-search")):
            raise KeyError("no such card")
        super()._apply(seat, action)

    def observation(self, seat: int | None) -> Any:
        if self._due("raise-observation"):
            raise ValueError("the observation lost a card")
        return super().observation(seat)

    def returns(self) -> list[float]:
        if self.fault == "raise-returns":
            raise ZeroDivisionError("division by zero")
        if self.sampled and self.fault == "short-returns-in-search":
            return super().returns()[:-1]
        return super().returns()

    def sample(self, seat: int, rng: Rng) -> State:
        if self._due("raise-sample"):
            raise IndexError("the deck ran out while redealing")
        if self._due("loop-sample"):
            while True:
                pass
        copy = super().sample(seat, rng)
        copy.sampled = True
        return copy

    def clone(self) -> State:
        copy = FaultyState()
        base = super().clone()
        for name in ("game", "players", "rng", "bug", "hands", "deck", "played", "turn"):
            setattr(copy, name, getattr(base, name))
        copy.fault, copy.at, copy.sampled = self.fault, self.at, self.sampled
        return copy


@attrs.frozen
class StuckOptions:
    """How the stuck player hangs: `loop` (a Python loop), `blocked` (signals masked, as in one long C call),
    `exit` (os._exit, which a match refuses: a forfeit), or `crash` (its process ends, as in a crash in C code);
    `after` decisions of its own first; with `marker` (a file path), only the first time, in whichever process
    creates that file; with `while_file`, only while that file exists."""

    how: str = attrs.field(
        default="loop", validator=attrs.validators.in_(("loop", "blocked", "exit", "crash", "search"))
    )
    after: int = 0
    marker: str = ""
    while_file: str = ""


class Stuck(Player):
    """Hangs in its decision after `after` decisions: with `search`, samples and plays a few moves on the
    sample (as a search does), so that a game fault in `sample` or `apply` meets it inside its decision."""

    def __init__(self, options: StuckOptions, seed: int) -> None:
        self.options = options
        self.decided = 0
        self.rng = Rng(seed)

    @property
    def needs_sample(self) -> bool:  # type: ignore[override]
        return self.options.how == "search"

    def decide(self, view: SeatView) -> Action:
        """The first legal action, or the hang the options ask for."""
        if self.options.how == "search":
            sample = view.sample(self.rng)
            sample.apply(view.seat, view.legal_actions[0])
            return view.legal_actions[0]
        if self.decided < self.options.after or not self._first() or not self._while():
            self.decided += 1
            return view.legal_actions[0]
        if self.options.how == "exit":
            os._exit(13)
        if self.options.how == "crash":
            crash(13)
        if self.options.how == "blocked":
            # Nothing reaches Python code any more (no signal handler runs), like a C call that never returns.
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGINT})
            time.sleep(600)
        while True:
            pass

    def _while(self) -> bool:
        return not self.options.while_file or os.path.exists(self.options.while_file)

    def _first(self) -> bool:
        if not self.options.marker:
            return True
        try:
            with open(self.options.marker, "x") as marker:
                marker.write("hung once\n")
        except FileExistsError:
            return False
        return True


class Swallower(Stuck):
    """Loops in its decision and swallows every exception, even BaseException: only the watchdog's repeated
    interrupts, or the end of its process, can stop it."""

    def decide(self, view: SeatView) -> Action:
        """Loop forever, catching everything."""
        while True:
            try:
                while True:
                    pass
            except BaseException:
                continue


@attrs.frozen
class LingerOptions:
    """`ready`: a folder where each decision that starts waiting leaves a file named by its process id (so a test
    knows the match is under way); `finish`: take the interrupt and play the match out."""

    ready: str = ""
    finish: bool = False


class Lingerer(Player):
    """Waits in its decision until its process is interrupted (a minute at most); from then on, it and every other
    lingerer in that process play at once. With `finish` it takes the interrupt and plays its match out, a match that
    ends while its tournament stops; without, the interrupt stops the match, as it would any player."""

    needs_sample = False
    interrupted = False
    """In this process: a KeyboardInterrupt reached a lingerer."""

    def __init__(self, options: LingerOptions) -> None:
        self.options = options

    def decide(self, view: SeatView) -> Action:
        """The first legal action, once interrupted."""
        if not Lingerer.interrupted:
            try:
                if self.options.ready:
                    Path(self.options.ready, str(os.getpid())).touch()
                time.sleep(60)
            except KeyboardInterrupt:
                Lingerer.interrupted = True
                if not self.options.finish:
                    raise
        return view.legal_actions[0]


@hookimpl
def campfire_games() -> list[ToyGame]:
    """The faulty game."""
    return [FaultyGame()]


@hookimpl
def campfire_players() -> list[PlayerType]:
    """The players that hang."""
    return [
        PlayerType("stuck", lambda options, seed, game, heuristic: Stuck(options, seed), StuckOptions, help="Hangs."),
        PlayerType(
            "swallower",
            lambda options, seed, game, heuristic: Swallower(options, seed),
            StuckOptions,
            help="Hangs and swallows.",
        ),
        PlayerType(
            "lingerer",
            lambda options, seed, game, heuristic: Lingerer(options),
            LingerOptions,
            help="Waits until interrupted.",
        ),
    ]
