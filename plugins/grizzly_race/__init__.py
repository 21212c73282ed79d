"""GRIZZLY, a guard race with simultaneous secret plays (game id `grizzly-race`)."""
