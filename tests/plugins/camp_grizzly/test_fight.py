"""OTIS STRIKES!: fight or panic, the fighters' order, ties, fight bonuses and dice, weapon traits, panic, death,
the body count track and its caps, and the last fight of HOPELESS."""

from __future__ import annotations

import pytest

from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import C, Dice, card, give, lay, on_top, placed, pull, space, strike, table


def test_the_rulebook_fight_example_kevin_ties_and_panics_then_sherry_wins_and_otis_lurks():
    state = table(3)  # Kevin, Sherry, Tracy
    for lock in list(state.locks):
        pull(state, lock)
    state.location[:] = [space("KITCHEN"), space("MESS HALL"), space("MESS HALL")]
    state.attack, state.damage = 1, 2  # Otis attacks with a d6 and deals 2
    give(state, 0, "Baseball Bat")
    give(state, 0, "Crowbar")
    give(state, 1, "Pocket Knife")
    on_top(state, "OTIS STRIKES!")
    state.rng = Dice(1, 3, 4, 3, 2)  # Kevin's bat and crowbar, Otis; Sherry's knife, Otis
    state.apply(0, ("draw",))
    assert state.otis == space("KITCHEN")
    assert state.phase == "strike" and state.strike_queue == [0, 1, 2]  # the whole cabin is in danger
    before = state.observation(None)
    state.apply(0, ("fight",))  # 1 + 3 = 4 ties Otis's 4: Otis wins ties
    assert state.game.events(before, state.observation(None)) == [
        "Kevin fights: 1+3 = 4 against Otis's d6 = 4: Otis wins",
        "Kevin panics and takes 2 injuries",
    ]
    assert state.injuries[0] == 2 and state.phase == "panic" and state.panic_left == 2  # Kevin's panic is 2
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
    state.location[:] = [space("MESS HALL"), space("MESS HALL")]
    strike(state, space("MESS HALL"))
    assert state.legal_actions(0) == [("panic",), ("later",)]


def test_fighters_choose_their_order_by_letting_others_go_first_once():
    state = table(2)
    state.location[:] = [space("MESS HALL"), space("KITCHEN")]
    give(state, 0, "Hatchet")
    give(state, 1, "Machete")
    strike(state, space("MESS HALL"))
    state.apply(0, ("later",))
    assert state.to_act == (1,)
    assert ("later",) in state.legal_actions(1)
    state.apply(1, ("later",))
    assert state.to_act == (0,) and ("later",) not in state.legal_actions(0)


def test_any_fighting_order_can_be_reached_even_after_a_lost_fight():
    # Tracy (seat 2, unarmed) wants Marcus (seat 3) to fight first and Sherry (seat 1) second.
    state = table(4)  # Kevin, Sherry, Tracy, Marcus
    state.location[:] = [space("CAMPFIRE"), space("MESS HALL"), space("MESS HALL"), space("MESS HALL")]
    state.turn.current = 1
    give(state, 1, "Hatchet")
    give(state, 3, "Crowbar")
    strike(state, space("MESS HALL"))
    assert state.strike_queue == [1, 2, 3]
    state.apply(1, ("later",))
    state.apply(2, ("later",))
    state.rng = Dice(1, 4)  # Marcus loses
    state.apply(3, ("fight",))
    if state.phase == "panic":
        state.apply(3, ("stop",))
    assert state.strike_queue == [1, 2] and state.to_act == (1,)
    assert ("later",) in state.legal_actions(1)  # the choice of who goes next is open again
    state.apply(1, ("later",))
    assert state.to_act == (2,) and ("later",) in state.legal_actions(2)
    state.apply(2, ("later",))
    assert state.to_act == (1,) and ("later",) not in state.legal_actions(1)  # everyone deferred once


