"""The guard race in words: the terminal drawing of an observation and the running commentary of
`campfire play` / `campfire replay show`. Both read only the observation they are given, so neither can
tell a viewer more than its observation holds.

Rounds are printed counting from 1: the state's `round` counts the rounds already resolved, so the round
being played is `round + 1` and the last one resolved is `round`.

A pile is written as its strengths counted, weakest first ("1 x2, 3 x1, 5 x3", as RULES.md counts a
collection): at most five items, so the line stays short however many cards lie in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from corekit import HIDDEN
from corekit.state import Hidden
from corekit.words import counted, joined, tallied
from plugins.grizzly_race.game import HAND, SUPER  # game.py imports this module only when it draws or tells

if TYPE_CHECKING:
    from plugins.grizzly_race.game import Battle, GrizzlyRace, RaceView


def render(game: GrizzlyRace, obs: RaceView) -> str:
    """Lanes, hands and the piles, as text; every line fits 100 columns at 4 players.

    The last round's battles are not drawn: every screen is shown with its commentary (`events`: a person's
    "Since your last move", the steps that `campfire play`, `replay show` and `replay view` list), and as every
    seat acts every round, the last round's battles are always the commentary's latest lines already.

    Every card the observation holds is drawn: the discard's always, and every hand, guard column and the
    reserve once the race is over (each seat's view then holds them all face up: RULES.md Assumption 13)."""
    heading = f"Game over after {counted(obs.round, 'round')}" if obs.winners else f"Round {obs.round + 1}"
    lines = [
        f"{heading}   discard: {counted(len(obs.discard), 'card')}   reserve: {counted(len(obs.reserve), 'card')}"
        + (f"   rounds without a beaten guard: {obs.stall}" if obs.stall else "")
    ]
    reserve = every_card(obs.reserve)
    if obs.discard or reserve:
        # The piles' cards on a line of their own: the heading above is already 85 columns at its widest.
        lines.append(
            f"  discard pile: {pile_text(obs.discard)}" + (f"; reserve: {pile_text(reserve)}" if reserve else "")
        )
    committed = dict(obs.commitments)
    for seat, lane in enumerate(obs.lanes):
        me = " (you)" if seat == obs.seat else ""
        # A seat's view lists a column only at the end: during the race its face-up guard is a lane's top guard.
        column = every_card(obs.guards[seat]) if obs.winners else obs.guards[seat].cards
        if column:
            guards = " ".join(str(g) for g in column)
            guard_text = f"guards (bottom..top) {guards}" + (" [top face up]" if top_was_face_up(obs, seat) else "")
        else:
            top = f"top {lane.top_guard} face up" if lane.top_guard is not None else "top face down"
            guard_text = f"{counted(lane.guards_left, 'guard')} left, {top}" if lane.guards_left else "hero free!"
        # A tuple where the viewer sees the cards (its own, or all in the full view), else the hand's `Hidden`:
        # its cards when all are face up (at the end), else only its size.
        held = obs.hands[seat]
        cards = held if isinstance(held, tuple) else every_card(held)
        hand = (" ".join(map(str, cards)) or "empty") if cards is not None else counted(lane.hand_size, "card")
        super_text = "supercard ready" if lane.supercard else "supercard spent"
        lines.append(f"  {game.seat_name(seat)}{me}: {guard_text}; hand {hand}; {super_text}")
        if seat in committed:
            # On a line of its own: a full-view lane with 6 guards and 7 cards is already 93 columns.
            lines.append(f"    {commitment_text(committed[seat])}")
    if obs.winners:
        lines += ending_lines(game, obs)
    return "\n".join(lines)


def events(game: GrizzlyRace, before: RaceView, after: RaceView) -> list[str]:
    """What changed between two observations of the same viewer: each seat that committed in the round (a
    person does not see the others' actions, only that they chose), each battle of a round that resolved, then
    who won if the game ended."""
    lines: list[str] = []
    if after.round == before.round:
        earlier = {seat for seat, _ in before.commitments}
        lines += [
            f"{game.seat_name(seat)} {commitment_text(choice)}"
            for seat, choice in after.commitments
            if seat not in earlier
        ]
    if after.round != before.round and after.last_round:
        lines += [f"Round {after.round}: {battle_text(game, battle)}" for battle in after.last_round]
        if after.round == before.round + 1 and not after.winners:
            lines += refill_lines(game, before, after)
    if after.winners and not before.winners:
        lines += ending_lines(game, after)
    return lines


def refill_lines(game: GrizzlyRace, before: RaceView, after: RaceView) -> list[str]:
    """Who ran out in the round that resolved between two views and refilled (RULES.md, "Running out"), told from
    what everyone sees: a seat whose hand the round's play emptied (the supercard leaves its hand as it was) holds
    cards again. A refill that found the reserve short took the discard too, which is then empty."""
    lanes_before, lanes_after = before.lanes, after.lanes
    ran_out = [
        battle.seat
        for battle in after.last_round
        if lanes_before[battle.seat].hand_size - (battle.played != SUPER) == 0 and lanes_after[battle.seat].hand_size
    ]
    # Refills go in seat order (RULES.md, assumption 3), 7 cards each from the reserve: the first seat to find it
    # short shuffled the discard into a new one (an empty discard after a round that played cards says it happened).
    shuffler, left = None, len(before.reserve)
    for seat in ran_out:
        if left < HAND:
            shuffler = seat
            break
        left -= HAND
    if after.discard:
        shuffler = None
    return [
        f"{game.seat_name(seat)} ran out and took {counted(lanes_after[seat].hand_size, 'card')}"
        + (" (the discard was shuffled into a new reserve)" if seat == shuffler else "")
        for seat in ran_out
    ]


def battle_text(game: GrizzlyRace, battle: Battle) -> str:
    """One battle, as the render and the commentary both word it. Every seat fights the top guard of its
    own column, so the guard is named as the seat's own."""
    outcome = "beat" if battle.won else "lost to"
    played = f"{game.seat_name(battle.seat)} played {_card(battle.played)}"
    return f"{played} and {outcome} its own top guard, a {battle.guard}"


def commitment_text(choice: object) -> str:
    """A seat's commitment this round: the card when the viewer may see it, else only that there is one."""
    card = "a card" if choice == HIDDEN else _card(choice)
    return f"has committed {card}, face down until every seat has committed"


def ending_lines(game: GrizzlyRace, obs: RaceView) -> list[str]:
    """Who won and why, from a terminal observation: freed heroes, or a draw when the race stopped."""
    several = len(obs.winners) > 1
    names = joined([game.seat_name(seat) for seat in obs.winners])
    if all(obs.lanes[seat].guards_left == 0 for seat in obs.winners):
        heroes = "their heroes together" if several else "its hero"
        return [f"{names} freed {heroes} and {'share the win' if several else 'wins'}"]
    # A deadlock or the stall rule: nobody freed a hero, so nobody won (RULES.md, Assumption 7).
    why = (
        "No card left in play can beat any guard, and the supercards are spent"
        if obs.deadlock
        else f"No guard was beaten for {counted(obs.stall, 'round')} in a row"
    )
    return [f"{why}, so the race stops", "No hero is free: a draw"]


def top_was_face_up(obs: RaceView, seat: int) -> bool:
    """Whether a seat's top guard lay face up in the race, which a listed column marks "[top face up]" (no mark:
    it lay face down). While the race runs the view's face-up cards tell it. At the end every guard has been
    turned over (RULES.md Assumption 13), so the seat's last battle tells it: a guard that beat the seat stayed
    face up, and one that came up after a win lay face down until that reveal."""
    if not obs.winners:
        return obs.lanes[seat].top_guard is not None
    return any(battle.seat == seat and not battle.won for battle in obs.last_round)


def every_card(zone: Hidden) -> tuple[int, ...] | None:
    """The cards of a zone the viewer does not hold, when its view shows every one of them: all of them in the
    full view, or all lying face up (everything is turned over when the race ends); else None."""
    if zone.cards is not None:
        return zone.cards
    return zone.up if len(zone.up) == zone.size else None


def pile_text(cards: tuple[int, ...]) -> str:
    """A pile's cards counted by strength, weakest first ("1 x2, 3, 5 x3"), or "empty"."""
    return ", ".join(tallied(str(strength) for strength in sorted(cards))) or "empty"


def _card(action: object) -> str:
    return "the SUPERCARD" if action == SUPER else f"a {action}"
