"""Rules of `replay show/view/verify/analyze` and `campfire position` that a mutation sweep found no test holding."""

from __future__ import annotations

import asyncio
import json
import statistics
from pathlib import Path

import attrs
import pytest

from corekit import play_match
from corekit.plugins import default_registry
from replays import commands
from replays.analysis import Analysis, _Shape
from replays.format import encode_replay, read_replay
from replays.simulate import Simulator
from tests.replays.conftest import campfire, errors, forfeited_at, forge, rewritten

SEAT_ZERO_COMMITTED = "seat 0 has committed a card, face down until every seat has committed"
"""What seat 1 of the grizzly-race match of seed 5 (random, random) is told of seat 0's face-down play."""


def _table_rows(text: str) -> list[list[str]]:
    """The cells of every line of rich tables, stripped."""
    return [[cell.strip() for cell in line.strip("│ ").split("│")] for line in text.splitlines()]


def _with_stats(path: Path, step: int, rows: list[list]) -> Path:
    """`path` rewritten with `rows` ([code, visits, value]) as the search statistics of `step` only."""
    path.write_bytes(forge(path.read_bytes(), lambda body: body.__setitem__("stats", [[step, rows]])))
    return path


def _partial(path: Path, steps: int, name: str) -> Path:
    """A partial replay (a person left) of the first `steps` steps of the match at `path`, beside it."""
    replay = read_replay(path)
    replay.result = attrs.evolve(replay.result, unfinished="seat 1 left", returns=(0.0,) * len(replay.header.seats))
    partial = path.with_name(name)
    partial.write_bytes(encode_replay(rewritten(replay, Simulator(replay).moves()[:steps])))
    return partial


# ---- replay show --json ------------------------------------------------------------------------------------------


# commands.py `show_data`: `if last >= first` (a seat's view at step 1 lists that one step, not none).
def test_a_seats_json_view_at_step_one_lists_that_one_step(record):
    out = campfire("replay", "show", str(record(seed=5)), "--step", "1", "--as", "1", "--json")
    assert out.exit_code == 0, out.output
    actions = json.loads(out.stdout)["actions"]
    assert actions == [{"step": 1, "seat": 0, "text": "seat 0 moves", "events": [SEAT_ZERO_COMMITTED]}]


# commands.py `show_data`: `"events": list(listed.events)` (another seat's move is told through its events).
def test_a_seats_json_view_tells_another_seats_move_through_what_the_seat_observed(record):
    path = record(seed=5)
    data = json.loads(campfire("replay", "show", str(path), "--step", "4", "--as", "1", "--json").stdout)
    assert data["actions"][0]["events"] == data["actions"][2]["events"] == [SEAT_ZERO_COMMITTED]
    text = campfire("replay", "show", str(path), "--step", "4", "--as", "1").stdout
    for action in data["actions"]:  # the same commentary, line for line, as the text lists under each step
        assert all(f"\n        {event}\n" in text for event in action["events"])
    assert data["actions"][1]["events"] == [
        "Round 1: seat 0 played a 4 and beat its own top guard, a 2",
        "Round 1: seat 1 played a 1 and beat its own top guard, a 1",
    ]


# ---- replay verify / view ----------------------------------------------------------------------------------------


# commands.py `replay_verify`: `_seat(simulator, result.forfeit)` (the seat by the game's name for it).
def test_verify_names_a_forfeiting_counselor_by_name_and_seat(tmp_path):
    path = tmp_path / "cg.cfr"
    play_match(default_registry().game("camp-grizzly"), ["random", "random"], 2, settings={"replay": path})
    forfeited_at(path, 3)  # by the seat to act there
    seat = read_replay(path).result.forfeit
    name = Simulator(read_replay(path)).names[seat]
    assert name != f"seat {seat}"
    out = campfire("replay", "verify", str(path))
    assert out.exit_code == 0, out.output
    assert out.stdout == f"{path}: OK (camp-grizzly, 3 steps, 2 seats; forfeited by {name} (seat {seat}))\n"


# commands.py `replay_view`: `simulator.state_at(step)` before the terminal check (the step is the user's error).
def test_view_refuses_a_step_outside_the_replay_before_asking_for_a_terminal(record):
    path = record(seed=5)
    out = campfire("replay", "view", str(path), "--step", "13")
    assert out.exit_code == 1
    assert errors(out) == [f"{path}: step 13 is outside the replay (0-12)"]


