"""`campfire new-game` writes a separate package that is listed, checked, played and tested, without
touching a file of corekit/ or plugins/."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from corekit.cli import cli
from corekit.scaffold import ScaffoldError, create_game_package, names_for

ROOT = Path(__file__).resolve().parents[2]


def tree_hash(*folders):
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")) + sorted((ROOT / folder).rglob("*.toml")):
            digest.update(str(path).encode() + path.read_bytes())
    return digest.hexdigest()


def run(package: Path, *args, timeout=300):
    env = dict(os.environ, PYTHONPATH=f"{package}{os.pathsep}{ROOT}", CAMPFIRE_PLUGINS="lantern_hunt.plugin")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=package,
                          timeout=timeout)


def campfire(package: Path, *args):
    return run(package, "-c", "from corekit.cli import main; main()", *args)


def test_names_are_derived_from_the_game_id():
    names = names_for("lantern-hunt")
    assert names["package"] == "lantern_hunt" and names["class_name"] == "LanternHunt"
    assert names["title"] == "Lantern Hunt"
    with pytest.raises(ScaffoldError, match="lowercase letters"):
        names_for("Lantern Hunt")


def test_the_package_has_its_own_pyproject_entry_point_rules_and_tests(tmp_path):
    target = create_game_package("lantern-hunt", tmp_path)
    pyproject = (target / "pyproject.toml").read_text()
    assert '[project.entry-points."campfire.games"]' in pyproject
    assert 'lantern-hunt = "lantern_hunt.plugin"' in pyproject
    for relative in ("RULES.md", "lantern_hunt/game.py", "lantern_hunt/plugin.py", "tests/test_game.py"):
        assert (target / relative).is_file()
    assert "## Assumptions" in (target / "RULES.md").read_text()
    with pytest.raises(ScaffoldError, match="already exists and is not empty"):
        create_game_package("lantern-hunt", tmp_path)


def test_a_bad_name_is_one_line_and_a_non_zero_exit(tmp_path):
    result = CliRunner().invoke(cli, ["new-game", "Bad Name", "--dir", str(tmp_path)])
    assert result.exit_code != 0
    assert result.output.count("\n") == 1 and "must be lowercase letters" in result.output


@pytest.mark.slow
def test_a_new_game_is_listed_checked_played_tested_and_tournament_ready(tmp_path):
    before = tree_hash("corekit", "plugins")
    result = CliRunner().invoke(cli, ["new-game", "lantern-hunt", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    package = tmp_path / "lantern-hunt"

    listed = campfire(package, "games")
    assert listed.returncode == 0 and "lantern-hunt" in listed.stdout

    checked = campfire(package, "check", "lantern-hunt", "--games", "60")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(": ok (") == 3

    played = campfire(package, "play", "lantern-hunt", "--players", "mcts:iterations=50,random", "--seed", "4")
    assert played.returncode == 0, played.stderr
    assert "Result:" in played.stdout and "story" in played.stdout

    tested = run(package, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    assert tested.returncode == 0, tested.stdout[-2000:]
    assert "5 passed" in tested.stdout

    tournament = campfire(package, "tournament", "lantern-hunt", "--players", "heuristic,random", "--games", "4",
                          "--jobs", "1", "--json", "--out", str(tmp_path / "results"))
    assert tournament.returncode == 0, tournament.stderr
    assert "heuristic" in tournament.stdout

    assert tree_hash("corekit", "plugins") == before
