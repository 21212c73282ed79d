"""OTIS STRIKES!: fight or panic, the fighters' order, ties, panic, death and the body count."""

from __future__ import annotations

from tests.plugins.camp_grizzly.tables import C, Dice, card, give, on_top, space, table


def test_the_rulebook_fight_example_kevin_ties_and_panics_then_sherry_wins_and_otis_lurks():
    state = table(3)  # Kevin, Sherry, Tracy
    state.locks = []
    state.loc[:] = [space("KITCHEN"), space("MESS HALL"), space("MESS HALL")]
    state.attack, state.damage = 1, 2  # Otis attacks with a d6 and deals 2
    give(state, 0, "Baseball Bat")
    give(state, 0, "Crowbar")
    give(state, 1, "Pocket Knife")
    on_top(state, "OTIS STRIKES!")
    state.rng = Dice(1, 3, 4, 3, 2)  # Kevin's bat and crowbar, Otis; Sherry's knife, Otis
    state.apply(0, ("draw",))
    assert state.otis == space("KITCHEN")
    assert state.phase == "strike" and state.s_queue == [0, 1, 2]  # the whole cabin is in danger
    before = state.observation(None)
    state.apply(0, ("fight",))  # 1 + 3 = 4 ties Otis's 4: Otis wins ties
    assert state.game.events(before, state.observation(None)) == [
        "Kevin fights: 1+3 = 4 against Otis's d6 = 4: Otis wins",
        "Kevin panics and takes 2 injuries",
    ]
    assert state.injuries[0] == 2 and state.phase == "panic" and state.p_left == 2  # Kevin's panic is 2
    state.apply(0, ("flee", space("PANTRY")))
    state.apply(0, ("flee", space("FLAGPOLE")))
    assert state.to_act == (1,)
    assert ("fight",) in state.legal_actions(1)
    assert not state.can_fight(2)  # Tracy has no weapon: she relies on the others
    state.apply(1, ("fight",))  # 3 beats 2
    assert state.otis == -1  # lurking
    assert state.injuries[1] == state.injuries[2] == 0
    assert state.phase == "end" and state.to_act == (0,)  # Kevin ends his turn after end-of-turn actions


def test_a_counselor_without_a_weapon_or_item_can_only_panic():
    state = table(2)
    state.loc[:] = [space("MESS HALL"), space("MESS HALL")]
    state._strike(space("MESS HALL"), "move")
    assert state.legal_actions(0) == [("panic",), ("later",)]


def test_fighters_choose_their_order_by_letting_others_go_first_once():
    state = table(2)
    state.loc[:] = [space("MESS HALL"), space("KITCHEN")]
    give(state, 0, "Hatchet")
    give(state, 1, "Machete")
    state._strike(space("MESS HALL"), "move")
    state.apply(0, ("later",))
    assert state.to_act == (1,)
    assert ("later",) in state.legal_actions(1)
    state.apply(1, ("later",))
    assert state.to_act == (0,) and ("later",) not in state.legal_actions(0)


def test_any_fighting_order_can_be_reached_even_after_a_lost_fight():
    # Tracy (seat 2, unarmed) wants Marcus (seat 3) to fight first and Sherry (seat 1) second.
    state = table(4)  # Kevin, Sherry, Tracy, Marcus
    state.loc[:] = [space("CAMPFIRE"), space("MESS HALL"), space("MESS HALL"), space("MESS HALL")]
    state.active = 1
    give(state, 1, "Hatchet")
    give(state, 3, "Crowbar")
    state._strike(space("MESS HALL"), "move")
    assert state.s_queue == [1, 2, 3]
    state.apply(1, ("later",))
    state.apply(2, ("later",))
    state.rng = Dice(1, 4)  # Marcus loses
    state.apply(3, ("fight",))
    if state.phase == "panic":
        state.apply(3, ("stop",))
    assert state.s_queue == [1, 2] and state.to_act == (1,)
    assert ("later",) in state.legal_actions(1)  # the choice of who goes next is open again
    state.apply(1, ("later",))
    assert state.to_act == (2,) and ("later",) in state.legal_actions(2)
    state.apply(2, ("later",))
    assert state.to_act == (1,) and ("later",) not in state.legal_actions(1)  # everyone deferred once


