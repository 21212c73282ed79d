"""Pinned rules of the MCTS player and its playouts that a mutation sweep found no test holding to."""

from __future__ import annotations

from array import array

import pytest

from ai import mcts
from ai.mcts import MctsOptions, MctsPlayer, Node, Opponents, Rollout, RootChoice
from ai.playouts import random_playout, settled_values
from corekit import GameFailed, Heuristic, Rng, SeatView
from tests.ai.ai_toy_games import Duel, DuelState, Kingmaker, Threshold


def _mcts(seed: int = 1, heuristic: Heuristic | None = None, **options) -> MctsPlayer:
    return MctsPlayer(MctsOptions(**options), seed, heuristic)


def _prefers_two(observation, seat, legal, rng):
    return 2 if 2 in legal else legal[0]


def _node(player: MctsPlayer, seat: int, edges: dict) -> Node:
    """A node of `player`'s search holding `seat`'s edges: action -> (visits, summed reward, availability)."""
    node = Node()
    player._keys.extend(node, seat, list(edges))
    node.stats = array("d", [number for edge in edges.values() for number in edge])
    return node


def _walk(node: Node):
    yield node
    for child in (node.children or {}).values():
        yield from _walk(child)


# ---- selection ----------------------------------------------------------------------------------------------


def test_the_ucb_bonus_is_c_times_the_root_of_ln_availability_over_visits():
    # "a": mean 0.1 over 1 visit, now available for the 2nd time: 0.1 + sqrt(ln 2 / 1) = 0.933.
    # "b": mean 0.8 over 100 visits, now available for the 1000th time: 0.8 + sqrt(ln 1000 / 100) = 1.063.
    player = _mcts(c=1.0)
    node = _node(player, 0, {"a": (1, 0.1, 1), "b": (100, 80.0, 999)})
    assert player._select(node, 0, ["a", "b"], None, None)[0] == "b"


@pytest.mark.parametrize(("bias", "chosen"), [(1.0, "b"), (1.5, "a")])
def test_the_progressive_bias_bonus_is_bias_over_visits_plus_one(bias, chosen):
    # c=0: "a", the policy's choice, has mean 0 over 1 visit and earns bias / 2; "b" has mean 0.6.
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), c=0.0, bias=bias)
    node = _node(player, 0, {"a": (1, 0.0, 1), "b": (1, 0.6, 1)})
    node.hints = {0: "a"}
    assert player._select(node, 0, ["a", "b"], None, None)[0] == chosen


def test_progressive_bias_asks_the_policy_once_per_node_and_seat_not_at_every_visit():
    calls = []

    def policy(observation, seat, legal, rng):
        calls.append(seat)
        return legal[0]

    # Random rollouts and a flat tree: only the bias asks the policy, at the root, for seat 0.
    player = _mcts(heuristic=Heuristic(policy=policy), iterations=50, tree_depth=1, rollout=Rollout.RANDOM, bias=1.0)
    player.decide(SeatView(Kingmaker().initial_state(3, 0), 0))
    assert calls == [0]


def test_a_seat_first_met_at_a_node_already_searched_earns_the_bias_for_the_policys_choice():
    # The node holds seat 0's edges (and its hint); seat 1 meets it for the first time. With c=0 and equal means,
    # only the bias tells seat 1's actions apart once each is tried: the policy's choice (2), not the first (1).
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), c=0.0, bias=1.0, rollout=Rollout.RANDOM)
    player._keys.extend(Node(), 1, [1, 2, 3])
    node = _node(player, 0, {1: (1, 0.5, 1), 2: (1, 0.5, 1), 3: (1, 0.5, 1)})
    node.hints = {0: 2}
    state = Duel().initial_state(2, 0)
    for _ in range(3):
        action, (stats, at), untried = player._select(node, 1, [1, 2, 3], Rng(0), state)
        assert untried
        stats[at] += 1
        stats[at + 1] += 0.5
    action, _, untried = player._select(node, 1, [1, 2, 3], Rng(0), state)
    assert (action, untried) == (2, False)


def test_with_bias_the_first_action_tried_at_a_node_is_the_policys_hint_there_not_a_second_asking():
    answers = iter(["B", "A", "A", "A"])  # a policy that answers differently when asked again

    def policy(observation, seat, legal, rng):
        return next(answers) if seat == 0 else legal[0]

    player = _mcts(heuristic=Heuristic(policy=policy), iterations=1, tree_depth=1, bias=1.0)
    player.decide(SeatView(Kingmaker().initial_state(3, 0), 0))
    assert [row[0] for row in player.annotation()["stats"] if row[1]] == ["B"]


