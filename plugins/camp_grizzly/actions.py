"""Every action of a Camp Grizzly match, listed once each in a fixed order (`CampGrizzly.action_space`).

OpenSpiel and PettingZoo number actions by this list (`corekit.interop`), so its order must never change
for a game version: new actions go at the end. The shapes are those of the state's legal actions; a verb
that names a card is listed with every card of the content (which cards a phase offers is for the rules).
"""

from __future__ import annotations

from typing import Any

from plugins.camp_grizzly.content import load


def action_space(players: int, options: Any) -> tuple[tuple[Any, ...], ...]:
    """Moves, the card verbs, giving to each seat, the strike's answers, panic, consent and fooling."""
    content = load()
    spaces = range(len(content.spaces))
    cards = [card.id for card in content.cards]
    seats = range(players)
    actions: list[tuple[Any, ...]] = []
    actions += [("step", space) for space in spaces]
    actions += [("force", space) for space in spaces]
    actions += [("trail", number) for number in range(1, len(content.trails) + 1)]
    actions += [("finale", f) for f in range(len(content.finales))]
    actions += [("reveal",), ("draw",)]
    for verb in ("take", "play", "equip", "unequip"):
        actions += [(verb, card) for card in cards]
    actions += [("give", card, mate) for card in cards for mate in seats]
    actions.append(("end",))
    actions += [("fight",), *(("fight", card) for card in cards)]
    actions += [("panic",), *(("panic", card) for card in cards)]
    actions.append(("later",))
    actions += [("flee", space) for space in spaces]
    actions += [("stop",), ("agree",), ("refuse",)]
    actions += [("fool", seat) for seat in seats]
    return tuple(actions)
