"""Conformance checks every game must pass; importable by a third-party game's own tests.

`check_game(game, players, games=..., seed=...)` plays seeded random matches and checks, at every step
or at the checked steps: the first two positions of a match (a short match may hide nothing before its second
move), then one step in `sample_every` from an offset drawn from the match's seed, so that over a run every step of
a match is checked in some match (`_Schedule`):

- ends: every match ends within `game.max_decisions`;
- legal: a seat in `to_act` has legal actions, a seat not in it has none; each seat's are a list or tuple (not a
  generator), not one the state holds (its zone), and distinct;
- illegal: an illegal action raises IllegalAction and leaves the state unchanged;
- determinism: the same seed and actions give the same observations;
- clones: a clone is equal at first and independent after, and holds none of the original's zones or mutable
  field values in another field (a helper whose `clone()` keeps the deck of the state it was made for);
- static content: no step changes it, in apply or elsewhere (a view that writes a note there);
- public objects: a public field's `view()` never shows one thing for two different values (`to_data()`) in a run;
- sample: `sample(seat)` gives the same observation for that seat, the same `to_act`, reseeded chance,
  and, somewhere in the run, different hidden cards;
- no leak: `sample` depends only on the observation: two states the seat cannot tell apart give the
  same sample from the same generator;
- leaks, for a game that declares its state (`corekit.leaks`, which makes its own twins from the declaration,
  never through the game's `sample`): what a seat sees now is the same in a twin (compared by `leaks.alike`: types,
  and fields `==` leaves out, count); `face_down_weights` does not read the parked card; played forward alike, a twin
  stays the same to the seat until something it may see differs; `sample` prefers the hidden truth no more than
  chance; and every legal action is in `Game.action_space` when the game lists one;
- a deal during play, for a declared state: a move that gathers or reshuffles a deck, or draws face down from a deck
  whose order nobody has seen, is played again with that deck in another order, and what each seat sees of the two,
  its own hidden cards aside, must be the same (`leaks.check_redeal`); and the deal at setup, for the first matches:
  set up again with the face-down cards each seat cannot see dealt otherwise, its view, its own cards aside, must
  be the same (`leaks.check_setup_deal`: a public field or log line set from a face-down card as the game dealt);
- positions, for a declared state (at the first step and at checked steps ever further apart, read back once the
  match is over): the state written as a position (`corekit.position`) reads back as the same state, and as
  the seat to act writes it, as one that seat cannot tell apart;
- conservation: the multiset of cards over `zones()` never changes;
- zones, for a declared state: every zone is still the one the core made, and every hidden zone holds the cards the
  record of where cards came from says (a plain list operation on it leaves the record behind);
- returns: one number per seat, each in [0, 1], adding up to `Game.constant_sum` when the game declares one (as
  a forfeited match's, `corekit.runner.forfeit_returns`, must then too);
- display: every observation is hashable (immutable plain data) and within `Game.observation_limit` characters,
  `render` gives text for every view, `action_text` for every legal action, and `events` says nothing between
  an observation and itself;
- commentary (on unless `commentary=False`; `campfire check --no-commentary`): when another seat's
  action changes what a seat sees, `events` between its two observations tells it something (a person playing
  that seat learns what the others did);
- replay codes: every action played, and every legal action at the regular steps, is hashable, encodes to
  replay data (ints of 64 bits, strings, and lists or tuples of them, within the replay format's limits) and
  decodes back to itself, both as encoded and as read back from a replay (tuples become lists).

`check_match(game, players, seed, on_move=...)` checks again the one match a failure names, calling `on_move` with
each move that leads to it.

`check_leaks(game, players, registry)` adds the player-level leak check: an MCTS player with the same
seed decides the same in two states its seat cannot tell apart, and no seat view reaches the true state.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from corekit import leaks, position
from corekit.codes import as_read, code_problem
from corekit.digest import digest, fingerprint, write_value
from corekit.errors import error_line, first_line, raised_at
from corekit.floats import adds_up, ordered_sum
from corekit.game import Game, IllegalAction, State, held_cards, offered
from corekit.match import GameHung, PlayerFailed
from corekit.players import PlayerSpec, SeatView, build_player
from corekit.rng import Rng, derive_seed
from corekit.runner import forfeit_returns, legal_problem, returns_as_floats
from corekit.state import DeclaredState, Zone
from corekit.state.fields import decl_of
from corekit.state.moves import place_in
from corekit.walks import as_data, holds_nan, orders, shared_with_original
from corekit.watchdog import DECIDE, GAME, Watch, game_deadline
from corekit.words import counted, cut

_NOT_AN_ACTION = ("campfire-conformance", "not an action")
"""A value no game accepts as an action."""


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
    """The truth test's counts over every match checked, tested together at the end (see `leaks.TruthTally`)."""
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


def _inherits_position_problem(game: Game, players: int, options: Any) -> bool:
    """Whether the game's declared state leaves `position_problem` as the core's (which asks nothing of the game)."""
    kind = type(game.initial_state(players, 0, options))
    return issubclass(kind, DeclaredState) and kind.position_problem is DeclaredState.position_problem


