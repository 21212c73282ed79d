"""Rules of the match runner pinned by a mutation sweep: each test fails on one change of the code it names that no
other test noticed."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

from corekit import GameFailed, Player, PlayerFailed, Registry, SeatView, hookimpl, play_match
from tests.corekit import toy_game
from tests.corekit.toy_game import ToyGame

GAME = ToyGame()


class First(Player):
    needs_sample = False

    def decide(self, view: SeatView) -> Any:
        return view.legal_actions[0]


def registry() -> Registry:
    toy = toy_game.__class__("toy")
    toy.campfire_games = hookimpl(lambda: [GAME])  # type: ignore[attr-defined]
    return Registry([toy], entry_points=False)


# runner.returns_as_floats: `len(values) != players`, a return too many is refused as a return too few is.
def test_returns_with_one_value_more_than_the_seats_are_the_games_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game.ToyState, "returns", lambda self: [1.0, 0.0, 0.0])
    with pytest.raises(GameFailed) as caught:
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry())
    said = "game 'toy' at the end (after step 6): returns [1.0, 0.0, 0.0] are not one number in [0, 1] per seat"
    assert str(caught.value) == said


# runner._of_seat: `failed.spec == spec`, a PlayerFailed naming the right seat but another spec is named as asked.
def test_a_player_failure_naming_its_own_seat_and_another_spec_is_reported_with_the_spec_the_runner_asked() -> None:
    class Blames(First):
        def decide(self, view: SeatView) -> Any:
            raise PlayerFailed(1, "other", "gave up")

    result = play_match(GAME, ["first", "blames"], 1, players=[First(), Blames()], registry=registry())
    assert (result.forfeit, result.returns, result.error) == (1, (1.0, 0.0), "seat 1 (blames) gave up")


# runner._play: `time_limit is not None and elapsed > time_limit`, a limit of 0 seconds forfeits the first decision.
def test_a_time_limit_of_zero_forfeits_the_first_decision() -> None:
    result = play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry(), time_limit=0.0)
    assert (result.forfeit, result.returns, result.steps, result.decisions) == (0, (0.0, 1.0), 0, (1, 0))
    assert result.error is not None and result.error.startswith("seat 0 (a) ran out of time (")
    assert result.error.endswith("s > the 0s limit)")


# runner._annotation_copy: `isinstance(extra, Mapping)`, an annotation that is a mapping but no dict is taken as one.
def test_an_annotation_given_as_a_read_only_mapping_is_kept_not_a_forfeit() -> None:
    heard: list[dict[str, Any]] = []

    class Listener:
        @hookimpl
        def campfire_action_applied(self, match: Any, seat: int, action: Any, annotation: dict[str, Any]) -> None:
            heard.append(annotation)

    class Noting(First):
        def annotation(self) -> Any:
            return MappingProxyType({"note": "first"})

    toy = toy_game.__class__("toy")
    toy.campfire_games = hookimpl(lambda: [GAME])  # type: ignore[attr-defined]
    registry = Registry([toy, Listener()], entry_points=False)
    result = play_match(GAME, ["a", "b"], 1, players=[Noting(), Noting()], registry=registry)
    assert (result.forfeit, result.error, result.steps) == (None, None, 6)
    assert len(heard) == 6 and all(annotation["note"] == "first" and "time" in annotation for annotation in heard)
