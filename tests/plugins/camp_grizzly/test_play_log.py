"""`campfire play camp-grizzly` tells a whole game readably: seats by counselor, a running commentary of
what the rules did (Otis, dice, draws), the final board and the result."""

from click.testing import CliRunner

from corekit.cli import cli


def test_a_played_game_names_counselors_and_narrates_otis():
    result = CliRunner().invoke(cli, ["play", "camp-grizzly", "--players", "heuristic,heuristic", "--seed", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "  Kevin: heuristic" in lines and "  Sherry: heuristic" in lines
    assert any(line.startswith("        Otis stalks") for line in lines)
    assert any(": end the turn" in line and line.split(":")[0].strip().split()[-1] in ("Kevin", "Sherry")
               for line in lines)
    assert lines[-1].startswith("Result:")
