"""The cards of a position read: listed and counted against the game's, unseen ones dealt, commitments checked."""

from __future__ import annotations

from collections import Counter
from typing import Any

from corekit.game import Game, action_shown, offered
from corekit.position.common import PositionError, _game_code
from corekit.rng import Rng
from corekit.simultaneous import HIDDEN, Commitments
from corekit.state import DeclaredState, Zone
from corekit.state.layout import zone_path

_Cards = frozenset[tuple[type, Any]]
"""The cards a game holds, each with its type: True == 1 and 1.0 == 1, but neither is the card 1."""


def _one_of(card: Any, cards: _Cards) -> bool:
    try:
        return (type(card), card) in cards
    except TypeError:  # unhashable: no card
        return False


def _listed(game: Game, state: DeclaredState, cards: _Cards) -> Counter[Any]:
    """The cards the game's `zones()` lists in `state`, counted; each one of the game's `cards`. Besides the
    declared zones it may list what public fields count (scraps on a pile), which the declaration cannot bound:
    a game that lists a count card by card checks it against what it holds first (scavengers' `zones`), so that
    a hand-edited count of 10**12 is refused rather than listed."""
    with _game_code(f"{game.id} cannot list the cards of this position: zones()"):
        listed = {zone: list(zone_cards) for zone, zone_cards in state.zones().items()}
    found: Counter[Any] = Counter()
    for zone, zone_cards in listed.items():
        for card in zone_cards:
            if not _one_of(card, cards):
                raise PositionError(f"zone {zone!r}: {_shown(game, card)!r} is not a card of {game.id}")
            found[card] += 1
    return found


def _shown(game: Game, card: Any) -> Any:
    """The card's name for a message, or the card itself when the game cannot name it (it is none of its)."""
    try:
        return game.card_name(card)
    except Exception:
        return card


def _check_cards(game: Game, held: Counter[Any], found: Counter[Any]) -> None:
    """Every card the game `held` (a fresh match with the same seats and options) `found`, each as often."""
    for card in sorted(set(held) | set(found), key=repr):
        if held[card] != found[card]:
            raise PositionError(f"card {_shown(game, card)!r}: {found[card]} in the position, {held[card]} in the game")


def _deal_unseen(
    game: Game,
    template: DeclaredState,
    state: DeclaredState,
    unseen: list[Any],
    rng: Rng,
    held: Counter[Any],
    found: Counter[Any],
) -> str | None:
    """Fill the zones a seat's position leaves unseen with the cards it does not show: of the family that zone
    holds at setup, then, if those run short, of the others. Says where they first ran short, if they did."""
    pool = held - found  # Counter subtraction keeps the positive counts: the cards not shown
    if any(found[card] > held[card] for card in found):
        card = next(card for card in sorted(found, key=repr) if found[card] > held[card])
        raise PositionError(f"card {_shown(game, card)!r} is shown more often than the game holds it")
    families: dict[Any, list[Any]] = {}
    for card in sorted(pool.elements(), key=repr):
        families.setdefault(game.card_family(card), []).append(card)
    for cards in families.values():
        rng.shuffle(cards)
    wanted = sum(count for _, _, count, _ in unseen)
    if wanted != sum(pool.values()):
        counts = ", ".join(f"fields.{zone_path(field, seat)} {count}" for field, seat, count, _ in unseen)
        raise PositionError(
            f"the unseen zones hold {wanted} cards ({counts}), but {sum(pool.values())} are not shown (the game's "
            f"{held.total()} cards less the {found.total()} the position shows): one of those counts is wrong"
        )
    # Two passes: every zone its own family's cards first, then the shortfalls (a seat's own deck refilled from a
    # shared discard) from what is left, so a zone whose own family suffices never takes another's cards and another
    # zone's are not used up before its turn. A card where the rules cannot put it is the state's `position_problem`
    # to refuse.
    zones: list[tuple[str, Zone, int, list[Any]]] = []
    for field, seat, count, _ in unseen:
        if not count:
            continue
        value = getattr(state, field)
        zone: Zone = value[seat] if seat is not None else value
        home = getattr(template, field)
        kinds = sorted({game.card_family(card) for card in (home[seat] if seat is not None else home)}, key=repr)
        where = zone_path(field, seat)
        zones.append((where, zone, count, _take([families[kind] for kind in kinds if kind in families], count)))
    left = [cards for cards in families.values() if cards]
    short = None
    for where, zone, count, dealt in zones:
        if len(dealt) < count:
            if short is None:
                short = (
                    f"fields.{where} was dealt cards of other families: only {len(dealt)} of its {count} unseen cards "
                    "are of the family it holds at setup"
                )
            dealt += _take(left, count - len(dealt))
        zone[: len(zone) - zone.up] = dealt
    return short


def _take(sources: list[list[Any]], count: int) -> list[Any]:
    """`count` cards (or as many as there are) popped off the ends of `sources`, the first source first."""
    taken: list[Any] = []
    for source in sources:
        while source and len(taken) < count:
            taken.append(source.pop())
    return taken


def _check_committed(game: Game, state: DeclaredState, name: str, whole: bool) -> None:
    """Each commitment of the secret field `name` is one of what its seat could have chosen there; another seat's
    hidden one, in a seat's position, becomes one of those (a sample then redraws it). A position of the whole
    truth shows every choice."""
    commitments: Commitments = getattr(state, name)
    with _game_code(f"{game.id} cannot play from this position: is_terminal"):
        over = state.is_terminal  # a match that ended leaves its last choices as they were: nothing to check them by
    for seat, action in list(commitments.chosen.items()):
        with _game_code(f"{game.id} cannot play from this position: commitment_choices({name!r}, {seat})"):
            choices = state.commitment_choices(name, seat)
        where = f"fields.{name}.chosen.{seat}"
        if action == HIDDEN:
            if whole:
                raise PositionError(f"{where}: a position of the whole truth (seat null) shows every choice")
            if not choices:
                raise PositionError(
                    f"fields.{name}.chosen: seat {seat} has committed, but has nothing to choose from in this position"
                )
            commitments.chosen[seat] = choices[0]
        elif not over and not offered(action, choices):
            raise PositionError(
                f"{where}: {action_shown(game, action, quoted=True)} is not what seat {seat} could choose here"
            )
