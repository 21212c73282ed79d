"""A sensible slasher player: keep your own teen safe, send rivals to die, and save the escapes.

On its turn it scores every play by how likely each teen is to die if a killer struck next: its own
teen's risk counts against it, the rivals' risk for it, so it moves itself into safe or crowded places
(a crowd of 3 is never struck) and sends rivals into Nature, alone or in pairs. A killer in hand that
would strike rivals and not itself is scored 2 a victim (`KILL_VALUE`), above nearly every location play, so it
is played at once; nearly, because a location play that leaves two rivals paired where only Sex Kills remain unseen
can score a little more (up to 2.05 against one victim's 2.0), and is played instead. In an attack it reacts
only when its own teen is the likely victim: Just a Cat first, then Flee! on itself, then Panic!; otherwise it
passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import chain

from corekit import Rng, ordered_sum
from plugins.slasher.cards import (
    CARDS,
    FLEE,
    JUST_A_CAT,
    KILLERS,
    PANIC,
    crowds,
    strike,
    victims,
)
from plugins.slasher.game import (
    ATTACK,
    KILLER,
    LOCATION,
    PASS,
    REACT,
    TURN,
    SlasherState,
    SlasherView,
    killer_belief,
)

OWN_RISK = 3.0
"""How much more its own teen's risk weighs than one rival's."""
LIKELY_VICTIM = 0.34
"""The chance of dying to the face-down killer above which the player spends a reaction."""
KILL_VALUE = 2.0
"""The value of a killer in hand that strikes a rival now (a sure thing beats a risk)."""
KEEP = {1: 5, 2: 3, 3: 3, 4: 5, 5: 6, 6: 6, 7: 5, 8: 5, 9: 8, 10: 4, 11: 9}
"""How much each card is worth keeping, for the optional discard (lowest goes first)."""
DISCARD_BELOW = 4
NEXT_THREAT = 0.6
"""The threat of a killer in the hand of the seat to act (divided by 2 for the seat after it, by 3 for the next...)."""
PRIOR = {code: CARDS[code].copies for code in KILLERS}


def policy(obs: SlasherView, seat: int, legal: Sequence[tuple[int, ...]], rng: Rng) -> tuple[int, ...]:
    """The heuristic's choice among `legal`."""
    if len(legal) == 1:
        return legal[0]
    if obs.phase != TURN:
        return _react(obs, seat, legal)
    shares = _shares(killer_weights(obs))
    places = obs.places()
    # The board after a location card, as `_flat` would make it from a copy of `places` with the card's teen moved:
    # the same seats in the same order (a teen not yet placed comes last), built here without the copy.
    seats, spots = tuple(places), tuple(places.values())
    index = {teen: at for at, teen in enumerate(seats)}
    best: tuple[int, ...] = legal[0]
    best_score = float("-inf")
    for action in legal:
        if len(action) > (3 if action[0] == LOCATION else 2):
            continue  # the optional discard is chosen after the play
        if action[0] == KILLER:
            score = _score_killer(places, seat, action[1])
        else:
            _, spot, teen = action
            at = index.get(teen)
            if at is None:
                board = (*seats, teen, *spots, spot)
            else:
                board = (*seats, *spots[:at], spot, *spots[at + 1 :])
            score = _score_board(board, seat, shares, 0.01 * spot if teen == seat else -0.01 * spot)
        if score > best_score:
            best, best_score = action, score
    return _with_discard(obs, best, legal)


def evaluate(state: SlasherState) -> list[float]:
    """Each living seat's share of the survival chances, from how exposed its teen is to the killers.

    It reads a searcher's sample, where every hand is known: a killer already face down strikes unless
    negated; otherwise the killers in the hands of the next players to act threaten whom they would
    strike, on top of the general risk of each place. A Just a Cat or Flee! in hand is cover.
    """
    if state.is_terminal:
        return state.returns()
    places = state.places()
    if state.phase == ATTACK and not state.negated:
        risk = {seat: 1.0 for seat in victims(places, state.killer)}
    else:
        risk = {seat: 0.5 * r for seat, r in danger(places, PRIOR).items()}
        if len(places) == len(state.turns.living):
            crowd = crowds(places)
            order = state.turns.living_from(state.turns.current)
            for distance, holder in enumerate(order):
                for killer in sorted({card for card in state.hands[holder] if card in PRIOR}):
                    dead = strike(crowd, killer)
                    if holder not in dead:
                        for seat in dead:
                            risk[seat] = risk.get(seat, 0.0) + NEXT_THREAT / (1 + distance)
    scores = []
    for seat in range(state.players):
        if not state.turns.alive[seat]:
            scores.append(0.0)
            continue
        exposure = min(risk.get(seat, 0.0), 1.0)
        hand = state.hands[seat]
        if JUST_A_CAT in hand and not state.panicked:
            exposure *= 0.4
        elif FLEE in hand or PANIC in hand:
            exposure *= 0.7
        scores.append(1.0 - 0.9 * exposure)
    total = ordered_sum(scores)
    return [score / total for score in scores]


