"""Replays: versioned msgpack files that re-simulate a match exactly."""
