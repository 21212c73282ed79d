"""OpenSpiel's search bots in Campfire seats: `os-ismcts` (ISMCTSBot) and `os-mcts` (MCTSBot), through the
OpenSpiel adapter (`corekit.interop.openspiel`, extra `[openspiel]`).

Like every player, they see only their seat's view. Each decision wraps a sample of the view (never the true
state) as a pyspiel state whose current player is this seat. ISMCTSBot draws a fresh sample of the view at
every simulation (its resampler); MCTSBot, which assumes perfect information, searches the one sample
(determinized MCTS). Both evaluate leaves by one random rollout.

Budgets: `iterations` simulations per decision, or with `seconds` > 0 about that much wall-clock time: a
probe search of `PROBE` simulations measures their cost, then a search sized to fill the rest runs (the bots
have no clock of their own, and their trees cannot be grown across two calls). The annotation's `iterations`
are that search's simulations, the probe's left out; OpenSpiel's first simulation only expands the root, so the
root's visits add up to one less.
"""

from __future__ import annotations

import time
from typing import Any

import attrs

from ai.mcts import MAX_ITERATIONS, MAX_SECONDS, MAX_WEIGHT
from corekit.errors import install_hint
from corekit.game import Action, Game
from corekit.heuristics import Heuristic
from corekit.options import OptionError, at_most, finite_from_zero
from corekit.players import Player, SeatView, deciding
from corekit.rng import Rng

PROBE = 8
"""Simulations of the probe search that sizes a search by time."""
FEWEST = 2
"""The fewest simulations a search runs: ISMCTSBot's first only expands the root, and it has no policy then."""

EXTRA = install_hint("openspiel")


@attrs.frozen
class OpenSpielOptions:
    """Options of the OpenSpiel bots."""

    # The bounds of Campfire's own search (ai/mcts.py): a budget of hours, or a weight that overflows, is refused
    # when the spec is read, not met mid-match.
    iterations: int = attrs.field(
        default=200,
        validator=[attrs.validators.ge(FEWEST), at_most(MAX_ITERATIONS)],
        metadata={"help": "simulations per decision"},
    )
    seconds: float = attrs.field(
        default=0.0,
        validator=[finite_from_zero, at_most(MAX_SECONDS)],
        metadata={"help": "wall-clock seconds per decision, about (0: use iterations)"},
    )
    c: float = attrs.field(
        default=2.0,
        validator=[attrs.validators.gt(0.0), finite_from_zero, at_most(MAX_WEIGHT)],
        metadata={"help": "UCT exploration"},
    )


def make_ismcts(options: OpenSpielOptions, seed: int, game: Game, heuristic: Heuristic | None) -> Player:
    """An `os-ismcts` player (OptionError naming the extra when OpenSpiel is not installed)."""
    return OpenSpielPlayer("ismcts", options, seed)


def make_mcts(options: OpenSpielOptions, seed: int, game: Game, heuristic: Heuristic | None) -> Player:
    """An `os-mcts` player (OptionError naming the extra when OpenSpiel is not installed)."""
    return OpenSpielPlayer("mcts", options, seed)


class OpenSpielPlayer(Player):
    """OpenSpiel's ISMCTSBot ("ismcts") or MCTSBot ("mcts") deciding from a seat view."""

    def __init__(self, kind: str, options: OpenSpielOptions, seed: int) -> None:
        try:
            import numpy as np

            from corekit.interop import openspiel
        except ImportError:
            raise OptionError(f"player 'os-{kind}' needs OpenSpiel: {EXTRA}") from None
        self.kind = kind
        self.options = options
        self.rng = Rng(seed)
        self.random = np.random.RandomState(seed % 2**32)
        self.adapter = openspiel
        self.games: dict[tuple[int, int, Any], Any] = {}
        self._stats: tuple[list[list[Any]], int] | None = None
        """The last decision's root statistics and simulations (None: it had one legal action)."""

    def decide(self, view: SeatView) -> Action:
        """Search from samples of the view; the action the bot picks."""
        self._stats = None
        if len(deciding(view)) == 1:
            return view.legal_actions[0]
        root = view.sample(Rng(self.rng.next64()))
        game = self._game(view, getattr(root, "options", None))
        wrapped = game.wrap(root, first=view.seat)
        simulations = self.options.iterations
        if self.options.seconds > 0:
            start = time.perf_counter()
            self._bot(game, view, PROBE).step(wrapped.clone())
            spent = time.perf_counter() - start
            simulations = int((self.options.seconds - spent) / (spent / PROBE))
        simulations = max(FEWEST, simulations)
        bot = self._bot(game, view, simulations)
        if self.kind == "mcts":  # what `MCTSBot.step` does, keeping the root to report
            tree = bot.mcts_search(wrapped)
            number = tree.best_child().action
            children = [(child.action, child.explore_count, child.total_reward) for child in tree.children]
        else:
            number = bot.step(wrapped)
            # ISMCTSBot keeps the root of its last search only as a private attribute (open_spiel 2.0): its
            # children's returns are the deciding seat's, as the adapter numbers seats as Campfire does.
            tree = getattr(bot, "_root_node", None)  # not set by a search that stopped at a single legal action
            infos = tree.child_info.items() if tree is not None else ()
            children = [(a, info.visits, info.return_sum) for a, info in infos]
        encode = view.game.encode_action
        self._stats = (
            [_row(encode(game.actions[int(a)]), visits, total) for a, visits, total in children],
            simulations,
        )
        action: Action = game.actions[int(number)]
        return action

    def annotation(self) -> dict[str, Any] | None:
        """The root statistics of the last search, `[encoded action, visits, mean return]` per action, as Campfire's
        own search reports them (shown by `campfire suggest`, kept in replays)."""
        if self._stats is None:
            return None
        stats, simulations = self._stats
        return {"stats": stats, "iterations": simulations}

    def _bot(self, game: Any, view: SeatView, simulations: int) -> Any:
        from open_spiel.python.algorithms import ismcts, mcts

        simulations = max(FEWEST, simulations)
        evaluator = mcts.RandomRolloutEvaluator(1, self.random)
        if self.kind == "mcts":
            return mcts.MCTSBot(game, self.options.c, simulations, evaluator, solve=False, random_state=self.random)
        # Nodes keyed by the seat's observation, as Campfire's own search keys them by the view (the adapter's
        # information state is perfect recall, replaying moves when asked: docs/interop.md).
        bot = ismcts.ISMCTSBot(
            game, evaluator, self.options.c, simulations, random_state=self.random, use_observation_string=True
        )
        # Every simulation starts from a fresh sample of the seat's view: the bot never sees the true state.
        bot.set_resampler(lambda state, player: game.wrap(view.sample(Rng(self.rng.next64())), first=view.seat))
        return bot

    def _game(self, view: SeatView, options: Any) -> Any:
        """The adapter's game of this match's shape (options from the sample: a state keeps its match's)."""
        key = (id(view.game), view.players, options)
        game = self.games.get(key)
        if game is None:
            # capped: the bots never read the game length, which a huge stall option could push beyond a C++ int
            game = self.adapter.CampfireGame({"players": view.players}, view.game, options, capped=True)
            self.games[key] = game
        return game


def _row(code: Any, visits: float, total: float) -> list[Any]:
    """One action's root statistics in plain numbers (the bots count in numpy floats, which a replay cannot hold)."""
    count = int(visits)
    return [code, count, round(float(total) / count, 4) if count else 0.0]
