"""`campfire position [GAME] --replay FILE --step N [--seat S]`: the position after a step, read back exactly."""

from __future__ import annotations

import json

import pytest

from corekit import play_match
from corekit.plugins import UnknownName, default_registry
from corekit.position import loads
from replays.format import read_replay
from replays.simulate import Simulator
from tests.replays.conftest import campfire, errors


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("position") / "race.cfr"
    registry = default_registry()
    play_match(registry.game("grizzly-race"), ["random", "random", "random"], 5, settings={"replay": path})
    return path


@pytest.mark.parametrize("step", [0, 4, 9])
def test_the_position_after_a_step_reads_back_as_that_state(replay_file, step):
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "--step", str(step))
    assert out.exit_code == 0, out.output
    simulator = Simulator(read_replay(replay_file))
    truth = simulator.state_at(step)
    loaded = loads(simulator.game, out.stdout)
    assert loaded.digest() == truth.digest()
    assert all(loaded.observation(seat) == truth.observation(seat) for seat in range(3))


def test_a_seats_position_shows_only_what_that_seat_saw(replay_file):
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "--step", "4", "--seat", "2")
    assert out.exit_code == 0, out.output
    document = json.loads(out.stdout)
    hands = document["fields"]["hands"]
    assert document["seat"] == 2 and document["rng"] is None
    assert isinstance(hands[2], list) and all(set(hands[s]) == {"unseen", "face_up"} for s in (0, 1))
    truth = Simulator(read_replay(replay_file)).state_at(4)
    loaded = loads(truth.game, out.stdout, seed=9)
    assert loaded.observation(2) == truth.observation(2)


def test_the_default_step_is_the_end_and_out_writes_a_file(replay_file, tmp_path):
    target = tmp_path / "end.json"
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "--out", str(target))
    assert out.exit_code == 0 and out.stdout == "", out.output
    simulator = Simulator(read_replay(replay_file))
    assert loads(simulator.game, target.read_text()).digest() == simulator.verify().digest()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("slasher",), "this is a replay of 'grizzly-race', not of 'slasher'"),
        (("grizzly-race", "--step", "999"), "step 999 is outside the replay"),
        (("grizzly-race", "--seat", "3"), "--seat 3 is not a seat of this match (0-2)"),
    ],
)
def test_a_wrong_request_is_one_line_and_exit_1(replay_file, args, message):
    out = campfire("position", *args[:1], "--replay", str(replay_file), *args[1:])
    assert out.exit_code == 1
    lines = errors(out)
    assert len(lines) == 1 and message in lines[0], lines


def test_a_game_that_is_not_installed_is_unknown_as_tournament_says_not_another_games_replay(replay_file):
    out = campfire("position", "nosuch", "--replay", str(replay_file))
    with pytest.raises(UnknownName) as unknown:
        default_registry().game("nosuch")
    assert (out.exit_code, errors(out), out.stdout) == (1, [f"Error: {unknown.value}"], "")
    assert errors(out) == errors(campfire("tournament", "nosuch", "-p", "random,random"))


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("missing/p.json", "No such file or directory"),
        (".", "Is a directory"),
        ("race.cfr/p.json", "Not a directory"),
    ],
    ids=["in-a-missing-folder", "a-folder", "under-a-file"],
)
def test_an_out_that_cannot_be_written_names_the_out_path_and_why_not_the_replay(replay_file, where, reason):
    target = replay_file.parent / where
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "--out", str(target))
    assert out.exit_code == 1
    assert errors(out) == [f"Error: --out {target}: cannot write there ({reason})"]


def test_an_out_naming_the_replay_itself_is_refused_and_the_replay_kept(replay_file):
    before = replay_file.read_bytes()
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "--out", str(replay_file))
    assert out.exit_code == 1
    assert errors(out) == [f"Error: --out {replay_file} is the replay it reads; name another file for the position"]
    assert replay_file.read_bytes() == before


def test_an_out_that_is_a_link_loop_is_one_line_not_a_crash(replay_file, tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "--out", str(tmp_path / "a"))
    assert out.exit_code == 1
    assert len(errors(out)) == 1 and errors(out)[0].startswith(f"Error: --out {tmp_path / 'a'}: cannot write there")


def test_dash_o_is_not_a_short_out_here_as_everywhere_else_it_is_a_game_option(replay_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = campfire("position", "grizzly-race", "--replay", str(replay_file), "-o", "stall_rounds=5")
    assert out.exit_code == 2 and "No such option '-o'" in out.stderr
    assert list(tmp_path.iterdir()) == []  # no file named "stall_rounds=5"


def test_the_game_may_be_left_out_as_the_replay_names_it(replay_file):
    # From an outside tester: GAME had to be typed though the replay names it (and a mismatch was refused).
    assert (
        campfire("position", "--replay", str(replay_file), "--step", "4").stdout
        == campfire("position", "grizzly-race", "--replay", str(replay_file), "--step", "4").stdout
    )
