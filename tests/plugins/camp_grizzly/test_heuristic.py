"""The heuristic counselor team and the terminal rendering."""

from __future__ import annotations

from corekit import Rng
from plugins.camp_grizzly import heuristic
from plugins.camp_grizzly.content import FINALE
from plugins.camp_grizzly.game import CampGrizzly
from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import C, bare, give, lay, mysteries, mystery, space, strike, table


def _decide(state, seat=None):
    seat = state.to_act[0] if seat is None else seat
    return heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))


def _lay(state, name, where):
    """A card lying face up on a space (as on a dead counselor's body, or keys from the setup)."""
    cid = give(state, 0, name, "pack")
    return lay(state, cid, space(where))


def test_the_strongest_fighter_goes_first():
    state = table(2)
    state.location[:] = [space("LODGE"), space("LODGE")]
    give(state, 0, "Pocket Knife")
    give(state, 1, "Fire Axe")
    strike(state, space("LODGE"))
    assert _decide(state) == ("later",)
    state.apply(0, ("later",))
    assert _decide(state) == ("fight",)


def test_poor_odds_with_a_fragile_weapon_at_stake_mean_panic_and_fair_odds_mean_fight():
    state = table(1)
    state.location[0] = space("LODGE")
    give(state, 0, "Camera Flash")  # a fragile d4
    state.attack = 3  # d10
    strike(state, space("LODGE"))
    assert _decide(state) == ("panic",)
    state.attack = 0  # d4
    assert _decide(state) == ("fight",)


def test_with_too_few_rounds_left_for_the_missing_objectives_the_team_holds_out_for_the_last_fight():
    state = table(1)
    assert state.location[0] == C.campfire and not any(space == C.campfire for space, _ in mysteries(state))
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
    state.location[:] = [space("DIRT ROAD"), space("CAMPFIRE")]
    assert _decide(state)[0] == "step"
    assert stall(state.observation(0), 0, state.legal_actions(0), Rng(0)) == ("draw",)
    for name in ("Gas Can", "Car Battery"):
        give(state, 0, name, "objs")
    give(state, 1, "Keys", "objs")
    assert stall(state.observation(0), 0, state.legal_actions(0), Rng(0)) == ("step", space("PARKING LOT"))


def test_the_timid_variant_panics_at_odds_the_standard_team_fights_at_but_not_in_the_last_fight():
    timid = heuristic.VARIANTS["timid"]
    state = table(1)
    state.location[0] = space("LODGE")
    give(state, 0, "Baseball Bat")  # a d4 that is neither fragile nor one-shot
    state.attack = 1  # d6
    strike(state, space("LODGE"))
    assert heuristic.win_chance(state.observation(0), state.observation(0).team[0]) < 0.5
    assert _decide(state) == ("fight",)
    assert timid(state.observation(0), 0, state.legal_actions(0), Rng(0))[0] == "panic"
    state.final = True
    assert timid(state.observation(0), 0, state.legal_actions(0), Rng(0)) == ("fight",)


def test_the_team_heads_for_the_red_arrow_once_a_combination_is_held():
    state = table(2)
    state.location[:] = [space("DIRT ROAD"), space("CAMPFIRE")]
    for name in ("Gas Can", "Car Battery"):
        give(state, 0, name, "objs")
    give(state, 1, "Keys", "objs")
    assert _decide(state) == ("step", space("PARKING LOT"))


def test_the_holder_on_the_red_arrow_waits_for_the_team_then_starts():
    state = table(2)
    state.location[:] = [space("VAN"), space("CAMPFIRE")]
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    assert _decide(state) != ("finale", 0)
    state.location[1] = space("PARKING LOT")
    assert _decide(state) == ("finale", 0)


def test_the_best_two_hands_are_equipped_with_all_clothing():
    state = table(1)
    state.phase = Phase.END
    lantern = give(state, 0, "Lantern", "pack")
    axe = give(state, 0, "Fire Axe", "pack")
    mask = give(state, 0, "Hockey Mask", "pack")
    del lantern
    for _ in range(3):
        action = _decide(state)
        if action == ("end",):
            break
        state.apply(0, action)
    assert sorted(state.equipped[0]) == sorted([axe, mask])


def test_objectives_are_gathered_with_whichever_counselor_here_holds_more_by_the_holders_gift():
    # A mate's objectives come only by its own gift (RULES.md Assumption 2): the counselor to act gives to a mate
    # ahead, and waits for a mate behind to give.
    ahead = table(2)  # both at the campfire
    ahead.phase = Phase.END
    give(ahead, 0, "Keys", "objs")
    give(ahead, 0, "Spare Keys", "objs")
    give(ahead, 1, "Gas Can", "objs")
    ahead.forget_legal()  # the phase was set by hand
    assert _decide(ahead) == ("end",)
    behind = table(2)
    behind.phase = Phase.END
    mine = give(behind, 0, "Gas Can", "objs")
    give(behind, 1, "Keys", "objs")
    give(behind, 1, "Spare Keys", "objs")
    behind.forget_legal()
    assert _decide(behind) == ("give", mine, 1)


