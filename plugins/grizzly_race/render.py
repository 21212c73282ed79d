"""The guard race drawn for a terminal: one lane per seat, the hand, and the last round's battles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from corekit import HIDDEN

if TYPE_CHECKING:
    from plugins.grizzly_race.game import GrizzlyRace, RaceObservation

SUPER = 6


def render(game: GrizzlyRace, obs: RaceObservation) -> str:
    """Lanes, hand, discard and the last round, as text."""
    lines = [f"Round {obs.round}   discard: {len(obs.discard)} cards   reserve: {obs.reserve_size} cards"
             + (f"   rounds without a beaten guard: {obs.stall}" if obs.stall else "")]
    hands = obs.hidden[0] if obs.hidden else ()
    columns = obs.hidden[1] if obs.hidden else ()
    committed = dict(obs.committed)
    for seat, lane in enumerate(obs.lanes):
        me = " (you)" if seat == obs.seat else ""
        if columns:
            guards = " ".join(str(g) for g in columns[seat]) or "-"
            guard_text = f"guards (bottom..top) {guards}" + (" [top face up]" if lane.top_guard else "")
        else:
            top = f"top {lane.top_guard} face up" if lane.top_guard is not None else "top face down"
            guard_text = f"{lane.guards_left} guards left, {top}" if lane.guards_left else "hero free!"
        if seat == obs.seat:
            hand = " ".join(str(c) for c in obs.hand)
        elif hands:
            hand = " ".join(str(c) for c in hands[seat])
        else:
            hand = f"{lane.hand_size} cards"
        super_text = "supercard ready" if lane.supercard else "supercard spent"
        status = ""
        if seat in committed:
            choice = committed[seat]
            status = "  [committed]" if choice == HIDDEN else f"  [committed {_card(choice)}]"
        lines.append(f"  {game.seat_name(seat)}{me}: {guard_text}; hand {hand}; {super_text}{status}")
    if obs.last_round:
        battles = "; ".join(
            f"{game.seat_name(b.seat)} {_card(b.played)} vs guard {b.guard}: {'passed' if b.won else 'held'}"
            for b in obs.last_round
        )
        lines.append(f"Last round: {battles}")
    if obs.winners:
        lines.append("Winner: " + " and ".join(game.seat_name(s) for s in obs.winners))
    return "\n".join(lines)


def _card(action: object) -> str:
    return "SUPERCARD" if action == SUPER else str(action)
