"""Slasher rules a mutation sweep found unpinned, each asserted on a position or a setup built by hand (see
plugins/slasher/RULES.md): the start seat 0 given as an option, the belief weights a face-down killer is drawn
by, the fixed order of the action space, the bounds of the options, and the optional discard told to the table, and
that only a killer may lie face down as the killer."""

import pytest

from corekit import OptionError
from plugins.slasher.cards import (
    BACK_ROOM,
    BEACH,
    FLEE,
    FRONT_YARD,
    JUST_A_CAT,
    MAIN_HOUSE,
    NATURE,
    PANIC,
    SECRET_KILL,
    SEX_KILLS,
    UNEXPECTED_KILL,
)
from plugins.slasher.game import (
    KILLER,
    LOCATION,
    NEW_HAND,
    OVER,
    PASS,
    REACT,
    Slasher,
    SlasherOptions,
    killer_belief,
)
from tests.plugins.position_edits import refusal
from tests.plugins.slasher.scenario import FILLERS, arranged, attack


def test_the_start_seat_option_first_0_makes_seat_0_start_whatever_the_seed():
    # RULES.md Setup: "The start seat is the option `first`; by default (`first=-1`) it is drawn from the seed".
    game = Slasher()
    drawn = {game.initial_state(4, seed).to_act[0] for seed in range(12)}
    assert drawn != {0}  # the seed alone would start elsewhere for some of these seeds
    for seed in range(12):
        assert game.initial_state(4, seed, {"first": "0"}).to_act == (0,)
        assert game.initial_state(4, seed, SlasherOptions(first=0)).turns.current == 0


def test_a_face_down_killer_weighs_12_if_it_strikes_a_rival_3_if_it_finds_no_victim_and_1_if_it_strikes_its_player():
    # RULES.md "What each seat sees": the BELIEF weights, by what each kind would do with the teens where they are.
    # Owner 0 alone in the Main House, seats 1 and 2 a pair in Nature: Sex Kills takes the pair (rivals); Secret
    # Kill and Unexpected Kill find the only lone teen, the owner.
    assert killer_belief({0: MAIN_HOUSE, 1: NATURE, 2: NATURE}, owner=0) == {
        SEX_KILLS: 12,
        SECRET_KILL: 1,
        UNEXPECTED_KILL: 1,
    }
    # Owner 0 in a pair in Nature, seats 2 and 3 a pair on the Beach: Sex Kills takes the owner's pair; nobody is
    # alone, so the two others find no victim.
    assert killer_belief({0: NATURE, 1: NATURE, 2: BEACH, 3: BEACH}, owner=0) == {
        SEX_KILLS: 1,
        SECRET_KILL: 3,
        UNEXPECTED_KILL: 3,
    }
    # The same table seen for owner 2: Sex Kills now strikes rivals.
    assert killer_belief({0: NATURE, 1: NATURE, 2: BEACH, 3: BEACH}, owner=2)[SEX_KILLS] == 12


def test_the_action_space_lists_pass_locations_killers_new_hand_then_reactions_in_a_fixed_order():
    # actions.py: OpenSpiel and PettingZoo number actions by this list, so its order must never change.
    places = (NATURE, BACK_ROOM, FRONT_YARD, BEACH, MAIN_HOUSE)
    locations = [(LOCATION, card, target) for card in places for target in (0, 1)]
    assert Slasher().action_space(2, SlasherOptions()) == (
        (PASS,),
        *locations,
        (KILLER, SEX_KILLS),
        (KILLER, SECRET_KILL),
        (KILLER, UNEXPECTED_KILL),
        (NEW_HAND,),
        (REACT, FLEE, 0),
        (REACT, FLEE, 1),
        (REACT, PANIC),
        (REACT, JUST_A_CAT),
    )


def test_the_start_seat_option_is_minus_1_or_a_seat_and_nothing_below():
    with pytest.raises(OptionError, match="'first' must be >= -1: -2"):
        Slasher().initial_state(3, 1, {"first": "-2"})


def test_the_stall_option_is_at_least_one_turn_and_one_turn_without_a_death_then_ends_the_match():
    with pytest.raises(OptionError, match="'stall_turns' must be >= 1: 0"):
        Slasher().initial_state(3, 1, {"stall_turns": "0"})
    state = arranged([[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:3]], options=SlasherOptions(stall_turns=1))
    state.apply(0, (LOCATION, NATURE, 1))
    assert state.phase == OVER and state.winners == (0, 1, 2) and state.returns() == [1 / 3] * 3


def test_the_optional_discard_is_made_face_up_and_every_other_seat_is_told_of_it():
    # RULES.md Assumption 17: the optional discard is made face up, so the table learns which card went.
    state = arranged([[NATURE, FLEE, BEACH, BEACH], *FILLERS[1:3]], options=SlasherOptions(discard_one=True))
    before = state.observation(1)
    state.apply(0, (LOCATION, NATURE, 1, FLEE))
    after = state.observation(1)
    assert after.discard == (FLEE,)
    assert Slasher().events(before, after) == ["seat 0 discards Flee!", "seat 0 plays Nature 1 on seat 1"]


def test_a_position_laying_a_location_face_down_as_the_killer_is_refused():
    # RULES.md: the face-down killer's slot "can only be a killer". Seat 0's Sex Kills and the Beach 4 in its hand
    # swap places in the position file.
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})

    def edit(document):
        fields = document["fields"]
        fields["killers"][0], fields["hands"][0][0] = [fields["hands"][0][0]], fields["killers"][0][0]

    assert refusal(Slasher(), state, edit) == "fields.killers[0][0]: 'Beach 4' is not a card killers holds"
