"""Small pieces of English for messages people read."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`1 seed`, `2 seeds`: a count with its noun in the right number (`plural` when it is not noun + s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"
