"""Typed options from `key=value` strings: one parser for game options (`-o`) and player specs.

An options class is an `attrs.frozen` class whose fields all have defaults. A field's type (int, float,
bool, str, or an Enum) says how its text is read; an `attrs.validators.in_` validator or an Enum lists
the allowed choices; `metadata={"help": ...}` documents it for `campfire games`.
"""

from __future__ import annotations

import enum
import functools
import math
import typing
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from corekit.codes import INT_MAX, INT_MIN
from corekit.errors import first_line


class OptionError(ValueError):
    """A bad option: unknown name, unreadable value or a value out of range. The message is one line."""


@attrs.frozen
class NoOptions:
    """For a game or player that takes no options."""


@functools.lru_cache(maxsize=512)
def type_hints(cls: type) -> dict[str, Any]:
    """`typing.get_type_hints(cls)`, once per class: it evaluates every annotation (about half a millisecond for a
    game's state class), and options and positions are read in every replay and every checked match. Read only: the
    dict is shared."""
    return typing.get_type_hints(cls)


def options_problem(cls: type) -> str | None:
    """What makes `cls` unfit to be a game's or a player type's options class, in words, or None: it must be an
    attrs class whose every field has a default that its own validators take (`campfire games` lists those defaults,
    and every match made without `-o` builds them, so a missing or refused one would be reported as the user's
    `-o`); every field must be annotated with a type this module reads from text and a replay header stores (int,
    float, bool, str or an Enum), its default of that type; and the class must be frozen. Each of these faults
    otherwise surfaces only in a match, or after one (a list option fails as the replay is written), blamed on the
    user's `-o`."""
    if not isinstance(cls, type):
        return f"its options class is {cls!r}, not a class (write one with @attrs.frozen)"
    if not attrs.has(cls):
        return f"{cls.__name__} is not an attrs class (write it with @attrs.frozen)"
    missing = [field.name for field in attrs.fields(cls) if field.default is attrs.NOTHING]
    if missing:
        return f"option {missing[0]!r} of {cls.__name__} has no default"
    try:
        made = cls()
    except Exception as error:  # the class's own validators refuse its defaults
        return f"the defaults of {cls.__name__} are refused: {first_line(error)}"
    return _types_problem(cls, made) or _mutable_problem(cls, made)


_OPTION_TYPES = "an option is an int, float, bool, str or Enum"
"""The rule a refused field type is told, as the module docstring states it."""


def _types_problem(cls: type, made: Any) -> str | None:
    """Why a field of `cls` has no type an option can have, or a default `made` of another type, or None."""
    try:
        # The very call build_options and describe_options make: what fails here fails them both.
        hints = type_hints(cls)
    except Exception as error:  # a name imported only under TYPE_CHECKING, say
        return f"the option types of {cls.__name__} cannot be read: {first_line(error)}"
    for field in option_fields(cls):
        if field.name not in hints:  # build_options would keep its text: `hand=3` compared as "3" >= 2
            return f"option {field.name!r} of {cls.__name__} has no type annotation; {_OPTION_TYPES}"
        kind = hints[field.name]
        if not _is_option_type(kind):  # `rounds=abc` would be kept as text, and no replay could hold a list
            return f"option {field.name!r} of {cls.__name__} has type {_type_text(field, kind)}; {_OPTION_TYPES}"
        value = getattr(made, field.name)
        try:
            if _is_enum(kind) and not isinstance(value, kind):  # `_typed` would read a value; the game gets `made`
                raise OptionError(f"default: option {field.name!r} needs {_type_words(kind)}, got {value!r}")
            _typed(value, kind, field, "default")
        except OptionError as error:  # `hand: int = "3"`: every match without -o would compare text to numbers
            return f"the defaults of {cls.__name__} are refused: {str(error).partition(': ')[2]}"
    return None


def _mutable_problem(cls: type, made: Any) -> str | None:
    """Why an instance of `cls` can be changed, or None. The defaults are made once per options class and shared
    by every match of the process (`Game.make_options`), as are a replay header's (`replays.simulate`): one match
    changing its options would change every later match's, and what the replays of those say was played."""
    for field in option_fields(cls):
        try:
            setattr(made, field.name, getattr(made, field.name))  # the same value, on an instance nobody else holds
        except Exception:  # attrs' FrozenInstanceError, or the class's own refusal: either way it cannot change
            continue
        return (
            f"{cls.__name__} is not frozen: option {field.name!r} can be changed, and its defaults are shared by "
            "every match (write it with @attrs.frozen)"
        )
    return None


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, enum.Enum)


