"""The human player: a terminal prompt showing the seat's observation and its numbered legal actions.

It reads from `click.get_text_stream("stdin")` and writes with `click.echo`, so a test can feed it lines
through click's CliRunner. A person answers with the action's number or its text (as
`game.action_text` writes it, case and surrounding spaces ignored); anything else is refused and the
question asked again. End of input raises `QuitMatch`, which `campfire play` reports as an abandoned match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from corekit import Action, Player, QuitMatch, SeatView
from corekit.words import folded


class HumanPlayer(Player):
    """A person at the terminal; one object may play several seats (hot seat)."""

    needs_sample = False

    def __init__(self) -> None:
        # One text stream for the whole match: click wraps the binary stdin anew on every call, and a
        # fresh wrapper would lose the lines the previous one had already buffered.
        self._stdin: Any = None

    def decide(self, view: SeatView) -> Action:
        """Show the position, list the legal actions, and read a choice until it is a legal one."""
        game = view.game
        legal = view.legal_actions
        texts = [game.action_text(action) for action in legal]
        click.echo("")
        click.echo(folded(view.render()))
        click.echo(f"{game.seat_name(view.seat)}, your move:")
        for number, text in enumerate(texts, 1):
            click.echo(f"  {number:>2}. {text}")
        if self._stdin is None:
            self._stdin = click.get_text_stream("stdin")
        stdin = self._stdin
        while True:
            click.echo(f"Choose 1-{len(legal)} or type the action: ", nl=False)
            line = stdin.readline()
            if not line:
                click.echo("")
                raise QuitMatch("end of input")
            choice = parse_choice(line, legal, texts)
            if choice is not None:
                return choice
            click.echo(f"{line.strip()!r} is not a legal action here; answer with a number or one of the texts above.")


def parse_choice(line: str, legal: Sequence[Action], texts: Sequence[str]) -> Action | None:
    """The action a person meant by `line` (a number from 1, or an action's text), or None."""
    answer = line.strip()
    if not answer:
        return None
    if answer.isdigit():
        number = int(answer)
        return legal[number - 1] if 1 <= number <= len(legal) else None
    wanted = " ".join(answer.split()).casefold()
    for action, text in zip(legal, texts):
        if " ".join(text.split()).casefold() == wanted:
            return action
    return None
