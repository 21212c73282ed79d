"""GRIZZLY, the guard race: free your hero by beating the six face-down guards beneath it.

Shape: 2-4 seats; simultaneous secret plays every round; hidden hands and face-down guards; chance in
the deal and in reshuffles of the shared discard. Rules: ../../shared/seeds/004_0b214fad7960c4f8.en.md;
every reading of a gap is in RULES.md under "Assumptions".

Cards are ints: strengths 1-5. The supercard is not a card in any zone: each seat holds a flag until it
is spent. An action is an int: 1-5 plays a card of that strength, 6 (SUPER) plays the supercard.
"""

from __future__ import annotations

import functools
from collections import Counter

import attrs

from corekit import Commitments, Game, Rng, State
from corekit.lots import Holding, LotDeal, Received

SUPER = 6
"""The action that plays the supercard."""
HAND = 7
GUARDS = 6
COLLECTION = ((5, 1), (4, 2), (3, 3), (2, 4), (1, 3))
"""(strength, copies) in one player's 14-card collection, the supercard aside."""


@attrs.frozen
class RaceOptions:
    """Options of the guard race."""

    stall_rounds: int = attrs.field(
        default=30,
        validator=attrs.validators.ge(1),
        metadata={"help": "rounds in a row with no guard beaten that end the game (the anti-deadlock rule)"},
    )


@attrs.frozen
class Battle:
    """One seat's battle of the last round, public once revealed."""

    seat: int
    played: int
    guard: int
    won: bool


@attrs.frozen
class Lane:
    """What everyone sees of one seat: guards left, the top guard if face up, hand size, supercard."""

    guards_left: int
    top_guard: int | None
    hand_size: int
    supercard: bool


Lot = tuple[tuple[int, int], ...]
"""Cards dealt face down at one moment, seen by everyone: (strength, copies) pairs, by strength."""
Draw = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""One hand between two refills as the table saw it: (lot, cards taken from it) for each lot that fed it,
and the cards it has played since."""


@attrs.frozen
class RaceObservation:
    """What a seat knows now. With `seat` None it is the full truth (hands, guards, reserve and what every
    refill drew).

    `lots`, `draws` and `beaten` record where face-down cards came from (see `_record_deal`): everyone saw
    each reshuffled discard pile (a lot, as (strength, copies) pairs; the reserve's cards come from the
    last one) and who took how many of its cards; a seat knows what it drew itself (`own_draws`, one entry
    per draw in `draws[seat]`).
    """

    seat: int | None
    round: int
    stall: int
    hand: tuple[int, ...]
    lanes: tuple[Lane, ...]
    committed: tuple[tuple[int, object], ...]
    discard: tuple[int, ...]
    reserve_size: int
    last_round: tuple[Battle, ...]
    winners: tuple[int, ...]
    lots: tuple[Lot, ...] = ()
    draws: tuple[tuple[Draw, ...], ...] = ()
    own_draws: tuple[Received, ...] = ()
    beaten: tuple[tuple[int, ...], ...] = ()
    """The guards each seat has beaten, in order."""
    hidden: tuple[object, ...] = ()
    """Full view only: every hand, every guard column (bottom first), the reserve and every seat's draws."""


