"""Play Scavengers: turns, passing, and every card effect as written."""

import pytest

from corekit import IllegalAction
from plugins.scavengers.content import DEN
from plugins.scavengers.rules import crows, strengths, totals
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, pass_all, scrap


def strength_of(state, camp, label):
    return [s for (o, d, _), s in zip(state.tan[camp], strengths(state, camp), strict=True) if d == card(label)]


# ---- turns and passing ----------------------------------------------------------------------------


def test_players_play_one_card_each_clockwise():
    state = Scenario(3).hand(0, ["Coyote 4", "Coyote 5"]).hand(1, ["Raccoon 3"]).hand(2, ["Crow 1", "Crow 2"]).state
    state.apply(0, ("play", card("Coyote 4"), QUARTZ))
    assert state.to_act == (1,)
    state.apply(1, ("play", card("Raccoon 3"), QUARTZ))
    assert state.to_act == (2,)  # seat 1 ran out of cards: out of the round
    state.apply(2, ("play", card("Crow 1"), ELK))
    assert state.to_act == (0,)
    state.apply(0, ("play", card("Coyote 5"), ELK))
    assert state.to_act == (2,)


def test_the_camp_leader_opens_the_round_with_a_card_and_may_not_pass():
    # "When all Camps are full, the Camp Leader plays any card from their own hand."
    state = Scenario(3).hand(0, ["Coyote 4", "Coyote 5"]).hand(1, ["Raccoon 3", "Raccoon 4"]).hand(2, ["Crow 1"]).state
    assert ("pass",) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="pass is not a legal action"):
        state.apply(0, ("pass",))
    state.apply(0, ("play", card("Coyote 5"), ELK))
    assert ("pass",) in state.legal_actions(1)  # once a card is in play, anyone may pass


def test_the_camp_leader_may_open_with_a_card_that_leaves_nothing_at_a_camp():
    # A Bear left in its Den is discarded: the round has still begun with a card, so the next seat may pass.
    state = Scenario(2).hand(0, ["Bear", "Coyote 4"]).hand(1, ["Raccoon 3"]).state
    state.apply(0, ("play", card("Bear"), DEN))
    assert ("pass",) in state.legal_actions(1)


def test_a_player_who_passed_plays_no_more_this_round():
    state = (
        Scenario(3)
        .hand(0, ["Coyote 4", "Coyote 5"])
        .hand(1, ["Raccoon 3", "Raccoon 4"])
        .hand(2, ["Crow 1", "Crow 2"])
        .state
    )
    state.apply(0, ("play", card("Coyote 5"), ELK))
    state.apply(1, ("play", card("Raccoon 3"), QUARTZ))
    state.apply(2, ("play", card("Crow 1"), QUARTZ))
    state.apply(0, ("pass",))
    assert state.to_act == (1,)
    assert not state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, ("play", card("Coyote 4"), QUARTZ))


def test_the_round_ends_when_everyone_has_passed_or_run_out_of_cards():
    state = Scenario(2).hand(0, ["Coyote 4"]).hand(1, ["Raccoon 3", "Raccoon 4"]).state
    state.apply(0, ("play", card("Coyote 4"), QUARTZ))
    assert state.phases.current == "play"
    state.apply(1, ("pass",))
    assert state.phases.round == 1  # collected, next round begun
    assert state.phases.current in ("place", "play")


def test_tan_cards_go_to_your_own_camp_sign_and_gray_cards_to_the_camp():
    state = Scenario(2).hand(0, ["Coyote 4", "Cloudbreak", "Crow 1"]).hand(1, ["Raccoon 3", "Crow 2"]).state
    state.apply(0, ("play", card("Coyote 4"), ELK))
    state.apply(1, ("play", card("Raccoon 3"), ELK))
    state.apply(0, ("play", card("Cloudbreak"), ELK))
    assert state.tan[ELK] == [(0, card("Coyote 4"), False), (1, card("Raccoon 3"), False)]
    assert state.gray[ELK] == [card("Cloudbreak")]


# ---- Bear and Porcupine -----------------------------------------------------------------------


