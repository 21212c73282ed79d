"""Reading a position: `from_position` and `loads`, and the readers of its fields, zones and commitments."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from corekit.errors import error_line, json_problem, one_line
from corekit.game import Game, held_cards
from corekit.options import type_hints
from corekit.position.cards import _Cards, _check_cards, _check_committed, _deal_unseen, _listed, _one_of
from corekit.position.common import FORMAT, KEYS, PositionError, _declared, _game_code
from corekit.position.values import _shape, _structure, _whole_number
from corekit.rng import Rng
from corekit.simultaneous import HIDDEN, Commitments
from corekit.state import DeclaredState, Seen, Zone
from corekit.state.fields import Decl, decl_of
from corekit.state.layout import ZoneInfo


def from_position(game: Game, document: Mapping[str, Any], seed: int = 0) -> DeclaredState:
    """The state a position document describes (see the module docstring); `seed` deals what a seat's
    position leaves unseen. Raises PositionError naming the document's first problem."""
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


def loads(game: Game, text: str, seed: int = 0) -> DeclaredState:
    """`from_position` of JSON text."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise PositionError(f"not JSON: {json_problem(error)}") from None
    except RecursionError:  # arrays in arrays some thousand deep: JSON, but deeper than Python's stack
        raise PositionError("not JSON this reader can take: nested too deeply") from None
    return from_position(game, document, seed)


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
