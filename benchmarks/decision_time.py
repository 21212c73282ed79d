"""CPU seconds of one decision of a player, the figure behind issue 29's "at most 1 s a decision".

    python -m benchmarks.decision_time GAME SEATS [SPEC] [--deals N] [--whole] [-o KEY=VALUE ...]

For deals 7, 8, ... (N of them, 3 by default) the position after 4 heuristic decisions is set up, and the seat
to act there decides once with SPEC (default `mcts`, which means the game's own defaults). Each line gives the
CPU time (`time.process_time`) of that decision and, for MCTS, its iterations and the actions its samples
applied. An opening can offer far fewer actions than the rest of a match (scavengers: 2-3 against up to 242), so
`--whole` plays each deal's whole match with SPEC in every seat instead and gives, over the decisions with more
than one legal action (a player with one answers at once), their count, mean and largest CPU time. CPU time
leaves out waiting for a core, but a loaded machine still slows a process down through the shared caches, so say
the load average beside a figure.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import Any

from corekit import Game, Registry, SeatView, default_registry
from corekit.plugins import UnknownName
from corekit.runner import make_players

FIRST_DEAL = 7
OPENING = 4
"""Heuristic decisions played before the one timed: past the first, forced-looking moves of a deal."""


def _game(game_id: str, options: Sequence[str]) -> tuple[Registry, Game, Any]:
    """The registry, the game and its options made from KEY=VALUE texts."""
    registry = default_registry()
    game = registry.game(game_id)
    return registry, game, game.make_options(dict(option.split("=", 1) for option in options) or None)


def decision_times(
    game_id: str, seats: int, spec: str, deals: int, options: Sequence[str] = ()
) -> list[tuple[float, int | None, int | None]]:
    """(CPU seconds, iterations, actions applied) of one decision per deal; None where the player keeps no such
    count (a player other than `mcts`)."""
    registry, game, made = _game(game_id, options)
    figures = []
    for deal in range(FIRST_DEAL, FIRST_DEAL + deals):
        state = game.initial_state(seats, deal, made)
        guides = make_players(game, ["heuristic"] * seats, deal, registry)
        for _ in range(OPENING):
            seat = state.to_act[0]
            state.apply(seat, guides[seat].decide(SeatView(state, seat)))
        seat = state.to_act[0]
        player = make_players(game, [spec] * seats, deal, registry)[seat]
        view = SeatView(state, seat)
        start = time.process_time()
        player.decide(view)
        spent = time.process_time() - start
        figures.append((spent, getattr(player, "iterations_done", None), getattr(player, "applied", None)))
    return figures


def match_decision_times(
    game_id: str, seats: int, spec: str, deals: int, options: Sequence[str] = ()
) -> list[list[float]]:
    """The CPU seconds of every decision with a choice (more than one legal action) of each deal's whole match,
    SPEC in every seat."""
    registry, game, made = _game(game_id, options)
    figures = []
    for deal in range(FIRST_DEAL, FIRST_DEAL + deals):
        state = game.initial_state(seats, deal, made)
        players = make_players(game, [spec] * seats, deal, registry)
        spent = []
        while state.to_act:
            seat = state.to_act[0]
            view = SeatView(state, seat)
            start = time.process_time()
            action = players[seat].decide(view)
            if len(view.legal_actions) > 1:
                spent.append(time.process_time() - start)
            state.apply(seat, action)
        figures.append(spent)
    return figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.decision_time", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("seats", type=int)
    parser.add_argument("spec", nargs="?", default="mcts")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--whole", action="store_true", help="time every decision of whole matches, SPEC in every seat")
    parser.add_argument("-o", dest="options", action="append", default=[], help="a game option, KEY=VALUE")
    args = parser.parse_args(argv)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    try:
        if args.whole:
            matches = match_decision_times(args.game, args.seats, args.spec, args.deals, args.options)
        else:
            figures = decision_times(args.game, args.seats, args.spec, args.deals, args.options)
    except (UnknownName, ValueError) as error:  # a bad game, spec, option or seat count: one line
        raise SystemExit(f"{parser.prog}: {error}") from None
    print(f"{args.game}, {args.seats} seats, {args.spec} (load average {load}):")
    if args.whole:
        for deal, spent in enumerate(matches, start=FIRST_DEAL):
            print(f"  deal {deal}: {_spread(spent)}")
        print(f"  all: {_spread([seconds for spent in matches for seconds in spent])}")
        return
    for deal, (spent, iterations, applied) in enumerate(figures, start=FIRST_DEAL):
        counts = "" if iterations is None else f", {iterations} iterations, {applied} actions applied"
        print(f"  deal {deal}: {spent:.2f} s{counts}")


def _spread(spent: Sequence[float]) -> str:
    """Decisions with a choice: how many, their mean and their largest CPU time."""
    if not spent:
        return "no decision with a choice"
    return f"{len(spent)} decisions with a choice, mean {sum(spent) / len(spent):.3f} s, at most {max(spent):.3f} s"


if __name__ == "__main__":
    main()
