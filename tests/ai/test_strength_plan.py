"""`campfire strength`: the registered strength runs, played and resumed by the tournament machinery."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from ai.strength_plan import (
    PLAN,
    RUNS,
    Run,
    check_players,
    check_runs,
    default_runs,
    pin,
    read_plan,
    resolved,
    table,
    write_between_markers,
)
from corekit import default_registry
from corekit.cli import cli
from corekit.players import PlayerSpec
from corekit.runner import build_spec
from corekit.tournament import read_results

REGISTRY = default_registry()


def test_every_registered_run_names_an_installed_game_its_seats_and_players_that_build():
    registered, runs = read_plan(PLAN)
    assert registered.startswith("2026-")
    for run in runs:
        game = REGISTRY.game(run.game)
        assert game.min_players <= run.seats <= game.max_players, run
        assert run.matches >= 400 * (2 if game.cooperative else 1), "issue 29: at least 400 matches (deals) a run"
        for spec in (run.a, run.b):
            if PlayerSpec.parse(spec).name.startswith("os-"):
                continue  # needs the [openspiel] extra
            build_spec(game, spec, 0, REGISTRY)


def test_each_run_has_its_own_folder():
    _, runs = read_plan(PLAN)
    assert len({run.folder_name for run in runs}) == len(runs)


def test_a_run_without_options_keeps_its_folder_name_and_a_run_with_options_adds_them():
    plain = Run("slasher", 2, "mcts", "heuristic", 400, 2029)
    assert plain.folder_name == "slasher-2-mcts-vs-heuristic-seed2029"  # as its committed folder is named
    shared = attrs.evolve(plain, options=("all_dead=share",))
    assert shared.folder_name == "slasher-2-mcts-vs-heuristic-seed2029-o-all_dead=share"
    # One run however its options are spelt or ordered: the same folder.
    spelt = attrs.evolve(plain, options=("stall-turns=50", "all_dead=share"))
    assert spelt.folder_name == attrs.evolve(plain, options=("all_dead=share,stall_turns=50",)).folder_name


def test_every_results_folder_in_the_repository_is_a_registered_runs_and_holds_that_runs_matches():
    _, runs = read_plan(PLAN)
    folders = {run.folder_name for run in runs}
    assert {path.name for path in RUNS.iterdir() if path.is_dir()} <= folders  # none left under an older name
    for run in runs:
        if run.registered is None:  # of the first registration, all played: their matches are committed
            assert (RUNS / run.folder_name / "results.jsonl").exists(), run
    table(runs, RUNS, "2026-12-02 16:45 UTC", REGISTRY)  # refuses a folder whose results file is another run's


def test_a_plain_spec_is_written_out_with_the_games_defaults_and_the_spec_wins_over_them():
    defaults = REGISTRY.heuristic("slasher").player_defaults["mcts"]
    assert resolved("mcts", "slasher", REGISTRY) == f"mcts:{defaults}"
    name = defaults.split(",")[0].split("=")[0]
    assert f"{name}=7" in resolved(f"mcts:{name}=7", "slasher", REGISTRY)
    assert resolved("random", "slasher", REGISTRY) == "random"


def test_a_run_whose_players_changed_since_it_started_is_refused(tmp_path):
    run = Run("grizzly-race", 2, "mcts", "heuristic", 400, 1)
    assert pin(run, tmp_path / "run", REGISTRY) == {"a": resolved("mcts", "grizzly-race", REGISTRY), "b": "heuristic"}
    (tmp_path / "run" / "pinned.json").write_text(json.dumps({"a": "mcts:iterations=5", "b": "heuristic"}))
    with pytest.raises(ValueError, match="was started with A = mcts:iterations=5, B = heuristic; the game's defaults"):
        pin(run, tmp_path / "run", REGISTRY)


def test_a_plan_without_runs_or_with_an_unknown_field_is_refused_naming_it(tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_text('registered = "now"\n')
    with pytest.raises(ValueError, match="no \\[\\[run\\]\\] in it"):
        read_plan(empty)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(
        '[[run]]\ngame = "slasher"\nseats = 2\na = "mcts"\nb = "random"\nmatches = 4\nseed = 1\nsize = 3\n'
    )
    with pytest.raises(ValueError, match=r"run 1: .*size"):
        read_plan(wrong)


def test_the_runs_are_played_resumed_to_their_registered_size_and_tabled(tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'registered = "2026-12-02 17:00 UTC"\n'
        '[[run]]\ngame = "grizzly-race"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 4\nseed = 3\n'
        '[[run]]\ngame = "camp-grizzly"\nseats = 1\na = "heuristic"\nb = "random"\nmatches = 4\nseed = 3\n'
        '[[run]]\ngame = "slasher"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 6\nseed = 3\n'
        'options = ["all_dead=share"]\n'
        '[[run]]\ngame = "grizzly-race"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 2\nseed = 4\n'
        'registered = "2026-12-03 06:00 UTC"\n'
    )
    out = tmp_path / "runs"
    first = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--only", "grizzly-race"])
    assert first.exit_code == 0, first.output
    rows = [line for line in first.stdout.splitlines() if line.startswith("| grizzly-race") or line.startswith("| sl")]
    assert rows[0].startswith("| grizzly-race | 2 | heuristic | random | 4 of 4 | ")
    assert rows[1] == "| slasher `-o all_dead=share` | 2 | heuristic | random | 0 of 6 | - | - | - | not started |"
    report = json.loads((out / "grizzly-race-2-heuristic-vs-random-seed3" / "report.json").read_text())
    assert report["matches"] == 4 and report["seed"] == 3
    later = "| grizzly-race (seed 4, registered 2026-12-03 06:00 UTC) | 2 | heuristic | random | 2 of 2 | "
    assert later in first.stdout  # a run added later is its own folder, and says when it was added

    everything = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert everything.exit_code == 0, everything.output
    assert "| grizzly-race | 2 | heuristic | random | 4 of 4 | " in everything.stdout  # resumed: nothing more played
    assert "| slasher `-o all_dead=share` | 2 | heuristic | random | 6 of 6 | " in everything.stdout
    assert "| camp-grizzly | 1 | heuristic | " in everything.stdout and "paired, over 2 deals" in everything.stdout

    runs = json.loads(
        CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only", "--json"]).stdout
    )
    race, camp, slasher, later = runs
    assert (race["game"], race["seats"], race["matches"], race["held"], race["beyond"]) == ("grizzly-race", 2, 4, 4, 0)
    assert (race["game_version"], race["installed_version"], later["registered"]) == ("4", "4", "2026-12-03 06:00 UTC")
    assert slasher["options"] == ["all_dead=share"] and slasher["folder"].endswith("-o-all_dead=share")
    report = json.loads((out / race["folder"] / "report.json").read_text())
    assert race["result"]["rate"] == report["players"][0]["win_rate"] and race["result"]["seats"] == 2
    assert camp["result"]["teams"][0]["spec"] == "heuristic" and camp["result"]["paired"]["deals"] == 2

    plan.write_text(plan.read_text().replace("matches = 6", "matches = 8"))
    (
        out / "slasher-2-heuristic-vs-random-seed3-o-all_dead=share" / "report.json"
    ).unlink()  # as a run killed half-way leaves it
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    # A run short of its size shows how far it got and nothing more: no score, no interval, no verdict.
    unfinished = "| slasher `-o all_dead=share` | 2 | heuristic | random | 6 of 8 | - | - | 0.500 | not finished |"
    assert unfinished in shown.stdout.splitlines() and shown.stdout.count("not finished") == 1
    assert f"by `campfire strength` from {plan} (registered" in shown.stdout  # the plan it was given

    camp = plan.read_text().replace(
        'matches = 4\nseed = 3\n[[run]]\ngame = "slasher', 'matches = 6\nseed = 3\n[[run]]\ngame = "slasher'
    )
    plan.write_text(camp)
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    assert (
        "camp-grizzly, 1 seat: the heuristic team and the random team against Otis, paired by deal; not finished: "
        "4 of 6 nights played (judged once all are played)"
    ) in shown.stdout.splitlines()
    assert "paired, over" not in shown.stdout and "| camp-grizzly |" not in shown.stdout
    unfinished = json.loads(
        CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only", "--json"]).stdout
    )
    # Judged once, at the end, as in the table: a run short of its size has no result yet.
    assert [(run["held"], run["matches"], run["result"]) for run in unfinished[1:3]] == [(4, 6, None), (6, 8, None)]

    # A size lowered after the matches were played: the first ones are judged, and the row says so.
    plan.write_text(
        plan.read_text().replace(
            'matches = 4\nseed = 3\n[[run]]\ngame = "camp', 'matches = 2\nseed = 3\n[[run]]\ngame = "camp'
        )
    )
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    assert "| grizzly-race (the first 2 of the 4 matches its folder holds) | 2 | heuristic | random | 2 of 2 | " in (
        shown.stdout
    )
    listed = json.loads(
        CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only", "--json"]).stdout
    )
    assert (listed[0]["matches"], listed[0]["held"], listed[0]["beyond"]) == (2, 2, 2)


def _race_plan(tmp_path: Path, matches: int) -> Path:
    """A plan of one run: heuristic against random in grizzly-race at 2 seats, seed 3."""
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'registered = "2026-12-02 17:00 UTC"\n'
        f'[[run]]\ngame = "grizzly-race"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = {matches}\nseed = 3\n'
    )
    return plan


def _played_outside_the_plan(tmp_path: Path) -> tuple[Path, Path]:
    """A plan of one grizzly-race run, and that run's folder filled by `campfire tournament` (no pinned.json)."""
    plan = _race_plan(tmp_path, matches=2)
    folder = tmp_path / "runs" / "grizzly-race-2-heuristic-vs-random-seed3"
    made = CliRunner().invoke(
        cli, ["tournament", "grizzly-race", "-p", "heuristic,random", "-n", "2", "--seed", "3", "--out", str(folder)]
    )
    assert made.exit_code == 0, made.output
    return plan, folder


