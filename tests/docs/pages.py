"""Running a documentation page's examples: its Python blocks in order as one module, each output block
compared with what the Python block before it printed, and the `campfire` lines of its shell blocks."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def blocks(page: Path, output: str) -> list[tuple[str, str]]:
    """(language, code) of the page's python, sh and `output` blocks, in page order."""
    return re.findall(rf"```(python|sh|{output})\n(.*?)```", page.read_text(), re.S)


def run_python(page: Path, output: str, module: types.ModuleType) -> tuple[int, int]:
    """Run the page's Python blocks in `module`; each `output` block must be exactly what the Python block before
    it printed. Returns how many Python blocks ran and how many output blocks were compared."""
    number, printed, shown = 0, "", 0
    for lang, code in blocks(page, output):
        if lang == "python":
            number += 1
            with contextlib.redirect_stdout(io.StringIO()) as printing:
                exec(compile(code, f"{page.name} python block {number}", "exec"), module.__dict__)
            printed = printing.getvalue()
        elif lang == output:
            assert code == printed, f"the {output} block after python block {number} is not what that block prints"
            shown += 1
    return number, shown


def run_shell(page: Path, env: dict[str, str], cwd: Path | None = None) -> int:
    """Run every `campfire` line of the page's shell blocks (a `pip install` line is skipped: the caller's
    environment stands for it); each must exit 0. Returns how many ran."""
    ran = 0
    for lang, code in blocks(page, "sh"):
        if lang != "sh":
            continue
        for line in code.splitlines():
            words = shlex.split(line.split("#")[0])
            if not words or words[:2] == ["pip", "install"]:
                continue
            assert words[0] == "campfire", line
            result = subprocess.run(
                [sys.executable, "-c", "from corekit.cli import main; main()", *words[1:]],
                cwd=cwd,
                env={**os.environ, **env},
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert result.returncode == 0, f"{line}\n{result.stdout[-1500:]}\n{result.stderr[-1500:]}"
            ran += 1
    return ran
