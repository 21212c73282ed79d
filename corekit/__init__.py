"""Campfire's generic core: the game contract, its pieces, the plugin host and the match runner.

Nothing here knows any game. Games, players and the replay recorder are plugins (see `hookspecs`).
"""

from corekit.board import Board, Edge
from corekit.game import Action, Game, GameError, IllegalAction, State, logged_since
from corekit.heuristics import Heuristic
from corekit.options import NoOptions, OptionError
from corekit.players import Player, PlayerSpec, PlayerType, SeatView
from corekit.plugins import Registry, UnknownName, default_registry, hookimpl
from corekit.reactions import ReactionWindow
from corekit.rng import Rng, derive_seed
from corekit.runner import GameFailed, ListenerFailed, Match, MatchResult, PlayerFailed, QuitMatch, play_match
from corekit.simultaneous import HIDDEN, Commitments
from corekit.turns import Phases, TurnOrder
from corekit.zones import Pile, draw_or_reshuffle, redeal_unseen, reshuffle

__version__ = "0.1.0"

__all__ = [
    "HIDDEN",
    "Action",
    "Board",
    "Commitments",
    "Edge",
    "Game",
    "GameError",
    "GameFailed",
    "Heuristic",
    "IllegalAction",
    "ListenerFailed",
    "Match",
    "MatchResult",
    "NoOptions",
    "OptionError",
    "Phases",
    "Pile",
    "Player",
    "PlayerFailed",
    "PlayerSpec",
    "PlayerType",
    "QuitMatch",
    "ReactionWindow",
    "Registry",
    "Rng",
    "SeatView",
    "State",
    "TurnOrder",
    "UnknownName",
    "__version__",
    "default_registry",
    "derive_seed",
    "draw_or_reshuffle",
    "hookimpl",
    "logged_since",
    "play_match",
    "redeal_unseen",
    "reshuffle",
]
