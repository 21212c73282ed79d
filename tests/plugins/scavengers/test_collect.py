"""Collect Food Scraps, the rulebook's scoring example, and the end of the game."""

import pytest

from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.game import Scavengers, ranking
from plugins.scavengers.rules import strengths, totals
from tests.plugins.scavengers.scenario import (
    ELK,
    FOOD,
    GRIZZLY,
    QUARTZ,
    Scenario,
    card,
    pass_all,
    scoring_example,
    scrap,
)


def held(state, seat, name):
    return state.held[seat][scrap(name)]


def test_the_rulebook_scoring_example():
    scenario = scoring_example()
    state = scenario.state
    assert strengths(state, ELK) == [5, 1, 0, 0, 1]
    assert totals(state, ELK, 2) == [6, 1]
    assert totals(state, GRIZZLY, 2) == [1, 5]
    assert totals(state, QUARTZ, 2) == [1, 6]
    pass_all(state)
    assert [held(state, 0, n) for n in ("Egg", "Cheese", "Pepper", "Bun")] == [1, 1, 1, 1]
    assert [held(state, 1, n) for n in ("Meat", "Onion", "Cracker", "Bun")] == [1, 1, 1, 0]
    assert [held(state, 0, n) for n in ("Meat", "Onion", "Cracker")] == [0, 0, 0]
    assert state.report == (
        (0, GRIZZLY, scrap("Bun"), "Mouse", True),
        (1, QUARTZ, scrap("Meat"), "wins", True),
        (1, QUARTZ, scrap("Onion"), "wins", True),
        (1, QUARTZ, scrap("Cracker"), "wins", True),
        (0, ELK, scrap("Egg"), "wins", True),
        (0, ELK, scrap("Cheese"), "wins", True),
        (0, ELK, scrap("Pepper"), "wins", True),
    )


