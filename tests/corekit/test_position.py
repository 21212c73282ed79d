"""Positions as data (corekit.position): every declared game's states round-trip, and bad ones are refused
in one line naming the field."""

from __future__ import annotations

import functools
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corekit import Game, ReactionWindow, Rng, default_registry
from corekit.conformance import Report
from corekit.conformance.state_checks import _check_sample
from corekit.position import PositionError, dumps, loads, to_position
from corekit.state import DeclaredState, Zone, declare, draw_pile, owned, public
from plugins.scavengers.content import CONTENT

REGISTRY = default_registry()
DECLARED = [
    game_id
    for game_id in sorted(REGISTRY.games)
    if isinstance(REGISTRY.game(game_id).initial_state(REGISTRY.game(game_id).min_players, 0), DeclaredState)
]


def positions_of(game, players, seed, steps):
    """The state after each of the first `steps` random moves of one seeded match."""
    state = game.initial_state(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            return
        yield state
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", DECLARED)
def test_a_position_read_back_has_the_same_digest_legal_actions_and_views_and_samples_soundly(game_id):
    game = REGISTRY.game(game_id)
    checked = 0
    for match in range(50):
        players = game.min_players + match % (game.max_players - game.min_players + 1)
        steps = 1 + (match * 7) % 40
        seen = list(positions_of(game, players, match, steps))
        if not seen:
            continue
        state = seen[-1]
        loaded = loads(game, dumps(state))
        assert loaded.digest() == state.digest()
        for seat in range(players):
            assert loaded.legal_actions(seat) == state.legal_actions(seat)
            assert loaded.observation(seat) == state.observation(seat)
        assert loaded.observation(None) == state.observation(None)
        report = Report(game_id, players)
        for seat in range(players):
            _check_sample(loaded, seat, Rng(match), f"match {match}", report)
        assert report.ok, report.failures
        checked += 1
    assert checked >= 45


@pytest.mark.parametrize("game_id", DECLARED)
def test_a_seats_position_hides_what_it_cannot_see_and_reads_back_as_a_state_it_cannot_tell_apart(game_id):
    game = REGISTRY.game(game_id)
    for match in range(10):
        state = list(positions_of(game, game.max_players, match, 12))[-1]
        text = json.dumps(to_position(state, 1))
        read = loads(game, text, seed=match)
        assert read.observation(1) == state.observation(1)
        assert to_position(read, 1) == to_position(state, 1)


def grizzly_position(**changes):
    game = REGISTRY.game("grizzly-race")
    document = to_position(game.initial_state(2, 3))
    for key, value in changes.items():
        if key in document:
            document[key] = value
        else:
            document["fields"][key] = value
    return game, document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 5}, "players: grizzly-race has 2-4 seats, not 5"),
        ({"version": "1"}, "the position was written by grizzly-race version 1; this is version 4"),
        ({"round": True}, "fields.round: int needed, got True"),
        ({"round": 1.0}, "fields.round: int needed, got 1.0"),
        ({"winners": [2]}, "fields.winners: 2 is not a seat of 2"),
        ({"supercard": [True]}, r"fields.supercard: one value per seat \(2\) is needed, got a list of 1"),
        ({"hands": [[1, 2]]}, r"fields.hands: one zone per seat \(2\) is needed, got a list of 1"),
        ({"discard": [9]}, r"fields.discard\[0\]: 9 is not a card of grizzly-race"),
        ({"discard": [5]}, "card 5: 3 in the position, 2 in the game"),
        ({"rng": -1}, "rng: -1 is not a generator state"),
        ({"options": {"stall_rounds": 0}}, "options: .*'stall_rounds' must be >= 1"),
    ],
)
def test_a_position_that_breaks_the_declaration_is_refused_naming_the_field(change, message):
    game, document = grizzly_position(**change)
    with pytest.raises(PositionError, match=message):
        loads(game, json.dumps(document))


