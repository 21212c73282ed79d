"""Tiny games whose best play is known, for testing the players' reasoning rather than a real game's rules."""

from __future__ import annotations

import attrs

from corekit import Commitments, Game, Rng, State


@attrs.frozen
class DuelObservation:
    """Scores, the round, and the commitments this seat may see."""

    seat: int | None
    round: int
    scores: tuple[int, ...]
    committed: tuple[tuple[int, object], ...]


class Duel(Game):
    """Every round each seat secretly picks 1, 2 or 3 and scores it; after `ROUNDS` the highest total wins.

    Picking 3 is always best, so any sensible player picks it.
    """

    id = "toy-duel"
    title = "Toy duel"
    min_players = 2
    max_players = 4
    ROUNDS = 3

    def _setup(self, players: int, seed: int, options: object) -> DuelState:
        state = DuelState()
        state.game = self
        state.players = players
        state.rng = Rng(seed)
        state.scores = [0] * players
        state.round = 0
        state.commitments = Commitments(range(players))
        return state

    def max_decisions(self, players: int, options: object) -> int:
        return players * self.ROUNDS


class DuelState(State):
    """One moment of a toy duel."""

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.commitments.waiting if self.round < Duel.ROUNDS else ()

    def legal_actions(self, seat: int) -> list[int]:
        return [1, 2, 3] if seat in self.to_act else []

    def _apply(self, seat: int, action: int) -> None:
        self.commitments.commit(seat, action)
        if self.commitments.complete:
            for s, picked in self.commitments.reveal().items():
                self.scores[s] += picked
            self.round += 1
            self.commitments.open(range(self.players))

    def returns(self) -> list[float]:
        best = max(self.scores)
        winners = [s for s in range(self.players) if self.scores[s] == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.players)]

    def clone(self) -> DuelState:
        copy = DuelState()
        copy.game, copy.players, copy.rng = self.game, self.players, Rng(self.rng.state)
        copy.scores, copy.round, copy.commitments = self.scores[:], self.round, self.commitments.clone()
        return copy

    def observation(self, seat: int | None) -> DuelObservation:
        return DuelObservation(seat, self.round, tuple(self.scores), self.commitments.visible_to(seat))

    def sample(self, seat: int, rng: Rng) -> DuelState:
        copy = self.clone()
        copy.commitments.redraw_others(seat, rng, lambda s: [1, 2, 3])
        copy.rng = rng.spawn()
        return copy


def duel_evaluate(state: DuelState) -> list[float]:
    """Each seat's share of the points scored so far."""
    total = sum(state.scores) or 1
    return [score / total for score in state.scores]


@attrs.frozen
class KingmakerObservation:
    """The choices made so far (everything is public)."""

    seat: int | None
    moves: tuple[str, ...]


class Kingmaker(Game):
    """Three seats, in turn. Seat 0 opens "A" or "B". Seat 1 then crowns the winner: after "A" it may
    crown seat 0 or itself; after "B" only seat 0 or seat 2. Seat 1 crowns itself when it can, so seat 0,
    reasoning with seat 1's own reward, must open "B" (half a win) rather than "A" (a sure loss).
    """

    id = "toy-kingmaker"
    title = "Toy kingmaker"
    min_players = 3
    max_players = 3
    perfect_information = True

    def _setup(self, players: int, seed: int, options: object) -> KingmakerState:
        state = KingmakerState()
        state.game, state.players, state.rng, state.moves = self, players, Rng(seed), []
        return state

    def max_decisions(self, players: int, options: object) -> int:
        return 2


class KingmakerState(State):
    """One moment of a kingmaker game."""

    @property
    def to_act(self) -> tuple[int, ...]:
        return ((0,), (1,), ())[len(self.moves)]

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_act:
            return []
        if seat == 0:
            return ["A", "B"]
        return ["crown 0", "crown 1"] if self.moves[0] == "A" else ["crown 0", "crown 2"]

    def _apply(self, seat: int, action: str) -> None:
        self.moves.append(action)

    def returns(self) -> list[float]:
        crowned = int(self.moves[-1][-1])
        return [1.0 if s == crowned else 0.0 for s in range(self.players)]

    def clone(self) -> KingmakerState:
        copy = KingmakerState()
        copy.game, copy.players, copy.rng, copy.moves = self.game, self.players, Rng(self.rng.state), self.moves[:]
        return copy

    def observation(self, seat: int | None) -> KingmakerObservation:
        return KingmakerObservation(seat, tuple(self.moves))

    def sample(self, seat: int, rng: Rng) -> KingmakerState:
        copy = self.clone()
        copy.rng = rng.spawn()
        return copy


@attrs.frozen
class ThresholdObservation:
    """The one seat's pick, if made (the roll is never seen before the end)."""

    seat: int | None
    picked: int | None


class Threshold(Game):
    """One seat picks 0-3, then a d100 is rolled: the seat wins when the roll plus its bonus beats 50.

    Only pick 3 carries a bonus (+10), so it wins 10% more often: a small edge that noisy playouts hide
    unless the actions are compared on the same rolls.
    """

    id = "toy-threshold"
    title = "Toy threshold"
    min_players = 1
    max_players = 1
    BONUS = (0, 0, 0, 10)

    def _setup(self, players: int, seed: int, options: object) -> ThresholdState:
        state = ThresholdState()
        state.game, state.players, state.rng, state.picked, state.roll = self, players, Rng(seed), None, 0
        return state

    def max_decisions(self, players: int, options: object) -> int:
        return 1


class ThresholdState(State):
    """One moment of a threshold game."""

    @property
    def to_act(self) -> tuple[int, ...]:
        return (0,) if self.picked is None else ()

    def legal_actions(self, seat: int) -> list[int]:
        return [0, 1, 2, 3] if self.picked is None else []

    def _apply(self, seat: int, action: int) -> None:
        self.picked = action
        self.roll = 1 + self.rng.below(100)

    def returns(self) -> list[float]:
        return [1.0 if self.roll + Threshold.BONUS[self.picked] > 50 else 0.0]

    def clone(self) -> ThresholdState:
        copy = ThresholdState()
        copy.game, copy.players, copy.rng = self.game, self.players, Rng(self.rng.state)
        copy.picked, copy.roll = self.picked, self.roll
        return copy

    def observation(self, seat: int | None) -> ThresholdObservation:
        return ThresholdObservation(seat, self.picked)

    def sample(self, seat: int, rng: Rng) -> ThresholdState:
        copy = self.clone()
        copy.rng = rng.spawn()
        return copy
