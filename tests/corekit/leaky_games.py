"""A corpus of games that leak what a seat may not see, each the way a game author easily does it.

Glowworms is a small declared game that hides nothing it should not: every round each seat bids a card from
its hand in secret, the highest bid alone scores it, the bids go to the discard and each seat draws one card
face down from the deck. Each subclass below plants one leak; the conformance kit (corekit.leaks) must refuse
every one, and pass Glowworms itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from corekit import Commitments, Game, Heuristic, Rng, hookimpl
from corekit.state import DeclaredState, View, Zone, declare, draw_pile, face_up, owned, public, secret, static

CARDS = tuple(value for value in range(1, 6) for _ in range(4))
HAND = 3


class Glowworms(Game):
    """The honest game."""

    id = "glowworms"
    title = "Glowworms"
    min_players = 2
    max_players = 3
    state_class: type[GlowState]
    cards: tuple[int, ...] = CARDS
    hand = HAND

    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        rng = Rng(seed)
        deck = self._deck(rng)
        hands = [Zone(sorted(deck.pop() for _ in range(self.hand))) for _ in range(players)]
        return self.state_class(
            game=self,
            players=players,
            options=options,
            rng=rng,
            hands=hands,
            deck=Zone(deck),
            scores=[0] * players,
            bids=Commitments(range(players)),
            **self._more_fields(players),
        )

    def _more_fields(self, players: int) -> dict[str, Any]:
        """The fields a leaky variant's state class adds, as its setup deals them."""
        return {}

    def _deck(self, rng: Rng) -> list[int]:
        """The cards in the order they are dealt from: shuffled."""
        deck = list(self.cards)
        rng.shuffle(deck)
        return deck

    def max_decisions(self, players: int, options: Any) -> int:
        return players * len(self.cards)

    def action_space(self, players: int, options: Any) -> list[int]:
        return sorted(set(self.cards))

    def action_text(self, action: Any) -> str:
        return f"bid {action}"

    def render(self, observation: Any, seat: int | None) -> str:
        return f"scores {observation.scores} deck {len(observation.deck)} log {observation.log}"

    def events(self, before: Any, after: Any) -> list[str]:
        # Told from the two views only, as the check demands: who has bid, and each round's bids and scores.
        had_bid = {seat for seat, _ in before.bids}
        told = [f"seat {seat} has bid" for seat, _ in after.bids if seat not in had_bid]
        if after.discard != before.discard:
            told.append(f"bids shown, scores now {list(after.scores)}")
        return told


@declare
class GlowState(DeclaredState):
    hands: list[Zone] = owned()
    deck: Zone = draw_pile()
    discard: Zone = face_up()
    scores: list[int] = public(per_seat=True)
    log: tuple[str, ...] = public(default=())
    bids: Commitments = secret()

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.bids.waiting if all(self.hands) else ()

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act:
            return []
        return sorted(set(self.hands[seat]))

    def _apply(self, seat: int, action: Any) -> None:
        self.bids.commit(seat, action)
        if not self.bids.complete:
            return
        bids = self.bids.reveal()
        best = max(bids.values())
        winners = [s for s, bid in bids.items() if bid == best]
        if len(winners) == 1:
            self.scores[winners[0]] += best
        for s, bid in sorted(bids.items()):
            self._pay(s, bid)
        self.bids.open(range(self.players))

    def _pay(self, seat: int, bid: Any) -> None:
        """The bid card goes to the discard and the seat draws another."""
        self.move(bid, self.hands[seat], self.discard)
        self._drew(seat, self.draw(self.deck, self.hands[seat]))
        self.hands[seat].sort()

    def _drew(self, seat: int, cards: list[int]) -> None:
        """A hook for the leaks below: the honest game says nothing of a draw."""

    def returns(self) -> list[float]:
        best = max(self.scores)
        winners = [s for s, score in enumerate(self.scores) if score == best]
        return [1 / len(winners) if s in winners else 0.0 for s in range(self.players)]


Glowworms.state_class = GlowState


# ---- the leaks -----------------------------------------------------------------------------------------


@attrs.frozen
class Peek:
    """An observation that carries more than the view."""

    view: Any
    extra: Any

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)


@declare
class ShowsHands(GlowState):
    def observation(self, seat: int | None) -> Any:  # every hand, not only the seat's own
        return Peek(super().observation(seat), tuple(tuple(hand) for hand in self.hands))


@declare
class KeepsTruth(GlowState):
    def sample(self, seat: int, rng: Rng) -> Any:  # the true cards, only the future reseeded
        copy = self.clone()
        copy.rng = rng.spawn()
        return copy


@declare
class KeepsOneHand(GlowState):
    def sample(self, seat: int, rng: Rng) -> Any:  # a fair redeal, except the next seat's true hand
        return _with_next_hand(self, super().sample(seat, rng), seat)


