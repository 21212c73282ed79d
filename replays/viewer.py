"""`campfire replay view`: a textual app to step through a replay.

Keys (`?` lists them): right/left step forward and back, page up/down by ten, home/end, `g` jumps to a step,
`v` cycles the view (full, then each seat's), `f` returns to the full view, up/down (or k/j) scroll the
board, `q` quits.
Both panes scroll when a small terminal cannot hold them, and their lines fold under their own indent.
The right-hand panel shows the actions around the step and the current decision (the one taken from the
state shown) with its time and, for search players, the root statistics. A seat's view hides the other
seats' actions and statistics, and lists no action after the step.
"""

from __future__ import annotations

import textwrap
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Input, Static

from corekit.codes import value_cell
from corekit.words import DRAWING_WIDTH, drawing_for, folded, shown
from replays.display import action_lines, board, listed_range, result_line, seed_text
from replays.simulate import Simulator

STATS_ROWS = 10
NUMBERS = 16
"""Columns of a statistics row after its label: visits and value, 7 each, and the spaces before them."""
KEYS = """Keys
right, l   next step          left, h    step back
PgDn       10 steps on        PgUp       10 steps back
End        the last step      Home       the first step
g          jump to a step     v          next view (each seat's, then full)
f          the full view      down/up, j/k  scroll the board
?          these keys         q          quit"""


