"""Conformance checks that no other test pinned, each found by an outside hand-run mutation sweep (2026-12-07: 99
mutants of corekit/conformance, 30 survived): each test fails when its check is weakened (dropped, narrowed, or moved
off by one), and names the check in a comment."""

from __future__ import annotations

import itertools
import re
from typing import Any

from corekit import Rng
from corekit.conformance import check_game
from corekit.conformance.steps import _Schedule
from tests.corekit.leaky_games import Glowworms


def test_a_legal_action_missing_from_the_declared_action_space_is_named():
    # steps.py: `outside = [action for action in legal if action not in actions]`
    class ForgetsTheFives(Glowworms):
        id = "glowworms-forgets-the-fives"

        def action_space(self, players: int, options: Any) -> list[int]:
            return [1, 2, 3, 4]  # a bid of 5 is legal all the same

    failures = check_game(ForgetsTheFives(), 2, games=4, seed=0).failures
    assert any("legal for seat" in f and "is not in action_space()" in f for f in failures), failures


def test_an_action_that_fails_its_replay_code_only_on_an_unchecked_step_is_named_when_played():
    # steps.py: the replay code of the action played on every step, checked or not (`_check_codes(game, (action,)..)`)
    class FivesAtTheBottom(Glowworms):
        id = "glowworms-fives-at-the-bottom"

        def _deck(self, rng: Rng) -> list[int]:
            deck = super()._deck(rng)
            return sorted(deck, key=lambda card: card != 5)  # the fives lie under the rest: drawn late, never dealt

        def encode_action(self, action: Any) -> Any:
            return "five" if action == 5 else action  # decodes to "five", not 5

    # Every seat's hand at the first two (checked) steps holds no 5; the later steps are rarely checked.
    failures = check_game(FivesAtTheBottom(), 2, games=4, seed=0, sample_every=10**6).failures
    assert any("action 5 of seat" in f and "which decodes to 'five'" in f for f in failures), failures
    assert not any("step 1:" in f or "step 2:" in f for f in failures), failures


def test_the_schedule_checks_every_step_of_a_long_match_in_some_match():
    # steps.py `_Schedule.checks`: however long a match, every step of it is checked at some seed (a schedule that
    # stopped checking past some step would leave the end of long matches unchecked).
    every, length = 7, 3000
    checked: set[int] = set()
    for seed in range(60):
        schedule = _Schedule.of(seed, every, 2)
        checked |= {step for step in range(length) if schedule.checks(step)}
        one = [step for step in range(length) if schedule.checks(step)]
        assert all(later - earlier <= every for earlier, later in itertools.pairwise(one)), seed
    assert checked == set(range(length))


def test_positions_are_read_back_at_the_offset_then_one_three_and_seven_times_every_after_it():
    # steps.py `_spread`: the position checks reach ever later steps of a match, not only its first checked ones.
    schedule = _Schedule(every=5, offset=2, turn=0)
    read = [step for step in range(80) if schedule.reads_position(step)]
    assert read == [0, 2, 7, 17, 37, 77]


def _toy_failures(**kw: Any) -> list[str]:
    from tests.corekit.toy_game import ToyGame, ToyOptions

    return check_game(ToyGame(), 2, games=20, seed=1, options=ToyOptions(), sample_every=1, **kw).failures


def test_apply_by_a_seat_not_to_act_is_an_illegal_action(monkeypatch):
    # state_checks.py `_check_illegal`: the legal action of the seat to act, tried by an idle seat.
    from corekit.game import IllegalAction
    from tests.corekit.toy_game import ToyState

    def apply(self, seat, action):  # checks the action, then plays it for whoever is to act: the seat is ignored
        mover = self.to_act[0]
        if action not in self.legal_actions(mover):
            raise IllegalAction(f"{action!r} is not legal")
        self._apply(mover, action)

    monkeypatch.setattr(ToyState, "apply", apply)
    found = _toy_failures()
    assert any("was accepted" in f and "by seat 1" in f for f in found), found


def test_an_illegal_action_refused_with_another_error_than_illegal_action_is_named(monkeypatch):
    # state_checks.py `_check_illegal`: `except Exception` -> reported, not let through.
    from tests.corekit.toy_game import ToyState

    def apply(self, seat, action):  # no validation: list.remove raises a plain ValueError on a card not held
        self._apply(seat, action)

    monkeypatch.setattr(ToyState, "apply", apply)
    found = _toy_failures()
    assert any("an illegal action raised ValueError, not IllegalAction" in f for f in found), found


