"""`campfire check`: the conformance and leak checks on many seeded random matches."""

from __future__ import annotations

import shlex
import subprocess
from collections.abc import Sequence
from typing import Any

import click

from corekit.cli.progress import Progress
from corekit.cli.shared import (
    SEED,
    GameDisplay,
    declaration_warnings_said,
    fail,
    game_option_pairs,
    game_options,
    not_set_up,
    plain_names,
    registry_of,
    step_lines,
    user_errors,
    without_prefix,
)
from corekit.conformance import FAILURES_KEPT, check_game, check_leaks, check_match
from corekit.determinism import other_processes
from corekit.errors import error_line
from corekit.game import Game, GameError
from corekit.match import GameFailed
from corekit.options import OptionError
from corekit.plugins import campfire_command, default_registry
from corekit.runner import check_unattended, set_up
from corekit.words import counted


def _asked_game(registry: Any, game_id: str) -> Game:
    """The game `check` was asked for, or one line saying why there is none (unknown, or its plugin broken)."""
    try:
        return registry.game(game_id)  # type: ignore[no-any-return]
    except user_errors() as error:
        fail(str(error))
    except Exception as error:  # a broken game plugin: name it in one line
        fail(not_set_up(game_id, error))


def _count_list(ctx: click.Context, param: click.Parameter, text: str) -> list[int] | None:
    """`--players` read as the command line is parsed (a malformed list is a usage error, exit 2): None for
    'all', else the counts in the order given, each once."""
    if text == "all":
        return None
    try:  # an empty part ("2,") is refused like any other, as --players of play and tournament refuses it
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts:  # an empty list would check nothing and report ok
        raise click.BadParameter(f"must be 'all' or numbers like 2,4, got {text!r}", ctx, param)
    return list(dict.fromkeys(counts))


