"""Game plugin package (its plugin module registers the game)."""