def test_a_stalking_cameos_horror_after_otis_strikes_lasts_to_the_end_of_the_next_turn():
    state = table(2)  # Kevin, Sherry
    state.location[:] = [space("CAMPFIRE"), space("LAKE SHORE")]
    state.otis = space("NORTH PATH")
    ralph = next(c for c in state.cabin_deck if C.cards[c].name == "Crazy Ralph")
    lay(state, ralph, space("PICNIC AREA"), "cameos")
    state.turn.current, state.phase = 1, Phase.END
    state.apply(1, ("end",))  # Otis stalks to Kevin and strikes
    assert state.phase == "strike" and state.to_act == (0,)
    state.apply(0, ("panic",))
    if state.phase == "panic":
        state.apply(0, ("stop",))
    assert "Sherry is horrified" in state.log  # Crazy Ralph found her after Otis's strike
    assert state.horror[1] == 1  # outside her own turn: until the end of her next turn, not two


def test_the_last_counselor_horrified_while_panicking_in_otis_strike_is_horrified_to_the_end_of_the_next_turn():
    # "You are -1 to all die rolls until the end of your next turn": Sherry played last, so she is still the
    # active seat in Otis's turn, but his strike is not her turn (found by an outside rules audit).
    state = table(2)  # Kevin, Sherry
    for lock in list(state.locks):
        pull(state, lock)
    state.location[:] = [space("BOAT DOCK"), space("CAMPFIRE")]
    state.otis = space("NORTH PATH")
    ralph = next(c for c in state.cabin_deck if C.cards[c].name == "Crazy Ralph")
    lay(state, ralph, space("SOUTH PATH"), "cameos")
    state.turn.current, state.phase = 1, Phase.END
    state.apply(1, ("end",))  # Otis walks to the campfire and strikes Sherry
    assert state.phase == "strike" and state.to_act == (1,)
    state.apply(1, ("panic",))
    state.apply(1, ("flee", space("SOUTH PATH")))  # into Crazy Ralph's space
    assert "Sherry is horrified" in state.log
    assert state.horror[1] == 1  # one end of her own turn to go, not two


def test_cameos_in_the_struck_cabin_die_and_raise_the_body_count():
    state = table(1)
    cook = next(c for c in state.cabin_deck if C.cards[c].name == "Camp Cook")
    lay(state, cook, space("PANTRY"), "cameos")
    body = state.body
    state.location[0] = space("CAMPFIRE")
    strike(state, space("KITCHEN"))
    assert state.cameos == [] and cook in state.cabin_discard and state.body == body + 1


def test_death_leaves_items_on_the_body_kills_campers_and_discards_survival_cards():
    state = table(2)
    here = space("LODGE")
    state.location[0] = here
    axe = give(state, 0, "Hatchet")
    sam = give(state, 0, "Slingshot Sam", "campers")
    brave = give(state, 0, "Brave", "perms")
    state.injuries[0] = 4  # Kevin has 5 health
    body = state.body
    strike(state, here)
    state.rng = Dice(1, 4)
    state.apply(0, ("fight",))  # 1 + 1 (Brave) + 1 (Sam) = 3 against 4: loses, 1 injury kills him
    assert not state.turn.alive[0]
    assert (here, axe) in placed(state, state.ground)
    assert sam in state.cabin_discard and brave in state.survival_discard
    assert state.body == body + 2  # Kevin and his camper


def _otis(state):
    """Otis's card: (stalk, attack die, damage)."""
    return state.stalk, C.otis_dice[state.attack], state.damage


# The track's marks (camp.toml): 2 attack, 3 stalk, 4 damage, 5 attack, 6 damage, 7 stalk, 8 attack, 9 damage,
# 10 stalk, 12 stalk. Otis starts at his card's stats whatever the setup's start; only marks reached in play count.
TRACK = {
    "easy": {
        0: (1, 4, 1),
        1: (1, 4, 1),
        2: (1, 6, 1),
        3: (2, 6, 1),
        4: (2, 6, 2),
        5: (2, 8, 2),
        6: (2, 8, 3),
        7: (3, 8, 3),
        8: (3, 10, 3),
        9: (3, 10, 4),
        10: (4, 10, 4),
        11: (4, 10, 4),
        12: (5, 10, 4),
        13: (5, 10, 4),
    },
    "normal": {
        4: (1, 4, 1),
        5: (1, 6, 1),
        6: (1, 6, 2),
        7: (2, 6, 2),
        8: (2, 8, 2),
        9: (2, 8, 3),
        10: (3, 8, 3),
        11: (3, 8, 3),
        12: (4, 8, 3),
        13: (4, 8, 3),
    },
}


