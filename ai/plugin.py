"""Registers the built-in players through the `campfire.players` entry point, like any third party (the
`campfire gaps` command comes through `ai.commands`)."""

from __future__ import annotations

from typing import Any

from ai.heuristic_player import HeuristicOptions, make_heuristic_player
from ai.mcts import MctsOptions, make_mcts_player
from ai.openspiel_players import OpenSpielOptions, make_ismcts, make_mcts
from ai.random_player import RandomPlayer
from corekit import Game, Heuristic, Player, PlayerType, hookimpl


@hookimpl
def campfire_players() -> list[PlayerType]:
    """The built-in player types."""
    return [
        PlayerType(
            "random",
            lambda options, seed, game, heuristic: RandomPlayer(seed),
            help="Uniformly random legal actions.",
        ),
        PlayerType(
            "heuristic",
            make_heuristic_player,
            HeuristicOptions,
            help="The game's own heuristic; without one, a one-step look-ahead on sampled states.",
        ),
        PlayerType(
            "mcts",
            make_mcts_player,
            MctsOptions,
            help="Information-set MCTS over fresh samples of the hidden cards and the future.",
            # Small and with random rollouts: the leak check needs a search that reads its samples, not a strong one.
            probe="mcts:iterations=30,rollout=random",
            alternatives=(frozenset({"iterations", "seconds", "steps"}),),
            follows={"root": frozenset({"seconds", "steps"})},
        ),
        PlayerType(
            "os-ismcts",
            make_ismcts,
            OpenSpielOptions,
            alternatives=(frozenset({"iterations", "seconds"}),),  # one budget, as mcts: else seconds won unsaid
            help="OpenSpiel's ISMCTSBot through the OpenSpiel adapter (extra [openspiel]).",
        ),
        PlayerType(
            "os-mcts",
            make_mcts,
            OpenSpielOptions,
            alternatives=(frozenset({"iterations", "seconds"}),),  # one budget, as mcts: else seconds won unsaid
            help="OpenSpiel's MCTSBot on one sample of the view (extra [openspiel]).",
        ),
        PlayerType(
            "human",
            make_human,
            help="A person at the terminal: the seat's view and its legal actions, each with a key.",
            interactive=True,
        ),
    ]


def make_human(options: Any, seed: int, game: Game, heuristic: Heuristic | None) -> Player:
    """A person at the terminal; its module (and click, for the prompt) is imported only when a seat needs one, not
    by every tournament worker."""
    from ai.human import HumanPlayer

    return HumanPlayer()
