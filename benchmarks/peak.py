"""A process's own peak resident memory, for the memory figures (benchmarks.rss_camp_grizzly,
tests.replays.memory_worst_case)."""

from __future__ import annotations

import resource
import sys


def peak_resident_kib() -> int:
    """This process's peak resident memory in KiB: on Linux the high-water mark of its own address space (`VmHWM`
    in /proc/self/status), elsewhere `ru_maxrss`. On Linux `ru_maxrss` also counts the memory of the process that
    started this one: `subprocess` starts a child with vfork then exec, and exec keeps the parent's peak as the
    child's, so a 14 MB child of a 160 MB parent reported 160 MB (a report measuring memory after its tournament
    section read 40 MB for a 31 MB search)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:  # not Linux
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # macOS counts bytes, Linux and the BSDs KiB