def test_bear_moves_the_figurine_to_any_camp_or_its_den_and_is_discarded():
    state = Scenario(2).hand(0, ["Bear", "Coyote 4"]).hand(1, ["Bear", "Crow 1"]).state
    legal = state.legal_actions(0)
    assert {("play", card("Bear"), where) for where in (QUARTZ, GRIZZLY, ELK, DEN)} <= set(legal)
    state.apply(0, ("play", card("Bear"), ELK))
    assert state.bear == ELK
    assert state.discard == [card("Bear")]
    state.apply(1, ("play", card("Bear"), ELK))  # the Bear may stay where it is
    assert state.bear == ELK


def test_no_tan_card_but_the_porcupine_may_be_played_where_the_bear_is():
    state = Scenario(2).bear(GRIZZLY).hand(0, ["Coyote 4", "Porcupine 2", "Dog"]).hand(1, ["Crow 1"]).state
    legal = state.legal_actions(0)
    assert ("play", card("Coyote 4"), GRIZZLY) not in legal
    assert ("play", card("Coyote 4"), QUARTZ) in legal
    assert ("play", card("Porcupine 2"), GRIZZLY) in legal
    assert ("play", card("Dog"), GRIZZLY) in legal  # gray cards still may


def test_the_bear_blocks_tan_cards_with_choices_too_until_it_moves_away():
    choosers = ["Squirrel 1", "Owl 2", "Skunk 2", "Weasel 2"]
    state = (
        Scenario(2)
        .bear(GRIZZLY)
        .scraps(ELK, ["Egg"])
        .scraps(GRIZZLY, ["Bun"])
        .tan(0, GRIZZLY, ["Mouse 1"])
        .hand(0, [*choosers, "Porcupine 1"])
        .hand(1, ["Bear", "Crow 1"])
        .state
    )
    assert {a[1] for a in state.legal_actions(0) if a[0] == "play" and a[2] == GRIZZLY} == {card("Porcupine 1")}
    state.apply(0, ("play", card("Porcupine 1"), QUARTZ))
    state.apply(1, ("play", card("Bear"), DEN))  # back to its Den: Grizzly is open again
    assert {a[1] for a in state.legal_actions(0) if a[0] == "play" and a[2] == GRIZZLY} == set(map(card, choosers))


# ---- Cloudbreak and Late Night Campers ----------------------------------------------------------


def test_cloudbreak_adds_3_to_the_strongest_scavengers_at_its_camp_ties_included():
    state = Scenario(2).tan(0, ELK, ["Coyote 5", "Crow 1"]).tan(1, ELK, ["Raccoon 5"]).gray(ELK, ["Cloudbreak"]).state
    assert strength_of(state, ELK, "Coyote 5") == [8]
    assert strength_of(state, ELK, "Raccoon 5") == [8]
    assert strength_of(state, ELK, "Crow 1") == [1]
    assert totals(state, ELK, 2) == [9, 8]


def test_cloudbreak_raises_every_card_when_all_tie_even_at_0():
    # RULES.md Assumption 9: Late Night Campers zeroes the Coyote 6 and the Raccoon 3 (so they tie at 0),
    # then Cloudbreak raises both.
    state = (
        Scenario(2)
        .tan(0, ELK, ["Coyote 6"])
        .tan(1, ELK, ["Raccoon 3"])
        .gray(ELK, ["Late Night Campers", "Cloudbreak"])
        .state
    )
    assert strengths(state, ELK) == [3, 3]


def test_cloudbreak_moves_its_bonus_to_a_stronger_scavenger_played_later():
    state = Scenario(2).tan(0, ELK, ["Coyote 5"]).gray(ELK, ["Cloudbreak"]).hand(1, ["Coyote 6"]).turn(1).state
    assert strength_of(state, ELK, "Coyote 5") == [8]
    state.apply(1, ("play", card("Coyote 6"), ELK))
    assert strength_of(state, ELK, "Coyote 5") == [5]
    assert strength_of(state, ELK, "Coyote 6") == [9]


def test_cloudbreak_goes_to_the_next_strongest_when_the_strongest_is_removed():
    state = (
        Scenario(2)
        .tan(0, ELK, ["Coyote 6", "Crow 2"])
        .tan(1, ELK, ["Raccoon 4"])
        .gray(ELK, ["Cloudbreak"])
        .hand(1, ["Dog"])
        .turn(1)
        .state
    )
    state.apply(1, ("play", card("Dog"), ELK))
    assert strength_of(state, ELK, "Coyote 6") == []
    assert strength_of(state, ELK, "Raccoon 4") == [7]
    assert strength_of(state, ELK, "Crow 2") == [2]