def test_a_position_with_an_unknown_or_missing_field_is_refused():
    game, document = grizzly_position()
    document["fields"]["score"] = 3
    with pytest.raises(PositionError, match="fields: 'score' is not a field of grizzly-race"):
        loads(game, json.dumps(document))
    del document["fields"]["score"]
    del document["fields"]["stall"]
    with pytest.raises(PositionError, match="fields: 'stall' is missing"):
        loads(game, json.dumps(document))
    with pytest.raises(
        PositionError, match=r"^not JSON: Expecting property name enclosed in double quotes at line 1, column 2$"
    ):
        loads(game, "{")
    with pytest.raises(PositionError, match=r"^not JSON: Unterminated string starting at line 1, column 2$"):
        loads(game, '{"game')  # the json module's message ends in "at": said once
    with pytest.raises(PositionError, match=r"^not JSON this reader can take: nested too deeply$"):
        loads(game, "[" * 100_000 + "]" * 100_000)


def test_a_value_that_writes_itself_is_written_by_to_data_even_when_it_is_a_dict():
    from corekit.position.writing import _unstructure

    class Named(dict):
        def to_data(self):
            return {f"card {key}": value for key, value in self.items()}

    assert _unstructure({"a": Named({1: 2})}) == {"a": {"card 1": 2}}


def test_a_public_set_of_items_that_do_not_compare_is_written_in_one_order_and_read_back():
    from tests.corekit.leaky_games import GlowState, Glowworms

    @declare
    class Claims(GlowState):
        claims: frozenset[tuple[str, int | None]] = public(default=frozenset())

    game = type("Claiming", (Glowworms,), {"id": "claiming", "state_class": Claims})()
    state = game.initial_state(2, 0)
    state.claims = frozenset({("amber", 2), ("amber", None), ("moss", 1), ("amber", 10)})
    written = to_position(state)["fields"]["claims"]
    assert written == [["amber", None], ["amber", 2], ["amber", 10], ["moss", 1]]  # nobody's before numbers
    assert loads(game, dumps(state)).claims == state.claims


def test_a_sets_written_order_is_the_natural_one_where_items_compare_and_total_everywhere():
    import enum

    from corekit.position.writing import _unstructure

    class Suit(enum.Enum):
        SPADES = ("S", 1)
        HEARTS = ("H", 2)

    assert _unstructure(frozenset({True, 0, 2})) == [0, True, 2]  # as sorted() wrote it: True is 1
    assert _unstructure(frozenset({(0, True), (0, False), (0, 2)})) == [[0, False], [0, True], [0, 2]]
    assert _unstructure(frozenset({Suit.SPADES, Suit.HEARTS})) == [("H", 2), ("S", 1)]
    written = {repr(_unstructure(frozenset({float("nan"), *map(float, range(1, 7))}))) for _ in range(2000)}
    assert written == {"[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, nan]"}


def test_a_position_without_a_version_is_refused_saying_so():
    game, document = grizzly_position()
    for version in (None, "missing"):
        if version is None:
            document["version"] = None
        else:
            del document["version"]
        with pytest.raises(
            PositionError, match=r"^the position names no 'version' of grizzly-race \(this is version 4\)$"
        ):
            loads(game, json.dumps(document))


def slasher_position_in_a_window():
    """A slasher position (2 seats, full view) with a reaction window open, as a document to edit."""
    game = REGISTRY.game("slasher")
    for seed in range(200):
        for state in positions_of(game, 2, seed, 200):
            if state.window is not None:
                return game, json.loads(dumps(state))
    raise AssertionError("no random slasher match opened a reaction window")