def test_the_policy_inside_the_search_takes_the_searchs_generator():
    def drawing(observation, seat, legal, rng):
        return legal[rng.below(len(legal))]

    for options in ({"bias": 1.0}, {"widen": 2, "opponents": Opponents.POLICY}):
        player = _mcts(heuristic=Heuristic(policy=drawing), iterations=300, **options)
        assert player.decide(SeatView(Duel().initial_state(2, 0), 0)) == 3


def test_expansion_tries_untried_actions_at_random_with_cutoff_rollouts():
    # Only heuristic rollouts make the policy's choice the first tried; a cutoff rollout's expansion is random.
    tried = set()
    for seed in range(8):
        player = _mcts(seed, heuristic=Heuristic(policy=_prefers_two), iterations=1, rollout=Rollout.CUTOFF)
        player.decide(SeatView(Duel().initial_state(2, 0), 0))
        tried |= {row[0] for row in player.annotation()["stats"] if row[1]}
    assert tried == {1, 2, 3}


def test_bias_and_unpruning_are_ignored_for_a_game_without_a_policy():
    for options in ({"bias": 5.0}, {"widen": 2}, {"bias": 5.0, "widen": 2, "opponents": Opponents.POLICY}):
        player = _mcts(iterations=300, **options)
        assert player.decide(SeatView(Duel().initial_state(2, 0), 0)) == 3


# ---- progressive unpruning ------------------------------------------------------------------------------------


@pytest.mark.parametrize("opponents", [Opponents.SEARCH, Opponents.POLICY])
def test_unpruning_opens_a_seats_actions_by_that_seats_own_choices_at_the_node(opponents):
    widen = 4
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), iterations=2000, opponents=opponents, widen=widen)
    player.decide(SeatView(Duel().initial_state(2, 0), 0))
    seen = []
    for node in list(_walk(player.root))[1:]:
        for seat in {seat for seat, _ in player._keys.edges(node)}:
            table = player.table(node, seat)
            choices = sum(visits for visits, _, _ in table.values())
            tried = sum(1 for visits, _, _ in table.values() if visits)
            # An untried opened action is tried at once, so the tried actions are exactly those open at the
            # seat's last choice: 1 below `widen` choices, 2 below 2 * widen, then all 3.
            assert tried == min(3, 1 + ((choices - 1) // widen).bit_length())
            seen.append(tried)
    assert {1, 3} <= set(seen)


def test_unpruning_opens_the_actions_after_the_policys_choice_in_a_shuffled_order():
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), iterations=2000, opponents=Opponents.SEARCH, widen=4)
    player.decide(SeatView(Duel().initial_state(2, 0), 0))
    orders = [list(order) for node in _walk(player.root) for order in (node.order or {}).values()]
    assert orders and all(order[0] == 2 for order in orders)
    assert {order[1] for order in orders} == {1, 3}


# ---- budgets -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("opponents", [Opponents.SEARCH, Opponents.POLICY])
def test_a_step_budget_counts_every_action_applied_and_stops_once_reached(opponents):
    # Every iteration of a two-seat duel applies its 6 decisions: in the tree, by modelled seats (once the root's
    # actions are tried, seat 1 follows the policy inside the tree) and in the rollout alike.
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), steps=60, rollout=Rollout.RANDOM, opponents=opponents)
    view = SeatView(Duel().initial_state(2, 0), 0)
    for _ in range(2):  # each decision spends the whole budget anew
        player.decide(view)
        assert (player.annotation()["iterations"], player.applied) == (10, 60)


def test_a_rollout_cut_short_by_the_playout_limit_scores_every_seat_an_even_share(monkeypatch):
    monkeypatch.setattr(mcts, "PLAYOUT_LIMIT", 0)
    player = _mcts(iterations=30, tree_depth=1, rollout=Rollout.RANDOM)
    player.decide(SeatView(Duel().initial_state(3, 0), 0))
    assert {mean for _, visits, mean in player.annotation()["stats"] if visits} == {round(1 / 3, 4)}


# ---- the decision and its annotation -----------------------------------------------------------------------------


def test_the_annotation_gives_each_root_actions_visits_and_mean_to_four_places():
    player = _mcts(iterations=400)
    player.decide(SeatView(Kingmaker().initial_state(3, 0), 0))
    table = player.table(player.root, 0)
    expected = [[action, table[action][0], round(table[action][1] / table[action][0], 4)] for action in ("A", "B")]
    assert player.annotation()["stats"] == expected
    assert any(round(mean, 2) != mean for _, _, mean in expected)


def test_trust_keeps_the_policys_choice_when_the_search_never_tried_it():
    player = _mcts(trust=2.0)
    assert player._trusted({"best": (9, 9.0, 9)}, "best", "kept") == "kept"
    assert player._trusted({"best": (9, 9.0, 9), "kept": (0, 0.0, 9)}, "best", "kept") == "kept"


