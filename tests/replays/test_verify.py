"""`replay verify`: re-simulation checks every digest and says where a replay diverges: the exact step in
format 1 (a check byte per step), the steps between the last digest that matched and the first that did not
in format 2."""

from __future__ import annotations

import json

import msgpack
import pytest

from corekit.game import IllegalAction
from corekit.options import OptionError
from corekit.plugins import default_registry
from replays.format import CHANGED, FORMAT_VERSION, decode_replay, encode_replay, read_replay
from replays.simulate import Diverged, Simulator, typed_options
from tests.replays.conftest import campfire, errors, forfeited_at, forge, rewritten, v1_golden_as_installed


@pytest.fixture
def format_1(tmp_path):
    """A format-1 replay of the installed grizzly-race to damage (`v1_golden_as_installed`)."""
    path = tmp_path / "old.cfr"
    path.write_bytes(v1_golden_as_installed())
    return path


def _action_offset(data: bytes, actions: list) -> int:
    """Where the first action's byte sits in a format-1 file (the actions array follows its key in the body)."""
    marker = msgpack.packb("actions") + msgpack.packb(actions)
    start = data.index(marker) + len(msgpack.packb("actions"))
    return start + len(msgpack.packb(actions)) - len(b"".join(msgpack.packb(a) for a in actions))


def _v1_actions(path) -> tuple[bytes, list]:
    body = msgpack.unpackb(msgpack.unpackb(path.read_bytes())["body"])
    return body["seats"], body["actions"]


def _other_legal_action(path, step: int):
    """A legal action at `step` other than the recorded one (grizzly-race actions are 1-byte ints)."""
    simulator = Simulator(read_replay(path))
    seat, action = simulator.action(step)
    return next(a for a in simulator.state_at(step - 1).legal_actions(seat) if a != action)


@pytest.mark.parametrize("step", [1, 3, 7, 12])
def test_format_1_one_action_byte_changed_fails_verify_at_that_step(format_1, step):
    data = bytearray(format_1.read_bytes())
    _seats, actions = _v1_actions(format_1)
    offset = _action_offset(bytes(data), actions) + step - 1
    assert data[offset] == actions[step - 1]
    data[offset] = _other_legal_action(format_1, step)
    format_1.write_bytes(bytes(data))
    result = campfire("replay", "verify", str(format_1))
    assert result.exit_code == 1
    # The file changed after it was written: said first, then where the re-simulation goes wrong
    assert errors(result) == [
        f"{format_1}: {CHANGED}; diverges at step {step}: after "
        + errors(result)[0].split("; diverges", 1)[1].split("after ", 1)[1]
    ]
    assert "the state differs from the recorded one" in result.stderr


def test_format_1_an_illegal_action_byte_fails_at_that_step_naming_it(format_1):
    data = bytearray(format_1.read_bytes())
    seats, actions = _v1_actions(format_1)
    data[_action_offset(bytes(data), actions) + 4] = 9
    format_1.write_bytes(bytes(data))
    result = campfire("replay", "verify", str(format_1))
    assert result.exit_code == 1
    assert errors(result) == [
        f"{format_1}: {CHANGED}; diverges at step 5: play 9 is not a legal action for seat {seats[4]}"
    ]


def test_format_1_a_changed_seed_diverges_at_step_zero(format_1):
    changed = forge(format_1.read_bytes(), lambda body: body["header"].__setitem__("seed", 6))
    with pytest.raises(Diverged, match="diverges at step 0: the initial state differs"):
        Simulator(decode_replay(changed)).verify()


def test_format_2_a_changed_action_names_the_steps_since_the_last_digest_that_matched(record):
    path = record(specs="random,random,random,random", seed=12)
    replay = read_replay(path)
    assert replay.steps > 24
    changed = rewritten(replay, digest_every=8)  # digests at 8, 16, 24, ...
    step, choices = _another_match_after(replay, 17)
    assert step < 24
    changed.choices = choices
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(changed))).verify()
    assert caught.value.step == 24
    assert str(caught.value) == (
        "diverges at step 24: the state differs from the recorded one (the first difference is in steps 17-24)"
    )


