"""The phases of a Camp Grizzly match. A strike or a choice interrupts one; the phase to carry on with then
waits on the stack `CampState.pending`."""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    """What the match waits for, or, on the pending stack, what carries on once a strike or a choice is over.
    Each phase has its handler in `state.PHASES` (the legal actions of the seat to act)."""

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
    """A lost counselor's turn (no decision: it resolves at once); pending, its camp-trail roll back to camp."""
    OTIS = "otis"
    """Otis's turn after every round (no decision: it resolves at once); pending, its rest: stalking cameos,
    then a new round."""
    FINALE = "finale"
    """Pending only: the next direction of the finale under way (it resolves at once)."""
    OVER = "over"


# The members as module constants for the rules' hot paths: a module global is reached about ten times faster
# than an enum member (Python 3.11), and the phase is compared at every decision of a playout.
MOVE, END, STRIKE, PANIC, CONSENT, FOOL, IN_WOODS, OTIS_TURN, IN_FINALE, OVER = Phase