def test_late_night_campers_makes_strength_3_or_more_zero():
    state = Scenario(2).tan(0, QUARTZ, ["Coyote 4", "Crow 2", "Porcupine 3"]).gray(QUARTZ, ["Late Night Campers"]).state
    assert strength_of(state, QUARTZ, "Coyote 4") == [0]
    assert strength_of(state, QUARTZ, "Porcupine 3") == [0]
    assert strength_of(state, QUARTZ, "Crow 2") == [2]


def test_late_night_campers_zeroes_chipmunks_that_count_3_or_more():
    # Three Chipmunks within reach: each counts 3, so at Late Night Campers' Camp it is 0; Grizzly's are not.
    state = (
        Scenario(2)
        .tan(0, ELK, ["Chipmunk"])
        .tan(1, GRIZZLY, ["Chipmunk", "Chipmunk"])
        .gray(ELK, ["Late Night Campers"])
        .state
    )
    assert strength_of(state, ELK, "Chipmunk") == [0]
    assert strength_of(state, GRIZZLY, "Chipmunk") == [3, 3]


def test_late_night_campers_ignores_cloudbreak_when_deciding_3_or_more():
    # The Crow 2 gets Cloudbreak's +3 (5) but keeps it: Late Night Campers looks at 2.
    state = (
        Scenario(2)
        .tan(0, ELK, ["Crow 2"])
        .tan(1, ELK, ["Coyote 6"])
        .gray(ELK, ["Cloudbreak", "Late Night Campers"])
        .state
    )
    assert strength_of(state, ELK, "Crow 2") == [5]
    assert strength_of(state, ELK, "Coyote 6") == [0]


def test_late_night_campers_no_longer_affects_a_scavenger_moved_away():
    state = Scenario(2).tan(0, ELK, ["Coyote 6"]).gray(ELK, ["Late Night Campers"]).hand(0, ["Skunk 1", "Crow 1"]).state
    state.apply(0, ("play", card("Skunk 1"), ELK, card("Coyote 6"), 0, QUARTZ))
    assert strength_of(state, QUARTZ, "Coyote 6") == [6]


