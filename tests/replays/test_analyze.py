"""`replay analyze`: matches per game, win rates, lengths, action frequencies and turning points."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path

import attrs
import pytest

from corekit import play_match
from corekit.plugins import default_registry
from corekit.words import milliseconds
from replays.analysis import Analysis
from replays.format import encode_replay, read_replay
from replays.simulate import Simulator
from tests.replays.conftest import campfire, errors, forge


@pytest.fixture(scope="module")
def folder(tmp_path_factory, search_registry):
    """Six grizzly-race replays (fakesearch vs random, seats rotated) in a folder tree, with their results."""
    root = tmp_path_factory.mktemp("analyze")
    (root / "sub").mkdir()
    game = search_registry.game("grizzly-race")
    results = []
    for seed in range(6):
        specs = ["fakesearch", "random"] if seed % 2 == 0 else ["random", "fakesearch"]
        path = (root / "sub" if seed >= 3 else root) / f"m{seed}.cfr"
        result = play_match(game, specs, seed, registry=search_registry, settings={"replay": path})
        results.append((specs, result, path))
    (root / "notes.txt").write_text("not a replay, and not named .cfr")
    return root, results


def test_json_reports_matches_win_rates_and_lengths(folder):
    root, results = folder
    out = campfire("replay", "analyze", str(root), "--json")
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["files"] == 6
    race = report["games"]["grizzly-race"]
    assert race["matches"] == 6
    lengths = [r.steps for _, r, _ in results]
    assert race["length"] == {
        "mean": statistics.fmean(lengths),
        "stdev": statistics.stdev(lengths),
        "min": min(lengths),
        "max": max(lengths),
    }
    by_seat = {row["seat"]: row["win_rate"] for row in race["win_rate_by_seat"]}
    assert by_seat[0] == pytest.approx(statistics.fmean(r.returns[0] for _, r, _ in results))
    by_spec = {row["spec"]: row for row in race["win_rate_by_spec"]}
    search_returns = [r.returns[specs.index("fakesearch")] for specs, r, _ in results]
    assert by_spec["fakesearch"]["win_rate"] == pytest.approx(statistics.fmean(search_returns))
    assert by_spec["fakesearch"]["seats_played"] == 6
    assert by_spec["random"]["win_rate"] + by_spec["fakesearch"]["win_rate"] == pytest.approx(1.0)


def test_the_endings_by_the_rules_are_those_the_matches_ended_with_in_the_games_order(folder):
    root, results = folder
    report = json.loads(campfire("replay", "analyze", str(root), "--json").stdout)
    ended = Counter(result.ending for _, result, _ in results)
    names = ("hero freed", "deadlocked", "stalled")
    assert report["games"]["grizzly-race"]["endings"] == [{"ending": name, "matches": ended[name]} for name in names]
    assert sum(ended.values()) == 6 and None not in ended
    told = ", ".join(f"{name} {ended[name]} ({ended[name] / 6:.1%})" for name in names)
    assert f"grizzly-race: endings by the rules: {told}" in campfire("replay", "analyze", str(root)).output


def test_action_frequencies_count_every_action_each_player_took(folder):
    root, results = folder
    report = json.loads(campfire("replay", "analyze", str(root), "--json", "--top", "20").stdout)
    actions = report["games"]["grizzly-race"]["actions_by_spec"]
    expected = Counter()
    for specs, _result, path in results:
        for seat, code in Simulator(read_replay(path)).moves():
            expected[(specs[seat], "SUPERCARD" if code == 6 else f"play {code}")] += 1
    for spec in ("fakesearch", "random"):
        counted = {row["action"]: row["count"] for row in actions[spec]["actions"]}
        assert counted == {a: n for (s, a), n in expected.items() if s == spec}
        assert actions[spec]["taken"] == sum(counted.values())


def test_turning_points_are_the_largest_value_losses(folder):
    root, results = folder
    report = json.loads(campfire("replay", "analyze", str(root), "--json", "--top", "5").stdout)
    points = report["turning_points"]
    assert len(points) == 5
    losses = []
    for _specs, _result, path in results:
        replay = read_replay(path)
        simulator = Simulator(replay)
        for step, rows in replay.stats.items():
            total = sum(visits for _code, visits, _value in rows)
            values = {code: value for code, visits, value in rows if visits >= 0.05 * total}
            chosen = values.get(simulator.action_code(step))
            if chosen is not None and max(values.values()) > chosen:
                losses.append(max(values.values()) - chosen)
    assert [p["loss"] for p in points] == pytest.approx(sorted(losses, reverse=True)[:5])
    assert all(p["loss"] > 0 for p in points)
    top = points[0]
    assert top["spec"] == "fakesearch" and top["best_value"] - top["chosen_value"] == pytest.approx(top["loss"])


def test_the_table_for_people_names_each_section(folder):
    root, _ = folder
    out = campfire("replay", "analyze", str(root))
    assert out.exit_code == 0
    for title in ("6 replays", "grizzly-race: win rate", "most frequent actions by player", "Turning points"):
        assert title in out.stdout


def test_a_bad_file_is_reported_and_left_out_of_the_statistics(folder, tmp_path):
    root, _ = folder
    bad = tmp_path / "bad.cfr"
    bad.write_bytes(b"\x00" * 40)
    out = campfire("replay", "analyze", str(root), str(bad), "--json")
    assert out.exit_code == 1
    assert errors(out) == [f"{bad}: not a campfire replay (no format marker)"]
    assert json.loads(out.stdout)["files"] == 6


def test_unannotated_replays_have_no_turning_points(record):
    path = record(seed=3)
    report = json.loads(campfire("replay", "analyze", str(path), "--json").stdout)
    assert report["turning_points"] == []
    assert report["games"]["grizzly-race"]["length"]["stdev"] is None  # one match has no spread
    assert report["games"]["grizzly-race"]["team_win_rate"] is None  # not a cooperative game
    table = campfire("replay", "analyze", str(path)).stdout
    row = next(line for line in table.splitlines() if "grizzly-race" in line)
    cells = [cell.strip() for cell in row.strip("│┃ ").split("│")]
    assert cells[0] == "grizzly-race" and cells[5] == "-", row  # length stdev: none, not 0.0


def test_a_tournament_folder_of_dot_replay_files_is_analyzed(tmp_path):
    from corekit import default_registry

    registry = default_registry()
    game = registry.game("grizzly-race")
    for index in range(3):
        play_match(
            game,
            ["random", "random"],
            index,
            registry=registry,
            settings={"replay": tmp_path / f"match-{index:06d}.replay"},
        )
    (tmp_path / ".match-000003.replay.123.abcd.tmp").write_bytes(b"left by a killed worker")
    report = json.loads(campfire("replay", "analyze", str(tmp_path), "--json").stdout)
    assert report["files"] == 3


@pytest.mark.parametrize("unfinished", [False, True])
def test_a_replay_that_fails_part_way_adds_no_game_to_the_analysis(record, tmp_path, unfinished):
    """Its action stream cut short and its checksum made again, so the file reads and fails only when its actions are
    read back (`--no-verify`): its game, which no other file plays, must not be listed with 0 matches."""
    valid = record("grizzly-race", seed=3)
    damaged = tmp_path / "damaged.cfr"

    def cut(body: dict) -> None:
        body["choices"] = body["choices"][:1]
        if unfinished:  # a partial replay's actions are read back too, and it is counted apart
            body["result"].update(unfinished="the run was interrupted", returns=[0] * len(body["result"]["returns"]))

    damaged.write_bytes(forge(record("slasher", seed=3).read_bytes(), cut))
    for extra in (["--json"], []):
        alone = campfire("replay", "analyze", str(valid), "--no-verify", *extra)
        both = campfire("replay", "analyze", str(valid), str(damaged), "--no-verify", *extra)
        assert alone.exit_code == 0 and both.exit_code == 1, both.output
        assert len(errors(both)) == 1 and errors(both)[0].startswith(f"{damaged}: "), both.stderr
        assert both.stdout == alone.stdout  # the same files, games and tables


def test_a_folder_without_replays_fails_in_one_line_like_a_missing_file(tmp_path):
    (tmp_path / "notes.txt").write_text("not a replay")
    out = campfire("replay", "analyze", str(tmp_path))
    assert out.exit_code == 1
    assert errors(out) == [f"{tmp_path}: no *.cfr or *.replay files in this folder"]


@pytest.mark.parametrize("what", ["empty-folder", "missing-file"])
def test_when_no_file_could_be_analyzed_its_error_is_the_one_line_printed(tmp_path, what):
    path = tmp_path / "nope.cfr" if what == "missing-file" else tmp_path
    message = "no such file" if what == "missing-file" else "no *.cfr or *.replay files in this folder"
    out = campfire("replay", "analyze", str(path))
    assert (out.exit_code, errors(out), out.stdout) == (1, [f"{path}: {message}"], "")


def test_the_summary_title_counts_one_replay_in_the_singular(folder):
    _, results = folder
    out = campfire("replay", "analyze", str(results[0][2]))
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines()[0].strip() == "1 replay"


def test_an_empty_path_is_refused_not_read_as_the_current_folder(folder, monkeypatch):
    root, results = folder
    monkeypatch.chdir(root)  # "" would otherwise be this folder and its six replays
    out = campfire("replay", "analyze", "", str(results[0][2]), "--json")
    assert out.exit_code == 1
    assert errors(out) == ["the replay path is empty"]
    assert json.loads(out.stdout)["files"] == 1


@pytest.mark.parametrize("columns", [80, 100])
def test_the_tables_follow_the_terminal_width_and_a_file_keeps_every_path_whole(folder, monkeypatch, columns):
    root, _ = folder
    monkeypatch.setenv("COLUMNS", str(columns))
    out = campfire("replay", "analyze", str(root))
    assert out.exit_code == 0, out.output
    text = out.stdout
    actions = text[text.index("most frequent actions") : text.index("Turning points")].splitlines()
    assert max(len(line) for line in actions) == columns  # the actions listed wrap at spaces to fill the width
    # Printed for a file or a pipe, nothing is cut and the turning points' paths stay whole, to be searched for (a
    # terminal folds them).
    assert "…" not in text
    listed = [line.split("│")[1].strip() for line in text[text.index("Turning points") :].splitlines() if "cfr" in line]
    assert listed and all(Path(path).is_file() for path in listed)


def test_an_action_text_that_raises_is_named_as_the_games_error_not_the_files(record, monkeypatch):
    path = record()

    def broken(self, action):
        raise KeyError(action)

    monkeypatch.setattr(type(default_registry().game("grizzly-race")), "action_text", broken)
    out = campfire("replay", "analyze", str(path))
    assert out.exit_code == 1
    [line] = errors(out)
    first = Simulator(read_replay(path)).action(1)[1]
    assert line.startswith(f"{path}: step 1: game 'grizzly-race' raised KeyError: {first} in action_text (at ")
    assert "test_analyze.py:" in line and line.endswith(" in broken)")  # where the game's code raised


def test_json_output_is_never_nan(folder, monkeypatch):
    """Belt and braces (the reader refuses non-finite numbers): strict JSON parsers reject NaN."""
    root, _ = folder
    monkeypatch.setattr(Analysis, "report", lambda self: {"files": 1, "win_rate": float("nan")})
    out = campfire("replay", "analyze", str(root), "--json")
    assert out.exit_code == 1 and out.stdout == ""
    assert errors(out) == [
        "Error: cannot print the analysis as JSON: Out of range float values are not JSON compliant: nan"
    ]


def test_a_file_named_twice_or_also_inside_a_folder_named_counts_once(folder):
    root, results = folder
    in_sub = str(results[4][2])
    out = campfire("replay", "analyze", str(root), in_sub, str(root / "sub"), str(results[0][2]), "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["files"] == 6


def test_per_seat_and_per_player_entries_have_the_same_fields(folder):
    root, _ = folder
    race = json.loads(campfire("replay", "analyze", str(root), "--json").stdout)["games"]["grizzly-race"]
    fields = {"seat", "spec", "name", "matches", "seats_played", "win_rate"}
    assert all(set(row) == fields for row in race["win_rate_by_seat"] + race["win_rate_by_spec"])
    by_spec = {row["spec"]: row for row in race["win_rate_by_spec"]}
    assert (by_spec["random"]["matches"], by_spec["random"]["seats_played"]) == (6, 6)
    assert [row["seat"] for row in race["win_rate_by_seat"]] == [0, 1]


def test_a_seat_is_shown_by_its_games_name_for_it_and_other_counselors_are_counted_apart(tmp_path):
    # camp-grizzly names seats by their counselors, which the options choose: the replays of each choice are one
    # entry, whose seats are named by it (where they were once pooled and shown as "seat N").
    game = default_registry().game("camp-grizzly")
    for name, counselors in (("a", "Kevin+Sherry"), ("b", "Tracy+Marcus"), ("c", "Kevin+Sherry")):
        options = game.make_options({"counselors": counselors})
        play_match(game, ["random", "random"], 3, options, settings={"replay": tmp_path / f"{name}.cfr"})
    games = json.loads(campfire("replay", "analyze", str(tmp_path), "--json").stdout)["games"]
    named = {
        entry["options"]["counselors"]: [row["name"] for row in entry["win_rate_by_seat"]] for entry in games.values()
    }
    assert named == {"Kevin+Sherry": ["Kevin", "Sherry"], "Tracy+Marcus": ["Tracy", "Marcus"]}
    assert sorted(entry["matches"] for entry in games.values()) == [1, 2]


def test_replays_of_one_game_at_other_seat_counts_or_options_are_counted_apart(tmp_path):
    # An outside tester got one row of 2- and 4-seat grizzly-race replays: seat 0's rate a blend of about 1/2 and 1/4,
    # and seats 2 and 3 over the 4-seat replays alone.
    game = default_registry().game("grizzly-race")
    for name, players, options in (("a", 2, {}), ("b", 2, {}), ("c", 4, {}), ("d", 2, {"stall_rounds": 1})):
        play_match(
            game, ["random"] * players, 7, game.make_options(options), settings={"replay": tmp_path / f"{name}.cfr"}
        )
    games = json.loads(campfire("replay", "analyze", str(tmp_path), "--json").stdout)["games"]
    assert {key: (entry["players"], entry["options"], entry["matches"]) for key, entry in games.items()} == {
        f"grizzly-race (2 players; version {game.version}; stall_rounds=100)": (2, {"stall_rounds": 100}, 2),
        f"grizzly-race (2 players; version {game.version}; stall_rounds=1)": (2, {"stall_rounds": 1}, 1),
        f"grizzly-race (4 players; version {game.version}; stall_rounds=100)": (4, {"stall_rounds": 100}, 1),
    }
    assert [len(entry["win_rate_by_seat"]) for entry in games.values()] == [2, 2, 4]
    for name in ("c.cfr", "d.cfr"):
        (tmp_path / name).unlink()
    alone = json.loads(campfire("replay", "analyze", str(tmp_path), "--json").stdout)["games"]
    assert list(alone) == ["grizzly-race"] and alone["grizzly-race"]["game_version"] == game.version  # one shape


def test_a_turning_points_player_is_shown_whole_on_a_narrow_terminal(tmp_path, monkeypatch):
    spec = "mcts:iterations=40,rollout=random,c=0.71"
    game = default_registry().game("grizzly-race")
    for seed in range(4):
        play_match(game, [spec, "random"], seed, settings={"replay": tmp_path / f"m{seed}.cfr"})
    assert json.loads(campfire("replay", "analyze", str(tmp_path), "--json").stdout)["turning_points"]
    monkeypatch.setenv("COLUMNS", "70")
    table = campfire("replay", "analyze", str(tmp_path), "--top", "3").stdout.split("Turning points", 1)[1]
    rows = [line.split("│") for line in table.splitlines() if line.count("│") == 7]
    player = "".join(cells[3].strip() for cells in rows)  # each point folded over several lines
    assert "…" not in player and spec in player, table


def test_search_statistics_no_search_could_have_made_are_left_out_of_the_turning_points(folder, tmp_path):
    # Annotations are outside the digests: verifying refuses a row naming an action nobody could play, but with
    # --no-verify an edited file is analyzed with any rows in it.
    import attrs

    from replays.format import encode_replay

    _root, results = folder
    path = next(path for specs, _result, path in results if specs[0] == "fakesearch")
    replay, simulator = read_replay(path), Simulator(read_replay(path))
    step = next(iter(replay.stats))
    chosen = simulator.action_code(step)
    other = next(code for code, _visits, _value in replay.stats[step] if code != chosen)
    # Nobody plays a 999 in grizzly-race, and no return is above 1: the chosen move is the only one left.
    forged = [(chosen, 10**6, 0.5), (999, 10**6, 0.99), (other, 10**6, 5.0)]
    edited = tmp_path / "edited.cfr"
    edited.write_bytes(encode_replay(attrs.evolve(replay, stats={**replay.stats, step: forged})))
    assert "the search statistics of step" in campfire("replay", "verify", str(edited)).stderr
    points = json.loads(campfire("replay", "analyze", str(edited), "--json", "--no-verify").stdout)["turning_points"]
    assert [point for point in points if point["step"] == step] == []


def test_a_name_the_system_cannot_look_up_is_that_files_problem_and_the_others_are_analyzed(folder):
    root, _ = folder
    too_long = "/tmp/" + "a" * 300 + ".cfr"  # ENAMETOOLONG, which Path.is_dir raises rather than answers
    out = campfire("replay", "analyze", str(root), too_long, "--json")
    assert out.exit_code == 1
    assert len(errors(out)) == 1 and errors(out)[0].startswith(f"{too_long}: cannot read")
    assert json.loads(out.stdout)["files"] == 6


def test_turning_points_take_one_pass_over_the_match_however_many_steps_are_annotated(folder, monkeypatch):
    _root, results = folder
    path = max((path for _specs, _result, path in results), key=lambda p: read_replay(p).steps)
    replay = read_replay(path)
    assert len(replay.stats) >= 8  # fakesearch annotates each of its decisions
    advanced = []
    original = Simulator._advance
    monkeypatch.setattr(
        Simulator,
        "_advance",
        lambda self, state, step, start: [advanced.append(step), original(self, state, step, start)],
    )
    analysis = Analysis(default_registry())
    analysis.add(str(path), replay, Simulator(replay, default_registry(), checking=False))
    # Reading the moves is one pass; the turning points another, up to the last annotated step.
    assert len(advanced) <= replay.steps + max(replay.stats)
    states = Simulator(replay, default_registry(), checking=False)
    for step, before in states.before(replay.stats):
        assert before.digest() == Simulator(replay, default_registry(), checking=False).state_at(step - 1).digest()


def test_a_player_that_never_acted_is_listed_with_no_actions_and_no_decision_time(tmp_path):
    from corekit import Player

    class Quits(Player):  # forfeits at its first decision, as a player out of time does
        needs_sample = False

        def decide(self, view):
            raise RuntimeError("gone")

    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "forfeit.cfr"
    random = registry.player_type("random").make(None, 1, game, None)
    play_match(game, ["quits", "random"], 3, players=[Quits(), random], registry=registry, settings={"replay": path})
    report = json.loads(campfire("replay", "analyze", str(path), "--json").stdout)
    assert report["games"]["grizzly-race"]["actions_by_spec"]["quits"] == {
        "taken": 0,
        "mean_decision_time": None,
        "max_decision_time": None,
        "actions": [],
    }


def test_a_turning_points_loss_has_no_more_digits_than_its_values(folder):
    root, _ = folder
    for point in json.loads(campfire("replay", "analyze", str(root), "--json").stdout)["turning_points"]:
        assert point["loss"] == round(point["best_value"] - point["chosen_value"], 4)


def test_a_cooperative_games_team_win_rate_counts_a_match_won_with_a_seat_at_zero(tmp_path):
    # An outside tester: a tournament ranks camp-grizzly by the team's wins, analyze showed per-seat returns only.
    game = default_registry().game("camp-grizzly")
    for name, players, seed in (("a", "heuristic", 1), ("b", "heuristic", 4), ("c", "random", 3)):
        result = play_match(game, [players, players], seed, settings={"replay": tmp_path / f"{name}.cfr"})
        assert result.returns == {"a": (0.0, 1.0), "b": (1.0, 0.0), "c": (0.0, 0.0)}[name]
    out = campfire("replay", "analyze", str(tmp_path), "--json")
    data = json.loads(out.stdout)["games"]["camp-grizzly"]
    assert data["team_win_rate"] == pytest.approx(2 / 3)
    assert [row["win_rate"] for row in data["win_rate_by_seat"]] == pytest.approx([1 / 3, 1 / 3])
    table = campfire("replay", "analyze", str(tmp_path)).stdout
    rows = [[cell.strip() for cell in line.strip("│ ").split("│")] for line in table.splitlines()]
    assert ["team", "every seat", "3", "-", "66.7%"] in rows


def test_forfeits_count_the_forfeited_matches_and_the_forfeiting_seat_scores_zero(record):
    from tests.replays.conftest import forfeited_at

    finished, forfeit, also_finished = record(seed=1), record(seed=2), record(seed=3)
    forfeited_at(forfeit, 5)
    seat = read_replay(forfeit).result.forfeit
    out = campfire("replay", "analyze", "--json", str(finished), str(forfeit), str(also_finished))
    assert out.exit_code == 0, out.output
    race = json.loads(out.stdout)["games"]["grizzly-race"]
    assert (race["matches"], race["forfeits"], race["unfinished"]) == (3, 1, 0)
    returns = [read_replay(path).result.returns for path in (finished, also_finished)]
    by_seat = {row["seat"]: row["win_rate"] for row in race["win_rate_by_seat"]}
    assert by_seat[seat] == pytest.approx((returns[0][seat] + returns[1][seat] + 0) / 3)
    assert by_seat[1 - seat] == pytest.approx((returns[0][1 - seat] + returns[1][1 - seat] + 1) / 3)


def test_a_player_in_every_seat_counts_each_match_once_and_each_seat_it_held(record):
    paths = [record(seed=seed) for seed in (1, 2, 3)]  # random against random: one player, both seats
    out = campfire("replay", "analyze", "--json", *map(str, paths))
    assert out.exit_code == 0, out.output
    (row,) = json.loads(out.stdout)["games"]["grizzly-race"]["win_rate_by_spec"]
    assert (row["spec"], row["matches"], row["seats_played"]) == ("random", 3, 6)
    assert row["win_rate"] == pytest.approx(0.5)  # each match gives its two seats 1 between them


def test_an_action_given_exactly_the_minimum_share_of_visits_counts_for_a_turning_point(record):
    from replays.analysis import MIN_VISIT_SHARE

    path = record(seed=5)
    simulator = Simulator(read_replay(path))
    seat, chosen = simulator.action(1)
    other = next(a for a in simulator.state_at(0).legal_actions(seat) if a != chosen)
    game = simulator.game
    assert MIN_VISIT_SHARE == 0.05  # 1 visit of 20
    rows = [[game.encode_action(chosen), 19, 0.25], [game.encode_action(other), 1, 0.75]]
    path.write_bytes(forge(path.read_bytes(), lambda body: body.__setitem__("stats", [[1, rows]])))
    out = campfire("replay", "analyze", "--json", str(path))
    assert out.exit_code == 0, out.output
    points = json.loads(out.stdout)["turning_points"]
    assert [(p["step"], p["seat"], p["chosen_value"], p["best_value"], p["loss"]) for p in points] == [
        (1, seat, 0.25, 0.75, 0.5)
    ]


def _first_step_valued(path, chosen_value: float, other_value: float):
    """`path` with search statistics at its first step: the action chosen and one other, 10 visits each, valued as
    given."""
    simulator = Simulator(read_replay(path))
    seat, chosen = simulator.action(1)
    other = next(a for a in simulator.state_at(0).legal_actions(seat) if a != chosen)
    game = simulator.game
    rows = [[game.encode_action(chosen), 10, chosen_value], [game.encode_action(other), 10, other_value]]
    path.write_bytes(forge(path.read_bytes(), lambda body: body.__setitem__("stats", [[1, rows]])))
    return path


@pytest.mark.parametrize("values", [(0.75, 0.25), (0.5, 0.5)], ids=["chosen-best", "tie"])
def test_a_decision_whose_chosen_value_is_the_best_or_ties_it_is_no_turning_point(record, values):
    path = _first_step_valued(record(seed=5), *values)
    out = campfire("replay", "analyze", "--json", str(path))
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["turning_points"] == []


@pytest.mark.parametrize("values", [(0.25, 1.5), (-0.5, 0.5)], ids=["best-above-1", "chosen-below-0"])
def test_a_statistics_value_no_mean_return_can_take_makes_no_turning_point(record, values):
    path = _first_step_valued(record(seed=5), *values)
    for verify in ("--verify", "--no-verify"):
        out = campfire("replay", "analyze", "--json", verify, str(path))
        assert out.exit_code == 0, out.output
        assert json.loads(out.stdout)["turning_points"] == [], verify


def test_top_lists_that_many_of_each_players_most_frequent_actions_and_its_share(folder):
    root, results = folder
    expected: dict[str, Counter] = {"fakesearch": Counter(), "random": Counter()}
    for specs, _result, path in results:
        for seat, code in Simulator(read_replay(path)).moves():
            expected[specs[seat]]["SUPERCARD" if code == 6 else f"play {code}"] += 1
    out = campfire("replay", "analyze", str(root), "--json", "--top", "3")
    assert out.exit_code == 0, out.output
    actions = json.loads(out.stdout)["games"]["grizzly-race"]["actions_by_spec"]
    for spec, counts in expected.items():
        assert len(counts) > 3
        taken = sum(counts.values())
        top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:3]
        assert actions[spec]["taken"] == taken
        assert actions[spec]["actions"] == [
            {"action": text, "count": count, "share": pytest.approx(count / taken)} for text, count in top
        ]


def test_a_forfeited_replay_has_no_ending_and_replays_all_forfeited_print_no_endings_line(record):
    from tests.replays.conftest import forfeited_at

    finished, forfeit = record(seed=1), record(seed=2)
    forfeited_at(forfeit, 5)
    both = json.loads(campfire("replay", "analyze", "--json", str(finished), str(forfeit)).stdout)
    ending = Simulator(read_replay(finished)).state_at(read_replay(finished).steps).ending()
    rows = both["games"]["grizzly-race"]["endings"]
    assert [row["ending"] for row in rows] == ["hero freed", "deadlocked", "stalled"]  # no row of None
    assert {row["ending"]: row["matches"] for row in rows if row["matches"]} == {ending: 1}
    alone = campfire("replay", "analyze", str(forfeit))
    assert alone.exit_code == 0, alone.output
    assert "endings by the rules" not in alone.output


def test_a_game_that_declares_no_endings_analyzes_to_none(record, monkeypatch):
    path = record(seed=1)
    registry = default_registry()
    monkeypatch.setattr(type(registry.game("grizzly-race")), "endings", ())
    analysis = Analysis(registry)
    analysis.add(str(path), read_replay(path))
    assert analysis.report()["games"]["grizzly-race"]["endings"] is None


def _branching(paths: list[Path]) -> list[int]:
    """The legal actions of the seat each step was chosen by, counted by playing each replay's moves again on a
    fresh state of its game: what `legal_actions` in the report summarises."""
    registry = default_registry()
    counts = []
    for path in paths:
        replay = read_replay(path)
        game = registry.game(replay.header.game)
        state = game.initial_state(len(replay.header.seats), replay.header.seed)
        for seat, action in Simulator(replay).moves():
            counts.append(len(state.legal_actions(state.to_act[0])))
            state.apply(seat, action)
    return counts


def test_the_branching_factor_is_the_mean_least_and_most_legal_actions_a_decision(folder):
    root, results = folder
    counts = _branching([path for _, _, path in results])
    report = json.loads(campfire("replay", "analyze", str(root), "--json").stdout)
    legal = report["games"]["grizzly-race"]["legal_actions"]
    assert legal == {"mean": pytest.approx(statistics.fmean(counts)), "min": min(counts), "max": max(counts)}
    assert legal["min"] < legal["max"]  # a race's options shrink and grow: the range is not one number
    out = campfire("replay", "analyze", str(root))
    assert (
        f"grizzly-race: legal actions a decision (the branching factor): mean {statistics.fmean(counts):.1f}, "
        f"least {min(counts)}, most {max(counts)}"
    ) in out.output


def test_steps_kept_as_codes_are_left_out_of_the_branching_factor_and_none_known_is_null(record, tmp_path):
    from tests.replays.conftest import v1_golden_as_installed

    old = tmp_path / "format1.cfr"  # format 1 keeps every step as the game's code
    old.write_bytes(v1_golden_as_installed())
    report = json.loads(campfire("replay", "analyze", str(old), "--json").stdout)
    assert report["games"]["grizzly-race"]["matches"] == 1
    assert report["games"]["grizzly-race"]["legal_actions"] is None
    assert "branching factor" not in campfire("replay", "analyze", str(old)).output
    path = record(specs="random,random,random", seed=3)  # the golden's shape: three seats, the default options
    both = json.loads(campfire("replay", "analyze", str(old), str(path), "--json").stdout)["games"]["grizzly-race"]
    assert both["matches"] == 2  # pooled with the format-1 replay, whose steps are not counted
    counts = _branching([path])
    expected = {"mean": pytest.approx(statistics.fmean(counts)), "min": min(counts), "max": max(counts)}
    assert both["legal_actions"] == expected


def test_a_partial_replay_adds_nothing_to_the_branching_factor_and_a_forfeit_its_steps(record, tmp_path):
    from tests.replays.conftest import forfeited_at, rewritten

    finished, forfeit = record(seed=1), record(seed=4)
    forfeited_at(forfeit, 5)
    replay = read_replay(record(seed=2))
    partial = rewritten(replay, Simulator(replay).moves()[:5])  # a match stopped after 5 steps, as a Ctrl-C leaves it
    partial.result = attrs.evolve(partial.result, unfinished="stopped", returns=(0.0,) * len(replay.header.seats))
    (tmp_path / "partial.cfr").write_bytes(encode_replay(partial))
    paths = [str(finished), str(forfeit), str(tmp_path / "partial.cfr")]
    out = campfire("replay", "analyze", "--json", *paths)
    assert out.exit_code == 0, out.output
    race = json.loads(out.stdout)["games"]["grizzly-race"]
    assert (race["matches"], race["forfeits"], race["unfinished"]) == (2, 1, 1)
    assert race["legal_actions"]["mean"] == pytest.approx(statistics.fmean(_branching([finished, forfeit])))


def test_each_players_mean_and_longest_decision_are_over_the_actions_it_took(folder):
    root, results = folder
    spent: dict[str, list[int]] = {}
    for specs, _result, path in results:
        replay = read_replay(path)
        assert replay.times is not None and len(replay.times) == replay.steps
        for (seat, _action), micros in zip(Simulator(replay).moves(), replay.times, strict=True):
            spent.setdefault(specs[seat], []).append(micros)
    by_spec = json.loads(campfire("replay", "analyze", str(root), "--json").stdout)["games"]["grizzly-race"][
        "actions_by_spec"
    ]
    for spec, micros in spent.items():
        assert by_spec[spec]["mean_decision_time"] == pytest.approx(statistics.fmean(micros) / 1e6)
        assert by_spec[spec]["max_decision_time"] == pytest.approx(max(micros) / 1e6)
        assert by_spec[spec]["taken"] == len(micros)
    out = campfire("replay", "analyze", str(root)).output
    assert "ms/decision" in out
    from corekit.words import milliseconds

    random_row = next(line for line in out.splitlines() if line.startswith("│ random "))
    assert random_row.split("│")[3].strip() == milliseconds(statistics.fmean(spent["random"]) / 1e6)


def test_replays_without_their_decisions_times_give_no_decision_time(record, tmp_path):
    path = record(seed=1)
    bare = attrs.evolve(read_replay(path), times=None)  # a replay stripped of its annotations
    (tmp_path / "bare.cfr").write_bytes(encode_replay(bare))
    report = json.loads(campfire("replay", "analyze", "--json", str(tmp_path / "bare.cfr")).stdout)
    for entry in report["games"]["grizzly-race"]["actions_by_spec"].values():
        assert entry["taken"] > 0
        assert entry["mean_decision_time"] is None and entry["max_decision_time"] is None
    both = json.loads(campfire("replay", "analyze", "--json", str(tmp_path / "bare.cfr"), str(path)).stdout)
    entry = both["games"]["grizzly-race"]["actions_by_spec"]["random"]  # both seats: every step's decision
    assert entry["taken"] == 2 * read_replay(path).steps  # the bare replay's actions count, its times do not
    assert entry["mean_decision_time"] == pytest.approx(statistics.fmean(read_replay(path).times) / 1e6)


def test_a_replay_of_one_decision_gives_it_as_the_mean_least_and_most(record):
    from tests.replays.conftest import forfeited_at

    short = record(seed=2)
    forfeited_at(short, 1)  # one step, then the seat to act forfeits
    (offered,) = _branching([short])
    replay = read_replay(short)
    analysis = Analysis(default_registry())
    analysis.add(str(short), replay)
    race = analysis.report()["games"]["grizzly-race"]
    assert race["legal_actions"] == {"mean": offered, "min": offered, "max": offered}
    timed = race["actions_by_spec"][replay.header.seats[0]]
    assert timed["mean_decision_time"] == timed["max_decision_time"] == replay.times[0] / 1e6


def test_the_most_legal_actions_is_the_most_of_every_replay_not_of_the_last(record):
    paths = [record("scavengers", "random,random,random", seed=seed) for seed in (1, 2, 3)]
    paths.sort(key=lambda path: -max(_branching([path])))  # the largest first
    assert max(_branching(paths[:1])) > max(_branching(paths[-1:]))
    analysis = Analysis(default_registry())
    for path in paths:
        analysis.add(str(path), read_replay(path))
    counts = _branching(paths)
    assert analysis.report()["games"]["scavengers"]["legal_actions"] == {
        "mean": pytest.approx(statistics.fmean(counts)),
        "min": min(counts),
        "max": max(counts),
    }


def test_legal_counts_read_the_whole_replay_on_a_fresh_simulator(record):
    replay = read_replay(record(seed=3))
    assert Simulator(replay).legal_counts() == _branching([record(seed=3)])


def test_the_ms_column_shows_the_mean_decision_not_the_longest(record, tmp_path):
    replay = read_replay(record(seed=1))
    timed = attrs.evolve(replay, times=[1000 * (1 + step % 3) for step in range(replay.steps)])  # 1, 2, 3 ms
    (tmp_path / "timed.cfr").write_bytes(encode_replay(timed))
    out = campfire("replay", "analyze", str(tmp_path / "timed.cfr")).output
    row = next(line for line in out.splitlines() if line.startswith("│ random "))
    assert row.split("│")[3].strip() == milliseconds(statistics.fmean(timed.times) / 1e6) != milliseconds(0.003)


def test_a_figure_stays_beside_its_label_at_every_terminal_width(record, monkeypatch, capsys):
    path = record("scavengers", "random,random,random", seed=1)
    counts = _branching([path])
    analysis = Analysis(default_registry())
    analysis.add(str(path), read_replay(path))
    figures = (f"mean {statistics.fmean(counts):.1f}", f"least {min(counts)}", f"most {max(counts)}")
    for columns in range(40, 121):
        monkeypatch.setenv("COLUMNS", str(columns))
        analysis.print_tables()
        lines = capsys.readouterr().out.splitlines()
        at = next(n for n, line in enumerate(lines) if "legal actions a decision" in line)
        told = lines[at : at + 4]
        for figure in figures:  # on one line: never "least" at a line's end and its number on the next
            assert any(figure in line for line in told), (columns, told)
