"""Importing an adapter without its extra says which extra to install, in the error's one line."""

import importlib
import sys

import pytest

EXTRAS = {
    "openspiel": ("corekit.interop.openspiel", ["numpy", "pyspiel"]),
    "pettingzoo": ("corekit.interop.pettingzoo", ["numpy", "gymnasium", "pettingzoo"]),
}


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_an_adapter_imported_without_its_extra_names_the_extra_to_install(monkeypatch, extra):
    module, packages = EXTRAS[extra]
    for package in packages:  # what an environment without the extra gives: none of its packages
        monkeypatch.setitem(sys.modules, package, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError) as raised:
        importlib.import_module(module)
    assert (
        str(raised.value) == f"{module} needs numpy, from the [{extra}] extra: pip install 'campfire-engine[{extra}]'"
    )


def test_an_installed_package_that_fails_to_import_is_its_own_error_not_a_missing_extra(monkeypatch):
    class Broken:  # a package that is there but cannot load (a native library missing, say)
        def find_spec(self, name, path=None, target=None):
            if name == "pyspiel":
                raise ImportError("libopen_spiel.so: undefined symbol")

    monkeypatch.delitem(sys.modules, "pyspiel", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    monkeypatch.delitem(sys.modules, "corekit.interop.openspiel", raising=False)
    with pytest.raises(ImportError, match=r"^libopen_spiel\.so: undefined symbol$"):
        importlib.import_module("corekit.interop.openspiel")
