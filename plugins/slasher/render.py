"""The slasher drawn for a terminal: one line per teen (place, company, hand), the face-up discard pile, the
attack, recent events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from corekit.words import counted, fold_items, joined, tallied
from plugins.slasher.cards import crowds, name

if TYPE_CHECKING:
    from plugins.slasher.game import Slasher, SlasherView

WIDTH = 24


def render(game: Slasher, obs: SlasherView) -> str:
    """The observation as text; other hands show only their size unless it is the full view."""
    lines = [_header(game, obs)]
    if obs.killer_down:
        lines.append(_attack(game, obs))
    places = obs.places()
    crowd = crowds(places)
    label_width = max(len(_label(game, obs, s)) for s in range(len(obs.alive)))
    for seat in range(len(obs.alive)):
        label = _label(game, obs, seat).ljust(label_width)
        if not obs.alive[seat]:
            lines.append(f"  {label}  dead")
            continue
        place = places.get(seat)
        if place is None:
            where = "no location yet".ljust(WIDTH)
        else:
            company = {1: "ALONE", 2: "pair"}.get(len(crowd[place]), f"crowd of {len(crowd[place])}")
            tabled = len(obs.stacks[seat])
            where = f"{name(place)} ({company})".ljust(WIDTH) + (f" [{tabled} locations tabled]" if tabled > 1 else "")
        cards = obs.hands[seat]
        hand = _cards(cards) if isinstance(cards, tuple) else counted(len(cards), "card")
        lines.append(f"  {label}  {where.ljust(WIDTH + 12)} hand: {hand}")
    lines.append("  places, unsafest first: " + _places(game, crowd))
    if obs.discard:
        lines.extend(fold_items("  discard pile: ", _pile(obs.discard)))
    if obs.deck.cards:  # the full view
        top = ", ".join(name(c) for c in reversed(obs.deck.cards[-5:]))
        lines.append(f"  deck top: {top}")
    if obs.log:
        lines.append("Recent:")
        lines.extend(f"  {event}" for event in obs.log[-6:])
    if obs.phase == "over":
        if obs.winners:
            lines.append("Winner: " + joined([game.seat_name(s) for s in obs.winners]))
        else:
            lines.append("Nobody survives: no sequel this time.")
    return "\n".join(lines)


def _header(game: Slasher, obs: SlasherView) -> str:
    turn = "game over" if obs.phase == "over" else f"{game.seat_name(obs.turns[1])} to play"
    # Once the game is over the count is shown only if it ended the game (two or more teens alive): a kill that
    # ends it leaves the count as it stood before that turn, since nothing counts turns after the end.
    quiet = obs.stall >= 10 and (obs.phase != "over" or sum(obs.alive) >= 2)
    stall = f"   turns without a death: {obs.stall}" if quiet else ""
    deck, discard = counted(obs.deck.size, "card"), counted(len(obs.discard), "card")
    return f"Turn {obs.turn}: {turn}   deck: {deck}   discard: {discard}{stall}"


def _attack(game: Slasher, obs: SlasherView) -> str:
    known = f" (it is {name(obs.killer)})" if obs.killer is not None else ""
    notes = []
    if obs.negated:
        notes.append("negated by Just a Cat")
    if obs.panicked:
        notes.append("Panic! played, no more cats")
    note = f"   [{'; '.join(notes)}]" if notes else ""
    assert obs.priority is not None
    waiting = f"{game.seat_name(obs.priority)} may react or pass ({obs.passes} of {sum(obs.alive)} passed in a row)"
    return (
        f"THE KILLER IS ABOUT TO STRIKE! {game.seat_name(obs.turns[1])}'s killer lies face down{known}{note}\n"
        f"  {waiting}"
    )


def _label(game: Slasher, obs: SlasherView, seat: int) -> str:
    turn = seat == obs.turns[1] and obs.phase != "over"
    marks = (" (you)" if seat == obs.seat else "") + (" (turn)" if turn else "")
    return game.seat_name(seat) + marks


def _places(game: Slasher, crowd: dict[int, list[int]]) -> str:
    if not crowd:
        return "no living teen has a location"
    return " | ".join(f"{name(p)}: {', '.join(map(game.seat_name, seats))}" for p, seats in sorted(crowd.items()))


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(name(c) for c in cards) or "(empty)"


def _pile(cards: tuple[int, ...]) -> list[str]:
    """A pile's cards in code order (locations, unsafest first, then killers and reactions), equal cards counted:
    ["Nature 1 x2", "Beach 4", "Flee! x3"]."""
    return tallied(name(card) for card in sorted(cards))
