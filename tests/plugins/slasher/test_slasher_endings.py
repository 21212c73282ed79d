"""How a slasher match ended by the rules (`ending`, counted by a tournament report): the last survivor, everyone
dead at once, or the stall rule."""

from __future__ import annotations

from plugins.slasher.cards import BACK_ROOM, BEACH, MAIN_HOUSE, NATURE, SECRET_KILL, SEX_KILLS
from plugins.slasher.game import LOCATION, AllDead, SlasherOptions
from tests.plugins.slasher.scenario import FILLERS, arranged, attack, everyone_passes


def test_an_attack_under_way_is_no_ending():
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE}, players=2)
    assert state.ending() is None


def test_the_last_living_teen_ends_it_as_the_last_survivor():
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE}, players=2)
    everyone_passes(state)
    assert state.ending() == "last survivor"


def test_everyone_dying_at_once_is_one_ending_whoever_the_option_pays():
    for all_dead in AllDead:
        state = attack(SEX_KILLS, {0: NATURE, 1: NATURE}, players=2, options=SlasherOptions(all_dead=all_dead))
        everyone_passes(state)
        assert state.ending() == "everyone dead", all_dead


def test_turns_without_a_death_end_it_as_stalled():
    state = arranged([[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:3]], options=SlasherOptions(stall_turns=2))
    state.apply(0, (LOCATION, NATURE, 0))
    state.apply(1, (LOCATION, BACK_ROOM, 1))
    assert state.is_terminal and state.ending() == "stalled"
