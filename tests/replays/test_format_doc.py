"""FORMAT.md is enough to read a replay: a reader written from it alone, with plain msgpack and hashlib."""

from __future__ import annotations

import hashlib

import msgpack

from corekit.plugins import default_registry
from tests.replays.conftest import DATA


def test_a_reader_written_from_format_md_reads_and_re_simulates_the_golden_replay():
    data = (DATA / "grizzly-race.v3.cfr").read_bytes()  # the golden of the installed version
    assert data.startswith(bytes([0x83, 0xAF]) + b"campfire_replay" + bytes([1]))
    outer = msgpack.unpackb(data)
    assert list(outer) == ["campfire_replay", "body", "blake2b"]
    assert hashlib.blake2b(outer["body"], digest_size=8).digest() == outer["blake2b"]
    body = msgpack.unpackb(outer["body"])
    assert list(body) == ["header", "seats", "actions", "checks", "digests", "times", "stats", "result"]
    header, result = body["header"], body["result"]
    n, d = result["steps"], header["digest_every"]
    assert len(body["seats"]) == len(body["actions"]) == len(body["checks"]) == len(body["times"]) == n
    assert len(body["digests"]) == 8 * (n // d + 1)
    assert [step for step, _rows in body["stats"]] == sorted(step for step, _rows in body["stats"])

    game = default_registry().game(header["game"])
    assert str(game.version) == header["game_version"]
    state = game.initial_state(len(header["seats"]), header["seed"], game.make_options(header["options"]))
    assert bytes.fromhex(state.digest()) == body["digests"][0:8]
    for k in range(1, n + 1):
        state.apply(body["seats"][k - 1], game.decode_action(body["actions"][k - 1]))
        assert bytes.fromhex(state.digest())[0] == body["checks"][k - 1]
        if k % d == 0:
            assert bytes.fromhex(state.digest()) == body["digests"][8 * (k // d) : 8 * (k // d) + 8]
    assert bytes.fromhex(state.digest()) == result["final_digest"]
    assert state.is_terminal and state.returns() == result["returns"]
