"""Campfire's generic core: the game contract, its pieces, the plugin host and the match runner.

Nothing here knows any game. Games, players and the replay recorder are plugins (see `hookspecs`). Each name
is imported from its module on first use (`corekit.lazy`), so `import corekit` costs almost nothing.
"""

from typing import TYPE_CHECKING

from corekit.lazy import lazy_exports

if TYPE_CHECKING:
    from corekit.board import Board, Edge
    from corekit.floats import ordered_sum
    from corekit.game import (
        Action,
        Game,
        GameError,
        IllegalAction,
        State,
        logged_since,
        rolling_log_problem,
        shared_win,
    )
    from corekit.heuristics import Heuristic
    from corekit.match import (
        GameFailed,
        ListenerFailed,
        Match,
        MatchNotStarted,
        MatchResult,
        PlayerFailed,
        PlayerNotBuilt,
        QuitMatch,
    )
    from corekit.options import NoOptions, OptionError
    from corekit.players import NothingToDecide, Player, PlayerSpec, PlayerType, SeatView, deciding
    from corekit.plugins import Registry, UnknownName, default_registry, hookimpl
    from corekit.reactions import ReactionWindow
    from corekit.rng import Rng, derive_seed
    from corekit.runner import make_player, play_match
    from corekit.simultaneous import HIDDEN, Commitments
    from corekit.turns import Phases, TurnOrder
    from corekit.version import __version__
    from corekit.zones import Pile, draw_or_reshuffle, redeal_unseen, reshuffle

_EXPORTS = {
    "Board": "corekit.board",
    "Edge": "corekit.board",
    "ordered_sum": "corekit.floats",
    "Action": "corekit.game",
    "Game": "corekit.game",
    "GameError": "corekit.game",
    "IllegalAction": "corekit.game",
    "State": "corekit.game",
    "logged_since": "corekit.game",
    "rolling_log_problem": "corekit.game",
    "shared_win": "corekit.game",
    "Heuristic": "corekit.heuristics",
    "NoOptions": "corekit.options",
    "OptionError": "corekit.options",
    "NothingToDecide": "corekit.players",
    "Player": "corekit.players",
    "PlayerSpec": "corekit.players",
    "PlayerType": "corekit.players",
    "SeatView": "corekit.players",
    "deciding": "corekit.players",
    "Registry": "corekit.plugins",
    "UnknownName": "corekit.plugins",
    "default_registry": "corekit.plugins",
    "hookimpl": "corekit.plugins",
    "ReactionWindow": "corekit.reactions",
    "Rng": "corekit.rng",
    "derive_seed": "corekit.rng",
    "GameFailed": "corekit.match",
    "ListenerFailed": "corekit.match",
    "Match": "corekit.match",
    "MatchNotStarted": "corekit.match",
    "MatchResult": "corekit.match",
    "PlayerFailed": "corekit.match",
    "PlayerNotBuilt": "corekit.match",
    "QuitMatch": "corekit.match",
    "make_player": "corekit.runner",
    "play_match": "corekit.runner",
    "HIDDEN": "corekit.simultaneous",
    "Commitments": "corekit.simultaneous",
    "Phases": "corekit.turns",
    "TurnOrder": "corekit.turns",
    "Pile": "corekit.zones",
    "draw_or_reshuffle": "corekit.zones",
    "redeal_unseen": "corekit.zones",
    "reshuffle": "corekit.zones",
    "__version__": "corekit.version",
}
__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)

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
    "MatchNotStarted",
    "MatchResult",
    "NoOptions",
    "NothingToDecide",
    "OptionError",
    "Phases",
    "Pile",
    "Player",
    "PlayerFailed",
    "PlayerNotBuilt",
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
    "deciding",
    "default_registry",
    "derive_seed",
    "draw_or_reshuffle",
    "hookimpl",
    "logged_since",
    "make_player",
    "ordered_sum",
    "play_match",
    "redeal_unseen",
    "reshuffle",
    "rolling_log_problem",
    "shared_win",
]
