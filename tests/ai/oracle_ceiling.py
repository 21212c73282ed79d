"""How much a game's hidden information is worth to a search: MCTS whose every sample is the true state (the
hidden cards and the future chance outcomes, all in view) against the game's heuristic, beside the same search
sampling honestly from its seat view, on the same deals and seats (ai/README.md, Strength).

    python -m tests.ai.oracle_ceiling GAME PLAYERS DEALS [SPEC]

prints one JSON line per searcher: A's mean return over DEALS x PLAYERS matches (A in each seat of each deal,
the heuristic in the others) and its standard error. The oracle is an experiment, not a player: it reads the
state a real player never holds, so it lives here and not in `ai/`.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from corekit import Rng, SeatView, State, default_registry
from corekit.plugins import UnknownName
from corekit.runner import build_spec


class OracleView:
    """A seat view whose samples are copies of the true state, and everything else the view's own."""

    __slots__ = ("truth", "view")

    def __init__(self, view: SeatView, truth: State) -> None:
        self.view, self.truth = view, truth

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)

    def sample(self, rng: Rng) -> State:
        return self.truth.clone()


def score(game_id: str, players: int, deals: int, spec: str = "mcts", oracle: bool = False) -> tuple[float, int]:
    """A's mean return and the number of matches: A (`spec`) in each seat of each deal, the heuristic elsewhere."""
    registry = default_registry()
    game, heuristic = registry.game(game_id), registry.heuristic(game_id)
    if heuristic is None or heuristic.policy is None:
        raise ValueError(f"{game_id} has no heuristic policy to play against")
    total, matches = 0.0, 0
    for deal in range(deals):
        for seat_a in range(players):
            state = game.initial_state(players, 10_000 + deal)
            searcher = build_spec(game, spec, deal * 7 + seat_a, registry)
            rng = Rng(deal * 31 + seat_a)
            while not state.is_terminal:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                if len(legal) == 1:
                    action = legal[0]
                elif seat == seat_a:
                    view = SeatView(state, seat)
                    action = searcher.decide(OracleView(view, state) if oracle else view)  # type: ignore[arg-type]
                else:
                    action = heuristic.policy(state.observation(seat), seat, legal, rng)
                state.apply(seat, action)
            total += state.returns()[seat_a]
            matches += 1
    return total / matches, matches


def main(argv: list[str]) -> None:
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    game_id, spec = argv[0], argv[3] if len(argv) == 4 else "mcts"
    try:
        players, deals = int(argv[1]), int(argv[2])
    except ValueError:
        sys.exit(f"error: PLAYERS and DEALS must be whole numbers, got {argv[1]!r} and {argv[2]!r}")
    for oracle in (True, False):
        try:
            mean, matches = score(game_id, players, deals, spec, oracle)
        except (UnknownName, ValueError) as error:
            sys.exit(f"error: {error}")
        error = math.sqrt(mean * (1 - mean) / matches)
        print(
            json.dumps(
                {
                    "searcher": "oracle" if oracle else "honest",
                    "spec": spec,
                    "game": game_id,
                    "players": players,
                    "matches": matches,
                    "score": round(mean, 3),
                    "se": round(error, 3),
                }
            )
        )


if __name__ == "__main__":
    main(sys.argv[1:])
