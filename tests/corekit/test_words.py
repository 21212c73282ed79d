"""Counts in messages take their noun in the right number; strings from files are shown as plain text."""

import pytest

from corekit.words import counted, milliseconds, shown


def test_a_count_takes_its_noun_in_the_right_number():
    assert [counted(n, "seed") for n in (0, 1, 2)] == ["0 seeds", "1 seed", "2 seeds"]
    assert counted(1, "match", "matches") == "1 match" and counted(3, "match", "matches") == "3 matches"


def test_a_long_line_folds_between_words_under_its_own_indent():
    from corekit.words import fold

    line = "    equipped: " + ", ".join(["Machete (d6; 1 hand; fight +1)"] * 4)
    lines = fold(line, 70)
    assert all(len(part) <= 70 for part in lines) and len(lines) == 3
    assert lines[0].startswith("    equipped: Machete") and all(part.startswith(" " * 6) for part in lines[1:])
    assert " ".join(part.strip() for part in lines) == line.strip()
    assert fold("short", 70) == ["short"]


def test_a_drawing_folds_each_line_and_keeps_its_blank_lines():
    from corekit.words import folded

    drawing = "Round 1\n\n  " + "x " * 50
    assert folded(drawing, 60).split("\n")[:3] == ["Round 1", "", "  " + "x " * 28 + "x"]
    assert max(map(len, folded(drawing, 60).split("\n"))) <= 60


def test_a_list_folds_only_between_items_with_a_hanging_indent():
    from corekit.words import fold_items

    items = [f"Late Night Campers {n}" for n in range(6)]
    assert fold_items("Your hand: ", items, 100) == [
        "Your hand: Late Night Campers 0, Late Night Campers 1, Late Night Campers 2, Late Night Campers 3,",
        "    Late Night Campers 4, Late Night Campers 5",
    ]
    assert fold_items("x: ", ["a" * 150], 100) == ["x: " + "a" * 97, "    " + "a" * 53]  # too long alone: cut


def test_a_separator_with_a_mark_breaks_after_the_mark_never_before_it():
    from corekit.words import fold_items

    places = ["Nature 1: seat 3", "Front Yard 3: seat 0, seat 4", "Beach 4: seat 1, seat 2", "Main House 5: seat 5"]
    # At 84 columns "... seat 2" fits and " |" does not: the bar goes with its item to the next line.
    assert fold_items("  places: ", places, 84, sep=" | ") == [
        "  places: Nature 1: seat 3 | Front Yard 3: seat 0, seat 4 |",
        "      Beach 4: seat 1, seat 2 | Main House 5: seat 5",
    ]


def test_an_item_as_long_as_a_continued_line_has_room_for_stays_whole():
    from corekit.words import fold_items

    # 30 columns less the 4 of a continuation leave 26: "one two three four five s," is 26, mark included.
    assert fold_items("x: ", ["first", "one two three four five s", "end"], 30) == [
        "x: first,",
        "    one two three four five s,",
        "    end",
    ]


def test_a_list_item_too_long_for_a_line_of_its_own_breaks_between_its_words_not_inside_one():
    from corekit.words import fold_items

    item = "Chili Dog (Bun 0/1, Sausage 0/1, Chili 1/2)"
    lines = fold_items("  seat 0: ", [item, "Omelet (Egg 0/2)"], 30)
    assert all(len(line) <= 30 for line in lines)
    # Joined back with one space a line break, the text is whole: no word was cut in two.
    assert " ".join(line.strip() for line in lines) == f"seat 0: {item}, Omelet (Egg 0/2)"
    assert "      Omelet (Egg 0/2)" in lines  # an item that fits a line stays whole


def test_a_drawing_is_made_for_the_terminal_it_is_shown_on_and_for_100_columns_elsewhere():
    from corekit import default_registry
    from corekit.words import DRAWING_WIDTH, drawing_width, drawn

    game = default_registry().game("slasher")
    state = game.initial_state(3, 3)
    rng = __import__("random").Random(3)
    while not state.is_terminal:  # to the end, where the discard pile is long
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert drawing_width() == DRAWING_WIDTH == 100
    wide = game.render(state.observation(None), None)
    narrow = drawn(lambda: game.render(state.observation(None), None), 40)
    assert max(map(len, narrow.splitlines())) <= 40 < max(map(len, wide.splitlines()))
    pile = [line for line in narrow.splitlines() if "discard pile" in line or line.startswith("      ")]
    assert pile and all(line.startswith("  discard pile: ") or line.startswith("      ") for line in pile)
    assert not any(line.rstrip().endswith(("Main", "Back", "Front")) for line in narrow.splitlines())  # names whole
    assert drawing_width() == 100  # the terminal's width is only for the drawing made for it


def test_a_deep_indent_still_leaves_room_for_words():
    from corekit.words import fold

    lines = fold("    setting=" + "v" * 60 + "  which rule to break", 60, hang=74)
    assert all(len(line) <= 60 for line in lines) and len(lines) == 3
    assert lines[1].startswith(" " * 30 + "v")  # the continuation's indent was cut to half the width


def test_words_are_joined_as_a_sentence_lists_them():
    from corekit.words import joined

    assert [joined(names) for names in (["a"], ["a", "b"], ["a", "b", "c"])] == ["a", "a and b", "a, b and c"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain text, é and ☃", "plain text, é and ☃"),
        ("a\nb\r\tc", "a\\nb\\r\\tc"),
        ("\x1b[31mred\x07", "\\x1b[31mred\\x07"),
        ("\x7f\x85\x9f", "\\x7f\\x85\\x9f"),
        ("left\u202eright\u2066", "left\\u202eright\\u2066"),
        ("[bold]markup[/] stays as written", "[bold]markup[/] stays as written"),
    ],
)
def test_shown_escapes_every_control_character_and_bidi_override(text, expected):
    assert shown(text) == expected


def test_equal_labels_are_tallied_in_first_seen_order_and_a_single_one_is_left_bare():
    from corekit.words import tallied

    assert tallied(["Dog", "Coyote 6", "Dog", "Egg", "Dog"]) == ["Dog x3", "Coyote 6", "Egg"]
    assert tallied(str(strength) for strength in sorted([3, 1, 5, 1])) == ["1 x2", "3", "5"]
    assert tallied([]) == []


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.0, "<0.01"), (0.000009, "<0.01"), (0.00001, "0.01"), (0.0999, "99.9"), (0.1, "100"), (None, "-")],
)
def test_milliseconds_show_a_decisions_time_from_a_hundredth_up_and_no_time_as_a_dash(seconds, text):
    assert milliseconds(seconds) == text
