"""B: The Summer Camp Slasher: stay alive while the killer strikes the teens in unsafe places.

Shape: 2-6 seats, last survivor wins; turns in clockwise order that skip killed teens; one out-of-turn
reaction window per killer card, in which every living seat must pass in a row before the killer
strikes; hidden hands, a face-down killer and a shuffled deck whose discards are reshuffled.
The state is declared (`corekit.state`): the core copies, shows, samples and saves it, and keeps the record
of which reshuffled pile each hand's cards came from.
Rules: *B: The Summer Camp Slasher* by Kalle Marjola (2003-2004); every reading of a gap is in RULES.md.

Cards are ints (see `cards`). Actions are short tuples of ints whose first item is the move:
(PASS,), (LOCATION, card, target[, discarded]), (KILLER, card[, discarded]), (NEW_HAND,),
(REACT, FLEE, target), (REACT, PANIC), (REACT, JUST_A_CAT).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from corekit import Game, GameError, ReactionWindow, Rng, TurnOrder, logged_since, shared_win
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
from corekit.words import joined
from plugins.slasher.cards import (
    CARDS,
    FLEE,
    FULL_DECK,
    JUST_A_CAT,
    KILLERS,
    PANIC,
    SECRET_KILL,
    crowds,
    is_killer,
    is_location,
    name,
    strike,
    victims,
)

HAND = 4
CODES = {name(code): code for code in CARDS}
"""Each card by the name positions use."""
PASS, LOCATION, KILLER, NEW_HAND, REACT = 0, 1, 2, 3, 4
TURN, ATTACK, OVER = "turn", "attack", "over"
LOG_LENGTH = 24
"""Public events kept in the observation for the rendering (the last few are enough to follow play)."""


class AllDead(enum.Enum):
    """Who wins when the last teens die together."""

    NOBODY = "nobody"
    SHARE = "share"


@attrs.frozen
class SlasherOptions:
    """Options of the slasher (the optional discard rule, the start seat, and the end of a stalled game)."""

    discard_one: bool = attrs.field(
        default=False,
        metadata={"help": "optional rule: whoever plays a location or killer may also discard one other card"},
    )
    first: int = attrs.field(
        default=-1,
        validator=attrs.validators.ge(-1),
        metadata={"help": "seat that starts (the previous winner or the youngest); -1 draws it from the seed"},
    )
    all_dead: AllDead = attrs.field(
        default=AllDead.NOBODY,
        metadata={"help": "when the last teens die together: nobody wins, or they share the win"},
    )
    stall_turns: int = attrs.field(
        default=100,
        validator=attrs.validators.ge(1),
        metadata={"help": "turns in a row without a death that end the game, the survivors sharing the win"},
    )


class SlasherView(View):
    """What a seat knows now: its own hand and killer, every hand's size, every tabled stack, the discard
    (sorted), the deck's size, whose turn it is and who is alive, the attack in progress and the public log.
    The full view (seat None) shows every card."""

    hands: tuple[tuple[int, ...] | Hidden, ...]
    killers: tuple[tuple[int, ...] | Hidden, ...]
    """Per seat, the killer it played face down (its own, or every one in the full view; else its size)."""
    stacks: tuple[tuple[int, ...], ...]
    """Each seat's tabled locations, bottom first; the last is where the teen is."""
    deck: Hidden
    discard: tuple[int, ...]
    turns: tuple[tuple[bool, ...], int]
    """Who is alive, and whose turn it is (during an attack, the seat that played the killer)."""
    phase: str
    window: tuple[tuple[int, ...], int, int, int] | None
    negated: bool
    panicked: bool
    stall: int
    turn: int
    """The number of the turn in play, from 1."""
    winners: tuple[int, ...]
    log: tuple[str, ...]
    """The latest public events (the last `LOG_LENGTH`)."""
    said: int
    """How many events have been logged since the start: two observations tell what happened between them."""

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own hand (empty in the full view)."""
        return self.own("hands")

    @property
    def alive(self) -> tuple[bool, ...]:
        """Whose teen is still alive."""
        return self.turns[0]

    @property
    def killer_down(self) -> bool:
        """True while a killer card lies face down waiting to strike."""
        return self.phase == ATTACK

    @derived
    def killer(self) -> int | None:
        """The killer card in play when this seat may see it (its owner, or the full view); else None."""
        for zone in self.killers:
            if isinstance(zone, tuple) and zone:
                return zone[0]
        return None

    @property
    def priority(self) -> int | None:
        """During an attack: the seat that may react or pass now."""
        window = self.window
        return None if window is None else window[0][window[1]]

    @property
    def passes(self) -> int:
        """Passes in a row in the attack's window."""
        return 0 if self.window is None else self.window[2]

    def places(self) -> dict[int, int]:
        """Each living teen's place (seat -> location code); teens without a location are left out."""
        return {s: stack[-1] for s, stack in enumerate(self.stacks) if stack and self.alive[s]}


