"""The random player: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

from corekit import Action, Player, Rng, SeatView, deciding


class RandomPlayer(Player):
    """Picks uniformly among the legal actions."""

    needs_sample = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def decide(self, view: SeatView) -> Action:
        """A uniformly random legal action."""
        legal = deciding(view)
        return legal[self.rng.below(len(legal))]
