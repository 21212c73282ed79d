"""Every code example of docs/writing-a-game.md runs: the Python blocks in order as one module, and the
`campfire` lines of the shell blocks in a temporary folder."""

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
BLOCK = re.compile(r"```(python|sh)\n(.*?)```", re.S)


def blocks(kind):
    return [code for lang, code in BLOCK.findall(PAGE.read_text()) if lang == kind]


def test_the_python_examples_run_in_order():
    module = types.ModuleType("writing_a_game_example")
    sys.modules[module.__name__] = module
    try:
        for number, code in enumerate(blocks("python"), 1):
            exec(compile(code, f"{PAGE.name} python block {number}", "exec"), module.__dict__)
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
