"""The memory an object holds: the bytes of every object reachable from it, each counted once.

Standard library only, so that `benchmarks.versus` can load this file by its path into a process running an
older checkout's code and measure both checkouts' search trees the same way. Classes, modules and functions
are not followed (a tree's nodes reach their class, and through it the whole program); every other object
reachable through `gc.get_referents` (slots, dict entries, tuple items) is counted with `sys.getsizeof`, which
includes an array's buffer. Objects the tree shares with the rest of the program (a cached action tuple, a
small int) count as the tree's too, so the figure is an upper bound of what freeing the tree would return.
"""

from __future__ import annotations

import gc
import sys
from types import BuiltinFunctionType, FunctionType, ModuleType

NOT_FOLLOWED = (type, ModuleType, FunctionType, BuiltinFunctionType)


def reachable_bytes(root: object) -> int:
    """Bytes of `root` and of everything reachable from it (classes, modules and functions left out)."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, NOT_FOLLOWED):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def search_bytes(player: object) -> int:
    """Bytes an MCTS player holds for its last search: its tree (from `root`) and the search's own tables
    (`_keys`, the edge keys its nodes share), each object counted once. Players of revisions without such a
    table (before 2026-12-02) are measured by their tree alone."""
    both = [getattr(player, "root", None), getattr(player, "_keys", None)]
    return reachable_bytes(both) - sys.getsizeof(both)
