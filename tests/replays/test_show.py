"""`replay show`: the state at a step, full or as one seat sees it, the actions around it, the result."""

from __future__ import annotations

import attrs
import pytest

from corekit import play_match
from corekit.plugins import default_registry
from replays.format import encode_replay, read_replay
from tests.replays.conftest import campfire, errors, forfeited_at, forge

PLAY = ("play", "grizzly-race", "--players", "random,random", "--seed", "5")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The output of `campfire play ... --replay`, the replay, and each step's full render during the match."""
    path = tmp_path_factory.mktemp("show") / "r.cfr"
    output = campfire(*PLAY, "--replay", str(path)).output
    game = default_registry().game("grizzly-race")
    renders = {}
    play_match(
        game,
        ["random", "random"],
        5,
        on_step=lambda match, seat, action: renders.setdefault(
            match.steps, game.render(match.state.observation(None), None)
        ),
    )
    return output, path, renders


def _action_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:4].strip().isdigit() and "  seat " in line]


@pytest.mark.parametrize("step", [1, 4, 8, 12])
def test_show_at_a_step_matches_what_play_printed(played, step):
    output, path, renders = played
    shown = campfire("replay", "show", str(path), "--step", str(step))
    assert shown.exit_code == 0, shown.output
    lines = _action_lines(shown.stdout)
    assert lines, shown.stdout
    assert all(line in output.splitlines() for line in lines)
    assert f"{step:4d}  " in "\n".join(lines)
    assert renders[step] in shown.stdout
    assert f"Step {step} of 12, full view" in shown.stdout
    result_line = "Result: seat 0 wins after 12 steps (returns 1, 0)"
    assert shown.stdout.splitlines()[-1] == output.splitlines()[-1] == result_line


def test_show_without_a_step_is_the_final_board_play_printed(played):
    output, path, _ = played
    shown = campfire("replay", "show", str(path)).stdout
    final_block = output.rsplit("\n\n", 1)[1]  # play ends with a blank line, the final board, the result
    board = final_block.rsplit("\nResult:", 1)[0].strip("\n")
    assert board in shown
    assert "Step 12 of 12" in shown


def test_the_actions_around_the_step_are_listed_with_the_step_marked(played):
    _, path, _ = played
    lines = campfire("replay", "show", str(path), "--step", "6").stdout.splitlines()
    start = lines.index("Actions 3-9:")
    marker = "      -- the state above is at step 6 --"
    # step heads and the marker; the commentary under a step is indented past the step numbers
    listed = [line for line in lines[start + 1 :] if line[:4].strip().isdigit() or line == marker]
    assert [line[:4].strip() for line in listed] == ["3", "4", "5", "6", "", "7", "8", "9"]
    assert listed[4] == marker


def test_show_as_a_seat_hides_the_other_hands_and_actions(played):
    _, path, _ = played
    full = campfire("replay", "show", str(path), "--step", "4").stdout
    seat1 = campfire("replay", "show", str(path), "--step", "4", "--as", "1").stdout
    assert "hand 1 2 3 4 5;" in full  # seat 0's hand at step 4
    assert "hand 1 2 3 4 5;" not in seat1
    assert "seat 0: 4 guards left, top face down; hand 5 cards" in seat1
    assert "   3  seat 0 moves" in seat1
    assert "   4  seat 1: play 1" in seat1
    assert "Step 4 of 12, as seat 1 saw it" in seat1
    # the seed deals every card: in the full view's title, not in a seat's
    assert full.splitlines()[0].endswith(", seed 5") and "seed" not in seat1.splitlines()[0]


def test_play_opens_with_the_table_as_dealt_as_replay_show_gives_it_at_step_0(played):
    output, path, _ = played
    dealt = output.split("\n\n")[1]  # after the header: the table as dealt
    shown = campfire("replay", "show", str(path), "--step", "0").stdout
    assert dealt.startswith("Round 1") and dealt in shown