def test_a_stalking_cameos_horror_after_otis_strikes_lasts_to_the_end_of_the_next_turn():
    state = table(2)  # Kevin, Sherry
    state.loc[:] = [space("CAMPFIRE"), space("LAKE SHORE")]
    state.otis = space("NORTH PATH")
    ralph = next(c for c in state.cab_deck if C.cards[c].name == "Crazy Ralph")
    state.cab_deck.remove(ralph)
    state.cameos.append((space("PICNIC AREA"), ralph))
    state.active, state.phase = 1, "end"
    state.apply(1, ("end",))  # Otis stalks to Kevin and strikes
    assert state.phase == "strike" and state.to_act == (0,)
    state.apply(0, ("panic",))
    if state.phase == "panic":
        state.apply(0, ("stop",))
    assert "Sherry is horrified" in state.log  # Crazy Ralph found her after Otis's strike
    assert state.horror[1] == 1  # outside her own turn: until the end of her next turn, not two


def test_cameos_in_the_struck_cabin_die_and_raise_the_body_count():
    state = table(1)
    cook = next(c for c in state.cab_deck if state.C.cards[c].name == "Camp Cook")
    state.cab_deck.remove(cook)
    state.cameos.append((space("PANTRY"), cook))
    body = state.body
    state.loc[0] = space("CAMPFIRE")
    state._strike(space("KITCHEN"), "move")
    assert state.cameos == [] and cook in state.cab_discard and state.body == body + 1


def test_death_leaves_items_on_the_body_kills_campers_and_discards_survival_cards():
    state = table(2)
    here = space("LODGE")
    state.loc[0] = here
    axe = give(state, 0, "Hatchet")
    sam = give(state, 0, "Slingshot Sam", "campers")
    brave = give(state, 0, "Brave", "perms")
    state.injuries[0] = 4  # Kevin has 5 health
    body = state.body
    state._strike(here, "move")
    state.rng = Dice(1, 4)
    state.apply(0, ("fight",))  # 1 + 1 (Brave) + 1 (Sam) = 3 against 4: loses, 1 injury kills him
    assert not state.alive[0]
    assert (here, axe) in state.ground
    assert sam in state.cab_discard and brave in state.surv_discard
    assert state.body == body + 2  # Kevin and his camper


def test_otis_stats_rise_along_the_body_count_track():
    state = table(1, setup="easy")
    assert (state.body, state.stalk, state.attack, state.damage) == (0, 1, 0, 1)
    state._raise_body(4)  # marks at 2 (stalk), 3 (attack), 4 (damage)
    assert (state.stalk, state.C.otis_dice[state.attack], state.damage) == (2, 6, 2)


def test_tempt_fate_strikes_with_plus_one_to_otis_for_each_extra_red_card():
    state = table(1)
    state.loc[0] = space("LODGE")
    on_top(state, "OTIS STRIKES!")
    on_top(state, "OTIS STRIKES!")
    on_top(state, "The Crawlspace")  # draw a Survival card, then Tempt Fate (2)
    state.apply(0, ("draw",))
    assert state.phase == "strike" and state.s_bonus == 1 and state.otis == space("LODGE")


def test_a_horrified_counselor_rolls_at_minus_one():
    state = table(1)
    state.loc[0] = space("LODGE")
    give(state, 0, "Hatchet")
    state.horror[0] = 1
    state._strike(space("LODGE"), "move")
    state.rng = Dice(3, 2)  # 3 - 1 = 2 ties Otis's 2
    state.apply(0, ("fight",))
    assert state.injuries[0] == 1


def test_play_dead_panics_without_injuries():
    state = table(1)
    state.loc[0] = space("LODGE")
    dead = give(state, 0, "Play Dead", "pack")
    state._strike(space("LODGE"), "move")
    state.apply(0, ("panic", dead))
    assert state.injuries[0] == 0 and dead in state.surv_discard


def test_armor_ignores_an_injury_but_never_the_last_one():
    state = table(1)
    give(state, 0, "Letterman Jacket")
    state._hurt(0, 3)
    assert state.injuries[0] == 2
    state._hurt(0, 1)
    assert state.injuries[0] == 3


def test_a_card_named_in_a_test_exists():
    assert card("OTIS STRIKES!") >= 0