def _with_next_hand(state: GlowState, copy: Any, seat: int) -> Any:
    """`copy` with the true hand of the seat after `seat` dealt back to it, the rest of the pool redealt."""
    other = (seat + 1) % state.players
    places = [copy.hands[s] for s in range(state.players) if s not in (seat, other)] + [copy.deck]
    pool = [card for zone in (*places, copy.hands[other]) for card in zone]
    for card in state.hands[other]:
        pool.remove(card)
    copy.hands[other][:] = state.hands[other]
    for zone in places:
        zone[:], pool = pool[: len(zone)], pool[len(zone) :]
    return copy


@declare
class ResampleKeepsHand(GlowState):
    """KeepsOneHand written in `_resample`, the hook `sample` and `determinize` share (an outside tester's: the
    kit's twins were made by `DeclaredState.sample`, which called it, so every twin kept the hand too)."""

    def _resample(self, seat: int, rng: Rng, keep_record: bool, even: bool = False) -> Any:
        return _with_next_hand(self, super()._resample(seat, rng, keep_record, even), seat)


@declare
class LogsDraws(GlowState):
    def _drew(self, seat: int, cards: list[int]) -> None:  # the public log names a face-down draw
        self.log = (*self.log, f"seat {seat} draws {cards}")[-4:]


@declare
class ShowsOwnPart(GlowState):
    """A public field a hand-written observation shows each seat only its own part of (`shown`): samples copy it
    whole, so every search reads the others' parts (outside testers' games)."""

    hidden_field: ClassVar[str] = ""

    def shown(self, seat: int) -> Any:
        raise NotImplementedError

    def observation(self, seat: int | None) -> Any:
        view = super().observation(seat)
        if seat is not None:
            object.__setattr__(view, self.hidden_field, self.shown(seat))  # a view is immutable, but this one is new
        return view

    def infoset_key(self, seat: int) -> int:
        return hash(self.observation(seat))


@declare
class HidesPoints(ShowsOwnPart):
    """Each seat's points, the cards it drew face down, kept in a public field (there is no hidden number)."""

    hidden_field = "points"
    points: list[int] = public(factory=list)

    def _drew(self, seat: int, cards: list[int]) -> None:
        self.points[seat] += sum(cards)

    def shown(self, seat: int) -> Any:
        return tuple(points if other == seat else None for other, points in enumerate(self.points))


@declare
class FiltersLog(ShowsOwnPart):
    """A public log of every draw (a log naming a face-down draw), each seat shown only its own lines."""

    hidden_field = "log"

    def _drew(self, seat: int, cards: list[int]) -> None:
        self.log = (*self.log, f"seat {seat} draws {cards}")

    def shown(self, seat: int) -> Any:
        return tuple(line for line in self.log if line.startswith(f"seat {seat} "))


@declare
class HidesDrawnCards(ShowsOwnPart):
    """Each seat's cards drawn, a public list of lists, each seat shown only its own."""

    hidden_field = "drawn"
    drawn: list[list[int]] = public(factory=list)

    def _drew(self, seat: int, cards: list[int]) -> None:
        while len(self.drawn) < self.players:
            self.drawn.append([])
        self.drawn[seat] += cards

    def shown(self, seat: int) -> Any:
        return tuple(tuple(cards) if other == seat else () for other, cards in enumerate(self.drawn))


class HidesPointsGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        assert isinstance(state, HidesPoints)
        state.points = [0] * players
        return state


@declare
class LegalPeeks(GlowState):
    def legal_actions(self, seat: int) -> list[Any]:  # a bid of 0 only when the deck's top card is a 5
        legal = super().legal_actions(seat)
        return [0, *legal] if legal and self.deck and self.deck[-1] == 5 else legal

    def _apply(self, seat: int, action: Any) -> None:
        if action == 0:
            action = min(self.hands[seat])
        super()._apply(seat, action)


class SourcedView(View):
    """A view whose state the game keeps aside (for the render below)."""


_SOURCES: dict[int, tuple[Any, Any]] = {}
"""id(view) -> (the view, the state it was made of): out of the view, so the views stay alike."""


@declare
class RendersDeck(GlowState):
    view_type = SourcedView

    def observation(self, seat: int | None) -> Any:
        view = super().observation(seat)
        if len(_SOURCES) > 10_000:
            _SOURCES.clear()
        _SOURCES[id(view)] = (view, self)  # the view is kept too, so its id is not reused
        return view


def source_of(view: Any) -> Any:
    """The state `RendersDeck` made `view` of."""
    return _SOURCES[id(view)][1]


class RendersDeckGame(Glowworms):
    def render(self, observation: Any, seat: int | None) -> str:
        source = source_of(observation)
        top = source.deck[-1] if source.deck else None
        return super().render(observation, seat) + f" next card {top}"


