"""The finale (consent, the connected cabin, directions resolved with dice, win and failure), HOPELESS
and the returns."""

from __future__ import annotations

from plugins.camp_grizzly import finale
from plugins.camp_grizzly.content import FINALE
from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import C, Dice, card, give, hide, mysteries, pull, space, table

VAN, TOWER, BOAT, BARN = 0, 1, 2, 3  # the order of the finales in camp.toml


def _at_the_van(kevin_objectives=("Gas Can", "Car Battery"), sherry_objectives=("Keys",)):
    state = table(4)  # Kevin, Sherry, Tracy, Marcus
    state.location[:] = [space("VAN"), space("VAN"), space("PARKING LOT"), space("CAMPFIRE")]
    for name in kevin_objectives:
        give(state, 0, name, "objs")
    for name in sherry_objectives:
        give(state, 1, name, "objs")
    give(state, 0, "Machete")
    return state


def test_a_majority_holder_starts_the_finale_alone_and_the_whole_cabin_joins():
    state = _at_the_van()
    assert ("finale", VAN) in state.legal_actions(0)
    # Run for the van (3 rolls), hotwire (6), Otis on the hood: Kevin 6+1 against a d4 of 1, drive (6).
    state.rng = Dice(6, 6, 6, 6, 6, 1, 6)
    state.apply(0, ("finale", VAN))
    assert state.location[:3] == [FINALE] * 3 and state.phase == "strike"
    assert state.ending() is None
    state.apply(0, ("fight",))
    assert state.is_terminal
    assert state.returns() == [1.0, 1.0, 1.0, 0.0]  # survivors of the finale win; Marcus stayed behind
    assert state.ending() == "finale survived"


def test_a_finale_without_a_majority_needs_the_holders_consent():
    state = _at_the_van(("Gas Can",), ("Car Battery", "Keys"))
    state.apply(0, ("finale", VAN))
    assert state.phase == "consent" and state.to_act == (1,)
    state.apply(1, ("refuse",))
    assert state.to_act == (0,) and ("finale", VAN) not in state.legal_actions(0)


def test_a_finale_without_a_majority_begins_when_every_other_holder_agrees():
    # Kevin, Sherry and Tracy each hold one objective of the Van: Kevin asks the others in seat order.
    state = _at_the_van(("Gas Can",), ("Car Battery",))
    state.location[2] = space("VAN")
    give(state, 2, "Keys", "objs")
    state.rng = Dice(6, 6, 6, 6)  # each runs for the van unhurt, the engine starts: Otis is on the hood
    state.apply(0, ("finale", VAN))
    assert state.phase == "consent" and state.to_act == (1,)
    state.apply(1, ("agree",))
    assert state.phase == "consent" and state.to_act == (2,)  # one agreement is not enough
    assert state.location[:3] == [space("VAN")] * 3
    state.apply(2, ("agree",))
    # Unlike a refusal, the last agreement starts the finale: the cabin is on the card and Otis strikes (+1).
    assert state.location[:3] == [FINALE] * 3 and state.finale == VAN
    assert state.phase == "strike" and state.strike_bonus == 1 and state.to_act == (0,)
    assert state.rng.rolls == []


def test_a_failed_finale_is_discarded_and_the_survivors_may_try_another():
    state = _at_the_van()
    state.rng = Dice(1, 6, 6, 6, 6, 1, 1)  # Kevin hurt running; ...; the van stalls on the dirt road
    state.apply(0, ("finale", VAN))
    state.apply(0, ("fight",))
    assert not state.is_terminal
    assert state.failed == [VAN] and state.injuries[0] == 1
    assert state.location[:3] == [space("VAN")] * 3
    assert state.to_act == (1,)  # Kevin's turn is over
    assert not finale.possible(state, VAN) and finale.possible(state, 3) is False


def test_finale_strikes_make_panicking_counselors_take_damage_without_running():
    state = _at_the_van()
    state.rng = Dice(6, 6, 6, 6, 1, 4)
    state.apply(0, ("finale", VAN))
    state.apply(0, ("fight",))  # 1 + 1 = 2 against 4
    assert state.phase == "strike" and state.location[0] == FINALE and state.injuries[0] == 1


