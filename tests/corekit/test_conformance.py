"""The conformance checks pass a correct game and catch each planted contract violation."""

import itertools
import re
import sys
import types

import pytest

from corekit import Player, hookimpl
from corekit.conformance import Report, check_game, check_leaks, check_match
from corekit.rng import derive_seed
from tests.corekit.toy_game import ToyGame, ToyOptions, ToyState

GAME = ToyGame()


def failures(bug: str) -> list[str]:
    return check_game(GAME, 2, games=20, seed=1, options=ToyOptions(bug=bug), sample_every=1).failures


def test_a_correct_game_passes_every_check():
    assert failures("none") == []


@pytest.mark.parametrize(
    ("bug", "message"),
    [
        ("endless", "passed its declared bound"),
        ("no-moves", "is to act but has no legal action"),
        ("accepts-illegal", "was accepted"),
        ("nondeterministic", "different observations"),
        ("shallow-clone", "playing on a clone changed the original"),
        ("creates-cards", "cards changed across zones"),
        ("sample-returns-truth", "kept the true chance generator"),
        ("sample-keeps-future", "kept the true chance generator"),
        ("sample-leaks", "depends on more than seat"),
        ("sample-wrong-observation", "does not match seat"),
    ],
)
def test_each_planted_bug_is_reported(bug, message):
    found = failures(bug)
    assert any(message in f for f in found), found


def test_a_nondeterministic_game_is_reported_naming_the_seat_the_field_and_both_values(monkeypatch):
    import random

    calls = itertools.count()  # each call another card: the two copies of the match never play alike
    monkeypatch.setattr(random, "randint", lambda low, high: low + next(calls) % (high - low + 1))
    found = failures("nondeterministic")
    assert found and all(
        re.fullmatch(
            r"seed \d+ step 1: the same seed and actions gave different observations of seat 0: "
            r"played\[0\]\[0\]: (\d) vs (?!\1)\d",
            failure,
        )
        for failure in found
    ), found


def test_a_commentary_that_tells_something_between_an_observation_and_itself_is_reported(monkeypatch):
    monkeypatch.setattr(ToyGame, "events", lambda self, before, after: ["the last round again"], raising=False)
    found = failures("none")
    assert found and "events() between an observation of seat 0 and itself told 'the last round again'" in found[0]


def test_a_fast_legality_test_that_disagrees_with_legal_actions_is_reported(monkeypatch):
    # It accepts a float for a card, where legal_actions offers only ints.
    monkeypatch.setattr(
        ToyState,
        "_offers",
        lambda self, seat, action: seat in self.to_act and action in self.hands[seat],
        raising=False,
    )
    found = failures("none")
    assert found and re.search(r"_offers\(\d, (True|\d\.0)\) says True, legal_actions says False$", found[0]), found


def test_a_commentary_that_leaves_out_another_seats_visible_move_is_reported(monkeypatch):
    monkeypatch.setattr(ToyGame, "events", lambda self, before, after: [], raising=False)
    found = failures("none")
    assert found, "the toy plays face up: every move changes what the other seat sees"
    assert re.search(r"seat (\d) played \d+, which changed what seat (?!\1)\d sees, but events\(\) told", found[0]), (
        found
    )
    # Only on request is a game without a commentary let through.
    assert check_game(GAME, 2, games=20, seed=1, options=ToyOptions(), commentary=False).failures == []


def test_a_commentary_that_tells_every_move_passes():
    # The toy's own commentary names each card played; the check is on by default.
    assert check_game(GAME, 2, games=20, seed=1, options=ToyOptions()).failures == []


def test_a_render_or_action_text_that_gives_no_text_is_reported(monkeypatch):
    monkeypatch.setattr(ToyGame, "render", lambda self, observation, seat: None)
    assert "render() of seat 0's view gave None, not text" in failures("none")[0]
    monkeypatch.undo()
    monkeypatch.setattr(ToyGame, "action_text", lambda self, action: action)
    found = failures("none")[0]
    assert re.search(r"action_text\((\d+)\) gave \1, not text$", found), found


def test_action_steps_that_are_not_texts_or_that_two_legal_actions_share_are_reported(monkeypatch):
    # A person choosing from a long menu by steps could not pick one of two actions with the same steps.
    monkeypatch.setattr(ToyGame, "action_steps", lambda self, action: ("play", str(action)), raising=False)
    assert failures("none") == []
    monkeypatch.setattr(ToyGame, "action_steps", lambda self, action: ("play a card",), raising=False)
    found = failures("none")[0]
    assert re.search(r"the legal actions \d+ and \d+ have the same steps \('play a card',\)$", found), found
    monkeypatch.setattr(ToyGame, "action_steps", lambda self, action: ("play", action), raising=False)
    found = failures("none")[0]
    assert re.search(r"action_steps\((\d+)\) gave \('play', \1\), not a tuple of one or more texts$", found), found
    monkeypatch.setattr(ToyGame, "action_steps", lambda self, action: (), raising=False)
    assert "gave (), not a tuple of one or more texts" in failures("none")[0]


def test_two_seats_sharing_the_whole_deck_pass_though_the_cores_samples_have_nothing_to_redeal():
    from corekit import Game, Rng
    from corekit.state import DeclaredState, Zone, declare, face_up, owned, public

    @declare
    class Shared(DeclaredState):  # each seat knows the other's hand: every card is dealt and the rest is seen
        hands: list[Zone] = owned()
        played: Zone = face_up()
        turn: int = public(default=0, seat=True)

        @property
        def to_act(self):
            return (self.turn,) if self.hands[self.turn] else ()

        def legal_actions(self, seat):
            return sorted(set(self.hands[seat])) if seat in self.to_act else []

        def _apply(self, seat, action):
            self.move(action, self.hands[seat], self.played)
            self.turn = 1 - seat

        def returns(self):
            return [0.5, 0.5]

    class SharedDeck(Game):
        id = "shared-deck"
        min_players = max_players = 2
        state_class = Shared

        def _setup(self, players, seed, options):
            rng = Rng(seed)
            cards = list(range(1, 9))
            rng.shuffle(cards)
            hands = [sorted(cards[:4]), sorted(cards[4:])]
            return Shared(game=self, players=players, options=options, rng=rng, hands=hands)

        def max_decisions(self, players, options):
            return 8

        def action_space(self, players, options):
            return list(range(1, 9))

        def events(self, before, after):
            return [] if before.played == after.played else [f"played {after.played}"]

    assert check_game(SharedDeck(), 2, games=10, seed=0).failures == []


def test_a_sample_that_never_varies_the_hidden_cards_is_reported(monkeypatch):
    from corekit import Rng
    from tests.corekit import toy_game

    def reseed_only(self, seat, rng):
        copy = self.clone()
        copy.rng = Rng(rng.next64())
        return copy

    monkeypatch.setattr(toy_game.ToyState, "sample", reseed_only)
    report = check_game(GAME, 2, games=5)
    assert any("never changed any hidden part" in f for f in report.failures), report.failures


