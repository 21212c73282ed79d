"""Positions as data: any declared state written as a readable JSON document and read back, validated.

    {"campfire_position": 1, "game": "grizzly-race", "version": "4", "players": 2,
     "options": {"stall_rounds": 100}, "rng": 1234, "seat": null,
     "fields": {"hands": [[1, 2, 3], [5]], "guards": [...], "round": 4, ...},
     "face_up": {"guards 1": 1}}

Fields go by name, cards by the game's names for them (`Game.card_name`), tuples as lists, enums by value,
attrs classes as objects. `face_up` gives the zones with cards lying face up on top, and how many.

A position written for one seat (`to_position(state, seat)`) shows only what that seat sees: a zone hidden
from it is `{"unseen": N, "face_up": [...]}`, another seat's secret commitment is `"committed"` and the
chance generator is null. Reading it back deals the unseen cards and redraws what is hidden at random,
from `seed`: any state the seat cannot tell from the real one. It is read only as it is written: a hidden zone
or another seat's commitment given in the clear would be dealt over, a zone the seat sees (its own hand) or its
own commitment left unseen would be dealt at random, a generator state would be ignored; each is refused.

Reading refuses, in one line naming the field, a position that breaks what the declaration says: an
unknown or missing field or key, a value of the wrong type, a card the game does not have, a card its zone does
not accept (`owned(accepts=...)`), a card more or less than the game holds, a seat out of range, a zone per seat
for the wrong number of seats; one the game says its rules cannot reach (`DeclaredState.position_problem`); and
one the game's own code fails on when asked whether it is over, whom to act, their legal actions or a seat's view.

A position holds the table, not its past, in full or for a seat: a state read from one has a fresh record, every
unseen card of a family from one deal (`DeclaredState.fresh_record`; families a deck holds together, from one
deal too). What a seat learned earlier in the match
(which cards are left in a pile it drew from, which hand a face-down card came from) is lost: a sample of the
state read deals cards where the seat knew they could not be, so a search from a position may decide otherwise
than the same player did at that point of the match.
"""

from __future__ import annotations

import contextlib
import enum
import json
import types
import typing
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

import attrs

from corekit.errors import error_line, first_line, json_problem, one_line
from corekit.game import Game, State, action_shown, held_cards, offered
from corekit.options import NoOptions, type_hints
from corekit.rng import Rng
from corekit.simultaneous import HIDDEN, Commitments
from corekit.state import DeclaredState, Seen, Zone
from corekit.state.fields import Decl, decl_of
from corekit.state.layout import ZoneInfo, zone_path

FORMAT = 1
"""The version of the position format."""
KEYS = ("campfire_position", "game", "version", "players", "options", "rng", "seat", "fields", "face_up")
"""The keys of a position document, as `to_position` writes them."""


class PositionError(ValueError):
    """A position that cannot be read; the message is one line naming what is wrong."""


_T = TypeVar("_T")
_Cards = frozenset[tuple[type, Any]]
"""The cards a game holds, each with its type: True == 1 and 1.0 == 1, but neither is the card 1."""


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


