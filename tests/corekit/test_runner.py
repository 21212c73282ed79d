"""The match runner: seat views, validation, forfeits, events, one player at several seats."""

import enum
import re
import time
import types
from typing import Any

import pytest

from corekit import Player, PlayerFailed, Registry, Rng, SeatView, hookimpl, play_match
from corekit.conformance.probe import _reaches
from tests.corekit.toy_game import ToyGame
from tests.raise_site import raised_in

GAME = ToyGame()


class Recorder:
    def __init__(self):
        self.events = []

    @hookimpl
    def campfire_match_start(self, match):
        self.events.append(("start", match.seed))

    @hookimpl
    def campfire_action_applied(self, match, seat, action, annotation):
        self.events.append(("action", seat, action, "time" in annotation, annotation.get("note")))

    @hookimpl
    def campfire_match_end(self, match, result):
        self.events.append(("end", result.returns))


class First(Player):
    needs_sample = False

    def __init__(self):
        self.seats = []

    def decide(self, view):
        self.seats.append(view.seat)
        return view.legal_actions[0]

    def annotation(self):
        return {"note": "first"}


class Peeker(Player):
    def __init__(self):
        self.views = []

    def decide(self, view):
        self.views.append(view)
        return view.legal_actions[0]


class Cheater(Player):
    needs_sample = False

    def decide(self, view):
        return 99


class Crasher(Player):
    needs_sample = False

    def decide(self, view):
        raise ZeroDivisionError("oops")


def registry_with(*plugins):
    toy = types.ModuleType("toy")
    toy.campfire_games = hookimpl(lambda: [GAME])
    return Registry([toy, *plugins], entry_points=False)


def test_events_are_reported_in_order_with_annotations():
    recorder = Recorder()
    player = First()
    result = play_match(GAME, ["a", "b"], 3, players=[player, player], registry=registry_with(recorder))
    assert recorder.events[0] == ("start", 3)
    assert recorder.events[-1] == ("end", result.returns)
    actions = [e for e in recorder.events if e[0] == "action"]
    assert len(actions) == result.steps == 6
    assert all(e[3] and e[4] == "first" for e in actions)


class Heard:
    """Listeners naming fewer arguments than the hook gives, as pluggy allows."""

    def __init__(self, name, log):
        self.name, self.log = name, log

    @hookimpl
    def campfire_action_applied(self, seat, action):
        self.log.append((self.name, seat, action))


def test_every_listener_hears_each_step_in_pluggys_order_with_the_arguments_it_names():
    log = []
    registry = registry_with(Heard("a", log), Heard("b", log))
    play_match(GAME, ["x", "x"], 1, players=[First(), First()], registry=registry)
    through_pluggy = []
    registry = registry_with(Heard("a", through_pluggy), Heard("b", through_pluggy))
    for seat, action in [(0, 1), (1, 2)]:
        registry.hook.campfire_action_applied(match=None, seat=seat, action=action, annotation={})
    assert [name for name, _, _ in through_pluggy] == ["b", "a", "b", "a"]  # the last registered first
    assert [name for name, _, _ in log] == ["b", "a"] * 6
    assert log[0][1:] == log[1][1:] == (0, 1)  # seat 0 takes the first legal action, 1


class Leaving:
    """Unregisters itself after the first step it hears."""

    def __init__(self):
        self.heard = 0
        self.registry = None

    @hookimpl
    def campfire_action_applied(self, seat):
        self.heard += 1
        self.registry.pm.unregister(self)


def test_a_listener_that_unregisters_itself_mid_match_is_not_heard_again():
    leaving = Leaving()
    log = []
    leaving.registry = registry_with(leaving, Heard("h", log))
    play_match(GAME, ["x", "x"], 1, players=[First(), First()], registry=leaving.registry)
    assert leaving.heard == 1
    assert len(log) == 6  # the one that stays hears every step


class Wrapping:
    def __init__(self, log):
        self.log = log

    @hookimpl(wrapper=True)
    def campfire_action_applied(self, seat):
        self.log.append(("before", seat))
        yield
        self.log.append(("after", seat))


def test_a_wrapper_listener_still_wraps_each_step():
    log = []
    play_match(GAME, ["x", "x"], 1, players=[First(), First()], registry=registry_with(Wrapping(log), Heard("h", log)))
    assert log[:3] == [("before", 0), ("h", 0, 1), ("after", 0)]
    assert len(log) == 18


