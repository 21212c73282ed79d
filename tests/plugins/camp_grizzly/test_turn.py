"""The counselor turn: movement, locks and keys, nature trails, the woods, draws, equipment, options."""

from __future__ import annotations

import pytest

from corekit import GameError
from plugins.camp_grizzly import finale
from plugins.camp_grizzly.content import WOODS
from plugins.camp_grizzly.game import CampGrizzly
from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import (
    C,
    Dice,
    card,
    give,
    hide,
    lay,
    mysteries,
    on_top,
    placed,
    pull,
    space,
    table,
)


def test_movement_equals_current_health_and_never_drops_below_one():
    state = table(1)
    assert state.movement(0) == 5  # Kevin
    state.injuries[0] = 4
    assert state.movement(0) == 1
    give(state, 0, "Chainsaw")  # heavy
    assert state.movement(0) == 1


def test_a_heavy_weapon_costs_one_movement_while_equipped_above_the_floor_of_one():
    state = table(1)  # Kevin, health 5
    state.injuries[0] = 1  # health 4: movement 4, well above the floor
    saw = give(state, 0, "Chainsaw", "pack")
    assert state.movement(0) == 4  # carried in the backpack it costs nothing
    state.phase = Phase.END
    state.apply(0, ("equip", saw))
    state.otis = space("TOOL SHED")  # three steps from the campfire: his stalk of 1 cannot reach Kevin
    state.apply(0, ("end",))  # Otis stalks; Kevin's next turn begins
    assert state.to_act == (0,) and state.phase == "move" and state.move_left == 3
    state.injuries[0] = 4  # health 1: 1 - 1 would be 0, but the floor of 1 holds
    assert state.movement(0) == 1


def test_moving_is_step_by_step_and_optional():
    state = table(1)
    state.otis = space("TOOL SHED")
    assert ("draw",) in state.legal_actions(0)
    state.apply(0, ("step", space("NORTH PATH")))
    assert state.move_left == 4 and state.location[0] == space("NORTH PATH")


def test_entering_otis_space_stops_the_move_and_otis_strikes():
    state = table(1)
    state.otis = space("NORTH PATH")
    state.apply(0, ("step", space("NORTH PATH")))
    assert state.phase == "strike" and state.move_left == 0


def test_after_running_into_otis_no_movement_card_starts_the_move_again():
    # "If you move into a space containing Otis' pawn, stop and Otis Strikes!": the move is over for the turn.
    state = table(1)
    wind = give(state, 0, "Second Wind", "backpack")
    assert ("play", wind) in state.legal_actions(0)
    state.otis = space("NORTH PATH")
    state.apply(0, ("step", space("NORTH PATH")))
    state.apply(0, ("panic",))  # Kevin has no weapon
    state.apply(0, ("stop",))  # he stays where Otis struck
    assert state.phase == "move" and state.stopped
    legal = state.legal_actions(0)
    assert ("play", wind) not in legal
    assert not [a for a in legal if a[0] in ("step", "trail", "force")]
    assert ("draw",) in legal  # the rest of the turn goes on


def test_a_movement_card_played_after_the_movement_ran_out_moves_on():
    state = table(1)
    wind = give(state, 0, "Second Wind", "backpack")
    state.otis = space("TOOL SHED")
    state.move_left = 0
    assert not [a for a in state.legal_actions(0) if a[0] == "step"]
    state.apply(0, ("play", wind))
    assert state.move_left == 2 and [a for a in state.legal_actions(0) if a[0] == "step"]


def test_the_card_just_drawn_may_be_equipped_even_after_every_free_action_is_spent():
    # "Items and weapons can be equipped or stowed in your backpack": part of the draw, not a free action.
    state = table(1)
    state.otis = space("TOOL SHED")
    saw = on_top(state, "Chainsaw")
    state.free_left = 0  # five pick-ups, gifts or plays already made
    state.apply(0, ("draw",))
    assert state.phase == "end" and ("equip", saw) in state.legal_actions(0)
    state.apply(0, ("equip", saw))
    assert state.equipped[0] == [saw] and state.free_left == 0


def test_equipping_the_card_just_drawn_costs_no_free_action_but_only_once():
    state = table(1)
    state.otis = space("TOOL SHED")
    bat = on_top(state, "Baseball Bat")
    state.apply(0, ("draw",))
    free = state.free_left
    state.apply(0, ("equip", bat))
    assert state.free_left == free
    state.apply(0, ("unequip", bat))
    state.apply(0, ("equip", bat))  # back from the backpack: an ordinary equip
    assert state.free_left == free - 2


