"""The guard race's rules, one test per rule (see plugins/grizzly_race/RULES.md)."""

from collections import Counter

import pytest

from corekit import HIDDEN, GameError, IllegalAction, OptionError, Rng
from plugins.grizzly_race.game import SUPER, RaceOptions
from plugins.grizzly_race.heuristic import unseen_cards
from tests.plugins.grizzly_race.scenario import GAME, play_round, scenario
from tests.plugins.grizzly_race.stall_survey import survey
from tests.random_play import positions


def test_setup_deals_seven_cards_and_six_face_down_guards_from_thirteen_per_player():
    for players in (2, 3, 4):
        state = GAME.initial_state(players, 7)
        assert [len(h) for h in state.hands] == [7] * players
        assert [len(g) for g in state.guards] == [6] * players
        assert state.supercard == [True] * players
        everything = Counter(c for zone in state.zones().values() for c in zone)
        assert everything == Counter({5: players, 4: 2 * players, 3: 3 * players, 2: 4 * players, 1: 3 * players})


def test_two_to_four_players_take_part():
    for players in (1, 5):
        with pytest.raises(GameError, match=f"grizzly-race needs 2-4 players, got {players}"):
            GAME.initial_state(players, 1)


def test_the_legal_plays_are_each_strength_in_hand_once_plus_the_unspent_supercard():
    state = scenario([[1, 1, 3, 3, 5], [2, 2, 2]], [[5, 3], [5, 4]])
    assert state.legal_actions(0) == [1, 3, 5, SUPER]  # copies of a strength are one action
    assert state.legal_actions(1) == [2, SUPER]
    state.supercard[1] = False
    assert state.legal_actions(1) == [2]
    state.apply(0, 3)
    assert state.legal_actions(0) == []  # committed: nothing more this round
    other = scenario([[1, 1, 3, 3, 5], [2, 2, 2]], [[5, 3], [5, 4]])
    other.legal_actions(0).append(4)  # each caller gets a list of its own: the hand's strengths are looked up
    assert other.legal_actions(0) == [1, 3, 5, SUPER] and other.legal_actions(0) is not other.legal_actions(0)


def test_every_seat_decides_at_once_and_nobody_sees_another_commitment():
    state = GAME.initial_state(3, 2)
    assert state.to_act == (0, 1, 2)
    card = state.legal_actions(1)[0]
    state.apply(1, card)
    assert state.to_act == (0, 2)
    assert state.observation(0).commitments == ((1, HIDDEN),)
    assert state.observation(1).commitments == ((1, card),)
    assert state.observation(None).commitments == ((1, card),)


def test_no_battle_is_fought_until_the_last_seat_has_committed():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    state.apply(0, 3)
    # The committed 3 is still in hand and its guard still stands: nothing is revealed yet.
    assert (state.hands, state.guards, state.discard) == ([[1, 3], [2, 2]], [[5, 3], [5, 4]], [])
    assert (state.round, state.last_round, state.to_act) == (0, (), (1,))
    state.apply(1, 2)
    assert (state.hands, state.guards, state.round) == ([[1], [2]], [[5], [5, 4]], 1)


def test_committing_a_card_does_not_change_what_the_seat_has_not_seen():
    state = GAME.initial_state(2, 2)
    before = unseen_cards(state.observation(0))
    state.apply(0, state.legal_actions(0)[0])
    assert unseen_cards(state.observation(0)) == before  # the card is still in hand until the reveal


def test_a_card_equal_to_the_guard_wins_and_both_go_to_the_discard():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    play_round(state, 3, 2)
    assert state.guards[0] == [5]
    assert sorted(state.discard) == [2, 3, 3]
    assert state.last_round[0].won and not state.last_round[1].won


def test_a_weaker_card_loses_and_the_guard_stays_face_up_for_everyone():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    play_round(state, 3, 2)
    assert state.guards[1] == [5, 4]
    assert state.observation(0).lanes[1].top_guard == 4
    assert state.observation(1).lanes[1].top_guard == 4
    assert state.observation(0).lanes[0].top_guard is None  # the next guard is still face down


def test_beating_a_face_up_guard_leaves_the_next_guard_face_down():
    state = scenario([[4, 1, 1], [1, 1, 1]], [[5, 4], [5, 5]])
    play_round(state, 1, 1)
    assert state.observation(1).lanes[0].top_guard == 4
    play_round(state, 4, 1)
    assert state.guards[0] == [5]
    assert state.observation(1).lanes[0].top_guard is None
    assert state.observation(1).lanes[1].top_guard == 5  # a guard beaten by nobody stays face up


