"""Bad input to `campfire play`, `check` and `games`: one line on stderr naming the culprit, a non-zero exit,
no traceback, and the result of a finished match still printed.

The culprits are toy games and players registered only here, in a registry without entry points.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import attrs
import pytest
from click.testing import CliRunner, Result

from corekit import GameError, Heuristic, Player, PlayerType, QuitMatch, Registry, SeatView, hookimpl
from corekit.cli import CliContext, cli
from corekit.conformance import check_game, check_match
from corekit.options import OptionError, build_options
from corekit.rng import derive_seed
from tests.corekit.toy_game import ToyGame, ToyOptions
from tests.raise_site import raised_in


class NamedToy(ToyGame):
    """The toy game with seat names, action texts, commentary and a drawing; `crash_in` names one that raises."""

    def __init__(self, crash_in: str = "") -> None:
        self.crash_in = crash_in

    def _maybe_crash(self, what: str) -> None:
        if self.crash_in == what:
            raise RuntimeError("boom\nsecond line of the message")

    def seat_names(self, players: int, options: Any) -> list[str]:
        self._maybe_crash("seat_names")
        return ["Alice", "Bob", "Cleo"][:players]

    def action_text(self, action: Any) -> str:
        self._maybe_crash("action_text")
        return f"plays {action}"

    def events(self, before: Any, after: Any) -> list[str]:
        self._maybe_crash("events")
        return ["a card lands"]

    def render(self, observation: Any, seat: int | None) -> str:
        self._maybe_crash("render")
        return "THE TABLE"


@attrs.frozen
class FirstOptions:
    first: int = attrs.field(default=0, metadata={"help": "seat that starts"})


class FirstToy(ToyGame):
    """A toy whose option `first` must be a seat of the match: a GameError at setup otherwise."""

    id = "toy-first"
    options_type = FirstOptions

    def _setup(self, players: int, seed: int, options: FirstOptions) -> Any:
        if not 0 <= options.first < players:
            raise GameError(f"{self.id}: first={options.first} but seats are numbered 0-{players - 1}")
        return super()._setup(players, seed, ToyGame.options_type())


class FloatCodes(ToyGame):
    """Encodes its actions as floats: not replay data."""

    id = "toy-float-codes"

    def encode_action(self, action: Any) -> Any:
        return float(action)


class LossyCodes(ToyGame):
    """Encodes every action to the same code: decoding cannot give the action back."""

    id = "toy-lossy-codes"

    def encode_action(self, action: Any) -> Any:
        return [1, "card"]

    def decode_action(self, code: Any) -> Any:
        return 1


class TupleActions(ToyGame):
    """Actions are tuples whose decoding keeps msgpack's lists: read from a replay, they are not legal."""

    id = "toy-tuple-actions"

    def encode_action(self, action: Any) -> Any:
        return ("play", action)

    def decode_action(self, code: Any) -> Any:
        return code[1] if isinstance(code, tuple) else code


class First(Player):
    needs_sample = False

    def decide(self, view: SeatView) -> Any:
        return view.legal_actions[0]


class Exits(First):
    def decide(self, view: SeatView) -> Any:
        sys.exit(3)


class Quits(First):
    def decide(self, view: SeatView) -> Any:
        raise QuitMatch("end of input")


def _unbuildable(options: Any, seed: int, game: Any, heuristic: Any) -> Player:
    raise RuntimeError("the model file is missing")


def _exits_when_built(options: Any, seed: int, game: Any, heuristic: Any) -> Player:
    sys.exit(4)


PLAYERS = [
    PlayerType("first", lambda options, seed, game, heuristic: First(), help="Plays the first legal action."),
    PlayerType("exiter", lambda options, seed, game, heuristic: Exits(), help="Calls sys.exit(3)."),
    PlayerType("quitter", lambda options, seed, game, heuristic: Quits(), help="Stops like a person at end of input."),
    PlayerType("unbuildable", _unbuildable, help="Its constructor raises."),
    PlayerType("exits-when-built", _exits_when_built, help="Its constructor calls sys.exit(4)."),
]

LONG_DEFAULTS = {"mcts": "iterations=100,tree_depth=1,root=halving,trust=2,rollout=heuristic_guided"}