def test_a_sample_with_fewer_seats_to_act_than_the_state_is_reported_as_such(monkeypatch):
    from tests.corekit import toy_game

    true_sample, true_to_act = toy_game.ToyState.sample, toy_game.ToyState.to_act

    def ended(self, seat, rng):
        copy = true_sample(self, seat, rng)
        copy.over = True  # a sample that reads as the end: the runner would stop a search's playout there
        return copy

    monkeypatch.setattr(toy_game.ToyState, "sample", ended)
    monkeypatch.setattr(
        toy_game.ToyState, "to_act", property(lambda s: () if getattr(s, "over", False) else true_to_act.fget(s))
    )
    report = check_game(GAME, 2, games=2)
    assert report.failures and report.failures[0].endswith(
        "step 1: sample(0) has nobody to act where the state has seat 0"
    ), report.failures


def test_a_crash_inside_the_game_is_a_reported_failure_not_an_exception(monkeypatch):
    from tests.corekit import toy_game

    def boom(self, seat, action):
        raise KeyError("kaboom")

    monkeypatch.setattr(toy_game.ToyState, "_apply", boom)
    report = check_game(GAME, 2, games=2)
    assert not report.ok
    line = boom.__code__.co_firstlineno + 1
    assert report.failures[0].endswith(
        f"the game raised KeyError: 'kaboom' (at tests/corekit/test_conformance.py:{line} in boom)"
    )


class ListActionsState(ToyState):
    """The toy game with each card played as a one-item list: an unhashable action, against the contract."""

    def legal_actions(self, seat):
        return [[card] for card in super().legal_actions(seat)]

    def _apply(self, seat, action):
        super()._apply(seat, action[0])

    def clone(self):
        copy = super().clone()
        copy.__class__ = ListActionsState
        return copy


class ListActions(ToyGame):
    id = "toy-lists"

    def _setup(self, players, seed, options):
        state = super()._setup(players, seed, options)
        state.__class__ = ListActionsState
        return state


def test_an_unhashable_action_is_a_one_line_failure_naming_it_not_a_crash():
    game = ListActions()
    report = check_game(game, 2, games=2, seed=1)
    seeds = [derive_seed(1, game.id, 2, index) for index in range(2)]
    firsts = [game.initial_state(2, seed).legal_actions(0)[0] for seed in seeds]
    assert report.failures == [
        f"seed {seed} step 1: action {first!r} of seat 0 is not hashable (unhashable type: 'list'); actions must "
        "be, as players keep them in sets and dicts"
        for seed, first in zip(seeds, firsts)
    ]


class ExitsAtSetup(ToyGame):
    """A toy game whose setup calls sys.exit(3), as a game script's `main` might."""

    id = "toy-exits"

    def _setup(self, players: int, seed: int, options: ToyOptions) -> ToyState:
        sys.exit(3)


def test_a_game_calling_sys_exit_is_a_reported_failure_of_each_match_not_an_exit() -> None:
    game = ExitsAtSetup()
    report = check_game(game, 2, games=2, seed=1)
    assert report.matches == 2
    line = ExitsAtSetup._setup.__code__.co_firstlineno + 1
    assert report.failures == [
        f"seed {derive_seed(1, game.id, 2, index)}: the game raised SystemExit: 3 (at "
        f"tests/corekit/test_conformance.py:{line} in _setup)"
        for index in range(2)
    ]


def test_a_game_calling_sys_exit_is_a_reported_failure_of_the_leak_check_not_an_exit() -> None:
    from corekit import Registry

    game = ExitsAtSetup()
    report = check_leaks(game, 2, Registry(), games=2, seed=1)
    assert report.matches == 2
    line = ExitsAtSetup._setup.__code__.co_firstlineno + 1
    assert report.failures == [
        f"leak check seed {derive_seed(1, 'leak', game.id, 2, index)}: the game raised "
        f"SystemExit: 3 (at tests/corekit/test_conformance.py:{line} in _setup)"
        for index in range(2)
    ]


def _module(name, **hooks):
    """A plugin module (a plugin must be hashable, as pluggy's are: a namespace object is not)."""
    plugin = types.ModuleType(name)
    vars(plugin).update(hooks)
    return plugin


class Crashes(Player):
    def decide(self, view):
        raise RuntimeError("lost in the woods")


def test_a_player_crashing_in_the_leak_check_is_named_with_the_step() -> None:
    from corekit import PlayerType, Registry

    registry = Registry(
        [
            _module(
                "crashes",
                campfire_players=hookimpl(
                    lambda: [PlayerType("crashes", lambda options, seed, game, heuristic: Crashes())]
                ),
            )
        ],
        entry_points=False,
    )
    report = check_leaks(ToyGame(), 2, registry, games=1, seed=1, spec="crashes")
    line = Crashes.decide.__code__.co_firstlineno + 1
    assert report.failures == [
        f"leak check seed {derive_seed(1, 'leak', 'toy', 2, 0)} step 1: crashes raised "
        f"RuntimeError: lost in the woods (at tests/corekit/test_conformance.py:{line} in "
        "decide)"
    ]


class Fickle(Player):
    """A leak probe that decides otherwise in every second decision: the twin's, which the check asks for after the
    state's each time, as if it told the twin apart."""

    decided = itertools.count()

    def decide(self, view):
        return ("bid", next(Fickle.decided) % 2)


class Restless(Player):
    """A leak probe that never decides the same twice: it draws chance of its own."""

    decided = itertools.count()

    def decide(self, view):
        return ("bid", next(Restless.decided))


def _probe_failures(monkeypatch, probe: type, name: str) -> list[str]:
    """The failures of the leak check of ToyGame at one position, with `probe` (its count of decisions from 0)."""
    from corekit import PlayerType, Registry

    monkeypatch.setattr(probe, "decided", itertools.count())
    kind = PlayerType(name, lambda options, seed, game, heuristic: probe())
    registry = Registry([_module(name, campfire_players=hookimpl(lambda: [kind]))], entry_points=False)
    return check_leaks(ToyGame(), 2, registry, games=1, seed=1, spec=name, positions=1).failures


def test_a_probe_deciding_differently_in_two_states_a_seat_cannot_tell_apart_is_named_with_both_decisions(
    monkeypatch,
) -> None:
    assert _probe_failures(monkeypatch, Fickle, "fickle") == [
        f"leak check seed {derive_seed(1, 'leak', 'toy', 2, 0)} step 1: fickle chose differently in two states "
        "seat 0 cannot tell apart: [1]: 0 vs 1"
    ]


def test_a_probe_deciding_differently_in_the_same_state_is_refused_as_not_deterministic(monkeypatch) -> None:
    assert _probe_failures(monkeypatch, Restless, "restless") == [
        f"leak check seed {derive_seed(1, 'leak', 'toy', 2, 0)} step 1: restless chose differently in the same "
        "state, seeded alike, so it cannot be checked for leaks: [1]: 0 vs 2 (a player takes its chance from the "
        "seed it is made with, not from the random module or the clock); the leak check stops here"
    ]


