"""The MCTS player: options from a spec, sound choices in small games, determinism, budgets, statistics."""

from __future__ import annotations

import types
from array import array

import pytest

from ai import mcts
from ai.mcts import MctsOptions, MctsPlayer, Node, Opponents, Rollout, RootChoice, paired_z
from corekit import Heuristic, PlayerSpec, SeatView, default_registry
from corekit.options import OptionError
from corekit.players import build_player
from tests.ai.ai_toy_games import Duel, DuelState, Kingmaker, Threshold, duel_evaluate


def _mcts(seed: int = 1, heuristic: Heuristic | None = None, **options) -> MctsPlayer:
    return MctsPlayer(MctsOptions(**options), seed, heuristic)


def test_a_spec_sets_iterations_exploration_and_rollout():
    registry = default_registry()
    spec = PlayerSpec.parse("mcts:iterations=2000,c=0.4,rollout=heuristic,depth=3")
    player = build_player(
        registry.player_type("mcts"), spec, 0, registry.game("grizzly-race"), registry.heuristic("grizzly-race")
    )
    assert player.options == MctsOptions(iterations=2000, c=0.4, rollout=Rollout.HEURISTIC, depth=3)
    spec = PlayerSpec.parse("mcts:opponents=policy,widen=4")
    player = build_player(
        registry.player_type("mcts"), spec, 0, registry.game("grizzly-race"), registry.heuristic("grizzly-race")
    )
    assert player.options == MctsOptions(opponents=Opponents.POLICY, widen=4)


def test_every_seat_of_a_simultaneous_decision_picks_the_dominant_action():
    state = Duel().initial_state(3, 0)
    for seat in (0, 1, 2):
        assert _mcts(seed=seat, iterations=300).decide(SeatView(state, seat)) == 3
        state.apply(seat, 1)  # what the others committed is hidden from the next seat


def test_each_seat_is_modelled_by_its_own_reward_so_the_opener_avoids_the_kingmaker():
    player = _mcts(iterations=400)
    assert player.decide(SeatView(Kingmaker().initial_state(3, 0), 0)) == "B"
    stats = dict((action, mean) for action, _, mean in player.annotation()["stats"])
    assert stats["A"] < 0.2 and 0.35 < stats["B"] < 0.65


@pytest.mark.parametrize("budget", [{"iterations": 150}, {"steps": 1_500}], ids=["iterations", "steps"])
def test_the_same_seed_and_budget_give_the_same_decision_and_statistics(budget):
    game = default_registry().game("grizzly-race")
    view = SeatView(game.initial_state(3, 4), 0)
    runs = []
    for _ in range(2):
        player = _mcts(seed=9, **budget)
        runs.append((player.decide(view), player.annotation()))
    assert runs[0] == runs[1]


def test_the_root_statistics_count_every_iteration_once_for_the_searching_seat():
    game = default_registry().game("grizzly-race")
    state = game.initial_state(2, 2)
    player = _mcts(iterations=120)
    action = player.decide(SeatView(state, 0))
    stats = player.annotation()["stats"]
    assert [row[0] for row in stats] == [game.encode_action(a) for a in state.legal_actions(0)]
    assert sum(row[1] for row in stats) == 120
    assert all(0.0 <= row[2] <= 1.0 for row in stats)
    assert max(stats, key=lambda row: row[1])[0] == game.encode_action(action)


def test_a_cutoff_rollout_scores_with_the_games_evaluation():
    calls = []

    def evaluate(state):
        calls.append(state.round)
        return duel_evaluate(state)

    player = _mcts(heuristic=Heuristic(evaluate=evaluate), iterations=50, rollout=Rollout.CUTOFF, depth=0)
    assert player.decide(SeatView(Duel().initial_state(2, 0), 0)) == 3
    assert 0 < len(calls) <= 50 and all(r < Duel.ROUNDS for r in calls)  # the rest reached the end


def test_a_heuristic_rollout_follows_the_policy():
    seen = []

    def policy(observation, seat, legal, rng):
        seen.append(seat)
        return legal[-1]

    player = _mcts(heuristic=Heuristic(policy=policy), iterations=30, rollout=Rollout.HEURISTIC)
    assert player.decide(SeatView(Duel().initial_state(2, 0), 0)) == 3
    assert seen


def test_a_time_budget_stops_the_search_at_the_first_clock_reading_past_its_deadline(monkeypatch):
    # A scripted clock, not the real one: the rule is checked exactly and cannot flake on a loaded machine.
    readings = iter([100.0, 100.1, 100.19, 100.2, 100.3])
    monkeypatch.setattr("ai.mcts.time", types.SimpleNamespace(perf_counter=lambda: next(readings)))
    game = default_registry().game("grizzly-race")
    player = _mcts(seconds=0.2)
    player.decide(SeatView(game.initial_state(2, 0), 0))
    # The deadline is 100.2; the clock is read after every iteration: 100.1 and 100.19 go on, 100.2 stops. (Read
    # after every 8, a search of slow iterations overran its budget by several of them.)
    assert player.annotation()["iterations"] == 3
    assert next(readings) == 100.3


