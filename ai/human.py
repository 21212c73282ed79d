"""The human player: a terminal prompt showing the seat's observation and its legal actions, each with a key.

It reads from `sys.stdin` (which click's CliRunner replaces, so a test can feed it lines) and writes with
`click.echo`. Each turn opens with what happened since the seat's last one (the game's commentary between
its two observations, so nothing it could not see; at its first turn, since the deal, which the runner shows a
seated player: `Player.seated`). The
menu's keys are numbers from 1, or letters from `a` when any action's text holds a number (grizzly-race's
`play 5`), so that a number typed is never both a key and a card. A person answers with the action's key, its
text (as `game.action_text` writes it, case and spacing ignored), the action as written where the menu shows
it (`5` for "play 5", never the SUPERCARD's internal 6 that its text "SUPERCARD" does not show) or the start
of one text alone ("hold" for "hold the stick closer"); anything else is refused with one line saying why and
the question asked again, and `help` or `?` explains how to answer. A menu of more than 26 actions is asked a step
at a time where the game gives its actions steps (`Game.action_steps`; `ai/menu.py` says how, and holds the keys and
the reading of an answer). A seat with only one legal action is
shown it and plays it without being asked (in hot seat not even shown: nobody is called to the terminal for it, and
the seat's next screen tells it, with what happened before it). `quit` or end of input raises `QuitMatch`, which
`campfire play` reports as an abandoned match.

Hot seat: when the terminal last showed another seat of the match (one object playing several seats, or
one object per seat as `-p human,human` builds them), the player first asks the previous person to pass the
terminal, waits for Enter and clears the screen, so nobody reads another seat's hand.
"""

from __future__ import annotations

import contextlib
import sys
import weakref
from collections.abc import Sequence
from typing import Any

import click

from ai.menu import (
    BACK,
    HELP,
    QUIT,
    Step,
    action_steps,
    help_text,
    key_width,
    menu_keys,
    parse_choice,
    spoken,
    starts_keys,
    steps_at,
)
from corekit import Action, Player, QuitMatch, SeatView, deciding
from corekit.words import cut, drawn, folded

_CLEAR = "\033[H\033[2J\033[3J"
"""Cursor home, clear the screen and its scrollback (so the next person cannot scroll back to a hand)."""


