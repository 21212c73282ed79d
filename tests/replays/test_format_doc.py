"""FORMAT.md is enough to read a replay: a reader written from it alone, with plain msgpack and hashlib (and the
game, which format 2 needs to read the actions back)."""

from __future__ import annotations

import hashlib

import msgpack

from corekit.plugins import default_registry
from tests.replays.conftest import DATA, V1_GOLDEN, v1_golden_as_installed


def _outer(name: str, version: int) -> dict:
    data = v1_golden_as_installed() if name == V1_GOLDEN else (DATA / name).read_bytes()
    assert data.startswith(bytes([0x83, 0xAF]) + b"campfire_replay" + bytes([version]))
    outer = msgpack.unpackb(data)
    assert list(outer) == ["campfire_replay", "body", "blake2b"]
    assert hashlib.blake2b(outer["body"], digest_size=8).digest() == outer["blake2b"]
    return msgpack.unpackb(outer["body"])


def _digest(state) -> bytes:
    return bytes.fromhex(state.digest())


def test_a_reader_written_from_format_md_reads_and_re_simulates_a_format_2_golden_replay():
    body = _outer("grizzly-race.v4.format2.cfr", 2)  # the golden of the installed version
    assert list(body) == ["header", "choices", "coded", "digests", "times", "stats", "result"]
    header, result = body["header"], body["result"]
    n, d = result["steps"], header["digest_every"]
    assert len(body["times"]) == n and len(body["digests"]) == 8 * (n // d)
    assert [step for step, _rows in body["stats"]] == sorted(step for step, _rows in body["stats"])
    coded = {step: (seat, code) for step, seat, code in body["coded"]}

    game = default_registry().game(header["game"])
    assert str(game.version) == header["game_version"]
    state = game.initial_state(len(header["seats"]), header["seed"], game.make_options(header["options"]))
    stream, used = int.from_bytes(body["choices"], "little"), 0
    for k in range(1, n + 1):
        if k in coded:
            seat, code = coded[k]
            state.apply(seat, game.decode_action(code))
        else:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            bits = (len(legal) - 1).bit_length()
            index = (stream >> used) & ((1 << bits) - 1)
            used += bits
            assert index < len(legal)
            state.apply_unchecked(seat, legal[index])
        if k % d == 0:
            assert _digest(state) == body["digests"][8 * (k // d - 1) : 8 * (k // d)]
    assert stream >> used == 0 and len(body["choices"]) == -(-used // 8)
    assert _digest(state) == result["final_digest"]
    assert result["unfinished"] is None
    assert state.is_terminal and state.returns() == result["returns"]


def test_a_reader_written_from_format_md_reads_and_re_simulates_a_format_1_golden_replay():
    body = _outer(V1_GOLDEN, 1)  # its header names the installed version
    assert list(body) == ["header", "seats", "actions", "checks", "digests", "times", "stats", "result"]
    header, result = body["header"], body["result"]
    n, d = result["steps"], header["digest_every"]
    assert len(body["seats"]) == len(body["actions"]) == len(body["checks"]) == len(body["times"]) == n
    assert len(body["digests"]) == 8 * (n // d + 1)
    game = default_registry().game(header["game"])
    state = game.initial_state(len(header["seats"]), header["seed"], game.make_options(header["options"]))
    assert _digest(state) == body["digests"][0:8]
    for k in range(1, n + 1):
        state.apply(body["seats"][k - 1], game.decode_action(body["actions"][k - 1]))
        assert _digest(state)[0] == body["checks"][k - 1]
        if k % d == 0:
            assert _digest(state) == body["digests"][8 * (k // d) : 8 * (k // d) + 8]
    assert _digest(state) == result["final_digest"]
    assert state.is_terminal and state.returns() == result["returns"]
