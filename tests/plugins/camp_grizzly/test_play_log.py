"""`campfire play camp-grizzly` tells a whole game readably: seats by counselor, a running commentary of
what the rules did (Otis, dice, draws), the final board and the result."""

import itertools
import re

from click.testing import CliRunner

from corekit.cli import cli
from corekit.words import joined
from tests.plugins.camp_grizzly.tables import C

NAMES = ("Kevin", "Sherry", "Tracy", "Marcus")


def test_a_game_of_four_heuristic_counselors_is_told_within_the_terminal_width_to_the_final_board():
    # The "Must show": `campfire play camp-grizzly --players heuristic,heuristic,heuristic,heuristic`.
    result = CliRunner().invoke(cli, ["play", "camp-grizzly", "--players", ",".join(["heuristic"] * 4), "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    too_wide = [line for line in lines if len(line) > 100]  # tests/conftest.py sets COLUMNS=100
    assert not too_wide, too_wide[:3]
    assert [f"  {name}: heuristic" for name in NAMES] == lines[2:6]
    acted = {m.group(1) for line in lines if (m := re.match(r" *\d+  (\w+): ", line))}
    assert acted == set(NAMES)  # every seat's decisions are told under its counselor's name
    assert any(line.startswith("        Otis stalks") for line in lines)
    assert any(": end the turn" in line for line in lines)

    # The final drawing, after the last blank line: the header, every cabin, each counselor's card, the ending.
    drawing = lines[len(lines) - lines[::-1].index("") : -1]
    assert drawing[0].startswith("Round ") and "body count" in drawing[0]
    drawn = [name for name, spaces in zip(C.cabin_names, C.cabin_spaces, strict=True) if len(spaces) > 1]
    for cabin in ["CAMPFIRE", "TOOL SHED", *drawn]:  # outdoor spaces get a row only when something is there
        assert any(line.startswith(f"  {cabin:<15} [") for line in drawing), cabin
    for seat, name in enumerate(NAMES):
        assert any(line.startswith(f"{name} (seat {seat}") for line in drawing), name
    ending, verdict = drawing[-1], lines[-1]
    match = re.fullmatch(r"Result: (.+) after \d+ steps \(returns ([01]), ([01]), ([01]), ([01])\)", verdict)
    assert match, verdict
    winners = [name for name, won in zip(NAMES, match.groups()[1:], strict=True) if won == "1"]
    if winners:
        verb = "survives" if len(winners) == 1 else "survive"
        assert ending == f"The counselors escape: {', '.join(winners)} {verb}!"
        assert match.group(1) == joined(winners) + (" win" if len(winners) > 1 else " wins")  # "A, B and C win"
    else:
        assert ending == "Otis wins." and match.group(1) == "Otis wins"


def test_a_seat_is_told_the_moves_the_log_leaves_out():
    """A person sees none of the other seats' actions: a walk is told from the views (the conformance test's
    commentary check covers the other moves)."""
    from tests.plugins.camp_grizzly.tables import table

    state = table(2)
    mover = state.to_act[0]
    watcher = 1 - mover
    names = state.game.seat_names(2, state.options)
    step = next(action for action in state.legal_actions(mover) if action[0] == "step")
    before = state.observation(watcher)
    state.apply(mover, step)
    told = state.game.events(before, state.observation(watcher))
    assert f"{names[mover]} moves to {C.spaces[step[1]]}" in told, told


def test_an_action_names_its_card_as_the_events_under_it_do():
    # "take Keys #128" (the content's index) over "Kevin picks up Keys #1" named one card two ways.
    result = CliRunner().invoke(cli, ["play", "camp-grizzly", "--players", ",".join(["heuristic"] * 4), "--seed", "3"])
    lines = result.output.splitlines()
    taken = [(line, below) for line, below in itertools.pairwise(lines) if re.search(r": take ", line)]
    assert taken, "seed 3 should have a card picked up"
    for line, below in taken:
        card = line.split(": take ", 1)[1].strip()
        assert not re.search(r"#\d{2,}", card) and f"picks up {card}" in below


def test_a_card_picked_up_in_another_counselors_turn_is_told_as_that_counselors_pick_up():
    # A person's two views can span the other counselors' turns: the pick-up was told as the person's own (the
    # counselor whose turn it was in the earlier view), found by an outside tester playing the human seat.
    from plugins.camp_grizzly.game import CampGrizzly
    from tests.plugins.camp_grizzly.tables import card, lay, table

    state = table(2)  # Kevin's turn, both at the campfire
    keys = lay(state, card("Keys"), state.location[1])
    before = state.observation(0)
    state.lift(keys, state.ground, state.objectives[1])  # Sherry picks them up (in her turn, between the views)
    told = CampGrizzly().events(before, state.observation(0))
    assert "Sherry picks up Keys #1" in told and not any(line.startswith("Kevin picks up") for line in told), told


def test_one_counselor_escaping_survives_and_several_survive():
    from plugins.camp_grizzly.game import CampGrizzly
    from tests.plugins.camp_grizzly.tables import table

    game = CampGrizzly()
    for winners, ending in (((1,), "Sherry survives!"), ((0, 1), "Kevin, Sherry survive!")):
        state = table(2)
        state.winners, state.over = winners, True
        assert game.render(state.observation(None), None).splitlines()[-1] == f"The counselors escape: {ending}"


def test_a_card_put_away_or_drawn_is_told_once():
    # An outside tester: "Kevin takes Pitchfork" came before the log's "Kevin draws Pitchfork", and putting a weapon
    # away was told as "puts away" and "takes" both. Every card coming into a backpack is logged or picked up.
    from plugins.camp_grizzly.game import CampGrizzly
    from plugins.camp_grizzly.phases import Phase
    from tests.plugins.camp_grizzly.tables import give, table

    state = table(2)
    bat = give(state, 0, "Baseball Bat")
    state.phase = Phase.END  # gear is put away at the end of a turn
    state.forget_legal()
    before = state.observation(1)
    state.apply(0, ("unequip", bat))
    assert CampGrizzly().events(before, state.observation(1)) == ["Kevin puts away Baseball Bat"]


def test_a_card_that_came_into_a_backpack_is_told_from_the_backpack_once_its_log_lines_are_lost():
    # A reviewer: a person's view spans several counselors' turns; when more was logged than the log keeps, a draw's
    # or gift's line is gone, and the backpack is all that tells it (told only then: otherwise it doubled the log).
    from plugins.camp_grizzly.game import CampGrizzly
    from plugins.camp_grizzly.state import LOG
    from tests.plugins.camp_grizzly.tables import give, table

    for said, told in ((1, False), (LOG + 1, True)):
        state = table(2)
        before = state.observation(0)
        bat = give(state, 1, "Baseball Bat", "pack")
        state.say(f"Sherry draws {C.cards[bat].name}")
        for number in range(said - 1):
            state.say(f"Otis stalks ({number})")
        events = CampGrizzly().events(before, state.observation(0))
        assert ("Sherry takes Baseball Bat" in events) is told, events
        assert any(line.startswith("Sherry draws") for line in events) is not told, events


def _wide(game, state, seat):
    """The screen drawn for a terminal wide enough that no line folds."""
    from corekit.words import drawing_for

    with drawing_for(400):
        return game.render(state.observation(seat), seat)


def test_every_line_of_the_screen_fits_100_columns_folding_between_cards_spaces_and_paths():
    # The detail line of a counselor with cards took more than 100 columns, and a terminal folded it inside
    # "Sprained Ankle"; the finales' and paths' lines too were left to the terminal.
    from corekit import Rng, default_registry

    game = default_registry().game("camp-grizzly")
    folds = 0
    for players, seed in [(2, 0), (2, 1), (2, 2), (4, 10), (6, 1)]:  # a strike's queue of 3 ran past 100 columns
        state = game.initial_state(players, seed)
        rng = Rng(seed)
        for _ in range(150):
            if state.is_terminal:
                break
            narrow, wide = game.render(state.observation(0), 0), _wide(game, state, 0)
            assert " ".join(narrow.split()) == " ".join(wide.split())  # the same words in the same order
            lines = narrow.splitlines()
            assert max(map(len, lines)) <= 100, lines
            whole = set(wide.splitlines())
            for line, after in itertools.pairwise(lines):
                if line not in whole and not line.startswith("    "):  # the first part of a folded line
                    # It breaks after an item or a heading, or before a phrase in brackets, never inside a name.
                    assert line.endswith((",", ";", "]", ":")) or after.lstrip().startswith("("), (line, after)
                    folds += 1
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    assert folds > 100  # long lines were met, and folded


def test_a_cabin_row_too_long_for_a_line_continues_under_its_first_space():
    from corekit import default_registry
    from tests.plugins.camp_grizzly.tables import space, table

    state = table(6)
    for seat in range(6):  # every counselor in the Boathouse, Otis too: the cabin's row passes 100 columns
        state.location[seat] = space("BOATHOUSE")
    state.otis = space("BOATHOUSE")
    game = default_registry().game("camp-grizzly")
    lines = game.render(state.observation(0), 0).splitlines()
    at = next(index for index, line in enumerate(lines) if line.startswith("  BOATHOUSE "))
    assert lines[at].endswith("]") and len(lines[at]) <= 100
    assert lines[at + 1].startswith(" " * 18 + "[BOAT DOCK <RED ARROW: Boat>")


def test_the_screen_says_what_each_finale_still_open_needs():
    # An outside tester could not tell which objectives a finale takes: the board showed only its red arrow.
    from plugins.camp_grizzly.game import CampGrizzly
    from tests.plugins.camp_grizzly.tables import table

    game = CampGrizzly()
    state = table(2)
    lines = _wide(game, state, 0).splitlines()
    finales = next(line for line in lines if line.startswith("Finales"))
    assert finales == (
        "Finales (at the red arrows, with all three objectives on the space): Van needs Gas Can, Car Battery, Keys; "
        "Ranger Tower needs Radio, Batteries, Flare Gun; Boat needs Gas Can, Oars, Life Vest; Barn needs Shotgun "
        "Shells, Fuse, Keys"
    )
    state.failed = (0, 2)  # the Van and the Boat failed: their objectives are spent
    shown = _wide(game, state, 0)
    assert "): Ranger Tower needs Radio, Batteries, Flare Gun; Barn needs Shotgun Shells, Fuse, Keys\n" in shown
    state.over = True
    assert "Finales (" not in game.render(state.observation(0), 0)


def test_the_screen_says_what_each_lasting_card_and_cameo_on_the_board_does():
    # An outside audit: the map named "cameo Crazy Ralph" and "In play: Full Moon" only, and the rulebook prints no
    # card text, so a person could not know that Ralph stalks or how long the Full Moon lasts.
    from plugins.camp_grizzly.game import CampGrizzly
    from tests.plugins.camp_grizzly.tables import card, lay, pull, space, table

    game = CampGrizzly()
    state = table(2)
    assert not any(line.startswith(("In play:", "Cameos")) for line in _wide(game, state, 0).splitlines())
    moon = card("Full Moon")
    pull(state, moon)
    state.lasting.append(moon)
    lay(state, card("Crazy Ralph"), space("BARN"), "cameos")
    lay(state, card("Camp Cook"), space("LODGE"), "cameos")
    lines = _wide(game, state, 0).splitlines()
    assert "In play: Full Moon (Otis stalks 1 extra space until he next strikes)" in lines
    assert (
        'Cameos (met by stepping into their space): Crazy Ralph ("You\'re all doomed!" Stalks 1 after Otis. You are '
        "horrified); Camp Cook (Heals 2 injuries)"
    ) in lines


def test_a_counselor_to_move_is_shown_each_path_from_its_space_and_where_it_leads_on():
    # An outside tester could not plan a route to a red arrow: the board lists spaces by cabin, not how they join.
    from plugins.camp_grizzly.content import load
    from plugins.camp_grizzly.game import CampGrizzly
    from tests.plugins.camp_grizzly.tables import table

    game = CampGrizzly()
    state = table(2)
    spaces = load().spaces
    state.location[0] = spaces.index("DIRT ROAD")
    lines = _wide(game, state, 1).splitlines()
    assert lines[-2].startswith("Now: Kevin moves (")
    assert lines[-1] == (
        "  Paths from DIRT ROAD: NORTHWEST PATH (on to NORTH PATH, WEST PATH); TOWER BASE (on to TOWER TOP); "
        "PARKING LOT (on to VAN)"  # Flagpole and the Archery Range are a nature trail away: a roll, not a step
    )
    state.move_left = 0  # no step left: nothing to plan
    assert game.render(state.observation(1), 1).splitlines()[-1].startswith("Now: Kevin moves (0 movement")
