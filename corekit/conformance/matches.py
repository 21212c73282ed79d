"""`check_game` and `check_match`: the checked matches, and the checks of the decks and deals at setup."""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

from corekit import leaks
from corekit.conformance.positions import _check_position
from corekit.conformance.report import Report, _failing
from corekit.conformance.state_checks import _check_display, _zones_recorded, open_decision
from corekit.conformance.static import SINCE_CHECKED, _static_content, _static_kept, _static_unseeded
from corekit.conformance.steps import _check_step, _Schedule
from corekit.errors import error_line, raised_at
from corekit.floats import adds_up, ordered_sum
from corekit.game import Game, State, held_cards
from corekit.match import GameHung
from corekit.rng import Rng, derive_seed
from corekit.runner import ending_problem, forfeit_returns, returns_as_floats
from corekit.state import DeclaredState
from corekit.walks import orders
from corekit.watchdog import game_deadline


def _inherits_position_problem(game: Game, players: int, options: Any) -> bool:
    """Whether the game's declared state leaves `position_problem` as the core's (which asks nothing of the game)."""
    kind = type(game.initial_state(players, 0, options))
    return issubclass(kind, DeclaredState) and kind.position_problem is DeclaredState.position_problem


def check_game(
    game: Game,
    players: int,
    games: int = 200,
    seed: int = 0,
    options: Any = None,
    sample_every: int = 7,
    progress: Callable[[int], None] | None = None,
    commentary: bool = True,
) -> Report:
    """Play `games` seeded random matches of `game` and run every state-level check (the commentary's too with
    `commentary`)."""
    report = Report(game.id, players)
    options = game.make_options(options)
    encoded: set[Any] = set()  # actions whose replay code already passed: most recur across matches
    forfeited = forfeit_returns(game, players, 0)
    total = game.constant_sum_for(options)
    if total is not None and not adds_up(forfeited, total):
        # A forfeited match is finished too, and its returns are the runner's, not the game's.
        report.fail(
            f"constant_sum is {total!r}, but a forfeited match pays {forfeited!r} "
            f"(corekit.runner.forfeit_returns), which adds up to {ordered_sum(forfeited)!r}"
        )
    if callable(getattr(game, "position_problem", None)) and _inherits_position_problem(game, players, options):
        # An outside tester put it there, as "the game says" read: positions were then read unchecked, silently.
        report.fail(
            f"{type(game).__name__}.position_problem is never asked: it is a method of the state class, which "
            "positions ask when read"
        )
    for index in range(games):
        match_seed = derive_seed(seed, game.id, players, index)
        _check_one(game, players, match_seed, options, sample_every, report, encoded, commentary=commentary)
        if progress is not None:
            progress(index + 1)
        if report.stopped_early or report.hung:
            break
    if report.ok and games >= DEALS_COMPARED:
        _check_decks_shuffled(
            game, players, [derive_seed(seed, game.id, players, i) for i in range(DEALS_COMPARED)], options, report
        )
    if report.ok:
        seeds = [derive_seed(seed, game.id, players, i) for i in range(min(games, DEALS_COMPARED))]
        _check_setup_deals(game, players, seeds, options, report)
    verdict = (report.truth.verdict() or report.later_truth.verdict()) if report.ok else None
    if verdict is not None:
        reason, most = verdict
        report.fail(
            f"seed {most}: {reason}; pooled over the run's matches, so no one match shows it alone "
            "(this one leans most)"
        )
        report.failed_seeds.append(most)
    if (
        report.ok
        and report.samples
        and not report.hidden_varied
        and not game.perfect_information
        and not _samples_by_core(game.initial_state(players, seed, options))
    ):
        report.fail(
            f"sample() never changed any hidden part of the state in {report.samples} samples: it may be "
            f"returning the truth (if nothing is hidden yet in short matches, try more games; if "
            f"nothing is ever hidden, set {type(game).__name__}.perfect_information = True)"
        )
    return report


