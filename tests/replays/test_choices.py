"""The action stream of format 2: choice indices packed in the bits their counts need (`replays.choices`)."""

from __future__ import annotations

import pytest

from replays import choices
from replays.choices import ChoiceReader, ChoiceWriter, width

# Counts around each power of two (the widths' edges), a forced move and a choice of one among many.
COUNTS = [1, 2, 3, 4, 5, 8, 9, 16, 17, 255, 256, 257, 1000, 1]


def _steps() -> list[tuple[int, int]]:
    """(index, count) pairs: the first, a middle and the last index of each count."""
    return [(index, count) for count in COUNTS for index in sorted({0, count // 2, count - 1})]


def _round_trip(steps: list[tuple[int, int]]) -> tuple[bytes, list[int | None], ChoiceReader]:
    writer = ChoiceWriter()
    for index, count in steps:
        writer.add(index, count)
    data = writer.bytes()
    reader = ChoiceReader(data)
    return data, [reader.take(count) for _index, count in steps], reader


def test_every_index_reads_back_from_the_bits_its_count_needs():
    steps = _steps()
    data, read, reader = _round_trip(steps)
    assert read == [index for index, _count in steps]
    assert [width(count) for count in (1, 2, 3, 4, 5, 8, 9, 256, 257)] == [0, 1, 2, 2, 3, 3, 4, 8, 9]
    assert len(data) == -(-sum(width(count) for _index, count in steps) // 8)  # the last byte padded, no more
    assert reader.leftover() == 0
    assert reader.take(2) is None  # past the last step's bits: the stream has ended


@pytest.mark.parametrize("extra", [1, 3])
def test_the_writer_and_the_reader_take_each_choices_width_from_one_function(monkeypatch, extra):
    """Were either to work out its own width, a change to the packing would make files its other half misreads."""
    monkeypatch.setattr(choices, "width", lambda count: (count - 1).bit_length() + extra)
    steps = _steps()
    data, read, reader = _round_trip(steps)
    assert len(data) == -(-sum((count - 1).bit_length() + extra for _index, count in steps) // 8)  # the writer's
    assert read == [index for index, _count in steps] and reader.leftover() == 0  # and the reader's
