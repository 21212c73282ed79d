"""Scavengers drawn for a terminal: the three Camps with their scraps, cards and strengths, the Bear and
the Crows, then every player's Food cards, the last collection, then the seat's own hand; and the running
commentary (`events`) printed under each action. Every line fits a 100-column terminal."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from corekit.game import logged_since
from corekit.words import counted, drawing_width, fold_items, joined, tallied
from plugins.scavengers.content import CONTENT, DEN

if TYPE_CHECKING:
    from plugins.scavengers.game import Logged, Scavengers, ScavengersView, Take

CAMPS = CONTENT.camps
SCRAPS = CONTENT.scraps
DESIGNS = CONTENT.designs
INDENT = "    "


def action_text(action: tuple[Any, ...]) -> str:
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
        return "play Bear: move it to " + ("the Bear's Den" if c == DEN else CAMPS[c])
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


def action_steps(action: tuple[Any, ...]) -> tuple[str, ...]:
    """An action as the steps a person picks it by in a long menu (`Game.action_steps`): the card, the Camp, then
    the effect's choices, each a step ("play Weasel 2", "at Elk", "swapping Chili", "for Bun from the pile");
    placements, a Mouse's choices, a hop and a pass, one step (or two) as their text reads."""
    tag = action[0]
    if tag == "hop":
        _, d, frm, to = action
        return (f"hop {DESIGNS[d].label} from {CAMPS[frm]}", f"to {CAMPS[to]}")
    if tag != "play":
        return (action_text(action),)
    _, d, c, *choice = action
    design = DESIGNS[d]
    if design.kind == "bear":
        return ("play Bear", "move it to " + ("the Bear's Den" if c == DEN else CAMPS[c]))
    steps = (f"play {design.label}", f"at {CAMPS[c]}")
    if not choice:
        return steps
    if design.kind == "squirrel":
        return (*steps, f"taking {SCRAPS[choice[1]]}", f"from {CAMPS[choice[0]]}")
    if design.kind == "weasel":
        return (*steps, f"swapping {SCRAPS[choice[0]]}", f"for {SCRAPS[choice[1]]} from the pile")
    if design.kind == "skunk":
        hopped = " (hopped)" if choice[1] else ""
        return (*steps, f"moving {DESIGNS[choice[0]].label}{hopped}", f"to {CAMPS[choice[2]]}")
    # An Owl's or a Rain Shower's choice, one card at the Camp: the rest of the text, without its comma.
    text = action_text(action)
    return (*steps, text.partition(", ")[2] or text)


def scrap_counts(scraps: Iterable[int]) -> list[str]:
    """["Bun", "Egg x2"], in scrap type order."""
    return tallied(SCRAPS[t] for t in sorted(scraps))


def take_text(game: Scavengers, take: Take) -> str:
    """One scrap taken at the end of a round, an entry of the observation's `report`. The rendering and
    the commentary both word a collection with this, so they always read the same."""
    seat, camp, scrap, why, placed = take
    text = f"{game.seat_name(seat)} took {SCRAPS[scrap]} at {CAMPS[camp]}"
    if why == "Mouse":
        text += " with a Mouse"
    return text if placed else f"{text}, not needed: back to the pile"


def collection_lines(game: Scavengers, heading: str, takes: Sequence[Take], waiting: bool = False) -> list[str]:
    """A collection: a heading, then one indented line per scrap taken, in the order taken, then whether
    it waits for a Mouse's owner to choose a scrap (the "collect" phase)."""
    lines = [heading, *(INDENT + take_text(game, take) for take in takes)]
    if waiting:
        lines.append(f"{INDENT}a Mouse's owner chooses a scrap next")
    elif not takes:
        lines[0] += " nothing taken"
    return lines


