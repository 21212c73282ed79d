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
the question asked again, and `help` or `?` explains how to answer. A seat with only one legal action is
shown it and plays it without being asked (in hot seat not even shown: nobody is called to the terminal for it, and
the seat's next screen tells it, with what happened before it). `quit` or end of input raises `QuitMatch`, which
`campfire play` reports as an abandoned match.

Hot seat: when the terminal last showed another seat of the match (one object playing several seats, or
one object per seat as `-p human,human` builds them), the player first asks the previous person to pass the
terminal, waits for Enter and clears the screen, so nobody reads another seat's hand.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import string
import sys
import weakref
from collections.abc import Sequence
from typing import Any

import click

from corekit import Action, Player, QuitMatch, SeatView, deciding
from corekit.words import cut, drawn, folded

QUIT = "quit"
"""What a person types to leave the match (end of input, Ctrl-D, does the same)."""

HELP = ("help", "?")
"""What a person types to be told how to answer (unless an action's text is exactly that)."""

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
        keys = menu_keys(legal, texts)
        click.echo(f"{seat_called(view)}, your move:")
        for key, text in zip(keys, texts):
            click.echo(f"  {key:>2}. {text}")
        while True:
            click.echo(f"Choose {keys[0]}-{keys[-1]} or type the action ({QUIT} to leave): ", nl=False)
            line = _read_line()
            if not line:
                click.echo("")
                raise QuitMatch("end of input")
            answer = _spoken(line)
            if not answer:
                click.echo("Type a key from the menu (or help).")
                continue
            if answer in HELP and answer not in map(_spoken, texts):  # "help" may start an action's text
                click.echo(folded(help_text(legal, texts, keys)))
                continue
            choice = parse_choice(line, legal, texts, keys)
            if choice is not None:
                return choice
            if answer == QUIT:  # after the actions: a game may have one spelled "quit"
                raise QuitMatch(f"{seat_called(view)} left")
            if _starts_keys(answer, keys):
                width = len(keys[0])
                click.echo(f"Keys here have {_WIDTHS.get(width, str(width))} letters (e.g. {keys[0]}).")
                continue
            many = sum(_spoken(text).startswith(answer) for text in texts)
            if many > 1:  # parse_choice asks again rather than guess: say so, not that the answer is illegal
                click.echo(f"{_echoed(line)} could be {many} of the actions above; type more of it, or its key.")
            else:
                click.echo(
                    f"{_echoed(line)} is not a legal action here; answer with a key or one of the texts above "
                    "(help explains)."
                )

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
        if _spoken(line) == QUIT:
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


def menu_keys(legal: Sequence[Action], texts: Sequence[str]) -> list[str]:
    """The menu's keys: 1, 2, 3, ..., or a, b, ..., z, aa, ab, ... when an action's text or written form holds a
    number, which a person could otherwise mean as the action rather than as the key."""
    if not any(_NUMBER.search(text) or _NUMBER.search(str(action)) for action, text in zip(legal, texts)):
        return [str(number) for number in range(1, len(legal) + 1)]
    width = 1  # one letter per key while 26 are enough, then two (aa, ab, ...) for all of them
    while len(string.ascii_lowercase) ** width < len(legal):
        width += 1
    return [
        "".join(word) for word in itertools.islice(itertools.product(string.ascii_lowercase, repeat=width), len(legal))
    ]


def parse_choice(
    line: str, legal: Sequence[Action], texts: Sequence[str], keys: Sequence[str] | None = None
) -> Action | None:
    """The action a person meant by `line`, or None: a key of the menu (`menu_keys` unless given), an action's
    text, the action as written (`str(action)`) where its text shows it as a word (`5` in "play 5"; an internal
    code the menu does not show is no answer), or the start of exactly one text, in that order. The start of
    several keys (`a` where the keys are `aa`, `ab`, ...) is a key half typed, never the start of a text."""
    answer = line.strip()
    if not answer:
        return None
    keys = list(keys) if keys is not None else menu_keys(legal, texts)
    if answer.casefold() in keys:
        return legal[keys.index(answer.casefold())]
    if answer.isdigit() and keys[0].isdigit():  # a number is the menu's, even where actions are numbers too
        return None
    wanted = _spoken(answer)
    if _starts_keys(wanted, keys):
        return None
    spoken = [_spoken(text) for text in texts]
    for rule in (
        lambda text, action: text == wanted,
        lambda text, action: _written(action) == wanted and _shows(text, wanted),
        lambda text, action: text.startswith(wanted),
    ):
        matches = [action for action, text in zip(legal, spoken) if rule(text, action)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            return None  # ambiguous: ask again
    return None


def help_text(legal: Sequence[Action], texts: Sequence[str], keys: Sequence[str]) -> str:
    """How to answer the menu, in one paragraph (`help` or `?` at the prompt)."""
    numbers = [
        (_written(action), text)
        for action, text in zip(legal, texts)
        if _written(action).isdigit() and _shows(_spoken(text), _written(action))
    ]
    shown = f", or a number the menu shows ({numbers[0][0]} for {numbers[0][1]!r})" if numbers else ""
    return (
        f"Type the key of your move ({keys[0]}-{keys[-1]}) and press Enter, or the move as the menu writes it (case "
        f"and spacing do not matter, and its start is enough when no other move starts that way){shown}. "
        f"Type {QUIT} to leave the match."
    )


_NUMBER = re.compile(r"\d")
_WIDTHS = {2: "two", 3: "three"}


def _spoken(text: str) -> str:
    """`text` as an answer is compared: spacing and case ignored."""
    return " ".join(text.split()).casefold()


def _written(action: Action) -> str:
    """The action as written (`str(action)`), compared as an answer is."""
    return _spoken(str(action))


def _shows(text: str, written: str) -> bool:
    """Whether a (spoken) action text shows `written` as a word of its own: "play 5" shows 5, "SUPERCARD" does
    not show 6 and "play 10" does not show 1."""
    return bool(written) and re.search(rf"(?<!\w){re.escape(written)}(?!\w)", text) is not None


def _starts_keys(answer: str, keys: Sequence[str]) -> bool:
    """Whether `answer` is not a key but the start of several (`a` where the keys are `aa`, `ab`, ...)."""
    return answer not in keys and sum(key.startswith(answer) for key in keys) > 1
