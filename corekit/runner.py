"""The match runner: asks each seat's player through a seat view, applies, reports events.

It validates every action (an illegal one is refused and the state left as it was), times every
decision, and turns a player that raises, answers illegally or runs out of time into a forfeit with the
error recorded, so a tournament goes on. What goes wrong inside the game's own code (`apply`,
`legal_actions`, `observation`, `sample`, `returns`, also when a player's search calls it on a sample) is the
game's: GameFailed, naming the game and the call.

The watchdog that cuts off what would never end is `corekit.watchdog`; what a match is and the errors it
raises, `corekit.match`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import Any

from corekit.errors import error_line, first_line, raised_at
from corekit.game import Game, GameError, IllegalAction, State, offered
from corekit.match import (
    GameFailed,
    ListenerFailed,
    Match,
    MatchNotStarted,
    MatchResult,
    MatchTooLong,
    PlayerFailed,
    PlayerNotBuilt,
    QuitMatch,
)
from corekit.options import OptionError
from corekit.players import Player, PlayerSpec, SeatView, build_player, spec_tuple
from corekit.plugins import Registry, UnknownName, default_registry, listeners
from corekit.rng import derive_seed
from corekit.state import DeclaredState
from corekit.watchdog import (
    DECIDE,
    GAME,
    IDLE,
    SETUP_STEP,
    Overran,
    Watch,
    Watchdog,
    game_deadline,
    is_game_frame,
    step_limit_for,
    verdict_of,
)
from corekit.words import cut


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


def _check_game(game: Any, function: str) -> None:
    if not isinstance(game, Game):  # a game's id, most often: the registry gives the game
        raise TypeError(f"{function} takes a Game (registry.game(id)), not {type(game).__name__} {game!r:.40}")


def make_player(game: Game, spec: str, seed: int = 0, registry: Registry | None = None) -> Player:
    """The player of `spec` ("mcts:iterations=500") for `game`, built as a match builds it, the game's defaults for
    its type included: `make_player(game, "mcts").decide(SeatView(state, seat))` is the move it would make there
    (`campfire suggest` from Python). `registry`: the installed plugins unless given. A bad spec raises
    OptionError or UnknownName, a player that cannot be built PlayerNotBuilt naming the spec."""
    _check_game(game, "make_player")
    try:
        return build_spec(game, spec, seed, registry or default_registry())
    except PlayerNotBuilt as failed:
        raise PlayerNotBuilt(f"player {spec!r} {failed}") from failed.__cause__


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
    may appear at several seats). With `forfeit_on_error` False a failing player raises PlayerFailed; a player that
    cannot be built raises it either way (before any move), and a bad spec raises OptionError or UnknownName.
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
    _check_game(game, "play_match")
    specs = spec_tuple(specs)
    if players is not None:
        _check_players(players, specs)
    registry = registry or default_registry()
    options = game.make_options(options)
    limit = step_limit_for(step_limit, time_limit)
    watch = watch if watch is not None else Watch()
    # One watchdog from the setup to the returns: arming one makes four system calls (the SIGALRM handler and the
    # timer, each set and put back), and a second one for the setup cost a match of 10-30 steps a tenth of its time.
    watchdog = Watchdog(watch, game, specs, time_limit, limit, at="at setup", caller=_play.__code__)
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
        raise verdict_of(watch) from None
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
                except QuitMatch:
                    raise
                except PlayerFailed as failed:
                    raise _of_seat(failed, seat, specs[seat]) from failed
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
                verdict = verdict_of(watch)
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
        ending = _checked_ending(game, match, _game_step(game, match, "ending", state.ending))
    else:
        returns, ending = forfeit_returns(game, n, forfeit), None
    interrupted = _tell_finished(match, players, sampling, watch)
    watch.mark(IDLE)
    result = MatchResult(returns, match.steps, tuple(decisions), tuple(spent), forfeit, error, ending=ending)
    return result, interrupted


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


def _checked_ending(game: Game, match: Match, ending: Any) -> str | None:
    """The game's `ending()`, refused as its bug unless `ending_problem` finds none: a tournament counts endings
    by name, so an undeclared one would be a row nobody can look up."""
    problem = ending_problem(game, ending)
    if problem is not None:
        raise GameFailed(f"game {game.id!r} at the end (after step {match.steps}): {problem}")
    return ending  # type: ignore[no-any-return]


def ending_problem(game: Game, ending: Any) -> str | None:
    """Why a finished state's `ending()` is not one of the game's `endings` (None where it declares none); None when
    it is. The runner refuses such an ending at the end of a match, and `campfire check` names it."""
    if not game.endings:
        if ending is None:
            return None
        return f"ending() is {_shown(ending)}, but the game declares no endings (list them in Game.endings)"
    if type(ending) is str and ending in game.endings:
        return None
    return f"ending() is {_shown(ending)}, not one of the game's endings ({', '.join(map(repr, game.endings))})"


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
    except QuitMatch:
        raise
    except PlayerFailed as failed:
        raise _of_seat(failed, seat, spec) from failed
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


def _of_seat(failed: PlayerFailed, seat: int, spec: str) -> PlayerFailed:
    """A PlayerFailed a player raised itself, as the failure of the seat the runner asked. The seat the raised one
    names is only the player's word (another seat, a seat of no match, one of a match the player played inside its
    own code), while the runner forfeits and reports the seat the returned one names. The reason is kept."""
    if failed.seat == seat and failed.spec == spec:
        return failed
    return PlayerFailed(seat, spec, failed.reason)


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
        except QuitMatch:
            raise
        except PlayerFailed as failed:
            raise _of_seat(failed, seat, specs[seat]) from failed
        except (Exception, SystemExit) as crash:
            raise PlayerFailed(seat, specs[seat], f"raised {error_line(crash)} when seated") from crash
        watch.mark(IDLE)


def _next_seat(state: State) -> int | None:
    """The seat to ask next, None at the end."""
    return None if state.is_terminal else state.to_act[0]


def _shown(action: Any) -> str:
    return cut(repr(action))


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
        if is_game_frame(tb.tb_frame):
            return tb.tb_frame.f_code.co_name
        tb = tb.tb_next
    return None


def _seconds(elapsed: float, limit: float) -> str:
    """`elapsed` with enough digits to read as over `limit` (0.0021 against 0.002, not 0.00)."""
    for digits in range(2, 10):
        text = f"{elapsed:.{digits}f}"
        if float(text) > limit:
            return text
    return repr(elapsed)
