"""The slasher's `position_problem`: every position real play reaches passes, and each bound of the rules a
hand-edited position can break is named in one line (RULES.md gives the numbers)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

from corekit import ReactionWindow, Rng
from corekit.position import dumps, loads
from plugins.slasher.cards import PANIC, is_killer, name
from plugins.slasher.game import ATTACK, OVER, TURN, Slasher, SlasherState
from tests.plugins import position_edits

GAME = Slasher()


def new(players: int, seed: int, options: Any = None) -> SlasherState:
    state = GAME.initial_state(players, seed, options)
    assert isinstance(state, SlasherState)
    return state


def until(test: Callable[[SlasherState], bool], players: int = 3, seed: int = 1, options: Any = None) -> SlasherState:
    """The first position of a random match from `seed` where `test` holds."""
    state = new(players, seed, options)
    moves = Rng(seed)
    while not test(state):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[moves.below(len(legal))])
    return state


def attack(reactions: int = 0) -> SlasherState:
    """Seat 0's attack at turn 6 of seed 1, 3 seats all placed; with `reactions`, after Just a Cat too."""
    state = until(
        lambda state: state.phase == ATTACK and state.window is not None and state.window.reactions >= reactions
    )
    assert (state.turns.current, state.killers[0], [len(hand) for hand in state.hands]) == (
        0,
        [7],
        [3 - reactions, 4, 4],
    )
    return state


def turn() -> SlasherState:
    """Turn 15 of seed 1: seat 0's teen is dead, seat 1 is to play, nobody has a location."""
    state = until(lambda state: state.phase == TURN and not all(state.turns.alive))
    assert (state.turns.alive, state.turns.current, state.turn, state.stall) == ([False, True, True], 1, 15, 0)
    return state


def ending(state: SlasherState) -> str:
    living = len(state.turns.living)
    return "last survivor" if living == 1 else "all dead" if not living else "stall"


refusal = functools.partial(position_edits.refusal, GAME)


# ---- real play ---------------------------------------------------------------------------------------


def test_every_position_of_random_matches_is_one_the_rules_allow() -> None:
    # Each seat count, the optional discard (attacks start one card shorter) and a short stall rule with shared
    # deaths, so that every way a match ends is among them.
    variants: list[Any] = [None, {"discard_one": True}, {"all_dead": "share", "stall_turns": 3}]
    endings = set()
    for options in variants:
        for players in range(2, 7):
            for seed in range(25):
                state = new(players, seed, options)
                moves = Rng(seed + 1000)
                while True:
                    assert state.position_problem() is None, (players, seed, options, state.turn)
                    if state.is_terminal:
                        break
                    seat = state.to_act[0]
                    legal = state.legal_actions(seat)
                    state.apply(seat, legal[moves.below(len(legal))])
                endings.add(ending(state))
    assert endings == {"last survivor", "all dead", "stall"}


def test_a_seats_position_from_real_play_passes_however_its_unseen_cards_are_dealt() -> None:
    # Only what every seat sees is judged: reading a seat's position deals the rest (and its killer) at random.
    for players in (2, 4):
        state = new(players, 3, {"discard_one": True})
        moves = Rng(3)
        while not state.is_terminal:
            for seat in range(players):
                read = loads(GAME, dumps(state, seat), seed=state.said)
                assert isinstance(read, SlasherState)
                assert read.position_problem() is None
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[moves.below(len(legal))])


# ---- phases ------------------------------------------------------------------------------------------


def test_the_phase_is_a_turn_an_attack_or_the_end() -> None:
    state = attack()
    state.phase = "lunch"
    assert state.position_problem() == "fields.phase: 'lunch' is none of 'turn', 'attack', 'over'"


def test_an_attack_has_its_reaction_window_and_only_an_attack_has_one() -> None:
    state = attack()
    state.window = None
    assert state.position_problem() == (
        "fields.window: none, but an attack is on (phase 'attack'): the killer strikes as its window closes"
    )
    state = attack()
    state.phase = TURN
    assert (
        state.position_problem() == "fields.window: a reaction window is open, but no killer is played (phase 'turn')"
    )


def test_a_killer_lies_face_down_only_with_its_attacker_during_the_attack() -> None:
    state = attack()
    state.hands[0].append(state.killers[0].pop())
    assert state.position_problem() == "fields.killers[0]: empty, but seat 0 opened the attack with a killer face down"
    state = attack()
    state.killers[1].append(state.hands[1].pop())
    assert (
        state.position_problem()
        == "fields.killers[1]: a killer face down, but only seat 0, whose attack it is, has one"
    )
    state = turn()
    state.killers[1].append(state.hands[1].pop())
    assert state.position_problem() == "fields.killers[1]: a killer lies face down, but no attack is on (phase 'turn')"


