"""`replay view`: the textual viewer steps, jumps, switches views and shows annotations (headless)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input

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


def _longest_labels(tmp_path):
    """A searched camp-grizzly replay (its actions have the longest texts), its simulator, and the annotated step
    whose statistics hold the longest label."""
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
    return simulator, replay, step


@pytest.mark.parametrize("columns", [120, 200])
def test_wide_statistics_panels_show_whole_action_labels(tmp_path, columns):
    """Labels take the panel's width, and fold rather than being cut: two actions never look alike."""
    simulator, replay, step = _longest_labels(tmp_path)
    game = simulator.game
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


# ---- pinned by a hand mutation sweep: each test below failed against a small change to viewer.py ----------------


def test_l_and_h_step_as_the_arrows_do(viewer):
    assert viewer("l", "l", "l", "h").step == 2


def test_page_down_goes_ten_steps_on_and_home_goes_back_to_the_first_step(viewer):
    assert viewer("pagedown").step == 10
    assert viewer("pagedown", "pagedown").step == 12  # stops at the end
    assert viewer("end", "home").step == 0


def test_down_and_up_scroll_the_board_a_line_at_a_time_as_j_and_k_do(record):
    from textual.containers import VerticalScroll

    path = record("camp-grizzly", "heuristic,heuristic,heuristic", seed=3)
    seen = []

    def probe(app: ReplayViewer) -> None:
        seen.append((app.step, app.query_one("#board", VerticalScroll).scroll_y))

    _run(ReplayViewer(Simulator(read_replay(path)), step=40), "down", "down", "j", "up", size=(100, 30), probe=probe)
    assert seen == [(40, 2)]  # scrolling does not move through the replay


def test_a_click_on_a_pane_does_not_take_the_keys_from_the_viewer(record):
    # A focused pane that can scroll takes PgUp/PgDn and Home/End for itself: the panes never take the focus.
    from textual.containers import VerticalScroll

    path = record("camp-grizzly", "heuristic,heuristic,heuristic", seed=3)
    seen = []

    async def drive() -> None:
        app = ReplayViewer(Simulator(read_replay(path)), step=20)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.click("#state")
            await pilot.press("pagedown")
            await pilot.pause()
            seen.append((app.focused, app.step, app.query_one("#board", VerticalScroll).scroll_y))

    asyncio.run(drive())
    assert seen == [(None, 30, 0)]


def test_q_quits(record):
    running = []
    _run(ReplayViewer(Simulator(read_replay(record(seed=5)))), "q", probe=lambda app: running.append(app.is_running))
    assert running == [False]


def test_the_jump_box_says_which_steps_the_replay_has(record):
    placeholders = []
    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    _run(app, probe=lambda app: placeholders.append(app.query_one("#jump", Input).placeholder))
    assert placeholders == ["step (0-12), Enter to jump, Escape to cancel"]


def test_enter_closes_the_jump_box_and_gives_the_keys_back_to_the_viewer(record):
    seen = []

    def probe(app: ReplayViewer) -> None:
        seen.append((app.query_one("#jump").has_class("open"), app.focused))

    _run(ReplayViewer(Simulator(read_replay(record(seed=5)))), "g", "4", "enter", probe=probe)
    assert seen == [(False, None)]


def test_a_typed_step_that_is_no_number_is_a_warning_quoting_it_without_its_spaces(record):
    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    notes = []
    app.notify = lambda message, **kwargs: notes.append((message, kwargs.get("severity")))
    _run(app, "g", "space", "x", "space", "enter")
    assert notes == [("not a step number: 'x'", "warning")]
    assert app.step == 0


def test_f_shows_the_full_view_again(viewer):
    app = viewer("v", "v", "f")
    assert app.texts["info"].endswith("step 0 of 12   full view")
    assert "(you)" not in app.texts["state"]