@declare
class ShowsBids(GlowState):
    def observation(self, seat: int | None) -> Any:  # the others' bids before they are revealed
        return Peek(super().observation(seat), tuple(sorted(self.bids.chosen.items())))


@declare
class NamesBids(GlowState):
    last_bid: int = public(default=0)
    """The bid just made, kept in a public field before the bids are revealed."""

    def _apply(self, seat: int, action: Any) -> None:
        self.last_bid = action
        super()._apply(seat, action)


class LoneCardGame(Glowworms):
    """One card in hand, forty cards all different: a twin's other hands share no card, so no bid, with the state's."""

    cards = tuple(range(1, 41))
    hand = 1


@declare
class MarketTurns(GlowState):
    """Honest: each bid also turns up to two cards of the deck face up onto the discard (a market refreshed at
    every bid), and the log says who bid and what came up; the match ends after as many rounds as the deck serves
    (a round takes at most three cards a seat: two turned up at its bid, one drawn after the reveal)."""

    rounds: int = public(default=0)

    @property
    def to_act(self) -> tuple[int, ...]:
        # Counted in rounds, not read off the deck: a seat's choices, asked with its bid taken back, must not change.
        if self.rounds >= (len(self.game.cards) - 3 * self.players) // (3 * self.players):
            return ()
        return super().to_act

    def _apply(self, seat: int, action: Any) -> None:
        turned = self.draw(self.deck, self.discard, 2)
        self.log = (*self.log[-2:], f"{self._bid_said(seat, action)}; up come {turned}")
        self._bid(seat, action)

    def _bid(self, seat: int, action: Any) -> None:
        """Commit the bid; the last one reveals them all and ends the round."""
        super()._apply(seat, action)
        if not self.bids.chosen:
            self.rounds += 1

    def _bid_said(self, seat: int, action: Any) -> str:
        return f"seat {seat} bids"


@declare
class NamesBidsAsTheMarketTurns(MarketTurns):
    """The log names the bid, in the step that turns cards up: a twin's own step turns up other cards, which the
    seat is entitled to see differ, so only the same step played again with another bid shows the leak."""

    def _bid_said(self, seat: int, action: Any) -> str:
        return f"seat {seat} bids {action}"


class MarketGame(Glowworms):
    """Forty cards all different, three in hand: a twin's deck turns up other cards than the state's."""

    cards = tuple(range(1, 41))


@declare
class StaticDeal(GlowState):
    dealt: list[int] = static(factory=list)
    """The deck's order as dealt, kept as if it were content: every sample shares it."""


class StaticDealGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        state.dealt.extend(state.deck)  # type: ignore[attr-defined]
        return state


@declare
class KnowsNextCard(GlowState):
    def sample(self, seat: int, rng: Rng) -> Any:  # a fair redeal, but the deck's true next card on top
        copy = super().sample(seat, rng)
        # Looked up on the game by the deck's size, which every state the seat cannot tell apart shares.
        top = self.game.dealt[len(self.deck) - 1]  # type: ignore[attr-defined]
        if top in copy.deck:
            at = copy.deck.index(top)
            copy.deck[at], copy.deck[-1] = copy.deck[-1], copy.deck[at]
        return copy


_DEALS: dict[int, list[int]] = {}
"""Each match's deck as dealt, by its public number (an outside tester's games: a deal filed 'for replays'
outside the state, where every state of the match, its twins and samples too, can look it up)."""


@declare
class FilesTheDeal(GlowState):
    match: int = public(default=0)
    """A public number of the match (its seed), under which the game files the deal."""

    def _put(self, copy: Any, depth: int) -> Any:
        """`copy` with a copy of the true card `depth` from the top of the deck swapped into that place, if one lies
        at or below it there."""
        dealt, deck = _DEALS.get(self.match), copy.deck
        if dealt is not None and len(self.deck) >= depth:
            below = deck[: len(deck) - depth + 1]
            card = dealt[len(self.deck) - depth]
            if card in below:
                at = below.index(card)
                deck[at], deck[-depth] = deck[-depth], deck[at]
        return copy


@declare
class KnowsSecondCard(FilesTheDeal):
    def sample(self, seat: int, rng: Rng) -> Any:  # a fair redeal, but the deck's true second card in its place
        return self._put(super().sample(seat, rng), 2)


@declare
class DeterminizePeeks(FilesTheDeal):
    def determinize(self, seat: int, rng: Rng) -> Any:  # a search's own samples, with the deck's true next card on top
        return self._put(super().determinize(seat, rng), 1)


@declare
class PeeksLate(FilesTheDeal):
    def sample(self, seat: int, rng: Rng) -> Any:  # the deck's true next card on top, once the first draws are made
        copy = super().sample(seat, rng)
        return self._put(copy, 1) if len(self.deck) < len(_DEALS.get(self.match, ())) else copy


class FilesTheDealGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        assert isinstance(state, FilesTheDeal)
        state.match = seed
        _DEALS[seed] = list(state.deck)
        return state


