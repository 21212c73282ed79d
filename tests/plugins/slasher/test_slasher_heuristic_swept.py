"""Slasher heuristic choices and numbers a mutation sweep found unpinned, each asserted on a position built by hand:
how a turn's plays are weighed against each other, the optional discard, when a reaction is spent, the killers it
has not seen, and the evaluation's risks and covers (plugins/slasher/heuristic.py)."""

import pytest

from plugins.slasher import heuristic
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
from plugins.slasher.game import KILLER, LOCATION, PASS, REACT, SlasherOptions
from tests.plugins.slasher.scenario import FILLERS, arranged, attack, attack_after_two_deaths, choose, everyone_passes

# ---- a turn: every play weighed by the board after it ------------------------------------------------------------


def test_a_location_on_a_teen_not_yet_placed_is_weighed_with_that_teen_on_the_board():
    # Seats 0 and 1 pair up in the Main House (a Sex Kills target), seat 2 is alone on the Beach, seat 3 has no
    # place yet. A Main House on seat 3 makes a crowd of 3 around seat 0 and leaves seat 2 the only lone teen.
    state = arranged([[MAIN_HOUSE, FLEE, FLEE, PANIC], *FILLERS[1:4]], {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: BEACH})
    assert choose(state, 0) == (LOCATION, MAIN_HOUSE, 3)


def test_it_makes_the_best_play_even_when_every_play_scores_below_zero():
    # Seat 0 alone on the Beach, seat 1 not placed: Nature on seat 1 scores -0.01 (seat 1 takes the Sex Kills and the
    # Secret Kill, seat 0 the Unexpected Kill), below zero like every other play, and still the best by far: Nature on
    # seat 0, the first legal play, scores -2.99.
    state = arranged([[NATURE, NATURE, MAIN_HOUSE, PANIC], FILLERS[1]], {0: BEACH})
    assert choose(state, 0) == (LOCATION, NATURE, 1)


def test_its_own_teens_risk_weighs_three_times_a_rivals():
    # Seats 0 and 1 pair up in Nature, seat 2 has no place. With two Sex Kills in hand, the unseen killers are 4 Sex
    # Kills, 3 Secret and 3 Unexpected Kills. A Main House on seat 0 leaves seat 1 alone in Nature (0.4 + 0.3) and
    # seat 0 alone in the Main House (0.3): 0.7 - 3 x 0.3 + 0.05 = -0.15. A Nature on seat 2 makes a crowd of 3
    # that no killer strikes: -0.01, the better play (at twice its own risk the Main House would be, at 0.15).
    state = arranged([[SEX_KILLS, SEX_KILLS, NATURE, MAIN_HOUSE], FILLERS[1], FILLERS[5]], {0: NATURE, 1: NATURE})
    assert choose(state, 0) == (LOCATION, NATURE, 2)


def test_between_two_equally_safe_crowds_its_own_teen_goes_to_the_safer_place():
    # Seat 0 alone in Nature; a crowd of 3 on the Beach and one in the Main House are as safe as each other (the
    # pair left behind takes the Sex Kills either way): the safety number breaks the tie, Main House 5 over Beach 4.
    places = {0: NATURE, 1: BEACH, 2: BEACH, 3: MAIN_HOUSE, 4: MAIN_HOUSE}
    state = arranged([[BEACH, MAIN_HOUSE, FLEE, FLEE], *FILLERS[1:5]], places)
    assert choose(state, 0) == (LOCATION, MAIN_HOUSE, 0)


def test_a_rival_as_doomed_in_either_place_is_sent_to_the_unsafer_one():
    # Seat 3 is alone whichever card it gets, and every killer strikes it in both: Nature 1 goes before Back Room 2.
    hands = [[NATURE, BACK_ROOM, FLEE, FLEE], FILLERS[1], FILLERS[4], FILLERS[5]]
    state = arranged(hands, {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: BEACH})
    assert choose(state, 0) == (LOCATION, NATURE, 3)


def test_of_equally_good_plays_it_makes_the_first_in_legal_order():
    # Nature on seat 1 or on seat 4 breaks the crowd in the Main House in the same way (the same risks, the same
    # card): the first in legal order, seat 1, is played.
    places = {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: BEACH, 3: BEACH, 4: MAIN_HOUSE}
    state = arranged([[NATURE, FLEE, FLEE, PANIC], *FILLERS[1:5]], places)
    assert choose(state, 0) == (LOCATION, NATURE, 1)


