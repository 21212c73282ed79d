"""Cards and zones for a game that writes its own `State` instead of declaring it (`corekit.state`): piles
with a top, drawing, reshuffling a discard, and redealing unseen cards. Every built-in game declares its state;
these serve the contract's tests and a third-party game kept on the hand-written contract.

A card is any hashable value (an int index into the game's static card table is fastest). A pile is an
ordered list whose end is the top. A state declares its zones through `State.zones()` so the conformance
checks can prove that no card is ever created or lost.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, MutableSequence, Sequence
from typing import Any, TypeVar

from corekit.rng import Rng

Card = TypeVar("Card", bound=Hashable)


class EmptyPile(IndexError):
    """Drawing from a pile with no cards."""


class Pile:
    """An ordered stack of cards, face up or face down as a whole; the end of `cards` is the top."""

    __slots__ = ("cards", "face_up")

    def __init__(self, cards: Iterable[Any] = (), face_up: bool = False) -> None:
        self.cards: list[Any] = list(cards)
        self.face_up = face_up

    @classmethod
    def from_counts(cls, counts: Iterable[tuple[Any, int]], face_up: bool = False) -> Pile:
        """A pile holding `n` copies of each `(card, n)`, in the order given (shuffle it after)."""
        return cls([card for card, n in counts for _ in range(n)], face_up)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Pile({self.cards!r}, face_up={self.face_up})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and other.cards == self.cards and other.face_up == self.face_up

    @property
    def top(self) -> Any:
        """The top card, without drawing it."""
        if not self.cards:
            raise EmptyPile("the pile is empty")
        return self.cards[-1]

    def draw(self) -> Any:
        """Take the top card."""
        if not self.cards:
            raise EmptyPile("the pile is empty")
        return self.cards.pop()

    def draw_many(self, n: int) -> list[Any]:
        """Take up to `n` cards from the top, the first drawn first in the list."""
        taken = self.cards[-n:] if n > 0 else []
        del self.cards[len(self.cards) - len(taken) :]
        taken.reverse()
        return taken

    def put(self, card: Any) -> None:
        """Lay a card on top."""
        self.cards.append(card)

    def put_bottom(self, card: Any) -> None:
        """Slide a card under the pile."""
        self.cards.insert(0, card)

    def remove(self, card: Any) -> None:
        """Take out one copy of a given card, wherever it is."""
        self.cards.remove(card)

    def take_all(self) -> list[Any]:
        """Empty the pile and return its cards, bottom first."""
        cards, self.cards = self.cards, []
        return cards

    def shuffle(self, rng: Rng) -> None:
        """Shuffle in place with the state's generator."""
        rng.shuffle(self.cards)

    def clone(self) -> Pile:
        """An independent copy (the cards themselves are immutable and shared)."""
        pile = Pile.__new__(Pile)
        pile.cards = self.cards[:]
        pile.face_up = self.face_up
        return pile


def reshuffle(deck: MutableSequence[Any], discard: MutableSequence[Any], rng: Rng) -> None:
    """Move every card of `discard` into `deck` and shuffle the deck; the discard is left empty."""
    deck.extend(discard)
    del discard[:]
    rng.shuffle(deck)


def draw_or_reshuffle(deck: list[Any], discard: list[Any], rng: Rng) -> Any | None:
    """Draw the top card; an empty deck is first refilled from the shuffled discard; None if both empty."""
    if not deck:
        if not discard:
            return None
        reshuffle(deck, discard, rng)
    return deck.pop()


def redeal_unseen(rng: Rng, zones: Sequence[MutableSequence[Any]], key: Callable[[Any], Any] | None = None) -> None:
    """Redistribute the cards of `zones` at random, each zone keeping its size.

    For `State.sample`: pass every zone whose contents the seat cannot see (other hands, the deck, face-down
    cards). The cards are pooled in sorted order before shuffling so that the result depends only on which
    cards are unseen, never on where they truly were.
    """
    pool = sorted((card for zone in zones for card in zone), key=key)
    rng.shuffle(pool)
    start = 0
    for zone in zones:
        size = len(zone)
        zone[:] = pool[start : start + size]
        start += size
