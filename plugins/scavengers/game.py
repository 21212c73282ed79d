"""Scavengers: area majority for Food Scraps at three Camps, with tan and gray Scavenger cards.

Shape: 2-4 seats, taking turns; a round is Place Food Scraps, then Play Scavengers (one card, a Rabbit
hop, or a pass, until everyone has passed or run out), then Collect Food Scraps (Mice first, with a
choice). Hidden: the hands and the undealt Scavenger cards, and the Camper deck's order. Chance: the
deals, the Camper deck and draws of random scraps. Rules: the Scavengers rulebook; content and every
reading of a gap: RULES.md.

Actions are short tuples: ("place", camp), ("play", design, camp, *choices), ("hop", design, from, to),
("pass",), ("mouse", scrap type). Scavenger cards and scraps are ints (see `content`); a Camper card is
the name of the scrap it pictures.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from corekit import Game, Phases, Rng, TurnOrder, shared_win
from corekit.legal import CachedLegalState
from corekit.state import (
    Hidden,
    View,
    Zone,
    declare,
    derived,
    draw_pile,
    face_up,
    owned,
    public,
)
from plugins.scavengers import rules
from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.rules import Entry

Action = tuple[Any, ...]
"""("place", camp), ("play", design, camp, *choices), ("hop", design, from, to), ("pass",), ("mouse", scrap)."""
Logged = tuple[int, int, Action]
"""One action in the log: (round, seat, action); a placement is ("place", camp, scrap)."""
LOG_KEPT = 32
"""Actions the log keeps: more than a seat can miss between two of its moves but in a rare round."""
Take = tuple[int, int, int, str, bool]
"""One scrap taken in a collection: (seat, camp, scrap, "Mouse" or "wins", placed on a Food card)."""
PASS = ("pass",)
DEAL = {2: 12, 3: 10, 4: 9}
LEFTOVERS = {2: 3, 3: 4, 4: 5}
PHASES = ("place", "play", "collect")
PLACE, PLAY = 0, 1
SCRAP = {name: t for t, name in enumerate(CONTENT.scraps)}
CAMPERS = tuple(CONTENT.scraps[t] for t in CONTENT.campers)
"""The Camper cards, each named by the scrap it pictures (names keep them apart from Scavenger cards)."""
CAMPER_NAMES = frozenset(CAMPERS)
LABELS = {design.label: design.index for design in CONTENT.designs}


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

    def __attrs_post_init__(self) -> None:
        # Each bound belongs to one way of ending: set for the other, it would be ignored without a word.
        defaults = attrs.fields(ScavengersOptions)
        if self.end is End.RACE and self.laps != defaults.laps.default:
            raise ValueError(f"laps={self.laps} is for end=rounds; a race ends at max_rounds")
        if self.end is End.ROUNDS and self.max_rounds != defaults.max_rounds.default:
            raise ValueError(
                f"max_rounds={self.max_rounds} is for end=race; end=rounds ends once every player has led laps times"
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


class ScavengersView(View):
    """What a seat knows now: its own hand and the sizes of the others, the undealt cards' and the Camper
    deck's sizes; everything on the table (cards, scraps, the Bear, the pile, the discards), every Food
    card, whose turn it is and the last collection. The full view (seat None) shows every card."""

    hands: tuple[tuple[int, ...] | Hidden, ...]
    deck: Hidden
    discard: tuple[int, ...]
    campers: Hidden
    camper_discard: tuple[str, ...]
    tan: tuple[tuple[Entry, ...], ...]
    gray: tuple[tuple[int, ...], ...]
    scraps: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    bear: int
    held: tuple[tuple[int, ...], ...]
    """held[seat][scrap type]: scraps on that seat's unfinished Food cards."""
    done: tuple[tuple[bool, ...], ...]
    leader: int
    placer: int
    pending: int | None
    phases: tuple[tuple[str, ...], int, int]
    """(the phase names, the index of the one in play, rounds completed)."""
    turns: tuple[tuple[bool, ...], int]
    mice: tuple[tuple[int, int], ...]
    report: tuple[Take, ...]
    """Last collection: (seat, camp, scrap, "Mouse" or "wins", placed on a Food card)."""
    winners: tuple[int, ...]
    log: tuple[Logged, ...]
    said: int

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own hand (empty in the full view)."""
        return self.own("hands")

    @property
    def round(self) -> int:
        """The round under way (from 1), or the last one played once the game is over."""
        return self.phases[2] + (0 if self.winners else 1)

    @property
    def phase(self) -> str:
        """ "place", "play", "collect", or "over"."""
        return "over" if self.winners else self.phases[0][self.phases[1]]

    @derived
    def camps(self) -> tuple[CampView, ...]:
        """Each Camp with its cards' current strengths and each seat's totals and Mice."""
        players = len(self.hands)
        camps = []
        for c, entries in enumerate(self.tan):
            cards = tuple(sorted((o, d, h, s) for (o, d, h), s in zip(entries, rules.strengths(self, c), strict=True)))
            totals, mice = tuple(rules.totals(self, c, players)), tuple(rules.mice(self, c, players))
            camps.append(
                CampView(self.scraps[c], tuple(sorted(self.gray[c])), cards, totals, mice, rules.crows(self, c))
            )
        return tuple(camps)


class Scavengers(Game["ScavengersState"]):
    """The game object registered with the plugin host."""

    id = "scavengers"
    title = "Scavengers"
    version = "4"
    min_players = 2
    max_players = 4
    options_type = ScavengersOptions
    constant_sum = 1.0  # RULES.md: shared wins split 1 equally, so the returns always add up to 1
    endings = ("all Food completed", "rounds ran out")  # RULES.md, Assumptions 1 and 2

    def _setup(self, players: int, seed: int, options: ScavengersOptions) -> ScavengersState:
        """Set up: the Camper deck shuffled, leftover scraps from last winter, then the first round."""
        state = ScavengersState(
            game=self,
            players=players,
            options=options,
            rng=Rng(seed),
            # Every card starts in view, as it comes back between rounds.
            discard=sorted(CONTENT.deck),  # type: ignore[arg-type]  # a list: the state makes it a Zone
            camper_discard=sorted(CAMPERS),  # type: ignore[arg-type]  # a list: the state makes it a Zone
            held=[[0] * len(CONTENT.scraps) for _ in range(players)],
            done=[[False] * len(CONTENT.foods) for _ in range(players)],
            turns=TurnOrder(players, 0),
        )
        state.reshuffle(state.camper_discard, state.campers)
        for seat in range(players):
            state.leftovers(seat)
        state.start_round()
        return state

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

    def action_text(self, action: Any) -> str:
        from plugins.scavengers.render import action_text

        return action_text(action)

    def action_steps(self, action: Any) -> tuple[str, ...]:
        from plugins.scavengers.render import action_steps

        return action_steps(action)

    def events(self, before: ScavengersView, after: ScavengersView) -> list[str]:
        """Scraps placed, cards discarded, each round's collection, the end (see `render.events`)."""
        from plugins.scavengers.render import events

        return events(self, before, after)

    def render(self, observation: ScavengersView, seat: int | None) -> str:
        from plugins.scavengers.render import render

        return render(self, observation)

    def card_family(self, card: int | str) -> str | None:
        """Camper cards (named by their scrap) have their own backs; Scavenger cards are design numbers."""
        return "camper" if isinstance(card, str) else None

    def action_space(self, players: int, options: Any) -> tuple[tuple[Any, ...], ...]:
        """Every action of a match of this shape, in the fixed order of `actions.py`."""
        from plugins.scavengers.actions import action_space

        return action_space(players, options)

    def card_name(self, card: int | str) -> str:
        """A Scavenger card by its label ("Coyote 5", "Dog"); a Camper card by its scrap."""
        return card if isinstance(card, str) else CONTENT.designs[card].label

    def card_named(self, name: str) -> int | str:
        return name if name in CAMPER_NAMES else LABELS[name]


