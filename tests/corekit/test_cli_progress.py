"""corekit.cli.progress: a bar on a terminal; in a log, a line at each tenth of the work and at least every ten
minutes, nothing for work of a few seconds and nothing at the end (the work's result says that)."""

from __future__ import annotations

from corekit.cli.progress import HEARTBEAT_SECONDS, QUIET_SECONDS, Progress


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def logged(total: int, done: int = 0) -> tuple[Progress, Clock, list[str]]:
    clock, lines = Clock(), []
    progress = Progress("grizzly-race", "matches", terminal=False, clock=clock, say=lines.append)
    progress.start(total, done)
    return progress, clock, lines


def test_a_log_gets_a_line_at_each_tenth_with_the_time_left_at_the_rate_so_far():
    progress, clock, lines = logged(200)
    for done in range(1, 201):
        clock.now += 0.5  # a match every half second: 100 s in all
        progress.update(done)
    assert [line.split(" (")[0] for line in lines] == [f"grizzly-race: {n} of 200 matches" for n in range(20, 200, 20)]
    assert lines[0] == "grizzly-race: 20 of 200 matches (10%), about 90 s left"
    assert lines[-1] == "grizzly-race: 180 of 200 matches (90%), about 10 s left"


def test_work_of_a_few_seconds_says_nothing_and_the_end_is_never_a_line():
    progress, clock, lines = logged(10)
    for done in range(1, 11):
        clock.now += QUIET_SECONDS / 20
        progress.update(done)
    assert lines == []


def test_slow_work_says_it_is_alive_at_least_every_ten_minutes_and_counts_a_resumed_runs_own_rate():
    progress, clock, lines = logged(1000, done=500)  # resumed half-way: the estimate counts this run's matches only
    clock.now += HEARTBEAT_SECONDS - 1
    progress.advance()
    assert lines == []
    clock.now += 1
    progress.advance()
    assert lines == ["grizzly-race: 502 of 1,000 matches (50%), about 41.5 h left"]  # 300 s a match, 498 to go


def test_a_terminal_gets_a_bar_that_counts_from_a_resumed_runs_start_and_goes_when_closed():
    progress = Progress("grizzly-race", "matches", terminal=True)
    progress.start(3, 1)
    progress.advance()
    progress.advance()
    bar = progress.bar
    assert bar.tasks[0].completed == 3 and bar.tasks[0].finished
    progress.close()
    assert progress.bar is None and not bar.live.is_started
