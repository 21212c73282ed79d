"""The recorder: `play --replay` writes a replay that verifies; a match a person quit or Ctrl-C stopped is kept
as a partial replay marked unfinished; other interruptions leave no file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from corekit import Player, PlayerType, QuitMatch, Registry, Rng, hookimpl, play_match
from corekit.plugins import default_registry
from replays.choices import width
from replays.format import ReplayError, read_replay
from replays.simulate import Simulator
from tests.raise_site import raised_in
from tests.replays.conftest import campfire, errors


def test_play_with_replay_then_verify_succeeds(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    played = campfire("play", "grizzly-race", "--players", "random,random", "--seed", "5", "--replay", "r.cfr")
    assert played.exit_code == 0, played.output
    verified = campfire("replay", "verify", "r.cfr")
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.strip() == "r.cfr: OK (grizzly-race, 12 steps, 2 seats)"


def test_the_header_holds_what_the_match_was(record):
    replay = read_replay(record(specs="random,random,random", seed=9, stall_rounds=7))
    header = replay.header
    assert (header.game, header.game_version, header.seed) == ("grizzly-race", "4", 9)
    assert header.options == {"stall_rounds": 7}
    assert header.seats == ("random", "random", "random")
    assert header.campfire == "0.1.0"
    assert len(replay.times) == replay.steps and replay.checks is None


@pytest.mark.parametrize("game_id", ["grizzly-race", "slasher", "scavengers", "camp-grizzly"])
def test_every_step_is_a_choice_in_as_few_bits_as_its_legal_actions_need(tmp_path, game_id):
    """Format 2: each action is its index among the legal actions of the seat to act, in
    (count - 1).bit_length() bits, and re-simulating reads back exactly the actions played."""
    registry = default_registry()
    game = registry.game(game_id)
    played, bits = [], []

    def step(match, seat, action):
        played.append((seat, action))

    path = tmp_path / "m.cfr"
    play_match(game, ["random"] * game.max_players, 3, registry=registry, settings={"replay": path}, on_step=step)
    replay = read_replay(path)
    assert replay.coded == {}
    state = game.initial_state(game.max_players, 3)
    for seat, action in played:
        bits.append(width(len(state.legal_actions(seat))))
        state.apply(seat, action)
    assert len(replay.choices) == -(-sum(bits) // 8)
    assert Simulator(replay).moves() == played


@pytest.mark.parametrize("game_id", ["grizzly-race", "slasher", "scavengers", "camp-grizzly"])
def test_a_replay_verifies_in_a_process_with_another_hash_seed(tmp_path, game_id):
    """A choice is an index into `legal_actions`, so their order must not depend on the process (a set of
    strings iterates in another order under another PYTHONHASHSEED)."""
    path = tmp_path / "m.cfr"
    players = default_registry().game(game_id).max_players
    code = (
        "import sys; from corekit import default_registry, play_match; registry = default_registry(); "
        f"play_match(registry.game({game_id!r}), ['random'] * {players}, 7, registry=registry, "
        "settings={'replay': sys.argv[1]})"
    )
    verify = (
        "import sys; from replays.format import read_replay; from replays.simulate import Simulator; "
        "print(Simulator(read_replay(sys.argv[1])).verify().is_terminal)"
    )
    root = Path(__file__).resolve().parents[2]
    for seed, program in (("1", code), ("2", verify)):
        done = subprocess.run(
            [sys.executable, "-c", program, str(path)],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    assert done.stdout == "True\n"


def test_the_result_and_final_digest_match_the_match(tmp_path):
    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "m.cfr"
    result = play_match(game, ["random"] * 4, 11, registry=registry, settings={"replay": str(path)})
    replay = read_replay(path)
    assert replay.result.returns == result.returns
    assert replay.steps == result.steps
    assert replay.result.forfeit is None


def test_search_statistics_and_times_are_recorded(record, search_registry):
    replay = read_replay(record(specs="fakesearch,random", seed=3, registry=search_registry))
    simulator = Simulator(replay)
    seat0_steps = [k for k in range(1, replay.steps + 1) if simulator.action(k)[0] == 0]
    assert sorted(replay.stats) == seat0_steps
    first = replay.stats[seat0_steps[0]]
    assert all(isinstance(visits, int) and 0 <= value < 1 for _code, visits, value in first)
    assert simulator.action_code(seat0_steps[0]) in [code for code, _v, _m in first]
    assert all(t >= 0 for t in replay.times)


class _StaleRowSearch(Player):
    """A search whose statistics keep a row of the decision before (a tree carried over): an action of another
    decision, which may not be legal now."""

    needs_sample = False

    def __init__(self, seed: int) -> None:
        self.rng, self.last = Rng(seed), None

    def decide(self, view):
        legal = list(view.legal_actions)
        chosen = legal[self.rng.below(len(legal))]
        stale = self.last[0][0] if self.last else view.game.encode_action(chosen)
        self.last = [[view.game.encode_action(chosen), 10, 0.5], [stale, 1, 0.1]]
        return chosen

    def annotation(self):
        return {"stats": self.last}


class _StaleRowPlugin:
    @hookimpl
    def campfire_players(self) -> list[PlayerType]:
        return [PlayerType("stale", lambda options, seed, game, heuristic: _StaleRowSearch(seed))]


def test_a_statistics_row_naming_an_action_the_seat_could_not_choose_is_left_out_so_the_replay_verifies(tmp_path):
    # A reviewer: verify refuses such a row (an edited file's "play 99"), so the recorder wrote genuine matches that
    # could never be verified or viewed.
    registry, path = Registry(plugins=[_StaleRowPlugin()]), tmp_path / "stale.cfr"
    play_match(registry.game("grizzly-race"), ["stale", "random"], 4, registry=registry, settings={"replay": path})
    replay = read_replay(path)
    Simulator(replay, registry).verify()
    simulator = Simulator(replay, registry)
    for step, rows in replay.stats.items():
        seat = simulator.action(step)[0]
        legal = [simulator.game.encode_action(a) for a in simulator.state_at(step - 1).legal_actions(seat)]
        assert rows and all((tuple(code) if isinstance(code, list) else code) in legal for code, _v, _m in rows)
    assert any(len(rows) == 1 for rows in replay.stats.values()), "seed 4 should have a stale row left out"


def test_several_matches_in_one_process_each_get_their_own_replay(tmp_path):
    registry = default_registry()
    game = registry.game("grizzly-race")
    results = {}
    for seed in (1, 2, 3):
        path = tmp_path / f"{seed}.cfr"
        results[seed] = play_match(game, ["random", "random"], seed, registry=registry, settings={"replay": path})
    play_match(game, ["random", "random"], 4, registry=registry)  # not recorded
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.cfr", "2.cfr", "3.cfr"]
    for seed, result in results.items():
        replay = read_replay(tmp_path / f"{seed}.cfr")
        assert (replay.header.seed, replay.steps) == (seed, result.steps)


class _Stop(RuntimeError):
    pass


def test_an_interrupted_match_leaves_no_file(tmp_path):
    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "cut.cfr"

    def interrupt(match, seat, action):
        if match.steps == 5:
            raise _Stop

    with pytest.raises(_Stop):
        play_match(game, ["random", "random"], 5, registry=registry, settings={"replay": path}, on_step=interrupt)
    assert os.listdir(tmp_path) == []


def test_an_interrupted_match_keeps_the_previous_complete_file(tmp_path):
    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "r.cfr"
    play_match(game, ["random", "random"], 5, registry=registry, settings={"replay": path})
    before = path.read_bytes()

    def quit_now(match, seat, action):
        raise QuitMatch("stop")

    with pytest.raises(QuitMatch):
        play_match(game, ["random", "random"], 6, registry=registry, settings={"replay": path}, on_step=quit_now)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["r.cfr"]


def test_a_replay_into_a_missing_folder_is_one_line_before_the_match(tmp_path):
    result = campfire("play", "grizzly-race", "-p", "random,random", "--replay", str(tmp_path / "no" / "r.cfr"))
    assert result.exit_code != 0
    assert "cannot write the replay" in result.output and "does not exist" in result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""  # not even the match's header: the file is checked before the match (--help)
    assert result.stderr.startswith("Error: cannot write the replay ") and result.stderr.count("\n") == 1


class _Crasher:
    """A player that raises at its third decision (a forfeit in a tournament)."""

    needs_sample = False

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, view):
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("out of ideas")
        return view.legal_actions[0]

    def annotation(self):
        return None


def test_a_forfeited_match_is_recorded_and_verifies(tmp_path):
    from ai.random_player import RandomPlayer

    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "forfeit.cfr"
    result = play_match(
        game,
        ["crasher", "random"],
        5,
        players=[_Crasher(), RandomPlayer(1)],
        registry=registry,
        settings={"replay": path},
    )
    assert result.forfeit == 0
    replay = read_replay(path)
    assert (replay.result.forfeit, replay.result.returns, replay.steps) == (0, (0.0, 1.0), result.steps)
    assert "out of ideas" in replay.result.error
    verified = campfire("replay", "verify", str(path))
    assert verified.exit_code == 0, verified.output
    shown = campfire("replay", "show", str(path)).stdout
    expected = (
        f"Result: seat 0 forfeits (seat 0 (crasher) raised RuntimeError: out of ideas{raised_in(_Crasher.decide)})"
    )
    assert shown.splitlines()[-1].startswith(expected)


class _CrasherPlugin:
    @hookimpl
    def campfire_players(self) -> list[PlayerType]:
        return [PlayerType("crasher", lambda options, seed, game, heuristic: _Crasher())]


def test_play_keeps_the_replay_of_a_match_a_player_forfeits_and_still_fails_in_one_line(tmp_path):
    # FORMAT.md: a match that ends by forfeit "is recorded up to the forfeit", in `campfire play` too.
    path = tmp_path / "crash.cfr"
    registry = Registry(plugins=[_CrasherPlugin()])
    result = campfire("play", "grizzly-race", "-p", "crasher,random", "-q", "--replay", str(path), registry=registry)
    assert result.exit_code == 1, result.output
    assert errors(result) == [f"Error: seat 0 (crasher) raised RuntimeError: out of ideas{raised_in(_Crasher.decide)}"]
    assert result.stdout.splitlines()[-1].startswith("Result: seat 0 forfeits (seat 0 (crasher) raised RuntimeError")
    replay = read_replay(path)
    assert replay.result.forfeit == 0 and f"after {replay.steps} steps" in result.stdout  # up to the forfeit
    assert campfire("replay", "verify", str(path)).exit_code == 0


def test_view_opens_the_viewer_on_a_good_file(record, monkeypatch):
    from replays import commands, viewer

    monkeypatch.setattr(commands, "has_terminal", lambda: True)
    opened = {}
    monkeypatch.setattr(viewer.ReplayViewer, "run", lambda self: opened.update(step=self.step, steps=self.replay.steps))
    result = campfire("replay", "view", str(record(seed=5)), "--step", "3")
    assert result.exit_code == 0, result.output
    assert opened == {"step": 3, "steps": 12}


def test_view_as_a_seat_opens_in_that_seats_view_and_refuses_a_seat_of_no_such_match(record, monkeypatch):
    # A replay student studying one seat need not open on the full view, which shows every hand and the seed.
    from replays import commands, viewer

    monkeypatch.setattr(commands, "has_terminal", lambda: True)
    opened = {}
    monkeypatch.setattr(viewer.ReplayViewer, "run", lambda self: opened.update(step=self.step, seat=self.seat))
    path = record(seed=5)
    result = campfire("replay", "view", str(path), "--step", "3", "--as", "1")
    assert result.exit_code == 0, result.output
    assert opened == {"step": 3, "seat": 1}
    refused = campfire("replay", "view", str(path), "--as", "2")
    assert refused.exit_code == 1
    assert refused.stderr.strip() == f"{path}: --as 2: the match has seats 0-1"


def test_view_without_a_terminal_refuses_in_one_line_instead_of_hanging(record, monkeypatch):
    from replays import viewer

    monkeypatch.setattr(viewer.ReplayViewer, "run", lambda self: pytest.fail("the viewer opened without a terminal"))
    path = record(seed=5)
    result = campfire("replay", "view", str(path))  # the test runner's streams are not a terminal
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"{path}: replay view needs a terminal (for a pipe or a file, use `campfire replay show`)"
    )


class _Quitter:
    """Plays its first `moves` decisions at random, then stops as `stop` (QuitMatch, or Ctrl-C)."""

    needs_sample = False

    def __init__(self, moves: int, stop: BaseException) -> None:
        self.moves = moves
        self.stop = stop

    def decide(self, view):
        if self.moves == 0:
            raise self.stop
        self.moves -= 1
        return view.legal_actions[0]

    def annotation(self):
        return None


@pytest.mark.parametrize(
    ("stop", "why"), [(QuitMatch("seat 0 left"), "seat 0 left"), (KeyboardInterrupt(), "interrupted")], ids=str
)
def test_a_match_stopped_by_a_person_is_kept_as_a_partial_replay_marked_unfinished(tmp_path, stop, why):
    from ai.random_player import RandomPlayer

    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "part.cfr"
    players = [_Quitter(3, stop), RandomPlayer(1)]
    with pytest.raises(type(stop)):
        play_match(game, ["human", "random"], 4, players=players, registry=registry, settings={"replay": path})
    replay = read_replay(path)
    assert (replay.steps, replay.result.unfinished, replay.result.returns) == (6, why, (0.0, 0.0))
    verified = campfire("replay", "verify", str(path))
    assert verified.exit_code == 0, verified.output
    assert verified.stdout.strip() == f"{path}: OK (grizzly-race, 6 steps, 2 seats; unfinished: {why})"
    shown = campfire("replay", "show", str(path))
    assert shown.exit_code == 0 and shown.stdout.splitlines()[-1] == f"Result: unfinished after 6 steps ({why})"
    done = tmp_path / "done.cfr"
    play_match(game, ["random", "random"], 4, registry=registry, settings={"replay": done})
    report = campfire("replay", "analyze", "--json", str(path), str(done))
    assert report.exit_code == 0, report.output
    race = json.loads(report.stdout)["games"]["grizzly-race"]
    assert (race["matches"], race["unfinished"], race["length"]["min"]) == (1, 1, read_replay(done).steps)
    assert [row["matches"] for row in race["win_rate_by_seat"]] == [1, 1]


def test_a_partial_replay_that_claims_an_ended_match_fails_verify(tmp_path):
    import attrs

    from replays.format import encode_replay

    registry = default_registry()
    path = tmp_path / "r.cfr"
    play_match(registry.game("grizzly-race"), ["random", "random"], 5, registry=registry, settings={"replay": path})
    replay = read_replay(path)
    replay.result = attrs.evolve(replay.result, unfinished="seat 0 left", returns=(0.0, 0.0))
    path.write_bytes(encode_replay(replay))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"{path}: diverges at step {replay.steps}: the replay says the match was stopped unfinished, but it ended"
    )


def test_a_match_stopped_as_it_starts_keeps_its_replay_marked_unfinished(tmp_path):
    # Ctrl-C while `campfire play` prints its header (on_start): play says the match so far is in the file.
    from corekit import default_registry
    from replays.format import read_replay

    registry = default_registry()

    def interrupted(match):
        raise KeyboardInterrupt

    path = tmp_path / "r.cfr"
    with pytest.raises(KeyboardInterrupt):
        play_match(
            registry.game("grizzly-race"),
            ["random", "random"],
            1,
            registry=registry,
            settings={"replay": path},
            on_start=interrupted,
        )
    replay = read_replay(path)
    assert (replay.result.unfinished, replay.result.steps) == ("interrupted", 0)


def test_whole_number_returns_are_written_as_ints_and_a_share_as_a_float(record):
    import attrs
    import msgpack

    from replays.format import decode_replay, encode_replay

    path = record()
    replay = read_replay(path)
    assert sorted(replay.result.returns) == [0.0, 1.0]
    written = msgpack.unpackb(msgpack.unpackb(path.read_bytes())["body"])["result"]["returns"]
    assert written == list(replay.result.returns) and [type(r) for r in written] == [int, int]  # a byte each
    replay.result = attrs.evolve(replay.result, returns=(0.5, 0.5))
    data = encode_replay(replay)
    written = msgpack.unpackb(msgpack.unpackb(data)["body"])["result"]["returns"]
    assert written == [0.5, 0.5] and [type(r) for r in written] == [float, float]
    assert decode_replay(data).result.returns == (0.5, 0.5)


def test_a_partial_replay_of_a_game_that_scores_before_its_end_verifies_with_every_return_zero(tmp_path):
    import types

    from ai.random_player import RandomPlayer
    from tests.corekit.toy_game import ToyGame

    plugin = types.ModuleType("toy_plugin")
    plugin.campfire_games = hookimpl(lambda: [ToyGame()])
    registry = Registry(plugins=[plugin])
    path = tmp_path / "part.cfr"
    players = [_Quitter(1, QuitMatch("seat 0 left")), RandomPlayer(1)]
    with pytest.raises(QuitMatch):
        play_match(
            registry.game("toy"), ["human", "random"], 4, players=players, registry=registry, settings={"replay": path}
        )
    replay = read_replay(path)
    assert (replay.steps, replay.result.unfinished, replay.result.returns) == (2, "seat 0 left", (0.0, 0.0))
    simulator = Simulator(replay, registry)
    # The toy game ranks the cards played so far even before its end: a partial replay's 0s are not its returns().
    assert not simulator.state_at(2).is_terminal and sum(simulator.state_at(2).returns()) == 1.0
    simulator.verify()
    assert campfire("replay", "verify", str(path), registry=registry).exit_code == 0


def test_a_partial_replay_is_written_with_every_return_zero_whatever_returns_its_driver_gives(record):
    from corekit.match import Match, MatchResult
    from replays.format import decode_replay, encode_replay
    from replays.recorder import Recording

    simulator = Simulator(read_replay(record()))
    header = simulator.replay.header
    state = simulator.game.initial_state(2, header.seed, simulator.options)
    match = Match(simulator.game, simulator.options, header.seed, list(header.seats), state)
    recording = Recording(match, Path("unused.cfr"))
    for seat, action in simulator.moves()[:5]:
        state.apply(seat, action)
        recording.step(match, seat, action, {})
    partial = recording.finish(match, MatchResult((1.0, 0.0), 5, (), ()), "interrupted")
    assert (partial.result.unfinished, partial.result.returns) == ("interrupted", (0.0, 0.0))
    Simulator(decode_replay(encode_replay(partial))).verify()


def test_a_step_outside_the_replay_has_no_action_and_step_0_is_not_the_last(record):
    replay = read_replay(record(seed=4))
    simulator = Simulator(replay)
    last = simulator.action(replay.steps)
    for step in (0, -1, replay.steps + 1):  # `_moves[step - 1]` gave step 0 the last step's move
        with pytest.raises(ReplayError, match=rf"^step {step} is not an action of the replay \(1-{replay.steps}\)$"):
            simulator.action(step)
        with pytest.raises(ReplayError):
            simulator.action_text(step)
    assert simulator.action(replay.steps) == last
