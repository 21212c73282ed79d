"""Where face-down cards came from, and deals of the unseen cards that never contradict it.

One model for every game, kept by the core as a state's zones move cards (see `corekit.state`):

- a **lot** is a multiset of cards that went face down at one moment, known to the whole table: the
  setup's unseen cards (one lot per card family: a Cabin deck and a Survival deck are two), a discard pile
  reshuffled into a new deck, a known card slid into a hand;
- a lot's **remainder** is the deck where its undealt cards still lie, face down;
- a **stream** is one place such cards went, a hand or a face-down column: the table saw, in order, each card
  it received (and from which lot) and each card it showed face up (played, discarded, revealed where it
  lies); its owner saw what it received.

`Deal` draws one world consistent with all of it, from one observer's point of view: every card a stream
showed is credited to a lot that had given it a card not yet accounted for at that moment, no lot is
credited more copies of a card than it had, and what each lot has left is dealt at random to the streams'
unshown cards and to its remainder. A hand refilled one card at a time never empties, so its cards from
different lots stay mixed for good and the ways to credit what it showed grow without bound: the search
for a crediting is depth-first, the most constrained card first, with restarts. The result is a
consistent world, not an exact posterior: creditings are not weighted by how many deals agree with them.

A stream may also hold one card played face down and still unrevealed (the killer of the slasher): it is
one of the cards the stream received, constrained to the kinds the game allows there and drawn by the
game's weights (its model of why the card was chosen).

`Record` is what a state keeps of all this; `Record.deal(...)` prepares a `Deal` for one observer.

The package keeps these apart in small modules, each importable as `corekit.provenance` exports it: `record`
(`Record`, `unrecorded`, `recording`), `deal` (`Deal`, `Stream`, `World`, the events and the errors) and
`crediting` (the search for a crediting that `Deal` runs).
"""

from __future__ import annotations

from corekit.provenance.deal import (
    SHOWN,
    Deal,
    Event,
    ProvenanceError,
    SearchGaveUp,
    Stream,
    World,
    received_cards,
)
from corekit.provenance.record import Lot, Record, recording, unrecorded

__all__ = [
    "SHOWN",
    "Deal",
    "Event",
    "Lot",
    "ProvenanceError",
    "Record",
    "SearchGaveUp",
    "Stream",
    "World",
    "received_cards",
    "recording",
    "unrecorded",
]
