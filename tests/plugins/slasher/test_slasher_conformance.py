"""slasher passes the shared conformance checks (and the MCTS leak check) for 2 to 6 players."""

from plugins.slasher.game import SlasherOptions


def test_slasher_conforms(campfire_conformance):
    campfire_conformance("slasher", games=25)


def test_slasher_conforms_with_the_optional_discard_rule(campfire_conformance):
    campfire_conformance("slasher", players=[2, 4, 6], games=15, options=SlasherOptions(discard_one=True), leaks=False)
