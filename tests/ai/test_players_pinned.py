"""Rules of the human player and of player specs that a mutation sweep found unpinned: what a typed answer plays,
what each seat is shown and when, and how a bad spec is refused."""

from __future__ import annotations

import gc
import io
import string
import sys

import pytest
from click.testing import CliRunner

import ai.human
from ai.human import HumanPlayer, _choose, _choose_in_steps, seat_called
from ai.menu import action_steps, help_text, menu_keys, parse_choice
from ai.random_player import RandomPlayer
from corekit import Heuristic, QuitMatch, Registry, SeatView, default_registry, make_player, play_match
from corekit.cli import cli
from corekit.options import OptionError
from corekit.players import PlayerSpec
from tests.ai.test_human import _invoke, _play
from tests.ai.test_human_steps import LONG_MENU, _first_play, _Stepped
from tests.corekit.toy_game import ToyGame

# The menu and what a typed answer means


def test_a_menu_whose_actions_take_one_step_or_more_is_still_asked_in_steps():
    legal = list(range(LONG_MENU + 1))
    paths = action_steps(_Stepped(lambda a: ("pass",) if a == 0 else ("play", str(a))), legal)
    assert paths is not None and paths[0] == ("pass",) and paths[1] == ("play", "1")


def test_twenty_six_actions_with_numbers_get_the_letters_a_to_z():
    assert menu_keys(list(range(26)), [f"play {n}" for n in range(26)]) == list(string.ascii_lowercase)


def test_an_answer_from_the_middle_of_a_text_is_not_taken_as_its_start():
    assert parse_choice("out", ["hold", "pull"], ["hold on", "pull it out"]) is None


def test_a_number_inside_a_longer_number_of_a_text_is_not_the_action_written():
    assert parse_choice("1", [1, 10], ["play 10", "pass"]) is None  # "play 10" does not show 1


def test_the_start_of_exactly_two_keys_is_a_half_typed_key_not_the_start_of_a_text():
    legal = list(range(28))  # keys aa-bb: "b" starts ba and bb
    texts = ["bark 0", *(f"space {n}" for n in range(1, 28))]
    assert parse_choice("b", legal, texts) is None


def test_help_names_a_number_the_menu_shows_never_an_internal_code():
    said = help_text([6, 1], ["SUPERCARD", "play 1"], ["a", "b"])
    assert "(1 for 'play 1')" in said and "6 for" not in said


def test_help_at_the_first_step_does_not_offer_back():
    _, shown = _first_play("help\n")
    assert "asked a step at a time" in shown and "Type back" not in shown


def test_an_action_whose_text_is_help_is_played_not_explained():
    with CliRunner().isolation(input="help\n") as streams:
        assert _choose("seat 0", ["ask", "pass"], ["help", "pass"]) == 0
        assert "Type the key of your move" not in streams[0].getvalue().decode()


def test_a_word_that_only_starts_with_quit_is_refused_not_taken_for_leaving():
    result = _play("quite\na\n")
    assert "'quite' is not a legal action here" in result.output
    assert "Since your last move:\n  Round 1: seat 0 played " in result.output


def test_quitting_names_the_seat_as_the_match_calls_it():
    result = _invoke("camp-grizzly", "human,random", 3, "quit\n")
    assert result.output.rstrip().endswith("Match abandoned: Kevin left")


def test_a_closed_standard_input_ends_the_match_as_end_of_input(monkeypatch):
    state = ToyGame().initial_state(2, 1, None)
    with CliRunner().isolation(input=""):
        closed = io.StringIO()
        closed.close()
        monkeypatch.setattr(sys, "stdin", closed)
        with pytest.raises(QuitMatch, match=r"^end of input$"):
            HumanPlayer().decide(SeatView(state, state.to_act[0], sampling=False))


def test_a_game_naming_fewer_seats_than_it_has_leaves_the_rest_called_seat_n(monkeypatch):
    game = default_registry().game("grizzly-race")
    monkeypatch.setattr(type(game), "seat_names", lambda self, players, options: ["Ann"])
    state = game.initial_state(2, 1)
    assert seat_called(SeatView(state, 0, sampling=False)) == "Ann"
    assert seat_called(SeatView(state, 1, sampling=False)) == "seat 1"


# Menus of steps

_PATHS = [("A", "p", "1"), ("A", "p", "2"), ("B", "q", "1"), ("B", "q", "2")]
_TEXTS = ["A p 1", "A p 2", "B q 1", "B q 2"]


def _in_steps(lines: str, paths=_PATHS, texts=_TEXTS) -> tuple[int, str]:
    with CliRunner().isolation(input=lines) as streams:
        chosen = _choose_in_steps("seat 0", list(range(len(texts))), texts, paths)
        return chosen, streams[0].getvalue().decode()


def test_a_step_every_action_takes_is_taken_without_asking():
    paths = [("play", "A", "1"), ("play", "A", "2"), ("play", "B", "1")]
    chosen, shown = _in_steps("a\nb\n", paths, ["play A 1", "play A 2", "play B 1"])
    assert chosen == 1
    assert shown.startswith("play:\n   a. A ... (2 moves)\n   b. B 1\n")


def test_back_skips_the_steps_that_had_only_one_way_on():
    chosen, shown = _in_steps("1\nback\n2\na\n")  # A, (p taken alone), back to the first question, B, q 1
    assert chosen == 2 and shown.count("seat 0, your move:\n   1. A ... (2 moves)") == 2