# commands.py `has_terminal`: `and` (the full-screen app needs keys in and a screen out).
@pytest.mark.parametrize(("stdin", "stdout"), [(True, False), (False, True), (False, False)])
def test_the_viewer_needs_a_terminal_at_both_ends(monkeypatch, stdin, stdout):
    class Stream:
        def __init__(self, tty: bool) -> None:
            self.isatty = lambda: tty

    monkeypatch.setattr(commands.sys, "stdin", Stream(stdin))
    monkeypatch.setattr(commands.sys, "stdout", Stream(stdout))
    assert commands.has_terminal() is False
    monkeypatch.setattr(commands.sys, "stdin", Stream(True))
    monkeypatch.setattr(commands.sys, "stdout", Stream(True))
    assert commands.has_terminal() is True


# viewer.py `_actions_text`: `folded(result, width + 1)` (the result takes the actions panel's whole width).
def test_the_viewers_result_folds_to_the_whole_width_of_the_actions_panel(record, monkeypatch):
    from textual.widgets import Static

    from replays import viewer
    from replays.viewer import ReplayViewer

    app = ReplayViewer(Simulator(read_replay(record(seed=5))), step=12)
    widths = []

    def result_line(_simulator):  # exactly as wide as the panel: one line when folded to its width
        return "Result: " + "x" * max(0, app.query_one("#actions", Static).content_size.width - 8)

    monkeypatch.setattr(viewer, "result_line", result_line)

    async def drive() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            widths.append(app.query_one("#actions", Static).content_size.width)

    asyncio.run(drive())
    assert widths[0] > 21
    assert app.texts["actions"].splitlines()[-1] == "Result: " + "x" * (widths[0] - 8)


# ---- campfire position -------------------------------------------------------------------------------------------


# position.py: `simulator.verify()` (a file that fails a digest anywhere gives no position, even an early one).
def test_position_refuses_a_replay_whose_later_digest_fails(record, tmp_path):
    bad = tmp_path / "late.cfr"
    bad.write_bytes(
        forge(record(seed=5).read_bytes(), lambda body: body["result"].__setitem__("final_digest", bytes(8)))
    )
    out = campfire("position", "--replay", str(bad), "--step", "2")
    assert out.exit_code == 1 and out.stdout == ""
    assert errors(out) == [
        f"{bad}: diverges at step 12: the final state differs from the recorded one (the first difference is in "
        "steps 1-12)"
    ]


# position.py: `0 <= seat` (a negative seat is refused, not read as the last seat by a list index).
def test_position_refuses_a_negative_seat(record):
    path = record(seed=5)
    out = campfire("position", "--replay", str(path), "--step", "4", "--seat", "-1")
    assert out.exit_code == 1 and out.stdout == ""
    assert errors(out) == [f"{path}: --seat -1 is not a seat of this match (0-1)"]


# ---- replay analyze: the figures ---------------------------------------------------------------------------------


# analysis.py `report`: `statistics.stdev(lengths) if len(lengths) > 1` (two matches have a spread).
def test_the_length_of_two_matches_has_their_sample_standard_deviation(record):
    paths = [record(seed=1), record(seed=3)]
    lengths = [read_replay(path).steps for path in paths]
    assert lengths[0] != lengths[1]
    out = campfire("replay", "analyze", "--json", *map(str, paths))
    length = json.loads(out.stdout)["games"]["grizzly-race"]["length"]
    assert length["stdev"] == pytest.approx(statistics.stdev(lengths))


# analysis.py `report`: `team_wins / matches` (a partial replay is no match the team won or lost).
def test_a_partial_replay_does_not_lower_the_team_win_rate(tmp_path):
    game = default_registry().game("camp-grizzly")
    path = tmp_path / "won.cfr"
    result = play_match(game, ["heuristic", "heuristic"], 4, settings={"replay": path})
    assert result.returns == (1.0, 0.0)  # the team won: a counselor survived
    partial = _partial(path, 2, "left.cfr")
    data = json.loads(campfire("replay", "analyze", "--json", str(path), str(partial)).stdout)["games"]["camp-grizzly"]
    assert (data["matches"], data["unfinished"], data["team_win_rate"]) == (1, 1, 1.0)


# analysis.py `_turning_points`: `row[1] > 0` (rows nobody visited are no estimate, even when no row was visited).
def test_statistics_whose_rows_were_never_visited_make_no_turning_point(record):
    path = record(seed=5)
    simulator = Simulator(read_replay(path))
    seat, chosen = simulator.action(1)
    other = next(a for a in simulator.state_at(0).legal_actions(seat) if a != chosen)
    encode = simulator.game.encode_action
    _with_stats(path, 1, [[encode(chosen), 0, 0.25], [encode(other), 0, 0.75]])
    out = campfire("replay", "analyze", "--json", str(path))
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["turning_points"] == []


