"""Re-simulating a replay: the state at any step, and verification of every digest.

Re-simulation is `game.initial_state(seats, seed, options)` then, per step, the recorded action: in format 2
the next choice index among the legal actions of the first seat to act (applied unchecked: it came from
`legal_actions`), or the seat and code of a coded step (every step of format 1, applied with validation).
Full digests recorded every `digest_every` steps and the final digest are checked on the way. A format-1
replay also has a check byte per step: when a digest differs, the steps since the last good digest are
replayed again comparing each step's check byte, which names the exact step where the match went another
way; format 2 names the steps between the last digest that matched and the one that did not.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from corekit.codes import as_read, code_key, legal_keys
from corekit.errors import first_line
from corekit.game import Game, IllegalAction, State, action_shown
from corekit.plugins import Registry, UnknownName, default_registry
from corekit.runner import forfeit_returns
from corekit.words import counted, cut
from replays.choices import ChoiceReader
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


def typed_options(game: Game, values: dict[str, Any]) -> Any:
    """`game.make_options(values, typed=True)` for a replay header's options, made once per options class and
    values (an options value is immutable): building them checks every value's type, which costs as much as
    re-simulating a short match, and the replays of a tournament all have the same."""
    # By repr: True == 1 == 1.0 and 0.0 == -0.0, but a header holding one is not a header holding another.
    key = (game.options_type, tuple((name, repr(value)) for name, value in sorted(values.items())))
    made = _TYPED_OPTIONS.get(key)
    if made is None:
        made = game.make_options(values, typed=True)  # a bad value raises, and is asked again next time
        if len(_TYPED_OPTIONS) >= 256:
            _TYPED_OPTIONS.clear()
        _TYPED_OPTIONS[key] = made
    return made


_TYPED_OPTIONS: dict[tuple[Any, ...], Any] = {}


class Simulator:
    """Re-simulates one replay, checking digests on the way (unless `checking` is False: `analyze
    --no-verify`); `state_at(step)` for any step, `action(step)` for what was played there.

    With `record` False the states keep no record of where face-down cards came from: only samples read it, and
    digests leave it out, so verifying and analysing re-simulate without that bookkeeping (12-20% of a short
    match's instructions), as a search's rollouts play (the rules may not depend on it)."""

    def __init__(
        self, replay: Replay, registry: Registry | None = None, checking: bool = True, *, record: bool = True
    ) -> None:
        self.replay = replay
        self.checking = checking
        self.game = game = replay_game(replay, registry)
        header = replay.header
        if str(game.version) != header.game_version:
            raise ReplayError(
                f"recorded with {game.id} version {header.game_version}, but version {game.version} is "
                "installed: its rules may differ"
            )
        try:
            self.options = typed_options(game, header.options)
            initial = game.initial_state(len(header.seats), header.seed, self.options, record=record)
        except Exception as error:  # options or a player count the installed game refuses
            raise ReplayError(f"cannot set up the match: {first_line(error)}") from None
        try:
            self.names: list[str] = list(game.seat_names(len(header.seats), self.options))
        except Exception:  # names are for people; a game that cannot name these seats still replays
            self.names = [f"seat {seat}" for seat in range(len(header.seats))]
        first = replay.digest_at(0)  # format 1 only
        if checking and first is not None and digest_bytes(initial) != first:
            raise Diverged(0, "the initial state differs (the game's setup changed, or the seed or options)")
        every = header.digest_every
        self._spacing = every * max(1, math.ceil(replay.steps / (every * MAX_SNAPSHOTS)))
        self._snapshots: dict[int, State] = {0: initial}
        self._moves: list[tuple[int, Any, bool]] = []
        """(seat, action, validate) of each step decoded so far: the choices are read once, in order."""
        self._offered: list[int | None] = []
        """How many legal actions each step decoded so far was chosen among; None for a step kept as a code."""
        self._reader = ChoiceReader(replay.choices)
        self._final_checked = False
        self._bad_stats: str | None = None
        """The first search statistic naming an action its seat could not play, said once the match has re-simulated
        to its end (a divergence before it would have changed what was legal there)."""

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

    def before(self, steps: Iterable[int]) -> Iterator[tuple[int, State]]:
        """The state before each of `steps` (ascending), in one pass from the start: one state, advanced in place
        between yields, so read it before asking for the next and do not change it. A step each, where
        `state_at` for each would replay up to a snapshot's spacing from the nearest one."""
        state = self._snapshots[0].clone()
        at = 0
        for step in steps:
            if not 1 <= step <= self.replay.steps or step - 1 < at:
                raise ReplayError(f"step {step} is outside the replay (1-{self.replay.steps}) or before step {at + 1}")
            while at < step - 1:
                at += 1
                self._advance(state, at, 0)
            yield step, state

    def verify(self) -> State:
        """Re-simulate to the end checking every digest and the result; the final state. Diverged where the match
        goes another way than the replay says (also for a file whose checksum failed: where it diverges says more
        than that it changed); ReplayError for search statistics naming an action nobody could play, or a failed
        checksum on a match that still re-simulates."""
        replay = self.replay
        state = self.state_at(replay.steps)
        # Reaching the last step checked the final digest already (one walk of the whole state, the dearest
        # part of verifying a short match); a replay with no steps, or a call after that, checks it here.
        if not self._final_checked and digest_bytes(state) != replay.result.final_digest:
            self._mismatch(0, replay.steps, "the final state differs from the recorded one")
        if self._reader.leftover():
            raise Diverged(replay.steps, "the action stream holds more choices than the replay's steps")
        result = replay.result
        if result.unfinished is not None:
            self._check_unfinished(state)
        elif result.forfeit is not None:
            self._check_forfeit(state)
        else:
            if result.error is not None:
                raise Diverged(replay.steps, "the replay gives a forfeit's reason, but no seat forfeited")
            if not state.is_terminal:
                raise Diverged(replay.steps, "the match has not ended, but the replay ends without a forfeit")
        players = len(replay.header.seats)
        if result.unfinished is not None:
            returns = [0.0] * players
        elif result.forfeit is None:
            returns = [float(r) for r in state.returns()]
        else:
            returns = list(forfeit_returns(self.game, players, result.forfeit))
        if len(returns) != len(result.returns) or any(
            not math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) for a, b in zip(returns, result.returns)
        ):
            ours, theirs = _floats(returns, result.returns), _floats(result.returns, returns)
            raise Diverged(replay.steps, f"the returns are {ours}, the replay says {theirs}")
        if self._bad_stats is not None:
            raise ReplayError(self._bad_stats)
        if not replay.intact:
            raise ReplayError(
                "corrupted: checksum mismatch, though the match re-simulates (the header, "
                "annotations, result or checksum were changed)"
            )
        return state

    def _check_forfeit(self, state: State) -> None:
        """A forfeit ends the match where the seat to act failed to (the runner's rule): the match must not
        have ended there, the forfeiting seat must be the one to act, and it must say why. Before the first step
        any seat may have forfeited: every player is seated then, and one that fails to be forfeits."""
        result = self.replay.result
        said = f"the replay says {self.names[result.forfeit]} forfeited"  # type: ignore[index]  # checked by the caller
        if state.is_terminal:
            raise Diverged(self.replay.steps, f"{said}, but the match ended normally")
        to_act = state.to_act[0]
        if to_act != result.forfeit and self.replay.steps:
            raise Diverged(self.replay.steps, f"{said}, but {self.names[to_act]} was to act")
        if not result.error:
            raise Diverged(self.replay.steps, f"{said}, but gives no reason")

    def _check_unfinished(self, state: State) -> None:
        """A partial replay stops where the match was stopped: before its end, with no forfeit."""
        result = self.replay.result
        if state.is_terminal:
            raise Diverged(self.replay.steps, "the replay says the match was stopped unfinished, but it ended")
        if result.forfeit is not None or result.error is not None:
            raise Diverged(self.replay.steps, "the replay says the match was stopped unfinished, but gives a forfeit")

    def action(self, step: int) -> tuple[int, Any]:
        """(seat, action) of step `step`, from 1 to the replay's steps (ReplayError outside them)."""
        if not 1 <= step <= self.replay.steps:  # `_moves[step - 1]` would give another step's move for 0
            raise ReplayError(f"step {step} is not an action of the replay (1-{self.replay.steps})")
        if step > len(self._moves):
            self.state_at(step)  # decodes every step up to it
        seat, action, _validate = self._moves[step - 1]
        return seat, action

    def moves(self) -> list[tuple[int, Any]]:
        """(seat, action) of every step."""
        if self.replay.steps:
            self.action(self.replay.steps)
        return [(seat, action) for seat, action, _validate in self._moves]

    def legal_counts(self) -> list[int | None]:
        """How many legal actions each step's seat chose among (the game's branching factor there), step by step;
        None for a step kept as the game's code (another driver's, or every step of format 1), whose seat's legal
        actions the replay does not ask for."""
        self.moves()
        return list(self._offered)

    def action_code(self, step: int) -> Any:
        """The game's code of step `step`'s action, as a replay reads it back (search statistics use codes)."""
        coded = self.replay.coded.get(step)
        if coded is not None:
            return coded[1]
        return as_read(self.game.encode_action(self.action(step)[1]))

    def action_text(self, step: int) -> str:
        """How `campfire play` printed step `step`: 'seat 0: play 4'."""
        seat, action = self.action(step)
        return f"{self.names[seat]}: {_text(self.game, action)}"

    def listing(self, first: int, last: int, seat: int | None = None) -> list[Listed]:
        """Steps first..last as `seat` (None: everyone) followed them, with the game's commentary.

        In a seat's view another seat's move is told only through what the viewer observed: a neutral
        "seat 3 moves" and `game.events` between the viewer's observations before and after it, as `campfire
        play` tells a human seat; the viewer's own moves keep their action text (it knows what it did).
        """
        state = self.state_at(first - 1)
        commentary = type(self.game).events is not Game.events
        before = state.observation(seat) if commentary else None
        listed = []
        for step in range(first, last + 1):
            actor, action = self.action(step)
            self._apply(state, step, actor, action, True)
            events: tuple[str, ...] = ()
            if commentary:
                after = state.observation(seat)
                events = _events(self.game, before, after)
                before = after
            if seat is None or actor == seat:
                text = self.action_text(step)
            else:
                text = f"{self.names[actor]} moves"
            listed.append(Listed(step, actor, text, events))
        return listed

    def _next_move(self, state: State, step: int) -> tuple[int, Any, bool]:
        """(seat, action, validate) of `step`, played from `state`; read from the stream the first time."""
        if step <= len(self._moves):
            return self._moves[step - 1]
        coded = self.replay.coded.get(step)
        offered = None
        if coded is not None:
            seat, code = coded
            try:
                move = (seat, self.game.decode_action(code), True)
            except Exception as error:  # a hostile code the game cannot read
                raise Diverged(
                    step, f"the action code {_short(code)} cannot be decoded ({first_line(error)})"
                ) from None
        else:
            to_act = state.to_act
            if not to_act:
                raise Diverged(step, "the match has ended, but the replay goes on")
            seat = to_act[0]
            legal = state.legal_actions(seat)
            index = self._reader.take(len(legal))
            if index is None:
                raise Diverged(step, "the action stream ends before the replay's last step")
            if index >= len(legal):
                raise Diverged(
                    step,
                    f"the recorded choice {index + 1} is out of range: {self.names[seat]} has "
                    f"{counted(len(legal), 'legal action')}",
                )
            move = (seat, legal[index], False)
            offered = len(legal)
        if self.checking and step in self.replay.stats:
            self._check_stats(state, step, move[0], None if coded is not None else legal)
        self._moves.append(move)
        self._offered.append(offered)
        return move

    def _check_stats(self, state: State, step: int, seat: int, legal: Sequence[Any] | None) -> None:
        """Note the first row of step `step`'s search statistics that names no legal action of `seat` in `state` (the
        state before the step; `legal`: its legal actions, when known): annotations are outside the digests, and a
        row of an action nobody could play would be shown as a move the search weighed. A coded step's seat may not
        be to act (it then has no legal actions, so every row is noted): applying the step raises then, and that is
        said, since the note is raised only once the whole match re-simulated."""
        if self._bad_stats is not None:
            return
        try:
            keys = legal_keys(self.game.encode_action, state.legal_actions(seat) if legal is None else legal)
        except Exception as error:  # a game's encode_action failing on an action it offers: said in one line
            self._bad_stats = f"{self.game.id}: its legal actions at step {step} cannot be encoded: {first_line(error)}"
            return
        for code, _visits, _value in self.replay.stats[step]:
            if code_key(code) not in keys:
                try:
                    named = _text(self.game, self.game.decode_action(code))
                except Exception:  # a hostile code the game cannot read
                    named = f"the action code {_short(code)}"
                self._bad_stats = (
                    f"bad annotations: the search statistics of step {step} name {named}, which is not a legal "
                    f"action for {self.names[seat]} there"
                )
                return

    def _advance(self, state: State, step: int, start: int) -> None:
        every = self.replay.header.digest_every
        try:
            seat, action, validate = self._next_move(state, step)
            self._apply(state, step, seat, action, validate)
        except Diverged:
            if self.replay.checks is not None:  # a wrong action some steps back may only show now
                self._locate(max(start, (step - 1) // every * every), step - 1, None)
            raise
        if not self.checking:
            return
        recorded = self.replay.digest_at(step)
        last = step == self.replay.steps
        digest = digest_bytes(state) if recorded is not None or last else b""
        if recorded is not None and digest != recorded:
            self._mismatch(max(start, step - every), step, "the state differs from the recorded one")
        if last:
            if digest != self.replay.result.final_digest:
                self._mismatch(max(start, step // every * every), step, "the final state differs from the recorded one")
            self._final_checked = True

    def _apply(self, state: State, step: int, seat: int, action: Any, validate: bool) -> None:
        try:
            if validate:
                state.apply(seat, action)
            else:  # a choice among `legal_actions(seat)`: validating it again would only repeat that call
                state.apply_unchecked(seat, action)
        except IllegalAction as error:  # its message names the action and the seat
            raise Diverged(step, first_line(error)) from None
        except Exception as error:  # a game tripping over a hostile action
            raise Diverged(
                step,
                f"the game raised {type(error).__name__} on {self.names[seat]}'s "
                f"{_text(self.game, action)}: {first_line(error)}",
            ) from None

    def _mismatch(self, good: int, bad: int, reason: str) -> None:
        """Raise Diverged for a digest that differs at `bad` when every digest up to `good` matched: at the
        exact step with format 1's check bytes, else naming the steps it lies in."""
        if self.replay.checks is not None:
            self._locate(good, bad, reason)
        if bad - good > 1:
            reason += f" (the first difference is in steps {good + 1}-{bad})"
        raise Diverged(bad, reason)

    def _locate(self, good: int, bad: int, reason: str | None) -> None:
        """Format 1: raise Diverged at the first step in (good, bad] whose check byte differs; failing that,
        at `bad` with `reason` (None: return, the caller has its own error)."""
        checks = self.replay.checks
        if bad > good and checks is not None:
            state = self.state_at(good)  # every digest up to `good` matched on the way here
            for step in range(good + 1, bad + 1):
                seat, action = self.action(step)
                self._apply(state, step, seat, action, True)
                if digest_bytes(state)[0] != checks[step - 1]:
                    raise Diverged(step, f"after {self.action_text(step)} the state differs from the recorded one")
        if reason is not None:
            raise Diverged(bad, reason)


@attrs.frozen
class Listed:
    """One step of a listing: who acted, its line as the viewer saw it, the commentary."""

    step: int
    actor: int
    text: str
    events: tuple[str, ...] = ()


def _events(game: Game, before: Any, after: Any) -> tuple[str, ...]:
    try:
        return tuple(str(line) for line in game.events(before, after))
    except Exception:  # commentary is a courtesy; a game that trips over it must not stop the listing
        return ()


def _text(game: Game, action: Any) -> str:
    return action_shown(game, action, _short)  # a hostile action's repr can be long


def _short(value: Any) -> str:
    return cut(repr(value))


def _floats(values: Any, other: Any = ()) -> str:
    """Numbers as people read them (`0.5`, `0`), in full where that would print two that differ alike."""
    short = [f"{v:g}" for v in values]
    if short == [f"{v:g}" for v in other]:
        short = [repr(float(v)) for v in values]
    return "(" + ", ".join(short) + ")"
