"""Otis stalks: targeting and its tie-breaks, cameos as targets, how far he walks (Stalk, Full Moon), locks,
lurking, crossing paths."""

from __future__ import annotations

from corekit import Rng
from plugins.camp_grizzly.otis import OTIS
from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import C, Dice, give, lay, pull, space, table

NORTH, SOUTH = space("NORTH PATH"), space("SOUTH PATH")  # one step from the campfire each, each its own cabin


def _camp(*places: str, otis: str = "CAMPFIRE"):
    state = table(len(places))
    state.location[:] = [space(p) for p in places]
    state.otis = space(otis)
    return state


def _cameo(state, name: str, where: str) -> int:
    """Place a cameo from the Cabin deck on the board."""
    cid = next(c for c in state.cabin_deck if C.cards[c].name == name)
    return lay(state, cid, space(where), "cameos")


def _targets_both_ways(arrange) -> list[int]:
    """Otis's target with `arrange(favoured, other)` built twice: the favoured side at NORTH PATH, then at
    SOUTH PATH. A deleted tie-break falls back to the coin, scripted here to pick the same space both
    times, so it cannot be right both ways. The expected answer is always [NORTH, SOUTH]."""
    chosen = []
    for favoured, other in (("NORTH PATH", "SOUTH PATH"), ("SOUTH PATH", "NORTH PATH")):
        state = arrange(favoured, other)
        state.rng = Dice()
        chosen.append(OTIS.choose_target(state))
    return chosen


# ---- targeting: the closest counselor ------------------------------------------------------------


def test_otis_targets_the_closest_counselor():
    state = _camp("TOWER TOP", "NORTH PATH", "BOAT DOCK")
    assert OTIS.choose_target(state) == space("NORTH PATH")


def test_distance_comes_before_every_tie_break():
    # The nearer cabin is crowded, calm and unhurt; the farther counselor wins every tie-break.
    state = _camp("NORTH PATH", "NORTH PATH", "MESS HALL")
    state.horror[2], state.injuries[2] = 1, 2
    state.rng = Dice()
    assert OTIS.choose_target(state) == space("NORTH PATH")


# ---- targeting: each tie-break on its own, both ways round ----------------------------------------


def test_otis_targets_the_cabin_with_fewest_people_on_a_tie():
    assert _targets_both_ways(lambda few, many: _camp(few, many, many)) == [NORTH, SOUTH]


def test_campers_count_as_people_in_the_cabin():
    def arrange(alone, with_camper):
        state = _camp(alone, with_camper)
        give(state, 1, "Big Joe", "campers")
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


def test_otis_targets_a_cabin_with_a_horrified_counselor_next():
    def arrange(scared, calm):
        state = _camp(scared, calm)
        state.horror[0] = 1
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


def test_otis_targets_the_counselor_with_most_injuries_next():
    def arrange(hurt, unhurt):
        state = _camp(hurt, unhurt)
        state.injuries[0] = 2
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


def test_otis_chooses_at_random_when_still_tied():
    chosen = set()
    for seed in range(12):
        state = _camp("NORTH PATH", "SOUTH PATH")
        state.rng = Rng(seed)
        chosen.add(OTIS.choose_target(state))
    assert chosen == {space("NORTH PATH"), space("SOUTH PATH")}


# ---- targeting: the order of the tie-breaks (people, then horrified, then injuries) ---------------


def test_otis_prefers_the_cabin_with_fewest_people_over_a_horrified_counselor():
    def arrange(few, crowded):
        state = _camp(few, crowded, crowded)
        state.horror[1] = 1
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


def test_otis_prefers_a_horrified_counselor_over_the_most_injuries():
    def arrange(scared, hurt):
        state = _camp(scared, hurt)
        state.horror[0], state.injuries[1] = 1, 2
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


def test_otis_prefers_the_cabin_with_fewest_people_over_the_most_injuries():
    def arrange(few, crowded):
        state = _camp(few, crowded, crowded)
        state.injuries[1] = 2
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


# ---- targeting: cameos -----------------------------------------------------------------------------


def test_otis_targets_a_cameo_closer_than_any_counselor():
    state = _camp("TOWER TOP")  # 5 steps away, through NORTH PATH
    _cameo(state, "Camp Cook", "SHOWERS")  # 2 steps away, through SOUTH PATH
    assert OTIS.choose_target(state) == space("SHOWERS")
    OTIS.turn(state)
    assert state.otis == space("SOUTH PATH")
    assert any("Otis stalks Camp Cook to SOUTH PATH" in line for line in state.log)