class Failing:
    @hookimpl
    def campfire_action_applied(self, match, seat, action, annotation):
        raise OSError("disk full")


def test_a_listener_that_raises_at_a_step_stops_the_match_with_its_error():
    with pytest.raises(OSError, match="disk full"):
        play_match(GAME, ["x", "x"], 1, players=[First(), First()], registry=registry_with(Failing()))


def test_one_player_object_may_hold_several_seats():
    player = First()
    play_match(GAME, ["x", "x"], 1, players=[player, player], registry=registry_with())
    assert player.seats == [0, 1, 0, 1, 0, 1]


def test_a_seat_view_shows_only_the_seats_observation_and_never_reaches_the_true_state():
    state = GAME.initial_state(2, 5)
    view = SeatView(state, 0)
    assert view.observation == state.observation(0)
    assert view.legal_actions == tuple(state.legal_actions(0))
    assert not _reaches(view, state)
    sampled = view.sample(__import__("corekit").Rng(1))
    assert sampled.observation(0) == state.observation(0)
    assert not hasattr(view, "state") and not hasattr(view, "__dict__")


def test_an_illegal_answer_forfeits_and_the_others_share_the_win():
    result = play_match(GAME, ["cheat", "first"], 1, players=[Cheater(), First()], registry=registry_with())
    assert result.forfeit == 0
    assert result.returns == (0.0, 1.0)
    assert "played an illegal action" in result.error


class PlaysAnObject(Player):
    needs_sample = False

    def decide(self, view):
        return object()


def test_a_forfeits_reason_is_the_same_in_every_process_without_an_objects_memory_address():
    # From an outside tester: "play <object object at 0x7f2d...> is not a legal action" differed from run to run,
    # in results whose records are otherwise the same whichever worker played them.
    result = play_match(GAME, ["object", "first"], 1, players=[PlaysAnObject(), First()], registry=registry_with())
    assert result.forfeit == 0
    assert "<object object> is not a legal action" in result.error and "0x" not in result.error


def test_a_crashing_player_forfeits_with_its_error_recorded():
    result = play_match(GAME, ["first", "crash"], 1, players=[First(), Crasher()], registry=registry_with())
    assert result.forfeit == 1
    # Where the player raised, as a game's failure says it (corekit.errors.raised_at): the player's own line.
    assert result.error == "seat 1 (crash) raised ZeroDivisionError: oops" + raised_in(Crasher.decide)


def test_a_player_offering_itself_an_action_by_rebinding_its_view_forfeits_for_the_illegal_action():
    class Rebinds(Player):
        needs_sample = False

        def decide(self, view):
            view.legal_actions = (99,)  # the runner checks against its own copy of the offer
            return 99

    result = play_match(GAME, ["first", "rebind"], 1, players=[First(), Rebinds()], registry=registry_with())
    assert result.forfeit == 1 and result.returns == (1.0, 0.0)
    assert result.error.startswith("seat 1 (rebind) played an illegal action"), result.error


def test_a_player_changing_its_views_seat_before_it_raises_is_named_by_its_own_seat():
    class Reseats(Player):
        needs_sample = False

        def decide(self, view):
            view.seat = 0
            raise ZeroDivisionError("oops")

    result = play_match(GAME, ["first", "reseat"], 1, players=[First(), Reseats()], registry=registry_with())
    assert result.forfeit == 1
    assert result.error == "seat 1 (reseat) raised ZeroDivisionError: oops" + raised_in(Reseats.decide)


def test_without_forfeits_a_failing_player_raises_a_one_line_error():
    with pytest.raises(PlayerFailed, match="seat 1 \\(crash\\) raised ZeroDivisionError: oops"):
        play_match(
            GAME, ["first", "crash"], 1, players=[First(), Crasher()], registry=registry_with(), forfeit_on_error=False
        )


def test_a_player_over_the_time_limit_forfeits_and_its_late_answer_counts_with_its_time():
    class Slow(First):
        def decide(self, view):
            import time

            time.sleep(0.02)
            return super().decide(view)

    result = play_match(
        GAME, ["slow", "first"], 1, players=[Slow(), First()], registry=registry_with(), time_limit=0.001
    )
    assert result.forfeit == 0 and "ran out of time" in result.error
    assert result.decisions == (1, 0) and result.decision_time[0] >= 0.02


