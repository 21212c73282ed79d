"""The rulebook's worked example (Kim, Jill, Fred and Anne), played as a scripted scenario on a stacked deck."""

from plugins.slasher.cards import (
    BACK_ROOM,
    BEACH,
    FLEE,
    FRONT_YARD,
    MAIN_HOUSE,
    NATURE,
    PANIC,
    SECRET_KILL,
    SEX_KILLS,
    UNEXPECTED_KILL,
)
from plugins.slasher.game import KILLER, LOCATION, NEW_HAND, PASS, REACT
from tests.plugins.slasher.scenario import arranged

KIM, JILL, FRED, ANNE = 0, 1, 2, 3


def _example():
    """Hands and a deck arranged so that every draw of the example is the one the rulebook tells."""
    hands = [
        [FRONT_YARD, MAIN_HOUSE, FLEE, BEACH],  # Kim
        [NATURE, NATURE, BEACH, BEACH],  # Jill
        [MAIN_HOUSE, BACK_ROOM, BEACH, FRONT_YARD],  # Fred
        [SECRET_KILL, UNEXPECTED_KILL, PANIC, FLEE],  # Anne: only killers and reactions
    ]
    deck_top = [
        BEACH,
        BEACH,
        BEACH,  # refills after the first three turns
        SEX_KILLS,
        MAIN_HOUSE,
        BEACH,
        FRONT_YARD,  # Anne's new hand
        NATURE,
        NATURE,
        NATURE,  # refills after the second round's three plays
        MAIN_HOUSE,  # turned over when Kim flees
    ]
    return arranged(hands, deck_top=deck_top, first=KIM)


def test_worked_example_kim_jill_fred_anne():
    state = _example()
    assert state.to_act == (KIM,)
    state.apply(KIM, (LOCATION, FRONT_YARD, FRED))
    state.apply(JILL, (LOCATION, NATURE, KIM))
    state.apply(FRED, (LOCATION, MAIN_HOUSE, FRED))
    assert state.stacks[FRED] == [FRONT_YARD, MAIN_HOUSE], "the old card stays under the new one"

    # Anne holds only killers and reactions, and Jill and Anne have no location: she can do neither.
    assert state.legal_actions(ANNE) == [(NEW_HAND,)]
    state.apply(ANNE, (NEW_HAND,))
    assert state.hands[ANNE] == sorted([SEX_KILLS, MAIN_HOUSE, BEACH, FRONT_YARD])
    assert {SECRET_KILL, UNEXPECTED_KILL, PANIC, FLEE} <= set(state.discard)
    assert state.to_act == (KIM,), "the turn passes back to Kim"

    state.apply(KIM, (LOCATION, MAIN_HOUSE, KIM))
    state.apply(JILL, (LOCATION, NATURE, ANNE))
    state.apply(FRED, (LOCATION, BACK_ROOM, JILL))
    assert state.places() == {KIM: MAIN_HOUSE, JILL: BACK_ROOM, FRED: MAIN_HOUSE, ANNE: NATURE}
    assert (KILLER, SEX_KILLS) in state.legal_actions(ANNE), "everyone has a location: Anne may play a killer"

    state.apply(ANNE, (KILLER, SEX_KILLS))
    state.apply(ANNE, (PASS,))  # Anne requests the strike
    state.apply(KIM, (REACT, FLEE, KIM))
    assert state.places()[KIM] == MAIN_HOUSE, "Kim turns over Main House and runs around in the house"
    assert len(state.hands[KIM]) == 3, "hands are not refilled during the attack"
    for seat in (JILL, FRED, ANNE):  # Anne repeats her request and nobody reacts
        state.apply(seat, (PASS,))
        assert state.killer == SEX_KILLS, "the killer waits until everyone has passed in a row"
    state.apply(KIM, (PASS,))

    # Sex Kills: the only pair is Kim and Fred in the Main House.
    assert state.turns.living == (JILL, ANNE)
    assert state.hands[KIM] == state.hands[FRED] == []
    assert all(stack == [] for stack in state.stacks), "Jill and Anne discard their locations too"
    assert len(state.hands[JILL]) == len(state.hands[ANNE]) == 4, "the survivors fill their hands to 4"
    assert state.to_act == (JILL,), "the turn passes to Jill: the final part begins"
    assert sum(len(cards) for cards in state.zones().values()) == 64