def test_a_single_legal_action_is_played_without_searching_and_without_statistics():
    state = Kingmaker().initial_state(3, 0)
    view = SeatView(state, 0)
    view.legal_actions = ["A"]  # as if only one opening were allowed
    player = _mcts(iterations=10)
    assert player.decide(view) == "A"
    assert player.annotation() is None  # 0 visits of value 0 would read as a sure loss in a replay's viewer


def test_another_seats_secret_commitment_does_not_change_the_search():
    annotations = []
    for committed in (1, 3):
        state = Duel().initial_state(2, 0)
        state.apply(0, committed)
        player = _mcts(seed=5, iterations=100)
        player.decide(SeatView(state, 1))
        annotations.append(player.annotation())
    assert annotations[0] == annotations[1]


def test_a_tree_depth_of_one_searches_the_root_decision_only():
    player = _mcts(iterations=200, tree_depth=1)
    player.decide(SeatView(Kingmaker().initial_state(3, 0), 0))
    assert player.root.children is None and sum(row[1] for row in player.annotation()["stats"]) == 200


def _prefers_two(observation, seat, legal, rng):
    return 2 if 2 in legal else legal[0]


def test_progressive_bias_steers_a_small_search_to_the_policys_choice_and_fades_with_visits():
    heuristic = Heuristic(policy=_prefers_two)
    view = SeatView(Duel().initial_state(2, 0), 0)
    assert _mcts(heuristic=heuristic, iterations=30, rollout=Rollout.RANDOM, bias=10.0).decide(view) == 2
    assert _mcts(heuristic=heuristic, iterations=30, rollout=Rollout.RANDOM, bias=0.0).decide(view) == 3
    # The bonus is bias / (visits + 1): enough evidence overrules it.
    assert _mcts(heuristic=heuristic, iterations=3000, rollout=Rollout.RANDOM, bias=1.0).decide(view) == 3


def _generous_kingmaker(observation, seat, legal, rng):
    """Seat 1 crowns seat 0 after "A" and seat 2 after "B": against its own interest after "A"."""
    return legal[0] if observation.moves == ("A",) else legal[-1]


def _seats_with_edges(player: MctsPlayer, node: Node) -> set[int]:
    seats = {seat for seat, _ in player._keys.edges(node)}
    for child in (node.children or {}).values():
        seats |= _seats_with_edges(player, child)
    return seats


def test_modelled_opponents_decide_in_the_tree_by_the_policy_not_by_their_own_reward():
    heuristic = Heuristic(policy=_generous_kingmaker)
    view = SeatView(Kingmaker().initial_state(3, 0), 0)
    # Random rollouts: only the tree asks the policy, so the choice shows what the tree assumed of seat 1.
    searched = _mcts(heuristic=heuristic, iterations=200, rollout=Rollout.RANDOM)
    assert searched.decide(view) == "B"  # seat 1 searched by its own reward crowns itself after "A"
    modelled = _mcts(heuristic=heuristic, iterations=200, rollout=Rollout.RANDOM, opponents=Opponents.POLICY)
    assert modelled.decide(view) == "A"  # seat 1 modelled by the policy crowns seat 0 after "A"
    stats = {action: mean for action, _, mean in modelled.annotation()["stats"]}
    assert stats["A"] > 0.9 and stats["B"] < 0.5  # B: seat 1 crowns seat 2 but in random rollouts
    assert _seats_with_edges(modelled, modelled.root) == {0}


def test_modelled_opponents_fall_back_to_search_in_a_game_without_a_policy():
    view = SeatView(Kingmaker().initial_state(3, 0), 0)
    player = _mcts(iterations=200, rollout=Rollout.RANDOM, opponents=Opponents.POLICY)
    assert player.decide(view) == "B"
    assert _seats_with_edges(player, player.root) == {0, 1}


def test_with_modelled_opponents_the_tree_grows_at_the_searchers_later_decisions_only():
    heuristic = Heuristic(policy=_prefers_two)
    player = _mcts(heuristic=heuristic, iterations=300, opponents=Opponents.POLICY)
    assert player.decide(SeatView(Duel().initial_state(3, 0), 1)) == 3
    assert _seats_with_edges(player, player.root) == {1}
    # Below the root a node is the searcher's next round, keyed by the scores it then sees: the others'
    # picks follow the policy (2 each), so the searcher's own pick alone tells the children apart.
    children = player.root.children
    assert children is not None and len(children) == 3
    assert {key.scores for key in children} == {(2, 1, 2), (2, 2, 2), (2, 3, 2)}


def test_modelled_opponents_with_a_tree_depth_of_one_search_the_root_decision_only():
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), iterations=100, tree_depth=1, opponents=Opponents.POLICY)
    player.decide(SeatView(Duel().initial_state(2, 0), 0))
    assert player.root.children is None and sum(row[1] for row in player.annotation()["stats"]) == 100


