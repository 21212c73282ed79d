"""Every action of a Camp Grizzly match, made once: the rules offer these very tuples (`STEP[space]`,
`GIVE[card][mate]`...), so a legal action list builds no tuple, and an action a player picked from it is found
in the list by identity when `apply` checks it. `action_space` lists them in a fixed order.

OpenSpiel and PettingZoo number actions by that list (`corekit.interop`), so its order must never change
for a game version: new actions go at the end. A verb that names a card is listed with every card of the
content (which cards a phase offers is for the rules).
"""

from __future__ import annotations

from typing import Any

from plugins.camp_grizzly.content import load

Action = tuple[Any, ...]

_CONTENT = load()
_SPACES = range(len(_CONTENT.spaces))
_CARDS = range(len(_CONTENT.cards))  # a card's id is its index
_SEATS = range(6)  # CampGrizzly.max_players


def _each(verb: str, items: range) -> tuple[Action, ...]:
    return tuple((verb, item) for item in items)


STEP, FORCE, FLEE = (_each(verb, _SPACES) for verb in ("step", "force", "flee"))
"""By space."""
TRAIL = _each("trail", range(1, len(_CONTENT.trails) + 1))
"""Nature trail n is TRAIL[n - 1]."""
FINALE = _each("finale", range(len(_CONTENT.finales)))
TAKE, PLAY, EQUIP, UNEQUIP, FIGHT_WITH, PANIC_WITH = (
    _each(verb, _CARDS) for verb in ("take", "play", "equip", "unequip", "fight", "panic")
)
"""By card."""
GIVE = tuple(tuple(("give", card, mate) for mate in _SEATS) for card in _CARDS)
"""GIVE[card][mate]."""
RECEIVE = tuple(tuple(("receive", card, mate) for mate in _SEATS) for card in _CARDS)
"""RECEIVE[card][mate]: the counselor whose turn it is takes `card` from `mate` (a trade goes either way)."""
FOOL = _each("fool", _SEATS)
"""By seat."""
REVEAL, DRAW, END, FIGHT, PANIC, LATER, STOP, AGREE, REFUSE = (
    (verb,) for verb in ("reveal", "draw", "end", "fight", "panic", "later", "stop", "agree", "refuse")
)


def action_space(players: int, options: Any) -> tuple[Action, ...]:
    """Moves, the card verbs, giving to each seat, the strike's answers, panic, consent, fooling and receiving
    from each seat (last: it came in version 6, and the actions of earlier versions kept their numbers)."""
    gives = [give for mates in GIVE for give in mates[:players]]
    receives = [receive for mates in RECEIVE for receive in mates[:players]]
    return (
        *STEP,
        *FORCE,
        *TRAIL,
        *FINALE,
        REVEAL,
        DRAW,
        *TAKE,
        *PLAY,
        *EQUIP,
        *UNEQUIP,
        *gives,
        END,
        FIGHT,
        *FIGHT_WITH,
        PANIC,
        *PANIC_WITH,
        LATER,
        *FLEE,
        STOP,
        AGREE,
        REFUSE,
        *FOOL[:players],
        *receives,
    )
