"""What the `campfire` commands share: the context object, one-line errors, and how a match is shown.

The replay commands use these too (a replay is shown as `play` shows a match), so this module is the one
part of the CLI that other packages import; the command modules beside it import nothing from each other.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

import click

from corekit.codes import INT_MAX
from corekit.errors import error_line, raised_at
from corekit.plugins import Registry, default_registry
from corekit.words import counted, fold, joined, terminal_width

if TYPE_CHECKING:
    from corekit.game import Game


def user_errors() -> tuple[type[Exception], ...]:
    """What a command reports as the user's one-line error (a bad game, option, player or count). A function,
    so that importing this module (as `campfire --help` does, for `LazyCommand`) imports no engine module."""
    from corekit.game import GameError
    from corekit.match import GameFailed, MatchTooLong, PlayerFailed
    from corekit.options import OptionError
    from corekit.plugins import UnknownName

    return (GameError, OptionError, UnknownName, PlayerFailed, GameFailed, MatchTooLong, ValueError)


game_option_pairs = click.option(
    "--option",
    "-o",
    "pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option; repeatable (`campfire games` lists them).",
)
"""`-o KEY=VALUE`, a game option, for every command that sets up a game (read with `game_options`)."""


class LazyCommand(click.Command):
    """A command known by its name and summary, whose module is imported only when it runs or shows its own help:
    `campfire --help` lists it without importing its machinery. `target` is `module:attribute`."""

    def __init__(self, name: str, target: str, short_help: str) -> None:
        super().__init__(name, short_help=short_help, add_help_option=False)
        self.target = target

    def load(self) -> click.Command:
        """The real command, with the options other plugins added to this one (`play --replay`)."""
        module, _, attribute = self.target.partition(":")
        command: click.Command = getattr(importlib.import_module(module), attribute)
        added = [param for param in self.params if param.name not in {known.name for known in command.params}]
        if added:  # a copy: the module's command stays as its module wrote it, for every other group
            command = copy.copy(command)
            command.params = [*command.params, *added]
        return command

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        # The group runs `context.command`: the real command, with its own options and help.
        return self.load().make_context(info_name, args, parent=parent, **extra)


class CliContext:
    """What every command shares: the plugin registry, and how many of its warnings were printed."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.warned = 0


def registry_of(ctx: click.Context) -> Registry:
    """The registry from the click context (tests may pass their own as `obj`), with every plugin loaded.

    Games and players load on first use, so the warnings of a broken one are printed here, when a command
    needs them, and not on `--help`.
    """
    obj = ctx.find_object(CliContext)
    if obj is None:
        return default_registry().load()
    obj.registry.load()
    show_warnings(obj)
    return obj.registry


@contextlib.contextmanager
def declaration_warnings_said() -> Iterator[None]:
    """Say on stderr, one line each, what a game's declarations warn of as its modules are imported within (a
    `public(0)`: Python hides a DeprecationWarning outside `__main__`, and `check` is where an author looks)."""
    from corekit.state.fields import DeclarationWarning  # not at import: `campfire --help` loads no state machinery

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", DeclarationWarning)
        yield
    for warning in caught:
        if issubclass(warning.category, DeclarationWarning):
            click.echo(f"campfire: warning: {warning.filename}:{warning.lineno}: {warning.message}", err=True)
        else:  # anything else is shown as Python would have shown it
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)


def show_warnings(obj: CliContext) -> None:
    """Print the registry's warnings not yet printed in this invocation, one line each on stderr."""
    for warning in obj.registry.warnings[obj.warned :]:
        click.echo(f"campfire: warning: {warning}", err=True)
    obj.warned = len(obj.registry.warnings)


class _Seed(click.IntRange):
    name = "integer"  # click's "is not a valid integer range" would say the wrong thing of "abc"


