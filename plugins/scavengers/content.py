"""Scavengers content: the TOML data structured into attrs classes once, at import.

Cards are small ints: a Scavenger card is the index of its *design* (kind and printed strength), so two
Coyotes of strength 5 are the same card, and a hand is a sorted list of design indices. Scraps and Camper
cards are indices of scrap types. Everything here is static and shared by every state.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import attrs
import cattrs

DEN = 3
"""The Bear's location when it is in the Bear's Den rather than at a Camp (0-2)."""


@attrs.frozen
class MapData:
    """The three Camps, their circles, which Camps are adjacent, and the Crow tokens."""

    camps: tuple[str, ...]
    circles: int
    adjacent: tuple[tuple[str, str], ...]
    crows: int


@attrs.frozen
class ScrapData:
    """One type of Food Scrap: how many tokens exist and how many Camper cards picture it."""

    name: str
    count: int
    campers: int


@attrs.frozen
class FoodData:
    """One Food card: the scrap type of each of its spaces."""

    name: str
    spaces: tuple[str, ...]


@attrs.frozen
class ScavengerData:
    """One Scavenger card entry: tan entries list one strength per card, gray and Chipmunk a count."""

    kind: str
    name: str
    color: str = attrs.field(validator=attrs.validators.in_(("tan", "gray")))
    text: str
    strengths: tuple[int, ...] = ()
    count: int = 0


@attrs.frozen
class ContentData:
    """The whole TOML file."""

    map: MapData
    scrap: tuple[ScrapData, ...]
    food: tuple[FoodData, ...]
    scavenger: tuple[ScavengerData, ...]


@attrs.frozen
class Design:
    """One distinct Scavenger card: its kind, colour and printed strength (None for gray or Chipmunk)."""

    index: int
    kind: str
    name: str
    tan: bool
    strength: int | None
    text: str

    @property
    def label(self) -> str:
        """ "Coyote 5", "Chipmunk", "Bear"."""
        return self.name if self.strength is None else f"{self.name} {self.strength}"


@attrs.frozen
class Content:
    """Static game content in the shapes the rules use."""

    camps: tuple[str, ...]
    circles: int
    neighbours: tuple[tuple[int, ...], ...]
    """For each Camp, itself and the Camps adjacent to it (the Chipmunk's reach)."""
    crows: int
    scraps: tuple[str, ...]
    scrap_counts: tuple[int, ...]
    campers: tuple[int, ...]
    """The 24 Camper cards, each the scrap type it pictures."""
    foods: tuple[str, ...]
    needs: tuple[tuple[int, ...], ...]
    """needs[food][scrap type]: how many spaces of that type the Food card has."""
    food_of: tuple[int, ...]
    """food_of[scrap type]: the one Food card that has spaces of that type."""
    designs: tuple[Design, ...]
    deck: tuple[int, ...]
    """The 44 Scavenger cards as design indices, in a fixed order."""


def load(path: Path | None = None) -> Content:
    """Read and check the content file."""
    path = path or Path(__file__).with_name("content.toml")
    with path.open("rb") as handle:
        raw = cattrs.structure(tomllib.load(handle), ContentData)
    return _build(raw)


def _build(raw: ContentData) -> Content:
    camps = raw.map.camps
    index = {name: i for i, name in enumerate(camps)}
    neighbours = [{i} for i in range(len(camps))]
    for a, b in raw.map.adjacent:
        neighbours[index[a]].add(index[b])
        neighbours[index[b]].add(index[a])
    scraps = tuple(s.name for s in raw.scrap)
    scrap_index = {name: i for i, name in enumerate(scraps)}
    needs = []
    food_of = [-1] * len(scraps)
    for f, food in enumerate(raw.food):
        counts = Counter(scrap_index[name] for name in food.spaces)
        needs.append(tuple(counts.get(t, 0) for t in range(len(scraps))))
        for t in counts:
            if food_of[t] != -1:
                raise ValueError(f"scrap {scraps[t]} is on two Food cards")
            food_of[t] = f
    designs: list[Design] = []
    deck: list[int] = []
    for card in raw.scavenger:
        tan = card.color == "tan"
        if card.strengths:
            for strength in sorted(set(card.strengths)):
                designs.append(Design(len(designs), card.kind, card.name, tan, strength, card.text))
                deck += [designs[-1].index] * card.strengths.count(strength)
        else:
            designs.append(Design(len(designs), card.kind, card.name, tan, None, card.text))
            deck += [designs[-1].index] * card.count
    return Content(
        camps=camps,
        circles=raw.map.circles,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        crows=raw.map.crows,
        scraps=scraps,
        scrap_counts=tuple(s.count for s in raw.scrap),
        campers=tuple(t for t, s in enumerate(raw.scrap) for _ in range(s.campers)),
        foods=tuple(f.name for f in raw.food),
        needs=tuple(needs),
        food_of=tuple(food_of),
        designs=tuple(designs),
        deck=tuple(deck),
    )


CONTENT = load()
