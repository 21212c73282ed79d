"""For every registered game, MCTS decides from the seat's information only, and no seat view reaches the
true state (corekit.conformance.check_leaks, with the real `mcts` player)."""

from __future__ import annotations

import pytest

from ai.mcts import MctsOptions, MctsPlayer
from corekit import Rng, SeatView, default_registry
from corekit.conformance import check_leaks

REGISTRY = default_registry()
# The smallest table of every game, and the largest of the cheap reference game; more would cost minutes.
CASES = sorted({(game_id, game.min_players) for game_id, game in REGISTRY.games.items()} | {("grizzly-race", 4)})


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_mcts_decides_alike_in_states_the_seat_cannot_tell_apart(game_id, players):
    report = check_leaks(REGISTRY.game(game_id), players, REGISTRY, games=1, spec="mcts:iterations=30", positions=2)
    assert report.samples > 0, f"{game_id}: no position with a choice was checked"
    assert report.ok, "\n".join(report.failures)


def test_every_root_statistic_is_alike_not_only_the_decision():
    game = REGISTRY.game("grizzly-race")
    state = game.initial_state(3, 12)
    rng = Rng(5)
    for _ in range(4):
        seat = state.to_act[0]
        twin = state.sample(seat, rng.spawn())
        assert twin.observation(None) != state.observation(None)
        annotations = []
        for candidate in (state, twin):
            player = MctsPlayer(MctsOptions(iterations=80), 77, REGISTRY.heuristic(game.id))
            player.decide(SeatView(candidate, seat))
            annotations.append(player.annotation())
        assert annotations[0] == annotations[1]
        state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.parametrize("game_id", ["slasher", "grizzly-race"])
@pytest.mark.parametrize("root", ["ucb", "halving"])
def test_the_policy_guided_options_decide_alike_in_states_the_seat_cannot_tell_apart(game_id, root):
    # bias and trust consult the heuristic policy on the searcher's observation and on determinizations;
    # halving draws one determinization per iteration index and replays it for every root action.
    spec = f"mcts:iterations=30,rollout=heuristic,bias=1,trust=1,tree_depth=0,root={root}"
    report = check_leaks(REGISTRY.game(game_id), 2, REGISTRY, games=1, spec=spec, positions=2)
    assert report.samples > 0 and report.ok, "\n".join(report.failures)