def events(game: Scavengers, before: ScavengersView, after: ScavengersView) -> list[str]:
    """What changed between two observations of the same viewer, read from their public fields alone
    (never a hand), so a seat's commentary tells it nothing its observation does not: every scrap placed
    and by whom, the other seats' plays, hops and passes (a seat is not told its own), cards discarded from
    the Camps, the round's collection, Food cards completed, the end, and the next round's Camp Leader."""
    log: Sequence[Any] = after.log  # `logged_since` is typed for a log of lines; this one logs actions
    logged: list[Any] = logged_since(log, after.said, before.said)
    later = (at for at, entry in enumerate(logged) if not isinstance(entry, str) and entry[0] != before.round)
    split = next(later, None)
    lines = _told(game, after.seat, logged[:split])  # the actions of the round `before` is in
    if before.phase == "play" and after.round == before.round:
        # When a round ends, its cards are gathered at once: a last play's discards cannot be seen.
        lines += _discarded(game, before, after)
    lines += _collected(game, before, after)
    for seat, (was, now) in enumerate(zip(before.done, after.done, strict=True)):
        foods = [name for food, name in enumerate(CONTENT.foods) if now[food] and not was[food]]
        if foods:
            lines.append(f"{game.seat_name(seat)} completed {joined(foods)} ({sum(now)} of {len(now)} Food cards)")
    if after.winners and not before.winners:
        lines.append(ending_text(game, after))
    elif after.round != before.round and not after.winners:
        lines.append(f"Round {after.round} begins: {game.seat_name(after.leader)} is Camp Leader")
    if split is not None:
        lines += _told(game, after.seat, logged[split:])  # the next round's, after its collection
    return lines  # `campfire play` and the replay tools fold them to the terminal's width


def _told(game: Scavengers, viewer: int | None, logged: Sequence[Logged | str]) -> list[str]:
    """Logged actions as the viewer is told them: every placement with its scrap, and another seat's play,
    hop or pass (a Mouse's choice is told with its collection)."""
    lines = []
    for entry in logged:
        if isinstance(entry, str):  # more happened than the log keeps: say so
            lines.append(entry)
            continue
        _, seat, action = entry
        if action[0] == "place":
            lines.append(f"{game.seat_name(seat)} placed {SCRAPS[action[2]]} at {CAMPS[action[1]]}")
        elif action[0] != "mouse" and viewer is not None and seat != viewer:
            lines.append(f"{game.seat_name(seat)}: {action_text(action)}")
    return lines


def _discarded(game: Scavengers, before: ScavengersView, after: ScavengersView) -> list[str]:
    """Cards that left a Camp for the discard pile (a Dog's, an Owl's or a Rain Shower's victims). A card
    that left a Camp without reaching the discard was moved (a Skunk, a hop) and is not listed."""
    new = Counter(after.discard) - Counter(before.discard)
    lines = []
    for c, (was, now) in enumerate(zip(before.camps, after.camps, strict=True)):
        gone_tan = Counter((o, d) for o, d, _, _ in was.cards) - Counter((o, d) for o, d, _, _ in now.cards)
        gone_gray = Counter(was.gray) - Counter(now.gray)
        names = []
        for (owner, d), n in sorted(gone_tan.items()):
            for _ in range(min(n, new[d])):
                new[d] -= 1
                names.append(f"{game.seat_name(owner)}'s {DESIGNS[d].label}")
        for d, n in sorted(gone_gray.items()):
            for _ in range(min(n, new[d])):
                new[d] -= 1
                names.append(DESIGNS[d].label)
        if names:
            lines.append(f"Discarded from {CAMPS[c]}: {', '.join(names)}")
    return lines


def _collected(game: Scavengers, before: ScavengersView, after: ScavengersView) -> list[str]:
    """The scraps taken since `before`. A collection runs from the end of the play phase until the next
    round (or the end); a Mouse's choice pauses it in the "collect" phase, and `report` then grows."""
    if before.phase == "over":
        return []  # the last collection was told when the game ended
    if before.phase == "collect":
        takes = after.report[len(before.report) :]
        if not takes:
            return []  # nothing happened: the same observation twice
        heading = f"Round {before.round} collection, continued:"
    elif after.phase in ("collect", "over") or after.round != before.round:
        takes = after.report  # a new collection: `report` was emptied when it began
        heading = f"Round {before.round} collection:"
    else:
        return []
    return collection_lines(game, heading, takes, waiting=after.phase == "collect")


def ending_text(game: Scavengers, obs: ScavengersView) -> str:
    """Who won, and on what (RULES.md, Assumptions 1 and 2): all four Food cards, or the most of them."""
    names = joined([game.seat_name(s) for s in obs.winners])
    won = "share the win" if len(obs.winners) > 1 else "wins"
    if all(obs.done[obs.winners[0]]):
        return f"Game over: {names} completed every Food card and {won}"
    best = obs.winners[0]
    foods = counted(sum(obs.done[best]), "Food card")
    return (
        f"Game over after round {obs.round}: {names} {won} with {foods} completed "
        f"and {counted(sum(obs.held[best]), 'scrap')} on the others"
    )


