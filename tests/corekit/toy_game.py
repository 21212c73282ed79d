"""A tiny hidden-hand card game for testing the core, with switches that plant one bug each.

Two to three seats are dealt 3 cards each from twelve (1-6 twice); in turn each plays one card face up;
after everyone has played three, the highest total wins (ties share). Each bug flag breaks one rule of
the contract so the conformance tests can prove each check fails when it should.
"""

from __future__ import annotations

import attrs

from corekit import Game, Rng, State, redeal_unseen


@attrs.frozen
class ToyOptions:
    bug: str = attrs.field(default="none", metadata={"help": "which contract rule to break (tests only)"})


@attrs.frozen
class ToyObservation:
    seat: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()


class ToyGame(Game):
    id = "toy"
    title = "Toy high total"
    min_players = 2
    max_players = 3
    options_type = ToyOptions

    def _setup(self, players, seed, options):
        rng = Rng(seed)
        deck = [v for v in range(1, 7)] * 2
        rng.shuffle(deck)
        state = ToyState()
        state.game, state.players, state.rng, state.bug = self, players, rng, options.bug
        state.hands = [[deck.pop() for _ in range(3)] for _ in range(players)]
        state.deck = deck
        state.played = [[] for _ in range(players)]
        state.turn = 0
        return state

    def max_decisions(self, players, options):
        return 3 * players

    def events(self, before, after):
        # Every card is played face up, so each seat is told every other seat's card.
        pairs = zip(before.played, after.played, strict=True)
        return [f"seat {seat} played {now[-1]}" for seat, (was, now) in enumerate(pairs) if now != was]


class ToyState(State):
    @property
    def to_act(self):
        if self.bug == "endless":
            return (self.turn % self.players,)
        if all(len(p) == 3 for p in self.played):
            return ()
        return (self.turn % self.players,)

    def legal_actions(self, seat):
        if seat not in self.to_act:
            return []
        if self.bug == "no-moves" and len(self.played[seat]) == 1:
            return []
        if self.bug == "endless" and not self.hands[seat]:
            return [0]
        return sorted(set(self.hands[seat]))

    def apply(self, seat, action):
        if self.bug == "accepts-illegal":
            self._apply(seat, action if action in self.hands[seat] else self.hands[seat][0])
            return
        super().apply(seat, action)

    def _apply(self, seat, action):
        if self.bug == "crashes-late" and seat == 1 and action == 6 and len(self.played[1]) == 2:
            # Some matches fail, most on their last move (step 5), a few earlier when the clone check plays a
            # copy to its end.
            raise ValueError("seat 1 played a 6 last")
        if self.bug == "endless" and action == 0:
            self.turn += 1
            return
        self.hands[seat].remove(action)
        self.played[seat].append(action)
        if self.bug == "creates-cards":
            self.deck.append(99)
        if self.bug == "nondeterministic":
            import random

            self.played[seat][-1] = random.randint(1, 6)
        self.turn += 1

    def returns(self):
        totals = [sum(p) for p in self.played]
        best = max(totals)
        winners = [s for s, t in enumerate(totals) if t == best]
        return [1 / len(winners) if s in winners else 0.0 for s in range(self.players)]

    def clone(self):
        copy = ToyState()
        copy.game, copy.players, copy.bug, copy.turn = self.game, self.players, self.bug, self.turn
        copy.rng = Rng(self.rng.state)
        copy.hands = self.hands if self.bug == "shallow-clone" else [h[:] for h in self.hands]
        copy.deck = self.deck[:]
        copy.played = [p[:] for p in self.played]
        return copy

    def observation(self, seat):
        full = seat is None
        return ToyObservation(
            seat=seat,
            hand=tuple(sorted(self.hands[seat])) if not full else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(tuple(p) for p in self.played),
            deck=tuple(self.deck) if full else (),
            hands=tuple(tuple(h) for h in self.hands) if full else (),
        )

    def sample(self, seat, rng):
        copy = self.clone()
        if self.bug == "sample-returns-truth":
            return copy
        copy.hands = [h[:] for h in copy.hands]
        unseen = [copy.hands[s] for s in range(self.players) if s != seat] + [copy.deck]
        if self.bug == "sample-leaks":
            pool = [c for zone in unseen for c in zone]  # true order, not canonical: leaks
            rng.shuffle(pool)
            for zone in unseen:
                n = len(zone)
                zone[:] = pool[:n]
                del pool[:n]
        else:
            redeal_unseen(rng, unseen)
        if self.bug == "sample-wrong-observation":
            copy.hands[seat] = copy.deck[: len(copy.hands[seat])]
        copy.hands[seat].sort()
        copy.rng = rng.spawn() if self.bug != "sample-keeps-future" else Rng(self.rng.state)
        return copy

    def zones(self):
        zones = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones.update({f"played {s}": p for s, p in enumerate(self.played)})
        zones["deck"] = self.deck
        return zones