class HumanPlayer(Player):
    """A person at the terminal; one object may play several seats (hot seat)."""

    needs_sample = False

    def __init__(self) -> None:
        self._last_seen: dict[int, Any] = {}  # per seat: its observation at its previous decision (or the deal)
        self._dealt: set[int] = set()  # seats seated whose first turn has not come yet
        self._told: dict[int, list[str]] = {}  # per seat: what happened up to a forced move played unseen (hot seat)
        self._playing = False  # whether a match of this player has begun deciding (a later `seated` is a new one)
        self._last_screen: int | None = None  # the seat this object last showed a screen to

    def decide(self, view: SeatView) -> Action:
        """Show what happened since the seat's last move, the position and the legal actions, and read a
        choice until it is a legal one (a forced move is only shown, and in hot seat not even that). When the
        terminal last showed another seat, the terminal is first passed on (`_hand_over`). An output closed under it
        (`| head`) ends the match as leaving does: the person can no longer see the table, which is no move of
        theirs to forfeit."""
        try:
            return self._ask(view)
        except BrokenPipeError:
            raise QuitMatch("the output was closed") from None

    def _ask(self, view: SeatView) -> Action:
        game = view.game
        legal = deciding(view)
        self._playing = True
        if len(legal) == 1 and len(_seated_at(_terminal())) > 1:
            # Hot seat: nothing to decide, so nobody is called to the terminal; what happened until now, and the
            # move, are told at the seat's next screen (a rolling log may have lost them by then).
            first = view.seat in self._dealt
            told = self._since_last_move(view)
            if first:  # its first screen still tells what happened since the deal
                self._dealt.add(view.seat)
            self._told.setdefault(view.seat, []).extend(
                [*told[1:], folded(f"  {seat_called(view)} played its only move: {game.action_text(legal[0])}")]
            )
            return legal[0]
        texts = [game.action_text(action) for action in legal]
        self._hand_over(view)
        click.echo("")
        for line in self._since_last_move(view):
            click.echo(line)
        click.echo(drawn(view.render))
        if len(legal) == 1:  # nothing to choose: asking "Choose 1-1" would only make the person type
            click.echo(f"{seat_called(view)}, your only move: {texts[0]}")
            return legal[0]
        paths = action_steps(game, legal)
        if paths is None:
            click.echo(f"{seat_called(view)}, your move:")
            return legal[_choose(seat_called(view), legal, texts)]
        return legal[_choose_in_steps(seat_called(view), legal, texts, paths)]

    def _hand_over(self, view: SeatView) -> None:
        """When the terminal's last screen was another seat's, ask for the terminal to be passed to this seat, wait
        for Enter and clear that screen; then note that the terminal shows this seat. A person alone at the
        table is never asked."""
        terminal = _terminal()
        shown = _screens.get(terminal) if terminal is not None else None
        if shown is not None and shown.player() is not None:
            previous: int | None = shown.seat
        else:  # a new terminal, or the player that drew its screen is gone with its match
            previous = self._last_screen
        self._last_screen = view.seat
        if terminal is not None:
            _screens[terminal] = _Screen(view.seat, weakref.ref(self))
        seats = _seated_at(terminal)
        if previous is not None and seats and previous not in seats:
            previous = None  # a seat of an earlier match: nobody at this table saw that screen
        if previous == view.seat or (previous is None and len(seats) < 2):
            return  # the same person, or the first screen of a person alone at the table
        name = seat_called(view)
        click.echo("")
        click.echo(f"Pass the terminal to {name}; press Enter when ready. ", nl=False)
        line = _read_line()
        if not line:
            click.echo("")
            raise QuitMatch("end of input")
        if spoken(line) == QUIT:
            raise QuitMatch(f"{name} left")
        if _isatty():
            click.echo(_CLEAR, nl=False)
        else:  # a log or a test: nothing to clear, so say where the screen would be cleared
            click.echo("")
            click.echo(f"---- screen cleared for {name} ----")

    def seated(self, view: SeatView) -> None:
        """Remember the table as dealt, so that the seat's first turn tells what the others did before it."""
        terminal = _terminal()
        if terminal is not None:
            seats = _table.setdefault(terminal, {})
            # Every seat of a match is seated before its first decision: a player already deciding, or done (this
            # one too, seated for a new match), was at an earlier match's table, and sits at this one no more.
            for seat, player in list(seats.items()):
                other = player()
                if other is None or other._playing:
                    del seats[seat]
            seats[view.seat] = weakref.ref(self)
        if self._playing:  # a new match of the same player: forget the last one
            self._playing = False
            self._last_seen.clear()
            self._dealt.clear()
            self._told.clear()
        self._last_seen[view.seat] = view.observation
        self._dealt.add(view.seat)

    def finished(self, view: SeatView) -> None:
        """Tell what happened since the seat's last move: a seat out of the match (a dead teen, a counselor
        gone) saw nothing of the rest, its own end included, before the final table."""
        told = self._since_last_move(view)
        self._playing = True  # a `seated` after this begins another match
        if told:
            click.echo("")
            click.echo(f"{seat_called(view)}, the match is over. {told[0]}")
            for line in told[1:]:
                click.echo(line)

    def _since_last_move(self, view: SeatView) -> list[str]:
        """The game's commentary between this seat's previous observation (the deal's, at its first turn, when
        the runner seated it) and this one."""
        before = self._last_seen.get(view.seat)
        self._last_seen[view.seat] = view.observation
        first = view.seat in self._dealt
        self._dealt.discard(view.seat)
        earlier = self._told.pop(view.seat, [])  # up to a forced move played unseen, folded already
        told: list[str] = []
        if before is not None:
            with contextlib.suppress(Exception):  # a broken commentary must not cost the person the match
                told = [folded("  " + str(line)) for line in view.game.events(before, view.observation)]
        heading = "Since the deal:" if first else "Since your last move:"
        return [heading, *earlier, *told] if earlier or told else []


class _Screen:
    """What a terminal shows: one seat's screen, drawn by `player` (weakly held: once the player is gone, so is
    its match, and a later match on the same terminal starts afresh)."""

    __slots__ = ("player", "seat")

    def __init__(self, seat: int, player: weakref.ref[HumanPlayer]) -> None:
        self.seat = seat
        self.player = player


_table: weakref.WeakKeyDictionary[Any, dict[int, weakref.ref[HumanPlayer]]] = weakref.WeakKeyDictionary()
"""Per output stream: the seats people hold at it, by the players seated there (`seated`), to tell hot seat (a
hand-over before the first screen too) from a person alone at the table."""


def _seated_at(terminal: Any) -> list[int]:
    """The seats of live human players seated at `terminal` (none when it cannot be told)."""
    if terminal is None:
        return []
    seats = _table.get(terminal, {})
    return [seat for seat, player in seats.items() if player() is not None]


_screens: weakref.WeakKeyDictionary[Any, _Screen] = weakref.WeakKeyDictionary()
"""Per output stream (the terminal; CliRunner gives each invocation its own): the screen it shows. Shared by all
HumanPlayer objects, since `campfire play -p human,human` builds one per seat."""