def _is_option_type(kind: Any) -> bool:
    # `is`, not `in`: a subclass of int (or a bool for an int) would not be read as `_convert` reads an int
    return any(kind is plain for plain in (int, float, bool, str)) or _is_enum(kind)


def _type_text(field: attrs.Attribute[Any], kind: Any) -> str:
    """A field's type as its author wrote it (`list[int]`, the annotation's own text under postponed annotations)."""
    if isinstance(field.type, str):
        return field.type
    if isinstance(kind, type) and typing.get_origin(kind) is None:
        return kind.__qualname__
    return str(kind).removeprefix("typing.")


def finite_from_zero(instance: Any, attribute: attrs.Attribute[Any], value: float) -> None:
    """A validator for a number option: `seconds=inf` would never end a decision, and an infinite weight would
    drown a search's statistics (nan fails the comparison too)."""
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(f"{attribute.name!r} must be a finite number >= 0: {value!r}")


def at_most(bound: float | int) -> Any:
    """A validator refusing values above `bound` (a budget that would run for hours, say)."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: float) -> None:
        if value > bound:
            shown = f"{bound:g}" if isinstance(bound, float) else str(bound)
            raise ValueError(f"{attribute.name!r} must be at most {shown}: {value!r}")

    return check


def option_fields(cls: type) -> list[attrs.Attribute[Any]]:
    """The fields of an options class, in declaration order."""
    return list(attrs.fields(cls))


def describe_options(cls: type) -> list[tuple[str, str, str]]:
    """(name, default, help) for each option, for help texts and tables."""
    rows = []
    hints = type_hints(cls)
    for field in option_fields(cls):
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()  # type: ignore[union-attr]  # the stubs call Factory a function
        if isinstance(default, enum.Enum):
            default = default.value
        help_text = field.metadata.get("help", "")
        choices = _choices(field, hints.get(field.name))
        if choices:
            help_text = f"{help_text} ({'|'.join(choices)})".strip()
        rows.append((field.name, _format_value(default), help_text))
    return rows


def default_values(cls: type, overrides: Mapping[str, str] | None = None, what: str = "options") -> dict[str, Any]:
    """Each option's default, or its value in `overrides` (text, as a game's player defaults give it), as a plain
    value (enums by value): what tournament files and replay headers store, for JSON (`describe_options` gives
    the text typed after -o, for people)."""
    return options_to_dict(build_options(cls, overrides or {}, what))


def parse_pairs(pairs: Iterable[str], what: str) -> dict[str, str]:
    """`["a=1", "b=x,c=2"]` to `{"a": "1", "b": "x", "c": "2"}`; `what` names the owner in errors.

    An option given twice is refused (`tree-depth` and `tree_depth` are one option): which one was meant
    cannot be known, and quietly keeping the last would run something other than what was read."""
    result: dict[str, str] = {}
    for pair in pairs:
        for item in (p for p in pair.split(",") if p.strip()):
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                # After a pair, a bare word is most likely a value's second part: commas separate options.
                hint = " (commas separate options, so a value cannot hold one)" if result and not sep else ""
                raise OptionError(f"{what}: option {item!r} is not of the form key=value{hint}")
            name = key.strip()
            if any(other.replace("-", "_") == name.replace("-", "_") for other in result):
                raise OptionError(f"{what}: option {name!r} is given twice")
            result[name] = value.strip()
    return result


def build_options(cls: type, values: Mapping[str, Any], what: str, *, typed: bool = False) -> Any:
    """An instance of `cls` from text (or already typed) values; unknown keys and bad values raise. With
    `typed`, every value must already be of its field's type (a replay header's, which the recorder wrote
    typed): "7" is then no integer, as 7.0 and True are not."""
    hints = type_hints(cls)
    fields = {f.name: f for f in option_fields(cls)}
    converted: dict[str, Any] = {}
    for key, raw in values.items():
        name = key.replace("-", "_")
        field = fields.get(name)
        if field is None:
            known = ", ".join(fields) or "none"
            raise OptionError(f"{what}: unknown option {key!r} (known: {known})")
        kind = hints.get(name, str)
        converted[name] = _typed(raw, kind, field, what) if typed else _convert(raw, kind, field, what)
    try:
        return cls(**converted)
    except (ValueError, TypeError) as error:
        raise OptionError(f"{what}: {first_line(error)}") from None


def options_to_dict(options: Any) -> dict[str, Any]:
    """Plain values (enums by value) for replay headers and JSON."""
    result = {}
    for field in option_fields(type(options)):
        value = getattr(options, field.name)
        result[field.name] = value.value if isinstance(value, enum.Enum) else value
    return result


def options_text(values: dict[str, Any]) -> str:
    """`setup=normal, surprises=true`: options as they are typed after -o (a replay header's or
    `options_to_dict`'s values)."""
    return ", ".join(f"{name}={_format_value(value)}" for name, value in values.items())


def options_lines(values: dict[str, Any], width: int) -> list[str]:
    """The header line `options: setup=normal, surprises=true` of `campfire play` and `replay show`, folded between
    options to `width` columns (a game with many options took 76 on a terminal of 60)."""
    from corekit.words import fold_items

    return fold_items("options: ", [f"{name}={_format_value(value)}" for name, value in values.items()], width)


def _convert(raw: Any, kind: Any, field: attrs.Attribute[Any], what: str) -> Any:
    if not isinstance(raw, str):
        return _typed(raw, kind, field, what)
    text = raw.strip()
    try:
        if kind is bool:
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if kind in (int, float) and not (text.isascii() and "_" not in text):
            raise ValueError  # Python's int() also reads 1_000 and other scripts' digits: not how a number is typed
        if kind is int:
            return _fitting(int(text), field.name, what)
        if kind is float:
            return float(text)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return _enum_value(kind, text, field.name, what)
    except OptionError:
        raise
    except ValueError:
        raise OptionError(f"{what}: option {field.name!r} needs {_type_words(kind)}, got {raw!r}") from None
    return text


def _typed(value: Any, kind: Any, field: attrs.Attribute[Any], what: str) -> Any:
    """A value given already typed (from Python or a replay header), kept only when it is of the field's type.

    Strict, as attrs alone is not: `stall_rounds=1.5` would run a game with a fractional number of rounds, and
    `True` is an int to Python but no count of rounds; a float field takes an int (2 is 2.0), never a bool.
    """
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return value if isinstance(value, kind) else _enum_value(kind, value, field.name, what)
    if kind is float:
        fits = type(value) in (int, float)
    elif kind in (int, bool, str):
        fits = type(value) is kind  # `type is`: bool is a subclass of int, and a str subclass may misbehave
    else:  # a type this module does not read from text (a tuple, say): the options class checks it, if at all
        return value
    if not fits:
        raise OptionError(f"{what}: option {field.name!r} needs {_type_words(kind)}, got {value!r}")
    return float(value) if kind is float else _fitting(value, field.name, what) if kind is int else value


def _fitting(value: int, name: str, what: str) -> int:
    """`value` if it fits in 64 bits, as every integer of a replay and of a results file must: refused here, before
    any match, rather than by the recorder once a tournament has started (with --resume, which cannot help, as
    its advice)."""
    if not INT_MIN <= value <= INT_MAX:
        raise OptionError(f"{what}: option {name!r} is {value}, which does not fit in 64 bits")
    return value


_TYPE_WORDS = {int: "an integer", float: "a number", bool: "true or false", str: "text"}
"""How an error message asks for a value of each type (a person reads it, not a programmer)."""


def _type_words(kind: Any) -> str:
    if kind in _TYPE_WORDS:
        return _TYPE_WORDS[kind]
    name = getattr(kind, "__name__", str(kind))
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _enum_value(kind: type[enum.Enum], raw: Any, name: str, what: str) -> enum.Enum:
    """The member `raw` names: by its value first (as listed and stored), else by its name, case aside in both (a
    name was taken only as spelt: `kind=SLOW` but not `kind=slow`, an outside tester found)."""
    text = str(raw)
    folded = text.lower()
    # Exactly as spelt first (a value, then a name), then either with case aside: `y` is the member named y even
    # where another's value is "Y".
    for exact, value_too in ((True, True), (True, False), (False, True), (False, False)):
        for member in kind:
            if value_too:
                spelt = str(member.value)
                if (raw == member.value or text == spelt) if exact else folded == spelt.lower():
                    return member
            elif (text == member.name) if exact else folded == member.name.lower():
                return member
    allowed = "|".join(str(m.value) for m in kind)
    raise OptionError(f"{what}: option {name!r} must be one of {allowed}, got {raw!r}")


def _choices(field: attrs.Attribute[Any], kind: Any) -> list[str]:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return [str(m.value) for m in kind]
    validator = field.validator
    options = getattr(validator, "options", None)
    if options is not None:
        return [str(o) for o in options]
    return []


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
