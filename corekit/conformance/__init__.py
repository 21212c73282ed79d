"""Conformance checks every game must pass; importable by a third-party game's own tests.

`check_game(game, players, games=..., seed=...)` plays seeded random matches and checks, at every step
or at the checked steps: the first two positions of a match (a short match may hide nothing before its second
move), then one step in `sample_every` from an offset drawn from the match's seed, so that over a run every step of
a match is checked in some match (`_Schedule`):

- ends: every match ends within `game.max_decisions`;
- legal: a seat in `to_act` has legal actions, a seat not in it has none; each seat's are a list or tuple (not a
  generator), not one the state holds (its zone), and distinct;
- illegal: an illegal action raises IllegalAction and leaves the state unchanged;
- determinism: the same seed and actions give the same observations;
- clones: a clone is equal at first and independent after, and holds none of the original's zones or mutable
  field values in another field (a helper whose `clone()` keeps the deck of the state it was made for);
- static content: no step changes it, in apply or elsewhere (a view that writes a note there);
- public objects: a public field's `view()` never shows one thing for two different values (`to_data()`) in a run;
  where the game writes its own `observation`, every seat sees each plain value of a public field, two levels deep
  (one changed on a copy changes every seat's observation);
- sample: `sample(seat)` gives the same observation for that seat, the same `to_act`, reseeded chance,
  and, somewhere in the run, different hidden cards;
- no leak: `sample` depends only on the observation: two states the seat cannot tell apart give the
  same sample from the same generator;
- leaks, for a game that declares its state (`corekit.leaks`, which makes its own twins from the declaration,
  never through the game's `sample`): what a seat sees now is the same in a twin (compared by `leaks.alike`: types,
  and fields `==` leaves out, count); `face_down_weights` does not read the parked card; played forward alike, a twin
  stays the same to the seat until something it may see differs; `sample` prefers the hidden truth no more than
  chance; and every legal action is in `Game.action_space` when the game lists one;
- a deal during play, for a declared state: a move that gathers or reshuffles a deck, or draws face down from a deck
  whose order nobody has seen, is played again with that deck in another order, and what each seat sees of the two,
  its own hidden cards aside, must be the same (`leaks.check_redeal`); and the deal at setup, for the first matches:
  set up again with the face-down cards each seat cannot see dealt otherwise, its view, its own cards aside, must
  be the same (`leaks.check_setup_deal`: a public field or log line set from a face-down card as the game dealt);
- positions, for a declared state (at the first step and at checked steps ever further apart, read back once the
  match is over): the state written as a position (`corekit.position`) reads back as the same state, and as
  the seat to act writes it, as one that seat cannot tell apart;
- conservation: the multiset of cards over `zones()` never changes;
- zones, for a declared state: every zone is still the one the core made, and every hidden zone holds the cards the
  record of where cards came from says (a plain list operation on it leaves the record behind);
- returns: one number per seat, each in [0, 1], adding up to `Game.constant_sum_for(options)` when the game declares
  one (as a forfeited match's, `corekit.runner.forfeit_returns`, must then too);
- display: every observation is hashable (immutable plain data) and within `Game.observation_limit` characters,
  `render` gives text for every view, `action_text` for every legal action, and `events` says nothing between
  an observation and itself;
- commentary (on unless `commentary=False`; `campfire check --no-commentary`): when another seat's
  action changes what a seat sees, `events` between its two observations tells it something (a person playing
  that seat learns what the others did);
- replay codes: every action played, and every legal action at the regular steps, is hashable, encodes to
  replay data (ints of 64 bits, strings, and lists or tuples of them, within the replay format's limits) and
  decodes back to itself, both as encoded and as read back from a replay (tuples become lists).

`check_match(game, players, seed, on_move=...)` checks again the one match a failure names, calling `on_move` with
each move that leads to it.

`check_leaks(game, players, registry)` adds the player-level leak check: an MCTS player with the same
seed decides the same in two states its seat cannot tell apart, and no seat view reaches the true state.

The package keeps these apart in small modules: `report` (`Report`), `matches` (`check_game`, `check_match`, and
the deck and setup-deal checks), `steps` (the checked steps, `_Schedule`), `state_checks` (the checks of one
state), `static` (static content and public views), `positions` (positions read back) and `probe` (`check_leaks`).
"""

from __future__ import annotations

from corekit.conformance.matches import DEALS_COMPARED, DECK_ORDERS, check_game, check_match
from corekit.conformance.probe import PROBE_REPEATS, check_leaks
from corekit.conformance.report import FAILURES_KEPT, Report
from corekit.conformance.static import OUTSIDE_APPLY, PUBLIC_VIEWS_KEPT, SINCE_CHECKED

__all__ = [
    "DEALS_COMPARED",
    "DECK_ORDERS",
    "FAILURES_KEPT",
    "OUTSIDE_APPLY",
    "PROBE_REPEATS",
    "PUBLIC_VIEWS_KEPT",
    "SINCE_CHECKED",
    "Report",
    "check_game",
    "check_leaks",
    "check_match",
]
