"""`campfire play`: one match, with a readable log and the result."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import click

from corekit.cli.shared import (
    SEED,
    GameDisplay,
    describe_result,
    fail,
    game_option_pairs,
    game_options,
    not_set_up,
    plain_names,
    registry_of,
    step_lines,
    user_errors,
)
from corekit.game import Game
from corekit.match import GameFailed, ListenerFailed, Match, QuitMatch
from corekit.options import options_lines, options_to_dict
from corekit.players import PlayerSpec, split_specs
from corekit.runner import make_players, play_match, set_up
from corekit.words import counted, drawn, shown, terminal_width


@click.command("play")
@click.argument("game_id", metavar="GAME")
@click.option(
    "--players",
    "-p",
    "players_text",
    required=True,
    metavar="SPECS",
    multiple=True,
    help="One player spec per seat, comma-separated: NAME or NAME:KEY=VALUE,KEY=VALUE (see above); repeated, the "
    "seats follow on (-p mcts -p random is -p mcts,random).",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed for the match's chance (from 0 to 2^64-1). Default 0; with a human at the table, a random one, "
    "told when the match ends (a known seed deals every hidden card).",
)
@game_option_pairs
@click.option("--quiet", "-q", is_flag=True, help="Print only the result.")
@click.pass_context
def play_command(
    ctx: click.Context,
    /,
    game_id: str,
    players_text: tuple[str, ...],
    seed: int | None,
    pairs: tuple[str, ...],
    quiet: bool,
    **settings: Any,
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
        specs = split_specs(",".join(players_text))
        interactive = [registry.player_type(PlayerSpec.parse(spec).name).interactive for spec in specs]
        humans = any(interactive)
        # Seed 0 for every match against the AI would deal a person the same cards each time, and printing the
        # seed would let them deal the match again in another window with every hidden card shown.
        hidden_seed = seed is None and humans
        if seed is None:
            seed = secrets.randbits(64) if humans else 0
        options = game_options(game, pairs)
        set_up(game, len(specs), seed, options)  # checks the player count before anything prints
        players = make_players(game, specs, seed, registry)
    except GameFailed as failed:  # only set_up raises it here: the game crashed (SystemExit too) at setup
        fail(not_set_up(game_id, failed.__cause__ or failed))
        return
    except user_errors() as error:
        fail(str(error))
        return
    except Exception as error:  # a broken game or player plugin: name it in one line
        fail(not_set_up(game_id, error))
        return
    display = GameDisplay(game)
    names = display("seat_names", game.seat_names, len(specs), options)
    if display.error is None and (not isinstance(names, Sequence) or len(names) != len(specs)):
        display.error = f"game {game.id!r} gave seat_names {names!r} for {len(specs)} seats"
    if display.error is not None:
        names = plain_names(len(specs))
    echo = click.echo
    seen: dict[str, Any] = {}
    commentary = type(game).events is not Game.events

    def log(match: Match, seat: int, action: Any) -> None:
        seen["match"] = match
        # With a person at the table, other seats' moves may be secret: that person sees only
        # their own observation, shown by the human player.
        if quiet or humans or display.error is not None:
            return
        text = display("action_text", game.action_text, action)
        events: Sequence[str] = ()
        if commentary and display.error is None:
            after = display("observation", match.state.observation, None)
            events = display("events", game.events, seen.get("before", after), after, fallback=())
            seen["before"] = after
        if display.error is not None:  # said once, where the log ends, so a result below it is not misread
            echo(f"{match.steps:4d}  (the log stops here, the game's display failed; the match plays to its end)")
            return
        for line in step_lines(match.steps, f"{names[seat]}: {text}", events):
            echo(line)

    def start(match: Match) -> None:
        """The header, once the match has started (a replay that cannot be written stops it first), and for an
        audience of AIs the table as dealt, so the log's first lines have something to refer to."""
        if quiet:
            return
        told = "a random seed, told at the end" if hidden_seed else f"seed {seed}"
        echo(shown(f"{game.title} ({game.id}), {counted(len(specs), 'player')}, {told}"))
        if options_to_dict(options):
            for line in options_lines(options_to_dict(options), terminal_width()):
                echo(line)
        for seat, spec in enumerate(specs):
            echo(shown(f"  {names[seat]}: {spec}"))
        if humans:
            return
        dealt = display("observation", match.state.observation, None)
        drawing = display("render", lambda obs, seat: drawn(lambda: game.render(obs, seat)), dealt, None)
        if display.error is None:
            echo("")
            echo(drawing)
            echo("")
        seen["before"] = dealt

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
            on_start=start,
            on_step=log,
            # A failing player forfeits, as in a tournament, so the match is complete and its replay is written
            # up to the forfeit; `play` still ends with the player's error and a non-zero status (below).
            forfeit_on_error=True,
        )
    except ListenerFailed as failed:  # the match was played: print its result, then the error
        result, late_error = failed.result, str(failed)
    except (QuitMatch, KeyboardInterrupt) as stop:
        # The recorder keeps the match so far, marked unfinished: say where. Ctrl-C is said as `quit` is (click
        # would print only "Aborted!", naming no file).
        why = str(stop) if isinstance(stop, QuitMatch) else "interrupted"
        saved = f"; the match so far is in {settings['replay']}" if settings.get("replay") else ""
        echo(f"Match abandoned: {why}{saved}", err=True)  # why the exit status is 1, said where errors go
        if hidden_seed:
            echo(f"The seed was {seed}.")
        ctx.exit(1)  # no result: a script must be able to tell
        return
    except user_errors() as error:
        fail(str(error))
        return
    if not quiet and "match" in seen and display.error is None:
        # The table as it ends: in full for an audience of AIs, as each person's seat sees it otherwise (what a
        # game turns face up at its end its seat view shows; a hand that stays hidden stays hidden).
        for viewer in [index for index, human in enumerate(interactive) if human] if humans else [None]:
            final = display("observation", seen["match"].state.observation, viewer)
            # Folded inside the guard: a render that returns no text is the game's one-line error, not a traceback.
            drawing = display("render", lambda obs, seat: drawn(lambda: game.render(obs, seat)), final, viewer)
            if display.error is not None:
                break
            echo("")
            if viewer is not None and interactive.count(True) > 1:
                echo(shown(f"As {names[viewer]} sees it:"))
            echo(drawing)
    echo(describe_result(game, specs, result, names))
    if hidden_seed:
        echo(f"The seed was {seed}.")
    forfeited = result.error if result.forfeit is not None else None
    errors = [error for error in (forfeited, display.error, late_error) if error is not None]
    if errors:
        fail("; ".join(errors))