class GrizzlyRace(Game):
    """The game object registered with the plugin host."""

    id = "grizzly-race"
    title = "GRIZZLY guard race"
    version = "2"
    min_players = 2
    max_players = 4
    options_type = RaceOptions

    def _setup(self, players: int, seed: int, options: RaceOptions) -> RaceState:
        rng = Rng(seed)
        deck = [strength for strength, copies in COLLECTION for _ in range(copies)] * players
        rng.shuffle(deck)
        state = RaceState.__new__(RaceState)
        state.game = self
        state.players = players
        state.rng = rng
        state.options = options
        state.hands = [sorted(deck[seat * HAND : (seat + 1) * HAND]) for seat in range(players)]
        rest = deck[players * HAND :]
        state.guards = [rest[seat * GUARDS : (seat + 1) * GUARDS] for seat in range(players)]
        state.revealed = [False] * players
        state.supercard = [True] * players
        state.spent = []
        state.discard = []
        state.reserve = []
        state.round = 0
        state.stall = 0
        state.winners = ()
        state.last_round = ()
        state.commitments = Commitments(range(players))
        state._record_deal(_full_lot(players))
        return state

    def max_decisions(self, players: int, options: RaceOptions) -> int:
        # At most 5 guards per seat can fall before someone's sixth does, the stall rule allows fewer
        # than `stall_rounds` rounds between two falls, and each round is one decision per seat.
        return players * (GUARDS - 1) * players * options.stall_rounds + players * options.stall_rounds

    def action_text(self, action: object) -> str:
        return "SUPERCARD" if action == SUPER else f"play {action}"

    def events(self, before: RaceObservation, after: RaceObservation) -> list[str]:
        """Each battle of a round that resolved between two observations of one viewer, and the winner."""
        from plugins.grizzly_race.render import events

        return events(self, before, after)

    def render(self, observation: RaceObservation, seat: int | None) -> str:
        from plugins.grizzly_race.render import render

        return render(self, observation)