def _samples_by_core(state: State) -> bool:
    """Whether `state`'s samples are the core's, made from its declaration: they redeal whatever the record leaves
    open, so one that never changed a hidden part had nothing to redeal (two seats sharing the whole deck: each
    knows the other's hand), not the truth kept on purpose; the leak kit's twins test them beside it."""
    if not isinstance(state, DeclaredState):
        return False
    kind = type(state)
    return (
        kind.sample is DeclaredState.sample
        and kind.determinize is DeclaredState.determinize
        and kind._resample is DeclaredState._resample
    )


def check_match(
    game: Game,
    players: int,
    match_seed: int,
    options: Any = None,
    sample_every: int = 7,
    on_move: Callable[[int, int, Any], None] | None = None,
    commentary: bool = True,
) -> Report:
    """Check the one match `check_game` played with `match_seed` (a seed its report names), calling
    `on_move(step, seat, action)` before each move (step 1 is the first): the moves that lead to a failure, to
    reproduce it. A failure on a copy of the state (a clone or a sample) names the moves played there. Its setup is
    dealt again as `check_game` deals its first matches' (`leaks.check_setup_deal`)."""
    report = Report(game.id, players)
    options = game.make_options(options)
    _check_one(game, players, match_seed, options, sample_every, report, set(), on_move, commentary)
    if report.ok:
        _check_setup_deals(game, players, [match_seed], options, report)
    return report


DEALS_COMPARED = 4
"""How many matches' setups `_check_decks_shuffled` compares."""
DECK_ORDERS = 10**6
"""The fewest orders a deck's cards must have for `_check_decks_shuffled` to compare it: four shuffles of one
then agree by chance with probability at most 1e-18 (a deck of one kind of card, or of three cards, is skipped)."""


def _check_decks_shuffled(game: Game, players: int, seeds: list[int], options: Any, report: Report) -> None:
    """A declared game's draw piles (the undealt rest of a shuffle) are not in the same order at the setup of
    every match: a deck shuffled as a copy, or not at all, deals every match alike, and a seat that has played
    one knows every hidden card of the next, while twins and samples redeal them as unknown."""
    declared = [
        state for seed in seeds if isinstance(state := game.initial_state(players, seed, options), DeclaredState)
    ]
    if len(declared) < len(seeds):
        return
    first = declared[0]
    decks = [info for info in first.layout().zones if info.deck and orders(first.zone(info.no)) >= DECK_ORDERS]
    if not decks:
        return
    if all(list(state.zone(info.no)) == list(first.zone(info.no)) for state in declared[1:] for info in decks):
        names = ", ".join(info.name for info in decks)
        report.fail(
            f"seed {seeds[0]} and the next {len(seeds) - 1} matches: the draw pile {names} is in the same order at "
            f"the setup of each: shuffle it with the state's generator (`rng.shuffle(cards)` on the cards "
            "the state is given), or every match deals alike and a seat knows what it cannot see"
        )
        report.failed_seeds.append(seeds[0])


def _check_setup_deals(game: Game, players: int, seeds: list[int], options: Any, report: Report) -> None:
    """The setups of `seeds` dealt again with the cards each seat cannot see in other places (`leaks.check_setup_deal`),
    up to the first that fails."""
    for match_seed in seeds:
        failures = len(report.failures)
        where = f"seed {match_seed}"
        try:
            with game_deadline(game, where="at a setup dealt again by the leak check"):
                leaks.check_setup_deal(game, players, match_seed, options, _failing(report, where))
        except GameHung as hung:
            report.hung = True
            report.fail(f"{where}: {hung}")
        except (Exception, SystemExit) as error:  # any deal is one a shuffle can make: the game's own bug
            report.fail(
                f"{where}: set up with the face-down cards dealt otherwise, the game raised "
                f"{error_line(error)}{raised_at(error, game)}"
            )
        if len(report.failures) > failures:
            report.failed_seeds.append(match_seed)
            return


def _check_one(
    game: Game,
    players: int,
    match_seed: int,
    options: Any,
    every: int,
    report: Report,
    encoded: set[Any],
    on_move: Callable[[int, int, Any], None] | None = None,
    commentary: bool = True,
) -> None:
    """Check one match into `report`, counting it, and noting its seed if it failed."""
    failures = len(report.failures)
    report.match_seed = match_seed
    _check_match(game, players, match_seed, options, every, report, encoded, on_move, commentary)
    report.matches += 1
    if len(report.failures) > failures:
        report.failed_seeds.append(match_seed)