def test_a_results_folder_the_plan_did_not_start_is_one_line_not_a_missing_file(tmp_path):
    plan, folder = _played_outside_the_plan(tmp_path)
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "--table-only"])
    assert shown.exit_code == 1
    assert shown.stderr == (
        f"Error: {folder} holds results but no pinned.json: it was not started by `campfire strength` (move it "
        "away or remove it to start the run)\n"
    )


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        (
            "{not json",
            "is not the JSON `campfire strength` writes (Expecting property name enclosed in double quotes at line 1, "
            "column 2)",
        ),
        ('["heuristic", "random"]', "does not hold the pinned specs of players a and b"),
        ('{"a": "heuristic"}', "does not hold the pinned specs of players a and b"),
    ],
)
def test_a_damaged_pinned_file_is_one_line_naming_it(tmp_path, written, problem):
    # It was "campfire: error: AttributeError: ..." for a list, naming neither the file nor what it should hold.
    plan, folder = _played_outside_the_plan(tmp_path)
    (folder / "pinned.json").write_text(written, encoding="utf-8")
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "--table-only"])
    assert shown.exit_code == 1
    assert shown.stderr.startswith(f"Error: {folder / 'pinned.json'} {problem}") and shown.stderr.count("\n") == 1


def test_a_name_in_only_that_is_no_game_of_the_plan_is_refused_naming_the_plans_games(tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'registered = "2026-12-02 17:00 UTC"\n'
        '[[run]]\ngame = "grizzly-race"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 2\nseed = 3\n'
        '[[run]]\ngame = "slasher"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 2\nseed = 3\n'
    )
    out = tmp_path / "runs"
    for only, named in [
        ("nope", "nope is not a game"),
        ("grizzly-race, zz,grizzly_race", "zz and grizzly_race are not games"),
    ]:
        refused = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--only", only])
        assert refused.exit_code == 1, refused.output
        assert refused.stderr == f"Error: --only: {named} of {plan}, whose games are grizzly-race and slasher\n"
        assert refused.stdout == "" and not out.exists()  # nothing played, nothing pinned, no table


