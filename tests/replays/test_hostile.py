"""Untrusted replays: every kind of bad file gives one line naming the file and the problem, a non-zero
exit, no traceback and bounded memory, and the other files on the command line are still processed."""

from __future__ import annotations

import json
import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replays.format import MAX_FILE_BYTES, ReplayError, _checksum, decode_replay, encode_replay, read_replay
from replays.simulate import Simulator
from tests.replays.conftest import campfire, errors, forge, rewritten


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> bytes:
    """The bytes of a valid 4-seat replay (format 2) with search statistics."""
    from corekit import Registry, play_match
    from tests.replays.conftest import _FakeSearchPlugin

    registry = Registry(plugins=[_FakeSearchPlugin()])
    path = tmp_path_factory.mktemp("good") / "good.cfr"
    play_match(
        registry.game("grizzly-race"),
        ["fakesearch", "random", "random", "random"],
        11,
        registry=registry,
        settings={"replay": path},
    )
    # Digests every 8 steps (of 28), so damaging one has a step to name.
    return encode_replay(rewritten(read_replay(path), digest_every=8))


def forge_raw_body(data: bytes, body: bytes) -> bytes:
    """A replay whose body bytes are `body`, with a correct checksum."""
    return msgpack.packb({"campfire_replay": 2, "body": body, "blake2b": _checksum(body)})


def _set(path: tuple, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        target = body
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :]


