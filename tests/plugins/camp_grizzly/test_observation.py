"""The observation: each field from its part of the state (it is built by position, for speed), hashable and
equal for equal content."""

from __future__ import annotations

from corekit import Rng
from plugins.camp_grizzly import heuristic
from plugins.camp_grizzly.game import CampObservation, CounselorView
from tests.plugins.camp_grizzly.tables import table


def _by_name(state, seat):
    """The observation built field by field by keyword, the slow and obvious way."""
    hidden = (
        ()
        if seat is not None
        else (
            tuple(state.cab_deck),
            tuple(state.surv_deck),
            tuple(state.q_deck),
            tuple(state.qs),
        )
    )
    return CampObservation(
        seat=seat,
        round=state.round,
        night=state.options.night,
        active=state.active,
        phase=state.phase,
        control=(
            state.move_left,
            state.free_left,
            state.ended,
            state.hopeless,
            state.final,
            tuple(state.refused),
            state.s_space,
            tuple(state.s_queue),
            tuple(state.s_later),
            state.s_bonus,
            state.s_resume,
            state.p_seat,
            state.p_left,
            state.c_finale,
            tuple(state.c_queue),
            state.f_id,
            tuple(state.f_seats),
            state.f_step,
            state.fool_ops,
            state.partner,
            tuple(state.f_used),
        ),
        counselors=tuple(
            CounselorView(
                seat=s,
                counselor=state.who[s],
                loc=state.loc[s],
                injuries=state.injuries[s],
                alive=state.alive[s],
                horror=state.horror[s],
                equipped=tuple(state.equip[s]),
                pack=tuple(state.pack[s]),
                perms=tuple(state.perms[s]),
                campers=tuple(state.campers[s]),
                objectives=tuple(state.objs[s]),
            )
            for s in range(state.players)
        ),
        otis=state.otis,
        stalk=state.stalk,
        attack=state.C.otis_dice[state.attack],
        damage=state.damage,
        body=state.body,
        ground=tuple(state.ground),
        mysteries=tuple(space for space, _ in state.qs),
        locks=tuple(state.locks),
        aids=tuple(state.aids),
        cameos=tuple(state.cameos),
        lasting=tuple(state.lasting),
        failed_finales=tuple(state.failed),
        cabin_deck=len(state.cab_deck),
        cabin_discard=tuple(state.cab_discard),
        survival_deck=len(state.surv_deck),
        survival_discard=tuple(state.surv_discard),
        mystery_deck=len(state.q_deck),
        micro_used=tuple(state.micro_used),
        supply=tuple(state.supply),
        boxed=tuple(state.boxed),
        log=state.log,
        said=state.said,
        winners=state.winners,
        over=state.over,
        hidden=hidden,
    )


def test_every_field_of_the_observation_comes_from_its_part_of_the_state():
    state = table(3, seed=5)
    rng = Rng(5)
    for _ in range(400):  # a long stretch of a game, so that most parts of the state are filled
        if state.is_terminal:
            break
        seat = state.to_act[0]
        for who in (seat, None):
            assert state.observation(who) == _by_name(state, who)
            assert repr(state.observation(who)) == repr(_by_name(state, who))
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
