"""`replay verify`: re-simulation checks every digest and names the first step that diverges."""

from __future__ import annotations

import msgpack
import pytest

from corekit.plugins import default_registry
from replays.format import FORMAT_VERSION, decode_replay, encode_replay, read_replay
from replays.simulate import Diverged, Simulator
from tests.replays.conftest import campfire, errors, forfeited_at


def _action_offset(data: bytes, replay) -> int:
    """Where the first action's byte sits in the file (the actions array follows its key in the body)."""
    marker = msgpack.packb("actions") + msgpack.packb(replay.actions)
    start = data.index(marker) + len(msgpack.packb("actions"))
    return start + len(msgpack.packb(replay.actions)) - len(b"".join(msgpack.packb(a) for a in replay.actions))


def _other_legal_action(path, step: int) -> int:
    """A legal action at `step` other than the recorded one (grizzly-race actions are 1-byte ints)."""
    replay = read_replay(path)
    simulator = Simulator(replay)
    state = simulator.state_at(step - 1)
    seat = replay.seats[step - 1]
    return next(a for a in state.legal_actions(seat) if a != replay.actions[step - 1])


@pytest.mark.parametrize("step", [1, 3, 7, 12])
def test_one_action_byte_changed_fails_verify_at_that_step(record, step):
    path = record(seed=5)
    data = bytearray(path.read_bytes())
    replay = read_replay(path)
    offset = _action_offset(bytes(data), replay) + step - 1
    assert data[offset] == replay.actions[step - 1]
    data[offset] = _other_legal_action(path, step)
    path.write_bytes(bytes(data))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert errors(result) == [f"{path}: diverges at step {step}: after " + errors(result)[0].split("after ", 1)[1]]
    assert "the state differs from the recorded one" in result.stderr


def test_an_illegal_action_byte_fails_at_that_step_naming_it(record):
    path = record(seed=5)
    data = bytearray(path.read_bytes())
    replay = read_replay(path)
    data[_action_offset(bytes(data), replay) + 4] = 9
    path.write_bytes(bytes(data))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert errors(result) == [f"{path}: diverges at step 5: play 9 is not a legal action for seat 0"]


def test_a_changed_action_far_from_a_digest_step_is_still_found_exactly(record):
    path = record(specs="random,random,random,random", seed=11)
    replay = read_replay(path)
    assert replay.steps > 20
    step = 18  # between the digests at 16 and 32
    replay.actions[step - 1] = _other_legal_action(path, step)
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(replay))).verify()
    assert caught.value.step == step


def test_a_changed_seed_diverges_at_step_zero(record):
    path = record()
    replay = read_replay(path)
    replay.header = type(replay.header)(**{**_fields(replay.header), "seed": 6})
    with pytest.raises(Diverged, match="diverges at step 0: the initial state differs"):
        Simulator(decode_replay(encode_replay(replay))).verify()


def test_a_wrong_result_fails_at_the_last_step(record):
    path = record()
    replay = read_replay(path)
    replay.result = type(replay.result)(**{**_fields(replay.result), "returns": (0.0, 1.0)})
    with pytest.raises(Diverged, match=r"diverges at step 12: the returns are \(1, 0\), the replay says \(0, 1\)"):
        Simulator(decode_replay(encode_replay(replay))).verify()


def test_a_replay_cut_short_without_a_forfeit_fails(record):
    replay = read_replay(record())
    replay.actions, replay.seats, replay.checks = replay.actions[:10], replay.seats[:10], replay.checks[:10]
    replay.times = replay.times[:10]
    final = bytes.fromhex(Simulator(replay).state_at(10).digest())
    replay.result = type(replay.result)(**{**_fields(replay.result), "steps": 10, "final_digest": final})
    with pytest.raises(Diverged, match="diverges at step 10: the match has not ended"):
        Simulator(decode_replay(encode_replay(replay))).verify()


def test_a_changed_annotation_is_caught_by_the_checksum(record):
    path = record()
    data = bytearray(path.read_bytes())
    replay = read_replay(path)
    times = msgpack.packb(replay.times)
    at = data.index(times) + len(times) - 1  # the last time, a small int
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert errors(result) == [
        f"{path}: corrupted: checksum mismatch, though the match re-simulates "
        "(the header, annotations or result were changed)"
    ]


def test_verify_goes_on_after_a_bad_file_and_fails_overall(record, tmp_path):
    good = record(seed=1)
    bad = tmp_path / "bad.cfr"
    bad.write_bytes(b"not a replay")
    also_good = record(seed=2)
    result = campfire("replay", "verify", str(good), str(bad), str(also_good))
    assert result.exit_code == 1
    assert result.stdout.count(": OK (") == 2
    assert len(errors(result)) == 1 and errors(result)[0].startswith(f"{bad}: ")


