"""The heuristic counselor team and the terminal rendering."""

from __future__ import annotations

from corekit import Rng
from plugins.camp_grizzly import heuristic
from plugins.camp_grizzly.content import FINALE
from plugins.camp_grizzly.game import CampGrizzly
from tests.plugins.camp_grizzly.tables import C, give, space, table


def _decide(state, seat=None):
    seat = state.to_act[0] if seat is None else seat
    return heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))


def test_the_strongest_fighter_goes_first():
    state = table(2)
    state.loc[:] = [space("LODGE"), space("LODGE")]
    give(state, 0, "Pocket Knife")
    give(state, 1, "Fire Axe")
    state._strike(space("LODGE"), "move")
    assert _decide(state) == ("later",)
    state.apply(0, ("later",))
    assert _decide(state) == ("fight",)


def test_poor_odds_with_a_fragile_weapon_at_stake_mean_panic_and_fair_odds_mean_fight():
    state = table(1)
    state.loc[0] = space("LODGE")
    give(state, 0, "Camera Flash")  # a fragile d4
    state.attack = 3  # d10
    state._strike(space("LODGE"), "move")
    assert _decide(state) == ("panic",)
    state.attack = 0  # d4
    assert _decide(state) == ("fight",)


def test_with_too_few_rounds_left_for_the_missing_objectives_the_team_holds_out_for_the_last_fight():
    state = table(1)
    assert state.loc[0] == C.campfire and not any(space == C.campfire for space, _ in state.qs)
    night = state.options.night
    state.round = night - 3 * heuristic.ROUNDS_PER_OBJECTIVE  # 3 missing objectives, exactly enough rounds
    assert _decide(state)[0] == "step"
    state.round += 1
    assert _decide(state) == ("draw",)
    give(state, 0, "Gas Can", "objs")
    give(state, 0, "Car Battery", "objs")  # one objective missing: 3 rounds are enough again
    state.round = night - heuristic.ROUNDS_PER_OBJECTIVE
    assert _decide(state)[0] == "step"


def test_the_stall_variant_draws_where_it_stands_until_it_holds_a_combination():
    stall = heuristic.VARIANTS["stall"]
    state = table(2)
    state.loc[:] = [space("DIRT ROAD"), space("CAMPFIRE")]
    assert _decide(state)[0] == "step"
    assert stall(state.observation(0), 0, state.legal_actions(0), Rng(0)) == ("draw",)
    for name in ("Gas Can", "Car Battery"):
        give(state, 0, name, "objs")
    give(state, 1, "Keys", "objs")
    assert stall(state.observation(0), 0, state.legal_actions(0), Rng(0)) == ("step", space("PARKING LOT"))


def test_the_timid_variant_panics_at_odds_the_standard_team_fights_at_but_not_in_the_last_fight():
    timid = heuristic.VARIANTS["timid"]
    state = table(1)
    state.loc[0] = space("LODGE")
    give(state, 0, "Baseball Bat")  # a d4 that is neither fragile nor one-shot
    state.attack = 1  # d6
    state._strike(space("LODGE"), "move")
    assert heuristic.win_chance(state.observation(0), state.observation(0).counselors[0]) < 0.5
    assert _decide(state) == ("fight",)
    assert timid(state.observation(0), 0, state.legal_actions(0), Rng(0))[0] == "panic"
    state.final = True
    assert timid(state.observation(0), 0, state.legal_actions(0), Rng(0)) == ("fight",)


def test_the_team_heads_for_the_red_arrow_once_a_combination_is_held():
    state = table(2)
    state.loc[:] = [space("DIRT ROAD"), space("CAMPFIRE")]
    for name in ("Gas Can", "Car Battery"):
        give(state, 0, name, "objs")
    give(state, 1, "Keys", "objs")
    assert _decide(state) == ("step", space("PARKING LOT"))


def test_the_holder_on_the_red_arrow_waits_for_the_team_then_starts():
    state = table(2)
    state.loc[:] = [space("VAN"), space("CAMPFIRE")]
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    assert _decide(state) != ("finale", 0)
    state.loc[1] = space("PARKING LOT")
    assert _decide(state) == ("finale", 0)


def test_the_best_two_hands_are_equipped_with_all_clothing():
    state = table(1)
    state.phase = "end"
    lantern = give(state, 0, "Lantern", "pack")
    axe = give(state, 0, "Fire Axe", "pack")
    mask = give(state, 0, "Hockey Mask", "pack")
    del lantern
    for _ in range(3):
        action = _decide(state)
        if action == ("end",):
            break
        state.apply(0, action)
    assert sorted(state.equip[0]) == sorted([axe, mask])


def _team_wins(choose, games: int = 16, players: int = 2) -> int:
    wins = 0
    for seed in range(games):
        state = CampGrizzly().initial_state(players, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, choose(state.observation(seat), seat, legal, rng))
        wins += any(state.returns())
    return wins


def test_the_heuristic_team_beats_the_random_team():
    heuristic_wins = _team_wins(heuristic.policy)
    random_wins = _team_wins(lambda obs, seat, legal, rng: legal[rng.below(len(legal))])
    assert heuristic_wins >= random_wins + 6


def test_the_rendering_shows_cabins_pawns_otis_and_counselor_cards():
    state = table(2)
    state.loc[1] = FINALE
    give(state, 0, "Crowbar")
    text = state.game.render(state.observation(0), 0)
    for needle in ("CAMPFIRE", "MESS HALL", "OTIS: stalk 1, attack d4, damage 1, TOOL SHED", "body count 4/13",
                   "Kevin (seat 0", "Crowbar (d6; 1 hand; breach)", "on the finale card", "LOCKED", "?",
                   "RED ARROW: Van"):
        assert needle in text, needle
    assert state.game.action_text(("step", C.campfire)) == "step to CAMPFIRE"


def test_the_evaluation_is_zero_for_the_dead_and_rises_with_objectives():
    state = table(2)
    before = heuristic.evaluate(state)
    give(state, 0, "Gas Can", "objs")
    give(state, 0, "Car Battery", "objs")
    after = heuristic.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in before + after) and after[1] > before[1]
    state._kill(0)
    assert heuristic.evaluate(state)[0] == 0.0


def test_a_plain_mcts_is_the_quick_flat_search_with_a_paired_trust_test():
    from ai.mcts import RootChoice
    from corekit import PlayerSpec, default_registry
    from corekit.players import build_player

    registry = default_registry()
    player = build_player(registry.player_type("mcts"), PlayerSpec.parse("mcts"), 0, registry.game(CampGrizzly.id),
                          registry.heuristic(CampGrizzly.id))
    options = player.options
    assert (options.iterations, options.tree_depth, options.root, options.trust) == (100, 1, RootChoice.HALVING, 2.0)