@pytest.mark.parametrize(
    ("field", "change", "message"),
    [
        ("window", {"position": 50}, r"fields.window: not a ReactionWindow \(position must be from 0 to 1, not 50\)"),
        ("window", {"position": "0"}, r"fields.window: not a ReactionWindow \(position must be a whole number"),
        ("window", {"passes": -1}, r"fields.window: not a ReactionWindow \(passes must be from 0 to 2, not -1\)"),
        ("window", {"order": []}, r"fields.window: not a ReactionWindow \(order must be a non-empty list of seats"),
        ("window", {"order": [1, 1]}, r"fields.window: not a ReactionWindow \(.*order lists seats from 0, each once"),
        ("turns", {"current": 2}, r"fields.turns: not a TurnOrder \(current must be from 0 to 1, not 2\)"),
        ("turns", {"alive": [1, 0]}, r"fields.turns: not a TurnOrder \(alive must be a non-empty list of true"),
    ],
)
def test_a_core_piece_out_of_range_is_refused_naming_the_field_and_the_value(field, change, message):
    game, document = slasher_position_in_a_window()
    document["fields"][field].update(change)
    with pytest.raises(PositionError, match=message):
        loads(game, json.dumps(document))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"index": 7}, r"fields.phases: not a Phases \(index must be from 0 to 2, not 7\)"),
        ({"round": -1}, r"fields.phases: not a Phases \(round must be at least 0, not -1\)"),
    ],
)
def test_phases_out_of_range_are_refused_naming_the_value(change, message):
    game = REGISTRY.game("scavengers")
    document = json.loads(dumps(game.initial_state(2, 0)))
    document["fields"]["phases"].update(change)
    with pytest.raises(PositionError, match=message):
        loads(game, json.dumps(document))


def test_a_position_the_games_code_fails_on_is_refused_in_one_line_naming_the_call(monkeypatch):
    game, document = slasher_position_in_a_window()
    # As a game whose `position_problem` does not know this bound (slasher's does), with a window that does not check
    # its seats against the match's either.
    monkeypatch.setattr(type(game.initial_state(2, 0)), "position_problem", lambda self: None)
    monkeypatch.setattr(ReactionWindow, "seat_problem", lambda self, players: None)
    document["fields"]["window"]["order"] = [7, 8]  # seats the declaration cannot know are out of range
    with pytest.raises(PositionError) as refused:
        loads(game, json.dumps(document))
    message = str(refused.value)
    assert message.startswith("slasher cannot play from this position: ")
    assert "raised" in message and "\n" not in message


def played(game_id, players=2, seed=0, steps=0):
    """A state of `game_id` after `steps` random moves of one seeded match (fewer if it ends first)."""
    game = REGISTRY.game(game_id)
    state = game.initial_state(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return game, state


def refusal(game, document):
    with pytest.raises(PositionError) as refused:
        loads(game, json.dumps(document))
    assert "\n" not in str(refused.value)
    return refused.value


def refusal_or_none(game, document):
    """The refusal of `document`, or None when it is read."""
    try:
        loads(game, json.dumps(document))
    except PositionError as refused:
        return refused
    return None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"discard": ["3"]}, r"^fields.discard\[0\]: '3' is not a card of grizzly-race$"),
        ({"discard": [True]}, r"^fields.discard\[0\]: True is not a card of grizzly-race$"),
        ({"discard": [1.0]}, r"^fields.discard\[0\]: 1.0 is not a card of grizzly-race$"),
        ({"discard": [[1]]}, r"^fields.discard\[0\]: \[1\] is not a card of grizzly-race$"),
        ({"face_up": [1]}, "^face_up: an object of zone names and counts is needed, got a list of 1$"),
        ({"commitments": {"seats": [0, 0], "chosen": {}}}, r"^fields.commitments.seats: seat 0 is listed twice$"),
        (
            {"commitments": {"seats": [0, 1], "chosen": {"0": 1, "00": 1}}},
            "^fields.commitments.chosen: seat 0 is given twice$",
        ),
    ],
)
def test_a_card_of_another_type_than_the_games_or_a_value_of_another_shape_is_refused_naming_it(change, message):
    game, document = grizzly_position(**change)
    with pytest.raises(PositionError, match=message):
        loads(game, json.dumps(document))


def test_an_unseen_zone_belongs_to_a_seats_position_only():
    game, document = grizzly_position(guards=[{"unseen": 6, "face_up": []}, {"unseen": 6, "face_up": []}])
    assert str(refusal(game, document)) == (
        "fields.guards[0]: a position of the whole truth (seat null) shows every card, none unseen"
    )


