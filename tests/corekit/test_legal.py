"""`CachedLegalState`: legal actions built once per position, dropped however the state advances."""

from __future__ import annotations

from ai.playouts import random_playout
from corekit import Game, Rng
from corekit.legal import CachedLegalState, uncached
from corekit.simultaneous import Commitments
from corekit.state import declare, public, secret


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

    total: int = public(default=0)
    built: int = public(default=0)

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
    assert state.total == 8 and state.legal_actions(0) == () and state.legal_actions(1) == ()


def test_only_a_cached_state_is_played_without_its_cache():
    assert uncached(Counting().initial_state(2, 0)) is not None
    assert uncached(object()) is None


@declare
class SecretCountingState(CachedLegalState):
    """Both seats commit 1 or 2 at once; the round adds them up; it ends at 6 or more."""

    total: int = public(default=0)
    bids: Commitments = secret()

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.total >= 6 else self.bids.waiting

    def _legal_actions(self, seat: int) -> list[int]:
        return [1, 2]

    def _apply(self, seat: int, action: int) -> None:
        self.bids.commit(seat, action)
        if not self.bids.waiting:
            self.total += sum(self.bids.reveal().values())
            self.bids.open(range(2))

    def returns(self) -> list[float]:
        return [0.5, 0.5]


def test_a_committed_seat_has_no_legal_action_after_a_sample_asked_what_it_could_have_committed():
    state = SecretCountingState(game=Counting(), players=2, options=None, rng=Rng(0), bids=Commitments(range(2)))
    state.apply(0, 2)
    assert state.legal_actions(0) == ()
    assert state.commitment_choices("bids", 0) == [1, 2]  # as if seat 0 had not committed: what a sample redraws
    assert state.legal_actions(0) == () and state.legal_actions(1) == [1, 2]


class Stepping:
    """A game's `_apply` from a class that knows nothing of kept lists."""

    def _apply(self, seat: int, action: int) -> None:
        self.total = action


@declare
class MixedState(Stepping, CachedLegalState):
    """Each seat in turn names the next total, one or two above the last (so the list depends on the position)."""

    total: int = public(default=0)

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.total >= 6 else (self.total % 2,)

    def _legal_actions(self, seat: int) -> list[int]:
        return [self.total + 1, self.total + 2]

    def returns(self) -> list[float]:
        return [0.5, 0.5]


def test_an_apply_inherited_from_a_class_that_keeps_no_list_drops_the_list_too():
    state = MixedState(game=Counting(), players=2, options=None, rng=Rng(0))
    assert state.legal_actions(0) == [1, 2]
    state.apply(0, 2)
    assert state.legal_actions(0) == [3, 4]
    state.apply(0, 3)  # legal only in the new position
    assert state.total == 3 and state.legal_actions(1) == [4, 5]


@declare
class ForcingState(CountingState):
    """At 4 the seat to act may only add 2, and `_apply` plays such a forced move at once, having asked for the
    list part-way."""

    def _legal_actions(self, seat: int) -> list[int]:
        self.built += 1
        return [2] if self.total == 4 else [1, 2]

    def _apply(self, seat: int, action: int) -> None:
        self.total += action
        if self.total < 6 and self.legal_actions(self.total % 2) == [2]:
            self.total += 2


def _offered_now(state: ForcingState) -> list[object]:
    return [list(state.legal_actions(seat)) for seat in range(2)]


def _true_now(state: ForcingState) -> list[object]:
    return [([2] if state.total == 4 else [1, 2]) if seat in state.to_act else [] for seat in range(2)]


def test_a_list_asked_for_part_way_through_an_action_is_not_kept_after_it():
    state = ForcingState(game=Counting(), players=2, options=None, rng=Rng(0))
    state.apply(0, 2)
    state.apply(0, 2)  # 4: seat 0's list ([2]) asked part-way, and played
    assert state.total == 6 and _offered_now(state) == [[], []]
    for seed in range(8):  # the same through a playout's bare `_apply`
        state = ForcingState(game=Counting(), players=2, options=None, rng=Rng(0))
        state.apply(0, 2)
        random_playout(state, Rng(seed), 1)
        assert _offered_now(state) == _true_now(state), seed


@declare
class NarrowedState(CountingState):
    """A variant offering only 1, by overriding `legal_actions` itself."""

    def legal_actions(self, seat: int) -> list[int]:
        return [1] if seat in self.to_act else []


def test_a_playout_offers_what_an_overridden_legal_actions_offers():
    state = NarrowedState(game=Counting(), players=2, options=None, rng=Rng(0))
    assert uncached(state) is None
    random_playout(state, Rng(7), 100)
    assert state.total == 6  # only ever 1 at a time: the bare `_legal_actions` would have offered 2 as well


def test_a_playout_drops_the_list_kept_from_before_it_so_a_forced_move_inside_an_action_sees_the_new_position():
    state = ForcingState(game=Counting(), players=2, options=None, rng=Rng(0))
    state.apply(0, 2)  # total 2, seat 0 again
    assert state.legal_actions(0) == [1, 2]  # kept for this position
    _, advance = uncached(state)
    advance(0, 2)  # 4: the forced move asks seat 0's list part-way, which must be [2], not the kept [1, 2]
    assert state.total == 6
