"""The player-level leak check (`check_leaks`): a searching player decides alike where its seat sees alike."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from corekit import leaks
from corekit.conformance.report import Report
from corekit.conformance.state_checks import _legal_fault
from corekit.errors import error_line, raised_at
from corekit.game import Game
from corekit.match import GameHung, PlayerFailed
from corekit.players import PlayerSpec, SeatView, build_player
from corekit.rng import Rng, derive_seed
from corekit.watchdog import DECIDE, GAME, Watch, game_deadline


def check_leaks(
    game: Game,
    players: int,
    registry: Any,
    games: int = 3,
    seed: int = 0,
    options: Any = None,
    spec: str | None = None,
    positions: int = 4,
) -> Report:
    """The player-level leak check, with a searching player from `registry` (see the package's docstring); `spec`
    defaults to the registry's `leak_probe()`."""
    spec = spec or registry.leak_probe()
    if spec is None:
        raise ValueError("no installed player type offers a leak probe (PlayerType.probe), e.g. mcts")
    report = Report(game.id, players)
    options = game.make_options(options)
    player_type = registry.player_type(PlayerSpec.parse(spec).name)
    for index in range(games):
        match_seed = derive_seed(seed, "leak", game.id, players, index)
        _leak_match(
            game, players, match_seed, options, player_type, spec, positions, report, registry.heuristic(game.id)
        )
        report.matches += 1
        if report.hung or report.probe_restless or report.probe_slow:
            break
    return report


def _leak_match(
    game: Game,
    players: int,
    match_seed: int,
    options: Any,
    player_type: Any,
    spec: str,
    positions: int,
    report: Report,
    heuristic: Any,
) -> None:
    where = f"leak check seed {match_seed}"
    # A crash, of the game or of the player (sys.exit too, as in check_game), is a failure to report; a game call
    # that does not return (in a move, or in the probe's search, which plays the game) is cut off, and so is a
    # probe's decision past the cut-off of one over the step limit (its own slowness, not the game's).
    deciders = (spec,) * players
    try:
        with game_deadline(game, where="at setup of the leak check"):
            state = game.initial_state(players, match_seed, options)
        rng = Rng(match_seed)
        checked = step = 0
        while True:
            step += 1
            where = f"leak check seed {match_seed} step {step}"
            with game_deadline(game, where=f"at step {step} of the leak check", deciders=deciders) as watch:
                if state.is_terminal or checked >= positions:
                    break
                checked += _leak_step(game, state, rng, player_type, spec, match_seed, where, report, heuristic, watch)
            report.steps += 1
    except GameHung as hung:
        report.hung = True
        report.fail(f"{where}: {hung}")
    except PlayerFailed as slow:  # only the deadline's cut-off raises it here: the probe's errors are _ProbeFailed
        report.probe_slow = True
        report.fail(f"{where}: the leak probe, {slow}; the leak check stops here (a smaller budget: --probe)")
    except _LegalBroken as broken:
        report.fail(f"{where}: {broken}")
    except _ProbeRestless as restless:
        report.fail(f"{where}: {restless}")
        report.probe_restless = True
    except _ProbeFailed as failed:
        error = failed.__cause__ or failed
        report.fail(f"{where}: {spec} raised {error_line(error)}{raised_at(error)}")
    except (Exception, SystemExit) as error:
        report.fail(f"{where}: the game raised {error_line(error)}{raised_at(error, game)}")


class _LegalBroken(Exception):
    """The game's legal actions break the contract (the message says how): the leak check stops there."""


class _ProbeRestless(Exception):
    """The leak probe decided otherwise in the same state, seeded alike (the message says how): it cannot tell a
    leak, so the leak check stops."""


class _ProbeFailed(Exception):
    """The leak probe (a player) raised while deciding: its own failure, not the game's (the cause)."""


def _leak_step(
    game: Game,
    state: Any,
    rng: Rng,
    player_type: Any,
    spec: str,
    match_seed: int,
    where: str,
    report: Report,
    heuristic: Any,
    watch: Watch,
) -> int:
    """One step of a leak match: when the seat to act has a choice, the probe decides in `state` and in a twin the
    seat cannot tell apart, and must decide alike; then a random move is played. Returns the positions checked.
    Each decision is marked on `watch`, the step's deadline's."""
    checked = 0
    seat = state.to_act[0]
    problem = _legal_fault(state, seat, state.legal_actions(seat))
    if problem is not None:  # a search would fail on it: the game's fault, named once
        raise _LegalBroken(problem)
    # A state the seat cannot tell apart, made by the core when the game declares its state.
    twin = leaks.twin(state, seat, rng.spawn()) if leaks.declared(state) else state.sample(seat, rng.spawn())
    if len(state.legal_actions(seat)) > 1:
        checked = 1
        report.samples += 1
        decisions = []
        for candidate in (state, twin):
            decisions.append(
                _probe_decision(
                    game, candidate, seat, player_type, spec, match_seed, heuristic, watch, report.fail, where
                )
            )
        if decisions[0] != decisions[1]:
            # Asked again in each state, seeded alike (a few times: a player drawing its own chance may repeat
            # itself): a different choice is the player's own chance, not what the twin changed, and stops the check.
            for _ in range(PROBE_REPEATS):
                for candidate, first in zip((state, twin), decisions, strict=True):
                    again = _probe_decision(game, candidate, seat, player_type, spec, match_seed, heuristic, watch)
                    if again != first:
                        raise _ProbeRestless(
                            f"{spec} chose differently in the same state, seeded alike, so it cannot be checked for "
                            f"leaks: {leaks.first_difference(first, again)} (a player takes its chance from the seed "
                            "it is made with, not from the random module or the clock); the leak check stops here"
                        )
            report.fail(
                f"{where}: {spec} chose differently in two states seat {seat} cannot tell apart: "
                f"{leaks.first_difference(decisions[0], decisions[1])}"
            )
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.below(len(legal))])
    return checked


