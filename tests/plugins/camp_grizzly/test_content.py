"""The designed content keeps every count the rulebook gives and uses every mechanic."""

from __future__ import annotations

from collections import Counter

from plugins.camp_grizzly.content import CABIN_KINDS, load

C = load()


def test_the_decks_keep_the_rulebook_counts():
    decks = Counter(card.deck for card in C.cards)
    assert decks == {"cabin": 84, "survival": 24, "micro": 36}


def test_the_cabin_deck_has_every_card_type():
    kinds = Counter(card.kind for card in C.cards if card.deck == "cabin")
    assert set(kinds) == set(CABIN_KINDS)
    items = [card for card in C.cards if card.kind == "item"]
    assert any(card.hands for card in items) and any(not card.hands for card in items)
    assert any(card.stalk for card in C.cards if card.kind == "cameo")
    assert any(card.lasting for card in C.cards if card.kind == "plot")
    effects = {op.verb for card in C.cards for op in card.effect}
    assert {"tempt", "fool"} <= effects
    traits = {trait for card in C.cards for trait in card.traits}
    assert {"fragile", "oneshot", "heavy", "breach"} <= traits


def test_survival_cards_are_permanent_or_single_use_good_and_bad():
    survival = [card for card in C.cards if card.deck == "survival"]
    assert {card.kind for card in survival} == {"permanent", "single"}
    permanent_fights = {card.mods.fight for card in survival if card.kind == "permanent"}
    assert 1 in permanent_fights and -1 in permanent_fights


def test_seven_distinct_counselors_and_four_finales_of_three_objectives():
    assert len(C.counselors) == 7
    assert len({(c.health, c.panic, c.mods) for c in C.counselors}) == 7
    assert [f.name for f in C.finales] == ["Van", "Ranger Tower", "Boat", "Barn"]
    objectives = {card.objective for card in C.cards if card.deck == "micro" and card.objective}
    for finale in C.finales:
        assert len(finale.needs) == 3 and set(finale.needs) <= objectives
        assert C.cabin_of[C.index[finale.arrow]] != C.cabin_of[C.campfire]


def test_the_board_has_six_numbered_trails_both_ways_out_of_the_woods_and_a_woods_table():
    assert len(C.trails) == 6 and len(C.camp_trails) == 6 and len(C.woods) == 6
    assert C.spaces[C.campfire] == "CAMPFIRE" and C.spaces[C.tool_shed] == "TOOL SHED"
    assert all(max(row) < 999 for row in C.dist)  # every space is reachable


def test_both_setups_fit_the_micro_cards():
    micro = Counter(card.kind for card in C.cards if card.deck == "micro")
    for setup in C.setups.values():
        assert len(setup.keys) <= micro["key"] and len(setup.locks) <= micro["lock"]
        assert len(setup.objectives) <= micro["objective"] + micro["aid"]
    assert C.otis_start == (1, 0, 1) and C.otis_dice == (4, 6, 8, 10) and C.hopeless == 13


def test_stalking_cameos_never_interrupt_otis_turn():
    for card in C.cards:
        if card.kind == "cameo" and card.stalk:
            assert {op.verb for op in card.effect} <= {"heal", "injure", "horrify", "survival"}


def test_the_precomputed_lookups_agree_with_the_card_table_and_the_board():
    assert C.key_cards == {card.id for card in C.cards if card.objective == "Keys"}
    for trait in ("breach", "heavy", "oneshot", "fragile"):
        assert C.with_trait[trait] == {card.id for card in C.cards if trait in card.traits}
    for kind in ("storm", "moon"):
        assert C.lasting_cards[kind] == {card.id for card in C.cards if card.lasting == kind}
    for here in range(len(C.spaces)):
        assert C.trails_at[here] == tuple(n for n, ends in enumerate(C.trails, 1) if here in ends)
