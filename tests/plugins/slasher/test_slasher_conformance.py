"""slasher passes the shared conformance checks (and the MCTS leak check) for 2 to 6 players."""

import pytest

from plugins.slasher.game import SlasherOptions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_slasher_conforms(campfire_conformance, players):
    campfire_conformance("slasher", players=players, games=25)


def test_slasher_conforms_with_the_optional_discard_rule(campfire_conformance):
    campfire_conformance("slasher", players=[3, 6], games=12, options=SlasherOptions(discard_one=True), leaks=False)