@pytest.mark.parametrize(
    ("zone", "message"),
    [
        ({"unseen": 4, "face_up": "3"}, "fields.guards[0].face_up: a list of cards is needed, got str"),
        ({"unseen": 4, "face_up": None}, "fields.guards[0].face_up: a list of cards is needed, got null"),
        ({"unseen": 4, "face_up": ["3"]}, "fields.guards[0].face_up[0]: '3' is not a card of grizzly-race"),
        ({"unseen": 4, "up": []}, "fields.guards[0]: 'up' is not a key of an unseen zone ('unseen', 'face_up')"),
    ],
)
def test_an_unseen_zone_shows_its_face_up_cards_as_a_list_of_the_games_cards(zone, message):
    game, state = played("grizzly-race", seed=5, steps=5)
    document = to_position(state, 1)
    document["fields"]["guards"][0] = zone
    assert str(refusal(game, document)) == message


def test_a_piece_its_own_from_data_fails_on_is_refused_naming_the_field_and_keeping_the_cause():
    game, state = played("camp-grizzly")
    document = to_position(state)
    document["fields"]["spot"] = -1  # an object of card and space names
    refused = refusal(game, document)
    assert str(refused).startswith("fields.spot: not a Spots (")
    assert isinstance(refused.__cause__, AttributeError)  # a test that meets a real bug sees where it arose


def test_a_position_the_games_card_listing_fails_on_is_refused_in_one_line_keeping_the_cause():
    game, state = played("scavengers")
    document = to_position(state)
    document["fields"]["tan"] = []  # one list per Camp: the declaration cannot say how many Camps there are
    refused = refusal(game, document)
    listing = "scavengers cannot list the cards of this position: zones()"
    assert str(refused) == f"{listing} raised IndexError: list index out of range"
    assert isinstance(refused.__cause__, IndexError)


def test_a_count_beyond_every_card_the_game_holds_is_refused_before_the_game_lists_it_card_by_card():
    game, state = played("scavengers")
    document = to_position(state)
    document["fields"]["pile"][0] = 10**12  # listed scrap by scrap, this filled the memory
    assert str(refusal(game, document)).startswith(
        "scavengers cannot list the cards of this position: zones() raised ValueError: pile counts [1000000000000, "
    )
    document["fields"]["pile"][0] = state.pile[0]
    short = next(t for t, n in enumerate(state.pile) if n < CONTENT.scrap_counts[t])
    document["fields"]["pile"][short] += 1  # within what the game has of it, but one scrap too many in all
    expected = rf"card 'scrap {CONTENT.scraps[short]}': (\d+) in the position, (\d+) in the game"
    found = re.fullmatch(expected, str(refusal(game, document)))
    assert found and int(found[1]) == int(found[2]) + 1


def test_a_seats_position_whose_hidden_commitment_could_be_nothing_is_refused():
    game, state = played("grizzly-race", seed=3)
    state.apply(0, state.legal_actions(0)[0])
    whole, seats = to_position(state), to_position(state, 1)
    for document in (whole, seats):
        document["fields"]["winners"] = [0]  # over: seat 0 has nothing it could have committed
    # The whole truth shows what it committed: nothing to check it by (the game's own rules may still refuse a race
    # won with a battle pending, through its `position_problem`, but not this check).
    assert "has committed, but has nothing to choose from" not in str(refusal_or_none(game, whole))
    assert str(refusal(game, seats)) == (
        "fields.commitments.chosen: seat 0 has committed, but has nothing to choose from in this position"
    )


@pytest.mark.parametrize("whole", [True, False], ids=["whole", "seat 1's view"])
def test_a_commitment_the_seat_could_not_have_chosen_is_refused_naming_it(whole):
    game, state = played("grizzly-race", seed=3)
    state.apply(0, state.legal_actions(0)[0])
    document = to_position(state, None if whole else 0)  # seat 0's own commitment is shown in its view
    document["fields"]["commitments"]["chosen"]["0"] = 10**30
    assert str(refusal(game, document)).startswith("fields.commitments.chosen.0: ")
    assert "is not what seat 0 could choose here" in str(refusal(game, document))


def test_a_commitment_keyed_by_a_digit_that_is_no_number_is_refused_naming_the_key():
    game, state = played("grizzly-race", seed=3)
    state.apply(0, state.legal_actions(0)[0])
    document = to_position(state)
    document["fields"]["commitments"]["chosen"] = {"\u00b2": 1}
    assert str(refusal(game, document)) == "fields.commitments.chosen: '²' is not one of the deciding seats [0, 1]"


