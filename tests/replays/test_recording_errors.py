"""Recording with bad input: whatever can be checked before the match is, in one line, before anything is
played; a game whose action codes cannot be stored is stopped at that step; a write failure names the
user's file, never the temporary one."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import attrs
import pytest

from corekit import GameFailed, ListenerFailed, Registry, hookimpl, play_match
from corekit.codes import INT_MAX, INT_MIN, MAX_TEXT
from corekit.match import Match
from corekit.plugins import default_registry
from plugins.grizzly_race.game import GrizzlyRace
from replays.format import Header, ReplayError, check_header, read_replay
from replays.recorder import Recording
from tests.replays.conftest import campfire, errors

PLAY = ("play", "grizzly-race", "-p", "random,random")


def _refused_before_the_match(result: Any, *fragments: str) -> str:
    """The one stderr line of a play refused before its first step (no step, no result, exit 1)."""
    assert result.exit_code == 1, result.output
    lines = errors(result)
    assert len(lines) == 1, result.stderr
    assert all(fragment in lines[0] for fragment in fragments), lines[0]
    assert "Traceback" not in result.output and ".tmp" not in result.output
    assert "   1  seat 0:" not in result.stdout and "Result:" not in result.stdout
    return lines[0]


# -- 1. the seed and the options must fit the format -------------------------------------------------


@pytest.mark.parametrize("seed", [INT_MAX + 1, -1, INT_MIN - 1, 10**40])
@pytest.mark.parametrize("replay", [True, False], ids=["with-replay", "without"])
def test_a_seed_beyond_64_bits_is_refused_by_the_option_before_the_match(tmp_path, monkeypatch, seed, replay):
    # With or without a replay: a larger or negative seed would otherwise wrap around to another seed's match.
    monkeypatch.chdir(tmp_path)
    result = campfire(*PLAY, "--seed", str(seed), *(["--replay", "x.cfr"] if replay else []))
    assert result.exit_code == 2 and "Traceback" not in result.output and "Result" not in result.stdout
    assert result.stderr.startswith(f"Error: Invalid value for '--seed': {seed} is not in the range 0<=x<={INT_MAX}.")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        # Beyond 64 bits the game itself refuses the seed (the generator would wrap it onto another's match).
        (INT_MAX + 1, f"grizzly-race: a seed is a whole number below 2**64, not {INT_MAX + 1}"),
        # Below -2**63 too, where the format could not store it either (-2**64 + 5 would deal seed 5's match).
        (INT_MIN - 1, f"grizzly-race: a negative seed is at least -2**63, not {INT_MIN - 1}"),
    ],
)
def test_a_seed_the_format_cannot_store_is_refused_by_play_match_before_anything_is_written(tmp_path, seed, message):
    registry = default_registry()
    path = tmp_path / "x.cfr"
    with pytest.raises(ValueError) as raised:
        play_match(
            registry.game("grizzly-race"),
            ["random", "random"],
            seed,
            registry=registry,
            settings={"replay": path},
        )
    assert str(raised.value) == message.format(path=path, seed=seed)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("seed", [0, INT_MAX])
def test_seeds_at_the_ends_of_the_range_are_recorded_and_verify(tmp_path, monkeypatch, seed):
    monkeypatch.chdir(tmp_path)
    played = campfire(*PLAY, "-q", "--seed", str(seed), "--replay", "x.cfr")
    assert played.exit_code == 0, played.output
    assert read_replay("x.cfr").header.seed == seed
    verified = campfire("replay", "verify", "x.cfr")
    assert verified.exit_code == 0, verified.output


def test_a_negative_seed_given_through_the_api_is_recorded_as_given_and_verifies(tmp_path):
    # The command line takes 0 to 2^64-1; play_match still takes any seed a replay can store, as it always did.
    registry = default_registry()
    path = tmp_path / "x.cfr"
    game = registry.game("grizzly-race")
    play_match(game, ["random", "random"], INT_MIN, registry=registry, settings={"replay": path})
    assert read_replay(path).header.seed == INT_MIN
    verified = campfire("replay", "verify", str(path))
    assert verified.exit_code == 0, verified.output


def test_options_the_format_cannot_store_are_refused_before_the_match(tmp_path, monkeypatch):
    # Refused as options (corekit.options), whether or not a replay is asked for: results files hold them too.
    monkeypatch.chdir(tmp_path)
    result = campfire(*PLAY, "-o", f"stall_rounds={INT_MAX + 1}", "--replay", "x.cfr")
    _refused_before_the_match(result, "option 'stall_rounds'", f"{INT_MAX + 1}, which does not fit in 64 bits")
    assert os.listdir(tmp_path) == []


def test_a_header_the_reader_would_refuse_is_refused_when_written():
    header = Header(campfire="0.1.0", game="g", game_version="1", options={}, seats=("random",), seed=1)
    check_header(header)
    for changes, message in [
        ({"seats": ("x" * (MAX_TEXT + 1),)}, "header.seats[0] is longer than 4096 bytes"),
        ({"options": {"name": "é" * MAX_TEXT}}, "header.options.name is longer than 4096 bytes"),
        ({"options": {"speed": -(2**70)}}, "header.options.speed does not fit in 64 bits"),
        ({"options": {"name": "\udc80"}}, "header.options.name is not valid UTF-8"),
    ]:
        with pytest.raises(ReplayError) as raised:
            check_header(attrs.evolve(header, **changes))
        assert str(raised.value) == message


# -- 2. the destination must be writable, and errors name it -----------------------------------------


def test_a_folder_as_the_replay_is_one_line_before_the_match(tmp_path):
    result = campfire(*PLAY, "--replay", str(tmp_path))
    _refused_before_the_match(result, str(tmp_path), "is a folder")


def test_a_name_ending_in_a_separator_is_one_line_before_the_match(tmp_path):
    result = campfire(*PLAY, "--replay", f"{tmp_path / 'new'}{os.sep}")
    _refused_before_the_match(result, str(tmp_path / "new"), "is a folder")
    assert os.listdir(tmp_path) == []


def test_a_file_as_the_folder_is_one_line_before_the_match(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    result = campfire(*PLAY, "--replay", str(tmp_path / "notes.txt" / "r.cfr"))
    _refused_before_the_match(result, str(tmp_path / "notes.txt" / "r.cfr"), "is not a folder")


def test_an_existing_file_that_is_not_a_replay_is_not_replaced_but_an_earlier_replay_is(tmp_path):
    # `--replay notes.txt` replaced the notes with a replay: a mistyped name lost a file.
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\n")
    _refused_before_the_match(campfire(*PLAY, "--replay", str(notes)), str(notes), "is not a campfire replay")
    assert notes.read_text() == "hello\n"
    earlier, empty = tmp_path / "earlier.cfr", tmp_path / "empty.cfr"
    empty.touch()  # nothing to lose
    for path in (earlier, earlier, empty):  # a match played again replaces its replay
        assert campfire(*PLAY, "--replay", str(path)).exit_code == 0
        assert read_replay(path).steps > 0


def test_an_existing_file_that_cannot_be_read_is_not_replaced(tmp_path, monkeypatch):
    # A reviewer: an unreadable file was taken for a replay, and renaming over it needs only the folder's permission.
    from replays import format as replay_format

    locked = tmp_path / "locked.cfr"
    locked.write_bytes(b"secret")

    def refused(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(replay_format, "open", refused, raising=False)
    with pytest.raises(ReplayError, match=r"^it exists and cannot be read to tell whether it is a replay \(") as raised:
        replay_format.check_target(str(locked))
    assert "Permission denied" in str(raised.value)
    assert locked.read_bytes() == b"secret"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_an_existing_file_that_is_not_a_regular_file_is_not_replaced(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    _refused_before_the_match(campfire(*PLAY, "--replay", str(pipe)), str(pipe), "not a regular file")
    assert not pipe.is_file() and pipe.exists()


def test_an_unwritable_folder_is_one_line_before_the_match_naming_the_users_file(tmp_path, monkeypatch):
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if str(path).endswith(".tmp"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    target = tmp_path / "r.cfr"
    result = campfire(*PLAY, "--replay", str(target))
    line = _refused_before_the_match(result, str(target), "Permission denied")
    assert line == f"Error: cannot write the replay {target}: cannot create a file in {tmp_path}: Permission denied"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_a_folder_no_file_can_be_made_in_is_one_line_before_the_match():
    result = campfire(*PLAY, "--replay", "/proc/r.cfr")
    _refused_before_the_match(result, "/proc/r.cfr", "cannot create a file in /proc")


def _record(target: Path | str) -> None:
    registry = default_registry()
    play_match(registry.game("grizzly-race"), ["random", "random"], 5, registry=registry, settings={"replay": target})


def test_a_folder_is_tried_with_a_file_once_and_later_matches_check_only_their_own_name(tmp_path, monkeypatch):
    from replays import format as replay_format

    made: list[str] = []
    create = replay_format._create
    monkeypatch.setattr(replay_format, "_create", lambda name: made.append(name) or create(name))
    for name in ("a.cfr", "b.cfr", "c.cfr"):
        _record(tmp_path / name)
    assert len(made) == 4  # one file made and removed before the first match, then one per replay written
    assert sorted(os.listdir(tmp_path)) == ["a.cfr", "b.cfr", "c.cfr"]
    (tmp_path / "d").mkdir()
    with pytest.raises(ValueError, match="it is a folder"):  # a name is still checked in a known folder
        _record(tmp_path / "d")


@pytest.mark.parametrize("spelling", ["{}/{}", "{}/./{}", "{}//{}"])
def test_a_folder_that_stops_taking_files_is_tried_again_before_the_next_match(tmp_path, monkeypatch, spelling):
    from replays import format as replay_format

    def name(file: str) -> str:  # the folder as the user wrote it: "/./" and "//" are the same folder
        return spelling.format(tmp_path, file)

    _record(name("a.cfr"))

    def refused(name: str) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", name)

    monkeypatch.setattr(replay_format, "_create", refused)
    with pytest.raises(ListenerFailed) as late:
        _record(name("b.cfr"))  # played: the folder was known to take files
    assert str(late.value) == f"after the match: cannot write the replay {tmp_path / 'b.cfr'}: Permission denied"
    assert late.value.result.steps > 0
    with pytest.raises(ValueError) as early:
        _record(name("c.cfr"))  # refused before the match: the failure made the folder unknown again
    assert str(early.value).startswith(f"cannot write the replay {name('c.cfr')}: cannot create a file in ")
    assert str(early.value).endswith(": Permission denied")


def test_a_write_failure_at_the_end_names_the_users_file_and_leaves_nothing(tmp_path, monkeypatch):
    def disk_full(source, target):
        raise OSError(errno.ENOSPC, "No space left on device", str(source), None, str(target))

    monkeypatch.setattr(os, "replace", disk_full)
    registry = default_registry()
    target = tmp_path / "r.cfr"
    with pytest.raises(ListenerFailed) as raised:
        play_match(
            registry.game("grizzly-race"), ["random", "random"], 5, registry=registry, settings={"replay": target}
        )
    assert str(raised.value) == f"after the match: cannot write the replay {target}: No space left on device"
    assert raised.value.result.steps > 0  # the match's result is kept for the caller to report
    assert os.listdir(tmp_path) == []


def test_the_match_start_checks_leave_no_file(tmp_path):
    registry = default_registry()
    played = []
    play_match(
        registry.game("grizzly-race"),
        ["random", "random"],
        5,
        registry=registry,
        settings={"replay": tmp_path / "r.cfr"},
        on_step=lambda match, seat, action: played.append(sorted(os.listdir(tmp_path))),
    )
    assert played and all(listing == [] for listing in played)  # the probe is gone before the first step
    assert os.listdir(tmp_path) == ["r.cfr"]


# -- 3. action codes the format cannot store -----------------------------------------------------------


class _BadCodes(GrizzlyRace):
    """grizzly-race whose encode_action gives `code` (or raises it) for its third action."""

    id = "bad-codes"

    def __init__(self) -> None:
        self.code: Any = None
        self.calls = 0

    def encode_action(self, action: Any) -> Any:
        self.calls += 1
        if self.calls != 3:
            return super().encode_action(action)
        if isinstance(self.code, Exception):
            raise self.code
        return self.code


class _BadCodesPlugin:
    def __init__(self) -> None:
        self.game = _BadCodes()

    @hookimpl
    def campfire_games(self) -> list[GrizzlyRace]:
        return [self.game]


class _Opaque:
    def __repr__(self) -> str:
        return "<opaque>"


BAD_CODES = [
    (1.5, "float"),
    (_Opaque(), "_Opaque"),
    (True, "bool"),
    (None, "NoneType"),
    (b"\x01", "bytes"),
    (INT_MAX + 1, "does not fit in 64 bits"),
    (INT_MIN - 1, "does not fit in 64 bits"),
    ("x" * (MAX_TEXT + 1), "longer than 4096 bytes"),
    ("\ud800", "not valid UTF-8"),
    ([[[[[1]]]]], "nested more than 4 deep"),
    (list(range(65)), "more than 64 items"),
    ((1, (2, 1.5)), "float"),
    ({"a": 1}, "dict"),
    (RuntimeError("no code for this"), "raised RuntimeError: no code for this"),
]


@pytest.mark.parametrize(
    ("code", "fragment"), BAD_CODES, ids=[f"{type(c).__name__}-{i}" for i, (c, _f) in enumerate(BAD_CODES)]
)
def test_an_action_code_the_format_cannot_store_stops_the_recording_at_that_step(tmp_path, code, fragment):
    """A step kept as the game's code (here another seat than the first to act moved, which only a driver other
    than the runner does) is checked as it is recorded, naming the game and the step."""
    game = _BadCodes()
    game.code = code
    state = game.initial_state(2, 5)
    match = Match(game, game.make_options(None), 5, ["random", "random"], state)
    recording = Recording(match, tmp_path / "r.cfr")
    coded = []
    with pytest.raises(GameFailed) as raised:
        for step in range(1, 20):
            seat = state.to_act[-1]
            action = state.legal_actions(seat)[0]
            if seat != state.to_act[0]:
                coded.append(step)
            state.apply(seat, action)
            recording.step(match, seat, action, {})
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"game 'bad-codes' step {coded[2]}: ")
    assert fragment in message
    assert sorted(recording.coded) == coded[:2]


def test_a_match_played_by_the_runner_needs_no_action_code(tmp_path):
    """The runner asks the first seat to act, so every step is a choice: a game whose encode_action is broken
    is still recorded, and verifies (conformance checks its codes)."""
    plugin = _BadCodesPlugin()
    plugin.game.code = 1.5
    registry = Registry(plugins=[plugin])
    path = tmp_path / "r.cfr"
    result = campfire("play", "bad-codes", "-p", "random,random", "--replay", str(path), registry=registry)
    assert result.exit_code == 0, result.output
    assert plugin.game.calls == 0
    assert campfire("replay", "verify", str(path), registry=registry).exit_code == 0


def test_unstorable_search_statistics_are_dropped_not_fatal(tmp_path):
    class Odd:
        needs_sample = False

        def decide(self, view):
            return view.legal_actions[0]

        def annotation(self):
            return {"stats": [[1.5, 3, 0.5]], "time": 1e300}

    from ai.random_player import RandomPlayer

    registry = default_registry()
    path = tmp_path / "r.cfr"
    play_match(
        registry.game("grizzly-race"),
        ["odd", "random"],
        5,
        players=[Odd(), RandomPlayer(1)],
        registry=registry,
        settings={"replay": path},
    )
    replay = read_replay(path)
    assert replay.stats == {}
    # A player's own "time" is not the decision's: the runner's measure is kept (an outside tester's player wrote 0
    # over a decision of 200 ms), and a whole match of `Odd` takes well under a second.
    assert max(replay.times) < 1_000_000


class _Raiser:
    """Forfeits at its first decision with an error a replay could not store as it is."""

    needs_sample = False

    def __init__(self, message: str) -> None:
        self.message = message

    def decide(self, view):
        raise RuntimeError(self.message)

    def annotation(self):
        return None


@pytest.mark.parametrize("message", ["é" * MAX_TEXT, "lone \ud800 surrogate"], ids=["long", "surrogate"])
def test_a_forfeit_error_is_stored_whatever_the_player_said(tmp_path, message):
    from ai.random_player import RandomPlayer

    registry = default_registry()
    path = tmp_path / "r.cfr"
    result = play_match(
        registry.game("grizzly-race"),
        ["raiser", "random"],
        5,
        players=[_Raiser(message), RandomPlayer(1)],
        registry=registry,
        settings={"replay": path},
    )
    error = read_replay(path).result.error
    assert result.forfeit == 0 and error.startswith("seat 0 (raiser) raised RuntimeError: ")
    assert len(error.encode()) <= MAX_TEXT


# -- 4. an empty file name -----------------------------------------------------------------------------


def test_an_empty_replay_name_is_one_line_before_the_match(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = campfire(*PLAY, "--replay", "")
    assert _refused_before_the_match(result) == "Error: cannot write a replay: the replay path is empty"
    assert os.listdir(tmp_path) == []


def test_an_empty_replay_setting_is_refused_by_play_match_in_the_same_words():
    registry = default_registry()
    with pytest.raises(ValueError) as raised:
        play_match(registry.game("grizzly-race"), ["random", "random"], 5, registry=registry, settings={"replay": ""})
    assert str(raised.value) == "cannot write a replay: the replay path is empty"


def test_temporary_names_differ_between_files_and_between_a_process_and_its_forked_child(tmp_path):
    from replays.format import _temporary

    target = str(tmp_path / "r.cfr")
    first, second = _temporary(target), _temporary(target)
    assert first != second and all(os.path.dirname(name) == str(tmp_path) for name in (first, second))
    if not hasattr(os, "fork"):
        return
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child writes the name it would use next and leaves at once
        os.write(write, _temporary(target).encode())
        os._exit(0)
    os.close(write)
    os.waitpid(child, 0)
    in_child = os.read(read, 4096).decode()
    os.close(read)
    mine = _temporary(target)
    assert in_child.split(".")[3:5] != mine.split(".")[3:5]  # the child's own process id and random part
