"""Camp Grizzly's content: the board, cards, counselors, Otis, the track, setups and finales.

The rulebook gives mechanics and counts but no map and no card texts; the design is data in `content/`
(TOML), structured here into attrs classes once, at import, and shared by every state. Cards are ints:
an index into `CONTENT.cards` (cabin cards first, then survival, then micro cards).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType

import attrs
import cattrs

from corekit import Board, Edge

HERE = Path(__file__).parent / "content"
CABIN_KINDS = ("weapon", "item", "clothing", "cameo", "plot", "camper", "strikes", "rumor")
SURVIVAL_KINDS = ("permanent", "single")
MICRO_KINDS = ("objective", "aid", "surprise", "key", "lock", "horrified", "marker")
VERBS = {
    "heal",
    "injure",
    "horrify",
    "horrify_cabin",
    "survival",
    "tempt",
    "fool",
    "heal_pair",
    "lure",
    "shed",
    "stalk",
    "attack",
    "damage",
    "move",
    "fight",
    "dodge",
    "body",
    "strike",
}
"""Every effect step a card may use (see RULES.md, "Card effects")."""

PLAYED_WITH = {"fight": "fight", "panic": "dodge"}
"""The one step a card played with a fight or with a panic may have: the fight adds its `fight N` to the roll and
the panic's `dodge` spares the injuries, outside the effect interpreter."""

WOODS = -1
"""The location of a lost counselor (not a board space)."""
FINALE = -2
"""The location of counselors on a finale card."""


@attrs.frozen
class Mods:
    """Permanent modifiers: to fights, movement, panic, trail rolls, injuries ignored, end-of-turn healing."""

    fight: int = 0
    move: int = 0
    panic: int = 0
    trail: int = 0
    armor: int = 0
    heal: int = 0

    def __add__(self, other: Mods) -> Mods:
        return Mods(
            self.fight + other.fight,
            self.move + other.move,
            self.panic + other.panic,
            self.trail + other.trail,
            self.armor + other.armor,
            self.heal + other.heal,
        )


NO_MODS = Mods()


@attrs.frozen
class Op:
    """One step of a card's effect: a verb and a number."""

    verb: str = attrs.field(validator=attrs.validators.in_(VERBS))
    n: int = 0

    @classmethod
    def parse(cls, text: str) -> Op:
        """ "tempt 2" -> Op("tempt", 2)."""
        verb, _, number = text.partition(" ")
        return cls(verb, int(number) if number else 0)

    def __str__(self) -> str:
        return f"{self.verb} {self.n}" if self.n else self.verb


@attrs.frozen
class Card:
    """One card of any deck; `id` is its index in the card table."""

    name: str
    kind: str
    text: str
    """The card's rule text, as printed on it."""
    deck: str = ""
    id: int = -1
    die: int = 0
    hands: int = 0
    traits: tuple[str, ...] = ()
    mods: Mods = NO_MODS
    effect: tuple[Op, ...] = ()
    use: str = ""
    stalk: int = 0
    lasting: str = ""
    objective: str = ""
    copies: int = 1

    @property
    def red(self) -> bool:
        """Red cards are the OTIS STRIKES! cabin cards (what Tempt Fate looks for)."""
        return self.kind == "strikes"

    @property
    def equippable(self) -> bool:
        """Weapons, items with hands and clothing are equipped; the rest is played or kept."""
        return self.kind == "weapon" or self.kind == "clothing" or (self.kind == "item" and not self.use)

    def describe(self) -> str:
        """A one-line summary of the card for people."""
        bits = []
        if self.die:
            bits.append(f"d{self.die}")
        if self.hands:
            bits.append(f"{self.hands} hand{'s' * (self.hands > 1)}")
        bits += [f"{k} {v:+d}" for k, v in attrs.asdict(self.mods).items() if v]
        bits += list(self.traits)
        if self.effect:
            bits.append(", ".join(str(op) for op in self.effect))
        return f"{self.name} ({'; '.join(bits)})" if bits else self.name


@attrs.frozen
class Counselor:
    """A counselor card: the top of the health/movement track, the panic value and an ability."""

    name: str
    title: str
    health: int
    panic: int
    ability: str
    mods: Mods = NO_MODS


@attrs.frozen
class Step:
    """One line of a finale's directions, parsed from its rule text."""

    text: str
    rule: str

    @property
    def kind(self) -> str:
        """each, group or strike."""
        return self.rule.split()[0]

    @property
    def die(self) -> int:
        """The die rolled (each and group steps)."""
        return int(self.rule.split()[1].split(">=")[0][1:])

    @property
    def target(self) -> int:
        """The lowest roll that succeeds."""
        return int(self.rule.split()[1].split(">=")[1])

    @property
    def bonus(self) -> int:
        """Otis's bonus to attack on a strike step ("strike +1")."""
        parts = self.rule.split()
        return int(parts[1]) if self.kind == "strike" and len(parts) > 1 else 0

    @property
    def outcome(self) -> str:
        """What a failed group roll brings (fail or strike), or the injuries of an each step."""
        return self.rule.split()[-1]


