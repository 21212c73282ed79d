"""How the guard race is told: the render of an observation and the commentary (`GrizzlyRace.events`)
that `campfire play` and `campfire replay show` print under each action."""

from __future__ import annotations

from click.testing import CliRunner

from corekit import Rng
from corekit.cli import cli
from plugins.grizzly_race.game import SUPER, Battle
from tests.plugins.grizzly_race.scenario import GAME, play_round, scenario
from tests.random_play import positions
from tests.replays.conftest import campfire

COMMENTARY_INDENT = 8
"""`campfire play` prints each commentary line under its action, indented by eight spaces."""


def test_events_name_each_battle_of_a_resolved_round():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    before = [state.observation(None), state.observation(0), state.observation(1)]
    play_round(state, 3, 2)
    expected = [
        "Round 1: seat 0 played a 3 and beat its own top guard, a 3",
        "Round 1: seat 1 played a 2 and lost to its own top guard, a 4",
    ]
    # The battles are revealed to everyone: the full view and each seat's view tell the same story.
    assert GAME.events(before[0], state.observation(None)) == expected
    assert GAME.events(before[1], state.observation(0)) == expected
    assert GAME.events(before[2], state.observation(1)) == expected


def test_events_tell_each_seat_that_another_committed_but_not_what():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    before_full, before_seat_1 = state.observation(None), state.observation(1)
    state.apply(0, 3)
    assert GAME.events(before_full, state.observation(None)) == [
        "seat 0 has committed a 3, face down until every seat has committed"
    ]
    # Seat 1 (a person does not see seat 0's action) is told that seat 0 chose, never what.
    assert GAME.events(before_seat_1, state.observation(1)) == [
        "seat 0 has committed a card, face down until every seat has committed"
    ]


def test_events_of_identical_observations_are_empty():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    play_round(state, 3, 2)
    assert GAME.events(state.observation(0), state.observation(0)) == []


def test_events_number_rounds_from_one_and_follow_the_state_round_count():
    state = scenario([[3, 1], [2, 2]], [[5, 3, 1], [5, 4, 1]])
    play_round(state, 3, 2)
    before = state.observation(None)
    play_round(state, 1, 2)
    assert state.round == 2  # the state counts resolved rounds; the text names the second one "Round 2"
    assert GAME.events(before, state.observation(None)) == [
        "Round 2: seat 0 played a 1 and lost to its own top guard, a 3",
        "Round 2: seat 1 played a 2 and lost to its own top guard, a 4",
        "seat 0 ran out and took 6 cards (the discard was shuffled into a new reserve)",  # its last card played
    ]


def test_events_name_the_supercard_and_the_winner_when_a_hero_is_freed():
    state = scenario([[5, 1], [1, 1]], [[3], [5, 5]])
    before = state.observation(1)
    play_round(state, 5, SUPER)
    assert GAME.events(before, state.observation(1)) == [
        "Round 1: seat 0 played a 5 and beat its own top guard, a 3",
        "Round 1: seat 1 played the SUPERCARD and beat its own top guard, a 5",
        "seat 0 freed its hero and wins",
    ]


def test_events_name_every_seat_sharing_a_win():
    state = scenario([[5, 1], [1, 1], [1, 1]], [[3], [1], [5]])
    before = state.observation(None)
    play_round(state, 5, 1, 1)
    told = GAME.events(before, state.observation(None))
    assert told[-1] == "seat 0 and seat 1 freed their heroes together and share the win"


def test_events_explain_an_ending_by_a_deadlock():
    state = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], supercard=[False, False])
    before = state.observation(0)
    play_round(state, 1, 1)
    assert GAME.events(before, state.observation(0)) == [
        "Round 1: seat 0 played a 1 and lost to its own top guard, a 5",
        "Round 1: seat 1 played a 1 and lost to its own top guard, a 5",
        "No card left in play can beat any guard, and the supercards are spent, so the race stops",
        "No hero is free: a draw",
    ]


def test_events_explain_an_ending_by_the_stall_rule():
    state = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], stall_rounds=3, reserve=[5])
    state.supercard = [False, False]
    play_round(state, 1, 1)
    play_round(state, 1, 1)
    before = state.observation(0)
    play_round(state, 1, 1)
    assert GAME.events(before, state.observation(0)) == [
        "Round 3: seat 0 played a 1 and lost to its own top guard, a 5",
        "Round 3: seat 1 played a 1 and lost to its own top guard, a 5",
        "No guard was beaten for 3 rounds in a row, so the race stops",
        "No hero is free: a draw",
    ]


