"""`CampState.position_problem`: every state of real play is possible, and each bound the rules keep refuses a
state edited past it, naming the field (a position file is read field by field, so any field may be edited).

The impossible states are real ones with one field changed: the rest of the state stays one play reached, so the
message is the one of that field's bound."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pytest

from corekit import Rng
from corekit.position import PositionError, dumps, loads
from plugins.camp_grizzly import heuristic
from plugins.camp_grizzly.content import FINALE, WOODS, load
from plugins.camp_grizzly.game import CampGrizzly, card_names
from plugins.camp_grizzly.phases import Phase
from plugins.camp_grizzly.position_check import BODY_CEILING
from plugins.camp_grizzly.state import CampState

GAME = CampGrizzly()
C = load()
OPTIONS = ({}, {"night": 3}, {"setup": "easy", "surprises": False, "movement": "live"}, {"counselors": "Lisa+Dwayne"})
"""The default night; one so short that HOPELESS's last fight comes; the other setup and readings; chosen
counselors (the option's two, when a match has two seats)."""


def _card(name: str) -> int:
    return card_names().index(name)


def _step(state: CampState, rng: random.Random, clever: bool) -> None:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    action = heuristic.policy(state.observation(seat), seat, legal, Rng(0)) if clever else rng.choice(list(legal))
    state.apply(seat, action)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_every_state_of_seeded_play_is_one_the_rules_can_reach(players: int) -> None:
    for seed in range(12):
        given = OPTIONS[seed % len(OPTIONS)]
        if "counselors" in given and players != 2:
            given = {"counselors": "+".join(c.name for c in reversed(C.counselors[:players]))}
        state = GAME.initial_state(players, seed, GAME.make_options(given))
        rng = random.Random(seed)
        step = 0
        while True:
            assert state.position_problem() is None, f"seed {seed}, {given}, step {step}"
            if state.is_terminal:
                break
            _step(state, rng, clever=seed % 2 == 0)
            step += 1


REACHED: dict[str, Callable[[CampState], bool]] = {
    "move": lambda s: s.phase is Phase.MOVE and s.round > 1,
    "end": lambda s: s.phase is Phase.END,
    "strike": lambda s: s.phase is Phase.STRIKE and not s.final and s.finale == -1,
    "panic": lambda s: s.phase is Phase.PANIC,
    "consent": lambda s: s.phase is Phase.CONSENT,
    "fool": lambda s: s.phase is Phase.FOOL,
    "finale": lambda s: s.phase is Phase.STRIKE and s.finale >= 0,
    "dead": lambda s: s.phase is Phase.MOVE and not all(s.turn.alive),
    "won": lambda s: bool(s.winners) and not all(s.turn.alive),
    "lost": lambda s: s.over and not s.winners,
}
"""States of heuristic play at 2 seats: by phase, a finale's strike, a counselor dead, a match won with a
counselor dead, a match Otis won."""


@functools.cache
def _reached(name: str) -> CampState:
    wanted = REACHED[name]
    for seed in range(200):
        state = GAME.initial_state(2, seed)
        rng = random.Random(seed)
        while not wanted(state) and not state.is_terminal:
            _step(state, rng, clever=True)
        if wanted(state):
            return state
    raise LookupError(name)


def _in(name: str) -> CampState:
    state = _reached(name).clone()
    assert state.position_problem() is None
    return state


Edit = Callable[[CampState], str]
"""Changes a field of a possible state and returns the problem expected."""


def _set(name: str, value: object, expected: str) -> Edit:
    def edit(state: CampState) -> str:
        setattr(state, name, value)
        return expected

    return edit


def _item(name: str, at: int, value: object, expected: str) -> Edit:
    def edit(state: CampState) -> str:
        getattr(state, name)[at] = value
        return expected

    return edit


PER_SEAT = ("equipped", "backpack", "permanents", "campers", "objectives")


def _moved(zone: str, cards: tuple[str, ...], expected: str) -> Edit:
    """Cards moved by name from wherever they lie into `zone` (seat 0's, for a counselor card's zone)."""

    def edit(state: CampState) -> str:
        for name in cards:
            card = _card(name)
            for info in state.layout().zones:
                held = state.zone(info.no)
                if card in held:
                    if held is state.mysteries:  # a face-down "?" card leaves its space with it
                        del state.mystery_spaces[held.index(card)]
                    state.spot.pop(card, None)
                    held.remove(card)
                    break
            target = getattr(state, zone)
            (target[0] if zone in PER_SEAT else target).append(card)
        return expected

    return edit


@pytest.mark.parametrize(
    ("reached", "edit"),
    [
        pytest.param("move", _set("counselors", (0,), "fields.counselors: 1 counselor for 2 seats"), id="one a seat"),
        pytest.param("move", _set("counselors", (0, 99), "fields.counselors[1]: 99 is not a counselor (0-6)"), id="99"),
        pytest.param(
            "move", _set("counselors", (0, -1), "fields.counselors[1]: -1 is not a counselor (0-6)"), id="negative"
        ),
        pytest.param("move", _set("counselors", (0, 0), "fields.counselors: Kevin is at two seats"), id="twice"),
        pytest.param(
            "move",
            _set(
                "counselors",
                (1, 0),
                "fields.counselors: Sherry+Kevin, but options.counselors '' seats Kevin+Sherry (the seats' names "
                "come from the option)",
            ),
            id="the option's",
        ),
    ],
)
def test_each_seat_has_a_counselor_of_the_box_once_the_one_the_option_chose(reached: str, edit: Edit) -> None:
    state = _in(reached)
    expected = edit(state)
    assert state.position_problem() == expected


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(
            _moved(
                "backpack",
                ("Full Moon",),
                "fields.backpack[0]: Full Moon (a plot card) is not one of the weapons, items, clothing and single-use "
                "Survival cards it holds",
            ),
            id="an event card is not kept in a backpack",
        ),
        pytest.param(
            _moved(
                "equipped",
                ("Brave",),
                "fields.equipped[0]: Brave (a permanent card) is not one of the weapons, items with hands and clothing "
                "it holds",
            ),
            id="a Survival card is not equipped",
        ),
        pytest.param(
            _moved(
                "supply",
                ("Oars",),
                "fields.supply: Oars (an objective card) is not one of the spare keys, locks and horrified markers it "
                "holds",
            ),
            id="an objective is not in the supply",
        ),
        pytest.param(
            _moved(
                "objectives",
                ("Locked #1",),
                "fields.objectives[0]: Locked #1 (a lock card) is not one of the objectives and keys it holds",
            ),
            id="a lock is not an objective",
        ),
        pytest.param(
            _moved(
                "equipped",
                ("Chainsaw", "Shotgun", "Fire Axe"),
                "fields.equipped[0]: Chainsaw, Shotgun, Fire Axe take 6 hands; a counselor has 2",
            ),
            id="two hands",
        ),
        pytest.param(
            _set("drawn", 999, "fields.drawn: 999 is neither -1 (none) nor a weapon, item or clothing card"),
            id="the card drawn is a card",
        ),
        pytest.param(
            _set("drawn", -2, "fields.drawn: -2 is neither -1 (none) nor a weapon, item or clothing card"),
            id="the card drawn is not negative",
        ),
    ],
)
def test_every_card_lies_where_the_rules_put_its_kind(edit: Edit) -> None:
    state = _in("move")
    expected = edit(state)
    assert state.position_problem() == expected