_HANDS: dict[int, list[list[int]]] = {}
"""Each match's hands as dealt, by its public number, filed as `_DEALS` is."""


@declare
class KnowsOneCardOfHand(FilesTheDeal):
    """Until a card is played, the next seat holds the highest card it was dealt in every sample (an outside tester's:
    the truth test compared an unordered hand whole, and eight cards of forty match whole too rarely to tell)."""

    def sample(self, seat: int, rng: Rng) -> Any:
        copy = super().sample(seat, rng)
        other = (seat + 1) % self.players
        dealt = _HANDS.get(self.match)
        if dealt is None or self.discard:
            return copy
        card, hand = max(dealt[other]), copy.hands[other]
        place = next((zone for zone in (copy.deck, *copy.hands) if zone is not hand and card in zone), None)
        spare = [held for held in hand if held != copy.bids.chosen.get(other)]
        if card not in hand and place is not None and spare:  # its committed bid stays in its hand
            out = min(spare)
            place[place.index(card)], hand[hand.index(out)] = out, card
        return copy


class BigHandsGame(FilesTheDealGame):
    """Forty cards, 1 to 10 four times, eight in each hand."""

    cards = tuple(value for value in range(1, 11) for _ in range(4))
    hand = 8

    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        _HANDS[seed] = [list(hand) for hand in state.hands]
        return state


class KnowsNextCardGame(Glowworms):
    """Keeps the deck's order as dealt on the game object, where two states a seat cannot tell apart share it."""

    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        self.dealt = list(state.deck)
        return state


@declare
class KeyPeeks(GlowState):
    def infoset_key(self, seat: int) -> int:  # a cheaper key, written by hand, that reads the deck's order too
        return hash((super().infoset_key(seat), tuple(self.deck)))


@attrs.frozen
class Drawn:
    """How many cards seat 1 has drawn, and the last of them, which `==` and `hash` leave out (`eq=False`)."""

    count: int = 0
    last: int = attrs.field(default=0, eq=False)


@declare
class EqBlindField(GlowState):
    drawn: Drawn = public(default=Drawn())

    def _drew(self, seat: int, cards: list[int]) -> None:
        if seat == 1 and cards:
            self.drawn = Drawn(self.drawn.count + 1, cards[0])


@declare
class FloatCount(GlowState):
    draws: int = public(default=0)
    """Seat 1's draws so far: an int after an even card, a float after an odd one (`3 == 3.0`)."""

    def _drew(self, seat: int, cards: list[int]) -> None:
        if seat == 1 and cards:
            count = int(self.draws) + 1
            self.draws = float(count) if cards[0] % 2 else count


class NotedView(View):
    """No `__slots__`: a dict, as for `derived` values."""


@declare
class NotesInView(GlowState):
    view_type = NotedView

    def observation(self, seat: int | None) -> Any:
        view = super().observation(seat)
        if self.deck:
            view.__dict__["next_card"] = self.deck[-1]  # out of the view's fields, which == compares
        return view


@attrs.frozen
class Bid:
    value: int
    tip: int | None = attrs.field(default=None, eq=False)
    """The deck's next card, left out of `==` and `hash`: two lists of bids compare equal whatever it says."""


@declare
class EqBlindActions(GlowState):
    def legal_actions(self, seat: int) -> list[Any]:
        tip = self.deck[-1] if self.deck else None
        return [Bid(value, tip) for value in super().legal_actions(seat)]

    def _apply(self, seat: int, action: Any) -> None:
        super()._apply(seat, action.value)

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        return [bid.value for bid in super().commitment_choices(name, seat)]  # the commitments hold the values


class BidsGame(Glowworms):
    def action_space(self, players: int, options: Any) -> list[Any]:
        return [Bid(value) for value in sorted(set(CARDS))]

    def action_text(self, action: Any) -> str:
        return f"bid {action.value}"

    def encode_action(self, action: Any) -> Any:
        return action.value

    def decode_action(self, code: Any) -> Any:
        return Bid(code)


@declare
class NotesInStatic(GlowState):
    notes: dict[str, Any] = static(factory=dict)

    def observation(self, seat: int | None) -> Any:
        if self.record is not None:  # the true match keeps a record; a search's copies share the notes
            self.notes["deck"] = tuple(self.deck)
        return super().observation(seat)


class DeckMeter:
    """'Fives left in the deck', taken for a public count; its `clone()` keeps reading the deck it was made with."""

    def __init__(self, deck: list[int]) -> None:
        self.deck = deck

    def clone(self) -> DeckMeter:
        return DeckMeter(self.deck)  # the original's deck: every copy of the state reads the true one

    def view(self) -> int:
        return sum(1 for card in self.deck if card == 5)


@declare
class MetersTheDeck(GlowState):
    meter: DeckMeter | None = public(default=None)


class MetersTheDeckGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        assert isinstance(state, MetersTheDeck)
        state.meter = DeckMeter(state.deck)
        return state


class BidMeter:
    """'Seats still to bid', a public count, in a slotted class (as the core's own pieces are) whose `clone()` keeps
    the commitments it was made with: every copy of the state counts the true match's bids."""

    __slots__ = ("bids",)

    def __init__(self, bids: Commitments) -> None:
        self.bids = bids

    def clone(self) -> BidMeter:
        return BidMeter(self.bids)

    def view(self) -> int:
        return len(self.bids.waiting)


@declare
class MetersTheBids(GlowState):
    meter: BidMeter | None = public(default=None)


class MetersTheBidsGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        assert isinstance(state, MetersTheBids)
        state.meter = BidMeter(state.bids)
        return state


@attrs.define
class Bonus:
    """A bonus drawn at setup and told only at the end: `view()` shows None until then, `to_data()` all of it."""

    value: int = 0
    told: bool = False

    def clone(self) -> Bonus:
        return Bonus(self.value, self.told)

    def view(self) -> int | None:
        return self.value if self.told else None

    def to_data(self) -> dict[str, Any]:
        return {"value": self.value, "told": self.told}

    @classmethod
    def from_data(cls, data: Any) -> Bonus:
        return cls(data["value"], data["told"])


@declare
class HidesInPublic(GlowState):
    bonus: Bonus = public(factory=Bonus)

    def _apply(self, seat: int, action: Any) -> None:
        super()._apply(seat, action)
        if not all(self.hands):
            self.bonus.told = True


class HidesInPublicGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        assert isinstance(state, HidesInPublic)
        state.bonus = Bonus(state.rng.die(5))
        return state


@declare
class ChoicesNameBid(GlowState):
    def commitment_choices(self, name: str, seat: int) -> list[Any]:  # the bid made, whenever it is one of them
        choices = super().commitment_choices(name, seat)
        committed = getattr(self, name).chosen[seat]
        return [committed] if committed in choices else choices


@declare
class NamesFirstBid(GlowState):
    def _apply(self, seat: int, action: Any) -> None:  # the first round's first bid named before the reveal
        if not self.discard and not self.bids.chosen:
            self.log = (f"seat {seat} bids {action}",)
        super()._apply(seat, action)


@declare
class ShowsHandLate(GlowState):
    late: tuple[int, ...] = public(default=())
    """Seat 0's hand, written when it bids with two cards left in the deck: one round of a match of fixed length."""

    def _apply(self, seat: int, action: Any) -> None:
        if seat == 0 and len(self.deck) == 2:
            self.late = tuple(self.hands[0])
        super()._apply(seat, action)


@declare
class TellsOnTheGame(GlowState):
    def _drew(self, seat: int, cards: list[int]) -> None:  # kept on the Game every state and twin shares
        self.game.last_draw = (seat, cards)  # type: ignore[attr-defined]


class TellsOnTheGameGame(Glowworms):
    last_draw: tuple[int, list[int]] | None = None

    def events(self, before: Any, after: Any) -> list[str]:  # the commentary names the last draw, read off the game
        told = super().events(before, after)
        return [*told, f"seat {self.last_draw[0]} drew {self.last_draw[1]}"] if told and self.last_draw else told


class DrawsOnTheGameGame(Glowworms):
    last_draw: tuple[int, list[int]] | None = None

    def render(self, observation: Any, seat: int | None) -> str:  # the drawing names the last draw, read off the game
        drawn = super().render(observation, seat)
        return drawn + (f" seat {self.last_draw[0]} drew {self.last_draw[1]}" if self.last_draw else "")


class NamesBottomCardGame(Glowworms):
    """Writes the deck's bottom card, face down, into the public log as it deals (an outside tester's game set a
    public field from a face-down card at setup: a twin shares the field, and no forward play showed it)."""

    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        state.log = (f"the bottom card is {state.deck[0]}",)
        return state


_NOTE: list[Any] = [None]
"""The deck's top card as the last observation made saw it: outside the state, as a careless cache would keep it."""


@declare
class NotesForRender(GlowState):
    def observation(self, seat: int | None) -> Any:
        _NOTE[0] = self.deck[-1] if self.deck else None
        return super().observation(seat)


class NotesForRenderGame(Glowworms):
    def render(self, observation: Any, seat: int | None) -> str:  # draws the note the last observation left
        return super().render(observation, seat) + f" next card {_NOTE[0]}"


