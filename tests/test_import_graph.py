"""The layering of the design, read from the source: corekit knows no game, player or replay; a game knows no
player, no replay and no other game; a player knows no game and no replay; replays know no player and no game's
insides; and corekit has no import
circle (a circle broken at run time by an import inside a function is still a circle).

Every `import` and `from ... import` counts, inside functions too; only imports under `if TYPE_CHECKING:` are
left out of the circle check (they never run), though not out of the layering rules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("corekit", "plugins", "ai", "replays")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_modules() -> dict[str, Path]:
    """Every module of the four packages, by dotted name."""
    return {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


MODULES = source_modules()


def imports(name: str, path: Path) -> Iterator[tuple[str, bool]]:
    """(imported module, under TYPE_CHECKING) for each import in the module `name` at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for statement in block.body
        for node in ast.walk(statement)
    }
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, id(node) in typing_only
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                yield (submodule if submodule in MODULES else origin), id(node) in typing_only


def edges(include_typing: bool) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        for target, typing_only in imports(name, path):
            if include_typing or not typing_only:
                graph[name].add(target)
    return graph


def top(name: str) -> str:
    return name.split(".")[0]


def breaks(rule: str, graph: dict[str, set[str]]) -> list[str]:
    """The imports in `graph` that break a layering rule, as `importer -> imported`."""
    forbidden = {
        "corekit": ("plugins", "ai", "replays"),
        "plugins": ("ai", "replays"),
        "ai": ("plugins", "replays"),
        "replays": ("ai", "plugins"),
    }[rule]
    return sorted(
        f"{source} -> {target}"
        for source, targets in graph.items()
        if top(source) == rule
        for target in targets
        if top(target) in forbidden or (rule == "plugins" and top(target) == "plugins" and game(target) != game(source))
    )


def game(name: str) -> str:
    """The game package a module of `plugins` belongs to ("plugins.slasher.rules" -> "slasher")."""
    return name.split(".")[1] if name.count(".") else ""


@pytest.mark.parametrize(
    ("package", "meaning"),
    [
        ("corekit", "the core knows no game, player or replay"),
        ("plugins", "a game knows no player, no replay and no other game"),
        ("ai", "a player knows no game (it reads observations through the contract) and no replay"),
        ("replays", "replays know no player and no game's insides"),
    ],
)
def test_no_package_imports_across_the_layering(package: str, meaning: str) -> None:
    assert breaks(package, edges(include_typing=True)) == [], meaning


def test_the_rules_find_a_game_importing_another_game_or_a_replay_and_a_player_importing_a_replay() -> None:
    # None is in the source today, so the test above cannot show that these rules bite: a made-up graph does.
    graph = {
        "plugins.slasher.game": {"plugins.slasher.rules", "plugins.grizzly_race.game", "replays.format", "corekit"},
        "ai.mcts": {"replays.simulate", "corekit.game"},
    }
    assert breaks("plugins", graph) == [
        "plugins.slasher.game -> plugins.grizzly_race.game",
        "plugins.slasher.game -> replays.format",
    ]
    assert breaks("ai", graph) == ["ai.mcts -> replays.simulate"]


def circles(graph: dict[str, set[str]], within: str) -> list[list[str]]:
    """The import circles among the modules of `within` (one path per strongly connected group)."""
    nodes = [name for name in graph if top(name) == within]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if top(target) != within or target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph[node]:
                found.append(sorted(group))

    for node in nodes:
        if node not in index:
            visit(node)
    return found


def test_corekit_has_no_import_circle() -> None:
    assert circles(edges(include_typing=False), "corekit") == []


def test_the_checks_find_a_circle_and_a_crossing() -> None:
    graph = {"corekit.a": {"corekit.b"}, "corekit.b": {"corekit.c"}, "corekit.c": {"corekit.a"}, "corekit.d": set()}
    assert circles(graph, "corekit") == [["corekit.a", "corekit.b", "corekit.c"]]
    assert breaks("ai", {"ai.mcts": {"corekit.game", "plugins.slasher.game"}}) == ["ai.mcts -> plugins.slasher.game"]


def test_an_import_under_type_checking_is_marked_typing_only(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nimport corekit.rng\nif TYPE_CHECKING:\n    from corekit.game import Game\n"
    )
    found = dict(imports("corekit.x", source))
    assert (found["corekit.rng"], found["corekit.game"]) == (False, True)


def test_relative_imports_resolve_to_their_modules(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text("from . import shared\nfrom .shared import fail\nfrom .. import plugins\n")
    found = dict(imports("corekit.cli.games", source))
    assert set(found) == {"corekit.cli.shared", "corekit.plugins"}
