"""Reaction windows: out-of-turn answers to a trigger, in priority order, until everyone passes.

After a trigger (a killer card, say), seats get priority one at a time in `order`. The seat with
priority either reacts (the game resolves the reaction at once) or passes. After either, priority moves
to the next seat in order, so every seat gets a chance to answer a reaction, the reactor included. The
window closes when every seat in `order` has passed in a row since the last reaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from corekit.piece_data import seats, whole

_CLOSED = "the reaction window is closed: every seat passed since the last reaction (a game drops or replaces it)"


class ReactionWindow:
    """The state of one open window: `order` the seats in priority order, each once. The seat with priority
    (`priority`) reacts (`react`, after the game resolved the reaction) or passes (`pass_priority`); either way
    priority moves to the next seat in order, the reactor included, and the window is `closed` once every seat has
    passed in a row since the last reaction (a window of one seat that reacted must pass once more)."""

    __slots__ = ("order", "passes", "position", "reactions")

    def __init__(self, order: Iterable[int]) -> None:
        self.order: tuple[int, ...] = tuple(order)
        if not self.order:
            raise ValueError("a reaction window needs at least one seat")
        if len(set(self.order)) < len(self.order) or min(self.order) < 0:
            raise ValueError(f"a reaction window's order lists seats from 0, each once, not {list(self.order)}")
        self.position = 0
        self.passes = 0
        self.reactions = 0

    @property
    def priority(self) -> int:
        """The seat that may react or pass now."""
        return self.order[self.position]

    @property
    def closed(self) -> bool:
        """True when every seat has passed in a row since the last reaction."""
        return self.passes >= len(self.order)

    def pass_priority(self) -> None:
        """The seat with priority passes (ValueError once the window is closed)."""
        if self.passes >= len(self.order):
            raise ValueError(_CLOSED)
        self.passes += 1
        self.position = (self.position + 1) % len(self.order)

    def react(self) -> None:
        """The seat with priority reacted; everyone must pass again before the window closes (ValueError once it is
        closed)."""
        if self.passes >= len(self.order):
            raise ValueError(_CLOSED)
        self.passes = 0
        self.reactions += 1
        self.position = (self.position + 1) % len(self.order)

    def clone(self) -> ReactionWindow:
        """An independent copy."""
        copy = ReactionWindow.__new__(ReactionWindow)
        copy.order = self.order
        copy.position = self.position
        copy.passes = self.passes
        copy.reactions = self.reactions
        return copy

    def view(self) -> tuple[tuple[int, ...], int, int, int]:
        """(order, position, passes, reactions) as immutable data, for views and digests."""
        return (self.order, self.position, self.passes, self.reactions)

    def to_data(self) -> dict[str, Any]:
        """As a position file writes it."""
        return {
            "order": list(self.order),
            "position": self.position,
            "passes": self.passes,
            "reactions": self.reactions,
        }

    def seat_problem(self, players: int) -> str | None:
        """Why this window does not fit a match of `players` seats (for a position read), or None."""
        outside = [seat for seat in self.order if seat >= players]
        if outside:
            return f"seat {outside[0]} of the window's order is not a seat of {players}"
        return None

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> ReactionWindow:
        """From a position file; ValueError naming a value out of range."""
        window = cls(seats(data, "order"))
        window.position = whole(data, "position", 0, len(window.order) - 1)
        window.passes = whole(data, "passes", 0, len(window.order))
        window.reactions = whole(data, "reactions", 0)
        return window

    def as_tuple(self) -> tuple[int, int, int]:
        """(seat with priority, passes in a row, reactions so far), for observations."""
        return (self.priority, self.passes, self.reactions)