def test_otis_crossing_paths_with_a_cameo_stops_strikes_and_kills_it():
    state = _camp("TOWER TOP")
    cook = _cameo(state, "Camp Cook", "SHOWERS")
    state.stalk, body = 3, state.body  # one step to spare: he stops at the cameo all the same
    OTIS.turn(state)
    assert state.otis == space("SHOWERS")
    assert any("OTIS STRIKES! at SHOWERS; Camp Cook is killed" in line for line in state.log)
    assert state.cameos == [] and cook in state.cabin_discard and state.body == body + 1


def test_a_cameo_counts_as_one_person_in_its_cabin():
    def arrange(alone, with_cameo):
        state = _camp(alone, with_cameo)
        _cameo(state, "Camp Cook", with_cameo)
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


def test_otis_prefers_an_injured_counselor_over_a_cameo_on_a_tie():
    # A lone cameo ties with a lone counselor on people and horror; it has no injuries.
    def arrange(hurt, cameo):
        state = _camp(hurt)
        state.injuries[0] = 1
        _cameo(state, "Camp Cook", cameo)
        return state

    assert _targets_both_ways(arrange) == [NORTH, SOUTH]


# ---- how far he walks: Stalk and the Full Moon ----------------------------------------------------

# TOOL SHED - SOUTHWEST PATH - HIKING TRAIL - BARN - STABLES is the only shortest path (4 steps).
_TO_STABLES = ["SOUTHWEST PATH", "HIKING TRAIL", "BARN"]


def _full_moon(state) -> int:
    moon = next(c for c in state.cabin_deck if C.cards[c].name == "Full Moon")
    state.cabin_deck.remove(moon)
    state.lasting.append(moon)
    return moon


def test_otis_walks_exactly_his_stalk_and_stops_short_of_a_farther_target():
    for stalk in (1, 2, 3):
        state = _camp("STABLES", otis="TOOL SHED")
        state.stalk = stalk
        OTIS.turn(state)
        assert state.otis == space(_TO_STABLES[stalk - 1]), stalk
        assert not any("OTIS STRIKES" in line for line in state.log)


def test_a_full_moon_makes_otis_stalk_one_extra_space():
    state = _camp("STABLES", otis="TOOL SHED")
    state.stalk = 2
    moon = _full_moon(state)
    OTIS.turn(state)
    assert state.otis == space("BARN")
    assert moon in state.lasting  # he has not struck: the moon stays up


def test_a_full_moon_lasts_until_otis_next_strikes():
    state = _camp("HIKING TRAIL", otis="TOOL SHED")  # 2 steps: reached only with the extra space
    moon = _full_moon(state)
    OTIS.turn(state)
    assert state.otis == space("HIKING TRAIL") and state.phase == "strike"
    assert moon not in state.lasting and moon in state.cabin_discard


# ---- locks, lurking, crossing paths, trails, stalking cameos ---------------------------------------


def test_otis_destroys_one_lock_in_his_path_and_stops():
    state = _camp("LOCKER ROOM", otis="SOUTH PATH")
    state.stalk = 3
    lock = state.locks[0]
    for other in state.locks[1:]:
        pull(state, other)
    lay(state, lock, space("SHOWERS"), "locks")
    OTIS.turn(state)
    assert state.otis == space("SOUTH PATH")
    assert state.locks == [] and lock in state.supply


def test_lurking_otis_appears_at_the_d6_trail_on_the_end_nearest_the_target():
    state = _camp("BOAT DOCK")
    state.otis = -1
    state.rng = Dice(2)  # trail 2: FLAGPOLE - LAKE SHORE
    OTIS.turn(state)
    assert any("appears at nature trail 2, at LAKE SHORE" in line for line in state.log)
    assert state.otis == space("BOATHOUSE")  # then one step of stalking towards the dock


def test_a_lurking_otis_appears_even_with_no_target_on_the_board_at_the_first_end_listed():
    # "If Otis is lurking at the start of his stalk phase, he will appear next to a random nature trail before
    # moving": with every counselor lost in the woods and no cameo out he still rolls and appears (version 9;
    # before, he stayed lurking and rolled no die), on the trail's first end as on a tie (Assumption 36).
    state = _camp("BOAT DOCK")
    state.location[0] = -1  # lost in the woods: off the board, no target (Assumption 27)
    state.otis = -1
    state.rng = Dice(2, 5, 5)  # trail 2: FLAGPOLE - LAKE SHORE; then the next round's woods and camp trail rolls
    OTIS.turn(state)
    assert C.trails[1] == (space("FLAGPOLE"), space("LAKE SHORE"))
    assert "Otis appears at nature trail 2, at FLAGPOLE" in state.log
    assert state.otis == space("FLAGPOLE")  # and, hunting no one, he walks no further


