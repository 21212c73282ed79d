"""The playout helpers: random and policy playouts, and the values of a finished or cut-short state."""

from __future__ import annotations

from ai.playouts import policy_playout, random_playout, settled_values
from corekit import Rng
from tests.ai.ai_toy_games import Duel
from tests.corekit.toy_game import ToyGame


def test_a_random_playout_draws_each_action_from_the_generator():
    picks = set()
    for seed in range(6):
        state = Duel().initial_state(2, 0)
        assert random_playout(state, Rng(seed), 100) == 2 * Duel.ROUNDS
        picks.add(tuple(state.scores))
    assert len(picks) > 1  # not always the same legal action


def test_a_policy_playout_plays_the_policys_choice_and_never_asks_it_about_a_forced_action():
    asked = []

    def policy(observation, seat, legal, rng):
        asked.append((observation.seat, seat, len(legal)))
        return max(legal)

    state = ToyGame().initial_state(2, 3)
    hands = [sorted(hand) for hand in state.hands]
    assert policy_playout(state, policy, Rng(1), 100) == 6
    assert state.played == [sorted(hand, reverse=True) for hand in hands]  # the highest card each turn
    # Its own observation, and only when it has a choice: the last card of each hand is forced.
    assert asked and all(seen == seat and choices > 1 for seen, seat, choices in asked)
    assert len(asked) < 6


def test_settled_values_are_the_returns_of_a_finished_state_and_the_neutral_share_of_one_cut_short():
    state = Duel().initial_state(3, 0)
    assert settled_values(state, 1 / 3) == [1 / 3] * 3
    for seat, pick in ((0, 3), (1, 1), (2, 1)) * Duel.ROUNDS:
        state.apply(seat, pick)
    assert settled_values(state, 1 / 3) == [1.0, 0.0, 0.0]
