"""Set up and Place Food Scraps."""

import pytest

from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.game import Scavengers
from tests.plugins.scavengers.scenario import scrap

GAME = Scavengers()


@pytest.mark.parametrize(("players", "cards"), [(2, 12), (3, 10), (4, 9)])
def test_each_player_is_dealt_12_10_or_9_scavenger_cards(players, cards):
    state = GAME.initial_state(players, 5)
    assert [len(h) for h in state.hands] == [cards] * players
    assert len(state.deck) == 44 - cards * players


@pytest.mark.parametrize(("players", "filled"), [(2, 3), (3, 4), (4, 5)])
def test_leftover_scraps_fill_3_4_or_5_spaces_of_each_player(players, filled):
    for seed in range(20):
        state = GAME.initial_state(players, seed)
        for seat in range(players):
            # a completed card was turned over and its scraps returned: count its spaces as filled
            spaces = sum(state.held[seat]) + sum(
                sum(CONTENT.needs[f]) for f, done in enumerate(state.done[seat]) if done
            )
            assert spaces == filled


def test_a_food_card_filled_by_leftover_scraps_is_turned_over_and_its_scraps_go_back_to_the_pile():
    turned = 0
    for seed in range(20):  # five leftovers at 4 players sometimes fill a whole card (seed 15 does)
        state = GAME.initial_state(4, seed)
        for seat in range(4):
            for food, done in enumerate(state.done[seat]):
                if done:
                    turned += 1
                    assert all(state.held[seat][t] == 0 for t, n in enumerate(CONTENT.needs[food]) if n)
    assert turned >= 1


def test_leftover_scraps_that_fit_nowhere_are_redrawn_so_every_drawn_scrap_sits_on_a_food_card():
    for seed in range(30):
        state = GAME.initial_state(4, seed)
        for seat in range(4):
            for t, n in enumerate(state.held[seat]):
                assert n <= CONTENT.needs[CONTENT.food_of[t]][t]
        assert sum(state.pile) + sum(map(sum, state.held)) + sum(map(len, state.scraps)) == 69


def test_the_camp_leader_places_the_first_scrap_then_players_place_clockwise_until_every_camp_holds_3():
    state = GAME.initial_state(3, 2)
    assert state.observation(0).phase == "place"
    placers = []
    while state.phases.current == "place":
        seat = state.to_act[0]
        placers.append(seat)
        pending = state.pending
        camp = state.legal_actions(seat)[-1][1]
        before = list(state.scraps[camp])
        state.apply(seat, ("place", camp))
        assert sorted([*before, pending]) == state.scraps[camp]
    assert placers == [i % 3 for i in range(9)]
    assert [len(s) for s in state.scraps] == [3, 3, 3]
    assert state.to_act == (0,)  # the Camp Leader plays first
    assert state.bear == DEN


def test_a_full_camp_takes_no_more_scraps():
    state = GAME.initial_state(2, 3)
    for camp in (0, 0, 0):
        state.apply(state.to_act[0], ("place", camp))
    assert all(action[1] != 0 for action in state.legal_actions(state.to_act[0]))


def test_each_placed_scrap_is_the_one_pictured_on_the_camper_card_just_drawn():
    state = GAME.initial_state(2, 9)
    assert scrap(state.camper_discard[-1]) == state.pending  # a Camper card is named by its scrap
    assert len(state.campers) + len(state.camper_discard) == 24


def test_a_camper_card_whose_scrap_is_gone_from_the_pile_is_skipped():
    state = GAME.initial_state(2, 4)
    nxt = state.campers[-1]
    state.pile[scrap(nxt)] = 0  # (conservation is not the point here)
    state.apply(state.to_act[0], ("place", 0))
    assert state.pending != scrap(nxt)
    assert state.camper_discard[-2] == nxt


def test_the_camper_deck_is_reshuffled_from_its_discard_when_it_runs_out():
    state = GAME.initial_state(2, 4)
    state.draw(state.campers, state.camper_discard, len(state.campers) - 1)  # turned face up, one left
    while state.phases.current == "place" and len(state.campers):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    if state.phases.current == "place":
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    assert len(state.campers) + len(state.camper_discard) == 24


def test_placement_stops_if_the_pile_is_empty():
    state = GAME.initial_state(2, 4)
    state.pile = [0] * len(state.pile)  # (conservation is not the point here)
    state.pile[state.pending] = 1
    state.apply(state.to_act[0], ("place", 0))
    assert state.phases.current == "play"