@pytest.mark.parametrize("signalled", ["group", "command"])
def test_an_interrupted_run_says_how_far_it_got_and_that_campfire_strength_plays_the_rest(tmp_path, signalled):
    """Ctrl-C signals the whole foreground process group; a `kill -INT` of the command alone is passed on."""
    plan = _race_plan(tmp_path, matches=100000)
    folder = tmp_path / "runs" / "grizzly-race-2-heuristic-vs-random-seed3"
    command = [sys.executable, "-m", "corekit.cli", "strength", "--plan", str(plan), "--out", str(tmp_path / "runs")]
    # Its own process group, as a terminal's foreground job: Ctrl-C reaches the tournament and its workers too.
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while not ((folder / "results.jsonl").exists() and (folder / "results.jsonl").read_bytes().count(b"\n") > 1):
            assert process.poll() is None and time.monotonic() < deadline, "no match was saved"
            time.sleep(0.01)
        (os.killpg if signalled == "group" else os.kill)(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    _, records = read_results(folder / "results.jsonl")
    assert process.returncode == 1 and stdout == "", stderr
    progress = re.compile(r"grizzly-race: [\d,]+ of 100,000 matches \(\d+%\)")  # the run's progress in a log
    assert [line for line in stderr.splitlines() if not progress.match(line)] == [
        f"{folder.name}: 100000 matches, seed 3",
        f"Error: interrupted: {len(records)} of 100000 matches are saved in {folder}; run the same `campfire "
        "strength` command again to play the rest",
    ]


def test_a_run_played_at_an_older_game_version_says_so_in_the_table(tmp_path, monkeypatch):
    plan = _race_plan(tmp_path, matches=2)
    out = tmp_path / "runs"
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert played.exit_code == 0, played.output
    installed = str(REGISTRY.game("grizzly-race").version)
    assert "| grizzly-race | 2 | heuristic | random | 2 of 2 | " in played.stdout
    monkeypatch.setattr(type(REGISTRY.game("grizzly-race")), "version", "99")  # its rules changed since
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    assert shown.exit_code == 0, shown.output
    assert f"| grizzly-race (version {installed}; 99 is installed) | 2 | heuristic | random | 2 of 2 | " in shown.stdout
    # Playing the plan again leaves the finished run alone rather than failing to resume it at the new version.
    again = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert again.exit_code == 0, again.output
    assert "grizzly-race-2-heuristic-vs-random-seed3: all 2 matches played" in again.stderr


def test_the_table_goes_between_the_markers_of_a_readme_and_nowhere_else(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- strength:plan -->\nold\n<!-- /strength:plan -->\nafter\n")
    write_between_markers(readme, ["| new |"])
    assert readme.read_text() == "intro\n<!-- strength:plan -->\n| new |\n<!-- /strength:plan -->\nafter\n"
    for text in (
        "no markers\n",
        "<!-- strength:plan -->\nno end marker\n",
        "no start marker <!-- /strength:plan -->\n",
    ):
        readme.write_text(text)
        with pytest.raises(
            ValueError, match=re.escape("has no <!-- strength:plan --> ... <!-- /strength:plan --> markers")
        ):
            write_between_markers(readme, ["x"])
        assert readme.read_text() == text


def test_a_readme_the_table_cannot_go_into_is_refused_before_anything_is_played(tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text("[[run]]\n" + "".join(f"{key} = {value}\n" for key, value in RUN.items()))
    out = tmp_path / "runs"
    (tmp_path / "plain.md").write_text("no markers\n")
    for readme, said in [("plain.md", "has no <!-- strength:plan -->"), ("missing.md", "No such file")]:
        refused = CliRunner().invoke(
            cli, ["strength", "--plan", str(plan), "--out", str(out), "--readme", str(tmp_path / readme)]
        )
        assert refused.exit_code == 1 and said in refused.stderr and refused.stderr.count("\n") == 1, refused.output
        assert not out.exists()


def test_runs_differing_only_in_their_options_are_each_played_into_a_folder_of_their_own(tmp_path):
    plan = tmp_path / "plan.toml"
    run = '[[run]]\ngame = "slasher"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 2\nseed = 3\n'
    plan.write_text(f'registered = "2026-12-02 17:00 UTC"\n{run}{run}options = ["all_dead=share"]\n')
    out = tmp_path / "runs"
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert played.exit_code == 0, played.output
    name = "slasher-2-heuristic-vs-random-seed3"
    for folder, all_dead in [(name, "nobody"), (f"{name}-o-all_dead=share", "share")]:
        header, records = read_results(out / folder / "results.jsonl")
        assert header["options"]["all_dead"] == all_dead and len(records) == 2
    assert "| slasher | 2 | heuristic | random | 2 of 2 | " in played.stdout
    assert "| slasher `-o all_dead=share` | 2 | heuristic | random | 2 of 2 | " in played.stdout


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("options", "option all_dead was 'share', the run's is 'nobody'"),
        ("seed", "seed was 4, the run's is 3"),
        ("specs", "specs was ['random', 'heuristic'], the run's is ['heuristic', 'random']"),
    ],
)
def test_a_folder_holding_another_runs_matches_is_refused_in_one_line_not_reported_as_the_run(tmp_path, change, said):
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'registered = "2026-12-02 17:00 UTC"\n'
        '[[run]]\ngame = "slasher"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 2\nseed = 3\n'
    )
    folder = tmp_path / "runs" / "slasher-2-heuristic-vs-random-seed3"
    other = {"options": {"-o": "all_dead=share"}, "seed": {"--seed": "4"}, "specs": {"-p": "random,heuristic"}}
    settings = {"-p": "heuristic,random", "--seed": "3", **other[change]}
    made = CliRunner().invoke(
        cli,
        [
            "tournament",
            "slasher",
            "-n",
            "2",
            "--strength",
            "--out",
            str(folder),
            *[part for pair in settings.items() for part in pair],
        ],
    )
    assert made.exit_code == 0, made.output
    pin(Run("slasher", 2, "heuristic", "random", 2, 3), folder, REGISTRY)
    for extra in (["--table-only"], ["--jobs", "1"]):
        refused = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), *extra])
        assert refused.exit_code == 1, refused.output
        assert refused.stderr == (
            f"Error: {folder} holds the matches of another run ({said}): move it away or remove it to start the run\n"
        )
        assert refused.stdout == ""