def test_a_lock_cannot_be_entered_without_keys_and_keys_remove_it():
    state = table(1)
    state.location[0] = space("KITCHEN")  # the pantry is locked in the normal setup
    assert ("step", space("PANTRY")) not in state.legal_actions(0)
    give(state, 0, "Keys", "objs")
    state.apply(0, ("step", space("PANTRY")))
    assert all(sp != space("PANTRY") for sp, _ in placed(state, state.locks))


def test_a_breach_weapon_forces_a_lock_by_tempting_fate():
    state = table(1)
    state.location[0] = space("KITCHEN")
    give(state, 0, "Crowbar")
    assert ("force", space("PANTRY")) in state.legal_actions(0)
    package = on_top(state, "Care Package")
    deck = len(state.cabin_deck)
    state.apply(0, ("force", space("PANTRY")))
    # Tempt Fate (1): one Cabin card drawn and discarded, its text ignored (no Survival card); it is not red.
    assert len(state.cabin_deck) == deck - 1 and state.cabin_discard == [package]
    assert state.backpack[0] == [] and state.permanents[0] == []
    assert state.location[0] == space("PANTRY") and state.lock_at(space("PANTRY")) is None
    assert state.phase == "move" and state.move_left == 4 and state.otis == space("TOOL SHED")


def test_a_red_card_drawn_for_a_forced_lock_brings_otis_to_strike_there():
    state = table(1)
    state.location[0] = space("KITCHEN")
    give(state, 0, "Crowbar")
    red = on_top(state, "OTIS STRIKES!")
    state.apply(0, ("force", space("PANTRY")))
    assert red not in state.cabin_deck and state.location[0] == space("PANTRY")
    assert state.otis == space("PANTRY") and state.phase == "strike" and state.strike_queue == [0]
    assert state.strike_bonus == 0  # one red card: no bonus to Otis's roll


@pytest.mark.parametrize(("roll", "where"), [(6, "FLAGPOLE"), (3, "DIRT ROAD")])
def test_a_nature_trail_crosses_on_a_6_and_stays_on_2_to_5(roll, where):
    state = table(2, counselors="Sherry+Tracy")
    state.location[0] = space("DIRT ROAD")
    state.rng = Dice(roll)
    state.apply(0, ("trail", 1))
    assert state.location[0] == space(where) and state.phase == "move"


def test_a_1_on_a_nature_trail_is_lost_in_the_woods_and_ends_the_turn():
    state = table(2, counselors="Sherry+Tracy")
    state.location[0] = space("DIRT ROAD")
    state.rng = Dice(1)
    state.apply(0, ("trail", 1))
    assert state.location[0] == WOODS and state.to_act == (1,)


@pytest.mark.parametrize(
    ("roll", "where", "said"), [(1, "DIRT ROAD", "rolls 1 + 1 = 2"), (5, "FLAGPOLE", "rolls 5 + 1 = 6")]
)
def test_a_nature_trail_is_decided_by_the_roll_with_its_bonuses_and_the_log_shows_both(roll, where, said):
    # RULES.md Assumption 40: Kevin's +1 makes a natural 1 stay and a natural 5 cross.
    state = table(2, counselors="Kevin+Sherry")
    state.location[0] = space("DIRT ROAD")
    state.rng = Dice(roll)
    state.apply(0, ("trail", 1))
    assert state.location[0] == space(where) and state.phase == "move"
    assert any(line.startswith(f"Kevin {said} on nature trail 1") for line in state.log), state.log[-2:]


def test_a_healing_ability_applies_at_the_end_of_a_turn_lost_in_the_woods():
    # RULES.md: healing abilities apply "at the end of every turn, also one that a horror or the woods ended early".
    state = table(2, counselors="Sherry+Tracy")  # Sherry heals 1 injury at the end of her turn
    state.location[0] = space("DIRT ROAD")
    state.injuries[0] = 2
    state.rng = Dice(1)
    state.apply(0, ("trail", 1))
    assert state.location[0] == WOODS and state.to_act == (1,) and state.injuries[0] == 1


