"""Scavengers: area majority for Food Scraps at three Camps, with tan and gray Scavenger cards.

Shape: 2-4 seats, taking turns; a round is Place Food Scraps, then Play Scavengers (one card, a Rabbit
hop, or a pass, until everyone has passed or run out), then Collect Food Scraps (Mice first, with a
choice). Hidden: the hands and the undealt Scavenger cards, and the Camper deck's order. Chance: the
deals, the Camper deck and draws of random scraps. Rules: ../../shared/seeds/002_a4108b6ced3fc972.txt;
content and every reading of a gap: RULES.md.

Actions are short tuples: ("place", camp), ("play", design, camp, *choices), ("hop", design, from, to),
("pass",), ("mouse", scrap type). Cards and scraps are ints (see `content`).
"""

from __future__ import annotations

import enum
import hashlib

import attrs

from corekit import Game, Phases, Rng, State, TurnOrder, redeal_unseen
from plugins.scavengers import rules
from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.rules import KIND, Table

PASS = ("pass",)
DEAL = {2: 12, 3: 10, 4: 9}
LEFTOVERS = {2: 3, 3: 4, 4: 5}
PHASES = ("place", "play", "collect")


class End(enum.Enum):
    """How the game ends (the rulebook never says; see RULES.md)."""

    RACE = "race"
    ROUNDS = "rounds"


@attrs.frozen
class ScavengersOptions:
    """Options of Scavengers."""

    end: End = attrs.field(
        default=End.RACE,
        metadata={
            "help": "race: first to complete all four Food cards wins; rounds: a fixed number of rounds, "
            "most Food cards completed wins"
        },
    )
    max_rounds: int = attrs.field(
        default=40,
        validator=attrs.validators.ge(1),
        metadata={"help": "the bound on rounds in a race, after which the most Food cards completed wins"},
    )
    laps: int = attrs.field(
        default=2,
        validator=attrs.validators.ge(1),
        metadata={"help": "with end=rounds: the game lasts until every player has been Camp Leader this many times"},
    )


@attrs.frozen
class CampView:
    """One Camp as everyone sees it. `cards` are (owner, design, hopped, current strength), sorted."""

    scraps: tuple[int, ...]
    gray: tuple[int, ...]
    cards: tuple[tuple[int, int, bool, int], ...]
    totals: tuple[int, ...]
    mice: tuple[int, ...]
    crows: int


@attrs.frozen
class ScavengersObservation:
    """What a seat knows now. With `seat` None it is the full truth (`hidden`: hands, deck, Campers)."""

    seat: int | None
    round: int
    phase: str
    leader: int
    turn: int | None
    out: tuple[bool, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    camps: tuple[CampView, ...]
    bear: int
    pile: tuple[int, ...]
    pending: int | None
    deck_size: int
    discard: tuple[int, ...]
    camper_deck_size: int
    camper_discard: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]
    """held[seat][scrap type]: scraps on that seat's unfinished Food cards."""
    done: tuple[tuple[bool, ...], ...]
    report: tuple[tuple[int, int, int, str, bool], ...]
    """Last collection: (seat, camp, scrap, "Mouse" or "wins", placed on a Food card)."""
    winners: tuple[int, ...]
    hidden: tuple[object, ...] = ()


class Scavengers(Game):
    """The game object registered with the plugin host."""

    id = "scavengers"
    title = "Scavengers"
    version = "1"
    min_players = 2
    max_players = 4
    options_type = ScavengersOptions

    def _setup(self, players: int, seed: int, options: ScavengersOptions) -> ScavengersState:
        return ScavengersState.new(self, players, Rng(seed), options)

    def rounds_bound(self, players: int, options: ScavengersOptions) -> int:
        """The last round a match can reach."""
        return options.laps * players if options.end is End.ROUNDS else options.max_rounds

    def max_decisions(self, players: int, options: ScavengersOptions) -> int:
        # A round: at most 3 placements per Camp, one play per dealt card, one hop per Rabbit, one pass
        # per seat and one Mouse choice per Camp.
        rabbits = sum(1 for d in CONTENT.deck if CONTENT.designs[d].kind == "rabbit")
        camps = len(CONTENT.camps)
        per_round = camps * CONTENT.circles + DEAL[players] * players + rabbits + players + camps
        return self.rounds_bound(players, options) * per_round

    def action_text(self, action: tuple) -> str:
        from plugins.scavengers.render import action_text

        return action_text(action)

    def events(self, before: ScavengersObservation, after: ScavengersObservation) -> list[str]:
        """Scraps placed, cards discarded, each round's collection, the end (see `render.events`)."""
        from plugins.scavengers.render import events

        return events(self, before, after)

    def render(self, observation: ScavengersObservation, seat: int | None) -> str:
        from plugins.scavengers.render import render

        return render(self, observation)