# (name, make(good bytes) -> bad bytes, expected message fragment)
CORPUS: list[tuple[str, Callable[[bytes], bytes], str]] = [
    ("empty", lambda g: b"", "empty file"),
    ("truncated-early", lambda g: g[:10], "truncated"),
    ("truncated-half", lambda g: g[: len(g) // 2], "truncated"),
    ("truncated-last-byte", lambda g: g[:-1], "truncated"),
    ("bit-flip-body", lambda g: _flip(g, g.index(b"0.1.0") + 4), "checksum mismatch"),
    ("bit-flip-version", lambda g: g[:17] + bytes([g[17] ^ 0x01]) + g[18:], "format version 3 is newer"),
    ("random-bytes", lambda g: bytes((i * 7919 + 13) % 251 for i in range(500)), "not a campfire replay"),
    ("text", lambda g: b"hello, this is not a replay\n", "not a campfire replay"),
    ("json", lambda g: b'{"campfire_replay": 1}', "not a campfire replay"),
    ("no-msgpack-byte", lambda g: b"\xc1", "unreadable file (a byte that begins no msgpack value)"),
    ("int-map-key", lambda g: msgpack.packb({1: 2}), "unreadable file (a map key that is not a text)"),
    ("bad-utf8-text", lambda g: b"\x81\xa2\xff\xfe\x01", "unreadable file (a text that is not valid UTF-8)"),
    ("msgpack-list", lambda g: msgpack.packb([1, 2, 3]), "not a campfire replay (no format marker)"),
    ("msgpack-map", lambda g: msgpack.packb({"game": "grizzly-race"}), "not a campfire replay (no format marker)"),
    ("stray-bytes", lambda g: g + b"\x00", "1 stray byte after the file"),
    ("stray-bytes-two", lambda g: g + b"\x00\x00", "2 stray bytes after the file"),
    ("deeply-nested", lambda g: b"\x91" * 100_000 + b"\x90", "nested too deeply"),
    ("deeply-nested-body", lambda g: forge_raw_body(g, b"\x91" * 100_000 + b"\x90"), "nested too deeply"),
    (
        "huge-array-claim",
        lambda g: b"\xdd\xff\xff\xff\xff",
        "unreadable file (an array of 4294967295 items where a replay allows at most 16)",
    ),
    (
        "huge-bin-claim",
        lambda g: b"\x83\xafcampfire_replay\x01\xa4body\xc6\xff\xff\xff\xf0",
        "truncated",
    ),  # the claim is never allocated: the data simply is not there
    ("huge-str-claim", lambda g: b"\xdb\x7f\xff\xff\xff", "truncated"),
    (
        "huge-claim-in-body",
        lambda g: forge_raw_body(g, b"\x81\xa7actions\xdd\x00\xff\xff\xff"),
        "unreadable body (an array of 16777215 items where a replay allows at most",
    ),
    ("ext-type", lambda g: forge_raw_body(g, b"\xd4\x05\x00"), "extension type 5"),
    (
        "version-not-int",
        lambda g: msgpack.packb({"campfire_replay": "1", "body": b"", "blake2b": b""}),
        "format version '1' is not a number",
    ),
    (
        "newer-format",
        lambda g: msgpack.packb({"campfire_replay": 9, "body": b"", "blake2b": b""}),
        "format version 9 is newer than this campfire reads (up to 2); upgrade campfire",
    ),
    ("no-checksum", lambda g: msgpack.packb({"campfire_replay": 1, "body": b"\x80"}), "missing body or checksum"),
    ("seed-is-text", lambda g: forge(g, _set(("header", "seed"), "11")), "header.seed must be an int, got str"),
    ("seats-not-text", lambda g: forge(g, _set(("header", "seats"), [1, 2])), "header.seats[0] must be a str, got int"),
    (
        "seats-a-map",
        lambda g: forge(g, _set(("header", "seats"), {"a": "random"})),
        "header.seats must be an array, got dict",
    ),
    ("missing-game", lambda g: forge(g, lambda b: b["header"].pop("game")), "header.game is missing"),
    (
        "options-nested",
        lambda g: forge(g, _set(("header", "options"), {"stall_rounds": [1]})),
        "header.options.stall_rounds must be an int, float, bool or str, got list",
    ),
    (
        "digest-every-zero",
        lambda g: forge(g, _set(("header", "digest_every"), 0)),
        "header.digest_every must be at least 1, got 0",
    ),
    (
        # Digests spaced 2**63 apart let a few hundred bytes claim a million steps, checked only at the end.
        "digest-every-past-64",
        lambda g: forge(g, _set(("header", "digest_every"), 2**63)),
        f"header.digest_every must be at most 64, got {2**63}",
    ),
    ("seats-empty", lambda g: forge(g, _set(("header", "seats"), [])), "header.seats must not be empty"),
    (
        # No match's returns leave [0, 1] (the runner refuses a game's that do), and two of 1e308 overflow a sum.
        "returns-huge",
        lambda g: forge(g, _set(("result", "returns"), [1e308, 1e308, 0, 0])),
        "result.returns must each be in [0, 1], as every match's are: got (1e+308, 1e+308, 0.0, 0.0)",
    ),
    (
        "returns-negative",
        lambda g: forge(g, _set(("result", "returns"), [-0.5, 1, 0, 0])),
        "result.returns must each be in [0, 1], as every match's are: got (-0.5, 1.0, 0.0, 0.0)",
    ),
    ("times-missing", lambda g: forge(g, lambda b: b.pop("times")), "bad annotations (the body has no 'times')"),
    (
        "returns-text",
        lambda g: forge(g, _set(("result", "returns"), "1,0")),
        "result.returns must be an array, got str",
    ),
    ("steps-negative", lambda g: forge(g, _set(("result", "steps"), -1)), "result.steps must be >= 0, got -1"),
    (
        "steps-too-many",
        lambda g: forge(g, _set(("result", "steps"), 2_000_000)),
        "result.steps must be at most 1000000, got 2000000",
    ),
    (
        "final-digest-short",
        lambda g: forge(g, _set(("result", "final_digest"), b"\x01")),
        "result.final_digest must be 8 bytes, got 1",
    ),
    (
        "forfeit-text",
        lambda g: forge(g, _set(("result", "forfeit"), "0")),
        "result.forfeit must be an int or nil, got str",
    ),
    (
        "forfeit-no-such-seat",
        lambda g: forge(g, _set(("result", "forfeit"), 7)),
        "result.forfeit is seat 7, which does not exist (4 seats)",
    ),
    ("error-a-number", lambda g: forge(g, _set(("result", "error"), 3)), "result.error must be a str or nil, got int"),
    ("choices-a-map", lambda g: forge(g, _set(("choices",), {"a": 1})), "bad field 'choices': expected bytes"),
    ("coded-a-map", lambda g: forge(g, _set(("coded",), {"a": 1})), "bad field 'coded': expected list"),
    ("coded-not-a-triple", lambda g: forge(g, _set(("coded",), [[1, 0]])), "a coded step is not [step, seat, action"),
    (
        "action-a-float",
        lambda g: forge(g, _set(("coded",), [[4, 0, 1.5]])),
        "step 4 has an action code of the wrong shape",
    ),
    ("action-a-map", lambda g: forge(g, _set(("coded",), [[1, 0, {"x": 1}]])), "wrong shape"),
    ("seat-out-of-range", lambda g: forge(g, _set(("coded",), [[1, 9, 1]])), "step 1 is played by seat 9 of 4"),
    (
        "coded-out-of-order",
        lambda g: forge(g, _set(("coded",), [[3, 0, 1], [2, 0, 1]])),
        "coded step 2 is out of order or past step 28",
    ),
    (
        "fewer-choices",
        lambda g: forge(g, lambda b: b.__setitem__("choices", b["choices"][:-2])),
        "the action stream ends before the replay's last step",
    ),
    (
        "more-choices",
        lambda g: forge(g, lambda b: b.__setitem__("choices", b["choices"] + b"\x01")),
        "the action stream holds more choices than the replay's steps",
    ),
    (
        "choice-out-of-range",
        lambda g: forge(g, lambda b: b.__setitem__("choices", b"\xff" + b["choices"][1:])),
        "diverges at step 1: the recorded choice 8 is out of range",
    ),
    ("times-floats", lambda g: forge(g, lambda b: b["times"].__setitem__(0, 0.5)), "bad annotations"),
    ("stats-bad-row", lambda g: forge(g, lambda b: b["stats"][0][1].__setitem__(0, ["x"])), "bad annotations"),
    (
        "stats-step-out-of-range",
        lambda g: forge(g, lambda b: b["stats"][0].__setitem__(0, 10_000)),
        "bad annotations: statistics for step 10000",
    ),
    (
        "stats-out-of-order",
        lambda g: forge(g, lambda b: b["stats"].reverse()),
        "which is out of order or past step",
    ),
    ("unknown-game", lambda g: forge(g, _set(("header", "game"), "chess")), "unknown game 'chess' (installed:"),
    ("bad-option", lambda g: forge(g, _set(("header", "options"), {"speed": 3})), "cannot set up the match"),
    (
        "too-many-seats",
        lambda g: forge(g, _set(("header", "seats"), ["random"] * 9)),
        "result.returns has 4 values for 9 seats",
    ),
    (
        "over-255-seats",
        lambda g: forge(g, _set(("header", "seats"), ["random"] * 256)),
        "header.seats has 256 seats, more than 255",
    ),
    (
        "failed-digest",
        lambda g: forge(g, lambda b: b.__setitem__("digests", bytes(8) + b["digests"][8:])),
        "diverges at step 8: the state differs from the recorded one (the first difference is in steps 1-8)",
    ),
    (
        "failed-middle-digest",
        lambda g: forge(g, lambda b: b.__setitem__("digests", b["digests"][:8] + bytes(8) + b["digests"][16:])),
        "diverges at step 16: the state differs from the recorded one (the first difference is in steps 9-16)",
    ),
    (
        "digests-short",
        lambda g: forge(g, lambda b: b.__setitem__("digests", b["digests"][:8])),
        "bad digests: 8 digest bytes, where 28 steps digested every 8 (header.digest_every) need 24",
    ),
    (
        "digest-every-changed",
        lambda g: forge(g, _set(("header", "digest_every"), 1)),
        "bad digests: 24 digest bytes, where 28 steps digested every 1 (header.digest_every) need 224",
    ),
    (
        "times-negative",
        lambda g: forge(g, lambda b: b["times"].__setitem__(0, -1)),
        "bad annotations: a time is not a whole, non-negative number of microseconds",
    ),
    (
        "failed-final-digest",
        lambda g: forge(g, _set(("result", "final_digest"), bytes(8))),
        "the final state differs from the recorded one",
    ),
    (
        "illegal-action",
        lambda g: forge(g, _set(("coded",), [[1, 0, 77]])),
        "diverges at step 1: play 77 is not a legal action for seat 0",
    ),
    (
        "action-of-wrong-kind",
        lambda g: forge(g, _set(("coded",), [[1, 0, ["a", [1, [2]]]]])),
        "diverges at step 1:",
    ),
    (
        "unfinished-a-number",
        lambda g: forge(g, _set(("result", "unfinished"), 3)),
        "result.unfinished must be a str or nil, got int",
    ),
    (
        "unfinished-but-ended",
        lambda g: forge(g, _set(("result", "unfinished"), "end of input")),
        "the replay says the match was stopped unfinished, but it ended",
    ),
]


@pytest.mark.parametrize(("name", "make", "message"), CORPUS, ids=[c[0] for c in CORPUS])
def test_a_bad_file_gets_one_line_and_a_non_zero_exit(good, tmp_path, name, make, message):
    path = tmp_path / f"{name}.cfr"
    path.write_bytes(make(good))
    for command in ("verify", "show", "view", "analyze"):
        result = campfire("replay", command, str(path))
        assert result.exit_code == 1, (command, result.output)
        lines = errors(result)
        assert len(lines) == 1, (command, result.output)
        assert lines[0].startswith(f"{path}: ")
        assert "Traceback" not in result.output and "unexpected" not in lines[0]
        if command == "verify" or "diverges" not in message:
            assert message in lines[0], (command, lines[0])


HEADER_FIELDS = ["campfire", "game", "game_version", "options", "seats", "seed", "digest_every"]
RESULT_FIELDS = ["steps", "returns", "final_digest", "forfeit", "error", "unfinished"]


@pytest.mark.parametrize(
    "path", [("header", f) for f in HEADER_FIELDS] + [("result", f) for f in RESULT_FIELDS], ids=".".join
)
@pytest.mark.parametrize("value", [{"x": 1}, [], 1.5, -1], ids=["map", "empty-array", "float", "minus-one"])
def test_every_header_and_result_error_names_the_field(good, path, value):
    bad = forge(good, _set(path, value))
    try:
        decode_replay(bad)
    except ReplayError as error:
        assert str(error).startswith(".".join(path)), str(error)
    else:  # only these are of the right type and range (an unknown option is refused when re-simulating)
        assert (path, value) in [(("header", "options"), {"x": 1}), (("header", "seed"), -1)]


def test_the_other_files_on_the_command_line_are_still_processed(good, tmp_path):
    names = []
    for index, (name, make, _message) in enumerate(CORPUS):
        path = tmp_path / f"{index:02d}-{name}.cfr"
        path.write_bytes(make(good))
        names.append(str(path))
    fine = tmp_path / "fine.cfr"
    fine.write_bytes(good)
    names.insert(len(names) // 2, str(fine))
    result = campfire("replay", "verify", *names)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{fine}: OK (grizzly-race, {decode_replay(good).steps} steps, 4 seats)"]
    assert [line.split(": ", 1)[0] for line in errors(result)] == [n for n in names if n != str(fine)]


def test_a_file_over_the_size_cap_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.cfr"
    with open(path, "wb") as out:
        out.truncate(MAX_FILE_BYTES + 10)  # sparse: costs no disk
    result = campfire("replay", "verify", str(path))
    assert errors(result) == [f"{path}: larger than the 4 MiB limit for a replay"]


def test_missing_files_and_folders_are_one_line_each(tmp_path):
    result = campfire("replay", "verify", str(tmp_path / "nope.cfr"), str(tmp_path))
    assert errors(result) == [
        f"{tmp_path / 'nope.cfr'}: no such file",
        f"{tmp_path}: is a directory, not a replay file",
    ]


@pytest.mark.parametrize("unit", [b"\x91\x90", b"\x92\x01\x02", b"\xa2ab", b"\x80"])
def test_memory_stays_within_a_small_multiple_of_the_file(unit):
    count = 60_000
    body = b"\x81\xa7actions\xdd" + count.to_bytes(4, "big") + unit * count
    data = forge_raw_body(b"", body)
    tracemalloc.start()
    try:
        with pytest.raises(ReplayError):
            decode_replay(data)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * len(data)


def test_every_single_bit_flip_is_an_error(good):
    for index in range(len(good)):
        flipped = good[:index] + bytes([good[index] ^ (1 << (index % 8))]) + good[index + 1 :]
        with pytest.raises(ReplayError):
            Simulator(decode_replay(flipped, require_intact=False)).verify()


def _load_and_verify(data: bytes) -> None:
    try:
        Simulator(decode_replay(data, require_intact=False)).verify()
    except ReplayError as error:
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_fuzz_random_bytes_only_ever_raise_replay_errors(data):
    _load_and_verify(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzz_mutated_replays_only_ever_raise_replay_errors(good, data):
    mutated = bytearray(good)
    for _ in range(data.draw(st.integers(1, 6))):
        kind = data.draw(st.sampled_from(["flip", "set", "cut", "insert"]))
        at = data.draw(st.integers(0, max(0, len(mutated) - 1)))
        if kind == "flip" and mutated:
            mutated[at] ^= 1 << data.draw(st.integers(0, 7))
        elif kind == "set" and mutated:
            mutated[at] = data.draw(st.integers(0, 255))
        elif kind == "cut":
            del mutated[at : at + data.draw(st.integers(1, 20))]
        else:
            mutated[at:at] = data.draw(st.binary(min_size=1, max_size=8))
    _load_and_verify(bytes(mutated))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzz_well_formed_bodies_with_wrong_values_only_ever_raise_replay_errors(good, data):
    values = st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**63), 2**64 - 1)
        | st.floats()
        | st.text(max_size=8)
        | st.binary(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
        max_leaves=12,
    )
    body = msgpack.unpackb(msgpack.unpackb(good)["body"])
    key = data.draw(st.sampled_from(sorted(body)))
    if isinstance(body[key], dict) and data.draw(st.booleans()):
        body[key][data.draw(st.sampled_from(sorted(body[key])))] = data.draw(values)
    else:
        body[key] = data.draw(values)
    _load_and_verify(forge_raw_body(b"", msgpack.packb(body)))


def test_paths_in_errors_are_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("x.cfr").write_bytes(b"junk")
    assert errors(campfire("replay", "verify", "x.cfr"))[0].startswith("x.cfr: ")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize(
    ("path", "field"),
    [
        (("result", "returns", 1), "result.returns[1]"),
        (("header", "options", "stall_rounds"), "header.options.stall_rounds"),
    ],
    ids=["returns", "option"],
)
def test_a_non_finite_number_is_refused_when_the_file_is_read(good, tmp_path, value, path, field):
    """Even unverified: `analyze --no-verify --json` would print NaN, which is not JSON."""
    bad = tmp_path / "bad.cfr"
    bad.write_bytes(forge(good, _set(path, value)))
    out = campfire("replay", "analyze", "--no-verify", "--json", str(bad))
    assert out.exit_code == 1
    assert errors(out) == [f"{bad}: {field} must be a finite number, got {value}"]
    assert json.loads(out.stdout)["files"] == 0


# -- hostile text and special files (issue 32) ------------------------------------------------------------


def _with_specs(good: bytes, *specs: str) -> bytes:
    return forge(good, _set(("header", "seats"), list(specs)))


@pytest.mark.parametrize("spec", ["[/nope]", "[bold red]loud[/]", "[link=http://x]y[/link]"])
def test_rich_markup_in_a_seat_spec_is_printed_as_it_is_written(good, tmp_path, spec):
    path = tmp_path / "markup.cfr"
    path.write_bytes(_with_specs(good, spec, "random", "random", "random"))
    out = campfire("replay", "analyze", str(path))
    assert out.exit_code == 0, out.output
    assert "MarkupError" not in out.output
    assert spec in out.stdout


def test_terminal_escapes_from_a_replay_are_shown_escaped_by_show_and_analyze(good, tmp_path):
    path = tmp_path / "escapes.cfr"
    path.write_bytes(_with_specs(good, "\x1b]0;owned\x07\x1b[2J", "random\rX", "random", "random"))
    for command in ("show", "analyze"):
        out = campfire("replay", command, str(path))
        assert out.exit_code == 0, (command, out.output)
        assert "\x1b" not in out.stdout and "\x07" not in out.stdout and "\r" not in out.stdout
        assert "\\x1b]0;owned\\x07\\x1b[2J" in out.stdout and "random\\rX" in out.stdout


def test_a_file_name_with_control_characters_is_shown_escaped(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "bad\x1b[31m.cfr").write_bytes(b"junk")
    out = campfire("replay", "analyze", str(folder))
    assert out.exit_code == 1
    assert errors(out) == [f"{folder}/bad\\x1b[31m.cfr: not a campfire replay (no format marker)"]


def _special(tmp_path: Path, kind: str) -> tuple[str, str]:
    """A special file of `kind` and how the reader names it."""
    import os

    if kind == "fifo":
        path = tmp_path / "pipe.cfr"
        os.mkfifo(path)
        return str(path), "is a FIFO (named pipe), not a replay file"
    if kind == "device":
        return "/dev/zero", "is a device, not a replay file"
    if kind == "directory":
        return str(tmp_path), "is a directory, not a replay file"
    path = tmp_path / "loop.cfr"
    path.symlink_to(path)
    return str(path), "is a symbolic link loop, not a replay file"


@pytest.fixture
def no_hang():
    """Fail a test that blocks (opening a FIFO for reading waits for a writer) instead of hanging the run."""
    import signal

    def stuck(signum, frame):
        raise AssertionError("blocked for 20 s")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "loop"])
