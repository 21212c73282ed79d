"""Registers this game once it is implemented; until then it contributes no hooks."""