def render(game: Scavengers, obs: ScavengersView) -> str:
    """The observation of one seat (or the full truth) as text, no line longer than the drawing's width
    (`corekit.words.drawing_width`: 100, or the terminal's where `campfire` shows it): a wider line would wrap at
    column 0 and break the layout. (The commentary is folded by `campfire play` and the replay tools, which indent
    it.)"""
    players = len(obs.hands)
    lines = _header(game, obs)
    for c, camp in enumerate(obs.camps):
        about = [f"scraps {', '.join(scrap_counts(camp.scraps)) or 'none'}"]
        if obs.bear == c:
            about.append("the Bear is here")
        if camp.crows:
            about.append(counted(camp.crows, "Crow token"))
        if camp.gray:
            about.append(
                ("gray cards: " if len(camp.gray) > 1 else "gray card: ")
                + ", ".join(DESIGNS[g].label for g in camp.gray)
            )
        lines += fold_items(f"{CAMPS[c]} Camp: ", about, sep="; ")
        for seat in range(players):
            cards = [f"{DESIGNS[d].name}({s}{', hopped' if h else ''})" for o, d, h, s in camp.cards if o == seat]
            if cards:
                cards[-1] += f" = {camp.totals[seat]}"
                if camp.mice[seat]:
                    cards[-1] += f"; {counted(camp.mice[seat], 'Mouse', 'Mice')}"
                lines += fold_items(f"{INDENT}{_seat(game, obs, seat)}: ", cards)
    if obs.bear == DEN:
        lines.append("The Bear is in its Den.")
    lines.append("Food cards:")
    for seat in range(players):
        foods = []
        for f, name in enumerate(CONTENT.foods):
            if obs.done[seat][f]:
                foods.append(f"{name} DONE")
                continue
            spaces = [f"{SCRAPS[t]} {obs.held[seat][t]}/{n}" for t, n in enumerate(CONTENT.needs[f]) if n]
            foods.append(f"{name} ({', '.join(spaces)})")
        lines += fold_items(f"  {_seat(game, obs, seat)}: ", foods, sep="; ")
    pile = [t for t, n in enumerate(obs.pile) for _ in range(n)]
    lines += fold_items(f"Scrap pile ({len(pile)}): ", scrap_counts(pile) or ["none"])
    lines += _last_collection(game, obs)
    if obs.seat is not None:
        lines += _hand(f"Your hand ({len(obs.hand)}): ", obs.hand)
    else:
        for seat, hand in enumerate(obs.hands):
            assert isinstance(hand, tuple)  # the full view shows every hand
            lines += _hand(f"Hand of {game.seat_name(seat)} ({len(hand)}): ", hand)
    if obs.winners:
        lines += textwrap.wrap(ending_text(game, obs), drawing_width(), subsequent_indent=INDENT)
    return "\n".join(lines)


def _last_collection(game: Scavengers, obs: ScavengersView) -> list[str]:
    """The latest collection: the one under way, else the previous round's (none before round 2)."""
    if obs.phase == "collect":
        return collection_lines(game, f"Round {obs.round} collection so far:", obs.report, waiting=True)
    # When the game is over, `round` is the last one played; before that, the round under way.
    collected = obs.round if obs.phase == "over" else obs.round - 1
    return collection_lines(game, f"Round {collected} collection:", obs.report) if collected else []


def _hand(head: str, hand: Sequence[int]) -> list[str]:
    return fold_items(head, tallied(DESIGNS[d].label for d in hand)) if hand else [head + "empty"]


def _seat(game: Scavengers, obs: ScavengersView, seat: int) -> str:
    name = game.seat_name(seat)
    if seat == obs.seat:
        name += " (you)"
    if seat == obs.leader:
        name += " [leader]"
    return name


def _header(game: Scavengers, obs: ScavengersView) -> list[str]:
    """Where the round stands, then the sizes of every hand and of the undealt and discard piles."""
    text = f"Round {obs.round}, "
    if obs.phase == "place":
        text += f"placing scraps: {SCRAPS[obs.pending]} to place" if obs.pending is not None else "placing scraps"
    elif obs.phase == "play":
        out = [game.seat_name(s) for s, alive in enumerate(obs.turns[0]) if not alive]
        text += f"playing Scavengers, {game.seat_name(obs.turns[1])} to play"
        if out:
            text += f" (out of the round: {', '.join(out)})"
    elif obs.phase == "collect":
        text += "collecting scraps"
    else:
        text = f"Game over after {counted(obs.round, 'round')}"
    sizes = [f"{game.seat_name(s)} has {len(hand)}" for s, hand in enumerate(obs.hands)]
    sizes[-1] += f". Undealt: {len(obs.deck)}. Discard: {len(obs.discard)}."
    return [
        *textwrap.wrap(text + ".", drawing_width(), subsequent_indent=INDENT),
        *fold_items("Cards in hand: ", sizes),
    ]
