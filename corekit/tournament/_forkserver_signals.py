"""Imported by the forkserver only, as the first of its preloads (`backends._context`): it makes SIGINT ignored there
while the forkserver imports the plugins (a Ctrl-C then printed a KeyboardInterrupt traceback into the run's output),
and before it records the signal handlers its forked workers start with.

A worker installs its own SIGINT handler first thing (`worker.process_main`), but a Ctrl-C on the process group that
reached a worker still starting (the second worker of a run whose first had already played a few quick matches)
found Python's default handler: the worker died printing a KeyboardInterrupt traceback into the run's output. A
worker starting with SIGINT ignored misses nothing: the parent stops it anyway, by its own SIGINT once the handler is
in place, or by closing its pipe. Nothing else may import this module: a process importing it would ignore Ctrl-C.
"""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
