"""The human player: a terminal prompt showing the seat's observation and its legal actions, each with a key.

It reads from `sys.stdin` (which click's CliRunner replaces, so a test can feed it lines) and writes with
`click.echo`. Each turn opens with what happened since the seat's last one (the game's commentary between
its two observations, so nothing it could not see). The menu's keys are numbers from 1, or letters from `a`
when any action's text holds a number (grizzly-race's `play 5`), so that a number typed is never both a key
and a card. A person answers with the action's key, its text (as `game.action_text` writes it, case and
spacing ignored), the action itself as written (`5`, `hold`) or the start of one text alone ("hold" for
"hold the stick closer"); anything else is refused and the question asked again. A seat with only one legal
action is shown it and plays it without being asked. `quit` or end of input raises `QuitMatch`, which
`campfire play` reports as an abandoned match.
"""

from __future__ import annotations

import itertools
import re
import string
import sys
from collections.abc import Sequence
from typing import Any

import click

from corekit import Action, Player, QuitMatch, SeatView
from corekit.words import folded

QUIT = "quit"
"""What a person types to leave the match (end of input, Ctrl-D, does the same)."""


class HumanPlayer(Player):
    """A person at the terminal; one object may play several seats (hot seat)."""

    needs_sample = False

    def __init__(self) -> None:
        self._last_seen: dict[int, Any] = {}  # per seat: its observation at its previous decision

    def decide(self, view: SeatView) -> Action:
        """Show what happened since the seat's last move, the position and the legal actions, and read a
        choice until it is a legal one (a forced move is only shown)."""
        game = view.game
        legal = view.legal_actions
        texts = [game.action_text(action) for action in legal]
        click.echo("")
        for line in self._since_last_move(view):
            click.echo(line)
        click.echo(folded(view.render()))
        if len(legal) == 1:  # nothing to choose: asking "Choose 1-1" would only make the person type
            click.echo(f"{game.seat_name(view.seat)}, your only move: {texts[0]}")
            return legal[0]
        keys = menu_keys(legal, texts)
        click.echo(f"{game.seat_name(view.seat)}, your move:")
        for key, text in zip(keys, texts):
            click.echo(f"  {key:>2}. {text}")
        while True:
            click.echo(f"Choose {keys[0]}-{keys[-1]} or type the action ({QUIT} to leave): ", nl=False)
            line = sys.stdin.readline()
            if not line:
                click.echo("")
                raise QuitMatch("end of input")
            choice = parse_choice(line, legal, texts, keys)
            if choice is not None:
                return choice
            if line.strip().lower() == QUIT:  # after the actions: a game may have one spelled "quit"
                raise QuitMatch(f"{game.seat_name(view.seat)} left")
            wanted = _spoken(line)
            many = sum(_spoken(text).startswith(wanted) for text in texts) if wanted else 0
            if many > 1:  # parse_choice asks again rather than guess: say so, not that the answer is illegal
                click.echo(f"{line.strip()!r} could be {many} of the actions above; type more of it, or its key.")
            else:
                click.echo(f"{line.strip()!r} is not a legal action here; answer with a key or one of the texts above.")

    def _since_last_move(self, view: SeatView) -> list[str]:
        """The game's commentary between this seat's previous observation and this one."""
        before = self._last_seen.get(view.seat)
        self._last_seen[view.seat] = view.observation
        if before is None:
            return []
        try:
            told = [str(line) for line in view.game.events(before, view.observation)]
        except Exception:  # a broken commentary must not cost the person the match
            return []
        return ["Since your last move:", *(folded("  " + line) for line in told)] if told else []


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
    text, the action as written (`str(action)`), or the start of exactly one text, in that order."""
    answer = line.strip()
    if not answer:
        return None
    keys = list(keys) if keys is not None else menu_keys(legal, texts)
    if answer.casefold() in keys:
        return legal[keys.index(answer.casefold())]
    if answer.isdigit() and keys[0].isdigit():  # a number is the menu's, even where actions are numbers too
        return None
    wanted = _spoken(answer)
    spoken = [_spoken(text) for text in texts]
    for rule in (
        lambda text, action: text == wanted,
        lambda text, action: str(action).casefold() == wanted,
        lambda text, action: text.startswith(wanted),
    ):
        matches = [action for action, text in zip(legal, spoken) if rule(text, action)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            return None  # ambiguous: ask again
    return None


_NUMBER = re.compile(r"\d")


def _spoken(text: str) -> str:
    """`text` as an answer is compared: spacing and case ignored."""
    return " ".join(text.split()).casefold()
