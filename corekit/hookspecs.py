"""Every hook Campfire calls, in one module (pytest's hookspec.py is the model).

Plugins implement these with `@corekit.hookimpl` and are found through the entry-point groups
`campfire.games`, `campfire.players` and `campfire.extensions` (extensions load when the registry is made,
games and players when first needed); the built-in games, players and the replay recorder register exactly
like a package installed with pip. An implementation may accept fewer arguments than the spec offers; specs
only ever gain arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import click

    from corekit.game import Game
    from corekit.heuristics import Heuristic
    from corekit.match import Match, MatchResult
    from corekit.players import PlayerType

hookspec = pluggy.HookspecMarker("campfire")


# -------------------------------------------------------------------------------------------------
# Registration: what a plugin contributes
# -------------------------------------------------------------------------------------------------


@hookspec
def campfire_games() -> Sequence[Game]:  # type: ignore[empty-body]  # a spec: its body is its docstring
    """Return the games this plugin provides.

    Called once when the plugins are loaded. Each item is a `corekit.Game` instance with a unique `id`;
    a game whose id is already taken is skipped with a warning naming both plugins.
    """


@hookspec
def campfire_players() -> Sequence[PlayerType]:  # type: ignore[empty-body]  # a spec: its body is its docstring
    """Return the player types this plugin provides (random, mcts, ...).

    Called once when the plugins are loaded. Each `corekit.PlayerType` has the name used in player specs
    (`name:key=value,...`), its options class and a factory.
    """


@hookspec
def campfire_heuristics() -> Mapping[str, Heuristic]:  # type: ignore[empty-body]  # a spec: its body is its docstring
    """Return heuristics by game id: a policy, an evaluation, or both (see `corekit.Heuristic`).

    Called once when the plugins are loaded. A game usually ships its own; the `heuristic` player and
    MCTS's guided rollouts use it. A game with none falls back to a one-step look-ahead.
    """


@hookspec
def campfire_cli_setup(cli: click.Group) -> None:
    """Add commands to the `campfire` command group, or options to its commands.

    Called once when the command line starts, plugin by plugin: the built-in commands first (`corekit.cli`
    adds each as a `LazyCommand`, whose module is imported when it runs), then the plugins of the
    `campfire.extensions` entry point group, so a plugin may add an option to a built-in command (it reaches
    the command when its module is loaded). Games and players load only when a
    command needs them, so a game or player package that adds a command lists a module under
    `campfire.extensions` too (and may add a `corekit.cli.shared.LazyCommand` to keep start-up quick). A
    plugin that raises here is named in a warning and the others still add theirs. Options added to `play`
    reach the event hooks through `Match.settings` under the option's name. A module named in `CAMPFIRE_PLUGINS`
    loads with the games, after the command line is built, so its `campfire_cli_setup` is never called (its other
    hooks are): a command or option of a game under development needs the package installed with its
    `campfire.extensions` entry.
    """


# -------------------------------------------------------------------------------------------------
# Events: what the match runner reports
# -------------------------------------------------------------------------------------------------


@hookspec
def campfire_match_start(match: Match) -> None:
    """A match is about to be played: called by the runner before the first decision.

    `match` holds the game, options, seed, player specs, the initial state and the caller's settings
    (for example `settings["replay"]`, the path given to `--replay`). Listeners must not change the state.
    """


@hookspec
def campfire_action_applied(match: Match, seat: int, action: Any, annotation: Mapping[str, Any]) -> None:
    """`seat` has just applied `action`: called by the runner after every decision.

    `match.state` is the state after the action; `match.steps` counts the actions so far; `match.offered` is
    the legal actions `seat` chose from (those it was shown, in the game's order).
    `annotation` holds `time` (the seconds the player took, as the runner measured them) and, for search players,
    `stats`: the root statistics as a list of `[encoded action, visits, mean value]`. The runner calls the
    listeners of this hook directly, not through pluggy (it is heard at every step), so hook-call monitoring does
    not see it; a listener
    that wraps (`wrapper=True`), or one registered or unregistered mid-match, makes the runner call it through
    pluggy. In a match where no player samples, the state keeps no record of face-down cards: sampling it here
    draws without that history.
    """


@hookspec
def campfire_match_end(match: Match, result: MatchResult) -> None:
    """A match is over: called by the runner once it has finished, or ended early by a forfeit (then
    `result.forfeit` names the seat).

    When a person quits (QuitMatch) or Ctrl-C stops a decision, it is called with `result.unfinished` saying
    why (the returns all 0) before the runner lets the interruption through, so a recorder can keep the match so
    far. Not called for any other exception escaping the runner.
    """