@declare
class SecretGoals(GlowState):
    """Honest: each seat first commits a secret goal (a bid value), never revealed; the rounds of bids follow."""

    goals: Commitments = secret()

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.goals.waiting or super().to_act

    def legal_actions(self, seat: int) -> list[Any]:
        if self.goals.waiting:
            return [("goal", value) for value in sorted(set(CARDS))] if seat in self.goals.waiting else []
        return super().legal_actions(seat)

    def _apply(self, seat: int, action: Any) -> None:
        if isinstance(action, tuple):
            self.goals.commit(seat, action)
        else:
            super()._apply(seat, action)

    def _pay(self, seat: int, bid: Any) -> None:
        self._met(seat, bid, self.goals.chosen[seat][1])
        super()._pay(seat, bid)

    def _met(self, seat: int, bid: int, goal: int) -> None:
        """A hook for the leak below: the honest game keeps the goal to itself."""


@declare
class ScoresSecretGoals(SecretGoals):
    def _met(self, seat: int, bid: int, goal: int) -> None:
        if bid == goal:
            self.scores[seat] += 1  # a point in the public scores, as the round's bids are shown: the goal shows


class SecretGoalsGame(Glowworms):
    def _more_fields(self, players: int) -> dict[str, Any]:
        return {"goals": Commitments(range(players))}

    def max_decisions(self, players: int, options: Any) -> int:
        return players * (len(self.cards) + 1)

    def action_space(self, players: int, options: Any) -> list[Any]:
        return [*super().action_space(players, options), *[("goal", value) for value in sorted(set(CARDS))]]

    def action_text(self, action: Any) -> str:
        return f"goal {action[1]}" if isinstance(action, tuple) else super().action_text(action)

    def events(self, before: Any, after: Any) -> list[str]:
        had = {seat for seat, _ in before.goals}
        return super().events(before, after) + [f"seat {seat} set a goal" for seat, _ in after.goals if seat not in had]


LEAKS = {
    "glowworms-shows-hands": (ShowsHands, Glowworms, "sample(0) does not match seat 0's observation: extra[1]["),
    "glowworms-keeps-truth": (
        KeepsTruth,
        Glowworms,
        "sample(0) depends on more than seat 0's observation: two states it cannot tell apart gave different "
        "samples, deck.cards[",
    ),
    "glowworms-keeps-one-hand": (
        KeepsOneHand,
        Glowworms,
        "sample(0) depends on more than seat 0's observation: two states it cannot tell apart gave different "
        "samples, hands[1][",
    ),
    "glowworms-resample-keeps-hand": (
        ResampleKeepsHand,
        Glowworms,
        "sample(0) depends on more than seat 0's observation: two states it cannot tell apart gave different "
        "samples, hands[1][",
    ),
    "glowworms-knows-second-card": (
        KnowsSecondCard,
        FilesTheDealGame,
        "prefers the hidden truth of card 2 from the top of zone 'deck'",
    ),
    "glowworms-peeks-late": (PeeksLate, FilesTheDealGame, "prefers the hidden truth of the top card of zone 'deck'"),
    "glowworms-knows-one-card-of-hand": (
        KnowsOneCardOfHand,
        BigHandsGame,
        "prefers the hidden truth of how many 10 zone 'hands ",
    ),
    "glowworms-determinize-peeks": (
        DeterminizePeeks,
        FilesTheDealGame,
        "prefers the hidden truth of the top card of zone 'deck'",
    ),
    "glowworms-hides-points": (
        HidesPoints,
        HidesPointsGame,
        "observation is the same with the public field points[",
    ),
    "glowworms-hides-drawn-cards": (HidesDrawnCards, Glowworms, "observation is the same with the public field drawn["),
    "glowworms-filters-log": (FiltersLog, Glowworms, "observation is the same with the public field log["),
    "glowworms-logs-draws": (LogsDraws, Glowworms, "step(s) after a twin, once 'bid"),
    "glowworms-legal-peeks": (LegalPeeks, Glowworms, "legal actions differ in a state it cannot tell apart"),
    "glowworms-renders-deck": (
        RendersDeck,
        RendersDeckGame,
        "render() of seat 0's view differs in a state it cannot tell apart, though the views are equal: 'scores",
    ),
    "glowworms-shows-bids": (
        ShowsBids,
        Glowworms,
        "observation differs in a state it cannot tell apart: extra[0][1]: ",
    ),
    "glowworms-names-bids": (
        NamesBids,
        Glowworms,
        "observation differs 1 step(s) after a twin, once 'bid ",
    ),
    "glowworms-names-lone-bid": (
        NamesBids,
        LoneCardGame,
        "in the twin) was played: last_bid: ",
    ),
    "glowworms-names-bid-as-market-turns": (
        NamesBidsAsTheMarketTurns,
        MarketGame,
        "instead, a secret choice, the cards and chance the same: log[",
    ),
    "glowworms-static-deal": (
        StaticDeal,
        StaticDealGame,
        "the static field dealt differs between the matches of two seeds",
    ),
    "glowworms-knows-next-card": (
        KnowsNextCard,
        KnowsNextCardGame,
        "prefers the hidden truth of the top card of zone 'deck'",
    ),
    "glowworms-key-peeks": (KeyPeeks, Glowworms, "seat 0's infoset_key differs in a state it cannot tell apart"),
    "glowworms-eq-blind-field": (EqBlindField, Glowworms, "played: drawn.last: "),
    "glowworms-float-count": (FloatCount, Glowworms, "was played: draws: "),
    "glowworms-notes-in-view": (NotesInView, Glowworms, "does not match seat 0's observation: next_card: "),
    "glowworms-eq-blind-actions": (
        EqBlindActions,
        BidsGame,
        "seat 0's legal actions differ in a state it cannot tell apart: [0].tip: ",
    ),
    "glowworms-meter-keeps-deck": (
        MetersTheDeck,
        MetersTheDeckGame,
        "a clone's meter.deck is the original's deck, not a copy of it",
    ),
    "glowworms-meter-keeps-bids": (
        MetersTheBids,
        MetersTheBidsGame,
        "a clone's meter.bids is the original's bids, not a copy of it",
    ),
    "glowworms-hides-in-public": (
        HidesInPublic,
        HidesInPublicGame,
        "the public field bonus shows None for two different values",
    ),
    "glowworms-choices-name-bid": (
        ChoicesNameBid,
        Glowworms,
        "commitment_choices('bids', 0), which seat 1 cannot see, depend on seat 0's own commitment: [0]: ",
    ),
    "glowworms-names-first-bid": (NamesFirstBid, Glowworms, "observation differs 1 step(s) after a twin, once 'bid "),
    "glowworms-shows-hand-late": (ShowsHandLate, Glowworms, "by seat 0 was played: late["),
    "glowworms-tells-on-the-game": (TellsOnTheGame, TellsOnTheGameGame, "is told something else in a state it cannot"),
    "glowworms-draws-on-the-game": (TellsOnTheGame, DrawsOnTheGameGame, "was played, though the views are equal: "),
    "glowworms-notes-for-render": (
        NotesForRender,
        NotesForRenderGame,
        "render() of seat 0's view differs in a state it cannot tell apart, though the views are equal: 'scores",
    ),
    "glowworms-names-bottom-card": (
        GlowState,
        NamesBottomCardGame,
        "view at setup, its own cards aside, depends on cards it cannot see: with the face-down cards of the setup's "
        "shuffle 1 dealt otherwise (the same cards shown) log[0]: 'the bottom card is ",
    ),
    "glowworms-scores-secret-goals": (
        ScoresSecretGoals,
        SecretGoalsGame,
        "was played: scores[",
    ),
    "glowworms-notes-in-static": (
        NotesInStatic,
        Glowworms,
        "something other than apply (a view, legal actions, or a clone or sample played on) changed the static "
        "field notes",
    ),
}
"""game id -> (state class, game class, what the kit's first failure says). A sample that keeps true cards is
first caught by the twin the core makes (two states the seat cannot tell apart give different samples); the
truth test (tests/corekit/test_leak_kit.py) refuses it on its own too."""


