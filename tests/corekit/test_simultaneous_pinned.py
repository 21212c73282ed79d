"""Simultaneous decisions (corekit.simultaneous) where an outside hand-run mutation sweep (2026-12-07) found no test
holding the code: each test fails when its code is weakened, and names that code in a comment."""

from __future__ import annotations

import pytest

from corekit import HIDDEN, Commitments


def test_a_seat_sees_the_commitments_in_seat_order_whatever_order_they_were_made_in():
    # Pins corekit/simultaneous.py `Commitments.visible_to`: `for s, a in sorted(chosen.items())`: `chosen` keeps the
    # order the seats committed in, which an observation must not tell (two seats' views would differ by it alone).
    decision = Commitments([0, 1, 2])
    decision.commit(2, "late")
    decision.commit(0, "early")
    assert decision.visible_to(1) == ((0, HIDDEN), (2, HIDDEN))
    assert decision.visible_to(0) == ((0, "early"), (2, HIDDEN))
    assert decision.visible_to(None) == ((0, "early"), (2, "late"))


def test_a_copy_of_a_decision_still_waits_only_for_the_seats_that_have_not_committed():
    # Pins corekit/simultaneous.py `Commitments.clone`: `copy.waiting = self.waiting`: a sample or a search's copy of a
    # half-made decision must not ask the seat that committed already to commit again.
    decision = Commitments([0, 1, 2])
    decision.commit(1, "bid")
    copy = decision.clone()
    assert copy.waiting == (0, 2) and copy.seats == (0, 1, 2) and not copy.complete
    with pytest.raises(ValueError, match=r"^seat 1 cannot commit now$"):
        copy.commit(1, "again")


def test_a_decision_naming_several_seats_twice_names_the_lowest_of_them():
    # Pins corekit/simultaneous.py `_distinct`: `twice[0]` of the sorted seats named more than once.
    with pytest.raises(ValueError, match=r"^a decision's seats are each named once: \(1, 1, 3, 3\) names seat 1 more "):
        Commitments([3, 1, 3, 1])
