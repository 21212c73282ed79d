"""The night survey behind RULES.md's termination figures counts what it says it counts."""

from tests.plugins.camp_grizzly.night_survey import survey


def test_a_one_round_night_is_ended_by_the_limit_every_time_in_hopeless():
    nights = survey(counselors=1, night=1, matches=3)
    assert (nights.matches, nights.by_limit, nights.hopeless, nights.finale_won) == (3, 3, 3, 0)


def test_a_long_night_counts_each_end_once():
    nights = survey(counselors=2, night=50, matches=4)
    assert nights.matches == 4
    assert nights.by_limit <= nights.hopeless <= nights.matches
    assert nights.hopeless_won <= nights.hopeless
    assert nights.hopeless + nights.finale_won <= nights.matches