@attrs.frozen
class Finale:
    """A finale card: the objectives on its back, its red arrow space and the directions on its front."""

    name: str
    arrow: str
    needs: tuple[str, str, str]
    steps: tuple[Step, ...]


@attrs.frozen
class Setup:
    """A camp setup: body count start, "?" spaces, key spaces and lock spaces."""

    body_count: int
    objectives: tuple[str, ...]
    keys: tuple[str, ...]
    locks: tuple[str, ...]


@attrs.frozen
class Rise:
    """A mark on the body count track: reaching `count` raises `stat` one step."""

    count: int
    stat: str


@attrs.frozen
class Trail:
    """A green nature trail between two spaces."""

    number: int
    ends: tuple[str, str]


@attrs.frozen
class WoodsRow:
    """One row of the woods table."""

    text: str
    effect: tuple[Op, ...] = ()


@attrs.define(frozen=True)
class Content:
    """Everything static, shared by every state. Spaces are ints (indices into `spaces`)."""

    board: Board
    spaces: tuple[str, ...]
    index: dict[str, int]
    cabin_of: tuple[int, ...]
    """The cabin number of each space (outdoor spaces are cabins of one space)."""
    cabin_names: tuple[str, ...]
    cabin_spaces: tuple[tuple[int, ...], ...]
    adjacent: tuple[tuple[int, ...], ...]
    """Path neighbours (not trails) of each space."""
    trails: tuple[tuple[int, int], ...]
    """Nature trail n (1-6) is trails[n - 1], its two ends."""
    trails_at: tuple[tuple[int, ...], ...]
    """The numbers of the nature trails with an end at each space, ascending."""
    camp_trails: tuple[int, ...]
    woods: tuple[WoodsRow, ...]
    dist: tuple[tuple[int, ...], ...]
    """Otis's distances (paths and nature trails, locks ignored: he breaks them)."""
    campfire: int
    tool_shed: int
    cards: tuple[Card, ...]
    key_cards: frozenset[int]
    """The Keys objective cards (they open every lock)."""
    with_trait: Mapping[str, frozenset[int]]
    """The cards with each trait (breach, heavy...)."""
    lasting_cards: Mapping[str, frozenset[int]]
    """The lasting cards of each kind (storm, moon)."""
    counselors: tuple[Counselor, ...]
    finales: tuple[Finale, ...]
    arrows: tuple[int, ...]
    setups: dict[str, Setup]
    rises: tuple[Rise, ...]
    hopeless: int
    otis_dice: tuple[int, ...]
    otis_start: tuple[int, int, int]
    """Stalk, attack die step (index into otis_dice), damage."""
    max_stalk: int
    max_damage: int

    def ids(self, deck: str, kind: str | None = None) -> list[int]:
        """Every card id of a deck (and kind), in table order (a new list: every setup asks, and shuffles it)."""
        ids = _IDS.get((deck, kind))
        if ids is None:
            ids = _IDS[deck, kind] = tuple(c.id for c in self.cards if c.deck == deck and kind in (None, c.kind))
        return list(ids)


_IDS: dict[tuple[str, str | None], tuple[int, ...]] = {}
"""`Content.ids` by deck and kind (the content is loaded once per process)."""


@lru_cache(maxsize=8192)
def counselor_mods(counselor: int, *groups: tuple[int, ...]) -> Mods:
    """A counselor's own modifiers plus those of its cards (permanents, campers, equipment). The rules and
    the heuristic share it; it is cached because both ask at nearly every decision of a playout."""
    content = load()
    total = content.counselors[counselor].mods
    for group in groups:
        for card in group:
            total = total + content.cards[card].mods
    return total


def survive(names: list[str]) -> str:
    """The counselors who escape, as the log and the end screen say it: "Tracy survives!", "Kevin, Sherry survive!"."""
    return f"{', '.join(names)} {'survives' if len(names) == 1 else 'survive'}!"


def panic_value(counselor: int, mods: Mods) -> int:
    """Spaces a panicking counselor may run: the card's panic plus its modifiers (injuries do not count).
    The rules and the counselor card on the board both show it."""
    return max(0, load().counselors[counselor].panic + mods.panic)


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter()
    converter.register_structure_hook(Op, lambda value, _: Op.parse(value))
    return converter


