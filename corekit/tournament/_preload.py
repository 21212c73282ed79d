"""Imported once by the forkserver: the installed plugins are loaded there (games and players too, which a registry
otherwise loads on first use), so each forked worker starts warm."""

from corekit.tournament.worker import worker_registry

worker_registry().load()