def test_the_render_leaves_the_last_round_to_the_commentary_which_words_it_one_battle_a_line():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    before = state.observation(None)
    play_round(state, 3, 2)
    assert GAME.render(state.observation(None), None).splitlines() == [
        "Round 2   discard: 3 cards   reserve: 0 cards",
        "  discard pile: 2, 3 x2",
        "  seat 0: guards (bottom..top) 5; hand 1; supercard ready",
        "  seat 1: guards (bottom..top) 5 4 [top face up]; hand 2; supercard ready",
    ]
    assert GAME.events(before, state.observation(None))[-2:] == [
        "Round 1: seat 0 played a 3 and beat its own top guard, a 3",
        "Round 1: seat 1 played a 2 and lost to its own top guard, a 4",
    ]


def test_a_commitment_is_rendered_as_a_face_down_card_with_its_value_only_to_who_may_know_it():
    state = scenario([[3, 1], [2, 2], [4, 4]], [[5, 3], [5, 4], [5, 5]])
    state.apply(0, 3)
    state.apply(1, SUPER)
    assert GAME.render(state.observation(1), 1).splitlines()[1:6] == [
        "  seat 0: 2 guards left, top face down; hand 2 cards; supercard ready",
        "    has committed a card, face down until every seat has committed",
        "  seat 1 (you): 2 guards left, top face down; hand 2 2; supercard ready",
        "    has committed the SUPERCARD, face down until every seat has committed",
        "  seat 2: 2 guards left, top face down; hand 2 cards; supercard ready",
    ]
    assert GAME.render(state.observation(None), None).splitlines()[2] == (
        "    has committed a 3, face down until every seat has committed"
    )


def test_the_render_counts_rounds_from_one_and_names_the_length_of_a_finished_game():
    state = scenario([[1, 5], [1, 1]], [[3], [5]])
    assert GAME.render(state.observation(0), 0).splitlines()[0] == "Round 1   discard: 0 cards   reserve: 0 cards"
    play_round(state, 1, 1)
    assert state.round == 1
    assert GAME.render(state.observation(0), 0).splitlines()[0] == (
        "Round 2   discard: 2 cards   reserve: 0 cards   rounds without a beaten guard: 1"
    )
    play_round(state, 5, 1)
    assert GAME.render(state.observation(0), 0).splitlines() == [
        "Game over after 2 rounds   discard: 5 cards   reserve: 0 cards",
        "  discard pile: 1 x3, 3, 5",
        "  seat 0 (you): hero free!; hand empty; supercard ready",
        "  seat 1: guards (bottom..top) 5 [top face up]; hand empty; supercard ready",
        "seat 0 freed its hero and wins",
    ]


def test_a_seat_view_shows_the_discard_pile_counted_by_strength_but_no_other_hand_and_not_the_reserve():
    state = scenario([[1, 2], [4, 4, 5]], [[5, 3], [5, 4]], discard=[3, 1, 5, 1, 2, 1], reserve=[5, 5, 4])
    assert GAME.render(state.observation(0), 0).splitlines() == [
        "Round 1   discard: 6 cards   reserve: 3 cards",
        "  discard pile: 1 x3, 2, 3, 5",
        "  seat 0 (you): 2 guards left, top face down; hand 1 2; supercard ready",
        "  seat 1: 2 guards left, top face down; hand 3 cards; supercard ready",
    ]
    # The full view shows the reserve beside the discard, as it shows every hand and guard.
    assert GAME.render(state.observation(None), None).splitlines()[1] == (
        "  discard pile: 1 x3, 2, 3, 5; reserve: 4, 5 x2"
    )


def test_a_seat_view_renders_the_same_whatever_the_cards_hidden_from_it():
    # Seat 1's hand, the reserve and every guard differ, sizes aside; the discard and seat 0's hand do not.
    seen = scenario([[1, 2], [4, 4, 5]], [[5, 3], [5, 4]], discard=[3, 1, 5, 1, 2, 1], reserve=[5, 5, 4])
    other = scenario([[1, 2], [1, 3, 3]], [[2, 1], [2, 1]], discard=[1, 1, 1, 2, 3, 5], reserve=[1, 2, 2])
    assert GAME.render(seen.observation(0), 0) == GAME.render(other.observation(0), 0)
    assert GAME.render(seen.observation(None), None) != GAME.render(other.observation(None), None)


