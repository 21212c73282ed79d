"""The finale (consent, the connected cabin, directions resolved with dice, win and failure), HOPELESS
and the returns."""

from __future__ import annotations

from plugins.camp_grizzly.content import FINALE
from tests.plugins.camp_grizzly.tables import C, Dice, card, give, space, table

VAN = 0


def _at_the_van(kevin_objectives=("Gas Can", "Car Battery"), sherry_objectives=("Keys",)):
    state = table(4)  # Kevin, Sherry, Tracy, Marcus
    state.loc[:] = [space("VAN"), space("VAN"), space("PARKING LOT"), space("CAMPFIRE")]
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
    assert state.loc[:3] == [FINALE] * 3 and state.phase == "strike"
    state.apply(0, ("fight",))
    assert state.is_terminal
    assert state.returns() == [1.0, 1.0, 1.0, 0.0]  # survivors of the finale win; Marcus stayed behind


def test_a_finale_without_a_majority_needs_the_holders_consent():
    state = _at_the_van(("Gas Can",), ("Car Battery", "Keys"))
    state.apply(0, ("finale", VAN))
    assert state.phase == "consent" and state.to_act == (1,)
    state.apply(1, ("refuse",))
    assert state.to_act == (0,) and ("finale", VAN) not in state.legal_actions(0)


def test_a_failed_finale_is_discarded_and_the_survivors_may_try_another():
    state = _at_the_van()
    state.rng = Dice(1, 6, 6, 6, 6, 1, 1)  # Kevin hurt running; ...; the van stalls on the dirt road
    state.apply(0, ("finale", VAN))
    state.apply(0, ("fight",))
    assert not state.is_terminal
    assert state.failed == [VAN] and state.injuries[0] == 1
    assert state.loc[:3] == [space("VAN")] * 3
    assert state.to_act == (1,)  # Kevin's turn is over
    assert not state.finale_possible(VAN) and state.finale_possible(3) is False


def test_finale_strikes_make_panicking_counselors_take_damage_without_running():
    state = _at_the_van()
    state.rng = Dice(6, 6, 6, 6, 1, 4)
    state.apply(0, ("finale", VAN))
    state.apply(0, ("fight",))  # 1 + 1 = 2 against 4
    assert state.phase == "strike" and state.loc[0] == FINALE and state.injuries[0] == 1


def test_hopeless_at_13_brings_everyone_to_the_campfire_for_one_last_fight():
    state = table(3)
    here = space("KITCHEN")
    state.loc[0] = here
    body = card("+1 Body Count")
    state.q_deck = [c for c in state.q_deck if c != body] + [c for sp, c in state.qs if sp == here]
    state.qs = [(sp, c) if sp != here else (sp, body) for sp, c in state.qs]
    state.body = 12
    adrenaline = give(state, 1, "Adrenaline", "pack")
    give(state, 1, "Pocket Knife")
    state.apply(0, ("reveal",))
    assert state.final and state.body == 13
    assert state.loc == [C.campfire] * 3 and state.otis == C.campfire
    assert adrenaline in state.surv_discard
    assert state.legal_actions(0) == [("panic",), ("later",)]
    state.apply(0, ("panic",))  # panicking at the last fight is death
    assert not state.alive[0]
    state.rng = Dice(4, 1)
    state.apply(1, ("fight",))
    assert state.is_terminal and state.returns() == [0.0, 1.0, 1.0]


def test_otis_wins_when_every_counselor_dies():
    state = table(1)
    state._raise_body(13 - state.body)
    state._resume("move")
    state.apply(0, ("panic",))
    assert state.is_terminal and state.returns() == [0.0]


def test_the_night_running_out_is_hopeless():
    state = table(1, night=1)
    state.otis = -1
    state.loc[0] = space("TOWER TOP")
    state.rng = Dice(1)
    state.phase = "end"
    state.apply(0, ("end",))
    assert state.final and state.phase == "strike"


def test_the_night_backstop_defaults_to_50_rounds_as_rules_md_states():
    state = table(1)
    assert state.options.night == 50 and state.observation(0).night == 50


def test_no_escape_follows_a_failed_finale_when_no_other_finale_can_be_made():
    state = table(1)
    state.q_deck += [c for _, c in state.qs]
    state.qs = []  # every "?" is revealed
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    state.loc[0], state.move_left = space("VAN"), 0
    state.rng = Dice(6, 6, 1, 3, 1, 1, 1, 1)  # Otis wins on the hood and Kevin panics: the van fails
    state.apply(0, ("finale", VAN))
    state.apply(0, ("panic",))
    assert state.failed == [VAN] and state.objs[0] == []
    assert not any(state.finale_possible(f) for f in range(len(C.finales)))
    assert "No Escape! New objectives are hidden around the camp" in state.log
    assert len(state.qs) == len(C.setups["normal"].objectives)