def test_two_runs_of_a_plan_that_are_one_run_are_refused_when_the_plan_is_read(tmp_path):
    plan = tmp_path / "plan.toml"
    run = '[[run]]\ngame = "slasher"\nseats = 2\na = "heuristic"\nb = "random"\nseed = 3\n'
    plan.write_text(f'{run}matches = 2\noptions = ["all_dead=share"]\n{run}matches = 4\noptions = ["all-dead=share"]\n')
    with pytest.raises(ValueError, match=re.escape(f"{plan}: run 2 is run 1 again (both play into slasher-2-")):
        read_plan(plan)


RUN = {"game": '"grizzly-race"', "seats": "2", "a": '"heuristic"', "b": '"random"', "matches": "2", "seed": "1"}


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"matches": '"5"'}, "run 1: matches must be a whole number of 1 or more, not '5'"),
        ({"matches": "0"}, "run 1: matches must be a whole number of 1 or more, not 0"),
        ({"seats": "true"}, "run 1: seats must be a whole number of 1 or more, not True"),
        ({"seed": "-1"}, "run 1: seed must be a whole number from 0 to 18446744073709551615, not -1"),
        ({"options": '"stall_rounds=5"'}, "run 1: options must be a list of key=value texts, as options = "),
        ({"options": '["stall_rounds"]'}, "run 1: options: option 'stall_rounds' is not of the form key=value"),
        ({"options": '["nope=1"]'}, "run 1: options: unknown option 'nope' (known: stall_rounds)"),
        ({"b": None}, "run 1: no b (a run has game, seats, a, b, matches and seed;"),
        ({"game": '"nosuch"'}, "run 1: game: unknown game 'nosuch' (installed: "),
        ({"seats": "9"}, "run 1: seats: grizzly-race is played by 2-4 players, not 9"),
        (
            {"game": '"camp-grizzly"', "seats": "1", "matches": "3"},
            "run 1: matches: a cooperative run plays each deal once for each of its 2 teams, so its matches are a "
            "multiple of 2, not 3",
        ),
        (
            {"seats": "3", "matches": "4"},
            "run 1: matches: a free-for-all run plays each deal with A once in each of its 3 seats, so its matches are "
            "a multiple of 3, not 4",
        ),
        ({"a": '"nosuch"'}, "run 1: a: unknown player 'nosuch' (known: "),
        ({"b": '"mcts:nope=1"'}, "run 1: b: player 'mcts': unknown option 'nope'"),
        ({"b": '"human"'}, "run 1: b: player 'human' needs a person at a terminal"),
        ("run = 3", "run must be [[run]] tables, not 3"),
        ("run = [1]", "run must be [[run]] tables, not [1]"),
        ({"colour": '"red"', "size": "3"}, "run 1: unknown field 'colour' (a run has game, seats, a, b, matches,"),
        ({"a": '""'}, "run 1: a must be a non-empty text, not ''"),
        ({"b": '"  "'}, "run 1: b must be a non-empty text, not '  '"),
        (
            {"seed": "18446744073709551616"},
            "run 1: seed must be a whole number from 0 to 18446744073709551615, not 18446744073709551616",
        ),
        ({"options": "[1]"}, "run 1: options must be a list of key=value texts, as options = "),
        ({"registered": "5"}, 'run 1: registered must be a text, as registered = "2026-12-03 06:38 UTC", not 5'),
        ({"seats": "1"}, "run 1: seats: grizzly-race is played by 2-4 players, not 1"),
        (
            {"game": '"slasher"', "options": '["first=5"]'},
            "run 1: seats and options: slasher: first=5 but seats are numbered 0-1",
        ),
    ],
)
def test_a_bad_run_is_refused_in_one_line_naming_it_and_its_field_before_anything_is_written(tmp_path, fields, said):
    if isinstance(fields, str):
        text = fields + "\n"
    else:
        text = "[[run]]\n" + "".join(f"{key} = {value}\n" for key, value in {**RUN, **fields}.items() if value)
    good = "[[run]]\n" + "".join(f"{key} = {value}\n" for key, value in {**RUN, "seed": "2"}.items())
    plan = tmp_path / "plan.toml"
    plan.write_text(text if isinstance(fields, str) else good + text)  # the good run first: nothing of it is played
    out = tmp_path / "runs"
    refused = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out)])
    assert refused.exit_code == 1, refused.output
    said = said if isinstance(fields, str) else said.replace("run 1", "run 2")
    assert refused.stderr.startswith(f"Error: {plan}: {said}") and refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stdout == "" and not out.exists()


