"""The memory figures count the measuring process alone, not the process that started it."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_child_of_a_big_parent_reports_its_own_peak_not_the_parents():
    held = bytearray(120 * 1024 * 1024)
    held[::4096] = b"\x01" * len(range(0, len(held), 4096))  # touch every page: resident, not only reserved
    child = "from benchmarks.peak import peak_resident_kib; print(peak_resident_kib())"
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, check=True)
    assert 0 < int(done.stdout) < 60 * 1024, done.stdout  # a bare interpreter: about 10 MB; ru_maxrss said 130
    del held