def test_each_nature_trail_attempt_costs_one_movement():
    state = table(2, counselors="Sherry+Tracy")  # Sherry: movement 4, no trail bonus
    state.location[0] = space("DIRT ROAD")
    state.rng = Dice(3, 5, 6, 2)
    for left, where in ((3, "DIRT ROAD"), (2, "DIRT ROAD"), (1, "FLAGPOLE"), (0, "FLAGPOLE")):
        state.apply(0, ("trail", 1))
        assert state.move_left == left and state.location[0] == space(where) and state.phase == "move"
    assert not any(a[0] in ("trail", "step") for a in state.legal_actions(0))  # no movement left to try again


def test_a_lost_counselor_rolls_on_the_woods_then_takes_a_camp_trail_back():
    state = table(2)
    state.location[0] = WOODS
    state.rng = Dice(4, 3)  # horrified; camp trail 3
    state.begin_turn(0)
    assert state.location[0] == space("PICNIC AREA")
    assert state.to_act == (1,) and state.horror[0] == 1  # horrified: the turn ends at once; -1 until the next ends


def test_the_cabin_draw_may_be_replaced_by_revealing_the_objective_here():
    state = table(1)
    here = space("KITCHEN")
    state.location[0] = here
    gas = card("Gas Can")
    hide(state, gas, here)
    assert ("reveal",) in state.legal_actions(0)
    state.apply(0, ("reveal",))
    assert gas in state.objectives[0] and state.phase == "end"


def test_weapons_need_hands_and_clothing_is_unlimited():
    state = table(1)
    state.phase = Phase.END
    axe = give(state, 0, "Fire Axe", "pack")
    bat = give(state, 0, "Baseball Bat", "pack")
    mask = give(state, 0, "Hockey Mask", "pack")
    shoes = give(state, 0, "Running Shoes", "pack")
    state.apply(0, ("equip", axe))
    legal = state.legal_actions(0)
    assert ("equip", bat) not in legal and ("equip", mask) in legal
    state.apply(0, ("equip", mask))
    state.apply(0, ("equip", shoes))
    assert state.equipped[0] == [axe, mask, shoes]


def _lying(state, name: str, where: int) -> int:
    """A card called `name` lies on the ground at `where`, as a dead counselor's belongings do."""
    return lay(state, give(state, 0, name, "pack"), where)


def test_picked_up_weapons_and_items_go_to_the_backpack_and_keys_and_objectives_in_front():
    state = table(1)  # the Normal setup leaves a set of keys in the LODGE
    here = space("LODGE")
    state.location[0] = here
    keys = next(c for sp, c in placed(state, state.ground) if sp == here)
    hatchet = _lying(state, "Hatchet", here)
    light = _lying(state, "Flashlight", here)
    gas = _lying(state, "Gas Can", here)
    there = _lying(state, "Machete", space("NORTHEAST PATH"))
    legal = state.legal_actions(0)
    assert {("take", c) for c in (keys, hatchet, light, gas)} <= set(legal) and ("take", there) not in legal
    for cid in (hatchet, light, keys, gas):
        state.apply(0, ("take", cid))
    assert state.backpack[0] == [hatchet, light] and state.equipped[0] == []  # stowed, not equipped
    assert state.objectives[0] == [keys, gas] and state.has_keys(0)
    assert not any(sp == here for sp, _ in placed(state, state.ground))
    assert (space("NORTHEAST PATH"), there) in placed(state, state.ground)
    assert state.phase == "move" and state.move_left == 5  # picking up costs no movement


def test_a_counselor_who_enters_a_dead_counselors_space_retrieves_the_items_from_the_body():
    state = table(2)  # Kevin and Sherry
    body = space("NORTH PATH")
    state.location[1] = body
    hatchet = give(state, 1, "Hatchet")
    light = give(state, 1, "Flashlight", "pack")
    gas = give(state, 1, "Gas Can", "objs")
    bandages = give(state, 1, "Bandages", "pack")
    state.hurt(1, 4)  # Sherry's health is 4: the skull
    assert not state.turn.alive[1]
    left = sorted(c for sp, c in placed(state, state.ground) if sp == body)
    assert left == sorted([hatchet, light, gas]) and bandages in state.survival_discard  # Survival cards are discarded
    assert not any(a[0] == "take" for a in state.legal_actions(0))  # Kevin is still at the campfire
    state.apply(0, ("step", body))
    for cid in left:
        state.apply(0, ("take", cid))
    assert sorted(state.backpack[0]) == sorted([hatchet, light]) and state.objectives[0] == [gas]
    assert not any(sp == body for sp, _ in placed(state, state.ground))


