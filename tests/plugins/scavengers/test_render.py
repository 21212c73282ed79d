"""The terminal rendering and the action texts."""

from collections.abc import Iterator

from corekit import Rng
from plugins.scavengers.game import End, Scavengers, ScavengersOptions
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, scrap

GAME = Scavengers()


def test_the_rendering_shows_each_camp_with_scraps_cards_strengths_bear_and_crows():
    state = (
        Scenario(2)
        .scraps(ELK, ["Egg", "Egg", "Bun"])
        .tan(0, ELK, ["Coyote 5", "Crow 1"])
        .tan(1, ELK, ["Raccoon 4"])
        .gray(ELK, ["Cloudbreak"])
        .bear(GRIZZLY)
        .held(1, ["Chili"])
        .done(0, ["S'mores"])
        .hand(0, ["Dog", "Mouse 1"])
        .state
    )
    text = GAME.render(state.observation(0), 0)
    assert "Elk Camp: scraps Egg x2, Bun" not in text  # scraps are listed in type order
    assert "\nElk Camp: scraps Bun, Egg x2; 1 Crow token; gray card: Cloudbreak\n" in text
    assert "\nGrizzly Camp: scraps none; the Bear is here\n" in text
    assert "\n    seat 0 (you) [leader]: Coyote(8), Crow(1) = 9\n" in text
    assert "\n    seat 1: Raccoon(4) = 4\n" in text
    assert "S'mores DONE" in text
    assert "Chili Dog (Bun 0/1, Sausage 0/1, Chili 1/2)" in text
    assert text.endswith("\nYour hand (2): Dog, Mouse 1")
    assert "\nQuartz Camp: scraps none\n" in text


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = Scenario(2).hand(0, ["Dog"]).hand(1, ["Coyote 6"]).state
    text = GAME.render(state.observation(0), 0)
    assert "Coyote 6" not in text and "\nCards in hand: seat 0 has 1, seat 1 has 1. Undealt: 42. Discard: 0.\n" in text


def test_action_texts_read_as_the_move():
    assert GAME.action_text(("pass",)) == "pass"
    assert GAME.action_text(("place", QUARTZ)) == "place at Quartz"
    assert GAME.action_text(("play", card("Bear"), 3)) == "play Bear: move it to the Bear's Den"
    assert GAME.action_text(("play", card("Squirrel 2"), ELK, QUARTZ, scrap("Egg"))) == (
        "play Squirrel 2 at Elk, taking Egg from Quartz"
    )
    assert GAME.action_text(("play", card("Owl 2"), ELK, 1, card("Mouse 1"))) == (
        "play Owl 2 at Elk, discarding seat 1's Mouse 1"
    )
    assert GAME.action_text(("hop", card("Rabbit 3"), QUARTZ, ELK)) == "hop Rabbit 3 from Quartz to Elk"
    assert GAME.action_text(("mouse", scrap("Chili"))) == "Mouse takes Chili"


def _many_choices():
    """A seat-0 turn with a card of every kind of choice in hand, and something at Elk for each to choose."""
    return (
        Scenario(2)
        .scraps(ELK, ["Egg", "Bun"])
        .scraps(QUARTZ, ["Meat"])
        .tan(0, ELK, ["Rabbit 2", "Mouse 1"])
        .tan(1, ELK, ["Crow 1"])
        .gray(ELK, ["Late Night Campers"])
        .hand(0, ["Owl 2", "Skunk 1", "Weasel 1", "Squirrel 1", "Rain Shower", "Bear", "Dog"])
        .state
    )


def test_every_legal_action_has_its_own_text():
    legal = _many_choices().legal_actions(0)
    texts = {GAME.action_text(a) for a in legal}
    assert len(texts) == len(legal)


def test_action_steps_name_the_card_then_the_camp_then_each_choice_of_its_effect():
    # The human player asks a long menu by these steps (`Game.action_steps`).
    assert GAME.action_steps(("pass",)) == ("pass",)
    assert GAME.action_steps(("place", QUARTZ)) == ("place at Quartz",)
    assert GAME.action_steps(("mouse", scrap("Chili"))) == ("Mouse takes Chili",)
    assert GAME.action_steps(("play", card("Bear"), 3)) == ("play Bear", "move it to the Bear's Den")
    assert GAME.action_steps(("play", card("Dog"), ELK)) == ("play Dog", "at Elk")
    assert GAME.action_steps(("play", card("Squirrel 2"), ELK, QUARTZ, scrap("Egg"))) == (
        "play Squirrel 2",
        "at Elk",
        "taking Egg",
        "from Quartz",
    )
    assert GAME.action_steps(("play", card("Weasel 1"), ELK, scrap("Egg"), scrap("Bun"))) == (
        "play Weasel 1",
        "at Elk",
        "swapping Egg",
        "for Bun from the pile",
    )
    assert GAME.action_steps(("play", card("Skunk 1"), ELK, card("Rabbit 2"), 1, QUARTZ)) == (
        "play Skunk 1",
        "at Elk",
        "moving Rabbit 2 (hopped)",
        "to Quartz",
    )
    assert GAME.action_steps(("play", card("Owl 2"), ELK, 1, card("Mouse 1"))) == (
        "play Owl 2",
        "at Elk",
        "discarding seat 1's Mouse 1",
    )
    assert GAME.action_steps(("play", card("Rain Shower"), ELK, -1, card("Late Night Campers"))) == (
        "play Rain Shower",
        "at Elk",
        "removing Late Night Campers",
    )
    assert GAME.action_steps(("hop", card("Rabbit 3"), QUARTZ, ELK)) == ("hop Rabbit 3 from Quartz", "to Elk")