def test_an_illegal_action_that_changes_the_state_before_it_is_refused_is_named(monkeypatch):
    # state_checks.py `_check_illegal`: the digest after an illegal action.
    from tests.corekit.toy_game import ToyState

    real = ToyState.apply

    def apply(self, seat, action):  # a die rolled before the action is checked
        self.rng.below(6)
        real(self, seat, action)

    monkeypatch.setattr(ToyState, "apply", apply)
    found = _toy_failures()
    assert any("an illegal action changed the state" in f for f in found), found


def test_a_fast_legality_test_that_accepts_a_seat_out_of_range_is_named(monkeypatch):
    # state_checks.py `_check_offers`: seats -1 and `players` are asked too (`range(-1, players + 1)`).
    from tests.corekit.toy_game import ToyState

    def offers(self, seat, action):  # the turn counter modulo the seats: -1 passes for the last seat
        return (
            bool(self.to_act)
            and self.turn % self.players == seat % self.players
            and (type(action) is int and action in self.hands[seat % self.players])
        )

    monkeypatch.setattr(ToyState, "_offers", offers, raising=False)
    found = _toy_failures()
    assert found and any(f"_offers({seat}, " in f for f in found for seat in (-1, 2)), found


def test_a_fast_legality_test_that_accepts_a_card_not_held_is_named(monkeypatch):
    # state_checks.py `_check_offers`: the action space is among the candidates, not only the seats' legal actions
    # (in a turn-based game the seats not to act offer none, so a card nobody may play is asked only from there).
    from tests.corekit.toy_game import ToyGame, ToyState

    monkeypatch.setattr(ToyGame, "action_space", lambda self, players, options: list(range(1, 7)), raising=False)
    assert _toy_failures() == []

    def offers(self, seat, action):  # a card in range for the seat to act, held or not
        return seat in self.to_act and type(action) is int and 1 <= action <= 6

    monkeypatch.setattr(ToyState, "_offers", offers, raising=False)
    found = _toy_failures()
    assert found and re.search(r"_offers\(\d, \d\) says True, legal_actions says False$", found[0]), found


def test_legal_actions_returning_a_list_of_the_static_content_is_named():
    # state_checks.py `_held_by`: static fields are asked as public ones are (a caller sorting the list changes the
    # table every copy of the state shares).
    from corekit.state import declare, static
    from tests.corekit.leaky_games import GlowState

    def all_menus() -> dict[frozenset[int], list[int]]:
        values = range(1, 6)
        return {frozenset(held): sorted(held) for size in range(1, 6) for held in itertools.combinations(values, size)}

    @declare
    class MenuTable(GlowState):
        menus: dict[frozenset[int], list[int]] = static(factory=all_menus)

        def legal_actions(self, seat: int) -> list[Any]:
            return self.menus[frozenset(self.hands[seat])] if seat in self.to_act else []

    game = type("MenuTableGame", (Glowworms,), {"id": "glowworms-menu-table", "state_class": MenuTable})()
    found = check_game(game, 2, games=1, seed=0).failures
    assert found and "returned an object the state holds (the field menus[" in found[0], found


def test_legal_actions_returning_a_zone_of_an_undeclared_state_is_named(monkeypatch):
    # state_checks.py `_held_by`: a state that does not declare itself names its zones by `zones()`.
    from tests.corekit.toy_game import ToyState

    monkeypatch.setattr(ToyState, "legal_actions", lambda self, seat: self.hands[seat] if seat in self.to_act else [])
    found = _toy_failures()
    assert found and re.search(r"legal_actions\(\d\) returned an object the state holds \(the zone hand \d\)", found[0])


def test_an_observation_one_character_over_the_limit_is_refused_and_one_at_it_passes():
    # state_checks.py `_check_display`: `size > game.observation_limit`, exactly.
    from corekit.conformance.report import Report
    from corekit.conformance.state_checks import _check_display
    from tests.corekit.toy_game import ToyGame, ToyOptions

    game = ToyGame()
    state = game.initial_state(2, 0, ToyOptions())
    largest = max(len(repr(state.observation(seat))) for seat in (0, 1, None))
    for limit, fails in ((largest, False), (largest - 1, True)):
        game.observation_limit = limit
        report = Report(game.id, 2)
        _check_display(game, state, 2, state.legal_actions(0), "here", report)
        assert bool(report.failures) is fails, (limit, report.failures)
        if fails:
            assert f"takes {largest} characters, over the game's observation_limit of {limit}" in report.failures[0]