def test_otis_crossing_paths_with_a_counselor_stops_and_strikes():
    state = _camp("CAMPFIRE", otis="MESS HALL")
    state.stalk = 4
    OTIS.turn(state)
    assert state.otis == space("CAMPFIRE") and state.phase == "strike" and state.strike_queue == [0]


def test_otis_uses_nature_trails_to_stalk():
    state = _camp("FLAGPOLE", otis="DIRT ROAD")
    assert C.dist[space("DIRT ROAD")][space("FLAGPOLE")] == 1
    OTIS.turn(state)
    assert state.otis == space("FLAGPOLE") and state.phase == "strike"


def test_stalking_cameos_move_after_otis_and_resolve_their_text():
    state = _camp("NORTH PATH", otis="TOOL SHED")
    ralph = next(c for c in state.cabin_deck if C.cards[c].name == "Crazy Ralph")
    lay(state, ralph, space("MESS HALL"), "cameos")  # stalks 1 towards the nearest counselor
    state.stalk = 1
    state.rng = Dice()
    state.phase = Phase.OTIS
    OTIS.after_turn(state)
    assert state.cameos == [] and state.horror[0] == 1 and ralph in state.cabin_discard


def test_a_lurking_otis_appearing_on_a_locked_trail_end_smashes_the_lock_and_stops_there():
    state = _camp("CABIN 2 PORCH")  # Normal setup: CABIN 2 BUNKS, the end of trail 6 next to the porch, is locked
    bunks = space("CABIN 2 BUNKS")
    lock = state.lock_at(bunks)
    assert lock is not None
    state.otis = -1
    state.rng = Dice(6)  # trail 6: HIKING TRAIL - CABIN 2 BUNKS; the bunks are nearer the target
    OTIS.turn(state)
    assert state.otis == bunks and state.lock_at(bunks) is None and lock in state.supply
    assert "Otis smashes the lock of CABIN 2 BUNKS" in state.log
    assert state.phase == "move" and state.location[0] == space("CABIN 2 PORCH")  # he stopped: no strike


def test_a_panicking_counselor_in_a_dead_end_stays_where_otis_struck():
    state = _camp("KITCHEN", otis="MESS HALL")  # the Kitchen's way out is the Mess Hall (Otis) or the locked Pantry
    OTIS.strike(state, space("MESS HALL"), Phase.MOVE)
    state.apply(0, ("panic",))
    assert state.location[0] == space("KITCHEN") and state.injuries[0] == 1 and state.phase == "move"


# ---- cameos met while panicking (RULES.md, Assumption 6) --------------------------------------------------------


def test_a_panicking_counselor_who_runs_into_a_cameo_resolves_its_text():
    # "Counselor's that cross paths with a Cameo must resolve the Cameo's special text": a panic run is no exception.
    state = table(1)
    cook = _cameo(state, "Camp Cook", "CAMPFIRE")
    state.location[0] = space("NORTH PATH")
    state.otis = space("NORTHEAST PATH")
    state.apply(0, ("step", space("NORTHEAST PATH")))
    state.apply(0, ("panic",))  # no weapon: 1 injury from Otis
    assert state.injuries[0] == 1
    state.apply(0, ("flee", space("NORTH PATH")))
    state.apply(0, ("flee", C.campfire))
    assert state.injuries[0] == 0 and cook not in state.cameos  # healed, and the cook has left
    assert "Kevin meets Camp Cook" in state.log


def test_a_tempt_fate_lost_while_panicking_strikes_once_the_strike_under_way_is_over():
    state = table(2)
    jenkins = _cameo(state, "Old Man Jenkins", "CAMPFIRE")
    state.location[0] = state.location[1] = space("NORTH PATH")
    state.otis = space("NORTH PATH")
    on_top = next(c for c in state.cabin_deck if C.cards[c].red)  # his Tempt Fate (1) draws a red card
    state.cabin_deck.remove(on_top)
    state.cabin_deck.append(on_top)
    OTIS.strike(state, space("NORTH PATH"), Phase.MOVE)
    assert state.phase == "strike" and state.to_act == (0,)
    state.apply(0, ("panic",))
    state.apply(0, ("flee", C.campfire))
    assert jenkins not in state.cameos and state.later_strikes == [(0, 0)]
    state.apply(0, ("stop",))
    # The strike under way goes on: the other counselor at the North Path chooses before anything else.
    assert state.phase == "strike" and state.to_act == (1,) and state.otis == space("NORTH PATH")
    state.apply(1, ("panic",))
    state.apply(1, ("stop",))
    # Then Otis strikes the tempter's space.
    assert state.otis == C.campfire and state.phase == "strike" and state.to_act == (0,)
    assert state.later_strikes == []