def test_every_legal_action_has_its_own_steps_and_its_steps_name_what_its_text_does():
    legal = _many_choices().legal_actions(0)
    assert len({GAME.action_steps(a) for a in legal}) == len(legal)
    for action in legal:
        text = GAME.action_text(action)
        assert all(step.split(" ", 1)[-1] in text for step in GAME.action_steps(action)), action


def test_the_hand_separates_cards_with_commas_and_counts_repeats():
    hand = ["Dog", "Coyote 6", "Dog", "Late Night Campers", "Chipmunk", "Mouse 1", "Chipmunk"]
    state = Scenario(2).hand(0, hand).state
    lines = GAME.render(state.observation(0), 0).splitlines()
    assert lines[-1] == "Your hand (7): Dog x2, Late Night Campers, Chipmunk x2, Coyote 6, Mouse 1"
    full = GAME.render(state.observation(None), None).splitlines()
    assert full[-2:] == [
        "Hand of seat 0 (7): Dog x2, Late Night Campers, Chipmunk x2, Coyote 6, Mouse 1",
        "Hand of seat 1 (0): empty",
    ]


def test_mice_and_crow_tokens_are_counted_in_the_right_number():
    state = (
        Scenario(2)
        .tan(0, ELK, ["Mouse 1"])
        .tan(1, ELK, ["Mouse 1", "Mouse 1", "Crow 1", "Crow 2"])
        .gray(ELK, ["Late Night Campers"])
        .hand(0, ["Dog"])
        .state
    )
    lines = GAME.render(state.observation(0), 0).splitlines()
    assert "Elk Camp: scraps none; 2 Crow tokens; gray card: Late Night Campers" in lines
    assert "    seat 0 (you) [leader]: Mouse(1) = 1; 1 Mouse" in lines
    assert "    seat 1: Crow(1), Crow(2), Mouse(1), Mouse(1) = 5; 2 Mice" in lines


def test_a_hopped_rabbit_is_marked_in_words():
    state = Scenario(2).tan(0, QUARTZ, ["Rabbit 3"], hopped=True).hand(0, ["Dog"]).state
    assert "    seat 0 (you) [leader]: Rabbit(3, hopped) = 3" in GAME.render(state.observation(0), 0).splitlines()


def test_food_cards_wrap_between_cards_within_100_columns():
    state = Scenario(4).hand(0, ["Dog"]).state
    lines = GAME.render(state.observation(1), 1).splitlines()
    start = lines.index("Food cards:")
    assert lines[start + 1 : start + 4] == [
        "  seat 0 [leader]: Chili Dog (Bun 0/1, Sausage 0/1, Chili 0/2);",
        "      Omelet (Egg 0/2, Cheese 0/1, Pepper 0/1); Kabobs (Meat 0/2, Onion 0/1, Mushroom 0/1);",
        "      S'mores (Cracker 0/2, Marshmallow 0/1, Chocolate 0/1)",
    ]
    assert lines[start + 7 : start + 9] == [  # a shorter name leaves room for a second card on the first line
        "  seat 2: Chili Dog (Bun 0/1, Sausage 0/1, Chili 0/2); Omelet (Egg 0/2, Cheese 0/1, Pepper 0/1);",
        "      Kabobs (Meat 0/2, Onion 0/1, Mushroom 0/1);",
    ]


def random_game_views(players: int, seed: int, options: ScavengersOptions) -> Iterator[tuple]:
    """Every observation of a whole random game, of every seat and the full view, with the one before it."""
    state = GAME.initial_state(players, seed, options)
    rng = Rng(seed)
    viewers = [None, *range(players)]
    before = {viewer: state.observation(viewer) for viewer in viewers}
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        for viewer in viewers:
            after = state.observation(viewer)
            yield viewer, before[viewer], after
            before[viewer] = after


def test_every_rendered_line_fits_100_columns_at_4_players():
    longest = 0
    for seed, options in ((1, ScavengersOptions()), (3, ScavengersOptions(End.ROUNDS))):
        for viewer, _, after in random_game_views(4, seed, options):
            longest = max(longest, *map(len, GAME.render(after, viewer).splitlines()))
    assert 90 < longest <= 100


def test_every_rendered_line_fits_100_columns_at_2_and_3_players():
    for players in (2, 3):
        for viewer, _, after in random_game_views(players, 10 + players, ScavengersOptions()):
            assert all(len(line) <= 100 for line in GAME.render(after, viewer).splitlines())
