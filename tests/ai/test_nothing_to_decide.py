"""A built-in player asked to decide for a seat with nothing to decide says so in one line (a script's mistake)."""

from __future__ import annotations

import pytest

from corekit import NothingToDecide, PlayerNotBuilt, SeatView, default_registry, make_player

REGISTRY = default_registry()
SPECS = ["random", "heuristic", "mcts:iterations=20", "mcts:steps=100", "os-mcts:iterations=5", "human"]


def finished(game_id: str) -> object:
    state = REGISTRY.game(game_id).initial_state(2, 42)
    while not state.is_terminal:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_a_player_asked_about_a_finished_match_says_the_match_is_over(spec: str) -> None:
    # From an outside tester: mcts with a steps budget (slasher's default) searched forever, since a finished state
    # adds no step; the others raised an IndexError or an empty min() from their insides.
    if spec.startswith("os-"):
        pytest.importorskip("pyspiel")
    game = REGISTRY.game("slasher")
    with pytest.raises(NothingToDecide, match=r"^seat 0 has nothing to decide: the match is over$"):
        make_player(game, spec, 1).decide(SeatView(finished("slasher"), 0))


@pytest.mark.parametrize("spec", SPECS)
def test_a_player_asked_for_a_seat_whose_turn_it_is_not_names_the_seats_to_act(spec: str) -> None:
    if spec.startswith("os-"):
        pytest.importorskip("pyspiel")
    game = REGISTRY.game("grizzly-race")
    state = game.initial_state(2, 1)
    state.apply(0, state.legal_actions(0)[0])  # seat 0 has committed; seat 1 is to act
    with pytest.raises(NothingToDecide, match=r"^seat 0 has nothing to decide here: seat 1 to act$"):
        make_player(game, spec, 1).decide(SeatView(state, 0))


def test_make_player_builds_the_spec_as_a_match_does_with_the_games_defaults() -> None:
    game = REGISTRY.game("camp-grizzly")
    state = game.initial_state(1, 3)
    seat = state.to_act[0]
    player = make_player(game, "mcts", 5)
    assert player.options.trust == 2  # camp-grizzly's default for mcts (`campfire games`)
    assert player.decide(SeatView(state, seat)) in state.legal_actions(seat)


def test_make_player_refuses_a_games_id_and_names_the_spec_a_player_plugin_could_not_build() -> None:
    with pytest.raises(TypeError, match=r"^make_player takes a Game \(registry.game\(id\)\), not str 'grizzly-race'$"):
        make_player("grizzly-race", "random")  # type: ignore[arg-type]
    with pytest.raises(PlayerNotBuilt, match=r"^player 'random' could not be built: "):
        make_player(REGISTRY.game("grizzly-race"), "random", "x")  # type: ignore[arg-type]
