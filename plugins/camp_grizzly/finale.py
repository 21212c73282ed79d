"""Finales and No Escape!: starting a finale (consent or a majority), resolving its directions with dice,
winning or failing, and re-seeding the objectives when no finale is possible."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from plugins.camp_grizzly.content import FINALE, load, survive
from plugins.camp_grizzly.otis import OTIS
from plugins.camp_grizzly.phases import CONSENT, END, IN_FINALE, MOVE, OVER

if TYPE_CHECKING:
    from plugins.camp_grizzly.state import CampState

CONTENT = load()


def holders(state: CampState, f: int) -> list[int] | None:
    """The holder of each needed objective among the counselors on the red arrow (the active one's own
    cards first), if the active counselor stands there holding at least one; else None."""
    seat = state.active
    if f in state.failed or state.location[seat] != CONTENT.arrows[f]:
        return None
    plan = cards_for(state, f, _present(state))
    if plan is None:
        return None
    found = [s for s, _ in plan]
    return found if seat in found else None


def _present(state: CampState) -> list[int]:
    """The active counselor and the others on its space."""
    me = state.active
    here = state.location[me]
    return [me] + [s for s in range(state.players) if s != me and state.turn.alive[s] and state.location[s] == here]


def cards_for(state: CampState, f: int, present: list[int]) -> list[tuple[int, int]] | None:
    """(holder, card) for each objective of finale f among `present` (earlier seats' cards first)."""
    cards = CONTENT.cards
    used: list[int] = []
    plan: list[tuple[int, int]] = []
    for kind in CONTENT.finales[f].needs:
        found = next(
            ((s, c) for s in present for c in state.objectives[s] if c not in used and cards[c].objective == kind),
            None,
        )
        if found is None:
            return None
        plan.append(found)
        used.append(found[1])
    return plan


def propose(state: CampState, seat: int, f: int) -> None:
    """Start a finale: alone with a majority of its objectives, else with the holders' consent."""
    found = holders(state, f)
    assert found is not None  # a legal action
    if found.count(seat) >= 2:
        start(state, f)
        return
    state.consent_finale = f
    state.consent_queue = sorted(set(found) - {seat})
    state.phase = CONSENT


def agree(state: CampState, seat: int) -> None:
    """A holder agrees; the last one's consent starts the finale."""
    state.consent_queue.pop(0)
    if not state.consent_queue:
        start(state, state.consent_finale)


def refuse(state: CampState, seat: int) -> None:
    """A holder refuses: the finale is not proposed again this turn."""
    state.say(f"{state.name(seat)} will not start the {CONTENT.finales[state.consent_finale].name} finale yet")
    state.refused.append(state.consent_finale)
    state.consent_queue = []
    state.phase = MOVE


def start(state: CampState, f: int) -> None:
    """Everyone in the red arrow's cabin moves onto the finale card."""
    state.finale_party = state.in_cabin(CONTENT.arrows[f])
    plan = cards_for(state, f, _present(state))
    assert plan is not None  # checked by the proposal
    state.finale_objectives = [c for _, c in plan]
    for s in state.finale_party:
        state.location[s] = FINALE
    state.finale = f
    state.finale_step = 0
    state.say(f"FINALE: the {CONTENT.finales[f].name}! " + ", ".join(state.name(s) for s in state.finale_party))
    run(state)


def run(state: CampState) -> None:
    """Resolve the directions top to bottom with dice; survivors of the last line win."""
    card = CONTENT.finales[state.finale]
    while True:
        if state.ended_or_hopeless():
            return
        party = [s for s in state.finale_party if state.turn.alive[s]]
        if not party:
            fail(state)
            return
        if state.finale_step >= len(card.steps):
            state.winners = tuple(party)
            state.over = True
            state.phase = OVER
            state.say(f"The {card.name} finale succeeds: {survive([state.name(s) for s in party])}")
            return
        step = card.steps[state.finale_step]
        state.finale_step += 1
        if step.kind == "each":
            for s in party:
                roll = state.rng.die(step.die) - (1 if state.horror[s] else 0)
                if roll < step.target:
                    state.hurt(s, int(step.outcome))
            state.say(f"{step.text} (each rolls d{step.die}, {step.target}+ or injured)")
        elif step.kind == "group":
            natural = state.rng.die(step.die)
            horrified = any(state.horror[s] for s in party)  # the roll of every counselor on the card
            roll = natural - 1 if horrified else natural
            rolled = f"{natural} - 1 horrified = {roll}" if horrified else str(roll)
            state.say(f"{step.text} (d{step.die}: {rolled}, needs {step.target})")
            if roll < step.target:
                if step.outcome == "fail":
                    fail(state)
                else:
                    OTIS.strike(state, FINALE, IN_FINALE, seats=party)
                return
        else:
            state.say(step.text)
            OTIS.strike(state, FINALE, IN_FINALE, bonus=step.bonus, seats=party)
            return


def fail(state: CampState) -> None:
    """A failed finale is discarded; survivors go back to its red arrow and the turn ends."""
    f = state.finale
    state.failed.append(f)
    for s in state.finale_party:
        if state.turn.alive[s]:
            state.location[s] = CONTENT.arrows[f]
    # The objectives spent on a failed attempt are gone (back to the "?" pile for No Escape!).
    for card in state.finale_objectives:
        for s in range(state.players):
            if card in state.objectives[s]:
                state.move(card, state.objectives[s], state.micro_used)
                break
        else:
            state.lift(card, state.ground, state.micro_used)
    state.finale_objectives = []
    state.finale = -1
    state.finale_party = []
    state.say(f"The {CONTENT.finales[f].name} finale fails")
    no_escape(state)
    state.ended = True
    state.resume(END)


def no_escape(state: CampState) -> None:
    """No Escape!: every "?" revealed and no finale possible: new "?" cards on the setup's spaces."""
    if state.mystery_spaces or any(possible(state, f) for f in range(len(CONTENT.finales))):
        return
    if not state.mystery_deck and state.micro_used:
        state.reshuffle(state.micro_used, state.mystery_deck)
    for name in CONTENT.setups[state.options.setup.value].objectives:
        if state.mystery_deck:
            state.draw(state.mystery_deck, state.mysteries)
            state.mystery_spaces.append(CONTENT.index[name])
    state.say("No Escape! New objectives are hidden around the camp")


def possible(state: CampState, f: int) -> bool:
    """Could the objectives in play (held by the living, or lying on the ground) start finale f?"""
    if f in state.failed:
        return False
    cards = CONTENT.cards
    have = Counter(cards[c].objective for s in state.turn.living for c in state.objectives[s])
    have.update(cards[c].objective for c in state.ground if cards[c].objective)
    return not Counter(CONTENT.finales[f].needs) - have
