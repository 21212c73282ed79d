"""Camp Grizzly: 1-6 counselors cooperate against Otis, a killer driven by the rules.

Shape: one seat per counselor (a player object may hold several seats: the runner allows it); Otis is
not a seat. A board graph of cabins, paths, nature trails and locks; dice; the Cabin, Survival and "?"
decks; a rules-driven villain; a cooperative win for the survivors of a finale. Rules: the rulebook of
*Camp Grizzly* (Ameritrash Games, 2013); RULES.md summarises it and gives the content design and every reading
of a gap.

Actions are short tuples: a verb and ints (spaces and cards are indices into the static content).
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from corekit import Game, GameError, Rng, logged_since
from corekit.state import Hidden, View, derived
from corekit.words import counted
from plugins.camp_grizzly.content import load

if TYPE_CHECKING:  # state.py imports this module
    from plugins.camp_grizzly.state import CampState

FREE_ACTIONS = 5
"""Pick-ups, trades, equips and card plays allowed per turn (a bound the rulebook lacks: see RULES.md)."""
MAX_MOVE = 30
"""More than any counselor's movement with every bonus and card in the game (for the decision bound)."""


class Setup(enum.Enum):
    """The two camp setups of the rulebook's last page."""

    EASY = "easy"
    NORMAL = "normal"


class Movement(enum.Enum):
    """Two readings of "the number of spaces you can move is indicated by your current health" (RULES.md)."""

    START = "start"
    LIVE = "live"


def _joined_by_plus(names: object) -> str:
    """Counselor names as the option keeps them: "Kevin,Sherry" from Python as "Kevin+Sherry", so that the options
    written out (a replay's header, an OpenSpiel game string, where a comma separates parameters) hold no comma."""
    return str(names).replace(",", "+")


@attrs.frozen
class CampOptions:
    """Options of Camp Grizzly."""

    setup: Setup = attrs.field(default=Setup.NORMAL, metadata={"help": "the camp setup"})
    surprises: bool = attrs.field(
        default=True, metadata={"help": "keep the surprise micro cards in the '?' deck (off is easier)"}
    )
    counselors: str = attrs.field(
        default="",
        converter=_joined_by_plus,
        metadata={"help": "counselors by name, one per seat, joined by '+' (empty: the first ones)"},
    )
    night: int = attrs.field(
        default=50,
        validator=attrs.validators.and_(attrs.validators.ge(1), attrs.validators.le(200)),
        metadata={
            "help": "rounds before the night turns HOPELESS, 1 to 200 (the termination rule of RULES.md: a "
            "backstop that ends few games)"
        },
    )
    movement: Movement = attrs.field(
        default=Movement.START,
        metadata={
            "help": "start: the movement is the health as the move begins; live: a change of the movement while "
            "moving (an injury, a heal, a heavy weapon equipped) changes what is left, and a strike ends the move"
        },
    )


class CounselorView(NamedTuple):
    """One counselor card as everyone sees it (backpacks are open: players may discuss their cards). A named
    tuple: every view of a heuristic playout makes one per seat, and a tuple is made several times faster than
    an attrs instance."""

    seat: int
    counselor: int
    location: int
    injuries: int
    alive: bool
    horror: int
    equipped: tuple[int, ...]
    backpack: tuple[int, ...]
    permanents: tuple[int, ...]
    campers: tuple[int, ...]
    objectives: tuple[int, ...]


_counselor_view = functools.partial(tuple.__new__, CounselorView)
"""`CounselorView._make` without its Python frame (every view of a heuristic playout makes one per seat)."""


def _spots(zone: str) -> derived[tuple[tuple[int, int], ...]]:
    """A view's (space, card) of each card of the board zone `zone`, in its order (computed once per view)."""

    def spots(view: CampView) -> tuple[tuple[int, int], ...]:
        cards: tuple[int, ...] = getattr(view, zone)
        where = view.where if cards else {}
        return tuple([(where[card], card) for card in cards])

    return derived(spots)


