"""Every code example of docs/writing-a-game.md runs: the Python blocks in order as one module, and the
`campfire` lines of the shell blocks in a temporary folder; a JSON block shows exactly what the Python block
before it prints."""

import os
import sys
import types

import pytest

from tests.docs.pages import ROOT, run_python, run_shell

PAGE = ROOT / "docs" / "writing-a-game.md"


def test_the_python_examples_run_in_order_and_print_the_json_blocks_after_them():
    module = types.ModuleType("writing_a_game_example")
    sys.modules[module.__name__] = module
    try:
        _, shown = run_python(PAGE, "json", module)
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
    env = {"PYTHONPATH": f"{tmp_path / 'lantern-hunt'}{os.pathsep}{ROOT}", "CAMPFIRE_PLUGINS": "lantern_hunt.plugin"}
    assert run_shell(PAGE, env, cwd=tmp_path) >= 5