def test_the_render_has_no_pile_line_while_the_discard_is_empty_and_the_reserve_unseen():
    state = scenario([[1, 2], [4, 4, 5]], [[5, 3], [5, 4]], reserve=[5, 5, 4])
    assert GAME.render(state.observation(0), 0).splitlines()[:2] == [
        "Round 1   discard: 0 cards   reserve: 3 cards",
        "  seat 0 (you): 2 guards left, top face down; hand 1 2; supercard ready",
    ]
    assert GAME.render(state.observation(None), None).splitlines()[1] == "  discard pile: empty; reserve: 4, 5 x2"


def test_at_the_end_a_seat_view_shows_every_hand_every_guard_and_the_reserve():
    # RULES.md Assumption 7: however the race ends, every hand, guard and the reserve are shown; the table sees
    # the deadlock (every 5 buried, nothing left above a 4) only so.
    state = scenario(
        [[1, 1, 1, 2, 2, 3, 4], [1, 1, 2, 2, 3, 3, 4]], [[4, 5], [3, 5, 5]], supercard=[False, False], reserve=[2, 1]
    )
    assert GAME.render(state.observation(1), 1).splitlines() == [
        "Round 1   discard: 0 cards   reserve: 2 cards",
        "  seat 0: 2 guards left, top face down; hand 7 cards; supercard spent",
        "  seat 1 (you): 3 guards left, top face down; hand 1 1 2 2 3 3 4; supercard spent",
    ]
    play_round(state, 1, 4)
    assert state.deadlock
    rendered = GAME.render(state.observation(1), 1).splitlines()
    assert rendered[:4] == [
        "Game over after 1 round   discard: 2 cards   reserve: 2 cards   rounds without a beaten guard: 1",
        "  discard pile: 1, 4; reserve: 1, 2",
        "  seat 0: guards (bottom..top) 4 5 [top face up]; hand 1 1 2 2 3 4; supercard spent",
        "  seat 1 (you): guards (bottom..top) 3 5 5 [top face up]; hand 1 1 2 2 3 3; supercard spent",
    ]
    # Every seat's view and the full view then draw the same table.
    assert GAME.render(state.observation(None), None).splitlines()[:4] == [
        rendered[0],
        rendered[1],
        rendered[2],
        rendered[3].replace(" (you)", ""),
    ]


def test_every_rendered_line_fits_100_columns_at_4_players():
    # The widest position there is: round and stall counts at their widest, six guards face up, full
    # hands, three supercards committed, a round of four battles behind.
    state = scenario(
        [[1, 1, 2, 2, 3, 3, 4]] * 4, [[1, 2, 3, 4, 5, 5]] * 4, discard=[1] * 40, reserve=[2] * 30, face_up=range(4)
    )
    state.round, state.stall = 629, 29
    state.last_round = tuple(Battle(seat, SUPER, 5, True) for seat in range(4))
    for seat in range(3):
        state.apply(seat, SUPER)
    widths = {
        viewer: max(len(line) for line in GAME.render(state.observation(viewer), viewer).splitlines())
        for viewer in (None, 0, 1, 2, 3)
    }
    assert widths == {None: 93, 0: 85, 1: 85, 2: 85, 3: 85}
    # A stalled race of four: a draw.
    state.winners, state.stall = (0, 1, 2, 3), 30
    ending = GAME.render(state.observation(None), None).splitlines()[-2:]
    assert ending == ["No guard was beaten for 30 rounds in a row, so the race stops", "No hero is free: a draw"]


def test_every_rendered_and_commentary_line_of_random_4_player_games_fits_100_columns():
    checked = 0
    for seed in range(4):
        before = {viewer: None for viewer in (None, 0, 1, 2, 3)}
        for state in positions(GAME, 4, seed, Rng(seed)):
            for viewer in before:
                after = state.observation(viewer)
                lines = GAME.render(after, viewer).splitlines()
                if before[viewer] is not None:
                    lines += [" " * COMMENTARY_INDENT + line for line in GAME.events(before[viewer], after)]
                assert max(len(line) for line in lines) <= 100, lines
                before[viewer] = after
                checked += 1
    assert checked > 400