def test_a_decision_cut_off_by_the_watchdog_counts_as_a_decision_with_the_time_it_ran():
    class Hangs(Player):
        needs_sample = False

        def decide(self, view):
            import time

            while True:
                time.sleep(0.01)

    result = play_match(
        GAME, ["first", "hangs"], 1, players=[First(), Hangs()], registry=registry_with(), time_limit=0.1
    )
    assert result.forfeit == 1 and "(cut off after 1." in result.error
    assert (result.steps, result.decisions) == (1, (1, 1))
    assert result.decision_time[1] > 1.0  # cut off at hard_limit(0.1) = 1.1s: its slowest decision, not left out


def test_a_decision_that_raised_counts_as_a_decision_of_its_seat():
    result = play_match(GAME, ["first", "crash"], 1, players=[First(), Crasher()], registry=registry_with())
    assert result.forfeit == 1
    assert (result.steps, result.decisions) == (1, (1, 1)) and result.decision_time[1] > 0.0


def test_players_built_from_specs_get_seeds_from_the_match_seed():
    first = play_match(GAME, ["random", "random"], 8, registry=Registry())
    again = play_match(GAME, ["random", "random"], 8, registry=Registry())
    assert first.returns == again.returns and first.steps == again.steps


def test_an_exception_inside_the_game_is_the_games_fault_not_a_forfeit(monkeypatch):
    from corekit import GameFailed
    from tests.corekit import toy_game

    def broken(self, seat, action):
        raise KeyError("missing card")

    monkeypatch.setattr(toy_game.ToyState, "_apply", broken)
    where = re.escape(raised_in(broken))  # the game's own line, as `campfire check` names it
    with pytest.raises(GameFailed, match=rf"^game 'toy' raised KeyError: 'missing card' in apply at step 1{where}$"):
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())


class FailsAtTheEnd:
    """A match-end listener that cannot do its job, like a replay recorder on a full disk."""

    @hookimpl
    def campfire_match_end(self, match, result):
        raise OSError("No space left on device")


def test_a_listener_failing_at_the_end_keeps_the_result_of_the_match():
    from corekit.match import ListenerFailed

    expected = play_match(GAME, ["a", "b"], 5, players=[First(), First()], registry=registry_with())
    with pytest.raises(ListenerFailed, match=r"^after the match: No space left on device$") as failed:
        play_match(GAME, ["a", "b"], 5, players=[First(), First()], registry=registry_with(FailsAtTheEnd()))
    kept = failed.value.result
    assert (kept.returns, kept.steps, kept.decisions) == (expected.returns, expected.steps, expected.decisions)


def test_game_deadline_cuts_off_game_code_run_outside_a_match():
    from corekit import GameFailed
    from corekit.watchdog import game_deadline

    class Loops:
        def legal_actions(self, seat):
            while True:
                pass

    state = toy_state_with(Loops.legal_actions)
    cut_off = r"^game 'toy' did not return from legal_actions within 0\.2s at step 4$"
    with pytest.raises(GameFailed, match=cut_off), game_deadline(GAME, 0.2, "at step 4"):
        state.legal_actions(0)


def test_the_watchdog_leaves_the_alarm_signal_and_timer_as_it_found_them():
    import signal

    def mine(signum, frame):
        raise AssertionError("the caller's handler must not be called by the runner's timer")

    previous = signal.signal(signal.SIGALRM, mine)
    try:
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with(), time_limit=5)
        assert signal.getsignal(signal.SIGALRM) is mine
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_a_match_arms_the_alarm_once_from_its_setup_to_its_end(monkeypatch):
    import signal

    armed = []
    real = signal.setitimer

    def counting(which, seconds, interval=0.0):
        armed.append(seconds)
        return real(which, seconds, interval)

    monkeypatch.setattr(signal, "setitimer", counting)
    play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())
    assert len(armed) == 2 and armed[0] > 0 and armed[1] == 0  # set once, put back once: setup included


def toy_state_with(legal_actions):
    """A toy match's state whose legal_actions is replaced (on its own class, so tracebacks show a state method)."""
    from tests.corekit import toy_game

    class Broken(toy_game.ToyState):
        pass

    Broken.legal_actions = legal_actions
    state = GAME.initial_state(2, 1)
    state.__class__ = Broken
    return state


