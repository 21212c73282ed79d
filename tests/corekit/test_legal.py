"""`CachedLegalState`: legal actions built once per position, dropped however the state advances."""

from __future__ import annotations

from ai.playouts import random_playout
from corekit import Game, Rng
from corekit.legal import CachedLegalState, uncached
from corekit.state import declare, public


class Counting(Game):
    id = "counting"
    title = "Counting"
    min_players = max_players = 2

    def _setup(self, players: int, seed: int, options: object) -> CountingState:
        return CountingState(game=self, players=players, options=options, rng=Rng(seed))

    def max_decisions(self, players: int, options: object) -> int:
        return 6


@declare
class CountingState(CachedLegalState):
    """Two seats take turns adding 1 or 2 to a total; it ends at 6 or more. Counts how often it builds a list."""

    total: int = public(0)
    built: int = public(0)

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.total >= 6 else (self.total % 2,)

    def _legal_actions(self, seat: int) -> list[int]:
        self.built += 1
        return [1, 2]

    def _apply(self, seat: int, action: int) -> None:
        self.total += action

    def returns(self) -> list[float]:
        return [0.5, 0.5]


def test_the_list_is_built_once_per_position_and_seat_then_rebuilt_after_any_way_of_advancing():
    state = Counting().initial_state(2, 0)
    assert state.legal_actions(0) is state.legal_actions(0) and state.built == 1
    state.apply(0, 1)  # `apply` checks against the cached list: nothing is built for the check
    assert state.built == 1
    assert state.legal_actions(1) == [1, 2] and state.built == 2
    state.apply_unchecked(1, 1)
    assert state.legal_actions(1) == () and state.legal_actions(0) == [1, 2]  # not seat 1's turn any more
    state._apply(0, 1)  # as a playout advances
    assert state.to_act == (1,) and state.legal_actions(1) == [1, 2] and state.built == 4


def test_a_copy_starts_without_the_list_and_a_playout_never_sees_a_stale_one():
    state = Counting().initial_state(2, 0)
    state.legal_actions(0)
    copy = state.clone()
    assert copy._legal is None
    random_playout(copy, Rng(3), 100)
    assert copy.is_terminal and copy.legal_actions(copy.total % 2) == ()


def test_the_wrapper_wraps_once_though_declare_makes_the_class_again():
    wrapped = CountingState.__dict__["_apply"].drops_legal_of
    assert not hasattr(wrapped, "drops_legal_of") and wrapped.__name__ == "_apply"


@declare
class Doubling(CountingState):
    """A subclass whose `_apply` calls its parent's with a zero-argument `super()`."""

    def _apply(self, seat: int, action: int) -> None:
        super()._apply(seat, 2 * action)


def test_a_subclass_may_call_its_parents_apply_through_super():
    state = Doubling(game=Counting(), players=2, options=None, rng=Rng(0))
    assert state.legal_actions(0) == [1, 2]
    state.apply(0, 2)
    assert state.total == 4 and state.legal_actions(0) == [1, 2] and state.built == 2


def test_a_sample_of_a_view_takes_the_views_list_and_builds_it_again_only_after_it_advances():
    from corekit import SeatView

    view = SeatView(Counting().initial_state(2, 0), 0)
    sample = view.sample(Rng(5))
    built = sample.built  # the view's own list was built on the true state, whose count the sample copies
    assert sample.legal_actions(0) is view.legal_actions and sample.built == built
    sample.apply(0, 1)
    assert sample.legal_actions(1) == [1, 2] and sample.built == built + 1


def test_a_playout_builds_each_positions_list_once_and_leaves_none_kept_from_before_it():
    state = Counting().initial_state(2, 0)
    state.legal_actions(0)
    assert state.built == 1
    assert random_playout(state, Rng(3), 1) == 1  # cut short after one decision: one list built for it
    assert state.built == 2
    seat = state.total % 2
    assert state.legal_actions(seat) == [1, 2] and state.built == 3  # built for the new position, not kept
    assert state.legal_actions(seat) is state.legal_actions(seat) and state.built == 3


def test_a_playout_advances_a_subclass_through_its_own_apply():
    state = Doubling(game=Counting(), players=2, options=None, rng=Rng(0))
    state.legal_actions(0)
    random_playout(state, Rng(1), 100)
    assert state.total in (6, 8) and state.legal_actions(0) == () and state.legal_actions(1) == ()


def test_only_a_cached_state_is_played_without_its_cache():
    assert uncached(Counting().initial_state(2, 0)) is not None
    assert uncached(object()) is None
