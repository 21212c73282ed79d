"""Replays: bytes per action and encode/decode speed of a 10,000-action stream, three ways.

Run: pytest benchmarks/bench_replays.py --benchmark-only      (timings; figures in extra_info)
     python -m benchmarks.bench_replays                       (prints every figure as a table)

Format 2 packs each step's choice index in as few bits as its legal actions need (`replays.choices`); beside
it, format 1's hand-made stream (a byte per seat, the game's own code, a check byte per step) and generic
cattrs unstructuring of one attrs record per step, which is what "cattrs for everything" would write. The
README's per-game figures on real per-match files (bytes per action, record / play, verify / play) come from
`python -m benchmarks.report --only replays`; `test_verify_over_play_ratio` here is their smoke test.
"""

from __future__ import annotations

import functools
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import attrs
import cattrs
import msgpack
import pytest

from benchmarks.conftest import asked_for_help, best_time, report_parser
from corekit import Registry, default_registry, play_match
from corekit.codes import as_read
from replays.format import Replay, decode_replay, encode_replay, read_replay
from replays.simulate import Simulator

STREAM = 10_000
STREAM_GAMES = ("grizzly-race", "scavengers")
"""Int action codes, and tuple codes with a string (the two shapes games use)."""
LONG = {"grizzly-race": 4, "camp-grizzly": 3, "scavengers": 4, "slasher": 6}
"""Player counts for each game's long replay (the longest of the first seeds)."""


@attrs.frozen
class Step:
    """One step as a generic record, for the cattrs comparison."""

    seat: int
    action: Any
    check: int
    time: int


_generic = cattrs.Converter()


def generic_encode(stream: Stream) -> bytes:
    """The stream as a list of records unstructured by cattrs."""
    steps = [Step(s, a, 0, t) for s, a, t in zip(stream.seats, stream.codes, stream.replay.times or [])]
    return msgpack.packb(_generic.unstructure(steps, list[Step]))


def generic_decode(data: bytes) -> list[Step]:
    """Back to records with cattrs."""
    return _generic.structure(msgpack.unpackb(data), list[Step])


def handmade_encode(stream: Stream) -> bytes:
    """The stream as format 1 wrote it: seat bytes, the game's codes, check bytes, times."""
    checks = bytes(len(stream.codes))
    return msgpack.packb(
        {"seats": stream.seats, "actions": stream.codes, "checks": checks, "times": stream.replay.times}
    )


def handmade_decode(data: bytes) -> dict[str, Any]:
    """Back, with the same shape checks the reader makes."""
    from replays.format import _valid_code

    body = msgpack.unpackb(data)
    assert all(_valid_code(code, 0) for code in body["actions"])
    assert all(type(t) is int for t in body["times"])
    return body


def choices_encode(stream: Stream) -> bytes:
    """The stream as format 2 writes it: the packed choices and the times."""
    return msgpack.packb({"choices": stream.replay.choices, "coded": [], "times": stream.replay.times})


def choices_decode(data: bytes) -> dict[str, Any]:
    """Back (the choices are read as the match is re-simulated, which is not timed here)."""
    body = msgpack.unpackb(data)
    assert all(type(t) is int for t in body["times"])
    return body


class Stream(NamedTuple):
    """A 10,000-step replay, and its seats and action codes as format 1 stored them."""

    replay: Replay
    seats: bytes
    codes: list[Any]


@functools.cache
def registry() -> Registry:
    """The installed plugins."""
    return default_registry()


