"""Why a Scavengers state cannot arise under the rules (`ScavengersState.position_problem`).

A position file is read field by field; the declaration checks types, seats and card counts, but not the bounds
the rules keep: a camp, a design or a scrap type is an index into the content (a negative one would silently read
from the end), a count is never negative nor above what a Food card or a deal holds, and the phases fit together
(Mice choose only in the collect phase, a scrap waits to be placed only in the place phase, ...). The checks run
in an order where each one may index with what the ones before it allowed; the first problem found is the answer.

Some checks serve only direct callers of `position_problem` (a state built or edited in code). Before asking, the
position reader reads hands, the deck and the discard by card name, and conserves the cards `zones()` lists, which
include the designs of `tan` and `gray` and the scraps of `pile` and `held` (a design or scrap out of range, or a
count list of the wrong length, raises there, naming the field). So through the reader those never get here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from corekit.game import rolling_log_problem
from plugins.scavengers import rules
from plugins.scavengers.actions import action_space
from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.game import DEAL, LOG_KEPT, PHASES, ScavengersState, ranking
from plugins.scavengers.rules import KIND, TAN

CAMPS = len(CONTENT.camps)
SCRAPS = len(CONTENT.scraps)
DESIGNS = len(CONTENT.designs)
STAYING = ("cloudbreak", "late_night")
"""The gray cards that stay at their Camp once played; the others (Bear, Dog, Rain Shower) are discarded at once."""
WHY = ("Mouse", "wins")
"""How a scrap is taken in a collection (`Take`)."""


def position_problem(state: ScavengersState) -> str | None:
    """The first reason `state` cannot arise under the rules, in one line naming the field, or None."""
    return next(_problems(state), None)


def _label(design: int) -> str:
    return CONTENT.designs[design].label


def _scrap(scrap: int) -> str:
    return CONTENT.scraps[scrap]


def _is_int(value: Any) -> bool:
    # A position reads JSON: true would pass as 1 where an index is meant.
    return type(value) is int


def _problems(state: ScavengersState) -> Iterator[str]:
    """Every check in turn. Each may index with what the ones before it allowed, so only the first problem is
    sound: `position_problem` reads that one and never resumes the generator."""
    yield from _families(state)
    yield from _indices(state)
    yield from _counts(state)
    yield from _food_cards(state)
    yield from _log(state)
    yield from _end(state)
    yield from _phase(state)


def _families(state: ScavengersState) -> Iterator[str]:
    """Scavenger cards (ints) and Camper cards (strs) have their own zones: the rules compare and sort them as one
    or the other. A design out of range is refused by the reader's card conservation first (module docstring)."""
    scavenger_zones = [("deck", state.deck), ("discard", state.discard)]
    scavenger_zones += [(f"hands[{seat}]", hand) for seat, hand in enumerate(state.hands)]
    for name, zone in scavenger_zones:
        for card in zone:
            if isinstance(card, str):
                yield f"fields.{name}: {card!r} is a Camper card, not a Scavenger card"
            if not _is_int(card) or not 0 <= card < DESIGNS:
                yield f"fields.{name}: {card!r} is not a Scavenger card (0-{DESIGNS - 1})"
    for name, zone in (("campers", state.campers), ("camper_discard", state.camper_discard)):
        for card in zone:
            if not isinstance(card, str):
                yield f"fields.{name}: {card!r} is a Scavenger card, not a Camper card"