def test_modelled_opponents_give_the_same_decisions_and_statistics_for_the_same_seed():
    registry = default_registry()
    game = registry.game("grizzly-race")
    view = SeatView(game.initial_state(3, 4), 0)
    runs = []
    for _ in range(2):
        player = _mcts(
            seed=9, heuristic=registry.heuristic("grizzly-race"), iterations=150, opponents=Opponents.POLICY, widen=3
        )
        runs.append((player.decide(view), player.annotation()))
    assert runs[0] == runs[1]


def _below_root(node: Node):
    for child in (node.children or {}).values():
        yield child
        yield from _below_root(child)


def test_unpruning_offers_only_the_policys_choice_below_the_root_until_the_node_is_visited_enough():
    heuristic = Heuristic(policy=_prefers_two)
    player = _mcts(heuristic=heuristic, iterations=300, opponents=Opponents.POLICY, widen=1000)
    assert player.decide(SeatView(Duel().initial_state(2, 0), 0)) == 3
    assert {action for _, action in player._keys.edges(player.root)} == {1, 2, 3}  # the root is never pruned
    nodes = list(_below_root(player.root))
    assert nodes and all({action for _, action in player._keys.edges(node)} <= {2} for node in nodes)


def test_unpruning_opens_one_more_action_each_time_a_nodes_choices_double():
    widen = 4
    player = _mcts(heuristic=Heuristic(policy=_prefers_two), iterations=2000, opponents=Opponents.POLICY, widen=widen)
    player.decide(SeatView(Duel().initial_state(2, 0), 0))
    opened = []
    for node in _below_root(player.root):
        edges = [
            edge
            for seat in {seat for seat, _ in player._keys.edges(node)}
            for edge in player.table(node, seat).values()
        ]
        choices = sum(visits for visits, _, _ in edges)
        tried = sum(1 for visits, _, _ in edges if visits)
        # The last choice was made with one fewer behind it: 1 action below `widen`, 2 below 2*widen, 3 beyond.
        assert tried <= 1 + ((choices - 1) // widen).bit_length()
        opened.append((choices, tried))
    assert any(tried == 3 for _, tried in opened) and any(choices < widen and tried == 1 for choices, tried in opened)


def test_a_games_player_defaults_apply_unless_the_spec_overrides_them():
    registry = default_registry()
    game = registry.game("grizzly-race")
    heuristic = Heuristic(player_defaults={"mcts": "iterations=7,rollout=cutoff,tree-depth=2"})
    player = build_player(
        registry.player_type("mcts"), PlayerSpec.parse("mcts:iterations=9,tree_depth=3"), 0, game, heuristic
    )
    assert (player.options.iterations, player.options.rollout, player.options.tree_depth) == (9, Rollout.CUTOFF, 3)
    plain = build_player(registry.player_type("mcts"), PlayerSpec.parse("mcts"), 0, game, Heuristic())
    assert plain.options == MctsOptions()


def test_a_spec_clashing_with_a_games_default_is_told_where_the_default_came_from():
    registry = default_registry()
    heuristic = Heuristic(player_defaults={"mcts": "tree_depth=1,steps=25000"})
    with pytest.raises(
        OptionError,
        match=r"^player 'mcts': root=halving splits an iteration budget; it cannot be "
        r"used with steps \(with the grizzly-race defaults for mcts: "
        r"tree_depth=1, steps=25000; a value in the spec overrides its "
        r"default\)$",
    ):
        build_player(
            registry.player_type("mcts"),
            PlayerSpec.parse("mcts:root=halving"),
            0,
            registry.game("grizzly-race"),
            heuristic,
        )


def test_a_budget_in_the_spec_drops_the_games_halving_which_splits_only_an_iteration_budget():
    registry = default_registry()
    heuristic = Heuristic(player_defaults={"mcts": "iterations=100,tree_depth=1,root=halving,trust=2"})
    mcts, game = registry.player_type("mcts"), registry.game("grizzly-race")
    player = build_player(mcts, PlayerSpec.parse("mcts:seconds=1"), 0, game, heuristic)
    assert (player.options.seconds, player.options.root, player.options.tree_depth) == (1.0, RootChoice.UCB, 1)
    kept = build_player(mcts, PlayerSpec.parse("mcts:iterations=50"), 0, game, heuristic)
    assert (kept.options.iterations, kept.options.root) == (50, RootChoice.HALVING)


@pytest.mark.parametrize(
    "spec", ["mcts:seconds=0", "mcts:steps=0", "mcts:seconds=0.0,steps=0", "mcts:iterations=100,steps=0"]
)
def test_a_budget_turned_off_in_the_spec_keeps_the_games_budget_and_root_rule(spec):
    # "0: off" stands in for no other budget: it fell back to the generic 1,000 iterations and dropped halving.
    registry = default_registry()
    heuristic = Heuristic(player_defaults={"mcts": "iterations=100,tree_depth=1,root=halving,trust=2"})
    player = build_player(
        registry.player_type("mcts"), PlayerSpec.parse(spec), 0, registry.game("grizzly-race"), heuristic
    )
    options = player.options
    assert (options.iterations, options.seconds, options.steps, options.root) == (100, 0.0, 0, RootChoice.HALVING)


def test_a_game_budget_turned_off_in_the_spec_falls_back_to_iterations():
    registry = default_registry()
    heuristic = Heuristic(player_defaults={"mcts": "steps=25000"})
    player = build_player(
        registry.player_type("mcts"), PlayerSpec.parse("mcts:steps=0"), 0, registry.game("grizzly-race"), heuristic
    )
    assert (player.options.steps, player.options.iterations) == (0, 1000)


@pytest.mark.parametrize("spec", ["mcts:seconds=0.1,iterations=5", "mcts:steps=100,iterations=5"])
def test_two_budgets_in_one_spec_are_refused_rather_than_one_ignored(spec):
    registry = default_registry()
    with pytest.raises(OptionError, match=r"^player 'mcts': give one of iterations, seconds, steps, not "):
        build_player(registry.player_type("mcts"), PlayerSpec.parse(spec), 0, registry.game("grizzly-race"))


@pytest.mark.parametrize("name", ["os-ismcts", "os-mcts"])
def test_openspiels_players_refuse_two_budgets_too(name):
    registry = default_registry()
    spec = PlayerSpec.parse(f"{name}:iterations=10,seconds=0.1")  # seconds won, without a word
    with pytest.raises(OptionError, match=rf"^player '{name}': give one of iterations, seconds, not "):
        build_player(registry.player_type(name), spec, 0, registry.game("grizzly-race"))


def test_a_malformed_game_default_is_a_one_line_error_naming_the_defaults():
    registry = default_registry()
    heuristic = Heuristic(player_defaults={"mcts": "iterations"})
    with pytest.raises(OptionError, match="player 'mcts' defaults of the game: option 'iterations' is not"):
        build_player(
            registry.player_type("mcts"), PlayerSpec.parse("mcts"), 0, registry.game("grizzly-race"), heuristic
        )


def test_trust_keeps_the_policys_choice_until_the_search_beats_it_by_enough_standard_errors():
    heuristic = Heuristic(policy=_prefers_two)
    view = SeatView(Duel().initial_state(2, 0), 0)
    assert _mcts(heuristic=heuristic, iterations=12, rollout=Rollout.RANDOM).decide(view) == 3
    trusting = _mcts(heuristic=heuristic, iterations=12, rollout=Rollout.RANDOM, trust=2.0)
    assert trusting.decide(view) == 2
    assert trusting.annotation()["kept_over"] == 3  # said, as the table's best is not the choice
    convinced = _mcts(heuristic=heuristic, iterations=3000, rollout=Rollout.RANDOM, trust=2.0)
    assert convinced.decide(view) == 3
    assert "kept_over" not in convinced.annotation()


def test_halving_compares_the_root_actions_on_common_samples_so_a_small_edge_is_found():
    view = SeatView(Threshold().initial_state(1, 0), 0)
    picks = {
        root: [_mcts(seed, iterations=200, rollout=Rollout.RANDOM, root=root).decide(view) for seed in range(20)]
        for root in RootChoice
    }
    assert picks[RootChoice.HALVING] == [3] * 20
    assert picks[RootChoice.UCB].count(3) < 20  # the same budget spread by UCB over independent samples


def test_halving_spends_the_iteration_budget_in_rounds_and_the_winner_has_the_most_iterations():
    player = _mcts(iterations=60, rollout=Rollout.RANDOM, root=RootChoice.HALVING)
    view = SeatView(Threshold().initial_state(1, 0), 0)
    choice = player.decide(view)
    visits = {row[0]: row[1] for row in player.annotation()["stats"]}
    # Two rounds: 60 // (4 * 2) = 7 iterations each, then 60 // (2 * 2) = 15 more for the better two.
    assert sorted(visits.values()) == [7, 7, 22, 22]
    assert player.annotation()["iterations"] == 58 and visits[choice] == 22


def test_halving_below_its_floor_gives_each_survivor_one_more_iteration_a_round_about_two_per_action():
    # The option's help: "at least about 2k (k + k/2 + k/4 ...), whatever the budget". Four actions, two rounds:
    # one iteration each, then one more for the better two.
    player = _mcts(iterations=1, rollout=Rollout.RANDOM, root=RootChoice.HALVING)
    player.decide(SeatView(Threshold().initial_state(1, 0), 0))
    assert sorted(row[1] for row in player.annotation()["stats"]) == [1, 1, 2, 2]
    assert player.annotation()["iterations"] == 6


def test_halving_keeps_the_policys_choice_in_every_round_and_trust_weighs_the_winner_against_it():
    heuristic = Heuristic(policy=lambda observation, seat, legal, rng: 0)
    view = SeatView(Threshold().initial_state(1, 0), 0)
    small = _mcts(heuristic=heuristic, iterations=8, rollout=Rollout.RANDOM, root=RootChoice.HALVING, trust=2.0)
    assert small.decide(view) == 0
    assert dict((row[0], row[1]) for row in small.annotation()["stats"])[0] == 3  # never eliminated
    large = _mcts(heuristic=heuristic, iterations=400, rollout=Rollout.RANDOM, root=RootChoice.HALVING, trust=2.0)
    assert large.decide(view) == 3


def test_thepaired_z_is_a_z_score_on_common_samples():
    assert paired_z([1.0], [0.0]) == 0.0  # one pair is no evidence
    assert paired_z([1.0, 0.0, 1.0], [1.0, 0.0, 1.0]) == 0.0
    assert paired_z([1.0, 1.0, 0.5], [0.0, 0.0, -0.5]) == float("inf")
    assert paired_z([0.0, 0.0], [1.0, 1.0]) == float("-inf")
    assert paired_z([1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 1.0, 1.0]) == pytest.approx(0.5 / (0.5774 / 2), rel=1e-3)


def test_halving_refuses_a_time_budget_in_one_line():
    registry = default_registry()
    with pytest.raises(OptionError, match="root=halving splits an iteration budget; it cannot be used with seconds"):
        build_player(
            registry.player_type("mcts"),
            PlayerSpec.parse("mcts:root=halving,seconds=1"),
            0,
            registry.game("grizzly-race"),
            registry.heuristic("grizzly-race"),
        )


@pytest.mark.parametrize("option", ["seconds", "c", "trust", "bias"])
@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "-1"])
def test_every_number_option_must_be_finite_and_not_negative(option, value):
    # seconds=inf would never end a decision; an infinite c, trust or bias would drown the search's statistics
    registry = default_registry()
    shown = repr(float(value))
    with pytest.raises(OptionError) as refused:
        build_player(
            registry.player_type("mcts"),
            PlayerSpec.parse(f"mcts:{option}={value}"),
            0,
            registry.game("grizzly-race"),
            registry.heuristic("grizzly-race"),
        )
    assert str(refused.value) == f"player 'mcts': {option!r} must be a finite number >= 0: {shown}"


