"""`unrecorded_change`: a hidden zone changed by hand, not through the zone methods that keep the record."""

from __future__ import annotations

from collections import Counter
from typing import Any

from corekit.provenance import SHOWN
from corekit.state import DeclaredState, Seen


def unrecorded_change(state: DeclaredState) -> tuple[str, str] | None:
    """The first hidden zone whose face-down cards are not those the record says it holds, as (its name, what
    differs), or None: a zone changed with the list's own operations (`hand.remove(card)`) instead of the state's
    zone methods, which keep the record (docs/writing-a-game.md, section 4). Twins and samples are dealt from the
    record, so such a change shows later as a sample or a twin that does not match the seat's view, far from its
    cause.

    What the methods keep, whatever the game: a hand or a face-down column (one stream, with its parked slots) holds
    face down exactly the cards it received less those it showed (`Record.truth` less the shown events); the decks
    of a lot hold face down exactly what it has not dealt (the lot, less the cards turned up from it and those its
    streams received); and a zone's face-up count is within its size. For a check only: it counts every card the
    record names, at every call."""
    record = state.record
    if record is None:
        return None
    held: dict[int, Counter[Any]] = {}  # stream -> the face-down cards of its zones
    stream_names: dict[int, str] = {}
    in_decks: dict[int | None, Counter[Any]] = {}  # lot (None: none) -> the face-down cards of the decks it is left in
    deck_names: dict[int | None, str] = {}
    for info in state.layout().zones:
        if info.seen is Seen.EVERYONE:
            continue  # a zone everyone sees may be changed directly: nothing hidden is involved
        zone = state.zone(info.no)
        name = info.path
        if not 0 <= zone.up <= len(zone):
            return name, f"it counts {zone.up} face-up cards of {len(zone)}"
        down = zone[: len(zone) - zone.up]
        if info.deck:
            lot = record.remainder.get(info.no)
            in_decks.setdefault(lot, Counter()).update(down)
            deck_names.setdefault(lot, name)
        else:
            held.setdefault(info.stream, Counter()).update(down)
            stream_names.setdefault(info.stream, name)
    for stream, cards in held.items():
        kept = Counter(record.truth.get(stream, ()))
        kept.subtract(card for lot, card in record.events.get(stream, ()) if lot == SHOWN)
        differs = _cards_differ(cards, kept)
        if differs is not None:
            return stream_names[stream], differs
    for lot, left in record.undealt(record.events).items():
        differs = _cards_differ(in_decks.pop(lot, Counter()), left)
        if differs is not None:
            return deck_names.get(lot, "a deck"), differs
    for lot, cards in in_decks.items():  # face-down cards in a deck no open lot accounts for
        differs = _cards_differ(cards, Counter())
        if differs is not None:
            return deck_names[lot], differs
    return None


def _cards_differ(held: Counter[Any], recorded: Counter[Any]) -> str | None:
    """How the face-down cards a zone holds differ from those the record says, in a few words; None if alike."""
    if held == recorded:
        return None
    size, expected = held.total(), recorded.total()
    extra, missing = held - recorded, recorded - held
    if size != expected or not extra or not missing:
        return f"it holds {size} face-down cards where the record has {expected}"
    return f"it holds {next(iter(extra))!r} face down where the record has {next(iter(missing))!r}"