# ---- contract breaks that show far from their cause --------------------------------------------------------
# Each is a mistake an outside tester made writing a game from the docs: before `campfire check` named it, it showed
# as a leak, as a crash blamed on a player or on an illegal action, or not at all.


@declare
class LegalGenerator(GlowState):
    def legal_actions(self, seat: int) -> Any:  # works once, for the first caller only
        return (card for card in super().legal_actions(seat))


@declare
class LegalZone(GlowState):
    def legal_actions(self, seat: int) -> list[Any]:  # the hand itself: whoever changes it changes the state
        return self.hands[seat] if seat in self.to_act else []


@declare
class LegalTwice(GlowState):
    def legal_actions(self, seat: int) -> list[Any]:  # a card held twice is listed twice
        return sorted(self.hands[seat]) if seat in self.to_act else []


@declare
class HandByList(GlowState):
    def _pay(self, seat: int, bid: Any) -> None:  # the bid taken out of the hand by hand
        self.hands[seat].remove(bid)  # not self.move(bid, self.hands[seat], self.discard): the record never knows
        self.discard.append(bid)
        self.draw(self.deck, self.hands[seat])


@declare
class DeckByList(GlowState):
    def _apply(self, seat: int, action: Any) -> None:  # a card burnt face up off the deck after each round
        super()._apply(seat, action)
        if self.bids.waiting == tuple(range(self.players)) and self.deck:
            self.discard.append(self.deck.pop())  # not self.draw(self.deck, self.discard)


class SetupByListGame(Glowworms):
    def _setup(self, players: int, seed: int, options: Any) -> GlowState:
        state = super()._setup(players, seed, options)
        state.hands[0].append(state.deck.pop())  # a fourth card for the first seat, after the record was made
        return state


@declare
class ReturnsScores(GlowState):
    def returns(self) -> list[float]:  # the raw scores, not a share of one win
        return [float(score) for score in self.scores]