def test_the_supercard_beats_any_guard_once_per_game():
    state = scenario([[1, 1], [1, 1]], [[1, 5], [1, 1]])
    assert SUPER in state.legal_actions(0)
    play_round(state, SUPER, 1)
    assert state.guards[0] == [1]
    assert SUPER not in state.legal_actions(0)
    assert state.hands[0] == [1, 1]  # no card was spent
    assert 5 in state.discard and SUPER not in state.discard


def test_a_card_not_in_hand_is_refused_and_the_state_is_unchanged():
    state = scenario([[3, 1], [2, 2]], [[5, 3], [5, 4]])
    before = state.digest()
    with pytest.raises(IllegalAction, match="play 5 is not a legal action for seat 0"):
        state.apply(0, 5)
    assert state.digest() == before
    state.apply(0, 3)
    committed = state.digest()
    with pytest.raises(IllegalAction, match="seat 0 may not act now"):
        state.apply(0, 1)
    assert state.digest() == committed
    assert state.observation(1).commitments == ((0, HIDDEN),)


def test_a_player_out_of_cards_takes_the_shuffled_discard_and_sets_the_rest_aside():
    discard = [1, 1, 2, 2, 2, 3, 3, 4, 4]
    state = scenario([[3], [5, 5]], [[1, 1, 1, 5], [1, 1, 1, 5]], discard=discard)
    play_round(state, 3, 5)
    assert len(state.hands[0]) == 7
    # The round added the lost 3, the winning 5 and the guard it beat to the nine discarded cards.
    assert len(state.reserve) == 9 + 3 - 7
    assert Counter(state.hands[0]) + Counter(state.reserve) == Counter([*discard, 3, 5, 5])
    assert state.discard == []
    assert state.hands[1] == [5]  # a hand with a card left is not topped up


def test_the_next_player_out_draws_from_the_reserve():
    state = scenario([[1], [4, 4]], [[1, 1, 5], [1, 1, 1]], reserve=[2, 2, 2, 2, 2, 2, 2, 3])
    play_round(state, 1, 4)
    assert state.hands[0] == [2, 2, 2, 2, 2, 2, 3]
    assert state.reserve == [2]
    assert sorted(state.discard) == [1, 1, 4]  # the round's cards: a full reserve leaves the discard alone


def test_a_short_reserve_is_topped_up_from_the_shuffled_discard():
    pile = Counter([3, 3, 3, 3, 3, 1, 4, 1])  # five 3s, the lost 1, the 4 and the 1 it beat
    for key in range(12):  # whatever the shuffle: mixing the reserve into the discard would show
        state = scenario([[1], [4, 4]], [[1, 1, 5], [1, 1, 1]], discard=[3, 3, 3, 3, 3], reserve=[2, 2])
        state.rng = Rng(key)
        play_round(state, 1, 4)
        # The reserve's two 2s first, then five of the shuffled discard; its other three are the new reserve.
        assert len(state.hands[0]) == 7
        assert state.hands[0].count(2) == 2
        assert 2 not in state.reserve and len(state.reserve) == 8 - 5
        assert Counter(state.hands[0]) - Counter([2, 2]) + Counter(state.reserve) == pile
        assert state.discard == []


def test_a_refill_shuffles_the_discard_so_the_cards_dealt_depend_on_the_generator():
    # "gather the discard pile into a deck, shuffle it and deal themselves 7": the same position dealt with
    # different generators gives different hands (an unshuffled pile would give one hand every time).
    hands = set()
    for key in range(20):
        state = scenario([[1], [4, 4]], [[1, 1, 5], [1, 1, 1]], discard=[1, 2, 2, 3, 3, 3, 4, 4, 5])
        state.rng = Rng(key)
        play_round(state, 1, 4)
        hands.add(tuple(state.hands[0]))
    assert len(hands) > 5


def test_a_seat_holding_only_the_supercard_has_run_out_and_refills_keeping_it():
    state = scenario([[2], [4, 4]], [[1, 1, 5], [1, 1, 1]], discard=[3] * 8)
    play_round(state, 2, 4)
    assert len(state.hands[0]) == 7
    assert state.supercard[0] and SUPER in state.legal_actions(0)


def test_seats_out_of_cards_in_the_same_round_refill_in_seat_order():
    # Seat 0 serves first, from the reserve; seat 1 then finds it empty and shuffles the discard.
    state = scenario([[1], [1]], [[1, 5], [1, 5]], discard=[3] * 8, reserve=[4] * 7)
    play_round(state, 1, 1)
    assert state.hands[0] == [4] * 7
    # Seat 1 drew 7 of the shuffled discard (the eight 3s and the two lost 1s); 3 are the new reserve.
    assert len(state.hands[1]) == 7 and len(state.reserve) == 3
    assert Counter(state.hands[1]) + Counter(state.reserve) == Counter([3] * 8 + [1, 1])


