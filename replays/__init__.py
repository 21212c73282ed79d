"""Replays: versioned msgpack files that re-simulate a match exactly (the format is in FORMAT.md).

The recorder is an ordinary plugin on the match event hooks (`replays.plugin`); the `campfire replay`
commands are in `replays.commands`.
"""

from replays.format import (
    FORMAT_VERSION,
    Header,
    Replay,
    ReplayError,
    Result,
    decode_replay,
    encode_replay,
    read_replay,
)
from replays.simulate import Diverged, Simulator

__all__ = [
    "FORMAT_VERSION",
    "Diverged",
    "Header",
    "Replay",
    "ReplayError",
    "Result",
    "Simulator",
    "decode_replay",
    "encode_replay",
    "read_replay",
]
