"""What the core generates once per state class and seat count: the setup, `clone`, the digest's writer
and the views."""

from __future__ import annotations

import enum
import functools
import operator
import typing
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from corekit.digest import write_value, write_zone
from corekit.provenance import Record, recording
from corekit.rng import Rng
from corekit.state.fields import Decl, Seen, decl_of
from corekit.state.layout import Layout, Zone, ZoneInfo, _copy_zone, _new_list
from corekit.state.views import _HIDDEN_BY_SIZE, View, hidden
from corekit.words import joined

if TYPE_CHECKING:
    from corekit.state.declared import DeclaredState


@functools.cache
def _layout(cls: type[DeclaredState], players: int) -> Layout:
    zones: list[ZoneInfo] = []
    numbers: dict[tuple[str, int | None], int] = {}
    parks: list[tuple[int, str, int | None]] = []
    for field in attrs.fields(cls):
        decl: Decl = decl_of(field)
        if decl.kind != "zone":
            continue
        for seat in range(players) if decl.per_seat else [None]:
            no = len(zones)
            numbers[(field.name, seat)] = no
            if decl.parks_in is not None:
                parks.append((no, decl.parks_in, seat))
            zones.append(
                ZoneInfo(
                    no,
                    field.name if seat is None else f"{field.name} {seat}",
                    field.name,
                    seat,
                    decl.seen,
                    decl.ordered,
                    decl.deck,
                    no,
                    decl.accepts,
                )
            )
    for no, target, seat in parks:
        zones[no] = attrs.evolve(zones[no], stream=numbers[(target, seat)])
    parked = tuple(no for no, _, _ in parks)
    holdings = tuple(z.no for z in zones if z.seen is not Seen.EVERYONE and not z.deck and z.no not in parked)
    decks = tuple(z.no for z in zones if z.deck)
    unseen = tuple(z.no for z in zones if z.seen is not Seen.EVERYONE)
    return Layout(tuple(zones), holdings, decks, parked, unseen)


@attrs.frozen
class _SetupPlan:
    """The functions generated for one state class at one player count."""

    start: Callable[[Any], None]
    """Number the zones the constructor was given (each made a `Zone`), then start the record."""
    unseen: Callable[[Any], tuple[Zone, ...]]
    """The zones of `Layout.unseen`, in order."""
    infos: tuple[ZoneInfo, ...]
    """Their `ZoneInfo`s."""
    fresh: Callable[[Any], Record]
    """`fresh_record` of a game of one card family."""