def test_an_attacker_has_one_killer_face_down() -> None:
    # With the optional discard an attack may start a card short, so the hand count alone lets a second killer
    # moved from the hand through: seat 2 attacks holding 3 cards, one of them a killer, and has not discarded.
    state = until(lambda state: state.phase == ATTACK, seed=12, options={"discard_one": True})
    assert state.window is not None
    hand = [name(card) for card in state.hands[2]]
    assert (state.turns.current, state.window.reactions, hand) == (
        2,
        0,
        ["Unexpected Kill", "Just a Cat", "Just a Cat"],
    )
    assert is_killer(state.hands[2][0])

    def edit(document: dict[str, Any]) -> None:
        document["fields"]["killers"][2].append(document["fields"]["hands"][2].pop(0))

    assert refusal(state, edit) == "fields.killers[2]: 2 killers face down, but one is played at a time"


def test_negated_and_panicked_last_one_attack_and_follow_a_reaction() -> None:
    state = attack()
    state.negated = True
    assert state.position_problem() == "fields.negated: true, but no reaction has been played in this attack"
    state = turn()
    state.panicked = True
    assert state.position_problem() == "fields.panicked: true, but no attack is on (phase 'turn'); it lasts one attack"


# ---- the reaction window -----------------------------------------------------------------------------


def test_priority_goes_round_every_living_seat_once_from_the_attacker() -> None:
    state = attack()
    state.window = ReactionWindow((0, 1))
    assert state.position_problem() == (
        "fields.window.order: [0, 1], but priority goes round every living seat once from the attacker, seat 0: "
        "[0, 1, 2]"
    )
    with pytest.raises(ValueError, match=r"order lists seats from 0, each once, not \[0, 0, 1\]"):
        ReactionWindow((0, 0, 1))  # a seat twice is no window at all, in any game


def test_the_killer_strikes_once_every_seat_has_passed_in_a_row() -> None:
    state = attack()
    assert state.window is not None
    state.window.passes = 3
    assert state.position_problem() == "fields.window.passes: 3 passes in a row, but the killer strikes after 3"
    state.window.passes, state.window.position = 1, 2
    assert state.position_problem() == (
        "fields.window.position: 2, but no reaction was played and each of the 1 passes moved priority one seat on "
        "from the attacker"
    )


def test_each_reaction_takes_a_card_from_hands_that_were_full_when_the_attack_began() -> None:
    state = attack(reactions=1)
    assert state.window is not None
    state.window.reactions = 3
    assert state.position_problem() == (
        "fields.hands: the living hands hold 10 cards, but 8 are left after 3 reactions (full hands of 4 at the "
        "attack, less the killer and a card a reaction)"
    )


def test_a_killer_is_played_only_once_every_living_teen_has_a_location() -> None:
    state = attack()
    state.discard.extend(state.stacks[2])
    state.stacks[2].clear()
    assert state.position_problem() == (
        "fields.stacks[2]: empty, but a killer is played only once every living teen has a location"
    )


# ---- seats: hands, stacks, the dead ------------------------------------------------------------------


def test_a_hand_is_filled_to_four_and_never_past_it() -> None:
    state = turn()
    state.hands[1].append(state.deck.pop())
    assert state.position_problem() == "fields.hands[1]: 5 cards, but a hand is filled to 4 and never past it"
    state = attack()
    state.hands[0].append(state.deck.pop())
    assert state.position_problem() == (
        "fields.hands[0]: 4 cards and a killer face down, but a hand is filled to 4 and never past it"
    )


def test_every_living_hand_is_full_on_a_turn() -> None:
    state = turn()
    state.discard.append(state.hands[2].pop())
    assert state.position_problem() == "fields.hands[2]: 3 cards on a turn, but every living hand is filled to 4"


def test_the_dead_hold_no_cards_and_no_locations() -> None:
    state = attack()
    state.turns.alive[2] = False
    assert state.position_problem() == (
        "fields.hands[2]: seat 2's teen is dead, but holds cards (the dead discard their hands)"
    )
    state.discard.extend(state.hands[2])
    state.hands[2].clear()
    assert state.position_problem() == (
        "fields.stacks[2]: seat 2's teen is dead, but has locations tabled (the dead discard them)"
    )


def test_the_seat_to_play_is_alive() -> None:
    state = turn()
    state.turns.current = 0
    assert state.position_problem() == "fields.turns.current: seat 0's teen is dead, but it is that seat's turn"


def test_only_locations_are_tabled() -> None:
    state = attack()
    state.stacks[1].append(state.deck.pop(state.deck.index(PANIC)))
    assert state.position_problem() == "fields.stacks[1]: Panic! is tabled, but only locations are"


def test_no_rule_turns_a_hand_card_face_up() -> None:
    state = turn()
    state.hands[1].up = 1
    assert (
        state.position_problem() == "face_up.hands 1: 1 of its cards face up, but no rule of slasher turns them face up"
    )


