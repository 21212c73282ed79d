"""grizzly-race passes the shared conformance checks for 2, 3 and 4 players, its commentary included."""


def test_grizzly_race_conforms(campfire_conformance):
    campfire_conformance("grizzly-race", games=300)