@functools.cache
def _setup_plan(cls: type[DeclaredState], players: int) -> _SetupPlan:
    """Generate `start`, `unseen` and `fresh` for `cls` at `players` seats: the zone numbers are constants."""
    layout = _layout(cls, players)
    lines = ["def start(s):", "    s._layout = layout"]
    env: dict[str, Any] = {
        "layout": layout,
        "Zone": Zone,
        "lnew": _new_list,
        "UNORDERED": _UNORDERED,
        "SEQUENCES": (list, tuple),
        "recording": recording,
        "Record": Record,
    }

    def made(no: int, target: str, indent: str) -> list[str]:
        """A new zone numbered `no` holding the cards of `z` (None for none), put at `target`."""
        steps = (
            "y = lnew(Zone)",
            # A list's cards are taken as they are (the hot path); a str, set or dict would make cards of its letters,
            # its hash order or its keys: refused (`_zone_value_problem` says so); a number fails in `extend`.
            "if z:",
            "    if z.__class__ is not list and isinstance(z, UNORDERED): raise TypeError",
            "    y.extend(z)",
            "elif z is not None and z.__class__ is not list:",
            "    y.extend(z)",
            f"y.no = {no}",
            "y.up = 0",
        )
        return [f"{indent}{line}" for line in steps] + [f"{indent}{target} = y"]

    fields: dict[str, list[ZoneInfo]] = {}
    for info in layout.zones:
        fields.setdefault(info.field, []).append(info)
    # A zone given as a Zone keeps its cards and face-up count and takes its number; anything else is copied
    # into a new Zone.
    for name, infos in fields.items():
        if infos[0].seat is None:
            lines += [f"    z = s.{name}", f"    if isinstance(z, Zone): z.no = {infos[0].no}", "    else:"]
            lines += made(infos[0].no, f"s.{name}", "        ")
            continue
        # A list or tuple of zones, one per seat, made a new list (the caller's is left as it was).
        lines += [f"    v = s.{name}", "    if v is None:", "        z = None"]
        for info in infos:
            lines += made(info.no, f"y{info.seat}", "        ")
        lines += [
            "    elif isinstance(v, Zone) or not isinstance(v, SEQUENCES):",
            "        raise TypeError  # one Zone (a list of cards), a dict, a number: `_zone_value_problem` says which",
            f"    elif len(v) != {players}:",
            f"        raise ValueError(f'{name} needs one zone per seat ({players}), got {{len(v)}}')",
            "    else:",
        ]
        for info in infos:
            lines += [
                f"        z = v[{info.seat}]",
                "        if isinstance(z, Zone):",
                f"            z.no = {info.no}",
                f"            y{info.seat} = z",
                "        else:",
            ]
            lines += made(info.no, f"y{info.seat}", "            ")
        lines.append(f"    s.{name} = [{', '.join(f'y{info.seat}' for info in infos)}]")
    lines.append("    s.record = s.fresh_record() if recording() else None")
    unseen = [layout.zones[no] for no in layout.unseen]
    parts = [f"s.{info.field}" if info.seat is None else f"s.{info.field}[{info.seat}]" for info in unseen]
    lines += ["def unseen(s):", f"    return ({''.join(part + ', ' for part in parts)})"]
    # The record of one card family (see `DeclaredState.fresh_record`): one lot of every unseen card; a stream
    # receives its zones' cards (a parked slot's after its own zone's), a deck holds the lot's remainder.
    lines += ["def fresh(s):", "    r = Record()"]
    lines += [f"    z{at} = {part}" for at, part in enumerate(parts)]
    lines += [
        f"    cards = [{', '.join(f'*z{at}' for at in range(len(parts)))}]",
        "    if not cards:",
        "        return r",
    ]
    lines += ["    lot = r.new_lot(cards, None)", "    events = r.events", "    truth = r.truth"]
    started: set[int] = set()
    for at, info in enumerate(unseen):
        z = f"z{at}"
        lines.append(f"    if {z}:")
        if info.deck:
            lines += [
                f"        r.remainder[{info.no}] = lot",
                f"        for card in {z}.face_up_cards(): r.turn({info.no}, card)",
            ]
            continue
        stream = info.stream
        if stream in started:
            lines += [
                f"        events[{stream}] = events.get({stream}, ()) + ((lot, None),) * len({z})",
                f"        truth[{stream}] = truth.get({stream}, ()) + tuple({z})",
            ]
        else:
            lines += [f"        events[{stream}] = ((lot, None),) * len({z})", f"        truth[{stream}] = tuple({z})"]
        started.add(stream)
        lines.append(f"        if {z}.up: r.show_all({stream}, {z}.face_up_cards())")
    lines.append("    return r")
    exec(compile("\n".join(lines), f"<campfire setup {cls.__qualname__} {players}>", "exec"), env)
    return _SetupPlan(env["start"], env["unseen"], tuple(unseen), env["fresh"])


_UNORDERED = (str, bytes, set, frozenset, dict)
"""What the setup refuses as a zone's cards: its letters, its hash order or its keys would make them."""


