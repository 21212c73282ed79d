"""The checks of one state: legal and illegal actions, clones, `_offers`, display, samples, replay codes and zones."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from corekit import leaks
from corekit.codes import as_read, code_problem
from corekit.conformance.report import Report, _shown_briefly
from corekit.errors import error_line, first_line, raised_at
from corekit.game import Game, IllegalAction, State, held_cards, offered
from corekit.reactions import ReactionWindow
from corekit.rng import Rng
from corekit.runner import legal_problem
from corekit.simultaneous import Commitments
from corekit.state import DeclaredState, Zone
from corekit.state.fields import decl_of
from corekit.state.moves import place_in
from corekit.walks import shared_with_original
from corekit.words import joined

_NOT_AN_ACTION = ("campfire-conformance", "not an action")
"""A value no game accepts as an action."""


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


def open_decision(state: object) -> str | None:
    """A decision `state` holds open, in words, or None: a `Commitments` that some seats committed to and others not
    yet, or a `ReactionWindow` not closed (in a field of the state, or an item of a list, tuple or dict it holds).
    Commitments opened and not begun are none: a round's are often opened at the end of the last, the match's
    included. A window opens on a trigger, which is there to be answered."""
    kind = type(state)
    names = [field.name for field in attrs.fields(kind)] if attrs.has(kind) else list(getattr(state, "__dict__", {}))
    for name in names:
        value = getattr(state, name)
        if isinstance(value, dict):
            items = [(f"{name}[{key!r}]", item) for key, item in value.items()]
        elif isinstance(value, list | tuple):
            items = [(f"{name}[{at}]", item) for at, item in enumerate(value)]
        else:
            items = [(name, value)]
        for place, item in items:
            if isinstance(item, Commitments) and item.waiting and item.chosen:
                done, waiting = (joined([f"seat {seat}" for seat in seats]) for seats in (item.chosen, item.waiting))
                return f"{place} holds what {done} committed and still waits for {waiting}"
            if isinstance(item, ReactionWindow) and not item.closed:
                return f"{place}, a reaction window, is still open (seat {item.priority} to react or pass)"
    return None


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
    seen: dict[tuple[str, ...], Any] = {}
    for action in legal:
        text = game.action_text(action)
        if not isinstance(text, str):
            report.fail(f"{where}: action_text({action!r}) gave {text!r:.60}, not text")
            return
        steps = game.action_steps(action)
        if not isinstance(steps, tuple) or not steps or not all(isinstance(step, str) for step in steps):
            report.fail(f"{where}: action_steps({action!r}) gave {steps!r:.60}, not a tuple of one or more texts")
            return
        if steps in seen:  # a person choosing by the menu could not tell the two apart
            report.fail(f"{where}: the legal actions {seen[steps]!r} and {action!r} have the same steps {steps!r:.60}")
            return
        seen[steps] = action


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


def _check_commitments(state: State, where: str, report: Report) -> bool:
    """Every secret choice made is one of what its seat could have chosen (`commitment_choices`: its legal actions
    had it not committed yet): a sample redraws another seat's choice among those, so a value made from the action
    instead (its number out of "bid2", say) gives samples of another kind than the match. False on the first."""
    if not isinstance(state, DeclaredState):
        return True
    for name in type(state).secret_names():
        commitments: Commitments = getattr(state, name)
        for seat, action in commitments.chosen.items():
            choices = state.clone().commitment_choices(name, seat)  # a game's own may change what it is asked on
            if not offered(action, choices):
                report.fail(
                    f"{where}: seat {seat}'s secret choice in {name} is {_shown_briefly(action)}, not one of its "
                    f"choices {_shown_briefly(choices)}: samples redraw another seat's choice among its legal actions "
                    "had it not committed (commitment_choices, asked of the state after the commit with it taken "
                    "back), so commit the action played, or override commitment_choices where committing changed "
                    "what the seat could choose (a cost paid as it commits)"
                )
                return False
    return True


def _check_sample(state: State, seat: int, rng: Rng, where: str, report: Report) -> None:
    """`sample(seat)` agrees with the seat's view and depends on nothing else, and is a playable state; so is
    `determinize(seat)` (what a search's seat view calls) where the game writes its own."""
    for how in leaks.sampling_methods(state):
        _check_one_sample(state, seat, rng, where, report, how)


def _check_one_sample(state: State, seat: int, rng: Rng, where: str, report: Report, how: str) -> None:
    key = rng.next64()
    sampled = getattr(state, how)(seat, Rng(key))
    report.samples += 1
    seen = state.observation(seat)
    if not leaks.alike(sampled.observation(seat), seen):
        report.fail(
            f"{where}: {how}({seat}) does not match seat {seat}'s observation: "
            f"{leaks.first_difference(sampled.observation(seat), seen)} (sample vs state)"
        )
        return
    # Who acts is never hidden: the runner would ask another seat in the sample.
    if tuple(sampled.to_act) != tuple(state.to_act):
        report.fail(
            f"{where}: {how}({seat}) has {_seats(sampled.to_act)} to act where the state has {_seats(state.to_act)}"
        )
        return
    if sampled.rng.state == state.rng.state:
        report.fail(f"{where}: {how}({seat}) kept the true chance generator: the future leaks")
    if held_cards(sampled) != held_cards(state):
        report.fail(f"{where}: {how}({seat}) created or lost cards")
    if sampled.observation(None) != state.observation(None):
        report.hidden_varied = True
    # A state the seat cannot tell apart: made by the core when the game declares its state, so that a sample
    # reading what it should not is caught even when it also writes it into its own samples.
    other = leaks.twin(state, seat, Rng(key ^ 2)) if leaks.declared(state) else sampled
    again, truth_sampled = getattr(other, how)(seat, Rng(key ^ 1)), getattr(state, how)(seat, Rng(key ^ 1))
    if again.digest() != truth_sampled.digest():
        truth_view, twin_view = _full_view(truth_sampled), _full_view(again)
        if truth_view != twin_view:
            differs: str | None = leaks.first_difference(truth_view, twin_view)
        elif truth_sampled.rng.state != again.rng.state:  # the full view holds no chance generator
            differs = leaks.first_difference(truth_sampled.rng.state, again.rng.state, "rng")
        else:  # only the order of an unordered zone, which the rules say tells nothing (a twin keeps it sorted)
            differs = None
        if differs is not None:
            report.fail(
                f"{where}: {how}({seat}) depends on more than seat {seat}'s observation: two states it cannot "
                f"tell apart gave different samples, {differs} (from the state vs from its twin)"
            )
    # A sample must itself be a playable state.
    played: list[Any] = []
    moves = iter(range(3))
    try:
        stuck = _play_randomly(sampled.clone(), rng, played, lambda: next(moves, None) is not None)
    except (Exception, SystemExit) as error:
        why = leaks.parked_commitment(state) if isinstance(state, DeclaredState) else None
        report.fail(f"{where}: {_side_line(f'{how}({seat})', played, error)}" + (f"; {why}" if why else ""))
        return
    if stuck is not None:
        report.fail(f"{where}: in {how}({seat}), seat {stuck} is to act with no legal action")


def _full_view(state: State) -> Any:
    """The full truth as the core shows it for a declared state (every declared field, an unordered zone sorted),
    whatever observation the game writes; a hand-written state's own full view."""
    return DeclaredState.observation(state, None) if isinstance(state, DeclaredState) else state.observation(None)


def _check_codes(game: Game, actions: Iterable[Any], seat: int, encoded: set[Any], where: str, report: Report) -> bool:
    """Check that each action survives a replay (see the package's docstring); False after the first failure."""
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


def _seats(seats: Sequence[int]) -> str:
    """`seats 0, 2`, `seat 1`, or `nobody`."""
    return f"seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))}" if seats else "nobody"