@pytest.mark.parametrize("command", ["verify", "show", "view", "analyze"])
def test_a_special_file_is_refused_in_one_line_without_blocking(tmp_path, no_hang, command, kind):
    if command == "analyze" and kind == "directory":
        pytest.skip("analyze reads a folder's replays (an empty one is tested in test_analyze)")
    path, message = _special(tmp_path, kind)
    out = campfire("replay", command, path)
    assert out.exit_code == 1
    assert errors(out) == [f"{path}: {message}"]


def test_a_symlink_loop_or_fifo_in_analyze_fails_that_file_only(good, tmp_path, no_hang):
    import os

    (tmp_path / "a.cfr").write_bytes(good)
    loop = tmp_path / "loop.cfr"
    loop.symlink_to(loop)
    os.mkfifo(tmp_path / "pipe.cfr")
    (tmp_path / "z.cfr").write_bytes(good)
    out = campfire("replay", "analyze", "--json", str(loop), str(tmp_path))
    assert out.exit_code == 1
    assert errors(out) == [
        f"{loop}: is a symbolic link loop, not a replay file",
        f"{tmp_path / 'pipe.cfr'}: is a FIFO (named pipe), not a replay file",
    ]
    assert json.loads(out.stdout)["files"] == 2


@pytest.mark.parametrize("value", [True, 7.0, 1.5, "7"])
def test_a_header_option_of_the_wrong_type_is_refused_by_verify(good, tmp_path, value):
    """Options are typed strictly in replay headers as on the command line: stall_rounds takes an int only."""
    path = tmp_path / "typed.cfr"
    path.write_bytes(forge(good, _set(("header", "options"), {"stall_rounds": value})))
    out = campfire("replay", "verify", str(path))
    assert out.exit_code == 1, out.output
    lines = errors(out)
    assert len(lines) == 1 and "option 'stall_rounds' needs an integer" in lines[0], lines
    assert "Traceback" not in out.output