class RaceState(State):
    """One moment of a guard race."""

    __slots__ = (
        "beaten",
        "commitments",
        "deal_plan",
        "discard",
        "draws",
        "game",
        "guards",
        "hands",
        "last_round",
        "lots",
        "options",
        "players",
        "reserve",
        "revealed",
        "rng",
        "round",
        "spent",
        "stall",
        "supercard",
        "truths",
        "winners",
    )

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """Every seat that has not yet committed its card this round."""
        if self.winners:
            return ()
        return self.commitments.waiting

    def legal_actions(self, seat: int) -> list[int]:
        """One action per distinct strength in hand, plus the supercard while it is unspent."""
        if self.winners or seat in self.commitments.chosen or not 0 <= seat < self.players:
            return []
        return self._choices(seat)

    def _choices(self, seat: int) -> list[int]:
        actions = sorted(set(self.hands[seat]))
        if self.supercard[seat]:
            actions.append(SUPER)
        return actions

    def _apply(self, seat: int, action: int) -> None:
        self.commitments.commit(seat, action)
        if self.commitments.complete:
            self._battle(self.commitments.reveal())

    def returns(self) -> list[float]:
        """1 to the winner; seats that finish together share 1 equally; 0 to the others."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if seat in self.winners else 0.0 for seat in range(self.players)]

    def clone(self) -> RaceState:
        """A copy sharing nothing mutable."""
        copy = RaceState.__new__(RaceState)
        copy.game = self.game
        copy.players = self.players
        copy.options = self.options
        copy.rng = Rng(self.rng.state)
        copy.hands = [hand[:] for hand in self.hands]
        copy.guards = [column[:] for column in self.guards]
        copy.revealed = self.revealed[:]
        copy.supercard = self.supercard[:]
        copy.spent = self.spent[:]
        copy.discard = self.discard[:]
        copy.reserve = self.reserve[:]
        copy.round = self.round
        copy.stall = self.stall
        copy.winners = self.winners
        copy.last_round = self.last_round
        copy.commitments = self.commitments.clone()
        copy.lots = self.lots[:]
        copy.draws = self.draws[:]
        copy.truths = self.truths[:]
        copy.beaten = self.beaten[:]
        copy.deal_plan = None
        return copy

    def observation(self, seat: int | None) -> RaceObservation:
        """Own hand, every lane's public face, the discard, and the last round's battles."""
        lanes = tuple(
            Lane(
                len(self.guards[s]),
                self.guards[s][-1] if self.revealed[s] and self.guards[s] else None,
                len(self.hands[s]),
                self.supercard[s],
            )
            for s in range(self.players)
        )
        hidden: tuple[object, ...] = ()
        if seat is None:
            hidden = (
                tuple(tuple(hand) for hand in self.hands),
                tuple(tuple(column) for column in self.guards),
                tuple(self.reserve),
                tuple(self.truths),
            )
        return RaceObservation(
            seat=seat,
            round=self.round,
            stall=self.stall,
            hand=tuple(sorted(self.hands[seat])) if seat is not None else (),
            lanes=lanes,
            committed=self.commitments.visible_to(seat),
            discard=tuple(sorted(self.discard)),
            reserve_size=len(self.reserve),
            last_round=self.last_round,
            winners=self.winners,
            lots=tuple(self.lots),
            draws=tuple(self.draws),
            own_draws=self.truths[seat] if seat is not None else (),
            beaten=tuple(self.beaten),
            hidden=hidden,
        )

    def sample(self, seat: int, rng: Rng) -> RaceState:
        """Other hands, every face-down guard and the reserve redealt, each from the lot its cards came
        from (a reserve holds only cards of the discard pile it was set aside from, and a seat that drew
        from that pile knows exactly what is left of it); others' secret plays redrawn."""
        dealt = iter(self._lot_deal(seat).draw(rng))
        copy = self.clone()
        for s in range(self.players):
            allotments = [next(dealt) for _ in self.draws[s]]
            if s != seat:
                copy.truths[s] = tuple(allotment.received for allotment in allotments)
                copy.hands[s] = sorted(allotments[-1].held)  # the last draw's unplayed cards: the hand
        for s in range(self.players):
            copy.guards[s] = next(dealt).held + ([self.guards[s][-1]] if self.revealed[s] else [])
        copy.reserve = next(dealt).held
        copy.discard.sort()
        # A committed card stays in its owner's hand until the reveal, so a redrawn hand can
        # redraw the commitment too.
        copy.commitments.redraw_others(seat, rng, copy._choices)
        copy.rng = rng.spawn()
        return copy

    @property
    def reserve_lot(self) -> int:
        """The lot the reserve's cards come from: the last pile reshuffled (the reserve is set aside from
        it and refilled only when it runs short), or the setup's deal before any."""
        return len(self.lots) - 1

    def _lot_deal(self, seat: int) -> LotDeal:
        """What `seat` knows of where the face-down cards came from, prepared for drawing samples. Kept
        until the next battle, the only thing that changes it: a searcher samples one position many times."""
        if self.deal_plan is not None and self.deal_plan[:2] == (self.round, seat):
            return self.deal_plan[2]
        holdings = [
            Holding(sources, seen, truth if s == seat else None)
            for s in range(self.players)
            for (sources, seen), truth in zip(self.draws[s], self.truths[s], strict=True)
        ]
        for s, column in enumerate(self.guards):
            shown = self.beaten[s] + ((column[-1],) if self.revealed[s] else ())
            holdings.append(Holding(((0, len(column) + len(self.beaten[s])),), shown))
        holdings.append(Holding(((self.reserve_lot, len(self.reserve)),)))
        plan = LotDeal([dict(lot) for lot in self.lots], holdings)
        self.deal_plan = (self.round, seat, plan)
        return plan

    def _record_deal(self, lot: Lot | None = None) -> None:
        """Start the record of where face-down cards came from: everything face down now (`lot`, if the
        caller knows it) counts as dealt from one lot (at setup: the shuffled collections). Each hand's cards
        are its first draw."""
        if lot is None:
            lot = _lot([card for zone in (*self.hands, *self.guards, self.reserve) for card in zone])
        self.lots = [lot]
        self.draws = [((((0, len(hand)),), ()),) for hand in self.hands]
        self.truths = [(((0, tuple(sorted(hand))),),) for hand in self.hands]
        self.beaten = [()] * self.players
        self.deal_plan = None

    def zones(self) -> dict[str, list[int]]:
        """Hands (committed cards included), guard columns, discard and reserve: every card."""
        zones = {f"hand {s}": self.hands[s] for s in range(self.players)}
        zones.update({f"guards {s}": self.guards[s] for s in range(self.players)})
        zones["discard"] = self.discard
        zones["reserve"] = self.reserve
        return zones

    # ---- the rules -----------------------------------------------------------------------------

    def _battle(self, plays: dict[int, int]) -> None:
        """Reveal and resolve every seat's battle, then check the end and refill empty hands."""
        battles = []
        beaten = 0
        for seat in sorted(plays):
            action = plays[seat]
            guard = self.guards[seat][-1]
            if action == SUPER:
                self.supercard[seat] = False
                won = True
            else:
                self.hands[seat].remove(action)
                self.discard.append(action)
                draws = self.draws[seat]
                sources, seen = draws[-1]
                self.draws[seat] = (*draws[:-1], (sources, (*seen, action)))
                won = action >= guard
            if won:
                self.discard.append(self.guards[seat].pop())
                self.beaten[seat] += (guard,)
                self.revealed[seat] = False
                beaten += 1
            else:
                self.revealed[seat] = True
            battles.append(Battle(seat, action, guard, won))
        self.last_round = tuple(battles)
        self.round += 1
        self.stall = 0 if beaten else self.stall + 1
        finished = tuple(s for s in range(self.players) if not self.guards[s])
        if finished:
            self.winners = finished
            return
        if self.stall >= self.options.stall_rounds:
            fewest = min(len(column) for column in self.guards)
            self.winners = tuple(s for s in range(self.players) if len(self.guards[s]) == fewest)
            return
        for seat in range(self.players):
            if not self.hands[seat]:
                self._refill(seat)
        self.commitments.open(range(self.players))

    def _refill(self, seat: int) -> None:
        """A seat out of cards takes 7 from the reserve; a short reserve is topped up from the
        shuffled discard, whose remainder becomes the reserve."""
        hand = self.hands[seat]
        sources: list[tuple[int, int]] = []
        truth: list[tuple[int, tuple[int, ...]]] = []
        take = min(HAND, len(self.reserve))
        if take:
            sources.append((self.reserve_lot, take))
            truth.append((self.reserve_lot, tuple(sorted(self.reserve[-take:]))))
            hand.extend(self.reserve[-take:])
            del self.reserve[-take:]
        if len(hand) < HAND and self.discard:
            pile = self.discard
            self.discard = []
            self.lots.append(_lot(pile))  # seen by everyone before the shuffle
            self.rng.shuffle(pile)
            drawn = pile[: HAND - len(hand)]
            sources.append((self.reserve_lot, len(drawn)))
            truth.append((self.reserve_lot, tuple(sorted(drawn))))
            hand.extend(drawn)
            self.reserve.extend(pile[len(drawn) :])
        hand.sort()
        self.draws[seat] = (*self.draws[seat], (tuple(sources), ()))
        self.truths[seat] = (*self.truths[seat], tuple(truth))


def _lot(cards: list[int]) -> Lot:
    return tuple(sorted(Counter(cards).items()))


@functools.cache
def _full_lot(players: int) -> Lot:
    """Every card of the players' collections: the setup's deal."""
    return tuple((strength, copies * players) for strength, copies in sorted(COLLECTION))


def unseen_counts(observation: RaceObservation, players: int) -> Counter:
    """The strengths a seat has not seen: every card of the game less its hand, the discard and the
    face-up guards (used by the heuristic to judge a face-down guard)."""
    counts: Counter = Counter()
    for strength, copies in COLLECTION:
        counts[strength] = copies * players
    counts.subtract(observation.hand)
    counts.subtract(observation.discard)
    counts.subtract(lane.top_guard for lane in observation.lanes if lane.top_guard is not None)
    return +counts  # the seat's own commitment is still in its hand, already counted
