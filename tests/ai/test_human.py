"""The human player: shows the seat's view, gives each legal action a key that cannot be read as a card,
accepts the key or the text, plays a forced move without asking, re-asks on bad input, and ends the match
cleanly at end of input."""

from __future__ import annotations

from click.testing import CliRunner

from ai.human import HumanPlayer, menu_keys, parse_choice
from corekit import SeatView
from corekit.cli import cli
from tests.corekit.toy_game import ToyGame


def _play(lines: str, players: str = "human,random"):
    return CliRunner().invoke(cli, ["play", "grizzly-race", "--players", players, "--seed", "3"], input=lines, obj=None)


def test_a_whole_match_against_random_is_playable_from_standard_input():
    result = _play("a\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output
    assert "seat 0 (you)" in result.output and "   a. play " in result.output


def test_an_action_can_be_given_by_its_text_in_any_case():
    result = _play("Supercard\n")
    assert "Last round (round 1):\n  seat 0 played the SUPERCARD and beat its own top guard, a " in result.output


def test_a_bad_answer_is_refused_and_the_question_asked_again():
    result = _play("9\nplay 7\na\n")
    assert "'9' is not a legal action here" in result.output
    assert "'play 7' is not a legal action here" in result.output
    assert "Last round (round 1):\n  seat 0 played " in result.output  # the third answer was taken


def test_an_answer_that_starts_several_actions_is_called_ambiguous_not_illegal():
    result = _play("play\na\n")  # every card is "play N"
    assert "'play' could be " in result.output and "of the actions above; type more of it, or its key." in result.output
    assert "'play' is not a legal action here" not in result.output


def test_end_of_input_abandons_the_match_cleanly():
    result = _play("")
    assert result.exit_code == 1  # no result was produced: a script must be able to tell
    assert "Match abandoned: end of input" in result.output
    assert "Traceback" not in result.output


def test_quit_leaves_the_match_and_says_where_the_match_so_far_was_saved(tmp_path):
    from replays.commands import setup

    setup(cli)  # adds `play --replay`, as the installed command has it
    replay = tmp_path / "m.cfr"
    result = CliRunner().invoke(
        cli,
        ["play", "grizzly-race", "--players", "human,random", "--seed", "3", "--replay", str(replay)],
        input="a\nQuit\n",
        obj=None,
    )
    assert "(quit to leave)" in result.output
    assert result.exit_code == 1
    assert result.output.rstrip().endswith(f"Match abandoned: seat 0 left; the match so far is in {replay}")
    assert replay.exists()  # marked unfinished (tests/replays/test_recording.py)


def test_other_seats_secret_moves_are_not_printed_with_a_person_at_the_table():
    result = _play("", players="random,human")
    assert "seat 0: play" not in result.output


def test_parse_choice_reads_numbers_from_one_and_texts_ignoring_spacing():
    legal, texts = ["hold", "pull"], ["hold on", "pull it out"]
    assert parse_choice("2\n", legal, texts) == "pull"
    assert parse_choice("  HOLD   on ", legal, texts) == "hold"
    assert parse_choice("0", legal, texts) is None
    assert parse_choice("3", legal, texts) is None
    assert parse_choice("", legal, texts) is None


def test_a_number_that_is_also_a_card_plays_the_card_never_another_menu_entry():
    # A hand of 1 2 3 5 and the supercard: numbered keys would make "5" the supercard's key.
    legal, texts = [1, 2, 3, 5, 6], ["play 1", "play 2", "play 3", "play 5", "SUPERCARD"]
    assert menu_keys(legal, texts) == ["a", "b", "c", "d", "e"]
    assert parse_choice("5", legal, texts) == 5
    assert parse_choice("E", legal, texts) == 6
    assert parse_choice("4", legal, texts) is None


def test_without_numbers_in_the_actions_the_keys_are_numbers_and_past_26_letters_two_letters():
    assert menu_keys(["hold", "pull"], ["hold on", "pull it out"]) == ["1", "2"]
    many = menu_keys(list(range(30)), [f"space {n}" for n in range(30)])
    assert many[:2] == ["aa", "ab"] and many[-1] == "bd" and len(set(many)) == 30


def test_a_forced_move_is_shown_and_played_without_asking():
    state = ToyGame().initial_state(2, 1, None)
    while len(state.legal_actions(state.to_act[0])) > 1:  # each seat's last card is a forced play
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    view = SeatView(state, state.to_act[0], sampling=False)
    with CliRunner().isolation(input="") as streams:  # no input at all: the player must not ask
        assert HumanPlayer().decide(view) == view.legal_actions[0]
        shown = streams[0].getvalue().decode()
    assert f"seat {view.seat}, your only move: {view.legal_actions[0]}" in shown and "Choose" not in shown


def test_parse_choice_takes_the_start_of_one_text_or_the_action_as_written():
    legal, texts = ["hold", "pull"], ["hold the stick closer", "pull it out"]
    assert parse_choice("HOLD", legal, texts) == "hold"  # the action as written
    assert parse_choice("pull it", legal, texts) == "pull"  # the start of exactly one text
    assert parse_choice("p", legal, texts) == "pull"
    assert parse_choice("play", [1, 2], ["play 1", "play 2"]) is None  # the start of two: ask again
    assert parse_choice("1", ["b", "a"], ["two", "one"]) == "b"  # a numbered key is the list's, not the action's


def test_each_turn_opens_with_what_happened_since_the_seats_last_move():
    result = _play("a\n" * 200)
    assert result.exit_code == 0, result.output
    blocks = result.output.split("Since your last move:\n")
    assert len(blocks) > 2  # every turn after the first
    first_told = blocks[1].splitlines()[0]
    assert first_told.startswith("  Round 1: seat 0 played ")  # the round it just played, battles and all


def test_input_is_read_from_sys_stdin_not_click_get_text_stream(monkeypatch):
    def deprecated(name, *args, **kwargs):  # deprecated in click 9: every call warned in every test run
        raise AssertionError("click.get_text_stream was called")

    monkeypatch.setattr("click.get_text_stream", deprecated)
    result = _play("a\n" * 200)
    assert result.exit_code == 0, result.output