def test_a_refusal_of_a_seats_position_says_which_zone_was_dealt_cards_of_other_families():
    game, state = played("camp-grizzly")
    document = to_position(state, 1)
    shown = json.dumps(document["fields"])
    names = {game.card_name(card): card for zone in state.zones().values() for card in zone}
    hidden = [name for name in sorted(names) if f'"{name}"' not in shown]
    survival = next(name for name in hidden if game.card_family(names[name]) == "survival")
    document["fields"]["ground"][0] = survival  # a key taken off the table: a survival card lies there instead
    refused = str(refusal(game, document))
    assert refused.startswith("camp-grizzly cannot be set up this way: fields.survival_deck: "), refused
    assert refused.endswith(
        "(fields.survival_deck was dealt cards of other families: only 19 of its 20 unseen cards are of the family it "
        "holds at setup)"
    )


@functools.cache
def mid_match(game_id, seat):
    """A position document of `game_id` 15 random moves in, of the whole truth or of `seat`'s view, and the names
    of the game's cards."""
    game, state = played(game_id, max(2, REGISTRY.game(game_id).min_players), seed=7, steps=15)
    template = game.initial_state(state.players, 0)
    names = sorted({game.card_name(card) for zone in template.zones().values() for card in zone}, key=repr)
    return json.dumps(to_position(state, seat)), names


def json_values(names):
    """Any JSON value, small; numbers up to a million, so a count a game lists card by card stays a few megabytes
    even were it listed; the game's own card names among the leaves, so edits also reach the deeper checks."""
    leaves = (
        st.sampled_from(names)
        | st.none()
        | st.booleans()
        | st.integers(-3, 12)
        | st.integers(-(10**6), 10**6)
        | st.floats()
        | st.text(max_size=6)
    )
    keys = st.text(max_size=6) | st.sampled_from(["unseen", "face_up", "0", "1"])
    return st.recursive(
        leaves, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=3), max_leaves=8
    )


@pytest.mark.parametrize("game_id", DECLARED)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_position_with_one_value_edited_to_any_other_is_read_or_refused_in_one_line(game_id, data):
    text, names = mid_match(game_id, data.draw(st.sampled_from([None, 1]), label="seat"))
    document = json.loads(text)
    fields = document["fields"]
    name = data.draw(st.sampled_from([*fields, "face_up", "seat", "options"]), label="field")
    holder, key = (fields, name) if name in fields else (document, name)
    while isinstance(holder[key], list | dict) and holder[key] and data.draw(st.booleans(), label="deeper"):
        inner = holder[key]
        at = range(len(inner)) if isinstance(inner, list) else sorted(inner)
        holder, key = inner, data.draw(st.sampled_from(list(at)), label="at")
    holder[key] = data.draw(json_values(names), label="value")
    try:
        loads(REGISTRY.game(game_id), json.dumps(document))
    except PositionError as refused:
        assert "\n" not in str(refused)


# ---- what a declaration cannot say: the game's own `position_problem` -----------------------------------------

EMBER_LIMITS = (2, 2, 2)
"""Cards a seat may play in each round of Embers: a table its rules index by the round."""


@declare
class EmberState(DeclaredState):
    """A small declared game for the reader's hook: a seat plays a card a round, three rounds."""

    hands: list[Zone] = owned()
    slots: list[Zone] = owned(parks_in="hands", accepts={3})
    pile: Zone = draw_pile()
    round: int = public(default=0)

    @property
    def to_act(self) -> tuple[int, ...]:
        return (self.round % self.players,) if self.round < len(EMBER_LIMITS) else ()

    def legal_actions(self, seat: int) -> list[int]:
        if seat not in self.to_act:
            return []
        return list(range(EMBER_LIMITS[self.round]))  # an IndexError for a round beyond the table

    def _apply(self, seat: int, action: int) -> None:
        self.round += 1

    def returns(self) -> list[float]:
        return [0.5] * self.players

    def position_problem(self) -> str | None:
        if self.round == 99:
            raise ZeroDivisionError("a bug of the hook itself")
        if not 0 <= self.round <= len(EMBER_LIMITS):
            return f"round {self.round} is not one of the {len(EMBER_LIMITS)} rounds"
        return None


