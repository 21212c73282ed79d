"""A sensible Scavengers player, reading only its observation.

It values a Camp by the scraps there it can put on its Food cards (completing a card counts extra), and
by what the leader (the opponent furthest along) would gain there. Every legal play is tried on a copy of
the table with the same card effects the game uses; it makes the play that most improves
"what I will win - half of what the leader will win - a quarter of what the others will win", plus a
little for a safer lead, and passes when no play helps (it cannot win a Camp it wants; a Camp Leader, who may
not pass before a card is played, then makes the best play there is). That is how it
bids where it needs scraps, and why Dog, Owl and Late Night Campers come out when they hurt the leader.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp, inf

from corekit import Rng, ordered_sum
from plugins.scavengers import rules
from plugins.scavengers.content import CONTENT
from plugins.scavengers.game import PASS, Action, ScavengersState, ScavengersView
from plugins.scavengers.rules import Trial

COMPLETE_BONUS = 2.0
"""Extra worth of a scrap that completes a Food card (the goal of the game)."""
MARGIN = 0.1
"""Worth of each point of lead (up to 4) at a Camp worth something to me: a lead is safer when wider."""
HAUL = 0.7
"""How much of what a seat is winning at a Camp mid-round the evaluation counts (it may still lose it)."""
TEMPERATURE = 3.0
"""Progress points that multiply a seat's estimated chance to win by e."""
CARD_COST = 0.02
"""A small price per point of printed strength spent, so the cheapest card that does the job is played."""


def policy(obs: ScavengersView, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic's choice among `legal`."""
    phase = obs.phase
    if phase == "place":
        return _place(obs, seat, legal)
    if phase == "collect":
        return _mouse(obs, seat, legal)
    return _play(obs, seat, legal)


def evaluate(state: ScavengersState) -> list[float]:
    """Estimated chances to win: a softmax of progress plus what each seat would collect as things stand."""
    if state.winners:
        return state.returns()
    players = state.players
    scores = [5.0 * sum(state.done[s]) + sum(state.held[s]) for s in range(players)]
    for c, scraps in enumerate(state.scraps):
        if scraps:
            winner = rules.unique_best(rules.totals(state, c, players))
            if winner is not None:
                scores[winner] += HAUL * worth(state, winner, scraps)
    top = max(scores)
    weights = [exp((score - top) / TEMPERATURE) for score in scores]
    total = ordered_sum(weights)
    return [w / total for w in weights]


def progress(obs: ScavengersView, seat: int) -> int:
    """How far a seat is: 5 per completed Food card and 1 per scrap on the others."""
    return 5 * sum(obs.done[seat]) + sum(obs.held[seat])


def worth(obs: ScavengersView | ScavengersState, seat: int, scraps: Sequence[int]) -> float:
    """What a set of scraps is worth to `seat`: 1 per scrap that fits, more for completing a card."""
    held = list(obs.held[seat])
    done = list(obs.done[seat])
    value = 0.0
    for t in scraps:
        food = CONTENT.food_of[t]
        needs = CONTENT.needs[food]
        if done[food] or held[t] >= needs[t]:
            continue
        held[t] += 1
        value += 1.0
        if rules.completes(held, food):
            done[food] = True
            value += COMPLETE_BONUS
    return value


def _leader(obs: ScavengersView, seat: int) -> int:
    others = [s for s in range(len(obs.hands)) if s != seat]
    return max(others, key=lambda s: (progress(obs, s), -s))


def _value(obs: ScavengersView, seat: int, leader: int, table: Trial) -> float:
    """My expected haul at the end of the round as the table stands, less what the others would get."""
    players = len(obs.hands)
    value = 0.0
    for c, scraps in enumerate(table.scraps):
        if not scraps:
            continue
        totals = rules.totals(table, c, players)
        winner = rules.unique_best(totals)
        mouse = rules.unique_best(rules.mice(table, c, players))
        for s in range(players):
            gain = 0.0
            if s == winner:
                gain = worth(obs, s, scraps)
            elif s == mouse:
                gain = max(worth(obs, s, [t]) for t in scraps)
            if not gain:
                continue
            if s == seat:
                lead = totals[s] - max(t for o, t in enumerate(totals) if o != s)
                value += gain + MARGIN * min(lead, 4)
            else:
                value -= gain * (0.5 if s == leader else 0.25)
    return value


def _play(obs: ScavengersView, seat: int, legal: Sequence[Action]) -> Action:
    table = Trial.of(obs)
    leader = _leader(obs, seat)
    base = _value(obs, seat, leader, table)
    # Pass unless a play helps; the round's first play may not pass (then the best play, helpful or not).
    best, best_gain = (PASS, 1e-6) if legal[-1] == PASS else (legal[0], -inf)
    for action in legal:
        if action == PASS:
            continue
        trial = Trial.of(table)
        if action[0] == "hop":
            rules.hop(trial, seat, action)
            cost = 0.0
        else:
            rules.play(trial, seat, action)
            cost = CARD_COST * (CONTENT.designs[action[1]].strength or 1)
        gain = _value(obs, seat, leader, trial) - base - cost
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _place(obs: ScavengersView, seat: int, legal: Sequence[Action]) -> Action:
    """A scrap I need goes where my scraps gather; one I do not goes where the Camp, with it, is worth least to the
    leader plus what its scraps are worth to me: junk is kept away from the leader and from the Camps I bid for."""
    scrap = obs.pending
    assert scrap is not None
    leader = _leader(obs, seat)
    mine = worth(obs, seat, [scrap]) > 0

    def score(action: Action) -> float:
        scraps = obs.scraps[action[1]]
        if mine:
            return worth(obs, seat, scraps) - 0.5 * worth(obs, leader, scraps)
        return -worth(obs, leader, (*scraps, scrap)) - worth(obs, seat, scraps)

    return max(legal, key=score)


def _mouse(obs: ScavengersView, seat: int, legal: Sequence[Action]) -> Action:
    """Take the scrap worth most to me; if none fits, the one the leader wants most."""
    leader = _leader(obs, seat)
    return max(legal, key=lambda a: (worth(obs, seat, [a[1]]), worth(obs, leader, [a[1]])))