def test_halving_trust_keeps_the_policys_choice_when_the_paired_z_is_exactly_trust(monkeypatch):
    heuristic = Heuristic(policy=lambda observation, seat, legal, rng: 0)
    view = SeatView(Threshold().initial_state(1, 0), 0)
    for z, choice in ((2.0, 0), (2.0001, 3)):
        monkeypatch.setattr(mcts, "paired_z", lambda better, worse, z=z: z)
        player = _mcts(heuristic=heuristic, iterations=400, rollout=Rollout.RANDOM, root=RootChoice.HALVING, trust=2.0)
        assert player.decide(view) == choice


def test_halving_without_trust_eliminates_the_policys_choice_like_any_other():
    heuristic = Heuristic(policy=lambda observation, seat, legal, rng: 2)
    player = _mcts(heuristic=heuristic, iterations=60, rollout=Rollout.RANDOM, root=RootChoice.HALVING)
    player.decide(SeatView(Threshold().initial_state(1, 0), 0))
    # Two rounds: 7 iterations each, then 15 more for the better two only (0 and 3: 1 and 2 tie with 0 and rank after).
    assert {row[0]: row[1] for row in player.annotation()["stats"]} == {0: 22, 1: 7, 2: 7, 3: 22}


def test_halving_counts_a_root_action_available_each_time_it_is_searched():
    player = _mcts(iterations=60, rollout=Rollout.RANDOM, root=RootChoice.HALVING)
    player.decide(SeatView(Duel().initial_state(2, 1), 0))
    assert all(visits == available for visits, _, available in player.table(player.root, 0).values())


def test_halving_stops_an_iteration_at_a_root_actions_first_search_as_at_any_untried_edge():
    # Three iterations per opening: the first stops at the root, the next two reach seat 1's node and try each
    # crown once, so nothing grows below it.
    player = _mcts(iterations=6, rollout=Rollout.RANDOM, root=RootChoice.HALVING)
    player.decide(SeatView(Kingmaker().initial_state(3, 0), 0))
    assert [row[1] for row in player.annotation()["stats"]] == [3, 3]
    children = list(player.root.children.values())
    assert len(children) == 2 and all(child.children is None for child in children)
    assert [sorted(visits for visits, _, _ in player.table(child, 1).values()) for child in children] == [[1, 1]] * 2


def test_the_policys_choice_that_trust_keeps_is_drawn_from_the_players_generator():
    draws = set()

    def drawing(observation, seat, legal, rng):
        draws.add(legal[rng.below(len(legal))])
        return legal[0]

    for seed in range(8):
        _mcts(
            seed, heuristic=Heuristic(policy=drawing), iterations=1, tree_depth=1, rollout=Rollout.RANDOM, trust=1.0
        ).decide(SeatView(Duel().initial_state(2, 0), 0))
    assert draws == {1, 2, 3}


# ---- playouts ------------------------------------------------------------------------------------------------


class _CountingDuelState(DuelState):
    """A duel whose `apply_unchecked` is its own (counting), as a game may override it."""

    counted = 0

    def apply_unchecked(self, seat: int, action: int) -> None:
        _CountingDuelState.counted += 1
        super().apply_unchecked(seat, action)


def test_a_playout_advances_through_a_games_own_apply_unchecked(monkeypatch):
    monkeypatch.setattr(_CountingDuelState, "counted", 0)
    state = Duel().initial_state(2, 0)
    state.__class__ = _CountingDuelState
    assert random_playout(state, Rng(1), 100) == 6
    assert _CountingDuelState.counted == 6


class _OverpayingDuelState(DuelState):
    def returns(self) -> list[float]:
        return [2.0, 0.0]


def test_settled_values_refuse_a_finished_states_returns_outside_0_to_1_as_the_games_bug():
    state = Duel().initial_state(2, 0)
    state.__class__ = _OverpayingDuelState
    random_playout(state, Rng(1), 100)
    with pytest.raises(GameFailed, match="toy-duel"):
        settled_values(state, 0.5)


def test_applied_counts_only_the_decisions_own_samples_under_halving_and_with_one_legal_action() -> None:
    view = SeatView(Duel().initial_state(2, 0), 0)
    options = {"iterations": 60, "rollout": Rollout.RANDOM, "root": RootChoice.HALVING}
    player, fresh = _mcts(**options), _mcts(**options)
    player.decide(view)
    assert player.applied > 0
    fresh.rng.state = player.rng.state  # the same generator: the same samples as the player's next decision
    player.decide(view)
    fresh.decide(view)
    assert player.applied == fresh.applied > 0
    only = SeatView(Duel().initial_state(2, 0), 0)
    only.legal_actions = [3]  # as if only one pick were allowed: played without a search
    assert player.decide(only) == 3
    assert player.applied == 0