def test_a_setup_that_forgets_the_states_game_is_named_at_once():
    class Forgetful(ToyGame):
        id = "toy-forgetful"

        def _setup(self, players, seed, options):
            state = super()._setup(players, seed, options)
            del state.game
            return state

    with pytest.raises(
        TypeError,
        match=r"^toy-forgetful: _setup must set state.game, state.players and state.rng "
        r"\(missing: game\)$",
    ):
        Forgetful().initial_state(2, 0)


def test_an_observation_that_holds_a_list_is_reported_as_not_immutable(monkeypatch):
    from tests.corekit import toy_game

    real = toy_game.ToyState.observation

    def with_a_list(self, seat):
        return (real(self, seat), [1, 2])

    monkeypatch.setattr(toy_game.ToyState, "observation", with_a_list)
    found = check_game(GAME, 2, games=2, seed=1, sample_every=1).failures
    assert any("observation is not immutable plain data (TypeError: unhashable type: 'list')" in f for f in found)


def checked_again(seed: int, options: ToyOptions | None = None) -> tuple[Report, list[tuple[int, int, int]]]:
    """`check_match` of the toy game's 2-player match `seed`, and the moves it reported."""
    moves: list[tuple[int, int, int]] = []
    return check_match(GAME, 2, seed, options, on_move=lambda *move: moves.append(move)), moves


def test_a_crash_during_play_names_its_step_and_check_match_shows_the_moves_up_to_it():
    options = ToyOptions(bug="crashes-late")
    report = check_game(GAME, 2, games=30, seed=0, options=options)  # seed 0: a crash comes on a copy
    assert report.failed_seeds and len(report.failed_seeds) < 30  # some matches fail, not all
    on_the_last_move = on_a_copy = 0
    for seed in report.failed_seeds:
        again, moves = checked_again(seed, options)
        assert again.failures == [failure for failure in report.failures if failure.startswith(f"seed {seed} ")]
        assert [move[0] for move in moves] == list(range(1, len(moves) + 1))  # numbered from 1, as `play` does
        for failure in again.failures:
            found = re.match(
                rf"seed {seed} step (\d+): (.*)the game raised ValueError: seat 1 played a 6 last "
                r"\(at ",
                failure,
            )
            step, side_line = int(found[1]), found[2]
            if side_line:  # on a clone or a sample: its own moves are named, as `on_move` shows only the match's
                assert re.fullmatch(r"playing (\d, )*6 on (a clone|sample\(\d\)) of this state, ", side_line)
                on_a_copy += 1
            else:  # the move shown last, step 6, is the one that crashed
                assert step == 6 and moves[-1] == (6, 1, 6)
                on_the_last_move += 1
    assert on_the_last_move and on_a_copy


def test_check_match_replays_the_moves_of_the_same_match_check_game_played():
    report = check_game(GAME, 2, games=1, seed=4)
    again, moves = checked_again(derive_seed(4, GAME.id, 2, 0))
    assert again.ok and report.ok and report.failed_seeds == [] and again.steps == report.steps == 6
    assert [(step, seat) for step, seat, _ in moves] == [(step, (step - 1) % 2) for step in range(1, 7)]
    state = GAME.initial_state(2, derive_seed(4, GAME.id, 2, 0))
    for _, seat, action in moves:
        state.apply(seat, action)  # every move was legal where it was played
    assert state.is_terminal


def test_a_game_looping_in_apply_is_cut_off_and_reported_with_its_step(monkeypatch):
    from corekit import watchdog
    from tests.corekit.tournament.fault_games import FaultyGame

    monkeypatch.setattr(watchdog, "GAME_STEP_LIMIT", 0.5)
    report = check_game(FaultyGame(), 2, games=1, seed=3, options={"fault": "loop-apply", "at": 2})
    assert not report.ok
    assert len(report.failures) == 1, report.failures
    assert "did not return from apply within 0.5s" in report.failures[0], report.failures
    assert re.search(r"step \d+", report.failures[0]), report.failures


def test_a_game_that_hangs_stops_the_check_at_its_first_match(monkeypatch):
    from corekit import watchdog
    from tests.corekit.tournament.fault_games import FaultyGame

    monkeypatch.setattr(watchdog, "GAME_STEP_LIMIT", 0.3)
    report = check_game(FaultyGame(), 2, games=5, seed=3, options={"fault": "loop-apply", "at": 2})
    assert report.hung and report.matches == 1  # every later match would wait out the limit again
    assert len(report.failures) == 1 and "did not return from apply within 0.3s" in report.failures[0]


def test_the_leak_check_cuts_off_a_game_that_hangs_in_the_probes_search(monkeypatch):
    from corekit import watchdog
    from corekit.conformance import check_leaks
    from corekit.plugins import default_registry
    from tests.corekit.tournament.fault_games import FaultyGame

    monkeypatch.setattr(watchdog, "GAME_STEP_LIMIT", 0.3)
    options = {"fault": "loop-apply-in-search", "at": 0}
    report = check_leaks(FaultyGame(), 2, default_registry(), games=3, seed=1, options=options)
    assert report.hung and report.matches == 1
    assert len(report.failures) == 1, report.failures
    assert re.match(  # one call into the game's code ran the whole step limit inside the probe's decision
        r"leak check seed \d+ step 1: game 'faulty' did not return from \w*apply\w* at step 1 of the leak check, "
        r"during the search of seat 0 \(mcts:[^)]*\): cut off after 1\.\ds \(time limit 0\.3s\)$",
        report.failures[0],
    ), report.failures


class Slowpoke(Player):
    """A probe that thinks for ever in its own code, never calling the game's."""

    decided = itertools.count()

    def decide(self, view):
        while True:
            pass


def test_a_probe_thinking_past_the_cut_off_is_its_own_slowness_not_the_games_and_stops_the_leak_check(monkeypatch):
    from corekit import PlayerType, Registry, watchdog
    from corekit.conformance import check_leaks

    monkeypatch.setattr(watchdog, "GAME_STEP_LIMIT", 0.3)
    kind = PlayerType("slowpoke", lambda options, seed, game, heuristic: Slowpoke())
    registry = Registry([_module("slowpoke", campfire_players=hookimpl(lambda: [kind]))], entry_points=False)
    report = check_leaks(ToyGame(), 2, registry, games=3, seed=1, spec="slowpoke", positions=1)
    assert report.probe_slow and not report.hung and report.matches == 1  # the next match would be as slow
    [failure] = report.failures
    assert re.fullmatch(
        rf"leak check seed {derive_seed(1, 'leak', 'toy', 2, 0)} step 1: the leak probe, seat 0 \(slowpoke\) ran out "
        r"of time: no answer within the 0\.3s limit \(cut off after \d+\.\ds\); the leak check stops here \(a "
        r"smaller budget: --probe\)",
        failure,
    ), failure


