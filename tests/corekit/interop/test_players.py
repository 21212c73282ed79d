"""OpenSpiel's bots in Campfire seats: `os-ismcts` plays a full match of every installed game through the
adapter, `os-mcts` too, both decide from the seat view alone, and without OpenSpiel naming them says which
extra to install."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from corekit import Rng
from corekit.players import SeatView
from corekit.plugins import default_registry
from corekit.runner import build_spec, play_match

ROOT = Path(__file__).resolve().parents[3]


def test_without_openspiel_naming_the_bots_says_which_extra_to_install():
    # pyspiel made unimportable, as on a machine without the extra.
    code = (
        "import sys; sys.modules['pyspiel'] = None; from corekit.cli import main; "
        "sys.argv = ['campfire', 'play', 'grizzly-race', '--players', 'os-mcts,random']; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "Error: player 'os-mcts' needs OpenSpiel: pip install 'campfire-engine[openspiel]'"
    ]


needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="OpenSpiel is not installed: pip install -e '.[openspiel]'"
)


@needs_openspiel
@pytest.mark.parametrize("game_id", sorted(default_registry().games))
def test_ismcts_plays_a_full_match_of_every_game(game_id):
    game = default_registry().game(game_id)
    specs = ["os-ismcts:iterations=3"] + ["random"] * (game.min_players - 1)
    result = play_match(game, specs, seed=5)
    assert result.error is None and result.forfeit is None
    assert result.steps > 0 and result.decisions[0] > 0


@needs_openspiel
def test_mcts_plays_a_full_match_in_any_seat():
    game = default_registry().game("grizzly-race")
    result = play_match(game, ["random", "os-mcts:iterations=4", "os-ismcts:iterations=4"], seed=2)
    assert result.error is None and result.forfeit is None
    assert sum(result.returns) == pytest.approx(1.0)


@needs_openspiel
@pytest.mark.parametrize("spec", ["os-ismcts:iterations=6", "os-mcts:iterations=6"])
def test_a_bot_decides_the_same_on_two_states_its_seat_cannot_tell_apart(spec):
    game = default_registry().game("grizzly-race")
    registry = default_registry()
    state = game.initial_state(3, 8)
    for move in range(4):
        seat = state.to_act[0]
        twin = state.sample(seat, Rng(move))
        assert twin.observation(seat) == state.observation(seat)
        assert twin.digest() != state.digest(), "the twin differs in what the seat cannot see"
        choices = [build_spec(game, spec, 77, registry).decide(SeatView(s, seat)) for s in (state, twin)]
        assert choices[0] == choices[1]
        state.apply(seat, choices[0])


@needs_openspiel
def test_a_bot_whose_match_options_change_the_actions_numbers_them_by_those_options():
    game = default_registry().game("slasher")
    result = play_match(game, ["os-ismcts:iterations=3", "random", "random"], seed=3, options={"discard_one": "true"})
    assert result.error is None and result.forfeit is None


def test_the_benchmark_script_prints_its_usage_and_refuses_an_unknown_flag(capsys):
    from benchmarks import openspiel_ismcts

    assert openspiel_ismcts.main(["--help"]) == 0
    assert capsys.readouterr().out == f"{openspiel_ismcts.__doc__}\n"
    with pytest.raises(SystemExit) as stop:
        openspiel_ismcts.main(["--bogus"])
    assert stop.value.code == 2


@needs_openspiel
@pytest.mark.parametrize("spec", ["os-ismcts:iterations=3", "os-mcts:iterations=3"])
def test_a_bot_plays_options_whose_game_length_overflows_openspiels_int(spec):
    game = default_registry().game("grizzly-race")
    options = {"stall_rounds": "1000000000"}
    assert game.max_decisions(2, game.make_options(options)) >= 2**31
    result = play_match(game, [spec, "random"], seed=1, options=options)
    assert result.error is None and result.forfeit is None
    assert result.decisions[0] > 0


@needs_openspiel
@pytest.mark.parametrize("name", ["os-ismcts", "os-mcts"])
def test_a_bot_reports_its_root_statistics_as_campfires_search_does(name):
    # `campfire suggest` shows them and replays keep them; the bots showed none.
    game = default_registry().game("grizzly-race")
    state = game.initial_state(2, 4)
    player = build_spec(game, f"{name}:iterations=40", 9, default_registry())
    view = SeatView(state, 0)
    action = player.decide(view)
    annotation = player.annotation()
    assert annotation["iterations"] == 40
    rows = {code: (visits, value) for code, visits, value in annotation["stats"]}
    assert set(rows) <= {game.encode_action(a) for a in view.legal_actions}
    assert sum(visits for visits, _ in rows.values()) == 39  # each bot's first simulation only expands the root
    assert all(type(visits) is int and type(value) is float and 0.0 <= value <= 1.0 for visits, value in rows.values())
    assert rows[game.encode_action(action)][0] == max(visits for visits, _ in rows.values())