def test_the_keys_list_says_what_each_key_does_and_stays_up_15_seconds(record):
    import re

    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    notes = []
    app.notify = lambda message, **kwargs: notes.append((message, kwargs))
    _run(app, "question_mark")
    [(text, kwargs)] = notes
    assert kwargs == {"title": "campfire replay view", "timeout": 15}
    for key, does in [
        ("right, l", "next step"),
        ("left, h", "step back"),
        ("PgDn", "10 steps on"),
        ("PgUp", "10 steps back"),
        ("End", "the last step"),
        ("Home", "the first step"),
        ("g", "jump to a step"),
        ("v", "next view"),
        ("f", "the full view"),
        ("down/up, j/k", "scroll the board"),
        ("?", "these keys"),
        ("q", "quit"),
    ]:
        assert re.search(rf"(^|  ){re.escape(key)} +{does}", text, re.MULTILINE), key


def test_a_seats_view_does_not_show_the_seed_which_deals_every_hidden_card(record):
    path = record(seed=5)
    title = Simulator(read_replay(path)).game.title
    full = _run(ReplayViewer(Simulator(read_replay(path)))).texts["info"]
    seat = _run(ReplayViewer(Simulator(read_replay(path)), seat=1)).texts["info"]
    assert full.splitlines()[0] == f"{title} (grizzly-race), seed 5   seat 0: random, seat 1: random"
    assert seat.splitlines()[0] == f"{title} (grizzly-race)   seat 0: random, seat 1: random"


def test_the_specs_in_the_info_bar_are_shown_with_their_control_characters_escaped(record):
    import attrs

    replay = read_replay(record(seed=5))
    replay.header = attrs.evolve(replay.header, seats=("random\x1b[2J", "random\nsecond"))
    info = _run(ReplayViewer(Simulator(replay))).texts["info"]
    assert info.splitlines()[0].endswith("   seat 0: random\\x1b[2J, seat 1: random\\nsecond")


def test_the_actions_panel_lists_five_steps_either_side_and_marks_the_decision_taken_from_the_state_shown(record):
    import re

    simulator = Simulator(read_replay(record(specs="random,random,random,random", seed=1)))
    assert simulator.replay.steps > 17  # the window is not cut by either end
    app = _run(ReplayViewer(simulator, step=12))
    lines = app.texts["actions"].splitlines()
    heads = [line for line in lines if re.match(r"[> ] {0,3}\d+  ", line)]
    assert heads == [f"{'>' if step == 13 else ' '}{step:4d}  {simulator.action_text(step)}" for step in range(7, 18)]
    # The commentary under a step keeps its indent under the marker's column.
    commentary = [line for line in lines[1:] if line not in heads]
    assert commentary and all(line.startswith(" " * 9) for line in commentary)
    assert "Result:" not in app.texts["actions"]


def test_a_seats_view_lists_the_ten_steps_up_to_the_one_shown_and_none_after_it(record):
    # What a later step showed the seat (another seat's secret play revealed, the next card off the deck) was not
    # known at the step shown: an outside leak hunt found the seat views listing five steps on.
    import re

    simulator = Simulator(read_replay(record(specs="random,random,random,random", seed=1)))
    assert simulator.replay.steps > 17
    app = _run(ReplayViewer(simulator, step=12, seat=1))
    heads = [line for line in app.texts["actions"].splitlines() if re.match(r"[> ] {0,3}\d+  ", line)]
    assert [int(line[1:5]) for line in heads] == list(range(2, 13))
    assert not any(line.startswith(">") for line in heads)  # the decision taken from this state is not listed


def test_the_result_shows_only_at_the_last_step_folded_to_the_panel(record):
    from textual.widgets import Static

    path = record(seed=5)
    widths = []
    probe = lambda app: widths.append(app.query_one("#actions", Static).content_size.width)  # noqa: E731
    before = _run(ReplayViewer(Simulator(read_replay(path)), step=11), size=(100, 30)).texts["actions"]
    end = _run(ReplayViewer(Simulator(read_replay(path)), step=12), size=(100, 30), probe=probe).texts["actions"]
    assert "Result:" not in before
    result = "Result: seat 0 wins after 12 steps (returns 1, 0)"
    assert " ".join(end[end.index("Result:") :].split()) == result  # all of it, folded onto lines of the panel
    assert max(map(len, end.splitlines())) <= widths[0] < len(result)