def test_a_sample_that_loses_a_hidden_card_is_named(monkeypatch):
    # state_checks.py `_check_sample`: `held_cards(sampled) != held_cards(state)`.
    from tests.corekit.toy_game import ToyState

    real = ToyState.sample

    def sample(self, seat, rng):  # the deck nobody sees comes out a card short
        copy = real(self, seat, rng)
        copy.deck = copy.deck[1:]
        return copy

    monkeypatch.setattr(ToyState, "sample", sample)
    found = _toy_failures()
    assert any("sample(0) created or lost cards" in f for f in found), found


def test_a_clone_that_forgets_what_only_a_seat_view_shows_is_named(monkeypatch):
    # state_checks.py `_check_clone`: `copy.observation(seat) != state.observation(seat)`, beside the digest (which
    # reads the full view only).
    from tests.corekit.toy_game import ToyGame, ToyState

    real_observation, real_apply = ToyState.observation, ToyState._apply

    def observation(self, seat):  # a seat's own note of its moves, in its view only
        seen = real_observation(self, seat)
        return seen if seat is None else (seen, getattr(self, "moves_made", 0))

    def _apply(self, seat, action):
        real_apply(self, seat, action)
        self.moves_made = getattr(self, "moves_made", 0) + 1  # ToyState.clone copies it not

    monkeypatch.setattr(ToyState, "observation", observation)
    monkeypatch.setattr(ToyState, "_apply", _apply)
    monkeypatch.setattr(ToyGame, "events", lambda self, before, after: [])  # the toy's own reads its views
    found = _toy_failures(commentary=False)
    assert any("a clone differs from its original" in f for f in found), found


def test_a_sample_in_which_a_seat_gets_stuck_with_no_legal_action_is_named(monkeypatch):
    # state_checks.py `_check_sample`: a sample must itself be playable (`stuck is not None`).
    from tests.corekit.toy_game import ToyState

    real = ToyState.sample

    def sample(self, seat, rng):  # a rule switch the views never show, set wrong in the copy
        copy = real(self, seat, rng)
        copy.bug = "no-moves"
        return copy

    monkeypatch.setattr(ToyState, "sample", sample)
    found = _toy_failures()
    assert any(re.search(r"in sample\(\d\), seat \d is to act with no legal action", f) for f in found), found


def test_an_action_code_that_decodes_only_before_a_replay_turns_its_tuples_into_lists_is_named(monkeypatch):
    # state_checks.py `_code_problem`: decoded both as encoded and as read back (`as_read`).
    from tests.corekit.toy_game import ToyGame

    monkeypatch.setattr(ToyGame, "encode_action", lambda self, action: ("card", action))
    monkeypatch.setattr(ToyGame, "decode_action", lambda self, code: code[1] if isinstance(code, tuple) else code)
    found = _toy_failures()
    assert found and "once read back from a replay (tuples become lists)" in found[0], found


def test_an_action_that_encodes_to_no_replay_data_but_decodes_back_is_named(monkeypatch):
    # state_checks.py `_code_problem`: the code's shape (`code_problem`), even when it decodes back to the action.
    from tests.corekit.toy_game import ToyGame

    monkeypatch.setattr(ToyGame, "encode_action", lambda self, action: float(action))
    monkeypatch.setattr(ToyGame, "decode_action", lambda self, code: int(code))
    found = _toy_failures()
    assert found and re.search(r"action \d of seat \d encodes to \d\.0, not replay data", found[0]), found


def test_a_public_object_hiding_its_value_is_caught_behind_a_view_first_met_after_another():
    # static.py `_check_public_views`: every view met is remembered (up to PUBLIC_VIEWS_KEPT), not only the first.
    from corekit.conformance.report import Report
    from corekit.conformance.static import _check_public_views
    from tests.corekit.leaky_games import Bonus, HidesInPublic, HidesInPublicGame

    game = type("HidesGame", (HidesInPublicGame,), {"id": "glowworms-hides", "state_class": HidesInPublic})()
    state = game.initial_state(2, 0, None)
    report = Report(game.id, 2)
    for bonus in (Bonus(1, told=True), Bonus(2), Bonus(3)):  # views 1, None, None: the last two hide 2 and 3
        state.bonus = bonus
        _check_public_views(state, "here", report)
    assert (
        len(report.failures) == 1
        and "the public field bonus shows None for two different values" in (report.failures[0])
    ), report.failures


