"""What the human player's menu offers and how a typed answer is read: the keys, the answer's reading, the help
line, and for a long menu its steps.

A menu longer than `LONG_MENU` is asked in steps when the game gives its actions steps (`Game.action_steps`):
the first step of every action, once each (Scavengers' "play Weasel 2" for its dozens of plays), then the next step
of the actions chosen so far, until one action is left. An action whose steps end at a level is offered there whole,
and a step that only one action takes is offered with the rest of its steps, so no question has a single answer.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Sequence

import attrs

from corekit import Action, Game

QUIT = "quit"
"""What a person types to leave the match (end of input, Ctrl-D, does the same)."""

HELP = ("help", "?")
"""What a person types to be told how to answer (unless an action's text is exactly that)."""

BACK = "back"
"""What a person types in a menu of steps to return to the step before."""

LONG_MENU = 26
"""The most actions one menu lists at once (a letter a key); a longer one is asked in steps when the game splits
its actions into steps. Scavengers offers up to about 300 plays at once, a quarter of its decisions over 26."""


@attrs.frozen
class Step:
    """One line of a menu of steps: `text` as shown and typed, and the indices (into the seat's legal actions) of the
    actions it leads to; `last` when it is one action's last step, which choosing plays."""

    text: str
    chosen: tuple[int, ...]
    last: bool = False

    def __str__(self) -> str:
        # How `parse_choice` writes a line as an action: a step is none, so no number typed is taken as one.
        return ""


def action_steps(game: Game, legal: Sequence[Action]) -> list[tuple[str, ...]] | None:
    """Each legal action's steps, or None where the menu is asked whole: a menu of at most `LONG_MENU`, a game
    that gives every action one step, or steps that are not text or not distinct (which conformance refuses)."""
    if len(legal) <= LONG_MENU:
        return None
    try:
        paths = [tuple(game.action_steps(action)) for action in legal]
    except Exception:  # a broken hook must not cost the person the match: the whole menu still works
        return None
    if (
        all(len(path) == 1 for path in paths)
        or not all(path and all(isinstance(step, str) for step in path) for path in paths)
        or len(set(paths)) < len(paths)
    ):
        return None
    return paths


def steps_at(paths: Sequence[tuple[str, ...]], texts: Sequence[str], chosen: Sequence[int], depth: int) -> list[Step]:
    """The menu after `depth` steps that left the actions `chosen` (indices into `paths` and `texts`): each next
    step once, in the order of the first action taking it; an action whose steps end here, as its whole text; and
    a step only one action takes, with the rest of its steps, choosing that action."""
    order: list[str | int] = []  # a next step, or the index of an action whose steps end here
    groups: dict[str, list[int]] = {}
    for at in chosen:
        path = paths[at]
        if len(path) <= depth:
            order.append(at)
        elif path[depth] in groups:
            groups[path[depth]].append(at)
        else:
            groups[path[depth]] = [at]
            order.append(path[depth])
    lines = []
    for entry in order:
        if isinstance(entry, int):
            lines.append(Step(texts[entry], (entry,), last=True))
        elif len(groups[entry]) == 1:
            at = groups[entry][0]
            lines.append(Step(" ".join(paths[at][depth:]), (at,), last=True))
        else:
            lines.append(Step(entry, tuple(groups[entry])))
    return lines


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
    wanted = spoken(answer)
    if starts_keys(wanted, keys):
        return None
    said = [spoken(text) for text in texts]
    for rule in (
        lambda text, action: text == wanted,
        lambda text, action: _written(action) == wanted and _shows(text, wanted),
        lambda text, action: text.startswith(wanted),
    ):
        matches = [action for action, text in zip(legal, said) if rule(text, action)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            return None  # ambiguous: ask again
    return None


def help_text(
    legal: Sequence[Action], texts: Sequence[str], keys: Sequence[str], *, stepped: bool = False, back: bool = False
) -> str:
    """How to answer the menu, in one paragraph (`help` or `?` at the prompt); `stepped` for a menu of steps, `back`
    where one was taken."""
    numbers = [
        (_written(action), text)
        for action, text in zip(legal, texts)
        if _written(action).isdigit() and _shows(spoken(text), _written(action))
    ]
    shown = f", or a number the menu shows ({numbers[0][0]} for {numbers[0][1]!r})" if numbers else ""
    steps = (
        " Your moves are many, so they are asked a step at a time: a line ending in ... leads to the moves that begin "
        "with it; the whole text of any move plays it at once."
        if stepped
        else ""
    )
    return (
        f"Type the key of your move ({keys[0]}-{keys[-1]}) and press Enter, or the move as the menu writes it (case "
        f"and spacing do not matter, and its start is enough when no other move starts that way){shown}.{steps}"
        + (f" Type {BACK} to return to the step before." if back else "")
        + f" Type {QUIT} to leave the match."
    )


_NUMBER = re.compile(r"\d")
_WIDTHS = {2: "two", 3: "three"}


def spoken(text: str) -> str:
    """`text` as an answer is compared: spacing and case ignored."""
    return " ".join(text.split()).casefold()


def _written(action: Action) -> str:
    """The action as written (`str(action)`), compared as an answer is."""
    return spoken(str(action))


def _shows(text: str, written: str) -> bool:
    """Whether a (spoken) action text shows `written` as a word of its own: "play 5" shows 5, "SUPERCARD" does
    not show 6 and "play 10" does not show 1."""
    return bool(written) and re.search(rf"(?<!\w){re.escape(written)}(?!\w)", text) is not None


def starts_keys(answer: str, keys: Sequence[str]) -> bool:
    """Whether `answer` is not a key but the start of several (`a` where the keys are `aa`, `ab`, ...)."""
    return answer not in keys and sum(key.startswith(answer) for key in keys) > 1


def key_width(keys: Sequence[str]) -> str:
    """What a person who typed the start of several keys is told."""
    width = len(keys[0])
    return f"Keys here have {_WIDTHS.get(width, str(width))} letters (e.g. {keys[0]})."
