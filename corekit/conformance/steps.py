"""One step of a checked match: which steps are checked (`_Schedule`), their checks, and the move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from corekit import leaks
from corekit.conformance.difference import state_difference
from corekit.conformance.report import Report, _failing
from corekit.conformance.state_checks import (
    _check_clone,
    _check_codes,
    _check_commitments,
    _check_display,
    _check_illegal,
    _check_offers,
    _check_sample,
    _legal_fault,
    _zones_kept,
    _zones_recorded,
)
from corekit.conformance.static import (
    OUTSIDE_APPLY,
    SINCE_CHECKED,
    _check_public_fields_shown,
    _check_public_views,
    _static_content,
    _static_kept,
)
from corekit.errors import error_line, raised_at
from corekit.game import Game, State, held_cards
from corekit.match import GameHung
from corekit.redeal import SHUFFLED
from corekit.rng import Rng, derive_seed
from corekit.state import DeclaredState
from corekit.walks import holds_nan


@attrs.frozen
class _Schedule:
    """Which steps of one match get the full checks, and which seat the one-seat leak checks watch there. Every
    match checks its first two positions (a short match may hide nothing before its second move), then one step
    in `every`, from an offset drawn from the match's seed, and the watched seat turns from a seed-drawn one: so
    that over a run every step of a match of fixed length, and every seat at it, is checked in some match (the same
    steps in every match left the last rounds of a 20-step match unchecked however many matches were played)."""

    every: int
    offset: int
    turn: int

    @classmethod
    def of(cls, seed: int, every: int, players: int) -> _Schedule:
        drawn = Rng(derive_seed(seed, "schedule"))
        return cls(every, drawn.below(every), drawn.below(max(1, players)))

    def checks(self, step: int) -> bool:
        """Whether the checks run on the state step `step` is played from (step 0: before the first move)."""
        return step <= 1 or (step >= self.offset and (step - self.offset) % self.every == 0)

    def reads_position(self, step: int) -> bool:
        """Whether the position is read back at `step`: the first, then checked steps ever further apart (the
        offset's, then 1, 3, 7, ... times `every` after it)."""
        since = step - self.offset
        return step == 0 or (since >= 0 and since % self.every == 0 and _spread(since // self.every + 1))

    def watched(self, checks: int, players: int) -> int:
        """The seat the one-seat leak checks watch at the match's `checks`-th checked position (from 0)."""
        return (checks + self.turn) % players


def _check_step(
    game: Game,
    state: State,
    replica: State,
    players: int,
    step: int,
    checks: int,
    schedule: _Schedule,
    rng: Rng,
    actions: set[Any] | None,
    cards: Counter[Any],
    report: Report,
    encoded: set[Any],
    where: str,
    on_move: Callable[[int, int, Any], None] | None,
    commentary: bool = True,
    static: dict[str, str] | None = None,
) -> bool:
    """The checks of one step, then its move; False once the match cannot go on (a failure was reported).
    `static` is the fingerprint of the static content at setup, which no step may change."""
    to_act = state.to_act
    checking = schedule.checks(step)
    # On a check step, asking every seat's legal actions must leave the state as it was: a hand sorted in place there,
    # a counter or a draw from the generator changes the match (and is otherwise blamed on what runs next).
    asked = (state.clone(), state.digest()) if checking else None
    for seat in range(players):
        legal = state.legal_actions(seat)
        problem = _legal_fault(state, seat, legal)
        if problem is not None:
            report.fail(f"{where}: {problem}")
            return False
        if seat in to_act and not legal:
            report.fail(f"{where}: seat {seat} is to act but has no legal action")
            return False
        if seat not in to_act and legal:
            report.fail(f"{where}: seat {seat} is not to act but has legal actions")
    if checking and (ending := state.ending()) is not None:
        report.fail(f"{where}: the match runs, but ending() says it ended ({ending!r}): it is None until the end")
        return False  # once a match: every later step would say the same
    if asked is not None and state.digest() != asked[1]:
        report.fail(
            f"{where}: asking legal_actions changed the state ({state_difference(asked[0], state)}, before vs after): "
            "legal_actions must only read the state (sort a copy, draw no chance)"
        )
        return False
    # The commentary is a person's only news of the other seats: it must tell every change they make.
    # The full view's too: `campfire play` comments on it.
    observers = (*range(players), None)
    # Read before the static content is compared on a check step, so that a view writing there is caught.
    seen = {observer: state.observation(observer) for observer in observers} if commentary or checking else {}
    # Static content is fingerprinted on check steps only (it may be a large table). Since the last check step,
    # whose apply was watched, only reads have run (a view, say, that keeps a note there); after other steps, apply
    # may have too.
    watched = step == 0 or schedule.checks(step - 1)
    if checking and not _static_kept(state, static, where, OUTSIDE_APPLY if watched else SINCE_CHECKED, report):
        return False
    seat = to_act[0]
    legal = state.legal_actions(seat)
    # `step` counts the moves played so far: the checks run before the first and second moves, then on the steps
    # the match's schedule draws (one in `every`).
    if checking:
        # First: the other checks keep actions in sets, and an unhashable one would fail there as a crash.
        if not _check_codes(game, legal, seat, encoded, where, report):
            return False
        for observer in (*range(players), None):  # first: every comparison of views below would fail on it
            if holds_nan(state.observation(observer)):
                whom = "the full view" if observer is None else f"seat {observer}'s observation"
                report.fail(
                    f"{where}: {whom} holds a NaN, which is unequal to itself and hashes by "
                    "identity: two views of one position would key two nodes of a search's tree; show it as None "
                    "or text"
                )
                return False
        if not _check_commitments(state, where, report):  # before the samples, which redraw the choices
            return False
        _check_illegal(state, seat, to_act, players, where, report)
        _check_offers(state, players, actions, where, report)
        _check_clone(state, seat, legal, rng, where, report)
        for observer in range(players):
            _check_sample(state, observer, rng, where, report)
        _check_display(game, state, players, legal, where, report)
        _check_public_views(state, where, report)
        _check_public_fields_shown(state, where, report)
        if actions is not None:
            outside = [action for action in legal if action not in actions]
            if outside:
                report.fail(f"{where}: {outside[0]!r}, legal for seat {seat}, is not in action_space()")
        if leaks.declared(state):
            try:
                _check_leaks_now(game, state, players, checks, schedule.watched(checks, players), rng, where, report)
            except GameHung:
                raise
            except (Exception, SystemExit) as error:  # said apart: the match itself never reached such a state
                why = leaks.parked_commitment(state)
                report.fail(
                    f"{where}: making or playing on a twin of this state (one a seat cannot tell apart, made by the "
                    f"core from the declaration), the game raised {error_line(error)}{raised_at(error, game)}"
                    + (f"; {why}" if why else "")
                )
                return False
    action = legal[rng.below(len(legal))]
    if on_move is not None:
        on_move(step + 1, seat, action)
    if not _check_codes(game, (action,), seat, encoded, where, report):
        return False
    content = _static_content(state) if checking else None  # after the checks: a copy's write shows next check
    decks = _deck_orders(state)  # every step, as the zones' record is: a sorted deck is caught where it was sorted
    shuffled: dict[int, list[Any]] = {}
    token = SHUFFLED.set(shuffled)
    try:
        state.apply(seat, action)
    finally:
        SHUFFLED.reset(token)
    if not _zones_kept(state, where, report) or not _zones_recorded(state, where, "apply", report):
        return False
    reordered = decks is not None and isinstance(state, DeclaredState) and _reordered_deck(state, decks, shuffled)
    if reordered:
        report.fail(
            f"{where}: apply put the draw pile {reordered} in an order no shuffle left it in (a sort, a reverse, a "
            "shuffle of the list itself): a deck's order is chance, which samples and the leak checks deal again, so "
            "change it only with the state's shuffle, reshuffle or gather (docs/writing-a-game.md, section 4)"
        )
        return False
    if checking and not _static_kept(state, content, where, "apply", report):
        return False
    # The replica: the same match from the same seed, for the determinism check; here still the state before the move.
    if leaks.declared(replica):
        redeal = Rng(derive_seed(report.match_seed or 0, "redeal", step))  # another order in every match
        try:
            leaks.check_redeal(game, replica, seat, action, redeal, _failing(report, where, "redeal"))
        except GameHung:
            raise
        except (Exception, SystemExit) as error:  # said apart: the match itself did not raise
            report.fail(
                f"{where}: playing this move again with the deck it gathers, reshuffles or draws from in another "
                f"order, or the dice it rolls rolled otherwise (a deal, draw or roll nobody has seen), the game raised "
                f"{error_line(error)}{raised_at(error, game)}"
            )
            return False
    replica.apply(seat, action)
    for observer in observers:
        now = state.observation(observer)
        if now != replica.observation(observer):
            whom = "the full view" if observer is None else f"seat {observer}"
            report.nondeterministic = True
            report.fail(
                f"{where}: the same seed and actions gave different observations of {whom}: "
                f"{leaks.first_difference(now, replica.observation(observer))}"
            )
            return False
        if not commentary or now == seen[observer]:
            continue
        told = list(game.events(seen[observer], now))
        if not all(isinstance(line, str) for line in told):
            line = next(line for line in told if not isinstance(line, str))
            whom = "the full view" if observer is None else f"seat {observer}"
            report.fail(f"{where}: events() told {whom} {line!r:.60}, not a line of text")
        elif observer is not None and observer != seat and not told:
            report.fail(
                f"{where}: seat {seat} played {action!r}, which changed what seat {observer} sees, but events() "
                f"told seat {observer} nothing"
            )
    if held_cards(state) != cards:
        report.fail(f"{where}: cards changed across zones: {_card_difference(cards, held_cards(state))}")
        return False
    return True


def _deck_orders(state: State) -> dict[int, list[Any]] | None:
    """Each deck's cards, bottom first, where the record is kept that refuses a card going into a deck but by a
    shuffle or a gather (so that in a step without one a deck only loses cards); None elsewhere."""
    if not isinstance(state, DeclaredState) or state.record is None:
        return None
    return {no: list(state.zone(no)) for no in state.layout().decks}


def _reordered_deck(state: DeclaredState, before: dict[int, list[Any]], shuffled: dict[int, list[Any]]) -> str | None:
    """The name of a deck the step put in another order than its own shuffles would, or None: a deck holds what it
    held before the step, or right after the step's last shuffle of it (`shuffle`, `reshuffle`, `gather`), in order,
    less the cards that left it (a cut by hand right after a gather is caught too)."""
    for no, cards in before.items():
        if not _in_order(state.zone(no), shuffled.get(no, cards)):
            return state.layout().zones[no].path
    return None


def _in_order(after: list[Any], before: list[Any]) -> bool:
    """Whether `after` is `before` with some cards taken out, the rest in their order."""
    rest = iter(before)
    return all(any(card == earlier for earlier in rest) for card in after)


def _check_leaks_now(
    game: Game, state: Any, players: int, checks: int, observer: int, rng: Rng, where: str, report: Report
) -> None:
    """The core's leak checks at one position (see `corekit.leaks`): a twin for every seat; a twin played forward,
    the choices of other seats' secret commitments and the weights of parked cards for `observer` (the schedule's
    seat, in turn); and, at the positions `TRUTH_AT` counts, the truth test for that seat."""

    for seat in range(players):
        leaks.check_twin(game, state, seat, Rng(rng.next64()), _failing(report, where, "twin"))
    leaks.check_forward(game, state, observer, Rng(rng.next64()), _failing(report, where, "forward"))
    leaks.check_choices(state, observer, _failing(report, where, "choices"))
    if state.layout().sight(observer).parked:  # a generator drawn only then: other games' checks draw as before
        leaks.check_weights(state, observer, Rng(rng.next64()), _failing(report, where, "weights"))
    if checks == TRUTH_AT[0]:
        leaks.check_sample_truth(
            state, observer, Rng(rng.next64()), _failing(report, where, "truth"), report.truth, report.match_seed
        )
    elif checks == TRUTH_AT[1]:  # from a generator of its own: the rest of the match is checked as it was before
        leaks.check_sample_truth(
            state,
            observer,
            Rng(derive_seed(rng.state, "later truth")),
            _failing(report, where, "truth"),
            report.later_truth,  # pooled apart: a leak that shows at one of the two is not diluted by the other
            report.match_seed,
        )


TRUTH_AT = (1, 2)
"""The positions of a match, counted among those checked, where the truth test runs: the second (after the first
move) and the third, the first the match's schedule draws, later in the match (a sample that peeks only once the
match is under way)."""


def _spread(count: int) -> bool:
    """True for the counts 0, 1, 2, 4, 8, ...: a check a few times a match, at its start and ever later."""
    return count & (count - 1) == 0


def _card_difference(before: Counter[Any], after: Counter[Any]) -> str:
    lost = before - after
    made = after - before
    return f"lost {dict(lost)}, created {dict(made)}"