def check_game(
    game: Game,
    players: int,
    games: int = 200,
    seed: int = 0,
    options: Any = None,
    sample_every: int = 7,
    progress: Callable[[int], None] | None = None,
    commentary: bool = True,
) -> Report:
    """Play `games` seeded random matches of `game` and run every state-level check (the commentary's too with
    `commentary`)."""
    report = Report(game.id, players)
    options = game.make_options(options)
    encoded: set[Any] = set()  # actions whose replay code already passed: most recur across matches
    forfeited = forfeit_returns(game, players, 0)
    if game.constant_sum is not None and not adds_up(forfeited, game.constant_sum):
        # A forfeited match is finished too, and its returns are the runner's, not the game's.
        report.fail(
            f"constant_sum is {game.constant_sum!r}, but a forfeited match pays {forfeited!r} "
            f"(corekit.runner.forfeit_returns), which adds up to {ordered_sum(forfeited)!r}"
        )
    if callable(getattr(game, "position_problem", None)) and _inherits_position_problem(game, players, options):
        # An outside tester put it there, as "the game says" read: positions were then read unchecked, silently.
        report.fail(
            f"{type(game).__name__}.position_problem is never asked: it is a method of the state class, which "
            "positions ask when read"
        )
    for index in range(games):
        match_seed = derive_seed(seed, game.id, players, index)
        _check_one(game, players, match_seed, options, sample_every, report, encoded, commentary=commentary)
        if progress is not None:
            progress(index + 1)
        if report.stopped_early or report.hung:
            break
    if report.ok and games >= DEALS_COMPARED:
        _check_decks_shuffled(
            game, players, [derive_seed(seed, game.id, players, i) for i in range(DEALS_COMPARED)], options, report
        )
    if report.ok:
        seeds = [derive_seed(seed, game.id, players, i) for i in range(min(games, DEALS_COMPARED))]
        _check_setup_deals(game, players, seeds, options, report)
    verdict = report.truth.verdict() if report.ok else None
    if verdict is not None:
        reason, most = verdict
        report.fail(
            f"seed {most}: {reason}; pooled over the run's matches, so no one match shows it alone "
            "(this one leans most)"
        )
        report.failed_seeds.append(most)
    if (
        report.ok
        and report.samples
        and not report.hidden_varied
        and not game.perfect_information
        and not _samples_by_core(game.initial_state(players, seed, options))
    ):
        report.fail(
            f"sample() never changed any hidden part of the state in {report.samples} samples: it may be "
            f"returning the truth (if nothing is hidden yet in short matches, try more games; if "
            f"nothing is ever hidden, set {type(game).__name__}.perfect_information = True)"
        )
    return report


def _samples_by_core(state: State) -> bool:
    """Whether `state`'s samples are the core's, made from its declaration: they redeal whatever the record leaves
    open, so one that never changed a hidden part had nothing to redeal (two seats sharing the whole deck: each
    knows the other's hand), not the truth kept on purpose; the leak kit's twins test them beside it."""
    if not isinstance(state, DeclaredState):
        return False
    kind = type(state)
    return (
        kind.sample is DeclaredState.sample
        and kind.determinize is DeclaredState.determinize
        and kind._resample is DeclaredState._resample
    )


def check_match(
    game: Game,
    players: int,
    match_seed: int,
    options: Any = None,
    sample_every: int = 7,
    on_move: Callable[[int, int, Any], None] | None = None,
    commentary: bool = True,
) -> Report:
    """Check the one match `check_game` played with `match_seed` (a seed its report names), calling
    `on_move(step, seat, action)` before each move (step 1 is the first): the moves that lead to a failure, to
    reproduce it. A failure on a copy of the state (a clone or a sample) names the moves played there. Its setup is
    dealt again as `check_game` deals its first matches' (`leaks.check_setup_deal`)."""
    report = Report(game.id, players)
    options = game.make_options(options)
    _check_one(game, players, match_seed, options, sample_every, report, set(), on_move, commentary)
    if report.ok:
        _check_setup_deals(game, players, [match_seed], options, report)
    return report


DEALS_COMPARED = 4
"""How many matches' setups `_check_decks_shuffled` compares."""
DECK_ORDERS = 10**6
"""The fewest orders a deck's cards must have for `_check_decks_shuffled` to compare it: four shuffles of one
then agree by chance with probability at most 1e-18 (a deck of one kind of card, or of three cards, is skipped)."""


def _check_decks_shuffled(game: Game, players: int, seeds: list[int], options: Any, report: Report) -> None:
    """A declared game's draw piles (the undealt rest of a shuffle) are not in the same order at the setup of
    every match: a deck shuffled as a copy, or not at all, deals every match alike, and a seat that has played
    one knows every hidden card of the next, while twins and samples redeal them as unknown."""
    declared = [
        state for seed in seeds if isinstance(state := game.initial_state(players, seed, options), DeclaredState)
    ]
    if len(declared) < len(seeds):
        return
    first = declared[0]
    decks = [info for info in first.layout().zones if info.deck and orders(first.zone(info.no)) >= DECK_ORDERS]
    if not decks:
        return
    if all(list(state.zone(info.no)) == list(first.zone(info.no)) for state in declared[1:] for info in decks):
        names = ", ".join(info.name for info in decks)
        report.fail(
            f"seed {seeds[0]} and the next {len(seeds) - 1} matches: the draw pile {names} is in the same order at "
            f"the setup of each: shuffle it with the state's generator (`rng.shuffle(cards)` on the cards "
            "the state is given), or every match deals alike and a seat knows what it cannot see"
        )
        report.failed_seeds.append(seeds[0])


def _check_setup_deals(game: Game, players: int, seeds: list[int], options: Any, report: Report) -> None:
    """The setups of `seeds` dealt again with the cards each seat cannot see in other places (`leaks.check_setup_deal`),
    up to the first that fails."""
    for match_seed in seeds:
        failures = len(report.failures)
        where = f"seed {match_seed}"
        try:
            with game_deadline(game, where="at a setup dealt again by the leak check"):
                leaks.check_setup_deal(game, players, match_seed, options, _failing(report, where))
        except GameHung as hung:
            report.hung = True
            report.fail(f"{where}: {hung}")
        except (Exception, SystemExit) as error:  # any deal is one a shuffle can make: the game's own bug
            report.fail(
                f"{where}: set up with the face-down cards dealt otherwise, the game raised "
                f"{error_line(error)}{raised_at(error, game)}"
            )
        if len(report.failures) > failures:
            report.failed_seeds.append(match_seed)
            return