def test_late_night_campers_zeroes_a_scavenger_that_hops_to_its_camp():
    state = (
        Scenario(2)
        .tan(0, QUARTZ, ["Rabbit 3"])
        .gray(ELK, ["Late Night Campers"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    assert totals(state, QUARTZ, 2) == [3, 0]
    state.apply(0, ("hop", card("Rabbit 3"), QUARTZ, ELK))
    assert strength_of(state, ELK, "Rabbit 3") == [0]


# ---- Dog and Rain Shower -------------------------------------------------------------------------


def test_dog_discards_the_strongest_tan_scavengers_at_its_camp_ties_included():
    state = (
        Scenario(2)
        .tan(0, GRIZZLY, ["Coyote 5", "Crow 1"])
        .tan(1, GRIZZLY, ["Raccoon 5"])
        .hand(0, ["Dog", "Crow 2"])
        .state
    )
    state.apply(0, ("play", card("Dog"), GRIZZLY))
    assert state.tan[GRIZZLY] == [(0, card("Crow 1"), False)]
    assert sorted(state.discard) == sorted([card("Coyote 5"), card("Raccoon 5"), card("Dog")])


def test_the_dog_compares_current_strengths_so_a_card_zeroed_by_late_night_campers_is_spared():
    # Late Night Campers makes the Coyote 6 count 0: the Crow 2 is now the strongest there (RULES.md, 9).
    state = (
        Scenario(2)
        .tan(1, ELK, ["Coyote 6", "Crow 2"])
        .gray(ELK, ["Late Night Campers"])
        .hand(0, ["Dog", "Crow 1"])
        .state
    )
    state.apply(0, ("play", card("Dog"), ELK))
    assert state.tan[ELK] == [(1, card("Coyote 6"), False)]
    assert sorted(state.discard) == sorted([card("Crow 2"), card("Dog")])


def test_a_dog_discards_every_card_when_all_tie_at_0():
    # RULES.md Assumption 9: the strongest at 0 are every card there, so all go.
    state = (
        Scenario(2)
        .tan(0, ELK, ["Coyote 6"])
        .tan(1, ELK, ["Raccoon 3"])
        .gray(ELK, ["Late Night Campers"])
        .hand(0, ["Dog", "Crow 1"])
        .state
    )
    assert strengths(state, ELK) == [0, 0]
    state.apply(0, ("play", card("Dog"), ELK))
    assert state.tan[ELK] == []
    assert sorted(state.discard) == sorted([card("Coyote 6"), card("Raccoon 3"), card("Dog")])


def test_a_crow_removed_by_the_dog_takes_its_token():
    state = Scenario(2).tan(1, ELK, ["Crow 2"]).hand(0, ["Dog", "Crow 1"]).state
    assert crows(state, ELK) == 1
    state.apply(0, ("play", card("Dog"), ELK))
    assert crows(state, ELK) == 0


def test_a_dog_at_a_camp_without_tan_cards_discards_only_itself():
    # RULES.md Assumption 15.
    state = Scenario(2).tan(1, ELK, ["Coyote 4"]).gray(QUARTZ, ["Cloudbreak"]).hand(0, ["Dog", "Crow 1"]).state
    assert ("play", card("Dog"), QUARTZ) in state.legal_actions(0)
    state.apply(0, ("play", card("Dog"), QUARTZ))
    assert state.discard == [card("Dog")]
    assert state.tan[ELK] == [(1, card("Coyote 4"), False)] and state.gray[QUARTZ] == [card("Cloudbreak")]


def test_a_crow_removed_by_a_rain_shower_takes_its_token():
    # RULES.md Assumption 14: the token is wherever its card is.
    state = Scenario(2).tan(1, ELK, ["Crow 1"]).hand(0, ["Rain Shower", "Crow 2"]).state
    state.apply(0, ("play", card("Rain Shower"), ELK, 1, card("Crow 1"), 0))
    assert crows(state, ELK) == 0


def test_rain_shower_may_remove_cloudbreak_late_night_campers_or_a_tan_card_of_strength_2_or_less():
    state = (
        Scenario(2)
        .tan(1, ELK, ["Crow 2", "Coyote 4"])
        .gray(ELK, ["Cloudbreak", "Late Night Campers"])
        .hand(0, ["Rain Shower", "Crow 1"])
        .state
    )
    rain = card("Rain Shower")
    choices = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", rain, ELK)}
    # Late Night Campers makes the Coyote 0; the Crow is then the strongest and Cloudbreak makes it 5.
    assert choices == {(), (-1, card("Cloudbreak")), (-1, card("Late Night Campers")), (1, card("Coyote 4"), 0)}
    state.apply(0, ("play", rain, ELK, -1, card("Cloudbreak")))
    assert state.gray[ELK] == [card("Late Night Campers")]
    assert sorted(state.discard) == sorted([rain, card("Cloudbreak")])


def test_rain_shower_cannot_remove_a_tan_card_stronger_than_2():
    state = Scenario(2).tan(1, QUARTZ, ["Coyote 4"]).hand(0, ["Rain Shower", "Crow 1"]).state
    choices = [a for a in state.legal_actions(0) if a[:3] == ("play", card("Rain Shower"), QUARTZ)]
    assert choices == [("play", card("Rain Shower"), QUARTZ)]


def test_rain_shower_reaches_strength_2_but_not_3():
    state = Scenario(2).tan(1, QUARTZ, ["Raccoon 3", "Crow 2"]).hand(0, ["Rain Shower", "Crow 1"]).state
    rain = card("Rain Shower")
    choices = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", rain, QUARTZ)}
    assert choices == {(), (1, card("Crow 2"), 0)}  # the Raccoon 3 is out of reach


def test_rain_shower_may_remove_your_own_tan_card():
    # "a Tan Scavenger Card of your choice": anyone's, the player's own included.
    state = Scenario(2).tan(0, ELK, ["Crow 1"]).tan(1, ELK, ["Coyote 4"]).hand(0, ["Rain Shower", "Crow 2"]).state
    rain = card("Rain Shower")
    assert ("play", rain, ELK, 0, card("Crow 1"), 0) in state.legal_actions(0)
    state.apply(0, ("play", rain, ELK, 0, card("Crow 1"), 0))
    assert state.tan[ELK] == [(1, card("Coyote 4"), False)]
    assert sorted(state.discard) == sorted([rain, card("Crow 1")])


def test_a_rain_shower_that_removes_nothing_is_discarded_all_the_same():
    # RULES.md Assumption 22: playing it is its use; the removal is the option.
    state = Scenario(2).tan(1, ELK, ["Crow 1"]).hand(0, ["Rain Shower", "Crow 2"]).state
    rain = card("Rain Shower")
    state.apply(0, ("play", rain, ELK))
    assert state.discard == [rain]
    assert state.tan[ELK] == [(1, card("Crow 1"), False)] and state.gray[ELK] == []


# ---- Chipmunk ----------------------------------------------------------------------------------------


def test_chipmunk_strength_counts_every_chipmunk_at_its_camp_and_the_adjacent_camps():
    state = (
        Scenario(2)
        .tan(0, QUARTZ, ["Chipmunk"])
        .tan(1, GRIZZLY, ["Chipmunk", "Chipmunk"])
        .tan(0, ELK, ["Chipmunk"])
        .state
    )
    assert strength_of(state, QUARTZ, "Chipmunk") == [3]  # Quartz + Grizzly
    assert strength_of(state, GRIZZLY, "Chipmunk") == [4, 4]  # all three Camps
    assert strength_of(state, ELK, "Chipmunk") == [3]  # Elk + Grizzly


def test_chipmunk_strength_changes_as_chipmunks_come_and_go():
    state = Scenario(2).tan(0, ELK, ["Chipmunk"]).hand(1, ["Chipmunk", "Crow 1"]).hand(0, ["Owl 2"]).turn(1).state
    assert strength_of(state, ELK, "Chipmunk") == [1]
    state.apply(1, ("play", card("Chipmunk"), GRIZZLY))
    assert strength_of(state, ELK, "Chipmunk") == [2]
    state.apply(0, ("play", card("Owl 2"), GRIZZLY, 1, card("Chipmunk")))
    assert strength_of(state, ELK, "Chipmunk") == [1]


# ---- Crow and Squirrel -----------------------------------------------------------------------------


def test_squirrel_takes_a_scrap_from_another_camp_possibly_past_three():
    state = (
        Scenario(2)
        .scraps(QUARTZ, ["Egg", "Bun", "Meat"])
        .scraps(ELK, ["Chili"])
        .hand(0, ["Squirrel 1", "Crow 1"])
        .state
    )
    at_quartz = [a[3:] for a in state.legal_actions(0) if a[:3] == ("play", card("Squirrel 1"), QUARTZ)]
    assert at_quartz == [(), (ELK, scrap("Chili"))]  # not from its own Camp, and it may decline
    state.apply(0, ("play", card("Squirrel 1"), QUARTZ, ELK, scrap("Chili")))
    assert len(state.scraps[QUARTZ]) == 4
    assert state.scraps[ELK] == []


def test_squirrel_may_not_take_from_a_camp_with_a_crow_token():
    state = (
        Scenario(2)
        .scraps(ELK, ["Chili"])
        .scraps(GRIZZLY, ["Egg"])
        .tan(1, ELK, ["Crow 1"])
        .hand(0, ["Squirrel 1", "Crow 2"])
        .state
    )
    sources = {a[3] for a in state.legal_actions(0) if a[:2] == ("play", card("Squirrel 1")) and len(a) > 3}
    assert ELK not in sources and GRIZZLY in sources


def test_a_crow_at_the_squirrels_own_camp_does_not_stop_it_taking_a_scrap():
    # RULES.md Assumption 14: the token guards the Camp it is at, not the Squirrel's.
    state = Scenario(2).scraps(GRIZZLY, ["Egg"]).tan(1, ELK, ["Crow 1"]).hand(0, ["Squirrel 1", "Crow 2"]).state
    assert ("play", card("Squirrel 1"), ELK, GRIZZLY, scrap("Egg")) in state.legal_actions(0)
    state.apply(0, ("play", card("Squirrel 1"), ELK, GRIZZLY, scrap("Egg")))
    assert state.scraps[ELK] == [scrap("Egg")] and state.scraps[GRIZZLY] == []


def test_a_crow_moved_by_the_skunk_takes_its_token_along():
    state = Scenario(2).tan(0, ELK, ["Crow 1"]).hand(0, ["Skunk 2", "Coyote 4"]).state
    state.apply(0, ("play", card("Skunk 2"), ELK, card("Crow 1"), 0, QUARTZ))
    assert (crows(state, QUARTZ), crows(state, ELK)) == (1, 0)


# ---- Owl ----------------------------------------------------------------------------------------


def test_owl_discards_a_mouse_chipmunk_or_squirrel_of_any_player_at_its_camp():
    state = (
        Scenario(2)
        .tan(1, QUARTZ, ["Mouse 1", "Coyote 4"])
        .tan(0, QUARTZ, ["Squirrel 2"])
        .hand(0, ["Owl 3", "Crow 1"])
        .state
    )
    owl = card("Owl 3")
    choices = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", owl, QUARTZ)}
    assert choices == {(1, card("Mouse 1")), (0, card("Squirrel 2"))}  # no Coyote, and no declining
    state.apply(0, ("play", owl, QUARTZ, 1, card("Mouse 1")))
    assert (1, card("Mouse 1"), False) not in state.tan[QUARTZ]
    assert card("Mouse 1") in state.discard


def test_an_owl_cannot_discard_a_crow():
    state = Scenario(2).tan(1, QUARTZ, ["Crow 1"]).hand(0, ["Owl 2", "Crow 2"]).state
    owl = card("Owl 2")
    assert [a for a in state.legal_actions(0) if a[:3] == ("play", owl, QUARTZ)] == [("play", owl, QUARTZ)]


def test_an_owl_with_nothing_to_discard_may_still_be_played_without_effect():
    state = Scenario(2).tan(1, QUARTZ, ["Coyote 4"]).hand(0, ["Owl 2", "Crow 1"]).state
    owl = card("Owl 2")
    assert [a for a in state.legal_actions(0) if a[:3] == ("play", owl, QUARTZ)] == [("play", owl, QUARTZ)]
    state.apply(0, ("play", owl, QUARTZ))
    assert state.tan[QUARTZ] == [(1, card("Coyote 4"), False), (0, owl, False)]


def test_owl_discarding_a_squirrel_does_not_undo_its_effect():
    state = Scenario(2).scraps(GRIZZLY, ["Egg"]).hand(0, ["Squirrel 1", "Crow 1"]).hand(1, ["Owl 2", "Crow 2"]).state
    state.apply(0, ("play", card("Squirrel 1"), QUARTZ, GRIZZLY, scrap("Egg")))
    state.apply(1, ("play", card("Owl 2"), QUARTZ, 0, card("Squirrel 1")))
    assert state.scraps[QUARTZ] == [scrap("Egg")]
    assert state.tan[QUARTZ] == [(1, card("Owl 2"), False)]


# ---- Rabbit -----------------------------------------------------------------------------------------


def test_rabbit_hops_once_instead_of_a_card_and_not_onto_the_bear():
    state = Scenario(2).tan(0, QUARTZ, ["Rabbit 3"]).bear(ELK).hand(0, ["Crow 1"]).hand(1, ["Crow 2", "Coyote 4"]).state
    rabbit = card("Rabbit 3")
    hops = [a for a in state.legal_actions(0) if a[0] == "hop"]
    assert hops == [("hop", rabbit, QUARTZ, GRIZZLY)]
    state.apply(0, hops[0])
    assert state.tan[GRIZZLY] == [(0, rabbit, True)]
    assert state.hands[0] == [card("Crow 1")]  # no card was played
    state.apply(1, ("play", card("Crow 2"), QUARTZ))
    assert not [a for a in state.legal_actions(0) if a[0] == "hop"]  # each Rabbit hops once


def test_a_player_with_an_empty_hand_cannot_hop_a_rabbit():
    state = Scenario(2).tan(0, QUARTZ, ["Rabbit 2"]).hand(0, ["Crow 1"]).hand(1, ["Crow 2", "Coyote 4"]).state
    state.apply(0, ("play", card("Crow 1"), ELK))  # the last card: out of the round
    assert state.to_act == (1,)
    state.apply(1, ("play", card("Crow 2"), ELK))
    assert state.to_act == (1,)


# ---- Skunk -----------------------------------------------------------------------------------------


def test_skunk_moves_one_of_your_tan_cards_from_its_camp_but_not_to_the_bear_unless_porcupine():
    state = (
        Scenario(2)
        .tan(0, GRIZZLY, ["Coyote 4", "Porcupine 1"])
        .tan(1, GRIZZLY, ["Raccoon 3"])
        .bear(ELK)
        .hand(0, ["Skunk 1", "Crow 1"])
        .state
    )
    skunk = card("Skunk 1")
    moves = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", skunk, GRIZZLY)}
    assert moves == {(), (card("Coyote 4"), 0, QUARTZ), (card("Porcupine 1"), 0, QUARTZ), (card("Porcupine 1"), 0, ELK)}


def test_a_squirrel_moved_by_the_skunk_does_not_take_a_scrap_again():
    state = Scenario(2).tan(0, ELK, ["Squirrel 1"]).scraps(GRIZZLY, ["Egg"]).hand(0, ["Skunk 3", "Crow 1"]).state
    state.apply(0, ("play", card("Skunk 3"), ELK, card("Squirrel 1"), 0, QUARTZ))
    assert state.scraps[GRIZZLY] == [scrap("Egg")]
    assert state.scraps[QUARTZ] == []


def test_a_moved_rabbit_keeps_its_hop_only_if_unused():
    state = (
        Scenario(2)
        .tan(0, ELK, ["Rabbit 2"])
        .tan(0, ELK, ["Rabbit 3"], hopped=True)
        .hand(0, ["Skunk 1", "Crow 1"])
        .hand(1, ["Crow 2", "Coyote 4"])
        .state
    )
    state.apply(0, ("play", card("Skunk 1"), ELK, card("Rabbit 3"), 1, QUARTZ))
    assert (0, card("Rabbit 3"), True) in state.tan[QUARTZ]
    state.apply(1, ("play", card("Crow 2"), ELK))
    hops = {a[1] for a in state.legal_actions(0) if a[0] == "hop"}
    assert hops == {card("Rabbit 2")}


# ---- Weasel, Coyote, Raccoon -----------------------------------------------------------------------


def test_weasel_swaps_a_scrap_at_its_camp_with_any_scrap_in_the_pile():
    state = Scenario(2).scraps(ELK, ["Egg", "Bun"]).hand(0, ["Weasel 1", "Crow 1"]).state
    pile_egg, pile_choc = state.pile[scrap("Egg")], state.pile[scrap("Chocolate")]
    state.apply(0, ("play", card("Weasel 1"), ELK, scrap("Egg"), scrap("Chocolate")))
    assert state.scraps[ELK] == sorted([scrap("Bun"), scrap("Chocolate")])
    assert state.pile[scrap("Egg")] == pile_egg + 1
    assert state.pile[scrap("Chocolate")] == pile_choc - 1


def test_a_weasel_with_nothing_of_another_kind_in_the_pile_is_played_without_a_swap():
    # RULES.md Assumption 16: an empty pile, or only the kind the Camp already gives.
    for eggs_left in (0, 1):
        state = Scenario(2).scraps(ELK, ["Egg"]).hand(0, ["Weasel 1", "Crow 1"]).state
        state.pile[:] = [0] * len(state.pile)  # (conservation is not the point here)
        state.pile[scrap("Egg")] = eggs_left
        weasel = [a for a in state.legal_actions(0) if a[:3] == ("play", card("Weasel 1"), ELK)]
        assert weasel == [("play", card("Weasel 1"), ELK)]


def test_coyote_and_raccoon_have_no_effect_but_their_strength():
    state = Scenario(2).scraps(ELK, ["Egg"]).hand(0, ["Coyote 6", "Raccoon 5"]).state
    before = state.clone()
    state.apply(0, ("play", card("Coyote 6"), ELK))
    assert state.scraps == before.scraps and state.pile == before.pile
    assert totals(state, ELK, 2) == [6, 0]
    pass_all(state)
