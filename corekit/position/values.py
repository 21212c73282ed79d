"""Reading a value of a public field, strictly, as its type annotation says."""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from corekit.errors import first_line
from corekit.options import type_hints
from corekit.position.common import PositionError, _game_code


def _structure(raw: Any, kind: Any, where: str) -> Any:
    """`raw` (parsed JSON) as a value of type `kind`, strictly: an int field takes an int, not true or 1.0."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Any or kind is object:
        return raw
    if origin in (typing.Union, types.UnionType):
        others = [option for option in args if option is not type(None)]
        if len(others) == 1:  # an optional value: null, or the one type, whose own complaint names the problem
            return None if raw is None and len(args) > 1 else _structure(raw, others[0], where)
        for option in args:
            try:
                return _structure(raw, option, where)
            except PositionError:
                continue
        raise PositionError(f"{where}: {raw!r} is none of {' | '.join(_type_name(a) for a in args)}")
    if kind is type(None):
        if raw is None:
            return None
        raise PositionError(f"{where}: null is needed, got {raw!r}")
    if kind in (int, bool, str):
        if type(raw) is kind:
            return raw
        raise PositionError(f"{where}: {_type_name(kind)} needed, got {raw!r}")
    if kind is float:
        # An int stays an int (a float is written with its point): a field annotated float may hold one (`score +=
        # 1`), and read back as 1.0 it would be another state, with another digest.
        if type(raw) in (int, float):
            return raw
        raise PositionError(f"{where}: a number needed, got {raw!r}")
    if origin in (list, tuple, frozenset):
        if not isinstance(raw, list):
            raise PositionError(f"{where}: a list needed, got {_shape(raw)}")
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(args) != len(raw):
                raise PositionError(f"{where}: {len(args)} items needed, got {len(raw)}")
            return tuple(_structure(item, arg, f"{where}[{i}]") for i, (item, arg) in enumerate(zip(raw, args)))
        inner = args[0] if args else Any
        items = [_structure(item, inner, f"{where}[{i}]") for i, item in enumerate(raw)]
        return origin(items) if origin is not list else items
    if origin is dict:
        if not isinstance(raw, Mapping):
            raise PositionError(f"{where}: an object needed, got {_shape(raw)}")
        key_kind, value_kind = args or (Any, Any)
        result = {}
        for key, item in raw.items():
            number = _whole_number(key) if key_kind is int else None
            typed_key: Any = key if number is None else number  # not a number: refused below, naming the key
            result[_structure(typed_key, key_kind, f"{where} key")] = _structure(item, value_kind, f"{where}.{key}")
        return result
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(raw)
        except ValueError:
            choices = ", ".join(repr(member.value) for member in kind)
            raise PositionError(f"{where}: {raw!r} is not one of {choices}") from None
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(raw, Mapping):
            raise PositionError(f"{where}: an object needed, got {_shape(raw)}")
        hints = type_hints(kind)
        names = [field.name for field in attrs.fields(kind)]
        extra = sorted(set(raw) - set(names))
        if extra:
            raise PositionError(f"{where}: {extra[0]!r} is not a field of {kind.__name__}")
        given = {n: _structure(raw[n], hints.get(n, Any), f"{where}.{n}") for n in names if n in raw}
        try:
            return kind(**given)
        except Exception as error:  # a missing field, or a validator's (or the game's own) refusal
            raise PositionError(f"{where}: {first_line(error)}") from error
    if isinstance(kind, type) and hasattr(kind, "from_data"):
        given = _Asked(raw) if isinstance(raw, dict) else raw
        try:
            value = kind.from_data(given)
        except KeyError as error:
            if isinstance(given, _Asked) and given.missing:  # a key it read from the object, not a name it looked up
                raise PositionError(f"{where}: not a {kind.__name__} ({given.missing[0]!r} is missing)") from error
            raise PositionError(f"{where}: not a {kind.__name__} ({first_line(error)})") from error
        except Exception as error:  # the game's own code, given what a person typed (a number for an object)
            raise PositionError(f"{where}: not a {kind.__name__} ({first_line(error)})") from error
        _check_keys(raw, value, kind, where)
        return value
    raise PositionError(f"{where}: cannot read a {_type_name(kind)}")


class _Asked(dict[Any, Any]):
    """An object of a position as `from_data` reads it, noting the keys it asked for and did not find: its
    KeyError then says which key is missing, where a bare KeyError ('current') does not say what it means."""

    def __init__(self, raw: Mapping[Any, Any]) -> None:
        super().__init__(raw)
        self.missing: list[Any] = []

    def __missing__(self, key: Any) -> Any:
        self.missing.append(key)
        raise KeyError(key)


def _check_keys(raw: Any, value: Any, kind: type, where: str) -> None:
    """Refuse a key of the object `raw` that the value read from it does not write back (`to_data`): `from_data`
    reads the keys it knows and passes over the rest, so a misspelt one would be read as nothing, without a word."""
    to_data = getattr(value, "to_data", None)
    if not isinstance(raw, Mapping) or to_data is None:
        return
    with _game_code(f"{where}: {kind.__name__}.to_data"):
        written = to_data()
    if not isinstance(written, Mapping):
        return
    extra = sorted(set(raw) - set(written), key=str)
    if extra:
        known = ", ".join(map(repr, written))
        raise PositionError(f"{where}: {extra[0]!r} is not a key of a {kind.__name__} ({known})")


def _shape(raw: Any) -> str:
    if isinstance(raw, list):
        return f"a list of {len(raw)}"
    return type(raw).__name__ if raw is not None else "null"


def _type_name(kind: Any) -> str:
    return getattr(kind, "__name__", None) or str(kind)


def _whole_number(key: Any) -> int | None:
    """An object key that is an integer written in ASCII digits with at most one "-" (JSON's keys are text), else
    None: "²" is a digit and "--5" strips to digits, but neither is a number `int` reads."""
    text = str(key)
    digits = text[1:] if text.startswith("-") else text
    return int(text) if digits.isascii() and digits.isdecimal() else None
