"""The human player: shows the seat's view, gives each legal action a key that cannot be read as a card,
accepts the key or the text, plays a forced move without asking, re-asks on bad input, and ends the match
cleanly at end of input."""

from __future__ import annotations

import shlex
import subprocess
import sys

import click
from click.testing import CliRunner

from ai.human import HumanPlayer
from ai.menu import menu_keys, parse_choice
from ai.random_player import RandomPlayer
from corekit import Game, Registry, SeatView, default_registry, play_match
from corekit.cli import cli
from corekit.words import folded
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
    told = "Since your last move:\n  Round 1: seat 0 played the SUPERCARD and beat its own top guard, a "
    assert told in result.output


def test_a_round_is_told_once_between_two_moves_not_again_on_the_screen():
    result = _play("a\na\n")
    between = result.output.split("Since your last move:", 1)[1].split("your move:", 1)[0]
    assert between.count("seat 0 played a 1 and") == 1, between


def test_a_bad_answer_is_refused_and_the_question_asked_again():
    result = _play("9\nplay 7\na\n")
    assert "'9' is not a legal action here" in result.output
    assert "'play 7' is not a legal action here" in result.output
    assert "Since your last move:\n  Round 1: seat 0 played " in result.output  # the third answer was taken


def test_an_answer_that_starts_several_actions_is_called_ambiguous_not_illegal():
    result = _play("play\na\n")  # every card is "play N"
    assert "'play' could be " in result.output and "of the actions above; type more of it, or its key." in result.output
    assert "'play' is not a legal action here" not in result.output


def test_end_of_input_abandons_the_match_cleanly():
    result = _play("")
    assert result.exit_code == 1  # no result was produced: a script must be able to tell
    assert result.stderr.strip() == "Match abandoned: end of input"  # why it failed, where errors go
    assert "Traceback" not in result.output


