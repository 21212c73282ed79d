"""Rules a mutation sweep found unpinned, each asserted on a position built by hand (see
plugins/grizzly_race/RULES.md): a deadlock weighs the cards in every seat's hand, and the heuristic counts the
cards a 3- or 4-seat race deals and plays a card that beats exactly 60% of the unseen cards."""

from corekit import Rng
from plugins.grizzly_race.heuristic import policy, unseen_cards
from tests.plugins.grizzly_race.scenario import play_round, scenario


def test_a_card_in_any_seats_hand_that_beats_a_top_guard_keeps_the_race_from_a_deadlock():
    # RULES.md Assumption 7: "every card in circulation (the hands, the discard and the reserve)". The only card
    # that beats a top guard is the 5 in seat 1's hand (not seat 0's): it will be played, so the race goes on.
    state = scenario([[1] * 7, [1] * 6 + [5]], [[5, 5], [5, 5, 5]], supercard=[False, False])
    play_round(state, 1, 1)
    assert (state.is_terminal, state.deadlock, state.winners) == (False, False, ())
    assert state.to_act == (0, 1)
    # And seat 1's 5 does beat its guard next round: the race was not deadlocked.
    play_round(state, 1, 5)
    assert state.last_round[1].won and state.guards[1] == [5, 5]


def test_the_unseen_cards_of_a_three_or_four_seat_race_count_every_collection_dealt():
    # 3 seats deal 9 ones, 12 twos, 9 threes, 6 fours and 3 fives; 4 seats 12, 16, 12, 8 and 4.
    three = scenario([[1, 2], [3], [4]], [[5, 3], [1, 4], [2, 2]], discard=[5])
    assert unseen_cards(three.observation(0)) == [0, 8, 11, 9, 6, 2]
    four = scenario([[1, 2], [3], [4], [5]], [[5, 3], [1, 4], [2, 2], [1, 1]], discard=[5], face_up=[1])
    assert unseen_cards(four.observation(0)) == [0, 11, 15, 12, 7, 3]


def test_the_heuristic_plays_a_card_that_beats_exactly_60_percent_of_the_unseen_cards():
    # Unseen by seat 0 (2 seats: 6 ones, 8 twos, 6 threes, 4 fours, 2 fives, less its hand 2 5 and the discarded
    # 2 4 4 4): 6 ones, 6 twos, 6 threes, 1 four, 1 five. A 2 beats 12 of the 20: 60%, which is enough.
    state = scenario([[2, 5], [1, 1]], [[3, 3], [5, 5]], discard=[2, 4, 4, 4])
    assert unseen_cards(state.observation(0)) == [0, 6, 6, 6, 1, 1]
    assert policy(state.observation(0), 0, state.legal_actions(0), Rng(0)) == 2