@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_otis_stats_rise_along_the_body_count_track(setup):
    state = table(1, setup=setup)
    start = min(TRACK[setup])
    assert state.body == start
    for count, stats in TRACK[setup].items():  # one body at a time, from the setup's start to HOPELESS
        if count > start:
            state.raise_body(1)
        assert (state.body, _otis(state), state.hopeless) == (count, stats, count == 13)


def _rumor(state, name):
    state.phase = Phase.MOVE
    on_top(state, name)
    state.apply(0, ("draw",))
    return _otis(state)


def test_rumors_cannot_push_otis_past_his_caps_or_below_his_start():
    state = table(1, setup="easy")
    state.raise_body(12)  # stalk 5, d10, damage 4
    assert _rumor(state, "Otis Is Hungry") == (6, 10, 4)
    assert _rumor(state, "Otis Is Hungry") == (6, 10, 4)  # stalk is capped at 6
    assert _rumor(state, "Otis Found a Bigger Blade") == (6, 10, 4)  # the d10 is the largest die
    assert _rumor(state, "Otis Is Enraged") == (6, 10, 4)  # damage is capped at 4
    state = table(1)
    assert _rumor(state, "Otis Twisted His Ankle") == (1, 4, 1)
    assert _rumor(state, "Otis Dropped His Machete") == (1, 4, 1)
    assert _rumor(state, "Otis Is Tired") == (1, 4, 1)


def test_tempt_fate_strikes_with_plus_one_to_otis_for_each_extra_red_card():
    state = table(1)
    state.location[0] = space("LODGE")
    on_top(state, "OTIS STRIKES!")
    on_top(state, "OTIS STRIKES!")
    on_top(state, "The Crawlspace")  # draw a Survival card, then Tempt Fate (2)
    state.apply(0, ("draw",))
    assert state.phase == "strike" and state.strike_bonus == 1 and state.otis == space("LODGE")


def test_a_horrified_counselor_rolls_at_minus_one():
    state = table(1)
    state.location[0] = space("LODGE")
    give(state, 0, "Hatchet")
    state.horror[0] = 1
    strike(state, space("LODGE"))
    state.rng = Dice(3, 2)  # 3 - 1 = 2 ties Otis's 2
    state.apply(0, ("fight",))
    assert state.injuries[0] == 1


def test_play_dead_panics_without_injuries():
    state = table(1)
    state.location[0] = space("LODGE")
    dead = give(state, 0, "Play Dead", "pack")
    strike(state, space("LODGE"))
    state.apply(0, ("panic", dead))
    assert state.injuries[0] == 0 and dead in state.survival_discard


def test_a_counselor_who_loses_a_fight_may_panic_with_play_dead_unhurt():
    # "a counselor who loses a fight must panic", and Play Dead is "panic without taking any injuries".
    state = table(1)
    give(state, 0, "Baseball Bat")
    dead = give(state, 0, "Play Dead", "pack")
    assert not _fight_at_the_lodge(state, 1, 2)  # the bat's 1 against Otis's 2
    assert state.phase == "strike" and state.to_act == (0,) and state.strike_lost
    assert state.legal_actions(0) == [("panic",), ("panic", dead)]  # no second fight
    state.apply(0, ("panic", dead))
    assert state.injuries[0] == 0 and dead in state.survival_discard and not state.strike_lost


def test_a_counselor_who_loses_a_fight_may_keep_play_dead_and_take_the_injuries():
    state = table(1)
    give(state, 0, "Baseball Bat")
    dead = give(state, 0, "Play Dead", "pack")
    _fight_at_the_lodge(state, 1, 2)
    state.apply(0, ("panic",))
    assert state.injuries[0] == 1 and dead in state.backpack[0]


