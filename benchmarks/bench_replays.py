"""Replays: bytes per action, encode/decode speed of a 10,000-action stream, verify time against play time.

Run: pytest benchmarks/bench_replays.py --benchmark-only      (timings; figures in extra_info)
     python -m benchmarks.bench_replays                       (prints every figure as a table)

The action stream is hand-encoded (a byte per seat, the game's own codes, a check byte per step); the
alternative measured beside it is generic cattrs unstructuring of one attrs record per step, which is
what "cattrs for everything" would write. Ratios are measured interleaved in the same run (see conftest).
"""

from __future__ import annotations

import functools
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import cattrs
import msgpack
import pytest

from benchmarks.conftest import asked_for_help, best_time, interleaved_ratio, report_parser
from corekit import Registry, default_registry, play_match
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


def generic_encode(replay: Replay) -> bytes:
    """The stream as a list of records unstructured by cattrs."""
    steps = [Step(s, a, c, t) for s, a, c, t in zip(replay.seats, replay.actions, replay.checks, replay.times)]
    return msgpack.packb(_generic.unstructure(steps, list[Step]))


def generic_decode(data: bytes) -> list[Step]:
    """Back to records with cattrs."""
    return _generic.structure(msgpack.unpackb(data), list[Step])


def handmade_encode(replay: Replay) -> bytes:
    """The stream as the format writes it: seat bytes, codes, check bytes, times."""
    return msgpack.packb(
        {"seats": replay.seats, "actions": replay.actions, "checks": replay.checks, "times": replay.times}
    )


def handmade_decode(data: bytes) -> dict[str, Any]:
    """Back, with the same shape checks the reader makes."""
    from replays.format import _valid_code

    body = msgpack.unpackb(data)
    assert all(_valid_code(code, 0) for code in body["actions"])
    assert all(type(t) is int for t in body["times"])
    return body


@functools.cache
def registry() -> Registry:
    """The installed plugins."""
    return default_registry()


