"""Re-simulating a replay: the state at any step, and verification of every digest.

Re-simulation is `game.initial_state(seats, seed, options)` then `state.apply(seat, decode(code))` per
step. Full digests recorded every `digest_every` steps are checked on the way; when one differs, the
steps since the last good digest are replayed again comparing each step's check byte, which names the
exact step where the match went another way.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from corekit.errors import first_line
from corekit.game import Game, IllegalAction, State
from corekit.plugins import Registry, UnknownName, default_registry
from corekit.runner import forfeit_returns
from replays.format import Replay, ReplayError, digest_bytes

MAX_SNAPSHOTS = 256
"""States kept for jumping around a long replay (the viewer); the others are re-simulated."""


class Diverged(ReplayError):
    """The re-simulation does not match the replay at `step`."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"diverges at step {step}: {reason}")
        self.step = step
        self.reason = reason


def replay_game(replay: Replay, registry: Registry | None = None) -> Game:
    """The installed game the replay was recorded with (unknown game: ReplayError)."""
    registry = registry or default_registry()
    try:
        return registry.game(replay.header.game)
    except UnknownName as error:
        raise ReplayError(str(error)) from None


class Simulator:
    """Re-simulates one replay, checking digests on the way; `state_at(step)` for any step."""

    def __init__(self, replay: Replay, registry: Registry | None = None) -> None:
        self.replay = replay
        self.game = game = replay_game(replay, registry)
        header = replay.header
        if str(game.version) != header.game_version:
            raise ReplayError(
                f"recorded with {game.id} version {header.game_version}, but version {game.version} is "
                "installed: its rules may differ"
            )
        try:
            self.options = game.make_options(header.options)
            initial = game.initial_state(len(header.seats), header.seed, self.options)
        except Exception as error:  # options or a player count the installed game refuses
            raise ReplayError(f"cannot set up the match: {first_line(error)}") from None
        try:
            self.names: list[str] = list(game.seat_names(len(header.seats), self.options))
        except Exception:  # names are for people; a game that cannot name these seats still replays
            self.names = [f"seat {seat}" for seat in range(len(header.seats))]
        if digest_bytes(initial) != replay.digest_at(0):
            raise Diverged(0, "the initial state differs (the game's setup changed, or the seed or options)")
        every = header.digest_every
        self._spacing = every * max(1, math.ceil(replay.steps / (every * MAX_SNAPSHOTS)))
        self._snapshots: dict[int, State] = {0: initial}

    def state_at(self, step: int) -> State:
        """A fresh copy of the state after `step` actions (0 is the initial state)."""
        if not 0 <= step <= self.replay.steps:
            raise ReplayError(f"step {step} is outside the replay (0-{self.replay.steps})")
        start = max(s for s in self._snapshots if s <= step)
        state = self._snapshots[start].clone()
        for index in range(start + 1, step + 1):
            self._advance(state, index, start)
            if index % self._spacing == 0:
                self._snapshots.setdefault(index, state.clone())
        return state

    def verify(self) -> State:
        """Re-simulate to the end checking every digest and the result; the final state, or Diverged."""
        replay = self.replay
        state = self.state_at(replay.steps)
        if digest_bytes(state) != replay.result.final_digest:  # a replay with no steps checks it here
            self._locate(0, replay.steps, "the final state differs from the recorded one")
        result = replay.result
        if result.forfeit is not None:
            self._check_forfeit(state)
        else:
            if result.error is not None:
                raise Diverged(replay.steps, "the replay gives a forfeit's reason, but no seat forfeited")
            if not state.is_terminal:
                raise Diverged(replay.steps, "the match has not ended, but the replay ends without a forfeit")
        returns = (
            [float(r) for r in state.returns()]
            if result.forfeit is None
            else forfeit_returns(self.game, len(replay.header.seats), result.forfeit)
        )
        if len(returns) != len(result.returns) or any(
            not math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) for a, b in zip(returns, result.returns)
        ):
            raise Diverged(
                replay.steps, f"the returns are {_floats(returns)}, the replay says {_floats(result.returns)}"
            )
        if not replay.intact:
            raise ReplayError(
                "corrupted: checksum mismatch, though the match re-simulates (the header, "
                "annotations or result were changed)"
            )
        return state

    def _check_forfeit(self, state: State) -> None:
        """A forfeit ends the match where the seat to act failed to (the runner's rule): the match must not
        have ended there, the forfeiting seat must be the one to act, and it must say why."""
        result = self.replay.result
        said = f"the replay says {self.names[result.forfeit]} forfeited"  # type: ignore[index]  # checked by the caller
        if state.is_terminal:
            raise Diverged(self.replay.steps, f"{said}, but the match ended normally")
        to_act = state.to_act[0]
        if to_act != result.forfeit:
            raise Diverged(self.replay.steps, f"{said}, but {self.names[to_act]} was to act")
        if not result.error:
            raise Diverged(self.replay.steps, f"{said}, but gives no reason")

    def action(self, step: int) -> tuple[int, Any]:
        """(seat, decoded action) of step `step` (1-based)."""
        code = self.replay.actions[step - 1]
        try:
            return self.replay.seats[step - 1], self.game.decode_action(code)
        except Exception as error:  # a hostile code the game cannot read
            raise Diverged(step, f"the action code {_short(code)} cannot be decoded ({first_line(error)})") from None

    def action_text(self, step: int) -> str:
        """How `campfire play` printed step `step`: 'seat 0: play 4'."""
        seat, action = self.action(step)
        return f"{self.names[seat]}: {_text(self.game, action)}"

    def listing(self, first: int, last: int, seat: int | None = None) -> list[Listed]:
        """Steps first..last as `seat` (None: everyone) could follow them, with the game's commentary.

        In a seat's view another seat's action is shown only when every other action that seat could
        have taken would have left the viewer a different observation (a secret commitment stays hidden,
        a move on the board does not); an action with no alternative counts as hidden, since the viewer
        may not know it was forced. The commentary is `game.events` between the viewer's observations,
        as `campfire play` prints it under each action.
        """
        state = self.state_at(first - 1)
        commentary = type(self.game).events is not Game.events
        before = state.observation(seat) if commentary else None
        listed = []
        for step in range(first, last + 1):
            actor, action = self.action(step)
            shown = seat is None or actor == seat or _told_apart(state, actor, action, seat)
            self._apply(state, step, actor, action)
            events: tuple[str, ...] = ()
            if commentary:
                after = state.observation(seat)
                events = _events(self.game, before, after)
                before = after
            text = f"{self.names[actor]}: {_text(self.game, action)}" if shown else None
            listed.append(Listed(step, actor, text, events))
        return listed

    def _advance(self, state: State, step: int, start: int) -> None:
        every = self.replay.header.digest_every
        try:
            seat, action = self.action(step)
            self._apply(state, step, seat, action)
        except Diverged:
            # A wrong action some steps back may only show now: its check byte names it.
            self._locate(max(start, (step - 1) // every * every), step - 1, None)
            raise
        recorded = self.replay.digest_at(step)
        if recorded is not None and digest_bytes(state) != recorded:
            self._locate(max(start, step - every), step, "the state differs from the recorded one")
        if step == self.replay.steps and digest_bytes(state) != self.replay.result.final_digest:
            self._locate(max(start, step // every * every), step, "the final state differs from the recorded one")

    def _apply(self, state: State, step: int, seat: int, action: Any) -> None:
        try:
            state.apply(seat, action)
        except IllegalAction as error:  # its message names the action and the seat
            raise Diverged(step, first_line(error)) from None
        except Exception as error:  # a game tripping over a hostile action
            raise Diverged(
                step,
                f"the game raised {type(error).__name__} on {self.names[seat]}'s "
                f"{_text(self.game, action)}: {first_line(error)}",
            ) from None

    def _locate(self, good: int, bad: int, reason: str | None) -> None:
        """Raise Diverged at the first step in (good, bad] whose check byte differs; failing that, at `bad`
        with `reason` (None: return, the caller has its own error)."""
        if bad > good:
            state = self.state_at(good)  # every digest up to `good` matched on the way here
            checks = self.replay.checks
            for step in range(good + 1, bad + 1):
                seat, action = self.action(step)
                self._apply(state, step, seat, action)
                if digest_bytes(state)[0] != checks[step - 1]:
                    raise Diverged(step, f"after {self.action_text(step)} the state differs from the recorded one")
        if reason is not None:
            raise Diverged(bad, reason)


@attrs.frozen
class Listed:
    """One step of a listing: who acted, the text (None when hidden from the viewer), the commentary."""

    step: int
    actor: int
    text: str | None
    events: tuple[str, ...] = ()


def _told_apart(state: State, actor: int, action: Any, seat: int) -> bool:
    """Whether `seat` would have observed something else had `actor` taken any other legal action."""
    others = [a for a in state.legal_actions(actor) if a != action]
    actual = _observed(state, actor, action, seat)
    return bool(others) and all(_observed(state, actor, a, seat) != actual for a in others)


def _observed(state: State, actor: int, action: Any, seat: int) -> Any:
    """What `seat` would observe had `actor` taken `action` (same chance: the clone has the same rng)."""
    after = state.clone()
    after.apply(actor, action)
    return after.observation(seat)


def _events(game: Game, before: Any, after: Any) -> tuple[str, ...]:
    try:
        return tuple(str(line) for line in game.events(before, after))
    except Exception:  # commentary is a courtesy; a game that trips over it must not stop the listing
        return ()


def _text(game: Game, action: Any) -> str:
    try:
        return game.action_text(action)
    except Exception:  # a hostile action the game cannot describe
        return _short(action)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _floats(values: Any) -> str:
    return "(" + ", ".join(f"{v:g}" for v in values) + ")"
