"""Rules of turn order and reaction windows that a mutation sweep found no test holding."""

import pytest

from corekit import ReactionWindow, TurnOrder


# turns.py `TurnOrder.from_data`: `not alive` (an empty seat list is named as such, not as a range of 0 to -1).
def test_a_turn_order_of_no_seats_is_refused_naming_the_alive_flags():
    with pytest.raises(ValueError) as refused:
        TurnOrder.from_data({"alive": [], "current": 0})
    assert str(refused.value) == "alive must be a non-empty list of true and false, one per seat, not []"


# reactions.py `ReactionWindow.as_tuple`: the reactions so far are the third item an observation holds.
def test_a_windows_tuple_counts_its_reactions():
    window = ReactionWindow([0, 1, 2])
    window.react()
    window.pass_priority()
    window.react()
    assert window.as_tuple() == (0, 0, 2)
