"""Rules of the replay format, the re-simulation and the recorder that a mutation sweep found no test holding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack
import pytest

from corekit import Registry, play_match
from corekit.match import Match, MatchResult
from corekit.plugins import default_registry
from replays.choices import ChoiceWriter, width
from replays.format import (
    MAX_STEPS,
    Header,
    ReplayError,
    Result,
    _checksum,
    check_target,
    decode_replay,
    encode_replay,
    read_replay,
)
from replays.recorder import Recording, _position
from replays.simulate import Simulator
from tests.replays.conftest import _FakeSearchPlugin, forge, rewritten, v1_golden_as_installed


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> bytes:
    """A valid 4-seat grizzly-race replay (format 2, 28 steps, digests every 8) with search statistics."""
    registry = Registry(plugins=[_FakeSearchPlugin()])
    path = tmp_path_factory.mktemp("good") / "good.cfr"
    specs = ["fakesearch", "random", "random", "random"]
    play_match(registry.game("grizzly-race"), specs, 11, registry=registry, settings={"replay": path})
    return encode_replay(rewritten(read_replay(path), digest_every=8))


def refusal(data: bytes) -> str:
    with pytest.raises(ReplayError) as refused:
        decode_replay(data)
    return str(refused.value)


def verify_refusal(data: bytes) -> str:
    with pytest.raises(ReplayError) as refused:
        Simulator(decode_replay(data)).verify()
    return str(refused.value)


def test_the_good_replay_is_what_these_tests_assume(good):
    replay = decode_replay(good)
    assert (replay.steps, len(replay.header.seats), replay.header.digest_every) == (28, 4, 8)
    Simulator(replay).verify()


# format.py `_read_body_v2`: `last < step <= steps` (a coded step one past the last is refused, not kept unread).
def test_a_coded_step_one_past_the_last_step_is_refused(good):
    data = forge(good, lambda body: body.__setitem__("coded", [[29, 0, 1]]))
    assert refusal(data) == "bad action stream: coded step 29 is out of order or past step 28"


# format.py `_read_body_v2`: `0 <= seat < players` (a negative seat would index the seats from the end).
def test_a_coded_step_played_by_a_negative_seat_is_refused(good):
    data = forge(good, lambda body: body.__setitem__("coded", [[3, -1, 1]]))
    assert refusal(data) == "bad action stream: step 3 is played by seat -1 of 4"


# format.py `_read_body_v2`: `type(entry[1]) is int` (a seat that is no int is a shape error, not a TypeError).
@pytest.mark.parametrize("seat", ["0", True, 1.0])
def test_a_coded_step_whose_seat_is_not_an_int_is_refused_as_the_wrong_shape(good, seat):
    data = forge(good, lambda body: body.__setitem__("coded", [[3, seat, 1]]))
    assert refusal(data) == "bad action stream: a coded step is not [step, seat, action code]"


# format.py `_read_body_v2`: `len(digests) != expected` (digest bytes beyond the last digest step are refused).
def test_digest_bytes_past_the_last_digest_step_are_refused(good):
    data = forge(good, lambda body: body.__setitem__("digests", body["digests"] + bytes(8)))
    assert refusal(data) == (
        "bad digests: 32 digest bytes, where 28 steps digested every 8 (header.digest_every) need 24"
    )


# format.py `_read_common`: `len(times) != steps` (one time too many is refused, as one too few).
def test_more_times_than_steps_are_refused(good):
    data = forge(good, lambda body: body.__setitem__("times", body["times"] + [0]))
    assert refusal(data) == "bad annotations: 29 times for 28 steps"


# format.py `_read_common`: `type(t) is int` (msgpack's true is no number of microseconds).
def test_a_time_given_as_a_bool_is_refused(good):
    data = forge(good, lambda body: body["times"].__setitem__(0, True))
    assert refusal(data) == "bad annotations: a time is not a whole, non-negative number of microseconds"


# format.py `_read_stats`: `type(row[1]) is int` (visits are a whole number).
@pytest.mark.parametrize("visits", ["many", 2.5, None])
def test_a_statistics_row_whose_visits_are_not_an_int_is_refused(good, visits):
    data = forge(good, lambda body: body.__setitem__("stats", [[1, [[0, visits, 0.5]]]]))
    assert refusal(data) == "bad annotations: step 1 has a statistics row of the wrong shape"


# format.py `_unpack`: `stray` checked for the body too (bytes after the body's map, under a valid checksum).
def test_stray_bytes_after_the_body_inside_a_good_checksum_are_refused(good):
    outer = msgpack.unpackb(good)
    body = outer["body"] + b"\xc0"
    data = msgpack.packb({"campfire_replay": 2, "body": body, "blake2b": _checksum(body)})
    assert refusal(data) == "not a campfire replay: 1 stray byte after the body"


# format.py `_unpack`: `budget = [len(data) // CONTAINER_BYTES + 16]` (the slack for a small body is 16 containers).
def test_a_small_body_of_more_containers_than_its_size_allows_is_refused_by_the_budget():
    body = msgpack.packb([[]] * 40)  # 43 bytes: 14 + 16 containers allowed, 41 given
    data = msgpack.packb({"campfire_replay": 2, "body": body, "blake2b": _checksum(body)})
    assert refusal(data) == (
        "not a campfire replay: unreadable body (more arrays and maps than a replay of 43 bytes can hold)"
    )


# format.py `_announced_version`: `key == MARKER` (another map's first value is not a version).
def test_a_map_whose_first_entry_is_not_the_marker_is_no_replay_whatever_its_value(tmp_path):
    assert refusal(msgpack.packb({"x": 3, "y": 1})) == "not a campfire replay (no format marker)"
    notes = tmp_path / "notes.cfr"
    notes.write_bytes(msgpack.packb({"notes": 7}))
    with pytest.raises(ReplayError) as refused:
        check_target(str(notes))
    assert str(refused.value) == "it exists and is not a campfire replay (remove it or name another file)"


# format.py `Header.seats`: `len(v) > MAX_SEATS` (255 seats, a seat byte's worth, are allowed).
def test_a_header_of_255_seats_is_allowed_and_one_of_256_refused():
    fields = {"campfire": "0", "game": "g", "game_version": "1", "options": {}, "seed": 0}
    assert len(Header(**fields, seats=("random",) * 255).seats) == 255
    with pytest.raises(ValueError, match=r"^seats has 256 seats, more than 255$"):
        Header(**fields, seats=("random",) * 256)


# format.py `Result.steps`: `v > MAX_STEPS` (a million steps are allowed).
def test_a_result_of_a_million_steps_is_allowed_and_one_more_refused():
    assert Result(steps=MAX_STEPS, returns=(1.0,), final_digest=bytes(8)).steps == 1_000_000
    with pytest.raises(ValueError, match=r"^steps must be at most 1000000, got 1000001$"):
        Result(steps=MAX_STEPS + 1, returns=(1.0,), final_digest=bytes(8))


# format.py `_read_body_v1`: the checks' length is checked as the seats' and the actions' are.
def test_a_format_1_file_with_a_check_byte_missing_is_refused():
    data = forge(v1_golden_as_installed(), lambda body: body.__setitem__("checks", body["checks"][:-1]))
    assert refusal(data) == "bad action stream: 26 checks for 27 steps"


# format.py `_read_body_v1`: `max(seats) >= players` (the seat equal to the player count is refused).
def test_a_format_1_step_played_by_the_seat_equal_to_the_player_count_is_refused():
    data = forge(v1_golden_as_installed(), lambda body: body.__setitem__("seats", body["seats"][:-1] + b"\x03"))
    assert refusal(data) == "bad action stream: step 27 is played by seat 3 of 3"


def _padding_bits(replay: Any) -> int:
    used = sum(width(count) for count in Simulator(replay).legal_counts() if count)
    return len(replay.choices) * 8 - used


# simulate.py `verify`: `if self._reader.leftover():` (-1, a set padding bit, fails as bytes left over do).
def test_a_set_padding_bit_in_the_last_choice_byte_fails_verify(good):
    assert _padding_bits(decode_replay(good)) > 0

    def change(body: dict[str, Any]) -> None:
        body["choices"] = body["choices"][:-1] + bytes([body["choices"][-1] | 0x80])  # the last byte's top bit

    data = forge(good, change)
    assert verify_refusal(data) == "diverges at step 28: the action stream holds more choices than the replay's steps"


# simulate.py `_next_move`: `index >= len(legal)` (a choice equal to the count is out of range, not an IndexError).
def test_a_recorded_choice_equal_to_the_number_of_legal_actions_diverges_naming_it(good):
    replay = decode_replay(good)
    simulator = Simulator(replay)
    moves = simulator.moves()
    writer = ChoiceWriter()
    target = None
    for (step, state), (seat, action) in zip(simulator.before(range(1, replay.steps + 1)), moves, strict=True):
        legal = state.legal_actions(seat)
        count = len(legal)
        if target is None and count > 1 and count & (count - 1):  # not a power of two: `count` fits its bits
            target = (step, count, simulator.names[seat])
            writer.add(count, count)
            break
        writer.add(legal.index(action), count)
    assert target is not None
    step, count, name = target
    data = forge(good, lambda body: body.__setitem__("choices", writer.bytes()))
    assert verify_refusal(data) == (
        f"diverges at step {step}: the recorded choice {count + 1} is out of range: {name} has {count} legal actions"
    )


# simulate.py `_check_stats`: `if self._bad_stats is not None: return` (the first bad step is named, not the last).
def test_search_statistics_bad_at_two_steps_are_refused_naming_the_first(good):
    def change(body: dict[str, Any]) -> None:
        body["stats"] = [[1, [[999, 1, 0.5]]], [2, [[999, 1, 0.5]]]]

    message = verify_refusal(forge(good, change))
    assert message.startswith("bad annotations: the search statistics of step 1 name ")


# simulate.py `_next_move`: `if not to_act:` (a replay that goes on past the end diverges, no IndexError).
def test_a_replay_claiming_a_step_after_the_match_ended_diverges_at_that_step(good):
    def change(body: dict[str, Any]) -> None:
        body["result"]["steps"] = 29
        body["times"] = body["times"] + [0]

    assert verify_refusal(forge(good, change)) == "diverges at step 29: the match has ended, but the replay goes on"


# recorder.py `_position`: an equal action of another type (True for 1) is not the offered one.
def test_an_action_equal_to_an_offered_one_but_of_another_type_is_not_found_among_them():
    assert _position([0, 1, 2], True) == -1
    assert _position([0, 1, 2], 1) == 1


def _recording() -> tuple[Recording, Match]:
    game = default_registry().game("grizzly-race")
    options = game.make_options({})
    state = game.initial_state(2, 5, options)
    match = Match(game, options, 5, ["random", "random"], state)
    return Recording(match, Path("unused.cfr")), match


# recorder.py `Recording.step`: a negative time (another driver's) is clamped to 0, so the file stays readable.
@pytest.mark.parametrize("seconds", [-0.5, -3])
def test_a_negative_decision_time_from_another_driver_is_recorded_as_zero(seconds):
    recording, match = _recording()
    seat = match.state.to_act[0]
    action = match.state.legal_actions(seat)[0]
    match.state.apply(seat, action)
    recording.step(match, seat, action, {"time": seconds})
    assert recording.times == [0]
    replay = recording.finish(match, MatchResult((0.0, 0.0), 1, (), ()), "stopped")
    assert decode_replay(encode_replay(replay)).times == [0]


# recorder.py `Recording.finish`: `_text(unfinished) or "stopped"` (an empty reason is still a reason).
def test_a_partial_replay_stopped_for_no_given_reason_says_stopped():
    recording, match = _recording()
    replay = recording.finish(match, MatchResult((0.0, 0.0), 0, (), ()), "")
    assert replay.result.unfinished == "stopped"


# recorder.py `_check_destination`: `if os.path.isabs(folder)` (a relative folder is checked before every match).
def test_a_relative_folder_is_checked_again_after_the_working_directory_changes(tmp_path, monkeypatch):
    game = default_registry().game("grizzly-race")
    (tmp_path / "a" / "out").mkdir(parents=True)
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(tmp_path / "a")
    play_match(game, ["random", "random"], 1, settings={"replay": "out/first.cfr"})
    assert (tmp_path / "a" / "out" / "first.cfr").is_file()
    monkeypatch.chdir(tmp_path / "b")
    with pytest.raises(ValueError) as refused:
        play_match(game, ["random", "random"], 2, settings={"replay": "out/second.cfr"})
    assert str(refused.value) == "cannot write the replay out/second.cfr: the folder out does not exist"


# format.py `decode_replay`: the outer map is read with `max_map_len=16` (FORMAT.md: 16 entries in the outer map).
def test_an_outer_map_of_17_entries_is_refused_and_one_of_16_read(good):
    outer = msgpack.unpackb(good)
    sixteen = {**outer, **{f"extra{n}": 0 for n in range(13)}}
    assert decode_replay(msgpack.packb(sixteen)).steps == 28
    seventeen = {**sixteen, "one more": 0}
    assert refusal(msgpack.packb(seventeen)) == (
        "not a campfire replay: unreadable file (a map of 17 entries where a replay allows at most 16)"
    )


# format.py `decode_replay`: the body is read with `max_array_len=MAX_STEPS` (an array of a million and one items).
def test_an_array_of_a_million_and_one_items_in_the_body_is_refused_by_the_reader_limit(good):
    data = forge(good, lambda body: body.__setitem__("times", [0] * (MAX_STEPS + 1)))
    assert refusal(data) == (
        "not a campfire replay: unreadable body (an array of 1000001 items where a replay allows at most 1000000)"
    )
