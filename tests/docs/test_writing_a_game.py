"""Every code example of docs/writing-a-game.md runs: the Python blocks in order as one module, and the
`campfire` lines of the shell blocks in a temporary folder; a JSON block shows exactly what the Python block
before it prints."""

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
PAGE = ROOT / "docs" / "writing-a-game.md"
BLOCK = re.compile(r"```(python|sh|json)\n(.*?)```", re.S)


def blocks(kind=None):
    """The page's code blocks of one language, or all of them as (language, code), in page order."""
    found = BLOCK.findall(PAGE.read_text())
    return found if kind is None else [code for lang, code in found if lang == kind]


def test_the_python_examples_run_in_order_and_print_the_json_blocks_after_them():
    module = types.ModuleType("writing_a_game_example")
    sys.modules[module.__name__] = module
    try:
        number, printed, shown = 0, "", 0
        for lang, code in blocks():
            if lang == "python":
                number += 1
                with contextlib.redirect_stdout(io.StringIO()) as output:
                    exec(compile(code, f"{PAGE.name} python block {number}", "exec"), module.__dict__)
                printed = output.getvalue()
            elif lang == "json":
                assert code == printed, f"the JSON block after python block {number} is not what that block prints"
                shown += 1
        assert shown, "the page shows a position file"
        # A block defines a pytest test taking the plugin's fixture: run it with the page's registry.
        from corekit.pytest_plugin import conformance_runner

        tests = [value for name, value in vars(module).items() if name.startswith("test_")]
        assert len(tests) == 1, "the page shows one pytest test"
        tests[0](conformance_runner(module.registry))
    finally:
        del sys.modules[module.__name__]


@pytest.mark.slow
def test_the_shell_examples_run(tmp_path):
    env = dict(
        os.environ, PYTHONPATH=f"{tmp_path / 'lantern-hunt'}{os.pathsep}{ROOT}", CAMPFIRE_PLUGINS="lantern_hunt.plugin"
    )
    ran = 0
    for code in blocks("sh"):
        for line in code.splitlines():
            words = shlex.split(line.split("#")[0])
            if not words or words[:2] == ["pip", "install"]:
                continue  # installing is replaced by CAMPFIRE_PLUGINS and PYTHONPATH above
            assert words[0] == "campfire", line
            result = subprocess.run(
                [sys.executable, "-c", "from corekit.cli import main; main()", *words[1:]],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert result.returncode == 0, f"{line}\n{result.stdout[-1500:]}\n{result.stderr[-1500:]}"
            ran += 1
    assert ran >= 5
