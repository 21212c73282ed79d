"""ai.gaps: every action measured on common samples against the policy's choice, and `campfire gaps`."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from click.testing import CliRunner

from ai.gaps import ActionValue, Decision, beaten, decision_gaps, decision_line, expected_by_chance, t_tail
from corekit import derive_seed
from corekit.cli import cli
from tests.ai.ai_toy_games import Threshold


def _picks_zero(observation, seat, legal, rng):
    return 0


def test_actions_measured_on_common_samples_differ_only_where_their_outcomes_differ():
    [decision] = decision_gaps(Threshold(), 1, 7, _picks_zero, samples=400)
    values = {value.action: value for value in decision.values}
    assert decision.choice == 0 and values[0].z == 0.0
    # Picks 1 and 2 meet exactly the same rolls as pick 0: no difference at all, not merely a small one.
    assert values[1].mean == values[2].mean == values[0].mean and values[1].z == values[2].z == 0.0
    # Pick 3's bonus wins 10% more often, and the paired samples show it clearly.
    assert 0.05 < values[3].mean - values[0].mean < 0.15 and values[3].z > 3
    assert decision.best.action == 3


def test_the_chance_count_is_the_one_sided_t_tail_over_every_alternative():
    measured = decision_gaps(Threshold(), 1, 7, _picks_zero, samples=2)
    # Two samples: t with one degree of freedom (Cauchy), P(T > 2) = 1/2 - atan(2)/pi = 0.1476, six times the
    # normal tail (0.0228) the count used before, which undercounted what chance alone flags at few samples.
    assert expected_by_chance(measured, 2) == pytest.approx(1 - (1 - 0.14758) ** 3, rel=1e-3)
    assert expected_by_chance(measured, 100_000) == pytest.approx(1 - (1 - 0.02275) ** 3, rel=1e-3)
    assert not beaten(measured[0])  # two samples show no difference
    assert beaten(decision_gaps(Threshold(), 1, 7, _picks_zero, samples=400)[0])


def gaps(*args: str):
    return CliRunner().invoke(cli, ["gaps", *args], prog_name="campfire")


def test_the_command_measures_the_chosen_decisions_and_sums_up():
    result = gaps("grizzly-race", "--players", "2", "--samples", "4", "--decisions", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("decision 1 seat ") and "policy " in lines[0] and "best " in lines[0]
    assert lines[-1].startswith("1 decision, 4 samples per action: in ")


def test_json_gives_every_action_of_each_decision_and_the_summary_on_stdout_alone():
    result = gaps("grizzly-race", "--players", "2", "--samples", "4", "--decisions", "1,2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    lines = result.stderr.splitlines()  # progress, as the lines without --json
    assert [line.split(":")[0] for line in lines] == [
        f"decision {d['number']} seat {d['seat']}" for d in data["decisions"]
    ]
    assert (data["game"], data["players"], data["samples"], [d["number"] for d in data["decisions"]]) == (
        "grizzly-race",
        2,
        4,
        [1, 2],
    )
    assert data["seed"] == derive_seed(0, "gaps", "grizzly-race", 2, 0)
    for decision in data["decisions"]:
        means = {row["action"]: row["mean"] for row in decision["actions"]}
        assert decision["choice"] in means and means[decision["best"]] == max(means.values())
        assert {row["code"] for row in decision["actions"]} <= {1, 2, 3, 4, 5, 6}
    assert data["beaten"] == sum(d["beaten"] for d in data["decisions"])
    assert 0 < data["expected_by_chance"] < 2


def test_json_writes_a_z_every_sample_agrees_on_as_text_since_json_has_no_infinity(monkeypatch):
    certain = Decision(
        1, 0, 0, (ActionValue(0, 0.5, 0.0), ActionValue(1, 1.0, math.inf), ActionValue(2, 0.0, -math.inf))
    )
    monkeypatch.setattr("ai.gaps.decision_gaps", lambda *args, **kwargs: [certain])
    data = json.loads(gaps("grizzly-race", "--samples", "4", "--json").stdout)
    assert [row["z"] for row in data["decisions"][0]["actions"]] == [0.0, "inf", "-inf"]
    assert data["decisions"][0]["beaten"] and data["beaten"] == 1


def test_decisions_are_numbered_from_1_as_play_and_check_number_steps() -> None:
    measured = decision_gaps(Threshold(), 1, 7, _picks_zero, samples=2)
    assert [decision.number for decision in measured] == [1]
    result = gaps("grizzly-race", "--players", "2", "--samples", "2")
    assert result.exit_code == 0, result.output
    numbers = [int(line.split()[1]) for line in result.output.splitlines()[:-1]]
    assert numbers == list(range(1, 13))  # the match's 12 decisions with a choice, as the error below names them


def test_decision_1_is_measured_on_the_samples_decision_0_was_before_decisions_were_numbered_from_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ai/README.md records measurements of decisions picked by number: renumbering them kept their samples.
    seeded: list[tuple[object, ...]] = []

    def recorded(seed: int, *parts: int | str) -> int:
        seeded.append((seed, *parts))
        return derive_seed(seed, *parts)

    monkeypatch.setattr("ai.gaps.derive_seed", recorded)
    decision_gaps(Threshold(), 1, 7, _picks_zero, samples=2, decisions={1})
    assert seeded == [(7, "gaps", "policy"), (7, "gaps", 0, 0), (7, "gaps", 0, 1)]


def test_a_decision_the_match_does_not_have_is_one_line_naming_those_it_has():
    result = gaps("grizzly-race", "--players", "2", "--samples", "2", "--decisions", "999,12,1000")
    assert result.exit_code == 1
    assert result.output.startswith("decision 12 seat ")  # the last decision exists: it is measured and shown
    assert result.stderr == "Error: the match has 12 decisions with a choice (1-12); no decision 999, 1000\n"


def test_an_unknown_game_is_one_line_and_exit_1():
    result = gaps("no-such-game")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unknown game 'no-such-game'") and result.stderr.count("\n") == 1


def test_a_player_count_the_game_does_not_take_is_one_line_and_exit_1():
    result = gaps("camp-grizzly", "--players", "9")
    assert (result.exit_code, result.stderr) == (1, "Error: camp-grizzly needs 1-6 players, got 9\n")


@pytest.mark.parametrize("samples", ["1", "0", "-3", "many"])
def test_samples_below_two_or_not_a_number_are_one_line_and_exit_2(samples):
    result = gaps("grizzly-race", "--samples", samples, "--decisions", "0")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: Invalid value for '--samples': ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize("samples", [0, 1])
def test_measuring_on_fewer_than_two_samples_is_refused_as_no_paired_z_can_be_taken(samples):
    with pytest.raises(ValueError, match=f"samples must be 2 or more, not {samples}"):
        decision_gaps(Threshold(), 1, 7, _picks_zero, samples=samples)


@pytest.mark.parametrize("decisions", ["abc", "3,x", "-1", "2,,-4", "²", "0", "3,00"])
def test_decisions_that_are_not_decision_numbers_say_what_the_option_wants(decisions):
    result = gaps("grizzly-race", "--decisions", decisions)
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: Invalid value for '--decisions': wants decision numbers 1 or more separated by commas, "
        f"e.g. 17,34, not {decisions!r} (see 'campfire gaps --help')\n"
    )


def test_one_decision_is_counted_in_the_singular():
    result = gaps("grizzly-race", "--players", "2", "--samples", "2", "--decisions", "1")
    assert result.output.splitlines()[-1].startswith("1 decision, 2 samples per action: in ")


def test_a_game_that_raises_while_measured_is_one_line_naming_it_and_exit_1(monkeypatch):
    from plugins.grizzly_race.game import RaceState

    battle = RaceState._battle

    def broken(self, plays):
        if self.round >= 1:
            raise KeyError("game bug in battle")
        return battle(self, plays)

    monkeypatch.setattr(RaceState, "_battle", broken)
    result = gaps("grizzly-race", "--samples", "2")
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith("Error: game 'grizzly-race' raised KeyError: 'game bug in battle' (at ")
    assert "in broken)" in lines[0]


def test_a_bad_game_option_is_worded_as_play_and_check_word_it():
    result = gaps("grizzly-race", "-o", "stall_rounds=0")
    assert result.exit_code == 1
    assert result.stderr.strip() == "Error: bad game option (-o) for grizzly-race: 'stall_rounds' must be >= 1: 0"


def test_output_closed_by_its_reader_ends_quietly_without_blaming_the_game():
    # `campfire gaps ... | head -1`: the catch-all for the game's crashes once reported the closed pipe as the game's.
    command = [sys.executable, "-m", "corekit.cli", "gaps", "grizzly-race", "--samples", "200"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(b"decision 1 seat ")
        process.stdout.close()  # the next decision takes far longer to measure than this takes
        stderr = process.stderr.read()
    assert (process.returncode, stderr) == (1, b"")


def test_a_decision_counted_as_beaten_by_an_action_other_than_the_best_mean_names_that_action_too():
    from corekit.plugins import default_registry

    game = default_registry().game("grizzly-race")
    values = (ActionValue(1, 0.40, 0.0), ActionValue(2, 0.60, 1.1), ActionValue(3, 0.55, 3.2))
    decision = Decision(4, 0, 1, values)
    assert beaten(decision)
    assert decision_line(game, decision) == (
        "decision 4 seat 0: policy play 1 0.400; best play 2 0.600 (z 1.1); surest play 3 0.550 (z 3.2)"
    )
    plain = Decision(4, 0, 1, (ActionValue(1, 0.40, 0.0), ActionValue(2, 0.60, 2.5), ActionValue(3, 0.55, 1.0)))
    assert decision_line(game, plain) == "decision 4 seat 0: policy play 1 0.400; best play 2 0.600 (z 2.5)"


@pytest.mark.parametrize(
    ("freedom", "tail"),
    # Student's t upper tail at 2 from printed tables: odd and even degrees of freedom take different sums.
    [(1, 0.147584), (2, 0.091752), (3, 0.069663), (4, 0.058058), (5, 0.050970), (10, 0.036694), (30, 0.027313)],
)
def test_the_t_tail_at_two_is_the_tables(freedom, tail):
    assert t_tail(2.0, freedom) == pytest.approx(tail, abs=2e-6)


def test_the_t_tail_is_a_half_at_zero_and_tends_to_the_normal_tail():
    assert t_tail(0.0, 1) == t_tail(0.0, 6) == pytest.approx(0.5)
    assert t_tail(2.0, 99_999) == pytest.approx(0.5 * math.erfc(2 / math.sqrt(2)), rel=1e-4)


def test_an_action_whose_z_is_exactly_z_noted_does_not_count_as_beating_the_choice():
    at = Decision(1, 0, 0, (ActionValue(0, 0.5, 0.0), ActionValue(1, 0.6, 2.0)))  # Z_NOTED = 2: not above it
    above = Decision(1, 0, 0, (ActionValue(0, 0.5, 0.0), ActionValue(1, 0.6, 2.0001)))
    assert (beaten(at), beaten(above)) == (False, True)


def test_the_best_of_equal_means_is_the_policys_choice_not_the_first_in_legal_order():
    tied = Decision(1, 0, 1, (ActionValue(0, 0.5, 0.0), ActionValue(1, 0.5, 0.0), ActionValue(2, 0.4, -1.0)))
    assert tied.best.action == 1
    other = Decision(1, 0, 2, (ActionValue(0, 0.5, 0.0), ActionValue(1, 0.5, 0.0), ActionValue(2, 0.4, 0.0)))
    assert other.best.action == 0  # the choice (2) is below: the first of the equal best


def test_a_playout_cut_short_counts_the_fair_share_one_over_the_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ai.ai_toy_games import Duel

    # No playout step allowed: after seat 0's pick the other two seats have yet to pick, so every sample is cut
    # short and scores the neutral 1/3 of a three-seat table, whichever action was tried.
    monkeypatch.setattr("ai.gaps.PLAYOUT_LIMIT", 0)
    [decision] = decision_gaps(Duel(), 3, 7, lambda observation, seat, legal, rng: legal[0], samples=4, decisions={1})
    assert [value.mean for value in decision.values] == [pytest.approx(1 / 3)] * 3