@declare
class ScavengersState(CachedLegalState[Action]):
    """One moment of a game of Scavengers. The table (`tan`, `gray`, `scraps`, `pile`, `bear`, `discard`) is
    the board `rules` plays on."""

    view_type = ScavengersView

    hands: list[Zone] = owned()
    deck: Zone = draw_pile()
    """The Scavenger cards not dealt this round."""
    discard: Zone = face_up()
    campers: Zone = draw_pile()
    """The Camper deck: each card the name of the scrap it pictures."""
    camper_discard: Zone = face_up()
    tan: list[list[Entry]] = public(factory=lambda: [[] for _ in CONTENT.camps])
    """Per Camp, the tan cards in play there: (owner, design, hopped)."""
    gray: list[list[int]] = public(factory=lambda: [[] for _ in CONTENT.camps])
    scraps: list[list[int]] = public(factory=lambda: [[] for _ in CONTENT.camps])
    """Per Camp, its Food Scraps (types), sorted."""
    pile: list[int] = public(factory=lambda: list(CONTENT.scrap_counts))
    """pile[scrap type]: how many are in the pile."""
    bear: int = public(default=DEN)
    held: list[list[int]] = public(per_seat=True)
    """held[seat][scrap type]: scraps on that seat's unfinished Food cards."""
    done: list[list[bool]] = public(per_seat=True)
    """done[seat][food]: that Food card is completed (turned over)."""
    leader: int = public(default=0, seat=True)
    placer: int = public(default=0, seat=True)
    """Who places the next scrap."""
    pending: int | None = public(default=None)
    """The scrap to place, from the Camper card just turned."""
    phases: Phases = public(factory=lambda: Phases(PHASES))
    turns: TurnOrder = public()
    """Whose turn it is in the play phase, and who has passed or run out (from the last play phase after it)."""
    mice: list[tuple[int, int]] = public(factory=list)
    """(camp, seat) of each Mouse still to take a scrap this collection, in Camp order."""
    report: tuple[Take, ...] = public(default=())
    """The last collection: (seat, camp, scrap, "Mouse" or "wins", placed on a Food card)."""
    winners: tuple[int, ...] = public(default=(), seat=True)
    log: list[Logged] = public(factory=list)
    """The latest actions (a placement with its scrap), for the commentary: `events` tells each seat what the
    others did since its last move."""
    said: int = public(default=0)
    """Actions logged in all."""

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The placer, the player whose turn it is, or the Mouse choosing a scrap."""
        if self.winners:
            return ()
        phase = self.phases.index  # asked several times a decision: the index is cheaper than the name
        if phase == PLACE:
            return (self.placer,)
        if phase == PLAY:
            return (self.turns.current,)
        return (self.mice[0][1],)

    def ending(self) -> str | None:
        """A player completed all four Food cards, or the last round came and the ranking decided."""
        if not self.winners:
            return None
        return "all Food completed" if any(all(done) for done in self.done) else "rounds ran out"

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Placements, plays (a pass last) or a Mouse's choices, by phase."""
        phase = self.phases.current
        if phase == "place":
            return tuple([("place", c) for c in range(len(CONTENT.camps)) if len(self.scraps[c]) < CONTENT.circles])
        if phase == "play":
            plays = rules.plays(self, seat, self.hands[seat])
            if seat == self.leader and self._nothing_played():  # "the Camp Leader plays any card": no pass
                return tuple(plays)
            return (*plays, PASS)
        return tuple([("mouse", t) for t in sorted(set(self.scraps[self.mice[0][0]]))])

    def _apply(self, seat: int, action: Action) -> None:
        """Place a scrap, take a Mouse's scrap, or play, hop or pass and hand the turn on."""
        tag = action[0]
        log = self.log
        log.append((self.phases.round + 1, seat, (*action, self.pending) if tag == "place" else action))
        if len(log) > LOG_KEPT:
            del log[0]
        self.said += 1
        if tag == "place":
            assert self.pending is not None
            self.scraps[action[1]].append(self.pending)
            self.scraps[action[1]].sort()
            self.pile[self.pending] -= 1
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
                rules.hop(self, seat, action)
            else:
                self.take_out(action[1], self.hands[seat])  # face up, onto the table
                rules.play(self, seat, action)
                if not self.hands[seat]:
                    self.turns.eliminate(seat)
            if any(self.turns.alive):
                self.turns.current = self.turns.next_after(seat)
            else:
                self._end_play()

    def returns(self) -> list[float]:
        """1 to the winner; winners tied at the end share 1 equally; 0 to the others."""
        return shared_win(self.winners, self.players)

    def zones(self) -> dict[str, list[Any]]:
        """The declared zones, the Scavenger cards in play at each Camp (kept on the table, not in a zone),
        and every Food Scrap, which are conserved too."""
        zones = super().zones()
        designs, scraps = len(CONTENT.designs), len(CONTENT.scraps)
        for c, name in enumerate(CONTENT.camps):
            tan = [d for _, d, _ in self.tan[c]]
            # An index out of range is refused as such (a hand-edited position): -1 would list the last design.
            for field, indices, kind, count in (
                ("tan", tan, "design", designs),
                ("gray", self.gray[c], "design", designs),
                ("scraps", self.scraps[c], "scrap", scraps),
            ):
                wrong = next((i for i in indices if not 0 <= i < count), None)
                if wrong is not None:
                    raise ValueError(f"fields.{field}[{c}]: {wrong} is no {kind} (0-{count - 1})")
            zones[f"{name} cards"] = tan + self.gray[c]
            zones[f"{name} scraps"] = [f"scrap {CONTENT.scraps[t]}" for t in self.scraps[c]]
        # Counts are listed scrap by scrap: one beyond the game's (a hand-edited position) is refused first,
        # rather than a list of 10**12 scraps built to be found wrong.
        most = CONTENT.scrap_counts
        for name, counts in (("pile", self.pile), *((f"held[{seat}]", held) for seat, held in enumerate(self.held))):
            if len(counts) != len(most) or any(n > limit for n, limit in zip(counts, most, strict=True)):
                raise ValueError(f"{name} counts {list(counts)} scraps where the game has {list(most)}")
        zones["pile"] = [f"scrap {CONTENT.scraps[t]}" for t, n in enumerate(self.pile) for _ in range(n)]
        zones["food cards"] = [
            f"scrap {CONTENT.scraps[t]}" for held in self.held for t, n in enumerate(held) for _ in range(n)
        ]
        return zones

    def position_problem(self) -> str | None:
        """Why this state cannot arise under the rules, in one line naming the field, or None: the bounds the
        declaration cannot say (indices into the content, counts, what each phase holds). See `position_check`."""
        # Imported when first asked: `position_check` imports this module.
        from plugins.scavengers.position_check import position_problem

        return position_problem(self)

    # ---- the rules -----------------------------------------------------------------------------

    def leftovers(self, seat: int) -> None:
        """Setup 4: random scraps until 3/4/5 spaces are filled; one that fits nowhere is drawn again.

        Redrawing until a scrap fits is the same as drawing at random among the scraps that fit, which
        is what this does (it never loops)."""
        for _ in range(LEFTOVERS[self.players]):
            weights = [n if self._fits(seat, t) else 0 for t, n in enumerate(self.pile)]
            scrap = self.rng.weighted(weights)
            self.pile[scrap] -= 1
            self._give(seat, scrap)

    def start_round(self) -> None:
        """Every Scavenger card gathered (those at the Camps by way of the discard, all face up), shuffled
        and dealt; the Bear back to its Den; then Place Food Scraps."""
        for camp in range(len(CONTENT.camps)):
            self.discard += [d for _, d, _ in self.tan[camp]] + self.gray[camp]
            self.tan[camp].clear()
            self.gray[camp].clear()
        self.gather(self.deck, self.discard, *self.hands)
        for hand in self.hands:
            self.draw(self.deck, hand, DEAL[self.players])
            hand.sort()
        self.bear = DEN
        self.placer = self.leader
        self._draw_camper()

    def _draw_camper(self) -> None:
        """The Camp Leader turns Camper cards until a Camp has room; a scrap gone from the pile is skipped."""
        self.pending = None
        if all(len(s) >= CONTENT.circles for s in self.scraps) or not any(self.pile):
            self._start_play()
            return
        while True:
            if not self.campers:
                self.camper_discard.sort()  # the deck's order comes from the shuffle alone
                self.reshuffle(self.camper_discard, self.campers)
            scrap = SCRAP[self.draw(self.campers, self.camper_discard)[0]]
            if self.pile[scrap]:
                self.pending = scrap
                return

    def _nothing_played(self) -> bool:
        """No card played yet this round: a played card stays at a Camp or goes to the discard, and a round
        starts with both empty (`start_round` gathers them into the deck)."""
        return not self.discard and not any(self.tan) and not any(self.gray)

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
            leader = rules.unique_best(rules.mice(self, c, self.players))
            if leader is not None:
                self.mice.append((c, leader))
        self._collect()

    def _collect(self) -> None:
        """Resolve Mouse takes that need no choice; stop at one that does; then the Camps' winners."""
        while self.mice:
            camp, seat = self.mice[0]
            kinds = sorted(set(self.scraps[camp]))
            if len(kinds) > 1:
                return  # the Mouse's owner chooses
            self.mice.pop(0)
            if kinds:
                self._take(seat, camp, kinds[0], "Mouse")
        for c in range(len(CONTENT.camps)):
            winner = rules.unique_best(rules.totals(self, c, self.players))
            if winner is not None:
                for scrap in list(self.scraps[c]):
                    self._take(winner, c, scrap, "wins")
        self._end_round()

    def _take(self, seat: int, camp: int, scrap: int, why: str) -> None:
        """A seat takes a scrap from a Camp onto its Food cards (or back to the pile), and it is reported."""
        self.scraps[camp].remove(scrap)
        placed = self._give(seat, scrap)
        self.report += ((seat, camp, scrap, why, placed),)

    def _fits(self, seat: int, scrap: int) -> bool:
        """True if the seat has an empty space for this scrap on an unfinished Food card."""
        food = CONTENT.food_of[scrap]
        return not self.done[seat][food] and self.held[seat][scrap] < CONTENT.needs[food][scrap]

    def _give(self, seat: int, scrap: int) -> bool:
        """Place a scrap on its Food card, or back to the pile; a full card is turned over, its scraps
        back to the pile."""
        if not self._fits(seat, scrap):
            self.pile[scrap] += 1
            return False
        food = CONTENT.food_of[scrap]
        held = self.held[seat]
        held[scrap] += 1
        if rules.completes(held, food):
            self.done[seat][food] = True
            for t, n in enumerate(CONTENT.needs[food]):
                if n:
                    self.pile[t] += held[t]
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
        self.start_round()


def ranking(done: Sequence[Sequence[bool]], held: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The seats with the most completed Food cards, then the most scraps on the others (all tied)."""
    scores = [(sum(d), sum(h)) for d, h in zip(done, held, strict=True)]
    best = max(scores)
    return tuple(s for s, score in enumerate(scores) if score == best)
