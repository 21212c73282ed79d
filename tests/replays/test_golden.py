"""Compatibility: the golden replays committed under tests/data/replays verify in every later version.

Each is a small match recorded once and never regenerated: if one stops verifying, either the replay
format changed without a reader for the old version, or a game's rules changed without bumping its
`version`. A game that bumps its version refuses its old goldens with a message naming the version; add
a golden for the new version beside the old one (`GAME.vN.cfr`, and `GAME.vN.formatF.cfr` in format F when the
replay format changes; format-1 goldens are `GAME.vN.cfr`). Make one with
`python -m tests.replays.test_golden GAME SPECS SEED [NAME]` (add files, never overwrite).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from corekit import Registry, default_registry, play_match
from replays.format import FORMAT_VERSION, read_replay
from replays.simulate import Simulator
from tests.replays.conftest import DATA, _FakeSearchPlugin, campfire

GOLDEN = sorted(DATA.glob("*.cfr"))


@pytest.mark.parametrize("game_id", ["grizzly-race", "slasher", "scavengers", "camp-grizzly"])
def test_every_built_in_game_has_a_golden_replay(game_id):
    assert game_id in default_registry().games
    assert any(path.stem.split(".")[0] == game_id for path in GOLDEN)


@pytest.mark.parametrize("game_id", ["grizzly-race", "slasher", "scavengers", "camp-grizzly"])
def test_every_built_in_game_has_a_golden_replay_of_its_installed_version_in_the_current_format(game_id):
    """The recorder writes only the current format; a game that bumps its version adds a golden in it. Older
    formats stay read by their goldens of earlier versions (refused by version) and re-simulated from
    grizzly-race.v3.cfr, the last format-1 golden, its header naming the installed version
    (`conftest.v1_golden_as_installed`: tests/replays/test_verify.py and test_format_doc.py)."""
    installed = str(default_registry().game(game_id).version)
    formats = {
        read_replay(path).format_version
        for path in GOLDEN
        if path.stem.split(".")[0] == game_id and read_replay(path).header.game_version == installed
    }
    assert FORMAT_VERSION in formats


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_each_golden_replay_verifies_or_is_refused_naming_the_game_version(path):
    replay = read_replay(path)
    game_id = replay.header.game
    assert path.stem.split(".")[0] == game_id
    result = campfire("replay", "verify", str(path))
    installed = str(default_registry().game(game_id).version)
    if installed == replay.header.game_version:
        assert result.exit_code == 0, result.output
        seats = len(replay.header.seats)
        assert result.stdout.strip() == f"{path}: OK ({game_id}, {replay.steps} steps, {seats} seats)"
    else:  # the game's rules changed and it said so: old matches are refused, never replayed wrongly
        assert result.exit_code == 1
        assert result.stderr.strip() == (
            f"{path}: recorded with {game_id} version {replay.header.game_version}, "
            f"but version {installed} is installed: its rules may differ"
        )


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_each_golden_replay_keeps_its_annotations(path):
    replay = read_replay(path)
    assert replay.stats, "goldens are recorded with an annotating player so annotations stay readable"
    assert len(replay.times) == replay.steps
    if str(default_registry().game(replay.header.game).version) == replay.header.game_version:
        Simulator(replay).state_at(replay.steps // 2)  # an older version's golden is refused (above)


def make_golden(game_id: str, specs: list[str], seed: int, target: Path) -> None:
    """Record one golden replay (with the annotating fake search player available)."""
    if target.exists():
        raise SystemExit(f"{target} exists: goldens are never regenerated")
    registry = Registry(plugins=[_FakeSearchPlugin()])
    play_match(registry.game(game_id), specs, seed, registry=registry, settings={"replay": target})


if __name__ == "__main__":
    game, players, seed_text = sys.argv[1:4]
    make_golden(game, players.split(","), int(seed_text), DATA / (sys.argv[4] if len(sys.argv) > 4 else f"{game}.cfr"))