def test_a_step_budget_iterates_until_its_samples_have_applied_that_many_actions():
    game = default_registry().game("grizzly-race")
    heuristic = default_registry().heuristic("grizzly-race")
    budget = 2_000
    for players in (2, 4):
        player = _mcts(seed=3, heuristic=heuristic, steps=budget)
        player.decide(SeatView(game.initial_state(players, 5), 0))
        # the last iteration may run past the budget by one iteration's actions, never stop short of it
        assert budget <= player.applied < budget + game.max_decisions(players, game.make_options(None))
        last = player.annotation()["iterations"]
        probe = _mcts(seed=3, heuristic=heuristic, iterations=last - 1)
        probe.decide(SeatView(game.initial_state(players, 5), 0))
        assert probe.applied < budget  # one iteration fewer would have stopped short: no iteration wasted


def test_a_step_budget_spends_fewer_iterations_where_a_rollout_is_longer():
    game = default_registry().game("grizzly-race")
    heuristic = default_registry().heuristic("grizzly-race")
    done = {}
    for players in (2, 4):
        player = _mcts(seed=3, heuristic=heuristic, steps=3_000)
        player.decide(SeatView(game.initial_state(players, 5), 0))
        done[players] = player.annotation()["iterations"]
    assert done[4] < done[2]  # four seats commit every round and the race runs longer


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:steps=100,seconds=1", "give one of iterations, seconds, steps, not seconds and steps"),
        ("mcts:root=halving,steps=100", "root=halving splits an iteration budget; it cannot be used with steps"),
        ("mcts:steps=-1", "'steps' must be >= 0"),
    ],
)
def test_a_step_budget_is_refused_with_another_budget_or_with_halving_in_one_line(spec, message):
    registry = default_registry()
    with pytest.raises(OptionError, match=message):
        build_player(
            registry.player_type("mcts"),
            PlayerSpec.parse(spec),
            0,
            registry.game("grizzly-race"),
            registry.heuristic("grizzly-race"),
        )


