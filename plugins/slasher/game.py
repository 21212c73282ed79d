"""B: The Summer Camp Slasher: stay alive while the killer strikes the teens in unsafe places.

Shape: 2-6 seats, last survivor wins; turns in clockwise order that skip killed teens; one out-of-turn
reaction window per killer card, in which every seat (killed ones included) must pass in a row before
the killer strikes; hidden hands, a face-down killer and a shuffled deck whose discards are reshuffled.
Rules: ../../shared/seeds/001_f5050f7384ccfb22.txt; every reading of a gap is in RULES.md.

Cards are ints (see `cards`). Actions are short tuples of ints whose first item is the move:
(PASS,), (LOCATION, card, target[, discarded]), (KILLER, card[, discarded]), (NEW_HAND,),
(REACT, FLEE, target), (REACT, PANIC), (REACT, JUST_A_CAT).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence

import attrs

from corekit import Game, GameError, ReactionWindow, Rng, State, TurnOrder, draw_or_reshuffle, logged_since
from corekit.streams import SHOWN, SearchGaveUp, Stream, StreamDeal, received_cards
from plugins.slasher.cards import (
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
PASS, LOCATION, KILLER, NEW_HAND, REACT = 0, 1, 2, 3, 4
TURN, ATTACK, OVER = "turn", "attack", "over"
LOG_LENGTH = 10
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


@attrs.frozen
class SlasherObservation:
    """What a seat knows now. With `seat` None it is the full truth (every hand, the deck, the killer)."""

    seat: int | None
    phase: str
    turn: int
    """The number of the turn in play, from 1."""
    turn_seat: int
    """Whose turn it is (during an attack, the seat that played the killer)."""
    alive: tuple[bool, ...]
    stacks: tuple[tuple[int, ...], ...]
    """Each seat's tabled locations, bottom first; the last is where the teen is."""
    hand_sizes: tuple[int, ...]
    hand: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    """The face-up discard pile, sorted."""
    killer: int | None
    """The killer card in play when this seat may see it (its owner, or the full view); else None."""
    killer_down: bool
    """True while a killer card lies face down waiting to strike."""
    negated: bool
    panicked: bool
    priority: int | None
    """During an attack: the seat that may react or pass now."""
    passes: int
    stall: int
    winners: tuple[int, ...]
    log: tuple[str, ...]
    """The latest public events (the last `LOG_LENGTH`)."""
    said: int
    """How many events have been logged since the start: two observations tell what happened between them."""
    lots: tuple[tuple[int, ...], ...] = ()
    """Where face-down cards came from: the setup's deck, then each discard pile reshuffled (sorted)."""
    turned: tuple[tuple[int, ...], ...] = ()
    """Per lot, the cards Flee! turned face up from it."""
    streams: tuple[tuple[int, ...], ...] = ()
    """Per seat, its hand's history: `-1 - lot` for a card drawn from a lot, the card's code for a card
    shown (played, discarded, or a killer once it struck)."""
    drawn: tuple[int, ...] = ()
    """This seat's own draws, in order (the cards behind its stream's draws)."""
    hidden: tuple[object, ...] = ()
    """Full view only: every hand, the deck (top last) and every seat's draws, each as bytes holding one
    card code per byte."""

    def place(self, seat: int) -> int | None:
        """Where `seat`'s teen is (a location code), or None without a location."""
        stack = self.stacks[seat]
        return stack[-1] if stack else None