def _another_match_after(replay, first: int) -> tuple[int, bytes]:
    """The choices of a match that plays as `replay` up to step `first` - 1, then another legal action at the
    first step from `first` on where the rest still plays legally: (that step, the choices)."""
    simulator = Simulator(replay)
    moves = simulator.moves()
    for step in range(first, len(moves) + 1):
        seat, action = moves[step - 1]
        for other in simulator.state_at(step - 1).legal_actions(seat):
            if other == action:
                continue
            try:
                return step, rewritten(replay, [*moves[: step - 1], (seat, other), *moves[step:]]).choices
            except IllegalAction:
                continue
    raise AssertionError("no other match found")


def test_format_2_a_choice_beyond_the_legal_actions_fails_at_its_step(record):
    replay = read_replay(record(seed=5))
    simulator = Simulator(replay)
    legal = len(simulator.state_at(0).legal_actions(0))
    assert legal in (5, 6)  # three bits: 7 is out of range
    replay.choices = bytes([replay.choices[0] | 0b111]) + replay.choices[1:]
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(replay))).verify()
    assert str(caught.value) == (
        f"diverges at step 1: the recorded choice 8 is out of range: seat 0 has {legal} legal actions"
    )


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda choices: choices[:-1], "the action stream ends before the replay's last step"),
        (lambda choices: choices + b"\x00", "the action stream holds more choices than the replay's steps"),
    ],
    ids=["short", "long"],
)
def test_format_2_a_stream_that_does_not_fit_the_steps_fails(record, cut, message):
    replay = read_replay(record(seed=5))
    replay.choices = cut(replay.choices)
    with pytest.raises(Diverged, match=message):
        Simulator(decode_replay(encode_replay(replay))).verify()


def test_format_2_a_changed_seed_fails_verify(record):
    replay = read_replay(record())
    replay.header = type(replay.header)(**{**_fields(replay.header), "seed": 6})
    with pytest.raises(Diverged, match="diverges at step"):
        Simulator(decode_replay(encode_replay(replay))).verify()


def test_a_wrong_result_fails_at_the_last_step(record):
    path = record()
    replay = read_replay(path)
    replay.result = type(replay.result)(**{**_fields(replay.result), "returns": (0.0, 1.0)})
    with pytest.raises(Diverged, match=r"diverges at step 12: the returns are \(1, 0\), the replay says \(0, 1\)"):
        Simulator(decode_replay(encode_replay(replay))).verify()


def test_a_replay_cut_short_without_a_forfeit_fails(record):
    replay = read_replay(record())
    replay = rewritten(replay, Simulator(replay).moves()[:10])
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
        "(the header, annotations, result or checksum were changed)"
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


def _refused_as_newer(path):
    """`replay verify` refuses `path` in one line as a format newer than it reads."""
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    assert errors(result) == [
        f"{path}: format version {FORMAT_VERSION + 1} is newer than this campfire reads "
        f"(up to {FORMAT_VERSION}); upgrade campfire"
    ]


def test_a_newer_format_is_refused_naming_the_version(tmp_path):
    path = tmp_path / "future.cfr"
    path.write_bytes(msgpack.packb({"campfire_replay": FORMAT_VERSION + 1, "body": b"", "blake2b": b""}))
    _refused_as_newer(path)


@pytest.mark.parametrize(
    ("entries", "rest"),
    [
        (3, b"\xc1"),  # then a byte no msgpack reader takes
        (1, b"\x00"),  # a stray byte after a whole map
        (21, b"".join(msgpack.packb(f"field {n}") + msgpack.packb(n) for n in range(20))),  # format 2 allows 16
    ],
    ids=["unreadable", "stray-byte", "many-entries"],
)
def test_a_newer_format_shaped_otherwise_is_refused_as_newer_from_its_first_entry(tmp_path, entries, rest):
    path = tmp_path / "future.cfr"
    first = msgpack.packb("campfire_replay") + msgpack.packb(FORMAT_VERSION + 1)
    map_header = bytes([0x80 | entries]) if entries < 16 else b"\xde" + entries.to_bytes(2, "big")
    path.write_bytes(map_header + first + rest)
    _refused_as_newer(path)


def test_an_older_unsupported_format_is_refused_naming_the_version(tmp_path):
    path = tmp_path / "ancient.cfr"
    path.write_bytes(msgpack.packb({"campfire_replay": 0, "body": b"", "blake2b": b""}))
    result = campfire("replay", "show", str(path))
    assert result.exit_code == 1
    assert errors(result) == [f"{path}: format version 0 is not supported (this campfire reads versions 1-2)"]


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

    def read_v0(body):  # a made-up version 0 that called the choices "moves"
        body["choices"] = body.pop("moves")
        return fmt._read_body_v2(body)

    monkeypatch.setitem(fmt._BODY_READERS, 0, read_v0)
    path = record()
    outer = msgpack.unpackb(path.read_bytes())
    body = msgpack.unpackb(outer["body"])
    body["moves"] = body.pop("choices")
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


