"""Typed options from key=value text, for game options and player specs alike."""

import enum
import re
import types
import typing

import attrs
import pytest

from corekit.options import (
    NoOptions,
    OptionError,
    at_most,
    build_options,
    describe_options,
    finite_from_zero,
    options_problem,
    options_text,
    options_to_dict,
    parse_pairs,
    type_hints,
)
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


# An options class that would fail only in a match (or after one, as its replay is written) is refused when games load.

RULE = "an option is an int, float, bool, str or Enum"


def _frozen(annotations, **defaults):
    """An attrs.frozen options class `Opts` with these annotations (a string one as `from __future__` leaves it)."""
    return attrs.frozen(type("Opts", (), {"__annotations__": annotations, **defaults}))


@pytest.mark.parametrize(
    ("annotation", "shown"),
    [(list[int], "list[int]"), ("list[int]", "list[int]"), (int | None, "int | None"), (tuple, "tuple")],
    ids=["list", "postponed", "optional", "tuple"],
)
def test_an_option_of_a_type_that_text_cannot_give_nor_a_replay_hold_is_refused(annotation, shown):
    # `-o rounds=abc` was kept as text, and a replay of a list option failed once the whole match had been played.
    cls = _frozen({"hand": int, "rounds": annotation}, hand=3, rounds=None)
    assert options_problem(cls) == f"option 'rounds' of Opts has type {shown}; {RULE}"


def test_an_option_without_a_type_annotation_is_refused():
    # It was read as text: `-o hand=3` failed in the game comparing "3" with a number.
    @attrs.frozen
    class Untyped:
        hand = attrs.field(default=4, validator=attrs.validators.ge(2))

    assert options_problem(Untyped) == f"option 'hand' of Untyped has no type annotation; {RULE}"


def test_option_types_that_cannot_be_read_are_refused_naming_the_error():
    cls = _frozen({"hand": "Missing"}, hand=3)
    assert options_problem(cls) == "the option types of Opts cannot be read: name 'Missing' is not defined"


@pytest.mark.parametrize(
    ("annotation", "default", "says"),
    [
        (int, "3", "option 'hand' needs an integer, got '3'"),
        (bool, 0, "option 'hand' needs true or false, got 0"),
        (Setup, "normal", "option 'hand' needs a Setup, got 'normal'"),
        (int, 2**64, f"option 'hand' is {2**64}, which does not fit in 64 bits"),
    ],
)
def test_a_default_of_another_type_than_its_option_is_refused(annotation, default, says):
    # Every match without -o would play with it: "3" compared with numbers, a Setup that is no Setup.
    assert options_problem(_frozen({"hand": annotation}, hand=default)) == f"the defaults of Opts are refused: {says}"


def test_an_options_class_that_is_not_frozen_is_refused_as_its_defaults_are_shared_by_every_match():
    @attrs.define
    class Changeable:
        hand: int = 3

    assert options_problem(Changeable) == (
        "Changeable is not frozen: option 'hand' can be changed, and its defaults are shared by every match "
        "(write it with @attrs.frozen)"
    )


def test_options_of_every_supported_type_and_the_built_in_games_options_are_fit():
    class Level(enum.IntEnum):
        LOW = 1

    assert options_problem(Opts) is None
    assert options_problem(NoOptions) is None
    assert options_problem(_frozen({"ratio": float, "level": Level}, ratio=1, level=Level.LOW)) is None
    from corekit.plugins import default_registry

    registry = default_registry()
    assert {"camp-grizzly", "grizzly-race", "scavengers", "slasher"} <= set(registry.games)
    assert [options_problem(game.options_type) for game in registry.games.values()] == [None] * len(registry.games)


def test_a_game_with_an_unfit_options_class_is_skipped_at_load_with_a_warning_naming_the_field():
    from corekit import Registry, hookimpl
    from tests.corekit.toy_game import ToyGame

    class Listed(ToyGame):
        id = "listed"
        options_type = _frozen({"rounds": list[int]}, rounds=attrs.Factory(list))

    plugin = types.ModuleType("lister")
    plugin.campfire_games = hookimpl(lambda: [Listed(), ToyGame()])  # type: ignore[attr-defined]
    registry = Registry([plugin], entry_points=False)
    assert list(registry.games) == ["toy"]
    assert registry.warnings == [
        f"plugin 'lister': game 'listed' is skipped: option 'rounds' of Opts has type list[int]; {RULE}"
    ]


def test_a_classes_type_hints_are_evaluated_once_and_shared(monkeypatch):
    @attrs.frozen
    class Fresh:
        count: int = 3

    evaluated = []
    real = typing.get_type_hints
    monkeypatch.setattr(typing, "get_type_hints", lambda cls: evaluated.append(cls) or real(cls))
    first = type_hints(Fresh)
    assert first == {"count": int} and type_hints(Fresh) is first and evaluated == [Fresh]


class Pace(enum.Enum):
    SLOW = 1
    FAST = 2


@attrs.frozen
class PaceOptions:
    pace: Pace = Pace.SLOW


@pytest.mark.parametrize(("text", "member"), [("2", Pace.FAST), ("FAST", Pace.FAST), ("fast", Pace.FAST)])
def test_an_enum_option_is_read_by_its_value_or_its_name_with_case_aside_in_both(text, member):
    # From an outside tester: the name was taken only as spelt (`pace=FAST` but not `pace=fast`).
    assert build_options(PaceOptions, {"pace": text}, "p").pace is member


