"""Card effects: the interpreter of the steps a card's text is made of (heal, injure, horrify, Tempt Fate,
Foolin' Around...). Every verb of `content.VERBS` that a card's effect may carry has a handler here; one
without a handler is an error in the content, raised where it is met."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from corekit import GameError
from plugins.camp_grizzly.content import WOODS, Op, load
from plugins.camp_grizzly.phases import FOOL, Phase

if TYPE_CHECKING:
    from plugins.camp_grizzly.state import CampState

CONTENT = load()

Handler = Callable[["CampState", int, int], None]


def _horrify_cabin(state: CampState, seat: int, n: int) -> None:
    for s in sorted(state.in_cabin(state.location[seat])):  # in seat order
        state.horrify(s)


def _heal_pair(state: CampState, seat: int, n: int) -> None:
    state.heal(seat, n)
    if state.partner >= 0:
        state.heal(state.partner, n)


def _survival(state: CampState, seat: int, n: int) -> None:
    for _ in range(n):
        state.draw_survival(seat)


def _otis(state: CampState, space: int, news: str) -> None:
    state.otis = space
    state.say(news)


def _stat(stat: str) -> Handler:
    def change(state: CampState, seat: int, n: int) -> None:
        from plugins.camp_grizzly.otis import OTIS

        OTIS.change(state, stat, n)

    return change


QUIET: dict[str, Handler] = {
    "heal": lambda state, seat, n: state.heal(seat, n),
    "injure": lambda state, seat, n: state.hurt(seat, n),
    "horrify": lambda state, seat, n: state.horrify(seat),
    "survival": _survival,
}
"""The steps that never interrupt (a stalking cameo's effect uses only these)."""
STEPS: dict[str, Handler] = {
    **QUIET,
    "heal_pair": _heal_pair,
    "horrify_cabin": _horrify_cabin,
    "move": lambda state, seat, n: setattr(state, "move_left", state.move_left + n),
    "body": lambda state, seat, n: state.raise_body(n),
    "lure": lambda state, seat, n: _otis(state, -1, "Otis is lurking"),
    "shed": lambda state, seat, n: _otis(state, CONTENT.tool_shed, "Otis returns to the tool shed"),
    **{stat: _stat(stat) for stat in ("stalk", "attack", "damage")},  # Otis's card
}
"""The steps that resolve at once; `fool`, `tempt` and `strike` interrupt (see `Effects.run`)."""


class Effects:
    """Resolves a card's effect steps on a state."""

    def run(self, state: CampState, seat: int, ops: tuple[Op, ...], then: Phase) -> None:
        """Resolve `ops` in order, then carry on with `then`; a Foolin' choice or a strike interrupts, and
        `then` waits on the pending stack. A verb without a handler raises GameError."""
        from plugins.camp_grizzly.otis import OTIS

        for i, op in enumerate(ops):
            verb = op.verb
            step = STEPS.get(verb)
            if step is not None:
                step(state, seat, op.n)
                if verb == "injure" and not state.turn.alive[seat]:
                    break
            elif verb == "fool":
                if state.fool_partners():
                    state.waiting_ops = ops[i + 1 :]
                    state.pending.append(then)
                    state.phase = FOOL
                    return
            elif verb == "tempt":
                self.tempt(state, seat, op.n, then)
                return
            elif verb == "strike":
                here = state.location[seat]
                OTIS.strike(state, here, then, seats=[seat] if here == WOODS else None)
                return
            else:
                raise GameError(f"camp-grizzly: no rule resolves the effect step {verb!r}")
        state.resume(then)

    def quietly(self, state: CampState, seat: int, ops: tuple[Op, ...]) -> None:
        """Resolve effect steps that never interrupt (a stalking cameo's); any other verb raises GameError."""
        for op in ops:
            step = QUIET.get(op.verb)
            if step is None:
                raise GameError(f"camp-grizzly: the effect step {op.verb!r} cannot resolve outside a turn")
            step(state, seat, op.n)

    def draw_fate(self, state: CampState, seat: int, x: int) -> int:
        """Tempt Fate's draw: X Cabin cards drawn and discarded; the number of red ones."""
        red = 0
        for _ in range(x):
            card = state.draw_or_reshuffle(state.cabin_deck, state.cabin_discard, state.cabin_discard)
            if card is None:
                break
            red += CONTENT.cards[card].red
        state.say(f"{state.name(seat)} tempts fate ({x}): {red} red card{'s' * (red != 1)}")
        return red

    def tempt(self, state: CampState, seat: int, x: int, then: Phase) -> None:
        """Tempt Fate (X): draw X Cabin cards; any red card means Otis Strikes!, +1 per extra red."""
        from plugins.camp_grizzly.otis import OTIS

        red = self.draw_fate(state, seat, x)
        if red:
            OTIS.strike(state, state.location[seat], then, bonus=red - 1)
        else:
            state.resume(then)


EFFECTS = Effects()