def test_a_killer_that_would_strike_its_own_teen_is_not_played_even_when_every_location_is_bad():
    # Seat 0 alone in Nature, no pair: its Sex Kills would kill seat 0. Each Beach play leaves seat 0 struck by 8 of
    # the 11 killers it has not seen (a score of about -1.9), and is still played rather than the killer (-10).
    state = arranged([[SEX_KILLS, BEACH, BEACH, BEACH], FILLERS[1]], {0: NATURE, 1: MAIN_HOUSE})
    assert choose(state, 0) == (LOCATION, BEACH, 0)


def test_a_killer_that_would_find_no_victim_is_kept():
    # Everyone in one crowd of 3: the Secret Kill would strike nobody; a Main House on seat 0 changes nothing and is
    # played instead.
    state = arranged([[SECRET_KILL, MAIN_HOUSE, MAIN_HOUSE, FLEE], *FILLERS[1:3]], dict.fromkeys(range(3), MAIN_HOUSE))
    assert choose(state, 0) == (LOCATION, MAIN_HOUSE, 0)


def test_a_killer_that_strikes_one_rival_now_beats_the_best_location():
    # A Main House on seat 1 pairs it with seat 0 and leaves the pair in Nature to the Sex Kills: a risk of 1.09 for
    # the rivals. The Secret Kill kills seat 1, alone on the Beach, for sure: KILL_VALUE 2.
    hands = [[SECRET_KILL, MAIN_HOUSE, FLEE, FLEE], *FILLERS[1:4]]
    state = arranged(hands, {0: MAIN_HOUSE, 1: BEACH, 2: NATURE, 3: NATURE})
    assert choose(state, 0) == (KILLER, SECRET_KILL)


def test_a_killer_that_strikes_two_rivals_counts_twice():
    # Every Secret and Unexpected Kill lies in the discard, so the only killers seat 0 has not seen are the Sex Kills
    # in the rivals' hands: a Main House on seat 0 leaves the rival pair in Nature to them (a risk of 2, plus 0.05 for
    # the safe place). Playing the Sex Kills kills that pair now, 2 x KILL_VALUE = 4, and wins the game.
    hands = [[SEX_KILLS, MAIN_HOUSE, FLEE, FLEE], [SEX_KILLS] * 3 + [BEACH], [SEX_KILLS] * 2 + [BEACH] * 2]
    state = arranged(hands, {0: MAIN_HOUSE, 1: NATURE, 2: NATURE}, deck_empty=True)
    assert choose(state, 0) == (KILLER, SEX_KILLS)


# ---- the optional discard -------------------------------------------------------------------------------------

OTHERS = [FILLERS[1], FILLERS[4], FILLERS[5]]
ONE_ALONE = {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: BEACH}
DISCARD_ONE = SlasherOptions(discard_one=True)


def test_without_the_optional_rule_it_discards_nothing():
    state = arranged([[NATURE, BACK_ROOM, FRONT_YARD, FLEE], *OTHERS], ONE_ALONE)
    assert choose(state, 0) == (LOCATION, NATURE, 3)


def test_with_the_optional_rule_the_card_least_worth_keeping_goes_the_lower_code_first_among_equals():
    # Back Room and Front Yard are both worth 3 (KEEP), below DISCARD_BELOW: the lower code, Back Room, goes.
    state = arranged([[NATURE, BACK_ROOM, FRONT_YARD, FLEE], *OTHERS], ONE_ALONE, options=DISCARD_ONE)
    assert choose(state, 0) == (LOCATION, NATURE, 3, BACK_ROOM)


def test_with_the_optional_rule_a_front_yard_is_worth_too_little_to_keep():
    state = arranged([[NATURE, FRONT_YARD, FLEE, PANIC], *OTHERS], ONE_ALONE, options=DISCARD_ONE)
    assert choose(state, 0) == (LOCATION, NATURE, 3, FRONT_YARD)


