"""The contract's own checks (corekit.game): an action is legal only if it equals an offered one and has its
types all the way down."""

from __future__ import annotations

import re
import types
from typing import Any

import pytest

from corekit import Game, Player, Registry, Rng, default_registry, hookimpl, play_match
from corekit.game import GameError, IllegalAction, State
from tests.corekit.toy_game import ToyGame


class Choosing(Game):
    """One decision of seat 0 among `offer`, then the end."""

    id = "choosing"
    title = "Choosing"
    min_players = 1
    max_players = 1

    def __init__(self, offer: list[Any]) -> None:
        self.offer = offer

    def _setup(self, players: int, seed: int, options: object) -> ChoosingState:
        return ChoosingState(self, players, Rng(seed))

    def max_decisions(self, players: int, options: object) -> int:
        return 1


class ChoosingState(State):
    __slots__ = ("chosen", "game", "players", "rng")

    def __init__(self, game: Choosing, players: int, rng: Rng) -> None:
        self.game, self.players, self.rng = game, players, rng
        self.chosen: list[Any] = []

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.chosen else (0,)

    def legal_actions(self, seat: int) -> list[Any]:
        return [] if self.chosen or seat != 0 else list(self.game.offer)

    def _apply(self, seat: int, action: Any) -> None:
        self.chosen.append(action)

    def returns(self) -> list[float]:
        return [1.0]

    def clone(self) -> ChoosingState:
        copy = ChoosingState(self.game, self.players, self.rng.clone())
        copy.chosen = list(self.chosen)
        return copy

    def observation(self, seat: int | None) -> tuple[Any, ...]:
        return tuple(self.chosen)

    def sample(self, seat: int, rng: Rng) -> ChoosingState:
        return self.clone()


def test_an_int_equal_to_an_offered_bool_is_refused():
    state = Choosing([False, True]).initial_state(1, 0)
    with pytest.raises(
        IllegalAction, match=r"^1 is not a legal action for seat 0: it equals one, but is an int, not a bool$"
    ):
        state.apply(0, 1)
    assert state.chosen == []
    state.apply(0, True)
    assert state.chosen == [True]


def test_a_tuple_equal_to_an_offered_one_but_with_a_float_inside_is_refused():
    state = Choosing([("go", 2), ("stop",)]).initial_state(1, 0)
    with pytest.raises(IllegalAction, match=r"it equals one, but is a tuple of str, float, not a tuple of str, int$"):
        state.apply(0, ("go", 2.0))
    state.apply(0, ("go", 2))
    assert state.chosen == [("go", 2)]


def test_a_list_where_the_legal_action_is_a_tuple_is_refused_saying_so_not_as_the_move_it_reads_as():
    # `list(legal[0])` reads as the legal move it copies; "go 2 is not a legal action" hid why it was refused.
    state = Choosing([("go", 2), ("stop",)]).initial_state(1, 0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, ["go", 2])
    assert str(refused.value) == (
        "['go', 2] is not a legal action for seat 0: it reads as \"('go', 2)\", which is legal, but is a list, not a "
        "tuple of str, int"
    )
    with pytest.raises(IllegalAction, match=r"^\['go', 3\] is not a legal action for seat 0$"):
        state.apply(0, ["go", 3])  # nothing legal it could be taken for
    assert state.chosen == []


def test_an_action_of_an_offered_type_later_in_the_list_is_accepted():
    state = Choosing([True, 1]).initial_state(1, 0)
    state.apply(0, 1)
    assert type(state.chosen[0]) is int


def test_grizzly_race_refuses_a_bool_or_a_float_for_a_card():
    from plugins.grizzly_race.game import GrizzlyRace

    state = GrizzlyRace().initial_state(2, 3)
    card = state.legal_actions(0)[0]
    before = state.digest()
    for wrong in (float(card), *([True] if card == 1 else [])):
        with pytest.raises(IllegalAction, match="it equals one, but is a"):
            state.apply(0, wrong)
    assert state.digest() == before


class Floating(Player):
    """Answers the first offered action with its ints turned into floats."""

    needs_sample = False

    def decide(self, view: Any) -> Any:
        return tuple(float(part) if type(part) is int else part for part in view.legal_actions[0])


def test_a_player_answering_an_equal_action_of_other_types_forfeits_and_the_game_is_not_blamed():
    game = Choosing([("go", 2), ("stop",)])
    plugin = types.ModuleType("choosing")
    plugin.campfire_games = hookimpl(lambda: [game])  # type: ignore[attr-defined]
    result = play_match(game, ["float"], 1, players=[Floating()], registry=Registry([plugin], entry_points=False))
    assert result.forfeit == 0
    assert result.error is not None and "played an illegal action: ('go', 2.0) is not a legal action" in result.error


