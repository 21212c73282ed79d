"""Argument parsing for the project's `python -m` tools (the benchmark reports):
every bad argument is one line and exit 2, as in the `campfire` command."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, `prog: message`, and exit 2 (argparse's own error
    prints the usage first, and the project's rule is one line per bad input)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number `least` or more, refused otherwise with a message saying so."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < least:
            raise argparse.ArgumentTypeError(f"wants a whole number {least} or more, not {text!r}")
        return value

    return parse
