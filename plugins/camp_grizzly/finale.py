"""Finales and No Escape!: starting a finale (consent or a majority), resolving its directions with
dice, winning or failing, and re-seeding the objectives when no finale is possible. A mixin of `CampState`."""

from __future__ import annotations

from collections import Counter

from plugins.camp_grizzly.content import FINALE


class Finales:
    """Rules about the finales."""

    __slots__ = ()

    def finale_holders(self, f: int) -> list[int] | None:
        """The holder of each needed objective among the counselors on the red arrow (the active one's
        own cards first), if the active counselor stands there holding at least one; else None."""
        C = self.C
        seat = self.active
        if f in self.failed or self.loc[seat] != C.arrows[f]:
            return None
        here = self.loc[seat]
        present = [seat] + [s for s in range(self.players) if s != seat and self.alive[s] and self.loc[s] == here]
        plan = self.finale_cards(f, present)
        if plan is None:
            return None
        holders = [s for s, _ in plan]
        return holders if seat in holders else None

    def finale_cards(self, f: int, present: list[int]) -> list[tuple[int, int]] | None:
        """(holder, card) for each objective of finale f among `present` (earlier seats' cards first)."""
        C = self.C
        used: list[int] = []
        plan: list[tuple[int, int]] = []
        for kind in C.finales[f].needs:
            found = next(
                ((s, c) for s in present for c in self.objs[s] if c not in used and C.cards[c].objective == kind),
                None,
            )
            if found is None:
                return None
            plan.append(found)
            used.append(found[1])
        return plan

    def _finale_plan(self, f: int) -> list[int] | None:
        return self.finale_holders(f)

    def _do_finale(self, seat: int, f: int) -> None:
        """Start a finale: alone with a majority of its objectives, else with the holders' consent."""
        holders = self.finale_holders(f)
        if holders.count(seat) >= 2:
            self._start_finale(f)
            return
        self.c_finale = f
        self.c_queue = sorted(set(holders) - {seat})
        self.phase = "consent"

    def _do_agree(self, seat: int) -> None:
        self.c_queue.pop(0)
        if not self.c_queue:
            self._start_finale(self.c_finale)

    def _do_refuse(self, seat: int) -> None:
        self._say(f"{self.name(seat)} will not start the {self.C.finales[self.c_finale].name} finale yet")
        self.refused.append(self.c_finale)
        self.c_queue = []
        self.phase = "move"

    def _start_finale(self, f: int) -> None:
        """Everyone in the red arrow's cabin moves onto the finale card."""
        C = self.C
        cabin = C.cabin_of[C.arrows[f]]
        self.f_seats = [
            s for s in self._order() if self.alive[s] and self.loc[s] >= 0 and C.cabin_of[self.loc[s]] == cabin
        ]
        here, me = self.loc[self.active], self.active
        present = [me] + [s for s in range(self.players) if s != me and self.alive[s] and self.loc[s] == here]
        self.f_used = [c for _, c in self.finale_cards(f, present)]
        for s in self.f_seats:
            self.loc[s] = FINALE
        self.f_id = f
        self.f_step = 0
        self._say(f"FINALE: the {C.finales[f].name}! " + ", ".join(self.name(s) for s in self.f_seats))
        self._run_finale()

    def _run_finale(self) -> None:
        """Resolve the directions top to bottom with dice; survivors of the last line win."""
        C = self.C
        finale = C.finales[self.f_id]
        while True:
            if self._ended_or_hopeless():
                return
            party = [s for s in self.f_seats if self.alive[s]]
            if not party:
                self._finale_fail()
                return
            if self.f_step >= len(finale.steps):
                self.winners = tuple(party)
                self.over = True
                self.phase = "over"
                self._say(f"The {finale.name} finale succeeds: " + ", ".join(self.name(s) for s in party) + " survive!")
                return
            step = finale.steps[self.f_step]
            self.f_step += 1
            if step.kind == "each":
                for s in party:
                    roll = self.rng.die(step.die) - (1 if self.horror[s] else 0)
                    if roll < step.target:
                        self._hurt(s, int(step.outcome))
                self._say(f"{step.text} (each rolls d{step.die}, {step.target}+ or injured)")
            elif step.kind == "group":
                roll = self.rng.die(step.die)
                self._say(f"{step.text} (d{step.die}: {roll}, needs {step.target})")
                if roll < step.target:
                    if step.outcome == "fail":
                        self._finale_fail()
                    else:
                        self._strike(FINALE, "finale", seats=party)
                    return
            else:
                self._say(step.text)
                self._strike(FINALE, "finale", bonus=step.bonus, seats=party)
                return

    def _finale_fail(self) -> None:
        """A failed finale is discarded; survivors go back to its red arrow and the turn ends."""
        C = self.C
        f = self.f_id
        self.failed.append(f)
        for s in self.f_seats:
            if self.alive[s]:
                self.loc[s] = C.arrows[f]
        # The objectives spent on a failed attempt are gone (back to the "?" pile for No Escape!).
        for card in self.f_used:
            for s in range(self.players):
                if card in self.objs[s]:
                    self.objs[s].remove(card)
                    break
            else:
                self.ground = [e for e in self.ground if e[1] != card]
            self.micro_used.append(card)
        self.f_used = []
        self.f_id = -1
        self.f_seats = []
        self._say(f"The {C.finales[f].name} finale fails")
        self._no_escape()
        self.ended = True
        self._resume("end")

    def _no_escape(self) -> None:
        """No Escape!: every "?" revealed and no finale possible: new "?" cards on the setup's spaces."""
        if self.qs or any(self.finale_possible(f) for f in range(len(self.C.finales))):
            return
        if not self.q_deck and self.micro_used:
            self.q_deck, self.micro_used = self.micro_used, []
            self.rng.shuffle(self.q_deck)
        for name in self.C.setups[self.options.setup.value].objectives:
            if self.q_deck:
                self.qs.append((self.C.index[name], self.q_deck.pop()))
        self._say("No Escape! New objectives are hidden around the camp")

    def finale_possible(self, f: int) -> bool:
        """Could the objectives in play (held by the living, or lying on the ground) start finale f?"""
        if f in self.failed:
            return False
        cards = self.C.cards
        have = Counter(cards[c].objective for s in range(self.players) if self.alive[s] for c in self.objs[s])
        have.update(cards[c].objective for _, c in self.ground if cards[c].objective)
        return not Counter(self.C.finales[f].needs) - have
