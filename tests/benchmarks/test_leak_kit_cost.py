"""The leak checks' cost benchmark times the check as it is against the check with one part made a no-op: each
variant must really leave out its part, and only for its own run."""

from __future__ import annotations

import pytest

from benchmarks import leak_kit_cost
from corekit import leaks
from corekit.conformance import matches
from corekit.plugins import default_registry


def test_a_part_made_a_no_op_is_restored_afterwards_even_when_the_check_raises() -> None:
    original = leaks.check_redeal
    with pytest.raises(RuntimeError), leak_kit_cost.off(leaks, ("check_redeal",)):
        assert leaks.check_redeal(None, None, 0, None, None, None) is None
        raise RuntimeError("a failing check")
    assert leaks.check_redeal is original


@pytest.mark.parametrize(
    ("part", "module", "name"),
    [
        ("the redeal check", leaks, "check_redeal"),
        ("positions", matches, "_check_position"),
        ("the kit's twins", leaks, "check_twin"),
    ],
)
def test_each_variant_leaves_out_its_own_part_and_the_whole_check_runs_it(part, module, name, monkeypatch) -> None:
    calls = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    runs = leak_kit_cost.checks(default_registry().game("grizzly-race"), 2, games=2)
    assert set(runs) == {"all", *leak_kit_cost.PARTS}
    runs[part]()
    assert calls == []
    runs["all"]()
    assert calls