def test_a_file_that_grew_after_its_size_was_taken_is_read_on_up_to_the_limit(tmp_path):
    from replays.format import _read_at_most

    path = tmp_path / "growing.cfr"
    path.write_bytes(b"x" * 200_000)
    handle = os.open(path, os.O_RDONLY)
    try:
        assert _read_at_most(handle, 150_001, 10) == b"x" * 150_001  # told 10 bytes: reads on, stops at the limit
    finally:
        os.close(handle)


def test_a_replay_is_read_in_one_system_call(tmp_path, monkeypatch):
    from corekit import default_registry, play_match
    from replays.format import read_replay

    registry = default_registry()
    path = tmp_path / "r.cfr"
    play_match(registry.game("slasher"), ["random", "random"], 3, registry=registry, settings={"replay": path})
    reads = []
    real = os.read
    monkeypatch.setattr(os, "read", lambda handle, size: reads.append(size) or real(handle, size))
    assert read_replay(path).steps > 0
    assert reads == [path.stat().st_size + 1]  # the size and a byte more: the file whole, its end seen


def _twice(entries: list[Any], index: int = 0) -> None:
    entries.insert(index + 1, list(entries[index]))


# (name, change to the body, the reader's refusal): each at the edge of what the format allows.
EDGES: list[tuple[str, Callable[[dict[str, Any]], None], Callable[[dict[str, Any]], str]]] = [
    (
        "digest-every-65",
        _set(("header", "digest_every"), 65),
        lambda b: "header.digest_every must be at most 64, got 65",
    ),
    (
        "coded-seat-equal-to-the-player-count",
        _set(("coded",), [[1, 4, 1]]),
        lambda b: "bad action stream: step 1 is played by seat 4 of 4",
    ),
    (
        "coded-step-twice",
        _set(("coded",), [[3, 0, 1], [3, 0, 2]]),
        lambda b: "bad action stream: coded step 3 is out of order or past step 28",
    ),
    (
        "coded-step-zero",
        _set(("coded",), [[0, 0, 1]]),
        lambda b: "bad action stream: coded step 0 is out of order or past step 28",
    ),
    (
        "final-digest-nine-bytes",
        _set(("result", "final_digest"), bytes(9)),
        lambda b: "result.final_digest must be 8 bytes, got 9",
    ),
    (
        "forfeit-seat-equal-to-the-player-count",
        _set(("result", "forfeit"), 4),
        lambda b: "result.forfeit is seat 4, which does not exist (4 seats)",
    ),
    (
        "one-time-missing",
        lambda b: b["times"].pop(),
        lambda b: "bad annotations: 27 times for 28 steps",
    ),
    (
        "statistics-for-a-step-twice",
        lambda b: _twice(b["stats"]),
        lambda b: f"bad annotations: statistics for step {b['stats'][0][0]}, which is out of order or past step 28",
    ),
    (
        "statistics-value-not-a-number",
        lambda b: b["stats"][0][1][0].__setitem__(2, float("nan")),
        lambda b: f"bad annotations: step {b['stats'][0][0]} has a statistics row of the wrong shape",
    ),
    (
        "statistics-value-infinite",
        lambda b: b["stats"][0][1][0].__setitem__(2, float("inf")),
        lambda b: f"bad annotations: step {b['stats'][0][0]} has a statistics row of the wrong shape",
    ),
]


@pytest.mark.parametrize(("name", "change", "message"), EDGES, ids=[e[0] for e in EDGES])
def test_a_field_just_past_what_the_format_allows_is_refused_when_read_naming_it(good, name, change, message):
    body = msgpack.unpackb(msgpack.unpackb(good)["body"])
    assert (body["result"]["steps"], len(body["header"]["seats"]), len(body["times"])) == (28, 4, 28)
    expected = message(body)
    with pytest.raises(ReplayError) as caught:
        decode_replay(forge(good, change))
    assert str(caught.value) == expected