def test_no_rule_turns_the_decks_top_face_up() -> None:
    assert refusal(turn(), lambda document: document["face_up"].update(deck=1)) == (
        "face_up.deck: 1 of its cards face up, but no rule of slasher turns them face up"
    )


def test_one_alive_flag_per_seat() -> None:
    state = turn()
    state.turns.alive.pop()
    assert state.position_problem() == "fields.turns.alive: 2 seats, but the match has 3"


# ---- counters ----------------------------------------------------------------------------------------


def test_turns_count_from_one_and_stall_is_never_negative_nor_more_than_the_turns_played() -> None:
    state = turn()
    state.turn = 0
    assert state.position_problem() == "fields.turn: 0, but turns are numbered from 1"
    state.turn = 15
    state.stall = -3
    assert state.position_problem() == "fields.stall: -3 is negative"
    state.stall = 15
    assert state.position_problem() == "fields.stall: 15 turns without a death, but this is turn 15"


def test_the_turns_played_are_at_most_stall_turns_for_each_teen_dead_plus_the_stall() -> None:
    state = until(lambda state: state.turn == 11, seed=15, options={"stall_turns": 6})
    assert (state.stall, state.turns.alive.count(False)) == (4, 1)  # 10 turns played: within 4 + 1 * 6
    state.turn = 12
    assert state.position_problem() == (
        "fields.turn: 12, but 1 teen dead and a stall of 4 allow 10 turns played at most (a teen dies within "
        "stall_turns=6 turns of the last)"
    )
    state.turn = 10**9
    assert state.position_problem() is not None and state.position_problem().startswith("fields.turn: 1000000000")


def test_the_stall_rule_ends_the_match_when_the_count_reaches_its_limit() -> None:
    state = until(lambda state: state.turn == 11, seed=15, options={"stall_turns": 6})
    assert (state.stall, state.turns.living) == (4, (0, 1))  # a death in turn 6
    state.stall = 6
    assert (
        state.position_problem()
        == "fields.stall: 6 turns without a death end the match (stall_turns=6), but it goes on"
    )


def test_the_log_holds_the_last_events_said_up_to_its_length() -> None:
    state = turn()
    state.said = 3
    assert state.position_problem() == (
        f"fields.said: 3 events logged in all, but the log keeps the last 24 and holds {len(state.log)}"
    )


# ---- the end -----------------------------------------------------------------------------------------


def test_winners_are_named_only_once_the_match_is_over() -> None:
    state = attack()
    state.winners = (1,)
    assert state.position_problem() == "fields.winners: [1], but the match is not over (phase 'attack')"


def test_a_match_with_fewer_than_two_teens_alive_is_over() -> None:
    state = turn()
    state.turns.alive[2] = False
    state.discard.extend(state.hands[2])
    state.hands[2].clear()
    assert (
        state.position_problem() == "fields.turns.alive: 1 of 3 teens alive, but the match is not over (phase 'turn')"
    )


def test_the_living_teens_are_the_winners_of_a_match_over() -> None:
    state = until(lambda state: state.is_terminal)
    assert (state.phase, state.turns.living, state.winners) == (OVER, (1,), (1,))
    state.winners = (0,)
    assert state.position_problem() == "fields.winners: [0], but the living teens [1] share the win of a match over"


def test_several_survivors_end_the_match_only_by_the_stall_rule() -> None:
    state = until(lambda state: state.is_terminal, seed=15, options={"stall_turns": 6})
    assert (ending(state), state.turn, state.stall, state.turns.living) == ("stall", 12, 6, (0, 1))
    state.stall = 5
    assert state.position_problem() == (
        "fields.stall: 5, short of stall_turns=6, but the match is over with 2 teens alive, which only the stall rule "
        "ends"
    )
    state.stall = 7
    assert state.position_problem() == "fields.stall: 7 is past stall_turns=6, where the match ended"


def test_nobody_wins_when_the_last_teens_die_together_unless_they_share() -> None:
    state = until(lambda state: state.is_terminal and not state.turns.living, seed=9)
    assert state.winners == ()
    state.winners = (0, 1)
    assert state.position_problem() == (
        "fields.winners: [0, 1], but nobody wins when the last teens die together (all_dead=nobody)"
    )
    state = until(lambda state: state.is_terminal and not state.turns.living, seed=9, options={"all_dead": "share"})
    assert state.winners == (1, 2)
    state.winners = ()
    assert state.position_problem() == "fields.winners: none, but the last teens to die share the win (all_dead=share)"


def test_the_teens_who_share_the_win_are_named_once() -> None:
    # The last teens to die together share the win: no other bound says who they are, so this one alone refuses a
    # seat named twice.
    state = until(lambda state: state.is_terminal and not state.turns.living, seed=9, options={"all_dead": "share"})
    assert state.winners == (1, 2)
    assert refusal(state, lambda document: document["fields"].update(winners=[1, 1])) == (
        "fields.winners: [1, 1] names a seat twice"
    )