def test_show_at_step_zero_is_the_deal(played):
    _, path, _ = played
    shown = campfire("replay", "show", str(path), "--step", "0").stdout
    assert "Round 1   discard" in shown and "Actions 1-3:" in shown
    assert shown.splitlines().index("      -- the state above is at step 0 --") < shown.splitlines().index(
        "   1  seat 0: play 4"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--step", "13"], "step 13 is outside the replay (0-12)"),
        (["--step", "-1"], "step -1 is outside the replay (0-12)"),
        (["--as", "2"], "--as 2: the match has seats 0-1"),
        (["--as", "-1"], "--as -1: the match has seats 0-1"),  # not the last seat's view, as a list index would be
    ],
)
def test_show_out_of_range_is_one_line(played, args, message):
    _, path, _ = played
    result = campfire("replay", "show", str(path), *args)
    assert result.exit_code == 1
    assert errors(result) == [f"{path}: {message}"]


def test_show_refuses_a_file_whose_later_digest_fails(played, tmp_path):
    _, path, _ = played
    bad = tmp_path / "late.cfr"
    bad.write_bytes(forge(path.read_bytes(), lambda body: body["result"].__setitem__("final_digest", bytes(8))))
    result = campfire("replay", "show", str(bad), "--step", "2")
    assert result.exit_code == 1
    assert errors(result) == [
        f"{bad}: diverges at step 12: the final state differs from the recorded one (the first difference is in "
        "steps 1-12)"
    ]


@pytest.mark.parametrize("game_id", ["camp-grizzly", "slasher", "scavengers"])
def test_show_lists_the_actions_and_commentary_exactly_as_play_printed_them(tmp_path, game_id):
    """Seat names (camp-grizzly's counselors) and the commentary under each action, line for line."""
    if game_id not in default_registry().games:
        pytest.skip(f"{game_id} is not installed")
    path = tmp_path / "m.cfr"
    played = campfire("play", game_id, "-p", "random,random", "--seed", "2", "--replay", str(path))
    assert played.exit_code == 0, played.output
    play_lines = played.stdout.splitlines()
    steps = int(play_lines[-1].split(" after ")[1].split()[0])
    for step in (1, steps // 2, steps):
        shown = campfire("replay", "show", str(path), "--step", str(step)).stdout.splitlines()
        assert shown[:4] == play_lines[:4]  # title, options, seats by name
        start = next(i for i, line in enumerate(shown) if line.startswith("Actions "))
        block = [line for line in shown[start + 1 : -1] if not line.strip().startswith("-- the state above")]
        at = play_lines.index(block[0])
        assert play_lines[at : at + len(block)] == block
        assert shown[-1] == play_lines[-1]


def test_a_render_that_raises_is_named_as_the_games_error_not_the_files(played, monkeypatch):
    _, path, _ = played

    def broken(self, observation, seat):
        raise ValueError("render broke\nand more")

    monkeypatch.setattr(type(default_registry().game("grizzly-race")), "render", broken)
    shown = campfire("replay", "show", str(path))
    assert shown.exit_code == 1
    [line] = errors(shown)
    assert line.startswith(f"{path}: game 'grizzly-race' raised ValueError: render broke in render (at ")
    assert "test_show.py:" in line and line.endswith(" in broken)")  # where the game's code raised
    assert shown.stdout == ""


def test_stored_text_is_shown_on_one_line_with_its_control_characters_escaped(tmp_path):
    """A forfeit's reason or a player spec may hold anything, newlines and terminal escapes too: `show` keeps
    each on its line and prints no control character (an escape could recolour the terminal or move the
    cursor over what the replay says)."""
    path = tmp_path / "r.cfr"
    campfire(*PLAY, "--replay", str(path))
    replay = read_replay(path)
    replay.header = attrs.evolve(replay.header, seats=("random\nsecond line", "\x1b[2J\x1b[31mred\u202e"))
    path.write_bytes(encode_replay(replay))
    forfeited_at(path, 5, error="line one\nline two\r\nline three\x07")
    shown = campfire("replay", "show", str(path))
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[-1].startswith("Result: seat ")
    assert lines[-1].endswith(" forfeits (line one\\nline two\\r\\nline three\\x07) after 5 steps")
    assert "  seat 0: random\\nsecond line" in lines
    assert "  seat 1: \\x1b[2J\\x1b[31mred\\u202e" in lines
    assert not any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in shown.stdout.replace("\n", ""))