def test_hopeless_at_13_brings_everyone_to_the_campfire_for_one_last_fight():
    state = table(3)
    here = space("KITCHEN")
    state.location[0] = here
    body = card("+1 Body Count")
    hide(state, body, here)
    state.body = 12
    adrenaline = give(state, 1, "Adrenaline", "pack")
    give(state, 1, "Pocket Knife")
    state.apply(0, ("reveal",))
    assert state.final and state.body == 13
    assert state.location == [C.campfire] * 3 and state.otis == C.campfire
    assert adrenaline in state.survival_discard
    assert state.legal_actions(0) == [("panic",), ("later",)]
    state.apply(0, ("panic",))  # panicking at the last fight is death
    assert not state.turn.alive[0]
    state.rng = Dice(4, 1)
    state.apply(1, ("fight",))
    assert state.is_terminal and state.returns() == [0.0, 1.0, 1.0]
    assert state.ending() == "last fight won"  # the body count made it HOPELESS, not the night's end


def test_otis_wins_when_every_counselor_dies():
    state = table(1)
    state.raise_body(13 - state.body)
    state.resume(Phase.MOVE)
    state.apply(0, ("panic",))
    assert state.is_terminal and state.returns() == [0.0]
    assert state.ending() == "last fight lost"


def test_a_last_fight_in_the_nights_last_round_is_the_body_counts_not_the_night_running_out():
    state = table(1, night=1)
    assert state.round == state.night == 1
    state.raise_body(13 - state.body)
    state.resume(Phase.MOVE)
    state.apply(0, ("panic",))
    assert state.is_terminal and state.ending() == "last fight lost"


def test_every_counselor_dead_before_hopeless_is_an_ending_of_its_own():
    state = table(2)
    state.kill(0)
    state.kill(1)
    state.resume(Phase.MOVE)
    assert state.is_terminal and state.returns() == [0.0, 0.0] and not state.final
    assert state.ending() == "every counselor dead"


def test_the_night_running_out_is_hopeless():
    state = table(1, night=1)
    state.otis = -1
    state.location[0] = space("TOWER TOP")
    state.rng = Dice(1)
    state.phase = Phase.END
    state.apply(0, ("end",))
    assert state.final and state.phase == "strike"
    state.apply(0, ("panic",))  # panicking at the last fight is death
    assert state.ending() == "night ran out, last fight lost"


def test_the_night_backstop_defaults_to_50_rounds_as_rules_md_states():
    state = table(1)
    assert state.options.night == 50 and state.observation(0).night == 50


def test_no_escape_follows_a_failed_finale_when_no_other_finale_can_be_made():
    state = table(1)
    for cid in list(state.mysteries):  # every "?" is revealed
        pull(state, cid)
        state.mystery_deck.append(cid)
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    state.location[0], state.move_left = space("VAN"), 0
    state.rng = Dice(6, 6, 1, 3, 1, 1, 1, 1)  # Otis wins on the hood and Kevin panics: the van fails
    state.apply(0, ("finale", VAN))
    state.apply(0, ("panic",))
    assert state.failed == [VAN] and state.objectives[0] == []
    assert not any(finale.possible(state, f) for f in range(len(C.finales)))
    assert "No Escape! New objectives are hidden around the camp" in state.log
    assert len(mysteries(state)) == len(C.setups["normal"].objectives)


def test_after_a_failed_finale_the_survivors_may_start_and_win_another():
    state = _at_the_van()
    for name in ("Radio", "Batteries", "Flare Gun", "Spare Keys"):
        give(state, 1, name, "objs")  # Sherry also carries the Ranger Tower's objectives and spare keys
    give(state, 1, "Pocket Knife")
    state.rng = Dice(6, 6, 6, 6, 6, 1, 1)  # Otis is beaten on the hood, but the van stalls on the dirt road
    state.apply(0, ("finale", VAN))
    state.apply(0, ("fight",))
    assert state.failed == [VAN] and state.to_act == (1,) and state.location[1] == space("VAN")
    assert finale.possible(state, TOWER) and not finale.possible(state, VAN)
    assert not any(action[0] == "finale" for action in state.legal_actions(1))  # not at the tower's arrow
    # Sherry walks her 4 steps to the tower top; her spare keys open the Tower Base's lock.
    for there in ("PARKING LOT", "DIRT ROAD", "TOWER BASE", "TOWER TOP"):
        state.apply(1, ("step", space(there)))
    assert ("finale", TOWER) in state.legal_actions(1) and ("finale", VAN) not in state.legal_actions(1)
    state.rng = Dice(3, 4, 4, 1, 4)  # climb, radio, Pocket Knife 4 against 1+1, the helicopter comes
    state.apply(1, ("finale", TOWER))
    assert state.location[1] == FINALE and state.phase == "strike"
    state.apply(1, ("fight",))
    assert state.is_terminal and state.rng.rolls == []
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]  # only Sherry escaped; the others stayed at the van


