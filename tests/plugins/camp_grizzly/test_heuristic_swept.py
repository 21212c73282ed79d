"""Heuristic behaviours pinned by a hand-run mutation sweep (2026-12-07): fight odds, the two-hand loadout,
when the holder on a red arrow stops waiting, which finale a team with two combinations heads for, and
where a panicking counselor runs."""

from __future__ import annotations

from corekit import Rng
from plugins.camp_grizzly import heuristic
from plugins.camp_grizzly.content import load
from tests.plugins.camp_grizzly.tables import bare, card, give, lay, mystery, space, strike, table

C = load()


def _decide(state, seat=None):
    seat = state.to_act[0] if seat is None else seat
    return heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))


def test_otis_wins_ties_in_the_fight_odds():
    # d6 against d6: the counselor wins only on a strictly higher roll, 15 of 36.
    assert abs(heuristic.fight_odds((6,), 0, 6, 0) - 15 / 36) < 1e-12
    assert heuristic.fight_odds((4,), 0, 4, 3) == 0.0  # at best 4 against at least 4


def test_horror_costs_a_point_in_the_win_chance():
    state = table(1)
    give(state, 0, "Machete")
    calm_view = state.observation(0)
    calm = heuristic.win_chance(calm_view, calm_view.team[0])
    state.horror[0] = 1
    horrified = heuristic.win_chance(state.observation(0), state.observation(0).team[0])
    # RULES.md 15: horror is -1 to the counselor's fight roll, exactly one point (not two, not nothing).
    assert 0.0 < horrified < calm
    assert horrified == heuristic.win_chance(calm_view, calm_view.team[0], extra=-1)
    assert horrified != heuristic.win_chance(calm_view, calm_view.team[0], extra=-2)


def test_the_loadout_discounts_a_one_shot_weapon():
    # Shotgun and Chainsaw: both d10 and two hands, but the Shotgun is spent after one fight.
    assert heuristic._best_hands(tuple(sorted([card("Shotgun"), card("Chainsaw")]))) == (card("Chainsaw"),)


def test_the_loadout_fits_two_hands():
    # Fire Axe (two hands) and a Hatchet (one) would average more together, but need three hands.
    assert heuristic._best_hands(tuple(sorted([card("Fire Axe"), card("Hatchet")]))) == (card("Fire Axe"),)


def test_the_loadout_counts_fight_bonuses():
    # Golf Club (d4 +1) and Flashlight (+1) average 4.5 in two hands; the Canoe Paddle's d6 averages 3.5.
    gear = tuple(sorted([card("Golf Club"), card("Flashlight"), card("Canoe Paddle")]))
    assert heuristic._best_hands(gear) == tuple(sorted([card("Golf Club"), card("Flashlight")]))


def _holder_waiting():
    """Seat 0 on the Van's red arrow with its combination; seat 1 at the campfire, away from the Van."""
    state = table(2)
    state.location[:] = [space("VAN"), space("CAMPFIRE")]
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    assert _decide(state) != ("finale", 0)
    return state


def test_the_holder_starts_without_the_team_in_the_last_two_rounds():
    state = _holder_waiting()
    state.round = state.options.night - 2
    state.forget_legal()
    assert _decide(state) != ("finale", 0)
    state.round = state.options.night - 1
    state.forget_legal()
    assert _decide(state) == ("finale", 0)


def test_the_holder_starts_without_the_team_three_bodies_from_hopeless():
    state = _holder_waiting()
    state.body = C.hopeless - 4
    state.forget_legal()
    assert _decide(state) != ("finale", 0)
    state.body = C.hopeless - 3
    state.forget_legal()
    assert _decide(state) == ("finale", 0)


def test_the_holder_starts_without_the_team_when_otis_is_two_steps_from_the_arrow():
    state = _holder_waiting()
    state.otis = space("ARCHERY RANGE")  # 3 steps from the Van
    state.forget_legal()
    assert _decide(state) != ("finale", 0)
    state.otis = space("DIRT ROAD")  # 2 steps
    state.forget_legal()
    assert _decide(state) == ("finale", 0)


def test_with_two_combinations_the_team_heads_for_the_arrow_nearer_the_campfire():
    # Van (5 steps from the campfire) and Barn (4 steps) both complete: the Barn.
    state = table(1)
    for name in ("Gas Can", "Car Battery", "Keys", "Shotgun Shells", "Fuse"):
        give(state, 0, name, "objs")
    obs = state.observation(0)
    assert heuristic._escaping(obs) == next(f for f, fin in enumerate(C.finales) if "Fuse" in fin.needs)
    step = _decide(state)
    assert step[0] == "step" and C.dist[step[1]][space("BARN")] == C.dist[C.campfire][space("BARN")] - 1