def test_the_mouse_majority_chooses_its_scrap_before_the_winner_takes_the_rest():
    state = (
        Scenario(2)
        .scraps(ELK, ["Egg", "Chili", "Bun"])
        .tan(0, ELK, ["Mouse 1"])
        .tan(1, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert state.to_act == (0,)
    assert list(state.legal_actions(0)) == [("mouse", scrap("Bun")), ("mouse", scrap("Chili")), ("mouse", scrap("Egg"))]
    state.apply(0, ("mouse", scrap("Chili")))
    assert held(state, 0, "Chili") == 1
    assert (held(state, 1, "Egg"), held(state, 1, "Bun")) == (1, 1)


def test_the_most_mice_take_even_when_other_players_have_mice_there_too():
    # Two Mice against one and one: seat 0 takes first, though seat 2 wins the Camp.
    state = (
        Scenario(3)
        .scraps(ELK, ["Egg", "Egg"])
        .tan(0, ELK, ["Mouse 1", "Mouse 1"])
        .tan(1, ELK, ["Mouse 1"])
        .tan(2, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert state.report[0] == (0, ELK, scrap("Egg"), "Mouse", True)
    assert (held(state, 0, "Egg"), held(state, 1, "Egg"), held(state, 2, "Egg")) == (1, 0, 1)


def test_tied_mice_take_nothing():
    state = (
        Scenario(2)
        .scraps(ELK, ["Egg", "Chili"])
        .tan(0, ELK, ["Mouse 1", "Crow 1"])
        .tan(1, ELK, ["Mouse 1", "Coyote 4"])
        .hand(0, ["Crow 2"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert (held(state, 0, "Egg"), held(state, 0, "Chili")) == (0, 0)
    assert (held(state, 1, "Egg"), held(state, 1, "Chili")) == (1, 1)


def test_a_tie_for_the_highest_total_takes_nothing_and_the_scraps_stay():
    state = (
        Scenario(2)
        .scraps(GRIZZLY, ["Egg", "Chili", "Meat"])
        .tan(0, GRIZZLY, ["Coyote 4"])
        .tan(1, GRIZZLY, ["Raccoon 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert sum(map(sum, state.held)) == 0
    assert sorted(state.scraps[GRIZZLY]) == sorted(scrap(n) for n in ("Egg", "Chili", "Meat"))


def test_a_camp_where_everyone_has_strength_0_is_won_by_nobody():
    state = (
        Scenario(2)
        .scraps(GRIZZLY, ["Egg"])
        .tan(0, GRIZZLY, ["Coyote 4"])
        .gray(GRIZZLY, ["Late Night Campers"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert held(state, 0, "Egg") == 0


def test_a_scrap_the_winner_does_not_need_goes_back_to_the_pile():
    # One round only, so no placement of the next round draws on the pile.
    state = (
        Scenario(2, max_rounds=1)
        .scraps(QUARTZ, ["Egg", "Egg", "Egg"])
        .tan(0, QUARTZ, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    before = state.pile[scrap("Egg")]
    pass_all(state)
    assert state.is_terminal
    assert held(state, 0, "Egg") == 2  # the Omelet has two Egg spaces
    assert state.pile[scrap("Egg")] == before + 1
    assert state.scraps[QUARTZ] == []
    assert (0, QUARTZ, scrap("Egg"), "wins", False) in state.report


def test_a_full_food_card_is_turned_over_and_its_scraps_go_back_to_the_pile():
    state = (
        Scenario(2)
        .held(0, ["Egg", "Egg", "Cheese"])
        .scraps(ELK, ["Pepper"])
        .tan(0, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    total_pile = sum(state.pile)
    pass_all(state)
    assert state.done[0][FOOD["Omelet"]]
    assert [held(state, 0, n) for n in ("Egg", "Cheese", "Pepper")] == [0, 0, 0]
    placed_next_round = sum(map(len, state.scraps))
    assert sum(state.pile) == total_pile + 4 - placed_next_round


def test_completed_food_cards_take_no_more_scraps():
    state = (
        Scenario(2)
        .done(0, ["Omelet"])
        .scraps(ELK, ["Egg"])
        .tan(0, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert held(state, 0, "Egg") == 0


# ---- between rounds ----------------------------------------------------------------------------------


def test_a_new_round_has_the_next_camp_leader_a_fresh_deal_and_the_bear_in_its_den():
    state = (
        Scenario(3)
        .bear(ELK)
        .scraps(QUARTZ, ["Egg", "Bun"])
        .tan(0, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert state.leader == 1 and state.phases.round == 1
    assert state.bear == DEN
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert state.tan == [[], [], []] and state.gray == [[], [], []]
    assert state.to_act == (1,)  # the new Camp Leader places first
    assert sorted(state.scraps[QUARTZ]) == sorted([scrap("Egg"), scrap("Bun")])  # leftovers stay


def test_the_camp_leader_plays_first_in_every_round():
    # Round 2 has two scraps to place, by its leader (seat 1) then seat 2: play must not follow on to seat 0.
    state = (
        Scenario(3)
        .scraps(QUARTZ, ["Egg", "Bun", "Meat"])
        .scraps(GRIZZLY, ["Chili", "Onion", "Cheese"])
        .scraps(ELK, ["Cracker"])
        .hand(0, ["Bear"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    state.apply(0, ("play", card("Bear"), DEN))  # the Camp Leader's compulsory card, which changes no Camp
    pass_all(state)  # nobody played at a Camp: every scrap stays
    placers = []
    while state.phases.current == "place":
        placers.append(state.to_act[0])
        state.apply(placers[-1], ("place", ELK))
    assert (state.leader, placers) == (1, [1, 2])
    assert state.phases.current == "play" and state.to_act == (1,)


# ---- the end ---------------------------------------------------------------------------------------


def _all_but_omelet(scenario, seat):
    return scenario.done(seat, ["Chili Dog", "Kabobs", "S'mores"]).held(seat, ["Egg", "Egg", "Cheese"])


def test_the_first_player_to_complete_all_four_food_cards_wins():
    scenario = _all_but_omelet(Scenario(3), 2)
    state = (
        scenario.scraps(ELK, ["Pepper"])
        .tan(2, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    assert state.ending() is None
    pass_all(state)
    assert state.is_terminal
    assert state.returns() == [0.0, 0.0, 1.0]
    assert not state.legal_actions(2)
    assert state.ending() == "all Food completed"


def test_players_completing_all_four_in_the_same_round_share_the_win():
    scenario = _all_but_omelet(_all_but_omelet(Scenario(3), 0), 1)
    state = (
        scenario.scraps(ELK, ["Pepper"])
        .scraps(QUARTZ, ["Pepper"])
        .tan(0, ELK, ["Coyote 4"])
        .tan(1, QUARTZ, ["Coyote 5"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert state.returns() == [0.5, 0.5, 0.0]


def test_at_the_round_bound_most_completed_food_cards_win_then_most_scraps():
    assert ranking([[True, False], [True, False]], [[1, 0], [0, 2]]) == (1,)
    assert ranking([[True, True], [True, False]], [[0, 0], [0, 5]]) == (0,)
    assert ranking([[False], [False]], [[1], [1]]) == (0, 1)
    state = Scenario(2, max_rounds=1).done(1, ["Omelet"]).hand(0, ["Bear"]).hand(1, ["Crow 2"]).state
    state.apply(0, ("play", card("Bear"), DEN))
    pass_all(state)
    assert state.returns() == [0.0, 1.0]
    assert state.ending() == "rounds ran out"


def test_with_end_rounds_the_game_lasts_until_each_player_led_laps_times():
    game = Scavengers()
    options = game.make_options({"end": "rounds", "laps": "1"})
    assert game.rounds_bound(3, options) == 3
    state = Scenario(3, end="rounds", laps=1).hand(0, ["Crow 1"]).hand(1, ["Crow 2"]).hand(2, ["Crow 2"]).state
    for _ in range(3):
        assert not state.is_terminal
        while state.phases.current == "place":
            state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
        state.apply(state.leader, state.legal_actions(state.leader)[0])  # the Camp Leader opens with a card
        pass_all(state)
    assert state.is_terminal and state.phases.round == 3
    assert state.ending() == "rounds ran out"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"laps": "1"}, "laps=1 is for end=rounds; a race ends at max_rounds"),
        ({"end": "rounds", "max_rounds": "3"}, "max_rounds=3 is for end=race; end=rounds ends once every player has"),
    ],
)
def test_a_bound_of_the_other_way_of_ending_is_refused_rather_than_ignored(options, message):
    from corekit.options import OptionError

    with pytest.raises(OptionError, match=message):
        Scavengers().make_options(options)


def test_with_end_rounds_completing_all_four_food_cards_still_ends_the_game_at_once():
    scenario = _all_but_omelet(Scenario(2, end="rounds"), 1)
    state = scenario.scraps(ELK, ["Pepper"]).tan(1, ELK, ["Coyote 4"]).hand(0, ["Crow 1"]).hand(1, ["Crow 2"]).state
    pass_all(state)
    assert state.is_terminal and state.phases.round == 1  # of 4 rounds
    assert state.returns() == [0.0, 1.0]
    assert state.ending() == "all Food completed"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_ends_within_the_declared_bound(players):
    from corekit import Rng

    game = Scavengers()
    options = game.make_options({"max_rounds": "3"})
    bound = game.max_decisions(players, options)
    for seed in range(3):
        state = game.initial_state(players, seed, options)
        rng, steps = Rng(seed), 0
        while not state.is_terminal:
            legal = state.legal_actions(state.to_act[0])
            state.apply(state.to_act[0], legal[rng.below(len(legal))])
            steps += 1
        assert steps <= bound and state.phases.round <= 3
        assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_scraps_are_conserved_through_a_collection():
    state = (
        Scenario(2)
        .held(0, ["Egg", "Egg", "Cheese"])
        .scraps(ELK, ["Pepper", "Egg"])
        .tan(0, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    assert sum(state.pile) + sum(map(sum, state.held)) + sum(map(len, state.scraps)) == sum(CONTENT.scrap_counts)