def _failing(report: Report, where: str, kind: str | None = None) -> Callable[[str], None]:
    """A check's `fail`, reporting each message after `where`, as found by the leak check `kind` (if one)."""
    return lambda message: report.fail(f"{where}: {message}", kind)


def _check_one(
    game: Game,
    players: int,
    match_seed: int,
    options: Any,
    every: int,
    report: Report,
    encoded: set[Any],
    on_move: Callable[[int, int, Any], None] | None = None,
    commentary: bool = True,
) -> None:
    """Check one match into `report`, counting it, and noting its seed if it failed."""
    failures = len(report.failures)
    report.match_seed = match_seed
    _check_match(game, players, match_seed, options, every, report, encoded, on_move, commentary)
    report.matches += 1
    if len(report.failures) > failures:
        report.failed_seeds.append(match_seed)


def check_leaks(
    game: Game,
    players: int,
    registry: Any,
    games: int = 3,
    seed: int = 0,
    options: Any = None,
    spec: str | None = None,
    positions: int = 4,
) -> Report:
    """The player-level leak check, with a searching player from `registry` (see module docstring); `spec`
    defaults to the registry's `leak_probe()`."""
    spec = spec or registry.leak_probe()
    if spec is None:
        raise ValueError("no installed player type offers a leak probe (PlayerType.probe), e.g. mcts")
    report = Report(game.id, players)
    options = game.make_options(options)
    player_type = registry.player_type(PlayerSpec.parse(spec).name)
    for index in range(games):
        match_seed = derive_seed(seed, "leak", game.id, players, index)
        _leak_match(
            game, players, match_seed, options, player_type, spec, positions, report, registry.heuristic(game.id)
        )
        report.matches += 1
        if report.hung or report.probe_restless or report.probe_slow:
            break
    return report


def _leak_match(
    game: Game,
    players: int,
    match_seed: int,
    options: Any,
    player_type: Any,
    spec: str,
    positions: int,
    report: Report,
    heuristic: Any,
) -> None:
    where = f"leak check seed {match_seed}"
    # A crash, of the game or of the player (sys.exit too, as in check_game), is a failure to report; a game call
    # that does not return (in a move, or in the probe's search, which plays the game) is cut off, and so is a
    # probe's decision past the cut-off of one over the step limit (its own slowness, not the game's).
    deciders = (spec,) * players
    try:
        with game_deadline(game, where="at setup of the leak check"):
            state = game.initial_state(players, match_seed, options)
        rng = Rng(match_seed)
        checked = step = 0
        while True:
            step += 1
            where = f"leak check seed {match_seed} step {step}"
            with game_deadline(game, where=f"at step {step} of the leak check", deciders=deciders) as watch:
                if state.is_terminal or checked >= positions:
                    break
                checked += _leak_step(game, state, rng, player_type, spec, match_seed, where, report, heuristic, watch)
            report.steps += 1
    except GameHung as hung:
        report.hung = True
        report.fail(f"{where}: {hung}")
    except PlayerFailed as slow:  # only the deadline's cut-off raises it here: the probe's errors are _ProbeFailed
        report.probe_slow = True
        report.fail(f"{where}: the leak probe, {slow}; the leak check stops here (a smaller budget: --probe)")
    except _LegalBroken as broken:
        report.fail(f"{where}: {broken}")
    except _ProbeRestless as restless:
        report.fail(f"{where}: {restless}")
        report.probe_restless = True
    except _ProbeFailed as failed:
        error = failed.__cause__ or failed
        report.fail(f"{where}: {spec} raised {error_line(error)}{raised_at(error)}")
    except (Exception, SystemExit) as error:
        report.fail(f"{where}: the game raised {error_line(error)}{raised_at(error, game)}")


class _LegalBroken(Exception):
    """The game's legal actions break the contract (the message says how): the leak check stops there."""


class _ProbeRestless(Exception):
    """The leak probe decided otherwise in the same state, seeded alike (the message says how): it cannot tell a
    leak, so the leak check stops."""


class _ProbeFailed(Exception):
    """The leak probe (a player) raised while deciding: its own failure, not the game's (the cause)."""


def _leak_step(
    game: Game,
    state: Any,
    rng: Rng,
    player_type: Any,
    spec: str,
    match_seed: int,
    where: str,
    report: Report,
    heuristic: Any,
    watch: Watch,
) -> int:
    """One step of a leak match: when the seat to act has a choice, the probe decides in `state` and in a twin the
    seat cannot tell apart, and must decide alike; then a random move is played. Returns the positions checked.
    Each decision is marked on `watch`, the step's deadline's."""
    checked = 0
    seat = state.to_act[0]
    problem = _legal_fault(state, seat, state.legal_actions(seat))
    if problem is not None:  # a search would fail on it: the game's fault, named once
        raise _LegalBroken(problem)
    # A state the seat cannot tell apart, made by the core when the game declares its state.
    twin = leaks.twin(state, seat, rng.spawn()) if leaks.declared(state) else state.sample(seat, rng.spawn())
    if len(state.legal_actions(seat)) > 1:
        checked = 1
        report.samples += 1
        decisions = []
        for candidate in (state, twin):
            decisions.append(
                _probe_decision(
                    game, candidate, seat, player_type, spec, match_seed, heuristic, watch, report.fail, where
                )
            )
        if decisions[0] != decisions[1]:
            # Asked again in each state, seeded alike (a few times: a player drawing its own chance may repeat
            # itself): a different choice is the player's own chance, not what the twin changed, and stops the check.
            for _ in range(PROBE_REPEATS):
                for candidate, first in zip((state, twin), decisions, strict=True):
                    again = _probe_decision(game, candidate, seat, player_type, spec, match_seed, heuristic, watch)
                    if again != first:
                        raise _ProbeRestless(
                            f"{spec} chose differently in the same state, seeded alike, so it cannot be checked for "
                            f"leaks: {leaks.first_difference(first, again)} (a player takes its chance from the seed "
                            "it is made with, not from the random module or the clock); the leak check stops here"
                        )
            report.fail(
                f"{where}: {spec} chose differently in two states seat {seat} cannot tell apart: "
                f"{leaks.first_difference(decisions[0], decisions[1])}"
            )
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.below(len(legal))])
    return checked


