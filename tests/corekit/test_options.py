"""Typed options from key=value text, for game options and player specs alike."""

import enum

import attrs
import pytest

from corekit.options import OptionError, build_options, check_types, describe_options, options_to_dict, parse_pairs
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


@pytest.mark.parametrize("typed", [False, True])
def test_an_integer_beyond_64_bits_is_refused_before_any_match_as_replays_and_results_cannot_hold_it(typed):
    # Accepted, it stopped a tournament with --replays at its first match, saying that --resume would play the rest.
    too_big = 2**64
    with pytest.raises(OptionError, match=f"^g: option 'rounds' is {too_big}, which does not fit in 64 bits$"):
        build_options(Opts, {"rounds": too_big if typed else str(too_big)}, "g", typed=typed)
    assert build_options(Opts, {"rounds": str(2**64 - 1)}, "g").rounds == 2**64 - 1


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
    # attrs' `in_` raises ValueError(message, attribute, options, value): the message alone, not that tuple's repr
    assert str(error.value) == "g: 'rollout' must be in ['random', 'heuristic'] (got 'smart')"


def test_pairs_split_on_commas_and_reject_missing_equals():
    assert parse_pairs(["a=1,b=2", "c=x"], "g") == {"a": "1", "b": "2", "c": "x"}
    with pytest.raises(OptionError, match=r"not of the form key=value$"):
        parse_pairs(["a"], "g")
    # a comma inside a value splits it: the second part is said to be an option, with why
    with pytest.raises(OptionError, match=r"'Sherry' is not of the form key=value \(commas separate options"):
        parse_pairs(["counselors=Kevin,Sherry"], "g")


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


# Typed values (from Python or from data such as a replay header) are held to the field's type, strictly.


@pytest.mark.parametrize(
    ("values", "needs"),
    [
        ({"rounds": 1.5}, "option 'rounds' needs an integer, got 1.5"),
        ({"rounds": 2.0}, "option 'rounds' needs an integer, got 2.0"),
        ({"rounds": True}, "option 'rounds' needs an integer, got True"),
        ({"fast": 1}, "option 'fast' needs true or false, got 1"),
        ({"fast": -1}, "option 'fast' needs true or false, got -1"),
        ({"ratio": False}, "option 'ratio' needs a number, got False"),
        ({"rollout": 3}, "option 'rollout' needs text, got 3"),
    ],
)
def test_a_typed_value_of_another_type_is_refused_in_one_line(values, needs):
    with pytest.raises(OptionError, match=rf"^g: {needs}$".replace("(", r"\(").replace(")", r"\)")):
        build_options(Opts, values, "g")


def test_typed_values_of_the_fields_type_are_kept_and_an_int_is_a_float():
    opts = build_options(Opts, {"rounds": 4, "ratio": 1, "fast": True, "setup": Setup.EASY}, "g")
    assert opts == Opts(rounds=4, ratio=1.0, fast=True, setup=Setup.EASY)
    assert type(opts.ratio) is float


def test_a_range_declared_on_the_options_class_is_checked_for_typed_values_too():
    with pytest.raises(OptionError, match=r"^g: 'rounds' must be >= 1: 0$"):
        build_options(Opts, {"rounds": 0}, "g")


@pytest.mark.parametrize(
    ("game_id", "values", "needs"),
    [
        ("grizzly-race", {"stall_rounds": 1.5}, "option 'stall_rounds' needs an integer, got 1.5"),
        ("grizzly-race", {"stall_rounds": True}, "option 'stall_rounds' needs an integer, got True"),
        ("slasher", {"discard_one": 1.5}, "option 'discard_one' needs true or false, got 1.5"),
        ("camp-grizzly", {"surprises": -1}, "option 'surprises' needs true or false, got -1"),
    ],
)
def test_make_options_refuses_wrong_typed_values_of_the_built_in_games(game_id, values, needs):
    from corekit.plugins import default_registry

    game = default_registry().game(game_id)
    with pytest.raises(OptionError, match=rf"^{game_id}: {needs}$"):
        game.make_options(values)


def test_a_replay_header_with_a_fractional_stall_rounds_is_refused(tmp_path):
    # Replay headers reach the game's options through build_options, like -o and make_options.
    pytest.importorskip("replays")
    from corekit import play_match
    from corekit.plugins import default_registry
    from replays.format import ReplayError, decode_replay, encode_replay, read_replay
    from replays.simulate import Simulator

    registry = default_registry()
    game = registry.game("grizzly-race")
    path = tmp_path / "match.cfr"
    play_match(game, ["random", "random"], 3, {"stall_rounds": 5}, registry=registry, settings={"replay": str(path)})
    replay = read_replay(path)
    hostile = attrs.evolve(replay, header=attrs.evolve(replay.header, options={"stall_rounds": 1.5}))
    with pytest.raises(ReplayError, match=r"needs an integer, got 1\.5"):
        Simulator(decode_replay(encode_replay(hostile)), registry).verify()


def test_an_options_instance_made_directly_with_a_wrong_type_is_refused_by_check_types():
    assert check_types(Opts(rounds=2, ratio=1), "g") == Opts(rounds=2, ratio=1)
    with pytest.raises(OptionError, match=r"^g: option 'rounds' needs an integer, got 1\.5$"):
        check_types(Opts(rounds=1.5), "g")
    with pytest.raises(OptionError, match=r"^g: option 'fast' needs true or false, got 0$"):
        check_types(Opts(fast=0), "g")
