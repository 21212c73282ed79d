"""Writing a position: `to_position` and `dumps`, every value as plain data."""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs

from corekit.game import Game, State
from corekit.options import NoOptions
from corekit.position.common import FORMAT, PositionError, _declared
from corekit.simultaneous import HIDDEN, Commitments
from corekit.state import DeclaredState
from corekit.state.fields import decl_of


def to_position(state: State[Any], seat: int | None = None) -> dict[str, Any]:
    """`state` as a position document; with `seat`, as that seat sees it. Any game's state is taken (a registry's
    games are typed as `Game`), and PositionError names one that is not declared (`corekit.state`)."""
    if not isinstance(state, DeclaredState):
        raise PositionError(
            f"{type(state).__name__} is not a declared state (corekit.state): only a declared state is written as a "
            "position"
        )
    game = state.game
    fields: dict[str, Any] = {}
    face_up: dict[str, int] = {}
    for field in _declared(type(state)):
        decl = decl_of(field)
        value = getattr(state, field.name)
        if decl.kind == "zone":
            zones = value if decl.per_seat else [value]
            written: list[Any] = []
            for zone in zones:
                info = state.layout().zones[zone.no]
                if seat is not None and not info.visible_to(seat):
                    written.append({"unseen": len(zone) - zone.up, "face_up": _names(game, zone.face_up_cards())})
                    continue
                # A seat's position shows an unordered zone sorted: its order tells nothing.
                written.append(_names(game, zone if seat is None else info.comparable(zone)))
                if zone.up:
                    face_up[info.name] = zone.up
            fields[field.name] = written if decl.per_seat else written[0]
        elif decl.kind == "secret":
            fields[field.name] = _commitments_data(game, value, seat)
        elif seat is not None and type(value) is dict:  # as the view shows it: the order it was filled in may tell
            fields[field.name] = {str(key): _unstructure(value[key]) for key in sorted(value, key=_dict_order)}
        else:
            fields[field.name] = _unstructure(value)
    return {
        "campfire_position": FORMAT,
        "game": game.id,
        "version": str(game.version),
        "players": state.players,
        "options": _options_data(state.options),
        "rng": state.rng.state if seat is None else None,
        "seat": seat,
        "fields": fields,
        "face_up": face_up,
    }


def dumps(state: State[Any], seat: int | None = None) -> str:
    """`to_position` as JSON text, one field a line."""
    document = to_position(state, seat)
    fields = document.pop("fields")
    head = json.dumps(document)[:-1]
    body = ",\n".join(f"    {json.dumps(name)}: {json.dumps(value)}" for name, value in fields.items())
    return f'{head}, "fields": {{\n{body}\n}}}}\n'


def _names(game: Game, cards: Any) -> list[Any]:
    return [game.card_name(card) for card in cards]


def _options_data(options: Any) -> dict[str, Any]:
    if options is None or isinstance(options, NoOptions) or not attrs.has(type(options)):
        return {}
    return {field.name: _unstructure(getattr(options, field.name)) for field in attrs.fields(type(options))}


def _commitments_data(game: Game, commitments: Commitments, seat: int | None) -> dict[str, Any]:
    chosen = {str(s): (game.encode_action(a) if a != HIDDEN else HIDDEN) for s, a in commitments.visible_to(seat)}
    return {"seats": list(commitments.seats), "chosen": _unstructure(chosen)}


def _dict_order(key: Any) -> tuple[str, Any]:
    """A public dict's keys in the order a seat's file writes them: as the view sorts them (keys of one type), by
    type first where they are mixed."""
    return (type(key).__name__, key)


def _data_order(data: Any) -> tuple[Any, ...]:
    """A set's items in the order a file writes them: their natural order where they compare (numbers, bools among
    them as 0 and 1, names, tuples of them), and an order by kind wherever they would not (("amber", 2) beside
    ("amber", None)); a NaN after every number, so that the order is total."""
    if data is None:
        return (0,)
    if isinstance(data, bool | int | float):
        return (1, 0, data) if data == data else (1, 1)
    if isinstance(data, str):
        return (2, data)
    if isinstance(data, list | tuple):  # a tuple: an enum's value, written as it is
        return (3, tuple(_data_order(item) for item in data))
    if isinstance(data, dict):
        return (4, tuple((key, _data_order(item)) for key, item in sorted(data.items())))
    return (5, type(data).__name__, repr(data))


def _unstructure(value: Any) -> Any:
    to_data = getattr(value, "to_data", None)
    if to_data is not None:  # first: a dict or list subclass may write itself otherwise (names for ids)
        return _unstructure(to_data())
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, tuple | list):
        return [_unstructure(item) for item in value]
    if isinstance(value, frozenset):
        return sorted((_unstructure(item) for item in value), key=_data_order)
    if isinstance(value, dict):
        return {str(key): _unstructure(item) for key, item in value.items()}
    if attrs.has(type(value)):
        return {field.name: _unstructure(getattr(value, field.name)) for field in attrs.fields(type(value))}
    raise TypeError(f"cannot write a {type(value).__name__} into a position")