def _check_match(
    game: Game,
    players: int,
    seed: int,
    options: Any,
    every: int,
    report: Report,
    encoded: set[Any],
    on_move: Callable[[int, int, Any], None] | None = None,
    commentary: bool = True,
) -> None:
    where = f"seed {seed}"
    # A crash inside the game is a failure to report, not to raise; so is a game calling sys.exit, which would
    # otherwise end `campfire check` with the game's exit status and not a word; and a game that hangs is cut off.
    try:
        with game_deadline(game, where="at setup"):
            state = game.initial_state(players, seed, options)
            replica = game.initial_state(players, seed, options)
            elsewhere = game.initial_state(players, derive_seed(seed, "static"), options)
        if not _static_unseeded(state, elsewhere, where, report):
            return
        static = _static_content(state)
        if not _zones_recorded(state, where, "setup", report):
            return
        bound = game.max_decisions(players, options)
        space = game.action_space(players, options)
        actions = set(space) if space is not None else None
        rng = Rng(derive_seed(seed, "moves"))
        schedule = _Schedule.of(seed, every, players)
        cards = held_cards(state)
        step = checks = 0
        # Positions are read back once the match is over: reading one sets up a match of the game (to know its
        # cards), which would reset what a game keeps on itself, and so hide a leak the other checks look for.
        positions: list[tuple[str, int, int, State]] = []
        declared = leaks.declared(state)
        while not state.is_terminal:
            # Step N is the N-th move, as `play` and the replay tools number them: its checks run on the state it is
            # played from.
            where = f"seed {seed} step {step + 1}"
            if declared and state.to_act and schedule.reads_position(step):
                positions.append((where, state.to_act[0], step, state.clone()))
            with game_deadline(game, where=f"at step {step + 1}"):
                done = _check_step(
                    game,
                    state,
                    replica,
                    players,
                    step,
                    checks,
                    schedule,
                    rng,
                    actions,
                    cards,
                    report,
                    encoded,
                    where,
                    on_move,
                    commentary,
                    static,
                )
            if not done:
                return
            if schedule.checks(step):
                checks += 1
            step += 1
            report.steps += 1
            if step > bound:
                report.fail(f"seed {seed}: the match passed its declared bound of {bound} decisions")
                return
        where = f"seed {seed} after the last step ({step})"
        _check_display(game, state, players, [], where, report)
        if not _static_kept(state, static, where, SINCE_CHECKED, report):
            return
        returns = state.returns()
        # The runner's own test of them, and numbers: the runner takes "1" as 1.0, which no game should rely on.
        values = returns_as_floats(returns, players)
        if values is None or not all(isinstance(value, numbers.Real) for value in returns):
            report.fail(f"{where}: returns {returns!r} are not one number in [0, 1] per seat")
        elif (total := game.constant_sum_for(options)) is not None and not adds_up(values, total):
            report.fail(
                f"{where}: returns {returns!r} add up to {ordered_sum(values)!r}, not the game's constant_sum {total!r}"
            )
        wrong_ending = ending_problem(game, state.ending())
        if wrong_ending is not None:
            report.fail(f"{where}: {wrong_ending}")
        if any(state.legal_actions(s) for s in range(players)):
            report.fail(f"{where}: a seat has legal actions after the end")
        left_open = open_decision(state)
        if left_open is not None:
            report.fail(
                f"{where}: the match is over (nobody is to act), but {left_open}: is a seat left out of to_act? A "
                "match that ends in the middle of a decision closes it"
            )
        for where, seat, step, kept in positions:
            if report.position_failed:
                break
            with game_deadline(game, where=f"reading the position of {where} back"):
                _check_position(game, kept, seat, step, where, report)
    except GameHung as hung:
        report.hung = True
        report.fail(f"{where}: {hung}")
    except (Exception, SystemExit) as error:
        report.fail(f"{where}: the game raised {error_line(error)}{raised_at(error, game)}")
