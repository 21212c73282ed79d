"""The terminal rendering and the action texts."""

from plugins.scavengers.game import Scavengers
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, scrap

GAME = Scavengers()


def test_the_rendering_shows_each_camp_with_scraps_cards_strengths_bear_and_crows():
    state = (Scenario(2).scraps(ELK, ["Egg", "Egg", "Bun"]).tan(0, ELK, ["Coyote 5", "Crow 1"])
             .tan(1, ELK, ["Raccoon 4"]).gray(ELK, ["Cloudbreak"]).bear(GRIZZLY)
             .held(1, ["Chili"]).done(0, ["S'mores"]).hand(0, ["Dog", "Mouse 1"]).state)
    text = GAME.render(state.observation(0), 0)
    assert "Elk Camp: scraps Egg x2, Bun" not in text  # scraps are listed in type order
    assert "Elk Camp: scraps Bun, Egg x2  [1 crow, Cloudbreak]" in text
    assert "Grizzly Camp: scraps -  [BEAR]" in text
    assert "seat 0 (you) [leader]: Coyote(8) Crow(1) = 9" in text
    assert "seat 1: Raccoon(4) = 4" in text
    assert "S'mores DONE" in text
    assert "Chili Dog (Bun 0/1, Sausage 0/1, Chili 1/2)" in text
    assert "Your hand: Dog Mouse 1" in text
    assert "Quartz Camp: scraps -" in text


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = Scenario(2).hand(0, ["Dog"]).hand(1, ["Coyote 6"]).state
    text = GAME.render(state.observation(0), 0)
    assert "Coyote 6" not in text and "seat 1 1" in text


def test_action_texts_read_as_the_move():
    assert GAME.action_text(("pass",)) == "pass"
    assert GAME.action_text(("place", QUARTZ)) == "place at Quartz"
    assert GAME.action_text(("play", card("Bear"), 3)) == "play Bear: move it to the Bear's Den"
    assert GAME.action_text(("play", card("Squirrel 2"), ELK, QUARTZ, scrap("Egg"))) == (
        "play Squirrel 2 at Elk, taking Egg from Quartz")
    assert GAME.action_text(("play", card("Owl 2"), ELK, 1, card("Mouse 1"))) == (
        "play Owl 2 at Elk, discarding seat 1's Mouse 1")
    assert GAME.action_text(("hop", card("Rabbit 3"), QUARTZ, ELK)) == "hop Rabbit 3 from Quartz to Elk"
    assert GAME.action_text(("mouse", scrap("Chili"))) == "Mouse takes Chili"


def test_every_legal_action_has_its_own_text():
    state = (Scenario(2).scraps(ELK, ["Egg", "Bun"]).scraps(QUARTZ, ["Meat"]).tan(0, ELK, ["Rabbit 2", "Mouse 1"])
             .tan(1, ELK, ["Crow 1"]).gray(ELK, ["Late Night Campers"])
             .hand(0, ["Owl 2", "Skunk 1", "Weasel 1", "Squirrel 1", "Rain Shower", "Bear", "Dog"]).state)
    legal = state.legal_actions(0)
    texts = {GAME.action_text(a) for a in legal}
    assert len(texts) == len(legal)