# analysis.py `_turning_points`: `"best": _code_text(game, best[0], ...)`, `"chosen": texts[step - 1]`,
# `"seat_name": names[seat]` (each field of the decision where the value was lost, at a step past the first).
def test_a_turning_point_names_the_seat_that_chose_its_choice_and_the_best_it_passed_over(tmp_path):
    path = tmp_path / "cg.cfr"
    play_match(default_registry().game("camp-grizzly"), ["random", "random"], 2, settings={"replay": path})
    simulator = Simulator(read_replay(path))
    game = simulator.game
    step = next(  # seat 1's, with a choice, taken otherwise than step 1's
        s
        for s in range(2, simulator.replay.steps + 1)
        if simulator.action(s)[0] == 1
        and len(simulator.state_at(s - 1).legal_actions(1)) > 1
        and game.action_text(simulator.action(s)[1]) != game.action_text(simulator.action(1)[1])
    )
    seat, chosen = simulator.action(step)
    other = next(a for a in simulator.state_at(step - 1).legal_actions(seat) if a != chosen)
    _with_stats(path, step, [[game.encode_action(chosen), 10, 0.25], [game.encode_action(other), 10, 0.75]])
    (point,) = json.loads(campfire("replay", "analyze", "--json", str(path)).stdout)["turning_points"]
    assert simulator.names[1] != "seat 1" and simulator.names[0] != simulator.names[1]
    assert (point["step"], point["seat"], point["seat_name"], point["spec"]) == (step, 1, simulator.names[1], "random")
    assert (point["chosen"], point["best"]) == (game.action_text(chosen), game.action_text(other))
    assert point["chosen"] != point["best"]


# analysis.py `add`: `self.turning_points = self._worst()` when thousands pile up (the worst are kept, not the first).
def test_the_turning_points_kept_of_many_replays_are_the_worst_of_all_of_them(tmp_path, search_registry):
    path = tmp_path / "all.cfr"
    specs = ["fakesearch"] * 4
    play_match(search_registry.game("grizzly-race"), specs, 11, registry=search_registry, settings={"replay": path})
    replay = read_replay(path)
    few, every = Analysis(search_registry, top=3), Analysis(search_registry, top=10_000)
    for copy in range(12):  # the same match under twelve names: some hundred turning points in all
        for analysis in (few, every):
            analysis.add(f"m{copy:02d}.cfr", replay)
    everything = every.report()["turning_points"]
    assert len(everything) > 2 * 3 + 100  # enough to be cut down on the way
    assert few.report()["turning_points"] == everything[:3]


# analysis.py `_Shape`: `json.dumps(header.options, sort_keys=True)` (the options' order in a header is no shape).
def test_replays_whose_headers_list_the_same_options_in_another_order_are_one_game(tmp_path):
    path = tmp_path / "a.cfr"
    play_match(default_registry().game("slasher"), ["random"] * 3, 2, settings={"replay": path})
    options = read_replay(path).header.options
    assert len(options) > 1
    turned = tmp_path / "b.cfr"
    reordered = dict(reversed(options.items()))
    turned.write_bytes(forge(path.read_bytes(), lambda body: body["header"].__setitem__("options", reordered)))
    assert list(read_replay(turned).header.options) == list(reversed(options))
    out = campfire("replay", "analyze", "--json", str(path), str(turned))
    assert out.exit_code == 0, out.output
    games = json.loads(out.stdout)["games"]
    assert list(games) == ["slasher"] and games["slasher"]["matches"] == 2


# analysis.py `_Shape.label`: `if options else ")"` (a shape without options names none).
def test_a_shape_without_options_is_labelled_without_an_options_part():
    assert _Shape("g", 2, "3", "{}").label() == "g (2 players; version 3)"
    assert _Shape("g", 2, "3", '{"a": 1, "b": "x"}').label() == "g (2 players; version 3; a=1; b=x)"


# ---- replay analyze: the tables ----------------------------------------------------------------------------------


