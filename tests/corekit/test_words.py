"""Counts in messages take their noun in the right number."""

from corekit.words import counted


def test_a_count_takes_its_noun_in_the_right_number():
    assert [counted(n, "seed") for n in (0, 1, 2)] == ["0 seeds", "1 seed", "2 seeds"]
    assert counted(1, "match", "matches") == "1 match" and counted(3, "match", "matches") == "3 matches"
