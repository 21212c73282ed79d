"""The replay reader's quick check of an action code (`replays.format._valid_code`) and the engine's rule
(`corekit.codes.code_problem`, which the recorder and conformance apply) accept exactly the same codes, so
that what a game may record is what a reader reads back, and the two restatements cannot drift apart."""

from __future__ import annotations

from typing import Any

import pytest

from corekit.codes import INT_MAX, INT_MIN, MAX_CODE_DEPTH, MAX_CODE_ITEMS, MAX_TEXT, as_read, code_problem
from replays.format import Header, Replay, ReplayError, Result, _valid_code, decode_replay, encode_replay


def _nested(depth: int, kind: type = list) -> Any:
    """A code of `depth` arrays (lists or tuples) one inside the other, around an int."""
    code: Any = 1
    for _ in range(depth):
        code = kind([code])
    return code


TRICKY: list[tuple[str, Any]] = [
    ("zero", 0),
    ("int-min", INT_MIN),
    ("int-max", INT_MAX),
    ("below-int-min", INT_MIN - 1),
    ("above-int-max", INT_MAX + 1),
    ("huge-int", 10**40),
    ("huge-int-inside", [1, [INT_MAX + 1]]),
    ("true", True),
    ("false", False),
    ("bool-inside", [1, False]),
    ("float", 1.5),
    ("whole-float", 2.0),
    ("nan", float("nan")),
    ("float-inside", (1, (2, 1.5))),
    ("empty-text", ""),
    ("longest-text", "x" * MAX_TEXT),
    ("too-long-text", "x" * (MAX_TEXT + 1)),
    ("longest-text-in-bytes", "é" * (MAX_TEXT // 2)),
    ("too-long-text-in-bytes", "é" * (MAX_TEXT // 2 + 1)),  # within MAX_TEXT characters, not bytes
    ("too-long-text-inside", ["a", "x" * (MAX_TEXT + 1)]),
    ("lone-surrogate", "\ud800"),
    ("empty-array", []),
    ("deepest", _nested(MAX_CODE_DEPTH)),
    ("too-deep", _nested(MAX_CODE_DEPTH + 1)),
    ("deepest-tuples", _nested(MAX_CODE_DEPTH, tuple)),
    ("too-deep-tuples", _nested(MAX_CODE_DEPTH + 1, tuple)),
    ("most-items", list(range(MAX_CODE_ITEMS))),
    ("too-many-items", list(range(MAX_CODE_ITEMS + 1))),
    ("too-many-items-inside", [1, list(range(MAX_CODE_ITEMS + 1))]),
    ("tuples", (1, (2, "a"), [])),
    ("none", None),
    ("none-inside", [1, None]),
    ("bytes", b"\x01"),
    ("map", {"a": 1}),
    ("map-inside", [{"a": 1}]),
]


def _reader_accepts(code: Any) -> bool:
    """Whether a replay whose one action is `code` can be written and then read back (through `_valid_code`)."""
    header = Header(campfire="0.1.0", game="g", game_version="1", options={}, seats=("random",), seed=1)
    result = Result(steps=1, returns=(1.0,), final_digest=bytes(8))
    replay = Replay(header, result, coded={1: (0, code)})
    try:
        data = encode_replay(replay)
    except (OverflowError, TypeError, ValueError):  # msgpack cannot write it: no replay can hold it
        return False
    try:
        read = decode_replay(data)
    except ReplayError:
        return False
    assert read.coded == {1: (0, as_read(code))}
    return True


LIMITS = ("does not fit in 64 bits", "is longer than", "is not valid UTF-8")
"""What code_problem refuses that msgpack or the unpacker's limits stop before `_valid_code` sees the code."""


@pytest.mark.parametrize("code", [code for _, code in TRICKY], ids=[name for name, _ in TRICKY])
def test_the_reader_accepts_exactly_the_action_codes_code_problem_accepts(code: Any) -> None:
    problem = code_problem(code)
    assert _reader_accepts(code) == (problem is None), problem
    # And `_valid_code` itself, on the code as msgpack reads it back (tuples as lists), wherever the shape
    # is what decides.
    if problem is None or not any(limit in problem for limit in LIMITS):
        assert _valid_code(as_read(code), 0) == (problem is None), problem
