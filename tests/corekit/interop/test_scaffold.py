"""The game `campfire new-game` writes passes PettingZoo's api_test and seed_test and pyspiel's random
simulations, as written: a third-party game is adapted through the contract alone."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

from corekit.plugins import Registry
from corekit.scaffold import create_game_package

GAME_ID = "interop-fireside"


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scaffold")
    create_game_package(GAME_ID, folder)
    package = next(path for path in folder.rglob("plugin.py")).parent
    sys.path.insert(0, str(package.parent))
    try:
        plugin = importlib.import_module(f"{package.name}.plugin")
        yield Registry([plugin], entry_points=False)
    finally:
        sys.path.remove(str(package.parent))
        for name in [name for name in sys.modules if name.startswith(package.name)]:
            del sys.modules[name]


def test_the_scaffolded_game_passes_pettingzoos_tests(scaffolded):
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[pettingzoo]'")
    from pettingzoo.test import api_test, seed_test

    from corekit.interop.pettingzoo import env

    game = scaffolded.game(GAME_ID)
    for players in (game.min_players, game.max_players):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a dict observation "is not a NumPy array": see test_pettingzoo
            api_test(env(GAME_ID, players=players, registry=scaffolded, render_mode="ansi"), num_cycles=200)
            seed_test(lambda players=players: env(GAME_ID, players=players, seed=3, registry=scaffolded))


def test_the_scaffolded_game_passes_pyspiels_random_simulations(scaffolded):
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")
    from corekit.interop import openspiel

    name = openspiel.register(scaffolded.game(GAME_ID))
    assert name == "campfire_interop_fireside"
    for players in (2, 4):
        game = pyspiel.load_game(name, {"players": players, "limit": 30})
        assert game.options.limit == 30
        pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