class ReplayViewer(App[None]):
    """Steps through one replay; `step` and `seat` (None = full view) are the current position."""

    TITLE = "campfire replay"
    AUTO_FOCUS = None  # keys go to the viewer until `g` opens the jump box
    CSS = """
    #info { height: auto; background: $boost; padding: 0 1; }
    #board { width: 2fr; scrollbar-gutter: stable; }
    #state { padding: 0 1; }
    #side { width: 1fr; scrollbar-gutter: stable; }
    #actions { height: auto; padding: 0 1; border-top: solid $accent; }
    #decision { height: auto; padding: 0 1; border-top: solid $accent; }
    #jump { display: none; }
    #jump.open { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "Next"),
        Binding("left,h", "step(-1)", "Back"),
        Binding("pagedown", "step(10)", "+10", show=False),
        Binding("pageup", "step(-10)", "-10", show=False),
        Binding("home", "go(0)", "Start", show=False),
        Binding("end", "go(-1)", "End", show=False),
        Binding("down,j", "scroll_board(1)", "Scroll", show=False),
        Binding("up,k", "scroll_board(-1)", "Scroll", show=False),
        Binding("g", "jump", "Jump to step"),
        Binding("v", "cycle_view", "Next view"),
        Binding("f", "full_view", "Full view"),
        Binding("question_mark", "keys", "Keys"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, simulator: Simulator, step: int = 0, seat: int | None = None) -> None:
        super().__init__()
        self.simulator = simulator
        self.replay = simulator.replay
        self.game = simulator.game
        self.step = step
        self.seat = seat
        self.texts: dict[str, str] = {}
        """What each panel shows now (tests read it)."""

    def compose(self) -> ComposeResult:
        """Info bar, the state on the left, actions and the decision on the right, the jump box."""
        yield Static(id="info", markup=False)
        with Horizontal():
            # Not focusable: a focused pane would take the arrows, PgUp/PgDn and Home/End for scrolling.
            with VerticalScroll(id="board", can_focus=False):
                yield Static(id="state", markup=False)
            with VerticalScroll(id="side", can_focus=False):
                yield Static(id="actions", markup=False)
                yield Static(id="decision", markup=False)
        yield Input(placeholder=f"step (0-{self.replay.steps}), Enter to jump, Escape to cancel", id="jump")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the first position; on a terminal, look once a second that it is still there."""
        self.refresh_panels()
        if not self.is_headless:
            self.set_interval(1.0, self.stop_without_terminal)

    def stop_without_terminal(self) -> None:
        """Quit once the terminal is gone. A hang-up ends the app where the terminal is the process's own; a
        terminal that is not (a harness's pseudo-terminal, closed) reads as an endless end of input, on which
        textual's input thread spins at a full core instead (textual 8.2, `LinuxDriver.run_input_thread`). Linux
        answers such a terminal's settings with EIO; macOS's kernel keeps answering them, so there this does not
        see it go."""
        try:
            import termios
        except ImportError:  # not on Unix: no such terminal to lose
            return
        import sys

        stdin = sys.__stdin__
        try:
            if stdin is None:
                raise ValueError("no stdin")
            termios.tcgetattr(stdin.fileno())
        except (termios.error, OSError, ValueError):  # EIO once hung up (termios.error); a closed or missing stdin
            self.exit()

    def on_resize(self) -> None:
        """Fold the panels' lines anew for their new width."""
        self.call_after_refresh(self.refresh_panels)

    # ---- actions -------------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        """Move by `delta` steps, stopping at either end."""
        self.go_to(self.step + delta)

    def action_go(self, step: int) -> None:
        """Go to a step; -1 is the end."""
        self.go_to(self.replay.steps if step < 0 else step)

    def action_jump(self) -> None:
        """Open the jump box."""
        box = self.query_one("#jump", Input)
        box.add_class("open")
        box.value = ""
        box.focus()

    def action_scroll_board(self, lines: int) -> None:
        """Scroll the board pane, for a board taller than the terminal."""
        self.query_one("#board", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_cycle_view(self) -> None:
        """Full view, then each seat's view in turn."""
        seats = len(self.replay.header.seats)
        self.seat = 0 if self.seat is None else (None if self.seat + 1 >= seats else self.seat + 1)
        self.refresh_panels()

    def action_keys(self) -> None:
        """List every key (the footer has room for only some)."""
        self.notify(KEYS, title="campfire replay view", timeout=15)

    def action_full_view(self) -> None:
        """Back to the full view."""
        self.seat = None
        self.refresh_panels()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Jump to the typed step."""
        text = event.value.strip()
        self._close_jump()
        try:
            wanted = int(text)
        except ValueError:
            self.notify(f"not a step number: {text!r}", severity="warning")
            return
        self.go_to(wanted)
        if self.step != wanted:
            self.notify(f"step {wanted} is outside the replay: showing step {self.step}")

    def on_key(self, event: Any) -> None:
        """Escape closes the jump box."""
        if event.key == "escape" and self.query_one("#jump", Input).has_class("open"):
            self._close_jump()
            event.stop()

    def go_to(self, step: int) -> None:
        """Show `step`, clamped to the replay."""
        self.step = max(0, min(self.replay.steps, step))
        self.refresh_panels()

    # ---- drawing -------------------------------------------------------------------------------

    def refresh_panels(self) -> None:
        """Recompute every panel's text for the current step and view."""
        state_width = self.query_one("#state", Static).content_size.width
        try:
            with drawing_for(state_width if state_width >= 20 else DRAWING_WIDTH):  # made for the panel it goes in
                drawing = board(self.simulator, self.step, self.seat)  # a crash in the game's code names the game
        except Exception as error:  # a replay that diverges part-way still shows up to there
            drawing = f"cannot show step {self.step}: {error}"
        header = self.replay.header
        names = self.simulator.names
        view = "full view" if self.seat is None else f"as {names[self.seat]}"
        specs = shown(", ".join(f"{names[s]}: {spec}" for s, spec in enumerate(header.seats)))
        widths = {name: self.query_one(f"#{name}", Static).content_size.width for name in ("state", "decision")}
        actions_width = self.query_one("#actions", Static).content_size.width
        self.texts = {
            "info": shown(f"{self.game.title} ({self.game.id}){seed_text(header.seed, self.seat)}") + f"   {specs}\n"
            f"step {self.step} of {self.replay.steps}   {shown(view)}",
            "state": drawing,
            "actions": self._actions_text(actions_width - 1 if actions_width >= 21 else None),
            "decision": self._decision_text(widths["decision"]),
        }
        for name, text in self.texts.items():
            # Folded here, not by the widget: a line wrapped at column 0 breaks a board's columns. (The
            # actions are folded as `replay show` folds them, to the panel's width.)
            width = widths.get(name, 0)
            self.query_one(f"#{name}", Static).update(Text(folded(text, width) if width >= 20 else text))

    def _actions_text(self, width: int | None = None) -> str:
        first, last = listed_range(self.step, self.replay.steps, self.seat, 5)
        lines = ["Actions"]
        listed = self._safe(lambda: action_lines(self.simulator, first, last, self.seat, width))
        for index, group in listed if isinstance(listed, list) else []:
            lines.append((">" if index == self.step + 1 else " ") + group[0])
            lines += [" " + line for line in group[1:]]
        if self.step == self.replay.steps:
            result = result_line(self.simulator)
            lines.append(folded(result, width + 1) if width else result)
        return "\n".join(lines)

    def _decision_text(self, width: int = 0) -> str:
        step = self.step + 1
        if step > self.replay.steps:
            # A match a person left is not over: its replay stops where they left it.
            unfinished = self.replay.result.unfinished
            return (
                "Decision\nthe match is over"
                if unfinished is None
                else f"Decision\nthe replay ends here: {shown(unfinished)}"
            )
        actor = self._safe(lambda: self.simulator.action(step)[0])
        if not isinstance(actor, int):
            return f"Decision\n{actor}"
        name = self.simulator.names[actor]
        if self.seat is not None and actor != self.seat:
            return f"Decision\n{name} decides (hidden from {self.simulator.names[self.seat]})"
        lines = [
            "Decision",
            f"{name} ({shown(self.replay.header.seats[actor])}) chose "
            f"{self._safe(lambda: self.simulator.action_text(step).split(': ', 1)[1])}",
        ]
        if self.replay.times is not None:
            micros = self.replay.times[step - 1]
            lines.append(f"time {micros} µs" if micros < 10_000 else f"time {micros / 1000:.1f} ms")
        rows = self.replay.stats.get(step)
        if not rows:
            lines.append("no search statistics")
            return "\n".join(lines)
        chosen = self._safe(lambda: self.simulator.action_code(step))
        best = sorted(rows, key=lambda r: (-r[1], -r[2]))[:STATS_ROWS]
        texts = [self._safe(lambda c=row[0]: self.game.action_text(self.game.decode_action(c))) for row in best]
        # The labels take what the panel leaves after the numbers: cut, two actions could read the same, so a
        # label too long for its column folds onto lines of its own instead.
        column = max(12, min(max(map(len, texts)), (width or 80) - NUMBERS - 1))
        lines.append(f" {'action':<{column}} {'visits':>7} {'value':>7}")
        for (code, visits, value), text in zip(best, texts):
            mark = "*" if code == chosen else " "
            parts = textwrap.wrap(text, column, break_on_hyphens=False) or [""]
            lines.append(f"{mark}{parts[0]:<{column}} {visits:>7} {value_cell(visits, value):>7}")
            lines += [f"   {part}" for part in parts[1:]]
        return "\n".join(lines)

    def _close_jump(self) -> None:
        box = self.query_one("#jump", Input)
        box.remove_class("open")
        self.set_focus(None)

    @staticmethod
    def _safe(make: Any) -> Any:
        try:
            return make()
        except Exception as error:  # one unreadable action must not stop the viewer
            return f"(unreadable: {error})"
