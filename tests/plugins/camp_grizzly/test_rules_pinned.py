"""Rules a mutation sweep of the rules code found unpinned: the woods table's floor, the move stopped by Otis for one
turn only and by a nature trail too, HOPELESS before a waiting Tempt Fate's strike, where a lurking Otis appears on a
tie, the stalking cameos' tie-breaks, Ghost Story's whole cabin, horror in a finale's "each" roll, No Escape's reading
of the objectives in play (on the ground, not of a discarded finale, the used "?" cards reshuffled), a discarded
finale not started again, and Tempt Fate counting only the red OTIS STRIKES! cards."""

from __future__ import annotations

from plugins.camp_grizzly import finale
from plugins.camp_grizzly.content import WOODS
from plugins.camp_grizzly.otis import OTIS, otis_path
from plugins.camp_grizzly.phases import Phase
from tests.plugins.camp_grizzly.tables import C, Dice, card, give, hide, lay, mysteries, on_top, pull, space, table

VAN = 0  # the first finale of camp.toml: Gas Can, Car Battery, Keys
NO_ESCAPE = "No Escape! New objectives are hidden around the camp"


def _cameo(state, name: str, where: str) -> int:
    """A cameo from the Cabin deck placed on the board."""
    cid = next(c for c in state.cabin_deck if C.cards[c].name == name)
    return lay(state, cid, space(where), "cameos")


def _red_on_top(state) -> int:
    """An OTIS STRIKES! card on top of the Cabin deck."""
    red = next(c for c in state.cabin_deck if C.cards[c].red)
    state.cabin_deck.remove(red)
    state.cabin_deck.append(red)
    return red


def _at_the_last_question():
    """One counselor in the KITCHEN, on the last "?" card left on the board (`_every_question_revealed_but_one`):
    the state, and that card."""
    state = table(1)
    here = space("KITCHEN")
    state.location[0] = here
    return state, _every_question_revealed_but_one(state, here)


def _every_question_revealed_but_one(state, here: int) -> int:
    """Every "?" card of the setup is off the board but a First Aid Station face down on `here`, and the keys of the
    setup are back in the supply (the team holds no objective yet). Returns the station."""
    for cid in list(state.mysteries):
        pull(state, cid)
        state.mystery_deck.append(cid)
    aid = card("First Aid Station")
    hide(state, aid, here)
    for cid in [c for c in state.ground if C.cards[c].kind == "key"]:
        pull(state, cid)
        state.supply.append(cid)
    return aid


# ---- the woods (RULES.md "Lost", Assumption 15) -----------------------------------------------------------------


def test_a_horrified_counselor_who_rolls_a_1_in_the_woods_meets_otis_on_the_tables_worst_row_not_a_survival_card():
    # "-1 ... never below 1: the table runs from OTIS STRIKES! at 1 to a Survival card at 6".
    state = table(2)
    state.location[0] = WOODS
    state.horror[0] = 1
    state.rng = Dice(1)
    state.begin_turn(0)
    assert state.phase == "strike" and state.strike_queue == [0] and state.strike_space == WOODS
    assert state.backpack[0] == [] and state.permanents[0] == []  # no Survival card drawn
    assert state.log[-2].startswith("Kevin rolls 1 - 1 horrified = 1 in the woods")


# ---- crossing paths (rulebook "Crossing Paths - ... stop and Otis Strikes!") ----------------------------------------


def test_running_into_otis_stops_the_move_for_that_turn_only_and_the_next_turn_moves_again():
    state = table(2)  # Kevin, Sherry at the campfire
    state.location[0] = space("NORTH PATH")
    state.otis = space("NORTHEAST PATH")
    state.apply(0, ("step", space("NORTHEAST PATH")))
    state.apply(0, ("panic",))  # no weapon: Kevin panics, 1 injury
    state.apply(0, ("stop",))  # and stays (Assumption 20)
    assert state.phase == "move" and not any(a[0] in ("step", "trail") for a in state.legal_actions(0))
    on_top(state, "Hatchet")
    state.apply(0, ("draw",))
    state.apply(0, ("end",))
    assert state.to_act == (1,) and state.phase == "move" and state.move_left == 4
    assert ("step", space("NORTH PATH")) in state.legal_actions(1)  # Sherry's move is her own


