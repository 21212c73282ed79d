"""Where two states of one game first differ, for a check that found their digests unequal: in their full views,
else in what only a digest covers (the order of a zone no view shows in order, a face-up count, the generator)."""

from __future__ import annotations

from typing import Any

import attrs

from corekit.game import State
from corekit.leaks import first_difference
from corekit.state import DeclaredState, Zone
from corekit.state.fields import decl_of


@attrs.frozen
class ZoneCards:
    """A zone as a digest reads it: its cards, bottom first, and how many of the top ones lie face up."""

    cards: tuple[Any, ...]
    face_up: int


def state_difference(a: State, b: State) -> str:
    """Where `a` and `b` first differ, as `leaks.first_difference` writes it ("PATH: A vs B"), looked for first in the
    full views; where those are equal, in a declared state's zones and secret fields as the digest reads them, then in
    its generator."""
    seen = a.observation(None), b.observation(None)
    if seen[0] != seen[1]:
        return first_difference(*seen)
    if isinstance(a, DeclaredState) and type(b) is type(a):
        for field in attrs.fields(type(a)):
            kind = decl_of(field).kind
            if kind not in ("zone", "secret"):
                continue  # a public field shows in the full view, and the rest is no part of the truth
            x, y = (_as_digested(getattr(state, field.name), kind) for state in (a, b))
            if x != y:
                return first_difference(x, y, field.name)
        if a.rng.state != b.rng.state:
            return f"the generator's state: {a.rng.state} vs {b.rng.state}"
    return "in a part of the truth that only the digest covers (the full views are equal)"


def _as_digested(value: Any, kind: str) -> Any:
    if kind == "secret":
        return value.visible_to(None)
    if isinstance(value, Zone):
        return ZoneCards(tuple(value), value.up)
    return [ZoneCards(tuple(zone), zone.up) for zone in value]  # a zone per seat