def registry(*games: Any, heuristics: dict[str, Heuristic] | None = None) -> Registry:
    plugin = types.ModuleType("bad_input_plugin")
    plugin.campfire_games = hookimpl(lambda: list(games))
    plugin.campfire_players = hookimpl(lambda: PLAYERS)
    plugin.campfire_heuristics = hookimpl(lambda: heuristics or {})
    return Registry([plugin], entry_points=False)


def run(reg: Registry, *args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), obj=CliContext(reg), env=env)


def assert_one_line_error(result: Result, message: str) -> None:
    """Exit non-zero, exactly one line on stderr, containing `message`, and no traceback anywhere."""
    assert result.exit_code != 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ") and message in lines[0], lines
    assert "Traceback" not in result.output


# 1. A game that crashes in its display code once the match has started.


@pytest.mark.parametrize("crash_in", ["seat_names", "action_text", "events", "render"])
def test_a_game_crashing_in_its_display_is_named_and_the_result_still_printed(crash_in: str) -> None:
    result = run(registry(NamedToy(crash_in)), "play", "toy", "-p", "first,first", "--seed", "2")
    assert_one_line_error(result, f"game 'toy' raised RuntimeError: boom in {crash_in}")
    assert result.exit_code == 1
    results = [line for line in result.stdout.splitlines() if line.startswith("Result: ")]
    assert len(results) == 1, result.stdout
    assert "after 6 steps" in results[0]


@pytest.mark.parametrize("crash_in", ["action_text", "events"])
def test_a_log_cut_short_by_a_display_crash_says_where_it_stops_before_the_result(crash_in: str) -> None:
    lines = run(registry(NamedToy(crash_in)), "play", "toy", "-p", "first,first", "--seed", "2").stdout.splitlines()
    stops = [at for at, line in enumerate(lines) if "(the log stops here, the game's display failed" in line]
    results = [at for at, line in enumerate(lines) if line.startswith("Result: ")]
    assert len(stops) == 1 and len(results) == 1 and stops[0] < results[0], lines
    assert lines[stops[0]].startswith("   1  ")


def test_a_drawing_that_is_not_text_is_named_and_the_result_still_printed() -> None:
    class NoDrawing(NamedToy):
        def render(self, observation: Any, seat: int | None) -> Any:
            return None

    result = run(registry(NoDrawing()), "play", "toy", "-p", "first,first", "--seed", "2")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "game 'toy' raised AttributeError" in result.stderr and "in render" in result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("Result: ")]


def test_when_seat_names_crash_the_result_uses_plain_seat_numbers() -> None:
    result = run(registry(NamedToy("seat_names")), "play", "toy", "-p", "first,first", "--seed", "2", "-q")
    assert_one_line_error(result, "game 'toy' raised RuntimeError: boom in seat_names")
    assert result.stdout.startswith("Result: seat ")
    assert "Alice" not in result.stdout


def test_a_game_whose_display_works_exits_zero_with_its_names() -> None:
    result = run(registry(NamedToy()), "play", "toy", "-p", "first,first", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Alice: plays" in result.stdout and "a card lands" in result.stdout and "THE TABLE" in result.stdout


# 2 and 3. Players that exit or cannot be built are blamed by seat and spec.


def test_a_player_calling_sys_exit_is_a_one_line_error_naming_its_seat() -> None:
    result = run(registry(NamedToy()), "play", "toy", "-p", "first,exiter", "-q")
    assert_one_line_error(result, "seat 1 (exiter) raised SystemExit: 3")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("unbuildable", "seat 1 (unbuildable) could not be built: RuntimeError: the model file is missing"),
        ("exits-when-built", "seat 1 (exits-when-built) could not be built: SystemExit: 4"),
    ],
)
def test_a_player_whose_constructor_fails_is_blamed_not_the_game(spec: str, message: str) -> None:
    result = run(registry(NamedToy()), "play", "toy", "-p", f"first,{spec}")
    assert_one_line_error(result, message)
    assert "could not be set up" not in result.output
    assert result.stdout == ""


# 4. check: bad counts and options are the user's, and said so.