def test_the_first_hero_past_six_guards_wins():
    state = scenario([[5, 1], [1, 1]], [[3], [5, 5]])
    play_round(state, 5, 1)
    assert state.is_terminal
    assert state.returns() == [1.0, 0.0]
    assert state.to_act == () and state.legal_actions(1) == []  # the race is over for everyone


def test_heroes_freed_in_the_same_round_share_the_win():
    state = scenario([[5, 1], [1, 1], [1, 1]], [[3], [1], [5]])
    play_round(state, 5, 1, 1)
    assert state.winners == (0, 1)
    assert state.returns() == [0.5, 0.5, 0.0]


def test_a_true_deadlock_ends_the_race_at_once_in_a_draw_though_one_seat_has_fewer_guards_left():
    # Both top guards are 5s no card in circulation can beat and the supercards are spent. RULES.md Assumption 7:
    # the only way to win is to free one's hero, and nobody has (an outside rules audit; version 3 gave it to seat 0).
    state = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], supercard=[False, False])
    play_round(state, 1, 1)
    assert state.is_terminal and state.deadlock
    assert state.winners == (0, 1) and state.returns() == [0.5, 0.5]


def test_a_deadlocked_race_of_three_is_a_draw_of_three():
    state = scenario([[1] * 7] * 3, [[5, 5], [5, 5, 5], [5, 5]], supercard=[False] * 3)
    play_round(state, 1, 1, 1)
    assert state.winners == (0, 1, 2)
    assert state.returns() == [1 / 3] * 3


def test_no_deadlock_while_a_supercard_is_unspent_or_a_card_in_circulation_beats_a_top_guard():
    unspent = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], supercard=[True, False])
    play_round(unspent, 1, 1)
    assert not unspent.is_terminal
    # The only card that beats a guard is a 5 set aside in the reserve: it will come back into play.
    in_reserve = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], reserve=[5], supercard=[False, False])
    play_round(in_reserve, 1, 1)
    assert not in_reserve.is_terminal
    # A 4 in a hand beats a face-up 4 of another seat: not a deadlock either.
    beatable = scenario([[1] * 6 + [4], [1] * 7], [[5, 5], [5, 5, 4]], supercard=[False, False])
    play_round(beatable, 1, 1)
    assert not beatable.is_terminal


def test_the_stall_rule_ends_a_race_that_is_not_deadlocked_after_100_rounds_by_default():
    # Seat 0 keeps its supercard, which could beat a guard, so only the stall rule, the safety net, ends it.
    state = scenario([[1] * 7, [1] * 7], [[5, 5], [5, 5, 5]], supercard=[True, False])
    assert state.options.stall_rounds == RaceOptions().stall_rounds == 100
    for rounds in range(1, 100):
        play_round(state, 1, 1)  # hands run out every 7 rounds and refill with the discarded 1s
        assert state.stall == rounds and not state.is_terminal
    play_round(state, 1, 1)
    assert state.winners == (0, 1) and not state.deadlock


def test_a_stalled_race_is_a_draw():
    state = scenario([[1] * 7] * 3, [[5, 5], [5, 5, 5], [5, 5]], reserve=[5], supercard=[False] * 3, stall_rounds=2)
    play_round(state, 1, 1, 1)
    play_round(state, 1, 1, 1)
    assert state.winners == (0, 1, 2)
    assert state.returns() == [1 / 3] * 3


def test_the_stall_option_must_be_at_least_one_round():
    with pytest.raises(OptionError, match="'stall_rounds' must be >= 1: 0"):
        GAME.initial_state(2, 1, {"stall_rounds": "0"})
    assert GAME.initial_state(2, 1, {"stall_rounds": "1"}).options.stall_rounds == 1


def test_the_declared_bound_is_players_times_stall_rounds_times_five_players_plus_one():
    # At most 5 guards a seat fall before a hero is free, fewer than stall_rounds rounds between falls.
    for players, stall in ((2, 30), (3, 5), (4, 30)):
        assert GAME.max_decisions(players, RaceOptions(stall_rounds=stall)) == players * stall * (5 * players + 1)


