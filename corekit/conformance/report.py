"""What a conformance run reports: `Report`, how many failures it keeps, and the helpers that word them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from corekit import leaks
from corekit.words import counted, cut

FAILURES_KEPT = 20
"""How many failures a check keeps; it stops at the match that reaches them (one frequent failure may hide others,
which the next run, once it is fixed, shows)."""


@attrs.define
class Report:
    """The outcome of a conformance run: failures (each one line) and what was covered."""

    game: str
    players: int
    matches: int = 0
    steps: int = 0
    samples: int = 0
    hidden_varied: bool = False
    failures: list[str] = attrs.Factory(list)
    failed_seeds: list[int] = attrs.Factory(list)
    """Seeds of the matches that failed, in order: `check_match` replays one of them move by move."""
    truth: leaks.TruthTally = attrs.Factory(leaks.TruthTally)
    """The truth test's counts over every match checked, tested together at the end (see `leaks.TruthTally`), at
    the first position of each match it runs at; `later_truth` at the second (`steps.TRUTH_AT`)."""
    later_truth: leaks.TruthTally = attrs.Factory(leaks.TruthTally)
    match_seed: int | None = None
    """The seed of the match being checked."""
    hung: bool = False
    """A call into the game was cut off as stuck (GameHung): the check stopped there, since every later match
    would most likely hang as long."""
    probe_restless: bool = False
    """The leak probe decided otherwise in the same state (`check_leaks` stopped: it could tell no leak)."""
    probe_slow: bool = False
    """A decision of the leak probe ran past its cut-off (`check_leaks` stopped: every later one would too)."""
    nondeterministic: bool = False
    """The same seed and actions gave different observations: a searching player then decides differently in
    two states a seat cannot tell apart for that reason alone, so the player-level leak check would only echo it."""
    public_views: dict[str, dict[str, Any]] = attrs.Factory(dict)
    """Public field -> the data (`to_data()`) first met behind each of its views, by the view's digest, over every
    match checked (`_check_public_views`)."""
    position_failed: bool = False
    """A position was not read back: the rest of the run reads none (such a failure is the same at every step, and
    would fill the report's lines that other failures need)."""
    kinds: dict[str, tuple[str, int | None]] = attrs.Factory(dict)
    """For each failure a leak check found, by its message: which check (`twin`, `forward`, `redeal`...) and in the
    match of which seed."""

    @property
    def leak_check_skipped(self) -> str | None:
        """Why the player-level leak check (`check_leaks`) should not follow this run, in a few words, or None."""
        if self.hung:
            return "stopped at the game that did not return"
        if self.nondeterministic:
            return "the game is not deterministic, so a search's choices cannot tell a leak"
        if self.stopped_early:
            return f"stopped at its first {FAILURES_KEPT} failures"
        return None

    @property
    def ok(self) -> bool:
        """True when no check failed."""
        return not self.failures

    def fail(self, message: str, kind: str | None = None) -> None:
        """Record a failure: the first `FAILURES_KEPT` are enough to act on (the check stops there). A failure
        already recorded (two checks of one step may find the same) is not counted again. `kind` names the leak
        check that found it, for `shown_failures`."""
        if len(self.failures) < FAILURES_KEPT and message not in self.failures:
            self.failures.append(message)
            if kind is not None:
                self.kinds[message] = (kind, self.match_seed)

    def shown_failures(self) -> list[str]:
        """The failures as a person reads them: of each leak check, its first failure only, saying how many more
        times (and in how many more matches) it failed among those kept; a leak shows at most steps of every match,
        and one line is enough to act on (a second leak the same check finds shows once the first is fixed). Other
        failures as they are."""
        first: dict[str, tuple[str, int | None]] = {}  # kind -> its first failure and that failure's match
        more: dict[str, list[int | None]] = {}  # kind -> the match of each later failure
        for message in self.failures:
            kind, seed = self.kinds.get(message, (None, None))
            if kind is None:
                continue
            if kind in first:
                more[kind].append(seed)
            else:
                first[kind], more[kind] = (message, seed), []
        lines = []
        for message in self.failures:
            kind, _ = self.kinds.get(message, (None, None))
            if kind is None:
                lines.append(message)
            elif first[kind][0] == message:
                later = more[kind]
                if later:
                    matches = len(set(later) - {first[kind][1]})
                    where = f", in {counted(matches, 'more match', 'more matches')}" if matches else " in this match"
                    message += f" (and {counted(len(later), 'more time')}{where})"
                lines.append(message)
        return lines

    @property
    def stopped_early(self) -> bool:
        """Whether the check stopped at `FAILURES_KEPT` failures, before its last match."""
        return len(self.failures) >= FAILURES_KEPT


def _failing(report: Report, where: str, kind: str | None = None) -> Callable[[str], None]:
    """A check's `fail`, reporting each message after `where`, as found by the leak check `kind` (if one)."""
    return lambda message: report.fail(f"{where}: {message}", kind)


def _shown_briefly(value: Any) -> str:
    return cut(repr(value), 40)
