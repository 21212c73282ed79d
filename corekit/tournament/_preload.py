"""Imported once by the forkserver: the installed plugins are loaded there, so each forked worker starts warm."""

from corekit.tournament.worker import worker_registry

worker_registry()