def test_a_counselor_without_a_panic_card_panics_at_once_after_a_lost_fight():
    state = table(1)
    give(state, 0, "Baseball Bat")
    _fight_at_the_lodge(state, 1, 2)
    assert state.injuries[0] == 1 and not state.strike_lost


def test_armor_ignores_an_injury_but_never_the_last_one():
    state = table(1)
    give(state, 0, "Letterman Jacket")
    state.hurt(0, 3)
    assert state.injuries[0] == 2
    state.hurt(0, 1)
    assert state.injuries[0] == 3


def test_a_card_named_in_a_test_exists():
    assert card("OTIS STRIKES!") >= 0


def _fight_at_the_lodge(state, *rolls, card=-1):
    """Seat 0 is struck at the Lodge and fights with scripted dice (Otis's d4 last); True if Otis is beaten."""
    state.location[0] = space("LODGE")
    strike(state, space("LODGE"))
    action = ("fight",) if card < 0 else ("fight", card)
    assert action in state.legal_actions(0)
    state.rng = Dice(*rolls)
    state.apply(0, action)
    assert state.rng.rolls == []  # every scripted die was rolled
    return state.otis == -1


# Each bonus, with the rolls (the weapon's d6, Otis's d4) that it turns from a loss into a win; without it Kevin,
# with a Hatchet (d6) and nothing else, loses them. The fight cards' rolls lose by their bonus, so a bonus one
# smaller would only tie (Adrenaline +2: 2 against 3).
BONUSES = [
    pytest.param("Marcus", "Hatchet", None, None, (3, 3), id="ability"),  # Marcus: +1 to every fight
    pytest.param("Kevin", "Hatchet", "Brave", "perms", (3, 3), id="permanent"),
    pytest.param("Kevin", "Hatchet", "Tommy the Karate Kid", "campers", (3, 3), id="camper"),
    pytest.param("Kevin", "Hatchet", "Hockey Mask", "equip", (3, 3), id="clothing"),
    pytest.param("Kevin", "Hatchet", "Flashlight", "equip", (3, 3), id="item"),
    pytest.param("Kevin", "Machete", None, None, (3, 3), id="weapon"),  # a d6 like the Hatchet, +1
    pytest.param("Kevin", "Hatchet", "Adrenaline", "pack", (2, 3), id="Adrenaline"),
    pytest.param("Kevin", "Hatchet", "Lucky Punch", "pack", (1, 3), id="Lucky Punch"),
]


@pytest.mark.parametrize(("counselor", "weapon", "extra", "zone", "rolls"), BONUSES)
def test_fight_bonuses_are_added_to_the_roll_and_turn_a_loss_into_a_win(counselor, weapon, extra, zone, rolls):
    plain = table(1, counselors="Kevin")
    give(plain, 0, "Hatchet")
    assert not _fight_at_the_lodge(plain, *rolls)  # without the bonus Otis wins (he wins ties)
    state = table(1, counselors=counselor)
    give(state, 0, weapon)
    extra_id = give(state, 0, extra, zone) if extra else -1
    played = extra_id if zone == "pack" else -1  # a fight card from the backpack is played with the fight
    assert _fight_at_the_lodge(state, *rolls, card=played)
    assert state.injuries[0] == 0
    if played >= 0:
        assert played in state.survival_discard and played not in state.backpack[0]  # a fight card is used up


def test_a_bad_permanent_takes_one_from_the_fight_and_turns_a_win_into_a_loss():
    state = table(1)
    give(state, 0, "Hatchet")
    assert _fight_at_the_lodge(state, 4, 3)
    state = table(1)
    give(state, 0, "Hatchet")
    give(state, 0, "Butterfingers", "perms")
    assert not _fight_at_the_lodge(state, 4, 3)  # 4 - 1 ties Otis's 3