PROBE_REPEATS = 3
"""How many times the leak check's probe decides again in the state and in its twin, before a choice that differed
between them is blamed on what the twin changed rather than on a player that draws chance of its own (a player
choosing at random between two actions repeats itself six times in a row one time in 64)."""


def _probe_decision(
    game: Game,
    state: Any,
    seat: int,
    player_type: Any,
    spec: str,
    match_seed: int,
    heuristic: Any,
    watch: Watch,
    fail: Callable[[str], None] | None = None,
    where: str = "",
) -> Any:
    """What a fresh probe player, seeded with `match_seed`, decides for `seat` in `state`, its decision marked on
    `watch`; with `fail`, a view that reaches the true state is reported there."""
    try:
        watch.mark(DECIDE, seat)  # building the probe is its own time, as its deciding is (a model to load, say)
        player = build_player(player_type, PlayerSpec.parse(spec), match_seed, game, heuristic)
        watch.mark(GAME)  # the view is the game's code
        view = SeatView(state, seat, player.needs_sample)
        if fail is not None and _reaches(view, state):
            fail(f"{where}: the seat view of seat {seat} reaches the true state")
        watch.mark(DECIDE, seat)
        return player.decide(view)
    except (Exception, SystemExit) as error:
        raise _ProbeFailed from error
    finally:
        watch.mark(GAME)


def _reaches(root: Any, target: Any, limit: int = 200_000) -> bool:
    """True if `target` is reachable from `root` through object references (bounded walk)."""
    seen = {id(root)}
    stack: list[Any] = [root]
    walked = 0
    while stack and walked < limit:
        item = stack.pop()
        walked += 1
        if item is target:
            return True
        if isinstance(item, type):  # classes lead to modules and everything; the state is never there
            continue
        for child in gc.get_referents(item):
            if id(child) not in seen and not isinstance(child, type):
                seen.add(id(child))
                stack.append(child)
    return False