def test_with_the_optional_rule_the_discard_is_chosen_from_the_cards_left_after_the_play():
    # The Back Room is played on seat 3 (before the Front Yard: the unsafer place for a rival) and is itself the
    # least worth keeping; the discard is the Front Yard, the worst of what is left.
    state = arranged([[BACK_ROOM, FRONT_YARD, FLEE, PANIC], *OTHERS], ONE_ALONE, options=DISCARD_ONE)
    assert choose(state, 0) == (LOCATION, BACK_ROOM, 3, FRONT_YARD)


def test_with_the_optional_rule_it_keeps_every_reaction():
    # Panic! (KEEP 4) is the least worth keeping, and at DISCARD_BELOW it is not below it: nothing is discarded.
    state = arranged([[NATURE, JUST_A_CAT, FLEE, PANIC], *OTHERS], ONE_ALONE, options=DISCARD_ONE)
    assert choose(state, 0) == (LOCATION, NATURE, 3)


def test_a_hand_of_one_card_plays_it_with_nothing_to_discard():
    # A short hand (past 6 players, RULES.md Assumption 1): after the play nothing is left to weigh for a discard.
    state = arranged([[NATURE], *OTHERS], ONE_ALONE)
    assert choose(state, 0) == (LOCATION, NATURE, 3)


# ---- an attack: a reaction only for its own teen ------------------------------------------------------------------


def test_once_the_killer_is_negated_it_passes_even_where_its_teen_stood_to_die():
    hands = [[SEX_KILLS, JUST_A_CAT, BEACH, BEACH], [FLEE, MAIN_HOUSE, MAIN_HOUSE, MAIN_HOUSE], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, hands=hands)
    state.apply(0, (REACT, JUST_A_CAT))
    assert state.to_act == (1,)
    assert choose(state, 1) == (PASS,)