def test_weapons_items_keys_and_objectives_are_traded_only_with_a_counselor_in_the_same_space():
    state = table(3)  # everyone starts at the campfire
    state.location[2] = space("NORTH PATH")
    hatchet = give(state, 0, "Hatchet")
    light = give(state, 0, "Flashlight", "pack")
    keys = give(state, 0, "Keys", "objs")
    gas = give(state, 0, "Gas Can", "objs")
    bandages = give(state, 0, "Bandages", "pack")
    gifts = {a[1:] for a in state.legal_actions(0) if a[0] == "give"}
    assert gifts == {(c, 1) for c in (hatchet, light, keys, gas)}  # nothing to seat 2, no Survival card
    for cid in (hatchet, light, keys, gas):
        state.apply(0, ("give", cid, 1))
    assert state.backpack[1] == [hatchet, light] and state.objectives[1] == [keys, gas]
    assert state.equipped[0] == [] and state.objectives[0] == [] and state.backpack[0] == [bandages]


def test_a_trade_goes_either_way_the_counselor_whose_turn_it_is_also_receives_a_mates_cards_but_not_objectives():
    # RULES.md Assumption 2: "You may trade ... with other counselors in the same space as you" (an outside rules
    # audit found only giving offered); a mate's objectives come only by its own gift (a second audit: taking one
    # started a finale without the holder's agreement).
    state = table(3)  # everyone starts at the campfire
    state.location[2] = space("NORTH PATH")
    knife = give(state, 1, "Pocket Knife")
    mask = give(state, 1, "Hockey Mask", "pack")
    gas = give(state, 1, "Gas Can", "objs")
    bandages = give(state, 1, "Bandages", "pack")  # a Survival card: not tradeable
    far = give(state, 2, "Hatchet")
    received = {a[1:] for a in state.legal_actions(0) if a[0] == "receive"}
    assert received == {(knife, 1), (mask, 1)} and (gas, 1) not in received and (far, 2) not in received
    state.apply(0, ("receive", knife, 1))
    state.apply(0, ("receive", mask, 1))
    assert state.backpack[0] == [knife, mask] and state.objectives[1] == [gas]
    assert state.equipped[1] == [] and state.backpack[1] == [bandages]
    assert state.log[-1] == "Kevin takes Hockey Mask from Sherry" and state.free_left == 3


def test_a_holders_objectives_cannot_be_taken_so_a_minority_holders_finale_still_asks_for_consent():
    # The rulebook (1.4): "The players holding the objectives must agree to start the finale"; a holder with the
    # majority may start it alone. Seat 1 holds two of the Van's three: seat 0 may ask (consent), not take one.
    from plugins.camp_grizzly.state import CONTENT

    state = table(2)
    gas = give(state, 0, "Gas Can", "objs")
    battery = give(state, 1, "Car Battery", "objs")
    keys = give(state, 1, "Keys", "objs")
    state.location[0] = state.location[1] = CONTENT.arrows[0]  # the Van's red arrow
    state.forget_legal()  # placed by hand
    legal = state.legal_actions(0)
    assert not any(a[0] == "receive" and a[1] in (battery, keys) for a in legal)
    assert ("give", gas, 1) in legal  # giving one's own is one's own consent
    state.apply(0, ("finale", 0))
    assert state.phase == "consent" and state.to_act == (1,)  # the majority holder is asked


def test_the_end_phase_unequips_to_the_backpack_freeing_the_hands():
    state = table(1)
    axe = give(state, 0, "Fire Axe")  # two hands
    bat = give(state, 0, "Baseball Bat", "pack")
    assert not any(a[0] == "unequip" for a in state.legal_actions(0))  # not in the move phase
    state.phase = Phase.END
    state.forget_legal()  # changed by hand after the legal actions were asked for
    assert ("unequip", axe) in state.legal_actions(0) and ("equip", bat) not in state.legal_actions(0)
    state.apply(0, ("unequip", axe))
    assert state.equipped[0] == [] and state.backpack[0] == [bat, axe]
    state.apply(0, ("equip", bat))
    assert state.equipped[0] == [bat] and state.backpack[0] == [axe]


