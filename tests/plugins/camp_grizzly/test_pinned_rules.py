"""Rules a rules audit found unpinned: death off the board, HOPELESS and permanents, keys, the shed rumor, the way
back from a woods strike, lure cards, horror on nature trails, Otis after a finale strike, stalking cameos and
locks, the strike order in Otis's turn, and movement cards."""

from __future__ import annotations

import pytest

from plugins.camp_grizzly.content import FINALE, WOODS
from plugins.camp_grizzly.otis import OTIS
from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import C, Dice, give, lay, on_top, placed, pull, space, table

VAN = 0  # the first finale of camp.toml: Gas Can, Car Battery, Keys


def _at_the_van(otis: str = "TOOL SHED"):
    """Kevin (health 5) alone on the VAN arrow with the Van's objectives (a majority: he starts it alone) and a
    Machete (d6 +1); Sherry stays at the campfire."""
    state = table(2)
    state.location[0] = space("VAN")
    state.otis = space(otis)
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    give(state, 0, "Machete")
    return state


# ---- death off the board (rulebook L175; RULES.md "Death") -----------------------------------------------------


def test_a_counselor_who_dies_in_the_woods_lies_at_the_campfire_with_their_items():
    # "Place your counselor pawn on its side ... on the campfire if you died in the woods".
    state = table(2)  # Kevin (health 5), Sherry at the campfire
    state.location[0] = WOODS
    state.injuries[0] = 4
    hatchet = give(state, 0, "Hatchet")
    gas = give(state, 0, "Gas Can", "objs")
    state.rng = Dice(3)  # the woods: brambles, 1 injury, the skull
    state.begin_turn(0)
    assert not state.turn.alive[0] and state.location[0] == C.campfire
    assert {(C.campfire, hatchet), (C.campfire, gas)} <= set(placed(state, state.ground))
    assert state.to_act == (1,)
    legal = state.legal_actions(1)  # Sherry, at the campfire, may retrieve them from the body
    assert ("take", hatchet) in legal and ("take", gas) in legal


def test_a_counselor_who_dies_on_a_finale_card_lies_at_the_campfire_with_their_items():
    # "... OR on the campfire if you died in the woods or during a finale".
    state = _at_the_van()
    state.injuries[0] = 4
    machete = state.equipped[0][0]
    state.rng = Dice(1)  # running for the van: 1 is an injury, the skull; nobody is left on the card
    state.apply(0, ("finale", VAN))
    assert not state.turn.alive[0] and state.location[0] == C.campfire
    assert (C.campfire, machete) in placed(state, state.ground)
    assert state.to_act == (1,) and ("take", machete) in state.legal_actions(1)


# ---- HOPELESS (rulebook L126) ---------------------------------------------------------------------------------


def test_hopeless_discards_every_survival_card_permanent_ones_included():
    # "All counselors must discard their survival cards": the permanent ones in front of them too.
    state = table(2)
    brave = give(state, 0, "Brave", "perms")
    ankle = give(state, 1, "Sprained Ankle", "perms")
    closet = give(state, 1, "Hide in a Closet", "pack")
    drink = give(state, 1, "Energy Drink", "pack")  # a Cabin item, not a Survival card
    give(state, 0, "Hatchet")
    state.raise_body(13 - state.body)
    state.resume(Phase.MOVE)
    assert state.final and state.phase == "strike"
    assert state.permanents == [[], []]
    assert {brave, ankle, closet} <= set(state.survival_discard)
    assert state.backpack[1] == [drink]
    assert state.mods(0).fight == 0  # Brave's +1 is gone from the last fight


# ---- keys (RULES.md, Assumption 3) ------------------------------------------------------------------------------


def test_keys_are_not_used_up_by_opening_a_lock_and_open_a_second():
    # "If you have keys (or spare keys), you can remove lock cards by moving into their space."
    state = table(1)  # Kevin, movement 5; the Normal setup locks the Pantry and the Director's Office
    state.location[0] = space("KITCHEN")
    keys = give(state, 0, "Keys", "objs")
    state.apply(0, ("step", space("PANTRY")))
    assert state.lock_at(space("PANTRY")) is None and state.objectives[0] == [keys]
    for there in ("FLAGPOLE", "NORTHEAST PATH", "LODGE"):
        state.apply(0, ("step", space(there)))
    assert ("step", space("DIRECTOR'S OFFICE")) in state.legal_actions(0)
    state.apply(0, ("step", space("DIRECTOR'S OFFICE")))
    assert state.location[0] == space("DIRECTOR'S OFFICE") and state.lock_at(space("DIRECTOR'S OFFICE")) is None
    assert state.objectives[0] == [keys]  # still held: they still count as the Keys objective


# ---- rumors (rulebook L151) --------------------------------------------------------------------------------------


