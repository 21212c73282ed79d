"""`replay view`: the textual viewer steps, jumps, switches views and shows annotations (headless)."""

from __future__ import annotations

import asyncio

import pytest

from replays.format import read_replay
from replays.simulate import Simulator
from replays.viewer import ReplayViewer


def _run(app: ReplayViewer, *keys: str, size: tuple[int, int] = (140, 40), probe=None) -> ReplayViewer:
    async def drive() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            if probe is not None:
                probe(app)

    asyncio.run(drive())
    return app


@pytest.fixture
def viewer(record):
    def make(*keys: str, path=None, **kwargs) -> ReplayViewer:
        simulator = Simulator(read_replay(path or record(seed=5)))
        return _run(ReplayViewer(simulator, **kwargs), *keys)

    return make


def test_arrows_step_forward_and_back_and_stop_at_the_ends(viewer):
    assert viewer("right", "right", "right", "left").step == 2
    assert viewer("left", "left").step == 0
    assert viewer("end", "right").step == 12
    assert viewer("end", "pageup").step == 2


def test_the_board_is_the_state_at_the_current_step(viewer, record):
    path = record(seed=5)
    simulator = Simulator(read_replay(path))
    app = viewer("right", "right", "right", path=path)
    assert app.texts["state"] == simulator.game.render(simulator.state_at(3).observation(None), None)
    assert "step 3 of 12   full view" in app.texts["info"]


def test_g_jumps_to_a_typed_step(viewer):
    assert viewer("g", "9", "enter").step == 9
    assert viewer("g", "4", "0", "enter").step == 12  # clamped to the end
    assert viewer("g", "x", "enter", "right").step == 1  # not a number: stays, then keys work again


def test_escape_closes_the_jump_box_without_moving(viewer):
    app = viewer("right", "g", "7", "escape", "right")
    assert app.step == 2


def test_v_cycles_seat_views_and_f_returns_to_the_full_view(viewer):
    app = viewer("right", "right", "right", "right", "v", "v")
    assert app.seat == 1
    assert "as seat 1" in app.texts["info"]
    assert "seat 1 (you)" in app.texts["state"]
    assert "seat 0 moves" in app.texts["actions"] and "seat 0: play" not in app.texts["actions"]
    assert viewer("v", "v", "v").seat is None
    assert viewer("v", "f").seat is None


def test_the_decision_panel_shows_the_search_statistics_of_the_current_decision(record, search_registry):
    path = record(specs="fakesearch,random", seed=3, registry=search_registry)
    replay = read_replay(path)
    app = _run(ReplayViewer(Simulator(replay)))
    rows = replay.stats[1]
    chosen = Simulator(replay).action(1)[1]
    text = app.texts["decision"]
    assert "seat 0 (fakesearch) chose" in text
    assert "visits" in text and "value" in text
    top = max(rows, key=lambda r: (r[1], r[2]))
    assert f"{top[1]:>7} {top[2]:>7.3f}" in text
    marked = [line for line in text.splitlines() if line.startswith("*")]
    assert len(marked) == 1 and (f"play {chosen}" in marked[0] or chosen == 6)


@pytest.mark.parametrize("columns", [120, 200])
def test_wide_statistics_panels_show_whole_action_labels(tmp_path, columns):
    """Labels take the panel's width, and fold rather than being cut: two actions never look alike."""
    from corekit import Registry, play_match
    from tests.replays.conftest import _FakeSearchPlugin

    registry = Registry(plugins=[_FakeSearchPlugin()])
    path = tmp_path / "cg.cfr"
    play_match(registry.game("camp-grizzly"), ["fakesearch", "random"], 2, registry=registry, settings={"replay": path})
    replay = read_replay(path)
    simulator = Simulator(replay, registry)
    game = simulator.game
    step = max(
        replay.stats, key=lambda k: max(len(game.action_text(game.decode_action(r[0]))) for r in replay.stats[k])
    )
    labels = {game.action_text(game.decode_action(row[0])) for row in replay.stats[step]}
    assert max(map(len, labels)) > 20  # what the panel used to cut at
    app = _run(ReplayViewer(simulator, step=step - 1), size=(columns, 40))
    lines = app.texts["decision"].splitlines()
    table = lines[lines.index(next(line for line in lines if line.split()[:1] == ["action"])) + 1 :]
    shown: list[str] = []
    for line in table:  # "*label   visits value", a long label's rest on lines of its own
        if line.startswith("   "):
            shown[-1] += " " + line.strip()
        else:
            shown.append(line[1:].rsplit(None, 2)[0].strip())
    assert set(shown) == labels
    if columns == 200:  # room enough: every label on one line
        assert len(table) == len(labels)