def test_the_end_phase_allows_picking_up_and_trading():
    state = table(2)  # Kevin and Sherry at the campfire
    hatchet = _lying(state, "Hatchet", C.campfire)
    stick = on_top(state, "Hockey Stick")
    state.apply(0, ("draw",))
    assert state.phase == "end" and state.backpack[0] == [stick]
    legal = state.legal_actions(0)
    assert ("take", hatchet) in legal and ("give", stick, 1) in legal
    state.apply(0, ("take", hatchet))
    state.apply(0, ("give", stick, 1))
    assert state.backpack[0] == [hatchet] and state.backpack[1] == [stick]
    assert (C.campfire, hatchet) not in placed(state, state.ground) and state.phase == "end"


def test_a_horrified_counselor_turn_ends_at_once():
    state = table(2)
    on_top(state, "Power Outage")
    state.apply(0, ("draw",))
    assert state.horror[0] == 1 and state.to_act == (1,)  # one end of turn passed already


def test_the_first_aid_station_heals_two_at_the_end_of_a_turn():
    state = table(2, counselors="Kevin+Tracy")
    aid = card("First Aid Station")
    lay(state, aid, state.location[0], "aids")
    state.injuries[0] = 3
    state.phase = Phase.END
    state.apply(0, ("end",))
    assert state.injuries[0] == 1


def test_foolin_around_brings_a_counselor_here_then_follows_the_card():
    state = table(2)
    state.location[:] = [space("LODGE"), space("BARN")]
    state.injuries[:] = [2, 2]
    on_top(state, "Care Package")
    on_top(state, "Make Out Point")  # both heal 2, then Tempt Fate (1): the care package is not red
    state.apply(0, ("draw",))
    assert state.legal_actions(0) == [("fool", 1)]
    state.apply(0, ("fool", 1))
    assert state.location[1] == space("LODGE") and state.injuries == [0, 0] and state.phase == "end"


def test_no_escape_reseeds_the_setup_objective_spaces():
    state = table(1)
    here = space("KITCHEN")
    state.location[0] = here
    aid = card("First Aid Station")
    for cid in list(state.mysteries):
        pull(state, cid)
        state.mystery_deck.append(cid)
    hide(state, aid, here)
    for cid in [c for c in state.ground if C.cards[c].kind == "key"]:
        pull(state, cid)
        state.supply.append(cid)
    state.apply(0, ("reveal",))
    assert len(mysteries(state)) == len(C.setups["normal"].objectives)


def test_surprises_can_be_left_in_the_box():
    state = table(1, surprises=False)
    assert sorted(state.boxed) == C.ids("micro", "surprise")


def _hidden_at(state, name: str, here: int) -> int:
    """The face-down "?" card at `here` becomes a `name` (swapped with wherever that card was)."""
    cid = card(name)
    hide(state, cid, here)
    return cid


def test_spare_keys_found_on_a_question_space_open_locks_and_count_as_the_keys_objective():
    state = table(1)
    here = space("KITCHEN")  # a "?" space next to the locked pantry
    state.location[0] = here
    spare = _hidden_at(state, "Spare Keys", here)
    state.apply(0, ("reveal",))
    assert state.objectives[0] == [spare] and spare not in state.micro_used and state.phase == "end"
    state.phase = Phase.MOVE
    assert ("step", space("PANTRY")) in state.legal_actions(0)
    van = next(f for f, finale in enumerate(C.finales) if finale.name == "Van")  # Gas Can, Car Battery, Keys
    give(state, 0, "Gas Can", "objs")
    give(state, 0, "Car Battery", "objs")
    assert (0, spare) in finale.cards_for(state, van, [0])


def test_a_draw_survival_surprise_draws_a_survival_card_and_is_set_aside():
    state = table(1)
    here = space("KITCHEN")
    state.location[0] = here
    found = _hidden_at(state, "Draw Survival", here)
    bandages = card("Bandages")
    state.survival_deck.remove(bandages)
    state.survival_deck.append(bandages)  # on top
    state.apply(0, ("reveal",))
    assert state.backpack[0] == [bandages] and state.objectives[0] == [] and found in state.micro_used
    assert state.phase == "end"