@cache
def load() -> Content:
    """Read and structure the TOML content (once per process)."""
    conv = _converter()
    board_data = tomllib.loads((HERE / "board.toml").read_text("utf-8"))
    camp = tomllib.loads((HERE / "camp.toml").read_text("utf-8"))
    cards: list[Card] = []
    for deck, kinds in (("cabin", CABIN_KINDS), ("survival", SURVIVAL_KINDS), ("micro", MICRO_KINDS)):
        for raw in tomllib.loads((HERE / f"{deck}.toml").read_text("utf-8"))["cards"]:
            card = conv.structure(raw, Card)
            if card.kind not in kinds:
                raise ValueError(f"{deck} card {card.name!r} has unknown kind {card.kind!r}")
            # A fight or panic card is played by the fight or the panic, which read only these steps (otis.py).
            played_with = PLAYED_WITH.get(card.use)
            if played_with is not None and any(op.verb != played_with for op in card.effect):
                raise ValueError(
                    f"{deck} card {card.name!r} is played with a {card.use}: its effect may only {played_with}"
                )
            if card.mods == NO_MODS:  # one shared object: the rules skip it by identity
                card = attrs.evolve(card, mods=NO_MODS)
            for _ in range(card.copies):
                cards.append(attrs.evolve(card, deck=deck, id=len(cards)))
    cabins: dict[str, list[str]] = board_data["cabins"]
    spaces = list(board_data["outdoors"]) + [s for members in cabins.values() for s in members]
    trails = [conv.structure(t, Trail) for t in board_data["nature_trails"]]
    trails.sort(key=lambda t: t.number)
    edges = [Edge(a, b, "path") for a, b in board_data["paths"]]
    edges += [Edge(*t.ends, "trail") for t in trails]
    board = Board(spaces, edges, cabins)
    index = {s: i for i, s in enumerate(spaces)}
    cabin_names: list[str] = []
    cabin_of = [0] * len(spaces)
    cabin_spaces: list[tuple[int, ...]] = []
    for space in spaces:
        group = board.group_of(space)
        name = group or space
        if name not in cabin_names:
            cabin_names.append(name)
            members = board.groups[group] if group else (space,)
            cabin_spaces.append(tuple(index[m] for m in members))
        cabin_of[index[space]] = cabin_names.index(name)
    adjacent = tuple(tuple(sorted(index[n] for n, kind in board.neighbours(s) if kind == "path")) for s in spaces)
    dist = []
    for space in spaces:
        d = board.distances(space)
        dist.append(tuple(d.get(other, 999) for other in spaces))
    otis = camp["otis"]
    finales = tuple(conv.structure(f, Finale) for f in camp["finales"])
    trail_ends = tuple((index[t.ends[0]], index[t.ends[1]]) for t in trails)
    # Per-card lookups, so that the rules and the heuristic test a hand with one set operation: they ask
    # at nearly every decision of a playout.
    traits = sorted({t for c in cards for t in c.traits})
    with_trait = {t: frozenset(c.id for c in cards if t in c.traits) for t in traits}
    lasting = sorted({c.lasting for c in cards if c.lasting})
    lasting_cards = {k: frozenset(c.id for c in cards if c.lasting == k) for k in lasting}
    return Content(
        board=board,
        spaces=tuple(spaces),
        index=index,
        cabin_of=tuple(cabin_of),
        cabin_names=tuple(cabin_names),
        cabin_spaces=tuple(cabin_spaces),
        adjacent=adjacent,
        trails=trail_ends,
        trails_at=tuple(tuple(n for n, ends in enumerate(trail_ends, 1) if i in ends) for i in range(len(spaces))),
        camp_trails=tuple(index[board_data["camp_trails"][str(n)]] for n in range(1, 7)),
        woods=tuple(conv.structure(board_data["woods"][str(n)], WoodsRow) for n in range(1, 7)),
        dist=tuple(dist),
        campfire=index[board_data["campfire"]],
        tool_shed=index[board_data["tool_shed"]],
        cards=tuple(cards),
        key_cards=frozenset(c.id for c in cards if c.objective == "Keys"),
        with_trait=MappingProxyType(with_trait),  # read-only, as the rest of the frozen content
        lasting_cards=MappingProxyType(lasting_cards),
        counselors=tuple(conv.structure(c, Counselor) for c in camp["counselors"]),
        finales=finales,
        arrows=tuple(index[f.arrow] for f in finales),
        setups={name: conv.structure(s, Setup) for name, s in camp["setups"].items()},
        rises=tuple(conv.structure(r, Rise) for r in camp["track"]["rises"]),
        hopeless=camp["track"]["hopeless"],
        otis_dice=tuple(otis["dice"]),
        otis_start=(otis["stalk"], otis["dice"].index(otis["attack"]), otis["damage"]),
        max_stalk=otis["max_stalk"],
        max_damage=otis["max_damage"],
    )