def test_an_enum_option_of_neither_value_nor_name_lists_the_values():
    with pytest.raises(OptionError, match=r"option 'pace' must be one of 1\|2, got 'medium'"):
        build_options(PaceOptions, {"pace": "medium"}, "p")


# Pinned by a mutation sweep of corekit/options.py: each test below fails with one planted change to it.


def test_an_integer_below_64_bits_is_refused_and_the_least_that_fits_is_kept():
    cls = _frozen({"offset": int}, offset=0)
    least = -(2**63)
    assert build_options(cls, {"offset": str(least)}, "g").offset == least
    with pytest.raises(OptionError, match=rf"^g: option 'offset' is {least - 1}, which does not fit in 64 bits$"):
        build_options(cls, {"offset": str(least - 1)}, "g")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        *[("1", True), ("true", True), ("Yes", True), ("ON", True)],
        *[("0", False), ("false", False), ("no", False), ("off", False), ("Off", False)],
    ],
)
def test_every_spelling_of_true_and_false_is_read_with_case_aside(text, value):
    assert build_options(Opts, {"fast": text}, "g").fast is value


def test_a_true_or_false_option_refuses_any_other_word():
    with pytest.raises(OptionError, match=r"^g: option 'fast' needs true or false, got 'maybe'$"):
        build_options(Opts, {"fast": "maybe"}, "g")


def test_text_values_given_with_spaces_around_them_are_read_without_them():
    opts = build_options(Opts, {"fast": " yes ", "setup": " EASY ", "rollout": " heuristic "}, "g")
    assert (opts.fast, opts.setup, opts.rollout) == (True, Setup.EASY, "heuristic")


def test_a_pair_with_no_name_before_its_equals_is_refused():
    with pytest.raises(OptionError, match=r"^g: option '=5' is not of the form key=value$"):
        parse_pairs(["=5"], "g")
    with pytest.raises(OptionError, match=r"^g: option ' =5' is not of the form key=value$"):
        parse_pairs(["a=1, =5"], "g")


def test_a_dashed_option_name_is_read_as_its_underscored_field():
    cls = _frozen({"tree_depth": int}, tree_depth=1)
    assert build_options(cls, {"tree-depth": "3"}, "g").tree_depth == 3


class Answer(enum.Enum):
    y = "yes"
    shout = "Y"


def test_an_enum_member_named_exactly_as_typed_wins_over_another_whose_value_matches_with_case_aside():
    cls = _frozen({"answer": Answer}, answer=Answer.y)
    assert build_options(cls, {"answer": "y"}, "g").answer is Answer.y
    assert build_options(cls, {"answer": "Y"}, "g").answer is Answer.shout


def test_an_option_without_a_default_is_refused_by_name():
    @attrs.frozen
    class NoDefault:
        hand: int
        ratio: float = 0.5

    assert options_problem(NoDefault) == "option 'hand' of NoDefault has no default"


@attrs.frozen
class Budget:
    seconds: float = attrs.field(default=1.0, validator=[finite_from_zero, at_most(10.0)])
    rounds: int = attrs.field(default=1, validator=at_most(5))


def test_a_budget_from_zero_to_its_bound_is_kept():
    assert build_options(Budget, {"seconds": "0", "rounds": "5"}, "g") == Budget(seconds=0.0, rounds=5)
    assert build_options(Budget, {"seconds": "10"}, "g").seconds == 10.0


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"seconds": "-1"}, "'seconds' must be a finite number >= 0: -1.0"),
        ({"seconds": "inf"}, "'seconds' must be a finite number >= 0: inf"),
        ({"seconds": "nan"}, "'seconds' must be a finite number >= 0: nan"),
        ({"seconds": "10.5"}, "'seconds' must be at most 10: 10.5"),
        ({"rounds": "6"}, "'rounds' must be at most 5: 6"),
    ],
)
def test_a_budget_below_zero_infinite_or_over_its_bound_is_refused_in_one_line(values, says):
    with pytest.raises(OptionError, match=f"^g: {re.escape(says)}$"):
        build_options(Budget, values, "g")


def test_a_type_error_from_an_options_classs_own_validator_is_an_option_error_in_one_line():
    def whole_hands(instance, attribute, value):
        if value % 3:
            raise TypeError(f"{attribute.name!r} must deal whole hands of 3: {value!r}")

    cls = attrs.frozen(
        type("Deal", (), {"__annotations__": {"cards": int}, "cards": attrs.field(default=3, validator=whole_hands)})
    )
    with pytest.raises(OptionError, match=r"^g: 'cards' must deal whole hands of 3: 4$"):
        build_options(cls, {"cards": "4"}, "g")


def test_a_true_or_false_option_is_described_and_written_as_typed_after_o():
    rows = {name: default for name, default, _ in describe_options(Opts)}
    assert rows["fast"] == "false"
    assert options_text({"fast": True, "rounds": 3}) == "fast=true, rounds=3"


@pytest.mark.parametrize("width", [30, 50, 60, 80, 200])
def test_the_options_header_folds_between_options_and_keeps_each_whole(width):
    from corekit.options import options_lines

    values = {"setup": "normal", "surprises": True, "counselors": "", "night": 50, "movement": "start"}
    lines = options_lines(values, width)
    assert lines[0].startswith("options: ") and all(len(line) <= width for line in lines)
    assert " ".join(line.strip() for line in lines) == "options: " + options_text(values)
    items = options_text(values).split(", ")
    for item in items:  # never "night=" at a line's end and "50" on the next
        assert any(item in line for line in lines), (item, lines)
    assert (len(lines) == 1) == (width >= len("options: " + options_text(values)))  # folded only when too long
