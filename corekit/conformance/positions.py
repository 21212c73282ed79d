"""The check that a state written as a position reads back as the same state (`_check_position`)."""

from __future__ import annotations

from typing import Any

from corekit import leaks, position
from corekit.conformance.difference import state_difference
from corekit.conformance.report import Report
from corekit.conformance.state_checks import _check_sample
from corekit.errors import error_line, raised_at
from corekit.game import Game
from corekit.rng import Rng


def _check_position(game: Game, state: Any, seat: int, step: int, where: str, report: Report) -> None:
    """The state written as a position (`corekit.position`) reads back as the same state, which samples soundly, and
    as `seat` writes it, as a state that seat cannot tell apart: what `campfire position` writes, `campfire suggest`
    can read. The first failure ends the run's position checks (`Report.position_failed`)."""
    failures = len(report.failures)

    def failed(message: str) -> None:
        report.position_failed = True
        report.fail(f"{where}: {message}; {_POSITION_HELP}")

    try:
        whole = position.loads(game, position.dumps(state))
    except (Exception, SystemExit) as error:
        return failed(f"the position of this state is not read back: {error_line(error)}{raised_at(error, game)}")
    if whole.digest() != state.digest():
        difference = state_difference(whole, state)
        return failed(f"the position of this state reads back as another state: {difference} (read back vs state)")
    _check_sample(whole, seat, Rng(step), f"{where} (the position of this state read back)", report)
    if len(report.failures) > failures:
        report.position_failed = True
        return None
    try:
        seen = position.loads(game, position.dumps(state, seat), seed=step)
    except (Exception, SystemExit) as error:
        return failed(
            f"seat {seat}'s position of this state is not read back: {error_line(error)}{raised_at(error, game)}"
        )
    if not leaks.alike(seen.observation(seat), state.observation(seat)):
        difference = leaks.first_difference(seen.observation(seat), state.observation(seat))
        return failed(
            f"seat {seat}'s position of this state reads back as a state it can tell apart: {difference} (read back "
            "vs state)"
        )
    return None


_POSITION_HELP = (
    "a position is what campfire position writes and campfire suggest reads: cards other than ints and strs need "
    "Game.card_name and card_named, and public fields annotations that name their item types (docs/writing-a-game.md, "
    "section 7); no other position is read back in this run"
)
