"""Card effects: the steps a card's text is made of (heal, injure, horrify, Tempt Fate, Foolin' Around...),
Survival draws and horror. A mixin of `CampState`."""

from __future__ import annotations

from corekit import draw_or_reshuffle
from plugins.camp_grizzly.content import WOODS


class Effects:
    """Resolving card text."""

    __slots__ = ()

    def _run_ops(self, seat: int, ops: tuple, resume: str) -> None:
        """Resolve a card's effect steps in order; a Foolin' choice or a strike interrupts."""
        for i, op in enumerate(ops):
            verb, n = op.verb, op.n
            if verb == "fool":
                if self._fool_partners():
                    self.fool_ops = ops[i + 1 :]
                    self.phase = "fool"
                    return
            elif verb == "heal":
                self._heal(seat, n)
            elif verb == "heal_pair":
                self._heal(seat, n)
                if self.partner >= 0:
                    self._heal(self.partner, n)
            elif verb == "injure":
                self._hurt(seat, n)
                if not self.alive[seat]:
                    break
            elif verb == "horrify":
                self._horrify(seat)
            elif verb == "horrify_cabin":
                cabin = self.C.cabin_of[self.loc[seat]]
                for s in range(self.players):
                    if self.alive[s] and self.loc[s] >= 0 and self.C.cabin_of[self.loc[s]] == cabin:
                        self._horrify(s)
            elif verb == "survival":
                for _ in range(n):
                    self._draw_survival(seat)
            elif verb == "tempt":
                self._tempt(seat, n, resume)
                return
            elif verb == "strike":
                self._strike(self.loc[seat], resume, seats=[seat] if self.loc[seat] == WOODS else None)
                return
            elif verb == "move":
                self.move_left += n
            elif verb == "body":
                self._raise_body(n)
            elif verb in ("lure", "shed"):
                self.otis = -1 if verb == "lure" else self.C.tool_shed
                self._say("Otis is lurking" if verb == "lure" else "Otis returns to the tool shed")
            elif verb in ("stalk", "attack", "damage"):
                self._otis_stat(verb, n)
        self._resume(resume)

    def _tempt(self, seat: int, x: int, resume: str) -> None:
        """Tempt Fate (X): draw X Cabin cards; any red card means Otis Strikes!, +1 per extra red."""
        red = 0
        for _ in range(x):
            card = draw_or_reshuffle(self.cab_deck, self.cab_discard, self.rng)
            if card is None:
                break
            self.cab_discard.append(card)
            red += self.C.cards[card].red
        self._say(f"{self.name(seat)} tempts fate ({x}): {red} red card{'s' * (red != 1)}")
        if red:
            self._strike(self.loc[seat], resume, bonus=red - 1)
        else:
            self._resume(resume)

    def _draw_survival(self, seat: int) -> None:
        """A Survival card: permanent ones are played face up at once, single-use ones are kept."""
        card = draw_or_reshuffle(self.surv_deck, self.surv_discard, self.rng)
        if card is None:
            return
        info = self.C.cards[card]
        (self.perms if info.kind == "permanent" else self.pack)[seat].append(card)
        self._say(f"{self.name(seat)} draws the Survival card {info.name}")

    def _horrify(self, seat: int) -> None:
        """Horrified: the turn ends at once; -1 to rolls until the end of the counselor's next turn."""
        own = seat == self.active and self.phase != "otis"
        self.horror[seat] = 2 if own else max(self.horror[seat], 1)
        if own:
            self.ended = True
        if self.hmark[seat] < 0:
            marks = [c for c in self.supply if self.C.cards[c].kind == "horrified"]
            if marks:
                self.supply.remove(marks[0])
                self.hmark[seat] = marks[0]
        self._say(f"{self.name(seat)} is horrified")
