"""Simultaneous commit-and-reveal decisions (boardgame.io's stages, OpenSpiel's simultaneous nodes).

Several seats are in `to_act` at once. Each commits in any order; a commitment is secret until the last
seat has committed, then all are revealed together. A game keeps one `Commitments` in its state, reports
`waiting` as its `to_act`, shows `visible_to(seat)` in observations, and calls `redraw_others` in
`sample` so a searching player cannot learn what the others chose: each hidden commitment is redrawn at
random among what that seat could have chosen, as a determinization of IS-MCTS treats any hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from corekit.rng import Rng

HIDDEN = "committed"
"""What an observation shows in place of another seat's secret commitment."""


class Commitments:
    """The commitments of one simultaneous decision."""

    __slots__ = ("chosen", "seats", "waiting")

    seats: tuple[int, ...]
    """The seats of the decision, in seat order (none once it is revealed)."""
    chosen: dict[int, Any]
    """Each committed seat's choice, until the decision is revealed."""
    waiting: tuple[int, ...]
    """The seats that have not committed yet, in seat order (kept up to date: it is read often)."""

    def __init__(self, seats: Iterable[int] = ()) -> None:
        self.open(seats)

    def open(self, seats: Iterable[int]) -> None:
        """Start a new decision for `seats`; earlier commitments are forgotten."""
        # Every seat of a round, `range(players)`, is in order already: sorting it cost a playout 1-2%.
        if type(seats) is range and seats.step > 0:
            self.seats = self.waiting = tuple(seats)
        else:
            self.seats = self.waiting = _distinct(tuple(sorted(seats)))
        self.chosen = {}

    @property
    def complete(self) -> bool:
        """True when every seat has committed."""
        return len(self.chosen) == len(self.seats)

    def commit(self, seat: int, action: Any) -> None:
        """Record `seat`'s secret choice: the action it played, one of its legal actions (a sample redraws another
        seat's choice among those, `DeclaredState.commitment_choices`)."""
        waiting = self.waiting
        if waiting and waiting[0] == seat:  # the seat a runner or a search asks first: `to_act[0]`
            self.chosen[seat] = action
            self.waiting = waiting[1:]
            return
        if seat not in waiting:
            raise ValueError(f"seat {seat} cannot commit now")
        self.chosen[seat] = action
        at = waiting.index(seat)
        self.waiting = waiting[:at] + waiting[at + 1 :]

    def reveal(self) -> dict[int, Any]:
        """All commitments, once complete; the decision is then closed. The leak checks count every commitment
        revealed as seen by every seat from then on: a game whose rules show only some of them (sealed bids whose
        losers take their cards back unseen) must keep the rest out of every view and log itself, unchecked."""
        if self.waiting:
            raise ValueError("not every seat has committed yet")
        revealed, self.chosen, self.seats, self.waiting = self.chosen, {}, (), ()
        return revealed

    def visible_to(self, seat: int | None) -> tuple[tuple[int, Any], ...]:
        """(seat, choice) pairs as `seat` sees them: others' choices are HIDDEN; None sees all."""
        chosen = self.chosen
        if not chosen:
            return ()
        if seat is None:
            return tuple(sorted(chosen.items()))
        return tuple([(s, a if s == seat else HIDDEN) for s, a in sorted(chosen.items())])

    def redraw_others(self, seat: int, rng: Rng, options: Callable[[int], Sequence[Any]]) -> None:
        """Replace every commitment but `seat`'s by a random one of `options(other)`, in seat order.

        For a sample drawn from `seat`'s point of view: the other seats have still committed (the
        observation says so) but to something the sampler could not see.
        """
        for other in sorted(self.chosen):
            if other != seat:
                choices = options(other)
                if not choices:
                    raise ValueError(
                        f"seat {other} has no choice to redraw its secret commitment from: commitment_choices gave "
                        "none, and must give at least what the seat could have committed"
                    )
                self.chosen[other] = choices[rng.below(len(choices))]

    def clone(self) -> Commitments:
        """An independent copy."""
        copy = Commitments.__new__(Commitments)
        copy.seats = self.seats
        copy.waiting = self.waiting
        copy.chosen = dict(self.chosen)
        return copy


def _distinct(seats: tuple[int, ...]) -> tuple[int, ...]:
    """`seats`, refused if one is there twice: it would commit twice and the decision never complete."""
    if len(set(seats)) < len(seats):
        twice = sorted({seat for seat in seats if seats.count(seat) > 1})
        raise ValueError(f"a decision's seats are each named once: {seats} names seat {twice[0]} more than once")
    return seats