def test_verify_says_a_forfeited_match_was_forfeited_and_by_which_seat_in_its_line_and_its_json(record):
    path = record()
    forfeited_at(path, 5)
    seat = read_replay(path).result.forfeit
    result = campfire("replay", "verify", str(path))
    assert (result.exit_code, result.stdout) == (
        0,
        f"{path}: OK (grizzly-race, 5 steps, 2 seats; forfeited by seat {seat})\n",
    )
    entry = json.loads(campfire("replay", "verify", "--json", str(path)).stdout)[0]
    assert (entry["ok"], entry["unfinished"], entry["forfeit"]) == (True, None, seat)
    assert list(entry)[-2:] == ["unfinished", "forfeit"]


def test_a_forfeit_whose_returns_are_not_a_forfeits_fails_verify(record):
    """The forfeiting seat scores 0 and the others share its win: a replay may not say otherwise."""
    path = record()
    forfeited_at(path, 5, returns=(0.5, 0.5))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    to_act = Simulator(read_replay(path)).state_at(5).to_act[0]
    expected = "(0, 1)" if to_act == 0 else "(1, 0)"
    assert errors(result) == [f"{path}: diverges at step 5: the returns are {expected}, the replay says (0.5, 0.5)"]


def test_verify_json_gives_one_entry_per_file_with_the_same_keys_and_fails_overall(record, tmp_path):
    good = record(seed=1)
    bad = tmp_path / "bad.cfr"
    bad.write_bytes(b"not a replay")
    diverging = tmp_path / "diverging.cfr"
    replay = read_replay(good)
    replay.result = type(replay.result)(**{**_fields(replay.result), "returns": (0.0, 1.0)})
    diverging.write_bytes(encode_replay(replay))
    result = campfire("replay", "verify", "--json", str(good), str(bad), str(diverging))
    assert result.exit_code == 1
    entries = json.loads(result.stdout)
    steps = read_replay(good).steps
    assert entries == [
        {
            "file": str(good),
            "ok": True,
            "error": None,
            "game": "grizzly-race",
            "format_version": FORMAT_VERSION,
            "steps": steps,
            "seats": 2,
            "unfinished": None,
            "forfeit": None,
        },
        {  # nothing could be read
            "file": str(bad),
            "ok": False,
            "error": "not a campfire replay (no format marker)",
            "game": None,
            "format_version": None,
            "steps": None,
            "seats": None,
            "unfinished": None,
            "forfeit": None,
        },
        {  # read, but what its result claims is not vouched for
            "file": str(diverging),
            "ok": False,
            "error": entries[2]["error"],
            "game": "grizzly-race",
            "format_version": FORMAT_VERSION,
            "steps": None,
            "seats": 2,
            "unfinished": None,
            "forfeit": None,
        },
    ]
    assert "diverges at step" in entries[2]["error"]
    assert errors(result) == [f"{bad}: not a campfire replay (no format marker)", f"{diverging}: {entries[2]['error']}"]


def test_a_header_s_options_are_made_once_and_a_value_of_another_type_is_still_refused():
    game = default_registry().game("grizzly-race")
    made = typed_options(game, {"stall_rounds": 7})
    assert made.stall_rounds == 7 and typed_options(game, {"stall_rounds": 7}) is made
    for other in (True, 7.0, "7"):  # equal to 7, or written like it: refused as before, not the options of 7
        with pytest.raises(OptionError):
            typed_options(game, {"stall_rounds": other})


def test_a_format_1_header_without_digest_every_is_read_with_that_formats_default_of_16(tmp_path):
    # FORMAT.md: in format 1 `digest_every` defaulted to 16 (format 2's default is 64).
    path = tmp_path / "no-spacing.cfr"
    path.write_bytes(forge(v1_golden_as_installed(), lambda body: body["header"].pop("digest_every")))
    assert read_replay(path).header.digest_every == 16
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 0 and result.stdout.strip() == f"{path}: OK (grizzly-race, 27 steps, 3 seats)"


