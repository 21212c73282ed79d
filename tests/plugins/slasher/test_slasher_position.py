"""Slasher positions: cards by their printed names, the face-down killer unseen by the other seats."""

import json

import pytest

from corekit.position import PositionError, loads, to_position
from plugins.slasher.cards import MAIN_HOUSE, NATURE, SEX_KILLS
from plugins.slasher.game import Slasher
from tests.plugins.slasher.scenario import attack


def test_a_position_names_the_cards_and_hides_the_face_down_killer_from_the_other_seats():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE})
    full = to_position(state)
    assert full["fields"]["stacks"][:2] == [["Main House 5"], ["Nature 1"]]
    assert full["fields"]["killers"][0] == ["Sex Kills"]
    seen_by_1 = to_position(state, 1)
    assert seen_by_1["fields"]["killers"][0] == {"unseen": 1, "face_up": []}
    assert seen_by_1["fields"]["hands"][1] == ["Back Room 2", "Front Yard 3", "Front Yard 3", "Front Yard 3"]
    assert seen_by_1["fields"]["hands"][0] == {"unseen": 3, "face_up": []}
    assert loads(Slasher(), json.dumps(full)).killer == SEX_KILLS


def test_a_position_naming_a_card_the_deck_does_not_have_is_refused():
    document = to_position(attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}))
    document["fields"]["discard"] = ["Chainsaw"]
    with pytest.raises(PositionError, match="Chainsaw"):
        loads(Slasher(), json.dumps(document))
