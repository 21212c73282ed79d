"""Positions as data (corekit.position): every declared game's states round-trip, and bad ones are refused
in one line naming the field."""

from __future__ import annotations

import json

import pytest

from corekit import Rng, default_registry
from corekit.conformance import Report, _check_sample
from corekit.position import PositionError, dumps, loads, to_position
from corekit.state import DeclaredState

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
        ({"version": "1"}, "the position was written by grizzly-race version 1; this is version 3"),
        ({"round": True}, "fields.round: int needed, got True"),
        ({"round": 1.0}, "fields.round: int needed, got 1.0"),
        ({"winners": [2]}, "fields.winners: 2 is not a seat of 2"),
        ({"supercard": [True]}, r"fields.supercard: one value per seat \(2\) is needed, got a list of 1"),
        ({"hands": [[1, 2]]}, r"fields.hands: one zone per seat \(2\) is needed, got a list of 1"),
        ({"discard": [9]}, "card 9 is not a card of grizzly-race"),
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
    with pytest.raises(PositionError, match="not JSON"):
        loads(game, "{")


def test_a_value_that_writes_itself_is_written_by_to_data_even_when_it_is_a_dict():
    from corekit.position import _unstructure

    class Named(dict):
        def to_data(self):
            return {f"card {key}": value for key, value in self.items()}

    assert _unstructure({"a": Named({1: 2})}) == {"a": {"card 1": 2}}


def test_a_position_without_a_version_is_refused_saying_so():
    game, document = grizzly_position()
    for version in (None, "missing"):
        if version is None:
            document["version"] = None
        else:
            del document["version"]
        with pytest.raises(
            PositionError, match=r"^the position names no 'version' of grizzly-race \(this is version 3\)$"
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


def test_a_position_the_games_code_fails_on_is_refused_in_one_line_naming_the_call():
    game, document = slasher_position_in_a_window()
    document["fields"]["window"]["order"] = [7, 8]  # seats the declaration cannot know are out of range
    with pytest.raises(PositionError) as refused:
        loads(game, json.dumps(document))
    message = str(refused.value)
    assert message.startswith("slasher cannot play from this position: ")
    assert "raised" in message and "\n" not in message