class _Sides(Dice):
    """Scripted dice that also record the size of each die rolled."""

    def __init__(self, *rolls):
        super().__init__(*rolls)
        self.sides = []

    def die(self, sides=6):
        self.sides.append(sides)
        return super().die(sides)


def test_an_items_die_is_rolled_and_added_to_the_fight():
    state = table(1)
    state.location[0] = space("LODGE")
    give(state, 0, "Lantern")
    strike(state, space("LODGE"))
    assert ("fight",) in state.legal_actions(0)  # an item with hands is enough to fight
    give(state, 0, "Hatchet")
    state.rng = _Sides(2, 2, 3)
    before = state.observation(None)
    state.apply(0, ("fight",))
    assert state.rng.sides == [4, 6, 4]  # the Lantern's d4, the Hatchet's d6, then Otis's d4
    assert state.game.events(before, state.observation(None))[0] == (
        "Kevin fights: 2+2 = 4 against Otis's d4 = 3: Otis is beaten and lurks!"
    )
    assert state.otis == -1


def _discarded(state, cid):
    """The card went to the Cabin discard pile: not kept, not left on the ground."""
    kept = state.equipped[0] + state.backpack[0]
    return cid in state.cabin_discard and cid not in kept and all(c != cid for _, c in placed(state, state.ground))


@pytest.mark.parametrize("name", ["Nail Gun", "Archery Bow", "Camera Flash"])
def test_a_fragile_card_is_discarded_after_a_lost_fight_and_kept_after_a_won_one(name):
    state = table(1)
    give(state, 0, "Hatchet")
    fragile = give(state, 0, name)
    assert _fight_at_the_lodge(state, 2, 2, 3)
    assert fragile in state.equipped[0]
    state = table(1)
    hatchet = give(state, 0, "Hatchet")
    fragile = give(state, 0, name)
    assert not _fight_at_the_lodge(state, 1, 1, 3)
    assert _discarded(state, fragile)
    assert hatchet in state.equipped[0]  # only the fragile card breaks


@pytest.mark.parametrize("name", ["Shotgun", "Road Flare", "Bug Spray"])
@pytest.mark.parametrize("rolls", [(2, 2, 3), (1, 1, 3)], ids=["won", "lost"])
def test_a_oneshot_card_is_discarded_after_any_fight_it_is_rolled_in(name, rolls):
    state = table(1)
    hatchet = give(state, 0, "Hatchet")
    oneshot = give(state, 0, name)
    _fight_at_the_lodge(state, *rolls)
    assert _discarded(state, oneshot)
    assert hatchet in state.equipped[0]


def test_a_panicking_counselor_never_enters_a_locked_space_even_with_keys():
    state = table(1)  # Normal: the Pantry is locked
    kitchen, pantry = space("KITCHEN"), space("PANTRY")
    assert state.lock_at(pantry) is not None and set(C.adjacent[kitchen]) == {space("MESS HALL"), pantry}
    state.location[0] = kitchen
    give(state, 0, "Keys", "objs")
    assert ("step", pantry) in state.legal_actions(0)  # walking, Kevin's keys open the Pantry
    strike(state, kitchen)
    state.apply(0, ("panic",))
    assert state.phase == "panic" and state.panic_left == 2
    assert state.legal_actions(0) == [("flee", space("MESS HALL")), ("stop",)]  # panicking, no lock is opened
    assert state.lock_at(pantry) is not None


def test_at_hopeless_losing_the_last_fight_is_death():
    state = table(2)  # Kevin (health 5), Sherry
    give(state, 0, "Hatchet")
    give(state, 1, "Pocket Knife")
    state.raise_body(13 - state.body)  # Normal: 4 to 13 leaves Otis at a d8 and Damage 3
    state.resume(Phase.MOVE)
    assert state.final and state.damage < C.counselors[state.counselors[0]].health  # his injuries alone would not kill
    body = state.body
    state.rng = Dice(1, 4)
    state.apply(0, ("fight",))
    assert not state.turn.alive[0] and state.body == body + 1
    assert state.to_act == (1,) and not state.is_terminal  # Sherry may still win the last fight