def _indices(state: ScavengersState) -> Iterator[str]:
    """Every int that indexes the content or a seat, in range. The designs in `tan` and `gray` and the scraps at the
    Camps are listed as cards, so through the reader `zones()` refuses one out of range first (module docstring)."""
    players = state.players
    for name in ("tan", "gray", "scraps"):
        per_camp = getattr(state, name)
        if len(per_camp) != CAMPS:
            yield f"fields.{name}: {len(per_camp)} Camps, but the board has {CAMPS}"
    for camp, entries in enumerate(state.tan):
        for at, (owner, design, hopped) in enumerate(entries):
            where = f"fields.tan[{camp}][{at}]"
            if not 0 <= owner < players:
                yield f"{where}: owner {owner} is not a seat of {players}"
            if not 0 <= design < DESIGNS:
                yield f"{where}: {design} is not a Scavenger card (0-{DESIGNS - 1})"
            if not TAN[design]:
                yield f"{where}: {_label(design)} is a gray card; gray cards lie in gray"
            if hopped and KIND[design] != "rabbit":
                yield f"{where}: {_label(design)} has hopped, but only a Rabbit hops"
    for camp, grays in enumerate(state.gray):
        for design in grays:
            if not 0 <= design < DESIGNS:
                yield f"fields.gray[{camp}]: {design} is not a Scavenger card (0-{DESIGNS - 1})"
            if KIND[design] not in STAYING:
                yield (
                    f"fields.gray[{camp}]: {_label(design)} does not stay at a Camp; only Cloudbreak and "
                    "Late Night Campers do"
                )
    for camp, scraps in enumerate(state.scraps):
        for scrap in scraps:
            if not 0 <= scrap < SCRAPS:
                yield f"fields.scraps[{camp}]: {scrap} is not a scrap type (0-{SCRAPS - 1})"
        if list(scraps) != sorted(scraps):
            yield f"fields.scraps[{camp}]: {list(scraps)} is not sorted; a Camp's scraps are kept sorted"
    if not 0 <= state.bear <= DEN:
        yield f"fields.bear: {state.bear} is neither a Camp (0-{CAMPS - 1}) nor the Den ({DEN})"
    if state.pending is not None and not 0 <= state.pending < SCRAPS:
        yield f"fields.pending: {state.pending} is not a scrap type (0-{SCRAPS - 1})"
    if tuple(state.phases.names) != PHASES:
        yield f"fields.phases: phases {list(state.phases.names)}, but the game's are {list(PHASES)}"
    if len(state.turns.alive) != players:
        yield f"fields.turns: {len(state.turns.alive)} seats, but the game has {players}"
    for at, (camp, seat) in enumerate(state.mice):
        if not 0 <= camp < CAMPS:
            yield f"fields.mice[{at}]: {camp} is not a Camp (0-{CAMPS - 1})"
        if not 0 <= seat < players:
            yield f"fields.mice[{at}]: seat {seat} is not a seat of {players}"
    for at, (seat, camp, scrap, why, _) in enumerate(state.report):
        where = f"fields.report[{at}]"
        if not 0 <= seat < players:
            yield f"{where}: seat {seat} is not a seat of {players}"
        if not 0 <= camp < CAMPS:
            yield f"{where}: {camp} is not a Camp (0-{CAMPS - 1})"
        if not 0 <= scrap < SCRAPS:
            yield f"{where}: {scrap} is not a scrap type (0-{SCRAPS - 1})"
        if why not in WHY:
            yield f"{where}: a scrap is taken by a Mouse or by winning a Camp, not {why!r}"
    if len(set(state.winners)) != len(state.winners):
        yield f"fields.winners: {list(state.winners)} names a seat twice"


def _counts(state: ScavengersState) -> Iterator[str]:
    """No count negative (a negative pile count lists no scrap, so conservation does not see it) nor above what
    the game has or deals. A `pile` of the wrong length is refused by `zones()` first through the reader."""
    if len(state.pile) != SCRAPS:
        yield f"fields.pile: {len(state.pile)} counts, but the game has {SCRAPS} scrap types"
    for scrap, (n, most) in enumerate(zip(state.pile, CONTENT.scrap_counts, strict=False)):
        if n < 0:
            yield f"fields.pile[{scrap}]: {n} {_scrap(scrap)} is not a count"
        if n > most:
            yield f"fields.pile[{scrap}]: {n} {_scrap(scrap)}, but the game has {most}"
    deal = DEAL[state.players]
    for seat, hand in enumerate(state.hands):
        if len(hand) > deal:
            yield f"fields.hands[{seat}]: {len(hand)} cards, but a round deals {deal}"