def test_a_time_forfeit_shows_enough_digits_to_be_over_its_limit():
    from corekit.runner import _seconds

    assert _seconds(0.00213, 0.002) == "0.0021"  # "0.00s > the 0.002s limit" read as false
    assert _seconds(1.2345, 1.0) == "1.23"
    assert float(_seconds(0.0020000001, 0.002)) > 0.002


def test_a_player_that_looks_is_seated_with_each_of_its_seats_view_of_the_deal_before_the_first_move():
    seen = []

    class Looks(First):
        def seated(self, view):
            seen.append((view.seat, view.observation, view.legal_actions))

    looker = Looks()
    play_match(GAME, ["looks", "looks"], 1, players=[looker, looker], registry=registry_with())
    dealt = GAME.initial_state(2, 1)
    assert seen == [(seat, dealt.observation(seat), tuple(dealt.legal_actions(seat))) for seat in (0, 1)]


def test_a_player_failing_when_seated_forfeits_before_the_first_move():
    class Fails(First):
        def seated(self, view):
            raise KeyError("no chair")

    result = play_match(GAME, ["first", "fails"], 1, players=[First(), Fails()], registry=registry_with())
    assert (result.forfeit, result.steps) == (1, 0)
    assert result.error == "seat 1 (fails) raised KeyError: 'no chair' when seated"
    with pytest.raises(PlayerFailed, match=r"^seat 1 \(fails\) raised KeyError: 'no chair' when seated$"):
        play_match(
            GAME, ["first", "fails"], 1, players=[First(), Fails()], registry=registry_with(), forfeit_on_error=False
        )


def test_a_player_cannot_reorder_or_extend_the_actions_it_was_offered_and_forfeits_trying():
    # The runner records a decision by its place among the offered actions, and a game may hand out its own cached
    # list: a player sorting it in place corrupted replays, and one appending to it got the game blamed.
    class Sorts(First):
        def decide(self, view):
            view.legal_actions.sort(reverse=True)
            return view.legal_actions[0]

    result = play_match(GAME, ["sorts", "first"], 1, players=[Sorts(), First()], registry=registry_with())
    assert result.forfeit == 0
    assert result.error is not None and result.error.startswith("seat 0 (sorts) raised AttributeError: ")
    state = GAME.initial_state(2, 1)
    assert SeatView(state, 0).legal_actions == tuple(state.legal_actions(0))


def test_legal_actions_returning_a_generator_is_the_games_fault_named_as_such():
    from corekit import GameFailed
    from tests.corekit.leaky_games import leaky_game

    says = (
        r"^game 'glowworms-legal-generator' at step 1: legal_actions\(0\) returned a generator; return a list or tuple$"
    )
    with pytest.raises(GameFailed, match=says):
        play_match(leaky_game("glowworms-legal-generator"), ["random", "random"], 1, registry=Registry())


def test_a_search_tripping_on_a_generator_of_legal_actions_blames_the_game_not_the_player():
    from corekit import GameFailed, Rng
    from tests.corekit.leaky_games import Glowworms, leaky_game

    class Searches(Player):
        def decide(self, view):
            legal = view.sample(Rng(1)).legal_actions(view.seat)  # a search asks a sample for them
            return legal[len(legal) - 1]  # TypeError: a generator has no len(), raised in the player's own code

    game = leaky_game("glowworms-legal-generator")
    with pytest.raises(GameFailed, match=r"^game 'glowworms-legal-generator' at step 1: legal_actions\(0\) returned"):
        play_match(game, ["searches", "searches"], 1, players=[Searches(), Searches()], registry=Registry())
    # The same player in a game that keeps the contract plays on.
    played = play_match(Glowworms(), ["searches"] * 2, 1, players=[Searches(), Searches()], registry=Registry())
    assert played.forfeit is None and played.error is None


def test_legal_actions_returning_a_set_is_named_too(monkeypatch):
    from corekit import GameFailed
    from tests.corekit import toy_game

    real = toy_game.ToyState.legal_actions
    monkeypatch.setattr(toy_game.ToyState, "legal_actions", lambda self, seat: set(real(self, seat)))
    with pytest.raises(
        GameFailed, match=r"^game 'toy' at step 1: legal_actions\(0\) returned a set; return a list or tuple$"
    ):
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())


