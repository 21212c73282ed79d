"""Every installed game lists its actions once each, and every action legal in a seeded random match of any
shape, at any point, for any seat, is in the list (the numbering OpenSpiel and PettingZoo use)."""

from __future__ import annotations

import pytest

from corekit import Rng
from corekit.plugins import default_registry
from tests.corekit.interop.conftest import every_shape

MATCHES = 12


@every_shape
def test_every_legal_action_of_random_matches_is_listed_once(game_id, players):
    game = default_registry().game(game_id)
    options = game.make_options(None)
    space = game.action_space(players, options)
    assert space is not None, f"{game_id} lists no actions"
    assert len(set(space)) == len(space), "an action is listed twice"
    listed = set(space)
    for seed in range(MATCHES):
        state = game.initial_state(players, seed, options)
        moves = Rng(seed + 1000)
        while not state.is_terminal:
            for seat in state.to_act:
                outside = [action for action in state.legal_actions(seat) if action not in listed]
                assert not outside, f"seed {seed}, seat {seat}: {outside[0]!r} is legal but not listed"
            seat = state.to_act[moves.below(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[moves.below(len(legal))])


def test_the_slasher_lists_every_extra_discard_of_the_optional_rule():
    game = default_registry().game("slasher")
    plain = game.action_space(4, game.make_options(None))
    with_discards = game.action_space(4, game.make_options({"discard_one": "true"}))
    assert set(plain) < set(with_discards)
    state = game.initial_state(4, 7, {"discard_one": "true"})
    moves, listed = Rng(7), set(with_discards)
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert set(legal) <= listed
        state.apply(seat, legal[moves.below(len(legal))])


@pytest.mark.parametrize("game_id", sorted(default_registry().games))
def test_the_listing_depends_only_on_the_shape_of_the_match(game_id):
    game = default_registry().game(game_id)
    options = game.make_options(None)
    assert list(game.action_space(game.max_players, options)) == list(game.action_space(game.max_players, options))