def _food_cards(state: ScavengersState) -> Iterator[str]:
    """What lies on each seat's Food cards: at most one scrap per matching space, none on a completed card (its
    scraps went back to the pile), and never every space of an unfinished card (it would have been turned over).
    A `held` of the wrong length is refused by `zones()` first through the reader; `done` is not listed there, so
    its length is checked here before the Food cards are indexed by it."""
    for seat, (held, done) in enumerate(zip(state.held, state.done, strict=True)):
        if len(held) != SCRAPS:
            yield f"fields.held[{seat}]: {len(held)} counts, but the game has {SCRAPS} scrap types"
        if len(done) != len(CONTENT.foods):
            yield f"fields.done[{seat}]: {len(done)} Food cards, but each seat has {len(CONTENT.foods)}"
        for scrap, n in enumerate(held):
            food = CONTENT.food_of[scrap]
            spaces = CONTENT.needs[food][scrap]
            if n < 0:
                yield f"fields.held[{seat}][{scrap}]: {n} {_scrap(scrap)} is not a count"
            if n > spaces:
                yield (
                    f"fields.held[{seat}][{scrap}]: {n} {_scrap(scrap)}, but {CONTENT.foods[food]} has "
                    f"{spaces} {_scrap(scrap)} space{'s' * (spaces != 1)}"
                )
        for food, needs in enumerate(CONTENT.needs):
            on_card = [held[scrap] for scrap, n in enumerate(needs) if n]
            if done[food] and any(on_card):
                yield f"fields.held[{seat}]: scraps on {CONTENT.foods[food]}, which is completed (turned over)"
            if not done[food] and rules.completes(held, food):
                yield f"fields.held[{seat}]: {CONTENT.foods[food]} is full, but not completed (turned over)"


def _log(state: ScavengersState) -> Iterator[str]:
    """The log of latest actions, which the commentary tells: rounds so far, seats, and actions of the game."""
    if problem := rolling_log_problem(state.log, state.said, LOG_KEPT, "action"):
        yield problem
    actions = _actions(state.players)
    for at, (round_, seat, action) in enumerate(state.log):
        where = f"fields.log[{at}]"
        if not 1 <= round_ <= state.phases.round + 1:
            yield f"{where}: round {round_}, but this is round {state.phases.round + 1}"
        if not 0 <= seat < state.players:
            yield f"{where}: seat {seat} is not a seat of {state.players}"
        if not all(type(part) in (int, str) for part in action):
            yield f"{where}: {list(action)} is not an action of scavengers"
        placed = tuple(action[:2]) if action[:1] == ("place",) else tuple(action)
        if placed not in actions:
            yield f"{where}: {list(action)} is not an action of scavengers"
        if action[:1] == ("place",) and (len(action) != 3 or not 0 <= action[2] < SCRAPS):
            yield f"{where}: a placement logs the scrap placed, a scrap type (0-{SCRAPS - 1})"


@functools.cache
def _actions(players: int) -> frozenset[tuple[Any, ...]]:
    """Every action of a match of `players` seats (the options change none), once per count: a test asks at
    every step of many matches."""
    return frozenset(action_space(players, None))


def _end(state: ScavengersState) -> Iterator[str]:
    """The end (RULES.md, Assumptions 1 and 2) is decided after a collection: whoever completed all four Food
    cards wins, else after the last round the ranking does."""
    last = state.game.rounds_bound(state.players, state.options)
    played = state.phases.round
    complete = tuple(seat for seat in range(state.players) if all(state.done[seat]))
    if played > last:
        yield f"fields.phases: {played} rounds played, but these options end the game after {last}"
    if state.winners:
        expected = complete or (ranking(state.done, state.held) if played >= last else ())
        if not expected:
            yield (
                f"fields.winners: {list(state.winners)}, but nobody has completed all four Food cards and only "
                f"{played} of the {last} rounds are played"
            )
        elif sorted(state.winners) != list(expected):
            yield f"fields.winners: {list(state.winners)}, but the rules make {list(expected)} the winners"
        return
    if played >= last:
        yield f"fields.winners: none, but all {last} rounds are played"
    # A Mouse's take may complete a fourth Food card while another Mouse still chooses: only the collect
    # phase may hold a seat done with all four in a game that goes on.
    if complete and state.phases.current != "collect":
        yield f"fields.done[{complete[0]}]: all four Food cards completed, but the game goes on"


