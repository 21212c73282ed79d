"""The slasher heuristic: own teen safe or in a crowd, rivals into Nature alone, escapes saved for itself."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corekit import Rng
from plugins.slasher import heuristic
from plugins.slasher.cards import (
    BEACH,
    FLEE,
    JUST_A_CAT,
    MAIN_HOUSE,
    NATURE,
    PANIC,
    SECRET_KILL,
    SEX_KILLS,
    UNEXPECTED_KILL,
    victims,
)
from plugins.slasher.game import KILLER, LOCATION, PASS, REACT, Slasher
from tests.plugins.slasher.scenario import FILLERS, arranged, attack, choose


def test_it_sends_a_rival_into_nature_alone():
    state = arranged(
        [[NATURE, FLEE, FLEE, PANIC], *FILLERS[1:4]], {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: BEACH}
    )
    assert choose(state, 0) == (LOCATION, NATURE, 3)


def test_it_moves_its_own_teen_into_a_crowd_out_of_danger():
    state = arranged(
        [[MAIN_HOUSE, FLEE, FLEE, PANIC], *FILLERS[1:4]], {0: NATURE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: BEACH}
    )
    assert choose(state, 0) == (LOCATION, MAIN_HOUSE, 0)


def test_it_plays_a_killer_that_strikes_a_rival_and_not_itself():
    state = arranged(
        [[SECRET_KILL, UNEXPECTED_KILL, FLEE, FLEE], *FILLERS[1:4]], {0: MAIN_HOUSE, 1: NATURE, 2: BEACH, 3: BEACH}
    )
    assert choose(state, 0) == (KILLER, SECRET_KILL), "Unexpected Kill would strike its own lone teen"


def test_it_keeps_just_a_cat_when_a_rival_is_the_victim():
    hands = [[SECRET_KILL, *FILLERS[0]], [JUST_A_CAT, FLEE, MAIN_HOUSE, MAIN_HOUSE], *FILLERS[2:4]]
    state = attack(SECRET_KILL, {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: NATURE}, hands=hands)
    state.apply(0, (PASS,))
    assert choose(state, 1) == (PASS,)


def test_it_plays_just_a_cat_when_its_teen_is_the_likely_victim():
    hands = [[SEX_KILLS, *FILLERS[0]], [JUST_A_CAT, FLEE, MAIN_HOUSE, MAIN_HOUSE], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, hands=hands)
    state.apply(0, (PASS,))
    assert choose(state, 1) == (REACT, JUST_A_CAT)


def test_it_flees_itself_when_it_has_no_cat():
    hands = [[SEX_KILLS, *FILLERS[0]], [PANIC, FLEE, MAIN_HOUSE, MAIN_HOUSE], *FILLERS[2:4]]
    state = attack(SEX_KILLS, {0: MAIN_HOUSE, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}, hands=hands)
    state.apply(0, (PASS,))
    assert choose(state, 1) == (REACT, FLEE, 1)


def test_its_evaluation_gives_the_exposed_teen_the_smaller_share():
    state = arranged([[MAIN_HOUSE] * 4, *FILLERS[1:4]], {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: MAIN_HOUSE, 3: NATURE})
    values = heuristic.evaluate(state)
    assert sum(values) == pytest.approx(1.0)
    assert values[3] < values[0] == values[1] == values[2]


@pytest.mark.slow
def test_it_beats_random_players_by_a_clear_margin():
    game, wins, matches = Slasher(), 0.0, 90
    for index in range(matches):
        state, rng, seat_h = game.initial_state(3, 500 + index), Rng(index), index % 3
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat == seat_h:
                action = heuristic.policy(state.observation(seat), seat, legal, rng)
            else:
                action = legal[rng.below(len(legal))]
            state.apply(seat, action)
        wins += state.returns()[seat_h]
    assert wins / matches > 0.45, "a fair share of 3 seats is 0.33"


def test_its_evaluation_counts_a_face_down_killer_as_certain_unless_a_cat_is_in_hand():
    places = {0: BEACH, 1: NATURE, 2: MAIN_HOUSE, 3: MAIN_HOUSE}
    with_cat = [[SECRET_KILL, *FILLERS[0]], [JUST_A_CAT, FLEE, MAIN_HOUSE, MAIN_HOUSE], *FILLERS[2:4]]
    without = [[SECRET_KILL, *FILLERS[0]], [MAIN_HOUSE] * 4, *FILLERS[2:4]]
    covered = heuristic.evaluate(attack(SECRET_KILL, places, hands=with_cat))
    exposed = heuristic.evaluate(attack(SECRET_KILL, places, hands=without))
    assert exposed[1] < covered[1] < covered[0] == covered[2] == covered[3]


def test_its_evaluation_fears_the_killer_in_the_next_players_hand():
    hands = [[MAIN_HOUSE] * 4, [SECRET_KILL, FLEE, FLEE, FLEE], *FILLERS[2:4]]
    state = arranged(hands, {0: MAIN_HOUSE, 1: MAIN_HOUSE, 2: BEACH, 3: NATURE}, first=1)
    values = heuristic.evaluate(state)
    assert values[3] < values[2], "seat 1's Secret Kill would strike seat 3, alone in Nature"


def test_a_plain_mcts_seat_searches_flat_with_heuristic_playouts():
    from ai.mcts import Rollout
    from corekit import PlayerSpec, default_registry
    from corekit.players import build_player

    registry = default_registry()
    player = build_player(
        registry.player_type("mcts"),
        PlayerSpec.parse("mcts"),
        0,
        registry.game("slasher"),
        registry.heuristic("slasher"),
    )
    assert (player.options.tree_depth, player.options.rollout, player.options.iterations) == (
        1,
        Rollout.HEURISTIC,
        1000,
    )


@given(
    st.dictionaries(st.integers(0, 5), st.integers(NATURE, MAIN_HOUSE), max_size=6),
    st.tuples(*[st.integers(0, 4).map(float)] * 3),
)
def test_danger_sums_each_killers_share_over_whom_it_would_strike(places, counts):
    # `danger` reads whom each killer strikes from a cache shared across boards: it must give, bit for bit, what
    # grouping this board's teens and striking gives (the sums in the same order).
    weights = dict(zip((SEX_KILLS, SECRET_KILL, UNEXPECTED_KILL), counts, strict=True))
    total = sum(weights.values()) or 1.0
    expected: dict[int, float] = {}
    for killer, weight in weights.items():
        if weight:
            for seat in victims(places, killer):
                expected[seat] = expected.get(seat, 0.0) + weight / total
    risk = heuristic.danger(places, weights)
    assert list(risk.items()) == list(expected.items())