@pytest.mark.parametrize(
    ("spec", "budget"),
    [
        ("mcts", {"iterations": 1000, "seconds": 0.0, "steps": 25_000}),
        ("mcts:iterations=60", {"iterations": 60, "seconds": 0.0, "steps": 0}),
        ("mcts:seconds=0.5", {"iterations": 1000, "seconds": 0.5, "steps": 0}),
        ("mcts:steps=900", {"iterations": 1000, "seconds": 0.0, "steps": 900}),
    ],
)
def test_a_budget_in_the_spec_replaces_the_games_default_budget_whatever_its_kind(spec, budget):
    registry = default_registry()  # slasher's default budget is in steps
    player = build_player(
        registry.player_type("mcts"), PlayerSpec.parse(spec), 0, registry.game("slasher"), registry.heuristic("slasher")
    )
    assert {name: getattr(player.options, name) for name in budget} == budget
    assert player.options.tree_depth == 1  # the game's other defaults stay


def _tree(player: MctsPlayer, node: Node | None = None) -> list:
    """Every node's edges and numbers, depth first in the order the nodes were made."""
    node = player.root if node is None else node
    seats = sorted({seat for seat, _ in player._keys.edges(node)})
    out = [(player._keys.edges(node), [player.table(node, seat) for seat in seats])]
    for child in (node.children or {}).values():
        out += _tree(player, child)
    return out


