"""`campfire suggest FILE --player SPEC`: what a player would do in a position, with its search statistics."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from corekit.cli.shared import SEED, fail, registry_of, user_errors
from corekit.codes import code_key, code_problem, search_rows, value_cell, whole_count
from corekit.errors import error_line, first_line, json_problem, os_reason
from corekit.match import PlayerNotBuilt, QuitMatch
from corekit.players import PlayerSpec, SeatView, spec_options
from corekit.plugins import Registry
from corekit.position import from_position
from corekit.rng import derive_seed
from corekit.runner import build_spec
from corekit.words import counted, fold, shown, terminal_width

ROWS = 12
"""Search statistics shown: the most visited actions."""
REPLAY_MARKER = b"campfire_replay"
"""The first key of every replay file (`replays.format.MARKER`, msgpack), near its start: a replay handed to
`suggest` is named as one. Spelled out here, as corekit imports nothing from the replays plugin."""
POSITION_KEYS = ("campfire_position", "game")
"""What every position file holds (`corekit.position.to_position`): without them it is some other JSON."""


@click.command("suggest")
@click.argument("file", metavar="FILE")
@click.option(
    "--player", "-p", "spec", required=True, metavar="SPEC", help="The player to ask, e.g. mcts:iterations=2000."
)
@click.option(
    "--seat", type=int, default=None, help="The seat to decide for (default: the file's seat, else the first to act)."
)
@click.option(
    "--seed",
    type=SEED,
    default=0,
    show_default=True,
    help="Deals what the position leaves unseen; seeds the player (a seconds budget still varies run to run).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON instead of text (docs/json-output.md lists its fields)."
)
@click.pass_context
def suggest_command(ctx: click.Context, file: str, spec: str, seat: int | None, seed: int, as_json: bool) -> None:
    """Ask a player what it would do in the position of FILE, and why.

    FILE is a position file (`campfire position --replay R --step N --seat S` writes one, from a replay,
    as a seat saw it). The player decides for --seat seeing only that seat's view of the table as the file
    shows it; a searching player also shows its root statistics (visits and mean value of each action it
    tried). The player is named with the game's defaults for it (`campfire games`), which decide how it
    chooses: mcts with trust above 0 keeps the heuristic's choice unless the search's best beats it clearly.

    A position holds the table, not how it came to be: what the seat learned earlier in the match (which cards
    are left in a pile it drew from, where a face-down card came from) is lost, and the unseen cards are dealt
    as if from one fresh shuffle. A search then deals some cards where the seat knew they could not be, and
    may answer otherwise than the same player did in the match.

    Example: campfire suggest step12.json --player mcts:iterations=5000 --seat 1
    """

    registry = registry_of(ctx)
    document = _read(file)
    try:
        game = registry.game(document["game"])
        state = from_position(game, document, seed)
    except user_errors() as error:
        fail(f"{file}: {first_line(error)}")
    if state.is_terminal:
        fail(f"{file}: the match is over in this position: nobody decides")
    if not state.to_act:  # a hand-edited position can say so without being over
        fail(f"{file}: nobody is to act in this position")
    if seat is not None and not 0 <= seat < state.players:
        fail(f"seat {seat} is not a seat of this {state.players}-player position (seats 0-{state.players - 1})")
    written = document.get("seat")
    if isinstance(written, int) and seat not in (None, written):
        fail(f"{file} shows the table as seat {written} sees it: it cannot be decided for seat {seat}")
    if seat is None:
        seat = written if isinstance(written, int) else state.to_act[0]
    if seat not in state.to_act:
        fail(f"seat {seat} does not decide in this position (to act: {', '.join(map(str, state.to_act))})")
    name = spec.partition(":")[0]
    if "," in name:  # `play` and `tournament` take a list of players; suggest asks one
        fail(f"suggest asks one player, not a list ({spec!r}): give one spec, e.g. -p {name.split(',')[0] or 'mcts'}")
    try:
        if as_json and registry.player_type(PlayerSpec.parse(spec).name).interactive:
            # a person answers at the terminal, on the same output the JSON would go to
            fail(f"--json is for programs; {spec!r} is a person, who answers on the terminal: leave --json out")
        player = build_spec(game, spec, derive_seed(seed, "suggest"), registry)
    except PlayerNotBuilt as error:
        fail(f"player {spec!r} {error}")
    except user_errors() as error:
        fail(first_line(error))
    effective = _effective_spec(spec, game.id, registry)
    view = SeatView(state, seat, sampling=player.needs_sample)
    try:
        action = player.decide(view)
    except QuitMatch as stop:  # a person left (end of input, `quit`): no answer, as `play` abandons its match
        fail(f"suggestion abandoned: {first_line(stop)}")
    except Exception as crash:  # the player's bug, or the game's code its search called: one line either way
        fail(f"no suggestion: deciding for seat {seat}, {spec} raised {error_line(crash)}")
    try:
        annotation = player.annotation()
    except Exception as crash:  # as `play` makes it the player's forfeit
        fail(f"no suggestion: annotating its decision for seat {seat}, {spec} raised {error_line(crash)}")
    forced = len(view.legal_actions) == 1
    # A player may report a forced move as 0 visits of value 0, which would read as a sure loss: no statistics.
    stats = {} if forced else _stats(game, annotation, view.legal_actions, action)
    name = game.seat_names(state.players, state.options)[seat]
    who = name if name == f"seat {seat}" else f"{name} (seat {seat})"
    if as_json:
        data = {"game": game.id, "seat": seat, "player": spec, "effective_player": effective}
        data["action"] = game.action_text(action)
        data["code"] = game.encode_action(action)
        data["forced"] = forced
        data.update({"stats": None, "iterations": None, "kept_over": None} | stats)  # the same keys, search or not
        click.echo(json.dumps(data, indent=2))
        return
    width = terminal_width()
    lines = fold(f"{game.title}: {who} to decide; {spec} plays {game.action_text(action)}", width)
    if effective != spec:  # the game's defaults decide how it chooses (trust=2 keeps the heuristic's choice)
        lines += fold(f"(as {effective}: the {game.id} defaults for {PlayerSpec.parse(spec).name} apply)", width)
    rows = stats.get("stats", [])
    if forced:
        lines.append("(the only legal action: nothing to weigh, so no statistics)")
    elif rows:
        iterations = stats.get("iterations")
        after = f" after {counted(iterations, 'iteration')}" if iterations else ""
        lines.append(f"search statistics{after}:")
        column = max(6, *(len(row["action"]) for row in rows[:ROWS]))
        lines.append(f"  {'action':<{column}} {'visits':>7} {'value':>7}")
        for row in rows[:ROWS]:
            mark = "*" if row["chosen"] else " "
            value = value_cell(row["visits"], row["value"])
            lines.append(f"{mark} {shown(row['action']):<{column}} {row['visits']:>7} {value:>7}")
        if len(rows) > ROWS:
            lines.append(f"  ... {len(rows) - ROWS} more")
        if "kept_over" in stats:
            lines += fold(
                f"(kept: the heuristic's choice, which the search's best, {stats['kept_over']}, did not beat by "
                "enough standard errors: the player's `trust`)",
                width,
            )
        if dict(PlayerSpec.parse(effective).params).get("root") == "halving":
            # Kept by `trust`, the chosen action is the heuristic's, not the one that won the halving.
            winner = f"the search's best, {stats['kept_over']}," if "kept_over" in stats else "the chosen action"
            lines += fold(
                f"(root=halving: {winner} won the last round of sequential halving on common samples; an "
                "action dropped in an earlier round was tried on fewer, and its value may read higher)",
                width,
            )
    click.echo("\n".join(lines))


def _read(file: str) -> dict[str, Any]:
    """The position document of `file`, or a one-line error naming what is wrong with it."""
    path = Path(file)
    if not path.is_file():
        fail(f"{file}: {'no such file' if not path.exists() else 'not a regular file'}")
    try:
        data = path.read_bytes()
    except OSError as error:
        fail(f"{file}: cannot read it ({os_reason(error)})")
    if REPLAY_MARKER in data[:32]:
        fail(f"{file}: a replay, not a position file (make one with `campfire position --replay {file} --step N`)")
    try:
        document = json.loads(data.decode())
    except UnicodeDecodeError as error:
        fail(f"{file}: cannot read it ({error_line(error)})")
    except json.JSONDecodeError as error:
        fail(f"{file}: not JSON ({json_problem(error)})")
    if not isinstance(document, dict):
        fail(f"{file}: a position file holds a JSON object, not {type(document).__name__}")
    missing = [key for key in POSITION_KEYS if key not in document]
    if missing:
        fail(f"{file}: not a campfire position file (it has no {' and no '.join(map(repr, missing))})")
    if not isinstance(document["game"], str):
        fail(f"{file}: its 'game' is {json.dumps(document['game'])}, not the name of a game")
    return document


def _effective_spec(text: str, game_id: str, registry: Registry) -> str:
    """Spec `text` with the game's defaults for its player type written out, as `build_player` combines them
    (`mcts` in camp-grizzly is `mcts:iterations=100,tree_depth=1,root=halving,trust=2`): the table of a search
    is read against what the player was, not what was typed. The spec as typed when it keeps no default."""
    spec = PlayerSpec.parse(text)
    combined = spec_options(registry.player_type(spec.name), spec, registry.heuristic(game_id))
    if not combined.kept.keys() - combined.own.keys():
        return text
    return combined.spelled_out(spec.name)


def _stats(game: Any, annotation: Any, legal: Sequence[Any], action: Any) -> dict[str, Any]:
    """The player's root statistics as rows (most visited first) with the chosen action marked: those a replay
    would keep (`corekit.codes.search_rows`: of the documented shape, naming actions the seat could choose)."""
    if not isinstance(annotation, Mapping) or "stats" not in annotation:
        return {}
    codes = {}
    for offered in legal:  # a game's code that is no storable code (its own bug, which `check` names) names no row
        code = game.encode_action(offered)
        if code_problem(code) is None:
            codes[code_key(code)] = offered
    found_rows = search_rows(annotation["stats"], lambda code: code_key(code) in codes)
    if not found_rows:
        return {}
    made = game.encode_action(action)
    chosen = code_key(made) if code_problem(made) is None else None
    rows = []
    for code, visits, value in sorted(found_rows, key=lambda row: (-row[1], -row[2])):
        key = code_key(code)
        # An action never tried has no value (JSON null), not the 0 a search reports for it.
        known = value if visits else None
        rows.append({"action": game.action_text(codes[key]), "visits": visits, "value": known, "chosen": key == chosen})
    iterations = annotation.get("iterations")
    # A count as the rows' visits are, or none: JSON has no NaN, and "after nan iterations" reads as nothing.
    found: dict[str, Any] = {"stats": rows, "iterations": iterations if whole_count(iterations) else None}
    kept = annotation.get("kept_over")
    if kept is not None and code_problem(kept) is None and code_key(kept) in codes:
        # A searcher kept its policy's choice over the search's best (mcts's `trust`).
        found["kept_over"] = game.action_text(codes[code_key(kept)])
    return found