@pytest.mark.parametrize("columns", [36, 100])
def test_the_board_is_drawn_for_the_width_of_its_panel(record, columns):
    """At 36 columns the panel is 20 wide, the narrowest a drawing is made for."""
    from textual.widgets import Static

    from corekit.words import DRAWING_WIDTH, drawing_for, folded
    from replays.display import board

    simulator = Simulator(read_replay(record("scavengers", seed=3)))
    seen = {}

    def probe(app: ReplayViewer) -> None:
        panel = app.query_one("#state", Static)
        seen.update(width=panel.content_size.width, content=str(panel.content))

    app = _run(ReplayViewer(simulator), size=(columns, 30), probe=probe)
    width = seen["width"]
    assert width == 20 if columns == 36 else width > 20
    with drawing_for(width):
        drawn = board(simulator, 0, None)
    with drawing_for(DRAWING_WIDTH):
        assert drawn != board(simulator, 0, None)  # a drawing the width changes
    assert app.texts["state"] == drawn
    assert seen["content"] == folded(drawn, width)


def test_a_step_the_replay_cannot_reach_says_why_on_the_board_and_in_the_decision(record):
    """A replay that diverges part-way is shown up to there (`replay view` verifies a file first; this is the
    viewer's own guard)."""
    replay = read_replay(record(seed=5))
    replay.coded = {9: (0, 99)}  # step 9 plays a card nobody holds
    app = _run(ReplayViewer(Simulator(replay), step=9))
    why = "diverges at step 9: play 99 is not a legal action for seat 0"
    assert app.texts["state"] == f"cannot show step 9: {why}"
    assert app.texts["decision"] == f"Decision\n(unreadable: {why})"
    assert "step 9 of 12   full view" in app.texts["info"]


def _decision(replay, step: int, size: tuple[int, int] = (140, 40)) -> str:
    return _run(ReplayViewer(Simulator(replay), step=step), size=size).texts["decision"]


def test_the_decision_panel_names_the_seat_its_spec_its_action_and_its_time(record):
    import attrs

    replay = read_replay(record(seed=5))
    replay.header = attrs.evolve(replay.header, seats=("random", "heuristic"))
    replay.times = [9_999, 10_000, *[1] * 10]
    assert _decision(replay, 0) == "Decision\nseat 0 (random) chose play 4\ntime 9999 µs\nno search statistics"
    assert _decision(replay, 1) == "Decision\nseat 1 (heuristic) chose play 1\ntime 10.0 ms\nno search statistics"
    # The last decision, taken from the state before the last step: not yet "the match is over".
    assert _decision(replay, 11) == "Decision\nseat 1 (heuristic) chose SUPERCARD\ntime 1 µs\nno search statistics"


def test_the_statistics_table_lists_ten_rows_most_visited_first_ties_by_value_with_the_chosen_marked(record):
    replay = read_replay(record(seed=5))
    replay.times = None
    # (code, visits, value); the codes are grizzly-race's (6 is the SUPERCARD), repeated to have eleven rows.
    rows = [(1, 5, 0.1), (2, 30, 0.2), (3, 30, 0.7), (4, 12, 0.25), (5, 1, 0.0), (6, 40, -0.5)]
    rows += [(1, 2, 0.3), (2, 3, 0.3), (3, 4, 0.3), (5, 6, 0.3), (6, 7, 0.3)]
    replay.stats = {1: [list(row) for row in rows]}
    assert _decision(replay, 0).splitlines() == [
        "Decision",
        "seat 0 (random) chose play 4",
        " action        visits   value",
        " SUPERCARD         40  -0.500",
        " play 3            30   0.700",
        " play 2            30   0.200",
        "*play 4            12   0.250",
        " SUPERCARD          7   0.300",
        " play 5             6   0.300",
        " play 1             5   0.100",
        " play 3             4   0.300",
        " play 2             3   0.300",
        " play 1             2   0.300",
    ]  # the eleventh, play 5 with 1 visit, is left out