def test_an_otis_strikes_surprise_brings_otis_to_strike_the_finders_cabin():
    state = table(2)
    here = space("KITCHEN")
    state.location[:] = [here, space("MESS HALL")]  # both in the Mess Hall
    give(state, 0, "Crowbar")
    found = _hidden_at(state, "Otis Strikes!", here)
    state.apply(0, ("reveal",))
    assert found in state.micro_used and state.objectives[0] == []
    assert state.otis == here and state.phase == "strike" and state.strike_queue == [0, 1] and state.strike_bonus == 0
    state.rng = Dice(6, 1)
    state.apply(0, ("fight",))  # the crowbar's 6 beats Otis's d4 and saves the cabin
    assert state.otis == -1 and state.phase == "end" and state.to_act == (0,)  # the reveal was the draw


def test_counselors_are_chosen_by_name():
    assert table(2, counselors="lisa+Marcus").counselors == (6, 3)
    with pytest.raises(GameError, match=r"unknown counselor 'Freddy' \(known: Kevin, Sherry, Tracy, Marcus, Jenny, "):
        CampGrizzly().initial_state(1, 0, {"counselors": "Freddy"})
    with pytest.raises(GameError, match="counselor Kevin is chosen twice"):
        CampGrizzly().initial_state(2, 0, {"counselors": "kevin+KEVIN"})
    with pytest.raises(GameError, match="2 counselors named for 1 seat; name one per seat"):
        CampGrizzly().initial_state(1, 0, {"counselors": "Lisa+Kevin"})
    for names in ("Kevin++Sherry", "+Kevin+Sherry", "Kevin+Sherry+", "Kevin,,Sherry"):  # a name left out
        with pytest.raises(GameError, match="an empty counselor name in"):
            CampGrizzly().initial_state(2, 0, {"counselors": names})


def test_counselors_joined_by_commas_from_python_are_kept_joined_by_plus_signs():
    # The options are written out (a replay's header, an OpenSpiel game string) where a comma separates options.
    options = CampGrizzly().make_options({"counselors": "lisa, Marcus"})
    assert options.counselors == "lisa+ Marcus"
    assert table(2, counselors="lisa,Marcus").counselors == (6, 3)


def test_setup_deals_two_survival_cards_and_plays_permanents_at_once():
    state = CampGrizzly().initial_state(6, 3)
    for s in range(6):
        assert len(state.backpack[s]) + len(state.permanents[s]) == 2
        assert all(C.cards[c].kind == "permanent" for c in state.permanents[s])
    assert state.otis == C.tool_shed and (state.stalk, state.attack, state.damage) == (1, 0, 1)
    assert all(loc == C.campfire for loc in state.location)


def test_an_otis_strikes_card_brings_otis_even_when_he_is_lurking():
    state = table(1)
    state.otis = -1
    on_top(state, "OTIS STRIKES!")
    state.apply(0, ("draw",))
    assert state.otis == state.location[0] and state.phase == "strike"


def test_rumors_adjust_otis_stats_within_the_dice_of_the_box():
    state = table(1)
    on_top(state, "Otis Found a Bigger Blade")
    state.apply(0, ("draw",))
    assert C.otis_dice[state.attack] == 6
    on_top(state, "Otis Is Tired")
    state.phase = Phase.MOVE
    state.apply(0, ("draw",))
    assert state.damage == 1  # never below his card's start


def test_a_thunderstorm_closes_the_nature_trails_until_the_end_of_the_round():
    state = table(1)
    state.location[0] = space("DIRT ROAD")
    assert ("trail", 1) in state.legal_actions(0)
    storm = on_top(state, "Thunderstorm")
    state.apply(0, ("draw",))
    assert storm in state.lasting
    state.phase = Phase.MOVE
    state.move_left = 3
    state.forget_legal()  # changed by hand after the legal actions were asked for
    assert ("trail", 1) not in state.legal_actions(0)
    state.otis = space("TOOL SHED")
    state.phase = Phase.END
    state.forget_legal()
    state.apply(0, ("end",))  # Otis stalks one step, and the round ends
    assert storm not in state.lasting and ("trail", 1) in state.legal_actions(0)


def test_campers_are_traded_but_never_dropped():
    state = table(2)
    joe = give(state, 0, "Big Joe", "campers")
    legal = state.legal_actions(0)
    assert ("give", joe, 1) in legal
    assert not any(a[0] not in ("give",) and joe in a[1:] for a in legal)
    state.apply(0, ("give", joe, 1))
    assert state.campers[1] == [joe]