def danger(places: dict[int, int], weights: Mapping[int, float]) -> dict[int, float]:
    """Each teen's chance of dying if a killer drawn from `weights` struck now."""
    return _risk(_flat(places), _shares(weights))


FlatPlaces = tuple[int, ...]
"""The places of the teens as one flat tuple, the seats then their locations, in the order of `places`."""


def _flat(places: dict[int, int]) -> FlatPlaces:
    return (*places, *places.values())


_KILLER_AT = {killer: at for at, killer in enumerate(KILLERS)}


def _shares(weights: Mapping[int, float]) -> list[tuple[int, float]]:
    """Each killer with a weight (as its place in KILLERS), and its share of the total weight."""
    total = ordered_sum(weights.values()) or 1.0
    return [(_KILLER_AT[killer], weight / total) for killer, weight in weights.items() if weight]


def _risk(board: FlatPlaces, shares: list[tuple[int, float]]) -> dict[int, float]:
    """`danger` of the places given as a `FlatPlaces`, the killers as their `_shares`."""
    risk: dict[int, float] = {}
    struck = _struck(board)
    for at, share in shares:
        for seat in struck[at]:
            risk[seat] = risk.get(seat, 0.0) + share
    return risk


@lru_cache(maxsize=1 << 15)
def _struck(board: FlatPlaces) -> tuple[tuple[int, ...], ...]:
    """Whom each killer of KILLERS would strike with teens at `board`. Cached: the heuristic weighs every play it
    could make by the board after it, at each turn of a search's playouts, and a few teens on five locations make
    few boards. An entry takes under 500 bytes, so the full cache about 16 MB; half that size left a 6-seat search
    no faster than working every strike out (x1.02 against x1.17, 2026-12-04)."""
    half = len(board) // 2
    crowd = crowds(dict(zip(board[:half], board[half:], strict=True)))
    return tuple([strike(crowd, killer) for killer in KILLERS])


def killer_weights(obs: SlasherView) -> dict[int, float]:
    """How many of each killer the seat has not seen (in other hands, the deck, or face down)."""
    weights = {code: float(copies) for code, copies in PRIOR.items()}
    for card in chain(obs.hand, obs.discard):
        if card in weights:
            weights[card] -= 1
    return weights if any(weights.values()) else {code: float(copies) for code, copies in PRIOR.items()}


def _score_killer(places: dict[int, int], seat: int, killer: int) -> float:
    """A killer played from hand: worth the rivals it strikes now, ruinous if it strikes the seat itself."""
    dead = victims(places, killer)
    if seat in dead:
        return -10.0
    return KILL_VALUE * len(dead) if dead else -0.5


def _score_board(board: FlatPlaces, seat: int, shares: list[tuple[int, float]], safety: float) -> float:
    """A location card's play, by the board after it: the rivals' risk less the seat's own, weighed; `safety`, a
    mild preference for safe numbers, breaks ties between equally risky places for itself."""
    risk = _risk(board, shares)
    rivals = 0.0  # `ordered_sum` of the rivals' risks, left to right, without a generator: asked for every play
    for other, chance in risk.items():
        if other != seat:
            rivals += chance
    return rivals - OWN_RISK * risk.get(seat, 0.0) + safety


def _with_discard(obs: SlasherView, play: tuple[int, ...], legal: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    rest = list(obs.hand)
    rest.remove(play[1])
    if not rest:
        return play
    worst = min(rest, key=lambda card: (KEEP[card], card))
    if KEEP[worst] < DISCARD_BELOW and (*play, worst) in legal:
        return (*play, worst)
    return play


def _react(obs: SlasherView, seat: int, legal: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    if obs.negated:
        return (PASS,)
    places = obs.places()
    if obs.killer is not None:
        at_risk = 1.0 if seat in victims(places, obs.killer) else 0.0
    else:
        # Its player chose the killer knowing it: weigh each kind by what it would do (see BELIEF).
        belief = killer_belief(places, obs.turns[1])
        weights = {code: count * belief[code] for code, count in killer_weights(obs).items()}
        at_risk = danger(places, weights).get(seat, 0.0)
    if at_risk < LIKELY_VICTIM:
        return (PASS,)
    for choice in ((REACT, JUST_A_CAT), (REACT, FLEE, seat), (REACT, PANIC)):
        if choice in legal:
            return choice
    return (PASS,)
