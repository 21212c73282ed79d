"""A board graph: named spaces, groups of spaces (cabins), typed edges, breadth-first shortest paths.

Every edge costs one step. Its `kind` is a game's word ("path", "trail", "locked", ...); callers say which
moves are allowed with a `passable(a, b, kind)` function, so a lock that is there in one state and gone
in the next needs no change to the board, which is static content shared by every state.

When several shortest paths exist, the caller's `tie_break` key chooses the next step (lowest key
first), so a rules-driven villain moves the same way every time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping

import attrs

Passable = Callable[[str, str, str], bool]
"""passable(from_space, to_space, edge_kind) -> may one step there."""


def _everywhere(a: str, b: str, kind: str) -> bool:
    return True


@attrs.frozen
class Edge:
    """An undirected connection between two spaces, of a kind the game names ("path" unless given)."""

    a: str
    b: str
    kind: str = "path"


class Board:
    """Static board content: build once at load, share between states. Edges are `Edge`s or tuples, `(a, b)` (a
    "path") or `(a, b, kind)`. The searches take `passable(from_space, to_space, edge_kind) -> bool`, asked of each
    step in the direction of travel (every step by default); a search from or to a space not on the board is a
    KeyError naming it (`group_of` gives None)."""

    __slots__ = ("_adjacent", "_group_of", "edges", "groups", "spaces")

    def __init__(
        self,
        spaces: Iterable[str],
        edges: Iterable[Edge | tuple[str, str] | tuple[str, str, str]],
        groups: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        self.spaces: tuple[str, ...] = tuple(spaces)
        """Every space's name, in the order given."""
        known = set(self.spaces)
        if len(known) != len(self.spaces):
            raise ValueError("a space is listed twice")
        self.edges: tuple[Edge, ...] = tuple(e if isinstance(e, Edge) else Edge(*e) for e in edges)
        """Every connection, as `Edge`s (a pair given as a tuple made one)."""
        adjacent: dict[str, list[tuple[str, str]]] = {s: [] for s in self.spaces}
        for edge in self.edges:
            for end in (edge.a, edge.b):
                if end not in known:
                    raise ValueError(f"edge {edge.a}-{edge.b} names unknown space {end!r}")
            if edge.a == edge.b:
                raise ValueError(f"edge {edge.a}-{edge.b} joins a space to itself")
            adjacent[edge.a].append((edge.b, edge.kind))
            adjacent[edge.b].append((edge.a, edge.kind))
        self._adjacent = {s: tuple(n) for s, n in adjacent.items()}
        self.groups: dict[str, tuple[str, ...]] = {g: tuple(m) for g, m in (groups or {}).items()}
        """Named sets of spaces (a region, a camp), each space's group found by `group_of`."""
        self._group_of: dict[str, str] = {}
        for group, members in self.groups.items():
            for space in members:
                if space not in known:
                    raise ValueError(f"group {group!r} names unknown space {space!r}")
                if space in self._group_of:
                    raise ValueError(f"space {space!r} is in two groups")
                self._group_of[space] = group

    def neighbours(self, space: str) -> tuple[tuple[str, str], ...]:
        """(neighbour, edge kind) pairs of a space."""
        try:
            return self._adjacent[space]
        except KeyError:
            raise self._unknown(space) from None

    def _unknown(self, space: object) -> KeyError:
        return KeyError(f"{space!r} is no space of this board")

    def _on_board(self, spaces: Iterable[str]) -> None:
        for space in spaces:
            if space not in self._adjacent:
                raise self._unknown(space)

    def group_of(self, space: str) -> str | None:
        """The group (cabin) a space belongs to, if any."""
        return self._group_of.get(space)

    def distances(self, sources: str | Iterable[str], passable: Passable = _everywhere) -> dict[str, int]:
        """Steps from the nearest source to every reachable space (breadth first)."""
        frontier = deque([sources] if isinstance(sources, str) else sources)
        self._on_board(frontier)
        dist = {s: 0 for s in frontier}
        adjacent = self._adjacent
        while frontier:
            here = frontier.popleft()
            step = dist[here] + 1
            for there, kind in adjacent[here]:
                if there not in dist and passable(here, there, kind):
                    dist[there] = step
                    frontier.append(there)
        return dist

    def nearest(self, start: str, candidates: Iterable[str], passable: Passable = _everywhere) -> tuple[int, list[str]]:
        """(distance, every candidate at that distance) from `start`; (-1, []) if none is reachable."""
        wanted = set(candidates)
        self._on_board(wanted)
        dist = self.distances(start, passable)
        reachable = [(dist[c], c) for c in wanted if c in dist]
        if not reachable:
            return -1, []
        best = min(d for d, _ in reachable)
        return best, sorted(c for d, c in reachable if d == best)

    def shortest_path(
        self,
        start: str,
        goal: str | Iterable[str],
        passable: Passable = _everywhere,
        tie_break: Callable[[str], object] | None = None,
    ) -> list[str] | None:
        """The spaces from `start` to the nearest goal, both included; None if no goal is reachable.

        Among equally short paths, each step goes to the neighbour with the lowest `tie_break` key
        (space name order by default).
        """
        goals = {goal} if isinstance(goal, str) else set(goal)
        self._on_board([start, *goals])
        if start in goals:
            return [start]
        # Distances to the goals, walking edges backwards (edges are undirected, so `passable` is
        # asked in the direction of travel).
        dist = self.distances(goals, lambda a, b, kind: passable(b, a, kind))
        if start not in dist:
            return None
        key = tie_break or (lambda space: space)
        path = [start]
        here = start
        while dist[here] > 0:
            options = [
                there
                for there, kind in self._adjacent[here]
                if dist.get(there, -1) == dist[here] - 1 and passable(here, there, kind)
            ]
            here = min(options, key=lambda s: (key(s), s))
            path.append(here)
        return path