def test_an_observation_over_the_games_declared_limit_is_reported_with_its_size(monkeypatch):
    from tests.corekit import toy_game

    real = toy_game.ToyState.observation

    def with_its_history(self, seat):  # grows with every card played
        return (real(self, seat), tuple(range(40 * sum(len(cards) for cards in self.played))))

    monkeypatch.setattr(toy_game.ToyState, "observation", with_its_history)
    monkeypatch.setattr(ToyGame, "observation_limit", 400)
    monkeypatch.setattr(ToyGame, "events", lambda self, before, after: [])  # the toy's own reads its views
    failures = check_game(GAME, 2, games=2, seed=1, commentary=False).failures
    assert failures, "an observation of thousands of characters passed under a limit of 400"
    assert re.search(
        r"seat \d's observation takes \d+ characters, over the game's observation_limit of 400", failures[0]
    )


def test_commentary_that_is_not_text_fails_naming_what_was_told():
    from tests.corekit.leaky_games import Glowworms

    class CountsInsteadOfTelling(Glowworms):
        id = "glowworms-counts"

        def events(self, before, after):
            return [len(after.discard)] if after.discard != before.discard else super().events(before, after)

    failures = check_game(CountsInsteadOfTelling(), 2, games=3).failures
    assert failures and all("events() told " in f and ", not a line of text" in f for f in failures), failures
    assert any("events() told seat 1 " in f for f in failures)


def test_commentary_on_the_full_view_that_is_not_text_fails_too():
    from tests.corekit.leaky_games import Glowworms

    class CountsForTheTable(Glowworms):
        id = "glowworms-counts-table"

        def events(self, before, after):
            told = super().events(before, after)
            return [*told, len(after.discard)] if after.seat is None and told else told

    failures = check_game(CountsForTheTable(), 2, games=3).failures
    assert failures and all("events() told the full view " in f and ", not a line of text" in f for f in failures)


def _glowworms_with(state_class):
    from tests.corekit.leaky_games import Glowworms

    kind = type("Broken", (Glowworms,), {"id": "glowworms-broken", "state_class": state_class})
    return kind()


def test_a_deck_in_the_same_order_at_every_setup_is_refused_and_a_shuffled_one_passes():
    from tests.corekit.leaky_games import CARDS, Glowworms

    class ShufflesACopy(Glowworms):
        id = "glowworms-shuffles-a-copy"

        def _deck(self, rng):
            deck = list(CARDS)
            rng.shuffle(list(deck))  # the copy is shuffled; the deck keeps its printed order
            return deck

    report = check_game(ShufflesACopy(), 2, games=4, seed=0)
    assert len(report.failures) == 1, report.failures
    assert re.fullmatch(
        r"seed \d+ and the next 3 matches: the draw pile deck is in the same order at the setup of each: shuffle "
        r"it with the state's generator \(`rng.shuffle\(cards\)` on the cards the state is given\), or every "
        r"match deals alike and a seat knows what it cannot see",
        report.failures[0],
    )
    assert check_game(Glowworms(), 2, games=4, seed=0).failures == []


def test_a_deck_is_compared_across_setups_only_when_it_has_orders_enough_to_differ():
    from corekit.conformance import DECK_ORDERS
    from corekit.walks import orders

    assert orders([3] * 20) == 1  # one kind of card: every shuffle is the same order
    assert orders([1, 2, 3]) == 6  # four shuffles agree by chance once in 216
    assert orders([1, 1, 2, 2]) == 6
    assert orders([1, 2, 3, 4, 5] * 3) == 168_168_000 >= DECK_ORDERS


def test_a_zone_the_game_assigns_instead_of_moving_cards_is_named_at_its_step():
    from corekit.state import Zone
    from tests.corekit.leaky_games import GlowState

    class SortsByAssigning(GlowState):
        def _apply(self, seat, action):
            super()._apply(seat, action)
            self.hands[1] = Zone(sorted(self.hands[1]))  # a new zone: the core's number and record are lost

    report = check_game(_glowworms_with(SortsByAssigning), 2, games=1, seed=0)
    assert len(report.failures) == 1, report.failures
    assert re.match(
        r"seed \d+ step 1: apply replaced the zone hands\[1\] with Zone \[.*\]: move cards with the state's zone "
        r"methods \(move, draw, move_all, shuffle, \.\.\.\), never assign a zone",
        report.failures[0],
    ), report.failures


def test_static_content_changed_by_apply_is_named_as_such_not_as_nondeterminism():
    from corekit.state import declare, static
    from tests.corekit.leaky_games import GlowState

    @declare
    class CountsInContent(GlowState):
        bids_seen: dict[int, int] = static(factory=dict)

        def _apply(self, seat, action):
            super()._apply(seat, action)
            self.bids_seen[action] = self.bids_seen.get(action, 0) + 1  # shared by every copy of the state

    report = check_game(_glowworms_with(CountsInContent), 2, games=1, seed=0)
    assert report.failures == [
        f"seed {report.failed_seeds[0]} step 1: apply changed the static field bids_seen, which every copy of the "
        "state shares: keep what changes in a public or hidden field (static content is the board and card tables)"
    ]


def test_static_content_in_a_class_of_its_own_passes_and_a_note_in_its_attribute_is_refused():
    from corekit.board import Board
    from corekit.state import declare, static
    from tests.corekit.leaky_games import GlowState

    class Space:
        """A space of a map that names its neighbours: a graph with cycles."""

        def __init__(self, name):
            self.name, self.neighbours = name, []

    def make_trail():
        spaces = [Space(f"s{n}") for n in range(60)]
        for n, space in enumerate(spaces):
            space.neighbours += [spaces[(n + 1) % 60], spaces[(n + 7) % 60], spaces[n - 1]]
        return spaces

    @declare
    class OnABoard(GlowState):  # writing-a-game section 8: a Board is static content
        board: Board = static(factory=lambda: Board(["camp", "lake"], [("camp", "lake")]))
        trail: list[Space] = static(factory=make_trail)  # walked once, not along every path round its cycles

    assert check_game(_glowworms_with(OnABoard), 2, games=3, seed=0).failures == []

    class Names(dict):
        """A card-name table, a dict subclass: it has a __dict__ beside its items."""

    @declare
    class NotesTheDeck(GlowState):
        names: Names = static(factory=Names)

        def _apply(self, seat, action):
            super()._apply(seat, action)
            if self.record is not None:
                self.names.deck = tuple(self.deck)  # every copy of the state, a search's samples too, reads it

    report = check_game(_glowworms_with(NotesTheDeck), 2, games=1, seed=0)
    assert report.failures == [
        f"seed {report.failed_seeds[0]} step 1: apply changed the static field names, which every copy of the "
        "state shares: keep what changes in a public or hidden field (static content is the board and card tables)"
    ]


