"""How camp-grizzly's nights end under the round limit (RULES.md, the termination assumption), for the figures
RULES.md and ai/README.md quote:

    python -m tests.plugins.camp_grizzly.night_survey [MATCHES] [COUNSELORS] [NIGHT ...]

plays MATCHES (default 400) seeded matches, seeds 0 to MATCHES-1, of the heuristic team (`heuristic` in every
seat) with COUNSELORS counselors (default 1) at each night limit (default 20 40 50 rounds), and prints per
limit how many nights the limit ended (the body count jumped to HOPELESS), how many ended in HOPELESS's last
fight at all (the limit's or a body count of 13), how many of those the counselors won, and how many in a won
finale.
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

from corekit import Game, Registry, default_registry, play_match


@attrs.define
class Nights:
    """How `matches` nights at one round limit ended."""

    matches: int = 0
    by_limit: int = 0
    """The limit made the night HOPELESS."""
    hopeless: int = 0
    """The night ended in HOPELESS's last fight (by the limit or by a body count of 13)."""
    hopeless_won: int = 0
    finale_won: int = 0


def survey(counselors: int, night: int, matches: int) -> Nights:
    """Play the heuristic team's nights of seeds 0 to `matches`-1 at a `night`-round limit and count their ends."""
    registry = default_registry()
    game = registry.game("camp-grizzly")
    options = game.make_options({"night": night})
    nights = Nights()
    for seed in range(matches):
        limited, hopeless, won = _night(registry, game, options, counselors, seed)
        nights.matches += 1
        nights.by_limit += limited
        if hopeless:
            nights.hopeless += 1
            nights.hopeless_won += won
        elif won:
            nights.finale_won += 1
    return nights


def _night(registry: Registry, game: Game, options: Any, counselors: int, seed: int) -> tuple[bool, bool, bool]:
    """Whether the round limit ended the night of `seed`, whether it ended in HOPELESS, and whether it was won: read
    from how the rules ended it (`CampState.ending`)."""
    ending = play_match(game, ["heuristic"] * counselors, seed, options, registry=registry).ending
    assert ending is not None  # a heuristic team never forfeits
    return (
        ending.startswith("night ran out"),
        "last fight" in ending,
        ending.endswith("won") or ending == "finale survived",
    )


if __name__ == "__main__":
    arguments = [int(text) for text in sys.argv[1:]]
    matches = arguments[0] if arguments else 400
    counselors = arguments[1] if len(arguments) > 1 else 1
    for night in arguments[2:] or [20, 40, 50]:
        n = survey(counselors, night, matches)
        print(
            f"{counselors} counselor(s), night={night}, {n.matches} nights: the limit ended {n.by_limit} "
            f"({n.by_limit / n.matches:.1%}); HOPELESS's last fight {n.hopeless} (won {n.hopeless_won}); "
            f"a won finale {n.finale_won}"
        )
