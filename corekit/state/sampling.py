"""The record of a state whose past is not known, and sampling what a seat cannot see from the record."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from corekit.game import Game
from corekit.provenance import ProvenanceError, Record
from corekit.rng import Rng
from corekit.simultaneous import Commitments
from corekit.state.generated import _plan, _setup_plan
from corekit.state.layout import Zone, ZoneInfo

if TYPE_CHECKING:
    from corekit.state.declared import DeclaredState

S = TypeVar("S", bound="DeclaredState[Any]")


def _family_key(item: tuple[Hashable, list[Any]]) -> str:
    return repr(item[0])


def _root(group: dict[Hashable, Hashable], kind: Hashable) -> Hashable:
    """The family that stands for `kind`'s group in `group` (each family maps to another of its group, or itself)."""
    while group[kind] != kind:
        kind = group[kind]
    return kind


def _refill(zone: Zone, cards: list[Any], ordered: bool) -> None:
    """Put `cards`, drawn in random order, in place of `zone`'s face-down cards, under its face-up ones:
    sorted where the zone's order does not matter."""
    if not ordered:
        cards.sort()
    zone[: len(zone) - zone.up] = cards


def even_weights(state: DeclaredState[Any], zone: Zone) -> Mapping[Any, int]:
    """`DeclaredState.face_down_weights` unless a game says otherwise: each kind the slot of `zone` accepts, 1 each
    (every card of the game, for a slot declared without `accepts`)."""
    accepts = state.layout().zones[zone.no].accepts
    if accepts is None:  # a slot declared without `accepts` takes any card: every card of the game, alike
        return dict.fromkeys(iter_cards(state), 1)
    return dict.fromkeys(accepts, 1)


def iter_cards(state: DeclaredState[Any]) -> Iterator[Any]:
    """Every card in every declared zone."""
    for info in state.layout().zones:
        yield from state.zone(info.no)


def fresh_record(state: DeclaredState[Any]) -> Record:
    """The record of a state whose past is not known (a setup's deal, a loaded position): every card
    nobody can see came, per card family, from one lot, and every face-down zone received what it holds."""
    plan = _setup_plan(type(state), state.players)
    if getattr(type(state.game), "card_family", None) is not Game.card_family:
        record = Record()
        _fresh_families(state, record, plan.infos, plan.unseen(state))
        return record
    return plan.fresh(state)  # one family (the game does not say otherwise): one lot


def _fresh_families(
    state: DeclaredState[Any], record: Record, infos: Sequence[ZoneInfo], zones: Sequence[Zone]
) -> None:
    """`fresh_record` of a game of several card families: a lot per family, or per group of families that
    share a deck."""
    family = state.game.card_family
    # A deck's face-up top cards are in no lot: everyone sees them, and nothing is ever dealt in their place.
    held = [zone[: len(zone) - zone.up] if info.deck else zone for info, zone in zip(infos, zones, strict=True)]
    by_family: dict[Hashable, list[Any]] = {}
    for cards in held:
        for card in cards:
            by_family.setdefault(family(card), []).append(card)
    # A deck holds the remainder of one lot, so families a deck holds together (a seat's own deck refilled
    # from a shared discard) are read as one deal, wider than the match's own samples there; a hand's cards keep
    # their families (those of a card drawn from such a deck were open in the match's samples).
    group = {kind: kind for kind in by_family}
    for info, cards in zip(infos, held, strict=True):
        if info.deck and cards:
            kinds = sorted({_root(group, family(card)) for card in cards}, key=repr)
            for kind in kinds[1:]:
                group[kind] = kinds[0]
    dealt: dict[Hashable, list[Any]] = {}
    for kind, cards in sorted(by_family.items(), key=_family_key):
        dealt.setdefault(_root(group, kind), []).extend(cards)
    lot_of_root = {kind: record.new_lot(cards, None) for kind, cards in dealt.items()}
    lots = {kind: lot_of_root[_root(group, kind)] for kind in by_family}
    for info, zone, cards in zip(infos, zones, held, strict=True):
        if not cards:
            continue
        if info.deck:
            record.remainder[info.no] = lots[family(cards[0])]
            continue
        if len(lot_of_root) == 1:
            record.receive_all(info.stream, lots[family(zone[0])], zone)
        else:
            for card in zone:
                record.receive(info.stream, lots[family(card)], card)
        record.show_all(info.stream, zone.face_up_cards())


