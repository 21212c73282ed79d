"""The strength script: Wilson intervals, seat rotation, and team runs for cooperative games."""

from __future__ import annotations

import json
import math

import pytest

from ai.strength import Pairs, main, paired, run, schedule, sign_test, wilson


def test_the_wilson_interval_matches_the_textbook_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_measured_player_visits_every_seat_equally():
    jobs = schedule("grizzly-race", 3, "mcts", "heuristic", 6, 0, cooperative=False)
    assert [job[3] for job in jobs] == [0, 1, 2, 0, 1, 2]
    assert all(specs.count("mcts") == 1 and specs[seat] == "mcts" for _, specs, _, seat, _ in jobs)
    assert len({job[2] for job in jobs}) == 6


def test_a_cooperative_run_plays_each_player_as_a_whole_team_on_the_same_seeds():
    jobs = schedule("camp-grizzly", 2, "heuristic", "random", 3, 0, cooperative=True)
    assert [job[1] for job in jobs[:2]] == [["heuristic", "heuristic"], ["random", "random"]]
    assert jobs[0][2] == jobs[1][2]


def test_the_same_seed_gives_the_same_score(capsys):
    first, _, _ = run("grizzly-race", 2, "heuristic", "random", 6, seed=4)
    again, _, _ = run("grizzly-race", 2, "heuristic", "random", 6, seed=4)
    assert first == again and first[0].matches == 6
    main(["grizzly-race", "--matches", "4", "--a", "heuristic", "--b", "random", "--workers", "1"])
    assert capsys.readouterr().out.startswith("| grizzly-race | 2 | heuristic | random | 4 |")