def test_a_player_crashing_beside_legal_actions_given_as_a_deque_is_the_players_forfeit(monkeypatch):
    """A deque or a UserList has the length and indexing a player could need: a player's own bug beside one is not
    relabelled the game's failure; nor is one that no sequence causes (a ZeroDivisionError) beside a set, which a
    player can trip on with a TypeError (test_legal_actions_returning_a_set_is_named_too)."""
    import collections

    from tests.corekit import toy_game

    real = toy_game.ToyState.legal_actions
    for sequence in (collections.deque, collections.UserList, set):
        monkeypatch.setattr(toy_game.ToyState, "legal_actions", lambda self, seat, s=sequence: s(real(self, seat)))
        result = play_match(GAME, ["crash", "a"], 1, players=[Crasher(), First()], registry=registry_with())
        assert result.forfeit == 0
        assert result.error is not None and "raised ZeroDivisionError: oops" in result.error


def test_returns_outside_zero_and_one_are_the_games_fault_at_the_end_of_the_match():
    from corekit import GameFailed
    from tests.corekit.leaky_games import leaky_game

    says = (
        r"^game 'glowworms-returns-scores' at the end \(after step \d+\): returns \[\d+\.0, \d+\.0\] are not one "
        r"number in \[0, 1\] per seat$"
    )
    with pytest.raises(GameFailed, match=says):
        play_match(leaky_game("glowworms-returns-scores"), ["random", "random"], 1, registry=Registry())


@pytest.mark.parametrize(
    ("returns", "shown"),
    [([1.0], r"\[1\.0\]"), ([float("nan"), 1.0], r"\[nan, 1\.0\]"), (["won", 0], r"\['won', 0\]"), ([-0.5, 1.5], None)],
)
def test_returns_of_the_wrong_count_or_not_numbers_in_range_are_refused_alike(monkeypatch, returns, shown):
    from corekit import GameFailed
    from tests.corekit import toy_game

    monkeypatch.setattr(toy_game.ToyState, "returns", lambda self: returns)
    says = rf"^game 'toy' at the end \(after step 6\): returns {shown or '.*'} are not one number in \[0, 1\] per seat$"
    with pytest.raises(GameFailed, match=says):
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())


def test_whole_numbers_in_range_are_returned_as_floats(monkeypatch):
    from tests.corekit import toy_game

    monkeypatch.setattr(toy_game.ToyState, "returns", lambda self: [1, 0])
    result = play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())
    assert result.returns == (1.0, 0.0) and all(type(r) is float for r in result.returns)


class _Ending(enum.StrEnum):
    HIGH = "high total"


def _ending_toy(monkeypatch, endings, ending):
    """The toy game declaring `endings`, whose finished states say `ending`."""
    from tests.corekit import toy_game

    monkeypatch.setattr(toy_game.ToyGame, "endings", endings, raising=False)
    monkeypatch.setattr(toy_game.ToyState, "ending", lambda self: ending if not self.to_act else None)


def test_a_match_result_says_how_the_rules_ended_it(monkeypatch):
    _ending_toy(monkeypatch, ("high total", "cards out"), "cards out")
    result = play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())
    assert result.ending == "cards out"


def test_a_game_that_declares_no_endings_ends_its_matches_with_none():
    result = play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())
    assert result.ending is None


def test_a_forfeited_match_has_no_ending_by_the_rules(monkeypatch):
    from tests.corekit import toy_game

    _ending_toy(monkeypatch, ("high total",), "high total")
    # Not even from a game whose ending() answers before the end (`campfire check` refuses that): none is asked.
    monkeypatch.setattr(toy_game.ToyState, "ending", lambda self: "high total")
    result = play_match(GAME, ["crash", "a"], 1, players=[Crasher(), First()], registry=registry_with())
    assert result.forfeit == 0 and result.ending is None


@pytest.mark.parametrize(
    ("endings", "ending", "said"),
    [
        (("high total",), "stalled", "ending() is 'stalled', not one of the game's endings ('high total')"),
        (("high total",), None, "ending() is None, not one of the game's endings ('high total')"),
        ((), "stalled", "ending() is 'stalled', but the game declares no endings (list them in Game.endings)"),
        # A tournament counts endings by name: one is a str itself, and an enum equal to a declared name is refused.
        (
            ("high total",),
            _Ending.HIGH,
            "ending() is <_Ending.HIGH: 'high total'>, not one of the game's endings ('high total')",
        ),
    ],
)
def test_an_ending_the_game_did_not_declare_is_the_games_fault_at_the_end(monkeypatch, endings, ending, said):
    from corekit import GameFailed

    _ending_toy(monkeypatch, endings, ending)
    with pytest.raises(GameFailed, match=rf"^game 'toy' at the end \(after step 6\): {re.escape(said)}$"):
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())