def from_position(game: Game, document: Mapping[str, Any], seed: int = 0) -> DeclaredState:
    """The state a position document describes (see the module docstring); `seed` deals what a seat's
    position leaves unseen. Raises PositionError naming the first problem."""
    if not isinstance(document, Mapping) or "campfire_position" not in document:
        raise PositionError("not a Campfire position (no 'campfire_position' key)")
    # The type too: true == 1, and a format read as another type's equal would pass for any future format.
    if type(document["campfire_position"]) is not int or document["campfire_position"] != FORMAT:
        raise PositionError(f"position format {document['campfire_position']!r}; this Campfire reads {FORMAT}")
    unknown_keys = sorted(set(document) - set(KEYS), key=str)
    if unknown_keys:  # a misspelt "face_up" or "seat" would otherwise be read as its default, without a word
        raise PositionError(f"{unknown_keys[0]!r} is not a key of a position (keys: {', '.join(KEYS)})")
    if document.get("game") != game.id:
        raise PositionError(f"the position is of {document.get('game')!r}, not {game.id!r}")
    version = document.get("version")
    if version is None:
        raise PositionError(f"the position names no 'version' of {game.id} (this is version {game.version})")
    if type(version) is not str:  # the writer writes a string: 3 and "3" would read alike, 3.0 and "3.0" not
        raise PositionError(f"version: a string is needed ({json.dumps(str(game.version))}), got {version!r}")
    if version != str(game.version):
        raise PositionError(
            f"the position was written by {game.id} version {version}; this is version "
            f"{game.version}, whose rules may differ"
        )
    players = document.get("players")
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise PositionError(f"players: {game.id} has {game.player_range()} seats, not {players!r}")
    given_options = document.get("options", {})
    if not isinstance(given_options, Mapping):  # [] or null would read as "no options" where the writer writes {}
        raise PositionError(f"options: an object of option names and values is needed, got {_shape(given_options)}")
    try:
        options = game.make_options(given_options)
    except (ValueError, TypeError) as error:
        raise PositionError(f"options: {error}") from None
    seat = document.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise PositionError(f"seat: {seat!r} is not a seat of {players}")
    fields = document.get("fields")
    if not isinstance(fields, Mapping):
        raise PositionError("fields: missing, or not an object")
    with _game_code(f"{game.id} cannot set up {players} seats with these options: initial_state"):
        template = game.initial_state(players, 0, options)
    if not isinstance(template, DeclaredState):
        raise PositionError(f"{game.id} does not declare its state, so it has no positions")
    with _game_code(f"{game.id} cannot list its cards: zones()"):
        held = held_cards(template)
    cards: _Cards = frozenset((type(card), card) for card in held)
    cls = type(template)
    declared = {field.name: field for field in _declared(cls)}
    unknown = sorted(set(fields) - set(declared))
    if unknown:
        raise PositionError(f"fields: {unknown[0]!r} is not a field of {game.id} (fields: {', '.join(declared)})")
    hints = type_hints(cls)
    infos = {(info.field, info.seat): info for info in template.layout().zones}
    values: dict[str, Any] = {}
    unseen: list[tuple[str, int | None, int, list[Any]]] = []
    for name, field in declared.items():
        if name not in fields:
            raise PositionError(f"fields: {name!r} is missing")
        decl = decl_of(field)
        raw = fields[name]
        if decl.kind == "zone":
            values[name] = _read_zones(game, name, decl, raw, players, unseen, cards, infos, seat)
        elif decl.kind == "secret":
            values[name] = _read_commitments(game, name, raw, players, seat)
        else:
            values[name] = _structure(raw, hints.get(name, Any), f"fields.{name}")
            _check_seats(name, decl, values[name], players)
    rng_state = document.get("rng")
    if seat is None and (type(rng_state) is not int or not 0 <= rng_state < 2**64):
        raise PositionError(f"rng: {rng_state!r} is not a generator state (an int of 64 bits)")
    if seat is not None and rng_state is not None:  # it would be ignored: a seat's position deals from `seed`
        raise PositionError(f"rng: null in a seat's position (no seat sees the generator), not {rng_state!r}")
    face_up = document.get("face_up", {})
    if not isinstance(face_up, Mapping):
        raise PositionError(f"face_up: an object of zone names and counts is needed, got {_shape(face_up)}")
    with _game_code(f"{game.id} cannot make a state of these fields: {cls.__name__}"):
        state = cls(game=game, players=players, options=options, rng=Rng(rng_state or 0), **values)
    _set_face_up(state, face_up, unseen)
    found = _listed(game, state, cards)
    if seat is None:
        _check_cards(game, held, found)
        for name in cls.secret_names():
            _check_committed(game, state, name, whole=True)
        return _playable(game, state)
    short = _deal_unseen(game, template, state, unseen, Rng(seed), held, found)
    for name in cls.secret_names():
        _check_committed(game, state, name, whole=False)
    with _game_code(f"{game.id} cannot play from this position: fresh_record"):
        state.record = state.fresh_record()
    with _game_code(f"{game.id} cannot play from this position: sample({seat})"):
        sampled = state.sample(seat, Rng(seed))
    try:
        return _playable(game, sampled)
    except PositionError as error:
        if short is None:
            raise
        # The game may have refused cards this reading dealt, which the seat never saw: say where they went.
        raise PositionError(f"{error} ({short})") from error