PROBE_REPEATS = 3
"""How many times the leak check's probe decides again in the state and in its twin, before a choice that differed
between them is blamed on what the twin changed rather than on a player that draws chance of its own (a player
choosing at random between two actions repeats itself six times in a row one time in 64)."""


def _probe_decision(
    game: Game,
    state: Any,
    seat: int,
    player_type: Any,
    spec: str,
    match_seed: int,
    heuristic: Any,
    watch: Watch,
    fail: Callable[[str], None] | None = None,
    where: str = "",
) -> Any:
    """What a fresh probe player, seeded with `match_seed`, decides for `seat` in `state`, its decision marked on
    `watch`; with `fail`, a view that reaches the true state is reported there."""
    try:
        watch.mark(DECIDE, seat)  # building the probe is its own time, as its deciding is (a model to load, say)
        player = build_player(player_type, PlayerSpec.parse(spec), match_seed, game, heuristic)
        watch.mark(GAME)  # the view is the game's code
        view = SeatView(state, seat, player.needs_sample)
        if fail is not None and _reaches(view, state):
            fail(f"{where}: the seat view of seat {seat} reaches the true state")
        watch.mark(DECIDE, seat)
        return player.decide(view)
    except (Exception, SystemExit) as error:
        raise _ProbeFailed from error
    finally:
        watch.mark(GAME)


