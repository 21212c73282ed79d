"""corekit.errors: the one-line texts every user-facing failure is made of."""

from __future__ import annotations

import errno

from corekit.errors import error_line, first_line, os_reason, raised_at, without_addresses


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


def _package(root, name: str, source: str) -> None:
    (root / name).mkdir()
    (root / name / "__init__.py").write_text("")
    (root / name / "code.py").write_text(source)


def test_raised_at_names_a_plugins_line_by_its_module_wherever_it_is_installed_and_prefers_the_owners_own(
    tmp_path, monkeypatch
) -> None:
    # A failed match's error is kept in its results: `tmp_path` (where the package lies) must not show. Named by
    # module, a game installed into site-packages under the standard library's folder (pyenv without a virtual
    # environment) is found too, where a test of the path left it out.
    _package(tmp_path, "hostlib", "def check(value):\n    raise ValueError('bad value')\n")
    _package(
        tmp_path,
        "hostgame",
        "from hostlib.code import check\n\nclass Game:\n    def apply(self):\n        check(3)\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    from hostgame.code import Game

    try:
        Game().apply()
    except ValueError as error:
        assert raised_at(error) == " (at hostlib/code.py:2 in check)"  # the innermost line outside corekit
        assert raised_at(error, Game()) == " (at hostgame/code.py:5 in apply)"  # the game's own line first


def test_without_addresses_leaves_out_only_a_default_reprs_memory_address() -> None:
    assert without_addresses("play <object object at 0x7f2d4c1b2a90> now") == "play <object object> now"
    assert without_addresses("a card at 0x10 table") == "a card at 0x10 table"  # not a repr's end
