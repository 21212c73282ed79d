"""What a game may supply to guide play: a policy, an evaluation, or both."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from corekit.game import Action
    from corekit.rng import Rng

Policy = Callable[[Any, int, Any, "Rng"], "Action"]
"""policy(observation, seat, legal_actions, rng) -> one of legal_actions (its observation and legal actions typed
loosely: each game's policy takes its own; what it returns is an action, so a typed player returns it as one)."""

Evaluation = Callable[[Any], "Sequence[float]"]
"""evaluate(state) -> an estimate of `returns()` for every seat, each in [0, 1].

It is called only on states a searching player built itself (samples and their futures), never on the
true state of a match."""


@attrs.frozen
class Heuristic:
    """A game's knowledge of good play, registered through `campfire_heuristics` (a dict from game id to
    `Heuristic`). Every field may be left out."""

    policy: Policy | None = None
    """`policy(obs, seat, legal, rng)` returns the action to play: one of the items of `legal` itself, not its
    index. None: the game has no policy.

    `obs` is the seat's observation (`state.observation(seat)`, an instance of the state's `view_type`): of the
    true state when a player decides from its `SeatView` (the `heuristic` player, MCTS's `trust`, `campfire
    gaps`), of a sample inside a search (MCTS's tree and guided rollouts). `seat` is the seat deciding. `legal`
    is its legal actions in the order `legal_actions(seat)` gives them: the player's own copy when it decides
    from its `SeatView`, the state's own list inside a search (a `CachedLegalState`'s cache, say). The policy
    must not change it. `rng` is the caller's generator: take any chance from it, never from `random`, so that
    a seed gives the same decisions.

    It may be asked when `legal` holds a single action. In a match the runner refuses an action outside `legal`
    (the player fails); in a search's playouts the choice is applied unchecked (`ai.playouts`), so nothing
    refuses it there."""

    evaluate: Evaluation | None = None
    """`evaluate(state)` returns an estimate of `state.returns()`: one float per seat, indexed by seat (every
    seat's, not only the one searching), each in [0, 1] like the returns. None: the game has no evaluation.

    `state` is a full state of the game's state class, every card in place (the hidden ones guessed), but never
    the true state of a match: a sample a player drew from its seat view (`SeatView.sample`: hidden cards
    redealt, chance reseeded), then played on. It is never finished: a finished state is scored by its
    `returns()`. The `mcts` player calls it where a cutoff rollout stops (`rollout=cutoff`, after `depth` random
    decisions) and keeps every seat's value; the `heuristic` player, when the game has no policy, calls it after
    each of its legal actions on a few samples and keeps its own seat's."""

    player_defaults: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    """Option text by player type, e.g. `{"mcts": "iterations=200,rollout=cutoff"}`: the options that player
    takes in this game unless its spec says otherwise. A game whose playouts are long sets a budget that keeps
    a decision quick; `campfire games` shows these defaults."""

    variants: Mapping[str, Policy] = attrs.field(factory=dict, hash=False)
    """Other policies by name, other strategies than `policy`'s, each called as `policy` is. The `heuristic`
    player plays one with `heuristic:variant=NAME` (the other player types use `policy`): a way to measure how
    much a game's results depend on its strategy. `campfire games` lists them."""