def test_question_mark_lists_every_key(record):
    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    notes = []
    app.notify = lambda message, **kwargs: notes.append(message)
    _run(app, "question_mark")
    assert len(notes) == 1
    for key in ("right, l", "left, h", "PgDn", "PgUp", "Home", "End", "g ", "v ", "f ", "j/k", "q "):
        assert key in notes[0]


def test_a_seat_view_hides_another_seats_statistics(record, search_registry):
    path = record(specs="fakesearch,random", seed=3, registry=search_registry)
    app = _run(ReplayViewer(Simulator(read_replay(path)), seat=1))
    assert "hidden from seat 1" in app.texts["decision"]
    assert "visits" not in app.texts["decision"]


def test_the_last_step_shows_the_result(viewer):
    app = viewer("end")
    assert "Result: seat 0 wins after 12 steps" in app.texts["actions"]
    assert "the match is over" in app.texts["decision"]


def test_the_end_of_an_unfinished_replay_says_why_it_stopped_not_that_the_match_is_over(record):
    import attrs

    replay = read_replay(record(seed=5))
    replay.result = attrs.evolve(replay.result, unfinished="seat 0 left")
    app = _run(ReplayViewer(Simulator(replay)), "end")
    assert app.texts["decision"] == "Decision\nthe replay ends here: seat 0 left"


def test_in_a_small_terminal_the_panes_fold_their_lines_and_the_board_scrolls(record):
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    path = record("camp-grizzly", "heuristic,heuristic,heuristic", seed=3)
    seen = {}

    def probe(app: ReplayViewer) -> None:
        for name in ("state", "actions"):
            panel = app.query_one(f"#{name}", Static)
            seen[name] = (panel.content_size.width, str(panel.content))
        seen["scrolled"] = app.query_one("#board", VerticalScroll).scroll_y

    app = _run(ReplayViewer(Simulator(read_replay(path)), step=40), "j", "j", "j", size=(100, 30), probe=probe)
    for name in ("state", "actions"):
        width, shown = seen[name]
        assert 20 <= width < 100 and max(map(len, shown.splitlines())) <= width
        # folding only moves words to new lines: none is lost
        assert shown.split() == app.texts[name].split()
    assert max(map(len, app.texts["state"].splitlines())) > seen["state"][0]  # there was something to fold
    assert seen["scrolled"] == 3


def test_a_step_outside_the_replay_is_clamped_and_said(record):
    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    notes = []
    app.notify = lambda message, **kwargs: notes.append(message)
    _run(app, "g", "9", "9", "enter")
    assert app.step == 12
    assert notes == ["step 99 is outside the replay: showing step 12"]


def test_the_viewer_quits_once_its_terminal_is_gone_and_not_before(record, monkeypatch):
    # An outside tester: with a pseudo-terminal that was not the process's own closed, textual's input thread read an
    # endless end of input and spun at a full core for good; a hang-up reads EIO from the terminal's settings.
    termios = pytest.importorskip("termios", reason="a Unix terminal")

    app = ReplayViewer(Simulator(read_replay(record())))
    quit_calls = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: quit_calls.append(args))
    monkeypatch.setattr(termios, "tcgetattr", lambda fd: [0] * 7)
    app.stop_without_terminal()
    assert quit_calls == []

    def hung_up(fd):
        raise termios.error(5, "Input/output error")

    monkeypatch.setattr(termios, "tcgetattr", hung_up)
    app.stop_without_terminal()
    assert quit_calls == [()]
