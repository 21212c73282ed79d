"""The guard race's `position_problem`: every position real play reaches passes, and each bound of the rules a
hand-edited position can break is named in one line (RULES.md gives the numbers)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

from corekit import Rng
from corekit.position import dumps, loads
from plugins.grizzly_race.game import SUPER, Battle, GrizzlyRace, RaceState
from tests.plugins import position_edits

GAME = GrizzlyRace()


def new(players: int, seed: int, options: Any = None) -> RaceState:
    state = GAME.initial_state(players, seed, options)
    assert isinstance(state, RaceState)
    return state


def step(state: RaceState, moves: Rng) -> None:
    """One random commitment by one random seat still to act."""
    seat = state.to_act[moves.below(len(state.to_act))]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[moves.below(len(legal))])


def race(players: int = 3, seed: int = 5, rounds: int = 2, options: Any = None) -> RaceState:
    """A real race after `rounds` rounds of random play (too few to end it: a seat has 6 guards)."""
    state = new(players, seed, options)
    moves = Rng(seed)
    while state.round < rounds:
        step(state, moves)
    return state


def until(test: Callable[[RaceState], bool], players: int = 3, seed: int = 5, options: Any = None) -> RaceState:
    """The first position of a random race from `seed` where `test` holds."""
    state = new(players, seed, options)
    moves = Rng(seed)
    while not test(state):
        step(state, moves)
    return state


def ended(players: int = 3, seed: int = 5, options: Any = None) -> RaceState:
    return until(lambda state: state.is_terminal, players, seed, options)


refusal = functools.partial(position_edits.refusal, GAME)


# ---- real play ---------------------------------------------------------------------------------------


def test_every_position_of_random_races_is_one_the_rules_allow() -> None:
    # Some seeds of each count, a short stall rule so that stalls end races too, and a seed whose race deadlocks.
    matches: list[tuple[int, int, Any]] = [(players, seed, None) for players in (2, 3, 4) for seed in range(100)]
    matches += [(players, seed, {"stall_rounds": 2}) for players in (2, 3, 4) for seed in range(30)]
    matches.append((2, 67, None))
    endings = set()
    for players, seed, options in matches:
        state = new(players, seed, options)
        moves = Rng(seed)
        while True:
            assert state.position_problem() is None, (players, seed, options, state.round)
            if state.is_terminal:
                break
            step(state, moves)
        endings.add(state.ending())
    assert endings == {"hero freed", "stalled", "deadlocked"}


def test_a_seats_position_from_real_play_passes_however_its_unseen_cards_are_dealt() -> None:
    # While the race runs only what a seat sees is judged: reading a seat's position deals the rest at random.
    for players in (2, 3, 4):
        state = new(players, 9, {"stall_rounds": 3})
        moves = Rng(9)
        while not state.is_terminal:
            for seat in range(players):
                read = loads(GAME, dumps(state, seat), seed=state.round)
                assert isinstance(read, RaceState)
                assert read.position_problem() is None
            step(state, moves)


# ---- counters ----------------------------------------------------------------------------------------


def test_round_is_never_negative() -> None:
    state = race()
    state.round = -5
    assert state.position_problem() == "fields.round: -5 is negative"


def test_stall_is_never_negative_nor_more_than_the_rounds_played() -> None:
    state = race()
    state.stall = -1
    assert state.position_problem() == "fields.stall: -1 is negative"
    state.stall = 10**6
    assert (
        state.position_problem() == "fields.stall: 1000000 rounds without a beaten guard, but only 2 rounds were played"
    )


def test_the_stall_rule_ends_the_race_when_the_count_reaches_its_limit() -> None:
    state = race(rounds=4, options={"stall_rounds": 3})
    state.stall = 3
    assert state.position_problem() == (
        "fields.stall: 3 rounds without a beaten guard end the race (stall_rounds=3), but it goes on"
    )
    over = ended(options={"stall_rounds": 3})
    over.stall = 4
    assert over.position_problem() == "fields.stall: 4 is past stall_rounds=3, where the race ended"


def _rounds_of(seed: int) -> list[RaceState]:
    """The positions after each round of a random 3-seat race from `seed`, to its end."""
    state, moves, seen = new(3, seed), Rng(seed), []
    while not state.is_terminal:
        before = state.round
        step(state, moves)
        if state.round != before and not state.is_terminal:
            seen.append(state.clone())
    return seen


def test_the_rounds_played_are_at_most_stall_rounds_for_each_guard_beaten_plus_the_stall() -> None:
    state = until(lambda s: s.round >= 3 and s.stall == 0, options={"stall_rounds": 4})
    beaten = sum(6 - len(column) for column in state.guards)
    state.round = beaten * 4 + 1
    assert state.position_problem() == (
        f"fields.round: {beaten * 4 + 1} rounds, but {beaten} guards beaten and a stall of 0 allow {beaten * 4} at "
        "most (a guard falls within stall_rounds=4 rounds of the last)"
    )
    state.round = beaten * 4
    assert state.position_problem() is None
    state.round = 10**9
    assert state.position_problem() is not None and state.position_problem().startswith("fields.round: 1000000000")


def test_the_stall_count_starts_again_after_a_round_that_beat_a_guard_and_grows_after_one_that_beat_none() -> None:
    won = until(lambda s: s.round >= 2 and any(b.won for b in s.last_round))
    won.stall = 1
    assert won.position_problem() == "fields.stall: 1, but the last round beat a guard"
    lost = next(s for seed in range(50) for s in _rounds_of(seed) if not any(b.won for b in s.last_round))
    lost.stall = 0
    assert lost.position_problem() == "fields.stall: 0, but the last round beat no guard"


def test_the_reserve_is_set_aside_only_at_a_refill_after_seven_rounds() -> None:
    state = race()
    state.reserve.extend(state.discard)
    state.discard.clear()
    assert state.position_problem() == "fields.reserve: 10 cards after 2 rounds, but no hand runs out in fewer than 7"


# ---- lanes: guards and hands -------------------------------------------------------------------------


def test_a_seat_with_no_guards_left_has_won_and_the_race_is_over() -> None:
    state = race()
    state.discard.extend(state.guards[1])
    state.guards[1].clear()
    state.guards[1].up = 0
    assert state.position_problem() == "fields.guards[1]: no guards left, but the race is not over (winners is empty)"


def test_a_seat_has_six_guards_at_most() -> None:
    state = race(rounds=0)
    state.guards[1].append(state.hands[1].pop())
    assert state.position_problem() == "fields.guards[1]: 7 guards, but a seat starts with 6 and never gains one"


def test_a_seat_beats_one_guard_a_round_at_most() -> None:
    state = race(rounds=1)
    state.discard.extend(state.guards[0][:3])
    del state.guards[0][:3]
    assert state.position_problem() == "fields.guards[0]: 4 guards beaten in 1 round, but one falls a round at most"


def test_a_hand_holds_seven_cards_at_most() -> None:
    state = race(rounds=0)
    state.hands[0].append(state.hands[1].pop())
    assert state.position_problem() == "fields.hands[0]: 8 cards, but a hand holds at most 7 (a refill tops it up to 7)"


def test_a_seat_that_runs_out_refills_at_once() -> None:
    state = until(lambda state: state.round >= 7 and not state.commitments.chosen)
    state.discard.extend(state.hands[0])
    state.hands[0].clear()
    assert state.position_problem() == (
        "fields.hands[0]: empty in a race not over, but a seat that runs out refills to 7 at once"
    )


def test_a_hand_plays_one_card_a_round() -> None:
    state = race(rounds=1)
    state.discard.extend(state.hands[1][:3])
    del state.hands[1][:3]
    assert state.position_problem() == "fields.hands[1]: 3 cards after 1 round, but a hand of 7 plays one card a round"


def test_a_supercard_is_spent_only_in_a_round() -> None:
    state = race(rounds=0)
    state.supercard[2] = False
    assert state.position_problem() == "fields.supercard[2]: spent, but no round has been played"


def test_before_the_end_hands_lie_face_down_and_only_a_top_guard_face_up() -> None:
    state = race()
    state.hands[0].up = 2
    assert state.position_problem() == "face_up.hands 0: 2 of its cards face up, but a hand is shown only at the end"
    state.hands[0].up = 0
    state.guards[0].up = 2
    assert state.position_problem() == (
        "face_up.guards 0: 2 of its cards face up, but before the end only the top guard can be"
    )


def test_before_the_end_the_reserve_lies_face_down() -> None:
    state = until(lambda state: bool(state.reserve) or state.is_terminal, seed=1)
    assert (state.is_terminal, state.round, len(state.reserve)) == (False, 8, 11)
    assert refusal(state, lambda document: document["face_up"].update(reserve=1)) == (
        "face_up.reserve: 1 of its cards face up, but the reserve is shown only at the end"
    )


# ---- the last round's battles ------------------------------------------------------------------------


def test_no_battle_is_fought_before_the_first_round() -> None:
    state = race(rounds=0)
    state.last_round = (Battle(0, 1, 1, True),)
    assert state.position_problem() == "fields.last_round: battles, but no round has been played"


def test_a_round_has_one_battle_per_seat_in_seat_order() -> None:
    state = race()
    state.last_round = (Battle(8, 1, 1, True), *state.last_round[1:])
    assert state.position_problem() == (
        "fields.last_round: battles of seats [8, 1, 2], but a round has one battle per seat, in seat order"
    )


def test_a_battle_is_won_by_a_card_at_least_the_guard_or_the_supercard() -> None:
    state = race()
    battle = state.last_round[0]
    state.last_round = (Battle(0, 9, battle.guard, True), *state.last_round[1:])
    assert state.position_problem() == "fields.last_round[0].played: 9 is no play (1-5 a card, 6 the supercard)"
    state.last_round = (Battle(0, 1, 3, True), *state.last_round[1:])
    assert state.position_problem() == "fields.last_round[0].won: True, but 1 against a guard of 3 says otherwise"
    state.last_round = (Battle(0, SUPER, 3, True), *state.last_round[1:])
    assert state.position_problem() == "fields.supercard[0]: unspent, but seat 0 played it last round"


@pytest.mark.parametrize("guard", [0, 9])
def test_a_battles_guard_is_a_card(guard: int) -> None:
    def edit(document: dict[str, Any]) -> None:
        document["fields"]["last_round"][0]["guard"] = guard

    assert refusal(race(), edit) == f"fields.last_round[0].guard: {guard} is no card (strengths 1-5)"


def test_a_guard_that_won_stays_on_top_face_up() -> None:
    state = until(lambda state: state.round > 0 and not state.last_round[0].won)
    guard = state.last_round[0].guard
    state.guards[0].up = 0
    assert state.position_problem() == "face_up.guards 0: 0 of its cards face up, but seat 0 lost its last battle"
    state.guards[0].up = 1
    state.guards[0][-1] = 5 if guard != 5 else 4
    top = state.guards[0][-1]
    assert state.position_problem() == (
        f"fields.guards[0]: the top guard is {top}, but the {guard} that beat seat 0 last round stays"
    )


# ---- commitments and the end -------------------------------------------------------------------------


def test_every_seat_plays_every_round_and_the_last_commitment_resolves_it() -> None:
    state = race()
    state.commitments.open([0, 1])
    assert state.position_problem() == "fields.commitments.seats: [0, 1] decide, but every seat plays in every round"
    state.commitments.open([0, 1, 2])
    for seat in (0, 1, 2):
        state.commitments.commit(seat, state.legal_actions(seat)[0])
    assert state.position_problem() == (
        "fields.commitments.chosen: every seat has committed, but the battle is fought as the last card is in"
    )


def test_a_deadlock_ends_the_race() -> None:
    state = race()
    state.deadlock = True
    assert state.position_problem() == "fields.deadlock: true, but the race is not over (winners is empty)"


def test_nobody_decides_once_the_race_is_over() -> None:
    state = race()
    state.winners = (0,)
    assert state.position_problem() == "fields.winners: [0], but seats [0, 1, 2] still decide this round (commitments)"


def test_the_seats_past_all_their_guards_are_the_winners() -> None:
    state = ended()
    assert (state.winners, [len(column) for column in state.guards]) == ((0,), [0, 4, 1])
    state.winners = (2,)
    assert state.position_problem() == "fields.winners: [2], but the seats past all their guards, [0], share the win"


def test_a_race_won_by_a_seat_past_its_guards_is_no_deadlock() -> None:
    state = ended()
    assert state.ending() == "hero freed"
    assert refusal(state, lambda document: document["fields"].update(deadlock=True)) == (
        "fields.deadlock: true, but seats [0] got past all their guards"
    )


def test_a_stall_is_a_draw_and_only_at_its_limit() -> None:
    state = ended(2, 3, {"stall_rounds": 2})
    assert (state.ending(), state.winners, [len(column) for column in state.guards]) == ("stalled", (0, 1), [4, 4])
    state.winners = (0,)
    assert state.position_problem() == "fields.winners: [0], but a deadlock or stall is a draw: every seat, [0, 1]"
    state.winners = (0, 1)
    state.stall = 1
    assert (
        state.position_problem()
        == "fields.winners: [0, 1], but nobody is free, nothing is deadlocked and stall 1 is short"
    )


def test_a_deadlock_needs_every_supercard_spent_and_no_card_that_beats_a_top_guard() -> None:
    state = ended(2, 67)
    assert (state.ending(), state.guards, state.hands[1]) == ("deadlocked", [[5], [5]], [2, 3, 3, 4])
    state.supercard[1] = True
    assert state.position_problem() == "fields.deadlock: true, but seat 1's supercard is unspent and beats any guard"
    state.supercard[1] = False
    # Seat 1's top 5 (it came up after a won battle) and the 4 in its hand trade places: that 5 beats a 4.
    state.guards[1][0], state.hands[1][3] = 4, 5
    assert state.position_problem() == "fields.deadlock: true, but a card in play can still beat a top guard"
