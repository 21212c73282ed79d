"""One combination of a spec with the game's defaults for its player type serves every reader of it: the player
built, `suggest`'s spec shown, a report's time-budget note and a strength run's pinned spec."""

import pytest

from ai.strength_plan import resolved
from corekit.cli.suggest import _effective_spec
from corekit.options import OptionError
from corekit.players import PlayerSpec, spec_options
from corekit.plugins import default_registry
from corekit.tournament.run import _time_budgeted

REGISTRY = default_registry()


def _combined(text: str, game: str) -> dict[str, str]:
    spec = PlayerSpec.parse(text)
    return spec_options(REGISTRY.player_type(spec.name), spec, REGISTRY.heuristic(game)).values


def _pairs(text: str) -> dict[str, str]:
    _, _, options = text.partition(":")
    return dict(pair.split("=") for pair in options.split(",")) if options else {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mcts", {"iterations": "100", "tree_depth": "1", "root": "halving", "trust": "2"}),
        # A budget replaces the game's and the root rule that follows it; a budget of 0 (off) replaces nothing; a
        # name is one option whatever its spelling.
        ("mcts:seconds=0.5", {"seconds": "0.5", "tree_depth": "1", "trust": "2"}),
        ("mcts:tree-depth=3", {"iterations": "100", "tree_depth": "3", "root": "halving", "trust": "2"}),
        ("mcts:seconds=0", {"iterations": "100", "tree_depth": "1", "root": "halving", "trust": "2", "seconds": "0"}),
    ],
)
def test_every_reader_of_a_spec_sees_the_options_the_player_is_built_with(text, expected):
    assert _combined(text, "camp-grizzly") == expected
    assert _pairs(_effective_spec(text, "camp-grizzly", REGISTRY)) == expected
    assert _pairs(resolved(text, "camp-grizzly", REGISTRY)) == expected  # tree-depth once kept tree_depth=1 too
    game = REGISTRY.game("camp-grizzly")
    assert _time_budgeted(REGISTRY, game, text) == (float(expected.get("seconds", 0)) > 0)


def test_two_budgets_in_one_spec_are_refused_by_the_combination_itself():
    with pytest.raises(OptionError, match=r"^player .mcts.: give one of iterations, seconds, steps, not iter"):
        _combined("mcts:iterations=5,seconds=1", "slasher")


def test_a_spec_is_spelled_out_in_the_games_order_of_defaults_with_its_own_unlisted_options_last():
    spelled = "mcts:tree_depth=1,trust=2,seconds=0.5"  # the game lists iterations, tree_depth, root, trust
    assert _effective_spec("mcts:seconds=0.5", "camp-grizzly", REGISTRY) == spelled
    assert resolved("mcts:seconds=0.5", "camp-grizzly", REGISTRY) == spelled
    assert resolved("mcts:trust=3,iterations=7", "camp-grizzly", REGISTRY) == (
        "mcts:iterations=7,tree_depth=1,root=halving,trust=3"
    )