def test_a_counselor_walks_the_shortest_path_to_the_nearest_question_mark_and_reveals_it():
    state = table(1)
    bare(state)
    mystery(state, "BOAT DOCK")  # 5 steps from the campfire
    mystery(state, "KITCHEN")  # 3 steps: CAMPFIRE, NORTH PATH, MESS HALL, KITCHEN
    walked = []
    while (action := _decide(state))[0] == "step":
        walked.append(action[1])
        state.apply(0, action)
    assert walked == [space("NORTH PATH"), space("MESS HALL"), space("KITCHEN")]
    assert action == ("reveal",)


def test_a_counselor_heads_for_an_objective_the_team_still_needs_not_for_one_it_holds():
    state = table(1)
    bare(state)
    give(state, 0, "Gas Can", "objs")
    give(state, 0, "Car Battery", "objs")  # the Van misses only Keys; no finale needs a second Gas Can
    _lay(state, "Gas Can", "EAST PATH")  # 1 step away, but not wanted
    _lay(state, "Fuse", "CABIN 1 PORCH")  # 2 steps away, wanted by the Barn
    assert _decide(state) == ("step", space("WEST PATH"))


def test_a_counselor_without_keys_fetches_keys_when_a_lock_bars_the_question_mark_and_with_keys_goes_through():
    state = table(2)
    bare(state)
    give(state, 1, "Keys", "objs")  # the team holds Keys: the finales want no more, only a keyless counselor
    mystery(state, "SHOWERS")  # 2 steps away, behind a lock
    lay(state, next(c for c in state.supply if C.cards[c].kind == "lock"), space("SHOWERS"), "locks")
    _lay(state, "Keys", "CABIN 1 BUNKS")  # 3 steps away, through WEST PATH
    assert _decide(state, 0) == ("step", space("WEST PATH"))
    give(state, 0, "Spare Keys", "objs")  # keys in hand open the lock: the nearer "?" wins, the keys stay
    assert _decide(state, 0) == ("step", space("SOUTH PATH"))


def test_a_counselor_with_a_breach_weapon_forces_a_lock_only_where_no_open_way_leads():
    state = table(2)
    bare(state)
    give(state, 1, "Keys", "objs")  # the team holds Keys: none lies anywhere for counselor 0 to fetch
    give(state, 0, "Crowbar")  # equipped: breach (RULES.md, Assumption 43)
    mystery(state, "SHOWERS")  # 2 steps away, behind a lock
    lay(state, next(c for c in state.supply if C.cards[c].kind == "lock"), space("SHOWERS"), "locks")
    assert _decide(state, 0) == ("step", space("SOUTH PATH"))
    state.apply(0, ("step", space("SOUTH PATH")))
    assert _decide(state, 0) == ("force", space("SHOWERS"))
    state = table(2)
    bare(state)
    give(state, 1, "Keys", "objs")
    give(state, 0, "Crowbar")
    mystery(state, "SHOWERS")
    lay(state, next(c for c in state.supply if C.cards[c].kind == "lock"), space("SHOWERS"), "locks")
    mystery(state, "BOAT DOCK")  # 5 steps along open paths: forcing costs a Tempt Fate, so the open way wins
    assert _decide(state, 0) == ("step", space("EAST PATH"))


def test_of_two_equally_near_question_marks_a_counselor_takes_the_one_by_its_teammate():
    state = table(2)
    bare(state)
    mystery(state, "INFIRMARY")  # both 2 steps from the campfire: EAST PATH or WEST PATH first
    mystery(state, "CABIN 1 PORCH")
    state.location[1] = space("NURSE'S OFFICE")  # next to the INFIRMARY
    assert _decide(state, 0) == ("step", space("EAST PATH"))
    state.location[1] = space("CABIN 1 BUNKS")  # next to CABIN 1 PORCH: the same board, the other way
    assert _decide(state, 0) == ("step", space("WEST PATH"))


def test_a_counselor_goes_toward_its_teammate_for_a_question_mark_a_step_further_than_one_away_from_it():
    state = table(2)
    bare(state)
    mystery(state, "INFIRMARY")  # 2 steps, 4 from the teammate
    mystery(state, "CABIN 1 BUNKS")  # 3 steps, 1 from the teammate
    state.location[1] = space("CABIN 1 PORCH")
    assert _decide(state, 0) == ("step", space("WEST PATH"))
    state.turn.alive[1] = False  # alone, the nearer one
    assert _decide(state, 0) == ("step", space("EAST PATH"))