@pytest.mark.parametrize("games", ["0", "-3"])
def test_check_refuses_a_match_count_below_one(games: str) -> None:
    result = run(registry(ToyGame()), "check", "toy", "-n", games, "--no-leaks")
    assert_one_line_error(result, f"--games must be at least 1, got {games}")
    assert "ok" not in result.stdout


@pytest.mark.parametrize("counts", ["", ",", " , ", "abc", "2,x", "2,", "2,,3"])
def test_check_refuses_a_list_of_player_counts_it_cannot_read_as_a_usage_error(counts: str) -> None:
    result = run(registry(ToyGame()), "check", "toy", "--players", counts, "-n", "1", "--no-leaks")
    assert_one_line_error(result, "Invalid value for '--players': must be 'all' or numbers like 2,4")
    assert result.exit_code == 2  # the command line cannot be parsed, as `--seed abc` (README)
    assert "ok" not in result.stdout


def test_check_refuses_a_player_count_the_game_does_not_allow_naming_its_range() -> None:
    result = run(registry(ToyGame()), "check", "toy", "--players", "2,9", "-n", "1", "--no-leaks")
    assert_one_line_error(result, "toy needs 2-3 players, got 9")
    assert result.exit_code == 1


def test_check_with_an_unknown_option_blames_the_users_option_and_names_the_valid_ones() -> None:
    result = run(registry(ToyGame()), "check", "toy", "-o", "first=5", "-n", "1", "--no-leaks")
    assert_one_line_error(result, "bad game option (-o) for toy: unknown option 'first' (known: bug)")


def test_check_with_an_option_the_game_refuses_for_a_player_count_blames_the_users_option() -> None:
    result = run(registry(FirstToy()), "check", "toy-first", "-o", "first=2", "-n", "1", "--no-leaks")
    assert_one_line_error(
        result, "toy-first refuses your options (-o first=2) with 2 players: first=2 but seats are numbered 0-1"
    )
    assert "FAILED" not in result.output and "the game raised" not in result.output
    fits = run(registry(FirstToy()), "check", "toy-first", "-o", "first=2", "--players", "3", "-n", "2", "--no-leaks")
    assert fits.exit_code == 0, fits.output


def test_check_refusing_options_for_one_player_says_player_in_the_singular() -> None:
    from corekit import default_registry

    args = ("check", "camp-grizzly", "-o", "counselors=Kevin+Sherry", "-n", "1", "--no-leaks")
    result = run(default_registry(), *args)
    assert "camp-grizzly refuses your options (-o counselors=Kevin+Sherry) with 1 player: " in result.stderr


def test_check_names_a_game_that_crashes_while_trying_the_users_options() -> None:
    class Crashes(FirstToy):
        def _setup(self, players: int, seed: int, options: FirstOptions) -> Any:
            raise KeyError("board.toml")

    result = run(registry(Crashes()), "check", "toy-first", "-o", "first=1", "-n", "1", "--no-leaks")
    assert_one_line_error(result, "toy-first could not be set up: KeyError: 'board.toml'")


# 5. check: every action must survive a replay's encoding.


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (FloatCodes(), ".0, not replay data: a float ("),
        (LossyCodes(), "encodes to [1, 'card'], which decodes to 1"),
        (TupleActions(), "once read back from a replay (tuples become lists)"),
    ],
)
def test_check_reports_an_action_that_does_not_survive_a_replay(game: ToyGame, message: str) -> None:
    report = check_game(game, 2, games=2, seed=1)
    assert any(message in failure and "step 1: action" in failure for failure in report.failures), report.failures
    result = run(registry(game), "check", game.id, "-n", "2", "--no-leaks")
    assert result.exit_code == 1
    assert "FAILED" in result.stdout and message in result.stdout


def test_codes_beyond_64_bits_or_nested_too_deep_are_reported() -> None:
    class Huge(ToyGame):
        def encode_action(self, action: Any) -> Any:
            return 2**64 + action

    class Deep(ToyGame):
        def encode_action(self, action: Any) -> Any:
            return [[[[[action]]]]]

    assert any("does not fit in 64 bits" in f for f in check_game(Huge(), 2, games=1).failures)
    assert any("arrays nested more than 4 deep" in f for f in check_game(Deep(), 2, games=1).failures)


# 6. A person who stops at end of input leaves no result: exit 1.