def _mystery_space(at: int, space: int, expected: str) -> Edit:
    def edit(state: CampState) -> str:
        state.mystery_spaces[at] = space
        return expected.replace("SAME", C.spaces[space]) if 0 <= space < len(C.spaces) else expected

    return edit


def _mystery_lost(state: CampState) -> str:
    state.mystery_spaces.pop()
    return f'fields.mystery_spaces: {len(state.mystery_spaces)} spaces for {len(state.mysteries)} face-down "?" cards'


def _spot_off_board(state: CampState) -> str:
    card = state.cabin_deck[0]
    state.spot[card] = C.campfire
    return f"fields.spot: {card_names()[card]} has a space, but it lies in no board zone (ground, locks, aids, cameos)"


def _no_spot(state: CampState) -> str:
    del state.spot[state.locks[0]]
    return f"fields.spot: {card_names()[state.locks[0]]} lies on the board, but on no space"


def _spot_nowhere(state: CampState) -> str:
    state.spot[state.locks[0]] = 99
    return f"fields.spot: {card_names()[state.locks[0]]} lies on 99, not a space (0-36)"


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(
            _item(
                "location",
                0,
                999,
                "fields.location[0]: 999 is not a space (0-36), the woods (-1) or a finale card (-2)",
            ),
            id="a counselor is on a space",
        ),
        pytest.param(
            _item(
                "location", 0, -3, "fields.location[0]: -3 is not a space (0-36), the woods (-1) or a finale card (-2)"
            ),
            id="no negative location but the woods and a finale card",
        ),
        pytest.param(
            _mystery_space(0, 99, "fields.mystery_spaces[0]: 99 is not a space (0-36)"), id="a ? card's space"
        ),
        pytest.param(
            _mystery_space(0, C.campfire, 'fields.mystery_spaces[0]: SAME is not a "?" space of the normal setup'),
            id="a ? card lies on a ? space of the setup",
        ),
        pytest.param(_mystery_lost, id="each face-down ? card has its space"),
        pytest.param(_spot_off_board, id="only a card on the board has a space"),
        pytest.param(_no_spot, id="a card on the board has a space"),
        pytest.param(_spot_nowhere, id="a card on the board lies on a space"),
    ],
)
def test_every_space_is_a_space_of_the_board(edit: Edit) -> None:
    state = _in("move")
    expected = edit(state)
    assert state.position_problem() == expected


