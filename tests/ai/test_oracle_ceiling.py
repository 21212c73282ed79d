"""The oracle of `tests.ai.oracle_ceiling` samples the true state, a copy each time, and its figures repeat."""

from __future__ import annotations

import pytest

import tests.ai.oracle_ceiling as oracle_ceiling
from corekit import Rng, SeatView, default_registry
from tests.ai.oracle_ceiling import OracleView, score


def test_an_oracle_sample_is_a_copy_of_the_true_state_not_a_redeal():
    game = default_registry().game("grizzly-race")
    truth = game.initial_state(2, 3)
    view = SeatView(truth, 0)
    oracle = OracleView(view, truth)
    sample = oracle.sample(Rng(1))
    assert sample is not truth and sample.digest() == truth.digest()
    # An honest sample redeals what seat 0 cannot see: the cards differ, not only the sample's generator.
    assert view.sample(Rng(1)).observation(None) != truth.observation(None)
    assert oracle.sample(Rng(2)).observation(None) == truth.observation(None)
    sample.apply(0, sample.legal_actions(0)[0])
    assert truth.commitments.waiting == (0, 1)  # the truth is untouched
    assert oracle.legal_actions == view.legal_actions and oracle.seat == 0


def test_every_deal_is_played_with_a_in_each_seat_and_the_figures_repeat():
    first = score("grizzly-race", 2, 2, "mcts:iterations=20", oracle=True)
    assert first[1] == 4 and 0.0 <= first[0] <= 1.0
    assert score("grizzly-race", 2, 2, "mcts:iterations=20", oracle=True) == first


def test_the_oracle_searcher_is_handed_the_true_state_and_the_honest_one_its_seat_view(monkeypatch):
    handed = []

    class Recorder:
        def decide(self, view):
            handed.append(view)
            return view.legal_actions[0]

    monkeypatch.setattr(oracle_ceiling, "build_spec", lambda *args: Recorder())
    score("grizzly-race", 2, 1, oracle=True)
    assert handed and all(type(view) is OracleView for view in handed)
    handed.clear()
    score("grizzly-race", 2, 1, oracle=False)
    assert handed and all(type(view) is SeatView for view in handed)


def test_a_game_without_a_heuristic_policy_is_one_line(monkeypatch, capsys):
    registry = default_registry()
    monkeypatch.setattr(oracle_ceiling, "default_registry", lambda: registry)
    monkeypatch.setattr(registry, "heuristic", lambda game_id: None)
    with pytest.raises(SystemExit) as stop:
        oracle_ceiling.main(["grizzly-race", "2", "1"])
    assert stop.value.code == "error: grizzly-race has no heuristic policy to play against"