def test_a_one_seat_match_is_counted_in_the_singular(tmp_path):
    path = tmp_path / "solo.cfr"
    assert (
        campfire("play", "camp-grizzly", "--players", "heuristic", "--seed", "1", "-q", "--replay", str(path)).exit_code
        == 0
    )
    assert campfire("replay", "show", str(path)).output.splitlines()[0] == (
        "Camp Grizzly (camp-grizzly), 1 player, seed 1"
    )
    steps = read_replay(path).steps
    assert campfire("replay", "verify", str(path)).output.strip() == f"{path}: OK (camp-grizzly, {steps} steps, 1 seat)"


def test_show_json_gives_the_same_as_the_text(played):
    import json

    _, path, _ = played
    text = campfire("replay", "show", str(path), "--step", "4", "--as", "1").stdout
    out = campfire("replay", "show", str(path), "--step", "4", "--as", "1", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert (data["game"], data["step"], data["steps"], data["view"], data["seed"]) == ("grizzly-race", 4, 12, 1, None)
    assert data["seats"] == [
        {"seat": 0, "name": "seat 0", "spec": "random"},
        {"seat": 1, "name": "seat 1", "spec": "random"},
    ]
    assert data["board"] in text
    assert [a["step"] for a in data["actions"]] == [1, 2, 3, 4]  # none after the step in a seat's view
    assert data["actions"][2] == {"step": 3, "seat": 0, "text": "seat 0 moves", "events": data["actions"][2]["events"]}
    assert data["result"] is None and not text.splitlines()[-1].startswith("Result:")  # not known at step 4 of 12
    end = json.loads(campfire("replay", "show", str(path), "--as", "1", "--json").stdout)
    assert end["result"]["text"] == campfire("replay", "show", str(path), "--as", "1").stdout.splitlines()[-1]
    assert end["result"]["returns"] == [1.0, 0.0] and end["result"]["unfinished"] is None


def test_a_replay_a_person_left_after_one_step_lists_that_step_and_says_why_it_stopped(played, tmp_path):
    from replays.simulate import Simulator
    from tests.replays.conftest import rewritten

    _, path, _ = played
    replay = read_replay(path)
    replay.result = attrs.evolve(replay.result, unfinished="seat 1 left\x07", returns=(0.0, 0.0))
    one = tmp_path / "one.cfr"
    one.write_bytes(encode_replay(rewritten(replay, Simulator(replay).moves()[:1])))
    for args in (["--step", "0"], ["--step", "1", "--as", "0"]):
        shown = campfire("replay", "show", str(one), *args)
        assert shown.exit_code == 0, shown.output
        lines = shown.stdout.splitlines()
        assert lines[lines.index("Actions 1-1:") :].count("   1  seat 0: play 4") == 1
        assert lines[-1] == "Result: unfinished after 1 step (seat 1 left\\x07)"


def test_a_forfeit_names_the_seat_by_the_games_name_for_it(tmp_path):
    from replays.display import result_line
    from replays.simulate import Simulator

    path = tmp_path / "cg.cfr"
    play_match(default_registry().game("camp-grizzly"), ["random", "random"], 2, settings={"replay": path})
    forfeited_at(path, 3, seat=1)
    simulator = Simulator(read_replay(path))
    assert simulator.names[1] != "seat 1"  # a counselor's name
    assert result_line(simulator) == f"Result: {simulator.names[1]} forfeits (ran out of time) after 3 steps"


def test_a_seats_board_is_drawn_by_the_game_as_that_seat(played, monkeypatch):
    """The game's render gets the seat whose observation it draws (None for the full view), as `Game.render`
    promises: a game may draw "you" from it."""
    from replays.display import board
    from replays.simulate import Simulator

    _, path, _ = played
    simulator = Simulator(read_replay(path))
    game = simulator.game
    drawn = []
    monkeypatch.setattr(game, "render", lambda observation, seat: drawn.append((observation, seat)) or "board")
    assert board(simulator, 4, 1) == board(simulator, 4, None) == "board"
    state = simulator.state_at(4)
    assert drawn == [(state.observation(1), 1), (state.observation(None), None)]
