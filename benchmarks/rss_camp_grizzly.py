"""Resident memory of one 10,000-iteration MCTS search in camp-grizzly (issue 10's 200 MB target).

/usr/bin/time -v python -m benchmarks.rss_camp_grizzly     # read "Maximum resident set size"
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from benchmarks.conftest import asked_for_help, report_parser
from benchmarks.peak import peak_resident_kib
from corekit import SeatView, default_registry
from corekit.players import PlayerSpec, build_player

# The generic tree, not camp-grizzly's flat default (tree_depth=1): the target is about a full tree.
SPEC = "mcts:iterations=10000,rollout=cutoff,depth=10,tree_depth=0,root=ucb,trust=0"


def main(argv: Sequence[str]) -> None:
    """Search once and print the peak resident size (the script takes no arguments besides -h/--help)."""
    if asked_for_help(argv, __doc__):
        return
    report_parser("benchmarks.rss_camp_grizzly").parse_args(argv)
    registry = default_registry()
    game = registry.game("camp-grizzly")
    state = game.initial_state(4, 1)
    player = build_player(registry.player_type("mcts"), PlayerSpec.parse(SPEC), 1, game, registry.heuristic(game.id))
    started = time.perf_counter()
    action = player.decide(SeatView(state, state.to_act[0]))
    peak_mb = peak_resident_kib() / 1024
    print(
        f"{SPEC}: chose {game.action_text(action)!r} in {time.perf_counter() - started:.1f} s; "
        f"peak resident {peak_mb:.1f} MB"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
