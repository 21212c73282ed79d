"""camp-grizzly passes the shared conformance checks for 1, 3 and 6 counselors in both setups."""

import pytest


@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_camp_grizzly_conforms(campfire_conformance, setup):
    campfire_conformance("camp-grizzly", players=[1, 3, 6], games=3, options={"setup": setup}, leaks=False)


def test_camp_grizzly_conforms_without_surprises(campfire_conformance):
    campfire_conformance("camp-grizzly", players=[2], games=3, options={"surprises": "off", "night": "8"}, leaks=False)
