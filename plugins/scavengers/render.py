"""Scavengers drawn for a terminal: the three Camps with their scraps, cards and strengths, the Bear and
the Crows, then every player's Food cards, then the seat's own hand."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from plugins.scavengers.content import CONTENT, DEN

if TYPE_CHECKING:
    from plugins.scavengers.game import Scavengers, ScavengersObservation

CAMPS = CONTENT.camps
SCRAPS = CONTENT.scraps
DESIGNS = CONTENT.designs


def where(location: int) -> str:
    """A Camp's name, or the Bear's Den."""
    return "the Bear's Den" if location == DEN else CAMPS[location]


def action_text(action: tuple) -> str:
    """An action as a person reads it (the human player types this text back)."""
    tag = action[0]
    if tag == "pass":
        return "pass"
    if tag == "place":
        return f"place at {CAMPS[action[1]]}"
    if tag == "mouse":
        return f"Mouse takes {SCRAPS[action[1]]}"
    if tag == "hop":
        _, d, frm, to = action
        return f"hop {DESIGNS[d].label} from {CAMPS[frm]} to {CAMPS[to]}"
    _, d, c, *choice = action
    design = DESIGNS[d]
    if design.kind == "bear":
        return f"play Bear: move it to {where(c)}"
    text = f"play {design.label} at {CAMPS[c]}"
    if not choice:
        return text
    if design.kind == "owl":
        return f"{text}, discarding seat {choice[0]}'s {DESIGNS[choice[1]].label}"
    if design.kind == "squirrel":
        return f"{text}, taking {SCRAPS[choice[1]]} from {CAMPS[choice[0]]}"
    if design.kind == "weasel":
        return f"{text}, swapping {SCRAPS[choice[0]]} for {SCRAPS[choice[1]]} from the pile"
    if design.kind == "skunk":
        hopped = " (hopped)" if choice[1] else ""
        return f"{text}, moving {DESIGNS[choice[0]].label}{hopped} to {CAMPS[choice[2]]}"
    if design.kind == "rain":
        if choice[0] < 0:
            return f"{text}, removing {DESIGNS[choice[1]].label}"
        hopped = " (hopped)" if choice[2] else ""
        return f"{text}, removing seat {choice[0]}'s {DESIGNS[choice[1]].label}{hopped}"
    return f"{text} {choice}"


def scraps_text(scraps: tuple[int, ...] | list[int]) -> str:
    """"Egg x2, Bun" or "-"."""
    counts = Counter(scraps)
    return ", ".join(f"{SCRAPS[t]} x{n}" if n > 1 else SCRAPS[t] for t, n in sorted(counts.items())) or "-"


def render(game: Scavengers, obs: ScavengersObservation) -> str:
    """The observation of one seat (or the full truth) as text."""
    players = len(obs.hand_sizes)
    lines = [_header(game, obs)]
    for c, camp in enumerate(obs.camps):
        marks = []
        if obs.bear == c:
            marks.append("BEAR")
        if camp.crows:
            marks.append(f"{camp.crows} crow{'s' if camp.crows > 1 else ''}")
        marks += [DESIGNS[g].name for g in camp.gray]
        extra = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(f"{CAMPS[c]} Camp: scraps {scraps_text(camp.scraps)}{extra}")
        for seat in range(players):
            cards = [f"{DESIGNS[d].name}({s}){'*' if h else ''}" for o, d, h, s in camp.cards if o == seat]
            if cards:
                mice = f", {camp.mice[seat]} mice" if camp.mice[seat] else ""
                lines.append(f"    {_seat(game, obs, seat)}: {' '.join(cards)} = {camp.totals[seat]}{mice}")
    if obs.bear == DEN:
        lines.append("The Bear is in its Den.")
    lines.append("Food cards:")
    for seat in range(players):
        foods = []
        for f, name in enumerate(CONTENT.foods):
            if obs.done[seat][f]:
                foods.append(f"{name} DONE")
                continue
            needs = CONTENT.needs[f]
            spaces = [f"{SCRAPS[t]} {obs.held[seat][t]}/{n}" for t, n in enumerate(needs) if n]
            foods.append(f"{name} ({', '.join(spaces)})")
        lines.append(f"  {_seat(game, obs, seat)}: " + "; ".join(foods))
    lines.append(f"Scrap pile: {sum(obs.pile)} ({scraps_text([t for t, n in enumerate(obs.pile) for _ in range(n)])})")
    if obs.report:
        taken = "; ".join(
            f"{game.seat_name(s)} {'(Mouse) ' if why == 'Mouse' else ''}took {SCRAPS[t]} at {CAMPS[c]}"
            + ("" if placed else " (not needed: back to the pile)")
            for s, c, t, why, placed in obs.report
        )
        lines.append(f"Last collection: {taken}")
    if obs.seat is not None:
        lines.append("Your hand: " + (" ".join(DESIGNS[d].label for d in obs.hand) or "empty"))
    elif obs.hidden:
        for seat, hand in enumerate(obs.hidden[0]):
            lines.append(f"Hand of {game.seat_name(seat)}: " + (" ".join(DESIGNS[d].label for d in hand) or "empty"))
    if obs.winners:
        lines.append("Winner: " + " and ".join(game.seat_name(s) for s in obs.winners))
    return "\n".join(lines)


def _seat(game: Scavengers, obs: ScavengersObservation, seat: int) -> str:
    name = game.seat_name(seat)
    if seat == obs.seat:
        name += " (you)"
    if seat == obs.leader:
        name += " [leader]"
    return name


def _header(game: Scavengers, obs: ScavengersObservation) -> str:
    text = f"Round {obs.round}, "
    if obs.phase == "place":
        text += f"placing scraps: {SCRAPS[obs.pending]} to place" if obs.pending is not None else "placing scraps"
    elif obs.phase == "play":
        out = [game.seat_name(s) for s, o in enumerate(obs.out) if o]
        text += f"playing Scavengers, {game.seat_name(obs.turn)} to play"
        if out:
            text += f" (out of the round: {', '.join(out)})"
    elif obs.phase == "collect":
        text += "collecting scraps"
    else:
        text = f"Game over after {obs.round} rounds"
    sizes = ", ".join(f"{game.seat_name(s)} {n}" for s, n in enumerate(obs.hand_sizes))
    return f"{text}. Cards in hand: {sizes}. Undealt: {obs.deck_size}. Discard: {len(obs.discard)}."