def test_a_beaten_guard_resets_the_stall_count():
    state = scenario([[1, 1, 1, 2], [1, 1, 1, 1]], [[5, 2], [5, 5]], stall_rounds=3, reserve=[5])
    state.supercard = [False, False]
    play_round(state, 1, 1)
    play_round(state, 2, 1)
    assert state.stall == 0


def test_a_guard_beaten_by_the_supercard_resets_the_stall_count_too():
    state = scenario([[1, 1, 1], [1, 1, 1]], [[5, 5], [5, 5]], stall_rounds=3, reserve=[5])
    play_round(state, 1, 1)
    assert state.stall == 1
    play_round(state, SUPER, 1)  # the round's only beaten guard fell to the supercard
    assert state.stall == 0


def test_every_random_game_ends_within_the_declared_bound():
    for seed in range(40):
        state = GAME.initial_state(2, seed, RaceOptions(stall_rounds=5))
        bound = GAME.max_decisions(2, RaceOptions(stall_rounds=5))
        rng, steps = Rng(seed), 0
        while not state.is_terminal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            steps += 1
        assert steps <= bound


def test_a_sample_hides_other_hands_face_down_guards_and_commitments_but_keeps_what_is_seen():
    state = GAME.initial_state(2, 11)
    state.apply(1, state.legal_actions(1)[-1])
    changed = 0
    for key in range(20):
        sampled = state.sample(0, Rng(key))
        assert sampled.observation(0) == state.observation(0)
        assert sampled.hands[0] == state.hands[0]
        changed += sampled.hands[1] != state.hands[1] or sampled.guards != state.guards
        assert 1 in sampled.commitments.chosen
        assert sampled.commitments.chosen[1] in sampled.commitment_choices("commitments", 1)
    assert changed > 15


def test_the_render_shows_own_hand_and_hides_the_others():
    state = scenario([[3, 1], [2, 4]], [[5, 3], [5, 4]])
    text = GAME.render(state.observation(0), 0)
    assert "hand 1 3" in text and "hand 2 cards" in text
    assert "hand 2 4" in GAME.render(state.observation(None), None)


def random_positions(seeds=range(9), players=(2, 3, 4)):
    """Every position of a few random games, from the deal to the end."""
    for count in players:
        for seed in seeds:
            yield from positions(GAME, count, seed, Rng(seed + 100))


def received_from(state, seat):
    """The lot of each card seat's hand received, in order (what everyone saw of its refills)."""
    return [lot for lot, card in state.record.events.get(state.hands[seat].no, ()) if card is None]


def test_a_refill_always_reaches_seven_cards():
    # RULES.md assumption 4: the reserve and the discard together always hold the 7 a refill needs.
    refills, short = 0, 0
    for state in random_positions(seeds=range(40)):
        if state.round == 0:
            seen = [len(received_from(state, seat)) for seat in range(state.players)]
        for seat in range(state.players):
            lots = received_from(state, seat)
            if len(lots) > seen[seat]:
                assert len(state.hands[seat]) == 7 and len(lots) - seen[seat] == 7
                refills += 1
                short += len(set(lots[seen[seat] :])) == 2  # the reserve, then the shuffled discard
        seen = [len(received_from(state, seat)) for seat in range(state.players)]
    assert refills > 50 and short > 3


def test_a_sample_puts_in_the_reserve_only_cards_of_the_discard_pile_it_was_set_aside_from():
    checked = 0
    for state in random_positions():
        if state.reserve:
            pile = Counter(dict(state.record.lots[state.record.remainder[state.reserve.no]]))
            for seat in range(state.players):
                assert Counter(state.sample(seat, Rng(checked)).reserve) <= pile
                checked += 1
    assert checked > 100


def test_a_seat_that_drew_from_a_reshuffled_pile_knows_what_is_left_of_it_in_the_reserve():
    checked = 0
    for state in random_positions():
        lot = state.record.remainder.get(state.reserve.no)
        for seat in range(state.players):
            drawn = received_from(state, seat).count(lot)
            pile = sum(copies for _, copies in state.record.lots[lot]) if lot is not None else 0
            # Nobody else has drawn from the pile since this seat did: the rest of it is the reserve.
            if lot and state.reserve and drawn + len(state.reserve) == pile:
                sampled = state.sample(seat, Rng(checked))
                assert sorted(sampled.reserve) == sorted(state.reserve)
                checked += 1
    assert checked > 10


def test_random_races_end_by_a_freed_hero_or_a_deadlock_and_never_by_the_safety_net():
    endings, longest = survey(2, 150)
    assert endings["hero freed"] > 100 and endings["deadlocked"] > 0 and endings["stalled"] == 0
    assert longest < RaceOptions().stall_rounds
