"""The truth test: a game's `sample()` matches the hidden truth no more often than a twin does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from corekit.game import State
from corekit.leaks.twins import Fail, secret_fields, twin
from corekit.rng import Rng
from corekit.state import DeclaredState
from corekit.tournament.stats import p_text, sign_tail

TRUTH_SAMPLES = 32
"""K: samples per position and seat in the truth test."""
TRUTH_ALPHA = 1e-9
"""The truth test's significance: a fair sample is refused at one position and seat with probability below it
(32 of 32 one-sided pairs give p = 2.3e-10)."""


@attrs.define
class TruthTally:
    """The truth test's counts pooled over the positions of many matches (one `check_game` run), by hidden part.

    At one position 32 samples can only refuse a sample that nearly always keeps the truth. A sample that
    prefers it less, such as one keeping the deck's next card (which a twin also holds by chance a fifth of the
    time), adds up to the same evidence over a run: under a fair sample each one-sided pair is still a fair coin
    flip, so the pooled counts take the same exact sign test."""

    counts: dict[tuple[str, str], list[int]] = attrs.Factory(dict)
    """(sampling method, hidden part) -> [samples matching the truth and not the twin, the other way]."""
    most: dict[tuple[str, str], tuple[int, Any]] = attrs.Factory(dict)
    """(sampling method, hidden part) -> (ahead less behind, label) of the position most one-sided toward the
    truth."""

    def add(self, part: str, ahead: int, behind: int, label: Any, how: str = "sample") -> None:
        """Count one position's pairs for a hidden part in the samples of `how` (`sample` or `determinize`);
        `label` names the position (its match's seed)."""
        key = (how, part)
        counted = self.counts.setdefault(key, [0, 0])
        counted[0] += ahead
        counted[1] += behind
        if key not in self.most or ahead - behind > self.most[key][0]:
            self.most[key] = (ahead - behind, label)

    def verdict(self) -> tuple[str, Any] | None:
        """The first hidden part the pooled sign test refuses, as (a one-line reason, the label of its most
        one-sided position), or None."""
        for (how, part), (ahead, behind) in self.counts.items():
            p = sign_tail(ahead, behind)
            if p < TRUTH_ALPHA:
                shown = p_text(p, ".1e")  # thousands of pooled pairs can underflow p to 0
                return (
                    f"{how}() prefers the hidden truth of {part} over the positions tested: {ahead} samples matched "
                    f"the truth and not a state the seat cannot tell apart, {behind} the other way ({shown})",
                    self.most[how, part][1],
                )
        return None


def sampling_methods(state: State) -> tuple[str, ...]:
    """The methods a search draws samples of `state` with, each checked: `sample`, and `determinize` (what a
    search's seat view calls) where the state's class has one of its own; a declared state's is the core's
    unless the game overrides it."""
    own = getattr(type(state), "determinize", None)
    return ("sample",) if own is None or own is DeclaredState.determinize else ("sample", "determinize")


def check_sample_truth(
    state: DeclaredState,
    seat: int,
    rng: Rng,
    fail: Fail,
    tally: TruthTally | None = None,
    label: Any = None,
) -> None:
    """`state.sample(seat)`, and the game's own `determinize(seat)` where it writes one, may not match the hidden
    truth more often than chance (see the package docstring); with a `tally`, the counts are added to it under
    `label` too."""
    layout = state.layout()
    hidden = [info for info in layout.zones if not info.visible_to(seat)]
    secrets = [(name, other) for name, commitments in secret_fields(state) for other in commitments if other != seat]
    if not hidden and not secrets:
        return
    kinds = {info.no: _kinds(info.comparable(state.zone(info.no))) for info in hidden if not info.ordered}
    truth = _hidden_parts(state, hidden, secrets, kinds)
    for how in sampling_methods(state):
        draw = getattr(state, how)
        ahead = {key: 0 for key in truth}  # the sample matched the truth, not the twin
        behind = {key: 0 for key in truth}  # ... the twin, not the truth
        for _ in range(TRUTH_SAMPLES):
            sample = _hidden_parts(draw(seat, Rng(rng.next64())), hidden, secrets, kinds)
            other = _hidden_parts(twin(state, seat, Rng(rng.next64())), hidden, secrets, kinds)
            for key, value in sample.items():
                matches_truth, matches_twin = value == truth[key], value == other[key]
                if matches_truth and not matches_twin:
                    ahead[key] += 1
                elif matches_twin and not matches_truth:
                    behind[key] += 1
        if tally is not None:
            for key in truth:
                tally.add(key, ahead[key], behind[key], label, how)
        for key in truth:
            p = sign_tail(ahead[key], behind[key])
            if p < TRUTH_ALPHA:
                fail(
                    f"{how}({seat}) prefers the hidden truth of {key}: of {TRUTH_SAMPLES} samples, {ahead[key]} "
                    f"matched the truth and not a state seat {seat} cannot tell apart, {behind[key]} the other way "
                    f"(p = {p:.1e})"
                )
                return


def _hidden_parts(
    state: DeclaredState, hidden: Sequence[Any], secrets: Sequence[tuple[str, int]], kinds: dict[int, list[Any]]
) -> dict[str, Any]:
    """Each zone and secret commitment hidden from the seat, by name, in a comparable form; each face-down card of an
    ordered pile by its place from the top (the next card drawn, the one after it, ...); and how many of each card
    the truth's unordered zone holds (`kinds`) each such zone holds: a sample that knows one card of a deck or of a
    large hand matches the whole zone's truth too rarely to tell, but that card's almost every time. A zone's size
    is public, so the states compared have the same places."""
    parts: dict[str, Any] = {}
    for info in hidden:
        zone = state.zone(info.no)
        parts[f"zone {info.name!r}"] = info.comparable(zone)
        down = len(zone) - zone.up
        if info.ordered and down > 1:
            parts[f"the top card of zone {info.name!r}"] = zone[down - 1]
            for depth in range(2, down + 1):
                parts[f"card {depth} from the top of zone {info.name!r}"] = zone[down - depth]
        for kind in kinds.get(info.no, ()):
            parts[f"how many {kind!r} zone {info.name!r} holds"] = sum(1 for card in zone if card == kind)
    for name, seat in secrets:
        parts[f"seat {seat}'s commitment in {name!r}"] = getattr(state, name).chosen.get(seat)
    return parts


def _kinds(cards: Sequence[Any]) -> list[Any]:
    """The different cards of a sorted hand of more than one card, in order (none for one card: the zone's whole
    comparison is that card's)."""
    found: list[Any] = []
    for card in cards if len(cards) > 1 else ():
        if not found or found[-1] != card:
            found.append(card)
    return found
