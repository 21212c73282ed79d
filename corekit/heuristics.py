"""What a game may supply to guide play: a policy, an evaluation, or both."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from corekit.rng import Rng

Policy = Callable[[Any, int, Any, "Rng"], Any]
"""policy(observation, seat, legal_actions, rng) -> one of legal_actions (typed loosely: each game's policy
takes its own observation and actions)."""

Evaluation = Callable[[Any], "Sequence[float]"]
"""evaluate(state) -> an estimate of `returns()` for every seat, each in [0, 1].

It is called only on states a searching player built itself (samples and their futures), never on the
true state of a match."""


@attrs.frozen
class Heuristic:
    """A game's knowledge of good play, registered through `campfire_heuristics`.

    `player_defaults` maps a player type to option text, e.g. `{"mcts": "iterations=200,rollout=cutoff"}`:
    the options that player takes in this game unless its spec says otherwise. A game whose playouts are
    long sets a budget that keeps a decision quick; `campfire games` shows these defaults.

    `variants` names other policies, other strategies than `policy`'s, that a player picks with
    `heuristic:variant=NAME`: a way to measure how much a game's results depend on its strategy.
    """

    policy: Policy | None = None
    evaluate: Evaluation | None = None
    player_defaults: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    variants: Mapping[str, Policy] = attrs.field(factory=dict, hash=False)
