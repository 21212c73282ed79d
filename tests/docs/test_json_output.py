"""docs/json-output.md lists every key of the seven commands' `--json` output: each command is run on small inputs
(the variants the page describes: a replay played out, forfeited, left unfinished, damaged; a searching and a
non-searching player, a forced move), and the keys of every object it prints must be the ones the page's table
lists at that level, no more and no fewer, each level the table lists being seen at least once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from corekit.cli import cli
from corekit.plugins import default_registry
from corekit.position import dumps
from corekit.runner import play_match
from replays.format import read_replay
from replays.simulate import Simulator
from tests.docs.pages import ROOT

PAGE = ROOT / "docs" / "json-output.md"

SECTIONS = {
    "games": "campfire games",
    "players": "campfire players",
    "verify": "campfire replay verify",
    "show": "campfire replay show",
    "analyze": "campfire replay analyze",
    "suggest": "campfire suggest",
    "compare": "campfire compare",
}
"""Each command's section of the page: the heading that starts with "## `" and this."""


def documented(command: str) -> dict[str, set[str]]:
    """Each object level of the command's tables ("" the top level, "options[]" each entry of `options`, `games.GAME`
    each value of `games`) and the keys the tables give it."""
    sections = re.split(r"^## ", PAGE.read_text(), flags=re.M)
    (section,) = [s for s in sections if s.startswith(f"`{SECTIONS[command]} ")]
    levels: dict[str, set[str]] = {}
    for path in re.findall(r"^\| `([^`]+)` \|", section, flags=re.M):
        while path:  # `a.B.c[].d` gives `a.B.c[]` its key d, `a.B` c, `a` B and the top level a
            parent, _, key = path.rpartition(".")
            levels.setdefault(parent, set()).add(key)
            path = parent.removesuffix("[]")
    assert levels, f"no table of fields under {SECTIONS[command]}"
    return levels


def placeholder(key: str) -> bool:
    """A key in capitals stands for keys that vary (`games.GAME`)."""
    return key.isupper()


def walk(value: Any, path: str, levels: dict[str, set[str]], seen: set[str], wrong: list[str]) -> None:
    """Compare the keys of every object in `value` (at `path`) with the page's; an object whose level the page gives
    no keys of is a value (an `options` of name -> value), not looked into."""
    if isinstance(value, list):
        for item in value:
            walk(item, f"{path}[]", levels, seen, wrong)
        return
    if not isinstance(value, dict) or path not in levels:
        return
    seen.add(path)
    keys = levels[path]
    varying = [key for key in keys if placeholder(key)]
    if varying:
        assert keys == set(varying[:1]), f"{path}: a level of varying keys has no other key"
        pairs = [(varying[0], item) for item in value.values()]
    else:
        if set(value) != keys:
            extra, missing = sorted(set(value) - keys), sorted(keys - set(value))
            wrong.append(f"{path or '(top level)'}: not on the page {extra}, on the page but not printed {missing}")
        pairs = list(value.items())
    for key, item in pairs:
        walk(item, f"{path}.{key}" if path else key, levels, seen, wrong)


def check(command: str, outputs: list[Any]) -> None:
    """The keys of every output of `command` are the page's, and each level the page lists was printed."""
    levels = documented(command)
    seen: set[str] = set()
    wrong: list[str] = []
    for output in outputs:
        for top in output if isinstance(output, list) else [output]:  # a list of entries: each at the top level
            walk(top, "", levels, seen, wrong)
    assert not wrong, f"docs/json-output.md, {SECTIONS[command]}:\n" + "\n".join(dict.fromkeys(wrong))
    assert seen == set(levels), f"levels on the page never printed: {sorted(set(levels) - seen)}"


def run(*args: str, status: int = 0, stdin: str | None = None) -> Any:
    """`campfire ARGS`, which must exit with `status`; its stdout, parsed."""
    result: Result = CliRunner().invoke(cli, list(args), input=stdin)
    assert result.exit_code == status, (args, result.output)
    return json.loads(result.stdout)