def test_a_cameo_is_resolved_by_the_counselor_who_crosses_its_path():
    state = table(1)
    cook = next(c for c in state.cabin_deck if C.cards[c].name == "Camp Cook")
    lay(state, cook, space("NORTH PATH"), "cameos")
    state.injuries[0] = 2
    state.apply(0, ("step", space("NORTH PATH")))
    assert state.injuries[0] == 0 and state.cameos == [] and cook in state.cabin_discard


def test_a_nature_trail_into_a_locked_space_needs_keys_and_crossing_removes_the_lock():
    state = table(1)  # Normal setup: CABIN 2 BUNKS, at the far end of trail 6, is locked
    state.location[0] = space("HIKING TRAIL")
    assert state.lock_at(space("CABIN 2 BUNKS")) is not None
    assert ("trail", 6) not in state.legal_actions(0)
    give(state, 0, "Keys", "objs")
    assert ("trail", 6) in state.legal_actions(0)
    state.rng = Dice(6)
    state.apply(0, ("trail", 6))
    assert state.location[0] == space("CABIN 2 BUNKS") and state.lock_at(space("CABIN 2 BUNKS")) is None


def test_every_cameo_in_a_space_is_resolved_with_tempt_fate_last():
    state = table(1)
    state.location[0] = space("CAMPFIRE")
    state.injuries[0] = 2
    for name in ("Old Man Jenkins", "Camp Cook", "The Hitchhiker"):
        cid = next(c for c in state.cabin_deck if C.cards[c].name == name)
        lay(state, cid, space("NORTH PATH"), "cameos")
    on_top(state, "OTIS STRIKES!")  # Old Man Jenkins's Tempt Fate (1) draws it
    state.apply(0, ("step", space("NORTH PATH")))
    assert state.cameos == []
    assert state.injuries[0] == 1  # healed 2 by the cook, then hurt 1 by the Hitchhiker, before the Tempt Fate
    assert state.phase == "strike" and state.otis == space("NORTH PATH")


def _meets(state, name: str) -> None:
    """A cameo called `name` waits on NORTH PATH, next to the campfire where the counselor starts."""
    cid = next(c for c in state.cabin_deck if C.cards[c].name == name)
    lay(state, cid, space("NORTH PATH"), "cameos")


@pytest.mark.parametrize(("movement", "left"), [("start", 4), ("live", 3)])
def test_an_injury_taken_while_moving_lowers_the_movement_left_only_in_the_live_reading(movement, left):
    state = table(1, movement=movement)  # Kevin, health 5: movement 5
    _meets(state, "The Hitchhiker")
    state.apply(0, ("step", space("NORTH PATH")))  # 1 step, then 1 injury
    assert state.injuries[0] == 1 and state.phase == "move"
    assert state.move_left == left


@pytest.mark.parametrize(("movement", "left"), [("start", 2), ("live", 4)])
def test_healing_while_moving_raises_the_movement_left_only_in_the_live_reading(movement, left):
    state = table(1, movement=movement)
    state.injuries[0] = 2
    state.move_left = state.movement(0)  # 3, as the move began with 2 injuries
    _meets(state, "Camp Cook")
    state.apply(0, ("step", space("NORTH PATH")))  # 1 step, then heals 2
    assert state.move_left == left


@pytest.mark.parametrize(("movement", "left"), [("start", 4), ("live", 0)])
def test_a_strike_brought_on_by_tempting_fate_ends_the_move_only_in_the_live_reading(movement, left):
    state = table(1, movement=movement)
    give(state, 0, "Crowbar")  # equipped, so Kevin can fight
    _meets(state, "Old Man Jenkins")
    on_top(state, "OTIS STRIKES!")  # his Tempt Fate (1) draws it
    state.rng = Dice(6, 1)  # Kevin's crowbar beats Otis's d4
    state.apply(0, ("step", space("NORTH PATH")))
    assert state.phase == "strike"
    state.apply(0, ("fight",))
    assert state.otis == -1 and state.phase == "move"  # Otis beaten and lurking: back to the move
    assert state.move_left == left


@pytest.mark.parametrize("movement", ["start", "live"])
def test_a_move_that_ends_the_turn_leaves_the_next_counselor_its_own_movement_in_either_reading(movement):
    state = table(2, movement=movement)  # Kevin (movement 5), then Sherry (4)
    on_top(state, "Power Outage")  # drawn: Kevin is horrified, and his turn ends at once
    state.apply(0, ("draw",))
    assert state.active == 1 and state.phase == "move"
    assert state.move_left == state.movement(1) == 4  # not 4 + 4 - 5: Kevin's movement is not Sherry's