SEED = _Seed(0, INT_MAX)
"""A seed on the command line: from 0 to 2^64-1. The generator keeps 64 bits of a seed, so a larger one, or a
negative one (-1 plays as 2^64-1), would otherwise be another seed's match under a name of its own."""


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error."""
    raise click.ClickException(message)


def game_options(game: Game, pairs: Sequence[str]) -> Any:
    """A game's typed options from `-o key=value` pairs (one-line OptionError when bad).

    The message starts by saying the user's `-o` option is at fault: the game's own wording
    ("slasher: unknown option ...") reads as if the game were broken.
    """
    from corekit.options import OptionError, parse_pairs

    try:
        return game.make_options(parse_pairs(pairs, game.id))
    except OptionError as error:
        raise OptionError(f"bad game option (-o) for {game.id}: {without_prefix(str(error), game.id)}") from None


def option_lines(options: Sequence[tuple[str, str, str]]) -> str:
    """`name=default  help`, one option per line, for a table cell ("-" when there are none)."""
    return "\n".join(f"{name}={default}  {help_text}".rstrip() for name, default, help_text in options) or "-"


def not_set_up(game_id: str, crash: BaseException) -> str:
    """How `play` and `check` report a plugin that crashed before the first match, in the same words whichever
    call it was (set_up's GameFailed, "game 'x' raised ... at setup", is reworded to its cause to match)."""
    return f"{game_id} could not be set up: {error_line(crash)}{raised_at(crash)}"


def without_prefix(message: str, game_id: str) -> str:
    """A game's error without its leading "game-id: ", when a message names the game itself."""
    prefix = f"{game_id}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


class GameDisplay:
    """Every call `play` makes into a game's display code (seat names, action texts, commentary, drawing).

    These run once the match is under way, so a crash in one must neither lose the match nor surface as an
    anonymous error: the first crash is kept as a one-line message naming the game and the call, the display
    stops there (one error, not one per step), the match plays on, and `play` prints the result and then
    the error.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.error: str | None = None

    def __call__(self, what: str, call: Callable[..., Any], *args: Any, fallback: Any = None) -> Any:
        """`call(*args)`, or `fallback` once any display call has crashed; `what` names the call in the error."""
        if self.error is not None:
            return fallback
        try:
            return call(*args)
        except (Exception, SystemExit) as crash:  # SystemExit too: a game must not end `play` silently
            self.error = f"game {self.game.id!r} raised {error_line(crash)} in {what}{raised_at(crash, self.game)}"
            return fallback


def step_lines(step: int, head: str, events: Sequence[Any] = (), width: int | None = None) -> list[str]:
    """One logged step as `play` and `replay show` print it: its number and action, then the game's
    commentary indented under it, each line folded to the terminal's width (see `fold`)."""
    width = width or terminal_width()
    number = f"{step:4d}  "
    # Folded without the number, so a continuation sits at column 10 whatever the step's digits: past the
    # commentary's column 8, which it would otherwise look like.
    lines = fold(" " * len(number) + head, width, hang=4)
    lines[0] = number + lines[0][len(number) :]
    for event in map(str, events):
        lines += fold(" " * 8 + event, width)
    return lines


class Outcome(Protocol):
    """What `describe_result` reads of a match's result: the runner's `MatchResult` or a replay's `Result`."""

    @property
    def forfeit(self) -> int | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def steps(self) -> int: ...
    @property
    def returns(self) -> Sequence[float]: ...


def describe_result(game: Game, specs: Sequence[str], result: Outcome, names: Sequence[str] | None = None) -> str:
    """One line saying who won, or who forfeited.

    Without `names` the seats are "seat 0", "seat 1", ...: the result must print even when the game's
    own naming code is what failed.
    """
    names = names or plain_names(len(specs))
    if result.forfeit is not None:
        return f"Result: {names[result.forfeit]} forfeits ({result.error}) after {counted(result.steps, 'step')}"
    best = max(result.returns)
    values = ", ".join(f"{r:g}" for r in result.returns)
    if best <= 0:
        outcome = f"{game.villain} wins" if game.cooperative and game.villain else "nobody wins"
    elif not game.cooperative and len(result.returns) > 1 and min(result.returns) == best:
        # Every seat the same share: a tie, whether the game calls it a draw or a win shared by all (a team's win is
        # every seat's return too, so not in a cooperative game).
        outcome = f"a tie between {joined(list(names))}"
    else:
        winners = [names[s] for s, r in enumerate(result.returns) if r == best]
        outcome = joined(winners) + (" win" if len(winners) > 1 else " wins")
    return f"Result: {outcome} after {counted(result.steps, 'step')} (returns {values})"


def plain_names(players: int) -> list[str]:
    """Seat names that need no game code: "seat 0", "seat 1", ..."""
    return [f"seat {seat}" for seat in range(players)]
