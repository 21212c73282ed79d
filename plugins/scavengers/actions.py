"""Every action of a Scavengers match, listed once each in a fixed order (`Scavengers.action_space`).

OpenSpiel and PettingZoo number actions by this list (`corekit.interop`), so its order must never change
for a game version: new actions go at the end. The shapes are those of `rules.plays` and `game.py`: a play
lists, for its kind of card, every choice the rules could ever offer, whether or not a table allows it.
"""

from __future__ import annotations

from typing import Any

from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.game import PASS
from plugins.scavengers.rules import KIND, OWL_PREY, SIMPLE, TAN


def action_space(players: int, options: Any) -> tuple[tuple[Any, ...], ...]:
    """Placing a scrap at each Camp, every play of every design, every Rabbit hop, a pass, each Mouse pick."""
    camps = range(len(CONTENT.camps))
    scraps = range(len(CONTENT.scrap_counts))
    seats = range(players)
    designs = range(len(CONTENT.designs))
    tan = [d for d in designs if TAN[d]]
    actions: list[tuple[Any, ...]] = [("place", c) for c in camps]
    for d in designs:
        kind = KIND[d]
        if kind == "bear":
            actions += [("play", d, where) for where in (*camps, DEN)]
            continue
        for c in camps:
            actions.append(("play", d, c))
            if kind in SIMPLE:
                continue
            if kind == "owl":
                prey = [e for e in designs if KIND[e] in OWL_PREY]
                actions += [("play", d, c, owner, e) for owner in seats for e in prey]
            elif kind == "squirrel":
                actions += [("play", d, c, src, t) for src in camps if src != c for t in scraps]
            elif kind == "weasel":
                actions += [("play", d, c, give, take) for give in scraps for take in scraps if take != give]
            elif kind == "skunk":
                actions += [
                    ("play", d, c, e, hopped, dest) for e in tan for hopped in (0, 1) for dest in camps if dest != c
                ]
            elif kind == "rain":
                actions += [("play", d, c, -1, g) for g in designs if not TAN[g]]
                actions += [("play", d, c, owner, e, hopped) for owner in seats for e in tan for hopped in (0, 1)]
    rabbits = [d for d in designs if KIND[d] == "rabbit"]
    actions += [("hop", d, frm, to) for d in rabbits for frm in camps for to in camps if to != frm]
    actions.append(PASS)
    actions += [("mouse", t) for t in scraps]
    return tuple(actions)