def test_returns_that_differ_past_the_short_form_are_shown_in_full(record):
    path = record()
    replay = read_replay(path)
    first = replay.result.returns[0]
    nudged = [first - 1e-8 if first > 0.5 else first + 1e-8, *replay.result.returns[1:]]  # still in [0, 1]
    path.write_bytes(forge(path.read_bytes(), lambda body: body["result"].__setitem__("returns", nudged)))
    result = campfire("replay", "verify", str(path))
    assert result.exit_code == 1
    shown = ", ".join(repr(float(value)) for value in nudged)
    assert errors(result)[0].endswith(f"the replay says ({shown})")


@pytest.mark.parametrize(
    ("game_id", "specs"),
    [
        ("grizzly-race", "random,heuristic,random"),
        ("slasher", "random,heuristic,random,random"),
        ("scavengers", "heuristic,random"),
        ("camp-grizzly", "random,heuristic"),
    ],
)
def test_a_simulator_without_the_record_reaches_the_states_the_match_did_and_keeps_no_record(record, game_id, specs):
    # Verifying and analysing re-simulate without the record of where face-down cards came from: the digests leave
    # it out and no rule may read it, so every state must digest as the recorded match's did.
    replay = read_replay(record(game_id, specs, 3))
    kept, unkept = Simulator(replay), Simulator(replay, record=False)
    assert kept.state_at(0).record is not None  # what `show` and `view` keep, for the seats' views
    for step in range(replay.steps + 1):
        state = unkept.state_at(step)
        assert state.digest() == kept.state_at(step).digest(), step
        assert state.record is None
    unkept.verify()


def test_a_match_a_seat_forfeited_when_seated_verifies_whoever_was_to_act(tmp_path):
    """Every player is seated before the first step, so the seat that fails there need not be the one to act."""
    from ai.random_player import RandomPlayer
    from corekit import play_match

    class FailsWhenSeated(RandomPlayer):
        def seated(self, view):
            raise RuntimeError("no chair")

    game = default_registry().game("grizzly-race")
    path = tmp_path / "seated.cfr"
    players = [RandomPlayer(seed=1), FailsWhenSeated(seed=2)]
    result = play_match(game, ["random", "random"], 1, players=players, settings={"replay": str(path)})
    assert (result.forfeit, result.steps) == (1, 0) and game.initial_state(2, 1).to_act[0] == 0
    verified = campfire("replay", "verify", str(path))
    assert verified.exit_code == 0, verified.output


def test_a_flipped_bit_that_leaves_the_body_unreadable_is_said_alike_by_verify_and_every_other_command(record):
    # A bit flipped in the body's key "coded" (as a tester's flip at byte 200 did): the body reads no more, and
    # `verify`, which reads a changed file on to say where it diverges, said "(... the body has no 'coded')".
    path = record(seed=5)
    data = bytearray(path.read_bytes())
    data[data.index(msgpack.packb("coded")) + len("coded")] ^= 0x01
    path.write_bytes(bytes(data))
    for command in (
        ("replay", "verify"),
        ("replay", "show"),
        ("replay", "analyze"),
        ("position", "grizzly-race", "--replay"),
    ):
        result = campfire(*command, str(path))
        assert (result.exit_code, errors(result), result.stdout) == (1, [f"{path}: {CHANGED}"], ""), command


def test_search_statistics_naming_an_action_its_seat_could_not_play_fail_verify_naming_the_step_and_action(record):
    # Annotations are outside the digests: a tester rewrote the statistics (and the checksum) to a "play 99" at
    # step 1, which verified and which the viewer listed as a move the search weighed.
    path = record(seed=5)
    path.write_bytes(forge(path.read_bytes(), lambda body: body.__setitem__("stats", [[1, [[99, 5, 0.5]]]])))
    seat = Simulator(read_replay(path)).action(1)[0]
    message = (
        f"{path}: bad annotations: the search statistics of step 1 name play 99, which is not a legal action for "
        f"seat {seat} there"
    )
    for command in (("replay", "verify"), ("replay", "show"), ("replay", "view")):
        result = campfire(*command, str(path))
        assert (result.exit_code, errors(result), result.stdout) == (1, [message], ""), command


@pytest.mark.parametrize(
    ("game_id", "specs"),
    [
        ("grizzly-race", "mcts:iterations=30,random,mcts:iterations=20"),
        ("slasher", "mcts:iterations=20,random,random"),
        ("scavengers", "mcts:iterations=20,random"),
        ("camp-grizzly", "random,mcts:iterations=20"),
    ],
)
def test_a_search_players_statistics_name_only_actions_its_seat_could_play(record, game_id, specs):
    replay = read_replay(record(game_id, specs, 2))
    assert replay.stats
    Simulator(replay).verify()


