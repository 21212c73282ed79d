"""The Scavengers heuristic: bids where it needs scraps, times Dog, Owl and Late Night Campers against
the leader, passes when it cannot win a Camp."""

import pytest

from corekit import Rng
from plugins.scavengers import heuristic
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, pass_all, scrap


def choose(state, seat=0):
    return heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))


def test_it_bids_at_the_camp_holding_the_scraps_it_needs():
    # Quartz holds more scraps, but only Elk's Egg fits my Food cards (my Kabobs are done).
    state = (
        Scenario(2)
        .done(0, ["Kabobs"])
        .scraps(QUARTZ, ["Meat", "Meat", "Onion"])
        .scraps(ELK, ["Egg"])
        .hand(0, ["Coyote 5", "Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    assert choose(state) == ("play", card("Coyote 5"), ELK)


def test_it_passes_when_it_cannot_win_a_camp():
    state = (
        Scenario(2)
        .scraps(QUARTZ, ["Egg"])
        .scraps(ELK, ["Bun"])
        .scraps(GRIZZLY, ["Meat"])
        .tan(1, QUARTZ, ["Coyote 6"])
        .tan(1, ELK, ["Raccoon 5"])
        .tan(1, GRIZZLY, ["Coyote 5"])
        .hand(0, ["Crow 1", "Porcupine 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    assert choose(state) == ("pass",)


def test_as_camp_leader_it_opens_with_its_cheapest_card_when_no_play_helps():
    # Passing would help no more, but the round's first play must be a card: the one that costs least.
    state = Scenario(2).hand(0, ["Coyote 6", "Crow 1"]).hand(1, ["Crow 2"]).state
    action = choose(state)
    assert action[:2] == ("play", card("Crow 1"))
    assert action in state.legal_actions(0)


def test_it_plays_the_dog_on_the_leader_winning_a_camp():
    state = (
        Scenario(2)
        .done(1, ["Chili Dog", "Kabobs", "S'mores"])
        .held(1, ["Egg", "Egg", "Cheese"])
        .scraps(ELK, ["Pepper"])
        .tan(1, ELK, ["Coyote 6"])
        .tan(0, ELK, ["Crow 2"])
        .hand(0, ["Dog", "Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    assert choose(state) == ("play", card("Dog"), ELK)


def test_it_aims_the_dog_at_the_leader_rather_than_at_another_opponent():
    # Seat 1 leads (a Food card done). Seats 1 and 2 each stand to win two scraps they need; I need
    # neither Camp's scraps, so the Dog only matters for whom it stops: the leader.
    state = (
        Scenario(3)
        .done(0, ["Omelet", "Kabobs"])
        .done(1, ["Chili Dog"])
        .scraps(QUARTZ, ["Egg", "Cheese"])
        .tan(2, QUARTZ, ["Coyote 5"])
        .scraps(ELK, ["Meat", "Onion"])
        .tan(1, ELK, ["Coyote 6"])
        .hand(0, ["Dog", "Crow 1"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    assert choose(state) == ("play", card("Dog"), ELK)


def test_it_plays_the_owl_on_the_leaders_mouse():
    state = (
        Scenario(2)
        .done(1, ["Chili Dog", "Kabobs", "S'mores"])
        .held(1, ["Egg", "Egg", "Cheese"])
        .scraps(GRIZZLY, ["Pepper", "Meat"])
        .tan(1, GRIZZLY, ["Mouse 1"])
        .tan(0, GRIZZLY, ["Coyote 6"])
        .hand(0, ["Owl 2", "Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    # Without the Owl the leader's Mouse would take the Pepper that completes their last meal.
    assert choose(state) == ("play", card("Owl 2"), GRIZZLY, 1, card("Mouse 1"))


def test_it_plays_late_night_campers_where_the_leader_relies_on_strong_cards():
    state = (
        Scenario(2)
        .done(1, ["Chili Dog", "Kabobs"])
        .held(1, ["Egg", "Cracker"])
        .scraps(ELK, ["Egg", "Cheese", "Cracker"])
        .tan(1, ELK, ["Coyote 6"])
        .tan(0, ELK, ["Crow 2", "Squirrel 1"])
        .hand(0, ["Late Night Campers", "Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    assert choose(state) == ("play", card("Late Night Campers"), ELK)


def test_its_mouse_takes_the_scrap_it_needs():
    state = (
        Scenario(2)
        .done(0, ["Omelet"])
        .scraps(ELK, ["Egg", "Chili", "Bun"])
        .tan(0, ELK, ["Mouse 1"])
        .tan(1, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .held(0, ["Bun"])
        .state
    )
    pass_all(state)
    assert choose(state) == ("mouse", scrap("Chili"))


def _placing(scenario, name):
    state = scenario.state
    state.phases.index = 0
    state.pending = scrap(name)
    state.pile[state.pending] -= 1
    state.placer = 0
    return state


def test_it_places_a_scrap_it_needs_where_its_scraps_gather():
    state = _placing(Scenario(2).scraps(QUARTZ, ["Meat"]).scraps(GRIZZLY, ["Egg", "Cheese"]), "Egg")
    assert choose(state) == ("place", GRIZZLY)


def test_it_places_a_scrap_it_does_not_need_away_from_what_the_leader_needs():
    state = _placing(
        Scenario(2).done(0, ["Omelet"]).done(1, ["Chili Dog"]).scraps(QUARTZ, ["Meat"]).scraps(GRIZZLY, ["Cracker"]),
        "Egg",
    )
    # The Egg is useless to me; the leader (seat 1) needs Meat, Cracker and Egg alike, so it goes to the
    # empty Elk rather than making another Camp richer for them.
    assert choose(state) == ("place", ELK)


@pytest.mark.parametrize("players", [2, 4])
def test_its_evaluation_is_a_share_per_seat(players):
    from plugins.scavengers.game import Scavengers

    state = Scavengers().initial_state(players, 3)
    values = heuristic.evaluate(state)
    assert len(values) == players and abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)


def test_it_beats_random_play():
    from plugins.scavengers.game import Scavengers

    game, wins = Scavengers(), 0.0
    for seed in range(6):
        state, rng = game.initial_state(2, seed), Rng(seed)
        me = seed % 2
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = (
                heuristic.policy(state.observation(seat), seat, legal, rng)
                if seat == me
                else legal[rng.below(len(legal))]
            )
            state.apply(seat, action)
        wins += state.returns()[me]
    assert wins >= 5


def test_a_plain_mcts_seat_takes_the_games_cutoff_budget_and_campfire_games_shows_it():
    import json

    from click.testing import CliRunner

    from ai.mcts import Rollout
    from corekit import PlayerSpec, default_registry
    from corekit.cli import cli
    from corekit.players import build_player

    registry = default_registry()
    game = registry.game("scavengers")
    player = build_player(
        registry.player_type("mcts"), PlayerSpec.parse("mcts"), 0, game, registry.heuristic("scavengers")
    )
    assert (player.options.iterations, player.options.rollout, player.options.depth) == (200, Rollout.CUTOFF, 10)
    listed = json.loads(CliRunner().invoke(cli, ["games", "--json"]).output)
    scavengers = next(entry for entry in listed if entry["id"] == "scavengers")
    assert scavengers["player_defaults"] == {"mcts": "iterations=200,rollout=cutoff,depth=10"}