def test_the_effect_interpreter_raises_on_a_step_it_has_no_rule_for():
    from plugins.camp_grizzly.content import Op
    from plugins.camp_grizzly.effects import EFFECTS
    from plugins.camp_grizzly.phases import Phase

    state = table(1)
    with pytest.raises(GameError, match="camp-grizzly: no rule resolves the effect step 'dodge'"):
        EFFECTS.run(state, 0, (Op("heal", 1), Op("dodge")), Phase.END)
    with pytest.raises(GameError, match="the effect step 'tempt' cannot resolve outside a turn"):
        EFFECTS.quietly(state, 0, (Op("tempt", 1),))


# ---- a weapon is equipped as it is picked up (the rulebook: "immediately ... when you pick them up") -------


def test_a_weapon_picked_up_while_moving_is_equipped_at_once_and_fights_when_the_counselor_walks_into_otis():
    state = table(1)
    north, northeast = space("NORTH PATH"), space("NORTHEAST PATH")
    hatchet = lay(state, give(state, 0, "Hatchet", "pack"), north)
    state.otis = northeast
    state.apply(0, ("step", north))
    assert ("equip", hatchet) in state.legal_actions(0) and ("take", hatchet) in state.legal_actions(0)
    state.apply(0, ("equip", hatchet))
    assert state.equipped[0] == [hatchet] and hatchet not in state.ground and state.free_left == 4
    state.apply(0, ("step", northeast))
    assert state.phase == "strike" and ("fight",) in state.legal_actions(0)


def test_a_breach_weapon_picked_up_while_moving_forces_a_lock_in_that_move_phase():
    state = table(1)
    kitchen, pantry = space("KITCHEN"), space("PANTRY")  # the pantry is locked in the normal setup
    state.location[0] = kitchen
    crowbar = lay(state, give(state, 0, "Crowbar", "pack"), kitchen)
    assert ("force", pantry) not in state.legal_actions(0)
    state.apply(0, ("equip", crowbar))
    assert ("force", pantry) in state.legal_actions(0)


def test_a_weapon_picked_up_before_drawing_otis_strikes_fights_him():
    state = table(1)
    axe = lay(state, give(state, 0, "Fire Axe", "pack"), C.campfire)
    on_top(state, "OTIS STRIKES!")
    state.apply(0, ("equip", axe))
    state.apply(0, ("draw",))
    assert state.phase == "strike" and ("fight",) in state.legal_actions(0)


def test_a_weapon_lying_here_is_not_equipped_past_two_hands_and_a_backpack_card_only_in_the_end_phase():
    state = table(1)
    give(state, 0, "Chainsaw")  # two hands already full
    bat = give(state, 0, "Baseball Bat", "pack")
    axe = lay(state, give(state, 0, "Hatchet", "pack"), C.campfire)
    mask = lay(state, give(state, 0, "Hockey Mask", "pack"), C.campfire)
    legal = state.legal_actions(0)
    assert ("equip", axe) not in legal and ("equip", mask) in legal and ("equip", bat) not in legal


# ---- horror: -1 to every roll a horrified counselor makes (RULES.md, Assumption 15) -------------------


def test_a_horrified_counselor_rolls_the_woods_table_at_minus_one():
    state = table(2)
    state.location[0] = WOODS
    state.horror[0] = 1
    state.rng = Dice(2)  # 2 - 1 = 1: OTIS STRIKES! in the woods (a 2 would be two injuries)
    state.begin_turn(0)
    assert state.phase == "strike" and state.strike_queue == [0] and state.injuries[0] == 0
    assert state.log[-2].startswith("Kevin rolls 2 - 1 horrified = 1 in the woods: Something big moves")


def test_the_camp_trail_roll_picks_a_trail_and_ignores_horror():
    state = table(2)
    state.location[0] = WOODS
    state.horror[0] = 1
    state.rng = Dice(6, 3)  # 6 - 1 = 5: nothing happens; camp trail 3, whatever the horror
    state.begin_turn(0)
    assert state.location[0] == C.camp_trails[2] == space("PICNIC AREA")
