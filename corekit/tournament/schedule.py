"""The fair schedule: which player spec sits in which seat in each match, and each match's seed.

Matches come in deals. A deal is one seed, `derive_seed(tournament seed, "deal", d)`, played once for each line-up
of a group of line-ups in which every spec sits in every seat equally often (the duplicate format: the same cards
and dice are dealt again with the seats rotated, so luck cancels out). The group is every permutation of the specs
when there are few, otherwise their rotations. Rotations keep who sits after whom, a systematic edge in a game
played round the table, so each deal rotates its own order of the specs, drawn from its seed (`deal_order`; results
files since `SEATING` 2, and with more seats than specs since `SEATING` 3). Match `m` is line-up `m % L` of deal
`m // L`, so the plan of a match depends only on its index: the same seed gives the same matches whatever the number of
workers, and a resumed tournament replays exactly the matches still missing.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Collection, Iterable, Sequence

import attrs

from corekit.rng import Rng, derive_seed

MAX_PERMUTATIONS = 24
"""Above this many seatings (5 specs in 5 seats gives 120), deals use rotations only."""
SEATING = 3
"""How a results file's deals seat the specs (its header's `seating`): 3, rotations of an order each deal draws
wherever `rotates_order` says; 2, the same but for more seats than specs, whose rotations keep the order given; 1 (a
file without the field), rotations of the specs in the order given."""


@attrs.frozen
class Planned:
    """One scheduled match: its index, its deal and seed, and which spec (by position) sits in each seat."""

    index: int
    deal: int
    seed: int
    lineup: tuple[int, ...]


def lineups(specs: int, seats: int) -> list[tuple[int, ...]]:
    """The seatings of one deal: each spec position appears in each seat equally often.

    Ordered by rotation classes, so every block of `seats` consecutive line-ups (for K <= N) or of `specs`
    (for K > N) is balanced on its own: a tournament cut short of a whole deal is still nearly fair.
    """
    if specs < 1 or seats < 1:
        raise ValueError("a tournament needs at least one player spec and one seat")
    if seats > specs or rotates_order(specs, seats):
        # The N rotations of the specs around the table: spec (r + s) % N at seat s, for each r (with no more seats
        # than specs, spec i at seat s exactly once, when r = i - s).
        return [tuple((r + s) % specs for s in range(seats)) for r in range(specs)]
    ordered: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for perm in itertools.permutations(range(specs), seats):
        if perm in seen:
            continue
        for shift in range(seats):
            rotated = perm[shift:] + perm[:shift]
            seen.add(rotated)
            ordered.append(rotated)
    return ordered


def rotates_order(specs: int, seats: int, seating: int = SEATING) -> bool:
    """Whether `lineups` gives the rotations of the specs around the table, whose order of who sits after whom a
    deal then draws (`deal_order`): more seatings than `MAX_PERMUTATIONS` with no more seats than specs, or more
    seats than specs and at least three specs, whose rotations in one order would seat spec 1 after spec 0 and
    never spec 0 after spec 1 but across the table's wrap (two specs alternate either way). `seating` is the
    results file's (`SEATING`): 2 drew no order for more seats than specs, 1 none at all."""
    if seating < 2:
        return False
    if seats > specs:
        return seating >= 3 and specs >= 3
    count = 1
    for k in range(seats):
        count *= specs - k
    return count > MAX_PERMUTATIONS


def deal_order(seed: int, deal: int, specs: int) -> tuple[int, ...]:
    """The order of the specs round the table that deal `deal` rotates: a permutation drawn from the tournament
    seed and the deal alone, as the deal's own seed is."""
    order = list(range(specs))
    Rng(derive_seed(seed, "seating", deal)).shuffle(order)
    return tuple(order)


def plan(
    seed: int, specs: int, seats: int, games: int, group: Sequence[tuple[int, ...]] = (), ordered: bool = False
) -> list[Planned]:
    """Every match of a tournament of `games` matches, in index order (see `Pending` for a long one); `group` is
    the seatings of a deal when they are not every seating of the specs (`lineups`); `ordered` rotates each deal's
    own order of the specs (`deal_order`)."""
    group = group or lineups(specs, seats)
    return [plan_one(seed, group, index, ordered) for index in range(games)]


class Pending:
    """The matches of a tournament still to play, in index order, each planned only when it is taken: a tournament
    of ten million matches holds none of them in memory before they start.

    `done` holds the indices to skip (already in the results file); matches taken and given back (their worker
    died) come out first again. `group` is the seatings of a deal and `ordered` whether a deal draws its order of
    the specs, as for `plan`.
    """

    def __init__(
        self,
        seed: int,
        specs: int,
        seats: int,
        games: int,
        done: Collection[int] = (),
        group: Sequence[tuple[int, ...]] = (),
        ordered: bool = False,
    ) -> None:
        self._group = group or lineups(specs, seats)
        self._ordered = ordered
        self._seed = seed
        done = done if isinstance(done, set | frozenset) else frozenset(done)  # a list made a resume quadratic
        self._indices = (index for index in range(games) if index not in done)
        self._left = games - sum(1 for index in done if 0 <= index < games)
        self._back: deque[Planned] = deque()

    def __len__(self) -> int:
        return self._left + len(self._back)

    def take(self, count: int) -> list[Planned]:
        """Up to `count` matches, in order."""
        taken: list[Planned] = []
        while len(taken) < count and self._back:
            taken.append(self._back.popleft())
        for index in itertools.islice(self._indices, count - len(taken)):
            taken.append(plan_one(self._seed, self._group, index, self._ordered))
            self._left -= 1
        return taken

    def give_back(self, matches: Iterable[Planned]) -> None:
        """Put matches taken but not played in front again, in the order given."""
        self._back.extendleft(reversed(list(matches)))


def plan_one(seed: int, group: Sequence[tuple[int, ...]], index: int, ordered: bool = False) -> Planned:
    """Match `index`: line-up `index % L` of deal `index // L`, seeded by the deal; with `ordered`, its specs are
    those of the deal's order (`deal_order`) at the line-up's places, so each spec still sits in each seat once a
    deal."""
    deal, position = divmod(index, len(group))
    lineup = group[position]
    if ordered:  # the group is the rotations (`rotates_order`): one line-up per spec
        order = deal_order(seed, deal, len(group))
        lineup = tuple(order[at] for at in lineup)
    return Planned(index, deal, derive_seed(seed, "deal", deal), lineup)


def default_games(specs: int, seats: int, deals: int = 10, group: Sequence[tuple[int, ...]] = ()) -> int:
    """Ten whole deals: enough for a first look, and every spec in every seat equally often."""
    return deals * len(group or lineups(specs, seats))