@functools.cache
def stream(game_id: str, tmp: str) -> Replay:
    """A 10,000-action replay of `game_id`: random matches recorded back to back, streams joined."""
    game = registry().game(game_id)
    parts: list[Replay] = []
    seed = 0
    while sum(p.steps for p in parts) < STREAM:
        path = f"{tmp}/{game_id}-{seed}.cfr"
        play_match(game, ["random"] * 3, seed, registry=registry(), settings={"replay": path})
        parts.append(read_replay(path))
        seed += 1
    first = parts[0]
    joined = Replay(
        first.header,
        b"".join(p.seats for p in parts)[:STREAM],
        [a for p in parts for a in p.actions][:STREAM],
        b"".join(p.checks for p in parts)[:STREAM],
        first.digests,
        first.result,
        [t for p in parts for t in p.times][:STREAM],
    )
    joined.result = attrs.evolve(first.result, steps=STREAM)
    joined.digests = bytes(8 * (STREAM // joined.header.digest_every + 1))
    return joined


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


@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_bytes_per_action(benchmark, tmp, game_id):
    """Whole-file and stream bytes per action, hand-made against generic cattrs."""
    replay = stream(game_id, tmp)
    sizes = benchmark.pedantic(
        lambda: (len(encode_replay(replay)), len(handmade_encode(replay)), len(generic_encode(replay))),
        rounds=1,
        iterations=1,
    )
    whole, handmade, generic = (size / STREAM for size in sizes)
    benchmark.extra_info.update(
        file_bytes_per_action=round(whole, 2), stream_handmade=round(handmade, 2), stream_cattrs=round(generic, 2)
    )
    assert handmade < generic


# ---- speed of the stream -----------------------------------------------------------------------


@pytest.mark.parametrize("way", ["handmade", "cattrs"])
@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_encode_10000_actions(benchmark, tmp, game_id, way):
    """Encoding the action stream of 10,000 steps."""
    replay = stream(game_id, tmp)
    data = benchmark(handmade_encode if way == "handmade" else generic_encode, replay)
    assert len(data) > STREAM


@pytest.mark.parametrize("way", ["handmade", "cattrs"])
@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_decode_10000_actions(benchmark, tmp, game_id, way):
    """Decoding the action stream of 10,000 steps (with the reader's shape checks for hand-made)."""
    replay = stream(game_id, tmp)
    if way == "handmade":
        decoded = benchmark(handmade_decode, handmade_encode(replay))
        assert len(decoded["actions"]) == STREAM
    else:
        assert len(benchmark(generic_decode, generic_encode(replay))) == STREAM


@pytest.mark.parametrize("game_id", STREAM_GAMES)
def test_whole_file_round_trip_10000_actions(benchmark, tmp, game_id):
    """The shipped path: encode_replay then decode_replay (checksum, limits, every check) of 10,000 steps."""
    replay = stream(game_id, tmp)
    decoded = benchmark(lambda: decode_replay(encode_replay(replay)))
    assert decoded.actions == replay.actions


def _verify_play_record(
    game_id: str, tmp: str
) -> tuple[Any, str, Callable[[], None], Callable[[], None], Callable[[], None]]:
    """A long recorded match, and three ways to spend its time: verify the replay, play the same match
    unrecorded, and play it recorded again (all with random players)."""
    seed, path = long_match(game_id, tmp)
    game = registry().game(game_id)
    replay = read_replay(path)
    players = len(replay.header.seats)

    def verify() -> None:
        Simulator(read_replay(path), registry()).verify()

    def play() -> None:
        play_match(game, ["random"] * players, seed, registry=registry())

    def record() -> None:
        play_match(game, ["random"] * players, seed, registry=registry(), settings={"replay": f"{tmp}/again.cfr"})

    return replay, path, verify, play, record


# ---- verify against play -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_verify_over_play_ratio(benchmark, tmp, game_id):
    """Time to read and verify a long replay / time to play the same match unrecorded (random players)."""
    if not _installed(game_id):
        pytest.skip(f"{game_id} is not installed")
    replay, _path, verify, play, record = _verify_play_record(game_id, tmp)
    repeats = 1 if benchmark.disabled else 5
    ratio = benchmark.pedantic(lambda: interleaved_ratio(verify, play, repeats=repeats), rounds=1, iterations=1)
    benchmark.extra_info.update(
        steps=replay.steps,
        verify_over_play=round(ratio, 2),
        record_over_play=round(interleaved_ratio(record, play, repeats=repeats), 2),
    )
    assert ratio > 0


# ---- the figures as a table --------------------------------------------------------------------


def figures(tmp: str) -> list[tuple[str, str]]:
    """Every figure of this file, measured now."""
    rows = []
    for game_id in STREAM_GAMES:
        rows += _stream_figures(game_id, stream(game_id, tmp))
    for game_id in sorted(LONG):
        if _installed(game_id):
            rows.append(_verify_figure(game_id, tmp))
    return rows


def _stream_figures(game_id: str, replay: Replay) -> list[tuple[str, str]]:
    whole = encode_replay(replay)
    rows = [
        (
            f"{game_id}: bytes per action (whole file / stream hand-made / stream cattrs)",
            f"{len(whole) / STREAM:.2f} / {len(handmade_encode(replay)) / STREAM:.2f} / "
            f"{len(generic_encode(replay)) / STREAM:.2f}",
        )
    ]
    for name, encode, decode in (
        ("hand-made", handmade_encode, handmade_decode),
        ("cattrs", generic_encode, generic_decode),
    ):
        data = encode(replay)
        encoding = best_time(lambda e=encode: e(replay), 7)
        decoding = best_time(lambda d=decode, b=data: d(b), 7)
        rows.append(
            (f"{game_id}: encode / decode 10,000 actions, {name}", f"{encoding * 1e3:.2f} ms / {decoding * 1e3:.2f} ms")
        )
    encoding = best_time(lambda: encode_replay(replay), 7)
    decoding = best_time(lambda: decode_replay(whole), 7)
    rows.append(
        (
            f"{game_id}: whole file encode_replay / decode_replay, 10,000 actions",
            f"{encoding * 1e3:.2f} ms / {decoding * 1e3:.2f} ms",
        )
    )
    return rows


def _verify_figure(game_id: str, tmp: str) -> tuple[str, str]:
    replay, path, verify, play, record = _verify_play_record(game_id, tmp)
    players = len(replay.header.seats)

    size = Path(path).stat().st_size
    return (
        f"{game_id}: verify / play, {replay.steps} steps, {players} random players",
        f"{interleaved_ratio(verify, play, repeats=7):.2f}x (play {best_time(play, 5) * 1e3:.1f} ms, "
        f"record / play {interleaved_ratio(record, play, 7):.2f}x, {size / replay.steps:.1f} bytes/action)",
    )


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