class Sampler(Player):
    """Samples its view at each decision, as a searching player does."""

    def decide(self, view):
        view.sample(Rng(1))
        return view.legal_actions[0]


@pytest.mark.parametrize(("specs", "kept"), [(("random", "random"), False), (("random", "sampler"), True)])
def test_a_match_keeps_the_record_of_face_down_cards_only_when_a_player_samples(specs, kept):
    from corekit import default_registry

    registry = default_registry()
    game = registry.game("grizzly-race")
    players = [
        Sampler() if spec == "sampler" else registry.player_type("random").make(None, 1, game, None) for spec in specs
    ]
    records = []
    result = play_match(
        game, list(specs), 4, players=players, registry=registry, on_step=lambda m, s, a: records.append(m.state.record)
    )
    assert all((record is not None) == kept for record in records) and len(records) == result.steps


def test_play_match_refuses_a_games_id_players_short_of_the_seats_and_a_function_for_a_player_in_one_line():
    from corekit import default_registry

    class First(Player):
        needs_sample = False

        def decide(self, view):
            return view.legal_actions[0]

    game = default_registry().game("grizzly-race")
    with pytest.raises(TypeError, match=r"^play_match takes a Game \(registry.game\(id\)\), not str 'grizzly-race'$"):
        play_match("grizzly-race", ["random", "random"], 1)
    with pytest.raises(TypeError, match=r"^the player specs are a list of them, one a seat"):
        play_match(game, "random,random", 1)  # not 13 seats, one a letter
    with pytest.raises(ValueError, match=r"^1 players for 2 seats: `specs` names each seat"):
        play_match(game, ["random", "random"], 1, players=[First()])
    with pytest.raises(TypeError, match=r"^the player of seat 0 is a function, not a Player \(decide\(view\)\)$"):
        play_match(game, ["a", "b"], 1, players=[lambda view: view.legal_actions[0], First()])


@pytest.mark.parametrize("seat", [-1, 2, 99])
def test_a_seat_view_of_a_seat_the_match_does_not_have_is_refused_not_a_spectators(seat):
    state = ToyGame().initial_state(2, 1)
    with pytest.raises(ValueError, match=rf"^seat {seat} is not a seat of this 2-seat match$"):
        SeatView(state, seat)


class AnnotationRaises(First):
    def annotation(self):
        raise RuntimeError("annotation broke")


class AnnotationOfAList(First):
    def annotation(self):
        return ["not", "a", "dict"]


@pytest.mark.parametrize(
    ("player", "says"),
    [
        (AnnotationRaises(), "raised RuntimeError: annotation broke in annotation"),
        (AnnotationOfAList(), "annotation gave list, not a dict or None"),
    ],
)
def test_a_player_whose_annotation_fails_forfeits_before_its_move_is_applied(player, says):
    # From an outside tester: the runner called `annotation()` unguarded after the move, so the whole match failed
    # ("the match raised RuntimeError") naming no seat, and `play` exited 2 without a replay.
    result = play_match(GAME, ["first", "odd"], 1, players=[First(), player], registry=registry_with())
    assert result.forfeit == 1 and result.returns == (1.0, 0.0)
    assert result.error.startswith(f"seat 1 (odd) {says}")
    assert result.steps == 1  # seat 0's move only: seat 1's was not applied


class Watcher(First):
    """Plays the first legal action and keeps the views `finished` shows it."""

    def __init__(self, then=None):
        super().__init__()
        self.ends: list[Any] = []
        self.then = then

    def finished(self, view):
        self.ends.append((view.seat, view.observation))
        if self.then is not None:
            self.then()


def test_each_seat_is_shown_the_end_of_a_played_out_match_and_of_a_forfeited_one():
    watcher = Watcher()
    played = play_match(GAME, ["w", "first"], 1, players=[watcher, First()], registry=registry_with())
    state = GAME.initial_state(2, 1)
    assert played.forfeit is None and [seat for seat, _ in watcher.ends] == [0]
    assert watcher.ends[0][1] != state.observation(0)  # the view of the end, not of the deal
    forfeited = Watcher()
    result = play_match(GAME, ["w", "crash"], 1, players=[forfeited, Crasher()], registry=registry_with())
    assert result.forfeit == 1 and [seat for seat, _ in forfeited.ends] == [0]