class Slasher(Game):
    """The game object registered with the plugin host."""

    id = "slasher"
    title = "B: The Summer Camp Slasher"
    version = "4"
    min_players = 2
    # 64 cards, 16 of them in the hands at 4 seats and 24 at 6. Past 6 the draw pile and discard run dry
    # at refill time in random play (7 seats: ~1 short refill a game, 8: ~5, 10: ~28), so hands stay
    # short and Flee! turns over nothing; the rulebook itself calls 4-6 players "a very good number".
    max_players = 6
    options_type = SlasherOptions

    def _setup(self, players: int, seed: int, options: SlasherOptions) -> SlasherState:
        rng = Rng(seed)
        if options.first >= players:
            raise GameError(f"slasher: first={options.first} but seats are numbered 0-{players - 1}")
        first = rng.below(players) if options.first < 0 else options.first
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = [sorted(deck[-HAND * (s + 1) : len(deck) - HAND * s]) for s in range(players)]
        del deck[len(deck) - HAND * players :]
        return SlasherState.start(self, players, rng, options, hands, deck, first)

    def max_decisions(self, players: int, options: SlasherOptions) -> int:
        # A death resets the stall count and at most players - 1 deaths happen, so there are at most
        # players * stall_turns turns. A turn is one decision plus, for a killer, its window: hands are
        # not refilled in an attack, so at most 4 * players reactions, each after at most players - 1
        # passes, and players passes to close it.
        window = HAND * players * players + players
        return players * options.stall_turns * (1 + window)

    def events(self, before: SlasherObservation, after: SlasherObservation) -> list[str]:
        """What happened between two observations: plays, flights, the killer's strike and its victims."""
        return [event.strip() for event in logged_since(after.log, after.said, before.said)]

    def action_text(self, action: tuple[int, ...]) -> str:
        """ "Main House 5 -> seat 2", "Flee! seat 1", "pass"..."""
        return action_text(action, self.seat_name)

    def render(self, observation: SlasherObservation, seat: int | None) -> str:
        """The table, each teen's place and the hand(s), for a terminal."""
        from plugins.slasher.render import render

        return render(self, observation)


def action_text(action: tuple[int, ...], seat_name=lambda s: f"seat {s}") -> str:
    """An action as a person reads it."""
    move = action[0]
    discarded = move in (LOCATION, KILLER) and len(action) == (4 if move == LOCATION else 3)
    extra = f", discarding {name(action[-1])}" if discarded else ""
    if move == PASS:
        return "pass"
    if move == LOCATION:
        return f"{name(action[1])} -> {seat_name(action[2])}{extra}"
    if move == KILLER:
        return f"killer {name(action[1])} face down{extra}"
    if move == NEW_HAND:
        return "discard hand and draw 4"
    if action[1] == FLEE:
        return f"Flee! {seat_name(action[2])}"
    return name(action[1])