def test_two_face_down_cards_never_share_a_space() -> None:
    state = _in("move")
    state.mystery_spaces[1] = state.mystery_spaces[0]
    assert state.position_problem() == f'fields.mystery_spaces: two "?" cards on {C.spaces[state.mystery_spaces[0]]}'


def _dead(state: CampState) -> int:
    return state.turn.alive.index(False)


def _dead_horrified(state: CampState) -> str:
    seat = _dead(state)
    state.horror[seat] = 1
    return f"fields.horror[{seat}]: 1, but seat {seat} is dead"


def _dead_in_woods(state: CampState) -> str:
    seat = _dead(state)
    state.location[seat] = WOODS
    return f"fields.location[{seat}]: -1, but the dead lie on a space"


def _dead_holding(state: CampState) -> str:
    seat = _dead(state)
    weapon = next(card for card in state.cabin_deck if C.cards[card].kind == "weapon")
    state.cabin_deck.remove(weapon)
    state.backpack[seat].append(weapon)
    return f"fields.backpack[{seat}]: cards, but seat {seat} is dead (the dead leave everything)"


def _at_the_skull(state: CampState) -> str:
    health = C.counselors[state.counselors[0]].health
    state.injuries[0] = health
    return f"fields.injuries[0]: {health} reach the skull of a {health}-health counselor, who is alive"


@pytest.mark.parametrize(
    ("reached", "edit"),
    [
        pytest.param("move", _item("injuries", 0, -4, "fields.injuries[0]: -4 is not a count"), id="injuries"),
        pytest.param("move", _at_the_skull, id="the skull is death"),
        pytest.param(
            "move", _item("horror", 0, 3, "fields.horror[0]: 3, but horror lasts at most 2 ends of turn"), id="horror"
        ),
        pytest.param(
            "move", _item("horror", 0, -1, "fields.horror[0]: -1, but horror lasts at most 2 ends of turn"), id="neg"
        ),
        pytest.param("dead", _dead_horrified, id="the dead are not horrified"),
        pytest.param("dead", _dead_in_woods, id="the dead lie on a space"),
        pytest.param("dead", _dead_holding, id="the dead hold nothing"),
        pytest.param(
            "move",
            _item(
                "horror",
                0,
                1,
                "fields.horror_marks: 0 horrified markers on counselor cards, but 1 counselor horrified",
            ),
            id="a marker on each horrified counselor",
        ),
    ],
)
def test_injuries_and_horror_stay_on_their_tracks_and_the_dead_leave_everything(reached: str, edit: Edit) -> None:
    state = _in(reached)
    expected = edit(state)
    assert state.position_problem() == expected


def _turn_order_of_one(state: CampState) -> str:
    state.turn.alive = [True]
    return "fields.turn: 1 seat in the turn order, but the match has 2"


def _said_too_few(state: CampState) -> str:
    state.said = len(state.log) - 1
    return f"fields.said: {state.said} events logged in all, but the log keeps the last 24 and holds {len(state.log)}"


def _said_too_many(state: CampState) -> str:
    # A short log after many events: play keeps the last 24 once there were as many (this passed).
    state.log, state.said = state.log[-3:], 40
    return "fields.said: 40 events logged in all, but the log keeps the last 24 and holds 3"


