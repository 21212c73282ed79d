"""Every code example of docs/interop.md runs: the Python blocks in order as one module, each `text` block being
exactly what the Python block before it prints, and the `campfire` lines of the shell blocks."""

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "interop.md"

for extra, module in (("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo")):
    pytest.importorskip(module, reason=f"the page needs the extra: pip install -e '.[{extra}]'")


BLOCK = re.compile(r"```(python|sh|text)\n(.*?)```", re.S)


def page_blocks():
    """(language, code) of the page's python, sh and text blocks, in page order."""
    return BLOCK.findall(PAGE.read_text())


def test_the_python_examples_run_in_order_and_print_the_text_blocks_after_them():
    module = types.ModuleType("interop_example")
    number, printed, shown = 0, "", 0
    for lang, code in page_blocks():
        if lang == "python":
            number += 1
            with contextlib.redirect_stdout(io.StringIO()) as output:
                exec(compile(code, f"{PAGE.name} python block {number}", "exec"), module.__dict__)
            printed = output.getvalue()
        elif lang == "text":
            assert code == printed, f"the text block after python block {number} is not what that block prints"
            shown += 1
    assert number == 3 and shown == 3


def test_the_shell_examples_run():
    ran = 0
    for lang, code in page_blocks():
        if lang != "sh":
            continue
        for line in code.splitlines():
            words = shlex.split(line)
            if not words or words[:2] == ["pip", "install"]:
                continue
            assert words[0] == "campfire", line
            result = subprocess.run(
                [sys.executable, "-c", "from corekit.cli import main; main()", *words[1:]],
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert result.returncode == 0, f"{line}\n{result.stdout[-1500:]}\n{result.stderr[-1500:]}"
            ran += 1
    assert ran == 2
