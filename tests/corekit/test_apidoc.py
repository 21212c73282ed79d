"""docs/api.md is generated from the docstrings of corekit's public names and kept in sync by this test."""

import importlib
from pathlib import Path

from corekit import apidoc

ROOT = Path(__file__).resolve().parents[2]


def test_the_api_page_matches_the_docstrings():
    assert (ROOT / "docs" / "api.md").read_text() == apidoc.render(), (
        "docs/api.md is stale: run `python -m corekit.apidoc > docs/api.md`"
    )


def test_every_public_name_of_corekit_the_state_and_positions_has_an_entry():
    headings = [line for line in apidoc.render().splitlines() if line.startswith("#### `")]
    for module_name in apidoc.MODULES:
        for name in importlib.import_module(module_name).__all__:
            assert any(heading.startswith((f"#### `{name}", f"#### `class {name}")) for heading in headings), (
                f"{module_name}.{name}"
            )


def test_a_changed_docstring_changes_the_page(monkeypatch):
    from corekit.state import Zone

    before = apidoc.render()
    monkeypatch.setattr(Zone.face_up_cards, "__doc__", "The cards lying face up, reworded.")
    after = apidoc.render()
    assert "- `face_up_cards() -> tuple[Any, ...]`: The cards lying face up, reworded." in after
    assert after != before


def test_signatures_show_annotations_as_written_and_defaults_that_do_not_change_between_runs():
    page = apidoc.render()
    assert "- `below(n: int) -> int`: A uniform integer in [0, n)" in page
    assert " at 0x" not in page  # a function default by its name, not its address
    assert "'" not in "".join(line for line in page.splitlines() if line.startswith("- `draw("))