def test_static_content_holding_a_set_of_spaces_that_name_their_neighbours_passes_and_has_one_fingerprint():
    from corekit.state import declare, static
    from corekit.walks import as_data
    from tests.corekit.leaky_games import GlowState

    class Space:  # hashed by identity: a set of them iterates in the order of their addresses
        def __init__(self, name):
            self.name, self.neighbours = name, []

    def make_map():
        spaces = {name: Space(name) for name in ("camp", "lake", "dock", "cabin", "fire")}
        for a, b in [("camp", "lake"), ("lake", "dock"), ("dock", "cabin"), ("cabin", "camp"), ("fire", "camp")]:
            spaces[a].neighbours.append(spaces[b])
            spaces[b].neighbours.append(spaces[a])
        return frozenset(spaces.values())

    maps = [make_map() for _ in range(20)]
    assert len({repr(as_data(one)) for one in maps}) == 1

    def make_trails():  # two trails "camp - path - path - end", alike until their ends (a lake, a dock)
        spaces = {key: Space(key.split("#")[0]) for key in ("camp", "path#1", "path#2", "path#3", "path#4")}
        spaces |= {"lake": Space("lake"), "dock": Space("dock")}
        trails = [("camp", "path#1"), ("path#1", "path#3"), ("path#3", "lake")]
        trails += [("camp", "path#2"), ("path#2", "path#4"), ("path#4", "dock")]
        for a, b in trails:
            spaces[a].neighbours.append(spaces[b])
            spaces[b].neighbours.append(spaces[a])
        return frozenset(spaces.values())

    heap = []
    prints = set()
    for count in range(40):
        heap.append([object() for _ in range(count)])  # other addresses, so another set order
        prints.add(repr(as_data(make_trails())))
    assert len(prints) == 1
    changed = make_map()
    next(space for space in changed if space.name == "dock").name = "pier"
    assert as_data(changed) != as_data(maps[0])

    @declare
    class OnAMap(GlowState):
        spaces: frozenset[Space] = static(factory=make_map)

    assert check_game(_glowworms_with(OnAMap), 2, games=3, seed=0).failures == []


def test_two_public_fields_holding_one_enum_member_are_not_a_shared_value():
    import enum

    from corekit.state import declare, public
    from tests.corekit.leaky_games import GlowState

    class Phase(enum.Enum):
        BID = "bid"
        OVER = "over"

    @declare
    class TwoOfAKind(GlowState):
        phase: Phase = public(default=Phase.BID)
        first_phase: Phase = public(default=Phase.BID)
        history: tuple[Phase, ...] = public(default=(Phase.BID,))
        by_seat: dict[int, Phase] = public(factory=lambda: {0: Phase.BID, 1: Phase.BID})

    assert check_game(_glowworms_with(TwoOfAKind), 2, games=3, seed=0).failures == []


def test_a_phases_field_replaced_by_another_cycle_passes_and_its_view_names_the_cycle():
    from corekit import Phases
    from corekit.state import declare, public
    from tests.corekit.leaky_games import GlowState

    assert Phases(["opening"]).view() != Phases(["play", "cheer"]).view()  # both at index 0 of round 0

    @declare
    class OpensFirst(GlowState):  # an opening cycle, then the rounds: both public facts
        phases: Phases = public(factory=lambda: Phases(["opening"]))

        def _apply(self, seat, action):
            super()._apply(seat, action)
            if self.phases.names == ("opening",):
                self.phases = Phases(["play", "cheer"])
            else:
                self.phases.advance()

    assert check_game(_glowworms_with(OpensFirst), 2, games=3, seed=0).failures == []


def test_a_seat_to_act_with_no_legal_action_on_a_copy_played_forward_is_named_as_such():
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState

    @declare
    class StuckHoldingAFive(GlowState):  # the contract broken: seat 1 has nothing to play once seat 0 bid
        def legal_actions(self, seat):
            if seat == 1 and 0 not in self.bids.waiting and 5 in self.hands[1]:
                return []
            return super().legal_actions(seat)

    failures = check_game(_glowworms_with(StuckHoldingAFive), 2, games=6, seed=0).failures
    named = r"seat 1 is to act with no legal action in (the state|its twin), \d+ step\(s\) after a twin was made"
    assert any(re.search(named, failure) for failure in failures), failures
    assert any(re.search(r"on a clone of this state, seat 1 is to act with no legal action", f) for f in failures)
    assert not any("below()" in failure for failure in failures), failures


def test_a_game_failing_on_a_twin_the_core_made_is_told_apart_from_one_failing_in_the_match():
    from corekit.state import Zone, declare, owned
    from tests.corekit.leaky_games import GlowState

    @declare
    class BidTwice(GlowState):  # a bid kept both as the commitment and as a card parked face down
        slots: list[Zone] = owned(parks_in="hands", accepts=range(1, 6))

        def _apply(self, seat, action):
            self.move(action, self.hands[seat], self.slots[seat])
            self.bids.commit(seat, action)
            if self.bids.complete:
                for other, bid in sorted(self.bids.reveal().items()):
                    self.move(bid, self.slots[other], self.discard)  # a twin redraws the two apart: not there
                    self.draw(self.deck, self.hands[other])
                self.bids.open(range(self.players))

        def commitment_choices(self, name, seat):
            return sorted({*self.hands[seat], *self.slots[seat]})

    report = check_game(_glowworms_with(BidTwice), 2, games=3, seed=0)
    twins = [failure for failure in report.failures if "twin of this state" in failure]
    assert twins, report.failures
    named = (
        r"; seat \d's commitment in bids is the card parked face down in slots \d, and samples and twins redraw the "
        r"two apart: keep a hidden choice in a parked card or in a commitment, not both"
    )
    assert re.fullmatch(
        r"seed \d+ step \d+: making or playing on a twin of this state \(one a seat cannot tell apart, made by the "
        r"core from the declaration\), the game raised ValueError: move\(\): \d is not in slots \d "
        r"\(it holds \d card\(s\)\) .*" + named,
        twins[0],
    ), twins[0]
    samples = [failure for failure in report.failures if "on sample(" in failure]
    assert samples and all(re.search(named + "$", failure) for failure in samples), samples


def test_an_observation_holding_a_nan_is_refused_before_it_splits_a_searchs_tree():
    from corekit.state import declare, public
    from tests.corekit.leaky_games import GlowState

    @declare
    class Averages(GlowState):
        average: float = public(default=0.0)

        def observation(self, seat):
            self.average = float("nan")  # "no bids yet": the mean of nothing, a new NaN at every view
            return super().observation(seat)

    report = check_game(_glowworms_with(Averages), 2, games=1, seed=0)
    assert report.failures[0] == (
        f"seed {report.failed_seeds[0]} step 1: seat 0's observation holds a NaN, which is unequal to itself and "
        "hashes by identity: two views of one position would key two nodes of a search's tree; show it as None or "
        "text"
    )


# ---- contracts broken far from where they show (the corpus's BROKEN games) --------------------------------------


def _broken(game_id: str) -> Report:
    from tests.corekit.leaky_games import leaky_game

    return check_game(leaky_game(game_id), 2, games=5, seed=0)


def test_legal_actions_returning_a_generator_is_named_as_such_not_as_an_illegal_action_or_a_crash():
    report = _broken("glowworms-legal-generator")
    assert report.matches == 5
    assert report.failures == [
        f"seed {seed} step 1: legal_actions(0) returned a generator; return a list or tuple"
        for seed in report.failed_seeds
    ]


def test_the_leak_check_names_a_generator_of_legal_actions_before_its_probe_trips_on_it():
    from corekit.plugins import default_registry
    from tests.corekit.leaky_games import leaky_game

    report = check_leaks(leaky_game("glowworms-legal-generator"), 2, default_registry(), games=2, seed=1)
    assert report.failures == [
        f"leak check seed {derive_seed(1, 'leak', 'glowworms-legal-generator', 2, index)} step 1: legal_actions(0) "
        "returned a generator; return a list or tuple"
        for index in range(2)
    ]


