"""The human player: a terminal prompt showing the seat's observation and its numbered legal actions.

It reads from `click.get_text_stream("stdin")` and writes with `click.echo`, so a test can feed it lines
through click's CliRunner. Each turn opens with what happened since the seat's last one (the game's
commentary between its two observations, so nothing it could not see). A person answers with the
action's number in the list, its text (as `game.action_text` writes it, case and spacing ignored), the
start of one text alone ("hold" for "hold the stick closer") or the action itself as written (`hold`);
anything else is refused and the question asked again. `quit` or end of input raises `QuitMatch`, which
`campfire play` reports as an abandoned match.
"""

from __future__ import annotations

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
        # One text stream for the whole match: click wraps the binary stdin anew on every call, and a
        # fresh wrapper would lose the lines the previous one had already buffered.
        self._stdin: Any = None
        self._last_seen: dict[int, Any] = {}  # per seat: its observation at its previous decision

    def decide(self, view: SeatView) -> Action:
        """Show what happened since the seat's last move, the position and the legal actions, and read a
        choice until it is a legal one."""
        game = view.game
        legal = view.legal_actions
        texts = [game.action_text(action) for action in legal]
        click.echo("")
        for line in self._since_last_move(view):
            click.echo(line)
        click.echo(folded(view.render()))
        click.echo(f"{game.seat_name(view.seat)}, your move:")
        for number, text in enumerate(texts, 1):
            click.echo(f"  {number:>2}. {text}")
        if self._stdin is None:
            self._stdin = click.get_text_stream("stdin")
        stdin = self._stdin
        while True:
            click.echo(f"Choose 1-{len(legal)} or type the action ({QUIT} to leave): ", nl=False)
            line = stdin.readline()
            if not line:
                click.echo("")
                raise QuitMatch("end of input")
            choice = parse_choice(line, legal, texts)
            if choice is not None:
                return choice
            if line.strip().lower() == QUIT:  # after the actions: a game may have one spelled "quit"
                raise QuitMatch(f"{game.seat_name(view.seat)} left")
            click.echo(f"{line.strip()!r} is not a legal action here; answer with a number or one of the texts above.")

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


def parse_choice(line: str, legal: Sequence[Action], texts: Sequence[str]) -> Action | None:
    """The action a person meant by `line`, or None: a number in the list (from 1), an action's text, the
    action as written (`str(action)`), or the start of exactly one text, in that order."""
    answer = line.strip()
    if not answer:
        return None
    if answer.isdigit():  # always the menu's number, even where actions are numbers themselves
        number = int(answer)
        return legal[number - 1] if 1 <= number <= len(legal) else None
    wanted = " ".join(answer.split()).casefold()
    spoken = [" ".join(text.split()).casefold() for text in texts]
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