class Embers(Game):
    id = "embers"
    title = "Embers"
    min_players = 2
    max_players = 2

    def _setup(self, players: int, seed: int, options: object) -> EmberState:
        cards = [1, 1, 2, 2, 3, 3, 4, 4]
        Rng(seed).shuffle(cards)
        return EmberState(
            game=self,
            players=players,
            options=options,
            rng=Rng(seed),
            hands=[cards[:2], cards[2:4]],
            pile=cards[4:],
        )

    def max_decisions(self, players: int, options: object) -> int:
        return len(EMBER_LIMITS)


EMBERS = Embers()


def ember_position(seat=None, **changes):
    document = to_position(EMBERS.initial_state(2, 1), seat)
    document["fields"].update(changes)
    return document


@pytest.mark.parametrize("seat", [None, 0], ids=["whole", "seat 0's view"])
def test_a_position_the_games_rules_cannot_reach_is_refused_with_the_games_own_reason(seat):
    # Round 7 would fail in legal_actions (EMBER_LIMITS[7]): the game's reason is asked first, so it is the one said.
    refused = refusal(EMBERS, ember_position(seat, round=7))
    assert str(refused) == "embers cannot be set up this way: round 7 is not one of the 3 rounds"
    assert loads(EMBERS, json.dumps(ember_position(seat, round=2))).round == 2


def test_a_position_problem_that_crashes_is_the_positions_fault_in_one_line_keeping_the_cause():
    refused = refusal(EMBERS, ember_position(round=99))
    assert str(refused) == (
        "embers cannot play from this position: position_problem raised ZeroDivisionError: a bug of the hook itself"
    )
    assert isinstance(refused.__cause__, ZeroDivisionError)


def test_the_default_position_problem_finds_none():
    assert DeclaredState.position_problem(EMBERS.initial_state(2, 0)) is None


# ---- a zone's declared `accepts` --------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [None, 0], ids=["whole", "seat 0's own slot"])
def test_a_card_a_slot_does_not_accept_is_refused_naming_the_slot_and_the_card(seat):
    state = EMBERS.initial_state(2, 1)
    card = next(card for card in state.hands[0] if card != 3)
    document = to_position(state, seat)
    hand = list(state.hands[0])
    hand.remove(card)
    document["fields"]["hands"][0] = hand
    document["fields"]["slots"][0] = [card]  # a card of the hand, face down in a slot that takes only 3s
    assert str(refusal(EMBERS, document)) == f"fields.slots[0][0]: {card!r} is not a card slots holds"


def test_a_location_card_as_slashers_face_down_killer_is_refused():
    game = REGISTRY.game("slasher")
    state = next(state for state in positions_of(game, 3, 0, 200) if any(state.killers))
    owner = next(seat for seat, slot in enumerate(state.killers) if slot)
    killers = state.layout().zones[state.killers[owner].no].accepts
    document = to_position(state)
    fields = document["fields"]
    other = next(name for name in fields["deck"] if game.card_named(name) not in killers)
    fields["deck"][fields["deck"].index(other)] = fields["killers"][owner][0]  # every card still once
    fields["killers"][owner][0] = other
    assert str(refusal(game, document)) == f"fields.killers[{owner}][0]: {other!r} is not a card killers holds"


# ---- a seat's position is read as it is written --------------------------------------------------------------


def race_seat_file(seat=1, committed=False):
    """A grizzly-race position as `seat` sees it, five moves in; with `committed`, once seat 0 has committed."""
    game, state = played("grizzly-race", seed=3 if committed else 5, steps=0 if committed else 5)
    if committed:
        state.apply(0, state.legal_actions(0)[0])
    return game, state, to_position(state, seat)


def test_a_zone_the_seat_cannot_see_written_card_by_card_is_refused_not_dealt_over():
    game, state, document = race_seat_file()
    document["fields"]["hands"][0] = [game.card_name(card) for card in state.hands[0]]
    assert str(refusal(game, document)) == (
        f'fields.hands[0]: seat 1 cannot see this zone: write it as {{"unseen": {len(state.hands[0])}}}'
    )