class SlasherState(State):
    """One moment of a slasher match."""

    __slots__ = (
        "deal_plan",
        "deck",
        "discard",
        "drawn",
        "game",
        "hands",
        "killer",
        "log",
        "lots",
        "negated",
        "options",
        "panicked",
        "phase",
        "players",
        "rng",
        "said",
        "stacks",
        "stall",
        "streams",
        "turn",
        "turned",
        "turns",
        "window",
        "winners",
    )

    @classmethod
    def start(
        cls,
        game: Slasher,
        players: int,
        rng: Rng,
        options: SlasherOptions,
        hands: list[list[int]],
        deck: list[int],
        first: int,
    ) -> SlasherState:
        """A match at its first turn with the given hands and deck (top last)."""
        state = cls.__new__(cls)
        state.game = game
        state.players = players
        state.rng = rng
        state.options = options
        state.hands = hands
        state.deck = deck
        state.discard = []
        state.stacks = [[] for _ in range(players)]
        state.turns = TurnOrder(players, first)
        state.phase = TURN
        state.killer = 0
        state.window = None
        state.negated = False
        state.panicked = False
        state.stall = 0
        state.turn = 1
        state.winners = ()
        state.log = ()
        state.said = 0
        # Every hand was dealt from the setup's deck: the first lot.
        state.lots = [FULL_DECK]
        state.turned = [()]
        state.streams = [(_drawn_from(0),) * len(hand) for hand in hands]
        state.drawn = [tuple(hand) for hand in hands]
        state.deal_plan = None
        return state

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat whose turn it is, or during an attack the seat with priority; nobody at the end."""
        if self.phase == TURN:
            return (self.turns.current,)
        if self.phase == ATTACK:
            return (self.window.priority,)
        return ()

    def legal_actions(self, seat: int) -> list[tuple[int, ...]]:
        """Plays of a location or killer (or a new hand) on a turn; reactions or a pass in an attack."""
        if seat not in self.to_act:
            return []
        if self.phase == ATTACK:
            return self._reactions(seat)
        return self._plays(seat)

    def _apply(self, seat: int, action: tuple[int, ...]) -> None:
        """Dispatch on the move: a pass or reaction in an attack, a play or a new hand on a turn."""
        self.deal_plan = None
        move = action[0]
        if move == PASS:
            self.window.pass_priority()
            if self.window.closed:
                self._strike()
        elif move == REACT:
            self._react(seat, action)
        elif move == NEW_HAND:
            self._new_hand(seat)
        else:
            self._play(seat, action)

    def returns(self) -> list[float]:
        """1 to the last survivor; shared equally when the game ends with several winners; else 0."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if seat in self.winners else 0.0 for seat in range(self.players)]

    def clone(self) -> SlasherState:
        """A copy sharing nothing mutable."""
        copy = SlasherState.__new__(SlasherState)
        copy.game = self.game
        copy.players = self.players
        copy.options = self.options
        copy.rng = Rng(self.rng.state)
        copy.hands = [hand[:] for hand in self.hands]
        copy.stacks = [stack[:] for stack in self.stacks]
        copy.deck = self.deck[:]
        copy.discard = self.discard[:]
        copy.turns = self.turns.clone()
        copy.phase = self.phase
        copy.killer = self.killer
        copy.window = self.window.clone() if self.window is not None else None
        copy.negated = self.negated
        copy.panicked = self.panicked
        copy.stall = self.stall
        copy.turn = self.turn
        copy.winners = self.winners
        copy.log = self.log
        copy.said = self.said
        copy.lots = self.lots[:]
        copy.turned = self.turned[:]
        copy.streams = self.streams[:]
        copy.drawn = self.drawn[:]
        copy.deal_plan = self.deal_plan  # the same position: what a seat knows is the same (`_apply` drops it)
        return copy

    def observation(self, seat: int | None) -> SlasherObservation:
        """Every table, hand sizes and the discard for all; own hand; the killer only to its owner."""
        in_attack = self.phase == ATTACK
        sees_killer = in_attack and (seat is None or seat == self.turns.current)
        return SlasherObservation(
            seat=seat,
            phase=self.phase,
            turn=self.turn,
            turn_seat=self.turns.current,
            alive=tuple(self.turns.alive),
            stacks=tuple(tuple(stack) for stack in self.stacks),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            hand=tuple(self.hands[seat]) if seat is not None else (),
            deck_size=len(self.deck),
            discard=tuple(sorted(self.discard)),
            killer=self.killer if sees_killer else None,
            killer_down=in_attack,
            negated=self.negated,
            panicked=self.panicked,
            priority=self.window.priority if in_attack else None,
            passes=self.window.passes if in_attack else 0,
            stall=self.stall,
            winners=self.winners,
            log=self.log,
            said=self.said,
            lots=tuple(self.lots),
            turned=tuple(self.turned),
            streams=tuple(self.streams),
            drawn=self.drawn[seat] if seat is not None else (),
            # Full view only, one byte per card: the digest of replays walks these at every step.
            hidden=(tuple(bytes(h) for h in self.hands), bytes(self.deck), tuple(bytes(d) for d in self.drawn))
            if seat is None
            else (),
        )

    def sample(self, seat: int, rng: Rng) -> SlasherState:
        """Other hands, the deck and a face-down killer the seat did not play, redrawn from the unseen cards.

        Once a discard pile has been reshuffled, the cards are dealt within their lots (`_sample_by_lots`);
        until then every unseen card came from one shuffle and is dealt from one pool. So they are too when
        the search for where the shown cards came from gives up (a long history: see RULES.md)."""
        plan = self._stream_deal(seat) if len(self.lots) > 1 else None
        if plan is not None:
            return self._sample_by_lots(seat, plan, rng)
        copy = self.clone()
        others = [s for s in range(self.players) if s != seat]
        pool = sorted([card for s in others for card in copy.hands[s]] + copy.deck)
        hidden_killer = copy.phase == ATTACK and copy.turns.current != seat
        if hidden_killer:
            # The face-down card is known to be a killer: draw it from the unseen killers first.
            pool.append(copy.killer)
            pool.sort()
            killers = [i for i, card in enumerate(pool) if is_killer(card)]
            copy.killer = pool.pop(_likely_killer(pool, killers, copy.places(), copy.turns.current, rng))
        rng.shuffle(pool)
        start = 0
        for s in others:
            size = len(copy.hands[s])
            copy.hands[s] = sorted(pool[start : start + size])
            start += size
        copy.deck = pool[start:]
        copy.discard.sort()
        for s in others:  # what each drew, in order, to match: its shown cards, then what it holds now
            unshown = copy.hands[s] + ([copy.killer] if hidden_killer and s == copy.turns.current else [])
            events = _events(copy.streams[s], pooled=True)
            copy.drawn[s] = tuple(received_cards(events, [0] * sum(lot == SHOWN for lot, _ in events), [unshown]))
        copy.rng = rng.spawn()
        return copy

    def _sample_by_lots(self, seat: int, plan: StreamDeal, rng: Rng) -> SlasherState:
        """A sample in which every card of a hand and of the deck came from a lot that could have given it."""
        world = plan.draw(rng)
        copy = self.clone()
        others = [s for s in range(self.players) if s != seat]
        for s, held, received, down in zip(others, world.held, world.received, world.face_down, strict=True):
            copy.hands[s] = sorted(held)
            copy.drawn[s] = tuple(received)
            if down is not None:
                copy.killer = down
        copy.deck = world.rest
        copy.discard.sort()
        copy.rng = rng.spawn()
        return copy

    def _stream_deal(self, seat: int) -> StreamDeal | None:
        """What `seat` knows of where the face-down cards came from, prepared for drawing samples (None if
        the search for where the shown cards came from gave up). Kept until the next action: a searcher
        samples one position many times."""
        if self.deal_plan is not None and self.deal_plan[0] == seat:
            return self.deal_plan[1]  # also a sample's: it keeps all that the seat knows
        lots = [Counter(lot) for lot in self.lots]
        for lot, cards in zip(lots, self.turned, strict=True):
            lot.subtract(cards)
        own = (code for code in self.streams[seat] if code < 0)
        for code, card in zip(own, self.drawn[seat], strict=True):
            lots[-1 - code][card] -= 1
        owner = self.turns.current if self.phase == ATTACK else None
        streams = [
            Stream(_events(self.streams[s]), killer_belief(self.places(), owner) if s == owner else None)
            for s in range(self.players)
            if s != seat
        ]
        try:
            plan: StreamDeal | None = StreamDeal(lots, streams, len(self.deck))
        except SearchGaveUp:
            plan = None
        self.deal_plan = (seat, plan)
        return plan

    def zones(self) -> dict[str, list[int]]:
        """Hands, tabled stacks, the deck, the discard and a killer in play: all 64 cards."""
        zones = {f"hand {s}": self.hands[s] for s in range(self.players)}
        zones.update({f"table {s}": self.stacks[s] for s in range(self.players)})
        zones["deck"] = self.deck
        zones["discard"] = self.discard
        zones["killer"] = [self.killer] if self.killer else []
        return zones

    # ---- the rules -----------------------------------------------------------------------------

    def places(self) -> dict[int, int]:
        """Each living teen's place (seat -> location code); teens without a location are left out."""
        return {s: self.stacks[s][-1] for s in self.turns.living if self.stacks[s]}

    def _plays(self, seat: int) -> list[tuple[int, ...]]:
        """A turn's choices: each location onto each living teen, each killer once all are placed, or a new hand."""
        hand = self.hands[seat]
        living = self.turns.living
        kinds = sorted(set(hand))
        locations = [c for c in kinds if is_location(c)]
        killers = [c for c in kinds if is_killer(c)] if all(self.stacks[s] for s in living) else []
        if not locations and not killers:
            return [(NEW_HAND,)]
        plays: list[tuple[int, ...]] = []
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
        if move == LOCATION:
            self._take(seat, card)
        else:
            self.hands[seat].remove(card)  # face down: the table learns which card it was when it strikes
        if len(action) == (4 if move == LOCATION else 3):  # the optional rule's extra discard
            self._take(seat, action[-1])
            self.discard.append(action[-1])
            self._note(f"{self._seat(seat)} discards {name(action[-1])}")
        if move == LOCATION:
            self.stacks[action[2]].append(card)
            self._note(f"{self._seat(seat)} plays {name(card)} on {self._seat(action[2])}")
            self._end_turn(died=False)
            return
        self.killer = card
        self.phase = ATTACK
        self.negated = self.panicked = False
        # The player of the killer holds priority first: passing is "requesting the strike".
        self.window = ReactionWindow(self.turns.order_from(seat))
        self._note(f"{self._seat(seat)} plays a killer face down: the killer is about to strike!")

    def _new_hand(self, seat: int) -> None:
        """A player who can play neither a location nor a killer discards the hand and draws 4."""
        self.discard.extend(self.hands[seat])
        self._note(f"{self._seat(seat)} can play nothing: discards {self._cards(self.hands[seat])}, draws 4")
        self._shown(seat, self.hands[seat])
        self.hands[seat] = []
        self._refill(seat)
        self._end_turn(died=False)

    def _discardable(self, hand: list[int], played: int) -> list[int]:
        """The kinds of card the optional rule lets go with `played` (none when the rule is off)."""
        if not self.options.discard_one:
            return []
        rest = hand[:]
        rest.remove(played)
        return sorted(set(rest))

    def _reactions(self, seat: int) -> list[tuple[int, ...]]:
        """A pass, and the reactions in hand (a killed player may only pass)."""
        actions: list[tuple[int, ...]] = [(PASS,)]
        if not self.turns.alive[seat]:
            return actions  # a killed player holds no cards but must still let the killer strike
        hand = self.hands[seat]
        if FLEE in hand:
            actions.extend((REACT, FLEE, target) for target in self.turns.living)
        if PANIC in hand:
            actions.append((REACT, PANIC))
        if JUST_A_CAT in hand and not self.panicked:
            actions.append((REACT, JUST_A_CAT))
        return actions

    def _react(self, seat: int, action: tuple[int, ...]) -> None:
        """Resolve one reaction at once; everyone must then pass again before the strike."""
        card = action[1]
        self._take(seat, card)
        self.discard.append(card)
        if card == FLEE:
            self._note(f"{self._seat(seat)} plays Flee! on {self._seat(action[2])}")
            self._flee(action[2])
        elif card == PANIC:
            self.panicked = True
            self._note(f"{self._seat(seat)} plays Panic!: everyone flees")
            for target in self.turns.order_from(seat):
                if self.turns.alive[target]:
                    self._flee(target)
        else:
            self.negated = True
            self._note(f"{self._seat(seat)} plays Just a Cat: the killer is negated")
        self.window.react()

    def _flee(self, target: int) -> None:
        """Turn over the top card: a location becomes the teen's place, anything else is discarded."""
        card = self._draw()
        if card is None:
            self._note(f"  {self._seat(target)} cannot flee: no cards left to turn over")
            return
        self.turned[-1] += (card,)
        if is_location(card):
            self.stacks[target].append(card)
            self._note(f"  {self._seat(target)} flees to {name(card)}")
        else:
            self.discard.append(card)
            self._note(f"  {self._seat(target)} turns over {name(card)} and stays put")

    def _strike(self) -> None:
        """The killer card is turned over and kills, then the turn ends."""
        killer, self.killer = self.killer, 0
        self.discard.append(killer)
        self._shown(self.turns.current, (killer,))
        self.window = None
        self.phase = TURN
        negated, self.negated, self.panicked = self.negated, False, False  # this attack is over
        dead = () if negated else victims(self.places(), killer)
        if negated:
            self._note(f"the negated killer was {name(killer)}: nothing happens")
        elif not dead:
            self._note(f"the killer is {name(killer)} and finds no victim")
        else:
            self._note(f"the killer is {name(killer)}: kills {' and '.join(self._seat(s) for s in dead)}")
        for seat in dead:
            self._shown(seat, self.hands[seat])
            self.discard.extend(self.hands[seat])
            self.discard.extend(self.stacks[seat])
            self.hands[seat] = []
            self.stacks[seat] = []
            self.turns.eliminate(seat)
        if dead and killer != SECRET_KILL:
            for stack in self.stacks:
                self.discard.extend(stack)
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
            self._note(f"{self._seat(living[0])} is the last survivor and makes it to the sequel!")
            return
        self.stall = 0 if died else self.stall + 1
        if self.stall >= self.options.stall_turns:
            self.winners = living
            self.phase = OVER
            self._note(f"{self.stall} turns without a death: the survivors share the sequel")
            return
        for seat in self.turns.order_from(self.turns.current):
            if self.turns.alive[seat]:
                self._refill(seat)
        self.turns.advance()
        self.turn += 1

    def _refill(self, seat: int) -> None:
        """Draw up to 4, reshuffling the discard into a new deck when the deck is empty."""
        hand = self.hands[seat]
        while len(hand) < HAND:
            card = self._draw()
            if card is None:
                break
            hand.append(card)
            self.streams[seat] += (_drawn_from(len(self.lots) - 1),)
            self.drawn[seat] += (card,)
        hand.sort()

    def _draw(self) -> int | None:
        """The top card; an empty deck is first refilled from the shuffled discard, which everyone saw: it
        becomes a new lot."""
        if not self.deck and self.discard:
            self.lots.append(tuple(sorted(self.discard)))
            self.turned.append(())
        return draw_or_reshuffle(self.deck, self.discard, self.rng)

    def _take(self, seat: int, card: int) -> None:
        """Take one copy of `card` out of `seat`'s hand, face up."""
        self.hands[seat].remove(card)
        self._shown(seat, (card,))

    def _shown(self, seat: int, cards: Sequence[int]) -> None:
        """Cards of `seat`'s hand seen face up as they leave it."""
        self.streams[seat] += tuple(cards)

    def _note(self, event: str) -> None:
        """Add a public event to the log the observation shows."""
        self.log = (*self.log, event)[-LOG_LENGTH:]
        self.said += 1

    def _seat(self, seat: int) -> str:
        """The seat's name for the log."""
        return self.game.seat_name(seat)

    @staticmethod
    def _cards(cards: Sequence[int]) -> str:
        """Card names for the log."""
        return ", ".join(name(c) for c in cards) or "nothing"