def test_legal_actions_returning_the_states_own_zone_is_named_not_only_a_leak():
    report = _broken("glowworms-legal-zone")
    assert report.failures == [
        f"seed {seed} step 1: legal_actions(0) returned an object the state holds (the zone hands[0]); return a "
        "fresh list or tuple"
        for seed in report.failed_seeds
    ]


def test_legal_actions_returning_a_public_list_the_state_holds_is_named_by_its_field():
    from tests.corekit.leaky_games import GlowState

    class OffersScores(GlowState):
        def legal_actions(self, seat):  # absurd rules, but the point is that the list is the state's own
            return self.scores if seat in self.to_act else []

    report = check_game(_glowworms_with(OffersScores), 2, games=1, seed=0)
    assert report.failures == [
        f"seed {report.failed_seeds[0]} step 1: legal_actions(0) returned an object the state holds (the field "
        "scores); return a fresh list or tuple"
    ]


def checked_again_of(game, seed: int) -> tuple[Report, list[tuple[int, int, int]]]:
    """`check_match` of `game`'s 2-player match `seed`, and the moves it reported."""
    moves: list[tuple[int, int, int]] = []
    return check_match(game, 2, seed, on_move=lambda *move: moves.append(move)), moves


def test_an_action_listed_twice_is_named_with_the_seat_and_the_step_it_is_listed_at():
    from tests.corekit.leaky_games import leaky_game

    game = leaky_game("glowworms-legal-twice")
    report = check_game(game, 2, games=5, seed=0)
    assert len(report.failures) == 5
    for seed, failure in zip(report.failed_seeds, report.failures, strict=True):
        found = re.fullmatch(
            rf"seed {seed} step (\d+): legal_actions\((\d)\) lists (\d) twice: legal actions must be distinct", failure
        )
        assert found, failure
        step, seat, card = map(int, found.groups())
        _, moves = checked_again_of(game, seed)  # the moves before the failing step
        state = game.initial_state(2, seed)
        for _, mover, action in moves:
            state.apply(mover, action)
        assert len(moves) == step - 1 and state.legal_actions(seat).count(card) >= 2


def test_a_correct_game_lists_a_card_held_twice_once_and_passes():
    from tests.corekit.leaky_games import Glowworms

    states = [Glowworms().initial_state(2, seed) for seed in range(40)]
    doubled = [
        state.legal_actions(seat)
        for state in states
        for seat in state.to_act
        if len(set(state.hands[seat])) < len(state.hands[seat])  # type: ignore[attr-defined]
    ]
    assert doubled and all(len(set(legal)) == len(legal) for legal in doubled)
    assert check_game(Glowworms(), 2, games=5, seed=0).ok


def test_a_hidden_zone_changed_with_list_operations_is_named_at_the_step_that_changed_it():
    report = _broken("glowworms-hand-by-list")
    assert report.failures == [
        f"seed {seed} step 2: apply changed the zone hands[0] outside the zone methods (it holds 3 face-down cards "
        "where the record has 4): move cards with the state's zone methods (move, draw, move_all, reveal_top, ...), "
        "never with the list's own operations (append, remove, pop, ...) on a hidden zone (docs/writing-a-game.md, "
        "section 4)"
        for seed in report.failed_seeds
    ]


def test_a_deck_changed_with_list_operations_is_named_too():
    report = _broken("glowworms-deck-by-list")
    assert report.failures and all(
        failure.startswith(
            f"seed {seed} step 2: apply changed the zone deck outside the zone methods (it holds 11 face-down cards "
            "where the record has 12): "
        )
        for seed, failure in zip(report.failed_seeds, report.failures, strict=True)
    ), report.failures


def test_a_hidden_zone_changed_with_list_operations_in_setup_is_named_before_the_first_move():
    report = _broken("glowworms-setup-by-list")
    assert report.steps == 0
    assert report.failures and all(
        failure.startswith(
            f"seed {seed}: setup changed the zone hands[0] outside the zone methods (it holds 4 face-down cards where "
            "the record has 3): "
        )
        for seed, failure in zip(report.failed_seeds, report.failures, strict=True)
    ), report.failures


@pytest.mark.parametrize(
    ("game_id", "shown"),
    [
        ("glowworms-returns-scores", r"\[\d+\.0, \d+\.0\]"),  # scores, not one number in [0, 1]
        # Text: check took ["1.0", "0.0"] once it asked the runner's test, which reads what it can as numbers.
        ("glowworms-returns-text", r"\['[\d.]+', '[\d.]+'\]"),
    ],
)
def test_returns_outside_zero_and_one_or_written_as_text_are_refused_by_check(game_id: str, shown: str) -> None:
    report = _broken(game_id)
    assert report.failures and all(
        re.fullmatch(
            rf"seed {seed} after the last step \(\d+\): returns {shown} are not one number in \[0, 1\] per seat",
            failure,
        )
        for seed, failure in zip(report.failed_seeds, report.failures, strict=True)
    ), report.failures


@pytest.mark.parametrize("game_id", ["glowworms-legal-generator", "glowworms-hand-by-list"])
def test_campfire_check_names_a_broken_contract_in_one_line(game_id):
    from corekit.plugins import Registry
    from tests.corekit import leaky_games
    from tests.corekit.tournament.cli_run import run_cli

    says = leaky_games.BROKEN[game_id][2]
    registry = Registry(plugins=[sys.modules[leaky_games.__name__]])
    result = run_cli("check", game_id, "--players", "2", "-n", "3", "--no-leaks", registry=registry)
    assert result.exit_code == 1, result.output
    listed = [line for line in result.output.splitlines() if line.startswith("  - ")]
    assert len(listed) == 3 and all(says in line for line in listed), result.output


def _constant_sum_game(total: float, returns: list[float] | None = None):
    """Glowworms (which pays 1 split among its tied winners) declaring `total` as its constant sum, and paying
    `returns` at the end instead of its own when given."""
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState, Glowworms

    state_class = GlowState
    if returns is not None:

        @declare
        class Paying(GlowState):
            def returns(self) -> list[float]:
                return list(returns)

        state_class = Paying
    kind = type("Declaring", (Glowworms,), {"id": "glowworms-sum", "state_class": state_class, "constant_sum": total})
    return kind()


def test_a_game_whose_every_match_pays_its_declared_constant_sum_passes():
    assert check_game(_constant_sum_game(1.0), 2, games=5, seed=0).failures == []


def test_returns_that_do_not_add_up_to_the_declared_constant_sum_are_refused_by_check():
    report = check_game(_constant_sum_game(1.0, [0.0, 0.0]), 2, games=5, seed=0)
    assert len(report.failures) == 5 and all(
        re.fullmatch(
            rf"seed {seed} after the last step \(\d+\): returns \[0\.0, 0\.0\] add up to 0\.0, not the game's "
            r"constant_sum 1\.0",
            failure,
        )
        for seed, failure in zip(report.failed_seeds, report.failures, strict=True)
    ), report.failures