def test_a_counselor_takes_a_better_weapon_lying_here_leaves_a_worse_one_and_swaps_the_better_in():
    state = table(1)
    bare(state)  # nothing to go after: without a take the counselor draws where it stands
    crowbar = give(state, 0, "Crowbar")  # d6
    knife = give(state, 0, "Pocket Knife")  # d4
    _lay(state, "Baseball Bat", "CAMPFIRE")  # d4: no better than the knife; laid first, so listed first
    machete = _lay(state, "Machete", "CAMPFIRE")  # d6 +1: better than the knife
    assert _decide(state) == ("take", machete)
    state.apply(0, ("take", machete))
    assert _decide(state) == ("draw",)
    state.phase = Phase.END
    state.forget_legal()  # changed by hand after the legal actions were asked for
    for _ in range(4):
        action = _decide(state)
        if action == ("end",):
            break
        state.apply(0, action)
    assert sorted(state.equipped[0]) == sorted([crowbar, machete]) and state.backpack[0] == [knife]


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
    state = table(2, counselors="Kevin+Tracy")
    state.location[0] = space("KITCHEN")
    state.injuries[0] = 2
    state.horror[0] = 1
    give(state, 0, "Crowbar")
    give(state, 0, "Fire Axe", "pack")
    give(state, 0, "Wendy the Worrier", "campers")  # panic +1
    give(state, 0, "Gas Can", "objs")
    state.location[1] = FINALE
    give(state, 1, "Lucky Cap")  # panic +1, on top of Tracy's own +1
    state.otis = space("LODGE")
    state.body, state.attack = 6, 1
    lines = state.game.render(state.observation(0), 0).splitlines()
    assert lines[0] == "Round 1/50   body count 6/13   OTIS: stalk 1, attack d6, damage 1, LODGE"
    state.round, state.body = 51, 14  # the last fight, after the night's 50 rounds
    heading = state.game.render(state.observation(0), 0).splitlines()[0]
    assert heading.startswith("Night over (50 rounds)   body count 14/13  HOPELESS   OTIS:")
    rows = {line[2:17].strip(): line[18:] for line in lines if line.startswith("  ") and line[2].isalpha()}
    assert rows["MESS HALL"] == "[MESS HALL] [KITCHEN: Kevin, ?] [PANTRY: ?, LOCKED]"
    assert rows["LODGE"] == "[LODGE: OTIS, keys] [DIRECTOR'S OFFICE: ?, LOCKED]"
    assert rows["CAMPFIRE"] == "[CAMPFIRE]" and rows["TOOL SHED"] == "[TOOL SHED]"
    card = "Kevin (seat 0, The Jock): KITCHEN; health 3/5 ###..; panic 3; HORRIFIED"  # Wendy's panic +1
    assert card in lines
    assert lines[lines.index(card) + 1 : lines.index(card) + 4] == [  # folded between cards, within 100 columns
        "    Track star: +1 to nature trail rolls; equipped: Crowbar (d6; 1 hand; breach);",
        "        backpack: Fire Axe (d8; 2 hands; breach); campers: Wendy the Worrier (panic +1);",
        "        objectives: Gas Can",
    ]
    # Tracy's card says panic 3; she runs 5 spaces: her ability and the Lucky Cap add 1 each.
    card = "Tracy (seat 1, The Bookworm): on the finale card; health 3/3 ###; panic 5"
    assert (
        card in lines
        and lines[lines.index(card) + 1] == "    Reads the signs: +1 panic; equipped: Lucky Cap (panic +1)"
    )
    assert (state.panic_value(0), state.panic_value(1)) == (3, 5)  # the values the rules use
    assert state.game.action_text(("step", C.campfire)) == "step to CAMPFIRE"


def test_the_evaluation_is_zero_for_the_dead_and_rises_with_objectives():
    state = table(2)
    before = heuristic.evaluate(state)
    give(state, 0, "Gas Can", "objs")
    give(state, 0, "Car Battery", "objs")
    after = heuristic.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in before + after) and after[1] > before[1]
    state.kill(0)
    assert heuristic.evaluate(state)[0] == 0.0


def test_a_plain_mcts_is_the_quick_flat_search_with_a_paired_trust_test():
    from ai.mcts import RootChoice
    from corekit import PlayerSpec, default_registry
    from corekit.players import build_player

    registry = default_registry()
    player = build_player(
        registry.player_type("mcts"),
        PlayerSpec.parse("mcts"),
        0,
        registry.game(CampGrizzly.id),
        registry.heuristic(CampGrizzly.id),
    )
    options = player.options
    assert (options.iterations, options.tree_depth, options.root, options.trust) == (100, 1, RootChoice.HALVING, 2.0)


def test_a_better_weapon_lying_here_is_picked_up_and_equipped_at_once():
    state = table(1)
    bare(state)
    axe = _lay(state, "Fire Axe", "CAMPFIRE")
    assert _decide(state) == ("equip", axe)