def _long_log(state: CampState) -> str:
    state.log = ("a",) * 25
    state.said = 25
    return "fields.log: 25 events, but the log keeps the last 24"


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(_turn_order_of_one, id="a turn order of every seat"),
        pytest.param(_set("night", 0, "fields.night: 0, but the night lasts at least 1 round"), id="night"),
        pytest.param(_set("night", 40, "fields.night: 40, but options.night is 50"), id="the option's night"),
        pytest.param(_set("round", 0, "fields.round: 0, but rounds run from 1 to 51 (the night's end)"), id="round"),
        pytest.param(_set("round", 52, "fields.round: 52, but rounds run from 1 to 51 (the night's end)"), id="last"),
        pytest.param(
            _set("round", 51, "fields.round: 51, past the night (50), but fields.hopeless is false"), id="HOPELESS due"
        ),
        pytest.param(_set("move_left", -1, "fields.move_left: -1, but movement runs from 0 to 30"), id="move"),
        pytest.param(_set("move_left", 31, "fields.move_left: 31, but movement runs from 0 to 30"), id="move max"),
        pytest.param(_set("free_left", -1, "fields.free_left: -1, but a turn has 0 to 5 free actions"), id="free"),
        pytest.param(_set("free_left", 6, "fields.free_left: 6, but a turn has 0 to 5 free actions"), id="free max"),
        pytest.param(_long_log, id="the log keeps 24 events"),
        pytest.param(_said_too_few, id="said"),
        pytest.param(_said_too_many, id="said too many for a short log"),
        pytest.param(_set("otis", 37, "fields.otis: 37 is neither a space (0-36) nor -1 (lurking)"), id="otis"),
        pytest.param(_set("otis", -2, "fields.otis: -2 is neither a space (0-36) nor -1 (lurking)"), id="otis neg"),
        pytest.param(_set("stalk", 0, "fields.stalk: 0, but Otis stalks 1 to 6"), id="stalk"),
        pytest.param(_set("stalk", 7, "fields.stalk: 7, but Otis stalks 1 to 6"), id="stalk max"),
        pytest.param(_set("attack", -1, "fields.attack: -1 is not one of Otis's dice (0-3)"), id="attack"),
        pytest.param(_set("attack", 4, "fields.attack: 4 is not one of Otis's dice (0-3)"), id="attack max"),
        pytest.param(_set("damage", 0, "fields.damage: 0, but Otis's damage runs from 1 to 4"), id="damage"),
        pytest.param(_set("damage", 5, "fields.damage: 5, but Otis's damage runs from 1 to 4"), id="damage max"),
        pytest.param(_set("body", -5, "fields.body: -5 is not a count"), id="body"),
        pytest.param(
            _set(
                "body",
                BODY_CEILING + 3,
                f"fields.body: {BODY_CEILING + 3}, but the deaths of a match of 2 counselors bring it to "
                f"{BODY_CEILING + 2} at most",
            ),
            id="body max",
        ),
        pytest.param(
            _set("body", 13, "fields.hopeless: false, but the body count 13 has reached HOPELESS (13)"), id="HOPELESS"
        ),
        pytest.param(
            _set("hopeless", True, "fields.hopeless: true, but the body count 4 is short of HOPELESS (13)"),
            id="not yet HOPELESS",
        ),
        pytest.param(
            _set("final", True, "fields.final: the last fight is under way, but hopeless is false"), id="final"
        ),
    ],
)
def test_counters_and_otis_stay_on_their_tracks(edit: Edit) -> None:
    state = _in("move")
    state.body = 4  # the Normal setup's start, whatever play brought it to
    expected = edit(state)
    assert state.position_problem() == expected


def _past_the_last_line(state: CampState) -> str:
    lines = len(C.finales[state.finale].steps)
    state.finale_step = lines + 1
    return f"fields.finale_step: {lines + 1}, but the finale has {lines} lines"


def _twice_in_line(state: CampState) -> str:
    seat = state.strike_queue[0]
    state.strike_queue.append(seat)
    return f"fields.strike_queue: seat {seat} twice"


def _later_out_of_line(state: CampState) -> str:
    seat = state.strike_queue[0]
    state.strike_queue.remove(seat)
    state.strike_later = [seat]
    return f"fields.strike_later: seat {seat} let others go first, but is not in the strike queue"


def _dead_in_line(state: CampState) -> str:
    seat = _dead(state)
    state.strike_queue = [seat]
    return f"fields.strike_queue: seat {seat} is dead"


