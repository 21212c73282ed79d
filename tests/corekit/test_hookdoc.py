"""docs/hooks.md is generated from the hook specifications and kept in sync by this test."""

from pathlib import Path

from corekit import hookdoc

ROOT = Path(__file__).resolve().parents[2]


def test_the_hooks_page_matches_the_hook_specifications():
    assert (ROOT / "docs" / "hooks.md").read_text() == hookdoc.render(), (
        "docs/hooks.md is stale: run `python -m corekit.hookdoc > docs/hooks.md`"
    )


def test_every_hook_is_prefixed_and_documented_with_what_to_return_or_when_it_is_called():
    for function in hookdoc.hook_functions():
        assert function.__name__.startswith("campfire_")
        doc = function.__doc__ or ""
        assert "Called" in doc or "called" in doc or "Return" in doc, function.__name__
