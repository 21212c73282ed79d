"""What the core's pieces (turn order, phases, reaction windows) check when a position file gives them their
data: a `from_data` takes parsed JSON, which may say anything a person typed, and a value out of range must be
refused there, naming it, rather than fail later inside a game's rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def whole(data: Mapping[str, Any], key: str, low: int, high: int | None = None) -> int:
    """`data[key]` as a whole number from `low` to `high` (no upper end when None); ValueError naming the key
    otherwise (KeyError when it is missing, as from any `from_data`)."""
    value = data[key]
    if type(value) is not int:
        raise ValueError(f"{key} must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"{key} must be {span}, not {value}")
    return value


def seats(data: Mapping[str, Any], key: str) -> list[int]:
    """`data[key]` as a non-empty list of seat numbers (whole numbers from 0)."""
    value = data[key]
    if not isinstance(value, list) or not value or any(type(seat) is not int or seat < 0 for seat in value):
        raise ValueError(f"{key} must be a non-empty list of seats, not {value!r}")
    return value