class ScavengersState(State):
    """One moment of a game of Scavengers."""

    __slots__ = (
        "_legal",
        "camper_discard",
        "campers",
        "deck",
        "done",
        "game",
        "hands",
        "held",
        "leader",
        "mice",
        "options",
        "pending",
        "phases",
        "placer",
        "players",
        "report",
        "rng",
        "table",
        "turns",
        "winners",
    )

    @classmethod
    def new(cls, game: Scavengers, players: int, rng: Rng, options: ScavengersOptions) -> ScavengersState:
        """Set up: leftover scraps from last winter, the Camper deck, then the first round."""
        state = cls.__new__(cls)
        state.game = game
        state.players = players
        state.rng = rng
        state.options = options
        state.table = Table.empty()
        state.held = [[0] * len(CONTENT.scraps) for _ in range(players)]
        state.done = [[False] * len(CONTENT.foods) for _ in range(players)]
        state.hands = [[] for _ in range(players)]
        state.deck = []
        state.campers = list(CONTENT.campers)
        rng.shuffle(state.campers)
        state.camper_discard = []
        state.leader = 0
        state.phases = Phases(PHASES)
        state.turns = TurnOrder(players, 0)
        state.placer = 0
        state.pending = None
        state.mice = []
        state.report = ()
        state.winners = ()
        state._legal = None
        for seat in range(players):
            state._leftovers(seat)
        state._start_round()
        return state

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The placer, the player whose turn it is, or the Mouse choosing a scrap."""
        if self.winners:
            return ()
        phase = self.phases.current
        if phase == "place":
            return (self.placer,)
        if phase == "play":
            return (self.turns.current,)
        return (self.mice[0][1],)

    def legal_actions(self, seat: int) -> tuple[tuple, ...]:
        """Legal actions of `seat` now (empty unless it is to act)."""
        if seat not in self.to_act:
            return ()
        # `apply` validates against this list right after a player chose from it: build it once.
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        legal = tuple(self._legal_actions(seat))
        self._legal = (seat, legal)
        return legal

    def _legal_actions(self, seat: int) -> list[tuple]:
        """Placements, plays (a pass last) or a Mouse's choices, by phase."""
        phase = self.phases.current
        table = self.table
        if phase == "place":
            return [("place", c) for c in range(len(CONTENT.camps)) if len(table.scraps[c]) < CONTENT.circles]
        if phase == "play":
            return [*rules.plays(table, seat, self.hands[seat]), PASS]
        return [("mouse", t) for t in sorted(set(table.scraps[self.mice[0][0]]))]

    def _apply(self, seat: int, action: tuple) -> None:
        """Place a scrap, take a Mouse's scrap, or play, hop or pass and hand the turn on."""
        self._legal = None
        tag = action[0]
        if tag == "place":
            self.table.scraps[action[1]].append(self.pending)
            self.table.scraps[action[1]].sort()
            self.table.pile[self.pending] -= 1
            self.placer = (self.placer + 1) % self.players
            self._draw_camper()
        elif tag == "mouse":
            camp = self.mice.pop(0)[0]
            self._take(seat, camp, action[1], "Mouse")
            self._collect()
        else:
            if tag == "pass":
                self.turns.eliminate(seat)
            elif tag == "hop":
                rules.hop(self.table, seat, action)
            else:
                self.hands[seat].remove(action[1])
                rules.play(self.table, seat, action)
                if not self.hands[seat]:
                    self.turns.eliminate(seat)
            if any(self.turns.alive):
                self.turns.current = self.turns.next_after(seat)
            else:
                self._end_play()

    def returns(self) -> list[float]:
        """1 to the winner; winners tied at the end share 1 equally; 0 to the others."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if seat in self.winners else 0.0 for seat in range(self.players)]

    def clone(self) -> ScavengersState:
        """A copy sharing nothing mutable."""
        copy = ScavengersState.__new__(ScavengersState)
        copy.game = self.game
        copy.players = self.players
        copy.options = self.options
        copy.rng = Rng(self.rng.state)
        copy.table = self.table.clone()
        copy.held = [h[:] for h in self.held]
        copy.done = [d[:] for d in self.done]
        copy.hands = [h[:] for h in self.hands]
        copy.deck = self.deck[:]
        copy.campers = self.campers[:]
        copy.camper_discard = self.camper_discard[:]
        copy.leader = self.leader
        copy.phases = self.phases.clone()
        copy.turns = self.turns.clone()
        copy.placer = self.placer
        copy.pending = self.pending
        copy.mice = self.mice[:]
        copy.report = self.report
        copy.winners = self.winners
        copy._legal = None
        return copy

    def observation(self, seat: int | None) -> ScavengersObservation:
        """Own hand; everything on the table, every Food card and the pile; sizes of what is hidden."""
        table = self.table
        camps = []
        for c, entries in enumerate(table.tan):
            cards = tuple(sorted((o, d, h, s) for (o, d, h), s in zip(entries, table.strengths(c), strict=True)))
            totals = [0] * self.players
            mice = [0] * self.players
            crows = 0
            for o, d, _, s in cards:
                totals[o] += s
                kind = KIND[d]
                if kind == "mouse":
                    mice[o] += 1
                elif kind == "crow":
                    crows += 1
            camps.append(
                CampView(tuple(table.scraps[c]), tuple(sorted(table.gray[c])), cards, tuple(totals), tuple(mice), crows)
            )
        hidden: tuple[object, ...] = ()
        if seat is None:
            hidden = (tuple(tuple(h) for h in self.hands), tuple(self.deck), tuple(self.campers))
        playing = self.phases.current == "play" and not self.winners
        return ScavengersObservation(
            seat=seat,
            round=self.phases.round + (0 if self.winners else 1),
            phase="over" if self.winners else self.phases.current,
            leader=self.leader,
            turn=self.turns.current if playing else None,
            out=tuple(not alive for alive in self.turns.alive) if playing else (False,) * self.players,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            camps=tuple(camps),
            bear=table.bear,
            pile=tuple(table.pile),
            pending=self.pending,
            deck_size=len(self.deck),
            discard=tuple(sorted(table.discard)),
            camper_deck_size=len(self.campers),
            camper_discard=tuple(sorted(self.camper_discard)),
            held=tuple(tuple(h) for h in self.held),
            done=tuple(tuple(d) for d in self.done),
            report=self.report,
            winners=self.winners,
            hidden=hidden,
        )

    def sample(self, seat: int, rng: Rng) -> ScavengersState:
        """Other hands and the undealt cards redealt, the Camper deck reshuffled, chance reseeded."""
        copy = self.clone()
        redeal_unseen(rng, [copy.hands[s] for s in range(self.players) if s != seat] + [copy.deck])
        redeal_unseen(rng, [copy.campers])
        for hand in copy.hands:
            hand.sort()
        # Orders the observation does not show are made canonical, so the sample depends on it alone.
        copy.camper_discard.sort()
        copy.table.discard.sort()
        for entries in copy.table.tan:
            entries.sort()
        copy.rng = rng.spawn()
        return copy

    def digest(self) -> str:
        """The fingerprint of the full truth, from a canonical tuple of ints (the generic walk of the
        observation is the slowest part of a conformance run)."""
        table = self.table
        truth = (
            self.players,
            self.phases.index,
            self.phases.round,
            self.leader,
            self.placer,
            self.pending,
            self.turns.current,
            tuple(self.turns.alive),
            tuple(self.mice),
            self.report,
            self.winners,
            tuple(tuple(sorted(e)) for e in table.tan),
            tuple(tuple(sorted(g)) for g in table.gray),
            tuple(tuple(s) for s in table.scraps),
            tuple(table.pile),
            table.bear,
            tuple(sorted(table.discard)),
            tuple(tuple(h) for h in self.hands),
            tuple(self.deck),
            tuple(self.campers),
            tuple(sorted(self.camper_discard)),
            tuple(tuple(h) for h in self.held),
            tuple(tuple(d) for d in self.done),
            self.rng.state,
        )
        return hashlib.blake2b(repr(truth).encode("ascii"), digest_size=8).hexdigest()

    def zones(self) -> dict[str, list]:
        """Scavenger cards, Camper cards and Food Scraps in every place they can be."""
        table = self.table
        zones: dict[str, list] = {f"hand {s}": self.hands[s] for s in range(self.players)}
        zones["deck"] = self.deck
        zones["discard"] = table.discard
        for c, name in enumerate(CONTENT.camps):
            zones[f"{name} cards"] = [d for _, d, _ in table.tan[c]] + table.gray[c]
            zones[f"{name} scraps"] = [f"scrap {CONTENT.scraps[t]}" for t in table.scraps[c]]
        zones["campers"] = [f"camper {CONTENT.scraps[t]}" for t in self.campers + self.camper_discard]
        zones["pile"] = [f"scrap {CONTENT.scraps[t]}" for t, n in enumerate(table.pile) for _ in range(n)]
        zones["food cards"] = [
            f"scrap {CONTENT.scraps[t]}" for held in self.held for t, n in enumerate(held) for _ in range(n)
        ]
        return zones

    # ---- the rules -----------------------------------------------------------------------------

    def _leftovers(self, seat: int) -> None:
        """Setup 4: random scraps until 3/4/5 spaces are filled; one that fits nowhere is drawn again.

        Redrawing until a scrap fits is the same as drawing at random among the scraps that fit, which
        is what this does (it never loops)."""
        for _ in range(LEFTOVERS[self.players]):
            weights = [n if self._fits(seat, t) else 0 for t, n in enumerate(self.table.pile)]
            scrap = self.rng.weighted(weights)
            self.table.pile[scrap] -= 1
            self._give(seat, scrap)

    def _start_round(self) -> None:
        """Gather and deal every Scavenger card, the Bear back to its Den, then Place Food Scraps."""
        table = self.table
        cards = sorted(CONTENT.deck)  # every card comes back between rounds: the order is canonical
        self.rng.shuffle(cards)
        deal = DEAL[self.players]
        self.hands = [sorted(cards[s * deal : (s + 1) * deal]) for s in range(self.players)]
        self.deck = cards[self.players * deal :]
        table.tan = [[] for _ in CONTENT.camps]
        table.gray = [[] for _ in CONTENT.camps]
        table.discard = []
        table.bear = DEN
        self.placer = self.leader
        self._draw_camper()

    def _draw_camper(self) -> None:
        """The Camp Leader turns Camper cards until a Camp has room; a scrap gone from the pile is skipped."""
        self.pending = None
        if all(len(s) >= CONTENT.circles for s in self.table.scraps) or not any(self.table.pile):
            self._start_play()
            return
        while True:
            if not self.campers:
                self.campers, self.camper_discard = sorted(self.camper_discard), []
                self.rng.shuffle(self.campers)
            scrap = self.campers.pop()
            self.camper_discard.append(scrap)
            if self.table.pile[scrap]:
                self.pending = scrap
                return

    def _start_play(self) -> None:
        """Play Scavengers, the Camp Leader first."""
        self.phases.advance()
        self.turns = TurnOrder(self.players, self.leader)

    def _end_play(self) -> None:
        """Every player has passed or run out: Mice first, in Camp order, then the Camps' winners."""
        self.phases.advance()
        self.report = ()
        self.mice = []
        for c in range(len(CONTENT.camps)):
            leader = rules.mouse_leader(self.table.mice(c, self.players))
            if leader is not None:
                self.mice.append((c, leader))
        self._collect()

    def _collect(self) -> None:
        """Resolve Mouse takes that need no choice; stop at one that does; then the Camps' winners."""
        while self.mice:
            camp, seat = self.mice[0]
            kinds = sorted(set(self.table.scraps[camp]))
            if len(kinds) > 1:
                return  # the Mouse's owner chooses
            self.mice.pop(0)
            if kinds:
                self._take(seat, camp, kinds[0], "Mouse")
        for c in range(len(CONTENT.camps)):
            winner = rules.unique_best(self.table.totals(c, self.players))
            if winner is not None:
                for scrap in list(self.table.scraps[c]):
                    self._take(winner, c, scrap, "wins")
        self._end_round()

    def _take(self, seat: int, camp: int, scrap: int, why: str) -> None:
        """A seat takes a scrap from a Camp onto its Food cards (or back to the pile), and it is reported."""
        self.table.scraps[camp].remove(scrap)
        placed = self._give(seat, scrap)
        self.report += ((seat, camp, scrap, why, placed),)

    def _fits(self, seat: int, scrap: int) -> bool:
        """True if the seat has an empty space for this scrap on an unfinished Food card."""
        food = CONTENT.food_of[scrap]
        return not self.done[seat][food] and self.held[seat][scrap] < CONTENT.needs[food][scrap]

    def _give(self, seat: int, scrap: int) -> bool:
        """Place a scrap on its Food card, or back to the pile; a full card is turned over, its scraps
        back to the pile."""
        table = self.table
        if not self._fits(seat, scrap):
            table.pile[scrap] += 1
            return False
        food = CONTENT.food_of[scrap]
        held = self.held[seat]
        held[scrap] += 1
        needs = CONTENT.needs[food]
        if all(held[t] >= n for t, n in enumerate(needs) if n):
            self.done[seat][food] = True
            for t, n in enumerate(needs):
                if n:
                    table.pile[t] += held[t]
                    held[t] = 0
        return True

    def _end_round(self) -> None:
        """The end (RULES.md, Assumptions 1 and 2), or the next round with the next Camp Leader."""
        self.phases.advance()  # back to "place", one more round done
        complete = tuple(s for s in range(self.players) if all(self.done[s]))
        if complete:
            self.winners = complete
            return
        if self.phases.round >= self.game.rounds_bound(self.players, self.options):
            self.winners = ranking(self.done, self.held)
            return
        self.leader = (self.leader + 1) % self.players
        self._start_round()


def ranking(done: list[list[bool]] | tuple, held: list[list[int]] | tuple) -> tuple[int, ...]:
    """The seats with the most completed Food cards, then the most scraps on the others (all tied)."""
    scores = [(sum(d), sum(h)) for d, h in zip(done, held, strict=True)]
    best = max(scores)
    return tuple(s for s, score in enumerate(scores) if score == best)