def test_a_position_that_fails_only_later_in_the_match_is_still_read_back_and_named():
    # positions.py `_check_position`: a position that passes does not end the run's position checks (only a failure
    # does, `len(report.failures) > failures`).
    from corekit.state import declare, public
    from tests.corekit.leaky_games import GlowState

    @declare
    class MarksWithBools(GlowState):
        marks: list[int] = public(factory=list)

        def _apply(self, seat: int, action: Any) -> None:
            super()._apply(seat, action)
            if self.bids.waiting == tuple(range(self.players)):
                self.marks.append(True)  # a bool where the annotation says int: no position reads it back

    game = type("MarksGame", (Glowworms,), {"id": "glowworms-marks", "state_class": MarksWithBools})()
    found = check_game(game, 2, games=4, seed=0).failures
    assert any("the position of this state is not read back" in f and "int needed, got True" in f for f in found), found


def test_a_seats_position_that_reads_back_as_a_state_the_seat_can_tell_apart_is_named():
    # positions.py `_check_position`: the seat's own position (`dumps(state, seat)`) is read back and compared by the
    # seat's view; the leak checks refuse this game too, but not as a position `campfire suggest` misreads.
    from tests.corekit.leaky_games import leaky_game

    found = check_game(leaky_game("glowworms-notes-in-view"), 2, games=4, seed=0).failures
    assert any(
        re.search(r"seat \d's position of this state reads back as a state it can tell apart: next_card", f)
        for f in found
    ), found


def test_a_position_read_back_is_itself_sampled_and_a_leaking_sample_there_is_named():
    # positions.py `_check_position`: `_check_sample` on the state read back from the position.
    from tests.corekit.leaky_games import leaky_game

    found = check_game(leaky_game("glowworms-keeps-truth"), 2, games=4, seed=0).failures
    assert any("(the position of this state read back): sample(0) depends on more than seat 0" in f for f in found), (
        found
    )


def test_a_match_one_decision_over_its_declared_bound_is_refused(monkeypatch):
    # matches.py `_check_match`: `step > bound`, exactly (every toy match takes 3 decisions a seat).
    from tests.corekit.toy_game import ToyGame

    monkeypatch.setattr(ToyGame, "max_decisions", lambda self, players, options: 3 * players - 1)
    found = _toy_failures()
    assert found and found[0].endswith("the match passed its declared bound of 5 decisions"), found
    monkeypatch.setattr(ToyGame, "max_decisions", lambda self, players, options: 3 * players)
    assert _toy_failures() == []


def test_a_view_of_the_finished_match_that_does_not_render_is_named(monkeypatch):
    # matches.py `_check_match`: the display check of the last state, which no step's checks see.
    from tests.corekit.toy_game import ToyGame

    real = ToyGame.render
    monkeypatch.setattr(
        ToyGame, "render", lambda self, seen, seat: None if not any(seen.hand_sizes) else real(self, seen, seat)
    )
    found = _toy_failures()
    assert found and re.search(r"after the last step \(6\): render\(\) of seat 0's view gave None, not text", found[0])


def test_static_content_changed_by_the_last_unchecked_move_is_named():
    # matches.py `_check_match`: static content compared once more after the last step.
    from corekit.state import declare, static
    from tests.corekit.leaky_games import GlowState

    @declare
    class NotesTheWinner(GlowState):
        table: dict[str, int] = static(factory=dict)

        def _apply(self, seat: int, action: Any) -> None:
            super()._apply(seat, action)
            if not all(self.hands):
                self.table["winner"] = max(range(self.players), key=lambda s: self.scores[s])

    game = type("NotesGame", (Glowworms,), {"id": "glowworms-notes-winner", "state_class": NotesTheWinner})()
    found = check_game(game, 2, games=4, seed=0, sample_every=10**6).failures
    assert any("after the last step" in f and "changed the static field table" in f for f in found), found


def test_legal_actions_offered_once_the_match_is_over_are_named(monkeypatch):
    # matches.py `_check_match`: `any(state.legal_actions(s) for s in range(players))` at the end.
    from tests.corekit.toy_game import ToyState

    real = ToyState.legal_actions
    monkeypatch.setattr(ToyState, "legal_actions", lambda self, seat: real(self, seat) if self.to_act else [0])
    found = _toy_failures()
    assert found and found[0].endswith("after the last step (6): a seat has legal actions after the end"), found


