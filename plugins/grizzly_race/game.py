"""GRIZZLY, the guard race: free your hero by beating the six face-down guards beneath it.

Shape: 2-4 seats; simultaneous secret plays every round; hidden hands and face-down guards; chance in
the deal and in reshuffles of the shared discard. Rules: the GRIZZLY rulebook (see RULES.md); every reading
of a gap is in RULES.md under "Assumptions".

Cards are ints: strengths 1-5. The supercard is not a card in any zone: each seat holds a flag until it
is spent. An action is an int: 1-5 plays a card of that strength, 6 (SUPER) plays the supercard.
"""

from __future__ import annotations

import attrs

from corekit import Commitments, Game, Rng, shared_win
from corekit.state import (
    DeclaredState,
    Hidden,
    View,
    Zone,
    declare,
    derived,
    draw_pile,
    face_down,
    face_up,
    owned,
    public,
    secret,
)

SUPER = 6
"""The action that plays the supercard."""
HAND = 7
GUARDS = 6
COLLECTION = ((5, 1), (4, 2), (3, 3), (2, 4), (1, 3))
"""(strength, copies) in one player's 14-card collection, the supercard aside."""
_CARDS = [strength for strength, copies in COLLECTION for _ in range(copies)]
"""One player's collection as cards, in `COLLECTION` order (a deal shuffles a copy per seat)."""


@attrs.frozen
class RaceOptions:
    """Options of the guard race."""

    stall_rounds: int = attrs.field(
        default=100,
        validator=attrs.validators.ge(1),
        metadata={"help": "rounds in a row with no guard beaten that end the game (the safety net of RULES.md 7)"},
    )


@attrs.frozen(cache_hash=True)
class Battle:
    """One seat's battle of the last round, public once revealed."""

    seat: int
    played: int
    guard: int
    won: bool


_BATTLES = tuple(
    tuple(
        tuple((Battle(seat, played, guard, False), Battle(seat, played, guard, True)) for guard in range(6))
        for played in range(SUPER + 1)
    )
    for seat in range(4)
)
"""Every battle there can be, made once: a round shares them (they are frozen) instead of building new ones.
`_BATTLES[seat][played][guard][won]`: four indexings rather than hashing a tuple key took 1.7% fewer instructions for
300 random 4-seat playouts (callgrind, 2026-12-06); a strength or guard of 0 does not occur."""


_DISTINCT: dict[tuple[int, ...], list[int]] = {}
"""The distinct strengths of a hand, sorted, by its cards: a hand of at most 7 cards of 5 strengths is one of a few
hundred, so looking them up costs a decision half as much as sorting a set of them."""


@attrs.frozen
class Lane:
    """What everyone sees of one seat: guards left, the top guard if face up, hand size, supercard."""

    guards_left: int
    top_guard: int | None
    hand_size: int
    supercard: bool


class RaceView(View):
    """What a seat knows of a guard race: its own hand; of every seat the guards left (a face-up top guard
    shown), the hand size and the supercard; the discard (sorted); the reserve's size; who has committed
    this round (not what); the last round's battles. The full view (seat None) shows every card."""

    hands: tuple[tuple[int, ...] | Hidden, ...]
    guards: tuple[Hidden, ...]
    discard: tuple[int, ...]
    reserve: Hidden
    supercard: tuple[bool, ...]
    round: int
    stall: int
    winners: tuple[int, ...]
    deadlock: bool
    last_round: tuple[Battle, ...]
    commitments: tuple[tuple[int, object], ...]
    """(seat, choice) for each seat that committed this round; others' choices are `HIDDEN`."""

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own hand (empty in the full view)."""
        return self.own("hands")

    @derived
    def lanes(self) -> tuple[Lane, ...]:
        """Each seat's lane as everyone sees it."""
        return tuple(
            [
                Lane(column.size, column.up[-1] if column.up else None, len(hand), ready)
                for column, hand, ready in zip(self.guards, self.hands, self.supercard, strict=True)
            ]
        )


