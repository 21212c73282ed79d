"""The packages' names load on first use, and every name a package lists is one it can give."""

from __future__ import annotations

import subprocess
import sys

import pytest

import corekit
import replays


@pytest.mark.parametrize("package", [corekit, replays])
def test_every_listed_name_resolves_and_only_those_are_lazy(package):
    assert set(package._EXPORTS) == set(package.__all__)
    for name in package.__all__:
        assert getattr(package, name) is not None
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        package.nothing_here  # noqa: B018


def test_importing_corekit_imports_none_of_its_modules_until_a_name_is_used():
    code = "import sys, corekit; print(sorted(m for m in sys.modules if m.startswith('corekit.')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "['corekit.lazy']"


def test_the_version_is_the_installed_packages():
    import importlib.metadata

    assert corekit.__version__ == importlib.metadata.version("campfire-engine")