def test_the_statistics_table_shows_no_value_for_an_action_the_search_never_tried(record):
    replay = read_replay(record(seed=5))
    replay.times = None
    replay.stats = {1: [[4, 3, 0.5], [2, 0, 0.0]]}  # play 2 never tried: 0 visits, no value (not a sure loss)
    assert _decision(replay, 0).splitlines()[-2:] == ["*play 4             3   0.500", " play 2             0       -"]


def test_the_statistics_table_fits_a_narrow_panel_folding_long_labels(tmp_path):
    from textual.widgets import Static

    simulator, replay, step = _longest_labels(tmp_path)
    widths = []
    app = ReplayViewer(simulator, step=step - 1)
    _run(app, size=(100, 40), probe=lambda app: widths.append(app.query_one("#decision", Static).content_size.width))
    lines = app.texts["decision"].splitlines()
    table = lines[next(i for i, line in enumerate(lines) if line.split()[:1] == ["action"]) :]
    assert len(table) > len(replay.stats[step]) + 1  # some label folded
    assert max(map(len, table)) == widths[0]  # the numbers end at the panel's edge


def test_a_label_folds_between_words_never_at_a_hyphen_and_an_empty_label_keeps_its_row(record, monkeypatch):
    replay = read_replay(record(seed=5))
    replay.times = None
    replay.stats = {1: [[4, 10, 0.5], [5, 3, 0.25]]}
    simulator = Simulator(replay)
    texts = {4: "go to fire-pit now", 5: ""}
    monkeypatch.setattr(simulator.game, "action_text", lambda action: texts.get(action, f"play {action}"))
    app = _run(ReplayViewer(simulator), size=(100, 40))  # the panel is 30 wide: a 13-column label
    assert app.texts["decision"].splitlines()[2:] == [
        " action         visits   value",
        "*go to              10   0.500",
        "   fire-pit now",
        "                     3   0.250",
    ]


def test_enter_at_once_in_the_jump_box_jumps_nowhere_it_opens_empty(record):
    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    notes = []
    app.notify = lambda message, **kwargs: notes.append(message)
    _run(app, "g", "7", "escape", "g", "enter")  # the 7 typed before escape is not in the box again
    assert app.step == 0
    assert notes == ["not a step number: ''"]


@pytest.mark.parametrize("headless", [True, False])
def test_the_viewer_looks_for_its_terminal_once_a_second_only_when_it_has_one(record, monkeypatch, headless):
    app = ReplayViewer(Simulator(read_replay(record(seed=5))))
    timers = []
    monkeypatch.setattr(ReplayViewer, "is_headless", headless)
    monkeypatch.setattr(app, "set_interval", lambda interval, callback, **kwargs: timers.append((interval, callback)))
    _run(app)
    assert timers == ([] if headless else [(1.0, app.stop_without_terminal)])


@pytest.mark.parametrize("stdin", ["missing", "closed", "bad descriptor"])
def test_the_viewer_quits_when_its_stdin_is_missing_or_closed(record, monkeypatch, stdin):
    import os
    import sys

    termios = pytest.importorskip("termios", reason="a Unix terminal")
    app = ReplayViewer(Simulator(read_replay(record())))
    quit_calls = []
    monkeypatch.setattr(app, "exit", lambda *args, **kwargs: quit_calls.append(args))
    if stdin == "missing":
        monkeypatch.setattr(sys, "__stdin__", None)
    elif stdin == "closed":
        closed = open(os.devnull)  # noqa: SIM115
        closed.close()
        monkeypatch.setattr(sys, "__stdin__", closed)  # its fileno() raises ValueError
    else:

        def bad(fd):
            raise OSError(9, "Bad file descriptor")

        monkeypatch.setattr(termios, "tcgetattr", bad)
    app.stop_without_terminal()
    assert quit_calls == [()]
