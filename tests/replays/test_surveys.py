"""The replay surveys FORMAT.md's figures come from measure what they say: the choice stream against its
mixed-radix bound, and flipped copies that still verify."""

from __future__ import annotations

from tests.replays.choice_survey import survey as choice_survey
from tests.replays.flip_survey import survey as flip_survey


def test_the_choice_stream_takes_more_than_its_mixed_radix_bound_and_less_than_a_byte_an_action():
    per_action, bound = choice_survey("grizzly-race", 3)
    assert 0 < bound < per_action < 1


def test_every_flipped_copy_of_a_short_two_seat_grizzly_race_is_seen_by_its_digests():
    unseen, made = flip_survey("grizzly-race", 2, 1)
    assert made > 0 and unseen == 0
