"""The slasher's rules, one test per rule, on hands and decks arranged by hand."""

from collections import Counter

import pytest

from corekit import GameError, IllegalAction, ReactionWindow, Rng, default_registry
from corekit.conformance import check_game
from plugins.slasher.cards import (
    BACK_ROOM,
    BEACH,
    CARDS,
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
    victims,
)
from plugins.slasher.game import (
    ATTACK,
    KILLER,
    LOCATION,
    NEW_HAND,
    OVER,
    PASS,
    REACT,
    TURN,
    AllDead,
    Slasher,
    SlasherOptions,
)
from tests.plugins.slasher.scenario import FILLERS, arranged, attack, attack_after_two_deaths, everyone_passes

# ---- the deck and the setup ------------------------------------------------------------------


def test_the_deck_has_64_cards_in_the_rulebook_counts():
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == 64
    assert [counts[c] for c in (MAIN_HOUSE, BEACH, FRONT_YARD, BACK_ROOM, NATURE)] == [14, 8, 6, 4, 8]
    assert [counts[c] for c in (SEX_KILLS, SECRET_KILL, UNEXPECTED_KILL)] == [6, 3, 3]
    assert [counts[c] for c in (FLEE, PANIC, JUST_A_CAT)] == [6, 3, 3]
    assert [CARDS[c].safety for c in (NATURE, BACK_ROOM, FRONT_YARD, BEACH, MAIN_HOUSE)] == [1, 2, 3, 4, 5]


def test_setup_deals_four_cards_to_every_player():
    state = Slasher().initial_state(6, seed=3)
    assert [len(hand) for hand in state.hands] == [4] * 6
    assert len(state.deck) == 64 - 24
    assert Counter(c for zone in state.zones().values() for c in zone) == Counter(FULL_DECK)


def test_supports_two_to_six_players():
    game = Slasher()
    assert (game.min_players, game.max_players) == (2, 6)
    with pytest.raises(GameError, match="2-6 players"):
        game.initial_state(7, seed=0)


