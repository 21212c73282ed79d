"""The leak checks: information hiding tested without trusting the game's own `sample()`.

From a reached state of a declared game and one seat, the core itself makes **twins**: states the seat
cannot tell apart, every card it cannot see redealt within the lots the record says it came from, other
seats' secret commitments redrawn, chance reseeded (`DeclaredState.sample` as the core defines it, whatever
the game overrides). Then:

1. **Now** (`check_twin`): the seat's observation, its legal actions, `to_act` and the rendering of its view
   are the same in the state and in a twin.
2. **The future** (`check_forward`): from the state and a twin with the same chance generator, the same
   actions are played forward (the seat's own and, for the other seats, one legal in both; where another seat's
   action is a secret commitment, the twin commits another choice, one of its own where the two share no legal
   action, so a choice shown before its reveal is seen to differ), and after each the seat's observation, the
   commentary (`events`), the rendering and its legal actions must stay the same, until something the seat is
   entitled to see differs: a card in a zone it sees
   (or the size or face-up cards of one it does not), a secret commitment revealed, or chance drawn differently
   (the generators no longer agree). This finds a log, a counter or a rendered line that names a card drawn face
   down.
3. **A deal, a draw or a roll made during play** (`check_redeal`, asked by the conformance checks at every move): a
   twin played forward shares the state's generator, so a deck gathered or reshuffled in a step, or dice rolled in
   it, come out the same in both, and a twin's forward play stops at the first card the seat itself draws, so a line
   naming the others' draws of that same step (everyone draws after a reveal) would pass it. The move is played again
   with that deck shuffled once more, every deck whose order nobody has seen (a deck's face-down cards, its face-up
   top cards left where they lie) shuffled before the move, and the dice the state rolls through `DeclaredState.roll`
   rolled again, by a generator of the check's own, the state's left as it was. The step is traced first, as it comes
   (`corekit.redeal`): each deck's order after its shuffle, the position each card left it from and where it went,
   each die and its cup, and what each hidden zone showed. The cards the step shows (turned up from the deck, or
   shown by the zone they went to: stud up-cards, a cup lifted) are put back at their positions in the deck dealt
   otherwise, by position, so among copies the one that lay there, and such dice keep their faces, as do dice rolled
   face up: what each seat sees of the two, its own hidden cards aside, must be the same, unless chance was drawn
   otherwise, other cards were turned up or a zone's size came out otherwise. Before a seat is blamed, the step is
   played once more with that seat's own new dice kept and its new cards put back where they lay; where they cannot
   be dealt again so (a deck whose list the game changed by hand, not through the zone methods, is not traced), a
   difference only in that seat's own secret commitment is not reported. Where a hidden zone received several equal
   cards and showed one, which of them is not traced: each is tried in turn (`GUESSES` ways at most), then all of
   them kept. This finds a log or a counter naming the new deal, draw or roll, written in the step that made it.
4. **Samples against the truth** (`check_sample_truth`): over `TRUTH_SAMPLES` samples of a position, for each
   zone hidden from the seat (and each other seat's secret commitment), how often the game's sample matches the
   truth is compared with how often it matches a twin, drawn afresh for each sample: the pairs where exactly one
   matches are counted, and an exact one-sided sign test refuses a sample that prefers the truth at
   significance `TRUTH_ALPHA`; the top card of a hidden pile (the next one drawn) is compared on its own too. A
   fair sample matches the truth no more often than any world the seat cannot tell from it; one that keeps
   another seat's hand, or the deck's next card, matches the truth every time.

5. **The deal at setup** (`check_setup_deal`, asked by the conformance checks for their first matches): a twin
   copies every public field, so one a game sets from a face-down card as it deals (a log naming the bottom card)
   is the same in every twin and in every future. The match is set up again with the cards each seat cannot see,
   and of which it sees no copy anywhere, dealt otherwise: after each `Rng.shuffle` of the setup, the only place
   a setup's chance for cards is seen (the game makes the generator itself), those cards are shuffled once more
   among their own positions by a generator of the check's own, the state's left as it was, so every card the
   setup shows or gives the seat lies where it did. What the seat sees of the two, its own cards aside, must be the
   same, unless other cards came up or a zone's size changed (a setup that deals by the cards' values: nothing can
   be told).
Everything a seat is shown is compared by `alike`, not by the game's `==`: types count (`3` is not `3.0`), and so
do the attrs fields `==` leaves out, the slots of classes written by hand, a set's items and the attributes put
into a view's `__dict__` or slots. `check_weights` compares `face_down_weights` with those of a twin whose parked
cards were dealt evenly: weights that read the card (or its owner's hand) would make every twin keep it;
`check_choices` does as much for `commitment_choices`, which must not change when another of a seat's choices is
stored in place of its secret commitment (choices naming what it chose would make every twin keep the choice).
(`corekit.conformance` adds checks of its own that no twin could find, its docstring lists them: a clone holding
the original's zones inside another field, static content written outside setup or differing between seeds, a
public object whose `view()` shows one thing for two different values, and draw piles dealt alike in every match.)

What they cannot find, each tried by an outside tester's hostile games:
- a zone or field the game declares public is public: the checks trust the declaration. A public object whose
  `view()` shows less than it holds, with no `to_data()` to compare, is copied whole into samples; the size of a
  face-down pile is public, so a game that burns a card only when a hidden card is high tells it by the size;
  a card's identity the game writes into a public field is caught only once it differs in a twin's future, or at
  setup by section 5 when a shuffle dealt it (not when the setup deals by the cards' values, nor when it drew the
  fact otherwise, by `Rng.below`, say);
- a card that passed through a face-up zone inside one `apply` counts as seen, though no view showed it there;
- another seat's card played face down is the same action in a twin, so a log naming it is the same there;
- `Game.card_family` says which cards a twin may swap: families as fine as the cards let no twin differ;
- a fact written into the seat's own commitment is kept by every twin, as the seat's own;
- a zone's order where the declaration says it has none, shown when its cards move to an ordered face-up zone;
- an undeclared game's twins come from its own `sample()`; and the search is random, not exhaustive.

Each failure is one line naming the seat, the field or zone that differed and the two values seen, down to the
first item or field inside it that differs (`log[4]: 'seat 0 draws 1' vs 'seat 0 draws 3'`: `first_difference`).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, TypeGuard

import attrs

from corekit.game import Game, State, action_shown
from corekit.provenance import SHOWN, Event, Record
from corekit.redeal import DIE, OUT, REDEAL, Move, Redeal, TracedRecord
from corekit.rng import Rng, derive_seed
from corekit.state import DeclaredState, Seen, derived
from corekit.state.layout import ZoneInfo
from corekit.tournament.stats import sign_tail
from corekit.walks import ATOMS, UNSET, field_names, parts_of

TRUTH_SAMPLES = 32
"""K: samples per position and seat in the truth test."""
TRUTH_ALPHA = 1e-9
"""The truth test's significance: a fair sample is refused at one position and seat with probability below it
(32 of 32 one-sided pairs give p = 2.3e-10)."""
FORWARD_STEPS = 40
"""How far a twin is played forward at most."""
SHOWN_CHARACTERS = 80
"""At most how many characters of each of two differing values a failure shows: a longer repr is cut around the
first character where the two differ."""

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
        made = DeclaredState.sample(state, seat, rng)
    if same_chance or orders_only:
        made.rng = Rng(state.rng.state)
    return made


def check_twin(game: Game, state: DeclaredState, seat: int, rng: Rng, fail: Fail) -> DeclaredState:
    """What `seat` sees now is the same in a twin (see the module docstring); returns the twin."""
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
    other = DeclaredState._resample(state, seat, rng, keep_record=False, even=True)
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
    """Play `state` and twins forward alike and compare what `seat` sees (see the module docstring): a twin of
    its own (every unseen card redealt) and a twin with only the hidden orders shuffled; returns the number of
    steps compared."""
    compared = 0
    for orders_only in (False, True):
        compared += _forward(game, state, twin(state, seat, rng, True, orders_only), seat, rng, fail, steps)
    return compared


def _forward(
    game: Game,
    state: DeclaredState,
    other: DeclaredState,
    seat: int,
    rng: Rng,
    fail: Fail,
    steps: int,
) -> int:
    """One twin played forward beside the state (see `check_forward`)."""
    real = state.clone()
    path: list[str] = []  # the moves played so far, for the message (a failure's match does not show them)
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
        differed = [copy for _, copy in pending] != _secrets(other)
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
            return step
        if differed and _resolved(pending, real):
            return step  # commitments that differed were revealed: the seat may see them now
        moved = f"{action_shown(game, action)!r} by seat {mover}"
        if twin_action is not None:
            moved += f" (a secret choice; {action_shown(game, twin_action)!r} in the twin)"
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


def check_redeal(game: Game, before: DeclaredState, seat: int, action: Any, rng: Rng, fail: Fail) -> None:
    """`action` by `seat` played from `before` twice, the second time with every deck it gathers or reshuffles
    shuffled once more, every deck whose order nobody has seen shuffled before it (`_unseen_decks`), and every die
    it rolls (`DeclaredState.roll`) rolled once more (a deal, a draw or a roll nobody has seen; see the module
    docstring): what each seat sees of the two may differ only in its own hidden cards, unless chance was drawn
    otherwise, other cards were turned up or a zone's size came out otherwise (what the rules show of the new deal).
    The cards and dice the step shows (a trump turned over after the deal, stud up-cards, a cup lifted) are put back
    where they lay in the deck dealt otherwise, by position (`corekit.redeal`), so such a step is compared too. A
    log or counter naming the new deal, draw or roll differs."""
    real, real_shown, trace = _traced(before, seat, action)
    infos = real.layout().zones
    unseen = len(_unseen_decks(before))  # the first shuffles of the trace: those decks, before the move
    dealt = trace.decks > unseen  # the step itself gathered or reshuffled a deck
    # A card drawn face down from one of those decks (one turned up is kept where it lay: the same either way; a die's
    # token taken from its bag is the die, rolled again as such).
    drew = any(
        0 <= move.shuffle < unseen and _place(move, infos) != -1 and trace.lays[move.shuffle].no not in trace.bags
        for move in trace.moves
    )
    if not dealt and not drew and not trace.dice:
        return  # nothing was dealt, drawn unseen from a deck nobody has seen the order of, or rolled
    for shown_moves in _guesses(*_shown_moves(trace, infos)):
        pins, dice = _pins(trace, shown_moves)
        other, other_shown = _played_again(before, seat, action, Redeal(rng.clone(), pins=pins, kept_dice=dice))
        if real.rng.state == other.rng.state and real_shown == other_shown:
            break
    else:
        return
    if any(len(real.zone(i.no)) != len(other.zone(i.no)) or real.zone(i.no).up != other.zone(i.no).up for i in infos):
        return
    deck, kind = (
        ("gathered or reshuffled a deck", "deal") if dealt else ("drew from a deck whose order nobody has seen", "draw")
    )
    anew = f"{deck}, and with its cards in another order"
    if trace.dice and (dealt or drew):
        kind, anew = f"{kind} and roll", f"{deck} and rolled dice, and with the deck in another order and other faces"
    elif trace.dice:
        kind, anew = "roll", "rolled dice, and with other faces"
    past = " and ".join({"deal": "dealt", "draw": "drawn", "roll": "rolled"}[word] for word in kind.split(" and "))
    doubtful = None
    for observer in range(real.players):
        seen, shown = _without_own(real, observer, infos), _without_own(other, observer, infos)
        if alike(seen, shown):
            continue
        # A public line naming the observer's own new cards or dice is no leak to it: deal and roll again with
        # those put back where they lay too, the rest as the other deal put it.
        own = {i.stream for i in infos if i.owned_by(observer)}
        mine = {i for i, move in enumerate(trace.moves) if trace.traced(move) and _place(move, infos) in own}
        mine_pins, _ = _pins(trace, shown_moves | mine)
        received = _received(before, real, observer, infos)
        kept, kept_shown = _played_again(before, seat, action, Redeal(rng.clone(), observer, mine_pins, dice))
        sure = (
            kept.rng.state == real.rng.state
            and kept_shown == real_shown
            and _received(before, kept, observer, infos) == received
        )
        if sure:
            shown = _without_own(kept, observer, infos)
            if alike(seen, shown):
                continue
        name = next(name for name in seen if not alike(seen[name], shown[name]))
        message = (
            f"seat {observer}'s view, its own cards aside, depends on a {kind} nobody has seen: "
            f"{action_shown(game, action)!r} by seat {seat} {anew} {first_difference(seen[name], shown[name], name)} "
            f"(as {past} vs {past} otherwise)"
        )
        if sure:
            fail(message)
            return
        if alike(*(_own_commitments_aside(fields, observer, real) for fields in (seen, shown))):
            continue  # only in its own secret commitment, which its new cards may decide: nothing to tell
        if doubtful is None:  # its own new cards not dealt again as they came: another seat's view may say it surely
            doubtful = (
                f"{message}; seat {observer}'s own new cards could not be dealt again as they came (the deck's list "
                "changed by hand, or other cards turned up then), and a line naming only them would read so too"
            )
    if doubtful is not None:
        fail(doubtful)


def check_setup_deal(game: Game, players: int, seed: int, options: Any, fail: Fail) -> None:
    """The match of `seed` set up again for each seat and each shuffle of its setup, that shuffle's cards the seat
    cannot see dealt otherwise (section 5 of the module docstring): what the seat sees of the two, its own cards
    aside, must be the same, unless the setup showed other cards or made a zone of another size (a setup that deals
    by the cards' values). A shuffle after which the zones hold what they did is no deal (a seat order drawn)."""
    traced: list[list[Any]] = []
    with _setup_shuffles(lambda number, items, shuffle: traced.append(list(items))):
        real = game.initial_state(players, seed, options)
    if not traced or not isinstance(real, DeclaredState):
        return
    infos = real.layout().zones
    zones = [list(real.zone(info.no)) for info in infos]
    for observer in range(players):
        try:
            hidden, seen = _cards_hidden_from(real, observer, infos)
        except TypeError:  # cards that cannot be counted (unhashable): the twins and the redeal check still run
            return
        # Only cards that lie face down out of the seat's sight, and of which it sees no copy anywhere, are dealt
        # otherwise: a card a public field names that no hidden zone holds (a scenario drawn and shown) stays put.
        unseen = {card for card in hidden if card not in seen}
        for number in range(len(traced) if unseen else 0):
            deal = _dealt_otherwise(number, traced[number], unseen, Rng(derive_seed(seed, "setup deal", observer)))
            with _setup_shuffles(deal):
                other = game.initial_state(players, seed, options)
            if not isinstance(other, DeclaredState) or [list(other.zone(info.no)) for info in infos] == zones:
                continue  # no card went elsewhere: not a deal (or none of the seat's unseen cards in it)
            if _cards_hidden_from(other, observer, infos)[1] != seen or any(
                len(real.zone(i.no)) != len(other.zone(i.no)) or real.zone(i.no).up != other.zone(i.no).up
                for i in infos
            ):
                continue  # the setup dealt by the cards' values: other cards came up, and nothing can be told
            mine, theirs = _without_own(real, observer, infos), _without_own(other, observer, infos)
            if alike(mine, theirs):
                continue
            name = next(name for name in mine if not alike(mine[name], theirs[name]))
            fail(
                f"seat {observer}'s view at setup, its own cards aside, depends on cards it cannot see: with the "
                f"face-down cards of the setup's shuffle {number + 1} dealt otherwise (the same cards shown) "
                f"{first_difference(mine[name], theirs[name], name)} (as dealt vs dealt otherwise): a field or log "
                "line set from a face-down card"
            )
            return


Hook = Callable[[int, list[Any], Callable[[Rng, list[Any]], None]], None]
"""What `_setup_shuffles` calls after each shuffle: its number, the items, and the shuffle itself (to shuffle more
without being traced)."""


def _dealt_otherwise(number: int, traced: list[Any], unseen: set[Any], rng: Rng) -> Hook:
    """After the setup's shuffle `number`, if it came out as `traced`: its `unseen` cards dealt once more among their
    own positions by `rng` (the state's generator left as it was, so every later draw is the same)."""

    def deal(at: int, items: list[Any], shuffle: Callable[[Rng, list[Any]], None]) -> None:
        if at != number or list(items) != traced:
            return
        try:
            places = [i for i, card in enumerate(items) if card in unseen]
        except TypeError:  # items that cannot be looked up (unhashable): not the cards of a zone
            return
        cards = [items[i] for i in places]
        shuffle(rng, cards)
        for i, card in zip(places, cards, strict=True):
            items[i] = card

    return deal


@contextlib.contextmanager
def _setup_shuffles(after: Hook) -> Iterator[None]:
    """Within it, every `Rng.shuffle` (the k-th from 0) this thread makes is followed by `after(k, items, shuffle)`:
    a setup shuffles the cards it deals with the state's generator, which the game makes itself, so the class's
    method is the one place to see it. Only the leak check sets this, around the one `initial_state` it calls;
    the method in place before (a test's stand-in too) is put back however the setup ends."""
    count = itertools.count()
    owner = threading.get_ident()
    previous = Rng.shuffle

    def shuffle(self: Rng, items: Any) -> None:
        previous(self, items)
        if threading.get_ident() == owner:
            after(next(count), items, previous)

    Rng.shuffle = shuffle  # type: ignore[method-assign]
    try:
        yield
    finally:
        Rng.shuffle = previous  # type: ignore[method-assign]


def _cards_hidden_from(
    state: DeclaredState, observer: int, infos: Sequence[ZoneInfo]
) -> tuple[Counter[Any], Counter[Any]]:
    """The cards lying face down where `observer` cannot see them, and those it sees in the zones (every card of a
    zone everyone sees or of its own, and the face-up cards of the rest)."""
    hidden: Counter[Any] = Counter()
    seen: Counter[Any] = Counter()
    for info in infos:
        zone = state.zone(info.no)
        if info.visible_to(observer):
            seen.update(zone)
            continue
        down = len(zone) - zone.up
        hidden.update(zone[:down])
        seen.update(zone[down:])
    return hidden, seen


def _traced(before: DeclaredState, seat: int, action: Any) -> tuple[DeclaredState, Shown, Redeal]:
    """`action` by `seat` played from a clone of `before` as it comes, traced (`corekit.redeal`): that state, the
    cards it turned up, and the trace, a deck no longer holding what its trace says left untraced."""
    trace = Redeal()
    real, shown = _played_again(before, seat, action, trace, traced=True)
    trace.untrace_changed({lay.no: real.zone(lay.no) for lay in trace.lays})
    return real, shown, trace


def _place(move: Move, infos: Sequence[ZoneInfo]) -> int:
    """Where a traced move put its card, as `_shown_since` names places: a hidden zone's stream, or -1 for a face-up
    zone, a card taken out face up, or one turned face up where it lay in its deck."""
    to = move.to
    return -1 if to is None or to == OUT or infos[to].seen is Seen.EVERYONE else infos[to].stream


def _shown_moves(trace: Redeal, infos: Sequence[ZoneInfo]) -> tuple[set[int], list[list[int]]]:
    """The traced moves (by index) whose card or die the step showed for sure (turned up from the deck, gone to a
    face-up zone) and, for each card a hidden zone showed, the moves that may have been it: the cards equal to it that
    went there before, latest first (the trace does not follow which of the zone's cards the game took)."""
    moves = trace.moves
    sure = {i for i, move in enumerate(moves) if trace.traced(move) and _place(move, infos) == -1}
    options = [
        [
            i
            for i in range(before - 1, -1, -1)
            if moves[i].card == card and trace.traced(moves[i]) and _place(moves[i], infos) == stream
        ]
        for before, stream, card in trace.shows
    ]
    return sure, [candidates for candidates in options if candidates]


GUESSES = 4
"""How many ways `check_redeal` tries of matching the cards hidden zones showed to equal cards they received, before
it keeps every one of those cards (the deal then cannot tell the zone's other equal cards)."""

GUESS_STEPS = 256
"""How many candidates `_guesses` looks at in all while it seeks those ways: a hand of a dozen equal cards shown
one by one has more ways of pairing them than could ever be tried, and none if it shows more than it received."""


def _guesses(sure: set[int], options: list[list[int]]) -> Iterator[set[int]]:
    """The moves to keep in the deal played again, the likeliest first: each show's latest candidate, then other
    choices (each card shown once), at most `GUESSES` of them found within `GUESS_STEPS`, then every candidate."""
    single = {candidates[0] for candidates in options if len(candidates) == 1}
    kept = sure | single
    several = [candidates for candidates in options if len(candidates) > 1]
    if not several:
        yield kept
        return
    steps = GUESS_STEPS

    def choices(at: int, used: frozenset[int]) -> Iterator[frozenset[int]]:
        nonlocal steps
        if at == len(several):
            yield used
            return
        for move in several[at]:
            if steps <= 0:
                return
            steps -= 1
            if move not in used and move not in single:
                yield from choices(at + 1, used | {move})

    tried: set[frozenset[int]] = set()
    for choice in choices(0, frozenset()):
        if choice not in tried:
            tried.add(choice)
            yield kept | choice
            if len(tried) == GUESSES:
                break
    everything = frozenset().union(*several)
    if everything not in tried:
        yield kept | everything


def _pins(trace: Redeal, kept: Collection[int]) -> tuple[dict[int, dict[int, Any]], frozenset[int]]:
    """The traced moves `kept` (by index), as `Redeal` keeps them: positions of the step's shuffles (k-th shuffle ->
    position -> card) and numbers of its dice."""
    pins: dict[int, dict[int, Any]] = {}
    dice = set()
    for i in sorted(kept):
        move = trace.moves[i]
        if move.shuffle == DIE:
            dice.add(move.at)
        else:
            pins.setdefault(move.shuffle, {})[move.at] = move.card
    # A card kept in a deck shuffled again in the step must still be in it then: keep an equal card among those the
    # earlier shuffle left in the deck (the latest shuffles first, so that a chain of them is followed back).
    for k in sorted(pins, reverse=True):
        before = trace.lays[k].before
        if before is None:
            continue
        earlier, remaining = before
        cards, held = trace.lays[earlier].cards, pins.setdefault(earlier, {})
        for card in pins[k].values():
            spare = next((at for at in remaining if cards[at] == card and at not in held), None)
            if spare is not None:
                held[spare] = card
    return pins, frozenset(dice)


def _own_commitments_aside(fields: dict[str, Any], observer: int, state: DeclaredState) -> dict[str, Any]:
    """`fields` of `observer`'s view with its own secret commitments left out, as its own cards are."""
    aside = dict(fields)
    for name in state.secret_names():
        aside[name] = tuple((who, "(its own)" if who == observer else choice) for who, choice in fields[name])
    return aside


def _received(before: DeclaredState, after: DeclaredState, seat: int, infos: Sequence[Any]) -> tuple[Any, ...]:
    """The cards `seat`'s own hidden zones received between `before` and `after` (the record of `after`, a clone
    of `before` played on by the check, keeps what a gather ended in `Record.dropped`)."""
    was, now = before.record, after.record
    assert was is not None and now is not None
    streams = {i.stream for i in infos if i.owned_by(seat)}
    received: list[Any] = []
    for stream in sorted(streams):
        cards = now.truth.get(stream, ())
        gathered = now.dropped is not None and stream in now.dropped  # its history began again in the step
        received += cards if gathered else cards[len(was.truth.get(stream, ())) :]
    return tuple(received)


def _played_again(
    before: DeclaredState, seat: int, action: Any, redeal: Redeal, traced: bool = False
) -> tuple[DeclaredState, Shown]:
    """`action` by `seat` played from a clone of `before` with its deals and rolls made as `redeal` says (`traced`:
    its record tells what the hidden zones show too): that state and the cards it turned up."""
    other = before.clone()
    marks = _shown_so_far(other)
    if traced:
        assert other.record is not None
        other.record.__class__ = TracedRecord
    for no in _unseen_decks(other):  # an order nobody has seen: dealt again too, so a plain draw is compared as a deal
        zone = other.zone(no)
        redeal.shuffled(zone, no, len(zone) - zone.up)
    token = REDEAL.set(redeal)
    try:
        other.apply(seat, action)
    finally:
        REDEAL.reset(token)
    return other, _shown_since(marks, other)


def _unseen_decks(state: DeclaredState) -> list[int]:
    """The decks holding two or more face-down cards: their order is one nobody has seen (cards go into a deck only by
    a shuffle or a gather, and samples redeal it), so the step is played again with them shuffled too (under the face-
    up top cards, which stay)."""
    return [no for no in state.layout().decks if len(zone := state.zone(no)) - zone.up > 1]


def _without_own(state: DeclaredState, observer: int, infos: Sequence[Any]) -> dict[str, Any]:
    """`observer`'s view of `state` as a dict of its fields, with the observer's own hidden zones left out (a new
    deal gives it other cards, which it sees)."""
    view = state.observation(observer)
    fields = {name: getattr(view, name) for name in type(view)._names}
    for info in infos:
        if info.owned_by(observer):
            entries = list(fields[info.field])
            entries[observer] = "(its own)"
            fields[info.field] = tuple(entries)
    return fields


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


def _resolved(before: Pending, after: DeclaredState) -> bool:
    """Whether a commitment pending `before` was revealed or replaced in `after` (a move that reveals a choice and
    commits the next, even the same again, leaves as many pending)."""
    return any(
        copy and (now is not own or any(who not in now or now[who] != choice for who, choice in copy.items()))
        for (own, copy), (_, now) in zip(before, secret_fields(after), strict=True)
    )


def _commits(before: Pending, after: DeclaredState, mover: int) -> bool:
    """Whether `mover` committed something secretly between `before` and `after` (the same choice again, after a
    reveal, counts)."""
    return any(
        mover in now and (now is not own or mover not in copy or now[mover] != copy[mover])
        for (own, copy), (_, now) in zip(before, secret_fields(after), strict=True)
    )


@attrs.define
class TruthTally:
    """The truth test's counts pooled over the positions of many matches (one `check_game` run), by hidden part.

    At one position 32 samples can only refuse a sample that nearly always keeps the truth. A sample that
    prefers it less, such as one keeping the deck's next card (which a twin also holds by chance a fifth of the
    time), adds up to the same evidence over a run: under a fair sample each one-sided pair is still a fair coin
    flip, so the pooled counts take the same exact sign test."""

    counts: dict[str, list[int]] = attrs.Factory(dict)
    """Hidden part -> [samples matching the truth and not the twin, the other way]."""
    most: dict[str, tuple[int, Any]] = attrs.Factory(dict)
    """Hidden part -> (ahead less behind, label) of the position most one-sided toward the truth."""

    def add(self, key: str, ahead: int, behind: int, label: Any) -> None:
        """Count one position's pairs for a hidden part; `label` names the position (its match's seed)."""
        counted = self.counts.setdefault(key, [0, 0])
        counted[0] += ahead
        counted[1] += behind
        if key not in self.most or ahead - behind > self.most[key][0]:
            self.most[key] = (ahead - behind, label)

    def verdict(self) -> tuple[str, Any] | None:
        """The first hidden part the pooled sign test refuses, as (a one-line reason, the label of its most
        one-sided position), or None."""
        for key, (ahead, behind) in self.counts.items():
            p = sign_tail(ahead, behind)
            if p < TRUTH_ALPHA:
                return (
                    f"sample() prefers the hidden truth of {key} over the positions tested: {ahead} samples matched "
                    f"the truth and not a state the seat cannot tell apart, {behind} the other way (p = {p:.1e})",
                    self.most[key][1],
                )
        return None


def check_sample_truth(
    state: DeclaredState,
    seat: int,
    rng: Rng,
    fail: Fail,
    tally: TruthTally | None = None,
    label: Any = None,
) -> None:
    """`state.sample(seat)` may not match the hidden truth more often than chance (see the module docstring); with
    a `tally`, the counts are added to it under `label` too."""
    layout = state.layout()
    hidden = [info for info in layout.zones if not info.visible_to(seat)]
    secrets = [(name, other) for name, commitments in secret_fields(state) for other in commitments if other != seat]
    if not hidden and not secrets:
        return
    truth = _hidden_parts(state, hidden, secrets)
    ahead = {key: 0 for key in truth}  # the sample matched the truth, not the twin
    behind = {key: 0 for key in truth}  # ... the twin, not the truth
    for _ in range(TRUTH_SAMPLES):
        sample = _hidden_parts(state.sample(seat, Rng(rng.next64())), hidden, secrets)
        other = _hidden_parts(twin(state, seat, Rng(rng.next64())), hidden, secrets)
        for key, value in sample.items():
            matches_truth, matches_twin = value == truth[key], value == other[key]
            if matches_truth and not matches_twin:
                ahead[key] += 1
            elif matches_twin and not matches_truth:
                behind[key] += 1
    if tally is not None:
        for key in truth:
            tally.add(key, ahead[key], behind[key], label)
    for key in truth:
        p = sign_tail(ahead[key], behind[key])
        if p < TRUTH_ALPHA:
            fail(
                f"sample({seat}) prefers the hidden truth of {key}: of {TRUTH_SAMPLES} samples, {ahead[key]} matched "
                f"the truth and not a state seat {seat} cannot tell apart, {behind[key]} the other way (p = {p:.1e})"
            )
            return


def unrecorded_change(state: DeclaredState) -> tuple[str, str] | None:
    """The first hidden zone whose face-down cards are not those the record says it holds, as (its name, what
    differs), or None: a zone changed with the list's own operations (`hand.remove(card)`) instead of the state's
    zone methods, which keep the record (docs/writing-a-game.md, section 4). Twins and samples are dealt from the
    record, so such a change shows later as a sample or a twin that does not match the seat's view, far from its
    cause.

    What the methods keep, whatever the game: a hand or a face-down column (one stream, with its parked slots) holds
    face down exactly the cards it received less those it showed (`Record.truth` less the shown events); the decks
    of a lot hold face down exactly what it has not dealt (the lot, less the cards turned up from it and those its
    streams received); and a zone's face-up count is within its size. For a check only: it counts every card the
    record names, at every call."""
    record = state.record
    if record is None:
        return None
    held: dict[int, Counter[Any]] = {}  # stream -> the face-down cards of its zones
    stream_names: dict[int, str] = {}
    in_decks: dict[int | None, Counter[Any]] = {}  # lot (None: none) -> the face-down cards of the decks it is left in
    deck_names: dict[int | None, str] = {}
    for info in state.layout().zones:
        if info.seen is Seen.EVERYONE:
            continue  # a zone everyone sees may be changed directly: nothing hidden is involved
        zone = state.zone(info.no)
        name = info.path
        if not 0 <= zone.up <= len(zone):
            return name, f"it counts {zone.up} face-up cards of {len(zone)}"
        down = zone[: len(zone) - zone.up]
        if info.deck:
            lot = record.remainder.get(info.no)
            in_decks.setdefault(lot, Counter()).update(down)
            deck_names.setdefault(lot, name)
        else:
            held.setdefault(info.stream, Counter()).update(down)
            stream_names.setdefault(info.stream, name)
    for stream, cards in held.items():
        kept = Counter(record.truth.get(stream, ()))
        kept.subtract(card for lot, card in record.events.get(stream, ()) if lot == SHOWN)
        differs = _cards_differ(cards, kept)
        if differs is not None:
            return stream_names[stream], differs
    for lot, left in record.undealt(record.events).items():
        differs = _cards_differ(in_decks.pop(lot, Counter()), left)
        if differs is not None:
            return deck_names.get(lot, "a deck"), differs
    for lot, cards in in_decks.items():  # face-down cards in a deck no open lot accounts for
        differs = _cards_differ(cards, Counter())
        if differs is not None:
            return deck_names[lot], differs
    return None


def _cards_differ(held: Counter[Any], recorded: Counter[Any]) -> str | None:
    """How the face-down cards a zone holds differ from those the record says, in a few words; None if alike."""
    if held == recorded:
        return None
    size, expected = held.total(), recorded.total()
    extra, missing = held - recorded, recorded - held
    if size != expected or not extra or not missing:
        return f"it holds {size} face-down cards where the record has {expected}"
    return f"it holds {next(iter(extra))!r} face down where the record has {next(iter(missing))!r}"


def first_difference(a: Any, b: Any, name: str = "") -> str:
    """Where two unequal values first differ, as "PATH: A vs B" (just "A vs B" where the path is empty), e.g.
    `log[4]: 'seat 0 draws 1' vs 'seat 0 draws 3'` or `deck.cards[0]: 3 vs 2`.

    The path starts at `name` and goes down, as long as the two are made alike, to their first differing part:
    the field of views, attrs objects, dataclasses or named tuples of one type (`log`, `.cards`), the item of
    lists or tuples of one type and length (`[4]`), the value of dicts of one type with the same keys
    (`['red']`). The two values found there are shown as their reprs, cut when longer than `SHOWN_CHARACTERS`
    around the first character where they differ. Built only when a check fails: it compares the parts again."""
    path = name
    while (part := _first_differing_part(a, b)) is not None:
        step, a, b = part
        path += step
    path = path.removeprefix(".")
    shown = _two_values(a, b)
    return f"{path}: {shown}" if path else shown


def _two_values(a: Any, b: Any, limit: int = SHOWN_CHARACTERS) -> str:
    """Two values as "A vs B", each its repr on one line; where one is longer than `limit` characters, both are
    cut to the same stretch, of at most `limit` characters with the "..." marking a cut, around the first
    character where they differ (a third of the stretch before it)."""
    first, second = _one_line(repr(a)), _one_line(repr(b))
    longest = max(len(first), len(second))
    if longest <= limit:
        return f"{first} vs {second}"
    keep = limit - 6  # room for "..." at both ends
    at = next((i for i, (x, y) in enumerate(zip(first, second)) if x != y), min(len(first), len(second)))
    start = max(0, min(at - keep // 3, longest - keep))

    def cut(text: str) -> str:
        return ("..." if start else "") + text[start : start + keep] + ("..." if start + keep < len(text) else "")

    return f"{cut(first)} vs {cut(second)}"


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


def _hidden_parts(state: DeclaredState, hidden: Sequence[Any], secrets: Sequence[tuple[str, int]]) -> dict[str, Any]:
    """Each zone and secret commitment hidden from the seat, by name, in a comparable form."""
    parts: dict[str, Any] = {}
    for info in hidden:
        zone = state.zone(info.no)
        parts[f"zone {info.name!r}"] = info.comparable(zone)
        if info.ordered and len(zone) - zone.up > 1:  # the next card drawn, apart from the rest of the pile
            parts[f"the top card of zone {info.name!r}"] = zone[-1]
    for name, seat in secrets:
        parts[f"seat {seat}'s commitment in {name!r}"] = getattr(state, name).chosen.get(seat)
    return parts


def _first_differing_part(a: Any, b: Any) -> tuple[str, Any, Any] | None:
    """The first part in which `a` and `b` differ (by `alike`), as (its step in a path, its value in `a`, in `b`);
    None where the two are not made alike, no part differs (they differ as wholes), or parts cannot be compared."""
    try:
        parts = _parts(a, b)
        if parts is None or parts is _UNALIKE:
            return None
        return next(((step, x, y) for step, x, y in parts if not alike(x, y)), None)
    except Exception:  # a comparison that fails (or gives no truth value): the two are shown whole
        return None


def alike(a: Any, b: Any) -> bool:
    """Whether two things shown to a seat (views, legal actions, weights) are the same to it: of the same types and
    values in every item, field and attribute all the way down. `==` alone is the game's to define, and it can leave
    out what still reaches whoever reads the value (its repr, its text, a player): `3 == 3.0`, an attrs field
    with `eq=False`, a value put into a view's `__dict__`. A NaN is alike to a NaN (both read "nan"), where `==`
    says no."""
    return _alike(a, b, 0)


_DEEPEST = 40
"""How deep `alike` looks before it takes `==`'s word (a view is a few levels deep; a cycle is not followed)."""


def _alike(a: Any, b: Any, depth: int) -> bool:
    if a is b:  # one object (a game both views name, a shared marker): alike to itself, and not walked
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in ATOMS:
        return bool(a == b)
    if kind is float:
        return bool(a.hex() == b.hex())  # -0.0 shows as itself; a NaN is alike to a NaN
    if depth > _DEEPEST:
        return bool(a == b)
    if kind is tuple or kind is list:  # most of a view: walked here, without a call for each plain item
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if x is y:  # as above, without a call for each item
                continue
            if type(x) is not type(y):
                return False
            if type(x) in ATOMS:
                if x != y:
                    return False
            elif not _alike(x, y, depth + 1):
                return False
        return True
    if isinstance(a, set | frozenset):  # each item beside the item of the other it equals
        if a != b:
            return False
        theirs = {item: item for item in b}
        return all(_alike(item, theirs[item], depth + 1) for item in a)
    parts = _parts(a, b)
    if parts is None:
        return bool(a == b)
    return all(_alike(x, y, depth + 1) for _, x, y in parts)


_UNALIKE: list[tuple[str, Any, Any]] = [("", 0, 1)]
"""The parts of two values of one kind shaped differently (two lengths, two sets of keys): one part that differs."""


def _parts(a: Any, b: Any) -> list[tuple[str, Any, Any]] | None:
    """The parts of `a` and `b` side by side (`parts_of`), as (step in a path, part of `a`, part of `b`); `UNSET`
    where one holds none, but for a view's cached `derived` value, in one only until it is read. None where the two
    are of other types or have no parts known; `_UNALIKE` where lists, tuples or dicts are shaped differently."""
    kind = type(a)
    if kind is not type(b):
        return None
    mine, theirs = parts_of(a), parts_of(b)
    if mine is None or theirs is None:
        return None
    shaped = isinstance(a, list | tuple | dict) and field_names(a) is None
    if shaped and (len(a) != len(b) or (isinstance(a, dict) and a.keys() != b.keys())):
        return _UNALIKE
    found = dict(theirs)
    pairs = [(step, part, found.pop(step, UNSET)) for step, part in mine]
    pairs += [(step, UNSET, part) for step, part in found.items()]
    return [
        (step, x, y)
        for step, x, y in pairs
        if (x is not UNSET and y is not UNSET) or not isinstance(getattr(kind, step[1:], None), derived)
    ]


def _one_line(text: str) -> str:
    """`text` with each run of whitespace made one space when it holds a line break or a tab (a repr may)."""
    return text if text.isprintable() else " ".join(text.split())


__all__ = [
    "FORWARD_STEPS",
    "SHOWN_CHARACTERS",
    "TRUTH_ALPHA",
    "TRUTH_SAMPLES",
    "TruthTally",
    "alike",
    "check_choices",
    "check_forward",
    "check_redeal",
    "check_sample_truth",
    "check_setup_deal",
    "check_twin",
    "check_weights",
    "declared",
    "first_difference",
    "parked_commitment",
    "secret_fields",
    "twin",
    "unrecorded_change",
]