class CampView(View):
    """What a seat knows: everything but the order of the decks and the face-down "?" cards (the declared
    fields of `CampState`, as `corekit.state` shows them), with the counselor cards and the cards lying on
    the board gathered for reading."""

    counselors: tuple[int, ...]
    equipped: tuple[tuple[int, ...], ...]
    backpack: tuple[tuple[int, ...], ...]
    permanents: tuple[tuple[int, ...], ...]
    campers: tuple[tuple[int, ...], ...]
    objectives: tuple[tuple[int, ...], ...]
    location: tuple[int, ...]
    injuries: tuple[int, ...]
    horror: tuple[int, ...]
    turn: tuple[tuple[bool, ...], int]
    phase: str
    round: int
    night: int
    move_left: int
    stopped: bool
    free_left: int
    drawn: int
    final: bool
    otis: int
    stalk: int
    attack: int
    damage: int
    body: int
    ground: tuple[int, ...]
    locks: tuple[int, ...]
    aids: tuple[int, ...]
    cameos: tuple[int, ...]
    lasting: tuple[int, ...]
    spot: tuple[tuple[int, int], ...]
    mystery_spaces: tuple[int, ...]
    cabin_deck: Hidden
    survival_deck: Hidden
    mystery_deck: Hidden
    strike_space: int
    strike_queue: tuple[int, ...]
    strike_later: tuple[int, ...]
    strike_bonus: int
    strike_lost: bool
    panic_seat: int
    panic_left: int
    later_strikes: tuple[tuple[int, int], ...]
    consent_finale: int
    consent_queue: tuple[int, ...]
    failed: tuple[int, ...]
    log: tuple[str, ...]
    said: int
    winners: tuple[int, ...]
    over: bool

    @derived
    def team(self) -> tuple[CounselorView, ...]:
        """Every counselor card, by seat."""
        seats = range(len(self.counselors))
        cards = (self.equipped, self.backpack, self.permanents, self.campers, self.objectives)
        columns = zip(seats, self.counselors, self.location, self.injuries, self.turn[0], self.horror, *cards)
        return tuple(map(_counselor_view, columns))

    def card(self, seat: int) -> CounselorView:
        """One counselor card: `team[seat]` without building the others (a heuristic reads the card of the seat
        deciding at every decision of a playout, the others' seldom)."""
        return _counselor_view(
            (
                seat,
                self.counselors[seat],
                self.location[seat],
                self.injuries[seat],
                self.turn[0][seat],
                self.horror[seat],
                self.equipped[seat],
                self.backpack[seat],
                self.permanents[seat],
                self.campers[seat],
                self.objectives[seat],
            )
        )

    @property
    def active(self) -> int:
        """The counselor whose turn it is."""
        return self.turn[1]

    @property
    def attack_die(self) -> int:
        """The sides of Otis's attack die."""
        return load().otis_dice[self.attack]

    lock_spots = _spots("locks")
    """(space, card) of each lock."""
    ground_spots = _spots("ground")
    """(space, card) of each card lying on the ground."""
    aid_spots = _spots("aids")
    """(space, card) of each First Aid Station."""
    cameo_spots = _spots("cameos")
    """(space, card) of each cameo."""

    @derived
    def where(self) -> dict[int, int]:
        """The space of each card lying on the board."""
        return dict(self.spot)


@functools.cache
def _families() -> tuple[str, ...]:
    return tuple(card.deck for card in load().cards)


def _unlogged(before: CampView, after: CampView) -> list[str]:
    """The moves the log does not tell, read from two views of one viewer."""
    content, names = load(), card_names()
    lines: list[str] = []
    lifted = [card for card in before.ground if card not in after.ground]
    # Every card coming into a backpack is logged (drawn, given, taken from a mate) or picked up; a person's two
    # views can span more events than the log keeps (`logged_since` says how many are lost), and then only.
    lost = after.said - before.said > len(after.log)
    for seat, counselor in enumerate(after.counselors):
        who = content.counselors[counselor].name
        if before.location[seat] != after.location[seat]:
            lines.append(f"{who} moves to {content.spaces[after.location[seat]]}")
        lines += [f"{who} equips {names[card]}" for card in after.equipped[seat] if card not in before.equipped[seat]]
        lines += [
            f"{who} puts away {names[card]}" for card in before.equipped[seat] if card not in after.equipped[seat]
        ]
        if lost:  # the log's lines of a draw or a gift are gone: the backpack is all that tells it
            lines += [
                f"{who} takes {names[card]}"
                for card in after.backpack[seat]
                if card not in before.backpack[seat] and card not in lifted and card not in before.equipped[seat]
            ]
        # A card off the ground is picked up by whoever holds it now: a person's two views can span several
        # counselors' turns, so the counselor whose turn it was is not always the one (an outside tester).
        held = (*after.equipped[seat], *after.backpack[seat], *after.objectives[seat])
        lines += [f"{who} picks up {names[card]}" for card in lifted if card in held]
        if seat in after.strike_later and seat not in before.strike_later:
            lines.append(f"{who} lets another fight first")
        stopped = before.phase == "panic" and after.phase != "panic" and before.location == after.location
        if stopped and before.panic_seat == seat:
            lines.append(f"{who} stops running")
    active = content.counselors[after.counselors[before.turn[1]]].name
    if after.turn != before.turn and not lines:
        lines.append(f"{active} ends the turn")
    return lines


@functools.cache
def card_names() -> list[str]:
    cards = load().cards
    copies = Counter(card.name for card in cards)
    seen: Counter[str] = Counter()
    names = []
    for card in cards:
        seen[card.name] += 1
        names.append(card.name if copies[card.name] == 1 else f"{card.name} #{seen[card.name]}")
    return names