def test_the_start_seat_is_drawn_from_the_seed_unless_given():
    firsts = {Slasher().initial_state(4, seed).to_act[0] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Slasher().initial_state(4, 7).to_act == Slasher().initial_state(4, 7).to_act
    assert Slasher().initial_state(4, 7, {"first": "2"}).to_act == (2,)
    with pytest.raises(GameError, match="first=4"):
        Slasher().initial_state(4, 7, {"first": "4"})


# ---- a turn ----------------------------------------------------------------------------------


def test_a_location_may_be_played_on_any_teen_including_ones_own():
    state = arranged([[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:4]])
    targets = {a[2] for a in state.legal_actions(0) if a[0] == LOCATION and a[1] == NATURE}
    assert targets == {0, 1, 2, 3}


def test_a_location_stacks_on_the_old_one_which_stays_tabled():
    state = arranged([[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:4]], places={2: MAIN_HOUSE})
    state.apply(0, (LOCATION, NATURE, 2))
    assert state.stacks[2] == [MAIN_HOUSE, NATURE]
    assert state.places()[2] == NATURE


def test_a_killer_needs_every_living_teen_to_have_a_location():
    hands = [[SEX_KILLS, *FILLERS[0]], *FILLERS[1:4]]
    assert not any(a[0] == KILLER for a in arranged(hands, {0: NATURE, 1: NATURE, 2: BEACH}).legal_actions(0))
    placed = arranged(hands, {0: NATURE, 1: NATURE, 2: BEACH, 3: BEACH})
    assert (KILLER, SEX_KILLS) in placed.legal_actions(0)


def test_a_player_who_can_do_neither_discards_the_hand_and_draws_four():
    hands = [[SEX_KILLS, FLEE, PANIC, JUST_A_CAT], *FILLERS[1:4]]
    state = arranged(hands, {0: NATURE}, deck_top=[BEACH, BEACH, NATURE, SECRET_KILL])
    assert state.legal_actions(0) == [(NEW_HAND,)]
    state.apply(0, (NEW_HAND,))
    assert state.hands[0] == sorted([BEACH, BEACH, NATURE, SECRET_KILL])
    assert sorted(state.discard) == sorted([SEX_KILLS, FLEE, PANIC, JUST_A_CAT])
    assert state.to_act == (1,), "the turn passes"


def test_a_player_holding_a_playable_card_must_play_it_and_may_not_take_a_new_hand():
    placed = {0: NATURE, 1: NATURE, 2: BEACH, 3: BEACH}
    killer_only = arranged([[SEX_KILLS, FLEE, PANIC, JUST_A_CAT], *FILLERS[1:4]], placed)
    assert killer_only.legal_actions(0) == [(KILLER, SEX_KILLS)]
    location_only = arranged([[NATURE, FLEE, PANIC, JUST_A_CAT], *FILLERS[1:4]])
    assert location_only.legal_actions(0) == [(LOCATION, NATURE, target) for target in range(4)]


def test_every_living_player_refills_to_four_after_the_turn_clockwise_from_its_player():
    # Seat 2's killer; seats 3 and 0 each spend a Flee!, and the Secret Kill takes seat 1, alone in Nature.
    hands = [
        [FLEE, MAIN_HOUSE, MAIN_HOUSE, MAIN_HOUSE],
        FILLERS[1],
        [SECRET_KILL, BEACH, BEACH, BEACH],
        [FLEE, FRONT_YARD, FRONT_YARD, BACK_ROOM],
    ]
    state = arranged(
        hands,
        {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH},
        first=2,
        deck_top=[BEACH, MAIN_HOUSE, NATURE, PANIC, JUST_A_CAT],
    )
    state.apply(2, (KILLER, SECRET_KILL))
    state.apply(2, (PASS,))
    state.apply(3, (REACT, FLEE, 3))  # turns over Beach 4: still paired with seat 2
    state.apply(0, (REACT, FLEE, 0))  # turns over Main House 5: still alone there
    everyone_passes(state)
    assert state.turns.living == (0, 2, 3)
    # Seat 2 draws first (Nature), then seat 3 (Panic!), then seat 0 (Just a Cat); killed seat 1 draws nothing.
    assert state.hands == [
        sorted([MAIN_HOUSE] * 3 + [JUST_A_CAT]),
        [],
        sorted([BEACH] * 3 + [NATURE]),
        sorted([FRONT_YARD, FRONT_YARD, BACK_ROOM, PANIC]),
    ]
    assert state.to_act == (3,)


def test_a_seat_may_not_act_out_of_turn():
    state = arranged([[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:3]])
    before = state.digest()
    with pytest.raises(IllegalAction, match="seat 1 may not act now"):
        state.apply(1, (LOCATION, FRONT_YARD, 1))
    assert state.digest() == before


# ---- the attack --------------------------------------------------------------------------------


def test_the_killer_strikes_only_when_every_seat_has_passed_in_a_row():
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    assert state.to_act == (0,), "the player of the killer holds priority first"
    for seat in (0, 1, 2):
        state.apply(seat, (PASS,))
        assert state.phase == ATTACK
    state.apply(3, (PASS,))
    assert state.phase == TURN
    assert not state.turns.alive[1]


def test_a_reaction_makes_everyone_pass_again():
    hands = [[SECRET_KILL, *FILLERS[0]], [FLEE, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands, deck_top=[SEX_KILLS])
    state.apply(0, (PASS,))
    state.apply(1, (REACT, FLEE, 1))
    for seat in (2, 3, 0):
        state.apply(seat, (PASS,))
    assert state.phase == ATTACK, "three passes since the reaction are not enough"
    state.apply(1, (PASS,))
    assert state.phase == TURN


def test_hands_are_not_refilled_during_the_attack():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    assert len(state.hands[0]) == 3
    state.apply(0, (PASS,))
    assert len(state.hands[0]) == 3


def test_flee_onto_a_location_replaces_the_teens_place():
    hands = [[SECRET_KILL, *FILLERS[0]], [FLEE, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands, deck_top=[MAIN_HOUSE])
    state.apply(0, (PASS,))
    state.apply(1, (REACT, FLEE, 1))
    assert state.stacks[1] == [NATURE, MAIN_HOUSE]
    everyone_passes(state)
    assert state.turns.alive[1], "Main House holds two teens now: no lone teen for the Secret Kill"


def test_in_an_attack_anyone_may_play_only_reactions_or_pass_the_killers_player_included():
    hands = [[SEX_KILLS, FLEE, BEACH, BEACH], [FLEE, JUST_A_CAT, SECRET_KILL, MAIN_HOUSE], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    flee_anyone = [(REACT, FLEE, target) for target in range(4)]
    assert state.legal_actions(0) == [(PASS,), *flee_anyone]
    state.apply(0, (PASS,))
    assert state.legal_actions(1) == [(PASS,), *flee_anyone, (REACT, JUST_A_CAT)], "no location, no killer"


def test_flee_may_send_another_teen_running():
    hands = [[SECRET_KILL, *FILLERS[0]], [FLEE, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands, deck_top=[NATURE])
    state.apply(0, (PASS,))
    state.apply(1, (REACT, FLEE, 3))
    assert state.stacks[3] == [BEACH, NATURE] and state.stacks[1] == [NATURE]
    everyone_passes(state)
    # Seat 1 now shares Nature with seat 3: the Secret Kill takes seat 2, alone on the Beach.
    assert state.turns.living == (0, 1, 3)


def test_a_flee_on_an_empty_deck_first_shuffles_the_discard_pile_into_a_new_deck():
    hands = [[SECRET_KILL, *FILLERS[0]], [FLEE, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands, deck_empty=True)
    pile = len(state.discard)
    state.apply(0, (PASS,))
    state.apply(1, (REACT, FLEE, 1))
    # The Flee! joins the pile, the pile becomes the deck, and its top card is turned over.
    assert len(state.record.lots) == 2 and len(state.deck) == pile
    (turned,) = state.record.turned[-1]
    if is_location(turned):
        assert state.stacks[1] == [NATURE, turned] and state.discard == []
    else:
        assert state.stacks[1] == [NATURE] and state.discard == [turned]


def test_flee_turning_over_a_killer_or_reaction_discards_it_and_the_teen_stays():
    hands = [[SECRET_KILL, *FILLERS[0]], [FLEE, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands, deck_top=[PANIC])
    state.apply(0, (PASS,))
    state.apply(1, (REACT, FLEE, 1))
    assert state.stacks[1] == [NATURE]
    assert state.discard.count(PANIC) == 1 and FLEE in state.discard


def test_panic_makes_every_living_teen_flee():
    hands = [[SECRET_KILL, *FILLERS[0]], [PANIC, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(
        SECRET_KILL,
        {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH},
        hands=hands,
        deck_top=[NATURE, BACK_ROOM, SEX_KILLS, MAIN_HOUSE],
    )
    state.apply(0, (PASS,))
    state.apply(1, (REACT, PANIC))
    # Starting with the player of Panic!, clockwise.
    assert state.places() == {1: NATURE, 2: BACK_ROOM, 3: BEACH, 0: MAIN_HOUSE}
    assert state.stacks[0] == [MAIN_HOUSE, MAIN_HOUSE]


def test_just_a_cat_negates_the_killer_and_nothing_happens():
    hands = [[SEX_KILLS, *FILLERS[0]], [JUST_A_CAT, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    state.apply(0, (PASS,))
    state.apply(1, (REACT, JUST_A_CAT))
    everyone_passes(state)
    assert state.turns.living == (0, 1, 2, 3)
    assert state.places() == {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, "locations stay on the table"
    assert SEX_KILLS in state.discard


def test_a_panic_after_just_a_cat_leaves_the_killer_negated():
    hands = [
        [SEX_KILLS, *FILLERS[0]],
        [JUST_A_CAT, *FILLERS[1][:3]],
        [PANIC, MAIN_HOUSE, MAIN_HOUSE, MAIN_HOUSE],
        FILLERS[3],
    ]
    state = attack(
        SEX_KILLS,
        {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: BEACH, 3: BEACH},
        hands=hands,
        deck_top=[NATURE, BACK_ROOM, FRONT_YARD, BEACH],
    )
    state.apply(0, (PASS,))
    state.apply(1, (REACT, JUST_A_CAT))
    assert (REACT, PANIC) in state.legal_actions(2), "reactions stay legal once the killer is negated"
    state.apply(2, (REACT, PANIC))
    # Every teen is alone now: a live Sex Kills would take seat 2 in Nature.
    assert state.places() == {2: NATURE, 3: BACK_ROOM, 0: FRONT_YARD, 1: BEACH}
    everyone_passes(state)
    assert state.turns.living == (0, 1, 2, 3)


def test_a_second_just_a_cat_may_still_be_played_and_the_killer_stays_negated():
    # RULES.md Assumption 10: reactions stay legal after a negation (the card is only spent).
    hands = [[SEX_KILLS, *FILLERS[0]], [JUST_A_CAT, *FILLERS[1][:3]], [JUST_A_CAT, *FILLERS[2][:3]], FILLERS[3]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    state.apply(0, (PASS,))
    state.apply(1, (REACT, JUST_A_CAT))
    assert (REACT, JUST_A_CAT) in state.legal_actions(2)
    state.apply(2, (REACT, JUST_A_CAT))
    everyone_passes(state)
    assert state.turns.living == (0, 1, 2, 3)
    assert Counter(state.discard)[JUST_A_CAT] == 2


def test_several_panics_may_be_played_in_one_attack_each_making_every_teen_flee():
    # RULES.md Assumption 9.
    hands = [[SECRET_KILL, *FILLERS[0]], [PANIC, *[MAIN_HOUSE] * 3], [PANIC, *[MAIN_HOUSE] * 3], FILLERS[3]]
    state = attack(
        SECRET_KILL,
        {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH},
        hands=hands,
        deck_top=[NATURE, BACK_ROOM, FRONT_YARD, MAIN_HOUSE, BEACH, NATURE, BACK_ROOM, FRONT_YARD],
    )
    state.apply(0, (PASS,))
    state.apply(1, (REACT, PANIC))  # from seat 1: Nature, Back Room, Front Yard, Main House
    assert state.places() == {1: NATURE, 2: BACK_ROOM, 3: FRONT_YARD, 0: MAIN_HOUSE}
    assert (REACT, PANIC) in state.legal_actions(2)
    state.apply(2, (REACT, PANIC))  # from seat 2: Beach, Nature, Back Room, Front Yard
    assert state.places() == {2: BEACH, 3: NATURE, 0: BACK_ROOM, 1: FRONT_YARD}


def test_just_a_cat_cannot_follow_panic():
    hands = [[SEX_KILLS, *FILLERS[0]], [JUST_A_CAT, PANIC, *FILLERS[1][:2]], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    state.apply(0, (PASS,))
    assert (REACT, JUST_A_CAT) in state.legal_actions(1)
    state.apply(1, (REACT, PANIC))
    for seat in (2, 3, 0):
        state.apply(seat, (PASS,))
    assert (REACT, JUST_A_CAT) not in state.legal_actions(1)
    with pytest.raises(IllegalAction):
        state.apply(1, (REACT, JUST_A_CAT))


def test_panic_and_just_a_cat_last_only_for_their_attack():
    hands = [[SEX_KILLS, *FILLERS[0]], [JUST_A_CAT, PANIC, *FILLERS[1][:2]], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    state.apply(0, (PASS,))
    state.apply(1, (REACT, PANIC))
    everyone_passes(state)
    assert state.phase != ATTACK
    observation = state.observation(2)
    assert not observation.panicked and not observation.negated, "no attack is open, so nothing was played in it"

    hands = [[SEX_KILLS, *FILLERS[0]], [JUST_A_CAT, *FILLERS[1][:3]], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    state.apply(0, (PASS,))
    state.apply(1, (REACT, JUST_A_CAT))
    everyone_passes(state)
    assert not state.observation(2).negated


# ---- who dies ----------------------------------------------------------------------------------


def test_sex_kills_kills_a_pair():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    everyone_passes(state)
    assert state.turns.living == (0, 1)


def test_sex_kills_takes_the_pair_in_the_unsafest_place_when_there_are_several():
    assert victims({0: BEACH, 1: BEACH, 2: BACK_ROOM, 3: BACK_ROOM, 4: NATURE}, SEX_KILLS) == (2, 3)


def test_sex_kills_without_a_pair_kills_the_lone_teen_in_the_unsafest_place():
    assert victims({0: MAIN_HOUSE, 1: FRONT_YARD, 2: BEACH}, SEX_KILLS) == (1,)


def test_the_killer_never_strikes_a_place_with_three_or_more_teens():
    # The rulebook's case: 3 teens in Nature and one alone in the Main House: the one alone dies.
    places = {0: NATURE, 1: NATURE, 2: NATURE, 3: MAIN_HOUSE}
    assert victims(places, SEX_KILLS) == victims(places, SECRET_KILL) == (3,)
    assert victims({0: NATURE, 1: NATURE, 2: NATURE}, SEX_KILLS) == ()


def test_secret_kill_kills_the_lone_teen_in_the_unsafest_place_and_keeps_the_locations():
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    everyone_passes(state)
    assert state.turns.living == (0, 2, 3)
    assert state.stacks == [[MAIN_HOUSE], [], [BEACH], [BEACH]]


def test_secret_kill_never_takes_a_teen_of_a_pair():
    assert victims({0: NATURE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, SECRET_KILL) == ()


def test_unexpected_kill_kills_the_lone_teen_in_the_safest_place():
    assert victims({0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, UNEXPECTED_KILL) == (0,)
    assert victims({0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: BACK_ROOM, 3: NATURE}, UNEXPECTED_KILL) == (2,)


def test_a_killer_without_victims_is_discarded_and_locations_stay():
    state = attack(SECRET_KILL, {0: BEACH, 1: BEACH, 2: NATURE, 3: NATURE})
    everyone_passes(state)
    assert state.turns.living == (0, 1, 2, 3)
    assert state.places() == {0: BEACH, 1: BEACH, 2: NATURE, 3: NATURE}
    assert SECRET_KILL in state.discard and state.killer == 0


def test_a_kill_discards_the_victims_cards_and_every_tabled_location():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    victim_cards = state.hands[2] + state.hands[3]
    everyone_passes(state)
    assert state.hands[2] == state.hands[3] == []
    assert state.stacks == [[], [], [], []]
    assert not Counter([*victim_cards, MAIN_HOUSE, NATURE, BEACH, BEACH, SEX_KILLS]) - Counter(state.discard)


def test_an_unexpected_kill_that_kills_discards_every_tabled_location_too():
    # "unless the killer card was a Secret Kill, all tabled location cards from all players are discarded"
    state = attack(UNEXPECTED_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    everyone_passes(state)
    assert state.turns.living == (1, 2, 3)  # seat 0, alone in the safest place
    assert state.stacks == [[], [], [], []]


def test_killed_players_are_skipped_in_the_turn_order():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: NATURE, 3: BEACH}, players=4)
    everyone_passes(state)
    assert state.turns.living == (0, 3)
    assert state.to_act == (3,)


def test_a_player_may_kill_their_own_teen_and_the_turn_passes_on_from_their_seat():
    hands = [FILLERS[1], FILLERS[2], [UNEXPECTED_KILL, BEACH, BEACH, BEACH], FILLERS[4]]
    state = arranged(hands, {0: NATURE, 1: NATURE, 2: MAIN_HOUSE, 3: BEACH}, first=2)
    state.apply(2, (KILLER, UNEXPECTED_KILL))
    everyone_passes(state)
    # Seat 2 is the lone teen in the safest place.
    assert state.turns.living == (0, 1, 3) and state.hands[2] == []
    assert state.to_act == (3,)


def _seat_1_killed(deck_top=()):
    """Three players: seat 0's Secret Kill takes seat 1, alone in Nature; seat 2, still placed, is to play."""
    hands = [[SECRET_KILL, PANIC, FLEE, MAIN_HOUSE], FILLERS[1], [SEX_KILLS, NATURE, BEACH, BEACH]]
    state = arranged(hands, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH}, deck_top)
    state.apply(0, (KILLER, SECRET_KILL))
    everyone_passes(state)
    assert state.turns.living == (0, 2) and state.to_act == (2,)
    return state


def test_only_living_teens_can_be_given_a_location_or_sent_fleeing():
    state = _seat_1_killed(deck_top=[BEACH])
    assert {a[2] for a in state.legal_actions(2) if a[0] == LOCATION} == {0, 2}
    state.apply(2, (KILLER, SEX_KILLS))
    state.apply(2, (PASS,))
    assert {a[2] for a in state.legal_actions(0) if a[:2] == (REACT, FLEE)} == {0, 2}


def test_panic_sends_only_living_teens_fleeing():
    state = _seat_1_killed(deck_top=[BEACH, NATURE, FRONT_YARD])
    state.apply(2, (KILLER, SEX_KILLS))
    state.apply(2, (PASS,))
    deck = len(state.deck)
    state.apply(0, (REACT, PANIC))
    assert state.stacks == [[MAIN_HOUSE, NATURE], [], [BEACH, FRONT_YARD]]
    assert len(state.deck) == deck - 2, "no card is turned over for the dead teen"


def test_a_killed_player_is_not_asked_in_a_later_attack_as_it_could_only_pass():
    state = attack_after_two_deaths()
    assert state.position_problem() is None
    asked_the_dead = state.clone()
    asked_the_dead.window = ReactionWindow((4, 0, 1, 2, 3))  # a position file of version 6's rotation
    assert asked_the_dead.position_problem() == (
        "fields.window.order: [4, 0, 1, 2, 3], but priority goes round every living seat once from the attacker, "
        "seat 4: [4, 0, 3]"
    )
    seen = []
    while state.phase == ATTACK:
        seat = state.to_act[0]
        seen.append(seat)
        state.apply(seat, (PASS,))
    assert seen == [4, 0, 3], "every living seat passes before the strike, clockwise from the attacker"
    assert list(state.log[-4:-1]) == ["seat 4 passes", "seat 0 passes", "seat 3 passes"]


# ---- the deck running out, the end ------------------------------------------------------------


def test_the_new_deck_is_the_shuffled_discards_without_tabled_locations():
    state = arranged(
        [[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:3]], places={1: MAIN_HOUSE, 2: MAIN_HOUSE}, deck_empty=True
    )
    state.apply(0, (LOCATION, NATURE, 1))  # the refill finds the deck empty
    assert state.stacks[1] == [MAIN_HOUSE, NATURE] and state.stacks[2] == [MAIN_HOUSE]
    assert state.discard == []
    assert len(state.deck) == 64 - 3 * 4 - 3, "every card but the hands and the three tabled locations"


def test_the_discard_pile_is_reshuffled_at_the_next_draw_so_what_is_discarded_after_the_deck_ran_out_joins_it():
    # RULES.md Assumption 21. Seat 0's refill takes the deck's last card; seat 1 then discards its hand.
    hands = [[NATURE, BEACH, BEACH, BEACH], [SEX_KILLS, FLEE, PANIC, JUST_A_CAT], FILLERS[2]]
    state = arranged(hands, deck_top=[MAIN_HOUSE], deck_empty=True)
    state.apply(0, (LOCATION, NATURE, 0))
    pile = len(state.discard)
    assert not state.deck and pile == 64 - 12 - 1, "the deck ran out: the discard pile waits for a draw"
    assert len(state.record.lots) == 1
    state.apply(1, (NEW_HAND,))
    assert len(state.record.lots) == 2
    reshuffled = Counter(dict(state.record.lots[1]))
    assert reshuffled.total() == pile + 4 and not Counter([SEX_KILLS, FLEE, PANIC, JUST_A_CAT]) - reshuffled
    assert len(state.deck) == pile and state.discard == []


@pytest.mark.parametrize("options", [SlasherOptions(), SlasherOptions(discard_one=True)])
def test_with_at_most_six_players_every_draw_finds_a_card(options):
    # RULES.md Assumption 22: whenever a turn begins, every living hand holds 4 cards again.
    from tests.random_play import positions

    game = Slasher()
    turns = 0
    for seed in range(12):
        for state in positions(game, 6, seed, Rng(seed + 1000), options):
            if state.phase == TURN:
                assert all(len(state.hands[seat]) == 4 for seat in state.turns.living), (seed, state.turn)
                turns += 1
    assert turns > 500


def test_the_last_living_teen_wins():
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE}, players=2)
    everyone_passes(state)
    assert state.phase == OVER and state.is_terminal
    assert state.returns() == [1.0, 0.0]


def test_when_everyone_dies_at_once_nobody_wins():
    state = attack(SEX_KILLS, {0: NATURE, 1: NATURE}, players=2)
    everyone_passes(state)
    assert state.is_terminal and state.returns() == [0.0, 0.0]


def test_when_everyone_dies_at_once_they_may_share_the_win_by_option():
    state = attack(SEX_KILLS, {0: NATURE, 1: NATURE}, players=2, options=SlasherOptions(all_dead=AllDead.SHARE))
    everyone_passes(state)
    assert state.returns() == [0.5, 0.5]


def test_matches_pay_one_in_all_exactly_when_the_last_victims_share_the_win():
    game = default_registry().game("slasher")
    assert game.constant_sum_for(SlasherOptions(all_dead=AllDead.SHARE)) == 1.0
    assert game.constant_sum_for(SlasherOptions()) is None  # everyone dying at once pays nobody
    # `campfire check` holds the option's matches to that total (and a forfeited match's returns).
    assert check_game(game, 3, games=12, seed=4, options={"all_dead": "share"}).failures == []


def test_turns_in_a_row_without_a_death_end_the_game_with_the_survivors_sharing():
    hands = [[NATURE, BEACH, BEACH, BEACH], *FILLERS[1:3]]
    state = arranged(hands, options=SlasherOptions(stall_turns=2))
    state.apply(0, (LOCATION, NATURE, 0))
    assert not state.is_terminal
    state.apply(1, (LOCATION, BACK_ROOM, 1))
    assert state.is_terminal
    assert state.returns() == pytest.approx([1 / 3] * 3)


def test_a_death_restarts_the_count_of_turns_without_a_death():
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, options=SlasherOptions(stall_turns=2))
    everyone_passes(state)  # takes seat 1
    assert state.turns.living == (0, 2, 3) and state.stall == 0
    state.apply(2, (LOCATION, FRONT_YARD, 2))
    assert not state.is_terminal, "only one turn without a death"
    state.apply(3, (LOCATION, BEACH, 3))
    assert state.is_terminal and state.returns() == pytest.approx([1 / 3, 0, 1 / 3, 1 / 3])


def test_new_hands_and_killers_that_find_no_victim_count_as_turns_without_a_death():
    hands = [[FLEE, FLEE, PANIC, JUST_A_CAT], [SECRET_KILL, *FILLERS[0]], *FILLERS[2:4]]
    state = arranged(hands, {0: BEACH, 1: BEACH, 2: NATURE, 3: NATURE}, options=SlasherOptions(stall_turns=2))
    state.apply(0, (NEW_HAND,))
    assert state.stall == 1
    state.apply(1, (KILLER, SECRET_KILL))
    everyone_passes(state)  # two pairs: nobody to kill
    assert state.is_terminal and state.returns() == [0.25] * 4


def test_the_game_is_bounded_by_the_stall_rule():
    # RULES.md: at most players x stall_turns turns, each one decision plus an attack of at most 4 x players
    # reactions (hands are not refilled), each after at most players - 1 passes, and players passes to close it.
    game = Slasher()
    for players, stall in ((2, 100), (4, 7), (6, 100)):
        window = 4 * players * (players - 1) + 4 * players + players
        assert game.max_decisions(players, SlasherOptions(stall_turns=stall)) == players * stall * (1 + window)


# ---- the optional rule ----------------------------------------------------------------------


def test_the_optional_rule_lets_a_player_discard_one_other_card():
    hands = [[NATURE, FLEE, BEACH, BEACH], *FILLERS[1:3]]
    assert all(len(a) == 3 for a in arranged(hands).legal_actions(0))
    state = arranged(hands, deck_top=[MAIN_HOUSE, MAIN_HOUSE], options=SlasherOptions(discard_one=True))
    assert (LOCATION, NATURE, 1, FLEE) in state.legal_actions(0)
    assert (LOCATION, NATURE, 1, NATURE) not in state.legal_actions(0), "only another card"
    state.apply(0, (LOCATION, NATURE, 1, FLEE))
    assert state.discard == [FLEE]
    assert state.hands[0] == [BEACH, BEACH, MAIN_HOUSE, MAIN_HOUSE], "the Flee! left the hand: two cards drawn"


def test_the_optional_rule_works_with_a_killer_too():
    hands = [[SEX_KILLS, FLEE, BEACH, BEACH], *FILLERS[1:3]]
    state = arranged(hands, {0: NATURE, 1: BEACH, 2: MAIN_HOUSE}, options=SlasherOptions(discard_one=True))
    state.apply(0, (KILLER, SEX_KILLS, BEACH))
    assert state.hands[0] == [BEACH, FLEE] and state.discard == [BEACH]


# ---- what each seat sees ---------------------------------------------------------------------


def test_the_face_down_killer_is_seen_only_by_its_player():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    assert state.observation(0).killer == SEX_KILLS
    assert state.observation(1).killer is None and state.observation(1).killer_down
    assert state.observation(None).killer == SEX_KILLS


def test_a_sample_keeps_the_face_down_killer_a_killer():
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    kinds = {state.sample(1, Rng(seed)).killer for seed in range(60)}
    assert kinds == {SEX_KILLS, SECRET_KILL, UNEXPECTED_KILL}
    assert {state.sample(0, Rng(seed)).killer for seed in range(10)} == {SEX_KILLS}


def test_a_sample_rarely_makes_the_face_down_killer_one_that_would_kill_its_player():
    # Seat 0 alone in the Main House: an Unexpected Kill would strike seat 0 itself.
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH})
    drawn = Counter(state.sample(1, Rng(seed)).killer for seed in range(400))
    assert drawn[SEX_KILLS] > drawn[SECRET_KILL] > drawn[UNEXPECTED_KILL] > 0
    assert drawn[UNEXPECTED_KILL] < 0.08 * 400, "weights 6x12 : 3x12 : 3x1 give it about 3%"


def test_actions_read_as_the_cards_they_play():
    game = Slasher()
    assert game.action_text((LOCATION, MAIN_HOUSE, 2)) == "Main House 5 -> seat 2"
    assert game.action_text((KILLER, SEX_KILLS, FLEE)) == "killer Sex Kills face down, discarding Flee!"
    assert game.action_text((REACT, FLEE, 1)) == "Flee! seat 1"
    assert game.action_text((REACT, JUST_A_CAT)) == "Just a Cat"
    assert game.action_text((PASS,)) == "pass"
    assert game.action_text((NEW_HAND,)) == "discard hand and draw 4"


def test_random_six_seat_games_rarely_end_by_the_stall_rule_and_stall_far_below_it():
    from tests.plugins.slasher.death_gap_survey import survey

    stalled, longest = survey(6, 40)
    assert stalled <= 2 and 0 < longest < 100