def test_game_options_reach_every_match_and_a_bad_one_is_a_one_line_error(capsys):
    jobs = schedule("slasher", 2, "heuristic", "random", 2, 0, cooperative=False, options={"all_dead": "share"})
    assert all(job[4] == {"all_dead": "share"} for job in jobs)
    assert (
        main(
            ["slasher", "--matches", "2", "--a", "heuristic", "--b", "random", "--workers", "1", "-o", "all_dead=share"]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["slasher", "--matches", "2", "--workers", "1", "-o", "all_dead=maybe"]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "all_dead" in error[0]


def test_a_player_count_the_game_does_not_take_is_a_one_line_error(capsys):
    assert main(["camp-grizzly", "--players", "9", "--matches", "1", "--workers", "1"]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert error == ["python -m ai.strength: camp-grizzly needs 1-6 players, got 9"]


def test_a_run_split_with_first_plays_the_same_matches_as_the_whole_run(capsys):
    whole = schedule("camp-grizzly", 1, "heuristic", "random", 6, 0, cooperative=True)
    parts = [
        *schedule("camp-grizzly", 1, "heuristic", "random", 2, 0, cooperative=True),
        *schedule("camp-grizzly", 1, "heuristic", "random", 4, 0, cooperative=True, first=2),
    ]
    assert parts == whole
    assert (
        main(
            [
                "camp-grizzly",
                "--players",
                "1",
                "--matches",
                "3",
                "--first",
                "2",
                "--a",
                "heuristic",
                "--b",
                "random",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "heuristic team: " in err and " of 3 (matches 2-4)" in err


def test_a_negative_first_match_is_a_one_line_error(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grizzly-race", "--matches", "1", "--first", "-1"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        "python -m ai.strength: argument --first: wants a whole number 0 or more, not '-1'\n"
    )


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--matches", "-3"),
        ("--matches", "0"),
        ("--matches", "ten"),
        ("--workers", "0"),
        ("--workers", "-1"),
        ("--workers", "1.5"),
    ],
)
def test_matches_and_workers_below_one_are_one_line_errors_before_any_match(capsys, option, value):
    with pytest.raises(SystemExit) as stop:
        main(["grizzly-race", "--a", "heuristic", "--b", "random", "--matches", "1", "--workers", "1", option, value])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"python -m ai.strength: argument {option}: wants a whole number 1 or more, not {value!r}\n"


def test_a_bad_option_value_is_one_line_without_the_usage(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["grizzly-race", "--players", "two"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "python -m ai.strength: argument --players: invalid int value: 'two'\n"


def test_the_help_explains_every_argument_with_its_default(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps to the terminal's width
    for text in (
        "game a registered game id",
        "--players PLAYERS seats at the table (default: 2)",
        "--matches MATCHES matches to play, 1 or more (default: 200)",
        "(default: mcts)",
        "(default: heuristic)",
        "--seed SEED the run's seed, from which every match's seed is derived (default: 0)",
        "(default: 0)",
        "--workers WORKERS processes playing matches in parallel, 1 or "
        "more; the results do not depend on it (default: 2)",
    ):
        assert text in out


def test_one_worker_and_one_seed_are_counted_in_the_singular(capsys):
    assert (
        main(
            ["camp-grizzly", "--players", "1", "--matches", "1", "--a", "heuristic", "--b", "random", "--workers", "1"]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "1 worker)" in err and "workers" not in err
    assert "the heuristic team alone won 1 seed, the random team alone 0 (" in err


def test_a_log_holds_every_match_in_order_and_adds_up_to_the_tally(tmp_path, capsys):
    log = tmp_path / "part.jsonl"
    assert (
        main(
            [
                "camp-grizzly",
                "--players",
                "1",
                "--matches",
                "3",
                "--first",
                "2",
                "--a",
                "heuristic",
                "--b",
                "random",
                "--workers",
                "1",
                "--log",
                str(log),
            ]
        )
        == 0
    )
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(line["match"], line["team"]) for line in lines] == [
        (2, "a"),
        (2, "b"),
        (3, "a"),
        (3, "b"),
        (4, "a"),
        (4, "b"),
    ]
    assert lines[0]["seed"] == lines[1]["seed"] and lines[0]["specs"] == ["heuristic"]
    err = capsys.readouterr().err
    team_a = sum(line["score"] for line in lines if line["team"] == "a")
    assert f"heuristic team: {team_a:g} of 3 (matches 2-4)" in err
    a_only = sum(a["score"] > 0 and b["score"] <= 0 for a, b in zip(lines[0::2], lines[1::2]))
    assert f"the heuristic team alone won {a_only} seed{'' if a_only == 1 else 's'}," in err


def test_a_log_that_cannot_be_written_is_a_one_line_error_before_any_match(tmp_path, capsys):
    target = tmp_path / "missing" / "part.jsonl"
    assert main(["camp-grizzly", "--players", "1", "--matches", "1", "--workers", "1", "--log", str(target)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"python -m ai.strength: cannot write the log {target}: No such file or directory"
    ]


def test_the_sign_test_counts_only_the_seeds_one_team_alone_won():
    results = [
        (-1, 1.0, 0.0),
        (-2, 0.0, 0.0),
        (-1, 1.0, 0.0),
        (-2, 1.0, 0.0),
        (-1, 0.0, 0.0),
        (-2, 1.0, 0.0),
        (-1, 1.0, 0.0),
        (-2, 0.0, 0.0),
    ]
    pairs = paired(results)
    assert (pairs.both, pairs.a_only, pairs.b_only, pairs.neither) == (1, 2, 1, 0)
    assert sign_test(0, 0) == 1.0 and sign_test(3, 3) == 1.0
    assert sign_test(5, 0) == pytest.approx(2 / 32)
    assert sign_test(2, 10) == pytest.approx(2 * (1 + 12 + 66) / 4096)


def test_a_sign_test_p_too_small_for_a_float_is_printed_as_a_bound_not_as_zero():
    assert sign_test(1302, 0) == 0.0  # 2 / 2**1302 underflows
    assert "(exact sign test p < 1e-300)" in Pairs(both=30, a_only=1302, b_only=0, neither=668).summary("h", "r")
    assert "(exact sign test p = 0.0625)" in Pairs(both=0, a_only=5, b_only=0, neither=0).summary("h", "r")


def test_the_paired_difference_interval_is_newcombes_method_10():
    # Newcombe (1998), example (a): 36 pairs both, 12 first only, 2 second only, none neither: 0.0569 to 0.3404.
    assert Pairs(both=36, a_only=12, b_only=2, neither=0).difference() == pytest.approx((0.2, 0.0569, 0.3404), abs=1e-4)
    # Uncorrected phi: the continuity-corrected variant would give 0.0386 to 0.1608 here.
    assert Pairs(both=120, a_only=30, b_only=10, neither=40).difference() == pytest.approx(
        (0.1, 0.03936, 0.16000), abs=1e-5
    )


def test_the_paired_difference_interval_agrees_with_wald_on_many_seeds():
    pairs = Pairs(both=460, a_only=83, b_only=49, neither=170)
    delta, low, high = pairs.difference()
    assert delta == pytest.approx(34 / 762)
    n, discordant = 762, 83 + 49
    wald = 1.959963984540054 * math.sqrt(discordant - 34**2 / n) / n
    assert low == pytest.approx(delta - wald, abs=1e-3) and high == pytest.approx(delta + wald, abs=1e-3)
    assert low > 0


def test_the_paired_difference_of_swapped_teams_is_the_mirror_image():
    delta, low, high = Pairs(both=5, a_only=4, b_only=1, neither=10).difference()
    assert Pairs(both=5, a_only=1, b_only=4, neither=10).difference() == pytest.approx((-delta, -high, -low))
    assert low < 0 < delta < high  # 4 seeds against 1 on 20 is no evidence


def test_teams_that_win_the_same_seeds_are_told_apart_sooner_than_their_overlapping_intervals_suggest():
    pairs = Pairs(both=120, a_only=30, b_only=10, neither=40)
    _, low, _ = pairs.difference()
    a_low, _ = wilson(150, 200)
    _, b_high = wilson(130, 200)
    assert a_low < b_high and low > 0