def test_a_finished_runs_players_are_not_built_again_but_their_names_are_checked(tmp_path):
    runs = [Run("grizzly-race", 2, "heuristic", "mcts:nope=1", 2, 1)]
    check_runs(tmp_path / "plan.toml", runs, REGISTRY)  # the table of a finished run needs no player built
    check_players(tmp_path / "plan.toml", runs, REGISTRY, build=[])
    with pytest.raises(ValueError, match=re.escape("plan.toml: run 1: b: player 'mcts': unknown option 'nope'")):
        check_players(tmp_path / "plan.toml", runs, REGISTRY, build=runs)


def test_the_team_rows_of_a_cooperative_run_name_each_spec_with_its_defaults_as_the_paired_line_does(tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text(
        'registered = "2026-12-02 17:00 UTC"\n'
        '[[run]]\ngame = "camp-grizzly"\nseats = 1\na = "mcts:iterations=5"\nb = "random"\nmatches = 2\nseed = 3\n'
    )
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "-j", "1"])
    assert played.exit_code == 0, played.output
    shown = f"mcts:iterations=5 (= {resolved('mcts:iterations=5', 'camp-grizzly', REGISTRY)})"
    assert f"| camp-grizzly | 1 | {shown} | Otis | 1 | " in played.stdout
    assert f"the {shown} team alone won" in played.stdout
    assert "| A | B (every other seat) |" not in played.stdout  # no free-for-all run: no empty table of them
    # --json names the teams as its "a" and "b" (an outside tester: joining them by spec failed).
    listed = CliRunner().invoke(
        cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "--table-only", "--json"]
    )
    (result,) = [run["result"] for run in json.loads(listed.stdout)]
    assert result["a"] == resolved("mcts:iterations=5", "camp-grizzly", REGISTRY)
    assert [team["spec"] for team in result["teams"]] == [result["a"], result["b"]]