@pytest.mark.parametrize("otis", ["CAMPFIRE", None], ids=["on the board", "lurking"])
def test_otis_returning_to_his_shed_does_not_strike_a_counselor_standing_there(otis):
    # "OTIS RUMOR - Rumors often adjust the stats on Otis' jumbo card. They do not cause Otis to Strike."
    state = table(1)
    state.location[0] = C.tool_shed
    state.otis = space(otis) if otis else -1
    on_top(state, "Otis Returns to His Shed")
    state.apply(0, ("draw",))
    assert state.otis == C.tool_shed
    assert state.phase == "end" and state.to_act == (0,) and state.strike_queue == [] and state.injuries[0] == 0


# ---- the woods (rulebook L181; RULES.md "Lost") ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "rolls", "back"),
    [
        ("panic", (1, 3), "PICNIC AREA"),  # the woods' 1: OTIS STRIKES!; Kevin panics; camp trail 3
        ("fight", (1, 6, 1, 5), "ARCHERY RANGE"),  # the woods' 1; the Hatchet's 6 beats Otis's 1; camp trail 5
    ],
)
def test_after_a_woods_strike_the_counselor_returns_to_camp_by_a_camp_trail(answer, rolls, back):
    # "If you are still alive (or if you panic), roll another 1d6 and return to a space connected by the resulting
    # camp trail."
    state = table(2)
    state.location[0] = WOODS
    if answer == "fight":
        give(state, 0, "Hatchet")
    state.rng = Dice(*rolls)
    state.begin_turn(0)
    assert state.phase == "strike" and state.strike_queue == [0]
    state.apply(0, (answer,))
    assert state.location[0] == space(back) and state.injuries[0] == (1 if answer == "panic" else 0)
    assert state.rng.rolls == []  # the camp trail was rolled
    assert state.otis == -1  # he struck off the board: lurking (Assumption 12)
    assert state.phase == "end" and state.to_act == (0,)  # then the end phase of the turn


def test_back_from_the_woods_into_otis_space_is_no_crossing_and_he_strikes_on_his_turn():
    # RULES.md Assumption 22: the return is no step into the space (as for a cameo there); Assumption 35: Otis
    # strikes a counselor already in his space when his turn comes.
    state = table(2)
    state.location[:] = [WOODS, space("CAMPFIRE")]
    state.otis = space("HIKING TRAIL")
    state.rng = Dice(5, 6)  # the woods: nothing happens; camp trail 6 to HIKING TRAIL
    state.begin_turn(0)
    assert state.location[0] == space("HIKING TRAIL") and state.phase == "end" and state.strike_queue == []
    assert not any("OTIS STRIKES" in line for line in state.log)


def test_a_counselor_pulled_into_otis_space_by_foolin_around_is_no_crossing_either():
    state = table(2)
    for lock in list(state.locks):
        pull(state, lock)
    state.location[:] = [space("FLAGPOLE"), space("CAMPFIRE")]
    state.otis = space("FLAGPOLE")  # Kevin ran into him and panicked 0 spaces (Assumption 20)
    state.stopped = True
    on_top(state, "Make Out Point")
    state.rng = Dice(*[3] * 10)
    state.apply(0, ("draw",))
    state.apply(0, ("fool", 1))
    assert state.location[1] == space("FLAGPOLE") and state.strike_queue == []
    assert not any("OTIS STRIKES" in line for line in state.log)


# ---- lure cards ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Distraction", "Firecrackers", "Air Horn"])
def test_each_lure_card_played_sends_otis_lurking(name):
    # Distraction (Survival), Firecrackers and Air Horn (Cabin items without hands): "he is lurking".
    state = table(1)
    state.otis = space("NORTH PATH")  # next to Kevin at the campfire
    lure = give(state, 0, name, "pack")
    state.apply(0, ("play", lure))
    assert state.otis == -1 and state.phase == "move"
    assert lure not in state.backpack[0]


def test_the_otis_wanders_off_rumor_sends_otis_lurking():
    state = table(1)
    state.otis = space("NORTH PATH")
    on_top(state, "Otis Wanders Off")
    state.apply(0, ("draw",))
    assert state.otis == -1 and state.phase == "end"


# ---- horror on nature trails (RULES.md, Assumption 15) ----------------------------------------------------------


@pytest.mark.parametrize(("roll", "where"), [(6, "DIRT ROAD"), (2, None)], ids=["6 stays", "2 is lost"])
def test_a_horrified_counselor_rolls_nature_trails_at_minus_one(roll, where):
    # "You are -1 to all die rolls": a 6 - 1 no longer crosses, a 2 - 1 is lost in the woods.
    state = table(2, counselors="Sherry+Tracy")  # Sherry: no trail bonus
    state.location[0] = space("DIRT ROAD")
    state.horror[0] = 1
    state.rng = Dice(roll)
    state.apply(0, ("trail", 1))
    if where:
        assert state.location[0] == space(where) and state.phase == "move" and state.to_act == (0,)
    else:
        assert state.location[0] == WOODS and state.to_act == (1,)