def _phase(state: ScavengersState) -> Iterator[str]:
    """What each phase holds: a scrap to place only while placing, Mice only while collecting, the turn with a
    seat still playing."""
    phase = state.phases.current
    if state.winners:  # the game is over after a collection: the phases stopped at the next "place"
        if phase != "place":
            yield f"fields.phases: the {phase} phase, but a game over stops in the place phase after its collection"
        if state.mice:
            yield "fields.mice: the game is over, but a Mouse still waits to take a scrap"
        if state.pending is not None:
            yield f"fields.pending: the game is over, but {_scrap(state.pending)} still waits to be placed"
        return
    if phase != "collect" and state.mice:
        yield f"fields.mice: Mice take scraps in the collect phase, not the {phase} phase"
    if phase != "place" and state.pending is not None:
        yield f"fields.pending: {_scrap(state.pending)} waits to be placed, but this is the {phase} phase"
    if phase == "place":
        yield from _placing(state, DEAL[state.players])
    elif phase == "play":
        yield from _playing(state)
    else:
        yield from _collecting(state)


def _placing(state: ScavengersState, deal: int) -> Iterator[str]:
    """A round starts with every card gathered and dealt anew, the Bear in its Den; the Camp Leader turns Camper
    cards until one pictures a scrap in the pile, while a Camp has room."""
    if state.pending is None:
        yield "fields.pending: none, but the place phase places the scrap of the Camper card just turned"
    elif state.pile[state.pending] <= 0:
        yield f"fields.pending: {_scrap(state.pending)}, but the pile has none"
    if all(len(scraps) >= CONTENT.circles for scraps in state.scraps):
        yield "fields.scraps: every Camp is full, but the place phase goes on"
    for seat, hand in enumerate(state.hands):
        if len(hand) != deal:
            yield f"fields.hands[{seat}]: {len(hand)} cards while placing, but the round dealt {deal}"
    if state.discard or any(state.tan) or any(state.gray):
        yield "fields.discard: cards played or discarded while placing, but the round's deal gathered them all"
    if state.bear != DEN:
        yield f"fields.bear: at {CONTENT.camps[state.bear]} while placing, but a round starts with it in the Den"


def _playing(state: ScavengersState) -> Iterator[str]:
    """The turn is with a seat still in the round (one who passed or played its last card is out)."""
    turns = state.turns
    if not any(turns.alive):
        yield f"fields.turns: every seat has passed or run out, but seat {turns.current} is to play"
    elif not turns.alive[turns.current]:
        yield f"fields.turns: seat {turns.current} is to play, but has passed or run out"
    for seat, (alive, hand) in enumerate(zip(turns.alive, state.hands, strict=True)):
        if alive and not hand:
            yield f"fields.hands[{seat}]: empty, but seat {seat} has not run out"


def _collecting(state: ScavengersState) -> Iterator[str]:
    """The collection pauses only for a Mouse whose Camp holds more than one kind of scrap, in Camp order, each
    Mouse the one of the seat with strictly the most Mice at its Camp."""
    if any(state.turns.alive):
        yield "fields.turns: a seat still plays, but the play phase is over"
    if not state.mice:
        yield "fields.mice: none, but the collect phase waits for a Mouse's choice"
        return
    camps = [camp for camp, _ in state.mice]
    if camps != sorted(set(camps)):
        yield f"fields.mice: Camps {camps}, but Mice take scraps once per Camp, in Camp order"
    first = camps[0]
    if len(set(state.scraps[first])) < 2:
        yield f"fields.mice: the Mouse at {CONTENT.camps[first]} has no choice to make, so it would have taken"
    for camp, seat in state.mice:
        if rules.unique_best(rules.mice(state, camp, state.players)) != seat:
            yield f"fields.mice: seat {seat} has not strictly the most Mice at {CONTENT.camps[camp]}"
