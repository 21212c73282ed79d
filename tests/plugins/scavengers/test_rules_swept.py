"""Rules a mutation sweep of `rules.py` and `game.py` found no test pinned: the Rabbit's hop needs a card in hand,
every match lasts at least one round, the ranking at the bound counts all scraps on the unfinished Food cards, and
a Rain Shower reaches a Rabbit that has hopped (RULES.md, Assumptions 1, 2 and 9)."""

import pytest

from corekit.options import OptionError
from plugins.scavengers import rules
from plugins.scavengers.game import Scavengers
from plugins.scavengers.rules import Trial
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, pass_all


def test_the_rabbit_hop_is_offered_only_to_a_player_with_cards_left_in_hand():
    # "You may not use this effect if you do not have any cards left in your hand." A seat that plays its last card
    # is out of the round, so the game never asks; the rules' own list of plays (which the heuristic asks of a copy
    # of the table) must not offer the hop either.
    state = Scenario(2).tan(0, QUARTZ, ["Rabbit 2"]).hand(0, ["Crow 1"]).hand(1, ["Crow 2"]).state
    board = Trial.of(state)
    rabbit = card("Rabbit 2")
    assert [a for a in rules.plays(board, 0, [card("Crow 1")]) if a[0] == "hop"] == [
        ("hop", rabbit, QUARTZ, GRIZZLY),
        ("hop", rabbit, QUARTZ, ELK),
    ]
    assert rules.plays(board, 0, []) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [({"max_rounds": "0"}, "max_rounds"), ({"end": "rounds", "laps": "0"}, "laps")],
    ids=["race bound 0", "rounds laps 0"],
)
def test_a_round_bound_of_0_is_refused_every_match_lasts_at_least_one_round(options, message):
    # RULES.md Assumptions 1 and 2: the bound is a number of rounds (max_rounds) or of times each player leads
    # (laps); 0 would end the game after its first round all the same, so it is refused rather than read as 1.
    with pytest.raises(OptionError, match=message):
        Scavengers().make_options(options)
    assert Scavengers().make_options({**options, message: "1"})


def test_at_the_bound_the_tie_break_is_the_number_of_scraps_on_the_unfinished_food_cards_not_the_biggest_pile():
    # Assumption 1: "then the one with the most scraps on their other Food cards". Seat 0 holds two Eggs (one type),
    # seat 1 three different scraps: seat 1 has more scraps, though seat 0 has more of one type.
    state = (
        Scenario(2, max_rounds=1)
        .held(0, ["Egg", "Egg"])
        .held(1, ["Egg", "Bun", "Meat"])
        .hand(0, ["Bear"])
        .hand(1, ["Crow 2"])
        .state
    )
    state.apply(0, ("play", card("Bear"), 3))
    pass_all(state)
    assert state.is_terminal
    assert state.winners == (1,)
    assert state.returns() == [0.0, 1.0]


def test_a_rain_shower_may_remove_a_rabbit_of_strength_2_that_has_hopped():
    # A hopped Rabbit is still a tan Scavenger of its strength: the Rain Shower reaches it like any other of 2 or less.
    rabbit = card("Rabbit 2")
    state = (
        Scenario(2)
        .tan(1, ELK, ["Rabbit 2"], hopped=True)
        .tan(1, ELK, ["Coyote 4"])
        .hand(0, ["Rain Shower", "Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    removal = ("play", card("Rain Shower"), ELK, 1, rabbit, 1)
    assert removal in state.legal_actions(0)
    state.apply(0, removal)
    assert state.tan[ELK] == [(1, card("Coyote 4"), False)]
    assert sorted(state.discard) == sorted([rabbit, card("Rain Shower")])
