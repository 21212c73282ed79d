"""Every code example of docs/interop.md runs: the Python blocks in order as one module, each `text` block being
exactly what the Python block before it prints, and the `campfire` lines of the shell blocks."""

import types

import pytest

from tests.docs.pages import ROOT, blocks, run_python, run_shell

PAGE = ROOT / "docs" / "interop.md"

for extra, module in (("openspiel", "pyspiel"), ("pettingzoo", "pettingzoo")):
    pytest.importorskip(module, reason=f"the page needs the extra: pip install -e '.[{extra}]'")


def test_the_python_examples_run_in_order_and_print_the_text_blocks_after_them():
    assert run_python(PAGE, "text", types.ModuleType("interop_example")) == (4, 4)


def test_the_random_sim_test_call_the_page_documents_is_one_its_examples_run():
    # `random_sim_test(game, num_sims=N)` alone is a TypeError in open_spiel 2.0.2: serialize and verbose are
    # required, and serialize=True needs the GetRNGState no Python game can give.
    ran = [code for lang, code in blocks(PAGE, "text") if lang == "python"]
    assert any("random_sim_test(game, num_sims=2, serialize=False, verbose=False)" in code for code in ran)
    assert "random_sim_test(game, num_sims=N)`" not in PAGE.read_text()


def test_the_shell_examples_run():
    assert run_shell(PAGE, {"PYTHONPATH": str(ROOT)}) == 2
