"""Counts in messages take their noun in the right number."""

from corekit.words import counted


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