def test_the_seats_own_hand_written_unseen_is_refused_not_dealt_at_random():
    game, state, document = race_seat_file()
    document["fields"]["hands"][1] = {"unseen": len(state.hands[1]), "face_up": []}
    assert str(refusal(game, document)) == 'fields.hands[1]: seat 1 sees this zone: write its cards, not {"unseen": N}'


def test_a_seats_own_commitment_hidden_or_anothers_shown_is_refused():
    game, state, own = race_seat_file(seat=0, committed=True)
    own["fields"]["commitments"]["chosen"]["0"] = "committed"
    assert (
        str(refusal(game, own)) == 'fields.commitments.chosen.0: seat 0 sees its own choice: write it, not "committed"'
    )
    game, state, other = race_seat_file(seat=1, committed=True)
    other["fields"]["commitments"]["chosen"]["0"] = game.encode_action(state.commitments.chosen[0])
    assert str(refusal(game, other)) == (
        'fields.commitments.chosen.0: seat 1 cannot see seat 0\'s choice: write it as "committed"'
    )


def test_a_generator_state_in_a_seats_position_is_refused():
    game, _, document = race_seat_file()
    document["rng"] = 12345
    assert str(refusal(game, document)) == "rng: null in a seat's position (no seat sees the generator), not 12345"


def test_a_face_up_count_given_for_an_unseen_zone_is_refused_naming_how_many_cards_it_holds():
    game, state, document = race_seat_file()
    assert isinstance(document["fields"]["guards"][0], dict)
    held = len(state.guards[0])
    document["face_up"] = {"guards 0": 1}
    assert str(refusal(game, document)) == (
        f'face_up.guards 0: the zone is written unseen ({held} cards), and its own "face_up" list names its face-up '
        "cards: leave it out of the top-level face_up"
    )  # an outside tester who had named them in the zone's list already read "name them" as not done


# ---- unknown keys and loose types ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("foo", 1, "'foo' is not a key of a position (keys: campfire_position, game, version, players, options, "),
        ("campfire_position", True, "position format True; this Campfire reads 1"),
        ("options", [], "options: an object of option names and values is needed, got a list of 0"),
        ("options", None, "options: an object of option names and values is needed, got null"),
        ("face_up", [], "face_up: an object of zone names and counts is needed, got a list of 0"),
        ("version", 4, 'version: a string is needed ("4"), got 4'),
    ],
)
def test_an_unknown_top_level_key_or_a_loosely_typed_one_is_refused_naming_it(key, value, message):
    game, document = grizzly_position()
    document[key] = value
    assert str(refusal(game, document)).startswith(message)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("window", "fields.window: 'x' is not a key of a ReactionWindow ('order', 'position', 'passes', 'reactions')"),
        ("turns", "fields.turns: 'x' is not a key of a TurnOrder ('alive', 'current')"),
    ],
)
def test_an_unknown_key_inside_a_piece_is_refused_naming_it_and_the_keys_it_has(field, message):
    game, document = slasher_position_in_a_window()
    document["fields"][field]["x"] = 1
    assert str(refusal(game, document)) == message


def test_an_unknown_key_of_phases_or_commitments_is_refused_and_a_missing_key_is_named_as_missing():
    game = REGISTRY.game("scavengers")
    document = json.loads(dumps(game.initial_state(2, 0)))
    document["fields"]["phases"]["x"] = 1
    assert str(refusal(game, document)) == "fields.phases: 'x' is not a key of a Phases ('names', 'index', 'round')"
    race, document = grizzly_position()
    document["fields"]["commitments"]["x"] = 1
    assert str(refusal(race, document)) == "fields.commitments: 'x' is not a key of a commitment ('seats', 'chosen')"
    slasher, document = slasher_position_in_a_window()
    document["fields"]["turns"]["curent"] = document["fields"]["turns"].pop("current")
    assert str(refusal(slasher, document)) == "fields.turns: not a TurnOrder ('current' is missing)"


