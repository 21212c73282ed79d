"""The guard race's heuristic: its policy's choices and its evaluation (plugins/grizzly_race/heuristic.py)."""

from corekit import Rng
from plugins.grizzly_race.game import SUPER
from plugins.grizzly_race.heuristic import evaluate, policy, unseen_cards
from tests.plugins.grizzly_race.scenario import GAME, scenario
from tests.random_play import positions


def choice(state, seat=0):
    return policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))


def test_the_supercard_is_played_against_the_last_guard():
    state = scenario([[1, 5], [1, 1]], [[1], [5, 5]])
    assert choice(state) == SUPER  # even though a 5 might do: the supercard makes sure


def test_a_face_up_guard_is_beaten_with_the_cheapest_card_that_beats_it():
    state = scenario([[1, 3, 4, 5], [1, 1]], [[5, 3], [5, 5]], face_up=[0])
    assert choice(state) == 3


def test_a_strong_face_up_guard_no_card_beats_gets_the_supercard_a_weaker_one_the_cheapest_card():
    state = scenario([[1, 2, 3], [1, 1]], [[5, 4], [5, 5]], face_up=[0])
    assert choice(state) == SUPER
    state = scenario([[1, 2], [1, 1]], [[5, 5, 3], [5, 5]], face_up=[0])
    assert choice(state) == 1  # a 3 is not worth the supercard: throw the cheapest card


def test_a_face_down_guard_gets_the_cheapest_card_that_beats_60_percent_of_the_unseen_cards():
    state = GAME.initial_state(2, 1)
    state.hands[0] = [1, 1, 2, 2, 3, 3, 4]
    # Unseen: 26 cards less this hand leaves 4 ones, 6 twos, 4 threes, 3 fours, 2 fives (19 cards):
    # a 2 beats 10/19 = 53% of them, a 3 beats 14/19 = 74%.
    assert unseen_cards(state.observation(0)) == [0, 4, 6, 4, 3, 2]  # by strength, 0 unused
    assert choice(state) == 3


def test_unseen_cards_leave_out_the_hand_the_discard_and_face_up_guards():
    state = scenario([[1, 2], [5, 5]], [[5, 3], [1, 4]], discard=[1, 1, 3], face_up=[1])
    # The 2-player collections: 6 ones, 8 twos, 6 threes, 4 fours, 2 fives.
    assert unseen_cards(state.observation(0)) == [0, 3, 7, 5, 3, 2]


def test_the_evaluation_shares_progress_with_an_unspent_supercard_worth_a_guard():
    state = scenario([[1], [1], [1]], [[1] * 6, [1] * 4, [1] * 4])
    state.supercard = [True, False, True]
    # Guards passed + supercard + 0.5: 1.5, 2.5 and 3.5 of 7.5.
    assert evaluate(state) == [1.5 / 7.5, 2.5 / 7.5, 3.5 / 7.5]


def test_the_policy_always_chooses_a_legal_action():
    checked = 0
    for players in (2, 4):
        for state in positions(GAME, players, 3, Rng(3)):
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                assert policy(state.observation(seat), seat, legal, Rng(checked)) in legal
                checked += 1
    assert checked > 100
