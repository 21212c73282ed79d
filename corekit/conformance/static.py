"""The checks of static content (no step changes it, no seed reaches it) and of public fields' views."""

from __future__ import annotations

import math
from typing import Any

import attrs

from corekit.conformance.report import Report, _shown_briefly
from corekit.digest import digest, fingerprint, write_value
from corekit.game import State
from corekit.leaks.compare import alike
from corekit.state import DeclaredState
from corekit.state.fields import decl_of
from corekit.walks import as_data


def _static_content(state: State) -> dict[str, str] | None:
    """A fingerprint of each static field of a declared state (content every copy shares), on check steps."""
    if not isinstance(state, DeclaredState):
        return None
    prints = {}
    for field in attrs.fields(type(state)):
        if decl_of(field).kind == "static":
            out: list[bytes] = []
            write_value(as_data(getattr(state, field.name)), out)
            prints[field.name] = fingerprint(out)
    return prints


OUTSIDE_APPLY = "something other than apply (a view, legal actions, or a clone or sample played on)"
"""Who changed static content found changed at the start of a check step that follows one: the reads since, or the
checks' copies (the check after apply compares with the content just before it)."""
SINCE_CHECKED = "a step since the last check (its apply, or a read of the state)"
"""Who changed static content found changed at the start of a check step after steps that were not checked."""


def _static_kept(state: State, content: dict[str, str] | None, where: str, doing: str, report: Report) -> bool:
    """Whether the static content is as it was at setup (`content`) after `doing`: every copy of the state shares
    it (clones, samples, the other matches of the process), so a change there changes them all, and a copy made
    for a search reads through it whatever the true state wrote."""
    if not content:
        return True
    now = _static_content(state) or {}
    changed = [name for name, print_ in content.items() if now.get(name) != print_]
    if changed:
        report.fail(
            f"{where}: {doing} changed the static field {changed[0]}, which every copy of the state shares: keep what "
            "changes in a public or hidden field (static content is the board and card tables)"
        )
        return False
    return True


def _static_unseeded(state: State, elsewhere: State, where: str, report: Report) -> bool:
    """Whether the static content of two matches of other seeds is the same: it is shared by every copy of a state,
    samples included, so chance that reaches it (a deal kept there) reaches every seat."""
    content, other = _static_content(state) or {}, _static_content(elsewhere) or {}
    differs = [name for name, print_ in content.items() if other.get(name) != print_]
    if differs:
        report.fail(
            f"{where}: the static field {differs[0]} differs between the matches of two seeds: static content is "
            "shared by every copy of the state, samples included, so what chance puts there every seat can read; "
            "keep dealt cards in zones and what chance decides in public or hidden fields"
        )
        return False
    return True


PUBLIC_VIEWS_KEPT = 4096
"""At most how many views of one public field `_check_public_views` remembers in a run."""


def _check_public_views(state: State, where: str, report: Report) -> None:
    """A public field holding an object with `view()` shows all of it: no view is met over a run with two
    different values behind it (as `to_data()` writes them). Every seat sees a public field whole by its
    declaration, so samples and a seat's position file copy all of it, and the state's digest holds only its view:
    an object that keeps a secret until it is told (a bonus drawn at setup, `view()` None until the end) hands it to
    every searcher."""
    if not isinstance(state, DeclaredState):
        return
    for field in attrs.fields(type(state)):
        value = getattr(state, field.name)
        if decl_of(field).kind != "public" or not callable(getattr(value, "to_data", None)):
            continue
        if not callable(getattr(value, "view", None)):
            continue
        shown, held = value.view(), value.to_data()
        known = report.public_views.setdefault(field.name, {})
        key = digest(shown)
        first = known.get(key)
        if first is None:
            if len(known) < PUBLIC_VIEWS_KEPT:
                known[key] = held
        elif digest(first) != digest(held):
            report.fail(
                f"{where}: the public field {field.name} shows {_shown_briefly(shown)} for two different values, "
                f"{_shown_briefly(first)} and {_shown_briefly(held)}: samples and a seat's position file copy all of "
                "it, and a state's digest holds only its view; show all of it in view(), and keep what a seat may "
                "not see in a hidden field"
            )
            known.clear()  # once is enough
            known[key] = held


PUBLIC_PARTS_CHANGED = 8
"""At most how many items of one public field `_check_public_fields_shown` changes on a copy at a position."""


def _check_public_fields_shown(state: State, where: str, report: Report) -> None:
    """Where a game writes its own `observation` for a declared state, every seat still sees each public field:
    samples, twins and a seat's position file copy a public field whole, so a part the observation leaves out (hidden
    points kept in a public field and blanked for the other seats, a log whose lines each seat sees only its own of)
    is read by every search all the same. A plain value of a public field (a number, a flag, a text, or an item of a
    list, tuple or dict of them, or of lists of them) is changed on a copy: a seat whose observation stays the same
    does not see it."""
    if not isinstance(state, DeclaredState) or type(state).observation is DeclaredState.observation:
        return
    seen = [state.observation(seat) for seat in range(state.players)]
    for field in attrs.fields(type(state)):
        if decl_of(field).kind != "public":
            continue
        for step, was, now, changed in _changed_parts(getattr(state, field.name)):
            copy = state.clone()
            setattr(copy, field.name, changed)
            for seat in range(state.players):
                try:
                    unchanged = alike(copy.observation(seat), seen[seat])
                except Exception:  # a value the rules never make: nothing can be told from it
                    break
                if unchanged:
                    report.fail(
                        f"{where}: seat {seat}'s observation is the same with the public field {field.name}{step} at "
                        f"{was!r} and at {now!r}: samples, twins and a seat's position file copy a public field "
                        "whole, so a search reads what the observation leaves out; show it to every seat, or keep "
                        "what a seat may not see in a hidden zone or a secret commitment"
                    )
                    return


def _changed_parts(value: Any, depth: int = 0) -> list[tuple[str, Any, Any, Any]]:
    """(step in a path, a plain value, another one, `value` with that one in its place) for a plain value (`_other`),
    or, for a list, tuple or dict, one for each of its first items holding one, two levels deep (a list of each
    seat's cards drawn: its first card). A named tuple keeps its class."""
    other = _other(value)
    if other is not None:
        return [("", value, other, other)]
    if depth == 2:
        return []
    if isinstance(value, dict):
        places: list[Any] = list(value)
    elif isinstance(value, list | tuple):
        places = list(range(len(value)))
    else:
        return []
    changed = []
    for place in places[:PUBLIC_PARTS_CHANGED]:
        inner = _changed_parts(value[place], depth + 1)
        if not inner:
            continue  # nothing plain there (an empty list, an object)
        step, was, now, replaced = inner[0]
        if isinstance(value, dict):
            made: Any = {**value, place: replaced}
        else:
            items = list(value)
            items[place] = replaced
            made = items if isinstance(value, list) else value._make(items) if hasattr(value, "_make") else tuple(items)
        changed.append((f"[{place!r}]{step}", was, now, made))
    return changed


def _other(value: Any) -> Any:
    """Another plain value of `value`'s type (a flag turned, a number raised by one, a text marked), or None."""
    kind = type(value)
    if kind is bool:
        return not value
    if kind is int:
        return value + 1
    if kind is float:
        return value + 1.0 if math.isfinite(value) else None
    if kind is str:
        return value + "*"
    return None
