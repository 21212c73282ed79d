"""Why a grizzly-race state cannot arise under the rules: the bounds a hand-edited position can break that
the declaration cannot say (`DeclaredState.position_problem`, asked only when a position is read)."""

from __future__ import annotations

from corekit.words import counted
from plugins.grizzly_race.game import GUARDS, HAND, SUPER, RaceState


def position_problem(state: RaceState) -> str | None:
    """Why this state cannot arise under the rules (RULES.md), in one line naming the field, or None.

    The bounds a hand-edited position can break that the declaration cannot say. While the race runs, only
    what a seat's position shows is judged (sizes, face-up cards, public fields), so a seat's position gets
    the same answer however its unseen cards are dealt; once it is over every card is shown."""
    for check in (_counters_problem, _lanes_problem, _rounds_problem, _battles_problem, _end_problem):
        problem = check(state)
        if problem is not None:
            return problem
    return None


def _counters_problem(state: RaceState) -> str | None:
    rounds, stall, limit = state.round, state.stall, state.options.stall_rounds
    if rounds < 0:
        return f"fields.round: {rounds} is negative"
    if stall < 0:
        return f"fields.stall: {stall} is negative"
    if stall > rounds:
        return f"fields.stall: {stall} rounds without a beaten guard, but only {counted(rounds, 'round')} were played"
    if stall >= limit and not state.winners:
        # The stall rule (RULES.md 7) ends the race in the round the count reaches the limit.
        return (
            f"fields.stall: {stall} rounds without a beaten guard end the race (stall_rounds={limit}), but it goes on"
        )
    if stall > limit:
        return f"fields.stall: {stall} is past stall_rounds={limit}, where the race ended"
    if state.reserve and rounds < HAND:
        # The reserve is the rest of the first reshuffle, at a refill: a hand empties after 7 plays at least.
        return (
            f"fields.reserve: {len(state.reserve)} cards after {counted(rounds, 'round')}, but no hand runs out in "
            f"fewer than {HAND}"
        )
    return None


def _lanes_problem(state: RaceState) -> str | None:
    over, rounds = bool(state.winners), state.round
    played = counted(rounds, "round")
    for seat in range(state.players):
        column, hand = state.guards[seat], state.hands[seat]
        if len(column) > GUARDS:
            return f"fields.guards[{seat}]: {len(column)} guards, but a seat starts with {GUARDS} and never gains one"
        if not column and not over:
            return f"fields.guards[{seat}]: no guards left, but the race is not over (winners is empty)"
        if GUARDS - len(column) > rounds:
            beaten = GUARDS - len(column)
            return f"fields.guards[{seat}]: {beaten} guards beaten in {played}, but one falls a round at most"
        if len(hand) > HAND:
            return (
                f"fields.hands[{seat}]: {len(hand)} cards, but a hand holds at most {HAND} (a refill tops it up "
                f"to {HAND})"
            )
        if not hand and not over:
            return f"fields.hands[{seat}]: empty in a race not over, but a seat that runs out refills to {HAND} at once"
        if len(hand) < HAND - rounds:
            return (
                f"fields.hands[{seat}]: {len(hand)} cards after {played}, but a hand of {HAND} plays one card a round"
            )
        if not state.supercard[seat] and rounds == 0:
            return f"fields.supercard[{seat}]: spent, but no round has been played"
        if not over and hand.up:
            # Hands and the reserve are shown only at the end (`reveal_all`).
            return f"face_up.hands {seat}: {hand.up} of its cards face up, but a hand is shown only at the end"
        if not over and column.up > 1:
            return (
                f"face_up.guards {seat}: {column.up} of its cards face up, but before the end only the top guard can be"
            )
    if not over and state.reserve.up:
        return f"face_up.reserve: {state.reserve.up} of its cards face up, but the reserve is shown only at the end"
    return None