def _finale_at(arrow, objectives, seats=1):
    """Seats 0..seats-1 on a red arrow, seat 0 holding the finale's objectives and the Machete (d6 +1);
    seat 1, if there, a Pocket Knife (d4)."""
    state = table(2)  # Kevin (health 5), Sherry (health 4)
    state.location[:seats] = [space(arrow)] * seats
    for name in objectives:
        give(state, 0, name, "objs")
    give(state, 0, "Machete")
    give(state, 1, "Pocket Knife")
    return state


def test_the_ranger_tower_ladder_hurts_below_3_and_a_failed_radio_brings_otis_before_his_own_strike():
    state = _finale_at("TOWER TOP", ("Radio", "Batteries", "Flare Gun"), seats=2)
    state.rng = Dice(2, 3, 3)  # the ladder: Kevin 2 is hurt, Sherry 3 is not; the radio fails (3 < 4)
    state.apply(0, ("finale", TOWER))
    assert state.injuries == [1, 0] and state.phase == "strike" and state.strike_bonus == 0
    state.rng = Dice(5, 4)  # 5+1 against 4
    state.apply(0, ("fight",))
    assert state.phase == "strike" and state.strike_bonus == 1  # "Otis climbs after you!" (+1)
    state.rng = Dice(3, 3, 4, 2, 4)  # Kevin 3+1 ties Otis's 3+1 and panics; Sherry 4 beats 2+1; flare 4
    state.apply(0, ("fight",))
    assert state.injuries == [2, 0] and state.location == [FINALE, FINALE]  # no running from the card
    state.apply(1, ("fight",))
    assert state.is_terminal and state.rng.rolls == []
    assert state.returns() == [1.0, 1.0]


def test_the_boat_strikes_first_then_leaks_below_3_and_fails_below_4_on_the_row():
    state = _finale_at("BOAT DOCK", ("Gas Can", "Oars", "Life Vest"), seats=2)
    state.rng = Dice(4)  # the motor starts (4): no strike for it, but Otis wades in (+1)
    state.apply(0, ("finale", BOAT))
    assert state.phase == "strike" and state.strike_bonus == 1 and state.injuries == [0, 0]
    state.rng = Dice(6, 1, 2, 3, 3)  # 6+1 against 1+1; the leak: Kevin 2 hurt, Sherry 3 not; the row: 3
    state.apply(0, ("fight",))
    assert state.injuries == [1, 0] and state.rng.rolls == []
    assert state.failed == [BOAT] and not state.is_terminal
    assert (
        state.location == [space("BOAT DOCK")] * 2 and state.objectives[0] == []
    )  # back at the arrow, objectives spent
    assert state.to_act == (1,)


def test_the_barn_opens_with_a_strike_and_a_failed_shotgun_brings_another_before_the_last():
    state = _finale_at("BARN", ("Shotgun Shells", "Fuse", "Keys"))
    state.rng = Dice()
    state.apply(0, ("finale", BARN))
    assert state.phase == "strike" and state.strike_bonus == 0  # "Otis was waiting in the barn!", no roll first
    state.rng = Dice(2, 3, 3)  # Kevin 2+1 ties Otis's 3 and panics; the shotgun (3 < 4) brings Otis again
    state.apply(0, ("fight",))
    assert state.injuries[0] == 1 and state.phase == "strike" and state.strike_bonus == 0
    state.rng = Dice(6, 1)
    state.apply(0, ("fight",))
    assert state.phase == "strike" and state.strike_bonus == 1  # the generator: Otis strikes at +1
    state.rng = Dice(3, 3, 6)  # Kevin 3+1 ties Otis's 3+1 and panics; dawn comes (6) and the wounded escape
    state.apply(0, ("fight",))
    assert state.injuries[0] == 2 and state.rng.rolls == []
    assert state.is_terminal and state.returns() == [1.0, 0.0]


# ---- horror: -1 to every roll a horrified counselor makes (RULES.md, Assumption 15) -------------------


def test_a_finale_group_roll_is_at_minus_one_when_a_counselor_on_the_card_is_horrified():
    state = _finale_at("BOAT DOCK", ("Gas Can", "Oars", "Life Vest"), seats=2)
    state.horror[1] = 1  # Sherry, on the card with Kevin
    state.rng = Dice(4)  # the motor: 4 - 1 = 3 misses the 4 needed, so Otis strikes (his own +1 strike is next)
    state.apply(0, ("finale", BOAT))
    assert state.phase == "strike" and state.strike_bonus == 0 and state.finale_step == 1
    assert "Pull the cord: the motor will not start. (d6: 4 - 1 horrified = 3, needs 4)" in state.log
