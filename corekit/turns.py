"""Turn order that skips eliminated seats, and phases that cycle through a round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from corekit.piece_data import whole

_LIVING: dict[tuple[bool, ...], tuple[int, ...]] = {}
"""`TurnOrder.living` by the seats' flags."""
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
"""`TurnOrder.order_from` by the seat and the number of seats."""


class TurnOrder:
    """Whose turn it is among the seats still in the game."""

    __slots__ = ("alive", "current")

    def __init__(self, players: int, first: int = 0) -> None:
        if not 0 <= first < players:
            raise ValueError(f"the first seat must be a seat of {players} (0 to {players - 1}), got {first}")
        self.alive: list[bool] = [True] * players
        """One flag per seat: False once the seat is eliminated (`eliminate`)."""
        self.current = first
        """The seat whose turn it is (`advance` moves it to the next living seat)."""

    @property
    def living(self) -> tuple[int, ...]:
        """The seats not eliminated, in seat order."""
        # Looked up by the flags (a game may set them directly): a playout asks at nearly every decision, and the
        # lookup is a quarter of the cost of building the tuple.
        alive = tuple(self.alive)
        living = _LIVING.get(alive)
        if living is None:
            if len(_LIVING) >= 4096:
                _LIVING.clear()
            living = _LIVING[alive] = tuple([s for s, ok in enumerate(alive) if ok])
        return living

    def next_after(self, seat: int) -> int:
        """The first living seat after `seat` in clockwise order (`seat` itself if it is the only one)."""
        n = len(self.alive)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if self.alive[candidate]:
                return candidate
        raise ValueError("every seat is eliminated")

    def advance(self) -> int:
        """Pass the turn to the next living seat and return it."""
        self.current = self.next_after(self.current)
        return self.current

    def eliminate(self, seat: int) -> None:
        """Take `seat` out of the turn order for good."""
        self.alive[seat] = False

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, living or not, clockwise starting at `seat`."""
        n = len(self.alive)
        if type(seat) is not int:  # 1.0 and True are keys equal to 1: the order of one is not the other's
            return tuple([(seat + i) % n for i in range(n)])
        key = (seat, n)
        order = _ORDERS.get(key)
        if order is None:
            if len(_ORDERS) >= 4096:
                _ORDERS.clear()
            order = _ORDERS[key] = tuple([(seat + i) % n for i in range(n)])
        return order

    def living_from(self, seat: int) -> tuple[int, ...]:
        """The living seats clockwise from `seat` (first when it lives): who answers, flees or refills in turn."""
        alive = self.alive
        return tuple([s for s in self.order_from(seat) if alive[s]])

    def clone(self) -> TurnOrder:
        """An independent copy."""
        copy = TurnOrder.__new__(TurnOrder)
        copy.alive = self.alive[:]
        copy.current = self.current
        return copy

    def view(self) -> tuple[tuple[bool, ...], int]:
        """(alive, current) as immutable data, for views and digests."""
        return (tuple(self.alive), self.current)

    def to_data(self) -> dict[str, Any]:
        """As a position file writes it."""
        return {"alive": list(self.alive), "current": self.current}

    def seat_problem(self, players: int) -> str | None:
        """Why this order does not fit a match of `players` seats (for a position read), or None."""
        if len(self.alive) != players:
            return f"a turn order of {len(self.alive)} seats in a match of {players}"
        return None

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TurnOrder:
        """From a position file; ValueError naming a value out of range."""
        alive = data["alive"]
        if not isinstance(alive, list) or not alive or any(type(flag) is not bool for flag in alive):
            raise ValueError(f"alive must be a non-empty list of true and false, one per seat, not {alive!r}")
        order = cls(len(alive), whole(data, "current", 0, len(alive) - 1))
        order.alive = list(alive)
        return order


class Phases:
    """A fixed cycle of named phases; `round` counts completed cycles."""

    __slots__ = ("index", "names", "round")

    def __init__(self, names: Sequence[str]) -> None:
        if not names:
            raise ValueError("at least one phase is needed")
        self.names: tuple[str, ...] = tuple(names)
        self.index = 0
        self.round = 0

    @property
    def current(self) -> str:
        """The name of the phase in play."""
        return self.names[self.index]

    def advance(self) -> str:
        """Move to the next phase, starting a new round after the last one; return its name."""
        self.index += 1
        if self.index == len(self.names):
            self.index = 0
            self.round += 1
        return self.names[self.index]

    def clone(self) -> Phases:
        """An independent copy."""
        copy = Phases.__new__(Phases)
        copy.names = self.names
        copy.index = self.index
        copy.round = self.round
        return copy

    def view(self) -> tuple[tuple[str, ...], int, int]:
        """(names, index, round) as immutable data, for views and digests. The names too: a game may replace the
        field with another cycle (an opening, then the rounds), and a digest or a search's key holds only this."""
        return (self.names, self.index, self.round)

    def to_data(self) -> dict[str, Any]:
        """As a position file writes it."""
        return {"names": list(self.names), "index": self.index, "round": self.round}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Phases:
        """From a position file; ValueError naming a value out of range."""
        names = data["names"]
        if not isinstance(names, list) or any(type(name) is not str for name in names):
            raise ValueError(f"names must be a list of phase names, not {names!r}")
        phases = cls(names)
        phases.index = whole(data, "index", 0, len(phases.names) - 1)
        phases.round = whole(data, "round", 0)
        return phases
