"""The heuristic player: the game's own knowledge of good play, or a one-step look-ahead without it.

A game registers a `corekit.Heuristic` through `campfire_heuristics`. This player uses, in order:

1. the heuristic's `policy(observation, seat, legal_actions, rng)`: it plays what the policy says (or what
   the policy named by `heuristic:variant=NAME`, one of the game's `variants`, says);
2. otherwise its `evaluate(state)`: for each legal action, the mean evaluation for this seat over a few
   sampled states (`view.sample`) after the action (the rest of a simultaneous decision filled in at
   random); the same samples serve every action, so the comparison is not blurred by sampling noise;
3. otherwise a one-step look-ahead on sampled states scored by the returns of random playouts.

Every draw comes from the player's own generator, so a seed gives the same decisions.
"""

from __future__ import annotations

import attrs

from ai.playouts import finish_round, random_playout, settled_values
from corekit import Action, Game, Heuristic, Player, Rng, SeatView, State, deciding
from corekit.options import OptionError, at_most

MAX_SAMPLES = 100_000
"""The most sampled states per action of a look-ahead: already hours a decision."""
MAX_DEPTH = 100_000
"""The longest look-ahead playout: as long as the playouts' own safety net (ai/mcts.py's PLAYOUT_LIMIT)."""


@attrs.frozen
class HeuristicOptions:
    """Options of the heuristic player: a variant of the game's policy, or the look-ahead's budget (used only
    when the game has no policy)."""

    variant: str = attrs.field(
        default="",
        metadata={"help": "another strategy the game names (`campfire games` lists them); empty: its main policy"},
    )
    samples: int = attrs.field(
        default=8,
        validator=[attrs.validators.ge(1), at_most(MAX_SAMPLES)],
        metadata={"help": "sampled states per action for the look-ahead"},
    )
    depth: int = attrs.field(
        default=400,
        validator=[attrs.validators.ge(1), at_most(MAX_DEPTH)],
        metadata={"help": "decisions a look-ahead playout may last before it counts as the fair share 1/players"},
    )


class HeuristicPlayer(Player):
    """Plays the game's heuristic policy, or looks one step ahead with its evaluation or with playouts."""

    def __init__(self, options: HeuristicOptions, seed: int, heuristic: Heuristic | None) -> None:
        self.options = options
        self.rng = Rng(seed)
        self.policy = heuristic.policy if heuristic else None
        self.evaluate = heuristic.evaluate if heuristic else None
        # A policy reads only the observation; the look-ahead needs samples.
        self.needs_sample = self.policy is None

    def decide(self, view: SeatView) -> Action:
        """The policy's choice, or the action with the best look-ahead value."""
        legal = deciding(view)
        if self.policy is not None:
            chosen: Action = self.policy(view.observation, view.seat, legal, self.rng)
            return chosen
        if len(legal) == 1:
            return legal[0]
        return self._look_ahead(view)

    def _look_ahead(self, view: SeatView) -> Action:
        seat = view.seat
        legal = view.legal_actions
        others = tuple(s for s in view.to_act if s != seat)
        neutral = 1.0 / view.players
        # One sample and one follow-up seed per trial, shared by every action (common random numbers).
        trials = [(view.sample(self.rng.spawn()), self.rng.next64()) for _ in range(self.options.samples)]
        best, best_value = legal[0], -1.0
        for action in legal:
            total = 0.0
            for sample, key in trials:
                state = sample.clone()
                state.apply_unchecked(seat, action)
                follow = Rng(key)
                if others:
                    finish_round(state, others, follow)
                total += self._value(state, seat, follow, neutral)
            if total > best_value:
                best, best_value = action, total
        return best

    def _value(self, state: State, seat: int, rng: Rng, neutral: float) -> float:
        if state.is_terminal:
            return settled_values(state, neutral)[seat]
        if self.evaluate is not None:
            return float(self.evaluate(state)[seat])
        random_playout(state, rng, self.options.depth)
        return settled_values(state, neutral)[seat]


def make_heuristic_player(
    options: HeuristicOptions, seed: int, game: Game, heuristic: Heuristic | None
) -> HeuristicPlayer:
    """The `heuristic` player type's factory: plays the game's heuristic from the match's registry, or the
    variant of it that the options name."""
    if options.variant:
        variants = heuristic.variants if heuristic else {}
        if options.variant not in variants:
            known = ", ".join(sorted(variants)) or "none"
            raise OptionError(f"player 'heuristic': {game.id} has no variant {options.variant!r} (known: {known})")
        heuristic = attrs.evolve(heuristic, policy=variants[options.variant])  # type: ignore[misc]  # not None here
    return HeuristicPlayer(options, seed, heuristic)