def test_a_panicking_counselor_runs_away_from_otis_to_the_lowest_numbered_space_of_a_tie():
    state = table(1)
    state.location[0] = space("NORTH PATH")
    give(state, 0, "Camera Flash")  # fragile: at poor odds it panics
    state.attack = 3
    strike(state, space("NORTH PATH"))
    state.apply(0, ("panic",))
    walked = []
    while (action := _decide(state))[0] == "flee":
        walked.append(action[1])
        state.apply(0, action)
        if state.phase != state.phase.__class__.PANIC:
            break
    # CAMPFIRE, NORTHEAST PATH, NORTHWEST PATH and MESS HALL are all a step away: the lowest number; then
    # EAST, SOUTH and WEST PATH are all two steps away: the lowest again.
    assert walked == [space("CAMPFIRE"), space("EAST PATH")]


def test_of_two_fighters_with_the_same_odds_the_first_in_the_queue_fights():
    # "Later" only for a teammate clearly stronger (by more than 0.05): equal odds are no reason to wait.
    state = table(2)
    state.location[:] = [space("LODGE"), space("LODGE")]
    give(state, 0, "Machete")
    give(state, 1, "Hatchet")
    give(state, 1, "Flashlight")  # d6 +1, the same as the Machete
    strike(state, space("LODGE"))
    assert ("later",) in state.legal_actions(0)
    assert _decide(state) == ("fight",)


def test_a_first_aid_kit_is_played_once_it_heals_in_full():
    state = table(1)
    bare(state)
    kit = give(state, 0, "First Aid Kit", "pack")  # heals 2
    state.injuries[0] = 1
    state.forget_legal()
    assert ("play", kit) in state.legal_actions(0) and _decide(state) == ("draw",)
    state.injuries[0] = 2
    state.forget_legal()
    assert _decide(state) == ("play", kit)


def test_firecrackers_lure_otis_only_when_he_is_next_to_a_counselor_with_poor_odds():
    state = table(1)
    bare(state)
    crackers = give(state, 0, "Firecrackers", "pack")
    state.otis = space("NORTHEAST PATH")  # two steps from the campfire
    state.forget_legal()
    assert ("play", crackers) in state.legal_actions(0) and _decide(state) != ("play", crackers)
    state.otis = space("NORTH PATH")  # next to it
    state.forget_legal()
    assert _decide(state) == ("play", crackers)
    give(state, 0, "Chainsaw")  # d10: better than even against Otis's d4
    assert heuristic.win_chance(state.observation(0), state.observation(0).team[0]) >= 0.5
    assert _decide(state) != ("play", crackers)


def test_a_move_card_is_kept_until_the_team_heads_for_a_red_arrow():
    state = table(2)
    bare(state)
    drink = give(state, 0, "Energy Drink", "pack")
    assert ("play", drink) in state.legal_actions(0) and _decide(state) != ("play", drink)
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 1, name, "objs")
    assert _decide(state) == ("play", drink)


def test_a_counselor_holding_keys_leaves_more_keys_lying_here():
    state = table(1)
    bare(state)
    spare = give(state, 0, "Spare Keys", "pack")
    lay(state, spare, C.campfire)
    assert _decide(state) == ("take", spare)  # keyless: it takes them
    give(state, 0, "Keys", "objs")
    assert ("take", spare) in state.legal_actions(0) and _decide(state) == ("draw",)


def test_cohesion_counts_half_a_step_per_step_from_the_nearest_teammate():
    # NORTH PATH's "?" is 1 step away and 4 from the teammate (1 + 2 = 3); LAKE SHORE's is 3 steps away and
    # 1 from the teammate (3 + 0.5 = 3.5): the nearer one.
    state = table(2)
    bare(state)
    mystery(state, "NORTH PATH")
    mystery(state, "LAKE SHORE")
    state.location[1] = space("HIKING TRAIL")
    assert _decide(state, 0) == ("step", space("NORTH PATH"))


def test_of_two_equally_scored_question_marks_the_lower_numbered_space_is_the_goal():
    state = table(2)
    bare(state)
    mystery(state, "INFIRMARY")  # both 2 steps away, the teammate at the campfire with me
    mystery(state, "CABIN 1 PORCH")
    goal = min(space("INFIRMARY"), space("CABIN 1 PORCH"))
    step = _decide(state, 0)
    assert step[0] == "step" and C.dist[step[1]][goal] == 1


def test_a_step_goes_by_the_lowest_numbered_of_equal_paths_but_never_onto_otis():
    state = table(1)
    bare(state)
    mystery(state, "NORTHEAST PATH")  # through NORTH PATH or EAST PATH
    state.otis = space("TOOL SHED")
    state.forget_legal()
    assert _decide(state) == ("step", space("NORTH PATH"))
    state.otis = space("NORTH PATH")
    state.forget_legal()
    assert _decide(state) == ("step", space("EAST PATH"))


