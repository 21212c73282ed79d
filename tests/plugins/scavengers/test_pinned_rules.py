"""Rules an outside audit found no test pinned: the win needs all four Food cards, the Camp Leader opens every
round with a card, every gray card may be played at the Bear, the Weasel's swap is a "may", and a Rabbit moved
by a Skunk keeps an unused hop (RULES.md, Assumptions 1, 10 and 17)."""

import pytest

from corekit import IllegalAction
from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.rules import strengths
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, pass_all, scrap

GRAY = ["Bear", "Cloudbreak", "Dog", "Late Night Campers", "Rain Shower"]


def plays_at(state, seat, camp):
    return {a[1] for a in state.legal_actions(seat) if a[0] == "play" and a[2] == camp}


# ---- the end: all four Food cards -------------------------------------------------------------------


def test_completing_a_third_food_card_does_not_end_the_game():
    # RULES.md Assumption 1: seat 0 has two Food cards done and completes its Omelet, a third: play goes on.
    state = (
        Scenario(2)
        .done(0, ["Chili Dog", "Kabobs"])
        .held(0, ["Egg", "Egg", "Cheese"])
        .scraps(ELK, ["Pepper"])
        .tan(0, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert state.done[0] == [True, True, True, False]
    assert not state.is_terminal and state.winners == ()
    assert state.phases.round == 1 and state.leader == 1  # the next round, with the next Camp Leader


def test_only_the_player_who_completed_all_four_food_cards_wins_not_one_who_completed_three():
    # In the same collection seat 1 completes its fourth Food card and seat 0 its third: seat 1 alone wins.
    state = (
        Scenario(3)
        .done(1, ["Chili Dog", "Kabobs", "S'mores"])
        .held(1, ["Egg", "Egg", "Cheese"])
        .done(0, ["Chili Dog", "Kabobs"])
        .held(0, ["Egg", "Egg", "Cheese"])
        .scraps(ELK, ["Pepper"])
        .scraps(QUARTZ, ["Pepper"])
        .tan(1, ELK, ["Coyote 4"])
        .tan(0, QUARTZ, ["Coyote 5"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert [sum(done) for done in state.done] == [3, 4, 0]
    assert state.is_terminal
    assert state.returns() == [0.0, 1.0, 0.0]


# ---- the Camp Leader opens every round with a card --------------------------------------------------


def test_every_rounds_camp_leader_must_open_with_a_card_and_may_not_pass_whoever_leads():
    # "When all Camps are full, the Camp Leader plays any card from their own hand", in every round: rounds 2, 3
    # and 4 of a 3-player game are led by seats 1, 2 and 0 in turn. Each leader opens with its first legal play.
    state = (
        Scenario(3)
        .scraps(QUARTZ, ["Egg", "Bun", "Meat"])
        .scraps(GRIZZLY, ["Chili", "Onion", "Cheese"])
        .scraps(ELK, ["Cracker", "Pepper", "Sausage"])
        .hand(0, ["Bear"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    state.apply(0, ("play", card("Bear"), DEN))
    pass_all(state)
    for round_, leader in ((1, 1), (2, 2), (3, 0)):
        while state.phases.current == "place":
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        assert (state.phases.round, state.leader, state.phases.current) == (round_, leader, "play")
        assert state.to_act == (leader,)
        legal = state.legal_actions(leader)
        assert legal and ("pass",) not in legal
        with pytest.raises(IllegalAction, match="pass is not a legal action"):
            state.apply(leader, ("pass",))
        state.apply(leader, legal[0])
        follower = state.to_act[0]
        assert follower == (leader + 1) % 3
        assert ("pass",) in state.legal_actions(follower)  # once a card is played, anyone may pass
        pass_all(state)
        assert not state.is_terminal


# ---- the Bear stops tan cards only ------------------------------------------------------------------


def test_the_five_gray_cards_are_bear_cloudbreak_dog_late_night_campers_and_rain_shower():
    assert sorted(d.label for d in CONTENT.designs if not d.tan) == GRAY


def test_every_gray_card_may_be_played_at_the_bears_camp_and_the_bear_still_stops_tan_cards_and_hops():
    # "Gray Scavenger Cards may still be played at a Camp where the Bear Figurine is present."
    tan_in_hand = ["Coyote 5", "Squirrel 1", "Weasel 2", "Owl 2", "Skunk 2", "Rabbit 3", "Porcupine 1"]
    state = (
        Scenario(2)
        .bear(ELK)
        .scraps(ELK, ["Egg"])
        .tan(1, ELK, ["Crow 1", "Coyote 4", "Mouse 1"])
        .tan(0, QUARTZ, ["Rabbit 2"])
        .tan(0, GRIZZLY, ["Raccoon 3"])
        .hand(0, [*GRAY, *tan_in_hand])
        .hand(1, ["Crow 2"])
        .state
    )
    # At the Bear's Camp: every gray card, and of the tan cards the Porcupine alone.
    assert plays_at(state, 0, ELK) == {card(label) for label in [*GRAY, "Porcupine 1"]}
    assert plays_at(state, 0, QUARTZ) == {card(label) for label in [*GRAY, *tan_in_hand]}
    # The Rain Shower reaches the tan cards there, and the Rabbit may not hop there.
    rain = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", card("Rain Shower"), ELK)}
    assert rain == {(), (1, card("Crow 1"), 0), (1, card("Mouse 1"), 0)}
    hops = [a for a in state.legal_actions(0) if a[0] == "hop"]
    assert hops == [("hop", card("Rabbit 2"), QUARTZ, GRIZZLY)]
    # The Skunk may not move the Raccoon to the Bear's Camp.
    skunk = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", card("Skunk 2"), GRIZZLY)}
    assert skunk == {(), (card("Raccoon 3"), 0, QUARTZ)}


@pytest.mark.parametrize("label", ["Cloudbreak", "Late Night Campers"])
def test_a_lasting_gray_card_played_at_the_bears_camp_stays_there_and_works(label):
    # Cloudbreak lifts the Coyote 4 to 7; Late Night Campers zeroes it: both act under the Bear.
    state = (
        Scenario(2).bear(ELK).tan(1, ELK, ["Coyote 4", "Crow 1"]).hand(0, [label, "Crow 2"]).hand(1, ["Crow 2"]).state
    )
    state.apply(0, ("play", card(label), ELK))
    assert state.gray[ELK] == [card(label)] and state.bear == ELK
    assert strengths(state, ELK) == ([7, 1] if label == "Cloudbreak" else [0, 1])


# ---- the Weasel's swap is a "may" ----------------------------------------------------------------


def test_a_weasel_that_could_swap_may_also_be_played_without_swapping():
    # "You may switch one Food Scrap": with a swap possible, both the swap and the plain play are legal.
    state = Scenario(2).scraps(ELK, ["Egg"]).hand(0, ["Weasel 1", "Crow 1"]).hand(1, ["Crow 2"]).state
    weasel = card("Weasel 1")
    choices = {a[3:] for a in state.legal_actions(0) if a[:3] == ("play", weasel, ELK)}
    assert () in choices and (scrap("Egg"), scrap("Chocolate")) in choices
    assert len(choices) == 1 + 11  # declining, or the Egg for any of the other 11 kinds in the pile
    declined, swapped = state.clone(), state.clone()
    declined.apply(0, ("play", weasel, ELK))
    assert declined.scraps[ELK] == [scrap("Egg")] and declined.pile == state.pile
    swapped.apply(0, ("play", weasel, ELK, scrap("Egg"), scrap("Chocolate")))
    assert swapped.scraps[ELK] == [scrap("Chocolate")]


# ---- a Rabbit moved by a Skunk ----------------------------------------------------------------------


def test_a_rabbit_moved_by_a_skunk_before_it_hopped_may_still_hop_once():
    # RULES.md Assumption 17: the Skunk forbids re-using a moved Rabbit's effect only "if ... already used".
    state = (
        Scenario(2)
        .tan(0, ELK, ["Rabbit 2"])
        .hand(0, ["Skunk 1", "Crow 1"])
        .hand(1, ["Crow 2", "Coyote 4", "Coyote 5"])
        .state
    )
    rabbit = card("Rabbit 2")
    state.apply(0, ("play", card("Skunk 1"), ELK, rabbit, 0, QUARTZ))
    assert state.tan[QUARTZ] == [(0, rabbit, False)]
    state.apply(1, ("play", card("Crow 2"), ELK))
    hops = [a for a in state.legal_actions(0) if a[0] == "hop"]
    assert hops == [("hop", rabbit, QUARTZ, GRIZZLY), ("hop", rabbit, QUARTZ, ELK)]
    state.apply(0, ("hop", rabbit, QUARTZ, GRIZZLY))
    assert state.tan[GRIZZLY] == [(0, rabbit, True)]
    state.apply(1, ("play", card("Coyote 4"), ELK))
    assert not [a for a in state.legal_actions(0) if a[0] == "hop"]  # the one hop is now used
