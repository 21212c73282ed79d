"""The `campfire` command line: the root group and the core commands (games, play, check).

Other packages add their commands (replay, tournament, new-game) through the `campfire_cli_setup` hook.
Every user error ends in one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from corekit import __version__
from corekit.conformance import check_game, check_leaks, check_match
from corekit.errors import error_line, raised_at
from corekit.game import Game, GameError
from corekit.options import OptionError, describe_options, options_text, options_to_dict, parse_pairs
from corekit.players import PlayerSpec, game_defaults, split_specs
from corekit.plugins import Registry, UnknownName, default_registry
from corekit.runner import (
    GameFailed,
    ListenerFailed,
    Match,
    MatchTooLong,
    PlayerFailed,
    QuitMatch,
    make_players,
    play_match,
    set_up,
)
from corekit.words import counted, fold, folded, terminal_width

USER_ERRORS = (GameError, OptionError, UnknownName, PlayerFailed, GameFailed, MatchTooLong, ValueError)


class CliContext:
    """What every command shares: the plugin registry."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry


def registry_of(ctx: click.Context) -> Registry:
    """The registry from the click context (tests may pass their own as `obj`)."""
    obj = ctx.find_object(CliContext)
    return obj.registry if obj is not None else default_registry()


def game_options(game: Game, pairs: Sequence[str]) -> Any:
    """A game's typed options from `-o key=value` pairs (one-line OptionError when bad).

    The message starts by saying the user's `-o` option is at fault: the game's own wording
    ("slasher: unknown option ...") reads as if the game were broken.
    """
    try:
        return game.make_options(parse_pairs(pairs, game.id))
    except OptionError as error:
        raise OptionError(f"bad game option (-o) for {game.id}: {_without_prefix(str(error), game.id)}") from None


def option_lines(options: Sequence[tuple[str, str, str]]) -> str:
    """`name=default  help`, one option per line, for a table cell ("-" when there are none)."""
    return "\n".join(f"{name}={default}  {help_text}".rstrip() for name, default, help_text in options) or "-"


def fail(message: str) -> None:
    """Stop the command with a one-line error."""
    raise click.ClickException(message)


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
            self.error = f"game {self.game.id!r} raised {error_line(crash)} in {what}{raised_at(crash)}"
            return fallback


_BARE_GROUP = tuple(
    getattr(click.exceptions, name) for name in ("NoArgsIsHelpError",) if hasattr(click.exceptions, name)
)
"""What click (8.2 on; 8.1 just prints the help) raises for a group called without a command."""


