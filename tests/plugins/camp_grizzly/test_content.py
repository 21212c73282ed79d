"""The designed content keeps every count the rulebook gives and uses every mechanic."""

from __future__ import annotations

from collections import Counter

import pytest

from plugins.camp_grizzly.content import CABIN_KINDS, load
from plugins.camp_grizzly.game import CampGrizzly
from tests.plugins.camp_grizzly.tables import placed

C = load()


def test_the_decks_keep_the_rulebook_counts():
    decks = Counter(card.deck for card in C.cards)
    assert decks == {"cabin": 84, "survival": 24, "micro": 36}


def test_every_counselor_otis_and_cameo_has_one_of_the_twelve_mini_pawns():
    # "Mini Pawn Cards x12 (for Counselors, Otis, and Cameos)"; "Place a Cameo's mini-card pawn in the space".
    cameos = sum(1 for card in C.cards if card.kind == "cameo")
    assert len(C.counselors) == 7
    assert len(C.counselors) + 1 + cameos == 12


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


def test_every_card_carries_its_rule_text():
    assert all(card.text.strip() for card in C.cards)
    assert next(c for c in C.cards if c.name == "Crowbar").text.endswith("at the price of Tempt Fate (1).")


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


# RULES.md "Setups": the "?" spaces, keys and locks each setup places, and where the body count starts.
# RULES.md names Easy's "?" spaces; Normal's 9 are the ones camp.toml names.
EASY_QS = [
    "KITCHEN",
    "PANTRY",
    "LODGE",
    "DIRECTOR'S OFFICE",
    "NURSE'S OFFICE",
    "BOATHOUSE",
    "LOCKER ROOM",
    "STABLES",
    "CABIN 1 BUNKS",
    "CABIN 2 BUNKS",
    "TOWER BASE",
    "PARKING LOT",
]
NORMAL_QS = [
    "KITCHEN",
    "PANTRY",
    "DIRECTOR'S OFFICE",
    "NURSE'S OFFICE",
    "LOCKER ROOM",
    "STABLES",
    "CABIN 2 BUNKS",
    "TOWER BASE",
    "PARKING LOT",
]
SETUPS = {
    "easy": (EASY_QS, ["CABIN 1 PORCH", "INFIRMARY", "MESS HALL"], ["PANTRY", "LOCKER ROOM", "TOWER BASE"], 0),
    "normal": (
        NORMAL_QS,
        ["SHOWERS", "LODGE"],
        ["PANTRY", "DIRECTOR'S OFFICE", "LOCKER ROOM", "STABLES", "TOWER BASE", "CABIN 2 BUNKS"],
        4,
    ),
}


@pytest.mark.parametrize("setup", ["easy", "normal"])
def test_each_setup_places_the_rules_md_question_marks_keys_locks_and_body_count(setup):
    qs, keys, locks, body = SETUPS[setup]
    assert (len(qs), len(keys), len(locks)) == {"easy": (12, 3, 3), "normal": (9, 2, 6)}[setup]
    data = C.setups[setup]
    assert sorted(data.objectives) == sorted(qs) and sorted(data.keys) == sorted(keys)
    assert sorted(data.locks) == sorted(locks) and data.body_count == body
    state = CampGrizzly().initial_state(3, 7, {"setup": setup})
    name = C.spaces
    # One face-down "?" card on each "?" space, drawn from the "?" deck (objectives, aid, surprises).
    assert sorted(name[sp] for sp in state.mystery_spaces) == sorted(qs)
    assert {C.cards[c].kind for c in state.mysteries} <= {"objective", "aid", "surprise"}
    assert sorted(name[sp] for sp, c in placed(state, state.ground) if C.cards[c].kind == "key") == sorted(keys)
    assert sorted(name[sp] for sp, c in placed(state, state.locks) if C.cards[c].kind == "lock") == sorted(locks)
    supply = Counter(C.cards[c].kind for c in state.supply)
    assert supply["key"] == 3 - len(keys) and supply["lock"] == 6 - len(locks)  # the rest wait in the supply
    assert state.body == body
    assert (state.stalk, state.attack, state.damage) == C.otis_start  # Assumption 1: not raised by a start of 4


def test_the_36_micro_cards_are_counted_by_kind_as_rules_md_lists_them():
    micro = [card for card in C.cards if card.deck == "micro"]
    by_kind = {kind: Counter(card.name for card in micro if card.kind == kind) for kind in {c.kind for c in micro}}
    assert by_kind["objective"] == {
        "Gas Can": 2,
        "Car Battery": 1,
        "Radio": 1,
        "Batteries": 2,
        "Flare Gun": 1,
        "Oars": 1,
        "Life Vest": 1,
        "Shotgun Shells": 1,
        "Fuse": 2,
    }
    assert by_kind["aid"] == {"First Aid Station": 1}
    assert by_kind["surprise"] == {"Spare Keys": 2, "+1 Body Count": 1, "Draw Survival": 2, "Otis Strikes!": 2}
    assert by_kind["key"] == {"Keys": 3} and by_kind["lock"] == {"Locked": 6}
    assert by_kind["horrified"] == {"Horrified": 6} and by_kind["marker"] == {"Body Count": 1}
    assert {kind: sum(names.values()) for kind, names in by_kind.items()} == {
        "objective": 12,
        "aid": 1,
        "surprise": 7,
        "key": 3,
        "lock": 6,
        "horrified": 6,
        "marker": 1,
    }
    assert len(micro) == 36
    # The "?" deck is the objectives, the First Aid Station and the surprises, unless the option boxes them.
    for surprises, size in ((True, 20), (False, 13)):
        state = CampGrizzly().initial_state(2, 3, {"surprises": surprises})
        assert len(state.mysteries) + len(state.mystery_deck) == size and len(state.boxed) == 20 - size


def test_a_fight_card_with_a_step_the_fight_does_not_read_is_refused_as_the_content_loads(tmp_path, monkeypatch):
    # A fight adds a fight card's `fight N` to the roll and reads no other step (otis.py): "heal 1" on Adrenaline
    # would be skipped silently, so the content is refused as it loads (RULES.md, "Card effects").
    import shutil

    import plugins.camp_grizzly.content as content

    for source in content.HERE.glob("*.toml"):
        shutil.copy(source, tmp_path / source.name)
    survival = tmp_path / "survival.toml"
    text = survival.read_text("utf-8")
    assert text.count('effect = ["fight 2"]') == 1
    survival.write_text(text.replace('effect = ["fight 2"]', 'effect = ["fight 2", "heal 1"]'), "utf-8")
    monkeypatch.setattr(content, "HERE", tmp_path)
    with pytest.raises(
        ValueError, match=r"^survival card 'Adrenaline' is played with a fight: its effect may only fight$"
    ):
        content.load.__wrapped__()
