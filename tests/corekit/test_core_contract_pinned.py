"""Rules of the generator, digests and the game contract that a mutation sweep found no test holding.

The generator's streams are checked against the straightforward reference below (SplitMix64 one draw at a time,
Lemire's multiply-shift computing its rejection threshold on every draw), never against values it produced itself.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import NamedTuple

import attrs
import pytest

from corekit import Rng, default_registry, derive_seed
from corekit.codes import search_rows, whole_count
from corekit.determinism import fingerprints, other_processes
from corekit.digest import digest
from corekit.game import GameError, IllegalAction, logged_since
from corekit.options import OptionError
from corekit.redeal import DIE, Lay, Move, Redeal
from corekit.walks import as_data, holds_nan, mutable, parts_of, shared_with_original
from tests.corekit.test_game import Choosing, ChoosingState
from tests.corekit.test_state import Lanterns
from tests.corekit.toy_game import ToyGame

MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15
MUL1, MUL2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * MUL1) & MASK
    z = ((z ^ (z >> 27)) * MUL2) & MASK
    return z ^ (z >> 31)


def draw(state: int) -> tuple[int, int]:
    """SplitMix64: the next state and its 64-bit output."""
    state = (state + GOLDEN) & MASK
    return state, mix(state)


def lemire(state: int, n: int) -> tuple[int, int]:
    """The next state and a uniform integer below `n`: reject a low word below 2**64 mod n, draw again."""
    threshold = 2**64 % n
    while True:
        state, x = draw(state)
        if (x * n) & MASK >= threshold:
            return state, (x * n) >> 64


def fisher_yates(state: int, items: list[int]) -> int:
    """Shuffle `items` from the end, one `lemire` draw a card; the final state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = lemire(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def _unshift(y: int, k: int) -> int:
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def seed_drawing(x: int, at: int = 1) -> int:
    """A seed whose draw number `at` (from 1) outputs `x`: the mixing undone step by step."""
    z = _unshift(x, 31)
    z = (z * pow(MUL2, -1, 2**64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(MUL1, -1, 2**64)) & MASK
    return (_unshift(z, 30) - at * GOLDEN) & MASK


# rng.py `_below_rare`: the threshold is 2**64 mod n, a low word redrawn while below it (not at it, not once).
def test_a_low_word_equal_to_the_threshold_is_kept_and_one_below_it_is_drawn_again() -> None:
    n = 2**63 + 1  # 2**64 mod n is 2**63 - 1
    assert Rng(seed_drawing(MASK)).next64() == MASK
    on = Rng(seed_drawing(MASK))  # (2**64 - 1) * n leaves a low word of 2**63 - 1: kept
    assert on.below(n) == (MASK * n) >> 64 == 2**63 and on.state == (seed_drawing(MASK) + GOLDEN) & MASK
    under = Rng(seed_drawing(2**63 - 2))  # a low word of 2**63 - 2: drawn again
    state, expected = lemire(seed_drawing(2**63 - 2), n)
    assert under.below(n) == expected and under.state == state != (seed_drawing(2**63 - 2) + GOLDEN) & MASK


# rng.py `below`: a bound just past 2**63 rejects about half of all draws, so twice in a row is common.
@pytest.mark.parametrize("n", [2**63 + 1, 3 * 2**62 + 7, 2**64 - 1, 2**63, 6, 10**18 + 9, 2**64])
def test_below_is_lemires_multiply_shift_rejecting_low_words_under_2_to_the_64_mod_n(n: int) -> None:
    redrawn = 0
    for seed in range(300):
        rng = Rng(seed)
        state, expected = lemire(seed, n)
        assert rng.below(n) == expected and rng.state == state, (seed, n)
        redrawn += state != (seed + GOLDEN) & MASK
    if n == 2**63 + 1:
        assert redrawn > 100  # the rare path ran, redrawing more than once at times


# rng.py `below`: a bound below 1 is refused in one line naming it, and nothing is drawn.
@pytest.mark.parametrize("n", [0, -3])
def test_a_bound_below_one_is_refused_naming_it(n: int) -> None:
    rng = Rng(4)
    with pytest.raises(ValueError) as refused:
        rng.below(n)
    assert str(refused.value) == f"below() needs a positive bound, got {n}" and rng.state == 4


# rng.py `_shuffle_from`: a rejected draw in a short list (below 5 cards) or a long one (past 513) hands its state to
# `_below_rare` and takes it back. A state of 0 outputs 0, which every bound that is not a power of two rejects.
@pytest.mark.parametrize(("size", "at"), [(3, 1), (3, 2), (4, 2), (4, 3), (600, 1), (600, 2), (600, 300), (600, 598)])
def test_a_shuffle_outside_the_lanes_whose_draw_is_rejected_draws_again_as_lemire_does(size: int, at: int) -> None:
    seed = (-at * GOLDEN) & MASK
    rng, expected = Rng(seed), list(range(size))
    state = fisher_yates(seed, expected)
    got = list(range(size))
    rng.shuffle(got)
    assert got == expected and rng.state == state


@pytest.mark.parametrize("size", [2, 3, 5, 28, 513, 514])
def test_a_shuffle_is_fisher_yates_from_the_end_by_lemire_draws(size: int) -> None:
    for seed in (0, 1, 2**64 - 1, 12345678901234567890):
        rng, expected = Rng(seed), list(range(size))
        state = fisher_yates(seed, expected)
        got = list(range(size))
        rng.shuffle(got)
        assert got == expected and rng.state == state


# rng.py `spawn`: the child is seeded by the mix of the parent's next output xor 0x5DEECE66D.
def test_a_spawned_generator_is_seeded_by_the_mix_of_the_parents_next_draw_xor_a_constant() -> None:
    for seed in (0, 10, 2**64 - 1):
        parent = Rng(seed)
        state, x = draw(seed)
        assert parent.spawn().state == mix(x ^ 0x5DEECE66D) and parent.state == state


# rng.py `random`: the top 53 bits of one draw, scaled by 2**-53.
def test_a_random_float_is_the_top_53_bits_of_one_draw() -> None:
    for seed in (0, 1, 7, 2**64 - 1):
        assert Rng(seed).random() == (draw(seed)[1] >> 11) / 2**53
    assert Rng(seed_drawing(MASK)).random() == 1 - 2**-53 and Rng(seed_drawing(0)).random() == 0.0


# rng.py `die`, `dice` (the default of six sides), `choice` (every item, the last too) and `weighted`.
def test_a_die_has_six_sides_unless_told_and_each_roll_is_one_lemire_draw() -> None:
    rng, state, expected = Rng(42), 42, []
    for _ in range(200):
        state, face = lemire(state, 6)
        expected.append(1 + face)
    assert [rng.die() for _ in range(100)] + rng.dice(100) == expected and rng.state == state


def test_a_choice_picks_the_item_at_one_lemire_draw_below_the_length() -> None:
    rng, state, expected = Rng(5), 5, []
    for _ in range(60):
        state, index = lemire(state, 3)
        expected.append("abc"[index])
    assert [rng.choice("abc") for _ in range(60)] == expected and set(expected) == set("abc")


def test_a_weighted_draw_walks_the_weights_with_one_draw_below_their_sum() -> None:
    weights = [2, 0, 1, 5]
    rng, state = Rng(9), 9
    for _ in range(200):
        state, pick = lemire(state, 8)
        assert rng.weighted(weights) == [0, 0, 2, 3, 3, 3, 3, 3][pick]
    assert rng.state == state


@pytest.mark.parametrize(
    ("weights", "says"),
    [
        ([], "weighted() needs at least one weight"),
        ([0, 0], "weighted() needs a weight above 0, got [0, 0]"),
        ([3, -1, 2], "weighted() needs weights of at least 0, got -1 at index 1"),  # its sum is 4: it drew before
        ([0] * 9, "weighted() needs a weight above 0, got [0, 0, 0, 0, 0, 0, 0, 0] ..."),
    ],
)
def test_a_weighted_draw_refuses_a_negative_weight_and_a_zero_total_naming_itself(
    weights: list[int], says: str
) -> None:
    rng = Rng(4)
    with pytest.raises(ValueError) as refused:
        rng.weighted(weights)
    assert str(refused.value) == says and rng.state == 4  # nothing drawn


# rng.py `derive_seed`: one mixing step per UTF-8 byte of a string (then a terminator), one per int masked to 64 bits.
def _derived(seed: int, *keys: int | str) -> int:
    z = mix((seed + GOLDEN) & MASK)
    for key in keys:
        if isinstance(key, str):
            for byte in key.encode("utf-8", "surrogatepass"):
                z = mix(((z ^ byte) + GOLDEN) & MASK)
            z = mix((z + 0xFF) & MASK)
        else:
            z = mix(((z ^ (key & MASK)) + GOLDEN) & MASK)
    return z


@pytest.mark.parametrize(
    "keys",
    [
        (),
        ("a", 2),
        (1,),
        (3, 5, 7),
        ("déjà", "вор", "🐻"),
        (-1, 2**64 + 3),
        ("", 0),
        ("match", 12, "seat"),
        ("\udcff",),
    ],
)
def test_a_derived_seed_mixes_each_utf8_byte_and_each_int_key_in_turn(keys: tuple[int | str, ...]) -> None:
    for seed in (0, 7, 2**64 - 1, -5):
        assert derive_seed(seed, *keys) == _derived(seed, *keys)
    assert derive_seed(3, 2**64 + 9) == derive_seed(3, 9) and derive_seed(3, -1) == derive_seed(3, 2**64 - 1)


# rng.py `Rng.__init__`, `__eq__`, `__repr__`: the state is the seed's 64 bits, and a generator equals another of its
# state only.
def test_a_generator_keeps_its_seeds_low_64_bits_and_equals_only_a_generator_in_the_same_state() -> None:
    assert Rng(-1).state == 2**64 - 1 and Rng(2**64 + 5).state == 5 and Rng(2**64 + 5) == Rng(5)
    assert Rng(1) != Rng(2) and Rng(1) != 1
    assert repr(Rng(255)) == "Rng(0xff)"


def _blake(canonical: bytes) -> str:
    return hashlib.blake2b(canonical, digest_size=8).hexdigest()


# digest.py `_bytes`, `_set`, `_mapping`, `_key`, `_float`: each value's canonical bytes, written out here by hand.
@pytest.mark.parametrize(
    ("value", "canonical"),
    [
        (b"ab", b"b2:ab"),
        ("ab", b"s2:ab"),
        ({16, 8}, b"<i16;i8;>"),  # sorted by their bytes, not by the set's order
        (frozenset({(2, 1), (1, 2)}), b"<(i1;i2;)(i2;i1;)>"),
        ({(2, 1): "x", (1, 2): None}, b"{(i1;i2;)N(i2;i1;)s1:x}"),
        ([2.5, -0.0], b"(f0x1.4000000000000p+1;f-0x0.0p+0;)"),
        ((None, False, 1), b"(NFi1;)"),
    ],
)
def test_a_digest_is_the_blake2b_of_the_values_canonical_bytes(value: object, canonical: bytes) -> None:
    assert digest(value) == _blake(canonical)


def test_a_set_digests_alike_whatever_order_it_was_filled_in_but_unlike_a_tuple_or_text_of_the_same_items() -> None:
    filled, refilled = set(), set()
    for item in (8, 16, 24):
        filled.add(item)
    for item in (24, 16, 8):
        refilled.add(item)
    assert list(filled) != list(refilled)  # the same set iterated in another order
    assert digest(filled) == digest(refilled) == digest(frozenset(refilled))
    assert digest({1, 2}) != digest((1, 2)) and digest(b"x") != digest("x")


# game.py `State.digest`: the fingerprint of the full truth holds the generator's state (the chance still to come).
def test_a_states_digest_changes_when_only_its_generator_moves() -> None:
    state = ToyGame().initial_state(2, 3)
    before = state.digest()
    state.rng.next64()
    assert state.digest() != before
    assert state.digest() == digest((state.observation(None), state.rng.state))


# game.py `make_options`: a replay header's options (`typed`) must already be of their types; typed text is converted.
def test_typed_options_refuse_text_that_typed_in_options_would_convert() -> None:
    race = default_registry().game("grizzly-race")
    assert race.make_options({"stall_rounds": "7"}).stall_rounds == 7
    assert race.make_options({"stall_rounds": 7}, typed=True).stall_rounds == 7
    with pytest.raises(OptionError) as refused:
        race.make_options({"stall_rounds": "7"}, typed=True)
    assert str(refused.value) == "grizzly-race: option 'stall_rounds' needs an integer, got '7'"


# game.py `_same_types`: equal actions must have the same types inside nested tuples too.
def test_a_nested_tuple_equal_to_an_offered_one_but_with_a_bool_or_float_inside_is_refused() -> None:
    state = Choosing([(("go", 1),), ("stop",)]).initial_state(1, 0)
    for wrong in ((("go", True),), (("go", 1.0),)):
        with pytest.raises(IllegalAction, match=r"^\(\('go', .*\),\) is not a legal action for seat 0: it equals one"):
            state.apply(0, wrong)
    assert state.chosen == []
    state.apply(0, (("go", 1),))
    assert state.chosen == [(("go", 1),)]


# game.py `initial_state`: True is not a count of players, even for a game of one seat.
def test_a_one_seat_game_refuses_true_for_its_player_count() -> None:
    with pytest.raises(GameError) as refused:
        Choosing([1]).initial_state(True, 0)
    assert str(refused.value) == "choosing needs 1 player, got True"


class EveryoneOffered(ChoosingState):
    """Offers its actions to any seat that asks (against the contract): the core still asks `to_act` first."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[object]:
        return list(self.game.offer)


class Careless(Choosing):
    def _setup(self, players: int, seed: int, options: object) -> EveryoneOffered:
        return EveryoneOffered(self, players, Rng(seed))


def test_a_seat_not_to_act_is_refused_even_when_the_game_offers_it_actions() -> None:
    state = Careless([1]).initial_state(1, 0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, 1)
    assert str(refused.value) == "seat 1 may not act now (to act: seat 0)" and state.chosen == []


# game.py `_refuse`: who may act, an action that only reads as a legal one, and a game whose `_offers` disagrees.
def test_a_seat_out_of_turn_is_told_who_is_to_act_or_that_the_game_is_over() -> None:
    state = ToyGame().initial_state(3, 0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, state.legal_actions(0)[0])
    assert str(refused.value) == "seat 1 may not act now (to act: seat 0)"
    finished = Choosing([1]).initial_state(1, 0)
    finished.apply(0, 1)
    with pytest.raises(IllegalAction) as refused:
        finished.apply(0, 1)
    assert str(refused.value) == "seat 0 may not act now (to act: nobody, the game is over)"


def test_an_action_of_another_type_that_reads_as_a_legal_one_is_refused_saying_so() -> None:
    state = Choosing(["3", "4"]).initial_state(1, 0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, 3)
    assert str(refused.value) == (
        "3 is not a legal action for seat 0: it reads as '3', which is legal, but is an int, not a str"
    )


class DisagreeingState(ChoosingState):
    __slots__ = ()

    def _offers(self, seat: int, action: object) -> bool:
        return False


class Disagreeing(Choosing):
    def _setup(self, players: int, seed: int, options: object) -> DisagreeingState:
        return DisagreeingState(self, players, Rng(seed))


def test_a_game_whose_offers_refuses_an_offered_action_is_blamed_not_the_player() -> None:
    state = Disagreeing([7]).initial_state(1, 0)
    with pytest.raises(RuntimeError) as blamed:
        state.apply(0, 7)
    assert str(blamed.value) == "choosing: _offers refused 7, which legal_actions offers seat 0"


# game.py `logged_since`: the events after the first `since` of `said`, with a line for those the log no longer keeps.
def test_the_events_since_an_observation_are_the_logs_latest_with_a_line_for_those_it_dropped() -> None:
    log = ("c", "d", "e")  # the latest 3 of 5 events
    assert logged_since(log, 5, 5) == [] and logged_since(log, 5, 4) == ["e"]
    assert logged_since(log, 5, 2) == ["c", "d", "e"]  # exactly what the log keeps: no line about missing ones
    assert logged_since(log, 5, 1) == ["(1 earlier event not kept)", "c", "d", "e"]
    assert logged_since(log, 5, 0) == ["(2 earlier events not kept)", "c", "d", "e"]


# game.py `Game.decode_action`: a replay's nested lists come back as the nested tuples the game offered.
def test_a_decoded_action_turns_every_nested_list_back_into_a_tuple() -> None:
    assert ToyGame().decode_action([["go", [1, 2]], 3, "x"]) == (("go", (1, 2)), 3, "x")
    assert ToyGame().decode_action(5) == 5


# redeal.py `Redeal.shuffled`: with `down`, only the cards under the face-up top ones are dealt again, and a pin never
# moves a face-up card.
def test_another_deal_of_a_deck_with_face_up_top_cards_shuffles_only_the_cards_under_them() -> None:
    for seed in range(20):
        deck, under = list("abcdef"), list("abcd")
        Redeal(Rng(seed)).shuffled(deck, 0, down=4)
        Rng(seed).shuffle(under)
        assert deck == [*under, "e", "f"]
        pinned = list("abcdef")
        Redeal(Rng(seed), pins={0: {5: "a", 0: "c"}}).shuffled(pinned, 0, down=4)
        assert pinned[0] == "c" and pinned[4:] == ["e", "f"] and sorted(pinned) == list("abcdef")


# redeal.py `Lay.holds`: a deck holds what its trace says only with the same number of cards.
def test_a_deck_holding_more_or_fewer_cards_than_its_trace_says_does_not_hold_it() -> None:
    lay = Lay(0, [1, 2, 3])
    assert lay.holds([1, 2, 3])
    assert not lay.holds([1, 2]) and not lay.holds([1, 2, 3, 4]) and not lay.holds([])
    trace = Redeal()
    trace.shuffled([1, 2, 3], 5)
    trace.untrace_changed({5: [1, 2, 3, 3]})  # a card put on the deck by hand
    assert not trace.lays[0].traced


# redeal.py `Redeal.traced`: a die says where it was whatever became of the decks; `shuffled`: a deck shuffled again
# remembers the cards of its earlier shuffle only while that one is traced.
def test_a_die_is_always_traced_and_a_reshuffle_after_an_untraced_one_remembers_nothing() -> None:
    trace = Redeal()
    assert trace.traced(Move(DIE, 0, 1, "six"))  # no deck shuffled at all
    trace.shuffled([1, 2, 3], 5)
    trace.left(5, 9, 0, 0)  # not the card the trace says lay there
    assert not trace.lays[0].traced and trace.traced(Move(DIE, 1, 1, "two"))
    trace.shuffled([2, 3], 5)
    assert trace.lays[1].before is None


# walks.py `parts_of` (slots named by one string, named tuples by field), `holds_nan` (inside attrs classes),
# `mutable` (a frozen attrs class is not), `shared_with_original` (the same field is the play test's to find).
class Slotted:
    __slots__ = "card"

    def __init__(self, card: int) -> None:
        self.card = card


class Pair(NamedTuple):
    x: int
    y: int


@attrs.frozen
class Reading:
    value: float


@attrs.define
class Tally:
    count: int


def test_the_parts_of_a_value_name_a_single_slot_and_a_named_tuples_fields() -> None:
    assert parts_of(Slotted(3)) == [(".card", 3)]
    assert parts_of(Pair(1, 2)) == [(".x", 1), (".y", 2)]


def test_a_nan_inside_an_attrs_value_is_found_and_a_frozen_attrs_value_is_not_mutable() -> None:
    assert holds_nan((1, [Reading(float("nan"))])) and not holds_nan((1, [Reading(0.5)]))
    assert not mutable(Reading(0.5)) and mutable(Tally(0))


def test_a_clone_sharing_a_value_is_named_only_where_it_holds_it_in_another_place() -> None:
    state = Lanterns().initial_state(2, 0)
    copy = state.clone()
    copy.scores = state.scores  # the original's own list in its own field: the play test's to find
    assert shared_with_original(state, copy) is None
    copy.scores = [state.scores]
    assert shared_with_original(state, copy) == ("scores[0]", "scores")


def test_a_clone_holding_the_originals_slotted_commitments_elsewhere_is_named() -> None:
    # Commitments (like TurnOrder and a game's own helper classes) keep their values in slots, not a __dict__.
    state = Lanterns().initial_state(2, 0)
    copy = state.clone()
    assert mutable(state.bids) and mutable(Slotted(3))
    copy.scores = [state.bids]
    assert shared_with_original(state, copy) == ("scores[0]", "bids")


# walks.py `as_data`: an object met again is written by its number in the walk, so which one recurs shows; a dict's
# items go by key.
def test_an_object_met_again_is_written_by_its_number_so_which_one_recurs_is_told_apart() -> None:
    a, b = [1], [2]
    assert as_data([a, b, b])[1][2] == ("[2]", ("met", 2))
    assert as_data([a, b, a])[1][2] == ("[2]", ("met", 1))
    assert as_data({"b": 1, "a": 2}) == as_data({"a": 2, "b": 1})  # a dict by its keys, whatever order it was filled in


# codes.py `search_rows`: one malformed row drops all of a player's statistics; `whole_count`: counts start at 0.
def test_one_malformed_statistics_row_drops_them_all_and_an_unchoosable_one_only_itself() -> None:
    def anything(code: object) -> bool:
        return True

    assert search_rows([[1, 2, 0.5], ["x", 3, 0.25]], anything) == [(1, 2, 0.5), ("x", 3, 0.25)]
    assert search_rows([[1, 2, 0.5], ["x", 3, 0.25]], lambda code: code != 1) == [("x", 3, 0.25)]
    for bad in (["x", -1, 0.25], ["x", 3, float("inf")], ["x", 3], [True, 3, 0.25]):
        assert search_rows([[1, 2, 0.5], bad], anything) == []


@pytest.mark.parametrize(("value", "whole"), [(0, True), (2**64 - 1, True), (3.0, True), (-1, False), (2**64, False)])
def test_a_visit_count_is_a_whole_number_from_0_in_64_bits(value: object, whole: bool) -> None:
    assert whole_count(value) is whole


# determinism.py `fingerprints`: each seeded random match hashes every step's seat, legal count and action code, then
# the final state's digest; the actions are drawn by a generator of the match's own seed.
def test_a_match_fingerprint_hashes_every_step_to_the_bound_and_the_final_digest() -> None:
    game = ToyGame()
    for index, got in enumerate(fingerprints(game, 2, 3, seed=4)):
        match_seed = derive_seed(4, "determinism", "toy", 2, index)
        state, rng, walk = game.initial_state(2, match_seed), Rng(match_seed), hashlib.blake2b(digest_size=8)
        for _ in range(6):  # the toy game's bound: every match ends there
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
            walk.update(json.dumps([seat, len(legal), action]).encode())
            state.apply(seat, action)
        assert state.is_terminal
        walk.update(state.digest().encode())
        assert got == walk.hexdigest()
    changed = fingerprints(game, 2, 3, seed=4, options={"bug": "creates-cards"})  # the same moves, another end
    assert all(a != b for a, b in zip(changed, fingerprints(game, 2, 3, seed=4), strict=True))


# determinism.py `main`: the child plays with the options the parent played with.
def test_a_game_with_options_plays_the_same_in_the_child_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAMPFIRE_PLUGINS", "tests.corekit.fixtures.hash_order_plugin")
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]))
    assert other_processes(ToyGame(), 2, 3, seed=0, options={"bug": "creates-cards"}) is None


# game.py `_type_names`: a nested tuple's parts are named all the way down (it said "is a tuple of tuple, not a tuple
# of tuple", contradicting itself).
def test_a_refused_nested_tuple_names_the_types_inside_it() -> None:
    state = Choosing([(("go", 1),)]).initial_state(1, 0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, (("go", True),))
    assert str(refused.value) == (
        "(('go', True),) is not a legal action for seat 0: it equals one, but is a tuple of (str, bool), not a tuple "
        "of (str, int)"
    )


# game.py `_refuse`: a tuple reading as a legal one whose parts differ in type only is told apart from it (it was
# "play 3 is not a legal action", though "play 3" was legal).
def test_a_tuple_that_reads_as_a_legal_one_says_how_its_parts_differ() -> None:
    game = Choosing([("play", 3)])
    game.action_text = lambda action: " ".join(map(str, action))  # type: ignore[method-assign]
    with pytest.raises(IllegalAction) as refused:
        game.initial_state(1, 0).apply(0, ("play", "3"))
    assert str(refused.value) == (
        "('play', '3') is not a legal action for seat 0: it reads as 'play 3', which is legal, but is a tuple of str, "
        "str, not a tuple of str, int"
    )


# game.py `_whole_seed`: a seed below -2**63 would deal another seed's match (-2**64 + 5 deals seed 5's).
def test_a_seed_below_minus_two_to_the_63_is_refused_and_minus_two_to_the_63_taken() -> None:
    with pytest.raises(GameError, match=r"^toy: a negative seed is at least -2\*\*63, not -18446744073709551611$"):
        ToyGame().initial_state(2, 5 - 2**64)
    assert ToyGame().initial_state(2, -(2**63)).digest() == ToyGame().initial_state(2, 2**63).digest()


# game.py `_refuse`: two actions of the same types that a game's texts do not tell apart are no "reads as" case.
def test_an_illegal_action_sharing_a_legal_ones_text_and_types_is_simply_not_legal() -> None:
    game = Choosing([("play", 3)])
    game.action_text = lambda action: action[0]  # type: ignore[method-assign]
    with pytest.raises(IllegalAction) as refused:
        game.initial_state(1, 0).apply(0, ("play", 4))
    assert str(refused.value) == "play is not a legal action for seat 0"