def test_a_file_the_position_command_writes_reads_back_to_the_same_bytes(tmp_path):
    from click.testing import CliRunner

    from corekit.cli import cli
    from corekit.runner import play_match

    game = REGISTRY.game("grizzly-race")
    replay = tmp_path / "race.cfr"
    play_match(game, ["random", "random"], 3, settings={"replay": replay})
    for seat in ([], ["--seat", "1"]):
        out = tmp_path / "step.json"
        ran = CliRunner().invoke(
            cli, ["position", "grizzly-race", "--replay", str(replay), "--step", "4", *seat, "--out", str(out)]
        )
        assert ran.exit_code == 0, ran.output
        text = out.read_text()
        assert dumps(loads(game, text, seed=2), 1 if seat else None) == text
        printed = CliRunner().invoke(cli, ["position", "grizzly-race", "--replay", str(replay), "--step", "4", *seat])
        assert printed.stdout == text


def test_a_seats_position_writes_a_public_dict_in_key_order_as_its_view_does_the_full_one_as_filled():
    from tests.corekit.leaky_games import GlowState, Glowworms

    @declare
    class Standings(GlowState):
        standings: dict[int, int] = public(factory=dict)

    game = type("StandingsGame", (Glowworms,), {"id": "glowworms-standings", "state_class": Standings})()
    state = game.initial_state(2, 1)
    state.standings = {1: 0, 0: 2}  # filled in an order a hidden card decided
    assert state.observation(0).standings == ((0, 2), (1, 0))
    assert to_position(state, 0)["fields"]["standings"] == {"0": 2, "1": 0}
    assert list(to_position(state, 0)["fields"]["standings"]) == ["0", "1"]
    assert list(to_position(state)["fields"]["standings"]) == ["1", "0"]  # the whole truth, to read back exactly


@pytest.mark.parametrize("key", ["²", "--5", "1.0", "x"])
def test_a_dict_key_that_is_no_whole_number_is_refused_naming_the_field(key):
    from tests.corekit.leaky_games import GlowState, Glowworms

    @declare
    class Standings(GlowState):
        standings: dict[int, int] = public(factory=dict)

    game = type("StandingsGame", (Glowworms,), {"id": "glowworms-standings", "state_class": Standings})()
    document = to_position(game.initial_state(2, 1))
    document["fields"]["standings"] = {"-3": 1, key: 2}
    assert str(refusal(game, document)).startswith("fields.standings key: ")
    document["fields"]["standings"] = {"-3": 1, "12": 2}
    assert loads(game, json.dumps(document)).standings == {-3: 1, 12: 2}


@pytest.mark.parametrize("alive", [[True] * 5, [True, True]], ids=["five seats", "two seats"])
def test_a_turn_order_for_another_number_of_seats_is_refused_naming_the_field(alive):
    game, state = played("slasher", players=3, seed=2, steps=3)
    document = to_position(state)
    document["fields"]["turns"] = {"alive": alive, "current": 1}
    assert str(refusal(game, document)) == f"fields.turns: a turn order of {len(alive)} seats in a match of 3"


def test_a_reaction_window_naming_a_seat_the_match_does_not_have_is_refused_naming_the_field():
    game, state = played("slasher", players=3, seed=2, steps=3)
    document = to_position(state)
    document["fields"]["window"] = {"order": [7, 1], "position": 0, "passes": 0, "reactions": 0}
    assert str(refusal(game, document)) == "fields.window: seat 7 of the window's order is not a seat of 3"


def test_unseen_counts_that_do_not_add_up_are_listed_by_field():
    game = default_registry().game("grizzly-race")
    document = to_position(game.initial_state(2, 1), 0)
    document["fields"]["guards"][1]["unseen"] = 5  # one card fewer than the cards not shown
    with pytest.raises(PositionError) as refused:
        loads(game, json.dumps(document), seed=3)
    assert str(refused.value) == (
        "the unseen zones hold 18 cards (fields.hands[1] 7, fields.guards[0] 6, fields.guards[1] 5, fields.reserve 0), "
        "but 19 are not shown (the game's 26 cards less the 7 the position shows): one of those counts is wrong"
    )


def test_a_state_that_is_not_declared_is_refused_as_a_position_in_one_line() -> None:
    from tests.corekit.toy_game import ToyGame

    state = ToyGame().initial_state(2, 0)
    with pytest.raises(PositionError, match=r"^ToyState is not a declared state \(corekit.state\): only a declared"):
        dumps(state)