def played(*args: str, stdin: str | None = None, status: int = 0) -> None:
    result = CliRunner().invoke(cli, ["play", *args, "-q"], input=stdin)
    assert result.exit_code == status, (args, result.output)


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Small replays, one of each kind: played out, by a searching player, cooperative with a named counselor,
    forfeited, unfinished (a person left), damaged."""
    folder = tmp_path_factory.mktemp("json-output")
    files = {name: folder / f"{name}.cfr" for name in ("race", "search", "camp", "forfeit", "left")}
    played("grizzly-race", "-p", "random,random", "--seed", "1", "--replay", str(files["race"]))
    played("grizzly-race", "-p", "mcts:iterations=20,random", "--seed", "1", "--replay", str(files["search"]))
    played("camp-grizzly", "-p", "random", "-o", "counselors=Sherry", "--seed", "1", "--replay", str(files["camp"]))
    game = default_registry().game("grizzly-race")  # no decision is made in a nanosecond: seat 0 forfeits at once
    play_match(game, ["random", "random"], 2, time_limit=1e-9, settings={"replay": files["forfeit"]})
    played("grizzly-race", "-p", "random,human", "--replay", str(files["left"]), stdin="quit\n", status=1)
    damaged = tmp_path_factory.mktemp("json-output-damaged") / "damaged.cfr"  # not in the folder analyzed
    damaged.write_bytes(files["race"].read_bytes()[:100])
    return files | {"damaged": damaged}


def test_games():
    check("games", [run("games", "--json")])


def test_players_with_and_without_a_game():
    check("players", [run("players", "--json"), run("players", "--game", "camp-grizzly", "--json")])


def test_replay_verify_of_sound_damaged_and_missing_files(replays):
    files = [str(path) for path in replays.values()]
    entries = run("replay", "verify", *files, str(replays["race"].with_name("missing.cfr")), "--json", status=1)
    assert [entry["ok"] for entry in entries] == [True] * 5 + [False] * 2
    assert entries[3]["forfeit"] == 0 and entries[4]["unfinished"] == "seat 1 left"
    check("verify", [entries])


def test_replay_show_in_full_and_as_a_seat_played_out_forfeited_and_unfinished(replays):
    outputs = [
        run("replay", "show", str(replays["race"]), "--json"),
        run("replay", "show", str(replays["camp"]), "--step", "3", "--as", "0", "--json"),
        run("replay", "show", str(replays["forfeit"]), "--json"),
        run("replay", "show", str(replays["left"]), "--json"),
    ]
    assert outputs[1]["seats"][0]["name"] == "Sherry" and outputs[1]["seed"] is None
    assert outputs[2]["result"]["forfeit"] == 0 and outputs[3]["result"]["unfinished"] == "seat 1 left"
    check("show", outputs)


def test_replay_analyze_of_a_folder_and_of_a_damaged_file(replays):
    report = run("replay", "analyze", str(replays["race"].parent), "--json", "--top", "3")
    assert report["files"] == 5 and report["turning_points"], "the mcts replay should give a turning point"
    assert report["games"]["camp-grizzly"]["team_win_rate"] is not None
    only_partial = run("replay", "analyze", str(replays["left"]), "--json")
    assert only_partial["games"]["grizzly-race"]["length"] is None
    damaged = run("replay", "analyze", str(replays["damaged"]), "--json", status=1)
    assert damaged == {"files": 0, "games": {}, "turning_points": []}
    check("analyze", [report, only_partial, damaged])


def test_suggest_by_a_searching_and_a_non_searching_player_and_at_a_forced_move(tmp_path, replays):
    position = tmp_path / "race.json"
    position.write_text(dumps(default_registry().game("grizzly-race").initial_state(2, 7), seat=1))
    searched = run("suggest", str(position), "-p", "mcts:iterations=20", "--json")
    plain = run("suggest", str(position), "-p", "heuristic", "--json")
    assert searched["stats"] and plain["stats"] is None
    simulator = Simulator(read_replay(replays["camp"]))
    states = (simulator.state_at(step) for step in range(simulator.replay.steps))
    state = next(s for s in states if s.to_act and len(s.legal_actions(s.to_act[0])) == 1)
    forced = tmp_path / "forced.json"
    forced.write_text(dumps(state, seat=state.to_act[0]))
    only = run("suggest", str(forced), "-p", "mcts:iterations=20", "--json")
    assert only["forced"] and only["stats"] is None
    check("suggest", [searched, plain, only])


def test_compare_of_two_tournaments_on_the_same_deals(tmp_path):
    common = ["tournament", "grizzly-race", "-p", "heuristic,random", "--seed", "2", "-n", "6", "-j", "1"]
    for name, extra in (("a", []), ("b", ["-o", "stall_rounds=1"])):
        assert CliRunner().invoke(cli, [*common, "--out", str(tmp_path / name), *extra]).exit_code == 0
    report = run("compare", str(tmp_path / "a"), str(tmp_path / "b"), "--json")
    assert report["matches"] == 6 and report["endings"] and report["team"] is None
    camp = ["tournament", "camp-grizzly", "-p", "heuristic", "-k", "1", "--seed", "2", "-n", "2", "-j", "1"]
    for name, extra in (("camp-a", []), ("camp-b", ["-o", "night=2"])):
        assert CliRunner().invoke(cli, [*camp, "--out", str(tmp_path / name), *extra]).exit_code == 0
    team = run("compare", str(tmp_path / "camp-a"), str(tmp_path / "camp-b"), "--json")
    assert team["team"] is not None
    check("compare", [report, team])
