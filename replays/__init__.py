"""Replays: versioned msgpack files that re-simulate a match exactly (the format is in FORMAT.md).

The recorder is an ordinary plugin on the match event hooks (`replays.plugin`); the `campfire replay`
commands are in `replays.commands`. Each name is imported from its module on first use (`corekit.lazy`), so
loading the plugin costs almost nothing.
"""

from typing import TYPE_CHECKING

from corekit.lazy import lazy_exports

if TYPE_CHECKING:
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

_EXPORTS = {
    **dict.fromkeys(
        [
            "FORMAT_VERSION",
            "Header",
            "Replay",
            "ReplayError",
            "Result",
            "decode_replay",
            "encode_replay",
            "read_replay",
        ],
        "replays.format",
    ),
    **dict.fromkeys(["Diverged", "Simulator"], "replays.simulate"),
}
__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)

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
