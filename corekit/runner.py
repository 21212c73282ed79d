"""The match runner: asks each seat's player through a seat view, applies, reports events.

It validates every action (an illegal one is refused and the state left as it was), times every
decision, and turns a player that raises, answers illegally or runs out of time into a forfeit with the
error recorded, so a tournament goes on. What goes wrong inside the game's own code (`apply`,
`legal_actions`, `observation`, `sample`, `returns`, also when a player's search calls it on a sample) is the
game's: GameFailed, naming the game and the call.

A watchdog cuts off what would never end: a decision still running at `hard_limit(time_limit)` (a forfeit,
or the game's failure when one call into the game's code took the whole time limit), and a call into the
game's code still running after `step_limit` seconds (default GAME_STEP_LIMIT), the setup's included: one watchdog
per match, armed before the setup and disarmed after the returns. In the main thread it is a
SIGALRM timer; in any other thread (a Dask worker's) a watchdog thread raises into the match's thread. Neither
can stop a C call that never returns to Python: a process that supervises the match (a tournament's worker
pool) reads the match's `Watch` and kills it.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, MutableSequence, Sequence
from types import FrameType, TracebackType
from typing import Any

import attrs

from corekit.errors import error_line, first_line, raised_at, stored_error
from corekit.game import Game, GameError, IllegalAction, State, offered
from corekit.options import OptionError
from corekit.players import Player, PlayerSpec, SeatView, build_player, spec_tuple
from corekit.plugins import Registry, UnknownName, default_registry, listeners
from corekit.rng import derive_seed
from corekit.state import DeclaredState
from corekit.words import cut


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


GAME_STEP_LIMIT = 60.0
"""Seconds one call into the game's code may run before it is cut off as stuck, when the caller sets no
`step_limit`: real steps take milliseconds, so only a game caught in a loop gets near it."""
MAX_HARD_LIMIT = 1e8
"""The longest a decision may run before it is cut off: a far longer timer overflows setitimer ("timestamp out of
range"), and three years is as good as no limit."""

IDLE, GAME, DECIDE = 0, 1, 2
"""What a match is doing (`Watch.phase`): the runner's own work or a listener's (never cut off), a call into the
game's code, a player's decision."""
PHASE, SEAT, STEP, SINCE = range(4)
"""The slots of a `Watch.mirror`."""
STUCK_AFTER = 1.0
"""Seconds (plus two ticks) after a cut-off that a match that has not moved is stuck for good: in a C call no
exception can reach, or swallowing every one."""


def hard_limit(time_limit: float) -> float:
    """When a decision is cut off: well past the limit, so a player that merely overruns is timed by the runner
    (and forfeits with its time), and only one that hangs is interrupted."""
    return min(max(2 * time_limit, time_limit + 1.0), MAX_HARD_LIMIT)


def tick_interval(limit: float) -> float:
    """How often a watchdog looks at a match whose shortest limit is `limit`: often enough to cut it off soon
    after the limit, rarely enough to cost nothing."""
    return min(1.0, max(0.01, limit / 8))


SETUP_STEP = -1
"""`Watch.step` while the match's setup runs (a step is counted from 0, as the steps played before it)."""


def at_step(step: int) -> str:
    """Where a match is, for a message: "at setup" for SETUP_STEP, else "at step N" of the step being played
    (`step` steps played before it)."""
    return "at setup" if step == SETUP_STEP else f"at step {step + 1}"


class Watch:
    """What a match is doing now, for its watchdogs: `phase`, its `seat` (a decision's), the `step` being played
    (the steps played before it; SETUP_STEP during the setup) and since when (`time.monotonic()`, the same clock in
    every process of a machine).

    `mirror`, when given, is a shared array of floats (PHASE, SEAT, STEP, SINCE) that a supervising process
    reads to kill a match stuck where no exception can reach it. `verdict` is what a watchdog decided when it cut
    the match off: the PlayerFailed or GameFailed the runner raises. `stuck`, when given, is called (from the
    watchdog thread, off the main thread only) when the match still has not moved STUCK_AFTER seconds after it
    was cut off: what is left to do then is the caller's (a Dask worker ends its process).
    """

    __slots__ = ("mirror", "phase", "seat", "since", "step", "stuck", "verdict")

    def __init__(
        self, mirror: MutableSequence[float] | None = None, stuck: Callable[[Watch], None] | None = None
    ) -> None:
        self.mirror = mirror
        self.stuck = stuck
        self.phase = IDLE
        self.seat = -1
        self.step = 0
        self.since = time.monotonic()
        self.verdict: Exception | None = None
        self.mark(IDLE)

    def mark(self, phase: int, seat: int = -1) -> None:
        """Enter `phase` now."""
        self.since = since = time.monotonic()
        self.seat = seat
        self.phase = phase
        mirror = self.mirror
        if mirror is not None:  # the phase last: a reader that sees the new phase sees its time too
            mirror[SINCE] = since
            mirror[SEAT] = seat
            mirror[STEP] = self.step
            mirror[PHASE] = phase


class Overran(BaseException):
    """Raised into a match whose decision or game call overran; `Watch.verdict` says whose fault it is. A
    BaseException, so that a player's or a game's `except Exception` does not swallow it."""


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


def make_players(game: Game, specs: Sequence[str], seed: int, registry: Registry | None = None) -> list[Player]:
    """One player per spec, each seeded from the match seed and its seat.

    A bad spec raises OptionError or UnknownName (the user's mistake); a player plugin whose constructor
    raises gives PlayerFailed naming the seat and spec, so the player is blamed, not the game.
    """
    registry = registry or default_registry()
    players = []
    for seat, text in enumerate(specs):
        try:
            players.append(build_spec(game, text, derive_seed(seed, "seat", seat), registry))
        except PlayerNotBuilt as failed:
            raise PlayerFailed(seat, text, str(failed)) from failed.__cause__
    return players


class PlayerNotBuilt(RuntimeError):
    """The player plugin raised while building a player (not the spec's mistake); the message is the one-line
    reason, `could not be built: Type: message`, for the caller to name the spec or seat before it."""


def check_unattended(game: Game, text: str, seed: int, registry: Registry, name: str, where: str) -> None:
    """Build the player of spec `text` once, so that a spec that cannot play with nobody at the terminal (a
    tournament's seats, the leak check's probe) is refused before anything is played: OptionError naming it as
    `name` (e.g. "player 'mcts:x=1'"), for a person's player (nobody answers `where`) or a plugin that raises."""
    # Refused before it is built (build_spec parses and looks the spec up again, which cannot fail the second time).
    if registry.player_type(PlayerSpec.parse(text).name).interactive:
        raise OptionError(f"{name} needs a person at a terminal, so {where} cannot seat it")
    try:
        build_spec(game, text, seed, registry)
    except PlayerNotBuilt as failed:  # the player plugin's fault: name the spec, as a match names its seat
        raise OptionError(f"{name} {failed}") from failed.__cause__


def make_player(game: Game, spec: str, seed: int = 0, registry: Registry | None = None) -> Player:
    """The player of `spec` ("mcts:iterations=500") for `game`, built as a match builds it, the game's defaults for
    its type included: `make_player(game, "mcts").decide(SeatView(state, seat))` is the move it would make there
    (`campfire suggest` from Python). `registry`: the installed plugins unless given. A bad spec raises
    OptionError or UnknownName, a player that cannot be built PlayerNotBuilt."""
    return build_spec(game, spec, seed, registry or default_registry())


def build_spec(game: Game, text: str, seed: int, registry: Registry) -> Player:
    """The player of spec `text`, sorting what can go wrong by whose fault it is, so that a match and a
    tournament's up-front check blame the same party: a bad spec raises OptionError or UnknownName (the user's
    mistake, whose message names it already); anything else, SystemExit included, is the player plugin's and
    raises PlayerNotBuilt with the original error as its cause."""
    spec = PlayerSpec.parse(text)
    player_type = registry.player_type(spec.name)
    try:
        return build_player(player_type, spec, seed, game, registry.heuristic(game.id))
    except (OptionError, UnknownName):
        raise
    except (Exception, SystemExit) as crash:
        raise PlayerNotBuilt(f"could not be built: {error_line(crash)}") from crash


def set_up(game: Game, players: int, seed: int, options: Any, step_limit: float | None = None) -> State:
    """The match's initial state. The game refusing what it was asked for (a player count, an option value)
    is the user's GameError or OptionError; anything else it raises, or a setup still running after `step_limit`
    seconds (default GAME_STEP_LIMIT), is GameFailed, naming the game."""
    with game_deadline(game, step_limit, "at setup"):
        return _initial_state(game, players, seed, options)


def _initial_state(game: Game, players: int, seed: int, options: Any) -> State:
    """`set_up` without a watchdog of its own (a match's covers it)."""
    try:
        return game.initial_state(players, seed, options)
    except (GameError, OptionError, GameFailed):
        raise
    except (Exception, SystemExit) as error:
        raise GameFailed(f"game {game.id!r} raised {error_line(error)} at setup{raised_at(error, game)}") from error


@contextlib.contextmanager
def game_deadline(
    game: Game, seconds: float | None = None, where: str = "", *, deciders: Sequence[str] = ()
) -> Iterator[Watch]:
    """Cut off the game's code run inside with GameFailed after `seconds` (default GAME_STEP_LIMIT), naming the call
    and `where` ("at setup", "at step 5"): for game calls made outside a match, such as the conformance checks'.

    `deciders` are the specs of the seats whose players decide inside (the leak check's probe): a decision marked
    `DECIDE` on the Watch yielded is a player's time, not the game's, cut off as a match cuts off one over its time
    limit, that limit being the step limit: PlayerFailed, or GameHung when one call into the game's code ran that
    long in the player's search."""
    watch = Watch()
    watch.mark(GAME)
    limit = step_limit_for(seconds)
    try:
        with _Watchdog(watch, game, deciders, limit if deciders else None, limit, at=where):
            yield watch
    except Overran:
        raise _verdict(watch) from None


def play_match(
    game: Game,
    specs: Sequence[str],
    seed: int,
    options: Any = None,
    *,
    players: Sequence[Player] | None = None,
    registry: Registry | None = None,
    settings: Mapping[str, Any] | None = None,
    time_limit: float | None = None,
    step_limit: float | None = None,
    on_step: Callable[[Match, int, Any], None] | None = None,
    forfeit_on_error: bool = True,
    watch: Watch | None = None,
    on_start: Callable[[Match], None] | None = None,
) -> MatchResult:
    """Play one match to the end and return its result.

    `specs` name the player of each seat; `players` may give ready player objects instead (one object
    may appear at several seats). With `forfeit_on_error` False a failing player raises PlayerFailed.
    A decision over `time_limit` seconds forfeits; one still running at `hard_limit(time_limit)` is cut off. A
    call into the game's code still running after `step_limit` seconds is GameFailed (by default GAME_STEP_LIMIT, or
    the cut-off when that is shorter). `watch` is the Watch to keep up to date (a supervisor's, with a mirror).
    `settings` go to the match's listeners (the `campfire_match_start` hook): `{"replay": path}` records the match into
    a replay file (replays/FORMAT.md), checked before the first decision. A listener that raises at the start gives
    MatchNotStarted (a ValueError, one line: a replay file that cannot be written). `on_start` is called once every
    listener has taken the match, before the first decision (`campfire play` prints its header then: not for a match
    refused at its start); `on_step(match, seat, action)` after each step, with the seat that acted and its action
    (`match.state` the state after it).
    """
    if not isinstance(game, Game):  # a game's id, most often: the registry gives the game
        raise TypeError(f"play_match takes a Game (registry.game(id)), not {type(game).__name__} {game!r:.40}")
    specs = spec_tuple(specs)
    if players is not None:
        _check_players(players, specs)
    registry = registry or default_registry()
    options = game.make_options(options)
    limit = step_limit_for(step_limit, time_limit)
    watch = watch if watch is not None else Watch()
    # One watchdog from the setup to the returns: arming one makes four system calls (the SIGALRM handler and the
    # timer, each set and put back), and a second one for the setup cost a match of 10-30 steps a tenth of its time.
    watchdog = _Watchdog(watch, game, specs, time_limit, limit, at="at setup")
    try:
        with watchdog:
            state = _watched_setup(game, len(specs), seed, options, watch)
            watchdog.at = ""
            if players is None:
                players = make_players(game, specs, seed, registry)
            if isinstance(state, DeclaredState) and not any(
                getattr(player, "needs_sample", True) for player in players
            ):
                # Where face-down cards came from is read by samples only, and no player here samples: keeping it
                # up cost a random or heuristic match about a third of its steps' time (digests leave it out).
                state.record = None
            match = Match(game, options, seed, list(specs), state, dict(settings or {}))
            hook = registry.hook
            try:
                hook.campfire_match_start(match=match)
            except Exception as error:
                raise MatchNotStarted(first_line(error)) from error
            if on_start is not None:
                try:
                    on_start(match)
                except (QuitMatch, KeyboardInterrupt) as stop:
                    _abandoned(hook, match, stop)
                    raise
            result, interrupted = _play(match, players, specs, time_limit, forfeit_on_error, watch, hook, on_step)
    except Overran:  # cut off in a game call (a decision's verdict is handled inside)
        watch.mark(IDLE)
        raise _verdict(watch) from None
    try:
        hook.campfire_match_end(match=match, result=result)
    except Exception as error:  # e.g. the replay could not be written: the result must still reach the caller
        raise ListenerFailed(result, f"after the match: {first_line(error)}") from error
    if interrupted:  # Ctrl-C (or a stop signal) came as a player was shown the end: the match is kept, then it counts
        raise KeyboardInterrupt
    return result


def _abandoned(hook: Any, match: Match, stop: BaseException) -> None:
    """Tell the listeners a match a person quit or Ctrl-C stopped ended as it stood (the recorder writes the match so
    far, marked unfinished)."""
    why = first_line(stop) if isinstance(stop, QuitMatch) else "interrupted"
    with contextlib.suppress(Exception):
        hook.campfire_match_end(
            match=match, result=MatchResult((0.0,) * match.state.players, match.steps, (), (), unfinished=why)
        )


def _check_players(players: Sequence[Player], specs: Sequence[str]) -> None:
    """Ready players given with `specs`, which still name the seats (their number, the replay's and the log's
    names): one player a seat, each with `decide`."""
    if len(players) != len(specs):
        raise ValueError(
            f"{len(players)} players for {len(specs)} seats: `specs` names each seat (one spec a seat) and `players` "
            "gives its player"
        )
    for seat, player in enumerate(players):
        if not callable(getattr(player, "decide", None)):
            raise TypeError(f"the player of seat {seat} is a {type(player).__name__}, not a Player (decide(view))")


def _watched_setup(game: Game, players: int, seed: int, options: Any, watch: Watch) -> State:
    """The match's initial state, its call into the game marked on `watch` at SETUP_STEP: a supervisor reading the
    mirror names it the setup (`corekit.tournament.worker.cut_off_record`)."""
    watch.step = SETUP_STEP
    watch.mark(GAME)
    try:
        return _initial_state(game, players, seed, options)
    finally:
        watch.step = 0
        watch.mark(IDLE)


def _play(
    match: Match,
    players: Sequence[Player],
    specs: Sequence[str],
    time_limit: float | None,
    forfeit_on_error: bool,
    watch: Watch,
    hook: Any,
    on_step: Callable[[Match, int, Any], None] | None,
) -> tuple[MatchResult, bool]:
    """The loop of `play_match`, from the first decision to the returns, under the watchdog; and whether Ctrl-C came
    as the players were shown the end (`_tell_finished`)."""
    game, state = match.game, match.state
    n = state.players
    decisions = [0] * n
    spent = [0.0] * n
    bound = game.max_decisions(n, match.options)
    forfeit: int | None = None
    error: str | None = None
    try:
        _seat_players(match, players, specs, watch)
    except PlayerFailed as failed:  # as a failed decision: a forfeit before the first move
        if not forfeit_on_error:
            raise
        forfeit, error = failed.seat, str(failed)
    applied = listeners(hook.campfire_action_applied)  # heard at every step: called without pluggy's dispatch
    sampling = [getattr(player, "needs_sample", True) for player in players]  # a player need not subclass Player
    while forfeit is None:
        watch.step = match.steps
        watch.mark(GAME)
        seat = _game_step(game, match, "to_act", _next_seat, state)
        if seat is None:
            break
        player = players[seat]
        try:
            view = _game_step(game, match, "observation", SeatView, state, seat, sampling[seat])
        except GameFailed as failed:  # `tuple(None)` in the seat view, say: name legal_actions if it is the cause
            raise _legal_fault(match, seat, failed) or failed from failed.__cause__
        if not view.legal_actions:
            raise GameFailed(
                f"game {game.id!r} offered no legal action to seat {seat} at step {match.steps + 1} "
                "(legal_actions is empty for a seat in to_act)"
            )
        match.offered = view.legal_actions
        try:
            try:
                watch.mark(DECIDE, seat)
                started = time.perf_counter()
                action = _decide(game, match, player, view, seat, specs[seat])
                elapsed = time.perf_counter() - started
                try:  # before the move: a player's failure is its forfeit (and free unless raised, in 3.11)
                    extra = player.annotation()
                    if extra is not None:  # copied here: a mapping that fails as it is read is the player's too
                        extra = _annotation_copy(extra, seat, specs[seat])
                except (QuitMatch, PlayerFailed):
                    raise
                except (Exception, SystemExit) as crash:
                    raise _annotation_failed(player, seat, specs[seat], crash) from crash
                watch.mark(GAME)
            except (PlayerFailed, GameFailed) as failed:
                if isinstance(failed, PlayerFailed):  # a decision that raised was still asked for, and took its time
                    spent[seat] += time.perf_counter() - started
                    decisions[seat] += 1
                # A search that met the game's generator in a sample (`len(legal)`) crashes in the player's own code:
                # it is the game's fault when its legal_actions breaks the contract.
                watch.mark(GAME)
                raise _legal_fault(match, seat, failed) or failed from failed.__cause__
            except Overran:
                watch.mark(IDLE)
                verdict = _verdict(watch)
                if isinstance(verdict, PlayerFailed):
                    # Cut off: counted with the time it ran, or the slowest decisions would be the ones left out
                    # of the seat's time per decision. (Only a decision's own cut-off gives a PlayerFailed, well
                    # after `started` was set.)
                    spent[seat] += time.perf_counter() - started
                    decisions[seat] += 1
                raise verdict from None
            except (QuitMatch, KeyboardInterrupt) as stop:
                _abandoned(hook, match, stop)
                raise
            spent[seat] += elapsed
            decisions[seat] += 1
            if time_limit is not None and elapsed > time_limit:
                raise PlayerFailed(
                    seat, specs[seat], f"ran out of time ({_seconds(elapsed, time_limit)}s > the {time_limit:g}s limit)"
                )
            try:
                _game_step(game, match, "apply", state.apply, seat, action)
            except GameFailed as failed:  # a generator has no `index` for `apply` to look the action up with
                raise _legal_fault(match, seat, failed) or failed from failed.__cause__
            except IllegalAction as illegal:
                # The game refused what it offered: its own bug. The runner's own copy of the offer, not the view's,
                # which a player may have rebound.
                if offered(action, match.offered):
                    raise GameFailed(
                        f"game {game.id!r} refused an action it offered ({_shown(action)}) in apply at step "
                        f"{match.steps + 1}: {illegal}"
                    ) from illegal
                raise PlayerFailed(seat, specs[seat], f"played an illegal action: {illegal}") from None
        except PlayerFailed as failed:
            if not forfeit_on_error:
                raise
            forfeit, error = seat, str(failed)
            break
        watch.mark(IDLE)
        match.steps += 1
        # The runner's measure of the decision's time, whatever a player says its own was.
        annotation: dict[str, Any] = {**extra, "time": elapsed} if extra else {"time": elapsed}
        applied(match, seat, action, annotation)
        if on_step is not None:
            on_step(match, seat, action)
        if match.steps > bound:
            raise MatchTooLong(f"{game.id} passed its declared bound of {bound} decisions")
    if forfeit is None:
        watch.mark(GAME)
        returns = _checked_returns(game, match, _game_step(game, match, "returns", state.returns))
    else:
        returns = forfeit_returns(game, n, forfeit)
    interrupted = _tell_finished(match, players, sampling, watch)
    watch.mark(IDLE)
    return MatchResult(returns, match.steps, tuple(decisions), tuple(spent), forfeit, error), interrupted


def _checked_returns(game: Game, match: Match, returns: Any) -> tuple[float, ...]:
    """The game's returns as floats, refused as its bug unless they are one number in [0, 1] per seat: a tournament
    adds them up and a replay stores them, so a score of 9 would count as nine wins (`campfire check` refuses the
    same). Checked once per match, at its end."""
    values = returns_as_floats(returns, match.state.players)
    if values is None:
        raise GameFailed(
            f"game {game.id!r} at the end (after step {match.steps}): returns {_shown(returns)} {_NOT_RETURNS}"
        )
    return tuple(values)


def settled_returns(state: State) -> list[float]:
    """A finished state's `returns()` as floats, checked as a match's end checks them: a search reading them in its
    look-ahead (`ai.playouts.settled_values`) then names the game's bug, a GameFailed the runner blames on the game,
    where indexing a short list would have been the searching player's crash and forfeit."""
    returns = state.returns()
    values = returns_as_floats(returns, state.players)
    if values is None:
        raise GameFailed(f"game {state.game.id!r}: returns {_shown(returns)} of a finished state {_NOT_RETURNS}")
    return values


_NOT_RETURNS = "are not one number in [0, 1] per seat"


def returns_as_floats(returns: Any, players: int) -> list[float] | None:
    """`returns` as floats when they are one number in [0, 1] per seat, else None. The end of every rollout of a
    search comes here (`settled_returns`): a loop, not generators."""
    try:
        values = [float(r) for r in returns]
    except (TypeError, ValueError):
        return None
    if len(values) != players:
        return None
    for value in values:
        if not 0.0 <= value <= 1.0:  # NaN fails it too
            return None
    return values


def legal_problem(seat: int, legal: Any) -> str | None:
    """What makes `legal`, as returned by `legal_actions(seat)`, not a list or tuple (one line), or None. A generator
    works once, for the first caller only, and a set has no order or index, while the runner looks a decision up
    among the legal actions and `apply` checks it against them."""
    if isinstance(legal, list | tuple):
        return None
    if legal is None:
        what = "None"
    else:
        name = type(legal).__name__
        what = f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
    return f"legal_actions({seat}) returned {what}; return a list or tuple"


def _legal_fault(match: Match, seat: int, failed: Exception) -> GameFailed | None:
    """The game's failure, when what `failed` wraps (its cause) is a TypeError or AttributeError (what `len`,
    indexing or `index` raise) and `legal_actions(seat)` is not a sequence (a generator, a set, None), naming that
    as the cause; else None. Called only where a step already failed, so asking the game once more costs the
    normal path nothing. A deque
    or a UserList breaks the contract too (`campfire check` says so), but it has the length and the indexing a
    player or `apply` could have needed, and another error is not the legal actions' doing: such a failure stays
    the player's (or the game's own, as it was)."""
    if not isinstance(failed.__cause__, TypeError | AttributeError):
        return None
    try:
        legal = match.state.legal_actions(seat)
    except Exception:  # the game failing again says no more than the failure being handled
        return None
    problem = None if isinstance(legal, Sequence) else legal_problem(seat, legal)
    return None if problem is None else GameFailed(f"game {match.game.id!r} at step {match.steps + 1}: {problem}")


def forfeit_returns(game: Game, players: int, forfeit: int) -> tuple[float, ...]:
    """The returns of a match seat `forfeit` forfeited: it scores 0 and the others share its win; in a
    cooperative game the team loses together to the villain."""
    if game.cooperative:
        return (0.0,) * players
    share = 1.0 / (players - 1) if players > 1 else 0.0
    return tuple(0.0 if s == forfeit else share for s in range(players))


def _game_step(game: Game, match: Match, name: str, step: Callable[..., Any], *args: Any) -> Any:
    """Run game code; anything but IllegalAction it raises is the game's fault, not a player's. `name` is the
    call the runner made, named in the error unless the traceback shows which of the game's methods raised."""
    try:
        return step(*args)
    except IllegalAction:
        raise
    except (Exception, SystemExit) as error:  # a game calling sys.exit must not end `play` silently
        # Step N is the N-th move, as `play` prints and the replay tools count them.
        method = _game_call(error.__traceback__) or name
        raise GameFailed(
            f"game {game.id!r} raised {error_line(error)} in {method} at step {match.steps + 1}{raised_at(error, game)}"
        ) from error


def _decide(game: Game, match: Match, player: Player, view: SeatView, seat: int, spec: str) -> Any:
    """The player's decision. What it raises is its own failure (PlayerFailed), unless it came from inside the
    game's code the player's search called (a sample's apply, say): then it is the game's (GameFailed). `seat` is
    the runner's own (a player may have changed its view's)."""
    try:
        return player.decide(view)
    except (QuitMatch, PlayerFailed):
        raise
    except GameFailed as failed:  # the game broke its contract in the player's look-ahead (`settled_returns`)
        raise GameFailed(f"{failed} at step {match.steps + 1}, during the search of seat {seat} ({spec})") from failed
    except (Exception, SystemExit) as crash:  # an AI calling sys.exit must not end a tournament
        method = _game_call(crash.__traceback__) if _not_a_misuse(crash) else None
        if method is not None:
            raise GameFailed(
                f"game {game.id!r} raised {error_line(crash)} in {method} at step {match.steps + 1}"
                f"{raised_at(crash, game)}, during the search of seat {seat} ({spec})"
            ) from crash
        raise PlayerFailed(seat, spec, f"raised {error_line(crash)}{raised_at(crash, player)}") from crash


def _annotation_copy(extra: Any, seat: int, spec: str) -> dict[str, Any]:
    """A player's annotation as a dict of its own (PlayerFailed when it is no mapping)."""
    if type(extra) is not dict and not isinstance(extra, Mapping):
        raise PlayerFailed(seat, spec, f"annotation gave {type(extra).__name__}, not a dict or None")
    return dict(extra)


def _annotation_failed(player: Player, seat: int, spec: str, crash: BaseException) -> PlayerFailed:
    """An `annotation()` that raised: the player's failure, as a decision that raised is."""
    return PlayerFailed(seat, spec, f"raised {error_line(crash)} in annotation{raised_at(crash, player)}")


def _tell_finished(match: Match, players: Sequence[Player], sampling: Sequence[bool], watch: Watch) -> bool:
    """Show each seat the end of the match (`Player.finished`), for the players that look (none by default). The
    result is decided: what a player raises here is left out, and one that runs past a decision's cut-off is cut
    off, as it changes nothing. True when Ctrl-C (or a stop signal) came meanwhile: the rest is not told, and
    `play_match` raises it once the listeners have the match (its replay is written)."""
    for seat, player in enumerate(players):
        if getattr(type(player), "finished", Player.finished) is Player.finished:  # a player need not subclass it
            continue
        watch.mark(GAME)
        try:
            view = SeatView(match.state, seat, sampling[seat])
        except Exception:  # the game's view failed, which its own checks report: nothing to show
            continue
        watch.mark(DECIDE, seat)
        try:
            player.finished(view)
        except Overran:  # cut off as a decision would be: the result stands, so the verdict is dropped
            watch.verdict = None
        except (Exception, SystemExit):
            pass
        except KeyboardInterrupt:
            watch.mark(IDLE)
            return True
        watch.mark(IDLE)
    return False


def _seat_players(match: Match, players: Sequence[Player], specs: Sequence[str], watch: Watch) -> None:
    """Show each seat the table as dealt (`Player.seated`), for the players that look (none by default)."""
    game, state = match.game, match.state
    for seat, player in enumerate(players):
        if getattr(type(player), "seated", Player.seated) is Player.seated:  # a player need not subclass Player
            continue
        watch.mark(GAME)
        view = _game_step(game, match, "observation", SeatView, state, seat, getattr(player, "needs_sample", True))
        watch.mark(DECIDE, seat)
        try:
            player.seated(view)
        except (QuitMatch, PlayerFailed):
            raise
        except (Exception, SystemExit) as crash:
            raise PlayerFailed(seat, specs[seat], f"raised {error_line(crash)} when seated") from crash
        watch.mark(IDLE)


def _next_seat(state: State) -> int | None:
    """The seat to ask next, None at the end."""
    return None if state.is_terminal else state.to_act[0]


def step_limit_for(step_limit: float | None, time_limit: float | None = None) -> float:
    """The step limit asked for; by default GAME_STEP_LIMIT, or a decision's cut-off when that is shorter (a game
    call may take as long as a player's whole decision, no longer)."""
    if step_limit is not None:
        return step_limit
    return GAME_STEP_LIMIT if time_limit is None else min(GAME_STEP_LIMIT, hard_limit(time_limit))


def _shown(action: Any) -> str:
    return cut(repr(action))


def _is_game_frame(frame: FrameType) -> bool:
    """Whether `frame` runs a method of a game or one of its states: the game's own code, or what corekit derives
    for it from its declaration."""
    return isinstance(frame.f_locals.get("self"), State | Game)


_APPLY_CHECK = State._refuse.__code__
"""corekit's check in `State.apply` (its `_refuse`): an IllegalAction raised right there is its caller's illegal
action."""


def _not_a_misuse(error: BaseException) -> bool:
    """False for an IllegalAction raised by `State.apply`'s own check (a player's search applying an action
    that is not legal in its sample is the player's bug, not the game's)."""
    if not isinstance(error, IllegalAction):
        return True
    innermost = error.__traceback__
    while innermost is not None and innermost.tb_next is not None:
        innermost = innermost.tb_next
    return innermost is None or innermost.tb_frame.f_code is not _APPLY_CHECK


def _game_call(tb: TracebackType | None) -> str | None:
    """The name of the outermost call into the game's code on the traceback (`apply`, `sample`...), or None.

    A traceback holds only the calls still running when the error was raised: a game frame on it means the error
    came from inside the game's code (or what that code called), never from a player's code after it returned."""
    while tb is not None:
        if _is_game_frame(tb.tb_frame):
            return tb.tb_frame.f_code.co_name
        tb = tb.tb_next
    return None


def _game_frame(frame: FrameType | None) -> FrameType | None:
    """The outermost frame of the stack from `frame` up that runs the game's code (the call the runner or a
    player made into it), or None."""
    outermost = None
    while frame is not None:
        if frame.f_code is _PLAY_CODE:
            break
        if _is_game_frame(frame):
            outermost = frame
        frame = frame.f_back
    return outermost


def _verdict(watch: Watch) -> Exception:
    verdict = watch.verdict
    watch.verdict = None
    return verdict if verdict is not None else RuntimeError("the match was cut off")


_set_handler: Callable[[int, Any], Any] = getattr(signal, "_signal", signal).signal
"""`signal.signal` without its wrapper, which turns the handlers given and returned into enums by raising and catching
an exception for a function: 8 us for the two calls of a match, against 1 us (the wrapper calls this one). It takes
a handler as it returns one (a function, or the raw int of SIG_DFL or SIG_IGN), not the `Handlers` enum."""


class _Watchdog:
    """Cuts off a decision past `hard_limit(time_limit)` or a game call past `step_limit` by raising Overran into
    the match, after storing the verdict in its Watch (see the module docstring).

    A decision cut off while one call into the game's code had run for the whole time limit is the game's failure:
    a game looping in `apply` during a player's search is no slowness of the player's.
    """

    _armed = threading.local()
    """Per thread: a watchdog is running (a player that plays matches inside its decision gets no second one)."""

    def __init__(
        self,
        watch: Watch,
        game: Game,
        specs: Sequence[str],
        time_limit: float | None,
        step_limit: float | None,
        at: str = "",
    ) -> None:
        self.watch = watch
        self.game = game
        self.specs = specs
        self.time_limit = time_limit
        self.cut_off = hard_limit(time_limit) if time_limit is not None else None
        self.step_limit = step_limit
        self.at = at
        limits = [limit for limit in (self.cut_off, step_limit) if limit is not None]
        self.tick = tick_interval(min(limits)) if limits else None
        self.probe: tuple[float, FrameType | None, float] = (0.0, None, 0.0)
        self.raised = -1.0
        self.running = False
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()
        self.target = threading.get_ident()
        self.previous: Any = None

    def __enter__(self) -> _Watchdog:
        if self.tick is None or getattr(self._armed, "on", False):
            return self
        self._armed.on = self.running = True
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
            self.previous = _set_handler(signal.SIGALRM, self._on_signal)
            signal.setitimer(signal.ITIMER_REAL, self.tick, self.tick)
        else:
            self.thread = threading.Thread(target=self._patrol, name="campfire-watchdog", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.running:
            return
        if self.thread is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _set_handler(signal.SIGALRM, self.previous)
        else:
            self.stop.set()
            while self.thread.is_alive():
                with contextlib.suppress(Overran):  # raised just before the watchdog stopped: too late to matter
                    self.thread.join()
            _raise_in(self.target, None)  # an exception set but not yet raised must not hit the caller later
        self._armed.on = self.running = False

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self._overdue(frame):
            raise Overran

    def _patrol(self) -> None:
        assert self.tick is not None
        watch = self.watch
        while not self.stop.wait(self.tick):
            if self._overdue(sys._current_frames().get(self.target)):
                _raise_in(self.target, Overran)
                if watch.stuck is None:
                    continue
                since = watch.since
                if self.stop.wait(STUCK_AFTER + 2 * self.tick):
                    return
                if watch.since == since:  # not even the interrupt moved it
                    watch.stuck(watch)
                    return

    def _overdue(self, frame: FrameType | None) -> bool:
        """Whether to raise now; the verdict goes into the Watch first."""
        watch = self.watch
        now = time.monotonic()
        elapsed = now - watch.since
        verdict: Exception | None = None
        if watch.phase == GAME and self.step_limit is not None and elapsed > self.step_limit:
            found = _game_frame(frame)
            method = found.f_code.co_name if found is not None else "a game step"
            where = self.at or at_step(watch.step)
            verdict = GameHung(
                f"game {self.game.id!r} did not return from {method} within {self.step_limit:g}s {where}".rstrip()
            )
        elif watch.phase == DECIDE and self.cut_off is not None and self.time_limit is not None:
            verdict = self._decision_verdict(watch, frame, now, elapsed)
        if verdict is None or now - self.raised < 1.0:  # raised again only if the first was swallowed
            return False
        self.raised = now
        watch.verdict = verdict
        return True

    def _decision_verdict(self, watch: Watch, frame: FrameType | None, now: float, elapsed: float) -> Exception | None:
        assert self.cut_off is not None and self.time_limit is not None
        decision, call, seen = self.probe
        current = _game_frame(frame)
        if decision != watch.since or current is not call:  # a new decision, or another call into the game
            self.probe = (watch.since, current, now)
            call, seen = current, now
        if elapsed <= self.cut_off:
            return None
        spec = self.specs[watch.seat] if 0 <= watch.seat < len(self.specs) else "?"
        if call is not None and now - seen >= self.time_limit:
            where = self.at or at_step(watch.step)
            return GameHung(
                f"game {self.game.id!r} did not return from {call.f_code.co_name} {where}, during "
                f"the search of seat {watch.seat} ({spec}): cut off after {elapsed:.1f}s (time limit "
                f"{self.time_limit:g}s)"
            )
        return PlayerFailed(
            watch.seat,
            spec,
            f"ran out of time: no answer within the {self.time_limit:g}s limit (cut off after {elapsed:.1f}s)",
        )


def _raise_in(thread_id: int, error: type[BaseException] | None) -> None:
    """Raise `error` in the thread (at its next Python instruction); None takes back one not yet raised."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(error) if error else None)


_PLAY_CODE = _play.__code__


def _seconds(elapsed: float, limit: float) -> str:
    """`elapsed` with enough digits to read as over `limit` (0.0021 against 0.002, not 0.00)."""
    for digits in range(2, 10):
        text = f"{elapsed:.{digits}f}"
        if float(text) > limit:
            return text
    return repr(elapsed)