def test_campfire_play_prints_each_round_battles_under_the_action_that_resolved_it():
    result = CliRunner().invoke(
        cli, ["play", "grizzly-race", "--players", "heuristic,heuristic", "--seed", "3"], obj=None
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    second = next(i for i, line in enumerate(lines) if line.startswith("   2  seat 1: "))
    assert lines[second + 1].startswith("        Round 1: seat 0 played ")
    assert lines[second + 2].startswith("        Round 1: seat 1 played ")
    assert lines[second + 3].startswith("   3  seat 0: ")
    # Two battles under every second action, then the winner under the last: nothing is left untold.
    steps = sum(1 for line in lines if line[:4].strip().isdigit() and "  seat " in line)
    battles = [line for line in lines if line.startswith("        Round ")]
    assert len(battles) == steps
    assert battles[-1].startswith(f"        Round {steps // 2}: seat 1 played ")


def test_replay_show_prints_the_same_battles_under_the_same_actions_as_play(tmp_path):
    path = tmp_path / "race.cfr"
    played = campfire("play", "grizzly-race", "--players", "random,random", "--seed", "5", "--replay", str(path))
    assert played.exit_code == 0, played.output
    shown = campfire("replay", "show", str(path), "--step", "4")
    assert shown.exit_code == 0, shown.output
    listing = shown.stdout.splitlines()
    block = [line for line in listing[listing.index("Actions 1-7:") + 1 : -1] if "-- the state above" not in line]
    assert block[1].startswith("        seat 0 has committed a ")  # under step 1: the full view shows the card
    assert block[3].startswith("        Round 1: seat 0 played ")  # under step 2, the one that resolved round 1
    start = played.stdout.splitlines().index(block[0])
    assert played.stdout.splitlines()[start : start + len(block)] == block


def test_events_tell_a_seat_that_ran_out_and_refilled_and_whether_the_discard_was_reshuffled():
    # From an outside tester playing at the terminal: refills were never told, only inferred from the pile sizes.
    state = scenario([[3], [2, 2]], [[5, 3], [5, 4]], reserve=[1, 1, 2, 2, 3, 4, 5, 1])
    before = state.observation(1)
    play_round(state, 3, 2)
    assert GAME.events(before, state.observation(1))[-1] == "seat 0 ran out and took 7 cards"
    short = scenario([[3], [2, 2]], [[5, 3], [5, 4]], reserve=[1, 1], discard=[4, 4, 5, 5, 1])
    before = short.observation(1)
    play_round(short, 3, 2)
    assert GAME.events(before, short.observation(1))[-1] == (
        "seat 0 ran out and took 7 cards (the discard was shuffled into a new reserve)"
    )


def test_a_seat_that_plays_its_supercard_with_cards_left_has_not_run_out():
    state = scenario([[3], [2, 2]], [[5, 3], [5, 4]], reserve=[1, 1, 2, 2, 3, 4, 5, 1])
    before = state.observation(None)
    play_round(state, SUPER, 2)
    assert not any("ran out" in line for line in GAME.events(before, state.observation(None)))


def test_the_reshuffle_is_told_of_the_first_seat_in_seat_order_that_found_the_reserve_short():
    # From a review: the note went to the last seat that ran out, whoever had found the reserve short.
    state = scenario(
        [[3, 1], [3], [2]],
        [[5, 3], [5, 4], [5, 4]],
        reserve=[1, 1, 2, 2, 3, 4, 5],
        discard=[4, 4, 5, 5, 1, 2, 2, 3],
    )
    before = state.observation(None)
    for seat, card in enumerate([3, 3, 2]):
        state.apply(seat, card)
    assert GAME.events(before, state.observation(None))[-2:] == [
        "seat 1 ran out and took 7 cards",  # the reserve's 7
        "seat 2 ran out and took 7 cards (the discard was shuffled into a new reserve)",
    ]
    short = scenario([[3], [2]], [[5, 3], [5, 4]], reserve=[1, 1, 2], discard=[4, 4, 5, 5, 1, 2, 2, 3])
    before = short.observation(None)
    play_round(short, 3, 2)
    assert GAME.events(before, short.observation(None))[-2:] == [
        "seat 0 ran out and took 7 cards (the discard was shuffled into a new reserve)",
        "seat 1 ran out and took 7 cards",
    ]