def test_the_killers_own_player_flees_its_own_killer_when_it_would_strike_its_own_teen():
    # RULES.md Assumption 18. Seat 0 knows its face-down Unexpected Kill, and its teen is alone in the Main House.
    hands = [[UNEXPECTED_KILL, FLEE, BEACH, BEACH], *FILLERS[1:4]]
    state = attack(UNEXPECTED_KILL, {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, hands=hands)
    assert choose(state, 0) == (REACT, FLEE, 0)


def face_down(places, hand):
    """Seat 0 plays a Secret Kill with the teens at `places` and passes: seat 1, holding `hand`, is to act."""
    hands = [[SECRET_KILL, *FILLERS[0]], hand, FILLERS[2], FILLERS[5]]
    state = attack(SECRET_KILL, places, hands=hands)
    state.apply(0, (PASS,))
    return state


def test_a_face_down_killer_is_weighed_as_the_kind_its_player_would_choose():
    # The Sex Kills would strike its own player (the pair in the Main House), weight 1 a copy; Secret Kill (seat 1)
    # and Unexpected Kill (seat 3) strike rivals, 12 a copy. Seat 1's risk is 3x12 / (6x1 + 3x12 + 3x12) = 0.46,
    # above LIKELY_VICTIM: it flees. Counting copies alone it would be 3/12, and weighed from seat 1's side 3/111.
    state = face_down({0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: BEACH}, [FLEE, *[MAIN_HOUSE] * 3])
    assert choose(state, 1) == (REACT, FLEE, 1)


def test_a_risk_below_likely_victim_keeps_the_reaction():
    # The Sex Kills strikes the pair on the Beach (12 a copy), the Secret Kill seat 1 (12), the Unexpected Kill its
    # own player (1): seat 1's risk is 3x12 / (6x12 + 3x12 + 3x1) = 0.32, under 0.34.
    state = face_down({0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}, [FLEE, *[MAIN_HOUSE] * 3])
    assert choose(state, 1) == (PASS,)


def test_with_no_cat_nor_flee_it_panics():
    state = face_down({0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, [PANIC, *[MAIN_HOUSE] * 3])
    assert choose(state, 1) == (REACT, PANIC)


# ---- the killers it has not seen ---------------------------------------------------------------------------------


def test_the_killers_not_seen_are_the_copies_less_those_in_its_hand_and_the_discard():
    # Seat 0 holds a Sex Kills, seat 1 a Secret Kill; every other card lies face up in the discard.
    state = arranged([[SEX_KILLS, *FILLERS[0]], [SECRET_KILL, *FILLERS[1][1:]]], deck_empty=True)
    assert heuristic.killer_weights(state.observation(0)) == {SEX_KILLS: 0.0, SECRET_KILL: 1.0, UNEXPECTED_KILL: 0.0}


def test_with_every_killer_seen_the_killers_not_seen_fall_back_to_the_full_deck():
    state = arranged([[SEX_KILLS, *FILLERS[0]], FILLERS[1]], deck_empty=True)
    assert heuristic.killer_weights(state.observation(0)) == {SEX_KILLS: 6.0, SECRET_KILL: 3.0, UNEXPECTED_KILL: 3.0}


# ---- the evaluation -------------------------------------------------------------------------------------------
# Before the shares are taken, a seat with exposure e scores 1 - 0.9 x e x its cover (0.4 for Just a Cat, 0.7 for
# Flee! or Panic!, else 1), so a seat nothing threatens scores 1, and a seat's share over that seat's is its score.


def ratio(values, seat, safe):
    return values[seat] / values[safe]


@pytest.mark.parametrize(
    ("hand", "score"),
    [
        ([MAIN_HOUSE] * 4, 1 - 0.9),
        ([FLEE, *[MAIN_HOUSE] * 3], 1 - 0.9 * 0.7),
        ([PANIC, *[MAIN_HOUSE] * 3], 1 - 0.9 * 0.7),
        ([JUST_A_CAT, *[MAIN_HOUSE] * 3], 1 - 0.9 * 0.4),
    ],
)
def test_a_teen_the_face_down_killer_will_strike_is_covered_by_a_cat_or_less_by_a_flee_or_panic(hand, score):
    hands = [[SECRET_KILL, *FILLERS[0]], hand, *FILLERS[2:4]]
    values = heuristic.evaluate(attack(SECRET_KILL, {0: BEACH, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, hands=hands))
    assert ratio(values, 1, 2) == pytest.approx(score)


def test_a_cat_is_no_cover_once_a_panic_has_been_played():
    # Seat 2 panics; the teens flee in turn (2, 3, 0, 1) onto the cards on top of the deck, back where they were.
    hands = [[SECRET_KILL, *FILLERS[0]], [JUST_A_CAT, *[MAIN_HOUSE] * 3], [PANIC, *FILLERS[2][1:]], FILLERS[3]]
    places = {0: BEACH, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}
    state = attack(SECRET_KILL, places, hands=hands, deck_top=(MAIN_HOUSE, MAIN_HOUSE, BEACH, NATURE))
    state.apply(0, (PASS,))
    state.apply(1, (PASS,))
    state.apply(2, (REACT, PANIC))
    assert state.places() == places and state.panicked
    assert ratio(heuristic.evaluate(state), 1, 2) == pytest.approx(1 - 0.9)


def test_a_negated_killer_leaves_only_the_general_risk_of_each_place():
    # Seat 1 plays Just a Cat. The killers are then weighed by their copies (6, 3, 3), the risk halved: the Sex Kills
    # on the pair in the Main House (0.25 each), the Secret Kill on seat 1 in Nature and the Unexpected Kill on seat
    # 0 on the Beach (0.125 each). No hand holds a killer or a reaction.
    hands = [[SECRET_KILL, *FILLERS[0]], [JUST_A_CAT, *[MAIN_HOUSE] * 3], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: BEACH, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, hands=hands)
    state.apply(0, (PASS,))
    state.apply(1, (REACT, JUST_A_CAT))
    scores = [1 - 0.9 * 0.125, 1 - 0.9 * 0.125, 1 - 0.9 * 0.25, 1 - 0.9 * 0.25]
    assert heuristic.evaluate(state) == pytest.approx([score / sum(scores) for score in scores])


def test_the_general_risk_of_a_place_counts_half():
    # Seat 3, alone in Nature, is struck by every killer (danger 1); nobody holds a killer.
    state = arranged([[MAIN_HOUSE] * 4, *FILLERS[1:4]], {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: NATURE})
    assert ratio(heuristic.evaluate(state), 3, 0) == pytest.approx(1 - 0.9 * 0.5)


FIVE = {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: NATURE, 4: BEACH}
"""A crowd of 3 nothing strikes; seat 3 takes the Sex Kills and the Secret Kill, seat 4 the Unexpected Kill: a
general risk of 0.5 x 3/12 = 0.125 for seat 4."""


def unexpected_kill_held_by(holder, copies=1, first=0):
    hands = [[FRONT_YARD] * 4, [BEACH] * 4, [FRONT_YARD] * 2 + [BEACH] * 2, [BACK_ROOM] * 4, [MAIN_HOUSE] * 4]
    hands[holder] = [UNEXPECTED_KILL] * copies + [MAIN_HOUSE] * (4 - copies)
    return arranged(hands, FIVE, first=first)


@pytest.mark.parametrize(("holder", "threat"), [(0, 0.6), (1, 0.3), (2, 0.2), (3, 0.15)])
def test_a_killer_in_hand_threatens_its_victim_less_the_later_its_holder_acts(holder, threat):
    # NEXT_THREAT 0.6 from the seat to act (seat 0), divided by 2, 3, 4 for the seats after it.
    values = heuristic.evaluate(unexpected_kill_held_by(holder))
    assert ratio(values, 4, 0) == pytest.approx(1 - 0.9 * (0.125 + threat))


def test_the_distance_to_a_killers_holder_counts_from_the_seat_to_act():
    values = heuristic.evaluate(unexpected_kill_held_by(2, first=2))
    assert ratio(values, 4, 0) == pytest.approx(1 - 0.9 * (0.125 + 0.6))


def test_two_copies_of_a_killer_in_one_hand_threaten_as_one():
    values = heuristic.evaluate(unexpected_kill_held_by(2, copies=2))
    assert ratio(values, 4, 0) == pytest.approx(1 - 0.9 * (0.125 + 0.2))


def test_a_killer_in_hand_that_would_strike_its_holder_threatens_nobody():
    values = heuristic.evaluate(unexpected_kill_held_by(4))
    assert ratio(values, 4, 0) == pytest.approx(1 - 0.9 * 0.125)


def test_a_killer_in_hand_threatens_nobody_while_a_teen_has_no_place():
    # Seat 1 not placed: no killer can be played yet. Seat 4 is left with its general risk, 0.5 x 3/12, though seat 0,
    # the seat to act, holds an Unexpected Kill that would strike it.
    hands = [[UNEXPECTED_KILL, *[MAIN_HOUSE] * 3], [BEACH] * 4, [FRONT_YARD] * 4, [BACK_ROOM] * 4, [MAIN_HOUSE] * 4]
    places = {0: MAIN_HOUSE, 2: MAIN_HOUSE, 3: NATURE, 4: BEACH}
    values = heuristic.evaluate(arranged(hands, places))
    # Seats 0 and 2 are a pair in the Main House: the Sex Kills takes them (0.5 x 6/12 each). Seat 1 is safe.
    assert ratio(values, 4, 1) == pytest.approx(1 - 0.9 * 0.125)


def test_an_exposure_above_certainty_counts_as_certainty():
    # Seat 0, to act, holds a Sex Kills and a Secret Kill that would both strike seat 3 (alone in Nature, general
    # risk 0.5 x 9/12): 0.375 + 0.6 + 0.6 is capped at 1.
    hands = [
        [SEX_KILLS, SECRET_KILL, MAIN_HOUSE, MAIN_HOUSE],
        [BEACH] * 4,
        [FRONT_YARD] * 4,
        [BACK_ROOM] * 4,
        FILLERS[5],
    ]
    values = heuristic.evaluate(arranged(hands, FIVE))
    assert ratio(values, 3, 1) == pytest.approx(1 - 0.9)


def test_a_killed_seat_has_no_share():
    values = heuristic.evaluate(attack_after_two_deaths())
    assert values[1] == values[2] == 0.0 and sum(values) == pytest.approx(1.0)


def test_a_finished_game_is_valued_by_its_returns_even_when_nobody_survived():
    # The last two teens, a pair in Nature, die to one Sex Kills: nobody wins, every return is 0.
    state = attack(SEX_KILLS, {0: NATURE, 1: NATURE}, players=2)
    everyone_passes(state)
    assert state.is_terminal
    assert heuristic.evaluate(state) == [0.0, 0.0]