@attrs.frozen
class _Schedule:
    """Which steps of one match get the full checks, and which seat the one-seat leak checks watch there. Every
    match checks its first two positions (a short match may hide nothing before its second move), then one step
    in `every`, from an offset drawn from the match's seed, and the watched seat turns from a seed-drawn one: so
    that over a run every step of a match of fixed length, and every seat at it, is checked in some match (the same
    steps in every match left the last rounds of a 20-step match unchecked however many matches were played)."""

    every: int
    offset: int
    turn: int

    @classmethod
    def of(cls, seed: int, every: int, players: int) -> _Schedule:
        drawn = Rng(derive_seed(seed, "schedule"))
        return cls(every, drawn.below(every), drawn.below(max(1, players)))

    def checks(self, step: int) -> bool:
        """Whether the checks run on the state step `step` is played from (step 0: before the first move)."""
        return step <= 1 or (step >= self.offset and (step - self.offset) % self.every == 0)

    def reads_position(self, step: int) -> bool:
        """Whether the position is read back at `step`: the first, then checked steps ever further apart (the
        offset's, then 1, 3, 7, ... times `every` after it)."""
        since = step - self.offset
        return step == 0 or (since >= 0 and since % self.every == 0 and _spread(since // self.every + 1))

    def watched(self, checks: int, players: int) -> int:
        """The seat the one-seat leak checks watch at the match's `checks`-th checked position (from 0)."""
        return (checks + self.turn) % players


def _check_match(
    game: Game,
    players: int,
    seed: int,
    options: Any,
    every: int,
    report: Report,
    encoded: set[Any],
    on_move: Callable[[int, int, Any], None] | None = None,
    commentary: bool = True,
) -> None:
    where = f"seed {seed}"
    # A crash inside the game is a failure to report, not to raise; so is a game calling sys.exit, which would
    # otherwise end `campfire check` with the game's exit status and not a word; and a game that hangs is cut off.
    try:
        with game_deadline(game, where="at setup"):
            state = game.initial_state(players, seed, options)
            replica = game.initial_state(players, seed, options)
            elsewhere = game.initial_state(players, derive_seed(seed, "static"), options)
        if not _static_unseeded(state, elsewhere, where, report):
            return
        static = _static_content(state)
        if not _zones_recorded(state, where, "setup", report):
            return
        bound = game.max_decisions(players, options)
        space = game.action_space(players, options)
        actions = set(space) if space is not None else None
        rng = Rng(derive_seed(seed, "moves"))
        schedule = _Schedule.of(seed, every, players)
        cards = held_cards(state)
        step = checks = 0
        # Positions are read back once the match is over: reading one sets up a match of the game (to know its
        # cards), which would reset what a game keeps on itself, and so hide a leak the other checks look for.
        positions: list[tuple[str, int, int, State]] = []
        declared = leaks.declared(state)
        while not state.is_terminal:
            # Step N is the N-th move, as `play` and the replay tools number them: its checks run on the state it is
            # played from.
            where = f"seed {seed} step {step + 1}"
            if declared and state.to_act and schedule.reads_position(step):
                positions.append((where, state.to_act[0], step, state.clone()))
            with game_deadline(game, where=f"at step {step + 1}"):
                done = _check_step(
                    game,
                    state,
                    replica,
                    players,
                    step,
                    checks,
                    schedule,
                    rng,
                    actions,
                    cards,
                    report,
                    encoded,
                    where,
                    on_move,
                    commentary,
                    static,
                )
            if not done:
                return
            if schedule.checks(step):
                checks += 1
            step += 1
            report.steps += 1
            if step > bound:
                report.fail(f"seed {seed}: the match passed its declared bound of {bound} decisions")
                return
        where = f"seed {seed} after the last step ({step})"
        _check_display(game, state, players, [], where, report)
        if not _static_kept(state, static, where, SINCE_CHECKED, report):
            return
        returns = state.returns()
        if returns_as_floats(returns, players) is None:  # the runner's own test of them
            report.fail(f"{where}: returns {returns!r} are not one number in [0, 1] per seat")
        elif game.constant_sum is not None and not adds_up(returns, game.constant_sum):
            report.fail(
                f"{where}: returns {returns!r} add up to {ordered_sum(returns)!r}, not the game's constant_sum "
                f"{game.constant_sum!r}"
            )
        if any(state.legal_actions(s) for s in range(players)):
            report.fail(f"{where}: a seat has legal actions after the end")
        for where, seat, step, kept in positions:
            if report.position_failed:
                break
            with game_deadline(game, where=f"reading the position of {where} back"):
                _check_position(game, kept, seat, step, where, report)
    except GameHung as hung:
        report.hung = True
        report.fail(f"{where}: {hung}")
    except (Exception, SystemExit) as error:
        report.fail(f"{where}: the game raised {error_line(error)}{raised_at(error, game)}")


def _check_step(
    game: Game,
    state: State,
    replica: State,
    players: int,
    step: int,
    checks: int,
    schedule: _Schedule,
    rng: Rng,
    actions: set[Any] | None,
    cards: Counter[Any],
    report: Report,
    encoded: set[Any],
    where: str,
    on_move: Callable[[int, int, Any], None] | None,
    commentary: bool = True,
    static: dict[str, str] | None = None,
) -> bool:
    """The checks of one step, then its move; False once the match cannot go on (a failure was reported).
    `static` is the fingerprint of the static content at setup, which no step may change."""
    to_act = state.to_act
    for seat in range(players):
        legal = state.legal_actions(seat)
        problem = _legal_fault(state, seat, legal)
        if problem is not None:
            report.fail(f"{where}: {problem}")
            return False
        if seat in to_act and not legal:
            report.fail(f"{where}: seat {seat} is to act but has no legal action")
            return False
        if seat not in to_act and legal:
            report.fail(f"{where}: seat {seat} is not to act but has legal actions")
    # The commentary is a person's only news of the other seats: it must tell every change they make.
    # The full view's too: `campfire play` comments on it.
    observers = (*range(players), None)
    checking = schedule.checks(step)
    # Read before the static content is compared on a check step, so that a view writing there is caught.
    seen = {observer: state.observation(observer) for observer in observers} if commentary or checking else {}
    # Static content is fingerprinted on check steps only (it may be a large table). Since the last check step,
    # whose apply was watched, only reads have run (a view, say, that keeps a note there); after other steps, apply
    # may have too.
    watched = step == 0 or schedule.checks(step - 1)
    if checking and not _static_kept(state, static, where, OUTSIDE_APPLY if watched else SINCE_CHECKED, report):
        return False
    seat = to_act[0]
    legal = state.legal_actions(seat)
    # `step` counts the moves played so far: the checks run before the first and second moves, then on the steps
    # the match's schedule draws (one in `every`).
    if checking:
        # First: the other checks keep actions in sets, and an unhashable one would fail there as a crash.
        if not _check_codes(game, legal, seat, encoded, where, report):
            return False
        for observer in (*range(players), None):  # first: every comparison of views below would fail on it
            if holds_nan(state.observation(observer)):
                whom = "the full view" if observer is None else f"seat {observer}'s observation"
                report.fail(
                    f"{where}: {whom} holds a NaN, which is unequal to itself and hashes by "
                    "identity: two views of one position would key two nodes of a search's tree; show it as None "
                    "or text"
                )
                return False
        _check_illegal(state, seat, to_act, players, where, report)
        _check_offers(state, players, actions, where, report)
        _check_clone(state, seat, legal, rng, where, report)
        for observer in range(players):
            _check_sample(state, observer, rng, where, report)
        _check_display(game, state, players, legal, where, report)
        _check_public_views(state, where, report)
        if actions is not None:
            outside = [action for action in legal if action not in actions]
            if outside:
                report.fail(f"{where}: {outside[0]!r}, legal for seat {seat}, is not in action_space()")
        if leaks.declared(state):
            try:
                _check_leaks_now(game, state, players, checks, schedule.watched(checks, players), rng, where, report)
            except GameHung:
                raise
            except (Exception, SystemExit) as error:  # said apart: the match itself never reached such a state
                why = leaks.parked_commitment(state)
                report.fail(
                    f"{where}: making or playing on a twin of this state (one a seat cannot tell apart, made by the "
                    f"core from the declaration), the game raised {error_line(error)}{raised_at(error, game)}"
                    + (f"; {why}" if why else "")
                )
                return False
    action = legal[rng.below(len(legal))]
    if on_move is not None:
        on_move(step + 1, seat, action)
    if not _check_codes(game, (action,), seat, encoded, where, report):
        return False
    content = _static_content(state) if checking else None  # after the checks: a copy's write shows next check
    state.apply(seat, action)
    if not _zones_kept(state, where, report) or not _zones_recorded(state, where, "apply", report):
        return False
    if checking and not _static_kept(state, content, where, "apply", report):
        return False
    # The replica: the same match from the same seed, for the determinism check; here still the state before the move.
    if leaks.declared(replica):
        redeal = Rng(derive_seed(report.match_seed or 0, "redeal", step))  # another order in every match
        try:
            leaks.check_redeal(game, replica, seat, action, redeal, _failing(report, where, "redeal"))
        except GameHung:
            raise
        except (Exception, SystemExit) as error:  # said apart: the match itself did not raise
            report.fail(
                f"{where}: playing this move again with the deck it gathers, reshuffles or draws from in another "
                f"order, or the dice it rolls rolled otherwise (a deal, draw or roll nobody has seen), the game raised "
                f"{error_line(error)}{raised_at(error, game)}"
            )
            return False
    replica.apply(seat, action)
    for observer in observers:
        now = state.observation(observer)
        if now != replica.observation(observer):
            whom = "the full view" if observer is None else f"seat {observer}"
            report.nondeterministic = True
            report.fail(
                f"{where}: the same seed and actions gave different observations of {whom}: "
                f"{leaks.first_difference(now, replica.observation(observer))}"
            )
            return False
        if not commentary or now == seen[observer]:
            continue
        told = list(game.events(seen[observer], now))
        if not all(isinstance(line, str) for line in told):
            line = next(line for line in told if not isinstance(line, str))
            whom = "the full view" if observer is None else f"seat {observer}"
            report.fail(f"{where}: events() told {whom} {line!r:.60}, not a line of text")
        elif observer is not None and observer != seat and not told:
            report.fail(
                f"{where}: seat {seat} played {action!r}, which changed what seat {observer} sees, but events() "
                f"told seat {observer} nothing"
            )
    if held_cards(state) != cards:
        report.fail(f"{where}: cards changed across zones: {_card_difference(cards, held_cards(state))}")
        return False
    return True


def _zones_kept(state: State, where: str, report: Report) -> bool:
    """Whether every declared zone is still the zone object the core made: a game that assigns a zone (`self.hands[0]
    = sorted(...)`) loses what the core keeps with it (its number, its face-up count, the record of where its cards
    came from), and fails later in the core's code, far from the assignment."""
    if not isinstance(state, DeclaredState):
        return True
    for info in state.layout().zones:
        zone = state.zone(info.no)
        if type(zone) is not Zone or zone.no != info.no:
            name = info.path
            report.fail(
                f"{where}: apply replaced the zone {name} with {type(zone).__name__} {_shown_briefly(zone)}: move "
                "cards with the state's zone methods (move, draw, move_all, shuffle, ...), never assign a zone "
                "(docs/writing-a-game.md, section 4)"
            )
            return False
    return True


def _zones_recorded(state: State, where: str, doing: str, report: Report) -> bool:
    """Whether every hidden zone holds the cards the record says (`leaks.unrecorded_change`): a game that changes one
    with the list's own operations (`self.hands[s].remove(card)`) leaves the record behind, and fails only later, as
    a sample or a twin that does not match what a seat sees. `doing` is what just ran ("apply", "setup")."""
    if not isinstance(state, DeclaredState):
        return True
    changed = leaks.unrecorded_change(state)
    if changed is None:
        return True
    name, differs = changed
    report.fail(
        f"{where}: {doing} changed the zone {name} outside the zone methods ({differs}): move cards with the state's "
        "zone methods (move, draw, move_all, reveal_top, ...), never with the list's own operations (append, remove, "
        "pop, ...) on a hidden zone (docs/writing-a-game.md, section 4)"
    )
    return False


def _legal_fault(state: State, seat: int, legal: Any) -> str | None:
    """What breaks the contract in `legal`, the answer of `state.legal_actions(seat)` (one line), or None: it must be
    a list or tuple (a generator works once), not a list the state holds (the next action, or a caller, would change
    it under the other), and of distinct actions (a random player would favour one listed twice, and a replay
    stores a decision by its place among them)."""
    problem = legal_problem(seat, legal)
    if problem is not None:
        return problem
    if legal and type(legal) is not tuple:  # a tuple cannot change, held or not
        held = _held_by(state, legal)
        if held is not None:
            return f"legal_actions({seat}) returned an object the state holds ({held}); return a fresh list or tuple"
    try:
        if len(set(legal)) == len(legal):
            return None
    except TypeError:  # an unhashable action: `_check_codes` names it
        return None
    seen: set[Any] = set()
    for action in legal:
        if action in seen:
            return f"legal_actions({seat}) lists {action!r} twice: legal actions must be distinct"
        seen.add(action)
    return None


def _held_by(state: State, legal: Any) -> str | None:
    """Which of the state's zones or fields `legal` is (the object itself), as "the zone hands[0]", or None."""
    if not isinstance(state, DeclaredState):
        named = state.zones()
        return next((f"the zone {name}" for name, cards in named.items() if cards is legal), None)
    for info in state.layout().zones:
        if state.zone(info.no) is legal:
            return f"the zone {info.path}"
    for field in attrs.fields(type(state)):
        if decl_of(field).kind not in ("public", "static"):  # a cache (internal) may hand out its own list
            continue
        where = place_in(field.name, getattr(state, field.name), legal)  # the field, or one seat's item of it
        if where is not None:
            return f"the field {where}"
    return None


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


def _shown_briefly(value: Any) -> str:
    return cut(repr(value), 40)


def _check_leaks_now(
    game: Game, state: Any, players: int, checks: int, observer: int, rng: Rng, where: str, report: Report
) -> None:
    """The core's leak checks at one position (see `corekit.leaks`): a twin for every seat; a twin played forward,
    the choices of other seats' secret commitments and the weights of parked cards for `observer` (the schedule's
    seat, in turn); and, at the second position checked in a match, the truth test for that seat."""

    for seat in range(players):
        leaks.check_twin(game, state, seat, Rng(rng.next64()), _failing(report, where, "twin"))
    leaks.check_forward(game, state, observer, Rng(rng.next64()), _failing(report, where, "forward"))
    leaks.check_choices(state, observer, _failing(report, where, "choices"))
    if state.layout().sight(observer).parked:  # a generator drawn only then: other games' checks draw as before
        leaks.check_weights(state, observer, Rng(rng.next64()), _failing(report, where, "weights"))
    if checks == 1:
        leaks.check_sample_truth(
            state, observer, Rng(rng.next64()), _failing(report, where, "truth"), report.truth, report.match_seed
        )


def _check_display(game: Game, state: State, players: int, legal: Iterable[Any], where: str, report: Report) -> None:
    """What `campfire play` and the replay tools show: every view renders as text, every legal action has
    a text, and nothing happens between an observation and itself (a commentary that told something there
    would repeat it under every step that changes nothing for a viewer)."""
    for observer in (*range(players), None):
        observation = state.observation(observer)
        try:
            hash(observation)  # search players key their trees by it, and it must not change under them
        except TypeError as error:
            report.fail(f"{where}: seat {observer}'s observation is not immutable plain data ({error_line(error)})")
            return
        size = len(repr(observation))
        if size > game.observation_limit:
            report.fail(
                f"{where}: seat {observer}'s observation takes {size} characters, over the game's "
                f"observation_limit of {game.observation_limit}"
            )
            return
        drawing = game.render(observation, observer)
        if not isinstance(drawing, str):
            report.fail(f"{where}: render() of seat {observer}'s view gave {drawing!r:.60}, not text")
            return
        told = list(game.events(observation, observation))
        if told:
            report.fail(f"{where}: events() between an observation of seat {observer} and itself told {told[0]!r}")
            return
    for action in legal:
        text = game.action_text(action)
        if not isinstance(text, str):
            report.fail(f"{where}: action_text({action!r}) gave {text!r:.60}, not text")
            return


def _check_offers(state: State, players: int, actions: set[Any] | None, where: str, report: Report) -> None:
    """A game's own `_offers` (the fast legality test of `apply`) agrees with `legal_actions` for every seat,
    on every action any seat may take, the action space, and the same values of other types (True, 3.0)."""
    if type(state)._offers is State._offers:
        return
    candidates = [action for seat in range(players) for action in state.legal_actions(seat)]
    candidates += sorted(actions or (), key=repr)
    candidates += [_retyped(action) for action in candidates]
    for seat in range(-1, players + 1):
        legal = state.legal_actions(seat) if 0 <= seat < players else []
        for action in candidates:
            if state._offers(seat, action) != offered(action, legal):
                report.fail(
                    f"{where}: _offers({seat}, {action!r}) says {not offered(action, legal)}, legal_actions "
                    f"says {offered(action, legal)}"
                )
                return


def _retyped(action: Any) -> Any:
    """An action equal to `action` but of other types: a bool or a float for an int, inside tuples too."""
    if type(action) is int:
        return bool(action) if action in (0, 1) else float(action)
    if type(action) is tuple:
        return tuple(_retyped(part) for part in action)
    return action


def _check_illegal(state: State, seat: int, to_act: tuple[int, ...], players: int, where: str, report: Report) -> None:
    before = state.digest()
    attempts: list[tuple[int, Any]] = [(seat, _NOT_AN_ACTION)]
    idle = [s for s in range(players) if s not in to_act]
    if idle:
        attempts.append((idle[0], state.legal_actions(seat)[0]))
    for who, action in attempts:
        try:
            state.apply(who, action)
        except IllegalAction:
            pass
        except Exception as error:
            report.fail(f"{where}: an illegal action raised {type(error).__name__}, not IllegalAction")
        else:
            report.fail(f"{where}: the illegal action {action!r} by seat {who} was accepted")
        if state.digest() != before:
            report.fail(f"{where}: an illegal action changed the state")


def _check_clone(state: State, seat: int, legal: Any, rng: Rng, where: str, report: Report) -> None:
    before = state.digest()
    copy = state.clone()
    if copy.digest() != before or copy.observation(seat) != state.observation(seat):
        report.fail(f"{where}: a clone differs from its original")
        return
    shared = shared_with_original(state, copy)
    if shared is not None:
        report.fail(
            f"{where}: a clone's {shared[0]} is the original's {shared[1]}, not a copy of it: a copy of the state (a "
            "search's sample, a twin) reads the true state's values there, and a change to one shows in the other"
        )
        return
    played = [legal[rng.below(len(legal))]]
    try:
        copy.apply(seat, played[0])
        stuck = _play_randomly(copy, rng, played, lambda: rng.below(2) != 0)
    except (Exception, SystemExit) as error:
        report.fail(f"{where}: {_side_line('a clone', played, error)}")
        return
    if stuck is not None:
        shown = ", ".join(map(repr, played))
        report.fail(f"{where}: playing {shown} on a clone of this state, seat {stuck} is to act with no legal action")
        return
    if state.digest() != before:
        report.fail(f"{where}: playing on a clone changed the original")


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


def _play_randomly(copy: State, rng: Rng, played: list[Any], more: Callable[[], bool]) -> int | None:
    """Random moves on `copy`, a clone or a sample, while it goes on and `more()` says so, each added to `played`:
    the seat found to act with no legal action, or None. What the game raises is the caller's to report."""
    while not copy.is_terminal and more():
        mover = copy.to_act[0]
        legal = copy.legal_actions(mover)
        if not legal:
            return mover
        played.append(legal[rng.below(len(legal))])
        copy.apply(mover, played[-1])
    return None


def _side_line(what: str, played: list[Any], error: BaseException) -> str:
    """A crash while playing on a copy of the state: the moves played there, which `on_move` never sees."""
    return (
        f"playing {', '.join(map(repr, played))} on {what} of this state, the game raised "
        f"{error_line(error)}{raised_at(error)}"
    )


def _spread(count: int) -> bool:
    """True for the counts 0, 1, 2, 4, 8, ...: a check a few times a match, at its start and ever later."""
    return count & (count - 1) == 0


def _check_position(game: Game, state: Any, seat: int, step: int, where: str, report: Report) -> None:
    """The state written as a position (`corekit.position`) reads back as the same state, which samples soundly, and
    as `seat` writes it, as a state that seat cannot tell apart: what `campfire position` writes, `campfire suggest`
    can read. The first failure ends the run's position checks (`Report.position_failed`)."""
    failures = len(report.failures)

    def failed(message: str) -> None:
        report.position_failed = True
        report.fail(f"{where}: {message}; {_POSITION_HELP}")

    try:
        whole = position.loads(game, position.dumps(state))
    except (Exception, SystemExit) as error:
        return failed(f"the position of this state is not read back: {error_line(error)}{raised_at(error, game)}")
    if whole.digest() != state.digest():
        difference = leaks.first_difference(whole.observation(None), state.observation(None))
        return failed(f"the position of this state reads back as another state: {difference} (read back vs state)")
    _check_sample(whole, seat, Rng(step), f"{where} (the position of this state read back)", report)
    if len(report.failures) > failures:
        report.position_failed = True
        return None
    try:
        seen = position.loads(game, position.dumps(state, seat), seed=step)
    except (Exception, SystemExit) as error:
        return failed(
            f"seat {seat}'s position of this state is not read back: {error_line(error)}{raised_at(error, game)}"
        )
    if not leaks.alike(seen.observation(seat), state.observation(seat)):
        difference = leaks.first_difference(seen.observation(seat), state.observation(seat))
        return failed(
            f"seat {seat}'s position of this state reads back as a state it can tell apart: {difference} (read back "
            "vs state)"
        )
    return None


_POSITION_HELP = (
    "a position is what campfire position writes and campfire suggest reads: cards other than ints and strs need "
    "Game.card_name and card_named, and public fields annotations that name their item types (docs/writing-a-game.md, "
    "section 7); no other position is read back in this run"
)


def _check_sample(state: State, seat: int, rng: Rng, where: str, report: Report) -> None:
    key = rng.next64()
    sampled = state.sample(seat, Rng(key))
    report.samples += 1
    seen = state.observation(seat)
    if not leaks.alike(sampled.observation(seat), seen):
        report.fail(
            f"{where}: sample({seat}) does not match seat {seat}'s observation: "
            f"{leaks.first_difference(sampled.observation(seat), seen)} (sample vs state)"
        )
        return
    # Who acts is never hidden: the runner would ask another seat in the sample.
    if tuple(sampled.to_act) != tuple(state.to_act):
        report.fail(
            f"{where}: sample({seat}) has {_seats(sampled.to_act)} to act where the state has {_seats(state.to_act)}"
        )
        return
    if sampled.rng.state == state.rng.state:
        report.fail(f"{where}: sample({seat}) kept the true chance generator: the future leaks")
    if held_cards(sampled) != held_cards(state):
        report.fail(f"{where}: sample({seat}) created or lost cards")
    if sampled.observation(None) != state.observation(None):
        report.hidden_varied = True
    # A state the seat cannot tell apart: made by the core when the game declares its state, so that a sample
    # reading what it should not is caught even when it also writes it into its own samples.
    other = leaks.twin(state, seat, Rng(key ^ 2)) if leaks.declared(state) else sampled
    again, truth_sampled = other.sample(seat, Rng(key ^ 1)), state.sample(seat, Rng(key ^ 1))
    if again.digest() != truth_sampled.digest():
        truth_view, twin_view = truth_sampled.observation(None), again.observation(None)
        if truth_view == twin_view:  # the full view holds no chance generator: the samples differ only there
            differs = leaks.first_difference(truth_sampled.rng.state, again.rng.state, "rng")
        else:
            differs = leaks.first_difference(truth_view, twin_view)
        report.fail(
            f"{where}: sample({seat}) depends on more than seat {seat}'s observation: two states it cannot "
            f"tell apart gave different samples, {differs} (from the state vs from its twin)"
        )
    # A sample must itself be a playable state.
    played: list[Any] = []
    moves = iter(range(3))
    try:
        stuck = _play_randomly(sampled.clone(), rng, played, lambda: next(moves, None) is not None)
    except (Exception, SystemExit) as error:
        why = leaks.parked_commitment(state) if isinstance(state, DeclaredState) else None
        report.fail(f"{where}: {_side_line(f'sample({seat})', played, error)}" + (f"; {why}" if why else ""))
        return
    if stuck is not None:
        report.fail(f"{where}: in sample({seat}), seat {stuck} is to act with no legal action")


def _check_codes(game: Game, actions: Iterable[Any], seat: int, encoded: set[Any], where: str, report: Report) -> bool:
    """Check that each action survives a replay (see module docstring); False after the first failure."""
    for action in actions:
        try:
            if action in encoded:
                continue
        except TypeError as error:  # a list, or a tuple holding one: the contract's Action is Hashable
            report.fail(
                f"{where}: action {action!r} of seat {seat} is not hashable ({first_line(error)}); "
                "actions must be, as players keep them in sets and dicts"
            )
            return False
        problem = _code_problem(game, action)
        if problem is not None:
            report.fail(f"{where}: action {action!r} of seat {seat} {problem}")
            return False
        encoded.add(action)
    return True


def _code_problem(game: Game, action: Any) -> str | None:
    """What stops `action` from going through a replay and coming back equal, or None."""
    try:
        code = game.encode_action(action)
    except Exception as error:
        return f"cannot be encoded: encode_action raised {error_line(error)}"
    shape = code_problem(code)
    if shape is not None:
        return f"encodes to {code!r}, not replay data: {shape}"
    for form, how in ((code, ""), (as_read(code), " once read back from a replay (tuples become lists)")):
        try:
            back = game.decode_action(form)
        except Exception as error:
            return f"encodes to {code!r}, which decode_action cannot read{how}: {error_line(error)}"
        if back != action:
            return f"encodes to {code!r}, which decodes to {back!r}{how}"
    return None


def _card_difference(before: Counter[Any], after: Counter[Any]) -> str:
    lost = before - after
    made = after - before
    return f"lost {dict(lost)}, created {dict(made)}"


def _reaches(root: Any, target: Any, limit: int = 200_000) -> bool:
    """True if `target` is reachable from `root` through object references (bounded walk)."""
    seen = {id(root)}
    stack: list[Any] = [root]
    walked = 0
    while stack and walked < limit:
        item = stack.pop()
        walked += 1
        if item is target:
            return True
        if isinstance(item, type):  # classes lead to modules and everything; the state is never there
            continue
        for child in gc.get_referents(item):
            if id(child) not in seen and not isinstance(child, type):
                seen.add(id(child))
                stack.append(child)
    return False


def _seats(seats: Sequence[int]) -> str:
    """`seats 0, 2`, `seat 1`, or `nobody`."""
    return f"seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))}" if seats else "nobody"