def resample(state: S, seat: int, rng: Rng, keep_record: bool, even: bool = False) -> S:
    """`sample` or `determinize`; with `even`, a parked card of each kind its slot accepts is equally likely,
    whatever the game's `face_down_weights` say (the leak kit's twins that test those weights)."""
    record = state.record
    if record is None:
        raise ProvenanceError(
            "this state keeps no record to sample: a determinization made for search, or a match played without "
            "one (record=False, or no player samples); a SeatView of it is made with sampling=False"
        )
    layout = state._layout
    zones = layout.zones
    sight = layout.sight(seat)
    streams = sight.streams
    weigh: Callable[[Zone], Mapping[Any, int]]
    if even:  # the declared state's own even weights, whatever the game's
        weigh = functools.partial(even_weights, state)
    else:
        weigh = state.face_down_weights
    face_down = {}
    for no in sight.parked:
        zone = state.zone(no)
        if zone:
            face_down[zones[no].stream] = weigh(zone)
    sizes = {}
    for no in layout.decks:
        zone = state.zone(no)
        if len(zone) > zone.up:  # a deck of face-up cards only has nothing to deal (nor a lot, once read back)
            sizes[no] = len(zone) - zone.up
    # Dealt evenly, a deal is prepared apart from those dealt by the game's weights.
    plan, open_lots = record.deal(seat, streams, sight.own, face_down, sizes, "even" if even else "")
    copy: S = _plan(type(state)).clone(state, keep_record)
    if plan is None:
        _pool_unseen(state, copy, seat, streams, sizes, rng, weigh)
    else:
        world = plan.draw(rng, received=keep_record)
        parked_of = {zones[no].stream: no for no in sight.parked}
        for no, held, down in zip(streams, world.held, world.face_down, strict=True):
            _refill(copy.zone(no), held, zones[no].ordered)
            if down is not None:
                copy.zone(parked_of[no])[:] = [down]
        if copy.record is not None:
            for no, received in zip(streams, world.received, strict=True):
                copy.record.truth[no] = tuple(received)
            # Others' knowledge of the copy differs now; an even deal is kept under its own key.
            copy.record.plans = {("even", seat) if even else seat: (plan, open_lots)}
        if sizes:
            rest = {lot: world.rest[at] for at, lot in enumerate(open_lots)}
            for no, size in sizes.items():
                pool = rest[record.remainder[no]]
                _refill(copy.zone(no), pool[:size], zones[no].ordered)
                del pool[:size]
    for no in sight.canonical:
        copy.zone(no).sort()
    for name in state.secret_names():
        commitments: Commitments = getattr(copy, name)
        commitments.redraw_others(seat, rng, functools.partial(copy.commitment_choices, name))
    copy.rng = rng.spawn()
    return copy


def _pool_unseen(
    state: DeclaredState[Any],
    copy: DeclaredState,
    seat: int,
    streams: Sequence[int],
    sizes: Mapping[int, int],
    rng: Rng,
    weigh: Callable[[Zone], Mapping[Any, int]],
) -> None:
    """The fallback when no crediting of a long history was found: the unseen cards pooled per family and
    dealt anywhere of their family (consistent with the view, not with every lot). The copy's record starts
    afresh, but for `seat` it still deals by pooling: a sample of the copy is then drawn as a sample of this
    state is, and so depends on the seat's view alone."""
    family = state.game.card_family
    zones = state.layout().zones
    parked = [no for no in state.layout().parked if zones[no].stream in streams and state.zone(no)]
    places = [(no, len(state.zone(no)) - state.zone(no).up) for no in streams]
    places += sorted(sizes.items())
    pools: dict[Hashable, list[Any]] = {}
    for no, size in [*places, *((no, 1) for no in parked)]:
        for card in state.zone(no)[:size]:
            pools.setdefault(family(card), []).append(card)
    for cards in pools.values():
        cards.sort()
        rng.shuffle(cards)
    for no in parked:  # a face-down card of a kind its slot accepts, by the game's weights
        pool = pools[family(state.zone(no)[0])]
        weights = weigh(state.zone(no))
        chances = [weights.get(card, 0) for card in pool]
        copy.zone(no)[:] = [pool.pop(rng.weighted(chances))]
    for no, size in places:
        kinds = [family(card) for card in state.zone(no)[:size]]
        _refill(copy.zone(no), [pools[kind].pop() for kind in kinds], zones[no].ordered)
    if copy.record is not None:
        copy.record = copy.fresh_record()
        copy.record.plans = {seat: (None, [])}
