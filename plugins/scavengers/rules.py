"""The board of one round and every Scavenger card effect, as plain functions over a board (`Board` to
read, `Table` to change).

The state is the board it applies plays to through `play`; the heuristic copies the board of an
observation into a `Trial` and calls the same functions to foresee a play, so each card effect is written
once. Each effect's docstring is the card's rule text.

A tan card in play is an entry `(owner, design, hopped)`; `hopped` marks a Rabbit that has used its hop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from plugins.scavengers.content import CONTENT, DEN

Action = tuple[Any, ...]

Entry = tuple[int, int, bool]

KIND = tuple(d.kind for d in CONTENT.designs)
TAN = tuple(d.tan for d in CONTENT.designs)
PRINTED = tuple(d.strength for d in CONTENT.designs)
OWL_PREY = ("mouse", "chipmunk", "squirrel")


class Board(Protocol):
    """What is on and around the map during a round, read-only: a state, its view, or a `Trial`."""

    @property
    def tan(self) -> Sequence[Sequence[Entry]]: ...
    @property
    def gray(self) -> Sequence[Sequence[int]]: ...
    @property
    def scraps(self) -> Sequence[Sequence[int]]: ...
    @property
    def pile(self) -> Sequence[int]: ...
    @property
    def bear(self) -> int: ...


class Table(Protocol):
    """A board the card effects change: the state itself, or a `Trial`."""

    bear: int

    @property
    def tan(self) -> list[list[Entry]]: ...
    @property
    def gray(self) -> list[list[int]]: ...
    @property
    def scraps(self) -> list[list[int]]: ...
    @property
    def pile(self) -> list[int]: ...
    @property
    def discard(self) -> list[int]: ...


@attrs.define
class Trial:
    """A copy of a board to try plays on (the heuristic's); its discard starts empty."""

    tan: list[list[Entry]]
    gray: list[list[int]]
    scraps: list[list[int]]
    pile: list[int]
    bear: int
    discard: list[int] = attrs.Factory(list)

    @classmethod
    def of(cls, board: Board) -> Trial:
        """An independent copy of `board` (entries are immutable tuples)."""
        return cls(
            [list(c) for c in board.tan],
            [list(c) for c in board.gray],
            [list(c) for c in board.scraps],
            list(board.pile),
            board.bear,
        )


def completes(held: Sequence[int], food: int) -> bool:
    """True when the scraps `held` fill every space of the Food card `food` (the card is then turned over): the one
    test for the rules, the heuristic's look-ahead and the position check."""
    return all(held[t] >= n for t, n in enumerate(CONTENT.needs[food]) if n)


def crows(board: Board, camp: int) -> int:
    """Crow tokens at a Camp: each Crow card in play carries its token with it."""
    return sum(1 for _, d, _ in board.tan[camp] if KIND[d] == "crow")


def totals(board: Board, camp: int, players: int) -> list[int]:
    """Each player's total strength at `camp`."""
    result = [0] * players
    for (owner, _, _), strength in zip(board.tan[camp], strengths(board, camp), strict=True):
        result[owner] += strength
    return result


def mice(board: Board, camp: int, players: int) -> list[int]:
    """Each player's number of Mouse cards at `camp`."""
    result = [0] * players
    for owner, d, _ in board.tan[camp]:
        if KIND[d] == "mouse":
            result[owner] += 1
    return result


def strengths(table: Board, camp: int) -> list[int]:
    """The current strength of each tan entry at `camp`, in entry order: printed strength; a Chipmunk counts the
    Chipmunks here and at adjacent Camps; Late Night Campers zero anything of 3 or more (before Cloudbreak);
    Cloudbreak adds 3 to the strongest, ties included."""
    entries = table.tan[camp]
    if not entries:
        return []
    chipmunks = None
    values = []
    for _, d, _ in entries:
        value = PRINTED[d]
        if value is None:  # the Chipmunk, the only tan card without a printed strength
            if chipmunks is None:
                chipmunks = sum(
                    1 for near in CONTENT.neighbours[camp] for _, e, _ in table.tan[near] if KIND[e] == "chipmunk"
                )
            value = chipmunks
        values.append(value)
    gray = table.gray[camp]
    if gray:
        kinds = [KIND[g] for g in gray]
        if "late_night" in kinds:
            values = [0 if v >= 3 else v for v in values]
        if "cloudbreak" in kinds:
            top = max(values)
            values = [v + 3 if v == top else v for v in values]
    return values


def unique_best(values: list[int]) -> int | None:
    """The index of the single highest value above 0, or None on a tie or when all are 0: the winner of a
    Camp by total strength, and the Mouse leader by the count of Mice."""
    top = max(values)
    if top <= 0 or values.count(top) > 1:
        return None
    return values.index(top)


# ---- legal plays ---------------------------------------------------------------------------------


SIMPLE = frozenset(
    ("cloudbreak", "dog", "late_night", "chipmunk", "coyote", "crow", "mouse", "porcupine", "rabbit", "raccoon")
)
"""Kinds whose play has no choice but the Camp."""


def plays(table: Board, seat: int, hand: Sequence[int]) -> list[Action]:
    """Every legal ("play", design, camp, *choices) and ("hop", design, from, to) for `seat`."""
    camps = range(len(CONTENT.camps))
    bear = table.bear
    actions: list[Action] = []
    add = actions.append
    last = -1
    for d in hand:  # hands are kept sorted: equal cards are neighbours
        if d == last:
            continue
        last = d
        kind = KIND[d]
        if kind == "bear":
            actions += [("play", d, where) for where in (*camps, DEN)]
            continue
        blocked = bear if TAN[d] and kind != "porcupine" else -1
        if kind in SIMPLE:
            for c in camps:
                if c != blocked:
                    add(("play", d, c))
        else:
            _choices(actions, table, seat, d, kind, blocked, camps)
    if hand:
        hops = set()  # (from, design): plain loops, as every decision of a playout asks
        for frm in camps:
            for owner, d, hopped in table.tan[frm]:
                if owner == seat and not hopped and KIND[d] == "rabbit":
                    hops.add((frm, d))
        for frm, d in sorted(hops):
            actions += [("hop", d, frm, to) for to in camps if to != frm and to != bear]
    return actions


def _choices(actions: list[Action], table: Board, seat: int, d: int, kind: str, blocked: int, camps: range) -> None:
    """Add the plays of card `d`, of a kind with a choice, at each Camp but `blocked` in turn; the choice is
    declined first where the effect is optional."""
    add = actions.append
    # What does not depend on the Camp played to, worked out once rather than for every Camp in turn.
    if kind == "squirrel":  # the scraps a Squirrel may take from each Camp without a Crow, in Camp order
        sources = [(src, sorted(set(table.scraps[src]))) for src in camps if not crows(table, src)]
    elif kind == "weasel":  # the kinds of scrap left in the pile
        takes = [take for take, left in enumerate(table.pile) if left]
    for c in camps:
        if c == blocked:
            continue
        if kind == "owl":
            prey = sorted({(o, e) for o, e, _ in table.tan[c] if KIND[e] in OWL_PREY})
            if not prey:  # "Discard one Mouse, Chipmunk or Squirrel": only when there is one
                add(("play", d, c))
            for owner, e in prey:
                add(("play", d, c, owner, e))
            continue
        add(("play", d, c))  # the optional effects below may also be declined
        if kind == "squirrel":
            for src, kinds in sources:
                if src != c:
                    for t in kinds:
                        add(("play", d, c, src, t))
        elif kind == "weasel":
            for give in sorted(set(table.scraps[c])):
                for take in takes:
                    if take != give:
                        add(("play", d, c, give, take))
        elif kind == "skunk":
            for owner, e, hopped in sorted(set(table.tan[c])):
                if owner != seat:
                    continue
                for dest in camps:
                    if dest != c and (dest != table.bear or KIND[e] == "porcupine"):
                        add(("play", d, c, e, int(hopped), dest))
        elif kind == "rain":
            for g in sorted(set(table.gray[c])):
                add(("play", d, c, -1, g))
            for (owner, e, hopped), strength in sorted(set(zip(table.tan[c], strengths(table, c), strict=True))):
                if strength <= 2:
                    add(("play", d, c, owner, e, int(hopped)))


# ---- effects -------------------------------------------------------------------------------------


def play(table: Table, seat: int, action: Action) -> None:
    """Put the card of a legal ("play", ...) action into play and use its effect at once."""
    _, d, c, *choice = action
    kind = KIND[d]
    if TAN[d]:
        if kind == "skunk" and choice:
            skunk(table, seat, c, *choice)
        table.tan[c].append((seat, d, False))
        if kind == "owl" and choice:
            owl(table, c, *choice)
        elif kind == "squirrel" and choice:
            squirrel(table, c, *choice)
        elif kind == "weasel" and choice:
            weasel(table, c, *choice)
        return
    if kind == "bear":
        table.bear = c
    elif kind == "dog":
        dog(table, c)
    elif kind == "rain":
        if choice:
            rain(table, c, *choice)
    else:  # Cloudbreak and Late Night Campers stay at the Camp and work as long as they are there
        table.gray[c].append(d)
        return
    table.discard.append(d)


def hop(table: Table, seat: int, action: Action) -> None:
    """Rabbit: instead of playing a card, move one of your Rabbits in play to a different Camp, once."""
    _, d, frm, to = action
    table.tan[frm].remove((seat, d, False))
    table.tan[to].append((seat, d, True))


def dog(table: Table, camp: int) -> None:
    """Discard the Tan Scavenger with the greatest Strength at this Camp (all that tie)."""
    entries = table.tan[camp]
    if not entries:
        return
    values = strengths(table, camp)
    top = max(values)
    table.discard.extend(e[1] for e, s in zip(entries, values, strict=True) if s == top)
    table.tan[camp] = [e for e, s in zip(entries, values, strict=True) if s != top]


def owl(table: Table, camp: int, owner: int, target: int) -> None:
    """Discard one Mouse, Chipmunk or Squirrel of your choice at this Camp (the Squirrel's effect stays)."""
    table.tan[camp].remove((owner, target, False))
    table.discard.append(target)


def squirrel(table: Table, camp: int, source: int, scrap: int) -> None:
    """Unless a Crow is present, take one Food Scrap from another Camp and place it at this Camp."""
    table.scraps[source].remove(scrap)
    table.scraps[camp].append(scrap)
    table.scraps[camp].sort()


def weasel(table: Table, camp: int, give: int, take: int) -> None:
    """Switch one Food Scrap at this Camp with any Food Scrap in the pile."""
    table.scraps[camp].remove(give)
    table.pile[give] += 1
    table.pile[take] -= 1
    table.scraps[camp].append(take)
    table.scraps[camp].sort()


def skunk(table: Table, seat: int, camp: int, target: int, hopped: int, dest: int) -> None:
    """Move one of your Tan Scavengers from this Camp to another of your Camp Signs; no effect re-fires."""
    entry = (seat, target, bool(hopped))
    table.tan[camp].remove(entry)
    table.tan[dest].append(entry)


def rain(table: Table, camp: int, owner: int, target: int, hopped: int = 0) -> None:
    """Remove one Cloudbreak, Late Night Campers, or Tan Scavenger of Strength 2 or less here."""
    if owner < 0:
        table.gray[camp].remove(target)
    else:
        table.tan[camp].remove((owner, target, bool(hopped)))
    table.discard.append(target)
