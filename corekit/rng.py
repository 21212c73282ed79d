"""A deterministic generator whose whole state is one integer.

SplitMix64 (Steele, Lea and Flood 2014): each draw adds a fixed odd constant to the state and mixes it.
Pure integer arithmetic masked to 64 bits, so the sequence is the same on every Python version and
machine, forever; cloning is copying one int. The `random` module is never used for chance, because its
algorithms and seeding may change between Python versions and a replay must re-simulate in five years.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_BIG_ENDIAN = sys.byteorder == "big"
_LANES_MAX = 512 if array("Q").itemsize == 8 else -1
"""The longest list `shuffle` mixes as lanes of one integer (a platform whose "Q" is not 8 bytes: none). The
packings are kept by length, about 48 bytes a card: every length up to 512 takes about 6.5 MB."""
_PACKINGS: dict[int, tuple[int, int, int]] = {}


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *keys: int | str) -> int:
    """A seed for a sub-stream (a match of a tournament, a determinization) from a seed and keys.

    Strings are folded in by their UTF-8 bytes, never by `hash()`, which is salted per process.
    """
    # One mixing step per byte of a string key: a match derives one for each seat, so the steps are written out
    # here (2 us a seed) rather than called (5 us).
    z = _mix((seed + _GOLDEN) & _MASK)
    for key in keys:
        if isinstance(key, str):
            for byte in key.encode("utf-8", "surrogatepass"):  # a lone surrogate too (an undecodable argv byte)
                z = ((z ^ byte) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
            z = _mix((z + 0xFF) & _MASK)
        else:
            z = _mix(((z ^ (key & _MASK)) + _GOLDEN) & _MASK)
    return z


def _weights_problem(weights: Sequence[int]) -> str:
    """Why `Rng.weighted` cannot draw from `weights`."""
    if not weights:
        return "weighted() needs at least one weight"
    for index, weight in enumerate(weights):
        if weight < 0:
            return f"weighted() needs weights of at least 0, got {weight} at index {index}"
    return f"weighted() needs a weight above 0, got {list(weights)[:8]}{' ...' if len(weights) > 8 else ''}"


def _packing(count: int) -> tuple[int, int, int]:
    """For `count` lanes of 128 bits: 1 in every lane, (k + 1) * GOLDEN in lane k, and 64 ones in every lane."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(count))
    return ones, steps, ones * _MASK


class Rng:
    """SplitMix64 generator; `state` is the whole state, so `Rng(r.state)` is an exact copy."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def clone(self) -> Rng:
        """An independent generator at the same point of the sequence."""
        return Rng(self.state)

    def next64(self) -> int:
        """The next raw 64-bit value."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by Lemire's multiply-shift with rejection (no modulo bias); `n` from 1 to
        2**64 (one draw's 64 bits), else ValueError.

        The rejection threshold (a slow big-integer modulo) is only computed in the rare case the low
        word is below `n`, as in Lemire's "Fast Random Integer Generation in an Interval" (2019).
        """
        if not 0 < n <= 0x10000000000000000:  # above 2**64 every draw would be rejected, for ever
            raise ValueError(
                f"below() needs a positive bound, got {n}"
                if n <= 0
                else f"below() takes a bound of at most 2**64, got {n}"
            )
        # SplitMix64 inlined with literal constants (a global lookup each costs as much as an operation).
        s = self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        product = (s ^ (s >> 31)) * n
        if (product & 0xFFFFFFFFFFFFFFFF) >= n:
            return product >> 64
        return self._below_rare(n, product)

    def _below_rare(self, n: int, product: int) -> int:
        """`below` when the low word is below `n`: reject while it is below the threshold, drawing again."""
        threshold = ((1 << 64) - n) % n
        while (product & _MASK) < threshold:
            s = self.state = (self.state + _GOLDEN) & _MASK
            s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
            product = (s ^ (s >> 31)) * n
        return product >> 64

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included (at most 2**64 values, as `below`)."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        """One roll of a die with `sides` faces, numbered from 1."""
        return 1 + self.below(sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """`count` rolls of a die with `sides` faces."""
        return [1 + self.below(sides) for _ in range(count)]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to its (non-negative integer) weight; ValueError for a
        negative weight (it would shift the chances of the weights after it) or a total of 0."""
        total = sum(weights)
        if total <= 0 or min(weights) < 0:
            raise ValueError(_weights_problem(weights))
        pick = self.below(total)
        for index, weight in enumerate(weights):
            if pick < weight:
                return index
            pick -= weight
        raise AssertionError("the pick is below the total weight")

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        last = len(items) - 1
        if last < 4 or last > _LANES_MAX:
            self._shuffle_from(items, last)
            return
        # The draws of a shuffle are SplitMix64 of the states state + k * GOLDEN (k = 1 .. last): mixed all at once
        # as the 128-bit lanes of one big integer (each lane's product fits in its lane; a shift's bits from the
        # lane above are masked off), six big-integer operations instead of twelve per card, then taken out as
        # 64-bit words. The same draws, the same order, the same final state: only each card's multiply-shift
        # (Lemire's `below`, bounded by i + 1) is left per card.
        packing = _PACKINGS.get(last)
        if packing is None:
            packing = _PACKINGS[last] = _packing(last)
        ones, steps, lanes = packing
        state = self.state
        s = (state * ones + steps) & lanes
        s = ((s ^ ((s >> 30) & lanes)) * 0xBF58476D1CE4E5B9) & lanes
        s = ((s ^ ((s >> 27) & lanes)) * 0x94D049BB133111EB) & lanes
        s ^= (s >> 31) & lanes
        words = array("Q", s.to_bytes(16 * last, "little"))
        if _BIG_ENDIAN:
            words.byteswap()
        i = last
        for x in words[::2]:  # the low word of each lane: the draw for card i, i from the last down
            n = i + 1
            product = x * n
            if (product & 0xFFFFFFFFFFFFFFFF) < n:  # `below`'s rare case draws again: the later lanes are off by it
                self.state = (state + _GOLDEN * (last - i + 1)) & _MASK
                j = self._below_rare(n, product)
                items[i], items[j] = items[j], items[i]
                self._shuffle_from(items, i - 1)
                return
            j = product >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (state + _GOLDEN * last) & _MASK

    def _shuffle_from(self, items: MutableSequence[T], top: int) -> None:
        """Fisher-Yates from index `top` down, one draw at a time (short lists, and after a rare rejection)."""
        # `below` inlined: the same draws, without a method call per card.
        state = self.state
        for i in range(top, 0, -1):
            n = i + 1
            s = state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            product = (s ^ (s >> 31)) * n
            if (product & 0xFFFFFFFFFFFFFFFF) < n:
                self.state = state
                j = self._below_rare(n, product)
                state = self.state
            else:
                j = product >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> Rng:
        """A new generator seeded from this one (used to reseed a determinization's chance)."""
        return Rng(_mix(self.next64() ^ 0x5DEECE66D))
