"""The files `python -m tests.replays.memory_worst_case` measures are the worst the reader's container budget
lets through: each is parsed whole (refused only for what its body lacks), and one more container of the same shape is
refused by the budget before it is built."""

from __future__ import annotations

import pytest

from replays.format import ReplayError, read_replay
from tests.replays.memory_worst_case import SHAPES, hostile_file


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_measured_file_passes_the_container_budget_and_is_refused_for_its_fields(tmp_path, shape):
    path = tmp_path / "hostile.cfr"
    hostile_file(path, SHAPES[shape], 0.25)
    with pytest.raises(ReplayError) as refused:
        read_replay(path)
    assert "arrays and maps" not in str(refused.value)
    assert str(refused.value) == "not a campfire replay (the body has no 'header')"


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_denser_file_of_the_same_containers_is_refused_by_the_budget(tmp_path, shape):
    path = tmp_path / "hostile.cfr"
    hostile_file(path, SHAPES[shape][:-1], 0.25)  # one nil less beside each container
    with pytest.raises(ReplayError, match="more arrays and maps than a replay of"):
        read_replay(path)