class Slasher(Game["SlasherState"]):
    """The game object registered with the plugin host."""

    id = "slasher"
    title = "B: The Summer Camp Slasher"
    version = "7"
    min_players = 2
    # 64 cards, 16 of them in the hands at 4 seats and 24 at 6. Past 6 the draw pile and discard run dry at
    # refill time in random play, so hands stay short (RULES.md, Assumption 1, gives the counts); the rulebook
    # itself calls 4-6 players "a very good number".
    max_players = 6
    options_type = SlasherOptions
    endings = ("last survivor", "everyone dead", "stalled")
    """The three ends of RULES.md: one teen left, the last ones killed together, or `stall_turns` without a death."""

    def _setup(self, players: int, seed: int, options: SlasherOptions) -> SlasherState:
        rng = Rng(seed)
        if options.first >= players:
            raise GameError(f"slasher: first={options.first} but seats are numbered 0-{players - 1}")
        first = rng.below(players) if options.first < 0 else options.first
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = [sorted(deck[-HAND * (s + 1) : len(deck) - HAND * s]) for s in range(players)]
        del deck[len(deck) - HAND * players :]
        return SlasherState(
            game=self,
            players=players,
            options=options,
            rng=rng,
            hands=hands,  # type: ignore[arg-type]  # a list: the state makes it a Zone
            deck=deck,  # type: ignore[arg-type]  # a list: the state makes it a Zone
            turns=TurnOrder(players, first),
        )

    def constant_sum_for(self, options: SlasherOptions) -> float | None:
        """1 when the last teens to die together share the win (`all_dead=share`): every match then pays 1 in all.
        By default they win nothing (RULES.md, Assumption 15), and such a match pays 0."""
        return 1.0 if options.all_dead is AllDead.SHARE else None

    def max_decisions(self, players: int, options: SlasherOptions) -> int:
        # A death resets the stall count and at most players - 1 deaths happen, so there are at most
        # players * stall_turns turns. A turn is one decision plus, for a killer, its window: hands are
        # not refilled in an attack, so at most 4 * players reactions, each after at most players - 1
        # passes, and players passes to close it.
        window = HAND * players * players + players
        return players * options.stall_turns * (1 + window)

    def action_space(self, players: int, options: SlasherOptions) -> tuple[tuple[int, ...], ...]:
        """Every action of a match of this shape, in the fixed order of `actions.py`."""
        from plugins.slasher.actions import action_space

        return action_space(players, options)

    def card_name(self, card: int) -> str:
        """A card as a position names it: "Main House 5", "Sex Kills"."""
        return name(card)

    def card_named(self, text: str) -> int:
        """The card a position names (KeyError for an unknown one)."""
        return CODES[text]

    def events(self, before: SlasherView, after: SlasherView) -> list[str]:
        """What happened between two observations, as the public log tells it: plays, passes in an attack's window,
        flights, the killer's strike and its victims. (Until version 6 a pass logged nothing and was guessed from
        the window's count, which credited it to the wrong seat once other moves came between two views.)"""
        return [event.strip() for event in logged_since(after.log, after.said, before.said)]

    def render(self, observation: SlasherView, seat: int | None) -> str:
        """The table, each teen's place and the hand(s), for a terminal."""
        from plugins.slasher.render import render

        return render(self, observation)

    def action_text(self, action: object) -> str:
        """ "Main House 5 -> seat 2", "Flee! seat 1", "pass"..."""
        assert isinstance(action, tuple)
        move = action[0]
        discarded = move in (LOCATION, KILLER) and len(action) == (4 if move == LOCATION else 3)
        extra = f", discarding {name(action[-1])}" if discarded else ""
        if move == PASS:
            return "pass"
        if move == LOCATION:
            return f"{name(action[1])} -> {self.seat_name(action[2])}{extra}"
        if move == KILLER:
            return f"killer {name(action[1])} face down{extra}"
        if move == NEW_HAND:
            return "discard hand and draw 4"
        if action[1] == FLEE:
            return f"Flee! {self.seat_name(action[2])}"
        return name(action[1])