# ---- Otis after a finale strike (RULES.md, Assumption 12) -------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "injuries"),
    [((6, 1, 1), 0), ((1, 1, 1), 1)],  # the Machete's roll, Otis's d4 (+1), then the dirt road's 1: the van fails
    ids=["counselor wins", "Otis wins"],
)
def test_otis_is_lurking_after_a_finale_strike_whoever_wins(rolls, injuries):
    # Otis is off the board while he strikes a finale card, so he is lurking afterwards.
    state = _at_the_van(otis="TOOL SHED")
    state.rng = Dice(6, 6)  # Kevin runs unhurt, the engine starts: "Otis is on the hood!" (+1)
    state.apply(0, ("finale", VAN))
    assert state.phase == "strike" and state.location[0] == FINALE and state.strike_bonus == 1
    state.rng = Dice(*rolls)
    state.apply(0, ("fight",))
    assert state.rng.rolls == [] and state.injuries[0] == injuries
    assert state.failed == [VAN] and state.location[0] == space("VAN") and state.to_act == (1,)
    assert state.otis == -1


# ---- stalking cameos and locks (RULES.md, Assumption 13) --------------------------------------------------------


@pytest.mark.parametrize("name", ["Crazy Ralph", "The Hitchhiker"])
def test_a_stalking_cameo_is_stopped_by_a_lock_and_does_not_smash_it(name):
    state = table(1)  # Normal setup: the Pantry, between the Flagpole and the Kitchen, is locked
    state.location[0] = space("KITCHEN")
    pantry = space("PANTRY")
    lock = state.lock_at(pantry)
    assert lock is not None
    cameo = next(c for c in state.cabin_deck if C.cards[c].name == name)  # stalks 1
    lay(state, cameo, space("FLAGPOLE"), "cameos")
    state.rng = Dice()
    state.phase = Phase.OTIS
    OTIS.after_turn(state)
    assert cameo in state.cameos and state.spot[cameo] == space("FLAGPOLE")  # stopped in front of the lock
    assert state.lock_at(pantry) == lock
    assert state.horror[0] == 0 and state.injuries[0] == 0


# ---- Otis's own turn (RULES.md "OTIS STRIKES!", Assumption 21; "if one is already in his space") -----------------


def test_in_otis_turn_the_strike_order_starts_from_the_counselor_who_played_last():
    state = table(3)
    state.location[:] = [space("NORTH PATH")] * 3
    state.otis = space("NORTHEAST PATH")
    state.turn.current, state.phase = 2, Phase.END
    state.apply(2, ("end",))  # the last seat ends the round: Otis stalks into the North Path and strikes
    assert state.otis == space("NORTH PATH") and state.phase == "strike"
    assert state.strike_queue == [2, 0, 1] and state.to_act == (2,)


def test_the_hopeless_fight_after_otis_turn_starts_from_the_counselor_who_played_last():
    state = table(3, night=1)
    state.location[:] = [space("TOWER TOP")] * 3  # out of Otis's reach from the tool shed
    state.turn.current, state.phase = 2, Phase.END
    state.apply(2, ("end",))  # Otis stalks, the night runs out: HOPELESS
    assert state.final and state.phase == "strike"
    assert state.strike_queue == [2, 0, 1] and state.to_act == (2,)


def test_otis_strikes_at_once_a_counselor_already_in_his_space():
    state = table(1)
    state.location[0] = state.otis = space("NORTH PATH")  # Kevin stayed where Otis struck (Assumption 20)
    OTIS.turn(state)
    assert state.otis == space("NORTH PATH") and state.phase == "strike" and state.strike_queue == [0]


def test_a_lurking_otis_appearing_in_a_counselors_space_strikes_at_once():
    state = table(1)
    state.location[0] = space("LAKE SHORE")
    state.otis = -1
    state.rng = Dice(2)  # trail 2: FLAGPOLE - LAKE SHORE; he appears on Kevin's end
    OTIS.turn(state)
    assert state.otis == space("LAKE SHORE") and state.phase == "strike" and state.strike_queue == [0]


# ---- movement cards ----------------------------------------------------------------------------------------------

_RING = ["NORTHEAST PATH", "EAST PATH", "SOUTHEAST PATH", "SOUTH PATH", "SOUTHWEST PATH", "WEST PATH", "NORTHWEST PATH"]
"""The paths around the campfire after the North Path, one step apart."""


@pytest.mark.parametrize("movement", ["start", "live"])
@pytest.mark.parametrize(("name", "n"), [("Energy Drink", 2), ("Second Wind", 2), ("Shortcut", 3)])
def test_a_movement_card_played_in_the_move_phase_adds_its_movement(name, n, movement):
    state = table(1, movement=movement)  # Kevin, movement 5
    state.otis = C.tool_shed
    played = give(state, 0, name, "pack")
    state.apply(0, ("step", space("NORTH PATH")))
    assert state.move_left == 4
    state.apply(0, ("play", played))
    assert state.move_left == 4 + n and played not in state.backpack[0]
    for there in _RING[: 4 + n]:
        state.apply(0, ("step", space(there)))
    assert state.move_left == 0 and state.phase == "move"
    assert not any(action[0] in ("step", "trail") for action in state.legal_actions(0))
