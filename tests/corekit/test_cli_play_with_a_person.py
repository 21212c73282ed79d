"""`campfire play` with a person at the table: the seed, which deals every hidden card, is drawn at random and
told only when the match ends, and the table as it ends is drawn as the person's seat sees it."""

from __future__ import annotations

import re

from click.testing import CliRunner

from corekit import default_registry
from corekit.cli import cli
from replays.format import read_replay
from replays.simulate import Simulator

SLASHER_TO_THE_END = "1\na\n" * 3000
"""Answers that play slasher to its end from seat 0 (a number where a key is asked is refused and asked again)."""


def _play(*args: str, lines: str = "quit\n"):
    from replays.commands import setup

    setup(cli)  # adds `play --replay`, as the installed command has it
    return CliRunner().invoke(cli, ["play", *args], input=lines, obj=None)


def _first_screen(output: str) -> str:
    """What the person is shown before their first answer: from the first hand to the first question."""
    return output[output.index("\n\n") : output.index("Choose")]


def test_a_person_gets_a_random_seed_told_only_when_the_match_ends_and_it_deals_the_same_match_again():
    first = _play("slasher", "-p", "human,heuristic")
    assert first.exit_code == 1, first.output  # quit: no result
    assert first.output.startswith("B: The Summer Camp Slasher (slasher), 2 players, a random seed, told at the end\n")
    told = re.findall(r"The seed was (\d+)\.", first.output)
    assert len(told) == 1 and first.output.rstrip().endswith(f"The seed was {told[0]}.")
    assert f"seed {told[0]}" not in first.output.split("Match abandoned")[0]

    again = _play("slasher", "-p", "human,heuristic", "--seed", told[0])
    assert again.output.startswith(f"B: The Summer Camp Slasher (slasher), 2 players, seed {told[0]}\n")
    assert "The seed was" not in again.output  # given on the command line: the person knows it already
    assert _first_screen(again.output) == _first_screen(first.output)


def test_two_matches_against_the_ai_are_not_dealt_alike():
    seeds = {
        re.findall(r"The seed was (\d+)\.", _play("grizzly-race", "-p", "random,human").output)[0] for _ in range(3)
    }
    assert len(seeds) == 3


def test_without_a_person_the_seed_is_still_0_and_printed_first():
    result = _play("grizzly-race", "-p", "random,random", "-q", lines="")
    assert result.exit_code == 0, result.output
    full = _play("grizzly-race", "-p", "random,random", lines="")
    assert full.output.startswith("GRIZZLY guard race (grizzly-race), 2 players, seed 0\n")
    assert "The seed was" not in full.output


def test_the_table_as_it_ends_is_drawn_as_the_persons_seat_sees_it_not_with_the_other_hands(tmp_path):
    replay = tmp_path / "m.cfr"
    result = _play("slasher", "-p", "human,heuristic", "--seed", "3", "--replay", str(replay), lines=SLASHER_TO_THE_END)
    assert result.exit_code == 0, result.output
    game = default_registry().game("slasher")
    final = Simulator(read_replay(replay)).verify()
    seen = game.render(final.observation(0), 0)
    everything = game.render(final.observation(None), None)
    assert seen != everything  # seat 1's hand and the deck stay hidden at slasher's end
    assert result.output.split("Result:")[0].rstrip().endswith(seen.rstrip())
    assert everything not in result.output


def test_with_two_people_at_the_table_each_is_shown_the_end_as_their_own_seat_sees_it(tmp_path):
    replay = tmp_path / "m.cfr"
    result = _play("grizzly-race", "-p", "human,human", "--seed", "1", "--replay", str(replay), lines="a\n\n" * 200)
    assert result.exit_code == 0, result.output
    game = default_registry().game("grizzly-race")
    final = Simulator(read_replay(replay)).verify()
    ending = result.output.split("Result:")[0]
    for seat in (0, 1):
        assert f"As seat {seat} sees it:\n{game.render(final.observation(seat), seat)}" in ending
