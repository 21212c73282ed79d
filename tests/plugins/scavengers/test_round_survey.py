"""The round survey behind RULES.md's Assumption 1: random games end well inside the `max_rounds` bound."""

from __future__ import annotations

from tests.plugins.scavengers.round_survey import survey


def test_random_games_end_by_the_race_long_before_the_round_bound():
    mean, longest, bounded = survey(3, 40)
    assert 5 < mean < 20 and longest < 40 and bounded == 0