def test_crossing_a_nature_trail_into_otis_space_stops_the_move_as_a_step_would():
    state = table(2, counselors="Sherry+Tracy")  # Sherry: movement 4, no trail bonus, no weapon
    state.location[0] = space("DIRT ROAD")
    state.otis = space("FLAGPOLE")  # the other end of nature trail 1
    state.rng = Dice(6)
    state.apply(0, ("trail", 1))
    assert state.location[0] == space("FLAGPOLE") and state.phase == "strike"
    state.apply(0, ("panic",))
    state.apply(0, ("stop",))
    assert state.phase == "move" and state.move_left == 0
    assert not any(a[0] in ("step", "trail") for a in state.legal_actions(0))


# ---- HOPELESS waits for nothing but the strike under way (RULES.md, Assumptions 6 and 19) -----------------------


def test_a_tempt_fate_lost_while_panicking_does_not_strike_once_the_strike_under_way_made_it_hopeless():
    # Assumption 6: the waiting strike comes "once the strike under way is over ... unless HOPELESS has begun".
    state = table(1)
    state.body = 12
    state.location[0] = space("NORTH PATH")
    ralph = _cameo(state, "Crazy Ralph", "NORTH PATH")  # killed by the strike: the 13th body
    jenkins = _cameo(state, "Old Man Jenkins", "NORTHEAST PATH")  # Tempt Fate (1) on the panic run
    _red_on_top(state)
    OTIS.strike(state, space("NORTH PATH"), Phase.MOVE)
    assert state.body == 13 and state.hopeless and not state.final and ralph not in state.cameos
    state.apply(0, ("panic",))
    state.apply(0, ("flee", space("NORTHEAST PATH")))
    assert jenkins not in state.cameos and state.later_strikes == [(0, 0)]
    state.apply(0, ("stop",))
    # No strike at the Northeast Path: the last fight at the campfire begins at once.
    assert state.final and state.phase == "strike" and state.strike_space == C.campfire
    assert state.location[0] == C.campfire and state.otis == C.campfire and state.later_strikes == []


# ---- Otis appears (RULES.md, Assumption 36) ---------------------------------------------------------------------


def test_a_lurking_otis_appears_at_the_first_listed_end_of_the_trail_when_both_are_equally_near():
    state = table(1)  # Kevin at the campfire, two steps from either end of nature trail 3
    picnic, archery = C.trails[2]
    assert (C.spaces[picnic], C.spaces[archery]) == ("PICNIC AREA", "ARCHERY RANGE")
    assert C.dist[picnic][C.campfire] == C.dist[archery][C.campfire] == 2
    state.otis = -1
    state.rng = Dice(3)
    OTIS.turn(state)
    assert any("appears at nature trail 3, at PICNIC AREA" in line for line in state.log)
    assert state.otis == otis_path(picnic, C.campfire)[1] == space("EAST PATH")  # then one step from there


# ---- stalking cameos (RULES.md, Assumption 38) ------------------------------------------------------------------


def test_a_stalking_cameo_heads_for_the_lower_numbered_space_when_two_counselors_are_equally_near():
    state = table(2)
    state.location[:] = [space("SOUTH PATH"), space("NORTH PATH")]  # one step from the campfire each
    assert space("NORTH PATH") < space("SOUTH PATH")
    ralph = _cameo(state, "Crazy Ralph", "CAMPFIRE")  # stalks 1; horrifies
    state.rng = Dice()
    state.phase = Phase.OTIS
    OTIS.after_turn(state)
    assert ralph not in state.cameos and state.horror == [0, 1]


def test_a_stalking_cameo_acts_on_the_lowest_seat_in_the_space_it_reaches():
    state = table(3)
    state.location[:] = [space("NORTH PATH"), space("NORTH PATH"), space("TOWER TOP")]
    hiker = _cameo(state, "The Hitchhiker", "CAMPFIRE")  # stalks 1; 1 injury
    state.rng = Dice()
    state.phase = Phase.OTIS
    OTIS.after_turn(state)
    assert hiker not in state.cameos and state.injuries == [1, 0, 0]


