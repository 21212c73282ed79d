"""Tournaments: seat-rotated schedules, local or Dask workers, resumable results, ratings and reports.

Generic: it knows no game. It finds games and players through the plugin registry and plays each match
with `corekit.play_match`.
"""

from typing import TYPE_CHECKING

from corekit.lazy import lazy_exports

if TYPE_CHECKING:
    from corekit.tournament.report import summarize
    from corekit.tournament.run import OutputFailed, Tournament, run_tournament
    from corekit.tournament.schedule import Planned, lineups, plan
    from corekit.tournament.stats import wilson
    from corekit.tournament.store import MatchRecord, ResultsError, read_results

# Imported on first use: a tournament worker imports `corekit.tournament.worker`, which plays matches, and
# not the reports, plots and backends of the process that runs the tournament.
__getattr__, __dir__ = lazy_exports(
    globals(),
    {
        "summarize": "corekit.tournament.report",
        "OutputFailed": "corekit.tournament.run",
        "Tournament": "corekit.tournament.run",
        "run_tournament": "corekit.tournament.run",
        "Planned": "corekit.tournament.schedule",
        "lineups": "corekit.tournament.schedule",
        "plan": "corekit.tournament.schedule",
        "wilson": "corekit.tournament.stats",
        "MatchRecord": "corekit.tournament.store",
        "ResultsError": "corekit.tournament.store",
        "read_results": "corekit.tournament.store",
    },
)

__all__ = [
    "MatchRecord",
    "OutputFailed",
    "Planned",
    "ResultsError",
    "Tournament",
    "lineups",
    "plan",
    "read_results",
    "run_tournament",
    "summarize",
    "wilson",
]
