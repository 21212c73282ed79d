"""The declared state (corekit.state), the hand-written zones (corekit.zones) and the board (corekit.board) where an
outside hand-run mutation sweep found no test holding them: each test fails when its code is weakened, and names
that code in a comment."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from corekit import Board, Commitments, Pile, Rng, redeal_unseen
from corekit.state import (
    DeclaredState,
    Hidden,
    ProvenanceError,
    View,
    Zone,
    declare,
    derived,
    draw_pile,
    face_up,
    internal,
    owned,
    public,
)
from tests.corekit.test_state import GAME, LanternState, NoPlay, built


class Bare(NoPlay, DeclaredState):
    """A state the tests below only declare, copy and look at."""


def made(cls: type[DeclaredState], **fields: Any) -> Any:
    return cls(game=GAME, players=2, options=None, rng=Rng(1), **fields)


def dealt() -> LanternState:
    """A two-seat Lanterns position of known cards (a record is kept)."""
    state = built(hands=[[1, 2], [3, 4]], columns=[[2, 4], [3, 1]], pile=[1, 2, 3, 4])
    assert state.record is not None
    return state


# ---- the setup ------------------------------------------------------------------------------------------------------


def test_a_constructor_given_more_zones_than_seats_is_refused_naming_the_field():
    # Pins corekit/state/generated.py `_setup_plan`: `elif len(v) != {players}`: one zone too many was dropped unseen.
    with pytest.raises(ValueError, match=r"^hands needs one zone per seat \(2\), got 3$"):
        built(hands=[[1], [2], [3]])


def test_a_shared_zone_given_as_a_zone_with_face_up_cards_keeps_them_face_up():
    # Pins corekit/state/generated.py `_setup_plan`: a `Zone` given keeps its face-up count (`z.no = ...` only).
    state = built(pile=Zone([1, 2, 3], up=1))
    assert state.pile.up == 1
    assert state.observation(0).pile == Hidden(3, (3,)) and state.observation(1).pile.top_up == 3


def test_a_hidden_zone_of_255_or_256_cards_shows_as_its_size_to_a_seat():
    # Pins corekit/state/generated.py `_zone_view`: `len(z) < 256` picks a shared Hidden of views.py's
    # `_HIDDEN_BY_SIZE`, which must hold one for every size below 256.
    for size in (255, 256):
        state = built(pile=list(range(size)))
        assert state.observation(0).pile == Hidden(size) and len(state.observation(1).pile) == size


# ---- what a public field may hold ------------------------------------------------------------------------------


@declare
class Ledger(Bare):
    table: dict[str, int] = public(factory=dict)
    cache: int = internal(default=5)


def test_a_copy_of_a_state_shares_no_public_dict_with_it():
    # Pins corekit/state/generated.py `_public_copy`: a dict is copied, `dict(s.table)`.
    state = made(Ledger)
    state.table["a"] = 1
    copy = state.clone()
    copy.table["b"] = 2
    assert state.table == {"a": 1} and copy.table == {"a": 1, "b": 2}
    assert state.digest() != copy.digest()


def test_an_internal_fields_default_is_where_every_state_and_every_copy_starts():
    # Pins corekit/state/fields.py `internal`: `attrs.field(default=default, ...)`.
    state = made(Ledger)
    assert state.cache == 5
    state.cache = 7
    assert state.clone().cache == 5


@attrs.frozen
class Spot:
    x: int


@attrs.define
class LooseSpot:
    x: int


@declare
class Spotted(Bare):
    spot: Spot = public(default=Spot(1))


@declare
class LooselySpotted(Bare):
    spot: LooseSpot = public(factory=lambda: LooseSpot(1))


def test_a_frozen_attrs_value_is_shared_by_a_copy_and_a_mutable_attrs_value_is_refused():
    # Pins corekit/state/generated.py `_frozen`: only a frozen attrs class is immutable, copied as it is.
    state = made(Spotted)
    assert state.clone().spot is state.spot and state.observation(0).spot == Spot(1)
    with pytest.raises(TypeError, match=r"^a public field of type .*LooseSpot.* \(spot\): use an immutable type"):
        made(LooselySpotted).clone()


@declare
class SetList(Bare):
    groups: list[set] = public(factory=list)  # type: ignore[type-arg]


@declare
class MaybeList(Bare):
    either: int | list[int] | None = public(default=None)


def test_a_public_list_of_plain_sets_is_refused_since_a_copy_would_share_them():
    # Pins corekit/state/generated.py `_refuse_shared`: `item in (list, dict, set)`: a bare `set` item too.
    with pytest.raises(TypeError, match=r"^a public field of type list\[set\] \(groups\) holds mutable <class 'set'>"):
        made(SetList).clone()


def test_a_public_union_with_a_mutable_member_is_refused_not_read_as_optional():
    # Pins corekit/state/generated.py `_optional_of`: `len(args) == 2`: `int | list[int] | None` is no optional int
    # (copied as it is, the list would be shared by every copy).
    with pytest.raises(TypeError, match=r"^a public field of type int \| list\[int\] \| None \(either\): use an"):
        made(MaybeList).clone()


@declare
class FactoryCache(Bare):
    cache: list[int] = internal(default=attrs.Factory(list))


def test_an_internal_field_made_by_a_factory_is_refused():
    # Pins corekit/state/generated.py `_plan`: a cache reset in every copy takes a plain default.
    with pytest.raises(TypeError, match=r"^FactoryCache\.cache: an internal field takes a plain default$"):
        made(FactoryCache).clone()


def test_a_bytearray_default_is_refused_since_every_state_would_share_it():
    # Pins corekit/state/fields.py `_field`: `list | dict | set | bytearray`.
    with pytest.raises(TypeError, match=r"^a mutable default \(bytearray bytearray\(b'ab'\)\) would be shared"):
        public(default=bytearray(b"ab"))


# ---- views ----------------------------------------------------------------------------------------------------------


class ScoreView(View):
    @property
    def scores(self) -> int:
        return 1


@declare
class Clashing(Bare):
    view_type = ScoreView
    scores: int = public(default=0)


def test_a_view_class_defining_a_declared_field_is_refused_naming_it():
    # Pins corekit/state/generated.py `_view_class`: `if clash: raise TypeError(...)`.
    with pytest.raises(TypeError, match=r"^ScoreView defines scores, which are declared fields of Clashing$"):
        made(Clashing).observation(0)


CALLS: list[int] = []


class CountingView(View):
    @derived
    def doubled(self) -> int:
        CALLS.append(1)
        return 2 * self.score  # type: ignore[attr-defined, no-any-return]


@declare
class Counted(Bare):
    view_type = CountingView
    score: int = public(default=3)


def test_a_derived_property_is_computed_once_per_view():
    # Pins corekit/state/views.py `derived.__get__`: `view.__dict__[self.name] = ...` caches the value.
    CALLS.clear()
    view = made(Counted).observation(0)
    assert (view.doubled, view.doubled, view.doubled) == (6, 6, 6)
    assert len(CALLS) == 1


def test_the_top_up_of_a_hidden_zone_is_its_top_face_up_card():
    # Pins corekit/state/views.py `Hidden.top_up`: `self.up[-1]`, the last of the face-up cards, bottom first.
    state = built(hands=[[1, 2], [3, 4]], columns=[[2, 4, 1], [3]], pile=[1, 2, 3, 4])
    state.reveal_top(state.columns[0])
    state.reveal_top(state.columns[0])
    shown = state.observation(1).columns[0]
    assert shown.up == (4, 1) and shown.top_up == 1 and Hidden(2).top_up is None


@declare
class TwinLanterns(LanternState):
    pass


def test_views_of_two_state_classes_are_never_equal_even_with_equal_values():
    # Pins corekit/state/views.py `View.__eq__`: `type(other) is type(self)`.
    zones = {"hands": [[1, 2], [3, 4]], "pile": [1, 2]}
    state = built(**zones)
    twin = TwinLanterns(game=GAME, players=2, options=None, rng=Rng(1), bids=Commitments(range(2)), **zones)
    assert state.observation(0)._values == twin.observation(0)._values
    assert state.observation(0) != twin.observation(0)


def test_a_hidden_zone_in_the_full_view_is_written_with_its_cards():
    # Pins corekit/state/views.py `Hidden.__repr__`: `cards=` in the full view, not in a seat's.
    state = built(hands=[[1], [2]], pile=[3, 1])
    assert repr(state.observation(None).pile) == "Hidden(2, cards=(3, 1))"
    assert repr(state.observation(0).pile) == "Hidden(2)"


# ---- moves ----------------------------------------------------------------------------------------------------------


def test_drawing_the_top_of_a_face_up_pile_is_allowed_where_a_record_is_kept():
    # Pins corekit/state/moves.py `_drawable`: only a zone with no order that some seat cannot see is refused.
    state = built(hands=[[1, 2], [3, 4]], columns=[[2, 4], [3, 1]], pile=[1, 2], discard=[3, 4])
    assert state.record is not None
    assert state.draw(state.discard, state.hands[0]) == [4] and list(state.discard) == [3]


@pytest.mark.parametrize("how", ["move", "take_out"])
def test_a_card_revealed_in_a_hand_and_then_played_leaves_samples_the_other_seat_cannot_tell_apart(how: str):
    # Pins corekit/state/moves.py `move`: `self._track(card, src, dst, src.up < up, at)`, and `take_out`:
    # `if src.up < up: return`: a card everyone saw face up is not shown a second time in the record.
    state = dealt()
    shown = state.reveal_top(state.hands[1])
    if how == "move":
        state.move(shown, state.hands[1], state.discard)
    else:
        state.take_out(shown, state.hands[1])
    for key in range(10):
        assert state.sample(0, Rng(key)).observation(0) == state.observation(0)


def test_draw_or_reshuffle_from_an_empty_deck_and_discard_gives_none_and_moves_nothing():
    # Pins corekit/state/moves.py `draw_or_reshuffle`: `if not discard: return None`.
    state = built(hands=[[1, 2], [3, 4]], columns=[[2, 4], [3, 1]], pile=[], discard=[])
    assert state.draw_or_reshuffle(state.pile, state.discard, state.hands[0]) is None
    assert list(state.hands[0]) == [1, 2] and state.pile == [] and state.discard == []


def test_moving_a_card_a_copy_of_a_zone_does_not_hold_says_the_zone_is_not_the_states():
    # Pins corekit/state/moves.py `_refuse_missing`: `self.zone(src.no) is src`: a copy has the zone's number.
    state = dealt()
    with pytest.raises(ValueError, match=r"^move\(\): 9 is not in a zone that is not this state's \(it holds 2 card"):
        state.move(9, state.hands[0].copy(), state.discard)


def test_moving_a_card_of_an_internal_field_names_it_an_internal_field():
    # Pins corekit/state/moves.py `_not_a_zone`: `article = "an" if decl.kind[0] in "aeiou" else "a"`.
    state = dealt()
    state.cache = [1]
    with pytest.raises(TypeError, match=r"^move\(\): cache is an internal field, not a zone; declare cards that move"):
        state.move(1, state.cache, state.discard)


def test_a_sample_of_a_state_whose_every_card_was_revealed_is_that_state():
    # Pins corekit/state/moves.py `reveal_all`: `if down and not info.deck`: a deck is turned up card by card through
    # `reveal_top`, which the record keeps as turned from its lot, not as shown by a hand.
    state = dealt()
    state.reveal_all()
    assert state.pile.up == 4 and all(zone.up == len(zone) for zone in state.hands)
    for key in range(3):
        sampled = state.sample(0, Rng(key))
        assert sampled.zones() == state.zones() and sampled.observation(None) == state.observation(None)


@declare
class TwoDecks(Bare):
    deck: Zone = draw_pile()
    spare: Zone = draw_pile()
    hands: list[Zone] = owned()


def test_dealing_several_cards_from_one_deck_into_another_is_refused_as_one_card_is():
    # Pins corekit/state/moves.py `_track_all`: `or target.deck`: a deal into a deck goes through `_track`, refused.
    for n in (1, 2):
        state = made(TwoDecks, deck=[1, 2, 3], spare=[], hands=[[], []])
        with pytest.raises(ProvenanceError, match=r"^a card cannot go into the deck spare but by reshuffle or gather$"):
            state.draw(state.deck, state.spare, n)


def test_dealing_two_cards_at_once_into_a_parked_slot_is_refused_as_dealing_them_one_at_a_time_is():
    # corekit/state/moves.py: a multi-card deal from a deck was recorded with `record.receive_all`, without the
    # one-card check `_track` makes for a parked slot; the slot then held two face-down cards and every sample of
    # the other seat dealt it one (its view differed from the state's).
    state = dealt()
    state.draw(state.pile, state.slots[1])
    with pytest.raises(ProvenanceError, match=r"^slots 1 already holds a card face down"):
        state.draw(state.pile, state.slots[1])
    state = dealt()
    with pytest.raises(ProvenanceError, match=r"^slots 1 cannot take 2 cards face down at once: a parked slot holds"):
        state.draw(state.pile, state.slots[1], 2)


@declare
class Dice(Bare):
    cups: list[Zone] = owned(ordered=True)
    bag: Zone = draw_pile()
    tray: Zone = face_up()


def test_a_roll_takes_no_token_lying_face_up_on_the_bag():
    # Pins corekit/state/moves.py `roll`: `bag.index(face, 0, len(bag) - bag.up)`: the face-up token stays where the
    # table sees it; with none of that face face down the roll is refused, the bag as it was.
    state = made(Dice, cups=[[], []], bag=[2, 1], tray=[])
    assert state.reveal_top(state.bag) == 1
    with pytest.raises(ValueError, match=r"^roll: bag holds no face-down token of face 1: give it, of each face, as"):
        state.roll(state.bag, state.tray, (1,))
    assert list(state.bag) == [2, 1] and state.bag.up == 1 and state.tray == []


def test_rolling_no_dice_moves_nothing_refuses_nothing_and_records_no_roll():
    # Pins corekit/state/moves.py `roll`: `if up and count and ...` (no refusal onto a cup showing a die when no die
    # moves) and `if self.record is not None and count` (no roll recorded).
    state = made(Dice, cups=[[1], [2]], bag=[1, 1, 2, 2], tray=[])
    state.reveal_top(state.cups[0])
    rolled = dict(state.record.rolled)
    assert state.roll(state.bag, state.cups[0], (1, 2), 0) == []
    assert list(state.cups[0]) == [1] and len(state.bag) == 4 and state.record.rolled == rolled


# ---- commitments ----------------------------------------------------------------------------------------------------

SEEN: list[tuple[tuple[int, ...], dict[int, Any]]] = []


@declare
class WatchedLanterns(LanternState):
    def legal_actions(self, seat: int) -> list[int]:
        SEEN.append((self.bids.waiting, dict(self.bids.chosen)))
        return LanternState.legal_actions(self, seat)


def test_a_seat_asked_what_it_could_have_committed_is_shown_waiting_in_seat_order_without_its_commitment():
    # Pins corekit/state/declared.py `commitment_choices`: the seat's own commitment is left out
    # (`if other != seat`) and `waiting` stays in seat order (`tuple(sorted(...))`) while its legal actions are
    # asked; both are put back after.
    state = WatchedLanterns(
        game=GAME, players=3, options=None, rng=Rng(1), bids=Commitments(range(3)), hands=[[1, 2], [3, 4], [1, 3]]
    )
    state.bids.commit(2, 3)
    state.bids.commit(0, 1)
    SEEN.clear()
    assert state.commitment_choices("bids", 0) == [1, 2]
    assert SEEN == [((0, 1), {2: 3})]
    assert state.bids.waiting == (1,) and list(state.bids.chosen.items()) == [(2, 3), (0, 1)]


# ---- corekit.zones --------------------------------------------------------------------------------------------------


def test_a_pile_keeps_no_hold_on_the_list_it_was_made_from():
    # Pins corekit/zones.py `Pile.__init__`: `list(cards)`.
    cards = [1, 2, 3]
    pile = Pile(cards)
    pile.draw()
    pile.put(9)
    assert cards == [1, 2, 3] and pile.cards == [1, 2, 9]


def test_a_pile_made_from_counts_may_lie_face_up_and_writes_itself_as_made():
    # Pins corekit/zones.py `Pile.from_counts` (its `face_up`) and `Pile.__repr__`.
    pile = Pile.from_counts([("a", 2), ("b", 1)], face_up=True)
    assert pile.face_up and repr(pile) == "Pile(['a', 'a', 'b'], face_up=True)"


def test_redealing_unseen_cards_pools_them_in_the_order_of_the_key_given():
    # Pins corekit/zones.py `redeal_unseen`: `sorted(..., key=key)`: cards that do not order together are pooled
    # by the key, and the deal depends only on which cards are unseen.
    a, b = [1], ["a", (2,)]
    c, d = [(2,)], ["a", 1]
    redeal_unseen(Rng(5), [a, b], key=repr)
    redeal_unseen(Rng(5), [c, d], key=repr)
    assert (a, b) == (c, d) and (len(a), len(b)) == (1, 2)
    assert sorted([*a, *b], key=repr) == ["a", (2,), 1]


# ---- corekit.board --------------------------------------------------------------------------------------------------


def test_equal_tie_break_keys_are_broken_by_space_name():
    # Pins corekit/board.py `shortest_path`: `min(options, key=lambda s: (key(s), s))`, not the order edges were given.
    board = Board(["s", "b", "a", "g"], [("s", "b"), ("s", "a"), ("b", "g"), ("a", "g")])
    assert board.shortest_path("s", "g", tie_break=lambda space: 0) == ["s", "a", "g"]


def test_a_path_never_steps_onto_a_space_from_which_the_goal_cannot_be_reached():
    # Pins corekit/board.py `shortest_path`: `dist.get(there, -1) == dist[here] - 1`: a neighbour with no way on
    # to the goal (a slide down into a pit) is no step of the path, though first by name.
    board = Board(["s", "a", "g"], [("s", "a", "slide"), ("s", "g")])

    def downhill_only(a: str, b: str, kind: str) -> bool:
        return kind != "slide" or a == "s"

    assert board.shortest_path("s", "g", downhill_only) == ["s", "g"]


def test_a_start_among_the_candidates_is_the_nearest_at_no_distance():
    # Pins corekit/board.py `nearest`: every reachable candidate counts, the start itself at distance 0.
    board = Board(["a", "b"], [("a", "b")])
    assert board.nearest("a", ["a", "b"]) == (0, ["a"])
    assert board.nearest("a", ["b"]) == (1, ["b"])
