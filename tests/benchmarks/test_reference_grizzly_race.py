"""The plain-Python yardstick plays the guard race's rules: legal, complete games (every card in one place,
every game ends within the engine's bound), the very games the rules written out plainly play with the same
draws (its kept masks, tops and counts change nothing), with outcomes the engine's random play gives within
sampling error, the stall rule included; and it uses nothing of corekit."""

from __future__ import annotations

import math
import random
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.reference_grizzly_race import COLLECTION, GUARDS, HAND, SUPER, playout
from corekit import default_registry

GAME = default_registry().game("grizzly-race")
GAMES = 3000
Z = 4.5
"""Sampling error allowed: a fair comparison fails about once in 150,000 runs."""


def _engine(players: int, seed: int, stall_rounds: int) -> tuple[int, tuple[int, ...]]:
    """A random game through the public contract: (decisions, winning seats)."""
    state = GAME.initial_state(players, seed, {"stall_rounds": stall_rounds})
    pick = random.Random(seed ^ 0xABC).random
    decisions = 0
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(pick() * len(legal))])
        decisions += 1
    returns = state.returns()
    return decisions, tuple(seat for seat, value in enumerate(returns) if value > 0)


def _close(a: list[float], b: list[float]) -> bool:
    """Whether two samples' means agree within Z standard errors."""
    error = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return abs(statistics.fmean(a) - statistics.fmean(b)) <= Z * max(error, 1e-12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_conserves_the_cards_and_ends_within_the_engines_bound(players):
    bound = GAME.max_decisions(players, GAME.make_options())
    for seed in range(300):
        decisions, winners = playout(players, random.Random(seed), check=True)  # asserts conservation each round
        assert 0 < decisions <= bound and decisions % players == 0
        assert winners and set(winners) <= set(range(players))


def _shuffled(cards: list[int], pick) -> None:
    """Fisher-Yates from the top of the list down, each swap drawn as `int(random() * (i + 1))`: the draws the
    yardstick says it makes, written here apart so that a shuffle of its own that drew otherwise would be caught."""
    for last in range(len(cards) - 1, 0, -1):
        other = int(pick() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]


def _plain(players: int, rng: random.Random, stall_rounds: int) -> tuple[int, tuple[int, ...]]:
    """The rules written out plainly, with the same draws in the same order as the yardstick: options rebuilt
    at every decision, every pile scanned for a deadlock every round."""
    pick = rng.random
    deck = list(COLLECTION) * players
    _shuffled(deck, pick)
    hands = [sorted(deck[seat * HAND : (seat + 1) * HAND]) for seat in range(players)]
    rest = deck[players * HAND :]
    guards = [rest[seat * GUARDS : (seat + 1) * GUARDS] for seat in range(players)]
    supercard = [True] * players
    discard: list[int] = []
    reserve: list[int] = []
    decisions = stall = 0
    while True:
        beaten = 0
        for seat in range(players):
            options = sorted(set(hands[seat])) + ([SUPER] if supercard[seat] else [])
            card = options[int(pick() * len(options))]
            decisions += 1
            if card == SUPER:
                supercard[seat] = False
            else:
                hands[seat].remove(card)
                discard.append(card)
                if card < guards[seat][-1]:
                    continue
            discard.append(guards[seat].pop())
            beaten += 1
        stall = 0 if beaten else stall + 1
        if not all(guards):
            return decisions, tuple(seat for seat in range(players) if not guards[seat])
        circulating = [card for pile in (*hands, discard, reserve) for card in pile]
        weakest = min(column[-1] for column in guards)
        if stall >= stall_rounds or (not any(supercard) and all(card < weakest for card in circulating)):
            return decisions, tuple(range(players))
        for seat in range(players):
            if hands[seat]:
                continue
            take = min(HAND, len(reserve))
            drawn = reserve[len(reserve) - take :]
            del reserve[len(reserve) - take :]
            if take < HAND and discard:
                pile, discard = discard, []
                _shuffled(pile, pick)
                drawn += pile[: HAND - take]
                reserve += pile[HAND - take :]
            hands[seat] = sorted(drawn)


@pytest.mark.parametrize(("players", "stall_rounds"), [(2, 100), (3, 100), (4, 100), (2, 2), (4, 5)])
def test_it_plays_the_very_games_the_plainly_written_rules_play_with_the_same_draws(players, stall_rounds):
    games = [playout(players, random.Random(seed), stall_rounds) for seed in range(1000)]
    assert games == [_plain(players, random.Random(seed), stall_rounds) for seed in range(1000)]
    assert any(len(winners) == players for _, winners in games)  # draws (deadlocks, stalls) among them


def test_the_stall_rule_ends_a_game_after_that_many_rounds_without_a_beaten_guard():
    for seed in range(200):
        decisions, winners = playout(2, random.Random(seed), stall_rounds=1, check=True)
        assert decisions <= 2 * 6 * 2  # one round without a fall ends it: at most 11 falls, then 1 round
        assert winners


@pytest.mark.parametrize(("players", "stall_rounds"), [(2, 30), (4, 30), (2, 2)])
def test_its_outcomes_match_the_engines_within_sampling_error(players, stall_rounds):
    ours = [playout(players, random.Random(seed), stall_rounds) for seed in range(GAMES)]
    engine = [_engine(players, seed, stall_rounds) for seed in range(GAMES)]
    for measure in (
        lambda game: game[0],  # length
        lambda game: 1 / len(game[1]) if 0 in game[1] else 0.0,  # seat 0's return
        lambda game: float(len(game[1]) > 1),  # a shared win (stall endings and ties)
    ):
        assert _close([measure(g) for g in ours], [measure(g) for g in engine])


def test_it_imports_nothing_of_the_engine():
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys, random, benchmarks.reference_grizzly_race as r; r.playout(4, random.Random(1)); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('corekit', 'plugins', 'ai', 'replays')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"