@functools.cache
def stream(game_id: str, tmp: str) -> Stream:
    """A 10,000-action replay of `game_id`: random matches recorded back to back, streams joined (the joined
    choices do not re-simulate; only their size and the speed of reading and writing the file are measured)."""

    game = registry().game(game_id)
    parts: list[Replay] = []
    seats, codes = bytearray(), []
    seed = 0
    while sum(p.steps for p in parts) < STREAM:
        path = f"{tmp}/{game_id}-{seed}.cfr"
        play_match(game, ["random"] * 3, seed, registry=registry(), settings={"replay": path})
        parts.append(read_replay(path))
        for seat, action in Simulator(parts[-1], registry()).moves():
            seats.append(seat)
            codes.append(as_read(game.encode_action(action)))
        seed += 1
    first = parts[0]
    every = first.header.digest_every
    joined = Replay(
        first.header,
        attrs.evolve(first.result, steps=STREAM),
        b"".join(p.choices for p in parts),
        {},
        {k * every: bytes(8) for k in range(1, STREAM // every + 1)},
        None,
        [t for p in parts for t in p.times or []][:STREAM],
    )
    return Stream(joined, bytes(seats[:STREAM]), codes[:STREAM])


@functools.cache
def long_match(game_id: str, tmp: str) -> tuple[int, str]:
    """(seed, replay path) of the longest of the first 10 random matches of `game_id`."""
    game = registry().game(game_id)
    players = min(LONG[game_id], game.max_players)
    best = max(range(10), key=lambda s: play_match(game, ["random"] * players, s, registry=registry()).steps)
    path = f"{tmp}/long-{game_id}.cfr"
    play_match(game, ["random"] * players, best, registry=registry(), settings={"replay": path})
    return best, path


def _installed(game_id: str) -> bool:
    return game_id in registry().games


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> str:
    """A folder for the replays made here."""
    return str(tmp_path_factory.mktemp("bench_replays"))


# ---- size --------------------------------------------------------------------------------------


WAYS = {
    "choices": (choices_encode, choices_decode),
    "handmade": (handmade_encode, handmade_decode),
    "cattrs": (generic_encode, generic_decode),
}
"""Format 2's stream, format 1's, and generic cattrs records."""


@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_bytes_per_action(benchmark, tmp, game_id):
    """Whole-file and stream bytes per action: format 2's choices against format 1's codes and cattrs records."""
    data = stream(game_id, tmp)
    sizes = benchmark.pedantic(
        lambda: {way: len(encode(data)) / STREAM for way, (encode, _decode) in WAYS.items()}, rounds=1, iterations=1
    )
    benchmark.extra_info.update({f"stream_{way}": round(size, 2) for way, size in sizes.items()})
    assert sizes["choices"] < sizes["handmade"] < sizes["cattrs"]


@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_encode_and_decode_10000_actions(benchmark, tmp, game_id, way):
    """Encoding then decoding the action stream of 10,000 steps."""
    encode, decode = WAYS[way]
    data = stream(game_id, tmp)
    assert benchmark(lambda: decode(encode(data))) is not None


@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_whole_file_round_trip_10000_actions(benchmark, tmp, game_id):
    """The shipped path: encode_replay then decode_replay (checksum, limits, every check) of 10,000 steps."""
    replay = stream(game_id, tmp).replay
    decoded = benchmark(lambda: decode_replay(encode_replay(replay)))
    assert decoded.choices == replay.choices


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_verify_over_play_ratio(game_id):
    """A smoke run of the README's replay row (`python -m benchmarks.report --only replays`)."""
    from benchmarks.report import QUICK, _replay_row

    if not _installed(game_id):
        pytest.skip(f"{game_id} is not installed")
    game = registry().game(game_id)
    with tempfile.TemporaryDirectory() as folder:
        row = _replay_row(registry(), game, min(LONG[game_id], game.max_players), QUICK, Path(folder))
    assert row.startswith(f"| {game_id} | ") and row.count("|") == 9


# ---- the figures as a table --------------------------------------------------------------------


def figures(tmp: str) -> list[tuple[str, str]]:
    """Every figure of this file, measured now."""
    rows = []
    for game_id in STREAM_GAMES:
        data = stream(game_id, tmp)
        sizes = " / ".join(f"{len(encode(data)) / STREAM:.2f}" for encode, _decode in WAYS.values())
        rows.append((f"{game_id}: stream bytes per action ({' / '.join(WAYS)})", sizes))
        for way, (encode, decode) in WAYS.items():
            encoded = encode(data)
            encoding = best_time(lambda e=encode, s=data: e(s), 7)
            decoding = best_time(lambda d=decode, b=encoded: d(b), 7)
            rows.append(
                (
                    f"{game_id}: encode / decode 10,000 actions, {way}",
                    f"{encoding * 1e3:.2f} ms / {decoding * 1e3:.2f} ms",
                )
            )
    return rows


def main(argv: Sequence[str]) -> None:
    """Print every figure as a table (the script takes no arguments besides -h/--help)."""
    if asked_for_help(argv, __doc__):
        return
    report_parser("benchmarks.bench_replays").parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for label, value in figures(folder):
            print(f"{label:<82} {value}")
    print(f"(measured in {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
