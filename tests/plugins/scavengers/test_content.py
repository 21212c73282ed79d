"""The components the rulebook lists, as the content data gives them."""

from collections import Counter

from plugins.scavengers.content import CONTENT

COUNTS = {
    "bear": 3,
    "cloudbreak": 1,
    "dog": 3,
    "late_night": 1,
    "rain": 1,
    "chipmunk": 5,
    "coyote": 3,
    "crow": 3,
    "mouse": 3,
    "owl": 3,
    "porcupine": 3,
    "rabbit": 3,
    "raccoon": 3,
    "skunk": 3,
    "squirrel": 3,
    "weasel": 3,
}


def test_the_scavenger_deck_has_44_cards_with_the_rulebook_counts():
    kinds = Counter(CONTENT.designs[d].kind for d in CONTENT.deck)
    assert len(CONTENT.deck) == 44
    assert kinds == COUNTS


def test_bear_dog_cloudbreak_late_night_campers_and_rain_shower_are_the_gray_cards():
    gray = {d.kind for d in CONTENT.designs if not d.tan}
    assert gray == {"bear", "dog", "cloudbreak", "late_night", "rain"}


def test_every_tan_card_but_the_chipmunk_has_a_printed_strength():
    for design in CONTENT.designs:
        if design.tan and design.kind != "chipmunk":
            assert design.strength is not None and design.strength >= 1
        else:
            assert design.strength is None


def test_there_are_69_scraps_and_24_camper_cards_picturing_every_scrap_type():
    assert sum(CONTENT.scrap_counts) == 69
    assert len(CONTENT.campers) == 24
    assert set(CONTENT.campers) == set(range(len(CONTENT.scraps)))


def test_four_food_cards_each_needing_scraps_no_other_food_card_needs():
    assert CONTENT.foods == ("Chili Dog", "Omelet", "Kabobs", "S'mores")
    for t in range(len(CONTENT.scraps)):
        assert sum(1 for needs in CONTENT.needs if needs[t]) == 1


def test_no_food_card_needs_more_of_a_scrap_than_four_players_could_hold_at_once():
    # A card is turned over once full, so each player holds at most `needs - 0` of a type on it.
    for food, needs in enumerate(CONTENT.needs):
        for t, n in enumerate(needs):
            if n:
                assert CONTENT.food_of[t] == food
                assert CONTENT.scrap_counts[t] >= 4 * n


def test_grizzly_is_adjacent_to_both_other_camps_and_quartz_and_elk_are_not_adjacent():
    quartz, grizzly, elk = CONTENT.neighbours
    assert CONTENT.camps == ("Quartz", "Grizzly", "Elk")
    assert quartz == (0, 1) and grizzly == (0, 1, 2) and elk == (1, 2)


def test_each_camp_has_three_circles_and_there_are_three_crow_tokens():
    assert CONTENT.circles == 3
    assert CONTENT.crows == 3
