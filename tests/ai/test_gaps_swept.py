"""ai.gaps behaviour a mutation sweep found unpinned: which decisions are numbered, the words of a missing decision,
the t tail's floor, the command's match seed, summary and JSON codes, and when a decision's line names a surer
action."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ai.gaps import ActionValue, Decision, decision_gaps, decision_line, t_tail
from corekit import Rng, derive_seed
from corekit.cli import cli
from corekit.heuristics import Heuristic
from corekit.plugins import default_registry
from tests.ai.ai_toy_games import Threshold, ThresholdState


def _picks_zero(observation, seat, legal, rng):
    return legal[0]


def gaps(*args: str):
    return CliRunner().invoke(cli, ["gaps", *args], prog_name="campfire")


class ReadyThreshold(Threshold):
    """Threshold with a forced first step: the seat must say "ready" (its only legal action), then picks as in
    Threshold among `PICKS`."""

    id = "toy-ready-threshold"
    PICKS = (0, 1, 2, 3)

    def _setup(self, players: int, seed: int, options: object) -> ReadyState:
        state = ReadyState()
        state.game, state.players, state.rng, state.picked, state.roll = self, players, Rng(seed), None, 0
        state.ready = False
        return state

    def max_decisions(self, players: int, options: object) -> int:
        return 2


class ReadyOnly(ReadyThreshold):
    """Nothing to decide: "ready", then the only pick, 0."""

    id = "toy-ready-only"
    PICKS = (0,)


class ReadyState(ThresholdState):
    ready: bool

    def legal_actions(self, seat: int) -> list[object]:
        if self.picked is not None:
            return []
        return list(self.game.PICKS) if self.ready else ["ready"]

    def _apply(self, seat: int, action: object) -> None:
        if action == "ready":
            self.ready = True
        else:
            super()._apply(seat, action)

    def clone(self) -> ReadyState:
        copy = ReadyState()
        copy.game, copy.players, copy.rng = self.game, self.players, Rng(self.rng.state)
        copy.picked, copy.roll, copy.ready = self.picked, self.roll, self.ready
        return copy


def test_a_decision_with_a_single_legal_action_is_played_but_not_numbered():
    # "ready" is forced: the pick after it is decision 1, and the only one measured.
    measured = decision_gaps(ReadyThreshold(), 1, 7, _picks_zero, samples=2)
    assert [(decision.number, decision.choice) for decision in measured] == [(1, 0)]
    assert [value.action for value in measured[0].values] == [0, 1, 2, 3]


def test_a_match_with_no_decision_to_make_says_so_without_a_range():
    with pytest.raises(ValueError) as raised:
        decision_gaps(ReadyOnly(), 1, 7, _picks_zero, samples=2, decisions={1})
    assert str(raised.value) == "the match has 0 decisions with a choice; no decision 1"


def test_a_match_with_one_decision_to_make_counts_it_in_the_singular():
    with pytest.raises(ValueError) as raised:
        decision_gaps(Threshold(), 1, 7, _picks_zero, samples=2, decisions={2})
    assert str(raised.value) == "the match has 1 decision with a choice (1-1); no decision 2"


def test_the_t_tail_is_never_negative_where_rounding_would_make_it_so():
    # 1 - the finite sum at t = 30 with 20 degrees of freedom rounds to -1.1e-16: a probability is floored at 0.
    assert t_tail(30.0, 20) == 0.0


def test_a_game_whose_heuristic_has_no_policy_is_one_line_and_exit_1(monkeypatch):
    registry = default_registry()
    monkeypatch.setattr(registry, "heuristic", lambda game_id: Heuristic(policy=None))
    result = gaps("grizzly-race", "--samples", "2")
    assert (result.exit_code, result.stderr) == (1, "Error: game 'grizzly-race' has no heuristic policy to measure\n")


def test_the_match_option_picks_the_seed_of_that_match():
    result = gaps("grizzly-race", "--players", "2", "--match", "1", "--samples", "2", "--decisions", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["match"], data["seed"]) == (1, derive_seed(0, "gaps", "grizzly-race", 2, 1))
    assert data["seed"] != derive_seed(0, "gaps", "grizzly-race", 2, 0)


def test_the_summary_counts_the_beaten_decisions_and_the_chance_count_at_the_samples_given(monkeypatch):
    # Ten decisions of three actions, three of them beaten (z 2.5). At 2 samples each other action crosses z 2 by
    # chance with P = 0.1476 (t, 1 degree of freedom): 10 x (1 - (1 - 0.1476)^2) = 2.73.
    plain = Decision(1, 0, 0, (ActionValue(0, 0.5, 0.0), ActionValue(1, 0.5, 0.0), ActionValue(2, 0.4, -1.0)))
    beaten = Decision(1, 0, 0, (ActionValue(0, 0.5, 0.0), ActionValue(1, 0.7, 2.5), ActionValue(2, 0.4, -1.0)))
    monkeypatch.setattr("ai.gaps.decision_gaps", lambda *args, **kwargs: [beaten] * 3 + [plain] * 7)
    result = gaps("grizzly-race", "--samples", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "10 decisions, 2 samples per action: in 3 an action beats the policy's choice with z > 2; "
        "up to about 2.7 would by chance alone"
    )


def test_json_gives_each_action_as_the_code_the_game_encodes_it_by(monkeypatch):
    game = default_registry().game("grizzly-race")
    monkeypatch.setattr(type(game), "encode_action", lambda self, action: 100 + action)
    decision = Decision(1, 0, 1, (ActionValue(1, 0.5, 0.0), ActionValue(2, 0.6, 1.0)))
    monkeypatch.setattr("ai.gaps.decision_gaps", lambda *args, **kwargs: [decision])
    data = json.loads(gaps("grizzly-race", "--samples", "2", "--json").stdout)
    assert [row["code"] for row in data["decisions"][0]["actions"]] == [101, 102]


def test_a_surer_action_than_the_best_mean_is_not_named_unless_its_z_is_above_z_noted():
    game = default_registry().game("grizzly-race")
    values = (ActionValue(1, 0.40, 0.0), ActionValue(2, 0.60, 0.5), ActionValue(3, 0.55, 1.5))
    assert decision_line(game, Decision(4, 0, 1, values)) == (
        "decision 4 seat 0: policy play 1 0.400; best play 2 0.600 (z 0.5)"
    )