@pytest.mark.parametrize(
    ("reached", "edit"),
    [
        pytest.param(
            "strike",
            _set("strike_space", 99, "fields.strike_space: 99 is not a space, the woods (-1) or a finale (-2)"),
            id="Otis strikes a space",
        ),
        pytest.param("strike", _twice_in_line, id="a counselor is in the strike once"),
        pytest.param("strike", _later_out_of_line, id="who lets others fight first is in the strike"),
        pytest.param("dead", _dead_in_line, id="the dead do not fight"),
        pytest.param("strike", _set("strike_bonus", -1, "fields.strike_bonus: -1 is not a bonus"), id="bonus"),
        pytest.param("panic", _set("panic_left", -1, "fields.panic_left: -1 is not a count"), id="panic spaces"),
        pytest.param(
            "strike", _set("later_strikes", [(5, 0)], "fields.later_strikes[0]: 5 is not a seat of 2"), id="later seat"
        ),
        pytest.param(
            "strike", _set("later_strikes", [(0, -1)], "fields.later_strikes[0]: -1 is not a bonus"), id="later bonus"
        ),
        pytest.param(
            "move", _set("consent_finale", 4, "fields.consent_finale: 4 is not a finale (0-3)"), id="consent finale"
        ),
        pytest.param("move", _set("finale", 4, "fields.finale: 4 is neither a finale (0-3) nor -1 (none)"), id="fin"),
        pytest.param("move", _set("finale", -2, "fields.finale: -2 is neither a finale (0-3) nor -1 (none)"), id="neg"),
        pytest.param("move", _set("refused", [9], "fields.refused[0]: 9 is not a finale (0-3)"), id="refused"),
        pytest.param("move", _set("failed", [1, 1], "fields.failed: finale 1 twice"), id="a finale fails once"),
        pytest.param(
            "finale",
            _set("finale_objectives", [999, 0, 0], "fields.finale_objectives: 999 is not a card (0-143)"),
            id="objectives are cards",
        ),
        pytest.param(
            "finale",
            _set("finale_objectives", [0, 0, 0], "fields.finale_objectives: Baseball Bat is not an objective"),
            id="objectives are objectives",
        ),
        pytest.param(
            "move", _set("partner", 2, "fields.partner: 2 is neither a seat of 2 nor -1 (none)"), id="partner"
        ),
        pytest.param(
            "move", _set("partner", -2, "fields.partner: -2 is neither a seat of 2 nor -1 (none)"), id="neg p"
        ),
        pytest.param(
            "move",
            _set("finale_party", [0], "fields.finale_party: a party, but no finale is under way (finale -1)"),
            id="no party without a finale",
        ),
        pytest.param(
            "move",
            _set(
                "finale_objectives",
                [_card("Oars")],
                "fields.finale_objectives: objectives, but no finale is under way (finale -1)",
            ),
            id="no objectives on the card without a finale but HOPELESS's",
        ),
        pytest.param("finale", _past_the_last_line, id="a finale's line"),
        pytest.param(
            "finale",
            _set("finale_objectives", [], "fields.finale_objectives: 0 cards, but a finale starts with 3"),
            id="a finale's three objectives",
        ),
        pytest.param(
            "move",
            _item(
                "location",
                1,
                FINALE,
                "fields.location[1]: on a finale card, but not in the party of a finale under way",
            ),
            id="on a finale card only in its party",
        ),
        pytest.param(
            "strike",
            _set(
                "pending",
                [Phase.STRIKE],
                "fields.pending[0]: 'strike' is not a step that carries on after a strike or a choice",
            ),
            id="what waits is a step that carries on",
        ),
    ],
)
def test_the_strike_consent_and_finale_under_way_name_seats_and_finales_in_range(reached: str, edit: Edit) -> None:
    state = _in(reached)
    expected = edit(state)
    assert state.position_problem() == expected


def _winner_dead(state: CampState) -> str:
    seat = _dead(state)
    state.winners = (*state.winners, seat)
    return f"fields.winners: seat {seat} is dead, and only survivors win"


@pytest.mark.parametrize(
    ("reached", "edit"),
    [
        pytest.param("end", _set("over", True, "fields.over: true, but the phase is 'end'"), id="over"),
        pytest.param("won", _set("over", False, "fields.over: false, but the phase is 'over'"), id="not over"),
        pytest.param("move", _set("winners", (0,), "fields.winners: [0], but the match is not over"), id="winners"),
        pytest.param("won", _set("winners", (0, 0), "fields.winners: seat 0 twice"), id="a winner once"),
        pytest.param("won", _winner_dead, id="only survivors win"),
    ],
)
def test_over_and_the_winners_agree_with_the_phase_and_the_living(reached: str, edit: Edit) -> None:
    state = _in(reached)
    expected = edit(state)
    assert state.position_problem() == expected


def test_a_match_every_counselor_lost_is_over() -> None:
    state = _in("lost")
    state.over = False
    state.phase = Phase.MOVE
    assert state.position_problem() == "fields.turn: every counselor is dead, but the match is not over"