def _zone_value_problem(state: DeclaredState) -> str | None:
    """Why the setup could not take a zone field, naming it, or None: a per-seat field given other than a list or
    tuple of zones (one `Zone`, a dict, a number), a zone given what holds no cards (a number, a str, a set), a card
    that is no card (a list), or hidden cards of one family that do not order together (the record of where they
    came from sorts them). The setup's own error did not say which field; an error of anything else (a bad
    `players`) is left as it is."""
    try:
        layout = _layout(type(state), state.players)
    except Exception:  # the setup failed before any zone: its own error says why
        return None
    for info in layout.zones:
        whole = getattr(state, info.field)
        if (
            info.seat is not None
            and whole is not None
            and (isinstance(whole, Zone) or not isinstance(whole, list | tuple))
        ):
            shown = "one Zone" if isinstance(whole, Zone) else f"{whole!r:.40}"
            return f"{info.field} is a zone per seat: give a list of {state.players} zones, not {shown}"
        given = _given(state, info)
        where = info.field if info.seat is None else f"{info.field}[{info.seat}]"
        if given is not None and (not isinstance(given, Iterable) or isinstance(given, _UNORDERED)):
            return f"{where} is a zone: give a Zone or a list of cards, not {given!r:.40}"
        for card in given if isinstance(given, list | tuple) else ():
            if isinstance(card, list) and info.seat is None:
                return f"{where} is one zone: give a Zone or a list of cards, not a list of zones"
            try:
                hash(card)
            except TypeError:
                return f"{where} holds {card!r:.40}, which is no card: a card is a number, a string or a tuple"
    return _disordered(state, layout)


def _given(state: DeclaredState, info: ZoneInfo) -> Any:
    """What the constructor was given for the zone `info` (None where a per-seat field holds no zone for its seat)."""
    given = getattr(state, info.field)
    if info.seat is None:
        return given
    return given[info.seat] if isinstance(given, list | tuple) and info.seat < len(given) else None


def _disordered(state: DeclaredState, layout: Layout) -> str | None:
    """The hidden zones whose cards of one family do not order together, if any: the record sorts each family."""
    families: dict[Hashable, list[tuple[str, Any]]] = {}
    for no in layout.unseen:
        info = layout.zones[no]
        given = _given(state, info)
        for card in given if isinstance(given, list | tuple) else ():
            families.setdefault(state.game.card_family(card), []).append((info.name, card))
    for held in families.values():
        try:
            sorted(card for _, card in held)
        except TypeError:
            kinds = {type(card).__name__ for _, card in held}
            what = joined(sorted(kinds)) if len(kinds) > 1 else f"{kinds.pop()}s whose items do not order"
            zones = joined(list(dict.fromkeys(name for name, _ in held)))
            return (
                f"{zones} hold hidden cards of one family that do not order together ({what}): give cards of one kind"
            )
    return None


@attrs.frozen
class _Plan:
    """The functions generated for one state class."""

    clone: Callable[..., Any]
    write_truth: Callable[[Any, list[bytes]], None]
    view_class: type[View]
    builder: type[View]
    """A subclass of `view_class` that allows setting attributes: a view is filled as one, then given its class."""
    shown: tuple[tuple[str, Decl, str], ...]
    """(name, declaration, frozen expression) of each field of a view after `seat`, in order; a zone's expression
    is left to `_views`, which knows the number of seats."""
    secrets: tuple[str, ...]


_IMMUTABLE = (int, float, str, bool, bytes, type(None), tuple, frozenset, enum.Enum)


