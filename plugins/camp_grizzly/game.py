"""Camp Grizzly: 1-6 counselors cooperate against Otis, a killer driven by the rules.

Shape: one seat per counselor (a player object may hold several seats: the runner allows it); Otis is
not a seat. A board graph of cabins, paths, nature trails and locks; dice; the Cabin, Survival and "?"
decks; a rules-driven villain; a cooperative win for the survivors of a finale. Rules:
../../shared/seeds/000_6ac2eebe1fa63373.txt; the content design and every reading of a gap are in
RULES.md.

Actions are short tuples: a verb and ints (spaces and cards are indices into the static content).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from corekit import Game, GameError, Rng, logged_since
from corekit.words import counted
from plugins.camp_grizzly.content import load

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


@attrs.frozen
class CampOptions:
    """Options of Camp Grizzly."""

    setup: Setup = attrs.field(default=Setup.NORMAL, metadata={"help": "the camp setup"})
    surprises: bool = attrs.field(
        default=True, metadata={"help": "keep the surprise micro cards in the '?' deck (off is easier)"}
    )
    counselors: str = attrs.field(
        default="",
        metadata={"help": "counselors by name, one per seat, separated by '+' (empty: the first ones)"},
    )
    night: int = attrs.field(
        default=50,
        validator=attrs.validators.and_(attrs.validators.ge(1), attrs.validators.le(200)),
        metadata={
            "help": "rounds before the night turns HOPELESS (the termination rule of RULES.md: a backstop "
            "that ends few games)"
        },
    )
    movement: Movement = attrs.field(
        default=Movement.START,
        metadata={
            "help": "start: the movement is the health as the move begins; live: an injury taken while "
            "moving lowers what is left, and a strike ends the move"
        },
    )


@attrs.frozen(slots=False)  # without slots, for speed: see CampObservation
class CounselorView:
    """One counselor card as everyone sees it (backpacks are open: players may discuss their cards)."""

    seat: int
    counselor: int
    loc: int
    injuries: int
    alive: bool
    horror: int
    equipped: tuple[int, ...]
    pack: tuple[int, ...]
    perms: tuple[int, ...]
    campers: tuple[int, ...]
    objectives: tuple[int, ...]


# Without slots: a frozen attrs class with a __dict__ stores each field by a plain dict store, a frozen slotted
# one by object.__setattr__, twice as slow; an observation is built at every decision of a playout.
@attrs.frozen(slots=False)
class CampObservation:
    """What a seat knows: everything but the order of the decks and the face-down "?" cards.

    With `seat` None, `hidden` holds the Cabin deck, the Survival deck, the "?" deck and the face-down "?"
    cards on the board, in order: the full truth.
    """

    seat: int | None
    round: int
    night: int
    active: int
    phase: str
    control: tuple[Any, ...]
    counselors: tuple[CounselorView, ...]
    otis: int
    stalk: int
    attack: int
    damage: int
    body: int
    ground: tuple[tuple[int, int], ...]
    mysteries: tuple[int, ...]
    locks: tuple[tuple[int, int], ...]
    aids: tuple[tuple[int, int], ...]
    cameos: tuple[tuple[int, int], ...]
    lasting: tuple[int, ...]
    failed_finales: tuple[int, ...]
    cabin_deck: int
    cabin_discard: tuple[int, ...]
    survival_deck: int
    survival_discard: tuple[int, ...]
    mystery_deck: int
    micro_used: tuple[int, ...]
    supply: tuple[int, ...]
    boxed: tuple[int, ...]
    log: tuple[str, ...]
    said: int
    """How many events have been logged since the start (the log keeps the last few)."""
    winners: tuple[int, ...]
    over: bool
    hidden: tuple[Any, ...] = ()


class CampGrizzly(Game):
    """The game object registered with the plugin host."""

    id = "camp-grizzly"
    title = "Camp Grizzly"
    version = "2"
    min_players = 1
    max_players = 6
    options_type = CampOptions
    cooperative = True
    villain = "Otis"

    def _setup(self, players: int, seed: int, options: CampOptions) -> Any:
        from plugins.camp_grizzly.state import CampState

        return CampState.new(self, players, Rng(seed), options, self.chosen(players, options))

    def seat_names(self, players: int, options: CampOptions) -> list[str]:
        """Each seat is called by its counselor's name."""
        counselors = load().counselors
        return [counselors[index].name for index in self.chosen(players, options)]

    def chosen(self, players: int, options: CampOptions) -> tuple[int, ...]:
        """The counselor index of each seat, from the `counselors` option."""
        content = load()
        names = [c.name.lower() for c in content.counselors]
        if not options.counselors.strip():
            return tuple(range(players))
        wanted = [n.strip() for n in options.counselors.replace(",", "+").split("+") if n.strip()]
        known = ", ".join(c.name for c in content.counselors)
        for name in wanted:
            if name.lower() not in names:
                raise GameError(f"camp-grizzly: unknown counselor {name!r} (known: {known})")
        for at, name in enumerate(wanted):
            if name.lower() in (other.lower() for other in wanted[:at]):
                raise GameError(
                    f"camp-grizzly: counselor {content.counselors[names.index(name.lower())].name} is chosen twice"
                )
        if len(wanted) != players:
            raise GameError(
                f"camp-grizzly: {counted(len(wanted), 'counselor')} named for {counted(players, 'seat')}; "
                "name one per seat"
            )
        wanted = [name.lower() for name in wanted]
        return tuple(names.index(n) for n in wanted)

    def max_decisions(self, players: int, options: CampOptions) -> int:
        # A turn: at most MAX_MOVE steps, FREE_ACTIONS free actions, a draw, a Foolin' choice, the end,
        # and four refused finale proposals of up to 6 consents. Strikes in one turn: crossing paths (it
        # stops the move; only a played movement card can restart it, so at most 1 + FREE_ACTIONS), 6
        # cameos, 6 forced locks, the draw or reveal, and the woods (2). Each strike asks every counselor for
        # a choice and a panic of at most 10 steps, plus at most n(n-1)/2 "later"s (each of the k still to
        # go may defer once before the next goes); the four finales add at most 3 strikes each. Otis
        # strikes at most once a round.
        strike = players * (1 + 10) + players * (players - 1) // 2
        strikes = (1 + FREE_ACTIONS) + 6 + 6 + 1 + 2
        turn = MAX_MOVE + FREE_ACTIONS + 3 + 4 * (1 + players) + strikes * strike
        return options.night * (players * turn + strike) + 4 * 3 * strike + 2 * strike + 10

    def events(self, before: CampObservation, after: CampObservation) -> list[str]:
        """What happened between two observations (draws, rolls, Otis, deaths), for a running commentary."""
        return logged_since(after.log, after.said, before.said)

    def action_text(self, action: Any) -> str:
        from plugins.camp_grizzly.render import action_text

        return action_text(action)

    def render(self, observation: CampObservation, seat: int | None) -> str:
        from plugins.camp_grizzly.render import render

        return render(observation)
