"""The oracle of `tests.ai.oracle_ceiling` samples the true state, a copy each time, and its figures repeat."""

from __future__ import annotations

from corekit import Rng, SeatView, default_registry
from tests.ai.oracle_ceiling import OracleView, score


def test_an_oracle_sample_is_a_copy_of_the_true_state_not_a_redeal():
    game = default_registry().game("grizzly-race")
    truth = game.initial_state(2, 3)
    view = SeatView(truth, 0)
    oracle = OracleView(view, truth)
    sample = oracle.sample(Rng(1))
    assert sample is not truth and sample.digest() == truth.digest()
    assert view.sample(Rng(1)).digest() != truth.digest()  # an honest sample redeals what seat 0 cannot see
    sample.apply(0, sample.legal_actions(0)[0])
    assert truth.commitments.waiting == (0, 1)  # the truth is untouched
    assert oracle.legal_actions == view.legal_actions and oracle.seat == 0


def test_every_deal_is_played_with_a_in_each_seat_and_the_figures_repeat():
    first = score("grizzly-race", 2, 2, "mcts:iterations=20", oracle=True)
    assert first[1] == 4 and 0.0 <= first[0] <= 1.0
    assert score("grizzly-race", 2, 2, "mcts:iterations=20", oracle=True) == first