@functools.cache
def _plan(cls: type[DeclaredState]) -> _Plan:
    """Generate `clone` and the writer of the truth for a digest, and make the view class, once per class (the
    view's functions, which depend on the number of seats too, are `_views`)."""
    attrs.resolve_types(cls)
    clone_lines = ["def clone(s, keep_record=True):", "    c = new(cls)"]
    shown: list[tuple[str, Decl, str]] = []
    truth_lines = ["def write_truth(s, out):", "    out.append(b'((')"]
    names = ["seat"]
    secrets = []
    env: dict[str, Any] = {
        "new": object.__new__,
        "cls": cls,
        "Rng": Rng,
        "zcopy": _copy_zone,
        "lnew": _new_list,
        "Zone": Zone,
        "put": write_value,
        "zone": write_zone,
    }
    for field in attrs.fields(cls):
        decl: Decl = decl_of(field)
        name = field.name
        attr = f"s.{name}"
        if decl.kind == "base":
            if name == "rng":
                clone_lines.append("    c.rng = Rng(s.rng.state)")
            elif name == "_layout":
                clone_lines.append("    c._layout = s._layout")
            elif name == "record":
                clone_lines.append("    r = s.record")
                clone_lines.append("    c.record = None if r is None or not keep_record else r.clone()")
            else:
                clone_lines.append(f"    c.{name} = {attr}")
            if name == "players":
                truth_lines.append(f"    put({attr}, out)")
            continue
        if decl.kind == "internal":
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                raise TypeError(f"{cls.__name__}.{name}: an internal field takes a plain default")
            env[f"default_{name}"] = default
            clone_lines.append(f"    c.{name} = default_{name}")
            continue
        if decl.kind == "static":
            clone_lines.append(f"    c.{name} = {attr}")
            continue
        names.append(name)
        if decl.kind == "secret":
            secrets.append(name)
            clone_lines.append(f"    c.{name} = {attr}.clone()")
            shown.append((name, decl, f"{attr}.visible_to(v)"))
            truth_lines.append(f"    put({attr}.visible_to(None), out)")
            continue
        if decl.kind == "zone":
            if decl.per_seat:
                clone_lines.append(f"    c.{name} = list(map(zcopy, {attr}))")
            else:  # `_copy_zone` inlined: a clone copies every zone
                clone_lines.append(f"    z = {attr}; y = c.{name} = lnew(Zone); y.extend(z); y.no = z.no; y.up = z.up")
            shown.append((name, decl, ""))
            if decl.per_seat:
                # The bytes of `tuple([(tuple(z), z.up) for z in zones])`, as `corekit.digest` walks it.
                truth_lines += ["    out.append(b'(')", f"    for z in {attr}: zone(z, out)", "    out.append(b')')"]
            else:
                truth_lines.append(f"    zone({attr}, out)")
            continue
        copy, frozen = _public_copy(field.type, attr)
        clone_lines.append(f"    c.{name} = {copy}")
        shown.append((name, decl, frozen))
        # A list is written as the tuple of its frozen view is (`corekit.digest`): no need to build that.
        as_is = frozen in (f"tuple({attr})", f"tuple([tuple(x) for x in {attr}])")
        truth_lines.append(f"    put({attr if as_is else frozen}, out)")
    clone_lines.append("    return c")
    view_class = _view_class(cls, tuple(names))
    # A view refuses attribute assignment: it is filled as an instance of a builder subclass that allows it (same
    # layout), then given its own class.
    builder = type(view_class.__name__, (view_class,), {"__slots__": (), "__setattr__": object.__setattr__})
    source = "\n".join(
        [*clone_lines, *truth_lines, "    out.append(b')')", "    put(s.rng.state, out)", "    out.append(b')')"]
    )
    exec(compile(source, f"<campfire state {cls.__qualname__}>", "exec"), env)
    return _Plan(env["clone"], env["write_truth"], view_class, builder, tuple(shown), tuple(secrets))


@attrs.frozen
class _Views:
    """The view functions generated for one state class at one player count."""

    project: Callable[[Any, int | None], tuple[Any, ...]]
    """The values of `observe(s, v)`, as a tuple (what `infoset_key` hashes)."""
    observe: Callable[[Any, int | None], View]


@functools.cache
def _views(cls: type[DeclaredState], players: int) -> _Views:
    """Generate `observe` and `project` for `cls` at `players` seats. The zones of a per-seat field are unpacked
    into locals and shown one by one: a view is built at every decision of a heuristic playout, and six seats'
    five per-seat zones are thirty small tuples, made in half the time it takes through `map`."""
    plan = _plan(cls)
    lines: list[str] = []
    values = ["v"]
    for at, (name, decl, frozen) in enumerate(plan.shown):
        if decl.kind != "zone":
            values.append(frozen)
        elif not decl.per_seat and decl.seen is Seen.EVERYONE:
            values.append(_zone_view(decl, f"s.{name}", "None"))
        elif not decl.per_seat:  # a hidden zone's expression reads it several times
            lines.append(f"    z{at} = s.{name}")
            values.append(_zone_view(decl, f"z{at}", "None"))
        elif players == 0:
            values.append("()")
        else:
            seats = [f"z{at}_{seat}" for seat in range(players)]
            lines.append(f"    {''.join(z + ', ' for z in seats)}= s.{name}")
            values.append(f"({''.join(_zone_view(decl, z, str(seat)) + ', ' for seat, z in enumerate(seats))})")
    names = ["seat", *(name for name, _, _ in plan.shown)]
    source = "\n".join(
        [
            "def project(s, v):",
            *lines,
            f"    return ({', '.join(values)},)",
            "def observe(s, v):",
            "    viewers[v]",  # KeyError for a seat of no match of this size: an off-by-one would see every hand hidden
            *lines,
            "    o = new(VB)",
            *(f"    o.{name} = {value}" for name, value in zip(names, values, strict=True)),
            "    o.__class__ = VC",
            "    return o",
        ]
    )
    env: dict[str, Any] = {
        "new": object.__new__,
        "VB": plan.builder,
        "VC": plan.view_class,
        "hidden": hidden,
        "hz": _HIDDEN_BY_SIZE,
        "sorted": sorted,
        "viewers": dict.fromkeys([None, *range(players)]),
    }
    exec(compile(source, f"<campfire views {cls.__qualname__} {players}>", "exec"), env)
    return _Views(env["project"], env["observe"])


