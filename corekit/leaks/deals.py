"""A deal, draw or roll made during play or at setup, dealt otherwise: what a seat sees of the two is the same."""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

from corekit.game import Game, action_shown
from corekit.leaks.compare import alike, first_difference
from corekit.leaks.twins import Fail, Shown, _shown_since, _shown_so_far
from corekit.redeal import DIE, OUT, REDEAL, Move, Redeal, TracedRecord
from corekit.rng import Rng, derive_seed
from corekit.state import DeclaredState, Seen, View
from corekit.state.layout import ZoneInfo


def check_redeal(game: Game, before: DeclaredState, seat: int, action: Any, rng: Rng, fail: Fail) -> None:
    """`action` by `seat` played from `before` twice, the second time with every deck it gathers or reshuffles
    shuffled once more, every deck whose order nobody has seen shuffled before it (`_unseen_decks`), and every die
    it rolls (`DeclaredState.roll`) rolled once more (a deal, a draw or a roll nobody has seen; see the package
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
            f"{action_shown(game, action, quoted=True)} by seat {seat} {anew} "
            f"{first_difference(seen[name], shown[name], name)} (as {past} vs {past} otherwise)"
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
    cannot see dealt otherwise (section 5 of the package docstring): what the seat sees of the two, its own cards
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
    deal gives it other cards, which it sees). A game whose observation is no view of its declaration (a tuple it
    builds) is read through the core's view of its declared fields, where its own cards can be told apart."""
    view = state.observation(observer)
    if not isinstance(view, View):
        view = DeclaredState.observation(state, observer)
    fields = {name: getattr(view, name) for name in type(view)._names}
    for info in infos:
        if info.owned_by(observer) and info.field in fields:  # a view type of the game's may leave a zone out
            entries = list(fields[info.field])
            entries[observer] = "(its own)"
            fields[info.field] = tuple(entries)
    return fields
