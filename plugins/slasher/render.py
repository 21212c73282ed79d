"""The slasher drawn for a terminal: one line per teen (place, company, hand), the face-up discard pile, the
attack. What happened lately is the game's commentary (`events`), which every screen is shown with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from corekit.words import counted, fold_items, joined, tallied
from plugins.slasher.cards import crowds, name

if TYPE_CHECKING:
    from plugins.slasher.game import Slasher, SlasherView

WIDTH = 24


def render(game: Slasher, obs: SlasherView) -> str:
    """The observation as text; other hands show only their size unless it is the full view. Long lines fold
    between cards and places, never inside a card's name.

    The log's latest events are not drawn: every screen is shown with the commentary (`events`: a person's
    "Since your last move", the steps that `campfire play`, `replay show` and `replay view` list), which told
    the same lines a second time when they were."""
    lines = [_header(game, obs)]
    if obs.killer_down:
        lines.extend(_attack(game, obs))
    places = obs.places()
    crowd = crowds(places)
    seats = range(len(obs.alive))
    labels = [_label(game, obs, seat) for seat in seats]
    label_width = max(map(len, labels))
    wheres = [_where(obs, places, crowd, seat) for seat in seats]
    where_width = max(WIDTH, *(len(where) for where in wheres))
    for seat in seats:
        label = labels[seat].ljust(label_width)
        if not obs.alive[seat]:
            lines.append(f"  {label}  dead")
            continue
        cards = obs.hands[seat]
        if isinstance(cards, tuple):  # a hand this view shows
            hand = [name(card) for card in cards] or ["(empty)"]
        else:
            hand = [counted(len(cards), "card")]
        lines.extend(fold_items(f"  {label}  {wheres[seat].ljust(where_width)}  hand: ", hand))
    lines.extend(fold_items("  places, unsafest first: ", _places(game, crowd), sep=" | "))
    if obs.discard:
        lines.extend(fold_items("  discard pile: ", _pile(obs.discard)))
    if obs.deck.cards:  # the full view
        lines.extend(fold_items("  deck top: ", [name(card) for card in reversed(obs.deck.cards[-5:])]))
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


def _attack(game: Slasher, obs: SlasherView) -> list[str]:
    """The face-down killer, what was played against it, and whose answer it waits for; folded between its
    phrases and notes, never inside a card's name."""
    phrases = ["THE KILLER IS ABOUT TO STRIKE!", f"{game.seat_name(obs.turns[1])}'s killer lies face down"]
    if obs.killer is not None:
        phrases.append(f"(it is {name(obs.killer)})")
    notes = []
    if obs.negated:
        notes.append("negated by Just a Cat;")
    if obs.panicked:
        notes.append("Panic! played, no more cats;")
    if notes:
        notes[0] = "  [" + notes[0]  # three spaces from the killer: what was played against it
        notes[-1] = notes[-1][:-1] + "]"
    assert obs.priority is not None
    waiting = f"{game.seat_name(obs.priority)} may react or pass ({obs.passes} of {sum(obs.alive)} passed in a row)"
    return [*fold_items("", [*phrases, *notes], sep=" "), f"  {waiting}"]


def _label(game: Slasher, obs: SlasherView, seat: int) -> str:
    turn = seat == obs.turns[1] and obs.phase != "over"
    marks = (" (you)" if seat == obs.seat else "") + (" (turn)" if turn else "")
    return game.seat_name(seat) + marks


def _where(obs: SlasherView, places: dict[int, int], crowd: dict[int, list[int]], seat: int) -> str:
    """A living teen's place and company, and how many locations it has tabled when more than one."""
    place = places.get(seat)
    if place is None:
        return "no location yet"
    company = {1: "ALONE", 2: "pair"}.get(len(crowd[place]), f"crowd of {len(crowd[place])}")
    tabled = len(obs.stacks[seat])
    return f"{name(place)} ({company})" + (f" [{tabled} locations tabled]" if tabled > 1 else "")


def _places(game: Slasher, crowd: dict[int, list[int]]) -> list[str]:
    if not crowd:
        return ["no living teen has a location"]
    return [f"{name(p)}: {', '.join(map(game.seat_name, seats))}" for p, seats in sorted(crowd.items())]


def _pile(cards: tuple[int, ...]) -> list[str]:
    """A pile's cards in code order (locations, unsafest first, then killers and reactions), equal cards counted:
    ["Nature 1 x2", "Beach 4", "Flee! x3"]."""
    return tallied(name(card) for card in sorted(cards))