def _zone_view(decl: Decl, z: str, seat: str) -> str:
    """The expression of one zone as viewer `v` sees it. An empty zone is shown as () without calling tuple(),
    which iterates a list subclass such as `Zone` the slow way: a view shows many empty zones (six counselors'
    permanents, campers and objectives), and skipping the call makes the view about 5% cheaper."""
    cards = f"(tuple({z}) if {z} else ())" if decl.ordered else f"(tuple(sorted({z})) if {z} else ())"
    if decl.seen is Seen.EVERYONE:
        return cards
    shown = f"(hz[len({z})] if not {z}.up and len({z}) < 256 else hidden(len({z}), {z}.face_up_cards()))"
    if decl.seen is Seen.OWNER:
        return f"({cards} if v is None or v == {seat} else {shown})"
    return f"({shown} if v is not None else hidden(len({z}), {z}.face_up_cards(), tuple({z})))"


def _public_copy(kind: Any, attr: str) -> tuple[str, str]:
    """How a public field of type `kind` is copied and frozen for a view: (copy expression, frozen expression)."""
    bare = _bare(kind) or _bare(_optional_of(kind))
    if bare is not None:  # a tuple copies as it is, but a position could not read it
        _refuse_bare(bare, attr)
    origin = getattr(kind, "__origin__", None)
    args = getattr(kind, "__args__", ())
    if origin is list:
        inner = args[0] if args else Any
        if getattr(inner, "__origin__", None) is list:
            _refuse_shared(attr, kind, next(iter(getattr(inner, "__args__", ())), Any))
            return f"[x[:] for x in {attr}]", f"tuple([tuple(x) for x in {attr}])"
        _refuse_shared(attr, kind, inner)
        return f"{attr}[:]", f"tuple({attr})"
    if origin is dict:
        _refuse_shared(attr, kind, args[-1] if args else Any)
        return f"dict({attr})", f"tuple(sorted({attr}.items()))"
    if isinstance(kind, type):
        if issubclass(kind, _IMMUTABLE) or (attrs.has(kind) and kind.__attrs_attrs__ and _frozen(kind)):
            return attr, attr
        if hasattr(kind, "clone") and hasattr(kind, "view"):  # first: a class that copies itself knows how deep
            return f"{attr}.clone()", f"{attr}.view()"
        if issubclass(kind, dict) and hasattr(kind, "view"):  # a dict of immutable values that shows itself its own
            return f"{attr}.__class__({attr})", f"{attr}.view()"  # way: a shallow copy is the whole copy
    if origin is tuple or origin is frozenset:
        return attr, attr
    if _optional_of(kind) is not None:
        inner = _optional_of(kind)
        if isinstance(inner, type) and hasattr(inner, "clone") and hasattr(inner, "view"):
            return (
                f"(None if {attr} is None else {attr}.clone())",
                f"(None if {attr} is None else {attr}.view())",
            )
        if isinstance(inner, type) and issubclass(inner, _IMMUTABLE):
            return attr, attr
        if getattr(inner, "__origin__", None) in (tuple, frozenset):  # `tuple[int, int] | None`: a last move or none
            return attr, attr
    if kind is list or kind is dict:  # a bare annotation, not an unsupported type: name the item types
        _refuse_bare(kind, attr)
    raise TypeError(
        f"a public field of type {kind!r} ({attr[2:]}): use an immutable type, list, dict, a dict subclass with "
        "view(), or a class with clone() and view()"
    )


