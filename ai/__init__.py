"""Campfire's players: random, heuristic, information-set MCTS and human, offered through hooks."""
