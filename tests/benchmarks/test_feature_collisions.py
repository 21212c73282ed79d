"""benchmarks.feature_collisions, behind docs/interop.md's table: a count, the same every run, and as the doc
says, most small observations keep every leaf apart while a large one almost always shares an entry."""

from __future__ import annotations

from benchmarks.feature_collisions import collision_share


def test_small_observations_rarely_collide_and_large_ones_nearly_always_do_the_same_every_run():
    small = collision_share("grizzly-race", 2, 3)
    assert small == collision_share("grizzly-race", 2, 3) and 0 < small < 0.5
    assert collision_share("scavengers", 2, 1) > 0.9