def _raise():
    raise RuntimeError("finished broke")


def _exit():
    raise SystemExit(3)


@pytest.mark.parametrize("then", [_raise, _exit, lambda: time.sleep(30)], ids=["raises", "exits", "overruns"])
def test_a_player_failing_as_it_is_shown_the_end_leaves_the_result_as_it_was(then):
    # From a review: a `finished` that ran past the cut-off made the finished match a PlayerFailed, its result lost.
    expected = play_match(GAME, ["first", "first"], 1, players=[First(), First()], registry=registry_with())
    started = time.monotonic()
    result = play_match(
        GAME, ["w", "first"], 1, players=[Watcher(then), First()], registry=registry_with(), time_limit=0.05
    )
    assert (result.returns, result.steps, result.forfeit) == (expected.returns, expected.steps, None)
    assert time.monotonic() - started < 10  # the overrunning one was cut off, not waited for


def _interrupt():
    raise KeyboardInterrupt


def test_ctrl_c_as_a_player_is_shown_the_end_is_raised_once_the_listeners_have_the_whole_match():
    # From a review: it was swallowed, so a tournament's stop signal landing there was lost.
    recorder = Recorder()
    with pytest.raises(KeyboardInterrupt):
        play_match(GAME, ["w", "first"], 1, players=[Watcher(_interrupt), First()], registry=registry_with(recorder))
    assert recorder.events[-1][0] == "end" and recorder.events[-1][1] != (0.0, 0.0)  # the match as played


# Pinned by a mutation sweep of the runner: each test below fails with one planted change to corekit/runner.py.


class Timed:
    """A listener keeping the seat and the annotation's time of each step."""

    def __init__(self):
        self.steps = []

    @hookimpl
    def campfire_action_applied(self, seat, annotation):
        self.steps.append((seat, annotation["time"]))


def half_second_clock(monkeypatch):
    """The runner's clock, moved on half a second at each reading: a decision takes 0.5s, exactly."""
    import itertools

    ticks = itertools.count()
    monkeypatch.setattr("corekit.runner.time", types.SimpleNamespace(perf_counter=lambda: next(ticks) * 0.5))


def test_a_seats_decisions_and_their_times_add_up_and_the_time_limit_holds_for_each_decision_alone(monkeypatch):
    half_second_clock(monkeypatch)
    timed = Timed()
    result = play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with(timed), time_limit=1.0)
    # Three decisions of 0.5s a seat: 1.5s in all, over the 1s limit, which no single decision passed.
    assert result.forfeit is None and result.error is None
    assert (result.steps, result.decisions, result.decision_time) == (6, (3, 3), (1.5, 1.5))
    assert timed.steps == [(0, 0.5), (1, 0.5)] * 3


def test_the_time_a_listener_hears_is_the_runners_measure_not_the_one_a_player_annotates(monkeypatch):
    class Claims(First):
        def annotation(self):
            return {"note": "mine", "time": 99.0}

    half_second_clock(monkeypatch)
    recorded = []

    class Keeps:
        @hookimpl
        def campfire_action_applied(self, annotation):
            recorded.append(annotation)

    play_match(GAME, ["a", "b"], 1, players=[Claims(), Claims()], registry=registry_with(Keeps()))
    assert recorded == [{"note": "mine", "time": 0.5}] * 6


def test_listeners_and_on_step_are_told_the_seat_that_acted_at_each_step():
    timed = Timed()
    told = []
    play_match(
        GAME,
        ["a", "b"],
        1,
        players=[First(), First()],
        registry=registry_with(timed),
        on_step=lambda match, seat, action: told.append((seat, match.steps)),
    )
    assert [seat for seat, _ in timed.steps] == [0, 1, 0, 1, 0, 1]
    assert told == [(0, 1), (1, 2), (0, 3), (1, 4), (0, 5), (1, 6)]