def test_shares_of_one_that_add_up_to_one_only_within_rounding_pass():
    # 0.7 + 0.2 + 0.1 is 0.9999999999999999 in floats, as ten shares of 1/10 are: still the whole win.
    assert check_game(_constant_sum_game(1.0, [0.7, 0.2, 0.1]), 3, games=2, seed=0).failures == []


def test_a_declared_constant_sum_that_a_forfeited_match_would_not_pay_is_refused_by_check():
    # Every seat paid 1 adds up to the declared 2 in every match played, but a forfeit pays (0, 1).
    report = check_game(_constant_sum_game(2.0, [1.0, 1.0]), 2, games=3, seed=0)
    assert report.failures == [
        "constant_sum is 2.0, but a forfeited match pays (0.0, 1.0) (corekit.runner.forfeit_returns), which adds "
        "up to 1.0"
    ]


def test_events_that_are_not_text_fail_the_commentary_check_without_calling_the_game_not_deterministic(monkeypatch):
    # A commentary fault is not a determinism failure (which would blame every search's choice on the game); the
    # player-level leak check is skipped here only because the check stopped at its first 20 failures.
    monkeypatch.setattr(ToyGame, "events", lambda self, before, after: [("seat", 0)], raising=False)
    report = check_game(GAME, 2, games=5, seed=1, options=ToyOptions(bug="none"), sample_every=1)
    assert any("not a line of text" in failure for failure in report.failures), report.failures
    assert not report.nondeterministic
    assert report.leak_check_skipped == (None if not report.stopped_early else "stopped at its first 20 failures")


def test_a_failure_found_twice_is_reported_and_counted_once():
    # Two checks of one step may word the same failure alike; a repeat took one of the report's twenty lines.
    from corekit.conformance import FAILURES_KEPT

    report = Report("toy", 2)
    report.fail("seed 1 step 1: seat 1's observation differs")
    report.fail("seed 1 step 1: seat 1's observation differs")
    report.fail("seed 1 step 2: the log names a hidden card")
    assert report.failures == [
        "seed 1 step 1: seat 1's observation differs",
        "seed 1 step 2: the log names a hidden card",
    ]
    for step in range(3, 3 + FAILURES_KEPT):
        report.fail(f"seed 1 step {step}: the log names a hidden card")
    assert len(report.failures) == FAILURES_KEPT and report.stopped_early


def test_a_position_problem_written_on_the_game_is_refused_since_no_position_asks_it():
    # The state's method is what reading a position asks; on the Game it was silently never called.
    from tests.corekit.leaky_games import Glowworms

    class AsksTheGame(Glowworms):
        id = "glowworms-asks-the-game"

        def position_problem(self, state):
            return "never"

    report = check_game(AsksTheGame(), 2, games=2, seed=1)
    assert report.failures[0] == (
        "AsksTheGame.position_problem is never asked: it is a method of the state class, which positions ask when read"
    )


def test_a_position_problem_on_the_game_that_the_state_asks_is_no_failure(monkeypatch):
    # A state's own position_problem may hand the question to its game: then the game's is asked.
    from tests.corekit.leaky_games import GlowState, Glowworms

    class AskedByItsState(Glowworms):
        id = "glowworms-asked"

        def position_problem(self, state):
            return None

    monkeypatch.setattr(GlowState, "position_problem", lambda self: self.game.position_problem(self))
    report = check_game(AskedByItsState(), 2, games=2, seed=1)
    assert not any("position_problem" in failure for failure in report.failures), report.failures


def test_a_report_shows_each_leak_checks_first_failure_once_with_how_often_it_failed_and_every_other_failure() -> None:
    report = Report("g", 2)
    report.match_seed = 1  # the match being checked, as check_game sets it
    report.fail("seed 1 step 2: the forward check: log[0]: 'a' vs 'b'", "forward")
    report.fail("seed 1 step 3: a display failure")
    report.fail("seed 1 step 4: the forward check: log[1]: 'c' vs 'd'", "forward")
    report.fail("seed 1 step 6: the forward check: log[2]: 'e' vs 'f'", "forward")
    report.match_seed = 7
    report.fail("seed 7 step 1: the redeal check: x", "redeal")
    assert report.shown_failures() == [
        "seed 1 step 2: the forward check: log[0]: 'a' vs 'b' (and 2 more times in this match)",
        "seed 1 step 3: a display failure",
        "seed 7 step 1: the redeal check: x",
    ]
    report.match_seed = 9
    report.fail("seed 9 step 5: the forward check: log[0]: 'g' vs 'h'", "forward")
    assert report.shown_failures()[0].endswith("(and 3 more times, in 1 more match)")
    assert len(report.failures) == 6  # every failure is kept: the grouping is how a person reads them


# ---- gaps a hand-run mutation sweep of the conformance leak checks found: each test fails with one weakening ----


def test_a_setup_leak_in_one_of_the_first_matches_only_is_found_in_that_match() -> None:
    from tests.corekit.leaky_games import GlowState, NamesBottomCardGame

    class NamesBottomSometimes(NamesBottomCardGame):
        """Names the deck's bottom card in one setup of three, by a draw of the generator after the deal: of the
        four matches whose setups are dealt again, only the fourth (seed index 3) does."""

        id = "glowworms-names-bottom-sometimes"
        state_class = GlowState

        def _setup(self, players, seed, options):
            state = super(NamesBottomCardGame, self)._setup(players, seed, options)
            if state.rng.below(3) == 0:
                state.log = (f"the bottom card is {state.deck[0]}",)
            return state

    seeds = [derive_seed(0, NamesBottomSometimes.id, 2, index) for index in range(4)]
    logs = [NamesBottomSometimes().initial_state(2, seed).log for seed in seeds]
    assert [bool(log) for log in logs] == [False, False, False, True]
    report = check_game(NamesBottomSometimes(), 2, games=4)
    assert report.failed_seeds == [seeds[3]], report.failures
    assert any("log[0]: 'the bottom card is " in failure for failure in report.failures), report.failures


class Peeker(Player):
    """A leak probe that decides by all it is shown: the repr of its seat's observation picks the action."""

    def decide(self, view):
        return view.legal_actions[sum(map(ord, repr(view.observation))) % len(view.legal_actions)]


def _peeker_failures(game) -> list[str]:
    from corekit import PlayerType, Registry

    kind = PlayerType("peeker", lambda options, seed, game, heuristic: Peeker())
    registry = Registry([_module("peeker", campfire_players=hookimpl(lambda: [kind]))], entry_points=False)
    return check_leaks(game, 2, registry, games=3, seed=1, spec="peeker").failures


def test_the_leak_check_finds_a_probe_deciding_by_another_seats_hand_a_leaking_view_shows() -> None:
    from tests.corekit.leaky_games import Glowworms, leaky_game

    assert _peeker_failures(Glowworms()) == []
    failures = _peeker_failures(leaky_game("glowworms-shows-hands"))
    assert any(
        re.search(r"step \d+: peeker chose differently in two states seat \d cannot tell apart: ", failure)
        for failure in failures
    ), failures


