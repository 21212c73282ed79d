"""Slasher rules an outside audit found untested, each pinned on a position built by hand.

The strikes of Sex Kills and Unexpected Kill that find no victim, the lone kill of a Sex Kills (which is
not a Secret Kill), the pairs an Unexpected Kill spares (Assumption 12), and the stall rule's default
of 100 turns (Assumption 16)."""

import copy
from collections import Counter

import pytest

from plugins.slasher.cards import (
    BACK_ROOM,
    BEACH,
    FLEE,
    FRONT_YARD,
    FULL_DECK,
    JUST_A_CAT,
    MAIN_HOUSE,
    NATURE,
    PANIC,
    SECRET_KILL,
    SEX_KILLS,
    UNEXPECTED_KILL,
    is_location,
    name,
    victims,
)
from plugins.slasher.game import NEW_HAND, Slasher, SlasherOptions
from tests.plugins.slasher.scenario import FILLERS, arranged, attack, everyone_passes

# ---- "Location cards are not discarded in such a case" ----------------------------------------


@pytest.mark.parametrize(
    ("killer", "stacks"),
    [
        # all four teens in one crowd: no killer strikes there
        (SEX_KILLS, {0: [NATURE, MAIN_HOUSE], 1: [MAIN_HOUSE], 2: [BEACH, MAIN_HOUSE], 3: [MAIN_HOUSE]}),
        # two pairs and nobody alone: an Unexpected Kill only kills a teen alone
        (UNEXPECTED_KILL, {0: [NATURE, BEACH], 1: [BEACH], 2: [MAIN_HOUSE, NATURE], 3: [NATURE]}),
    ],
    ids=["sex-kills-on-a-crowd", "unexpected-kill-on-two-pairs"],
)
def test_a_sex_kills_or_unexpected_kill_that_finds_no_victim_leaves_every_location_on_the_table(killer, stacks):
    state = attack(killer, {}, stacks=stacks)
    before = copy.deepcopy(state.stacks)
    everyone_passes(state)
    assert state.log[-1] == f"the killer is {name(killer)} and finds no victim"
    assert state.turns.living == (0, 1, 2, 3)
    assert state.stacks == before, "the locations stay, the old cards under the top ones included"
    assert state.discard == [killer], "the killer card is the only card discarded"
    assert state.stall == 1 and state.to_act == (1,)


# ---- "unless the killer card was a Secret Kill, all tabled location cards ... are discarded" -----


def test_a_sex_kills_with_no_pair_that_kills_a_lone_teen_clears_every_table_as_it_is_no_secret_kill():
    # Nobody shares a place: the Sex Kills takes seat 1, alone in Nature, the unsafest place.
    hands = [[SEX_KILLS, BEACH, BEACH, BEACH], [MAIN_HOUSE] * 4, [MAIN_HOUSE] * 4, FILLERS[1]]
    stacks = {0: [MAIN_HOUSE], 1: [BEACH, NATURE], 2: [NATURE, BEACH], 3: [BACK_ROOM, FRONT_YARD]}
    tabled = [card for stack in stacks.values() for card in stack]
    state = attack(SEX_KILLS, {}, hands=hands, stacks=stacks)
    everyone_passes(state)
    assert state.log[-1] == "the killer is Sex Kills: kills seat 1"
    assert state.turns.living == (0, 2, 3)
    assert state.stacks == [[], [], [], []], "the survivors' tables go too, old cards included"
    assert not Counter([*tabled, *[MAIN_HOUSE] * 4, SEX_KILLS]) - Counter(state.discard)
    # The same position struck by a Secret Kill, whose card text for the lone kill is word for word the
    # same, keeps the survivors' tables.
    secret = attack(SECRET_KILL, {}, hands=[[SECRET_KILL, BEACH, BEACH, BEACH], *hands[1:]], stacks=stacks)
    everyone_passes(secret)
    assert secret.turns.living == (0, 2, 3)
    assert secret.stacks == [[MAIN_HOUSE], [], [NATURE, BEACH], [BACK_ROOM, FRONT_YARD]]


# ---- Assumption 12: a member of a pair is never "alone" ----------------------------------------


def test_an_unexpected_kill_never_takes_a_pair_so_with_only_pairs_or_crowds_it_kills_nobody():
    assert victims({0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: NATURE, 3: NATURE}, UNEXPECTED_KILL) == ()
    assert victims({0: NATURE, 1: NATURE, 2: NATURE, 3: MAIN_HOUSE, 4: MAIN_HOUSE}, UNEXPECTED_KILL) == ()
    assert victims({0: BEACH, 1: BEACH, 2: BEACH, 3: BACK_ROOM, 4: BACK_ROOM}, UNEXPECTED_KILL) == ()
    # In play: the pair in the Main House, the safest place, is spared and nobody dies.
    state = attack(UNEXPECTED_KILL, {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: NATURE, 3: NATURE})
    everyone_passes(state)
    assert state.log[-1] == "the killer is Unexpected Kill and finds no victim"
    assert state.turns.living == (0, 1, 2, 3)
    assert state.places() == {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: NATURE, 3: NATURE}


# ---- Assumption 16: the stall rule and its default -----------------------------------------------


def deadlock(options=None):
    """Assumption 16's deadlock: all 40 locations tabled under seat 0's teen while seat 1's teen has none.

    No location can be played and no killer either (not every teen is placed), so every turn is a new hand
    and nobody can ever die."""
    locations = sorted(card for card in FULL_DECK if is_location(card))
    hands = [[SEX_KILLS, SECRET_KILL, FLEE, PANIC], [UNEXPECTED_KILL, JUST_A_CAT, FLEE, FLEE]]
    return arranged(hands, stacks={0: locations}, options=options)


def test_the_stall_turns_option_defaults_to_100():
    assert SlasherOptions().stall_turns == 100
    assert Slasher().initial_state(4, 0).options.stall_turns == 100


@pytest.mark.parametrize(("options", "stall_turns"), [(None, 100), (SlasherOptions(stall_turns=7), 7)])
def test_by_default_the_survivors_share_the_win_after_exactly_100_turns_without_a_death(options, stall_turns):
    state = deadlock(options)
    for turn in range(1, stall_turns + 1):
        assert not state.is_terminal, f"the game ended after {turn - 1} turns without a death"
        seat = state.to_act[0]
        assert state.legal_actions(seat) == [(NEW_HAND,)]
        state.apply(seat, (NEW_HAND,))
        assert state.stall == turn
    assert state.is_terminal and state.to_act == (), f"no turn {stall_turns + 1}"
    assert state.log[-1] == f"{stall_turns} turns without a death: the survivors share the sequel"
    assert state.turns.living == (0, 1) and state.returns() == [0.5, 0.5]
