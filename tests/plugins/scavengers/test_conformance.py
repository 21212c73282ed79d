"""scavengers passes the shared conformance checks for 2, 3 and 4 players, and leaks nothing to MCTS."""

import pytest

from corekit.conformance import check_leaks


def test_scavengers_conforms(campfire_conformance):
    # Few matches keep this fast; `campfire check scavengers --no-leaks --games 500` is the long run.
    campfire_conformance("scavengers", games=6, leaks=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mcts_decides_the_same_in_states_a_seat_cannot_tell_apart(campfire_registry, players):
    if "mcts" not in campfire_registry.player_types:
        pytest.skip("no mcts player installed")
    # Cut-off rollouts: a full random playout of Scavengers is hundreds of decisions long.
    report = check_leaks(
        campfire_registry.game("scavengers"),
        players,
        campfire_registry,
        games=1,
        spec="mcts:iterations=40,rollout=cutoff,depth=10",
        positions=4,
    )
    assert report.ok, report.failures
    assert report.samples == 4
