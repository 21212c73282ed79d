"""Every code example of docs/writing-a-player.md runs: the Python blocks in order as one module, each `text` block
being exactly what the Python block before it prints, and the `campfire` lines of the shell block with the page's
player as a plugin module."""

import os
import types

from tests.docs.pages import ROOT, blocks, run_python, run_shell

PAGE = ROOT / "docs" / "writing-a-player.md"


def test_the_python_examples_run_in_order_and_print_the_text_blocks_after_them():
    assert run_python(PAGE, "text", types.ModuleType("writing_a_player_example")) == (3, 2)


def test_the_shell_examples_run_with_the_pages_player_as_a_plugin(tmp_path):
    player = next(code for lang, code in blocks(PAGE, "text") if lang == "python")
    (tmp_path / "greedy_player.py").write_text(player)
    env = {"PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "CAMPFIRE_PLUGINS": "greedy_player"}
    assert run_shell(PAGE, env, cwd=tmp_path) == 4
    assert (tmp_path / "greedy-vs-random").is_dir()
