"""Typed options from key=value text, for game options and player specs alike."""

import enum

import attrs
import pytest

from corekit.options import OptionError, build_options, describe_options, options_to_dict, parse_pairs
from corekit.players import PlayerSpec, split_specs


class Setup(enum.Enum):
    EASY = "easy"
    NORMAL = "normal"


@attrs.frozen
class Opts:
    rounds: int = attrs.field(default=3, validator=attrs.validators.ge(1), metadata={"help": "rounds"})
    ratio: float = 0.5
    fast: bool = False
    setup: Setup = Setup.NORMAL
    rollout: str = attrs.field(default="random", validator=attrs.validators.in_(["random", "heuristic"]))


def test_text_values_are_read_by_the_field_type():
    opts = build_options(Opts, {"rounds": "7", "ratio": "0.25", "fast": "yes", "setup": "easy"}, "g")
    assert opts == Opts(rounds=7, ratio=0.25, fast=True, setup=Setup.EASY)


@pytest.mark.parametrize(
    ("name", "text"), [("rounds", "1_000"), ("rounds", "\u0663"), ("ratio", "0_5"), ("ratio", "\u0661.5")]
)
def test_numbers_are_read_as_typed_in_ascii_digits_only(name, text):
    with pytest.raises(OptionError, match=f"option {name!r} needs an? (integer|number), got {text!r}"):
        build_options(Opts, {name: text}, "g")
    assert build_options(Opts, {"rounds": " +12 ", "ratio": "-1e-2"}, "g").rounds == 12


def test_an_unknown_option_names_the_owner_and_the_known_ones():
    with pytest.raises(OptionError, match=r"g: unknown option 'turns' \(known: rounds, ratio, fast, setup, rollout\)"):
        build_options(Opts, {"turns": "1"}, "g")


def test_a_bad_value_is_one_line_naming_the_option():
    with pytest.raises(OptionError, match="option 'rounds' needs an integer, got 'x'"):
        build_options(Opts, {"rounds": "x"}, "g")
    with pytest.raises(OptionError, match=r"option 'setup' must be one of easy\|normal, got 'hard'"):
        build_options(Opts, {"setup": "hard"}, "g")
    with pytest.raises(OptionError, match="'rounds' must be >= 1"):
        build_options(Opts, {"rounds": "0"}, "g")
    with pytest.raises(OptionError) as error:
        build_options(Opts, {"rollout": "smart"}, "g")
    assert "\n" not in str(error.value)


def test_pairs_split_on_commas_and_reject_missing_equals():
    assert parse_pairs(["a=1,b=2", "c=x"], "g") == {"a": "1", "b": "2", "c": "x"}
    with pytest.raises(OptionError, match="not of the form key=value"):
        parse_pairs(["a"], "g")


def test_options_are_described_with_defaults_and_choices():
    rows = dict((name, (default, text)) for name, default, text in describe_options(Opts))
    assert rows["rounds"] == ("3", "rounds")
    assert rows["setup"] == ("normal", "(easy|normal)")
    assert rows["rollout"][1] == "(random|heuristic)"
    assert options_to_dict(Opts()) == {"rounds": 3, "ratio": 0.5, "fast": False, "setup": "normal", "rollout": "random"}


def test_player_specs_parse_name_and_parameters():
    spec = PlayerSpec.parse("mcts:iterations=2000,c=0.7")
    assert spec.name == "mcts" and dict(spec.params) == {"iterations": "2000", "c": "0.7"}
    assert str(spec) == "mcts:iterations=2000,c=0.7"


def test_the_players_list_keeps_a_specs_parameters_together():
    assert split_specs("mcts:iterations=50,c=0.7,random,heuristic") == [
        "mcts:iterations=50,c=0.7",
        "random",
        "heuristic",
    ]
    with pytest.raises(OptionError, match="empty player spec"):
        split_specs("random,,random")


def test_an_option_after_a_spec_without_a_colon_is_refused_with_the_spelling_that_works():
    with pytest.raises(
        OptionError,
        match=r"^'x=1' in 'random,x=1' is an option with no player: options follow the "
        r"player and a colon, e.g. random:x=1$",
    ):
        split_specs("random,x=1")
    with pytest.raises(OptionError, match=r"e\.g\. PLAYER:iterations=5$"):
        split_specs("iterations=5,random")


def test_a_colon_with_no_options_after_it_is_refused():
    with pytest.raises(
        OptionError,
        match=r"^player spec 'random:' has a ':' but no options after it; write 'random' "
        r"alone$",
    ):
        PlayerSpec.parse("random:")


def test_an_option_given_twice_is_refused_rather_than_the_last_one_kept():
    with pytest.raises(OptionError, match=r"^option: option 'stall_rounds' is given twice$"):
        parse_pairs(["stall_rounds=1", "stall_rounds=2"], "option")
    with pytest.raises(OptionError, match=r"^player 'mcts': option 'tree_depth' is given twice$"):
        parse_pairs(["tree-depth=1,tree_depth=2"], "player 'mcts'")
