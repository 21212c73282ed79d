"""Settings every test shares."""

import sysconfig
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def terminal_of_100_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Folded output must not depend on how the suite runs: pytest-xdist's workers see COLUMNS=80, a plain
    run no terminal at all (100 columns by default)."""
    monkeypatch.setenv("COLUMNS", "100")


@pytest.fixture(scope="session")
def _scripts_with_campfire(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("scripts")
    (folder / "campfire").write_text("")
    return str(folder)


@pytest.fixture(autouse=True)
def a_campfire_script_beside_this_python(monkeypatch: pytest.MonkeyPatch, _scripts_with_campfire: str) -> None:
    """The commands a hint names must not depend on how the suite runs: `campfire` where this Python has the script
    (as `pip install` leaves it), `python -m corekit.cli` where it has none (`corekit.plugins.campfire_command`).
    A test of the other case sets its own folder."""
    real = sysconfig.get_path

    def get_path(name: str, *args: Any, **kwargs: Any) -> str:
        return _scripts_with_campfire if name == "scripts" else real(name, *args, **kwargs)

    monkeypatch.setattr(sysconfig, "get_path", get_path)
