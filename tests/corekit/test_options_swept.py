"""Typed options from `-o KEY=VALUE` and player-spec text: behaviours a mutation sweep of corekit/options.py found
no test pinning. Each test fails with one planted change to that module."""

import enum

import attrs
import pytest

from corekit.options import OptionError, build_options, options_problem, parse_pairs


def test_an_empty_or_blank_item_between_commas_is_skipped_not_refused():
    # `-o "a=1, "` (a trailing comma and space, as a shell script may leave) is `a=1`, not an option named " ".
    assert parse_pairs(["a=1, ", " ,b=2", ","], "g") == {"a": "1", "b": "2"}


class Crossed(enum.Enum):
    """Each member's value is the other's name: text matching both is read by its value first."""

    up = "down"
    down = "up"


@attrs.frozen
class CrossedOptions:
    way: Crossed = Crossed.up


def test_an_enum_value_spelt_exactly_wins_over_a_member_name_spelt_exactly():
    # The value is what `campfire games` lists and a replay stores: `way=down` is the member whose value is down.
    assert build_options(CrossedOptions, {"way": "down"}, "g").way is Crossed.up
    assert build_options(CrossedOptions, {"way": "up"}, "g").way is Crossed.down


class Order(enum.Enum):
    FIRST = "first"


def test_a_default_of_another_type_than_its_enum_is_named_with_the_right_article():
    @attrs.frozen
    class Opts:
        order: Order = "first"  # type: ignore[assignment]  # text, not the member: the game would compare text

    assert options_problem(Opts) == "the defaults of Opts are refused: option 'order' needs an Order, got 'first'"


def test_a_refused_value_of_a_typed_option_is_one_line_naming_the_owner_and_the_option():
    @attrs.frozen
    class Opts:
        rounds: int = 3

    with pytest.raises(OptionError) as caught:
        build_options(Opts, {"rounds": "three"}, "player 'mcts'")
    assert str(caught.value) == "player 'mcts': option 'rounds' needs an integer, got 'three'"


@pytest.mark.parametrize("kind", [list, tuple])
def test_a_bare_container_type_is_no_option_type(kind):
    # Bare `list`/`tuple` (no `[int]`): text would be kept as text, and a replay header could not hold the value.
    Opts = attrs.make_class("Opts", {"cards": attrs.field(type=kind, default=attrs.Factory(kind))}, frozen=True)
    problem = options_problem(Opts)
    assert problem == f"option 'cards' of Opts has type {kind.__name__}; an option is an int, float, bool, str or Enum"


def test_an_unknown_option_is_named_as_typed_with_its_dashes():
    @attrs.frozen
    class Opts:
        stall_rounds: int = 3

    with pytest.raises(OptionError) as caught:
        build_options(Opts, {"stall-roundz": "3"}, "grizzly-race")
    assert str(caught.value) == "grizzly-race: unknown option 'stall-roundz' (known: stall_rounds)"
