"""The observation encoding: leaves by path, a string and a hashed 0/1 vector that are the same for two
states a seat cannot tell apart and the same whatever order a set was built in."""

from __future__ import annotations

import enum

import attrs
import pytest

from corekit import Rng
from corekit.interop.encoding import FEATURES, leaves, observation_features, observation_text
from corekit.plugins import default_registry
from tests.corekit.interop.conftest import every_shape


@attrs.frozen
class Seen:
    hand: tuple[int, ...]
    marks: frozenset[str]
    scores: dict[int, int]
    note: str | None = None


def test_leaves_are_named_by_field_index_and_key():
    seen = Seen((3, 1), frozenset({"b", "a"}), {2: 5, 1: 4})
    assert leaves(seen) == [
        ("hand[0]", "3"),
        ("hand[1]", "1"),
        ("marks{}", "'a'"),
        ("marks{}", "'b'"),
        ("scores[1]", "4"),
        ("scores[2]", "5"),
        ("note", "None"),
    ]
    assert observation_text(seen) == "hand[0]=3 hand[1]=1 marks{}='a' marks{}='b' scores[1]=4 scores[2]=5 note=None"


def test_a_set_encodes_the_same_whatever_order_it_was_built_in():
    one = Seen((1,), frozenset(f"card {n}" for n in range(40)), {})
    other = Seen((1,), frozenset(f"card {n}" for n in reversed(range(40))), {})
    assert observation_text(one) == observation_text(other)
    assert observation_features(one) == observation_features(other)


def test_the_vector_sets_one_entry_per_distinct_leaf_within_its_size():
    seen = Seen((3, 1), frozenset(), {})
    features = observation_features(seen)
    assert features == sorted(features) and all(0 <= entry < FEATURES for entry in features)
    assert 1 <= len(features) <= 3  # three leaves; two may share an entry
    assert observation_features(Seen((3, 2), frozenset(), {})) != features


@every_shape
def test_a_seat_encodes_a_sample_of_its_view_exactly_as_the_truth(game_id, players):
    game = default_registry().game(game_id)
    state = game.initial_state(players, 5)
    moves = Rng(5)
    for _ in range(30):
        if state.is_terminal:
            break
        seat = state.to_act[0]
        twin = state.sample(seat, Rng(moves.next64()))
        assert observation_text(twin.observation(seat)) == observation_text(state.observation(seat))
        assert observation_features(twin.observation(seat)) == observation_features(state.observation(seat))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[moves.below(len(legal))])


class Phase(enum.StrEnum):
    MOVE = "move"


class Level(enum.IntEnum):
    HIGH = 3


class Side(enum.Enum):
    LEFT = (1, "l")


@attrs.frozen
class Flags:
    phase: Phase
    level: Level
    side: Side
    kinds: frozenset[Phase]


def test_an_enum_leaf_is_encoded_by_its_value_even_a_str_or_int_enum():
    flags = Flags(Phase.MOVE, Level.HIGH, Side.LEFT, frozenset({Phase.MOVE}))
    assert leaves(flags) == [("phase", "'move'"), ("level", "3"), ("side", "(1, 'l')"), ("kinds{}", "'move'")]
    assert observation_text(flags) == "phase='move' level=3 side=(1, 'l') kinds{}='move'"


def test_camp_grizzlys_phase_reads_as_its_value():
    state = default_registry().game("camp-grizzly").initial_state(2, 1)
    text = observation_text(state.observation(0))
    assert "phase='" in text and "<" not in text


def test_a_leaf_sets_the_entry_of_the_first_8_bytes_of_its_blake2b_big_endian_modulo_the_size():
    # hand[0]=3, hand[1]=1 and note=None: numbers fixed by the documented formula, the same on every machine.
    assert observation_features(Seen((3, 1), frozenset(), {})) == [504, 1004, 1516]


@attrs.frozen
class Pin:
    x: int
    y: int


def test_a_set_member_or_key_with_several_leaves_is_written_whole_in_parentheses():
    seen = Seen((), frozenset({Pin(1, 2), Pin(1, 3)}), {})
    assert [leaf for leaf in leaves(seen) if leaf[0] == "marks{}"] == [
        ("marks{}", "(x=1 y=2)"),
        ("marks{}", "(x=1 y=3)"),
    ]


class Token:
    """An object with no fields the encoding knows, written by its own repr."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Token({self.name})"


class Bare:
    """An object with only object's repr, which holds its memory address."""


def test_an_object_with_its_own_repr_is_one_leaf_at_its_own_path():
    assert leaves({"x": Token("lantern"), "y": [1]}) == [("['x']", "Token(lantern)"), ("['y'][0]", "1")]
    assert observation_text(Seen((Token("a"),), frozenset(), {})) == "hand[0]=Token(a) note=None"


def test_an_object_with_only_objects_repr_is_refused_naming_where_it_is():
    with pytest.raises(TypeError) as refused:
        leaves(Seen((Bare(),), frozenset(), {}))
    assert str(refused.value) == (
        "the observation's hand[0] is a Bare, which has no fields to encode and only object's repr (its memory "
        "address): make it an attrs class, a dataclass or an enum, or give it a __repr__ that says what it is"
    )
    with pytest.raises(TypeError, match=r"^the observation's whole value is a Bare,"):
        observation_features(Bare())