@pytest.mark.parametrize(
    ("game_id", "players", "spec"),
    [
        ("grizzly-race", 4, "iterations=300,rollout=random"),
        ("grizzly-race", 2, "iterations=64,root=halving"),
        ("slasher", 3, "iterations=200,widen=2,bias=0.5,tree_depth=0,steps=0"),
        ("slasher", 4, "iterations=150,opponents=policy,rollout=random,tree_depth=0,steps=0"),
    ],
)
def test_a_node_passed_once_keeps_only_its_chosen_edges_numbers_and_the_tree_reads_the_same(
    game_id, players, spec, monkeypatch
):
    registry = default_registry()
    game = registry.game(game_id)
    state = game.initial_state(players, 3)
    view = SeatView(state, state.to_act[0])

    def search() -> tuple:
        player = build_player(
            registry.player_type("mcts"), PlayerSpec.parse("mcts:" + spec), 5, game, registry.heuristic(game_id)
        )
        return player.decide(view), player

    action, player = search()
    root = player.root
    once = [node for node in _walk(root) if node.stats is None and node.keys]
    assert once, "a search of a few hundred iterations leaves leaves passed once"
    for node in once:  # one chosen edge per seat that chose there, each visited once; every edge available once
        chosen = {player._keys.edges(node)[int(node.first[at + 2])][0] for at in range(0, len(node.first), 3)}
        assert len(node.first) == 3 * len(chosen) == 3 * len({seat for seat, _ in player._keys.edges(node)})
        assert all(node.first[at] == 1 for at in range(0, len(node.first), 3))
        assert all(avail == 1 for seat in chosen for _, _, avail in player.table(node, seat).values())
    # The same search with every node's whole array made at once (as before nodes passed once were kept small).
    made = Node.__init__

    def whole(node: Node) -> None:
        made(node)
        node.full()

    monkeypatch.setattr(Node, "__init__", whole)
    eager_action, eager = search()
    assert all(node.stats is not None for node in _walk(eager.root))
    assert (eager_action, _tree(eager)) == (action, _tree(player))


def _walk(node: Node):
    yield node
    for child in (node.children or {}).values():
        yield from _walk(child)


def _search_with_table(monkeypatch, look_after: int, game_id: str = "slasher", players: int = 6) -> MctsPlayer:
    monkeypatch.setattr(mcts, "_LOOK_AFTER", look_after)
    registry = default_registry()
    game = registry.game(game_id)
    state = game.initial_state(players, 2)
    player = MctsPlayer(MctsOptions(iterations=400, rollout=Rollout.RANDOM), 7, registry.heuristic(game_id))
    player.search(SeatView(state, state.to_act[0]))
    return player


def test_a_decision_with_nothing_to_weigh_lets_the_last_search_go_tree_and_key_table_alike():
    registry = default_registry()
    game = registry.game("slasher")
    state = game.initial_state(3, 4)
    player = MctsPlayer(MctsOptions(iterations=50, rollout=Rollout.RANDOM), 7, registry.heuristic("slasher"))
    player.decide(SeatView(state, state.to_act[0]))
    searched = player.root
    assert searched is not None and player._keys.root is searched
    while len(state.legal_actions(state.to_act[0])) > 1:  # on to a forced move (a pass in an attack's window)
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[-1])
    player.decide(SeatView(state, state.to_act[0]))
    assert player.root is None and player._keys.root is not searched


def test_the_shared_key_table_keeps_only_the_key_strings_the_trees_nodes_hold_once_it_looks(monkeypatch):
    player = _search_with_table(monkeypatch, 1)
    table = player._keys
    held = {id(node.keys) for node in _walk(player.root)}
    assert len(table.known) < 2 * len(held)  # a node's old strings do not pile up (3,000 and more without looking)
    table._prune()
    assert {id(keys) for keys in table.known.values()} == held