class GrizzlyRace(Game["RaceState"]):
    """The game object registered with the plugin host."""

    id = "grizzly-race"
    title = "GRIZZLY guard race"
    version = "4"
    min_players = 2
    max_players = 4
    options_type = RaceOptions
    constant_sum = 1.0  # RULES.md: shared wins split 1 equally, so the returns always add up to 1
    endings = ("hero freed", "deadlocked", "stalled")  # RULES.md: a freed hero, or Assumption 7's draws

    def _setup(self, players: int, seed: int, options: RaceOptions) -> RaceState:
        rng = Rng(seed)
        cards = _CARDS * players
        rng.shuffle(cards)
        rest = cards[players * HAND :]
        # Lists: the state makes each a numbered Zone (without calling Zone's constructor per zone).
        return RaceState(
            game=self,
            players=players,
            options=options,
            rng=rng,
            hands=[sorted(cards[seat * HAND : (seat + 1) * HAND]) for seat in range(players)],  # type: ignore[misc]  # a list: the state makes it a Zone
            guards=[rest[seat * GUARDS : (seat + 1) * GUARDS] for seat in range(players)],  # type: ignore[misc]  # a list: the state makes it a Zone
            supercard=[True] * players,
            commitments=Commitments(range(players)),
        )

    def max_decisions(self, players: int, options: RaceOptions) -> int:
        # At most 5 guards per seat can fall before someone's sixth does, the stall rule allows fewer
        # than `stall_rounds` rounds between two falls, and each round is one decision per seat.
        return players * (GUARDS - 1) * players * options.stall_rounds + players * options.stall_rounds

    def action_text(self, action: object) -> str:
        return "SUPERCARD" if action == SUPER else f"play {action}"

    def action_space(self, players: int, options: RaceOptions) -> list[int]:
        """A card of each strength, and the supercard."""
        return [strength for strength, _ in sorted(COLLECTION)] + [SUPER]

    def events(self, before: RaceView, after: RaceView) -> list[str]:
        """Each battle of a round that resolved between two observations of one viewer, and the winner."""
        from plugins.grizzly_race.render import events

        return events(self, before, after)

    def render(self, observation: RaceView, seat: int | None) -> str:
        from plugins.grizzly_race.render import render

        return render(self, observation)