# analysis.py `print_tables`: the summary's `min-max` and the win rates to one decimal place.
def test_the_tables_give_the_shortest_and_longest_match_and_win_rates_to_one_decimal(record, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    paths = [record(seed=seed) for seed in (1, 3, 7)]
    lengths = [read_replay(path).steps for path in paths]
    report = json.loads(campfire("replay", "analyze", "--json", *map(str, paths)).stdout)["games"]["grizzly-race"]
    rows = _table_rows(campfire("replay", "analyze", *map(str, paths)).stdout)
    assert f"{min(lengths)}-{max(lengths)}" in next(row for row in rows if row[0] == "grizzly-race")
    assert min(lengths) != max(lengths)
    for entry in report["win_rate_by_seat"]:
        row = ["seat", entry["name"], "3", "3", f"{entry['win_rate']:.1%}"]
        assert row in rows
    assert any(round(entry["win_rate"], 2) != round(entry["win_rate"], 3) for entry in report["win_rate_by_seat"])


# analysis.py `print_tables`: `row["matches"] / ended` (an ending's share is of the replays that ended by the rules).
def test_an_endings_share_leaves_out_the_forfeited_replays(record):
    finished, forfeit = record(seed=1), record(seed=2)
    forfeited_at(forfeit, 5)
    ending = Simulator(read_replay(finished)).verify().ending()
    out = campfire("replay", "analyze", str(finished), str(forfeit))
    assert out.exit_code == 0, out.output
    line = next(line for line in out.stdout.splitlines() if "endings by the rules" in line)
    assert f"{ending} 1 (100.0%)" in line


# analysis.py `print_tables`: `if not data["matches"]: continue` (a game of partial replays has no rates to show).
def test_a_game_of_partial_replays_only_prints_its_summary_row_and_no_win_rates(record):
    partial = _partial(record(seed=5), 3, "left.cfr")
    out = campfire("replay", "analyze", str(partial))
    assert out.exit_code == 0, out.output
    assert ["grizzly-race", "0", "0", "1", "-", "-", "-"] in _table_rows(out.stdout)
    assert "win rate" not in out.stdout and "most frequent actions" not in out.stdout


# analysis.py `print_tables`: the turning points' `chosen (value)` column gives the chosen action's value.
def test_the_turning_points_table_gives_the_chosen_and_the_best_value(record, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    path = record(seed=5)
    simulator = Simulator(read_replay(path))
    seat, chosen = simulator.action(1)
    other = next(a for a in simulator.state_at(0).legal_actions(seat) if a != chosen)
    game = simulator.game
    _with_stats(path, 1, [[game.encode_action(chosen), 10, 0.25], [game.encode_action(other), 10, 0.75]])
    rows = _table_rows(campfire("replay", "analyze", str(path)).stdout)
    chosen_text, best_text = game.action_text(chosen), game.action_text(other)
    expected = [str(path), "1", f"seat {seat} random", f"{chosen_text} (0.250)", f"{best_text} (0.750)", "0.500"]
    assert expected in rows


# commands.py `replay_analyze`: `--top` is `IntRange(1)` (listing none of each is a usage error).
def test_analyze_refuses_a_top_of_zero(record):
    out = campfire("replay", "analyze", "--top", "0", str(record(seed=5)))
    assert out.exit_code == 2
    assert "Invalid value for '--top': 0 is not in the range x>=1." in out.stderr


# commands.py `_expand`: `not _is_folder(p)` (a folder named like a replay is searched, not read as one).
def test_a_folder_named_like_a_replay_inside_a_folder_is_searched_not_read(record, tmp_path):
    root = tmp_path / "run"
    (root / "old.cfr").mkdir(parents=True)
    record(seed=5).rename(root / "old.cfr" / "m.cfr")
    out = campfire("replay", "analyze", "--json", str(root))
    assert out.exit_code == 0, out.output
    assert errors(out) == [] and json.loads(out.stdout)["files"] == 1


# analysis.py `Analysis.add`: `ending()` called as the display code is; an ending that is no name refused.
def test_analyze_names_the_games_bug_when_its_ending_is_no_name_or_raises(record, monkeypatch):
    path = record(seed=5)
    state_class = type(Simulator(read_replay(path)).state_at(0))
    monkeypatch.setattr(state_class, "ending", lambda self: None)
    out = campfire("replay", "analyze", str(path))
    assert out.exit_code == 1 and "Traceback" not in out.output
    assert errors(out) == [
        f"{path}: game 'grizzly-race' at the end (after step 12): ending() is None, not one of the game's "
        "endings ('hero freed', 'deadlocked', 'stalled')"
    ]

    def fails(self):
        raise KeyError(5)

    monkeypatch.setattr(state_class, "ending", fails)
    out = campfire("replay", "analyze", str(path), "--json")
    assert out.exit_code == 1 and "Traceback" not in out.output
    assert errors(out)[0].startswith(f"{path}: game 'grizzly-race' raised KeyError: 5 in ending (at ")


# analysis.py `Analysis.add`: a name the game no longer declares is counted (an ending of another rules version).
def test_analyze_counts_an_ending_the_game_no_longer_declares(record, monkeypatch):
    path = record(seed=5)
    monkeypatch.setattr(type(Simulator(read_replay(path)).state_at(0)), "ending", lambda self: "hibernated")
    out = campfire("replay", "analyze", str(path), "--json")
    assert out.exit_code == 0, out.output
    game = json.loads(out.stdout)["games"]["grizzly-race"]
    assert {row["ending"]: row["matches"] for row in game["endings"]}["hibernated"] == 1