@pytest.mark.parametrize(("players", "shown"), [(True, "True"), ("2", "'2'"), (2.0, "2.0")])
def test_a_player_count_that_is_not_a_whole_number_is_refused_as_it_was_given(players, shown):
    with pytest.raises(GameError, match=rf"^toy needs 2-3 players, got {re.escape(shown)}$"):
        ToyGame().initial_state(players, 0)


@pytest.mark.parametrize("seed", [1.5, "7", None, True])
def test_a_seed_that_is_not_a_whole_number_is_one_game_error_naming_it(seed):
    with pytest.raises(GameError, match=rf"^toy: a seed is a whole number below 2\*\*64, not {re.escape(repr(seed))}$"):
        ToyGame().initial_state(2, seed)


@pytest.mark.parametrize("seed", [2**64, 2**64 + 5, 10**40])
def test_a_seed_beyond_the_generators_64_bits_is_refused_rather_than_dealing_another_seeds_match(seed):
    with pytest.raises(GameError, match=rf"^toy: a seed is a whole number below 2\*\*64, not {seed}$"):
        ToyGame().initial_state(2, seed)


def test_the_largest_seed_deals_its_own_match():
    game = default_registry().game("grizzly-race")
    assert game.initial_state(2, 2**64 - 1).digest() != game.initial_state(2, 0).digest()


def test_a_numpy_integer_seed_deals_the_same_match_as_the_int():
    numpy = pytest.importorskip("numpy")
    game = default_registry().game("grizzly-race")
    assert game.initial_state(2, numpy.int64(5)).digest() == game.initial_state(2, 5).digest()


@pytest.mark.parametrize(
    ("log", "said", "problem"),
    [
        (("a", "b"), 2, None),
        (("c", "d", "e"), 40, None),  # the latest 3 of 40
        (("a", "b", "c", "d"), 4, "fields.log: 4 events, but the log keeps the last 3"),
        (("a",), 2, "fields.said: 2 events logged in all, but the log keeps the last 3 and holds 1"),
        (("d", "e"), 40, "fields.said: 40 events logged in all, but the log keeps the last 3 and holds 2"),
        ((), -1, "fields.said: -1 events logged in all, but the log keeps the last 3 and holds 0"),
    ],
)
def test_a_rolling_log_holds_the_latest_of_those_said_up_to_what_it_keeps(log, said, problem) -> None:
    from corekit import rolling_log_problem

    assert rolling_log_problem(log, said, 3) == problem


def test_a_rolling_log_problem_names_the_games_own_fields_and_counts_in_words() -> None:
    from corekit import rolling_log_problem

    assert rolling_log_problem(("x", "y"), 1, 8, "line", ("history", "count")) == (
        "fields.count: 1 line logged in all, but the log keeps the last 8 and holds 2"
    )
    assert rolling_log_problem(("x",) * 3, 2, 8, "entry", plural="entries") == (
        "fields.said: 2 entries logged in all, but the log keeps the last 8 and holds 3"
    )


def test_a_shared_win_splits_1_among_the_winners_and_gives_the_others_0() -> None:
    from corekit import shared_win

    assert shared_win((2,), 3) == [0.0, 0.0, 1.0]
    assert shared_win([0, 2], 4) == [0.5, 0.0, 0.5, 0.0]
    assert shared_win(range(3), 3) == [1 / 3] * 3  # a draw
    assert shared_win((), 2) == [0.0, 0.0]  # nobody won
    # Returns that would not add up to 1: a seat named twice, a seat the match does not have.
    with pytest.raises(ValueError, match=r"^winners \[0, 0\] are not distinct seats of 2$"):
        shared_win([0, 0], 2)
    with pytest.raises(ValueError, match=r"^winners \[2\] are not distinct seats of 2$"):
        shared_win([2], 2)


def test_an_action_is_quoted_in_a_message_by_its_text_or_shown_by_its_repr_when_the_game_cannot_tell_it() -> None:
    from corekit.game import action_shown

    class Picky(Game):
        id = "picky"

        def _setup(self, players: int, seed: int, options: object) -> State:
            raise NotImplementedError

        def max_decisions(self, players: int, options: object) -> int:
            return 1

        def action_text(self, action: object) -> str:
            if not isinstance(action, int):
                raise TypeError("not one of mine")
            return f"play {action}"

    assert action_shown(Picky(), 3, quoted=True) == "'play 3'"
    assert action_shown(Picky(), (1, 2), quoted=True) == "(1, 2)"  # once quoted: the repr is no text of the game's
    assert action_shown(Picky(), (1, 2)) == "(1, 2)" and action_shown(Picky(), 3) == "play 3"
