"""Tournaments: seat-rotated schedules, local or Dask workers, resumable results, ratings and reports.

Generic: it knows no game. It finds games and players through the plugin registry and plays each match
with `corekit.play_match`.
"""

from corekit.tournament.report import summarize
from corekit.tournament.run import OutputFailed, Tournament, run_tournament
from corekit.tournament.schedule import Planned, lineups, plan
from corekit.tournament.stats import wilson
from corekit.tournament.store import MatchRecord, ResultsError, read_results

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
