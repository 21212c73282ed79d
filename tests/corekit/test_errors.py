"""corekit.errors: the one-line texts every user-facing failure is made of."""

from __future__ import annotations

import errno

from corekit.errors import error_line, first_line, os_reason


def test_first_line_keeps_only_the_first_line_or_the_type():
    assert first_line(ValueError("bad seat\n  detail")) == "bad seat"
    assert first_line(KeyError()) == "KeyError"


def test_an_error_raised_with_its_message_and_values_gives_the_message_not_their_tuple():
    error = ValueError("'hand' must be in [2, 3] (got 4)", object(), [2, 3], 4)
    assert first_line(error) == "'hand' must be in [2, 3] (got 4)"
    assert error_line(error) == "ValueError: 'hand' must be in [2, 3] (got 4)"
    assert first_line(ValueError("a", "b")) == "a"


def test_error_line_names_the_type_for_someone_elses_fault():
    assert error_line(ZeroDivisionError("division by zero\nmore")) == "ZeroDivisionError: division by zero"


def test_os_reason_gives_the_systems_words_without_the_errno_and_the_file_only_when_asked():
    error = OSError(errno.ENOENT, "No such file or directory", "/tmp/x.part")
    assert os_reason(error) == "No such file or directory"
    assert os_reason(error, with_file=True) == "No such file or directory: /tmp/x.part"
    assert os_reason(OSError(errno.ENOSPC, "No space left on device"), with_file=True) == "No space left on device"


def test_os_reason_of_an_error_without_strerror_is_its_first_line():
    assert os_reason(OSError("plain\nsecond")) == "plain"
    assert os_reason(ValueError("not an os error")) == "not an os error"