@click.command("check")
@click.argument("game_id", metavar="GAME")
@click.option("--games", "-n", type=int, default=200, show_default=True, help="Random matches per player count.")
@click.option(
    "--seed",
    type=SEED,
    default=0,
    show_default=True,
    help=(
        "Base seed: each match's seed is derived from it, the game, the player count and the match's number (a "
        "failure names the match's own seed, for --match)."
    ),
)
@click.option(
    "--players",
    "player_counts",
    default="all",
    show_default=True,
    callback=_count_list,
    help="Player counts to check, e.g. 2,4; 'all' checks every count the game allows.",
)
@game_option_pairs
@click.option(
    "--leaks/--no-leaks",
    default=True,
    show_default=True,
    help="Also run the player-level leak check: a searching player (mcts) that offers itself as a leak probe must "
    "decide alike in states its seat cannot tell apart. The core's own leak checks (twin states) run either way.",
)
@click.option(
    "--probe",
    default=None,
    metavar="SPEC",
    help="The player the player-level leak check plays, e.g. a player of your own (default: mcts's probe, "
    "mcts:iterations=30,rollout=random). It must decide the same from the same seed.",
)
@click.option(
    "--commentary/--no-commentary",
    default=True,
    show_default=True,
    help="Check that `events` tells each seat every change another seat's move makes to what it sees "
    "(a person at that seat learns what the others did only from it).",
)
@click.option(
    "--processes/--no-processes",
    default=True,
    show_default=True,
    help="Also play a few of the matches in two other processes, whose string hashing differs "
    "(PYTHONHASHSEED), and compare them: a game that iterates a set of strings plays otherwise there.",
)
@click.option(
    "--match",
    "match_seed",
    type=SEED,
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
    player_counts: list[int] | None,
    pairs: tuple[str, ...],
    leaks: bool,
    probe: str | None,
    commentary: bool,
    processes: bool,
    match_seed: int | None,
) -> None:
    """Check GAME against the engine's contract.

    Plays many seeded random matches per player count and checks every rule of the game contract:
    termination, legal actions, illegal actions refused, determinism (here and in two other processes, see
    --processes), clones, static content left unchanged, a shuffled deck, sample() and leaks (what a seat is
    shown compared by type and every field, as docs/writing-a-game.md section 16 says), conservation of cards,
    returns in [0, 1], a commentary silent between an observation and itself, that actions survive a
    replay's encoding, and that a few positions of each match (`campfire position`) read back as the same
    state, and as the seat to act sees it (docs/writing-a-game.md section 7). Exits 1 if any check fails.

    A failure names its match's seed and step (step N is the N-th move, as `play` numbers them, and
    its checks are made on the state that move is played from):
    `--match SEED` (with the same --players and -o) checks that match again and prints the moves that lead
    to the failure. A player-level leak check failure names its own match ("leak check seed S"); `--match`
    does not re-run it.

    \b
    Examples:
      campfire check GAME
      campfire check GAME --players 3 -n 50 -o NAME=VALUE
      campfire check GAME --players 3 --match 7518123902254461234
    """

    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    with declaration_warnings_said():  # the game's modules are imported here, as its plugin loads or is asked
        registry = registry_of(ctx)
        game = _asked_game(registry, game_id)
    try:
        options = game_options(game, pairs)
        counts = _player_counts(game, player_counts)
        if pairs:
            _options_fit(game, counts, seed, options, pairs)
        probe = probe or registry.leak_probe()
        if leaks and probe is not None:  # a probe that cannot play is the user's one line, before any match
            check_unattended(game, probe, seed, registry, f"--probe {probe!r}", "the leak check")
    except GameFailed as crashed:  # only _options_fit's set_up raises it here: the game crashed at setup
        fail(not_set_up(game_id, crashed.__cause__ or crashed))
        return
    except user_errors() as error:
        fail(str(error))
        return
    except Exception as error:  # a broken game plugin: name it in one line
        fail(not_set_up(game_id, error))
        return
    if match_seed is not None:
        _check_one_match(ctx, game, counts, match_seed, options, commentary)
        return
    failed = False
    for players in counts:
        report = _with_progress(
            f"{game.id}, {counted(players, 'player')}",
            games,
            lambda tick, p=players: check_game(game, p, games, seed, options, progress=tick, commentary=commentary),
        )
        if report.leak_check_skipped:  # a hung game would hang again; a random one would echo its failures
            leak_note = f"{report.leak_check_skipped}; no player-level leak check"
        elif not leaks:
            leak_note = "no player-level leak check (--no-leaks)"
        elif probe is None:
            leak_note = "no player-level leak check (no installed player offers a leak probe)"
        else:
            leaked = check_leaks(game, players, registry, seed=seed, options=options, spec=probe)
            # Its own size, apart from the run's (--games does not reach it): an outside tester read the run's.
            leak_note = (
                f"player-level leak check run with {probe}: {counted(leaked.matches, 'match', 'matches')}, "
                f"{counted(leaked.samples, 'position')} decided twice"
            )
            report.failures.extend(leaked.failures)  # its own, kept whole (the run's cap is for its own checks)
        if report.ok:  # a game already failing here would fail there alike: its failures say enough
            leak_note += _compare_processes(game, registry, players, games, seed, options, processes, report)
        status = "ok" if report.ok else "FAILED"
        played = counted(report.matches, "match", "matches")
        click.echo(
            f"{game.id} with {counted(players, 'player')}: {status} ({played}, "
            f"{counted(report.steps, 'step')}, {counted(report.samples, 'sample')} checked; {leak_note})"
        )
        for failure in report.shown_failures():
            click.echo(f"  - {failure}")
        if report.stopped_early and report.matches < games:
            click.echo(
                f"  The check stopped at its first {FAILURES_KEPT} failures, after {report.matches} of {games} "
                "matches: others may follow once these are fixed."
            )
        if report.failed_seeds:
            again = " ".join(
                [
                    campfire_command(),
                    "check",
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


PROCESS_MATCHES = 20
"""Matches per player count played again in other processes: a game whose order follows string hashing plays
another match within a few."""


def _compare_processes(
    game: Game, registry: Any, players: int, games: int, seed: int, options: Any, processes: bool, report: Any
) -> str:
    """Play a few matches again in two processes with other hash seeds (`corekit.determinism`), adding a
    failure to `report` if one differs; return the note for the status line."""
    if not processes:
        return "; not played in other processes (--no-processes)"
    if registry is not default_registry():  # a registry given to this process only: a child would not find the game
        return "; not played in other processes (the game is not installed)"
    try:
        problem = other_processes(game, players, min(games, PROCESS_MATCHES), seed, options)
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        problem = f"the determinism check could not run a child process: {error_line(error)}"
    if problem is not None:
        report.fail(problem)
    return ""


def _check_one_match(
    ctx: click.Context, game: Game, counts: Sequence[int], match_seed: int, options: Any, commentary: bool
) -> None:
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
        names = plain_names(players)

    def show(step: int, seat: int, action: Any) -> None:
        text = display("action_text", game.action_text, action, fallback=None)
        written = repr(action)
        head = f"{names[seat]}: {written}" if text in (None, written) else f"{names[seat]}: {text}  ({written})"
        for line in step_lines(step, head):
            click.echo(line)

    report = check_match(game, players, match_seed, options, on_move=show, commentary=commentary)
    status = "ok" if report.ok else "FAILED"
    click.echo(f"{game.id} with {counted(players, 'player')}, match {match_seed}: {status}")
    for failure in [*report.shown_failures(), *([display.error] if display.error else [])]:
        click.echo(f"  - {failure}")
    if not report.ok or display.error:
        ctx.exit(1)


def _player_counts(game: Game, counts: list[int] | None) -> list[int]:
    """The counts to check: every count the game allows for None ('all'), else those given, each in its range."""
    if counts is None:
        return list(range(game.min_players, game.max_players + 1))
    for count in counts:
        if not game.min_players <= count <= game.max_players:
            raise game.wrong_player_count(count)
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
                f"{game.id} refuses your options (-o {given}) with {counted(count, 'player')}: "
                f"{without_prefix(str(error), game.id)}"
            ) from None


def _option_args(pairs: Sequence[str]) -> list[str]:
    """`-o NAME=VALUE` pairs as a shell would need them typed again."""
    return [word for pair in pairs for word in ("-o", shlex.quote(pair))]


def _with_progress(label: str, total: int, work: Any) -> Any:
    """Run `work(tick)`, `tick(done)` saying how far it got (`corekit.cli.progress`: a bar on a terminal, a line now
    and then in a log)."""
    progress = Progress(label, "matches")
    progress.start(total)
    try:
        return work(progress.update)
    finally:
        progress.close()
