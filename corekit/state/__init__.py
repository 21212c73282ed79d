"""The declared state: a game declares its state's fields once, and the core derives the rest.

A state class is an attrs class decorated with `declare`, subclassing `DeclaredState`; each field says
who may see it:

- `public()`: everyone (scores, a round counter, a public log);
- `owned()`: one zone per seat, seen by its owner, by the others only as a count;
- `face_down()`: cards nobody sees, a count and any face-up top cards aside (a guard column);
- `draw_pile()`: a face-down draw pile, the undealt remainder of the last shuffle;
- `face_up()`: cards everyone sees (a discard pile, a tableau);
- `secret()`: a `Commitments` of a simultaneous decision, each seat's choice hidden until revealed;
- `internal()`: a cache, never copied, compared or shown; `static()`: content shared by every copy.

Every state also has `game`, `players`, `options` and `rng` (the chance generator). From the declaration
the core derives `clone()` (code generated once per class), `observation(seat)` (a `View` of what that seat
may see: a game's view class adds properties derived from it), `sample(seat, rng)` (every card the seat
cannot see redealt consistently with everything it has seen, from the record `corekit.provenance` keeps),
`zones()` (for card conservation), `digest()` (from the state itself) and `infoset_key(seat)` (a compact key
for search trees). A game may override any of them; conformance checks the override like everything else.

Cards move between zones through the state's methods (`draw`, `move`, `move_all`, `reveal_top`, `reveal_all`,
`reshuffle`, `draw_or_reshuffle`, `shuffle`, `gather`, and `roll` for dice), which keep the record of where
face-down cards came from; `take_out` takes a card face up onto a board the game keeps in a public field. A
public zone may also be changed directly (append, sort, remove): nothing hidden is involved.

The package keeps these apart in small modules, each importable as `corekit.state` exports it: `fields` (the
declarations and `declare`), `layout` (zones and their numbering), `views` (`View`, `Hidden`, `derived`),
`generated` (the code made once per class: setup, `clone`, digest, views), `moves` (moving cards, keeping the
record), `sampling` (the record of an unknown past, and samples drawn from it) and `declared` (`DeclaredState`).
"""

from __future__ import annotations

from corekit.provenance import ProvenanceError, unrecorded
from corekit.state.declared import DeclaredState
from corekit.state.fields import (
    Seen,
    declare,
    draw_pile,
    face_down,
    face_up,
    internal,
    owned,
    public,
    secret,
    static,
)
from corekit.state.layout import Zone
from corekit.state.views import Hidden, View, derived

__all__ = [
    "DeclaredState",
    "Hidden",
    "ProvenanceError",
    "Seen",
    "View",
    "Zone",
    "declare",
    "derived",
    "draw_pile",
    "face_down",
    "face_up",
    "internal",
    "owned",
    "public",
    "secret",
    "static",
    "unrecorded",
]
