"""Scenario building for the Scavengers tests: a state in the play phase with chosen cards, scraps and
Food cards, made through the state's constructor (every scrap and card accounted for), so the record of
where face-down cards came from starts from this position."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any

from corekit import Phases, Rng, TurnOrder
from plugins.scavengers.content import CONTENT
from plugins.scavengers.game import CAMPERS, PHASES, Scavengers, ScavengersState

GAME = Scavengers()
SCRAP = {name: t for t, name in enumerate(CONTENT.scraps)}
CARD = {d.label: d.index for d in CONTENT.designs}
FOOD = {name: f for f, name in enumerate(CONTENT.foods)}
QUARTZ, GRIZZLY, ELK = 0, 1, 2


def card(label: str) -> int:
    """A design index from its label ("Coyote 5", "Chipmunk", "Dog")."""
    return CARD[label]


def scrap(name: str) -> int:
    """A scrap type from its name."""
    return SCRAP[name]


class Scenario:
    """Builds a state in the play phase, seat 0 to play, nothing at the Camps, every scrap in the pile and
    every Scavenger card undealt, but what the calls say. Every method returns self so calls chain; `state`
    makes the state (once)."""

    def __init__(self, players: int = 2, seed: int = 1, **options: object) -> None:
        self.players = players
        self.seed = seed
        self.options = GAME.make_options(options or None)
        camps = range(len(CONTENT.camps))
        self.deck = sorted(CONTENT.deck)
        self.fields: dict[str, Any] = {
            "hands": [[] for _ in range(players)],
            "tan": [[] for _ in camps],
            "gray": [[] for _ in camps],
            "scraps": [[] for _ in camps],
            "pile": list(CONTENT.scrap_counts),
            "held": [[0] * len(CONTENT.scraps) for _ in range(players)],
            "done": [[False] * len(CONTENT.foods) for _ in range(players)],
            "turns": TurnOrder(players, 0),
        }

    @cached_property
    def state(self) -> ScavengersState:
        """The state the calls describe."""
        phases = Phases(PHASES)
        phases.index = PHASES.index("play")
        return ScavengersState(
            game=GAME,
            players=self.players,
            options=self.options,
            rng=Rng(self.seed),
            deck=self.deck,
            campers=sorted(CAMPERS),
            phases=phases,
            **self.fields,
        )

    def _take_card(self, d: int) -> int:
        assert "state" not in self.__dict__, "the state is made: set the scenario up first"
        self.deck.remove(d)
        return d

    def hand(self, seat: int, labels: Iterable[str]) -> Scenario:
        """Give `seat` these cards (taken from the undealt deck)."""
        self.fields["hands"][seat] = sorted(self._take_card(card(label)) for label in labels)
        return self

    def tan(self, seat: int, camp: int, labels: Iterable[str], hopped: bool = False) -> Scenario:
        """Put tan cards of `seat` in play at `camp`."""
        for label in labels:
            self.fields["tan"][camp].append((seat, self._take_card(card(label)), hopped))
        return self

    def gray(self, camp: int, labels: Iterable[str]) -> Scenario:
        """Put gray cards (Cloudbreak, Late Night Campers) at `camp`."""
        for label in labels:
            self.fields["gray"][camp].append(self._take_card(card(label)))
        return self

    def scraps(self, camp: int, names: Iterable[str]) -> Scenario:
        """Set the scraps at `camp`, taken from (and the old ones returned to) the pile."""
        pile, scraps = self.fields["pile"], self.fields["scraps"]
        for t in scraps[camp]:
            pile[t] += 1
        scraps[camp] = sorted(scrap(n) for n in names)
        for t in scraps[camp]:
            pile[t] -= 1
            assert pile[t] >= 0
        return self

    def held(self, seat: int, names: Iterable[str]) -> Scenario:
        """Put scraps from the pile on `seat`'s Food cards."""
        for name in names:
            t = scrap(name)
            self.fields["pile"][t] -= 1
            self.fields["held"][seat][t] += 1
        return self

    def done(self, seat: int, foods: Iterable[str]) -> Scenario:
        """Mark Food cards of `seat` completed (turned over)."""
        for name in foods:
            self.fields["done"][seat][FOOD[name]] = True
        return self

    def bear(self, location: int) -> Scenario:
        """Put the Bear at a Camp (0-2) or in its Den (3)."""
        self.fields["bear"] = location
        return self

    def turn(self, seat: int) -> Scenario:
        """Make it `seat`'s turn."""
        self.fields["turns"].current = seat
        return self


def pass_all(state: ScavengersState) -> None:
    """Every seat still in the round passes, in turn, until the round is collected."""
    round_now = state.phases.round
    while state.phases.current == "play" and state.phases.round == round_now and not state.winners:
        state.apply(state.to_act[0], ("pass",))


def scoring_example() -> Scenario:
    """The rulebook's scoring example (player 1 is seat 0, player 2 seat 1), seat 0 to pass first."""
    return (
        Scenario(2)
        # Elk: Late Night Campers zeroes player 2's big cards; Cloudbreak then lifts player 1's Squirrel.
        .scraps(ELK, ["Egg", "Cheese", "Pepper"])
        .gray(ELK, ["Cloudbreak", "Late Night Campers"])
        .tan(0, ELK, ["Squirrel 2", "Crow 1"])
        .tan(1, ELK, ["Coyote 6", "Raccoon 4", "Weasel 1"])
        # Grizzly: player 2 is stronger, but player 1's Mouse takes the one scrap the Squirrels left.
        .scraps(GRIZZLY, ["Bun"])
        .tan(0, GRIZZLY, ["Mouse 1"])
        .tan(1, GRIZZLY, ["Raccoon 5"])
        # Quartz: one Mouse each is a tie, so no Mouse takes; player 2 wins everything.
        .scraps(QUARTZ, ["Meat", "Onion", "Cracker"])
        .tan(0, QUARTZ, ["Mouse 1"])
        .tan(1, QUARTZ, ["Mouse 1", "Coyote 5"])
        .hand(0, ["Crow 2"])
        .hand(1, ["Crow 2"])
    )