_BARE = (tuple, frozenset)
"""Annotations that say too little for a position to be read back (of what items?)."""


_BARE_EXAMPLES: dict[type, str] = {
    list: "list[int], or list[list[int]] for a list of lists",
    dict: "dict[str, int]",
    tuple: "tuple[int, ...], or tuple[int, str] for a pair",
    frozenset: "frozenset[int]",
}


def _bare(kind: Any) -> type | None:
    """`tuple` or `frozenset` when `kind` names one without its item types (`typing.Tuple` too), else None."""
    origin = kind if kind in _BARE else typing.get_origin(kind)
    return origin if origin in _BARE and not typing.get_args(kind) else None


def _refuse_bare(kind: type, attr: str) -> None:
    raise TypeError(f"a public field of type {kind.__name__} ({attr[2:]}) needs its item types: {_BARE_EXAMPLES[kind]}")


def _refuse_shared(attr: str, kind: Any, item: Any) -> None:
    """Refuse a list or dict whose items are themselves lists, dicts or sets (beyond the one nesting a list of
    lists has): its copy is one level deep, so a clone and the original would share them, and playing on the
    clone would change the original."""
    if item in (list, dict, set) or getattr(item, "__origin__", None) in (list, dict, set):
        outer = "dict[str, tuple[int, ...]]" if getattr(kind, "__origin__", kind) is dict else "list[tuple[int, ...]]"
        raise TypeError(
            f"a public field of type {kind} ({attr[2:]}) holds mutable {item}, which its copy would share: "
            f"use tuples inside ({outer}), a list of lists of immutable items, or a class with clone() and view()"
        )


def _frozen(kind: type) -> bool:
    params = getattr(kind, "__attrs_attrs__", None)
    return params is not None and getattr(kind.__setattr__, "__name__", "") == "_frozen_setattrs"


def _optional_of(kind: Any) -> Any:
    args = getattr(kind, "__args__", ())
    if len(args) == 2 and type(None) in args:
        return next(arg for arg in args if arg is not type(None))
    return None


def _view_class(cls: type[DeclaredState], names: tuple[str, ...]) -> type[View]:
    """The view class of `cls`: its `view_type` with a slot per declared field, in projection order."""
    base = cls.view_type
    taken = _defined_on(base) - set(_defined_on(View)) - {"__annotations__"}
    clash = taken.intersection(names)
    if clash:
        raise TypeError(
            f"{base.__name__} defines {', '.join(sorted(clash))}, which are declared fields of {cls.__name__}"
        )
    namespace: dict[str, Any] = {"__slots__": names, "_names": names, "_state_class": cls, "__reduce__": _reduce_view}
    view_class = type(base.__name__, (base,), namespace)
    view_class._values_of = operator.attrgetter(*names)  # type: ignore[attr-defined]
    view_class.__qualname__ = base.__qualname__
    view_class.__module__ = base.__module__
    return view_class


def _defined_on(base: type) -> set[str]:
    return {name for klass in base.__mro__ if klass is not object for name in vars(klass)}


def _reduce_view(view: View) -> tuple[Any, ...]:
    # The core makes the view class per state class and names it as the game's view class, which pickle
    # would find instead: a view is pickled (and deep-copied) as its state class, which pickle finds by
    # name, and its values, and rebuilt as that class's view. A derived property's cache is not kept.
    return (_rebuilt_view, (type(view)._state_class, tuple(getattr(view, name) for name in view._names)))


def _rebuilt_view(cls: type[DeclaredState], values: tuple[Any, ...]) -> View:
    """The view of state class `cls` with these values, in `_names` order (how a pickled view is rebuilt)."""
    view_class = _plan(cls).view_class
    view = object.__new__(view_class)
    for name, value in zip(view_class._names, values, strict=True):
        object.__setattr__(view, name, value)
    return view
