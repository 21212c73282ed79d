"""The slasher deck as data: cards.toml structured into attrs classes with cattrs, once, at import.

A card in every zone is its int `code` (a location's code is its safety number, 1 Nature .. 5 Main
House), so hands, stacks and actions are plain ints and tuples of ints.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import attrs
import cattrs


@attrs.frozen
class CardDef:
    """One kind of card: its code, name, kind (location, killer or reaction), copies and rule text."""

    code: int
    name: str
    kind: str = attrs.field(validator=attrs.validators.in_(("location", "killer", "reaction")))
    copies: int = attrs.field(validator=attrs.validators.ge(1))
    text: str = ""
    safety: int = 0
    """For a location: 5 is the safest place (Main House), 1 the unsafest (Nature)."""


@attrs.frozen
class Deck:
    """Every kind of card in the game, by code."""

    card: tuple[CardDef, ...]

    @classmethod
    def load(cls) -> Deck:
        """The deck from the package's cards.toml."""
        text = resources.files("plugins.slasher").joinpath("cards.toml").read_text(encoding="utf-8")
        deck = cattrs.structure(tomllib.loads(text), cls)
        for card in deck.card:
            if card.kind == "location" and card.code != card.safety:
                raise ValueError(f"cards.toml: location {card.name} must have its safety as its code")
        return deck


DECK = Deck.load()
CARDS: dict[int, CardDef] = {card.code: card for card in DECK.card}
FULL_DECK: tuple[int, ...] = tuple(card.code for card in DECK.card for _ in range(card.copies))
"""The 64 card codes in code order (shuffled at setup)."""

NATURE, BACK_ROOM, FRONT_YARD, BEACH, MAIN_HOUSE = 1, 2, 3, 4, 5
SEX_KILLS, SECRET_KILL, UNEXPECTED_KILL = 6, 7, 8
FLEE, PANIC, JUST_A_CAT = 9, 10, 11

LOCATIONS: tuple[int, ...] = tuple(c.code for c in DECK.card if c.kind == "location")
KILLERS: tuple[int, ...] = tuple(c.code for c in DECK.card if c.kind == "killer")


def is_location(card: int) -> bool:
    """True for the five location kinds."""
    return NATURE <= card <= MAIN_HOUSE


def is_killer(card: int) -> bool:
    """True for the three killer kinds."""
    return SEX_KILLS <= card <= UNEXPECTED_KILL


def name(card: int) -> str:
    """The card's printed name, with the safety number of a location ("Beach 4")."""
    return NAMES[card]


NAMES: dict[int, str] = {
    code: f"{card.name} {card.safety}" if card.kind == "location" else card.name for code, card in CARDS.items()
}
"""Each card's name by its code, made once: a playout's log names a card at nearly every move."""


def victims(places: dict[int, int], killer: int) -> tuple[int, ...]:
    """The seats whose teens `killer` kills, given each living teen's place (seat -> location code).

    Teens on the same location are in one place; exactly two are a pair; the killer never kills in a
    place holding 3 or more. Sex Kills takes the pair in the unsafest place holding a pair, or else the
    teen alone in the unsafest place holding one; Secret Kill takes that lone teen; Unexpected Kill the
    teen alone in the safest place holding one. Every location code is its own place, so no ties arise.
    """
    return strike(crowds(places), killer)


def crowds(places: dict[int, int]) -> dict[int, list[int]]:
    """The seats in each occupied place (location code -> seats)."""
    crowd: dict[int, list[int]] = {}
    for seat, place in places.items():
        crowd.setdefault(place, []).append(seat)
    return crowd


def strike(crowd: dict[int, list[int]], killer: int) -> tuple[int, ...]:
    """`victims` from places already grouped by `crowds`."""
    if killer == SEX_KILLS:
        pairs = [place for place, seats in crowd.items() if len(seats) == 2]
        if pairs:
            return tuple(sorted(crowd[min(pairs)]))
    alone = [place for place, seats in crowd.items() if len(seats) == 1]
    if not alone:
        return ()
    return tuple(crowd[max(alone) if killer == UNEXPECTED_KILL else min(alone)])