def test_the_runs_are_kept_in_the_repositorys_folder_in_a_checkout_and_in_the_current_directory_otherwise(
    monkeypatch, tmp_path
):
    from ai import strength_plan

    assert default_runs() == RUNS  # this checkout keeps the results behind ai/README.md
    monkeypatch.setattr(strength_plan, "RUNS", tmp_path / "site-packages" / "ai" / "strength-runs")
    assert strength_plan.default_runs() == Path("strength-runs")  # never written inside an installed package


def test_a_run_pinned_with_a_hyphenated_option_resumes_as_the_same_player(tmp_path):
    run = Run("grizzly-race", 2, "mcts:tree-depth=2", "heuristic", 10, 1)
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "pinned.json").write_text(json.dumps({"a": "mcts:tree-depth=2", "b": "heuristic"}), encoding="utf-8")
    assert pin(run, folder, REGISTRY)["a"] == "mcts:tree_depth=2"


@pytest.mark.parametrize(("retry", "held"), [(None, 4), ("worker", 3)])
def test_a_run_is_finished_for_its_table_its_json_and_its_play_loop_alike_when_a_tournament_resume_plays_no_more(
    tmp_path, retry, held
):
    """A failed match without a retry reason is held for good (a resume leaves it, as the game raised in it, say);
    one with a reason is played again: the table, --json and the play loop all count it as the tournament does."""
    plan = _race_plan(tmp_path, matches=4)
    out = tmp_path / "runs"
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert played.exit_code == 0, played.output
    folder = out / "grizzly-race-2-heuristic-vs-random-seed3"
    results = folder / "results.jsonl"
    lines = results.read_text().splitlines()
    failed = {"status": "failed", "returns": [], "steps": 0, "decisions": [], "decision_time": [], "retry": retry}
    lines[3] = json.dumps({**json.loads(lines[3]), **failed, "error": "the game raised"})  # match 2
    results.write_text("\n".join(lines) + "\n")
    edited = results.read_text()

    # What a tournament resume of the folder would play: nothing more, or the failed match again.
    resumed = tmp_path / "resumed"
    resumed.mkdir()
    (resumed / "results.jsonl").write_text(edited)
    CliRunner().invoke(
        cli, ["tournament", *Run("grizzly-race", 2, "heuristic", "random", 4, 3).tournament_args(resumed, 1)]
    )
    _, records = read_results(resumed / "results.jsonl")
    assert (records[2].status == "failed") == (retry is None)

    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    row = next(line for line in shown.stdout.splitlines() if line.startswith("| grizzly-race"))
    data = json.loads(
        CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only", "--json"]).stdout
    )
    assert data[0]["held"] == held and f"| heuristic | random | {held} of 4 | " in row
    if retry is None:
        assert row.startswith("| grizzly-race (1 match failed: not scored) | 2 | heuristic | random | 4 of 4 | 0.")
        assert not row.endswith("| not finished |")
        assert data[0]["result"]["matches"] == 3  # judged, over the 3 matches scored
    else:
        # To be played again, so neither held nor said to have failed.
        assert row.startswith("| grizzly-race | 2 | heuristic | random | 3 of 4 | - |")
        assert row.endswith("| not finished |") and data[0]["result"] is None

    again = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert ("all 4 matches played" in again.stderr) == (retry is None), again.output
    assert (results.read_text() == edited) == (retry is None)  # played again only what the tournament would play
    _, records = read_results(results)
    assert records[2].status == ("failed" if retry is None else "ok")
    assert "| 4 of 4 | " in again.stdout and "not finished" not in again.stdout


