"""Settings every test shares."""

import pytest


@pytest.fixture(autouse=True)
def terminal_of_100_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Folded output must not depend on how the suite runs: pytest-xdist's workers see COLUMNS=80, a plain
    run no terminal at all (100 columns by default)."""
    monkeypatch.setenv("COLUMNS", "100")