def test_the_leak_check_names_a_seat_view_that_reaches_the_true_state() -> None:
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState, Glowworms

    @declare
    class CarriesItself(GlowState):
        def observation(self, seat):  # the view, and the whole state tucked away in it
            view = super().observation(seat)
            return (view, self) if seat is not None else view

    class CarriesItselfGame(Glowworms):
        id = "glowworms-carries-itself"
        state_class = CarriesItself

    failures = _peeker_failures(CarriesItselfGame())
    assert any(re.search(r"step \d+: the seat view of seat \d reaches the true state$", f) for f in failures), failures


def _glowworms_failures(state_class) -> list[str]:
    """What `campfire check` says of the leak kit's honest Glowworms played with `state_class`."""
    from tests.corekit.leaky_games import Glowworms

    game = Glowworms()
    game.state_class = state_class
    return check_game(game, 2, games=4, seed=3).failures


def test_legal_actions_that_change_the_state_are_named_with_what_they_changed():
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState

    @declare
    class SortsTheHand(GlowState):  # the hand kept highest first, sorted where the actions are listed
        def legal_actions(self, seat):
            self.hands[seat].sort(reverse=True)
            return super().legal_actions(seat)

    @declare
    class DrawsChance(GlowState):  # the actions shuffled with the state's own generator
        def legal_actions(self, seat):
            actions = super().legal_actions(seat)
            self.rng.shuffle(actions)
            return actions

    found = _glowworms_failures(SortsTheHand)
    assert found and re.search(
        r"step 1: asking legal_actions changed the state \(hands\[\d\]\.cards\[0\]: \d vs \d, before vs after\): "
        r"legal_actions must only read the state",
        found[0],
    ), found
    found = _glowworms_failures(DrawsChance)
    assert found and re.search(
        r"step 1: asking legal_actions changed the state \(the generator's state: \d+ vs \d+", found[0]
    )


def test_a_match_that_ends_with_a_seat_still_to_commit_is_reported():
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState

    @declare
    class ForgetsTheLastSeat(GlowState):
        @property
        def to_act(self):
            return self.bids.waiting[:-1] if all(self.hands) else ()

    found = _glowworms_failures(ForgetsTheLastSeat)
    assert found and found[0].endswith(
        "after the last step (1): the match is over (nobody is to act), but bids holds what seat 0 committed and still "
        "waits for seat 1: is a seat left out of to_act? A match that ends in the middle of a decision closes it"
    ), found
    assert _glowworms_failures(GlowState) == []  # the next round's bids, opened at the end and not begun, are none


def test_an_open_reaction_window_or_a_begun_commitment_is_a_decision_left_open():
    from corekit import Commitments, ReactionWindow
    from corekit.conformance.state_checks import open_decision

    state = types.SimpleNamespace(window=None, bids=Commitments(range(3)), seats_bids={})
    assert open_decision(state) is None  # opened, nobody committed yet
    state.bids.commit(1, "x")
    assert open_decision(state) == "bids holds what seat 1 committed and still waits for seat 0 and seat 2"
    state.bids = Commitments(())
    state.window = ReactionWindow([2, 0])
    assert open_decision(state) == "window, a reaction window, is still open (seat 2 to react or pass)"
    state.window.pass_priority()
    state.window.pass_priority()
    assert open_decision(state) is None  # closed
    state.seats_bids = {"north": Commitments([0, 1])}
    state.seats_bids["north"].commit(0, "y")
    assert open_decision(state) == "seats_bids['north'] holds what seat 0 committed and still waits for seat 1"


def test_two_states_are_told_apart_where_no_view_shows_them_apart_too():
    # The position check and the check of legal_actions name where two states' digests part: a deck's order and the
    # generator appear in no view (an outside tester got "... said=0) vs ... said=0)", two equal views).
    from corekit.conformance.difference import state_difference
    from tests.corekit.leaky_games import Glowworms

    state = Glowworms().initial_state(2, 3)
    before = state.clone()
    state.deck.reverse()
    assert state_difference(before, state) == "deck.cards[0]: 4 vs 5"
    before = state.clone()
    state.rng.below(5)
    assert re.fullmatch(r"the generator's state: \d+ vs \d+", state_difference(before, state))
    before = state.clone()
    state.scores[1] = 4
    assert state_difference(before, state) == "scores[1]: 0 vs 4"  # a field every view shows: as the views differ


def test_a_draw_pile_put_in_an_order_no_shuffle_left_it_in_is_reported():
    # From an outside tester: a deck sorted after each round made every later draw predictable, and passed.
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState

    @declare
    class SortsTheDeck(GlowState):
        def _apply(self, seat, action):
            super()._apply(seat, action)
            self.deck.sort()

    @declare
    class ShufflesTheList(GlowState):  # chance all the same, but past the core: the leak checks cannot follow it
        def _apply(self, seat, action):
            super()._apply(seat, action)
            self.rng.shuffle(self.deck)

    @declare
    class ShufflesTheDeck(GlowState):  # the same through the core's shuffle: nothing to report
        def _apply(self, seat, action):
            super()._apply(seat, action)
            self.shuffle(self.deck)

    for reorders in (SortsTheDeck, ShufflesTheList):
        found = _glowworms_failures(reorders)
        assert found and re.search(
            r"step \d+: apply put the draw pile deck in an order no shuffle left it in \(a sort, a reverse, a shuffle "
            r"of the list itself\)",
            found[0],
        ), (reorders, found)
    assert _glowworms_failures(ShufflesTheDeck) == []


def _ending_toy(monkeypatch, endings, ending):
    """The toy game declaring `endings`, whose states say `ending` (a callable of the state)."""
    monkeypatch.setattr(ToyGame, "endings", endings, raising=False)
    monkeypatch.setattr(ToyState, "ending", ending)


def test_a_game_whose_finished_matches_name_a_declared_ending_passes(monkeypatch):
    _ending_toy(monkeypatch, ("high total",), lambda state: None if state.to_act else "high total")
    assert check_game(GAME, 2, games=3, seed=0).failures == []


def test_an_ending_said_while_the_match_runs_is_refused_by_check(monkeypatch):
    _ending_toy(monkeypatch, ("high total",), lambda state: "high total")
    failures = check_game(GAME, 2, games=3, seed=0).failures
    assert failures and all(
        re.fullmatch(
            r"seed \d+ step 1: the match runs, but ending\(\) says it ended \('high total'\): it is None until the end",
            failure,
        )
        for failure in failures
    ), failures


def test_an_undeclared_ending_at_the_end_is_refused_by_check(monkeypatch):
    _ending_toy(monkeypatch, ("high total",), lambda state: None if state.to_act else "a tie")
    failures = check_game(GAME, 2, games=3, seed=0).failures
    assert len(failures) == 3 and all(
        re.fullmatch(
            r"seed \d+ after the last step \(6\): ending\(\) is 'a tie', not one of the game's endings "
            r"\('high total'\)",
            failure,
        )
        for failure in failures
    ), failures
