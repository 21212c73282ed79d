"""Every code example of docs/interop.md runs: the Python blocks in order as one module, each `text` block being
exactly what the Python block before it prints, and the `campfire` lines of the shell blocks."""

import types

import pytest

from tests.docs.pages import ROOT, run_python, run_shell

PAGE = ROOT / "docs" / "interop.md"

for extra, module in (("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo")):
    pytest.importorskip(module, reason=f"the page needs the extra: pip install -e '.[{extra}]'")


def test_the_python_examples_run_in_order_and_print_the_text_blocks_after_them():
    assert run_python(PAGE, "text", types.ModuleType("interop_example")) == (3, 3)


def test_the_shell_examples_run():
    assert run_shell(PAGE, {"PYTHONPATH": str(ROOT)}) == 2