def _current_dead(state: CampState) -> str:
    seat = _dead(state)
    state.turn.current = seat
    return f"fields.turn: seat {seat} plays the move phase, but is dead or off the board"


def _current_in_woods(state: CampState) -> str:
    state.location[state.turn.current] = WOODS
    return f"fields.turn: seat {state.turn.current} plays the end phase, but is dead or off the board"


def _a_finale_while_moving(state: CampState) -> str:
    state.finale = 0
    state.finale_objectives = [_card("Gas Can #1"), _card("Car Battery"), _card("Keys #3")]
    return "fields.finale: a finale is under way, but the phase is 'move'"


def _hopeless_while_moving(state: CampState) -> str:
    state.body, state.hopeless = 13, True
    return "fields.hopeless: HOPELESS starts the last fight at once, but the phase is 'move'"


def _final_while_moving(state: CampState) -> str:
    state.body, state.hopeless, state.final = 13, True, True
    return "fields.final: the last fight is under way, but the phase is 'move'"


def _nobody_to_fight(state: CampState) -> str:
    state.strike_queue, state.strike_later = [], []
    return "fields.strike_queue: empty, but the strike phase waits for a counselor to fight"


def _runner_in_woods(state: CampState) -> str:
    state.location[state.panic_seat] = WOODS
    return "fields.panic_seat: seat {seat} runs, but is dead or off the board"


def _nobody_to_call(state: CampState) -> str:
    for seat in state.fool_partners():
        state.location[seat] = WOODS
    return "fields.phase: Foolin' Around waits for a partner, but nobody can be called"


@pytest.mark.parametrize(
    ("reached", "edit"),
    [
        pytest.param(
            "move",
            _set("phase", Phase.WOODS, "fields.phase: 'woods' resolves at once; no match waits in it"),
            id="a match waits only for a decision",
        ),
        pytest.param("dead", _current_dead, id="the dead take no turn"),
        pytest.param("end", _current_in_woods, id="a counselor lost in the woods takes no end phase"),
        pytest.param(
            "move",
            _set("strike_queue", [0], "fields.strike_queue: counselors to fight, but the phase is 'move'"),
            id="a strike only in the strike phase",
        ),
        pytest.param(
            "move",
            _set("strike_lost", True, "fields.strike_lost: a lost fight waits for its panic, but the phase is 'move'"),
            id="a lost fight only in the strike phase",
        ),
        pytest.param(
            "move",
            _set("consent_queue", [1], "fields.consent_queue: holders to ask, but the phase is 'move'"),
            id="holders asked only in the consent phase",
        ),
        pytest.param("move", _final_while_moving, id="the last fight is a strike"),
        pytest.param("move", _hopeless_while_moving, id="HOPELESS brings the last fight at once"),
        pytest.param("move", _a_finale_while_moving, id="a finale under way is a strike"),
        pytest.param("strike", _nobody_to_fight, id="a strike waits for a fighter"),
        pytest.param(
            "panic",
            _set("panic_left", 0, "fields.panic_left: 0 panic spaces left, but seat {seat} still runs"),
            id="a panic ends with its last space",
        ),
        pytest.param("panic", _runner_in_woods, id="a panic waits for a runner on the board"),
        pytest.param(
            "consent",
            _set("consent_queue", [], "fields.consent_queue: empty, but the consent phase waits for a holder"),
            id="a consent waits for a holder",
        ),
        pytest.param("fool", _nobody_to_call, id="Foolin' Around waits for a partner"),
        pytest.param(
            "strike",
            _set("pending", [], "fields.pending: empty, but the strike phase carries on with what waits there"),
            id="a strike carries on with what it interrupted",
        ),
    ],
)
def test_each_phase_waits_for_what_is_there(reached: str, edit: Edit) -> None:
    state = _in(reached)
    expected = edit(state).replace("{seat}", str(state.panic_seat))
    assert state.position_problem() == expected


def test_the_position_reader_refuses_an_impossible_position_with_its_problem() -> None:
    state = _in("move")
    assert loads(GAME, dumps(state)).digest() == state.digest()
    text = dumps(state).replace(f'"otis": {state.otis},', '"otis": 999,')
    with pytest.raises(PositionError) as refused:
        loads(GAME, text)
    assert (
        str(refused.value)
        == "camp-grizzly cannot be set up this way: fields.otis: 999 is neither a space (0-36) nor -1 (lurking)"
    )