def _rounds_problem(state: RaceState) -> str | None:
    """Asked once each column is known to hold at most its six guards."""
    rounds, stall, limit = state.round, state.stall, state.options.stall_rounds
    # A round beats a guard (the count starts again) or adds one to the count, which stays below the limit while the
    # race runs: so the rounds before the last guard fell are at most stall_rounds for each guard beaten.
    beaten = sum(GUARDS - len(column) for column in state.guards)
    if rounds > stall + beaten * limit:
        return (
            f"fields.round: {rounds} rounds, but {counted(beaten, 'guard')} beaten and a stall of {stall} allow "
            f"{stall + beaten * limit} at most (a guard falls within stall_rounds={limit} rounds of the last)"
        )
    return None


def _battles_problem(state: RaceState) -> str | None:
    battles, over = state.last_round, bool(state.winners)
    if state.round == 0:
        return "fields.last_round: battles, but no round has been played" if battles else None
    seats = [battle.seat for battle in battles]
    if seats != list(range(state.players)):
        return f"fields.last_round: battles of seats {seats}, but a round has one battle per seat, in seat order"
    if any(battle.won for battle in battles) == (state.stall > 0):
        # The count starts again at a round that beat a guard, and goes up at one that beat none.
        return f"fields.stall: {state.stall}, but the last round {'beat a guard' if state.stall else 'beat no guard'}"
    for at, battle in enumerate(battles):
        seat, played, guard = battle.seat, battle.played, battle.guard
        if not 1 <= played <= SUPER:
            return f"fields.last_round[{at}].played: {played} is no play (1-5 a card, {SUPER} the supercard)"
        if not 1 <= guard <= 5:
            return f"fields.last_round[{at}].guard: {guard} is no card (strengths 1-5)"
        if battle.won != (played == SUPER or played >= guard):
            return f"fields.last_round[{at}].won: {battle.won}, but {played} against a guard of {guard} says otherwise"
        if played == SUPER and state.supercard[seat]:
            return f"fields.supercard[{seat}]: unspent, but seat {seat} played it last round"
        column = state.guards[seat]
        if not battle.won and (not column or column[-1] != guard):
            top = column[-1] if column else "none"
            return (
                f"fields.guards[{seat}]: the top guard is {top}, but the {guard} that beat seat {seat} last round stays"
            )
        if not over and column.up != (0 if battle.won else 1):
            # A guard that won lies face up; one beaten makes way for the next, face down.
            outcome = "won" if battle.won else "lost"
            return f"face_up.guards {seat}: {column.up} of its cards face up, but seat {seat} {outcome} its last battle"
    return None


def _end_problem(state: RaceState) -> str | None:
    winners, players, commitments = state.winners, state.players, state.commitments
    if not winners:
        if state.deadlock:
            return "fields.deadlock: true, but the race is not over (winners is empty)"
        if commitments.seats != tuple(range(players)):
            return f"fields.commitments.seats: {list(commitments.seats)} decide, but every seat plays in every round"
        if not commitments.waiting:
            return (
                "fields.commitments.chosen: every seat has committed, but the battle is fought as the last card is in"
            )
        return None
    if commitments.seats or commitments.chosen:
        return (
            f"fields.winners: {list(winners)}, but seats {list(commitments.seats)} still decide this round "
            "(commitments)"
        )
    if any(not 0 <= seat < players for seat in winners) or list(winners) != sorted(set(winners)):
        return f"fields.winners: {list(winners)} are not distinct seats of {players} in seat order"
    finished = [seat for seat in range(players) if not state.guards[seat]]
    if finished:
        if list(winners) != finished:
            return f"fields.winners: {list(winners)}, but the seats past all their guards, {finished}, share the win"
        if state.deadlock:
            return f"fields.deadlock: true, but seats {finished} got past all their guards"
        return None
    if list(winners) != list(range(players)):
        return f"fields.winners: {list(winners)}, but a deadlock or stall is a draw: every seat, {list(range(players))}"
    if state.deadlock:
        unspent = [seat for seat in range(players) if state.supercard[seat]]
        if unspent:
            return f"fields.deadlock: true, but seat {unspent[0]}'s supercard is unspent and beats any guard"
        if not state._deadlocked():
            return "fields.deadlock: true, but a card in play can still beat a top guard"
    elif state.stall != state.options.stall_rounds:
        return (
            f"fields.winners: {list(winners)}, but nobody is free, nothing is deadlocked and stall {state.stall} "
            "is short"
        )
    return None