def test_standard_input_closed_is_the_end_of_input_not_an_internal_error():
    # `<&-`: Python's sys.stdin is None, and reading it raised AttributeError, named as the person's seat's error.
    done = subprocess.run(
        ["bash", "-c", f"{shlex.quote(sys.executable)} -m corekit.cli play grizzly-race -p human,random --seed 1 <&-"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,  # a prompt that reads the closed input again and again fails here rather than hangs the suite
    )
    assert done.returncode == 1 and done.stderr.strip() == "Match abandoned: end of input", done.stderr


def test_an_output_closed_under_the_person_ends_the_match_as_leaving_does_not_as_a_forfeit(monkeypatch):
    import click
    import pytest

    from corekit import QuitMatch

    def closed(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    state = ToyGame().initial_state(2, 0)
    monkeypatch.setattr(click, "echo", closed)
    with pytest.raises(QuitMatch, match=r"^the output was closed$"):
        HumanPlayer().decide(SeatView(state, state.to_act[0]))


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

    # Put in the module's namespace, not through setattr, which reads the old value first: click 8.5 warns on that
    # read, and click 9 has no such name to read.
    monkeypatch.setitem(vars(click), "get_text_stream", deprecated)
    result = _play("a\n" * 200)
    assert result.exit_code == 0, result.output


def _invoke(game: str, players: str, seed: int, lines: str):
    return CliRunner().invoke(cli, ["play", game, "--players", players, "--seed", str(seed)], input=lines, obj=None)


def test_an_internal_code_the_menu_does_not_show_is_refused():
    # grizzly-race's SUPERCARD is 6 inside the game, but the menu shows it as "f. SUPERCARD": a 6 typed next to
    # the 5 must not spend the once-only card.
    result = _invoke("grizzly-race", "human,random", 1, "6\nf\n")
    assert "   f. SUPERCARD\nChoose a-f" in result.output
    assert "'6' is not a legal action here" in result.output
    assert "Since your last move:\n  Round 1: seat 0 played the SUPERCARD" in result.output  # the key was taken
    legal, texts = [1, 2, 3, 5, 6], ["play 1", "play 2", "play 3", "play 5", "SUPERCARD"]
    assert parse_choice("6", legal, texts) is None
    assert parse_choice("(1, 2, 0)", [(1, 2, 0), (0,)], ["Back Room 2 -> seat 0", "pass"]) is None  # slasher's code


def test_the_action_as_written_is_taken_where_its_text_shows_it_as_a_word():
    assert parse_choice("5", [1, 5], ["play 1", "play 5"]) == 5
    assert parse_choice("1", [1, 10], ["play 10 then 1", "play 10"]) == 1  # "play 10" does not show 1
    assert parse_choice("pull", ["hold", "pull"], ["hold on", "give it a pull"]) == "pull"


def test_help_or_a_question_mark_explains_how_to_answer_and_asks_again():
    result = _play("help\n?\nquit\n")
    said = " ".join(result.output.split())  # the paragraph is folded to the terminal's width
    assert said.count("Type the key of your move (a-d) and press Enter, or the move as the menu writes it") == 2
    assert "or a number the menu shows (1 for 'play 1'). Type quit to leave the match." in said
    assert "'help' is not a legal action" not in result.output and "'?' is not a legal action" not in result.output
    assert result.output.count("Choose a-") == 3


def test_an_empty_line_asks_for_a_key_again():
    result = _invoke("grizzly-race", "human,random", 1, "\na\n")
    assert "Choose a-f or type the action (quit to leave): Type a key from the menu (or help).\n" in result.output
    assert "'' is not a legal action" not in result.output
    assert "Since your last move:\n  Round 1: seat 0 played " in result.output


def test_the_start_of_several_two_letter_keys_is_told_that_keys_have_two_letters(monkeypatch):
    # Scavengers' long menus asked whole, as a game without steps asks them (`Game.action_steps`).
    monkeypatch.setattr(type(default_registry().game("scavengers")), "action_steps", Game.action_steps)
    result = _invoke("scavengers", "human,random", 2, "a\n" * 4 + "a\ng\nquit\n")  # the fifth menu: aa-gm
    assert "Choose aa-gm" in result.output
    assert result.output.count("Keys here have two letters (e.g. aa).\n") == 2
    assert "'a' is not a legal action" not in result.output


def test_a_half_typed_key_is_never_taken_as_the_start_of_a_text():
    legal = list(range(30))
    texts = ["attack 0", *(f"space {n}" for n in range(1, 30))]  # keys aa-bd; "a" starts one text only
    assert parse_choice("a", legal, texts) is None
    assert parse_choice("aa", legal, texts) == 0


def test_hot_seat_passes_the_terminal_and_clears_the_screen_before_the_next_seats_hand():
    result = _invoke("grizzly-race", "human,human", 1, "\na\n\na\nquit\n")
    before, passed, after = result.output.partition("Pass the terminal to seat 1; press Enter when ready. ")
    assert passed
    assert "seat 0 (you): 6 guards left, top face down; hand 1 2 2 3 3 4 5" in before
    assert "seat 1 (you)" not in before  # seat 1's hand only after the terminal was passed
    cleared, _, next_screen = after.partition("---- screen cleared for seat 1 ----\n")
    assert cleared == "\n" and "seat 1 (you): 6 guards left, top face down; hand 1 1 2 2 2 4 4" in next_screen
    assert "hand 1 2 2 3 3 4 5" not in next_screen.split("Pass the terminal to seat 0")[0]
    assert "Pass the terminal to seat 0; press Enter when ready. " in next_screen  # and back to seat 0
    assert result.output.rstrip().endswith("Match abandoned: seat 0 left")  # quit at the hand-over leaves


def test_one_player_object_at_two_seats_passes_the_terminal_between_them():
    state = ToyGame().initial_state(2, 1, None)
    player = HumanPlayer()
    with CliRunner().isolation(input="a\n\na\n") as streams:
        first = player.decide(SeatView(state, state.to_act[0], sampling=False))
        state.apply(state.to_act[0], first)
        second_seat = state.to_act[0]
        player.decide(SeatView(state, second_seat, sampling=False))
        shown = streams[0].getvalue().decode()
    assert shown.count("Pass the terminal to ") == 1
    assert f"Pass the terminal to seat {second_seat}; press Enter when ready. " in shown


def test_end_of_input_at_the_hand_over_abandons_the_match():
    result = _invoke("grizzly-race", "human,human", 1, "\na\n")
    assert result.exit_code == 1
    assert result.output.rstrip().endswith("press Enter when ready. \nMatch abandoned: end of input")


def test_hot_seat_asks_for_the_terminal_before_the_first_screen_too():
    # From an outside tester: the first person's hand was printed at once, whoever sat at the terminal.
    result = _invoke("slasher", "human,human,heuristic", 8, "")
    assert result.output.split("Pass the terminal to ")[0].count("(you)") == 0
    assert result.output.rstrip().endswith("press Enter when ready. \nMatch abandoned: end of input")


def test_hot_seat_plays_a_forced_move_without_calling_anyone_to_the_terminal():
    # A forced pass is nobody's decision: calling its person over and showing their hand was for nothing.
    state = ToyGame().initial_state(2, 1, None)
    players = [HumanPlayer(), HumanPlayer()]
    with CliRunner().isolation(input="") as streams:
        for seat, player in enumerate(players):
            player.seated(SeatView(state, seat, sampling=False))
        forced = SeatView(state, state.to_act[0], sampling=False)
        object.__setattr__(forced, "legal_actions", forced.legal_actions[:1])
        assert players[forced.seat].decide(forced) == forced.legal_actions[0]
        shown = streams[0].getvalue().decode()
        assert shown == ""
        # ... and the seat's next screen tells the move played for it (a review: a rolling log may lose it later).
        state.apply(forced.seat, forced.legal_actions[0])
        players[forced.seat].finished(SeatView(state, forced.seat, sampling=False))
        told = streams[0].getvalue().decode()
    move = ToyGame().action_text(forced.legal_actions[0])
    assert f"seat {forced.seat} played its only move: {move}" in told
    assert "the match is over. Since the deal:" in told  # a first move played unseen: its screen is still the first


def test_a_seat_out_of_the_match_is_told_at_its_end_what_happened_since_its_last_move():
    # From an outside tester: a killed teen's person saw nothing more, not even the kill, until the final table.
    from corekit import default_registry

    game = default_registry().game("grizzly-race")
    state = game.initial_state(2, 3)
    player = HumanPlayer()
    with CliRunner().isolation(input="") as streams:
        player.seated(SeatView(state, 0, sampling=False))
        while not state.is_terminal:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        player.finished(SeatView(state, 0, sampling=False))
        shown = streams[0].getvalue().decode()
    told = [str(line) for line in game.events(game.initial_state(2, 3).observation(0), state.observation(0))]
    assert told and shown == "\nseat 0, the match is over. Since the deal:\n" + "".join(
        folded("  " + line) + "\n" for line in told
    )


def test_one_person_playing_two_matches_alone_is_never_taken_for_hot_seat():
    # From a review: the seats of the first match stayed at the table, so the second made the person pass the
    # terminal to themselves, and skipped their forced moves unseen.
    player = HumanPlayer()
    with CliRunner().isolation(input="a\n" * 400) as streams:
        for seats in ((player, RandomPlayer(1)), (RandomPlayer(2), player)):
            specs = ["human" if seat is player else "random" for seat in seats]
            play_match(ToyGame(), specs, 1, players=list(seats), registry=Registry([], entry_points=False))
        shown = streams[0].getvalue().decode()
    assert "Pass the terminal" not in shown and shown.count("your move") >= 2


def test_people_of_an_earlier_hot_seat_match_kept_alive_do_not_sit_at_the_next_table():
    # From a review: a caller keeping the players of a `human,human` match made the next, lone person's match
    # hot seat (a hand-over to themselves, their forced moves played unseen).
    pair, alone = [HumanPlayer(), HumanPlayer()], HumanPlayer()
    registry = Registry([], entry_points=False)
    with CliRunner().isolation(input="\n" + "a\n\n" * 60 + "a\n" * 200) as streams:
        play_match(ToyGame(), ["human", "human"], 1, players=pair, registry=registry)
        played = len(streams[0].getvalue())
        play_match(ToyGame(), ["human", "random"], 2, players=[alone, RandomPlayer(1)], registry=registry)
        second = streams[0].getvalue().decode()[played:]
    assert "Pass the terminal" not in second and "your move" in second


def test_a_person_alone_at_the_table_is_never_asked_to_pass_the_terminal():
    for players in ("human,random", "random,human"):
        result = _play("a\n" * 200, players=players)
        assert result.exit_code == 0, result.output
        assert "Pass the terminal" not in result.output and "screen cleared" not in result.output


def test_a_seat_that_does_not_move_first_is_told_at_its_first_turn_what_happened_since_the_deal():
    result = CliRunner().invoke(
        cli, ["play", "scavengers", "--players", "random,human", "--seed", "2"], input="quit\n", obj=None
    )
    assert "Since the deal:\n  seat 0 placed Meat at Quartz\n" in result.output
    assert "Since your last move:" not in result.output


def test_the_prompts_call_a_seat_as_the_match_does_a_counselor_by_name():
    # An outside tester: the board and the log said Kevin, the prompt "seat 0, your move:".
    result = CliRunner().invoke(
        cli, ["play", "camp-grizzly", "--players", "human,random", "--seed", "3"], input="a\n" * 3, obj=None
    )
    assert "Kevin, your move:" in result.output and "seat 0, your move:" not in result.output, result.output[-800:]
    assert "seat 0, your move:" in _play("a\n" * 3).output  # a game that names no seat keeps "seat N"


def test_a_refused_answer_is_said_back_short_and_as_text():
    from ai.human import _echoed

    result = _play("x" * 100_000 + "\n" + "a\n" * 200)
    assert result.exit_code == 0 and f"'{'x' * 37}...' is not a legal action here" in result.output
    assert len(max(result.output.splitlines(), key=len)) < 300  # the pasted page is not printed back
    assert _echoed(b"\xff\xfe ok".decode("utf-8", "surrogateescape")) == "'?? ok'"  # bytes that were not text
