"""`campfire new-game` writes a separate package that is listed, checked, played and tested, without
touching a file of corekit/ or plugins/."""

import ast
import hashlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from corekit import Rng
from corekit.cli import cli
from corekit.scaffold import ScaffoldError, create_game_package, names_for, template_names

ROOT = Path(__file__).resolve().parents[2]


def tree_hash(*folders):
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")) + sorted((ROOT / folder).rglob("*.toml")):
            digest.update(str(path).encode() + path.read_bytes())
    return digest.hexdigest()


def run(package: Path, *args, timeout=300):
    env = dict(os.environ, PYTHONPATH=f"{package}{os.pathsep}{ROOT}", CAMPFIRE_PLUGINS="lantern_hunt.plugin")
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=package, timeout=timeout
    )


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
    for relative in (
        "RULES.md",
        "lantern_hunt/game.py",
        "lantern_hunt/plugin.py",
        "tests/test_conformance.py",
        "tests/test_rules.py",
    ):
        assert (target / relative).is_file()
    assert "## Assumptions" in (target / "RULES.md").read_text()
    with pytest.raises(ScaffoldError, match="already exists and is not empty"):
        create_game_package("lantern-hunt", tmp_path)


def test_a_bad_name_is_one_line_and_a_non_zero_exit(tmp_path):
    result = CliRunner().invoke(cli, ["new-game", "Bad Name", "--dir", str(tmp_path)])
    assert result.exit_code != 0
    assert result.output.count("\n") == 1 and "must be lowercase letters" in result.output