def test_nodes_holding_the_same_edges_share_one_key_string_whether_or_not_the_table_has_looked(monkeypatch):
    # Sharing lasts through a look: a string some node holds stays the one the next node with those edges gets.
    looking, never = (
        _search_with_table(monkeypatch, 1, "grizzly-race", 4),
        _search_with_table(monkeypatch, 10**9, "grizzly-race", 4),
    )
    assert _tree(looking) == _tree(never)
    for player in (looking, never):
        nodes = list(_walk(player.root))
        assert len({id(node.keys) for node in nodes}) == len({node.keys for node in nodes}) < len(nodes)


def _node(player: MctsPlayer, seat: int, edges: dict) -> Node:
    """A node of `player`'s search holding `seat`'s edges: action -> (visits, summed reward, availability)."""
    node = Node()
    player._keys.extend(node, seat, list(edges))
    node.stats = array("d", [number for edge in edges.values() for number in edge])
    return node


def test_ucb_explores_by_each_edges_availability_not_by_the_nodes_visits():
    # Equal means and visits: "a" was legal in 5 of the node's visits, "b" in 50. The parent's visits (10) would
    # score them alike and pick "a" (first); ln(availability) favours the edge more often passed over.
    player = _mcts(c=0.7)
    node = _node(player, 0, {"a": (5, 2.5, 5), "b": (5, 2.5, 50)})
    action, _, untried = player._select(node, 0, ["a", "b"], None, None)
    assert (action, untried) == ("b", False)
    assert player.table(node, 0) == {"a": (5, 2.5, 6), "b": (5, 2.5, 51)}  # every legal action counted available
    # An action not legal in this determinization is not available.
    player._select(node, 0, ["a"], None, None)
    assert player.table(node, 0) == {"a": (5, 2.5, 7), "b": (5, 2.5, 51)}


def test_an_exploration_constant_of_zero_picks_the_best_mean_even_when_every_mean_is_zero():
    # "a" has the better mean; "b" a single visit that any c > 0.12 would explore.
    explorer, exploiter = _mcts(c=0.7), _mcts(c=0.0)
    for player in (explorer, exploiter):
        player._keys.extend(Node(), 0, ["a", "b"])  # both players' searches code "a" and "b" alike
    node = _node(explorer, 0, {"a": (5, 3.0, 50), "b": (1, 0.5, 50)})
    assert explorer._select(node, 0, ["a", "b"], None, None)[0] == "b"
    node = _node(exploiter, 0, {"a": (5, 3.0, 50), "b": (1, 0.5, 50)})
    assert exploiter._select(node, 0, ["a", "b"], None, None)[0] == "a"
    losing = _node(exploiter, 0, {"a": (3, 0.0, 3), "b": (3, 0.0, 3)})
    assert exploiter._select(losing, 0, ["a", "b"], None, None)[0] == "a"  # a choice, not None


def test_halving_keeps_the_better_half_rounded_up_and_ranks_by_the_searchers_own_reward():
    state = Duel().initial_state(2, 0)
    state.apply(0, 1)  # hidden from seat 1; the sample redraws it
    player = _mcts(seed=2, iterations=60, rollout=Rollout.RANDOM, root=RootChoice.HALVING)
    assert player.decide(SeatView(state, 1)) == 3  # seat 1's reward, not seat 0's (which would favour 1)
    # Three actions, two rounds: 60 // (3 * 2) = 10 each, then the better two of three get 60 // (2 * 2) = 15 more.
    visits = {row[0]: row[1] for row in player.annotation()["stats"]}
    assert sorted(visits.values()) == [10, 25, 25] and visits[3] == 25


def test_equal_visits_are_broken_by_the_higher_mean_then_by_the_legal_order():
    view = SeatView(Kingmaker().initial_state(3, 0), 0)

    def crowns_1_after_a(observation, seat, legal, rng):
        return legal[-1] if observation.moves == ("A",) else legal[0]

    # Two iterations, one per opening; the policy's rollouts make A a loss and B a win for seat 0.
    player = _mcts(heuristic=Heuristic(policy=crowns_1_after_a), iterations=2, tree_depth=1)
    assert player.decide(view) == "B"
    assert [row[1:] for row in player.annotation()["stats"]] == [[1, 0.0], [1, 1.0]]
    # Both crown seat 0: equal visits and means, so the first legal action.
    player = _mcts(
        heuristic=Heuristic(policy=lambda observation, seat, legal, rng: legal[0]), iterations=2, tree_depth=1
    )
    assert player.decide(view) == "A"
    assert [row[1:] for row in player.annotation()["stats"]] == [[1, 1.0], [1, 1.0]]


def test_a_cutoff_rollout_plays_depth_random_decisions_then_backs_up_each_seats_evaluation():
    rounds = []

    def evaluate(state):
        rounds.append((state.round, state.commitments.waiting))
        return [0.75, 0.25]

    player = _mcts(heuristic=Heuristic(evaluate=evaluate), iterations=40, tree_depth=1, rollout=Rollout.CUTOFF, depth=2)
    player.decide(SeatView(Duel().initial_state(2, 0), 0))
    # The root decision is both seats' first round (2 actions), then 2 random decisions: the second round, whole.
    assert rounds == [(2, (0, 1))] * 40
    assert player.applied == 40 * (2 + 2)
    assert {mean for _, _, mean in player.annotation()["stats"]} == {0.75}
    assert {reward / visits for visits, reward, _ in player.table(player.root, 1).values() if visits} == {0.25}