# ---- plot twists ------------------------------------------------------------------------------------------------


def test_ghost_story_horrifies_every_counselor_in_the_drawers_cabin_and_nobody_outside_it():
    state = table(3)
    state.location[:] = [space("KITCHEN"), space("MESS HALL"), C.campfire]  # the Mess Hall's cabin; the campfire
    on_top(state, "Ghost Story")
    state.apply(0, ("draw",))
    assert state.horror[1] == 1 and state.horror[2] == 0
    assert state.horror[0] == 1 and state.to_act == (1,)  # the drawer's turn ended; -1 lasts through the next one


# ---- finales ----------------------------------------------------------------------------------------------------


def test_a_horrified_counselor_rolls_a_finales_each_roll_at_minus_one():
    # Horror is "-1 to all die rolls": "Run for the van" (each d6, below 2 is 1 injury) hurts on a natural 2.
    state = table(1)
    state.location[0] = space("VAN")
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    state.horror[0] = 1
    state.rng = Dice(2, 6)  # 2 - 1 = 1: injured; the hotwire's 6 - 1 = 5 holds; then Otis on the hood
    state.apply(0, ("finale", VAN))
    assert state.injuries[0] == 1 and state.phase == "strike" and state.strike_bonus == 1


def test_a_discarded_finale_cannot_be_started_again_even_with_its_objectives_on_its_arrow():
    # "If all counselors involved in a finale fail, that finale card is discarded."
    state = table(1)
    state.location[0] = space("VAN")
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")
    assert ("finale", VAN) in state.legal_actions(0)
    state.failed.append(VAN)  # an earlier attempt failed (its objectives found again since)
    state.forget_legal()
    assert ("finale", VAN) not in state.legal_actions(0)


def test_no_escape_counts_the_objectives_lying_on_the_ground_as_in_play():
    # A dead counselor's objectives lie on the body, where anyone may take them: a finale can still be made.
    state, _ = _at_the_last_question()
    for name in ("Gas Can", "Car Battery", "Keys"):
        lay(state, card(name), C.campfire)
    state.apply(0, ("reveal",))
    assert finale.possible(state, VAN)
    assert mysteries(state) == [] and NO_ESCAPE not in state.log


def test_no_escape_does_not_count_a_discarded_finale_as_possible():
    state, _ = _at_the_last_question()
    for name in ("Gas Can", "Car Battery", "Keys"):
        give(state, 0, name, "objs")  # the Van's objectives, but the Van was discarded
    state.failed.append(VAN)
    state.apply(0, ("reveal",))
    assert not any(finale.possible(state, f) for f in range(len(C.finales)))
    assert NO_ESCAPE in state.log and len(mysteries(state)) == len(C.setups["normal"].objectives)


def test_no_escape_reshuffles_the_used_question_cards_when_the_question_deck_is_empty():
    state, aid = _at_the_last_question()
    used = list(state.mystery_deck)
    for cid in used:  # every other "?" card was revealed and set aside
        pull(state, cid)
        state.micro_used.append(cid)
    state.apply(0, ("reveal",))
    assert NO_ESCAPE in state.log
    assert len(mysteries(state)) == len(C.setups["normal"].objectives)
    assert set(state.mysteries) <= set(used) and aid not in state.mysteries
    assert sorted([*state.mysteries, *state.mystery_deck]) == sorted(used) and list(state.micro_used) == []


# ---- Tempt Fate (rulebook "TEMPT FATE") -------------------------------------------------------------------------


def test_tempt_fate_ignores_an_otis_rumor_drawn_it_is_not_a_red_card_and_its_text_does_nothing():
    # "Discard all cards drawn except for RED Otis cards. Ignore the card's text."
    state = table(1)
    damage = state.damage
    rumor = on_top(state, "Otis Is Enraged")  # an Otis card, but a rumor: not red
    on_top(state, "Creepy Noise")  # Tempt Fate (1)
    state.apply(0, ("draw",))
    assert rumor in state.cabin_discard
    assert state.phase == "end" and state.strike_queue == [] and state.otis == C.tool_shed
    assert state.damage == damage
