"""The running commentary: `Scavengers.events` between two observations of the same viewer."""

from corekit import Rng
from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.game import Scavengers, ScavengersOptions, ScavengersState
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, pass_all, scoring_example, scrap

GAME = Scavengers()
ROUND_1_SCORING = [
    "Round 1 collection:",
    "    seat 0 took Bun at Grizzly with a Mouse",
    "    seat 1 took Meat at Quartz",
    "    seat 1 took Onion at Quartz",
    "    seat 1 took Cracker at Quartz",
    "    seat 0 took Egg at Elk",
    "    seat 0 took Cheese at Elk",
    "    seat 0 took Pepper at Elk",
]


def step(state: ScavengersState, seat: int, action: tuple, viewer: int | None = None) -> list[str]:
    """Apply one action and return the commentary `viewer` gets for it."""
    before = state.observation(viewer)
    state.apply(seat, action)
    return GAME.events(before, state.observation(viewer))


def test_events_list_each_collection_when_a_round_ends():
    state = scoring_example().state
    assert step(state, 0, ("pass",)) == []
    assert step(state, 1, ("pass",)) == [*ROUND_1_SCORING, "Round 2 begins: seat 1 is Camp Leader"]


def test_every_viewer_gets_the_same_collection_lines():
    for viewer in (None, 0, 1):
        state = scoring_example().state
        step(state, 0, ("pass",), viewer)
        said = step(state, 1, ("pass",), viewer)
        start = said.index(ROUND_1_SCORING[0])  # seat 0 is told first that seat 1 passed
        assert said[start : start + len(ROUND_1_SCORING)] == ROUND_1_SCORING