def _playable(game: Game, state: DeclaredState) -> DeclaredState:
    """`state`, once the game's own code has answered the questions every user of a position asks first: is it
    over, whom to act, their legal actions and what each seat sees. The declaration cannot say every bound a
    game's rules keep (a reaction window's seats, a round's number), and a value typed outside them fails in
    the game's code: that is the position's fault, said in one line, not a crash of whoever asked next. The
    state's `position_problem` is asked first: it names what its rules forbid before the questions trip on it."""
    with _game_code(f"{game.id} cannot play from this position: position_problem"):
        problem = state.position_problem()
    if problem is not None:
        raise PositionError(f"{game.id} cannot be set up this way: {one_line(str(problem))}")
    asked = "is_terminal"
    try:
        if not state.is_terminal:
            asked = "to_act"
            for seat in state.to_act:
                asked = f"legal_actions({seat})"
                state.legal_actions(seat)
        for seat in range(state.players):
            asked = f"observation({seat})"
            state.observation(seat)
    except Exception as error:
        raise PositionError(f"{game.id} cannot play from this position: {asked} raised {error_line(error)}") from error
    return state


@contextlib.contextmanager
def _game_code(asked: str) -> Iterator[None]:
    """Any error of the game's own code, asked `asked` about the position being read, as the one line of a
    PositionError: a value the declaration cannot bound (a list of Camps one short) fails in the game's code,
    and that is the position's fault. The error stays its cause, so a test that meets it sees where it arose."""
    try:
        yield
    except PositionError:
        raise
    except Exception as error:
        raise PositionError(f"{asked} raised {error_line(error)}") from error


