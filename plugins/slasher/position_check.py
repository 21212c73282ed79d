"""Why a slasher state cannot arise under the rules: the bounds a hand-edited position can break that
the declaration cannot say (`DeclaredState.position_problem`, asked only when a position is read)."""

from __future__ import annotations

from corekit.game import rolling_log_problem
from corekit.words import counted
from plugins.slasher.cards import is_location, name
from plugins.slasher.game import ATTACK, HAND, LOG_LENGTH, OVER, TURN, AllDead, SlasherState


def position_problem(state: SlasherState) -> str | None:
    """Why this state cannot arise under the rules (RULES.md), in one line naming the field, or None.

    The bounds a hand-edited position can break that the declaration cannot say. Only what every seat's
    position shows is judged (sizes, tabled and discarded cards, public fields), so a seat's position gets
    the same answer however its unseen cards are dealt. A face-down killer that is no killer is the
    declaration's to refuse (`accepts`)."""
    if len(state.turns.alive) != state.players:
        return f"fields.turns.alive: {len(state.turns.alive)} seats, but the match has {state.players}"
    if state.phase not in (TURN, ATTACK, OVER):
        return f"fields.phase: {state.phase!r} is none of {TURN!r}, {ATTACK!r}, {OVER!r}"
    for check in (_counters_problem, _seats_problem, _phase_problem, _turns_problem):
        problem = check(state)
        if problem is not None:
            return problem
    return None


def _turns_problem(state: SlasherState) -> str | None:
    """Asked last: the other bounds name a hand-edited count more precisely."""
    stall, turn, limit = state.stall, state.turn, state.options.stall_turns
    # A turn kills (the count starts again) or adds one to the count, which stays below the limit while the match
    # runs: so the turns before the last death are at most stall_turns for each teen dead.
    played, dead = turn - (0 if state.phase == OVER else 1), state.turns.alive.count(False)
    if played > stall + dead * limit:
        return (
            f"fields.turn: {turn}, but {counted(dead, 'teen')} dead and a stall of {stall} allow "
            f"{stall + dead * limit} turns played at most (a teen dies within stall_turns={limit} turns of the last)"
        )
    return None


def _counters_problem(state: SlasherState) -> str | None:
    stall, turn, limit, over = state.stall, state.turn, state.options.stall_turns, state.phase == OVER
    if turn < 1:
        return f"fields.turn: {turn}, but turns are numbered from 1"
    if stall < 0:
        return f"fields.stall: {stall} is negative"
    # Each turn ends with the count raised by one or reset; only the stall rule's last count is not followed by
    # a new turn.
    if stall > turn - (0 if over else 1):
        return f"fields.stall: {stall} turns without a death, but this is turn {turn}"
    if stall >= limit and not over:
        return f"fields.stall: {stall} turns without a death end the match (stall_turns={limit}), but it goes on"
    if stall > limit:
        return f"fields.stall: {stall} is past stall_turns={limit}, where the match ended"
    if problem := rolling_log_problem(state.log, state.said, LOG_LENGTH):
        return problem
    return None


def _seats_problem(state: SlasherState) -> str | None:
    alive = state.turns.alive
    for seat in range(state.players):
        hand, killer, stack = state.hands[seat], state.killers[seat], state.stacks[seat]
        if not alive[seat] and (hand or killer):
            where = "hands" if hand else "killers"
            return f"fields.{where}[{seat}]: seat {seat}'s teen is dead, but holds cards (the dead discard their hands)"
        if not alive[seat] and stack:
            return (
                f"fields.stacks[{seat}]: seat {seat}'s teen is dead, but has locations tabled (the dead discard them)"
            )
        if len(hand) + len(killer) > HAND:
            held = f"{len(hand)} cards" + (" and a killer face down" if killer else "")
            return f"fields.hands[{seat}]: {held}, but a hand is filled to {HAND} and never past it"
        if len(killer) > 1:
            return f"fields.killers[{seat}]: {len(killer)} killers face down, but one is played at a time"
        wrong = [card for card in stack if not is_location(card)]
        if wrong:
            return f"fields.stacks[{seat}]: {name(wrong[0])} is tabled, but only locations are"
        # No rule turns a hand's card, a face-down killer or the deck's top face up.
        for zone, shown in ((hand, f"hands {seat}"), (killer, f"killers {seat}")):
            if zone.up:
                return f"face_up.{shown}: {zone.up} of its cards face up, but no rule of slasher turns them face up"
    if state.deck.up:
        return f"face_up.deck: {state.deck.up} of its cards face up, but no rule of slasher turns them face up"
    if len(set(state.winners)) != len(state.winners):
        return f"fields.winners: {list(state.winners)} names a seat twice"
    return None