def test_a_position_that_reads_back_as_another_state_is_named_with_the_field_that_differs():
    # positions.py `_check_position`: `whole.digest() != state.digest()`. A state that sets a field as it is built
    # (here a count of rounds started afresh) loses that field's value when a position is read back.
    from corekit.state import declare, public
    from tests.corekit.leaky_games import GlowState

    @declare
    class CountsAfresh(GlowState):
        rounds: int = public(default=0)

        def __attrs_post_init__(self) -> None:
            super().__attrs_post_init__()
            self.rounds = 0  # the mistake: a read-back position starts the count again

        def _apply(self, seat: int, action: Any) -> None:
            super()._apply(seat, action)
            if self.bids.waiting == tuple(range(self.players)):
                self.rounds += 1

    game = type("CountsGame", (Glowworms,), {"id": "glowworms-counts-afresh", "state_class": CountsAfresh})()
    found = check_game(game, 2, games=4, seed=0).failures
    assert any(
        "the position of this state reads back as another state: rounds" in f and "(read back vs state)" in f
        for f in found
    ), found


def test_a_secret_choice_kept_as_a_value_made_from_the_action_is_named_before_the_samples():
    # state_checks.py `_check_commitments`: a sample redraws another seat's choice among its legal actions had it
    # not committed, so a commitment of another kind than those (here the bid's text) makes samples unlike the match
    # (an outside game author committed the number cut out of "bid2", and every check failed in the game's code).
    from corekit.state import declare
    from tests.corekit.leaky_games import GlowState

    @declare
    class CommitsText(GlowState):
        def _apply(self, seat: int, action: Any) -> None:
            self.bids.commit(seat, str(action))  # the mistake: the text, where the legal action is an int
            if not self.bids.complete:
                return
            bids = {s: int(bid) for s, bid in self.bids.reveal().items()}
            for s, bid in sorted(bids.items()):
                self._pay(s, bid)
            self.bids.open(range(self.players))

    game = type("TextGame", (Glowworms,), {"id": "glowworms-commits-text", "state_class": CommitsText})()
    found = check_game(game, 2, games=2, seed=0).failures
    assert any(
        re.search(r"step \d+: seat 0's secret choice in bids is '\d+', not one of its choices \[\d+(, \d+)*\]: ", f)
        and f.endswith(
            "(commitment_choices, asked of the state after the commit with it taken back), so commit the action "
            "played, or override commitment_choices where committing changed what the seat could choose (a cost paid "
            "as it commits)"
        )
        for f in found
    ), found


# static.py `_changed_parts`: the plain values of a public field a hand-written observation must show, each changed on
# a copy.
def test_each_plain_value_of_a_public_field_is_changed_in_its_own_copy_keeping_the_fields_type() -> None:
    from typing import NamedTuple

    from corekit.conformance.static import PUBLIC_PARTS_CHANGED, _changed_parts

    class Pair(NamedTuple):
        x: int
        y: int

    assert _changed_parts(4) == [("", 4, 5, 5)]
    assert _changed_parts(True) == [("", True, False, False)] and _changed_parts("a") == [("", "a", "a*", "a*")]
    assert _changed_parts([0, 7]) == [("[0]", 0, 1, [1, 7]), ("[1]", 7, 8, [0, 8])]
    assert _changed_parts(Pair(1, 2))[1] == ("[1]", 2, 3, Pair(1, 3))
    assert _changed_parts(("x", 2.5)) == [("[0]", "x", "x*", ("x*", 2.5)), ("[1]", 2.5, 3.5, ("x", 3.5))]
    assert _changed_parts({"a": 1}) == [("['a']", 1, 2, {"a": 2})]
    assert [_changed_parts(value) for value in (None, float("nan"), [], [None], ([], ()), [[[1]]])] == [[]] * 6
    assert _changed_parts([[], [4, 5]]) == [("[1][0]", 4, 5, [[], [5, 5]])]  # each seat's cards drawn: the first
    assert _changed_parts((1, None)) == [("[0]", 1, 2, (2, None))]
    assert _changed_parts({"a": [1]}) == [("['a'][0]", 1, 2, {"a": [2]})]
    assert len(_changed_parts(list(range(20)))) == PUBLIC_PARTS_CHANGED
