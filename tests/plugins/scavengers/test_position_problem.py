"""`ScavengersState.position_problem`: every state of real play is possible, and each bound the rules keep refuses
a state edited past it, naming the field (a position file is read field by field, so any field may be edited).

The impossible states are real ones with one field changed: the rest of the state stays one play reached, so the
message is the one of that field's bound."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest

from corekit import Rng
from corekit.position import PositionError, dumps, loads
from plugins.scavengers import heuristic
from plugins.scavengers.content import CONTENT, DEN
from plugins.scavengers.game import DEAL, Scavengers, ScavengersState
from tests.plugins import position_edits

GAME = Scavengers()
PLAYERS = 3
BUN, CHILI, EGG = (CONTENT.scraps.index(name) for name in ("Bun", "Chili", "Egg"))
BEAR, DOG, COYOTE = (next(d.index for d in CONTENT.designs if d.kind == kind) for kind in ("bear", "dog", "coyote"))
OPTIONS = ({}, {"end": "rounds", "laps": 1}, {"max_rounds": 3})
"""The readings of the end (RULES.md, Assumptions 1 and 2), and a race cut short so the ranking decides."""
NO_DESIGN = f"is not a Scavenger card (0-{len(CONTENT.designs) - 1})"


def _step(state: ScavengersState, rng: random.Random, clever: bool) -> None:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    action = heuristic.policy(state.observation(seat), seat, legal, Rng(0)) if clever else rng.choice(list(legal))
    state.apply(seat, action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_seeded_play_is_one_the_rules_can_reach(players: int) -> None:
    for seed in range(10):
        options = GAME.make_options(OPTIONS[seed % len(OPTIONS)])
        state = GAME.initial_state(players, seed, options)
        rng = random.Random(seed)
        step = 0
        while True:
            assert state.position_problem() is None, f"seed {seed}, {OPTIONS[seed % 3]}, step {step}"
            if state.is_terminal:
                break
            _step(state, rng, clever=seed % 2 == 1)
            step += 1


@functools.cache
def _reached(phase: str) -> ScavengersState:
    """The first state of seeded random play at 3 seats in `phase` ("over": the end) with a card in play."""
    for seed in range(50):
        state = GAME.initial_state(PLAYERS, seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            in_play = any(state.tan) and not state.discard  # a tan card at a Camp, nothing discarded yet
            if state.phases.current == phase and (phase != "play" or in_play):
                return state
            _step(state, rng, clever=False)
        if phase == "over":
            return state
    raise LookupError(phase)


def _in(phase: str) -> ScavengersState:
    state = _reached(phase).clone()
    assert state.position_problem() is None
    return state


def _tan_camp(state: ScavengersState) -> int:
    return next(camp for camp, entries in enumerate(state.tan) if entries)


Edit = Callable[[ScavengersState], str]
"""Changes a field of a possible state and returns the problem expected."""


def _owner(owner: int) -> Edit:
    def edit(state: ScavengersState) -> str:
        camp = _tan_camp(state)
        _, design, hopped = state.tan[camp][0]
        state.tan[camp][0] = (owner, design, hopped)
        return f"fields.tan[{camp}][0]: owner {owner} is not a seat of 3"

    return edit


def _tan_card(design: int, hopped: bool, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        camp = _tan_camp(state)
        state.tan[camp][0] = (state.tan[camp][0][0], design, hopped)
        return f"fields.tan[{camp}][0]: {expected}"

    return edit


def _set(name: str, value: object, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        setattr(state, name, value)
        return expected

    return edit


def _scrap_at_quartz(scrap: int) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.scraps[0].append(scrap)
        return f"fields.scraps[0]: {scrap} is not a scrap type (0-11)"

    return edit


def _unsorted(state: ScavengersState) -> str:
    state.scraps[0][:] = [EGG, BUN]
    return f"fields.scraps[0]: [{EGG}, {BUN}] is not sorted; a Camp's scraps are kept sorted"


def _phase_names(state: ScavengersState) -> str:
    state.phases.names = ("place", "play")
    return "fields.phases: phases ['place', 'play'], but the game's are ['place', 'play', 'collect']"


def _short_turns(state: ScavengersState) -> str:
    state.turns.alive = [True, True]
    return "fields.turns: 2 seats, but the game has 3"


def _mouse(camp: int, seat: int, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.mice = [(camp, seat)]
        return expected

    return edit


def _report(take: tuple[int, int, int, str, bool], expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.report = (take,)
        return expected

    return edit


def _in_hand(card: int, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.hands[0][0] = card
        return expected

    return edit


def _camper_in_hand(state: ScavengersState) -> str:
    camper = state.campers.pop()
    state.hands[0].append(camper)
    return f"fields.hands[0]: {camper!r} is a Camper card, not a Scavenger card"


def _design_in_campers(state: ScavengersState) -> str:
    card = state.hands[0].pop()
    state.campers.append(card)
    return f"fields.campers: {card!r} is a Scavenger card, not a Camper card"


def _log(entry: tuple[int, int, tuple[object, ...]], expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.log[-1] = entry  # replaced, not added: the log keeps a bounded number of actions
        return expected.replace("[-1]", f"[{len(state.log) - 1}]")

    return edit


@pytest.mark.parametrize(
    ("phase", "edit"),
    [
        pytest.param("play", _owner(7), id="a tan card's owner is a seat"),
        pytest.param("play", _owner(-1), id="a tan card's owner is not negative"),
        pytest.param("play", _tan_card(BEAR, False, "Bear is a gray card; gray cards lie in gray"), id="tan is tan"),
        pytest.param(
            "play",
            _tan_card(COYOTE, True, f"{CONTENT.designs[COYOTE].label} has hopped, but only a Rabbit hops"),
            id="only a Rabbit hops",
        ),
        pytest.param("play", _tan_card(99, False, f"99 {NO_DESIGN}"), id="a tan design is in range"),
        pytest.param("play", _tan_card(-1, False, f"-1 {NO_DESIGN}"), id="a tan design is not negative"),
        pytest.param(
            "play", _set("gray", [[99], [], []], f"fields.gray[0]: 99 {NO_DESIGN}"), id="a gray design is in range"
        ),
        pytest.param("play", _in_hand(99, f"fields.hands[0]: 99 {NO_DESIGN}"), id="a hand's design is in range"),
        pytest.param(
            "play",
            _set(
                "gray",
                [[DOG], [], []],
                "fields.gray[0]: Dog does not stay at a Camp; only Cloudbreak and Late Night Campers do",
            ),
            id="only Cloudbreak and Late Night Campers stay",
        ),
        pytest.param("play", _set("tan", [[], []], "fields.tan: 2 Camps, but the board has 3"), id="three Camps"),
        pytest.param("play", _scrap_at_quartz(12), id="a scrap type is in range"),
        pytest.param("play", _scrap_at_quartz(-1), id="a scrap type is not negative"),
        pytest.param("play", _unsorted, id="a Camp's scraps are sorted"),
        pytest.param("play", _set("bear", 4, f"fields.bear: 4 is neither a Camp (0-2) nor the Den ({DEN})"), id="bear"),
        pytest.param(
            "play", _set("bear", -1, f"fields.bear: -1 is neither a Camp (0-2) nor the Den ({DEN})"), id="bear negative"
        ),
        pytest.param("place", _set("pending", 12, "fields.pending: 12 is not a scrap type (0-11)"), id="pending"),
        pytest.param(
            "place", _set("pending", -1, "fields.pending: -1 is not a scrap type (0-11)"), id="pending negative"
        ),
        pytest.param("play", _phase_names, id="the game's phases"),
        pytest.param("play", _short_turns, id="a turn order of every seat"),
        pytest.param("collect", _mouse(5, 0, "fields.mice[0]: 5 is not a Camp (0-2)"), id="a Mouse's Camp"),
        pytest.param("collect", _mouse(0, 9, "fields.mice[0]: seat 9 is not a seat of 3"), id="a Mouse's seat"),
        pytest.param(
            "collect", _mouse(0, -1, "fields.mice[0]: seat -1 is not a seat of 3"), id="a Mouse's seat not negative"
        ),
        pytest.param(
            "collect", _report((3, 0, BUN, "wins", True), "fields.report[0]: seat 3 is not a seat of 3"), id="taker"
        ),
        pytest.param(
            "collect", _report((0, 3, BUN, "wins", True), "fields.report[0]: 3 is not a Camp (0-2)"), id="camp"
        ),
        pytest.param(
            "collect", _report((0, 0, -1, "wins", True), "fields.report[0]: -1 is not a scrap type (0-11)"), id="scrap"
        ),
        pytest.param(
            "collect",
            _report(
                (0, 0, BUN, "Owl", True),
                "fields.report[0]: a scrap is taken by a Mouse or by winning a Camp, not 'Owl'",
            ),
            id="how a scrap is taken",
        ),
        pytest.param("over", _set("winners", (0, 0), "fields.winners: [0, 0] names a seat twice"), id="winners once"),
        pytest.param("play", _camper_in_hand, id="a Camper card is not in a hand"),
        pytest.param("play", _design_in_campers, id="a Scavenger card is not in the Camper deck"),
        pytest.param("play", _log((1, 5, ("pass",)), "fields.log[-1]: seat 5 is not a seat of 3"), id="log seat"),
        pytest.param(
            "play",
            _log((1, 0, ("play", 99, 0)), "fields.log[-1]: ['play', 99, 0] is not an action of scavengers"),
            id="log action",
        ),
        pytest.param(
            "play",
            _log((1, 0, ("place", 0, 12)), "fields.log[-1]: a placement logs the scrap placed, a scrap type (0-11)"),
            id="log placement",
        ),
        pytest.param("play", _log((9, 0, ("pass",)), "fields.log[-1]: round 9, but this is round 1"), id="log round"),
    ],
)
def test_every_index_into_the_content_or_the_seats_is_in_range_and_not_negative(phase: str, edit: Edit) -> None:
    state = _in(phase)
    expected = edit(state)
    assert state.position_problem() == expected


def _pile(scrap: int, n: int, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.pile[scrap] = n
        return expected

    return edit


def _held(seat: int, scrap: int, n: int, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        state.done[seat] = [False] * len(CONTENT.foods)  # a completed card holds nothing: keep to the bound
        state.held[seat] = [0] * len(CONTENT.scraps)
        state.held[seat][scrap] = n
        return expected

    return edit


def _hand_over_deal(state: ScavengersState) -> str:
    state.hands[1] += state.deck[:1]
    return f"fields.hands[1]: {DEAL[PLAYERS] + 1} cards, but a round deals {DEAL[PLAYERS]}"


@pytest.mark.parametrize(
    "edit",
    [
        _pile(BUN, -1, "fields.pile[0]: -1 Bun is not a count"),
        _pile(BUN, 6, "fields.pile[0]: 6 Bun, but the game has 5"),
        _held(0, BUN, -1, "fields.held[0][0]: -1 Bun is not a count"),
        _held(0, BUN, 3, "fields.held[0][0]: 3 Bun, but Chili Dog has 1 Bun space"),
        _held(1, CHILI, 3, "fields.held[1][2]: 3 Chili, but Chili Dog has 2 Chili spaces"),
        _hand_over_deal,
    ],
    ids=[
        "pile negative",
        "pile above the game's",
        "held negative",
        "held above one space",
        "held above two spaces",
        "hand above the deal",
    ],
)
def test_a_count_is_never_negative_nor_above_what_the_game_holds_or_deals(edit: Edit) -> None:
    state = _in("place")
    expected = edit(state)
    assert state.position_problem() == expected


def _one_short(name: str, seat: int | None, expected: str) -> Edit:
    def edit(state: ScavengersState) -> str:
        counts = getattr(state, name) if seat is None else getattr(state, name)[seat]
        counts.pop()
        return expected

    return edit


@pytest.mark.parametrize(
    "edit",
    [
        _one_short("pile", None, "fields.pile: 11 counts, but the game has 12 scrap types"),
        _one_short("held", 0, "fields.held[0]: 11 counts, but the game has 12 scrap types"),
        _one_short("done", 1, "fields.done[1]: 3 Food cards, but each seat has 4"),
    ],
    ids=["pile", "held", "done"],
)
def test_a_list_of_counts_has_one_per_scrap_type_or_food_card(edit: Edit) -> None:
    # Asked directly: through the position reader `zones()` refuses a pile or held list of the wrong length first.
    state = _in("play")
    expected = edit(state)
    assert state.position_problem() == expected


def test_a_completed_food_card_holds_no_scraps() -> None:
    state = _in("play")
    state.done[0] = [True, False, False, False]
    state.held[0] = [0] * len(CONTENT.scraps)
    state.held[0][BUN] = 1
    assert state.position_problem() == "fields.held[0]: scraps on Chili Dog, which is completed (turned over)"


def test_a_food_card_with_every_space_filled_is_turned_over() -> None:
    state = _in("play")
    state.done[0] = [False] * 4
    state.held[0] = [0] * len(CONTENT.scraps)
    for scrap, n in enumerate(CONTENT.needs[0]):
        state.held[0][scrap] = n
    assert state.position_problem() == "fields.held[0]: Chili Dog is full, but not completed (turned over)"


def _complete(state: ScavengersState, seat: int) -> None:
    state.done[seat] = [True] * 4
    state.held[seat] = [0] * len(CONTENT.scraps)


def test_a_seat_done_with_all_four_food_cards_has_won_unless_a_mouse_still_chooses() -> None:
    state = _in("play")
    _complete(state, 0)
    assert state.position_problem() == "fields.done[0]: all four Food cards completed, but the game goes on"
    collecting = _in("collect")  # a Mouse's take may complete the fourth card before another Mouse chooses
    _complete(collecting, 0)
    assert collecting.position_problem() is None


def test_the_winners_are_the_seats_the_rules_name() -> None:
    state = _in("play")
    state.winners = (1,)
    assert state.position_problem() == (
        "fields.winners: [1], but nobody has completed all four Food cards and only 0 of the 40 rounds are played"
    )
    over = _in("over")
    expected = list(over.winners)
    over.winners = tuple(seat for seat in range(PLAYERS) if seat not in expected)
    assert over.position_problem() == f"fields.winners: {list(over.winners)}, but the rules make {expected} the winners"


def test_the_game_ends_after_its_last_round() -> None:
    state = _in("play")
    state.phases.round = 40
    assert state.position_problem() == "fields.winners: none, but all 40 rounds are played"
    state.phases.round = 41
    assert state.position_problem() == "fields.phases: 41 rounds played, but these options end the game after 40"


def _all_passed(state: ScavengersState) -> str:
    state.turns.alive = [False] * PLAYERS
    return f"fields.turns: every seat has passed or run out, but seat {state.turns.current} is to play"


def _current_passed(state: ScavengersState) -> str:
    state.turns.alive[state.turns.current] = False
    return f"fields.turns: seat {state.turns.current} is to play, but has passed or run out"


def _empty_hand(state: ScavengersState) -> str:
    seat = state.turns.current
    state.deck += state.hands[seat]
    state.hands[seat].clear()
    return f"fields.hands[{seat}]: empty, but seat {seat} has not run out"


def _pending_while_playing(state: ScavengersState) -> str:
    state.pending = EGG
    return "fields.pending: Egg waits to be placed, but this is the play phase"


def _mice_while_playing(state: ScavengersState) -> str:
    state.mice = [(0, 0)]
    return "fields.mice: Mice take scraps in the collect phase, not the play phase"


def _nothing_to_place(state: ScavengersState) -> str:
    state.pending = None
    return "fields.pending: none, but the place phase places the scrap of the Camper card just turned"


def _pending_not_in_pile(state: ScavengersState) -> str:
    assert state.pending is not None
    state.pile[state.pending] = 0
    return f"fields.pending: {CONTENT.scraps[state.pending]}, but the pile has none"


def _camps_full(state: ScavengersState) -> str:
    for scraps in state.scraps:
        scraps[:] = sorted([*scraps, BUN, BUN, BUN][:3])
    return "fields.scraps: every Camp is full, but the place phase goes on"


def _short_hand_while_placing(state: ScavengersState) -> str:
    state.deck.append(state.hands[2].pop())
    return f"fields.hands[2]: {DEAL[PLAYERS] - 1} cards while placing, but the round dealt {DEAL[PLAYERS]}"


def _discard_while_placing(state: ScavengersState) -> str:
    state.discard.append(state.deck.pop())
    return "fields.discard: cards played or discarded while placing, but the round's deal gathered them all"


def _bear_out_while_placing(state: ScavengersState) -> str:
    state.bear = 1
    return "fields.bear: at Grizzly while placing, but a round starts with it in the Den"


def _seat_plays_while_collecting(state: ScavengersState) -> str:
    state.turns.alive[1] = True
    return "fields.turns: a seat still plays, but the play phase is over"


def _no_mouse_while_collecting(state: ScavengersState) -> str:
    state.mice = []
    return "fields.mice: none, but the collect phase waits for a Mouse's choice"


def _mice_out_of_order(state: ScavengersState) -> str:
    state.mice = [state.mice[0], state.mice[0]]
    camp = state.mice[0][0]
    return f"fields.mice: Camps [{camp}, {camp}], but Mice take scraps once per Camp, in Camp order"


def _mouse_without_choice(state: ScavengersState) -> str:
    camp = state.mice[0][0]
    state.scraps[camp][:] = [state.scraps[camp][0]] * len(state.scraps[camp])
    return f"fields.mice: the Mouse at {CONTENT.camps[camp]} has no choice to make, so it would have taken"


def _mouse_of_another_seat(state: ScavengersState) -> str:
    camp, seat = state.mice[0]
    other = (seat + 1) % PLAYERS
    state.mice[0] = (camp, other)
    return f"fields.mice: seat {other} has not strictly the most Mice at {CONTENT.camps[camp]}"


def _placing_when_over(state: ScavengersState) -> str:
    state.pending = BUN
    return "fields.pending: the game is over, but Bun still waits to be placed"


def _mouse_when_over(state: ScavengersState) -> str:
    state.mice = [(0, 0)]
    return "fields.mice: the game is over, but a Mouse still waits to take a scrap"


def _playing_when_over(state: ScavengersState) -> str:
    state.phases.index = state.phases.names.index("play")
    return "fields.phases: the play phase, but a game over stops in the place phase after its collection"


@pytest.mark.parametrize(
    ("phase", "edit"),
    [
        ("play", _all_passed),
        ("play", _current_passed),
        ("play", _empty_hand),
        ("play", _pending_while_playing),
        ("play", _mice_while_playing),
        ("place", _nothing_to_place),
        ("place", _pending_not_in_pile),
        ("place", _camps_full),
        ("place", _short_hand_while_placing),
        ("place", _discard_while_placing),
        ("place", _bear_out_while_placing),
        ("collect", _seat_plays_while_collecting),
        ("collect", _no_mouse_while_collecting),
        ("collect", _mice_out_of_order),
        ("collect", _mouse_without_choice),
        ("collect", _mouse_of_another_seat),
        ("over", _placing_when_over),
        ("over", _mouse_when_over),
        ("over", _playing_when_over),
    ],
    ids=lambda value: value if isinstance(value, str) else value.__name__.strip("_"),
)
def test_each_phase_holds_only_what_it_waits_for(phase: str, edit: Edit) -> None:
    state = _in(phase)
    expected = edit(state)
    assert state.position_problem() == expected


def test_the_position_reader_refuses_an_impossible_position_with_its_problem() -> None:
    state = _in("play")
    assert loads(GAME, dumps(state)).digest() == state.digest()
    text = dumps(state).replace('"bear": 3', '"bear": -1')
    with pytest.raises(PositionError) as refused:
        loads(GAME, text)
    assert (
        str(refused.value)
        == f"scavengers cannot be set up this way: fields.bear: -1 is neither a Camp (0-2) nor the Den ({DEN})"
    )


_refusal = functools.partial(position_edits.refusal, GAME)


def test_the_log_keeps_the_last_actions_of_all_those_said() -> None:
    state = _in("play")
    log = state.log
    assert 0 < len(log) == state.said

    def longer(document: dict[str, Any]) -> None:
        document["fields"]["log"] = (document["fields"]["log"] * 40)[:40]
        document["fields"]["said"] = 40

    assert _refusal(state, longer) == "fields.log: 40 actions, but the log keeps the last 32"
    assert _refusal(state, lambda document: document["fields"].update(said=0)) == (
        f"fields.said: 0 actions logged in all, but the log keeps the last 32 and holds {len(log)}"
    )
    # A short log after many actions: play keeps the last 32 once there were as many (this passed).
    assert _refusal(state, lambda document: document["fields"].update(said=50)) == (
        f"fields.said: 50 actions logged in all, but the log keeps the last 32 and holds {len(log)}"
    )


def test_the_reader_names_a_seats_food_cards_of_the_wrong_number() -> None:
    # Refused by name, not by the IndexError of indexing `done[seat]` by each Food card.
    def short(document: dict[str, Any]) -> None:
        document["fields"]["done"][0].pop()

    assert _refusal(_in("play"), short) == "fields.done[0]: 3 Food cards, but each seat has 4"


@pytest.mark.parametrize(
    ("field", "kind", "count"),
    [("tan", "design", len(CONTENT.designs)), ("gray", "design", len(CONTENT.designs)), ("scraps", "scrap", 12)],
)
@pytest.mark.parametrize("index", [-1, 99])
def test_the_reader_names_a_camps_design_or_scrap_out_of_range(field: str, kind: str, count: int, index: int) -> None:
    # -1 once read as the last design, refused under its name ('Weasel 2' is not a card of scavengers).
    def edit(document: dict[str, Any]) -> None:
        entry = [0, index, False] if field == "tan" else index
        document["fields"][field][1] = [entry]

    said = _refusal(_in("play"), edit)
    assert said == (
        "scavengers cannot list the cards of this position: zones() raised ValueError: "
        f"fields.{field}[1]: {index} is no {kind} (0-{count - 1})"
    )