def test_a_newer_format_is_refused_naming_the_version(tmp_path):
    path = tmp_path / "future.cfr"
    path.write_bytes(msgpack.packb({"campfire_replay": FORMAT_VERSION + 1, "body": b"", "blake2b": b""}))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert errors(result) == [
        f"{path}: format version {FORMAT_VERSION + 1} is newer than this campfire reads "
        f"(up to {FORMAT_VERSION}); upgrade campfire"
    ]


def test_an_older_unsupported_format_is_refused_naming_the_version(tmp_path):
    path = tmp_path / "ancient.cfr"
    path.write_bytes(msgpack.packb({"campfire_replay": 0, "body": b"", "blake2b": b""}))
    result = campfire("replay", "show", str(path))
    assert result.exit_code == 1
    assert errors(result) == [f"{path}: format version 0 is not supported (this campfire reads version 1)"]


def test_a_replay_of_another_game_version_is_refused(record, monkeypatch):
    path = record()
    game = default_registry().game("grizzly-race")
    recorded = game.version
    monkeypatch.setattr(type(game), "version", "99")
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert errors(result) == [
        f"{path}: recorded with grizzly-race version {recorded}, but version 99 is installed: its rules may differ"
    ]


def _fields(instance) -> dict:
    import attrs

    return attrs.asdict(instance, recurse=False)


def test_an_old_format_version_with_a_reader_still_loads(record, monkeypatch):
    """The upgrade path: each old version keeps a reader that turns its body into the current Replay."""
    from replays import format as fmt

    def read_v0(body):  # a made-up version 0 that called the actions "moves"
        body["actions"] = body.pop("moves")
        return fmt._read_body_v1(body)

    monkeypatch.setitem(fmt._BODY_READERS, 0, read_v0)
    path = record()
    outer = msgpack.unpackb(path.read_bytes())
    body = msgpack.unpackb(outer["body"])
    body["moves"] = body.pop("actions")
    packed = msgpack.packb(body)
    old = msgpack.packb({"campfire_replay": 0, "body": packed, "blake2b": fmt._checksum(packed)})
    replay = decode_replay(old)
    assert replay.format_version == 0
    Simulator(replay).verify()


def test_a_forfeit_the_match_contradicts_fails_verify_in_one_line(record):
    """A stored forfeit must agree with the re-simulation: the match may not have ended, the forfeiting seat
    is the one that was to act, and a forfeit (and only a forfeit) gives its reason."""
    ended = record(seed=5)
    replay = read_replay(ended)
    replay.result = type(replay.result)(**{**_fields(replay.result), "forfeit": 0, "error": "ran out of time"})
    ended.write_bytes(encode_replay(replay))
    no_seat = record(seed=6)
    replay = read_replay(no_seat)
    replay.result = type(replay.result)(**{**_fields(replay.result), "error": "ran out of time"})
    no_seat.write_bytes(encode_replay(replay))
    other_seat, no_reason = record(seed=7), record(seed=8)
    to_act = Simulator(read_replay(other_seat)).state_at(5).to_act[0]
    forfeited_at(other_seat, 5, seat=1 - to_act)
    forfeited_at(no_reason, 5, error=None)
    to_act_no_reason = Simulator(read_replay(no_reason)).state_at(5).to_act[0]
    result = campfire("replay", "verify", str(ended), str(no_seat), str(other_seat), str(no_reason))
    assert result.exit_code == 1
    steps = read_replay(ended).steps
    assert errors(result) == [
        f"{ended}: diverges at step {steps}: the replay says seat 0 forfeited, but the match ended normally",
        f"{no_seat}: diverges at step {read_replay(no_seat).steps}: the replay gives a forfeit's reason, "
        "but no seat forfeited",
        f"{other_seat}: diverges at step 5: the replay says seat {1 - to_act} forfeited, but seat {to_act} was to act",
        f"{no_reason}: diverges at step 5: the replay says seat {to_act_no_reason} forfeited, but gives no reason",
    ]
    assert result.stdout == ""


def test_a_forfeit_that_agrees_with_the_match_verifies(record):
    path = record()
    forfeited_at(path, 5)
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 0, result.output


def test_a_forfeit_whose_returns_are_not_a_forfeits_fails_verify(record):
    """The forfeiting seat scores 0 and the others share its win: a replay may not say otherwise."""
    path = record()
    forfeited_at(path, 5, returns=(0.5, 0.5))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    to_act = Simulator(read_replay(path)).state_at(5).to_act[0]
    expected = "(0, 1)" if to_act == 0 else "(1, 0)"
    assert errors(result) == [f"{path}: diverges at step 5: the returns are {expected}, the replay says (0.5, 0.5)"]