VALID = "e.g. lantern-hunt"


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("class", "game name 'class' is a Python keyword, so its package could not be imported"),
        ("import", "game name 'import' is a Python keyword, so its package could not be imported"),
        ("json", "game name 'json' would make a package json that shadows the standard library's module json"),
        ("ai", "game name 'ai' would make a package ai that shadows the installed module ai"),
        ("corekit", "game name 'corekit' would make a package corekit that shadows the installed module corekit"),
        ("slasher", "game name 'slasher' is the id of an installed game"),
        ("camp-grizzly", "game name 'camp-grizzly' is the id of an installed game"),
        ("123", "game name '123' must start with a letter, or its package 123 would not be a Python identifier"),
        (
            "9-lives",
            "game name '9-lives' must start with a letter, or its package 9_lives would not be a Python identifier",
        ),
        ("rng", "game name 'rng' would make a class Rng, a name the generated code already uses for something else"),
        (
            "declared-state",
            "game name 'declared-state' would make a class DeclaredState, a name the generated code already uses "
            "for something else",
        ),
        ("view", "game name 'view' would make a class View, a name the generated code already uses for something else"),
        (
            "illegal-action",
            "game name 'illegal-action' would make a class IllegalAction, a name the generated code "
            "already uses for something else",
        ),
        (
            "engine",
            "game name 'engine' would make a distribution campfire-engine, which is Campfire's own: installing "
            "the game would replace Campfire",
        ),
        (
            "tests",
            "game name 'tests' would make a package folder tests, the folder the scaffold writes the package's "
            "tests to",
        ),
        ("campfire", "game name 'campfire' reads as the command itself (campfire play campfire)"),
    ],
)
def test_a_name_that_would_make_a_broken_or_confusing_package_is_refused_in_one_line(tmp_path, name, why):
    result = CliRunner().invoke(cli, ["new-game", name, "--dir", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {why}; ") and result.output.endswith(f"{VALID}\n")
    assert result.output.count("\n") == 1
    assert not (tmp_path / name).exists()  # nothing is written


@pytest.mark.parametrize("name", ["Lantern", "lantern_hunt", "lantern--hunt", "lantern-", "-lantern", ""])
def test_a_name_that_is_not_lowercase_words_joined_by_hyphens_says_what_a_valid_one_is(tmp_path, name):
    with pytest.raises(ScaffoldError) as refused:
        create_game_package(name, tmp_path)
    assert str(refused.value) == (
        f"game name {name!r} must be lowercase letters and digits in words joined by "
        f"hyphens, starting with a letter, {VALID}"
    )


def test_names_that_are_keywords_only_in_part_or_start_words_with_digits_are_fine():
    assert names_for("class-act")["package"] == "class_act"
    assert names_for("lantern-2")["class_name"] == "Lantern2"


def test_the_names_the_generated_code_uses_are_read_from_its_templates(tmp_path):
    target = create_game_package("lantern-hunt", tmp_path)
    used = set()  # what each generated module imports or defines at its top level
    for path in target.rglob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                used.update(alias.asname or alias.name for alias in node.names)
            elif isinstance(node, ast.ClassDef):
                used.add(node.name)
    names = names_for("lantern-hunt")
    own = {names["class_name"], names["state_name"]}  # the game's own classes, named from its id
    assert used - own == template_names()
    assert {"Game", "DeclaredState", "View", "Rng", "Options", "Observation", "Heuristic", "IllegalAction"} <= used


def test_a_bare_folder_on_the_path_is_not_a_module_a_new_game_could_shadow(tmp_path, monkeypatch):
    (tmp_path / "lanternfolder").mkdir()  # a namespace package: importable, but no module anything uses
    monkeypatch.syspath_prepend(str(tmp_path))
    assert create_game_package("lanternfolder", tmp_path / "out", installed=()).is_dir()


def test_a_name_whose_distribution_is_already_installed_is_refused(tmp_path, monkeypatch):
    metadata = tmp_path / "campfire_lantern_moth-0.1.0.dist-info" / "METADATA"
    metadata.parent.mkdir()
    metadata.write_text("Metadata-Version: 2.1\nName: campfire-lantern-moth\nVersion: 0.1.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ScaffoldError) as refused:
        create_game_package("lantern-moth", tmp_path / "out", installed=())
    assert str(refused.value) == (
        "game name 'lantern-moth' would make a distribution campfire-lantern-moth, which is "
        "already installed: installing the game would replace it; choose a new name, "
        f"{VALID}"
    )


def test_a_name_of_a_package_of_campfire_s_checkout_is_refused_where_it_is_not_importable(tmp_path, monkeypatch):
    # `campfire` run from anywhere but the checkout cannot import benchmarks/, yet the game's package would
    # still shadow it there.
    monkeypatch.setattr(sys, "path", [entry for entry in sys.path if Path(entry or ".").resolve() != ROOT])
    monkeypatch.delitem(sys.modules, "benchmarks", raising=False)  # imported by the benchmark tests in this worker
    assert importlib.util.find_spec("benchmarks") is None
    with pytest.raises(ScaffoldError) as refused:
        create_game_package("benchmarks", tmp_path, installed=())
    assert str(refused.value) == (
        "game name 'benchmarks' would make a package benchmarks that shadows Campfire's "
        f"own package benchmarks; choose a name no module has, {VALID}"
    )


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda path: path.write_text(""), "already exists and is a file"),
        pytest.param(
            lambda path: path.symlink_to(path.parent / "nowhere"),
            "already exists and is a broken link",
            marks=pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges there"),
        ),
    ],
)
def test_a_file_or_broken_link_where_the_package_folder_goes_is_named_in_one_line(tmp_path, make, why):
    make(tmp_path / "lantern-hunt")
    result = CliRunner().invoke(cli, ["new-game", "lantern-hunt", "--dir", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output == f"Error: {tmp_path / 'lantern-hunt'} {why}\n"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, where no folder can be made")
def test_a_folder_that_cannot_be_created_is_named_with_the_reason_in_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["new-game", "lantern-hunt", "--dir", "/proc"])
    assert result.exit_code == 1
    assert result.output == "Error: cannot create /proc/lantern-hunt: No such file or directory\n"


def test_a_game_id_installed_in_the_registry_the_command_uses_is_refused(tmp_path):
    class Installed:
        games = {"lantern-hunt": object()}

    # and the name is not suggested back
    with pytest.raises(
        ScaffoldError, match=r"'lantern-hunt' is the id of an installed game; choose a new id, e\.g\. firefly-jar$"
    ):
        create_game_package("lantern-hunt", tmp_path, installed=Installed.games)


def example_game_module(tmp_path, monkeypatch):
    target = create_game_package("lantern-hunt", tmp_path)
    spec = importlib.util.spec_from_file_location("scaffolded_lantern_hunt_game", target / "lantern_hunt" / "game.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # where its declared state's annotations are read from
    spec.loader.exec_module(module)  # the game module needs only corekit and attrs, not its package
    return module


def test_the_example_game_tells_each_seat_every_story_told_and_who_got_burned(tmp_path, monkeypatch):
    module = example_game_module(tmp_path, monkeypatch)
    game = module.LanternHunt()
    state = module.LanternHuntState(
        game=game, players=2, options=module.Options(limit=8), rng=Rng(1), hands=[[5, 3], [4, 2]], deck=[1], limit=8
    )
    before = state.observation(1)
    state.apply(0, 5)
    assert game.events(before, state.observation(1)) == ["seat 0 told a heat-5 story"]
    middle = state.observation(0)
    state.apply(1, 4)  # the fire's heat 9 passes the limit 8
    assert game.events(middle, state.observation(0)) == ["seat 1 told a heat-4 story", "seat 1 got burned!"]
    assert game.events(before, state.observation(1)) == [
        "seat 0 told a heat-5 story",
        "a heat-4 story is told",
        "seat 1 got burned!",
    ]


def test_the_example_game_counts_one_card_in_the_singular(tmp_path, monkeypatch):
    module = example_game_module(tmp_path, monkeypatch)
    game = module.LanternHunt()

    def position(hand, deck):
        return module.LanternHuntState(
            game=game, players=2, options=module.Options(), rng=Rng(1), hands=[[5, 3, 4], hand], deck=deck, limit=21
        )

    assert game.render(position([1], [2]).observation(0), 0).splitlines() == [
        "Fire: heat 0 (burns past 21)   deck: 1 card",
        "  seat 0 (you): 3 4 5 <- to tell",
        "  seat 1: 1 card",
    ]
    assert game.render(position([1, 2], [2, 3]).observation(0), 0).splitlines()[::2] == [
        "Fire: heat 0 (burns past 21)   deck: 2 cards",
        "  seat 1: 2 cards",
    ]


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

    # As in a fresh checkout: the package neither installed nor on the path, pytest run as its script runs
    # (`-P`: the current folder is not put on the path, as `python -m` would).
    fresh = dict(os.environ, PYTHONPATH=str(ROOT))
    fresh.pop("CAMPFIRE_PLUGINS", None)
    tested = subprocess.run(
        [sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        env=fresh,
        cwd=package,
        timeout=300,
    )
    assert tested.returncode == 0, tested.stdout[-2000:]
    assert "7 passed" in tested.stdout

    tournament = campfire(
        package,
        "tournament",
        "lantern-hunt",
        "--players",
        "heuristic,random",
        "--games",
        "4",
        "--jobs",
        "1",
        "--json",
        "--out",
        str(tmp_path / "results"),
    )
    assert tournament.returncode == 0, tournament.stderr
    assert "heuristic" in tournament.stdout

    assert tree_hash("corekit", "plugins") == before


@pytest.mark.parametrize(("has_script", "command"), [(True, "campfire"), (False, "python -m corekit.cli")])
def test_the_next_steps_run_campfire_the_way_this_python_can(tmp_path, monkeypatch, has_script, command):
    # In a virtual environment that borrows Campfire from the base installation (docs/writing-a-game.md, section
    # 1), `campfire` is the base's script, which does not see a game installed into the environment.
    scripts = tmp_path / "bin"
    scripts.mkdir()
    if has_script:
        (scripts / "campfire").write_text("")
    monkeypatch.setattr("sysconfig.get_path", lambda name: str(scripts))
    result = CliRunner().invoke(cli, ["new-game", "lantern-hunt", "--dir", str(tmp_path / "out")], obj=None)
    assert result.exit_code == 0, result.output
    assert f"\n  {command} check lantern-hunt --games 50\n  {command} play lantern-hunt " in result.output


def test_the_next_steps_install_the_tests_extra_and_run_pytest_by_this_python(tmp_path):
    # A `pytest` script first on PATH may belong to another Python, whose Campfire the game's tests would then test.
    result = CliRunner().invoke(cli, ["new-game", "lantern-hunt", "--dir", str(tmp_path)], obj=None)
    target = tmp_path / "lantern-hunt"
    assert result.exit_code == 0, result.output
    assert f"  pip install -e '{target}[test]'\n" in result.output
    assert result.output.endswith(f"  cd {target} && python -m pytest\n")
    assert "python -m pytest" in (target / "README.md").read_text()


def test_the_generated_readme_says_how_to_run_campfire_in_a_borrowing_virtual_environment(tmp_path):
    target = create_game_package("lantern-hunt", tmp_path, {})
    readme = (target / "README.md").read_text()
    assert "campfire check lantern-hunt" in readme
    assert "run `python -m corekit.cli` where this says `campfire`" in readme


def test_a_dir_that_did_not_exist_is_made_and_said_so_a_mistyped_one_is_seen(tmp_path):
    missing = tmp_path / "no" / "such"
    made = CliRunner().invoke(cli, ["new-game", "lantern-hunt", "--dir", str(missing)])
    assert made.exit_code == 0, made.output
    assert made.output.splitlines()[0] == f"Created {missing / 'lantern-hunt'} (and {missing}, which did not exist)"
    again = CliRunner().invoke(cli, ["new-game", "ember-duel", "--dir", str(missing)])
    assert again.output.splitlines()[0] == f"Created {missing / 'ember-duel'}"
