"""Camp Grizzly drawn for a terminal: the camp cabin by cabin (pawns, Otis, locks, "?" spaces, items),
the body count track and Otis's card, each counselor's card, and the latest events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from corekit.words import fold_items
from plugins.camp_grizzly.content import FINALE, WOODS, counselor_mods, load, panic_value, survive

if TYPE_CHECKING:
    from plugins.camp_grizzly.game import CampView


def action_text(action: Any) -> str:
    """An action as a person reads it."""
    C = load()
    verb: str = action[0]
    args = action[1:]
    if verb in ("step", "force", "flee"):
        prefix = {"step": "step to", "force": "force the lock of", "flee": "flee to"}[verb]
        return f"{prefix} {C.spaces[args[0]]}"
    if verb == "trail":
        return f"try nature trail {args[0]}"
    # A card is named as the events and position files name it (`card_names`: "Keys #1", the first copy of Keys),
    # never by its index in the content, which a person cannot match with anything else on the screen.
    from plugins.camp_grizzly.game import card_names  # game.py imports this module

    names = card_names()
    if verb in ("take", "equip", "unequip", "play"):
        return f"{verb} {names[args[0]]}"
    if verb == "give":
        return f"give {names[args[0]]} to seat {args[1]}"
    if verb == "receive":
        return f"take {names[args[0]]} from seat {args[1]}"
    if verb == "finale":
        return f"start the {C.finales[args[0]].name} finale"
    if verb in ("fight", "panic") and args:
        return f"{verb} with {names[args[0]]}"
    if verb == "fool":
        return f"fool around with seat {args[0]}"
    return {
        "draw": "draw a cabin card",
        "reveal": "reveal the ? card",
        "end": "end the turn",
        "later": "let another fight first",
        "stop": "stop running",
    }.get(verb, verb)


def render(obs: CampView) -> str:
    """The whole public table as text, its long lines folded between spaces, cards and paths, never inside a
    name (a terminal folding "Sprained Ankle" between its words)."""
    C = load()
    cards = C.cards
    names = {v.seat: C.counselors[v.counselor].name for v in obs.team}
    marks = [(v.location, names[v.seat] + ("" if v.alive else " (dead)")) for v in obs.team if v.location >= 0]
    marks += [(obs.otis, "OTIS")] if obs.otis >= 0 else []
    marks += [(space, f"cameo {cards[card].name}") for space, card in obs.cameo_spots]
    marks += [(space, "?") for space in obs.mystery_spaces]
    marks += [(space, "LOCKED") for space, _ in obs.lock_spots]
    marks += [(space, "First Aid Station") for space, _ in obs.aid_spots]
    marks += [(space, cards[card].name.lower()) for space, card in obs.ground_spots]
    at: dict[int, list[str]] = {}
    for space, mark in marks:
        at.setdefault(space, []).append(mark)
    arrows = {a: f.name for a, f in zip(C.arrows, C.finales, strict=True)}
    lines = [
        # Past the night's last round the counter has moved on into the last fight: "Round 51/50" would read as a bug.
        (f"Round {obs.round}/{obs.night}" if obs.round <= obs.night else f"Night over ({obs.night} rounds)")
        + f"   body count {obs.body}/{C.hopeless}"
        + ("  HOPELESS" if obs.body >= C.hopeless else "")
        + f"   OTIS: stalk {obs.stalk}, attack d{obs.attack_die}, damage {obs.damage}, "
        + (C.spaces[obs.otis] if obs.otis >= 0 else "lurking")
    ]
    # What a lasting card and a cameo do, which the map names only: the rulebook prints no card text, so a person
    # has only this screen to know that Crazy Ralph stalks or how long a Thunderstorm lasts.
    lasting = [f"{cards[c].name} ({cards[c].text.removeprefix('Lasting: ').rstrip('.')})" for c in obs.lasting]
    if lasting:
        lines += fold_items("In play: ", lasting, sep="; ")
    cameos = [f"{cards[card].name} ({cards[card].text.rstrip('.')})" for _, card in obs.cameo_spots]
    if cameos:
        lines += fold_items("Cameos (met by stepping into their space): ", cameos, sep="; ")
    for cabin, spaces in zip(C.cabin_names, C.cabin_spaces, strict=True):
        cells = []
        for space in spaces:
            mark = f" <RED ARROW: {arrows[space]}>" if space in arrows else ""
            stuff = ", ".join(at.get(space, []))
            if len(spaces) > 1 or stuff or mark or space in (C.campfire, C.tool_shed):
                cells.append(f"[{C.spaces[space]}{mark}{': ' + stuff if stuff else ''}]")
        if cells:
            lines += fold_items(f"  {cabin:<15} ", cells, sep=" ", hang=16)  # continued under the first cell
    # What each finale still open needs (its card's back), so a person can plan which objectives to gather.
    open_finales = [f"{f.name} needs {', '.join(f.needs)}" for at, f in enumerate(C.finales) if at not in obs.failed]
    if open_finales and not obs.over:
        lines += fold_items(
            "Finales (at the red arrows, with all three objectives on the space): ", open_finales, sep="; "
        )
    for v in obs.team:
        counselor = C.counselors[v.counselor]
        if not v.alive:
            lines.append(f"{names[v.seat]} (seat {v.seat}): DEAD")
            continue
        where = {WOODS: "lost in the woods", FINALE: "on the finale card"}.get(v.location) or C.spaces[v.location]
        health = counselor.health - v.injuries
        panic = panic_value(v.counselor, counselor_mods(v.counselor, v.permanents, v.campers, v.equipped))
        lines.append(
            f"{names[v.seat]} (seat {v.seat}, {counselor.title}): {where}; health {health}/{counselor.health}"
            f" {'#' * health}{'.' * v.injuries}; panic {panic}" + ("; HORRIFIED" if v.horror else "")
        )
        parts = [
            ("equipped", v.equipped),
            ("backpack", v.backpack),
            ("permanent", v.permanents),
            ("campers", v.campers),
            ("objectives", v.objectives),
        ]
        # the counselor's own ability first: the figures above include it, and a player may not know the card
        groups = [[counselor.ability.rstrip(".")]] + [
            [f"{label}: {cards[group[0]].describe()}", *(cards[c].describe() for c in group[1:])]
            for label, group in parts
            if group
        ]
        # Each card an item, carrying its separator (", " within a group, "; " between), so lines break between cards.
        items = [item + ("," if at < len(group) - 1 else ";") for group in groups for at, item in enumerate(group)]
        lines += fold_items("    ", [*items[:-1], items[-1][:-1]], sep=" ")
    failed = [C.finales[f].name for f in obs.failed]
    lines.append(
        f"Decks: cabin {len(obs.cabin_deck)}, survival {len(obs.survival_deck)}, ? {len(obs.mystery_deck)}"
        + (f"   failed finales: {', '.join(failed)}" if failed else "")
    )
    lines += [f"  > {event}" for event in obs.log[-6:]]
    if obs.over:
        won = [names[s] for s in obs.winners]
        lines.append(f"The counselors escape: {survive(won)}" if won else "Otis wins.")
    else:
        lines.append(_now(obs, names))
    return "\n".join(lines)


def _now(obs: CampView, names: dict[int, str]) -> str:
    """Whose decision it is and what is at stake."""
    C = load()
    turn = f"{names[obs.active]}'s turn"
    if obs.phase == "strike":
        where = (
            C.spaces[obs.strike_space]
            if obs.strike_space >= 0
            else ("the woods" if obs.strike_space == WOODS else "the finale")
        )
        bonus = f"+{obs.strike_bonus}" if obs.strike_bonus else ""
        phrases = ["Now: OTIS STRIKES!", f"at {where},", f"Otis rolls d{obs.attack_die}{bonus};"]
        if obs.strike_lost:
            phrases.append(f"{names[obs.strike_queue[0]]} lost the fight and panics")
        else:  # each name a phrase: at six counselors the queue alone is half a line
            fighters = [names[s] for s in obs.strike_queue]
            phrases += ["fight or panic:", *[f"{name}," for name in fighters[:-1]], *fighters[-1:]]
        if obs.final:
            phrases.append(" LAST FIGHT: panic is death")  # two spaces before it, as a warning apart
        return "\n".join(fold_items("", [*phrases, f"({turn})"], sep=" "))
    if obs.phase == "panic":
        return f"Now: {names[obs.panic_seat]} panics, {obs.panic_left} steps left ({turn})"
    if obs.phase == "consent":
        asked = names[obs.consent_queue[0]]
        return f"Now: {asked} is asked to start the {C.finales[obs.consent_finale].name} finale ({turn})"
    if obs.phase == "move":
        now = f"Now: {names[obs.active]} moves ({obs.move_left} movement, {obs.free_left} free actions left)"
        here = next(v.location for v in obs.team if v.seat == obs.active)
        if here < 0 or not obs.move_left:
            return now
        # The paths a step takes, each with where it leads on: the board above lists spaces, not how they join.
        ways = []
        for there in C.adjacent[here]:
            onward = ", ".join(C.spaces[on] for on in C.adjacent[there] if on != here) or "nowhere"
            ways.append(f"{C.spaces[there]} (on to {onward})")
        return "\n".join([now, *fold_items(f"  Paths from {C.spaces[here]}: ", ways, sep="; ")])
    return f"Now: {obs.phase} ({turn})"
