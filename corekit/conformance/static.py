"""The checks of static content (no step changes it, no seed reaches it) and of public fields' views."""

from __future__ import annotations

import attrs

from corekit.conformance.report import Report, _shown_briefly
from corekit.digest import digest, fingerprint, write_value
from corekit.game import State
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
