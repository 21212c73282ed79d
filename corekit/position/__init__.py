"""Positions as data: any declared state written as a readable JSON document and read back, validated.

    {"campfire_position": 1, "game": "grizzly-race", "version": "4", "players": 2,
     "options": {"stall_rounds": 100}, "rng": 1234, "seat": null,
     "fields": {"hands": [[1, 2, 3], [5]], "guards": [...], "round": 4, ...},
     "face_up": {"guards 1": 1}}

Fields go by name, cards by the game's names for them (`Game.card_name`), tuples as lists, enums by value,
attrs classes as objects. `face_up` gives the zones with cards lying face up on top, and how many.

A position written for one seat (`to_position(state, seat)`) shows only what that seat sees: a zone hidden
from it is `{"unseen": N, "face_up": [...]}`, another seat's secret commitment is `"committed"` and the
chance generator is null. Reading it back deals the unseen cards and redraws what is hidden at random,
from `seed`: any state the seat cannot tell from the real one. It is read only as it is written: a hidden zone
or another seat's commitment given in the clear would be dealt over, a zone the seat sees (its own hand) or its
own commitment left unseen would be dealt at random, a generator state would be ignored; each is refused.

Reading refuses, in one line naming the field, a position that breaks what the declaration says: an
unknown key or field, a missing one (`game`, `version`, `players`, `fields` or a declared field, and a full
position's `rng`; a missing `options`, `seat` or `face_up` takes its default: the game's options, the full view,
nothing face up), a value of the wrong type, a card the game does not have, a card its zone does
not accept (`owned(accepts=...)`), a card more or less than the game holds, a seat out of range, a zone per seat
for the wrong number of seats; one the game says its rules cannot reach (`DeclaredState.position_problem`); and
one the game's own code fails on when asked whether it is over, whom to act, their legal actions or a seat's view.

A position holds the table, not its past, in full or for a seat: a state read from one has a fresh record, every
unseen card of a family from one deal (`DeclaredState.fresh_record`; families a deck holds together, from one
deal too). What a seat learned earlier in the match
(which cards are left in a pile it drew from, which hand a face-down card came from) is lost: a sample of the
state read deals cards where the seat knew they could not be, so a search from a position may decide otherwise
than the same player did at that point of the match.

Its modules: `common` (FORMAT, KEYS, PositionError), `writing`, `reading`, `values` (fields' values), `cards`.
"""

from __future__ import annotations

from corekit.position.common import FORMAT, PositionError
from corekit.position.reading import from_position, loads
from corekit.position.writing import dumps, to_position

__all__ = ["FORMAT", "PositionError", "dumps", "from_position", "loads", "to_position"]