class ReturnsText(GlowState):
    def returns(self) -> list[Any]:  # the shares as text, which the runner would read as numbers
        return [str(share) for share in super().returns()]


BROKEN = {
    "glowworms-legal-generator": (
        LegalGenerator,
        Glowworms,
        "step 1: legal_actions(0) returned a generator; return a list or tuple",
    ),
    "glowworms-legal-zone": (
        LegalZone,
        Glowworms,
        "step 1: legal_actions(0) returned an object the state holds (the zone hands[0]); return a fresh list or tuple",
    ),
    "glowworms-legal-twice": (LegalTwice, Glowworms, " twice: legal actions must be distinct"),
    "glowworms-hand-by-list": (
        HandByList,
        Glowworms,
        "step 2: apply changed the zone hands[0] outside the zone methods (it holds 3 face-down cards where the record "
        "has 4): move cards with the state's zone methods",
    ),
    "glowworms-deck-by-list": (
        DeckByList,
        Glowworms,
        "step 2: apply changed the zone deck outside the zone methods (it holds 11 face-down cards where the record "
        "has 12)",
    ),
    "glowworms-setup-by-list": (
        GlowState,
        SetupByListGame,
        ": setup changed the zone hands[0] outside the zone methods (it holds 4 face-down cards where the record has "
        "3)",
    ),
    "glowworms-returns-scores": (ReturnsScores, Glowworms, "are not one number in [0, 1] per seat"),
    "glowworms-returns-text": (ReturnsText, Glowworms, "are not one number in [0, 1] per seat"),
}
"""game id -> (state class, game class, what `campfire check`'s failures say): games that break the contract of
`legal_actions`, of the zones or of `returns`, which the check names as such."""


class QuietState(GlowState):
    """Honest, and quieter: the bids are not shown at all, so another seat's bid changes nothing a seat sees."""

    def observation(self, seat: int | None) -> Any:
        return (tuple(self.hands[seat]) if seat is not None else (), tuple(self.scores))


class QuietGame(Glowworms):
    id = "glowworms-quiet"
    state_class = QuietState


@declare
class FairDeterminize(GlowState):
    """Honest (an outside tester's): a faster determinize of its own, a clone with every card the seat cannot see
    redealt and the others' pending bids redrawn; the face-up discard keeps its order of play (the core's twins keep
    it sorted, which no seat can tell apart: it was refused as "rng: X vs X")."""

    def determinize(self, seat: int, rng: Rng) -> Any:
        copy = self.clone()
        copy.record = None
        others = [other for other in range(self.players) if other != seat]
        pool = sorted([card for other in others for card in self.hands[other]] + list(self.deck))
        rng.shuffle(pool)
        for other in others:
            size = len(copy.hands[other])
            copy.hands[other][:], pool = sorted(pool[:size]), pool[size:]
        copy.deck[:] = pool
        for other in others:
            if other in copy.bids.chosen:
                copy.bids.chosen[other] = rng.choice(sorted(set(copy.hands[other])))
        copy.rng = rng.spawn()
        return copy


@declare
class TupleViewState(GlowState):
    """Honest, its observation a tuple of its own: the seat's hand, the scores, the deck's size, the discard."""

    def observation(self, seat: int | None) -> Any:
        hand = tuple(sorted(self.hands[seat])) if seat is not None else ()
        return (hand, tuple(self.scores), len(self.deck), tuple(sorted(self.discard)))


class TupleViewGame(Glowworms):
    """Renders and tells its tuple views (an outside tester's: the redeal checks read a view's fields, and refused
    it with "the game raised AttributeError: ... '_names'")."""

    id = "glowworms-tuple-view"
    state_class = TupleViewState

    def render(self, observation: Any, seat: int | None) -> str:
        return f"hand {observation[0]} scores {observation[1]} deck {observation[2]}"

    def events(self, before: Any, after: Any) -> list[str]:
        return [f"scores now {list(after[1])}"] if before != after else []


def leaky_game(game_id: str) -> Glowworms:
    """The game of that id in the corpus (a leak or a broken contract)."""
    state_class, game_class, _ = LEAKS[game_id] if game_id in LEAKS else BROKEN[game_id]
    kind = type(game_class.__name__, (game_class,), {"id": game_id, "state_class": state_class})
    game: Glowworms = kind()
    return game


@hookimpl
def campfire_games() -> list[Game]:
    """The honest game and every leaking or broken one, for `campfire check` and the pytest fixture."""
    return [Glowworms(), *(leaky_game(game_id) for game_id in (*LEAKS, *BROKEN))]


@hookimpl
def campfire_heuristics() -> dict[str, Heuristic]:
    """A policy for the honest game (a leak probe's rollouts use it)."""
    return {"glowworms": Heuristic(policy=lambda obs, seat, legal, rng: legal[-1])}