def test_events_split_a_collection_where_a_mouse_owner_chooses():
    state = (
        Scenario(2)
        .scraps(ELK, ["Egg", "Chili", "Bun"])
        .tan(0, ELK, ["Mouse 1"])
        .tan(1, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    step(state, 0, ("pass",))
    assert step(state, 1, ("pass",)) == ["Round 1 collection:", "    a Mouse's owner chooses a scrap next"]
    assert step(state, 0, ("mouse", scrap("Chili"))) == [
        "Round 1 collection, continued:",
        "    seat 0 took Chili at Elk with a Mouse",
        "    seat 1 took Bun at Elk",
        "    seat 1 took Egg at Elk",
        "Round 2 begins: seat 1 is Camp Leader",
    ]


def test_a_round_where_nobody_takes_anything_says_so():
    state = Scenario(2).scraps(ELK, ["Egg"]).hand(0, ["Bear"]).hand(1, ["Crow 2"]).state
    step(state, 0, ("play", card("Bear"), DEN))
    assert step(state, 1, ("pass",)) == ["Round 1 collection: nothing taken", "Round 2 begins: seat 1 is Camp Leader"]


def test_a_scrap_nobody_needs_is_said_to_go_back_to_the_pile():
    state = (
        Scenario(2)
        .scraps(QUARTZ, ["Bun"])
        .held(0, ["Bun"])
        .tan(0, QUARTZ, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    step(state, 0, ("pass",))
    assert step(state, 1, ("pass",))[:2] == [
        "Round 1 collection:",
        "    seat 0 took Bun at Quartz, not needed: back to the pile",
    ]


def test_events_name_the_food_card_completed_and_the_winner_when_the_game_ends():
    state = (
        Scenario(2)
        .done(0, ["Omelet", "Kabobs", "S'mores"])
        .held(0, ["Bun", "Sausage", "Chili"])
        .scraps(QUARTZ, ["Chili"])
        .tan(0, QUARTZ, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    step(state, 0, ("pass",))
    assert step(state, 1, ("pass",)) == [
        "Round 1 collection:",
        "    seat 0 took Chili at Quartz",
        "seat 0 completed Chili Dog (4 of 4 Food cards)",
        "Game over: seat 0 completed every Food card and wins",
    ]
    assert state.winners == (0,)


def test_events_name_the_winners_by_food_cards_when_the_last_round_ends():
    state = Scenario(2, max_rounds=1).done(1, ["Omelet"]).hand(0, ["Bear"]).hand(1, ["Crow 2"]).state
    step(state, 0, ("play", card("Bear"), DEN))
    assert step(state, 1, ("pass",)) == [
        "Round 1 collection: nothing taken",
        "Game over after round 1: seat 1 wins with 1 Food card completed and 0 scraps on the others",
    ]


def test_a_shared_win_is_worded_in_the_plural():
    state = (
        Scenario(3, end="rounds", laps=1)
        .held(0, ["Egg"])
        .held(1, ["Egg"])
        .held(2, ["Egg"])
        .hand(0, ["Bear"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Crow 2"])
        .state
    )
    state.phases.round = 2  # the third and last round
    step(state, 0, ("play", card("Bear"), DEN))
    step(state, 1, ("pass",))
    assert step(state, 2, ("pass",)) == [
        "Round 3 collection: nothing taken",
        "Game over after round 3: seat 0, seat 1 and seat 2 share the win with 0 Food cards completed and 1 scrap "
        "on the others",
    ]


def test_events_say_which_scrap_was_placed_at_which_camp():
    state = GAME.initial_state(3, 7, ScavengersOptions())
    pending = state.observation(1).pending
    assert step(state, 0, ("place", ELK), viewer=1) == [f"seat 0 placed {CONTENT.scraps[pending]} at Elk"]


def test_events_name_the_cards_a_dog_discards_but_not_a_hop():
    state = (
        Scenario(2)
        .tan(1, ELK, ["Coyote 6"])
        .tan(0, ELK, ["Raccoon 4"])
        .tan(0, QUARTZ, ["Rabbit 3"])
        .hand(0, ["Dog", "Crow 1"])
        .hand(1, ["Crow 2", "Coyote 4"])
        .state
    )
    assert step(state, 0, ("play", card("Dog"), ELK)) == ["Discarded from Elk: seat 1's Coyote 6"]
    assert step(state, 1, ("play", card("Crow 2"), GRIZZLY)) == []
    assert step(state, 0, ("hop", card("Rabbit 3"), QUARTZ, ELK)) == []


def test_events_are_empty_between_an_observation_and_itself():
    state = Scenario(2).scraps(ELK, ["Egg", "Chili"]).tan(0, ELK, ["Mouse 1"]).hand(0, ["Crow 1"]).state
    pass_all(state)  # seat 0's Mouse now chooses
    for viewer in (None, 0, 1):
        obs = state.observation(viewer)
        assert obs.phase == "collect" and GAME.events(obs, obs) == []


def test_a_whole_game_commentary_reports_every_scrap_taken_exactly_once():
    """Over whole random games, one "took" line per scrap that left the Camps: placing adds a scrap,
    a Squirrel or a Weasel only moves one, so what the Camps lose in one action is what was collected."""
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        state = GAME.initial_state(players, seed, ScavengersOptions())
        rng = Rng(seed)
        said = taken = 0
        before = state.observation(None)
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            after = state.observation(None)
            said += sum(line.startswith("    ") and " took " in line for line in GAME.events(before, after))
            taken += max(0, sum(len(c.scraps) for c in before.camps) - sum(len(c.scraps) for c in after.camps))
            before = after
        assert said == taken > 0


def test_the_render_shows_the_last_collection_in_the_commentarys_words():
    state = scoring_example().state
    step(state, 0, ("pass",))
    said = step(state, 1, ("pass",))
    for viewer in (None, 0, 1):
        lines = GAME.render(state.observation(viewer), viewer).splitlines()
        start = lines.index("Round 1 collection:")
        assert lines[start : start + len(ROUND_1_SCORING)] == said[: len(ROUND_1_SCORING)] == ROUND_1_SCORING
        assert lines[start + len(ROUND_1_SCORING)].startswith(("Your hand (", "Hand of seat 0 ("))


def test_the_render_shows_a_collection_under_way_and_none_before_the_first():
    state = (
        Scenario(2)
        .scraps(ELK, ["Egg", "Chili", "Bun"])
        .scraps(QUARTZ, ["Meat"])
        .tan(0, ELK, ["Mouse 1"])
        .tan(1, QUARTZ, ["Mouse 1"])
        .hand(0, ["Crow 1"])
        .state
    )
    assert "collection" not in GAME.render(state.observation(0), 0)
    pass_all(state)
    lines = GAME.render(state.observation(1), 1).splitlines()
    assert lines[0] == "Round 1, collecting scraps."
    start = lines.index("Round 1 collection so far:")
    assert lines[start : start + 3] == [
        "Round 1 collection so far:",
        "    seat 1 took Meat at Quartz with a Mouse",
        "    a Mouse's owner chooses a scrap next",
    ]


def test_every_seat_gets_the_full_views_commentary_so_it_reads_nothing_hidden():
    """Events read public fields only: a seat's lines equal the full view's at every step of a game, but for
    the line telling it another seat's play, hop or pass, though the full view also holds every hand, the
    undealt cards and the Camper deck."""
    state = GAME.initial_state(3, 8, ScavengersOptions())
    rng = Rng(8)
    viewers = (None, 0, 1, 2)
    before = {viewer: state.observation(viewer) for viewer in viewers}
    lines = 0
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = legal[rng.below(len(legal))]
        state.apply(seat, action)
        after = {viewer: state.observation(viewer) for viewer in viewers}
        said = [GAME.events(before[viewer], after[viewer]) for viewer in viewers]
        told = [] if action[0] in ("place", "mouse") else [f"seat {seat}: {GAME.action_text(action)}"]
        assert said[1:] == [said[0] if viewer == seat else told + said[0] for viewer in (0, 1, 2)]
        lines += len(said[0])
        before = after
    assert lines > 50


def test_a_seat_is_told_every_other_seats_play_hop_and_pass_since_its_last_move():
    state = (
        Scenario(3)
        .tan(1, QUARTZ, ["Rabbit 3"])
        .hand(0, ["Crow 1", "Crow 2"])
        .hand(1, ["Coyote 4", "Crow 2"])
        .hand(2, ["Raccoon 3", "Dog"])
        .state
    )
    before = state.observation(0)
    state.apply(0, ("play", card("Crow 1"), GRIZZLY))  # its own move: not told back to it
    state.apply(1, ("hop", card("Rabbit 3"), QUARTZ, ELK))
    state.apply(2, ("play", card("Raccoon 3"), ELK))
    state.apply(0, ("pass",))
    state.apply(1, ("play", card("Coyote 4"), ELK))
    state.apply(2, ("pass",))
    assert GAME.events(before, state.observation(0)) == [
        "seat 1: hop Rabbit 3 from Quartz to Elk",
        "seat 2: play Raccoon 3 at Elk",
        "seat 1: play Coyote 4 at Elk",
        "seat 2: pass",
    ]
    assert GAME.events(before, state.observation(None)) == []  # the full view is every seat's: no one else


def test_a_seat_is_told_which_scrap_every_seat_placed_where_since_its_last_move():
    state = GAME.initial_state(3, 7, ScavengersOptions())
    before = state.observation(1)
    placed = []
    for _ in range(4):  # seats 0, 1, 2, 0
        seat, scrap_type = state.to_act[0], state.pending
        state.apply(seat, ("place", ELK if len(placed) < 3 else QUARTZ))
        placed.append(f"seat {seat} placed {CONTENT.scraps[scrap_type]} at {'Elk' if len(placed) < 3 else 'Quartz'}")
    assert GAME.events(before, state.observation(1)) == placed