def _phase_problem(state: SlasherState) -> str | None:
    phase, window, living = state.phase, state.window, state.turns.living
    if phase != ATTACK:
        if window is not None:
            return f"fields.window: a reaction window is open, but no killer is played (phase {phase!r})"
        if state.negated or state.panicked:
            flag = "negated" if state.negated else "panicked"
            return f"fields.{flag}: true, but no attack is on (phase {phase!r}); it lasts one attack"
        down = [seat for seat in range(state.players) if state.killers[seat]]
        if down:
            return f"fields.killers[{down[0]}]: a killer lies face down, but no attack is on (phase {phase!r})"
    if phase == OVER:
        return _over_problem(state)
    if state.winners:
        return f"fields.winners: {list(state.winners)}, but the match is not over (phase {phase!r})"
    if len(living) < 2:
        return (
            f"fields.turns.alive: {len(living)} of {state.players} teens alive, but the match is not over "
            f"(phase {phase!r})"
        )
    current = state.turns.current
    if not state.turns.alive[current]:
        return f"fields.turns.current: seat {current}'s teen is dead, but it is that seat's {phase}"
    if phase == TURN:
        short = [seat for seat in living if len(state.hands[seat]) != HAND]
        if short:
            seat = short[0]
            held = len(state.hands[seat])
            return f"fields.hands[{seat}]: {held} cards on a turn, but every living hand is filled to {HAND}"
        return None
    return _attack_problem(state)


def _attack_problem(state: SlasherState) -> str | None:
    window, current, living = state.window, state.turns.current, state.turns.living
    if window is None:
        return "fields.window: none, but an attack is on (phase 'attack'): the killer strikes as its window closes"
    if not state.killers[current]:
        return f"fields.killers[{current}]: empty, but seat {current} opened the attack with a killer face down"
    other = [seat for seat in range(state.players) if seat != current and state.killers[seat]]
    if other:
        return f"fields.killers[{other[0]}]: a killer face down, but only seat {current}, whose attack it is, has one"
    order = state.turns.living_from(current)
    if window.order != order:
        return (
            f"fields.window.order: {list(window.order)}, but priority goes round every living seat once from the "
            f"attacker, seat {current}: {list(order)}"
        )
    if window.passes >= len(order):
        return f"fields.window.passes: {window.passes} passes in a row, but the killer strikes after {len(order)}"
    if window.reactions == 0 and window.position != window.passes:
        return (
            f"fields.window.position: {window.position}, but no reaction was played and each of the {window.passes} "
            "passes moved priority one seat on from the attacker"
        )
    if (state.negated or state.panicked) and window.reactions == 0:
        flag = "negated" if state.negated else "panicked"
        return f"fields.{flag}: true, but no reaction has been played in this attack"
    placed = [seat for seat in living if not state.stacks[seat]]
    if placed:
        return f"fields.stacks[{placed[0]}]: empty, but a killer is played only once every living teen has a location"
    # The attack opened with every living hand full, less the killer (and the optional rule's discard); hands are
    # not refilled before the strike, and each reaction took one card.
    held = sum(len(state.hands[seat]) for seat in living)
    left = HAND * len(living) - 1 - window.reactions
    if held != left and not (held == left - 1 and state.options.discard_one):
        discard = ", perhaps one discard" if state.options.discard_one else ""
        return (
            f"fields.hands: the living hands hold {held} cards, but {left} are left after {window.reactions} reactions "
            f"(full hands of {HAND} at the attack, less the killer{discard} and a card a reaction)"
        )
    return None


def _over_problem(state: SlasherState) -> str | None:
    winners, living = state.winners, state.turns.living
    if living and winners != living:
        return f"fields.winners: {list(winners)}, but the living teens {list(living)} share the win of a match over"
    if len(living) > 1 and state.stall != state.options.stall_turns:
        # Only the stall rule ends a match with teens alive, when the count reaches its limit (`_counters_problem`
        # refused a count past it): the count is what falls short.
        return (
            f"fields.stall: {state.stall}, short of stall_turns={state.options.stall_turns}, but the match is over "
            f"with {len(living)} teens alive, which only the stall rule ends"
        )
    if not living and state.options.all_dead == AllDead.NOBODY and winners:
        return f"fields.winners: {list(winners)}, but nobody wins when the last teens die together (all_dead=nobody)"
    if not living and state.options.all_dead == AllDead.SHARE and not winners:
        return "fields.winners: none, but the last teens to die share the win (all_dead=share)"
    return None