def test_a_newer_format_whose_marker_is_not_the_first_entry_is_still_refused_as_newer(record, tmp_path):
    outer = msgpack.unpackb(record().read_bytes())
    path = tmp_path / "future.cfr"
    # The same entries in another order: the version is not where the quick look finds it, the full read does.
    path.write_bytes(
        msgpack.packb({"body": outer["body"], "blake2b": outer["blake2b"], "campfire_replay": FORMAT_VERSION + 1})
    )
    _refused_as_newer(path)


def test_a_file_whose_checksum_fails_is_refused_on_reading_even_by_analyze_without_verifying(record):
    from replays.format import ReplayError

    path = record()
    outer = msgpack.unpackb(path.read_bytes())
    body = msgpack.unpackb(outer["body"])
    body["times"][0] += 1  # an annotation: the match still re-simulates, only the checksum can tell
    path.write_bytes(msgpack.packb({**outer, "body": msgpack.packb(body)}))
    with pytest.raises(ReplayError) as caught:
        read_replay(path)
    assert str(caught.value) == CHANGED
    result = campfire("replay", "analyze", "--no-verify", "--json", str(path))
    assert (result.exit_code, errors(result)) == (1, [f"{path}: {CHANGED}"])
    assert json.loads(result.stdout)["files"] == 0


def test_a_digest_that_differs_right_after_one_that_matched_names_its_step_alone(record):
    replay = rewritten(read_replay(record()), digest_every=1)  # a digest after every step
    assert replay.steps == 12
    replay.digests[5] = bytes(8)
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(replay))).verify()
    assert str(caught.value) == "diverges at step 5: the state differs from the recorded one"


def test_a_final_digest_that_differs_where_the_last_periodic_digest_matched_names_the_last_step_alone(record):
    import attrs

    replay = rewritten(read_replay(record()), digest_every=4)  # digests at 4, 8 and 12, the last step
    assert replay.steps == 12 and replay.digests[12] == replay.result.final_digest
    replay.result = attrs.evolve(replay.result, final_digest=bytes(8))
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(replay))).verify()
    # The state at step 12 matched its digest: only the recorded final digest is wrong, so no steps are blamed.
    assert str(caught.value) == "diverges at step 12: the final state differs from the recorded one"


def test_a_forfeit_whose_reason_is_empty_fails_verify_as_giving_no_reason(record):
    path = record()
    forfeited_at(path, 5, error="")  # a str, but no reason: FORMAT.md asks for a non-empty one
    seat = read_replay(path).result.forfeit
    result = campfire("replay", "verify", str(path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert errors(result) == [f"{path}: diverges at step 5: the replay says seat {seat} forfeited, but gives no reason"]


def test_a_partial_replay_that_gives_a_forfeits_reason_fails_verify(record):
    import attrs

    replay = read_replay(record())
    replay = rewritten(replay, Simulator(replay).moves()[:5])
    replay.result = attrs.evolve(replay.result, unfinished="seat 0 left", returns=(0.0, 0.0), error="ran out of time")
    assert replay.result.forfeit is None
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(replay))).verify()
    assert str(caught.value) == (
        "diverges at step 5: the replay says the match was stopped unfinished, but gives a forfeit"
    )


def test_a_damaged_digest_at_the_last_step_fails_verify_though_the_final_digest_is_intact(record):
    replay = rewritten(read_replay(record()), digest_every=4)  # digests at 4, 8 and 12, the last step
    assert replay.steps == 12
    replay.digests[12] = bytes(8)
    with pytest.raises(Diverged) as caught:
        Simulator(decode_replay(encode_replay(replay))).verify()
    assert str(caught.value) == (
        "diverges at step 12: the state differs from the recorded one (the first difference is in steps 9-12)"
    )


def test_a_format_1_file_with_a_digest_more_than_its_steps_need_is_refused_when_read():
    from replays.format import ReplayError

    def longer(body):
        body["digests"] += bytes(8)

    data = forge(v1_golden_as_installed(), longer)
    with pytest.raises(ReplayError) as caught:
        decode_replay(data)
    assert str(caught.value) == (
        "bad digests: 24 digest bytes, where 27 steps digested every 16 (header.digest_every) need 16"
    )
