"""Every file or folder of the repository a document names exists: a module moved or split (corekit/state.py became
a package) leaves no page pointing at nothing."""

from __future__ import annotations

import re

from tests.docs.pages import ROOT

NAMED = re.compile(r"(?<![\w./-])((?:corekit|plugins|ai|replays|benchmarks|tests|docs)/[\w./-]*\w)(\*?)")
"""A path from the repository's root, and a `*` right after it (a glob: `test_faults*.py` is no one file)."""
NOT_FILES = {
    ("benchmarks/README.md", "corekit/state.py"): "history: what was compiled on 2026-12-04, before the package",
    ("benchmarks/README.md", "corekit/provenance.py"): "history: what was compiled on 2026-12-04, before the package",
    ("docs/tournament-results.md", "replays/match-000011.cfr"): "an example of a record's path inside --out",
}


def named_paths() -> dict[tuple[str, str], bool]:
    """(page, path) -> whether the path exists, for every page but the CHANGELOG (a history of what was)."""
    found = {}
    for page in sorted(ROOT.rglob("*.md")):
        relative = page.relative_to(ROOT)
        if relative.parts[0] in {".git", "build", "dist"} or relative.name == "CHANGELOG.md" or "tmp" in relative.parts:
            continue
        for match in NAMED.finditer(page.read_text()):
            path, glob = match.groups()
            if not glob:
                found[(relative.as_posix(), path)] = (ROOT / path).exists()
    return found


def test_every_path_a_page_names_exists() -> None:
    found = named_paths()
    missing = sorted(key for key, exists in found.items() if not exists and key not in NOT_FILES)
    assert missing == []
    assert sum(found.values()) > 100  # the pages name plenty: a pattern that matched nothing would pass above
    stale = sorted(key for key in NOT_FILES if key not in found)
    assert stale == [], "an exception no page needs any more"
