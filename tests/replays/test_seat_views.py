"""A seat view (`replay show --as SEAT`, the viewer's seat views) shows only what that seat saw when it happened.

For every game, at every step of seeded matches, the whole `replay show --as S` text is rebuilt here from what
seat S had by that step: the public header (and the result once the match has ended), who acted at each step up to
it, S's own actions, and S's observation after each of those steps (the board drawn from it, the commentary
`game.events` between two of them). Nothing else reaches the rebuild, so a view that prints another seat's action
text (a face-down killer card, a secret play), anything else of the state, or what a later step showed the seat
differs from it.
"""

from __future__ import annotations

from typing import Any

import pytest

from corekit import default_registry, play_match
from corekit.cli.shared import step_lines
from corekit.game import Game
from corekit.words import counted, folded, shown, terminal_width
from replays.commands import AROUND, MARK, show_text
from replays.display import result_line
from replays.format import read_replay
from replays.simulate import Simulator

MATCHES = {
    "grizzly-race": [(2, 1), (2, 2), (4, 1)],
    "slasher": [(2, 1), (4, 2), (6, 5)],
    "scavengers": [(2, 3)],
    "camp-grizzly": [(1, 1), (3, 0)],
}
"""(players, seed) of the matches checked: both ends of each game's player range, kept short where a match is
long (every step of every seat's view is checked)."""


def _seen_by(simulator: Simulator, seat: int) -> tuple[list[Any], list[int], dict[int, Any]]:
    """Seat `seat`'s observation after every step (0 first), who acted at each step, and its own actions."""
    state = simulator.state_at(0)
    observations, actors, own = [state.observation(seat)], [], {}
    for step, (actor, action) in enumerate(simulator.moves(), 1):
        state.apply(actor, action)
        observations.append(state.observation(seat))
        actors.append(actor)
        if actor == seat:
            own[step] = action
    return observations, actors, own


def _expected(
    simulator: Simulator, step: int, seat: int, observations: list[Any], actors: list[int], own: dict[int, Any]
) -> str:
    """`replay show FILE --step STEP --as SEAT` from the seat's own record only (and the public header, less the
    seed)."""
    game, replay, names = simulator.game, simulator.replay, simulator.names
    header = replay.header
    commentary = type(game).events is not Game.events
    # The seed is not in it: it deals every card the seat cannot see.
    lines = [f"{game.title} ({game.id}), {counted(len(header.seats), 'player')}"]
    if header.options:
        from corekit.options import options_lines

        lines += [shown(line) for line in options_lines(header.options, terminal_width())]
    lines += [f"  {names[s]}: {shown(spec)}" for s, spec in enumerate(header.seats)]
    board = folded(game.render(observations[step], seat))
    lines += ["", f"Step {step} of {replay.steps}, as {names[seat]} saw it", board, ""]
    first, last = max(1, step - 2 * AROUND), step  # none after the step: the seat did not know them yet
    if not replay.steps:
        lines.append("No actions.")
    else:
        lines.append(f"Actions {first}-{last}:" if last >= first else f"No actions up to step {step}.")
    if step == 0:
        lines.append(MARK.format(step=0))
    for index in range(first, last + 1):
        actor = actors[index - 1]
        head = f"{names[actor]}: {game.action_text(own[index])}" if actor == seat else f"{names[actor]} moves"
        events = game.events(observations[index - 1], observations[index]) if commentary else []
        lines += step_lines(index, head, events)
        if index == step:
            lines.append(MARK.format(step=step))
    if step == replay.steps:  # how it ended, once it has
        lines.append(result_line(simulator))
    return "\n".join(lines)


@pytest.mark.parametrize("game_id", sorted(MATCHES))
def test_every_line_of_every_seat_view_at_every_step_comes_from_that_seats_observations(tmp_path, game_id):
    registry = default_registry()
    game = registry.game(game_id)
    for players, seed in MATCHES[game_id]:
        path = tmp_path / f"{players}-{seed}.cfr"
        play_match(game, ["random"] * players, seed, registry=registry, settings={"replay": path})
        simulator = Simulator(read_replay(path), registry)
        simulator.verify()
        for seat in range(players):
            observations, actors, own = _seen_by(simulator, seat)
            for step in range(simulator.replay.steps + 1):
                view = show_text(simulator, step, seat)
                assert view == _expected(simulator, step, seat, observations, actors, own), (players, seed, step)


def test_a_slasher_seat_view_never_names_another_seats_face_down_killer_card(tmp_path):
    """The defect that was: `--as 0` listed `seat 3: killer Sex Kills face down` from the action's own text."""
    registry = default_registry()
    game = registry.game("slasher")
    for seed in range(12):
        path = tmp_path / f"{seed}.cfr"
        play_match(game, ["random"] * 4, seed, registry=registry, settings={"replay": path})
        simulator = Simulator(read_replay(path), registry)
        for step, (actor, action) in enumerate(simulator.moves(), 1):
            text = game.action_text(action)
            if actor != 0 and "face down" in text:
                listed = simulator.listing(step, step, 0)[0]
                assert listed.text == f"{simulator.names[actor]} moves"
                assert text not in "\n".join(listed.events)
                return
    pytest.fail("no face-down play by another seat in 12 matches")
