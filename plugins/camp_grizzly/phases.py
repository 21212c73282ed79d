"""The phases of a Camp Grizzly match and the steps that wait while a strike or a choice interrupts them."""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    """What the match waits for; each phase has its handler in `state.PHASES` (the legal actions of the seat to act)."""

    MOVE = "move"
    """The active counselor's move phase: steps, nature trails, free actions, a finale, then the draw."""
    END = "end"
    """The active counselor's end phase: free actions, equipping, then the end of the turn."""
    STRIKE = "strike"
    """OTIS STRIKES!: the first counselor of `strike_queue` fights or panics."""
    PANIC = "panic"
    """`panic_seat` runs away, a space at a time."""
    CONSENT = "consent"
    """The first holder of `consent_queue` agrees to start `consent_finale`, or refuses."""
    FOOL = "fool"
    """Foolin' Around: the active counselor chooses a partner."""
    WOODS = "woods"
    """A lost counselor's turn (no decision: it resolves at once)."""
    OTIS = "otis"
    """Otis's turn after every round (no decision: it resolves at once)."""
    OVER = "over"


class Pending(enum.StrEnum):
    """A step waiting on the stack `CampState.pending` while a strike or a choice interrupts it."""

    MOVE = "move"
    """Back to the active counselor's move phase."""
    END = "end"
    """On to the active counselor's end phase."""
    WOODS = "woods"
    """A lost counselor's camp-trail roll back into the camp."""
    OTIS = "otis"
    """The rest of Otis's turn: stalking cameos, then a new round."""
    FINALE = "finale"
    """The next direction of the finale under way."""


# The members as module constants for the rules' hot paths: a module global is reached about ten times faster
# than an enum member (Python 3.11), and the phase is compared at every decision of a playout.
MOVE, END, STRIKE, PANIC, CONSENT, FOOL, IN_WOODS, OTIS_TURN, OVER = Phase
THEN_MOVE, THEN_END, THEN_WOODS, THEN_OTIS, THEN_FINALE = Pending