def loads(game: Game, text: str, seed: int = 0) -> DeclaredState:
    """`from_position` of JSON text."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise PositionError(f"not JSON: {json_problem(error)}") from None
    except RecursionError:  # arrays in arrays some thousand deep: JSON, but deeper than Python's stack
        raise PositionError("not JSON this reader can take: nested too deeply") from None
    return from_position(game, document, seed)


# ---- writing ------------------------------------------------------------------------------------------


def _declared(cls: type[DeclaredState]) -> list[attrs.Attribute]:  # type: ignore[type-arg]
    """The fields a position holds: every declared field but the base ones, caches and static content."""
    return [f for f in attrs.fields(cls) if decl_of(f).kind not in ("base", "internal", "static")]


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


# ---- reading ------------------------------------------------------------------------------------------


def _read_zones(
    game: Game,
    name: str,
    decl: Decl,
    raw: Any,
    players: int,
    unseen: list[tuple[str, int | None, int, list[Any]]],
    cards: _Cards,
    infos: Mapping[tuple[str, int | None], ZoneInfo],
    seat: int | None,
) -> Any:
    if decl.per_seat:
        if not isinstance(raw, list) or len(raw) != players:
            raise PositionError(f"fields.{name}: one zone per seat ({players}) is needed, got {_shape(raw)}")
        return [
            _read_zone(game, f"{name}[{owner}]", item, infos[(name, owner)], seat, unseen, cards)
            for owner, item in enumerate(raw)
        ]
    return _read_zone(game, name, raw, infos[(name, None)], seat, unseen, cards)


def _read_zone(
    game: Game,
    where: str,
    raw: Any,
    info: ZoneInfo,
    seat: int | None,
    unseen: list[tuple[str, int | None, int, list[Any]]],
    cards: _Cards,
) -> Zone:
    """One zone as the position of `seat` writes it: its cards where the seat sees them, else `{"unseen": N,
    "face_up": [...]}`. Whether it sees them is `ZoneInfo.visible_to`, which `to_position` asks too: a zone
    written the other way would be dealt over (cards given where the seat cannot see) or dealt at random (the
    seat's own hand left unseen), without a word."""
    if isinstance(raw, Mapping) and "unseen" in raw:
        if seat is None:
            raise PositionError(
                f"fields.{where}: a position of the whole truth (seat null) shows every card, none unseen"
            )
        if info.visible_to(seat):
            raise PositionError(f'fields.{where}: seat {seat} sees this zone: write its cards, not {{"unseen": N}}')
        extra = sorted(set(raw) - {"unseen", "face_up"}, key=str)
        if extra:
            raise PositionError(f"fields.{where}: {extra[0]!r} is not a key of an unseen zone ('unseen', 'face_up')")
        count = raw["unseen"]
        if type(count) is not int or count < 0:
            raise PositionError(f"fields.{where}: 'unseen' must be a count of cards, not {count!r}")
        shown = raw.get("face_up", [])
        if not isinstance(shown, list):
            raise PositionError(f"fields.{where}.face_up: a list of cards is needed, got {_shape(shown)}")
        up = [_held(game, f"{where}.face_up[{index}]", item, info, cards) for index, item in enumerate(shown)]
        unseen.append((info.field, info.seat, count, up))
        return Zone(up, up=len(up))
    if not isinstance(raw, list):
        raise PositionError(f"fields.{where}: a list of cards is needed, got {_shape(raw)}")
    if not info.visible_to(seat):
        raise PositionError(f'fields.{where}: seat {seat} cannot see this zone: write it as {{"unseen": {len(raw)}}}')
    return Zone(_held(game, f"{where}[{index}]", item, info, cards) for index, item in enumerate(raw))


def _held(game: Game, where: str, name: Any, info: ZoneInfo, cards: _Cards) -> Any:
    """The card `name` names, if its zone may hold it: a slot declared with `accepts` (a face-down killer)
    takes only those cards, as the game's moves and the sampler keep it."""
    card = _card(game, where, name, cards)
    if info.accepts is not None and card not in info.accepts:
        raise PositionError(f"fields.{where}: {name!r} is not a card {info.field} holds")
    return card


def _card(game: Game, where: str, name: Any, cards: _Cards) -> Any:
    """The card `name` names, if it is one of the game's `cards`: `card_named` may give back anything it is
    given (the default does), and a card of another type than the game's would fail later in its rules."""
    try:
        card = game.card_named(name)
        known = _one_of(card, cards)
    except Exception:  # the game's lookup failing on a value it never meant to see: no card either
        known = False
    if not known:
        raise PositionError(f"fields.{where}: {name!r} is not a card of {game.id}")
    return card


def _one_of(card: Any, cards: _Cards) -> bool:
    try:
        return (type(card), card) in cards
    except TypeError:  # unhashable: no card
        return False


def _read_commitments(game: Game, name: str, raw: Any, players: int, viewer: int | None) -> Commitments:
    if (
        not isinstance(raw, Mapping)
        or not isinstance(raw.get("seats"), list)
        or not isinstance(raw.get("chosen"), Mapping)
    ):
        raise PositionError(f"fields.{name}: needs 'seats' (a list) and 'chosen' (an object by seat)")
    extra = sorted(set(raw) - {"seats", "chosen"}, key=str)
    if extra:
        raise PositionError(f"fields.{name}: {extra[0]!r} is not a key of a commitment ('seats', 'chosen')")
    seats = raw["seats"]
    for index, seat in enumerate(seats):
        if type(seat) is not int or not 0 <= seat < players:
            raise PositionError(f"fields.{name}.seats: {seat!r} is not a seat of {players}")
        if seat in seats[:index]:
            raise PositionError(f"fields.{name}.seats: seat {seat} is listed twice")
    commitments = Commitments(seats)
    for key, code in raw["chosen"].items():
        seat = _whole_number(key)
        seat = -1 if seat is None else seat
        if seat not in seats:
            raise PositionError(f"fields.{name}.chosen: {key!r} is not one of the deciding seats {seats}")
        if seat in commitments.chosen:
            raise PositionError(f"fields.{name}.chosen: seat {seat} is given twice")
        if viewer is not None:
            _check_choice_shown(f"fields.{name}.chosen.{key}", seat, code == HIDDEN, viewer)
        with _game_code(f"fields.{name}.chosen.{key}: decode_action({code!r})"):
            action = HIDDEN if code == HIDDEN else game.decode_action(code)
        commitments.commit(seat, action)
    return commitments


def _check_choice_shown(where: str, seat: int, hidden: bool, viewer: int) -> None:
    """`seat`'s commitment is written as the position of `viewer` writes it (`Commitments.visible_to`, asked of
    one stand-in choice): shown where the viewer sees it, "committed" where not. Another seat's choice written out
    would be redrawn by the sample, and the viewer's own left hidden would be drawn at random."""
    probe = Commitments([seat])
    probe.commit(seat, _SHOWN)
    sees = probe.visible_to(viewer)[0][1] is _SHOWN
    if hidden and sees:
        raise PositionError(f'{where}: seat {viewer} sees its own choice: write it, not "{HIDDEN}"')
    if not hidden and not sees:
        raise PositionError(f'{where}: seat {viewer} cannot see seat {seat}\'s choice: write it as "{HIDDEN}"')


_SHOWN = object()
"""A stand-in commitment, to ask `Commitments.visible_to` whether a seat sees another's."""


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


def _check_seats(name: str, decl: Decl, value: Any, players: int) -> None:
    if decl.per_seat and (not isinstance(value, list | tuple) or len(value) != players):
        raise PositionError(f"fields.{name}: one value per seat ({players}) is needed, got {_shape(value)}")
    # An object read by `from_data` knows its own ranges, but not the match's seats: it may say what does not fit
    # them (a turn order of five seats in a match of three).
    seat_problem = getattr(value, "seat_problem", None)
    if seat_problem is not None:
        with _game_code(f"fields.{name}: seat_problem"):
            problem = seat_problem(players)
        if problem is not None:
            raise PositionError(f"fields.{name}: {one_line(str(problem))}")
    if not decl.seat or value is None:
        return
    for seat in value if isinstance(value, tuple | list) else [value]:
        if type(seat) is not int or not 0 <= seat < players:
            raise PositionError(f"fields.{name}: {seat!r} is not a seat of {players}")


def _set_face_up(state: DeclaredState, face_up: Mapping[str, Any], unseen: list[Any]) -> None:
    by_name = {info.name: info for info in state.layout().zones}
    written_unseen = {(field, seat): count + len(up) for field, seat, count, up in unseen}
    for name, count in face_up.items():
        info = by_name.get(name)
        if info is None:
            raise PositionError(f"face_up: {name!r} is not a zone (zones: {', '.join(by_name)})")
        held = written_unseen.get((info.field, info.seat))
        if held is not None:  # which of its cards lie face up is for the zone's own list to say, by name
            raise PositionError(
                f'face_up.{name}: the zone is written unseen ({held} cards), and its own "face_up" list names its '
                "face-up cards: leave it out of the top-level face_up"
            )
        zone = state.zone(info.no)
        if type(count) is not int or not 0 <= count <= len(zone):
            raise PositionError(f"face_up.{name}: {count!r} is not a count of its {len(zone)} cards")
        if info.seen is Seen.EVERYONE and count:
            raise PositionError(f"face_up.{name}: every card of a face-up zone is face up already")
        zone.up = count
    with _game_code(f"{state.game.id} cannot play from this position: fresh_record"):
        state.record = state.fresh_record()


def _listed(game: Game, state: DeclaredState, cards: _Cards) -> Counter[Any]:
    """The cards the game's `zones()` lists in `state`, counted; each one of the game's `cards`. Besides the
    declared zones it may list what public fields count (scraps on a pile), which the declaration cannot bound:
    a game that lists a count card by card checks it against what it holds first (scavengers' `zones`), so that
    a hand-edited count of 10**12 is refused rather than listed."""
    with _game_code(f"{game.id} cannot list the cards of this position: zones()"):
        listed = {zone: list(zone_cards) for zone, zone_cards in state.zones().items()}
    found: Counter[Any] = Counter()
    for zone, zone_cards in listed.items():
        for card in zone_cards:
            if not _one_of(card, cards):
                raise PositionError(f"zone {zone!r}: {_shown(game, card)!r} is not a card of {game.id}")
            found[card] += 1
    return found


def _shown(game: Game, card: Any) -> Any:
    """The card's name for a message, or the card itself when the game cannot name it (it is none of its)."""
    try:
        return game.card_name(card)
    except Exception:
        return card


def _check_cards(game: Game, held: Counter[Any], found: Counter[Any]) -> None:
    """Every card the game `held` (a fresh match with the same seats and options) `found`, each as often."""
    for card in sorted(set(held) | set(found), key=repr):
        if held[card] != found[card]:
            raise PositionError(f"card {_shown(game, card)!r}: {found[card]} in the position, {held[card]} in the game")


def _deal_unseen(
    game: Game,
    template: DeclaredState,
    state: DeclaredState,
    unseen: list[Any],
    rng: Rng,
    held: Counter[Any],
    found: Counter[Any],
) -> str | None:
    """Fill the zones a seat's position leaves unseen with the cards it does not show: of the family that zone
    holds at setup, then, if those run short, of the others. Says where they first ran short, if they did."""
    pool = held - found  # Counter subtraction keeps the positive counts: the cards not shown
    if any(found[card] > held[card] for card in found):
        card = next(card for card in sorted(found, key=repr) if found[card] > held[card])
        raise PositionError(f"card {_shown(game, card)!r} is shown more often than the game holds it")
    families: dict[Any, list[Any]] = {}
    for card in sorted(pool.elements(), key=repr):
        families.setdefault(game.card_family(card), []).append(card)
    for cards in families.values():
        rng.shuffle(cards)
    wanted = sum(count for _, _, count, _ in unseen)
    if wanted != sum(pool.values()):
        counts = ", ".join(f"fields.{zone_path(field, seat)} {count}" for field, seat, count, _ in unseen)
        raise PositionError(
            f"the unseen zones hold {wanted} cards ({counts}), but {sum(pool.values())} are not shown (the game's "
            f"{held.total()} cards less the {found.total()} the position shows): one of those counts is wrong"
        )
    # Two passes: every zone its own family's cards first, then the shortfalls (a seat's own deck refilled from a
    # shared discard) from what is left, so a zone whose own family suffices never takes another's cards and another
    # zone's are not used up before its turn. A card where the rules cannot put it is the state's `position_problem`
    # to refuse.
    zones: list[tuple[str, Zone, int, list[Any]]] = []
    for field, seat, count, _ in unseen:
        if not count:
            continue
        value = getattr(state, field)
        zone: Zone = value[seat] if seat is not None else value
        home = getattr(template, field)
        kinds = sorted({game.card_family(card) for card in (home[seat] if seat is not None else home)}, key=repr)
        where = zone_path(field, seat)
        zones.append((where, zone, count, _take([families[kind] for kind in kinds if kind in families], count)))
    left = [cards for cards in families.values() if cards]
    short = None
    for where, zone, count, dealt in zones:
        if len(dealt) < count:
            if short is None:
                short = (
                    f"fields.{where} was dealt cards of other families: only {len(dealt)} of its {count} unseen cards "
                    "are of the family it holds at setup"
                )
            dealt += _take(left, count - len(dealt))
        zone[: len(zone) - zone.up] = dealt
    return short


def _take(sources: list[list[Any]], count: int) -> list[Any]:
    """`count` cards (or as many as there are) popped off the ends of `sources`, the first source first."""
    taken: list[Any] = []
    for source in sources:
        while source and len(taken) < count:
            taken.append(source.pop())
    return taken


def _check_committed(game: Game, state: DeclaredState, name: str, whole: bool) -> None:
    """Each commitment of the secret field `name` is one of what its seat could have chosen there; another seat's
    hidden one, in a seat's position, becomes one of those (a sample then redraws it). A position of the whole
    truth shows every choice."""
    commitments: Commitments = getattr(state, name)
    with _game_code(f"{game.id} cannot play from this position: is_terminal"):
        over = state.is_terminal  # a match that ended leaves its last choices as they were: nothing to check them by
    for seat, action in list(commitments.chosen.items()):
        with _game_code(f"{game.id} cannot play from this position: commitment_choices({name!r}, {seat})"):
            choices = state.commitment_choices(name, seat)
        where = f"fields.{name}.chosen.{seat}"
        if action == HIDDEN:
            if whole:
                raise PositionError(f"{where}: a position of the whole truth (seat null) shows every choice")
            if not choices:
                raise PositionError(
                    f"fields.{name}.chosen: seat {seat} has committed, but has nothing to choose from in this position"
                )
            commitments.chosen[seat] = choices[0]
        elif not over and not offered(action, choices):
            raise PositionError(
                f"{where}: {action_shown(game, action, quoted=True)} is not what seat {seat} could choose here"
            )


def _shape(raw: Any) -> str:
    if isinstance(raw, list):
        return f"a list of {len(raw)}"
    return type(raw).__name__ if raw is not None else "null"


def _type_name(kind: Any) -> str:
    return getattr(kind, "__name__", None) or str(kind)


__all__ = ["FORMAT", "PositionError", "dumps", "from_position", "loads", "to_position"]


def _whole_number(key: Any) -> int | None:
    """An object key that is an integer written in ASCII digits with at most one "-" (JSON's keys are text), else
    None: "²" is a digit and "--5" strips to digits, but neither is a number `int` reads."""
    text = str(key)
    digits = text[1:] if text.startswith("-") else text
    return int(text) if digits.isascii() and digits.isdecimal() else None
