"""The search for a crediting of the shown cards to the lots that could have given them (`_Crediting`), which
`Deal` runs when prepared."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from corekit.rng import Rng

Choice = tuple[int, Any]


class _Crediting:
    """The search for a lot for each ambiguous shown card (and a card and lot for each face-down one)
    such that every lot can supply them and no stream is credited more cards of a lot than it had received.

    Depth-first, without recursion (a long game has hundreds of choices), always deciding next the choice
    with the fewest options left, and after each decision updating the options of the choices it touches
    (the same stream's, and those of the same card). Taken in time order instead, a choice that uses a lot's
    last copy of a card another stream showed much later fails only there, and the search retries every
    choice in between: seconds, not milliseconds, in a long six-player game.
    """

    def __init__(
        self,
        choices: Sequence[tuple[int, Any, tuple[int, ...]]],
        ends: Sequence[tuple[int, ...]],
        weights: Sequence[Mapping[Any, int] | None],
        left: Sequence[Counter[Any]],
        fixed: Mapping[int, Choice],
    ) -> None:
        self.choices = choices
        self.fixed = fixed
        self.ends = ends
        self.left = left
        self.gave_up = False
        self.kinds: list[tuple[Hashable, ...]] = [
            (card,)
            if card is not None
            else tuple(sorted(kind for kind, weight in (weights[stream] or {}).items() if weight > 0))
            for stream, card, _ in choices
        ]
        self.stream_of = [stream for stream, _, _ in choices]
        self.rooms = [room for _, _, room in choices]
        self.in_stream: dict[int, list[int]] = {}
        for at, (stream, _, _) in enumerate(choices):
            self.in_stream.setdefault(stream, []).append(at)
        by_kind: dict[Any, set[int]] = {}
        for at, kinds in enumerate(self.kinds):
            for kind in kinds:
                by_kind.setdefault(kind, set()).add(at)
        self.touches = [
            sorted(set(self.in_stream[stream]).union(*(by_kind[kind] for kind in self.kinds[at])) - {at})
            for at, (stream, _, _) in enumerate(choices)
        ]

    def solve(self, rng: Rng, budget: int) -> list[Choice] | None:
        """One way to credit every choice, drawn at random; None if there is none, or none was found
        within `budget` decisions."""
        self.gave_up = False
        count = len(self.choices)
        assigned: list[Choice | None] = [None] * count
        lot_of = [-1] * count  # the lot of each credited choice, for the room checks
        left = [Counter(counts) for counts in self.left]
        open_choices = set(range(count))
        for at, (lot, kind) in self.fixed.items():
            assigned[at] = (lot, kind)
            lot_of[at] = lot
            left[lot][kind] -= 1
            open_choices.discard(at)
        if any(counts[kind] < 0 for counts in left for kind in counts) or not all(
            self._rooms_hold(stream, lot_of) for stream in self.in_stream
        ):
            return None
        options = [self._options(at, lot_of, left) if at in open_choices else [] for at in range(count)]
        if not all(options[at] for at in open_choices):
            return None
        frames: list[tuple[int, list[Choice]]] = []
        if open_choices:
            at = min(open_choices, key=lambda k: (len(options[k]), k))
            frames.append((at, self._order(options[at], rng)))
        while frames:
            at, untried = frames[-1]
            done = assigned[at]
            if done is not None:  # back here after a dead end below: undo this choice
                lot, kind = done
                assigned[at] = None
                lot_of[at] = -1
                left[lot][kind] += 1
                open_choices.add(at)
                self._update(at, lot, kind, lot_of, left, options, open_choices)
            if not untried:
                frames.pop()
                continue
            budget -= 1
            if budget < 0:
                self.gave_up = True
                return None
            lot, kind = untried.pop()
            assigned[at] = (lot, kind)
            lot_of[at] = lot
            left[lot][kind] -= 1
            open_choices.discard(at)
            if not self._update(at, lot, kind, lot_of, left, options, open_choices):
                continue
            if not open_choices:
                return [choice for choice in assigned if choice is not None]
            at = min(open_choices, key=lambda k: (len(options[k]), k))
            frames.append((at, self._order(options[at], rng)))
        return [choice for choice in assigned if choice is not None] if not open_choices else None

    def _update(
        self,
        at: int,
        lot: int,
        kind: Any,
        lot_of: list[int],
        left: list[Counter[Any]],
        options: list[list[Choice]],
        open_choices: set[int],
    ) -> bool:
        """Recompute the options in `lot` of the open choices that choice `at` (just credited to `lot` with
        `kind`, or taken back from it) touches: no other lot's copies or room changed. Another stream's
        choice changes only if `kind`'s copies in `lot` ran out or came back. False if one has none left."""
        stream_of = self.stream_of
        stream = stream_of[at]
        copies = left[lot][kind]
        fits = True
        for other in self.touches[at]:
            if other not in open_choices:
                continue
            if stream_of[other] != stream:
                if copies > 1 or kind not in self.kinds[other]:
                    continue  # its room is unchanged, and the lot still has (or still lacks) the card
                if copies == 0:
                    options[other] = [option for option in options[other] if option != (lot, kind)]
                elif (
                    (lot, kind) not in options[other] and self.rooms[other][lot] and self._room_left(other, lot, lot_of)
                ):
                    options[other].append((lot, kind))
            else:
                options[other] = [option for option in options[other] if option[0] != lot]
                options[other].extend(self._options_in(other, lot, lot_of, left))
            fits = fits and bool(options[other])
        return fits

    def _options(self, at: int, lot_of: list[int], left: list[Counter[Any]]) -> list[Choice]:
        """The (lot, card) pairs choice `at` may take now."""
        return [option for lot in range(len(left)) for option in self._options_in(at, lot, lot_of, left)]

    def _options_in(self, at: int, lot: int, lot_of: list[int], left: list[Counter[Any]]) -> list[Choice]:
        """The (lot, card) pairs choice `at` may take now in `lot`."""
        if not self.rooms[at][lot] or not self._room_left(at, lot, lot_of):
            return []
        return [(lot, kind) for kind in self.kinds[at] if left[lot][kind] > 0]

    def _rooms_hold(self, stream: int, lot_of: list[int]) -> bool:
        """Whether the choices of `stream` credited so far keep it within what it had received from each
        lot, at each of them and at the end."""
        credited = [0] * len(self.ends[stream])
        for other in self.in_stream[stream]:
            lot = lot_of[other]
            if lot >= 0:
                credited[lot] += 1
                if credited[lot] > self.rooms[other][lot]:
                    return False
        return all(n <= end for n, end in zip(credited, self.ends[stream], strict=True))

    def _room_left(self, at: int, lot: int, lot_of: list[int]) -> bool:
        """Whether crediting choice `at` to `lot` keeps its stream within what it had received from that lot
        at each of its cards credited there, and at the end."""
        stream = self.stream_of[at]
        rooms = self.rooms
        credited = 0
        for other in self.in_stream[stream]:
            if other == at or lot_of[other] == lot:
                credited += 1
                if credited > rooms[other][lot]:
                    return False
        return credited <= self.ends[stream][lot]

    @staticmethod
    def _order(options: list[Choice], rng: Rng) -> list[Choice]:
        """The options in a random order to try them, the first last."""
        order = options[:]
        if len(order) > 1:
            rng.shuffle(order)
        return order
