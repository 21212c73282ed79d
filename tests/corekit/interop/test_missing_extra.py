"""Importing an adapter without its extra says which extra to install, in the error's one line."""

import importlib
import sys

import pytest


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("corekit.interop.openspiel", "pyspiel", "openspiel"),
        ("corekit.interop.pettingzoo", "pettingzoo", "pettingzoo"),
        ("corekit.interop.pettingzoo", "numpy", "pettingzoo"),
    ],
)
def test_an_adapter_imported_without_its_extra_names_the_extra_to_install(monkeypatch, module, missing, extra):
    monkeypatch.setitem(sys.modules, missing, None)  # what an environment without the package gives
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError) as raised:
        importlib.import_module(module)
    assert (
        str(raised.value)
        == f"{module} needs {missing}, from the [{extra}] extra: pip install 'campfire-engine[{extra}]'"
    )
