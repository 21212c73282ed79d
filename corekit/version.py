"""Campfire's version, written once, in pyproject.toml, and read back from the installed package's metadata."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "campfire-engine"

try:
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # a checkout used without installing it
    __version__ = "0+unknown"
"""This engine's version, as pyproject.toml gives it (recorded in replay headers)."""
