"""The observation: each field from its part of the state (the core derives it from the declaration), the
counselor cards gathered from the per-seat fields, hashable and equal for equal content."""

from __future__ import annotations

from corekit import Rng
from plugins.camp_grizzly import heuristic
from plugins.camp_grizzly.game import CounselorView
from tests.plugins.camp_grizzly.tables import C, placed, table


def _by_name(state, seat):
    """What the observation must hold, field by field, written out the slow and obvious way."""
    full = seat is None
    return {
        "seat": seat,
        "round": state.round,
        "night": state.options.night,
        "active": state.active,
        "phase": state.phase,
        "move_left": state.move_left,
        "free_left": state.free_left,
        "final": state.final,
        "strike_space": state.strike_space,
        "strike_queue": tuple(state.strike_queue),
        "strike_later": tuple(state.strike_later),
        "strike_bonus": state.strike_bonus,
        "panic_seat": state.panic_seat,
        "panic_left": state.panic_left,
        "consent_finale": state.consent_finale,
        "consent_queue": tuple(state.consent_queue),
        "team": tuple(
            CounselorView(
                seat=s,
                counselor=state.counselors[s],
                location=state.location[s],
                injuries=state.injuries[s],
                alive=state.turn.alive[s],
                horror=state.horror[s],
                equipped=tuple(state.equipped[s]),
                backpack=tuple(state.backpack[s]),
                permanents=tuple(state.permanents[s]),
                campers=tuple(state.campers[s]),
                objectives=tuple(state.objectives[s]),
            )
            for s in range(state.players)
        ),
        "otis": state.otis,
        "stalk": state.stalk,
        "attack_die": C.otis_dice[state.attack],
        "damage": state.damage,
        "body": state.body,
        "ground_spots": tuple(placed(state, state.ground)),
        "mystery_spaces": tuple(state.mystery_spaces),
        "lock_spots": tuple(placed(state, state.locks)),
        "aid_spots": tuple(placed(state, state.aids)),
        "cameo_spots": tuple(placed(state, state.cameos)),
        "lasting": tuple(state.lasting),
        "failed": tuple(state.failed),
        "cabin_discard": tuple(state.cabin_discard),
        "survival_discard": tuple(state.survival_discard),
        "micro_used": tuple(state.micro_used),
        "supply": tuple(state.supply),
        "boxed": tuple(sorted(state.boxed)),
        "log": state.log,
        "said": state.said,
        "winners": state.winners,
        "over": state.over,
        # the hidden cards: their number to a seat, every card (in order) in the full view only
        "cabin_deck": (len(state.cabin_deck), tuple(state.cabin_deck) if full else None),
        "survival_deck": (len(state.survival_deck), tuple(state.survival_deck) if full else None),
        "mystery_deck": (len(state.mystery_deck), tuple(state.mystery_deck) if full else None),
        "mysteries": (len(state.mysteries), tuple(state.mysteries) if full else None),
    }


def _seen(view, name):
    value = getattr(view, name)
    if name in ("cabin_deck", "survival_deck", "mystery_deck", "mysteries"):
        return (value.size, value.cards)
    return value


def test_every_field_of_the_observation_comes_from_its_part_of_the_state():
    state = table(3, seed=5)
    rng = Rng(5)
    for _ in range(400):  # a long stretch of a game, so that most parts of the state are filled
        if state.is_terminal:
            break
        seat = state.to_act[0]
        for who in (seat, None):
            view = state.observation(who)
            for name, value in _by_name(state, who).items():
                assert _seen(view, name) == value, name
        state.apply(seat, heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), rng))


def test_equal_observations_hash_alike_and_are_frozen():
    state = table(2)
    first, second = state.observation(0), state.observation(0)
    assert first == second and first is not second and hash(first) == hash(second)
    assert len({first, second}) == 1
    try:
        first.round = 9
    except AttributeError:
        pass
    else:
        raise AssertionError("an observation must be immutable")


def test_one_counselor_card_is_the_one_the_team_shows():
    state = table(4, seed=2)
    view = state.observation(1)
    assert [view.card(seat) for seat in range(4)] == list(view.team)
