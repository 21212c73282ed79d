"""Refusals and written forms of positions (corekit.position) a mutation sweep found no test pinned: each bound the
reader documents is checked at its edge (a seat or a generator state just out of range, a face-up count one past
the zone, a negative unseen count), a value of a loosely equal type is refused (true for a number, 2.0 for a count,
a non-ASCII digit for a seat), and a card short, a card shown too often, a fixed-length tuple too long, an unknown
field of a piece or a hidden choice in the whole truth is named in one line."""

from __future__ import annotations

import json

import attrs
import pytest

from corekit import default_registry
from corekit.position import PositionError, loads, to_position
from corekit.state import declare, public
from plugins.scavengers.content import CONTENT
from tests.corekit.leaky_games import GlowState, Glowworms

REGISTRY = default_registry()
SCAVENGERS = REGISTRY.game("scavengers")


def refusal(game, document, seed=0):
    """The one-line message `document` is refused with."""
    with pytest.raises(PositionError) as refused:
        loads(game, json.dumps(document), seed=seed)
    message = str(refused.value)
    assert "\n" not in message
    return message


def scavengers_position(seat=None):
    """A 2-seat Scavengers position at setup (every card dealt, one Camper card turned), whole or for `seat`."""
    state = SCAVENGERS.initial_state(2, 0)
    return state, to_position(state, seat)


# ---- the top-level keys, at the edges of their ranges ----------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("players", 2.0, "players: scavengers has 2-4 seats, not 2.0"),
        ("seat", 2, "seat: 2 is not a seat of 2"),
        ("rng", 2**64, "rng: 18446744073709551616 is not a generator state (an int of 64 bits)"),
        ("rng", True, "rng: True is not a generator state (an int of 64 bits)"),
    ],
    ids=["players a float", "seat one past the last", "rng of 65 bits", "rng true"],
)
def test_a_top_level_value_just_outside_its_range_or_of_a_loosely_equal_type_is_refused(key, value, message):
    _, document = scavengers_position()
    document[key] = value
    assert refusal(SCAVENGERS, document) == message


def test_the_largest_seat_and_generator_state_are_read():
    state, document = scavengers_position()
    document["rng"] = 2**64 - 1
    assert loads(SCAVENGERS, json.dumps(document)).rng.state == 2**64 - 1
    seat = to_position(state, 1)
    assert loads(SCAVENGERS, json.dumps(seat), seed=3).observation(1) == state.observation(1)


# ---- face_up and unseen counts -------------------------------------------------------------------------------


def test_the_written_face_up_names_only_zones_with_cards_lying_face_up():
    # "`face_up` gives the zones with cards lying face up on top, and how many": none at a Scavengers setup.
    state, document = scavengers_position()
    assert all(not state.zone(info.no).up for info in state.layout().zones)
    assert document["face_up"] == {}


def test_a_face_up_count_one_past_the_zones_cards_is_refused_and_its_size_is_read():
    state, document = scavengers_position()
    size = len(state.deck)
    document["face_up"] = {"deck": size + 1}
    assert refusal(SCAVENGERS, document) == f"face_up.deck: {size + 1} is not a count of its {size} cards"
    document["face_up"] = {"deck": size}
    assert loads(SCAVENGERS, json.dumps(document)).deck.up == size


def test_a_face_up_count_for_a_zone_whose_every_card_is_face_up_is_refused():
    state, document = scavengers_position()
    assert len(state.camper_discard) == 1  # the Camper card turned for the first placement
    document["face_up"] = {"camper_discard": 1}
    assert refusal(SCAVENGERS, document) == "face_up.camper_discard: every card of a face-up zone is face up already"


def test_a_negative_unseen_count_is_refused_naming_the_zone():
    _, document = scavengers_position(seat=0)
    document["fields"]["hands"][1] = {"unseen": -1, "face_up": []}
    assert refusal(SCAVENGERS, document) == "fields.hands[1]: 'unseen' must be a count of cards, not -1"


# ---- the cards, counted ----------------------------------------------------------------------------------------


def test_a_whole_position_a_card_short_is_refused_naming_the_card_and_both_counts():
    _, document = scavengers_position()
    missing = document["fields"]["deck"].pop()
    in_game = sum(1 for d in CONTENT.deck if SCAVENGERS.card_name(d) == missing)
    assert refusal(SCAVENGERS, document) == f"card {missing!r}: {in_game - 1} in the position, {in_game} in the game"


def test_a_seats_position_showing_a_card_more_often_than_the_game_holds_it_is_refused():
    _, document = scavengers_position(seat=0)
    hand = document["fields"]["hands"][0]
    document["fields"]["hands"][0] = hand + [hand[0]] * 5
    assert refusal(SCAVENGERS, document) == f"card {hand[0]!r} is shown more often than the game holds it"


# ---- values of the fields --------------------------------------------------------------------------------------


def test_a_fixed_length_tuple_with_an_item_too_many_is_refused_naming_it():
    _, document = scavengers_position()
    document["fields"]["mice"] = [[0, 1, 5]]  # (camp, seat)
    assert refusal(SCAVENGERS, document) == "fields.mice[0]: 2 items needed, got 3"


@attrs.frozen
class Pair:
    left: int
    right: int


@declare
class Paired(GlowState):
    pairs: tuple[Pair, ...] = public(default=())
    weight: float = public(default=0)


PAIRED = type("PairedGame", (Glowworms,), {"id": "glowworms-paired", "state_class": Paired})()


def paired_position():
    state = PAIRED.initial_state(2, 1)
    state.pairs = (Pair(1, 2),)
    return state, to_position(state)


def test_an_attrs_piece_round_trips_and_one_with_an_unknown_field_is_refused_naming_it():
    state, document = paired_position()
    assert document["fields"]["pairs"] == [{"left": 1, "right": 2}]
    assert loads(PAIRED, json.dumps(document)).digest() == state.digest()
    document["fields"]["pairs"] = [{"left": 1, "right": 2, "middle": 3}]
    assert refusal(PAIRED, document) == "fields.pairs[0]: 'middle' is not a field of Pair"


def test_a_float_field_takes_a_number_but_not_true():
    _, document = paired_position()
    document["fields"]["weight"] = 1.5
    assert loads(PAIRED, json.dumps(document)).weight == 1.5
    document["fields"]["weight"] = True
    assert refusal(PAIRED, document) == "fields.weight: a number needed, got True"


# ---- commitments -----------------------------------------------------------------------------------------------


def glowworms_committed():
    game = Glowworms()
    state = game.initial_state(2, 1)
    state.apply(0, state.legal_actions(0)[0])
    return game, to_position(state)


def test_a_commitment_keyed_by_a_non_ascii_decimal_digit_is_refused_not_read_as_that_seat():
    # "١" (ARABIC-INDIC DIGIT ONE) is a decimal digit `int` reads as 1; a JSON key of a seat is ASCII digits.
    game, document = glowworms_committed()
    chosen = document["fields"]["bids"]["chosen"]
    document["fields"]["bids"]["chosen"] = {"\u0661": chosen["0"]}
    assert refusal(game, document) == "fields.bids.chosen: '\u0661' is not one of the deciding seats [0, 1]"


def test_a_hidden_commitment_in_a_position_of_the_whole_truth_is_refused():
    game, document = glowworms_committed()
    document["fields"]["bids"]["chosen"]["0"] = "committed"
    assert refusal(game, document) == (
        "fields.bids.chosen.0: a position of the whole truth (seat null) shows every choice"
    )
