"""The match runner: asks each seat's player through a seat view, applies, reports events.

It validates every action (an illegal one is refused and the state left as it was), times every
decision, and turns a player that raises, answers illegally or runs out of time into a forfeit with the
error recorded, so a tournament goes on.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from corekit.errors import error_line, first_line
from corekit.game import Game, GameError, IllegalAction, State
from corekit.options import OptionError
from corekit.players import Player, PlayerSpec, SeatView, build_player
from corekit.plugins import Registry, UnknownName, default_registry
from corekit.rng import derive_seed


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


class ListenerFailed(RuntimeError):
    """A match-end listener (a replay recorder) raised after the match was decided; `result` is that match's
    result, so callers report it before the one-line error."""

    def __init__(self, result: MatchResult, message: str) -> None:
        super().__init__(message)
        self.result = result


class MatchTooLong(RuntimeError):
    """The game went past its declared bound on decisions: a bug in the game."""


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
    1 for the others (in a cooperative game the whole team loses). `decision_time` and `decisions` are per seat.
    """

    returns: tuple[float, ...]
    steps: int
    decisions: tuple[int, ...]
    decision_time: tuple[float, ...]
    forfeit: int | None = None
    error: str | None = None
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


def set_up(game: Game, players: int, seed: int, options: Any) -> State:
    """The match's initial state. The game refusing what it was asked for (a player count, an option value)
    is the user's GameError or OptionError; anything else it raises is GameFailed, naming the game."""
    try:
        return game.initial_state(players, seed, options)
    except (GameError, OptionError):
        raise
    except (Exception, SystemExit) as error:
        raise GameFailed(f"game {game.id!r} raised {error_line(error)} at setup") from error


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
    on_step: Callable[[Match, int, Any], None] | None = None,
    forfeit_on_error: bool = True,
) -> MatchResult:
    """Play one match to the end and return its result.

    `specs` name the player of each seat; `players` may give ready player objects instead (one object
    may appear at several seats). With `forfeit_on_error` False a failing player raises PlayerFailed.
    """
    registry = registry or default_registry()
    options = game.make_options(options)
    state = set_up(game, len(specs), seed, options)
    if players is None:
        players = make_players(game, specs, seed, registry)
    if len(players) != len(specs):
        raise ValueError("one player per seat is needed")
    match = Match(game, options, seed, list(specs), state, dict(settings or {}))
    hook = registry.hook
    hook.campfire_match_start(match=match)
    n = state.players
    decisions = [0] * n
    spent = [0.0] * n
    bound = game.max_decisions(n, options)
    forfeit: int | None = None
    error: str | None = None
    while not state.is_terminal:
        seat = state.to_act[0]
        player = players[seat]
        view = _game_step(game, match, SeatView, state, seat, player.needs_sample)
        match.offered = view.legal_actions
        try:
            started = time.perf_counter()
            try:
                action = player.decide(view)
            except (QuitMatch, KeyboardInterrupt) as stop:  # listeners still get the match so far (a partial replay)
                why = first_line(stop) if isinstance(stop, QuitMatch) else "interrupted"
                with contextlib.suppress(Exception):
                    hook.campfire_match_end(
                        match=match, result=MatchResult((0.0,) * n, match.steps, (), (), unfinished=why)
                    )
                raise
            except PlayerFailed:
                raise
            except (Exception, SystemExit) as crash:  # an AI calling sys.exit must not end a tournament
                raise PlayerFailed(seat, specs[seat], f"raised {error_line(crash)}") from crash
            elapsed = time.perf_counter() - started
            spent[seat] += elapsed
            decisions[seat] += 1
            if time_limit is not None and elapsed > time_limit:
                raise PlayerFailed(seat, specs[seat], f"ran out of time ({elapsed:.2f}s > {time_limit}s)")
            try:
                _game_step(game, match, state.apply, seat, action)
            except IllegalAction as illegal:
                raise PlayerFailed(seat, specs[seat], f"played an illegal action: {illegal}") from None
        except PlayerFailed as failed:
            if not forfeit_on_error:
                raise
            forfeit, error = seat, str(failed)
            break
        match.steps += 1
        annotation: dict[str, Any] = {"time": elapsed}
        extra = player.annotation()
        if extra:
            annotation.update(extra)
        hook.campfire_action_applied(match=match, seat=seat, action=action, annotation=annotation)
        if on_step is not None:
            on_step(match, seat, action)
        if match.steps > bound:
            raise MatchTooLong(f"{game.id} passed its declared bound of {bound} decisions")
    returns = tuple(float(r) for r in state.returns()) if forfeit is None else forfeit_returns(game, n, forfeit)
    result = MatchResult(returns, match.steps, tuple(decisions), tuple(spent), forfeit, error)
    try:
        hook.campfire_match_end(match=match, result=result)
    except Exception as error:  # e.g. the replay could not be written: the result must still reach the caller
        raise ListenerFailed(result, f"after the match: {first_line(error)}") from error
    return result


def forfeit_returns(game: Game, players: int, forfeit: int) -> tuple[float, ...]:
    """The returns of a match seat `forfeit` forfeited: it scores 0 and the others share its win; in a
    cooperative game the team loses together to the villain."""
    if game.cooperative:
        return (0.0,) * players
    share = 1.0 / (players - 1) if players > 1 else 0.0
    return tuple(0.0 if s == forfeit else share for s in range(players))


def _game_step(game: Game, match: Match, step: Callable[..., Any], *args: Any) -> Any:
    """Run game code; anything but IllegalAction it raises is the game's fault, not a player's."""
    try:
        return step(*args)
    except IllegalAction:
        raise
    except (Exception, SystemExit) as error:  # a game calling sys.exit must not end `play` silently
        # Step N is the N-th move, as `play` prints and the replay tools count them.
        raise GameFailed(f"game {game.id!r} raised {error_line(error)} at step {match.steps + 1}") from error