def _terminal() -> Any:
    """The stream the screens are written to, or None when it cannot be told apart by a weak reference."""
    try:
        weakref.ref(sys.stdout)
        hash(sys.stdout)
    except TypeError:
        return None
    return sys.stdout


def _read_line() -> str:
    """A line the person typed; "" (the end of input) when there is no input at all: standard input closed
    (`<&-`, where Python's `sys.stdin` is None) or unreadable."""
    stdin = sys.stdin
    if stdin is None:
        return ""
    try:
        return stdin.readline()
    except (OSError, ValueError):  # a closed or unreadable stream ends the input as its end would
        return ""


def _isatty() -> bool:
    try:
        return bool(sys.stdout.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _echoed(line: str) -> str:
    """A refused answer as it is said back: quoted, bytes that were not text shown as '?', and at most 40 characters
    (a pasted page is not printed back whole)."""
    text = line.strip().encode("utf-8", "surrogateescape").decode("utf-8", "replace").replace("\ufffd", "?")
    return repr(cut(text, 40))


def seat_called(view: SeatView) -> str:
    """The seat as the match calls it (Camp Grizzly's counselors by name: `Game.seat_names`), else "seat N"."""
    if view.options is not None:
        try:
            names = view.game.seat_names(view.players, view.options)
        except Exception:  # a game's naming must not stop a person's turn: `play` names it as the game's fault
            names = []
        if 0 <= view.seat < len(names):
            return str(names[view.seat])
    return view.game.seat_name(view.seat)


def _choose(
    name: str, values: Sequence[Any], texts: Sequence[str], *, whole: Sequence[str] = (), back: bool = False
) -> int:
    """List `values` under keys and ask `name` until the person picks one; its index. Where the values are steps
    (`_choose_in_steps`), the whole text of any legal action (`whole`, the texts of all of them) plays it too (its
    index is then `len(values)` plus the action's), and with `back` (a step was taken) `back` returns -1."""
    keys = menu_keys(values, texts)
    stepped = bool(whole)
    prompt = f"Choose {keys[0]}-{keys[-1]}{f', {BACK}' if back else ''} or type the action ({QUIT} to leave): "
    for key, value, text in zip(keys, values, texts, strict=True):
        more = f" ... ({len(value.chosen)} moves)" if isinstance(value, Step) and not value.last else ""
        click.echo(f"  {key:>2}. {text}{more}")
    while True:
        click.echo(prompt, nl=False)
        line = _read_line()
        if not line:
            click.echo("")
            raise QuitMatch("end of input")
        answer = spoken(line)
        if not answer:
            click.echo("Type a key from the menu (or help).")
            continue
        if answer in HELP and answer not in map(spoken, texts):  # "help" may start an action's text
            click.echo(folded(help_text(values, texts, keys, stepped=stepped, back=back)))
            continue
        choice = parse_choice(line, values, texts, keys)
        if choice is not None:
            return next(at for at, value in enumerate(values) if value is choice)
        if whole:
            typed = [at for at, text in enumerate(whole) if spoken(text) == answer]
            if len(typed) == 1:
                return len(values) + typed[0]
        if back and answer == BACK:
            return -1
        if answer == QUIT:  # after the actions: a game may have one spelled "quit"
            raise QuitMatch(f"{name} left")
        if starts_keys(answer, keys):
            click.echo(key_width(keys))
            continue
        many = sum(spoken(text).startswith(answer) for text in texts)
        if many > 1:  # parse_choice asks again rather than guess: say so, not that the answer is illegal
            click.echo(f"{_echoed(line)} could be {many} of the actions above; type more of it, or its key.")
        else:
            click.echo(
                f"{_echoed(line)} is not a legal action here; answer with a key or one of the texts above "
                "(help explains)."
            )


def _choose_in_steps(name: str, legal: Sequence[Action], texts: Sequence[str], paths: Sequence[tuple[str, ...]]) -> int:
    """Ask a long menu one step at a time (`ai.menu`); the index of the action chosen."""
    taken: list[Step] = []  # the steps chosen so far

    def menu() -> list[Step]:
        return steps_at(paths, texts, taken[-1].chosen if taken else range(len(legal)), len(taken))

    while True:
        lines = menu()
        if len(lines) == 1 and not lines[0].last:  # one way on: no question to ask
            taken.append(lines[0])
            continue
        click.echo(f"{' '.join(step.text for step in taken)}:" if taken else f"{name}, your move:")
        answer = _choose(name, lines, [line.text for line in lines], whole=texts, back=bool(taken))
        if answer >= len(lines):  # a whole action's text
            return answer - len(lines)
        if answer < 0:  # back to the step before that asked a question
            taken.pop()
            while taken and len(menu()) == 1:
                taken.pop()
            continue
        if lines[answer].last:
            return lines[answer].chosen[0]
        taken.append(lines[answer])
