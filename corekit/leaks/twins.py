"""Twins made from the declaration: what a seat sees now and, played forward, later, is the same in a twin."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeGuard

from corekit.game import Game, State, action_shown
from corekit.leaks.compare import _two_values, alike, first_difference
from corekit.provenance import SHOWN, Event, Record
from corekit.rng import Rng, derive_seed
from corekit.state import DeclaredState, Zone
from corekit.state.sampling import resample

FORWARD_STEPS = 40
"""How far a twin is played forward at most."""

Fail = Callable[[str], None]


def declared(state: State) -> TypeGuard[DeclaredState]:
    """Whether the core can make twins of `state` (its game declares its state)."""
    return isinstance(state, DeclaredState) and state.record is not None


def twin(
    state: DeclaredState, seat: int, rng: Rng, same_chance: bool = False, orders_only: bool = False
) -> DeclaredState:
    """A state `seat` cannot tell from `state`, made by the core from the declaration (never by the game's own
    `sample`); with `same_chance`, its chance generator is the state's, so public chance plays out alike. With
    `orders_only`, every zone keeps its cards and only the order of the face-down ones the seat cannot see is
    shuffled (a deck's): then a card taken from a hand shows the same in both, and only what comes off a
    shuffled pile differs."""
    if orders_only:
        made = state.clone()
        for info in state.layout().zones:
            zone = made.zone(info.no)
            if info.ordered and not info.visible_to(seat) and len(zone) - zone.up > 1:
                down = zone[: len(zone) - zone.up]
                rng.shuffle(down)
                zone[: len(down)] = down
    else:
        # The core's own redeal, never a hook the game may override (`_resample` serves its `sample` and
        # `determinize`): twins made by the game's code would keep whatever its samples keep.
        made = resample(state, seat, rng, keep_record=True)
    if same_chance or orders_only:
        made.rng = Rng(state.rng.state)
    return made


def check_twin(game: Game, state: DeclaredState, seat: int, rng: Rng, fail: Fail) -> DeclaredState:
    """What `seat` sees now is the same in a twin (see the package docstring); returns the twin."""
    other = twin(state, seat, rng)
    _compare_now(game, state, other, seat, "in a state it cannot tell apart", fail)
    return other


def check_weights(state: DeclaredState, seat: int, rng: Rng, fail: Fail) -> None:
    """`face_down_weights` of each parked card `seat` cannot see are the same in a twin whose parked cards were
    dealt evenly among the kinds their slots accept: the weights are a model of why a card was played, from public
    facts, and twins dealt by weights that read the card (or its owner's hand) would all keep it, so the kit's
    other twins cannot show them."""
    layout = state.layout()
    parked = [no for no in layout.sight(seat).parked if state.zone(no)]
    if not parked:
        return
    other = resample(state, seat, rng, keep_record=False, even=True)
    for no in parked:
        weights = dict(state.face_down_weights(state.zone(no)))
        theirs = dict(other.face_down_weights(other.zone(no)))
        if not alike(weights, theirs):
            fail(
                f"face_down_weights of {layout.zones[no].name}, which seat {seat} cannot see, differ in a state it "
                f"cannot tell apart: {first_difference(weights, theirs)}, with {state.zone(no)[0]!r} there and with "
                f"{other.zone(no)[0]!r} (weigh the kinds by public facts alone, never the card or its owner's hand)"
            )
            return


def check_choices(state: DeclaredState, seat: int, fail: Fail) -> None:
    """`commitment_choices` of every other seat's pending secret commitment do not depend on that commitment: the
    same with another choice stored in its place (the first of its legal actions had it not committed, else the first
    other of the game's own choices; no generator is drawn, so the other checks' twins stay as they were).
    Samples and twins redraw a commitment among the game's choices, so choices naming what the seat committed
    would make every one of them keep it, and the kit's other checks could not tell."""
    for name, chosen in secret_fields(state):
        for other in sorted(chosen):
            if other == seat:
                continue
            committed = chosen[other]
            # On copies: a game's own commitment_choices may change the state it is asked on.
            same = state.clone()
            # The core's choices first, then the game's own: a game whose legal actions do not follow `waiting`
            # overrides commitment_choices because the core's are empty for it.
            offered = [
                *DeclaredState.commitment_choices(same, name, other),
                *state.clone().commitment_choices(name, other),
            ]
            allowed = [c for c in offered if not alike(c, committed)]
            if not allowed:
                continue
            instead = allowed[0]
            changed = state.clone()
            getattr(changed, name).chosen[other] = instead
            choices, theirs = state.clone().commitment_choices(name, other), changed.commitment_choices(name, other)
            if not alike(choices, theirs):
                fail(
                    f"commitment_choices({name!r}, {other}), which seat {seat} cannot see, depend on seat {other}'s "
                    f"own commitment: {first_difference(choices, theirs)}, with {committed!r} committed and with "
                    f"{instead!r} (the choices are what it could have committed, never what it did)"
                )
                return


def check_forward(game: Game, state: DeclaredState, seat: int, rng: Rng, fail: Fail, steps: int = FORWARD_STEPS) -> int:
    """Play `state` and twins forward alike and compare what `seat` sees (see the package docstring): a twin of
    its own (every unseen card redealt) and a twin with only the hidden orders shuffled; returns the number of
    steps compared."""
    compared = 0
    for orders_only in (False, True):
        compared += _forward(
            game, state, twin(state, seat, rng, True, orders_only), seat, rng, fail, steps, orders_only
        )
    return compared


def _forward(
    game: Game,
    state: DeclaredState,
    other: DeclaredState,
    seat: int,
    rng: Rng,
    fail: Fail,
    steps: int,
    orders_only: bool = False,
) -> int:
    """One twin played forward beside the state (see `check_forward`; `orders_only`: the twin's kind)."""
    real = state.clone()
    path: list[str] = []  # the moves played so far, for the message (a failure's match does not show them)
    played: list[tuple[int, Any]] = []  # and as played, for `Probe`
    for step in range(1, steps + 1):
        if real.is_terminal or other.is_terminal:
            return step - 1
        mover = real.to_act[0]
        legal, theirs = real.legal_actions(mover), other.legal_actions(mover)
        if legal and mover not in other.to_act:  # another seat to act in the twin: the comparison of now names it
            return step - 1
        if not legal or not theirs:  # the contract's break, named (drawing from nothing would blame the generator)
            where = "the state" if not legal else "its twin"
            fail(f"seat {mover} is to act with no legal action in {where}, {step - 1} step(s) after a twin was made")
            return step - 1
        common = [action for action in legal if action in set(theirs)]
        if common:
            action = common[rng.below(len(common))]
        elif mover != seat:  # nothing legal in both (another hand): still compared if it is a secret choice, below
            action = legal[rng.below(len(legal))]
        else:
            return step - 1
        pending = _pending(real)
        # Which secret fields the twin's commitments differ in: revealing another field (the round's bids) shows
        # nothing of these (a goal still secret), so the states are still compared after it.
        differed = {field for field, ((_, copy), theirs) in enumerate(zip(pending, _secrets(other))) if copy != theirs}
        before = real.observation(seat), other.observation(seat)
        marks = _shown_so_far(real), _shown_so_far(other)
        real.apply(mover, action)
        # Told and drawn before the twin moves: a game that keeps what it tells or draws outside the state (on the
        # `Game` both share, in a module's global) then shows the real step's, and the twin's below shows its own.
        real_seen = real.observation(seat)
        real_told = game.events(before[0], real_seen)
        real_drawn = game.render(real_seen, seat)
        twin_action = _other_secret_choice(other, mover, seat, action, common or theirs, pending, real, rng)
        if twin_action is None and not common:
            return step - 1  # an action the twin cannot play, and not a secret choice another could stand for
        other.apply(mover, action if twin_action is None else twin_action)
        turned_up = _shown_since(marks[0], real) != _shown_since(marks[1], other)
        if real.rng.state != other.rng.state or _sees_apart(real, other, seat) or turned_up:
            # Chance drawn differently, a card the seat may see, or different face-down cards turned up from one
            # place (where a card lay shows as it is turned up): the seat is entitled to see the states differ.
            # Where that difference is one the step made, the step is played again on states that differ only in
            # what it showed of no card: the leak in a step that also turns cards up (`Probe`).
            if mover != seat and (twin_action is not None or (turned_up and not orders_only)):
                probe = Probe(game, state, played, real, marks[0], seat, mover, action, path, (real_told, real_drawn))
                if twin_action is not None and twin_action in legal:
                    probe.other_choice(twin_action, fail)
                if turned_up and not orders_only:
                    probe.shown_cards_kept(fail)
            return step
        if differed & _resolved(pending, real):
            return step  # commitments that differed were revealed: the seat may see them now
        played.append((mover, action))
        moved = f"{action_shown(game, action, quoted=True)} by seat {mover}"
        if twin_action is not None:
            moved += f" (a secret choice; {action_shown(game, twin_action, quoted=True)} in the twin)"
        path.append(moved)
        moves = f"{_moves(path)} {'was' if len(path) == 1 else 'were'} played"
        if not _compare_now(game, real, other, seat, f"{step} step(s) after a twin, once {moves}", fail, real_drawn):
            return step
        told = real_told, game.events(before[1], other.observation(seat))
        if told[0] != told[1]:
            fail(
                f"seat {seat} is told something else in a state it cannot tell apart ({step} step(s) later, after "
                f"{_moves(path)}), so events() names what the seat cannot see: "
                f"{first_difference(told[0], told[1])}"
            )
            return step
    return steps


class Probe:
    """The step a twin played forward stopped at (the twin saw other cards turned up, or chance drawn otherwise),
    played again on a state that differs from the real one before it only where that step shows nothing: what
    `seat` sees after it must be the same. The twin's own step stops the comparison wherever the move draws face up
    (a market refilled as each bid is made) or lays a hand's cards face up, so a log naming a secret choice or the
    cards kept hidden in that very step would pass it. `shown` is what the real step told the seat (`events`) and
    drew of its view, as the forward check took them before any other state moved."""

    def __init__(
        self,
        game: Game,
        start: DeclaredState,
        played: list[tuple[int, Any]],
        real: DeclaredState,
        marks: Marks,
        seat: int,
        mover: int,
        action: Any,
        path: list[str],
        shown: tuple[Any, str],
    ) -> None:
        self.game, self.start, self.played, self.real, self.seat = game, start, played, real, seat
        self.mover, self.action = mover, action
        self.turned = _shown_since(marks, real)
        self.told, self.drawn = shown
        self.path = [*path, f"{action_shown(game, action, quoted=True)} by seat {mover}"]

    def before(self) -> DeclaredState:
        """The real state before the step: the start played forward again (a copy at every step would cost every
        forward check; the moves replay exactly, as the determinism check holds)."""
        state = self.start.clone()
        for mover, action in self.played:
            state.apply(mover, action)
        return state

    def other_choice(self, choice: Any, fail: Fail) -> None:
        """The step played again from the state with `choice`, another secret choice of the mover's, the cards and
        chance otherwise the same: anything the seat then sees differ, a zone's cards or size included, tells it the
        choice (unless the step revealed the choices)."""
        how = f"and again with {action_shown(self.game, choice, quoted=True)} instead, a secret choice,"
        self._play_and_compare(self.before(), choice, how, fail, choice_only=True)

    def shown_cards_kept(self, fail: Fail) -> None:
        """The step played again, the same move, on a twin dealt with the cards the step showed from hidden hands
        left where they lay (turned face up for the deal, face down again before the move), every other card the
        seat cannot see dealt anew, but for the cards the step takes off a deck, which lie on top of it as they
        did (a hand laid down and the deck's top turned over in one step)."""
        # With no hand's cards shown, the step turned cards up from decks alone (a market refilled): the twin is then
        # the hands dealt anew and those cards stacked as they were, so a fact of a hand the step wrote down shows.
        hands = [(place, cards) for place, cards in self.turned if place >= 0]
        pinned = self.before()
        layout = pinned.layout()
        decks = {no: pinned.zone(no)[: len(pinned.zone(no)) - pinned.zone(no).up] for no in layout.decks}
        for no, cards in hands:
            info, zone = layout.zones[no], pinned.zone(no)
            down = list(zone[: len(zone) - zone.up])
            if info.ordered or info.visible_to(self.seat) or any(_take(down, card) for card in cards):
                return  # a pile's order is its own (not to be changed here), or the cards lay elsewhere
            zone[: len(zone) - zone.up] = [*down, *reversed(cards)]
            for _ in cards:
                pinned.reveal_top(zone)
        # Dealt by a generator of its own, so that the checks after this one draw as they would without it.
        again = twin(pinned, self.seat, Rng(derive_seed(self.real.rng.state, "shown cards kept")), same_chance=True)
        for no, cards in hands:
            again.zone(no).up -= len(cards)
        if not all(_stack(again.zone(no), order, self.real.zone(no)) for no, order in decks.items()):
            return  # the twin's deck lacks a card the step took off the real one
        if self.action in again.legal_actions(self.mover):
            how = "and again in a twin dealt with the cards that step shows where they lay,"
            self._play_and_compare(again, self.action, how, fail, choice_only=False)

    def _play_and_compare(self, again: DeclaredState, action: Any, how: str, fail: Fail, choice_only: bool) -> None:
        """Play `action` on `again` and compare what the seat sees with the real step, unless the two may differ:
        chance drawn otherwise, commitments revealed (the twin's own, redrawn, or another choice completing the
        round), or, unless only a secret choice differs, other cards shown."""
        real, seat = self.real, self.seat
        pending, marks, seen = _pending(again), _shown_so_far(again), again.observation(seat)
        again.apply(self.mover, action)
        if again.rng.state != real.rng.state or _resolved(pending, again):
            return
        if not choice_only and (_sees_apart(real, again, seat) or _shown_since(marks, again) != self.turned):
            return  # the step itself showed the difference
        moves = f"{_moves(self.path)} {'was' if len(self.path) == 1 else 'were'} played"
        how = f"{len(self.path)} step(s) after a twin, once {moves}, {how} the cards and chance the same"
        told = self.game.events(seen, again.observation(seat))
        if _compare_now(self.game, real, again, seat, how, fail, self.drawn) and told != self.told:
            fail(
                f"seat {seat} is told something else in a state it cannot tell apart ({how}), so events() names what "
                f"the seat cannot see: {first_difference(self.told, told)}"
            )


def _stack(deck: Zone, order: list[Any], real: Zone) -> bool:
    """Put on top of the face-down part of `deck` (a twin's) the cards the step drew or turned over from the real
    deck, whose face-down part was `order` and is `real` after the step, in their order; False when the twin's deck
    lacks one of them. A deck that grew (a gather: its order is the generator's) is left as it is."""
    taken = len(order) - (len(real) - real.up)
    if taken <= 0:
        return True
    down = list(deck[: len(deck) - deck.up])
    top = order[len(order) - taken :]
    if any(_take(down, card) for card in top):
        return False
    deck[: len(deck) - deck.up] = [*down, *top]
    return True


def _take(cards: list[Any], card: Any) -> bool:
    """Remove one `card` from `cards`; True when there was none."""
    if card not in cards:
        return True
    cards.remove(card)
    return False


def _moves(path: Sequence[str]) -> str:
    """The moves played on a twin, for a failure's one line: the first two and the last two of a long run."""
    if len(path) > 5:
        path = [*path[:2], f"{len(path) - 4} more", *path[-2:]]
    return ", then ".join(path)


def _other_secret_choice(
    other: DeclaredState,
    mover: int,
    seat: int,
    action: Any,
    candidates: Sequence[Any],
    was: Pending,
    real: DeclaredState,
    rng: Rng,
) -> Any:
    """Another seat's choice for the twin when `action` (played in `real`, whose commitments were `was` before) was
    a secret commitment: one of the other `candidates` (the actions legal in both, or, where none is, the twin's
    own) that commits secretly too, so that what `seat` sees until the reveal is compared across two different
    choices (a game that copies a choice into a public field shows it at once). None when `action` was not secret
    (it committed nothing new for the mover: a public move by a seat whose earlier commitment is still pending is
    not one), or no other choice is."""
    others = [choice for choice in candidates if choice != action]
    if mover == seat or not others or not _commits(was, real, mover):
        return None
    for choice in (others[(rng.below(len(others)) + i) % len(others)] for i in range(len(others))):
        trial = other.clone()
        then = _pending(trial)
        trial.apply(mover, choice)
        if _commits(then, trial, mover):
            return choice
    return None


Pending = list[tuple[dict[int, Any], dict[int, Any]]]
"""Each secret field's commitments before a move: the state's own dict (a reveal or a new decision replaces it) and
a copy of it (a commitment changes it in place)."""


def _pending(state: DeclaredState) -> Pending:
    return [(chosen, dict(chosen)) for _, chosen in secret_fields(state)]


def _resolved(before: Pending, after: DeclaredState) -> set[int]:
    """The secret fields (by their place in `secret_fields`) where a commitment pending `before` was revealed or
    replaced in `after` (a move that reveals a choice and commits the next, even the same again, leaves as many
    pending)."""
    return {
        field
        for field, ((own, copy), (_, now)) in enumerate(zip(before, secret_fields(after), strict=True))
        if copy and (now is not own or any(who not in now or now[who] != choice for who, choice in copy.items()))
    }


def _commits(before: Pending, after: DeclaredState, mover: int) -> bool:
    """Whether `mover` committed something secretly between `before` and `after` (the same choice again, after a
    reveal, counts)."""
    return any(
        mover in now and (now is not own or mover not in copy or now[mover] != copy[mover])
        for (own, copy), (_, now) in zip(before, secret_fields(after), strict=True)
    )


# ---- helpers ------------------------------------------------------------------------------------------


def _compare_now(
    game: Game, real: DeclaredState, other: DeclaredState, seat: int, how: str, fail: Fail, drawn: str | None = None
) -> bool:
    """The seat's view, `to_act`, legal actions, `infoset_key` and rendering (`drawn`, when the caller drew the real
    view already) are equal in both; False after the first failure."""
    # Each view drawn as soon as it is made: a game that keeps what it draws outside the state (a note `observation`
    # leaves in a module's global, or on the `Game` both share) then draws each from its own.
    seen = real.observation(seat)
    if drawn is None:
        drawn = game.render(seen, seat)
    twin_seen = other.observation(seat)
    twin_drawn = game.render(twin_seen, seat)
    if not alike(seen, twin_seen):
        fail(f"seat {seat}'s observation differs {how}: {first_difference(seen, twin_seen)}")
        return False
    if not alike(real.to_act, other.to_act):  # seat True is not seat 1
        fail(f"seat {seat} sees different seats to act {how}: {first_difference(real.to_act, other.to_act, 'to_act')}")
        return False
    legal, twin_legal = list(real.legal_actions(seat)), list(other.legal_actions(seat))
    if not alike(legal, twin_legal):
        fail(f"seat {seat}'s legal actions differ {how}: {first_difference(legal, twin_legal)}")
        return False
    if real.infoset_key(seat) != other.infoset_key(seat):  # an override reading more than the seat's view
        fail(
            f"seat {seat}'s infoset_key differs {how}, though the views are equal: a search keys its tree by it, "
            "so its nodes would split on what the seat cannot see"
        )
        return False
    if drawn != twin_drawn:
        lines = zip(drawn.splitlines(), twin_drawn.splitlines(), strict=False)
        line, twin_line = next(((x, y) for x, y in lines if x != y), (drawn, twin_drawn))
        fail(
            f"render() of seat {seat}'s view differs {how}, though the views are equal: "
            f"{_two_values(line.strip(), twin_line.strip())}"
        )
        return False
    return True


def _sees_apart(real: DeclaredState, other: DeclaredState, seat: int) -> bool:
    """Whether a card `seat` may see differs: the contents of a zone it sees, or the size or face-up cards of
    one it does not."""
    for info in real.layout().zones:
        mine, theirs = real.zone(info.no), other.zone(info.no)
        if info.visible_to(seat):
            if info.comparable(mine) != info.comparable(theirs):
                return True
        elif len(mine) != len(theirs) or mine.face_up_cards() != theirs.face_up_cards():
            return True
    return False


Marks = tuple[dict[int, int], list[int]]
Shown = tuple[tuple[int, tuple[Any, ...]], ...]
"""The cards a step turned face up, by the place they came from: a hidden zone's stream, or -1 - lot for a lot's."""


def _shown_so_far(state: DeclaredState) -> Marks:
    """How many events each stream of the record has, and how many cards each lot has turned up; from now on the
    record keeps the events a `gather` ends (`Record.dropped`), for `_shown_since`. For the check's own states."""
    record = state.record
    assert record is not None
    record.dropped = {}
    return {stream: len(events) for stream, events in record.events.items()}, [len(t) for t in record.turned]


def _shown_since(marks: Marks, state: DeclaredState) -> Shown:
    """The cards turned face up since `marks`, by the place they came from (the record says where), those gathered
    back within the same step included."""
    record = state.record
    assert record is not None
    events, turned = marks
    shown = [
        (stream, tuple(card for lot, card in found[events.get(stream, 0) :] if lot == SHOWN))
        for stream, found in sorted(_histories(record).items())
    ]
    shown += [(-1 - lot, cards[turned[lot] if lot < len(turned) else 0 :]) for lot, cards in enumerate(record.turned)]
    return tuple((place, cards) for place, cards in shown if cards)


def _histories(record: Record) -> dict[int, tuple[Event, ...]]:
    """Every event of each stream since `_shown_so_far`, those a `gather` ended first (the events at the mark are
    where each history starts, whether gathered since or not)."""
    if not record.dropped:
        return record.events
    histories = dict(record.dropped)
    for stream, events in record.events.items():
        histories[stream] = histories.get(stream, ()) + events
    return histories


def secret_fields(state: DeclaredState) -> list[tuple[str, dict[int, Any]]]:
    """Each `secret()` field's name with its pending commitments (seat -> choice), the state's own dicts."""
    return [(name, getattr(state, name).chosen) for name in state.secret_names()]


def parked_commitment(state: DeclaredState) -> str | None:
    """Why a sample or a twin of `state` may break the game: a seat's secret commitment that is also the one card
    face down in its parked slot. Both redraw the two apart (each is a hidden part of its own), so the game meets
    a commitment naming a card it no longer holds there. None when no commitment is so."""
    zones = state.layout().zones
    for name, chosen in secret_fields(state):
        for seat, choice in sorted(chosen.items()):
            for info in zones:
                if info.stream == info.no or info.seat != seat:  # not a parked slot, or not this seat's
                    continue
                zone = state.zone(info.no)
                if len(zone) - zone.up == 1 and zone[0] == choice:
                    return (
                        f"seat {seat}'s commitment in {name} is the card parked face down in {info.name}, and samples "
                        "and twins redraw the two apart: keep a hidden choice in a parked card or in a commitment, "
                        "not both"
                    )
    return None


def _secrets(state: DeclaredState) -> list[dict[int, Any]]:
    return [dict(chosen) for _, chosen in secret_fields(state)]
