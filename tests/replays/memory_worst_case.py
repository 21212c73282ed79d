"""The most memory a hostile replay can make a reader use (replays/FORMAT.md, "Limits a reader enforces").

    python -m tests.replays.memory_worst_case [MEGABYTES]

builds format-2 files of about MEGABYTES (default 4, the largest a reader takes) with a valid checksum, whose
body is nothing but the cheapest containers the reader's budget lets through (empty arrays; maps of one
entry, `{"": 0}`), as many as it lets through, reads each with `read_replay` in a child process and prints
its peak resident memory, less that of a child reading a small bad file, as a multiple of the file's size.
"""

from __future__ import annotations

import hashlib
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

from replays.format import CONTAINER_BYTES, MAP_WEIGHT

ROOT = Path(__file__).resolve().parents[2]
"""The repository, where the child process finds `benchmarks` and `replays`."""

SHAPES = {
    "empty arrays": b"\x90" + b"\xc0" * (CONTAINER_BYTES - 1),
    "maps of one entry": b"\x81\xa0\x00" + b"\xc0" * (CONTAINER_BYTES * MAP_WEIGHT - 3),
}
"""What the body is made of, in msgpack: each container with as many nils beside it (one byte each, and a
pointer in the array holding them) as the reader's budget asks for it, so that every one is let through."""

_CHILD = """
import sys
from benchmarks.peak import peak_resident_kib
from replays.format import ReplayError, read_replay
try:
    read_replay(sys.argv[1])
except ReplayError:
    pass
print(peak_resident_kib())
"""


def hostile_file(path: Path, item: bytes, megabytes: float) -> int:
    """Write a format-2 file of about `megabytes` whose body is a map of arrays of `item` (none longer than the
    reader's 1,000,000 items), with a valid checksum, so that the reader parses the whole body before it
    checks its fields; the file's size in bytes."""
    total = int(megabytes * 1024 * 1024 - 200) // len(item)
    per_array = 900_000 // (item.count(b"\xc0") + 1)
    arrays = []
    while total > 0:
        count = min(total, per_array)
        arrays.append(b"\xdd" + struct.pack(">I", count * (item.count(b"\xc0") + 1)) + item * count)
        total -= count
    body = bytes([0x80 | len(arrays)]) + b"".join(bytes([0xA2]) + b"a%c" % (97 + i) + a for i, a in enumerate(arrays))
    checksum = hashlib.blake2b(body, digest_size=8).digest()
    data = b"\x83\xafcampfire_replay\x02\xa4body\xc6" + struct.pack(">I", len(body)) + body
    data += b"\xa7blake2b\xc4\x08" + checksum
    path.write_bytes(data)
    return len(data)


def peak_kilobytes(path: Path) -> int:
    """The peak resident memory, in KiB, of a child process that reads `path`."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return int(done.stdout.split()[-1])


def survey(megabytes: float) -> list[tuple[str, int, float]]:
    """For each shape: the file's size and the memory its reading took beyond a small bad file's, per byte."""
    with tempfile.TemporaryDirectory() as scratch:
        small = Path(scratch) / "small.cfr"
        small.write_bytes(b"\x90")
        base = peak_kilobytes(small)
        rows = []
        for shape, item in SHAPES.items():
            path = Path(scratch) / "hostile.cfr"
            size = hostile_file(path, item, megabytes)
            rows.append((shape, size, (peak_kilobytes(path) - base) * 1024 / size))
        return rows


if __name__ == "__main__":
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 else 4.0
    for shape, size, ratio in survey(megabytes):
        print(f"{shape}: a file of {size:,} bytes took {ratio:.0f} times its size")