@declare
class SlasherState(CachedLegalState[tuple[int, ...]]):
    """One moment of a slasher match."""

    view_type = SlasherView

    hands: list[Zone] = owned()
    killers: list[Zone] = owned(parks_in="hands", accepts=KILLERS)
    """The killer a seat played face down, still part of its hand until it strikes (seen by its owner)."""
    stacks: list[Zone] = face_up(per_seat=True, ordered=True)
    """Each seat's tabled locations, bottom first; the last is where the teen is."""
    deck: Zone = draw_pile()
    """Top last."""
    discard: Zone = face_up()
    turns: TurnOrder = public()
    phase: str = public(default=TURN)
    window: ReactionWindow | None = public(default=None)
    """The reaction window of the attack in progress."""
    negated: bool = public(default=False)
    panicked: bool = public(default=False)
    stall: int = public(default=0)
    """Turns in a row without a death."""
    turn: int = public(default=1)
    """The number of the turn in play, from 1."""
    winners: tuple[int, ...] = public(default=(), seat=True)
    log: tuple[str, ...] = public(default=())
    """The latest public events (the last `LOG_LENGTH`)."""
    said: int = public(default=0)
    """How many events have been logged since the start."""

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat whose turn it is, or during an attack the seat with priority; nobody at the end."""
        if self.phase == TURN:
            return (self.turns.current,)
        if self.window is not None:
            return (self.window.priority,)
        return ()

    def ending(self) -> str | None:
        if self.phase != OVER:
            return None
        living = len(self.turns.living)
        return "last survivor" if living == 1 else "everyone dead" if not living else "stalled"

    def _apply(self, seat: int, action: tuple[int, ...]) -> None:
        """Dispatch on the move: a pass or reaction in an attack, a play or a new hand on a turn."""
        move = action[0]
        if move == PASS:
            window = self.window
            assert window is not None
            self._note(f"{self.game.seat_name(seat)} passes")  # public: everyone sees who lets the window go by
            window.pass_priority()
            if window.closed:
                self._strike()
        elif move == REACT:
            self._react(seat, action)
        elif move == NEW_HAND:
            self._new_hand(seat)
        else:
            self._play(seat, action)

    def returns(self) -> list[float]:
        """1 to the last survivor; shared equally when the game ends with several winners; else 0."""
        return shared_win(self.winners, self.players)

    def face_down_weights(self, zone: Zone) -> Mapping[int, int]:
        """A face-down killer is weighted by what each kind would do now (`BELIEF`): its player chose it."""
        owner = self.layout().zones[zone.no].seat
        assert owner is not None
        return killer_belief(self.places(), owner)

    # ---- the rules -----------------------------------------------------------------------------

    @property
    def killer(self) -> int:
        """The killer card lying face down, or 0 when none does."""
        if self.phase != ATTACK:
            return 0
        zone = self.killers[self.turns.current]
        return int(zone[0]) if zone else 0

    def places(self) -> dict[int, int]:
        """Each living teen's place (seat -> location code); teens without a location are left out."""
        return {s: self.stacks[s][-1] for s in self.turns.living if self.stacks[s]}

    def _legal_actions(self, seat: int) -> list[tuple[int, ...]]:
        """In an attack, a pass and the reactions in hand (only living seats are asked: RULES.md, assumption 7); on a
        turn, each location onto each living teen, each killer once all are placed, or a new hand."""
        hand = self.hands[seat]
        if self.phase == ATTACK:
            actions: list[tuple[int, ...]] = [(PASS,)]
            if FLEE in hand:
                actions.extend((REACT, FLEE, target) for target in self.turns.living)
            if PANIC in hand:
                actions.append((REACT, PANIC))
            if JUST_A_CAT in hand and not self.panicked:
                actions.append((REACT, JUST_A_CAT))
            return actions
        living = self.turns.living
        kinds = sorted(set(hand))
        locations = [c for c in kinds if is_location(c)]
        killers = [c for c in kinds if is_killer(c)]
        if killers and not all(self.stacks[s] for s in living):
            killers = []
        if not locations and not killers:
            return [(NEW_HAND,)]
        if not self.options.discard_one:  # the common case, built at once: every decision of a playout asks
            plays: list[tuple[int, ...]] = [(LOCATION, card, target) for card in locations for target in living]
            plays.extend((KILLER, card) for card in killers)
            return plays
        plays = []
        for card in locations:
            extras = self._discardable(hand, card)
            for target in living:
                plays.append((LOCATION, card, target))
                plays.extend((LOCATION, card, target, other) for other in extras)
        for card in killers:
            plays.append((KILLER, card))
            plays.extend((KILLER, card, other) for other in self._discardable(hand, card))
        return plays

    def _play(self, seat: int, action: tuple[int, ...]) -> None:
        """A location onto a teen (the turn ends) or a killer face down (an attack opens)."""
        move, card = action[0], action[1]
        hand = self.hands[seat]
        if move == LOCATION:
            self.move(card, hand, self.stacks[action[2]])
        else:
            self.move(card, hand, self.killers[seat])  # face down: the table learns which card it was when it strikes
        if len(action) == (4 if move == LOCATION else 3):  # the optional rule's extra discard
            self.move(action[-1], hand, self.discard)
            self._note(f"{self.game.seat_name(seat)} discards {name(action[-1])}")
        if move == LOCATION:
            self._note(f"{self.game.seat_name(seat)} plays {name(card)} on {self.game.seat_name(action[2])}")
            self._end_turn(died=False)
            return
        self.phase = ATTACK
        self.negated = self.panicked = False
        # The player of the killer holds priority first: passing is "requesting the strike". Killed seats hold no
        # cards and could only pass, which changes nothing: they are not asked (RULES.md, assumption 7).
        self.window = ReactionWindow(self.turns.living_from(seat))
        self._note(f"{self.game.seat_name(seat)} plays a killer face down: the killer is about to strike!")

    def _new_hand(self, seat: int) -> None:
        """A player who can play neither a location nor a killer discards the hand and draws 4."""
        hand = ", ".join(name(c) for c in self.hands[seat]) or "nothing"
        self._note(f"{self.game.seat_name(seat)} can play nothing: discards {hand}, draws 4")
        self.move_all(self.hands[seat], self.discard)
        self._refill(seat)
        self._end_turn(died=False)

    def _discardable(self, hand: list[int], played: int) -> list[int]:
        """The kinds of card the optional rule lets go with `played`."""
        rest = hand[:]
        rest.remove(played)
        return sorted(set(rest))

    def _react(self, seat: int, action: tuple[int, ...]) -> None:
        """Resolve one reaction at once; everyone must then pass again before the strike."""
        card = action[1]
        self.move(card, self.hands[seat], self.discard)
        if card == FLEE:
            self._note(f"{self.game.seat_name(seat)} plays Flee! on {self.game.seat_name(action[2])}")
            self._flee(action[2])
        elif card == PANIC:
            self.panicked = True
            self._note(f"{self.game.seat_name(seat)} plays Panic!: everyone flees")
            for target in self.turns.living_from(seat):
                self._flee(target)
        else:
            self.negated = True
            self._note(f"{self.game.seat_name(seat)} plays Just a Cat: the killer is negated")
        assert self.window is not None
        self.window.react()

    def _flee(self, target: int) -> None:
        """Turn over the top card: a location becomes the teen's place, anything else is discarded."""
        deck = self.deck
        if not deck:
            if not self.discard:  # never with at most 6 players (RULES.md Assumption 22)
                self._note(f"  {self.game.seat_name(target)} cannot flee: no cards left to turn over")
                return
            self.reshuffle(self.discard, deck)
        card = deck[-1]
        if is_location(card):
            self.draw(deck, self.stacks[target])
            self._note(f"  {self.game.seat_name(target)} flees to {name(card)}")
        else:
            self.draw(deck, self.discard)
            self._note(f"  {self.game.seat_name(target)} turns over {name(card)} and stays put")

    def _strike(self) -> None:
        """The killer card is turned over and kills, then the turn ends."""
        zone = self.killers[self.turns.current]
        killer = zone[0]
        self.move(killer, zone, self.discard)
        self.window = None
        self.phase = TURN
        negated, self.negated, self.panicked = self.negated, False, False  # this attack is over
        dead = () if negated else victims(self.places(), killer)
        if negated:
            self._note(f"the negated killer was {name(killer)}: nothing happens")
        elif not dead:
            self._note(f"the killer is {name(killer)} and finds no victim")
        else:
            # at most two victims (a pair), so the words are those the log always had
            self._note(f"the killer is {name(killer)}: kills {joined([self.game.seat_name(s) for s in dead])}")
        discard = self.discard
        for seat in dead:
            self.move_all(self.hands[seat], discard)
            discard.extend(self.stacks[seat])  # face up to face up: nothing hidden moves
            self.stacks[seat].clear()
            self.turns.eliminate(seat)
        if dead and killer != SECRET_KILL:
            for stack in self.stacks:
                discard.extend(stack)
                stack.clear()
        if dead and not self.turns.living:
            # Everyone died at once: the rulebook's "the remaining teen, if any" leaves no winner.
            self.winners = dead if self.options.all_dead == AllDead.SHARE else ()
            self.phase = OVER
            self._note("everyone is dead" + (": the last victims share the sequel" if self.winners else ""))
            return
        self._end_turn(died=bool(dead))

    def _end_turn(self, died: bool) -> None:
        """Check the end, refill every hand to 4 from the current seat clockwise, pass the turn."""
        living = self.turns.living
        if len(living) == 1:
            self.winners = living
            self.phase = OVER
            self._note(f"{self.game.seat_name(living[0])} is the last survivor and makes it to the sequel!")
            return
        self.stall = 0 if died else self.stall + 1
        if self.stall >= self.options.stall_turns:
            self.winners = living
            self.phase = OVER
            self._note(f"{self.stall} turns without a death: the survivors share the sequel")
            return
        for seat in self.turns.living_from(self.turns.current):
            if len(self.hands[seat]) < HAND:  # a full hand is sorted: nothing to do
                self._refill(seat)
        self.turns.advance()
        self.turn += 1

    def _refill(self, seat: int) -> None:
        """Draw up to 4; an empty deck is first refilled from the shuffled discard (RULES.md Assumption 21)."""
        hand = self.hands[seat]
        short = HAND - len(hand)
        if 0 < short <= len(self.deck):
            self.draw(self.deck, hand, short)  # the same cards as one at a time, in one call
        while len(hand) < HAND and self.draw_or_reshuffle(self.deck, self.discard, hand) is not None:
            pass
        hand.sort()

    def _note(self, event: str) -> None:
        """Add a public event to the log the observation shows."""
        self.log = (*self.log, event)[-LOG_LENGTH:]
        self.said += 1

    def position_problem(self) -> str | None:
        """Why this state cannot arise under the rules, in one line naming the field, or None: the bounds the
        declaration cannot say. See `position_check`."""
        from plugins.slasher.position_check import position_problem

        return position_problem(self)


BELIEF = {"strikes a rival": 12, "finds no victim": 3, "strikes its player": 1}
"""How much likelier a face-down killer is to be of a kind by what it would do now: its player chose it
knowing the card, so it is rarely one that would kill that player (used by `sample` and the heuristic)."""


def killer_belief(places: dict[int, int], owner: int) -> dict[int, int]:
    """The `BELIEF` weight of each killer kind lying face down, played by `owner`, with teens at `places`."""
    crowd = crowds(places)
    belief = {}
    for code in KILLERS:
        dead = strike(crowd, code)
        belief[code] = BELIEF[
            "strikes its player" if owner in dead else "strikes a rival" if dead else "finds no victim"
        ]
    return belief
