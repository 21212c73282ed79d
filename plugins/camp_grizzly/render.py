"""Camp Grizzly drawn for a terminal: the camp cabin by cabin (pawns, Otis, locks, "?" spaces, items),
the body count track and Otis's card, each counselor's card, and the latest events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from plugins.camp_grizzly.content import FINALE, WOODS, counselor_mods, load, panic_value

if TYPE_CHECKING:
    from plugins.camp_grizzly.game import CampObservation


def action_text(action: Any) -> str:
    """An action as a person reads it."""
    C = load()
    verb, *args = action
    if verb in ("step", "force", "flee"):
        prefix = {"step": "step to", "force": "force the lock of", "flee": "flee to"}[verb]
        return f"{prefix} {C.spaces[args[0]]}"
    if verb == "trail":
        return f"try nature trail {args[0]}"
    if verb in ("take", "equip", "unequip", "play"):
        return f"{verb} {C.cards[args[0]].name} #{args[0]}"
    if verb == "give":
        return f"give {C.cards[args[0]].name} #{args[0]} to seat {args[1]}"
    if verb == "finale":
        return f"start the {C.finales[args[0]].name} finale"
    if verb in ("fight", "panic") and args:
        return f"{verb} with {C.cards[args[0]].name} #{args[0]}"
    if verb == "fool":
        return f"fool around with seat {args[0]}"
    return {
        "draw": "draw a cabin card",
        "reveal": "reveal the ? card",
        "end": "end the turn",
        "later": "let another fight first",
        "stop": "stop running",
    }.get(verb, verb)


def render(obs: CampObservation) -> str:
    """The whole public table as text."""
    C = load()
    cards = C.cards
    names = {v.seat: C.counselors[v.counselor].name for v in obs.counselors}
    at: dict[int, list[str]] = {}
    for v in obs.counselors:
        if v.loc >= 0:
            at.setdefault(v.loc, []).append(names[v.seat] + ("" if v.alive else " (dead)"))
    if obs.otis >= 0:
        at.setdefault(obs.otis, []).append("OTIS")
    for space, card in obs.cameos:
        at.setdefault(space, []).append(f"cameo {cards[card].name}")
    for space in obs.mysteries:
        at.setdefault(space, []).append("?")
    for space, _ in obs.locks:
        at.setdefault(space, []).append("LOCKED")
    for space, _ in obs.aids:
        at.setdefault(space, []).append("First Aid Station")
    for space, card in obs.ground:
        at.setdefault(space, []).append(cards[card].name.lower())
    arrows = {a: f.name for a, f in zip(C.arrows, C.finales, strict=True)}
    lines = [
        f"Round {obs.round}/{obs.night}   body count {obs.body}/{C.hopeless}"
        + ("  HOPELESS" if obs.body >= C.hopeless else "")
        + f"   OTIS: stalk {obs.stalk}, attack d{obs.attack}, damage {obs.damage}, "
        + (C.spaces[obs.otis] if obs.otis >= 0 else "lurking")
    ]
    lasting = [cards[c].name for c in obs.lasting]
    if lasting:
        lines.append("In play: " + ", ".join(lasting))
    for cabin, spaces in zip(C.cabin_names, C.cabin_spaces, strict=True):
        cells = []
        for space in spaces:
            mark = f" <RED ARROW: {arrows[space]}>" if space in arrows else ""
            stuff = ", ".join(at.get(space, []))
            if len(spaces) > 1 or stuff or mark or space in (C.campfire, C.tool_shed):
                cells.append(f"[{C.spaces[space]}{mark}{': ' + stuff if stuff else ''}]")
        if cells:
            lines.append(f"  {cabin:<15} " + " ".join(cells))
    for v in obs.counselors:
        counselor = C.counselors[v.counselor]
        if not v.alive:
            lines.append(f"{names[v.seat]} (seat {v.seat}): DEAD")
            continue
        where = {WOODS: "lost in the woods", FINALE: "on the finale card"}.get(v.loc) or C.spaces[v.loc]
        health = counselor.health - v.injuries
        panic = panic_value(v.counselor, counselor_mods(v.counselor, v.perms, v.campers, v.equipped))
        lines.append(
            f"{names[v.seat]} (seat {v.seat}, {counselor.title}): {where}; health {health}/{counselor.health}"
            f" {'#' * health}{'.' * v.injuries}; panic {panic}" + ("; HORRIFIED" if v.horror else "")
        )
        parts = [
            ("equipped", v.equipped),
            ("backpack", v.pack),
            ("permanent", v.perms),
            ("campers", v.campers),
            ("objectives", v.objectives),
        ]
        detail = "; ".join(
            f"{label}: " + ", ".join(cards[c].describe() for c in group) for label, group in parts if group
        )
        if detail:
            lines.append("    " + detail)
    failed = [C.finales[f].name for f in obs.failed_finales]
    lines.append(
        f"Decks: cabin {obs.cabin_deck}, survival {obs.survival_deck}, ? {obs.mystery_deck}"
        + (f"   failed finales: {', '.join(failed)}" if failed else "")
    )
    lines += [f"  > {event}" for event in obs.log[-6:]]
    if obs.over:
        won = [names[s] for s in obs.winners]
        lines.append("The counselors escape: " + ", ".join(won) + " survive!" if won else "Otis wins.")
    else:
        lines.append(_now(obs, names))
    return "\n".join(lines)


def _now(obs: CampObservation, names: dict[int, str]) -> str:
    """Whose decision it is and what is at stake."""
    C = load()
    control = obs.control
    turn = f"{names[obs.active]}'s turn"
    if obs.phase == "strike":
        queue = ", ".join(names[s] for s in control[7])
        where = C.spaces[control[6]] if control[6] >= 0 else ("the woods" if control[6] == WOODS else "the finale")
        last = "  LAST FIGHT: panic is death" if control[4] else ""
        bonus = f"+{control[9]}" if control[9] else ""
        return f"Now: OTIS STRIKES! at {where}, Otis rolls d{obs.attack}{bonus}; fight or panic: {queue}{last} ({turn})"
    if obs.phase == "panic":
        return f"Now: {names[control[11]]} panics, {control[12]} steps left ({turn})"
    if obs.phase == "consent":
        return f"Now: {names[control[14][0]]} is asked to start the {C.finales[control[13]].name} finale ({turn})"
    if obs.phase == "move":
        return f"Now: {names[obs.active]} moves ({control[0]} movement, {control[1]} free actions left)"
    return f"Now: {obs.phase} ({turn})"
