"""`corekit.determinism`: a game whose order follows string hashing is caught by playing its matches again in
processes with other hash seeds; a game that does not is not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from corekit.determinism import fingerprints, other_processes
from tests.corekit.fixtures.hash_order_plugin import HashOrder
from tests.corekit.toy_game import ToyGame

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = "tests.corekit.fixtures.hash_order_plugin"


@pytest.fixture
def children_find_the_plugin(monkeypatch):
    monkeypatch.setenv("CAMPFIRE_PLUGINS", PLUGIN)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def test_a_fingerprint_tells_matches_apart_and_repeats_in_one_process():
    game = ToyGame()
    first, again = fingerprints(game, 2, 6, seed=1), fingerprints(game, 2, 6, seed=1)
    assert first == again and len(set(first)) == 6


def test_a_game_ordered_by_string_hashing_plays_otherwise_in_another_process(children_find_the_plugin):
    problem = other_processes(HashOrder(), 2, 10, seed=0)
    assert problem is not None
    assert "plays differently in a process with PYTHONHASHSEED=" in problem
    assert "depends on string hashing" in problem


def test_a_game_in_a_stable_order_plays_the_same_in_other_processes(children_find_the_plugin):
    assert other_processes(ToyGame(), 2, 10, seed=0) is None


def test_a_child_that_cannot_find_the_game_says_so_in_one_line(monkeypatch):
    monkeypatch.delenv("CAMPFIRE_PLUGINS", raising=False)
    problem = other_processes(HashOrder(), 2, 2, seed=0)
    assert problem is not None and problem.startswith("a child process with PYTHONHASHSEED=1 could not play")
    assert "hash-order" in problem and "\n" not in problem


def test_campfire_check_fails_a_game_ordered_by_string_hashing():
    env = dict(os.environ, CAMPFIRE_PLUGINS=PLUGIN, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "corekit.cli", "check", "hash-order", "--players", "2", "-n", "10", "--no-leaks"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("hash-order with 2 players: FAILED (10 matches")
    assert "plays differently in a process with PYTHONHASHSEED=" in lines[1]
