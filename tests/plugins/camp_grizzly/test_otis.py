"""Otis stalks: targeting and its tie-breaks, locks, lurking, crossing paths."""

from __future__ import annotations

from corekit import Rng
from tests.plugins.camp_grizzly.tables import Dice, give, space, table


def _camp(*places: str, otis: str = "CAMPFIRE"):
    state = table(len(places))
    state.loc[:] = [space(p) for p in places]
    state.otis = space(otis)
    return state


def test_otis_targets_the_closest_counselor():
    state = _camp("TOWER TOP", "NORTH PATH", "BOAT DOCK")
    assert state.choose_target() == space("NORTH PATH")


def test_otis_targets_the_cabin_with_fewest_people_on_a_tie():
    state = _camp("NORTH PATH", "SOUTH PATH", "SOUTH PATH")
    assert state.choose_target() == space("NORTH PATH")


def test_campers_count_as_people_in_the_cabin():
    state = _camp("NORTH PATH", "SOUTH PATH")
    give(state, 1, "Big Joe", "campers")
    assert state.choose_target() == space("NORTH PATH")


def test_otis_targets_a_cabin_with_a_horrified_counselor_next():
    state = _camp("NORTH PATH", "SOUTH PATH")
    state.horror[1] = 1
    assert state.choose_target() == space("SOUTH PATH")


def test_otis_targets_the_counselor_with_most_injuries_next():
    state = _camp("NORTH PATH", "SOUTH PATH")
    state.injuries[0] = 2
    assert state.choose_target() == space("NORTH PATH")


def test_otis_chooses_at_random_when_still_tied():
    chosen = set()
    for seed in range(12):
        state = _camp("NORTH PATH", "SOUTH PATH")
        state.rng = Rng(seed)
        chosen.add(state.choose_target())
    assert chosen == {space("NORTH PATH"), space("SOUTH PATH")}


def test_otis_destroys_one_lock_in_his_path_and_stops():
    state = _camp("LOCKER ROOM", otis="SOUTH PATH")
    state.stalk = 3
    lock = state.locks[0][1]
    state.locks = [(space("SHOWERS"), lock)]
    state.supply.remove(lock) if lock in state.supply else None
    state._otis_turn()
    assert state.otis == space("SOUTH PATH")
    assert state.locks == [] and lock in state.supply


def test_lurking_otis_appears_at_the_d6_trail_on_the_end_nearest_the_target():
    state = _camp("BOAT DOCK")
    state.otis = -1
    state.rng = Dice(2)  # trail 2: FLAGPOLE - LAKE SHORE
    state._otis_turn()
    assert any("appears at nature trail 2, at LAKE SHORE" in line for line in state.log)
    assert state.otis == space("BOATHOUSE")  # then one step of stalking towards the dock


def test_otis_crossing_paths_with_a_counselor_stops_and_strikes():
    state = _camp("CAMPFIRE", otis="MESS HALL")
    state.stalk = 4
    state._otis_turn()
    assert state.otis == space("NORTH PATH") or state.otis == space("CAMPFIRE")
    assert state.otis == space("CAMPFIRE") and state.phase == "strike" and state.s_queue == [0]


def test_otis_uses_nature_trails_to_stalk():
    state = _camp("FLAGPOLE", otis="DIRT ROAD")
    assert state.C.dist[space("DIRT ROAD")][space("FLAGPOLE")] == 1
    state._otis_turn()
    assert state.otis == space("FLAGPOLE") and state.phase == "strike"


def test_stalking_cameos_move_after_otis_and_resolve_their_text():
    state = _camp("NORTH PATH", otis="TOOL SHED")
    ralph = next(c for c in state.cab_deck if state.C.cards[c].name == "Crazy Ralph")
    state.cab_deck.remove(ralph)
    state.cameos.append((space("MESS HALL"), ralph))  # stalks 1 towards the nearest counselor
    state.stalk = 1
    state.rng = Dice()
    state.phase = "otis"
    state._after_otis()
    assert state.cameos == [] and state.horror[0] == 1 and ralph in state.cab_discard