def test_a_judged_run_whose_returns_do_not_add_up_to_1_says_what_an_equal_player_scores_under_the_table(tmp_path):
    # From an outside tester: `tournament --strength` printed the note and the plan's table dropped it, so its
    # "fair share 0.333 ... no" read as a verdict against 1/3 where an equal player scores less.
    plan = tmp_path / "plan.toml"
    plan.write_text('[[run]]\ngame = "slasher"\nseats = 3\na = "random"\nb = "random"\nmatches = 6\nseed = 1\n')
    out = tmp_path / "runs"
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert played.exit_code == 0, played.output
    report = json.loads((out / "slasher-3-random-vs-random-seed1" / "report.json").read_text())
    off, equal = report["returns_not_summing_to_1"], report["equal_share"]
    assert off > 0  # nobody survived some of these matches (all_dead=nobody, the default)
    lines = played.stdout.splitlines()
    at, note = next((i, line) for i, line in enumerate(lines) if line.startswith("slasher, random against random: "))
    assert lines[at - 1] == "" and lines[at - 2].startswith("| slasher | 3 | random | random | 6 of 6 | ")
    assert f"the returns of {off} of 6 matches do not add up to 1" in note and f"that is {equal:.3f}" in note


# ---- pinned by a hand mutation sweep: each test below failed against a small change to ai/strength_plan.py ----------


def test_the_smallest_and_largest_numbers_a_run_may_have_are_read(tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text(
        '[[run]]\ngame = "camp-grizzly"\nseats = 1\na = "heuristic"\nb = "random"\nmatches = 1\nseed = 0\n'
        '[[run]]\ngame = "camp-grizzly"\nseats = 1\na = "heuristic"\nb = "random"\nmatches = 1\n'
        "seed = 18446744073709551615\n"
    )
    registered, runs = read_plan(plan)
    assert registered == "not said"
    assert [(run.seats, run.matches, run.seed) for run in runs] == [(1, 1, 0), (1, 1, 18446744073709551615)]


def test_the_tournament_of_a_run_is_given_its_size_seed_jobs_options_and_resume(tmp_path):
    run = Run("slasher", 3, "mcts", "heuristic", 400, 7, ("all_dead=share", "stall_turns=50"))
    args = ["slasher", "-p", "mcts,heuristic", "-k", "3", "-n", "400", "--seed", "7", "--strength", "--out"]
    options = ["-o", "all_dead=share", "-o", "stall_turns=50"]
    assert run.tournament_args(tmp_path, 3) == [*args, str(tmp_path), "--jobs", "3", *options]
    (tmp_path / "results.jsonl").write_text("{}\n")  # a results file with its header: the run resumes
    assert run.tournament_args(tmp_path, 1) == [*args, str(tmp_path), "--jobs", "1", "--resume", *options]


def test_the_table_opens_with_when_and_from_which_plan_it_was_written_and_lists_unstarted_runs(tmp_path):
    _, runs = read_plan(PLAN)
    lines = table(runs, tmp_path / "none", "2026-12-02 16:45 UTC", REGISTRY)
    assert re.fullmatch(
        r"_Written \d{4}-\d\d-\d\d \d\d:\d\d UTC by `campfire strength` from ai/strength\.toml \(registered "
        r"2026-12-02 16:45 UTC, a run added later says when\); a run is judged only once all its matches are played\._",
        lines[0],
    )
    two = Run("slasher", 2, "heuristic", "random", 4, 3, ("all_dead=share", "stall_turns=50"))
    assert table([two], tmp_path / "none", "now", REGISTRY, tmp_path / "plan.toml")[2:] == [
        "| game | players | A | B (every other seat) | matches | A's score | Wilson 95% | fair share "
        "| lower end above it |",
        "|---|---|---|---|---|---|---|---|---|",
        "| slasher `-o all_dead=share -o stall_turns=50` | 2 | heuristic | random | 0 of 4 | - | - | - | not started |",
    ]


def test_the_json_of_a_run_not_started_is_the_run_as_registered_and_no_result(tmp_path):
    from ai.strength_plan import runs_data

    run = Run("slasher", 2, "mcts", "random", 400, 7, ("all_dead=share",), "2026-12-03 06:00 UTC")
    assert runs_data([run], tmp_path, REGISTRY) == [
        {
            "folder": "slasher-2-mcts-vs-random-seed7-o-all_dead=share",
            "game": "slasher",
            "options": ["all_dead=share"],
            "seats": 2,
            "a": "mcts",
            "b": "random",
            "seed": 7,
            "registered": "2026-12-03 06:00 UTC",
            "matches": 400,
            "held": 0,
            "beyond": 0,
            "game_version": None,
            "installed_version": str(REGISTRY.game("slasher").version),
            "result": None,
        }
    ]


def test_a_name_in_only_is_named_once_and_a_plan_of_one_game_says_it_is_its_only_game(tmp_path):
    plan = _race_plan(tmp_path, matches=2)
    out = tmp_path / "runs"
    refused = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--only", "nope,nope"])
    assert refused.exit_code == 1
    assert refused.stderr == f"Error: --only: nope is not a game of {plan}, whose only game is grizzly-race\n"
    assert not out.exists()


def test_a_pinned_file_that_is_not_utf8_is_one_line_naming_it(tmp_path):
    plan = _race_plan(tmp_path, matches=2)
    folder = tmp_path / "runs" / "grizzly-race-2-heuristic-vs-random-seed3"
    folder.mkdir(parents=True)
    (folder / "results.jsonl").write_text("{}\n")
    (folder / "pinned.json").write_bytes(b"\xff")
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "--table-only"])
    assert shown.exit_code == 1
    assert shown.stderr == (
        f"Error: {folder / 'pinned.json'} is not the JSON `campfire strength` writes ('utf-8' codec can't decode byte "
        "0xff in position 0: invalid start byte)\n"
    )