def _drawn_from(lot: int) -> int:
    """A stream's code for a card drawn from `lot` (shown cards are their own codes, all positive)."""
    return -1 - lot


def _events(stream: tuple[int, ...], pooled: bool = False) -> tuple[tuple[int, int | None], ...]:
    """A seat's stream as `corekit.streams` events; `pooled` counts every draw as from the first lot."""
    return tuple(((0 if pooled else -1 - code), None) if code < 0 else (SHOWN, code) for code in stream)


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


def _likely_killer(pool: list[int], killers: list[int], places: dict[int, int], owner: int, rng: Rng) -> int:
    """The index in `pool` of the face-down killer, drawn from the unseen killers weighted by `BELIEF`."""
    belief = killer_belief(places, owner)
    return killers[rng.weighted([belief[pool[i]] for i in killers])]


def deal(
    players: int,
    hands: Sequence[Sequence[int]],
    deck_top: Sequence[int] = (),
    first: int = 0,
    options: SlasherOptions | None = None,
    seed: int = 0,
) -> SlasherState:
    """A match with chosen hands whose deck starts with `deck_top` (first drawn first), for scripted play.

    The rest of the 64 cards lie under `deck_top` in an order drawn from `seed`.
    """
    rest = Counter(FULL_DECK)
    rest.subtract(card for hand in hands for card in hand)
    rest.subtract(deck_top)
    if any(n < 0 for n in rest.values()):
        raise GameError("slasher: the arranged cards are more than the deck holds")
    rng = Rng(seed)
    under = sorted(rest.elements())
    rng.shuffle(under)
    deck = under + list(reversed(deck_top))
    game = Slasher()
    return SlasherState.start(game, players, rng, options or SlasherOptions(), [sorted(h) for h in hands], deck, first)