def test_a_game_that_takes_one_decision_more_than_its_declared_bound_is_refused():
    from corekit.match import MatchTooLong

    class Undercounts(ToyGame):
        def max_decisions(self, players, options):
            return 3 * players - 1  # the toy match takes 3 * players

    steps = []
    with pytest.raises(MatchTooLong, match=r"^toy passed its declared bound of 5 decisions$"):
        play_match(
            Undercounts(),
            ["a", "b"],
            1,
            players=[First(), First()],
            registry=registry_with(),
            on_step=lambda match, seat, action: steps.append(match.steps),
        )
    assert steps == [1, 2, 3, 4, 5, 6]


def test_a_seat_in_to_act_offered_no_legal_action_is_the_games_fault_not_the_players_forfeit():
    from corekit import GameFailed

    says = r"^game 'toy' offered no legal action to seat 0 at step 3 \(legal_actions is empty for a seat in to_act\)$"
    with pytest.raises(GameFailed, match=says):
        play_match(GAME, ["a", "b"], 1, {"bug": "no-moves"}, players=[First(), First()], registry=registry_with())


def test_a_forfeit_in_a_cooperative_game_loses_for_the_whole_team():
    class Together(ToyGame):
        cooperative = True

    result = play_match(Together(), ["first", "cheat"], 1, players=[First(), Cheater()], registry=registry_with())
    assert (result.forfeit, result.returns) == (1, (0.0, 0.0))


def test_a_return_below_zero_is_refused_even_when_none_is_above_one(monkeypatch):
    from corekit import GameFailed
    from tests.corekit import toy_game

    monkeypatch.setattr(toy_game.ToyState, "returns", lambda self: [1.0, -0.5])
    says = r"^game 'toy' at the end \(after step 6\): returns \[1\.0, -0\.5\] are not one number in \[0, 1\] per seat$"
    with pytest.raises(GameFailed, match=says):
        play_match(GAME, ["a", "b"], 1, players=[First(), First()], registry=registry_with())


def test_more_players_than_seats_are_refused():
    with pytest.raises(ValueError, match=r"^3 players for 2 seats: `specs` names each seat"):
        play_match(GAME, ["a", "b"], 1, players=[First(), First(), First()], registry=registry_with())


def test_a_player_raising_a_player_failure_of_its_own_forfeits_its_own_seat():
    # The runner blames the seat it asked, not the seat a PlayerFailed the player raised names.
    class Blames(First):
        def decide(self, view):
            raise PlayerFailed(0, "other", "gave up")

    result = play_match(GAME, ["first", "blames"], 1, players=[First(), Blames()], registry=registry_with())
    assert (result.forfeit, result.returns, result.steps) == (1, (1.0, 0.0), 1)
    assert result.error == "seat 1 (blames) gave up"  # the seat and spec the runner asked, the player's reason


@pytest.mark.parametrize("where", ["seated", "decide", "annotation"])
def test_a_player_failure_naming_a_seat_of_no_match_forfeits_the_seat_that_raised_it(where):
    # A seat 7 at a table of two made both seats winners (forfeit_returns shares the win among the others).
    class Blames(First):
        def seated(self, view):
            if where == "seated":
                raise PlayerFailed(7, "other", "gave up")

        def decide(self, view):
            if where == "decide":
                raise PlayerFailed(7, "other", "gave up")
            return super().decide(view)

        def annotation(self):
            if where == "annotation":
                raise PlayerFailed(7, "other", "gave up")
            return None

    result = play_match(GAME, ["first", "blames"], 1, players=[First(), Blames()], registry=registry_with())
    assert (result.forfeit, result.returns, result.error) == (1, (1.0, 0.0), "seat 1 (blames) gave up")


def test_each_seat_built_from_a_spec_gets_its_own_seed_derived_from_the_match_seed_and_the_seat():
    from corekit import PlayerType
    from corekit.rng import derive_seed

    seeds = []

    def make(options, seed, game, heuristic):
        seeds.append(seed)
        return First()

    plugin = types.ModuleType("seeded")
    plugin.campfire_players = hookimpl(lambda: [PlayerType("seeded", make)])
    play_match(GAME, ["seeded", "seeded", "seeded"], 8, registry=registry_with(plugin))
    assert seeds == [derive_seed(8, "seat", seat) for seat in range(3)]
    assert len(set(seeds)) == 3


def test_every_seat_that_looks_is_shown_the_end():
    watcher = Watcher()
    play_match(GAME, ["w", "w"], 1, players=[watcher, watcher], registry=registry_with())
    assert [seat for seat, _ in watcher.ends] == [0, 1]
