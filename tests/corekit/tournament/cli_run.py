"""Running `campfire` in-process for the tournament tests, and reading its one-line errors."""

from __future__ import annotations

from click.testing import CliRunner, Result

from corekit import Registry
from corekit.cli import CliContext, cli


def run_cli(*args: str, registry: Registry | None = None) -> Result:
    """`campfire ARGS...`, with `registry` in place of the installed plugins when given."""
    return CliRunner().invoke(cli, list(args), obj=CliContext(registry) if registry is not None else None)


def error_line(result: Result) -> str:
    """The one line on stderr of a run that exited 1 (and no traceback anywhere)."""
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]