def test_readme_gets_the_table_that_was_printed(tmp_path):
    plan = _race_plan(tmp_path, matches=2)
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- strength:plan -->\nold\n<!-- /strength:plan -->\nafter\n")
    shown = CliRunner().invoke(
        cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "--table-only", "--readme", str(readme)]
    )
    assert shown.exit_code == 0, shown.output
    assert readme.read_text() == f"intro\n<!-- strength:plan -->\n{shown.stdout}<!-- /strength:plan -->\nafter\n"
    assert "| grizzly-race | 2 | heuristic | random | 0 of 2 | - | - | - | not started |" in shown.stdout


def test_a_run_whose_tournament_fails_is_named_after_the_table_is_printed(tmp_path):
    plan = _race_plan(tmp_path, matches=2)
    folder = tmp_path / "runs" / "grizzly-race-2-heuristic-vs-random-seed3"
    (folder / "results.jsonl").mkdir(parents=True)  # the tournament cannot write its results there
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(tmp_path / "runs"), "-j", "1"])
    assert played.exit_code == 1
    assert played.stderr.endswith(f"Error: the tournament of {folder.name} failed (its error is above)\n")
    assert "| grizzly-race | 2 | heuristic | random | 0 of 2 | - | - | - | not started |" in played.stdout


def test_a_cooperative_run_ends_with_its_paired_line_after_a_blank_and_an_unfinished_one_counts_its_seats(tmp_path):
    plan = tmp_path / "plan.toml"
    plan.write_text('[[run]]\ngame = "camp-grizzly"\nseats = 2\na = "heuristic"\nb = "random"\nmatches = 2\nseed = 3\n')
    out = tmp_path / "runs"
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "-j", "1"])
    assert played.exit_code == 0, played.output
    lines = played.stdout.splitlines()
    assert lines[-3].startswith("| camp-grizzly | 2 | random | Otis | 1 | ")
    assert lines[-2] == "" and lines[-1].startswith("paired, over 1 deal both teams played: ")
    plan.write_text(plan.read_text().replace("matches = 2", "matches = 4"))
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    assert shown.stdout.splitlines()[-1] == (
        "camp-grizzly, 2 seats: the heuristic team and the random team against Otis, paired by deal; not finished: "
        "2 of 4 nights played (judged once all are played)"
    )


def test_a_run_of_an_older_game_version_is_compared_only_by_the_options_it_sets(tmp_path, monkeypatch):
    """The options a run leaves to the game were that version's defaults, which may differ from the installed ones;
    at the installed version the same difference is another run's matches."""
    plan = _race_plan(tmp_path, matches=2)
    out = tmp_path / "runs"
    played = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--jobs", "1"])
    assert played.exit_code == 0, played.output
    results = out / "grizzly-race-2-heuristic-vs-random-seed3" / "results.jsonl"
    head, *rest = results.read_text().splitlines(keepends=True)
    header = json.loads(head)
    header["options"]["stall_rounds"] += 1  # as if the older version's default had been another
    results.write_text(json.dumps(header) + "\n" + "".join(rest))
    refused = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    assert refused.exit_code == 1 and "holds the matches of another run (option stall_rounds was " in refused.stderr
    installed = str(REGISTRY.game("grizzly-race").version)
    monkeypatch.setattr(type(REGISTRY.game("grizzly-race")), "version", "99")
    shown = CliRunner().invoke(cli, ["strength", "--plan", str(plan), "--out", str(out), "--table-only"])
    assert shown.exit_code == 0, shown.output
    assert f"| grizzly-race (version {installed}; 99 is installed) | 2 | heuristic | random | 2 of 2 | " in shown.stdout