def test_an_abandoned_match_exits_one_and_says_so() -> None:
    result = run(registry(NamedToy()), "play", "toy", "-p", "quitter,first")
    assert result.exit_code == 1
    assert "Match abandoned: end of input" in result.output
    assert "Result:" not in result.output and "Traceback" not in result.output


# 7. Option values name the type they need in words.


@attrs.frozen
class Typed:
    count: int = 1
    ratio: float = 0.5
    fast: bool = False


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"count": "many"}, "option 'count' needs an integer, got 'many'"),
        ({"ratio": "half"}, "option 'ratio' needs a number, got 'half'"),
        ({"fast": "maybe"}, "option 'fast' needs true or false, got 'maybe'"),
    ],
)
def test_a_bad_value_names_the_type_in_words(values: dict[str, str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        build_options(Typed, values, "g")


def test_play_with_a_bad_option_value_says_an_integer_is_needed() -> None:
    result = run(registry(FirstToy()), "play", "toy-first", "-p", "first,first", "-o", "first=x")
    assert_one_line_error(result, "bad game option (-o) for toy-first: option 'first' needs an integer, got 'x'")


# 8. `campfire games` never splits a player spec's parameter.


def test_games_folds_long_options_and_player_defaults_only_between_words() -> None:
    @attrs.frozen
    class WordyOptions:
        bug: str = attrs.field(default="none", metadata={"help": "which rule to break, said at length " * 4})

    class Wordy(ToyGame):
        title = "A toy with a rather long title for a table"
        options_type = WordyOptions

    reg = registry(Wordy(), heuristics={"toy": Heuristic(player_defaults=LONG_DEFAULTS)})
    result = run(reg, "games", env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert lines[2].startswith("    bug=none  which rule to break, said at length")
    assert lines[3].startswith(" " * 14 + "break")  # folded under the help, not under the name
    words = " ".join(result.stdout.split())
    assert (
        "mcts players default here to iterations=100, tree_depth=1, root=halving, trust=2, rollout=heuristic_guided"
    ) in words


# A listener (the replay recorder) that fails once the match is over must not lose the result.


def test_a_listener_failing_after_the_match_still_prints_the_result() -> None:
    class FailsAtTheEnd:
        @hookimpl
        def campfire_match_end(self, match: Any, result: Any) -> None:
            raise OSError("No space left on device")

    reg = registry(NamedToy())
    reg.register(FailsAtTheEnd())
    result = run(reg, "play", "toy", "-p", "first,first", "--seed", "2", "-q")
    assert_one_line_error(result, "after the match: No space left on device")
    assert result.stdout.startswith("Result: ") and "after 6 steps" in result.stdout


def test_a_game_calling_sys_exit_mid_match_is_a_one_line_error_naming_the_game() -> None:
    class ExitsOnApply(ToyGame):
        def _setup(self, players: int, seed: int, options: Any) -> Any:
            state = super()._setup(players, seed, options)

            def apply(seat: int, action: Any) -> None:
                sys.exit(0)

            state.apply = apply
            return state

    result = run(registry(ExitsOnApply()), "play", "toy", "-p", "first,first", "-q")
    assert_one_line_error(result, "game 'toy' raised SystemExit: 0 in apply at step 1")


class ExitsAtSetup(FirstToy):
    def _setup(self, players: int, seed: int, options: Any) -> Any:
        sys.exit(3)


def test_a_game_calling_sys_exit_at_setup_is_a_one_line_error_naming_the_game() -> None:
    result = run(registry(ExitsAtSetup()), "play", "toy-first", "-p", "first,first", "-q")
    # Where the game raised, as `campfire check` says it (corekit.errors.raised_at): the plugin's own line.
    where = raised_in(ExitsAtSetup._setup, "sys.exit")
    assert_one_line_error(result, "toy-first could not be set up: SystemExit: 3")
    assert result.stderr.strip() == f"Error: toy-first could not be set up: SystemExit: 3{where}"
    assert result.stdout == ""


def test_check_names_a_game_that_calls_sys_exit_while_trying_the_users_options() -> None:
    result = run(registry(ExitsAtSetup()), "check", "toy-first", "-o", "first=1", "-n", "1", "--no-leaks")
    assert_one_line_error(result, "toy-first could not be set up: SystemExit: 3")
    where = raised_in(ExitsAtSetup._setup, "sys.exit")
    assert result.stderr.strip() == f"Error: toy-first could not be set up: SystemExit: 3{where}"


def test_check_without_options_reports_a_game_calling_sys_exit_at_setup_as_a_failed_check() -> None:
    # Without -o nothing sets the game up before the check: the check itself must catch the exit.
    result = run(registry(ExitsAtSetup()), "check", "toy-first", "--players", "2", "-n", "1", "--no-leaks")
    assert result.exit_code == 1, result.output
    seed = derive_seed(0, "toy-first", 2, 0)
    assert result.stdout == (
        "toy-first with 2 players: FAILED (1 match, 0 steps, 0 samples checked; "
        "no player-level leak check (--no-leaks))\n"
        f"  - seed {seed}: the game raised SystemExit: 3 (at tests/corekit/"
        f"test_cli_bad_input.py:{ExitsAtSetup._setup.__code__.co_firstlineno + 1} in _setup)\n"
        "  To see the moves of the first failed match: campfire check toy-first --players 2 "
        f"--match {seed}\n"
    )
    assert result.stderr == ""


# 9. check --match: the moves of a failed match, to reproduce it.


def test_a_failed_check_names_the_command_that_shows_its_first_failed_match() -> None:
    options = ToyOptions(bug="crashes-late")
    report = check_game(ToyGame(), 2, games=10, options=options)
    result = run(
        registry(ToyGame()), "check", "toy", "-n", "10", "--players", "2", "-o", "bug=crashes-late", "--no-leaks"
    )
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == (
        "  To see the moves of the first failed match: campfire check toy "
        f"--players 2 -o bug=crashes-late --match {report.failed_seeds[0]}"
    )


def test_the_command_for_the_first_failed_match_runs_campfire_the_way_this_python_can(tmp_path, monkeypatch) -> None:
    # No `campfire` script beside this Python (a virtual environment borrowing the base's Campfire, whose script
    # runs the base's Python and would not see a game installed into the environment).
    monkeypatch.setattr("sysconfig.get_path", lambda name: str(tmp_path))
    result = run(
        registry(ToyGame()), "check", "toy", "-n", "10", "--players", "2", "-o", "bug=crashes-late", "--no-leaks"
    )
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1].startswith(
        "  To see the moves of the first failed match: python -m corekit.cli check toy --players 2 -o bug=crashes-late "
    )


class WordedToy(ToyGame):
    """The toy game with a text for each action, which differs from how the action is written."""

    def action_text(self, action: Any) -> str:
        return f"plays {action}"


def test_check_match_prints_each_move_of_that_match_then_its_failure() -> None:
    options = ToyOptions(bug="crashes-late")
    seed = check_game(ToyGame(), 2, games=10, options=options).failed_seeds[0]
    moves: list[tuple[int, int, int]] = []
    failure = check_match(ToyGame(), 2, seed, options, on_move=lambda *move: moves.append(move)).failures[0]
    result = run(
        registry(WordedToy()), "check", "toy", "--players", "2", "-o", "bug=crashes-late", "--match", str(seed)
    )
    assert result.exit_code == 1 and result.stderr == ""
    assert result.stdout.splitlines() == [
        *(f"{step:4d}  seat {seat}: plays {card}  ({card})" for step, seat, card in moves),
        f"toy with 2 players, match {seed}: FAILED",
        f"  - {failure}",
    ]


def test_check_match_of_a_sound_match_prints_its_moves_and_ok() -> None:
    result = run(registry(ToyGame()), "check", "toy", "--players", "3", "--match", "12")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    expected = [[str(step), "seat", f"{(step - 1) % 3}:"] for step in range(1, 10)]  # numbered from 1, as in play
    assert [line.split()[:3] for line in lines[:-1]] == expected
    assert lines[-1] == "toy with 3 players, match 12: ok"


def test_check_match_needs_one_player_count() -> None:
    result = run(registry(ToyGame()), "check", "toy", "--match", "12")
    assert_one_line_error(
        result, "--match needs one player count (--players N): toy allows 2-3, and a match's seed belongs to one"
    )


# Text from a plugin is shown as text: a game's title, seat names, drawing, commentary and action texts
# cannot move the cursor, recolour the terminal or ring its bell.


class HostileToy(NamedToy):
    title = "Toy \x1b[2J\x07title"

    def seat_names(self, players: int, options: Any) -> list[str]:
        return [f"\x1b[31mseat{seat}" for seat in range(players)]

    def action_text(self, action: Any) -> str:
        return f"plays\x1b[1A {action}"

    def events(self, before: Any, after: Any) -> list[str]:
        return ["a card\x07 lands"]

    def render(self, observation: Any, seat: int | None) -> str:
        return "THE\x1b]0;pwned\x07 TABLE\nsecond line"


def test_campfire_games_escapes_control_characters_in_a_games_title() -> None:
    result = run(registry(HostileToy()), "games")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "toy: Toy \\x1b[2J\\x07title" in result.stdout


def test_campfire_play_escapes_control_characters_in_everything_the_game_says() -> None:
    result = run(registry(HostileToy()), "play", "toy", "-p", "first,first", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    for escaped in ("Toy \\x1b[2J\\x07title", "\\x1b[31mseat0", "plays\\x1b[1A", "a card\\x07 lands", "THE\\x1b]0;"):
        assert escaped in result.stdout, escaped
    assert "\nsecond line" in result.stdout  # a drawing's own line breaks stay line breaks


def test_check_stops_at_a_game_that_hangs_and_says_the_leak_check_was_not_run(monkeypatch):
    from corekit import watchdog
    from tests.corekit.tournament.fault_games import FaultyGame

    monkeypatch.setattr(watchdog, "GAME_STEP_LIMIT", 0.3)
    result = run(registry(FaultyGame()), "check", "faulty", "--players", "2", "-n", "5", "-o", "fault=loop-apply")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "faulty with 2 players: FAILED (1 match, 0 steps, 0 samples checked; stopped at the game that did not "
        "return; no player-level leak check)"
    ), result.stdout
    assert "did not return from apply within 0.3s at step 1" in lines[1]


def test_ctrl_c_during_a_match_abandons_it_naming_the_replay_that_keeps_it(tmp_path) -> None:
    from replays.format import read_replay

    class Interrupts(First):
        def decide(self, view: SeatView) -> Any:
            raise KeyboardInterrupt

    plugin = types.ModuleType("interrupting_plugin")
    plugin.campfire_games = hookimpl(lambda: [NamedToy()])
    plugin.campfire_players = hookimpl(
        lambda: [*PLAYERS, PlayerType("interrupter", lambda *_: Interrupts(), help="Ctrl-C while deciding.")]
    )
    replay = tmp_path / "stopped.cfr"
    from replays import plugin as recorder

    registry_with_recorder = Registry([plugin, recorder], entry_points=False)
    result = run(registry_with_recorder, "play", "toy", "-p", "interrupter,first", "--replay", str(replay))
    assert result.exit_code == 1
    assert result.output.rstrip().endswith(f"Match abandoned: interrupted; the match so far is in {replay}")
    assert "Aborted!" not in result.output and "Result:" not in result.output
    assert read_replay(replay).result.unfinished == "interrupted"


def test_check_of_a_game_that_is_not_deterministic_skips_the_leak_check_it_would_only_echo():
    # A search decides differently in two states a seat cannot tell apart when the game itself draws from
    # `random`: the leak check would list those choices as leaks, burying the cause under them.
    from ai.plugin import campfire_players
    from tests.corekit.toy_game import ToyGame

    plugin = types.ModuleType("nondeterministic_plugin")
    plugin.campfire_games = hookimpl(lambda: [ToyGame()])
    plugin.campfire_players = hookimpl(campfire_players)  # mcts, the leak probe
    reg = Registry([plugin], entry_points=False)
    assert reg.leak_probe() is not None
    result = run(reg, "check", "toy", "--players", "2", "-n", "5", "-o", "bug=nondeterministic")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith(
        "the game is not deterministic, so a search's choices cannot tell a leak; no player-level leak check)"
    ), result.stdout
    assert "different observations" in result.stdout
    assert "chose differently" not in result.stdout
