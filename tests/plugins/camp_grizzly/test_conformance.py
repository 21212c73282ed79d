"""camp-grizzly passes the shared conformance checks, the core's leak kit (twins now and played forward, samples
against the truth) and the player-level leak check, for 1, 3 and 6 counselors in both setups and for 2 without
surprises. Sized to stay under a minute of one core (about 50 s of CPU when measured)."""

import pytest


@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_camp_grizzly_conforms_and_leaks_nothing(campfire_conformance, setup):
    campfire_conformance("camp-grizzly", players=[1, 3, 6], games=8, options={"setup": setup})


def test_camp_grizzly_conforms_and_leaks_nothing_without_surprises(campfire_conformance):
    campfire_conformance("camp-grizzly", players=[2], games=8, options={"surprises": "off", "night": "8"})