@declare
class RaceState(DeclaredState[int]):
    """One moment of a guard race."""

    view_type = RaceView

    hands: list[Zone] = owned()
    guards: list[Zone] = face_down(per_seat=True)
    """Each seat's guard column, bottom first; a guard that won a battle lies face up on top."""
    discard: Zone = face_up()
    reserve: Zone = draw_pile()
    """The undealt cards of the last reshuffle, set aside face down."""
    supercard: list[bool] = public(per_seat=True)
    round: int = public(default=0)
    """Rounds resolved so far."""
    stall: int = public(default=0)
    """Rounds in a row with no guard beaten."""
    winners: tuple[int, ...] = public(default=(), seat=True)
    deadlock: bool = public(default=False)
    """True once the race ended because no guard could ever be beaten again."""
    last_round: tuple[Battle, ...] = public(default=())
    commitments: Commitments = secret()

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """Every seat that has not yet committed its card this round."""
        if self.winners:
            return ()
        return self.commitments.waiting

    @property
    def is_terminal(self) -> bool:
        """True once a hero is free or the race is deadlocked or stalled (one test: it is asked every decision)."""
        return bool(self.winners)

    def ending(self) -> str | None:
        """A hero freed (one or several at once), or a draw: deadlocked, or stopped by the stall rule."""
        if not self.winners:
            return None
        if not all(self.guards):
            return "hero freed"
        return "deadlocked" if self.deadlock else "stalled"

    def legal_actions(self, seat: int) -> list[int]:
        """One action per distinct strength in hand, plus the supercard while it is unspent."""
        if seat not in self.commitments.waiting or self.winners:
            return []
        hand = tuple(self.hands[seat])
        distinct = _DISTINCT.get(hand)
        if distinct is None:
            if len(_DISTINCT) >= 4096:  # hands set up by hand, beyond the few hundred a match deals
                _DISTINCT.clear()
            distinct = _DISTINCT[hand] = sorted(set(hand))
        actions = distinct[:]  # a copy: the supercard is appended, and a caller may change its list
        if self.supercard[seat]:
            actions.append(SUPER)
        return actions

    def _offers(self, seat: int, action: object) -> bool:
        # `apply`'s legality test without building the list: a card in hand, or the unspent supercard.
        if type(action) is not int or seat not in self.commitments.waiting or self.winners:
            return False
        return self.supercard[seat] if action == SUPER else action in self.hands[seat]

    def _apply(self, seat: int, action: int) -> None:
        commitments = self.commitments
        commitments.commit(seat, action)
        if not commitments.waiting:
            self._battle(commitments.reveal())

    def returns(self) -> list[float]:
        """1 to the winner; seats that finish together share 1 equally; 0 to the others. A deadlocked or stalled
        race is a draw: 1/n each."""
        return shared_win(self.winners, self.players)

    # ---- the rules -----------------------------------------------------------------------------

    def _battle(self, plays: dict[int, int]) -> None:
        """Reveal and resolve every seat's battle, then check the end and refill empty hands."""
        battles = []
        beaten = 0
        guards, hands, discard, supercard = self.guards, self.hands, self.discard, self.supercard
        players = self.players
        seats = range(players)
        # Every seat decides every round (RULES.md; a position opening fewer is refused by position_problem), so
        # the plays are resolved in seat order without sorting them.
        for seat in seats:
            action = plays[seat]
            column = guards[seat]
            guard = column[-1]
            if action == SUPER:
                supercard[seat] = False
                won = True
            else:
                self.move(action, hands[seat], discard)
                won = action >= guard
            if won:
                self.draw(column, discard)  # the next guard comes up face down
                beaten += 1
            elif not column.up:
                self.reveal_top(column)
            battles.append(_BATTLES[seat][action][guard][won])
        self.last_round = tuple(battles)
        self.round += 1
        self.stall = stall = 0 if beaten else self.stall + 1
        if all(guards):
            finished: tuple[int, ...] = ()
            deadlock = self.deadlock = not any(supercard) and self._deadlocked()
        else:
            finished = tuple([s for s in seats if not guards[s]])
            deadlock = self.deadlock = False
        if finished or deadlock or stall >= self.options.stall_rounds:
            # A race that stops with no hero free is a draw, every seat sharing it (RULES.md, Assumption 7).
            self.winners = finished or tuple(seats)
            self.reveal_all()  # the end: everyone shows their cards (RULES.md, assumption 13)
            return
        if not all(hands):
            for seat in seats:
                if not hands[seat]:
                    self._refill(seat)
        self.commitments.open(seats)

    def _deadlocked(self) -> bool:
        """True when no guard can ever be beaten again (RULES.md, Assumption 7): every supercard is spent and
        every card in circulation (hands, discard, reserve) is weaker than every top guard."""
        weakest: int = min([column[-1] for column in self.guards])
        # Asked every round once the supercards are spent, so it stops at the first pile holding a card as strong
        # as the weakest top guard: the discard first, where the beaten guards go.
        for cards in (self.discard, *self.hands, self.reserve):  # noqa: SIM110 (any() of a generator: 1.1 us, not 0.7)
            if cards and max(cards) >= weakest:
                return False
        return True

    def _refill(self, seat: int) -> None:
        """A seat out of cards takes 7 from the reserve; a short reserve is topped up from the
        shuffled discard, whose remainder becomes the reserve."""
        hand = self.hands[seat]
        self.draw(self.reserve, hand, HAND)
        if len(hand) < HAND and self.discard:
            self.reshuffle(self.discard, self.reserve)
            self.draw(self.reserve, hand, HAND - len(hand))
        hand.sort()

    def position_problem(self) -> str | None:
        """Why this state cannot arise under the rules, in one line naming the field, or None: the bounds the
        declaration cannot say. See `position_check`."""
        from plugins.grizzly_race.position_check import position_problem

        return position_problem(self)