def test_a_heuristic_rollout_plays_the_policy_to_the_end():
    # The policy crowns seat 0 whatever seat 0 opened, so every rollout is a win for it; random ones are not.
    player = _mcts(
        heuristic=Heuristic(policy=lambda observation, seat, legal, rng: legal[0]), iterations=40, tree_depth=1
    )
    player.decide(SeatView(Kingmaker().initial_state(3, 0), 0))
    assert [row[1:] for row in player.annotation()["stats"]] == [[20, 1.0], [20, 1.0]]


def test_expansion_tries_the_policys_choice_first_only_with_heuristic_rollouts():
    heuristic = Heuristic(policy=_prefers_two)
    view = SeatView(Duel().initial_state(2, 0), 0)
    first = {}
    for rollout in (Rollout.HEURISTIC, Rollout.RANDOM):
        tried = []
        for seed in range(8):
            player = _mcts(seed, heuristic=heuristic, iterations=1, rollout=rollout)
            player.decide(view)
            tried += [row[0] for row in player.annotation()["stats"] if row[1]]
        first[rollout] = tried
    assert first[Rollout.HEURISTIC] == [2] * 8
    assert set(first[Rollout.RANDOM]) == {1, 2, 3}  # one at random otherwise


class _LopsidedDuelState(DuelState):
    """A duel where seat 1 may pick only 2 or 3: its untried actions run out before seat 0's."""

    def legal_actions(self, seat: int) -> list[int]:
        return [2, 3] if seat == 1 and seat in self.to_act else super().legal_actions(seat)

    def clone(self) -> _LopsidedDuelState:
        copy = super().clone()
        copy.__class__ = _LopsidedDuelState
        return copy


def _lopsided_duel(players: int, seed: int) -> DuelState:
    state = Duel().initial_state(players, seed)
    state.__class__ = _LopsidedDuelState
    return state


@pytest.mark.parametrize(
    "start",
    [
        lambda: Duel().initial_state(2, 1),
        lambda: _lopsided_duel(2, 1),
        lambda: Kingmaker().initial_state(3, 1),
        lambda: default_registry().game("grizzly-race").initial_state(4, 1),
    ],
    ids=["duel", "lopsided-duel", "kingmaker", "grizzly-race"],
)
def test_each_iteration_expands_at_most_one_node(start):
    # An iteration stops descending once any seat at a node (of a simultaneous decision too) tries an untried
    # action, so it adds at most the one node below. The search of n iterations is the first n of n + 1's.
    state = start()
    view = SeatView(state, state.to_act[0])
    sizes = []
    for iterations in range(1, 25):
        player = _mcts(seed=4, iterations=iterations, rollout=Rollout.RANDOM)
        player.decide(view)
        sizes.append(len(list(_walk(player.root))))
    assert all(later - earlier <= 1 for earlier, later in zip([1, *sizes], sizes))
    assert sizes[-1] > 1  # the tree did grow below the root


def test_a_simultaneous_decision_ends_the_iteration_when_any_seat_tries_an_untried_action():
    # Seat 0 has three actions at the root, seat 1 two: the third iteration tries seat 0's last untried action
    # while seat 1 picks by UCB, and it too stops at the root. Only the later iterations reach a child.
    for iterations in (3, 20):
        player = _mcts(seed=4, iterations=iterations, rollout=Rollout.RANDOM)
        player.decide(SeatView(_lopsided_duel(2, 1), 0))
        below = sum(
            visits
            for child in (player.root.children or {}).values()
            for visits, _, _ in player.table(child, 0).values()
        )
        assert below == iterations - 3


def test_the_tree_branches_on_what_the_searching_seat_observes():
    for seat in (0, 1):
        player = _mcts(iterations=200, rollout=Rollout.RANDOM)
        player.decide(SeatView(Duel().initial_state(2, 0), seat))
        keys = [key for node in _walk(player.root) for key in (node.children or {})]
        assert keys and {key.seat for key in keys} == {seat}


def test_trust_keeps_the_policys_choice_when_the_gap_is_exactly_trust_standard_errors():
    player = _mcts(trust=2.0)
    # Means 1.0 and 0.0 over 2 visits each: one standard error is 0.5 * sqrt(1/2 + 1/2) = 0.5, the gap 2 of them.
    table = {"best": (2, 2.0, 2), "kept": (2, 0.0, 2)}
    assert player._trusted(table, "best", "kept") == "kept"  # must beat it by more
    assert _mcts(trust=1.99)._trusted(table, "best", "kept") == "best"
    assert _mcts(trust=2.01)._trusted(table, "best", "kept") == "kept"
