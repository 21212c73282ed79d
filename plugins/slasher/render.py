"""The slasher drawn for a terminal: one line per teen (place, company, hand), the attack, recent events."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from plugins.slasher.cards import name

if TYPE_CHECKING:
    from plugins.slasher.game import Slasher, SlasherView

WIDTH = 24


def render(game: Slasher, obs: SlasherView) -> str:
    """The observation as text; other hands show only their size unless it is the full view."""
    lines = [_header(game, obs)]
    if obs.killer_down:
        lines.append(_attack(game, obs))
    crowd = Counter(obs.place(s) for s in range(len(obs.alive)) if obs.alive[s] and obs.place(s) is not None)
    label_width = max(len(_label(game, obs, s)) for s in range(len(obs.alive)))
    for seat in range(len(obs.alive)):
        label = _label(game, obs, seat).ljust(label_width)
        if not obs.alive[seat]:
            lines.append(f"  {label}  dead")
            continue
        place = obs.place(seat)
        if place is None:
            where = "no location yet".ljust(WIDTH)
        else:
            company = {1: "ALONE", 2: "pair"}.get(crowd[place], f"crowd of {crowd[place]}")
            tabled = len(obs.stacks[seat])
            where = f"{name(place)} ({company})".ljust(WIDTH) + (f" [{tabled} locations tabled]" if tabled > 1 else "")
        cards = obs.hands[seat]
        hand = _cards(cards) if isinstance(cards, tuple) else _count(len(cards))
        lines.append(f"  {label}  {where.ljust(WIDTH + 12)} hand: {hand}")
    lines.append("  places, unsafest first: " + _places(game, obs))
    if obs.deck.cards:  # the full view
        top = ", ".join(name(c) for c in reversed(obs.deck.cards[-5:]))
        lines.append(f"  deck top: {top}")
    if obs.log:
        lines.append("Recent:")
        lines.extend(f"  {event}" for event in obs.log[-6:])
    if obs.phase == "over":
        if obs.winners:
            lines.append("Winner: " + " and ".join(game.seat_name(s) for s in obs.winners))
        else:
            lines.append("Nobody survives: no sequel this time.")
    return "\n".join(lines)


def _header(game: Slasher, obs: SlasherView) -> str:
    turn = "game over" if obs.phase == "over" else f"{game.seat_name(obs.turn_seat)} to play"
    stall = f"   turns without a death: {obs.stall}" if obs.stall >= 10 else ""
    return f"Turn {obs.turn}: {turn}   deck: {_count(obs.deck_size)}   discard: {_count(len(obs.discard))}{stall}"


def _attack(game: Slasher, obs: SlasherView) -> str:
    known = f" (it is {name(obs.killer)})" if obs.killer is not None else ""
    notes = []
    if obs.negated:
        notes.append("negated by Just a Cat")
    if obs.panicked:
        notes.append("Panic! played, no more cats")
    note = f"   [{'; '.join(notes)}]" if notes else ""
    assert obs.priority is not None
    waiting = f"{game.seat_name(obs.priority)} may react or pass ({obs.passes} of {len(obs.alive)} passed in a row)"
    return (
        f"THE KILLER IS ABOUT TO STRIKE! {game.seat_name(obs.turn_seat)}'s killer lies face down{known}{note}\n"
        f"  {waiting}"
    )


def _label(game: Slasher, obs: SlasherView, seat: int) -> str:
    turn = seat == obs.turn_seat and obs.phase != "over"
    marks = (" (you)" if seat == obs.seat else "") + (" (turn)" if turn else "")
    return game.seat_name(seat) + marks


def _places(game: Slasher, obs: SlasherView) -> str:
    by_place: dict[int, list[str]] = {}
    for seat in range(len(obs.alive)):
        place = obs.place(seat)
        if obs.alive[seat] and place is not None:
            by_place.setdefault(place, []).append(game.seat_name(seat))
    if not by_place:
        return "no living teen has a location"
    return " | ".join(f"{name(place)}: {', '.join(seats)}" for place, seats in sorted(by_place.items()))


def _count(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(name(c) for c in cards) or "(empty)"