def test_a_counselor_does_not_walk_through_otis_to_a_nearer_question_mark():
    # MESS HALL's "?" is 2 steps away but only through Otis on NORTH PATH; FLAGPOLE's is 3 steps away by EAST PATH.
    state = table(1)
    bare(state)
    mystery(state, "MESS HALL")
    mystery(state, "FLAGPOLE")
    state.otis = space("NORTH PATH")
    state.forget_legal()
    assert _decide(state) == ("step", space("EAST PATH"))


def _struck(injuries_left, weapon, attack, *pack):
    """Seat 0 alone at the LODGE with `weapon` and `pack`, `injuries_left` hits from death, Otis striking."""
    state = table(1)
    state.location[0] = space("LODGE")
    give(state, 0, weapon)
    held = [give(state, 0, name, "pack") for name in pack]
    state.injuries[0] = C.counselors[state.observation(0).team[0].counselor].health - injuries_left
    state.attack = attack
    strike(state, space("LODGE"))
    return state, held


def test_a_fight_card_is_kept_unless_the_blow_would_kill():
    # Otis's damage is 1: with two injuries to spare the Lucky Punch stays in the backpack; with one it is played.
    state, (punch,) = _struck(2, "Baseball Bat", 0, "Lucky Punch")
    assert ("fight", punch) in state.legal_actions(0) and _decide(state) == ("fight",)
    state, (punch,) = _struck(1, "Baseball Bat", 0, "Lucky Punch")
    assert _decide(state) == ("fight", punch)


def test_facing_a_deadly_blow_at_poor_odds_it_plays_dead_rather_than_fight():
    # A Baseball Bat (d4, not breakable) against d6: the standard team would fight, but one more hit kills.
    state, (play_dead,) = _struck(2, "Baseball Bat", 1, "Play Dead")
    assert _decide(state) == ("fight",)
    state, (play_dead,) = _struck(1, "Baseball Bat", 1, "Play Dead")
    assert _decide(state) == ("panic", play_dead)


def test_panicking_to_save_a_fragile_weapon_it_plays_dead_if_it_can():
    state, (play_dead,) = _struck(3, "Camera Flash", 3, "Play Dead")  # a fragile d4 against d10
    assert _decide(state) == ("panic", play_dead)


def test_foolin_around_picks_the_partner_likeliest_to_beat_otis_else_the_lowest_seat():
    from plugins.camp_grizzly.phases import Phase

    state = table(3)
    state.phase = Phase.FOOL
    state.forget_legal()
    assert state.legal_actions(0) == [("fool", 1), ("fool", 2)]
    assert _decide(state, 0) == ("fool", 1)  # nobody armed: a tie
    give(state, 2, "Chainsaw")
    assert _decide(state, 0) == ("fool", 2)


def test_a_fight_card_is_kept_when_the_fight_is_already_won():
    # Machete (d6 +1), Golf Club (d4 +1) and a Hockey Mask (+1): at least 5 against Otis's d4, a sure win that a
    # Lucky Punch cannot improve, even with one injury to spare.
    state = table(1)
    state.location[0] = space("LODGE")
    for name in ("Machete", "Golf Club", "Hockey Mask"):
        give(state, 0, name)
    punch = give(state, 0, "Lucky Punch", "pack")
    state.injuries[0] = C.counselors[state.observation(0).team[0].counselor].health - 1
    state.attack = 0
    strike(state, space("LODGE"))
    assert abs(heuristic.win_chance(state.observation(0), state.observation(0).team[0]) - 1) < 1e-9
    assert ("fight", punch) in state.legal_actions(0) and _decide(state) == ("fight",)


def test_a_panicking_counselor_stops_where_no_step_takes_it_farther_from_otis():
    # Tracy with a Lucky Cap runs up to 5 spaces; struck on NORTH PATH she runs CAMPFIRE, EAST PATH, SOUTHEAST
    # PATH, and stops there: LAKE SHORE, the farthest next step, is no farther from NORTH PATH.
    from plugins.camp_grizzly.phases import Phase

    state = table(1, counselors="Tracy")
    state.location[0] = space("NORTH PATH")
    give(state, 0, "Camera Flash")
    give(state, 0, "Lucky Cap")
    state.attack = 3
    strike(state, space("NORTH PATH"))
    state.apply(0, ("panic",))
    walked = []
    while state.phase == Phase.PANIC:
        action = _decide(state)
        if action == ("stop",):
            assert ("flee", space("LAKE SHORE")) in state.legal_actions(0)
            break
        walked.append(action[1])
        state.apply(0, action)
    assert walked == [space("CAMPFIRE"), space("EAST PATH"), space("SOUTHEAST PATH")]
    assert action == ("stop",)