class CampGrizzly(Game["CampState"]):
    """The game object registered with the plugin host."""

    id = "camp-grizzly"
    title = "Camp Grizzly"
    version = "10"
    min_players = 1
    max_players = 6
    options_type = CampOptions
    cooperative = True
    villain = "Otis"
    endings = (
        "finale survived",
        "every counselor dead",
        "last fight won",
        "last fight lost",
        "night ran out, last fight won",
        "night ran out, last fight lost",
    )
    """RULES.md: a finale's survivors win; Otis wins once every counselor is dead; at HOPELESS one last fight
    decides, reached by the body count or, Assumption 10, by the night running out (told apart: it is the
    termination rule, which a designer wants to see rarely). "night ran out" means the last fight came once the
    night's last round was over: where a stalking cameo's kill in Otis's turn closing that round makes the body count
    HOPELESS first, the fight is the one the limit would have started at that same moment, and is counted with it."""

    def _setup(self, players: int, seed: int, options: CampOptions) -> CampState:
        from plugins.camp_grizzly.state import new_state

        return new_state(self, players, Rng(seed), options, self.chosen(players, options))

    def card_family(self, card: int) -> str:
        """The deck a card belongs to (cabin, survival or micro): the back everyone sees."""
        return _families()[card]

    def action_space(self, players: int, options: CampOptions) -> tuple[tuple[Any, ...], ...]:
        """Every action of a match of this shape, in the fixed order of `actions.py`."""
        from plugins.camp_grizzly.actions import action_space

        return action_space(players, options)

    def card_name(self, card: int) -> str:
        """A card's name, with its copy number when the game holds several ("Machete #2")."""
        return card_names()[card]

    def card_named(self, name: Any) -> int:
        """The card `card_name` calls `name`."""
        return card_names().index(name)

    def seat_names(self, players: int, options: CampOptions) -> list[str]:
        """Each seat is called by its counselor's name."""
        counselors = load().counselors
        return [counselors[index].name for index in self.chosen(players, options)]

    def chosen(self, players: int, options: CampOptions) -> tuple[int, ...]:
        """The counselor index of each seat, from the `counselors` option."""
        counselors = load().counselors
        names = [c.name.lower() for c in counselors]
        if not options.counselors.strip():
            return tuple(range(players))
        wanted = [n.strip() for n in options.counselors.split("+")]
        if not all(wanted):  # "Kevin++Sherry": a name left out, or a typo, not a name to skip
            raise GameError(f"camp-grizzly: an empty counselor name in {options.counselors!r}; join names with '+'")
        for name in wanted:
            if name.lower() not in names:
                known = ", ".join(c.name for c in counselors)
                raise GameError(f"camp-grizzly: unknown counselor {name!r} (known: {known})")
        chosen = tuple(names.index(name.lower()) for name in wanted)
        for at, index in enumerate(chosen):
            if index in chosen[:at]:
                raise GameError(f"camp-grizzly: counselor {counselors[index].name} is chosen twice")
        if len(wanted) != players:
            raise GameError(
                f"camp-grizzly: {counted(len(wanted), 'counselor')} named for {counted(players, 'seat')}; "
                "name one per seat"
            )
        return chosen

    def max_decisions(self, players: int, options: CampOptions) -> int:
        # A turn: at most MAX_MOVE steps, FREE_ACTIONS free actions, a draw and the equipping of its card, a
        # Foolin' choice, the end, and four refused finale proposals of up to 6 consents. Strikes in one turn:
        # crossing paths (it stops the move for the turn; counted as 1 + FREE_ACTIONS, a loose bound), 6
        # cameos (the deck holds 4: looser still), 6 forced locks, the draw or reveal, and the woods (2). Each
        # strike asks every counselor for a choice (two after a lost fight: whether to panic with a panic card)
        # and a panic of at most 10 steps, plus at most n(n-1)/2 "later"s (each of the k still to go may defer
        # once before the next goes); the four finales add at most 3 strikes each. Otis
        # strikes at most once a round, and a Tempt Fate met in a panic adds one strike after the strike it
        # happened in (at most one per cameo card: counted as 6).
        strike = players * (2 + 10) + players * (players - 1) // 2
        strikes = (1 + FREE_ACTIONS) + 6 + 6 + 1 + 2
        turn = MAX_MOVE + FREE_ACTIONS + 4 + 4 * (1 + players) + strikes * strike
        return options.night * (players * turn + (1 + 6) * strike) + 4 * 3 * strike + 2 * strike + 10

    def events(self, before: CampView, after: CampView) -> list[str]:
        """What happened between two observations (draws, rolls, Otis, deaths), for a running commentary, after
        the moves the log leaves out (a person does not see the other seats' actions): walks, gear equipped or
        put away, a fight put off, and a turn handed on."""
        return _unlogged(before, after) + logged_since(after.log, after.said, before.said)

    def action_text(self, action: Any) -> str:
        from plugins.camp_grizzly.render import action_text

        return action_text(action)

    def render(self, observation: CampView, seat: int | None) -> str:
        from plugins.camp_grizzly.render import render

        return render(observation)
