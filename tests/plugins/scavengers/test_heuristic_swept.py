"""Heuristic behaviours pinned by a hand-run mutation sweep (2026-12-07): the extra worth of completing a
Food card, the cap on a safer lead, the quarter counted against opponents other than the leader, where a
scrap is placed, what a Mouse takes on a tie, and the evaluation of what a seat is winning."""

from corekit import Rng
from plugins.scavengers import heuristic
from tests.plugins.scavengers.scenario import ELK, GRIZZLY, QUARTZ, Scenario, card, pass_all, scrap


def choose(state, seat=0):
    return heuristic.policy(state.observation(seat), seat, state.legal_actions(seat), Rng(0))


def _placing(scenario, name):
    state = scenario.state
    state.phases.index = 0
    state.pending = scrap(name)
    state.pile[state.pending] -= 1
    state.placer = 0
    return state


def test_a_scrap_that_completes_a_food_card_is_worth_the_bonus_and_outbids_two_plain_scraps():
    scenario = Scenario(2).held(0, ["Egg", "Egg", "Cheese"])  # the Omelet lacks only its Pepper
    state = (
        scenario.scraps(QUARTZ, ["Meat", "Onion"])  # two Kabobs scraps, completing nothing
        .scraps(ELK, ["Pepper"])
        .hand(0, ["Coyote 5", "Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    assert heuristic.worth(state.observation(0), 0, [scrap("Pepper")]) == 1 + heuristic.COMPLETE_BONUS
    assert choose(state) == ("play", card("Coyote 5"), ELK)


def _leading_by(mine, theirs):
    return (
        Scenario(2)
        .scraps(ELK, ["Meat"])
        .tan(0, ELK, [mine])
        .tan(1, ELK, [theirs])
        .hand(0, ["Crow 2"])
        .hand(1, ["Crow 2"])
        .state
    )


def test_a_lead_counts_as_safer_only_up_to_four_points():
    # Leading by 3, a Crow 2 widens the lead to 5 (counted as 4): worth its price. Leading by 4, it adds nothing.
    assert choose(_leading_by("Coyote 4", "Crow 1")) == ("play", card("Crow 2"), ELK)
    assert choose(_leading_by("Coyote 5", "Crow 1")) == ("pass",)


def test_it_outbids_an_opponent_other_than_the_leader_for_scraps_only_that_opponent_needs():
    # Seat 1 leads; seat 2 is winning two scraps it needs at Elk, which neither I nor the leader need.
    # Taking them from seat 2 is worth a quarter of their worth to it, more than the Crow's price.
    state = (
        Scenario(3)
        .done(0, ["Kabobs"])
        .done(1, ["Chili Dog", "Kabobs"])
        .scraps(ELK, ["Meat", "Onion"])
        .tan(2, ELK, ["Crow 1"])
        .hand(0, ["Crow 2"])
        .hand(1, ["Crow 2"])
        .hand(2, ["Porcupine 1"])
        .state
    )
    assert choose(state) == ("play", card("Crow 2"), ELK)


def test_a_scrap_it_needs_goes_where_it_feeds_the_leader_least():
    # Meat and Bun are each worth one to me; the leader (Chili Dog done) wants the Meat, not the Bun.
    state = _placing(
        Scenario(2).done(1, ["Chili Dog"]).scraps(QUARTZ, ["Meat"]).scraps(GRIZZLY, ["Bun"]),
        "Egg",
    )
    assert choose(state) == ("place", GRIZZLY)


def test_a_scrap_it_does_not_need_stays_away_from_scraps_it_needs():
    # The Egg is useless to me and wanted by the leader wherever it goes; Quartz and Grizzly hold scraps I need,
    # the empty Elk none: the Egg goes to Elk.
    state = _placing(
        Scenario(2).done(0, ["Omelet"]).done(1, ["Chili Dog"]).scraps(QUARTZ, ["Bun"]).scraps(GRIZZLY, ["Sausage"]),
        "Egg",
    )
    assert choose(state) == ("place", ELK)


def test_a_scrap_it_does_not_need_is_judged_with_the_camps_scraps_by_what_the_leader_would_win_there():
    # The leader lacks one Egg for the Omelet, and needs Meat and Onion. Quartz's Egg is worth more to them
    # than Grizzly's Meat or Elk's Onion, but with my Egg added each of those is worth more still: a second
    # Egg at Quartz gives them nothing more, so it goes there.
    scenario = (
        Scenario(2)
        .done(0, ["Omelet", "Kabobs"])
        .held(1, ["Egg", "Cheese", "Pepper"])
        .scraps(QUARTZ, ["Egg"])
        .scraps(GRIZZLY, ["Meat"])
        .scraps(ELK, ["Onion"])
    )
    assert choose(_placing(scenario, "Egg")) == ("place", QUARTZ)


def _mouse_at_elk(scenario):
    state = (
        scenario.scraps(ELK, ["Bun", "Egg", "Meat"])
        .tan(0, ELK, ["Mouse 1"])
        .tan(1, ELK, ["Coyote 4"])
        .hand(0, ["Crow 1"])
        .hand(1, ["Crow 2"])
        .state
    )
    pass_all(state)
    return state


def test_its_mouse_prefers_a_scrap_for_itself_to_denying_the_leader():
    # I need the Bun only; the leader (Chili Dog and Kabobs done) needs the Egg only.
    state = _mouse_at_elk(Scenario(2).done(0, ["Omelet", "Kabobs"]).done(1, ["Chili Dog", "Kabobs"]))
    assert choose(state) == ("mouse", scrap("Bun"))


def test_its_mouse_denies_the_leader_when_nothing_fits_its_own_cards():
    # Nothing at Elk fits my cards; the leader needs the Egg only.
    state = _mouse_at_elk(Scenario(2).done(0, ["Chili Dog", "Omelet", "Kabobs"]).done(1, ["Chili Dog", "Kabobs"]))
    assert choose(state) == ("mouse", scrap("Egg"))


def test_the_evaluation_counts_scraps_a_seat_is_winning_for_it():
    state = Scenario(2).scraps(ELK, ["Meat", "Onion"]).tan(1, ELK, ["Coyote 5"]).state
    values = heuristic.evaluate(state)
    assert values[1] > values[0]


def test_it_passes_rather_than_hop_a_rabbit_for_nothing():
    # No scraps anywhere: a free hop gains nothing, so it does not help, and the player passes.
    state = (
        Scenario(2)
        .tan(0, QUARTZ, ["Rabbit 2"])
        .tan(0, GRIZZLY, ["Crow 1"])
        .tan(1, ELK, ["Crow 2"])
        .hand(0, ["Coyote 5"])
        .hand(1, ["Weasel 1"])
        .state
    )
    assert any(action[0] == "hop" for action in state.legal_actions(0))
    assert choose(state) == ("pass",)


def test_of_equally_good_plays_it_makes_the_first_listed():
    # Opening with nothing at stake, the Crow 1 costs least at every Camp: the first Camp, Quartz.
    state = Scenario(2).hand(0, ["Coyote 6", "Crow 1"]).hand(1, ["Crow 2"]).state
    assert choose(state) == ("play", card("Crow 1"), QUARTZ)


def test_of_two_opponents_equally_far_along_the_lower_seat_is_the_leader():
    # Seats 1 and 2 have one Food card done each. Meat and Bun are worth one to me; seat 1 wants the Meat,
    # seat 2 the Bun. The leader is seat 1, so my Egg goes to the Bun.
    state = _placing(
        Scenario(3).done(1, ["Chili Dog"]).done(2, ["Kabobs"]).scraps(QUARTZ, ["Meat"]).scraps(GRIZZLY, ["Bun"]),
        "Egg",
    )
    assert choose(state) == ("place", GRIZZLY)


def test_a_scrap_it_does_not_need_is_kept_from_the_leader_and_from_the_camps_it_bids_for_weighed_alike():
    # A sweep found the docstring said "where it helps the leader least" alone; the score adds the Camp's worth to
    # me, and the docstring now says so. The Egg is useless to me (Omelet done). The leader holds one Egg of the
    # Omelet's two and wants Meat and Onion (not Bun or Sausage: Chili Dog done). Grizzly already holds the Egg they
    # lack: my Egg there adds nothing for them, and that Camp is worth 1 to them in all; at Quartz or Elk, 2 in all.
    scenario = (
        Scenario(2)
        .done(0, ["Omelet", "Kabobs"])
        .done(1, ["Chili Dog"])
        .held(1, ["Egg"])
        .scraps(QUARTZ, ["Meat"])
        .scraps(GRIZZLY, ["Egg", "Bun", "Sausage"])
        .scraps(ELK, ["Onion"])
    )
    state = _placing(scenario, "Egg")
    leader_gain = {
        camp: heuristic.worth(state.observation(0), 1, (*state.scraps[camp], scrap("Egg")))
        for camp in (QUARTZ, GRIZZLY, ELK)
    }
    assert leader_gain == {QUARTZ: 2.0, GRIZZLY: 1.0, ELK: 2.0}
    mine = {camp: heuristic.worth(state.observation(0), 0, state.scraps[camp]) for camp in (QUARTZ, GRIZZLY, ELK)}
    assert mine[GRIZZLY] >= 2.0 and mine[QUARTZ] == 0.0  # Grizzly holds the Bun and Sausage I need
    # Grizzly totals 1 + 2 or more, Quartz 2 + 0, Elk 2 + what Onion is worth to me: the lowest is Quartz.
    assert choose(state) == ("place", QUARTZ)