def test_the_whole_text_of_the_first_action_plays_it_from_a_menu_of_steps():
    assert _in_steps("a p 1\n")[0] == 0


# What each seat is shown and when


def _toy_match(players: list, lines: str) -> str:
    with CliRunner().isolation(input=lines) as streams:
        specs = ["human" if isinstance(player, HumanPlayer) else "random" for player in players]
        play_match(ToyGame(), specs, 1, players=players, registry=Registry([], entry_points=False))
        return streams[0].getvalue().decode()


def test_a_person_alone_at_the_table_is_shown_a_forced_move():
    shown = _toy_match([HumanPlayer(), RandomPlayer(1)], "a\n" * 10)
    assert "seat 0, your only move: " in shown


def test_a_forced_move_played_unseen_is_told_under_one_heading():
    shown = _toy_match([HumanPlayer(), HumanPlayer()], "\na\n" * 10)
    assert "played its only move" in shown
    assert "Since your last move:\nSince your last move:" not in shown


def test_a_seat_with_nothing_new_at_the_end_is_told_nothing():
    state = ToyGame().initial_state(2, 1, None)
    player = HumanPlayer()
    with CliRunner().isolation(input="") as streams:
        player.seated(SeatView(state, 0, sampling=False))
        player.finished(SeatView(state, 0, sampling=False))
        assert streams[0].getvalue().decode() == ""


def test_the_screen_and_its_scrollback_are_cleared_between_hot_seat_players_at_a_terminal(monkeypatch):
    monkeypatch.setattr(ai.human, "_isatty", lambda: True)
    args = ["play", "grizzly-race", "--players", "human,human", "--seed", "1"]
    result = CliRunner().invoke(cli, args, input="\na\n\nquit\n", obj=None, color=True)  # ANSI kept
    assert "\x1b[H\x1b[2J\x1b[3J" in result.output and "screen cleared" not in result.output


def test_a_forced_move_of_an_abandoned_match_is_not_told_in_the_next():
    first, other = HumanPlayer(), HumanPlayer()
    state = ToyGame().initial_state(2, 1, None)
    with CliRunner().isolation(input="\na\n") as streams:
        for seat, player in enumerate((first, other)):
            player.seated(SeatView(state, seat, sampling=False))
        forced = SeatView(state, 0, sampling=False)
        object.__setattr__(forced, "legal_actions", forced.legal_actions[:1])
        first.decide(forced)  # played unseen, its telling kept for seat 0's next screen; then the match is left
        del other
        fresh = ToyGame().initial_state(2, 2, None)
        first.seated(SeatView(fresh, 0, sampling=False))
        first.decide(SeatView(fresh, 0, sampling=False))
        shown = streams[0].getvalue().decode()
    assert "your move:" in shown and "played its only move" not in shown


def test_a_person_whose_seat_never_decided_sits_alone_at_the_next_match():
    player = HumanPlayer()
    with CliRunner().isolation(input="a\n") as streams:
        player.seated(SeatView(ToyGame().initial_state(2, 1, None), 1, sampling=False))
        player.finished(SeatView(ToyGame().initial_state(2, 1, None), 1, sampling=False))
        fresh = ToyGame().initial_state(2, 2, None)
        player.seated(SeatView(fresh, 0, sampling=False))
        player.decide(SeatView(fresh, 0, sampling=False))
        shown = streams[0].getvalue().decode()
    assert "your move:" in shown and "Pass the terminal" not in shown


def test_a_new_hot_seat_pair_asks_for_the_terminal_even_where_a_gone_pair_last_showed_that_seat():
    with CliRunner().isolation(input="\nquit\n\nquit\n") as streams:
        for _ in range(2):
            pair = [HumanPlayer(), HumanPlayer()]
            with pytest.raises(QuitMatch):
                play_match(ToyGame(), ["human", "human"], 1, players=pair, registry=Registry([], entry_points=False))
            del pair
            gc.collect()
        shown = streams[0].getvalue().decode()
    assert shown.count("Pass the terminal to ") == 2


# Player specs


def test_a_blank_player_spec_is_refused_in_one_line():
    with pytest.raises(OptionError, match=r"^empty player spec '  '$"):
        PlayerSpec.parse("  ")


def test_spacing_around_a_player_spec_is_not_part_of_its_name():
    assert PlayerSpec.parse("  mcts:c=1 ") == PlayerSpec("mcts", (("c", "1"),))


@pytest.mark.parametrize("option", ["samples", "depth"])
def test_a_heuristic_look_ahead_of_zero_is_refused_naming_the_option(option: str):
    with pytest.raises(OptionError, match=rf"^player 'heuristic': '{option}' must be >= 1: 0$"):
        make_player(default_registry().game("grizzly-race"), f"heuristic:{option}=0", 1)


def test_the_random_player_plays_every_legal_action_the_last_included():
    state = ToyGame().initial_state(2, 1, None)
    view = SeatView(state, state.to_act[0], sampling=False)
    player = RandomPlayer(7)
    assert {player.decide(view) for _ in range(200)} == set(view.legal_actions)


def test_a_heuristic_with_player_defaults_and_variants_stays_hashable():
    heuristic = Heuristic(player_defaults={"mcts": "iterations=100"}, variants={"stall": lambda *args: None})
    assert hash(heuristic) == hash(heuristic)