class _OneLineErrors(click.Group):
    """The command group, whose usage errors are one line like every other error ("Error: ... (see
    'campfire play --help')"), not click's usage block; the exit status stays 2."""

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _BARE_GROUP as error:  # a bare group: its help is what was asked for (as with click 8.1)
            error.show()
            sys.exit(0)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            click.echo(f"Error: {error.format_message()}{hint}", err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        # An exit status from ctx.exit; click ignores what a command returns, and so does this (bool too).
        sys.exit(status if type(status) is int else 0)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="campfire")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Campfire: camp-themed tabletop games with AI opponents.

    Play a match, run AI-vs-AI tournaments, check a game against the engine's contract, and study
    replays. Games and players are plugins: `campfire games` lists what is installed.
    """
    if ctx.obj is None:
        ctx.obj = CliContext(default_registry())
    for warning in ctx.obj.registry.warnings:
        click.echo(f"campfire: warning: {warning}", err=True)


@cli.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_context
def games_command(ctx: click.Context, as_json: bool) -> None:
    """List the installed games, their player counts and options."""
    registry = registry_of(ctx)
    rows = []
    for game_id in sorted(registry.games):
        game = registry.games[game_id]
        try:
            options = describe_options(game.options_type)
        except Exception as error:  # a broken game's options must not hide the other games
            click.echo(f"campfire: warning: game {game_id!r} has unreadable options: {error}", err=True)
            options = []
        heuristic = registry.heuristic(game_id)
        defaults = dict(heuristic.player_defaults) if heuristic else {}
        rows.append((game, options, defaults, sorted(heuristic.variants) if heuristic else []))
    if as_json:
        data = [
            {
                "id": g.id,
                "title": g.title,
                "version": g.version,
                "players": [g.min_players, g.max_players],
                "cooperative": g.cooperative,
                "options": [{"name": n, "default": d, "help": h} for n, d, h in opts],
                "player_defaults": defaults,
                "heuristic_variants": variants,
            }
            for g, opts, defaults, variants in rows
        ]
        click.echo(json.dumps(data, indent=2))
        return
    width = terminal_width()
    for index, (game, options, defaults, variants) in enumerate(rows):
        kind = ", cooperative" if game.cooperative else ""
        lines = [f"{game.id}: {game.title}, {game.player_range()} players{kind} (version {game.version})"]
        if options:
            lines.append("  options (-o NAME=VALUE), with their defaults:")
            column = max(len(f"{name}={default or '(empty)'}") for name, default, _ in options) + 2
            for name, default, help_text in options:
                setting = f"{name}={default or '(empty)'}".ljust(column)
                lines += fold(f"    {setting}{help_text}", width, hang=len(setting))
        else:
            lines.append("  no options")
        for name, text in sorted(defaults.items()):
            lines += fold(f"  {name} players default here to {text.replace(',', ', ')}", width, hang=4)
        if variants:
            lines.append(f"  heuristic variants: {', '.join(variants)} (e.g. heuristic:variant={variants[0]})")
        click.echo(("\n" if index else "") + "\n".join(lines))


@cli.command("players", short_help="List the installed player types and their options.")
@click.option(
    "--game",
    "game_id",
    metavar="GAME",
    default=None,
    help="Show the defaults as they stand in GAME, which may set its own (e.g. a smaller MCTS budget).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.pass_context
def players_command(ctx: click.Context, game_id: str | None, as_json: bool) -> None:
    """List the installed player types and their options, for --players specs like mcts:iterations=500."""
    registry = registry_of(ctx)
    heuristic = None
    if game_id is not None:
        try:
            registry.game(game_id)
        except UnknownName as error:
            fail(str(error))
            return
        heuristic = registry.heuristic(game_id)
    rows = []
    for name in sorted(registry.player_types):
        player_type = registry.player_types[name]
        try:
            overrides = game_defaults(name, heuristic)
            options = [(n, overrides.get(n, d), h) for n, d, h in describe_options(player_type.options_type)]
        except Exception as error:  # a broken plugin must not hide the other players
            click.echo(f"campfire: warning: player {name!r} has unreadable options: {error}", err=True)
            options = []
        rows.append((name, player_type.help, options))
    if as_json:
        data = [
            {"name": n, "help": h, "options": [{"name": o, "default": d, "help": t} for o, d, t in opts]}
            for n, h, opts in rows
        ]
        click.echo(json.dumps(data, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    title = "Installed players" + (f" (defaults in {game_id})" if game_id else "")
    table = Table(title=title, title_justify="left")
    table.add_column("player")
    table.add_column("what it does")
    table.add_column("options (default)")
    for name, help_text, options in rows:
        table.add_row(name, help_text, option_lines(options))
    Console(width=terminal_width()).print(table)


@cli.command("play")
@click.argument("game_id", metavar="GAME")
@click.option(
    "--players",
    "-p",
    "players_text",
    required=True,
    metavar="SPECS",
    help="One player spec per seat, comma-separated: NAME or NAME:KEY=VALUE,KEY=VALUE (see above).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed for the match's chance (from -2^63 to 2^64-1 with --replay).",
)
@click.option(
    "--option",
    "-o",
    "pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option; repeatable (`campfire games` lists them).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the result.")
@click.pass_context
def play_command(
    ctx: click.Context, game_id: str, players_text: str, seed: int, pairs: tuple[str, ...], quiet: bool, **settings: Any
) -> None:
    """Play one match of GAME and print its log and result.

    A player spec is a player type with its options: `random`, `heuristic:variant=NAME`,
    `mcts:iterations=2000,c=0.7`. An item with `=` belongs to the spec before it, so
    `mcts:iterations=500,heuristic` is two players. `campfire players` lists the types and their
    options; `human` plays from the keyboard.

    \b
    Examples (GAME and its options from `campfire games`):
      campfire play GAME -p heuristic,mcts:iterations=500 --seed 7
      campfire play GAME -p heuristic,heuristic,heuristic -o NAME=VALUE
      campfire play GAME -p human,heuristic,random --replay my-game.cfr
    """
    registry = registry_of(ctx)
    try:
        game = registry.game(game_id)
        specs = split_specs(players_text)
        for spec in specs:
            registry.player_type(PlayerSpec.parse(spec).name)
        options = game_options(game, pairs)
        set_up(game, len(specs), seed, options)  # checks the player count before anything prints
        players = make_players(game, specs, seed, registry)
    except GameFailed as failed:  # only set_up raises it here: the game crashed (SystemExit too) at setup
        fail(_not_set_up(game_id, failed.__cause__ or failed))
        return
    except USER_ERRORS as error:
        fail(str(error))
        return
    except Exception as error:  # a broken game or player plugin: name it in one line
        fail(_not_set_up(game_id, error))
        return
    humans = any(PlayerSpec.parse(s).name == "human" for s in specs)
    display = GameDisplay(game)
    names = display("seat_names", game.seat_names, len(specs), options)
    if display.error is None and (not isinstance(names, Sequence) or len(names) != len(specs)):
        display.error = f"game {game.id!r} gave seat_names {names!r} for {len(specs)} seats"
    if display.error is not None:
        names = _plain_names(len(specs))
    echo = click.echo
    if not quiet:
        echo(f"{game.title} ({game.id}), {counted(len(specs), 'player')}, seed {seed}")
        if options_to_dict(options):
            echo("options: " + options_text(options_to_dict(options)))
        for seat, spec in enumerate(specs):
            echo(f"  {names[seat]}: {spec}")

    seen: dict[str, Any] = {}
    commentary = type(game).events is not Game.events

    def log(match: Match, seat: int, action: Any) -> None:
        seen["match"] = match
        # With a person at the table, other seats' moves may be secret: that person sees only
        # their own observation, shown by the human player.
        if quiet or humans or display.error is not None:
            return
        text = display("action_text", game.action_text, action)
        if display.error is not None:
            return
        events: Sequence[str] = ()
        if commentary:
            after = display("observation", match.state.observation, None)
            events = display("events", game.events, seen.get("before", after), after, fallback=())
            seen["before"] = after
        for line in step_lines(match.steps, f"{names[seat]}: {text}", events):
            echo(line)

    if not quiet and not humans:
        # The table as dealt, so the log's first lines have something to refer to.
        first = display("initial_state", game.initial_state, len(specs), seed, options)
        start = display("observation", first.observation, None) if first is not None else None
        drawing = display("render", lambda obs, seat: folded(game.render(obs, seat)), start, None)
        if display.error is None:
            echo("")
            echo(drawing)
            echo("")
        seen["before"] = start

    late_error = None
    try:
        result = play_match(
            game,
            specs,
            seed,
            options,
            players=players,
            registry=registry,
            settings=settings,
            on_step=log,
            forfeit_on_error=False,
        )
    except ListenerFailed as failed:  # the match was played: print its result, then the error
        result, late_error = failed.result, str(failed)
    except QuitMatch as stop:
        # The recorder keeps the match so far, marked unfinished: say where.
        saved = f"; the match so far is in {settings['replay']}" if settings.get("replay") else ""
        echo(f"Match abandoned: {stop}{saved}")
        ctx.exit(1)  # no result: a script must be able to tell
        return
    except USER_ERRORS as error:
        fail(str(error))
        return
    if not quiet and "match" in seen and display.error is None:
        final = display("observation", seen["match"].state.observation, None)
        # Folded inside the guard: a render that returns no text is the game's one-line error, not a traceback.
        drawing = display("render", lambda obs, seat: folded(game.render(obs, seat)), final, None)
        if display.error is None:
            echo("")
            echo(drawing)
    echo(describe_result(game, specs, result, names))
    errors = [error for error in (display.error, late_error) if error is not None]
    if errors:
        fail("; ".join(errors))


@cli.command("check")
@click.argument("game_id", metavar="GAME")
@click.option("--games", "-n", type=int, default=200, show_default=True, help="Random matches per player count.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first match.")
@click.option(
    "--players",
    "player_counts",
    default="all",
    show_default=True,
    help="Player counts to check, e.g. 2,4; 'all' checks every count the game allows.",
)
@click.option("--option", "-o", "pairs", multiple=True, metavar="KEY=VALUE", help="A game option; repeatable.")
@click.option(
    "--leaks/--no-leaks", default=True, show_default=True, help="Also run the MCTS leak check (needs the mcts player)."
)
@click.option(
    "--match",
    "match_seed",
    type=int,
    default=None,
    metavar="SEED",
    help="Check only the match a failure names (its seed), printing each move that leads there.",
)
@click.pass_context
def check_command(
    ctx: click.Context,
    game_id: str,
    games: int,
    seed: int,
    player_counts: str,
    pairs: tuple[str, ...],
    leaks: bool,
    match_seed: int | None,
) -> None:
    """Check GAME against the engine's contract.

    Plays many seeded random matches per player count and checks every rule of the game contract:
    termination, legal actions, illegal actions refused, determinism, clones, sample() and leaks,
    conservation of cards, returns in [0, 1], a commentary silent between an observation and itself,
    and that actions survive a replay's encoding. Exits 1 if any check fails.

    A failure names its match's seed and step (step N is the N-th move, as `play` numbers them, and
    its checks are made on the state that move is played from):
    `--match SEED` (with the same --players and -o) checks that match again and prints the moves that lead
    to the failure. A leak check failure names its own match ("leak check seed S"); `--match` does not
    re-run the leak check.

    \b
    Examples:
      campfire check GAME
      campfire check GAME --players 3 -n 50 -o NAME=VALUE
      campfire check GAME --players 3 --match 7518123902254461234
    """
    registry = registry_of(ctx)
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    try:
        game = registry.game(game_id)
        options = game_options(game, pairs)
        counts = _player_counts(game, player_counts)
        if pairs:
            _options_fit(game, counts, seed, options, pairs)
    except GameFailed as failed:  # only _options_fit's set_up raises it here: the game crashed at setup
        fail(_not_set_up(game_id, failed.__cause__ or failed))
        return
    except USER_ERRORS as error:
        fail(str(error))
        return
    except Exception as error:  # a broken game plugin: name it in one line
        fail(_not_set_up(game_id, error))
        return
    if match_seed is not None:
        _check_one_match(ctx, game, counts, match_seed, options)
        return
    failed = False
    for players in counts:
        report = _with_progress(
            f"{game.id}, {counted(players, 'player')}",
            games,
            lambda tick, p=players: check_game(game, p, games, seed, options, progress=tick),
        )
        if not leaks:
            leak_note = "no leak check (--no-leaks)"
        elif "mcts" not in registry.player_types:
            leak_note = "no leak check (it needs the mcts player)"
        else:
            leak_note = "leak check run"
            report.failures.extend(check_leaks(game, players, registry, seed=seed, options=options).failures)
        status = "ok" if report.ok else "FAILED"
        played = counted(report.matches, "match", "matches")
        click.echo(
            f"{game.id} with {counted(players, 'player')}: {status} ({played}, "
            f"{counted(report.steps, 'step')}, {counted(report.samples, 'sample')} checked; {leak_note})"
        )
        for failure in report.failures:
            click.echo(f"  - {failure}")
        if report.failed_seeds:
            again = " ".join(
                [
                    "campfire check",
                    game.id,
                    "--players",
                    str(players),
                    *_option_args(pairs),
                    "--match",
                    str(report.failed_seeds[0]),
                ]
            )
            click.echo(f"  To see the moves of the first failed match: {again}")
        failed = failed or not report.ok
    if failed:
        ctx.exit(1)


def _check_one_match(ctx: click.Context, game: Game, counts: Sequence[int], match_seed: int, options: Any) -> None:
    """`check --match`: the one match, each move as `play` prints it, then its failures."""
    if len(counts) != 1:
        fail(
            f"--match needs one player count (--players N): {game.id} allows {game.player_range()}, and a "
            f"match's seed belongs to one"
        )
    players = counts[0]
    display = GameDisplay(game)
    names = display("seat_names", game.seat_names, players, options, fallback=None)
    if not isinstance(names, Sequence) or len(names) != players:
        names = _plain_names(players)

    def show(step: int, seat: int, action: Any) -> None:
        text = display("action_text", game.action_text, action, fallback=None)
        written = repr(action)
        head = f"{names[seat]}: {written}" if text in (None, written) else f"{names[seat]}: {text}  ({written})"
        for line in step_lines(step, head):
            click.echo(line)

    report = check_match(game, players, match_seed, options, on_move=show)
    status = "ok" if report.ok else "FAILED"
    click.echo(f"{game.id} with {counted(players, 'player')}, match {match_seed}: {status}")
    for failure in [*report.failures, *([display.error] if display.error else [])]:
        click.echo(f"  - {failure}")
    if not report.ok or display.error:
        ctx.exit(1)


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


def describe_result(game: Game, specs: Sequence[str], result: Any, names: Sequence[str] | None = None) -> str:
    """One line saying who won, or who forfeited.

    Without `names` the seats are "seat 0", "seat 1", ...: the result must print even when the game's
    own naming code is what failed.
    """
    names = names or _plain_names(len(specs))
    if result.forfeit is not None:
        return f"Result: {names[result.forfeit]} forfeits ({result.error}) after {result.steps} steps"
    best = max(result.returns)
    values = ", ".join(f"{r:g}" for r in result.returns)
    if best <= 0:
        outcome = f"{game.villain} wins" if game.cooperative and game.villain else "nobody wins"
    else:
        winners = [names[s] for s, r in enumerate(result.returns) if r == best]
        outcome = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
    return f"Result: {outcome} after {result.steps} steps (returns {values})"


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `campfire` script: plugins add their commands, then the command runs."""
    registry = default_registry()
    for setup in reversed(registry.hook.campfire_cli_setup.get_hookimpls()):
        try:
            setup.function(cli=cli)
        except Exception as error:
            registry.warnings.append(f"plugin {setup.plugin_name!r} failed to add its commands: {error}")
    try:
        cli.main(args=argv, prog_name="campfire", obj=CliContext(registry), standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("campfire: interrupted", err=True)
        sys.exit(130)
    except Exception as error:  # the last guard: one line, never a traceback
        click.echo(f"campfire: error: {error_line(error)}", err=True)
        sys.exit(2)


def _player_counts(game: Game, text: str) -> list[int]:
    if text == "all":
        return list(range(game.min_players, game.max_players + 1))
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        counts = []
    if not counts:  # an empty list would check nothing and report ok
        raise OptionError(f"--players must be 'all' or numbers like 2,4, got {text!r}")
    counts = list(dict.fromkeys(counts))
    for count in counts:
        if not game.min_players <= count <= game.max_players:
            raise GameError(f"{game.id} needs {game.player_range()} players, got {count}")
    return counts


def _options_fit(game: Game, counts: Sequence[int], seed: int, options: Any, pairs: Sequence[str]) -> None:
    """Refuse the user's `-o` options if the game refuses them at a player count (slasher's first=5 with 2).

    Without this, every match would fail inside the check and the game would be reported as broken.
    """
    for count in counts:
        try:
            set_up(game, count, seed, options)
        except (GameError, OptionError) as error:
            given = " ".join(pairs)
            raise OptionError(
                f"{game.id} refuses your options (-o {given}) with {count} players: "
                f"{_without_prefix(str(error), game.id)}"
            ) from None


def _not_set_up(game_id: str, crash: BaseException) -> str:
    """How `play` and `check` report a plugin that crashed before the first match, in the same words whichever
    call it was (set_up's GameFailed, "game 'x' raised ... at setup", is reworded to its cause to match)."""
    return f"{game_id} could not be set up: {error_line(crash)}"


def _option_args(pairs: Sequence[str]) -> list[str]:
    """`-o NAME=VALUE` pairs as a shell would need them typed again."""
    return [word for pair in pairs for word in ("-o", shlex.quote(pair))]


def _plain_names(players: int) -> list[str]:
    return [f"seat {seat}" for seat in range(players)]


def _without_prefix(message: str, game_id: str) -> str:
    """A game's error without its leading "game-id: ", when a message names the game itself."""
    prefix = f"{game_id}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def _with_progress(label: str, total: int, work: Any) -> Any:
    """Run `work(tick)` with a progress bar on a terminal, silently otherwise."""
    if not sys.stderr.isatty():
        return work(lambda done: None)
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task(label, total=total)
        return work(lambda done: progress.update(task, completed=done))


from corekit.scaffold import new_game_command  # noqa: E402

cli.add_command(new_game_command)

from corekit.tournament import tournament_command  # noqa: E402 (registered last: it imports this module's helpers)

cli.add_command(tournament_command)
