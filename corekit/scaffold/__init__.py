"""`campfire new-game NAME`: write a complete, separate, pip-installable game package.

The package holds a small but real example game (hidden hands and a shuffled deck, its state declared
with `corekit.state`, so the core derives its views and samples), its heuristic, its plugin module and entry
point, a RULES.md skeleton, and tests: the conformance and leak checks through Campfire's pytest plugin, and
rules tests that set situations up from positions. Nothing under corekit/ or plugins/ is touched: the entry
point is the whole registration.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import keyword
import re
import string
import sys
from collections.abc import Collection
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from corekit.errors import os_reason
from corekit.plugins import default_registry

NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
MAX_NAME = 64
"""The longest game id: it names a folder, a package and a distribution, and a file name has a limit (255 bytes on
most systems) that a longer one would meet only as the OS's `File name too long` on some path."""
EXAMPLE = "e.g. lantern-hunt"


def _example_besides(name: str) -> str:
    """The example name, or another one where `name` is it (a taken name must not be suggested back)."""
    return "e.g. firefly-jar" if name == "lantern-hunt" else EXAMPLE


# template file -> path in the new package ({package} is replaced by the package name)
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "RULES.md.tmpl": "RULES.md",
    "init.py.tmpl": "{package}/__init__.py",
    "game.py.tmpl": "{package}/game.py",
    "heuristic.py.tmpl": "{package}/heuristic.py",
    "plugin.py.tmpl": "{package}/plugin.py",
    "conftest.py.tmpl": "tests/conftest.py",
    "test_conformance.py.tmpl": "tests/test_conformance.py",
    "test_rules.py.tmpl": "tests/test_rules.py",
}
FOLDERS = {relative.split("/")[0] for relative in FILES.values() if "/" in relative} - {"{package}"}
"""The folders the scaffold writes beside the game's package: a package of the same name would be mixed into one."""
COMMAND = "campfire"
CAMPFIRE_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding corekit/: a checkout of Campfire (whose benchmarks/ and tests/ are packages that are not
installed, so not importable elsewhere) or site-packages."""


class ScaffoldError(ValueError):
    """A name or folder that cannot be used; the message is one line."""


def names_for(name: str) -> dict[str, str]:
    """Every spelling the templates need, from a game id such as `lantern-hunt`; ScaffoldError (one line: why,
    and what a valid name looks like) when the id cannot make a package that imports and runs."""
    package = name.replace("-", "_")
    if len(name) > MAX_NAME:  # checked first, and the name cut short in the message: it must stay one readable line
        raise ScaffoldError(
            f"game name {name[:20]!r}... is {len(name)} characters long; a game name has at most {MAX_NAME}, {EXAMPLE}"
        )
    if name[:1].isdigit() and NAME_PATTERN.match(f"x{name}"):  # only its first character is wrong
        raise ScaffoldError(
            f"game name {name!r} must start with a letter, or its package {package} would not be a "
            f"Python identifier; a valid name is lowercase letters and digits in words joined by "
            f"hyphens, {EXAMPLE}"
        )
    if not NAME_PATTERN.match(name):
        raise ScaffoldError(
            f"game name {name!r} must be lowercase letters and digits in words joined by hyphens, "
            f"starting with a letter, {EXAMPLE}"
        )
    if keyword.iskeyword(package):
        raise ScaffoldError(
            f"game name {name!r} is a Python keyword, so its package could not be imported; choose "
            f"a name that is not a keyword, {EXAMPLE}"
        )
    if package in FOLDERS:
        raise ScaffoldError(
            f"game name {name!r} would make a package folder {package}, the folder the scaffold "
            f"writes the package's tests to; choose another name, {EXAMPLE}"
        )
    if name == COMMAND:  # `campfire check campfire` reads as a mistake
        raise ScaffoldError(
            f"game name {name!r} reads as the command itself ({COMMAND} play {name}); choose another name, {EXAMPLE}"
        )
    words = name.split("-")
    title = " ".join(word.capitalize() for word in words)
    class_name = "".join(word.capitalize() for word in words)
    state_name = f"{class_name}State"
    taken = template_names()
    for made in (class_name, state_name):
        if made in taken:
            raise ScaffoldError(
                f"game name {name!r} would make a class {made}, a name the generated code already "
                f"uses for something else; choose another name, {EXAMPLE}"
            )
    return {
        "game_id": name,
        "package": package,
        "distribution": distribution_name(name),
        "title": title,
        "class_name": class_name,
        "state_name": state_name,
    }


def distribution_name(name: str) -> str:
    """The package's name for pip: `campfire-NAME`, as the PyPI name `campfire` is an unrelated project."""
    return f"campfire-{name}"


PLACEHOLDER = "campfire_placeholder_"
"""What a template's `$name` becomes while its Python is read for the names it uses."""


def template_names() -> set[str]:
    """The names the Python templates import or define at their top level beside the game's own classes: a game
    class of the same name would replace one of them in its module (`rng` makes `class Rng`, and `Rng(seed)` then
    builds a game)."""
    names: set[str] = set()
    for template in _templates().iterdir():
        if not template.name.endswith(".py.tmpl"):
            continue
        text = string.Template(template.read_text(encoding="utf-8"))
        code = text.substitute({name: f"{PLACEHOLDER}{name}" for name in text.get_identifiers()})
        for node in ast.parse(code).body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                names.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ClassDef):
                names.add(node.name)
    return {name for name in names if not name.startswith(PLACEHOLDER)}  # the game's own names are not taken


def check_new(name: str, installed: Collection[str]) -> None:
    """ScaffoldError unless `name` is new: not an `installed` game's id, its package shadows no module that is
    already importable (the standard library's, Campfire's own, or any installed one), and installing its
    distribution would replace none (Campfire's own is campfire-engine: `new-game engine` would replace it)."""
    package = name.replace("-", "_")
    if name in installed:
        raise ScaffoldError(
            f"game name {name!r} is the id of an installed game; choose a new id, {_example_besides(name)}"
        )
    if package in sys.stdlib_module_names:
        shadowed = f"the standard library's module {package}"
    elif package in sys.modules or _module_origin(package) is not None:
        shadowed = f"the installed module {package}"
    elif (CAMPFIRE_ROOT / package / "__init__.py").is_file():
        shadowed = f"Campfire's own package {package}"
    else:
        _check_distribution(name)
        return
    raise ScaffoldError(
        f"game name {name!r} would make a package {package} that shadows {shadowed}; choose a "
        f"name no module has, {_example_besides(name)}"
    )


def _check_distribution(name: str) -> None:
    distribution = distribution_name(name)
    try:
        found = importlib.metadata.distribution(distribution)  # found under pip's spelling too (- _ . and case)
    except importlib.metadata.PackageNotFoundError:
        return
    campfire = found.name in importlib.metadata.packages_distributions().get(__name__.split(".")[0], ())
    whose, replaced = ("Campfire's own", "Campfire") if campfire else ("already installed", "it")
    raise ScaffoldError(
        f"game name {name!r} would make a distribution {distribution}, which is {whose}: installing "
        f"the game would replace {replaced}; choose a new name, {_example_besides(name)}"
    )


def create_game_package(name: str, directory: Path, installed: Collection[str] | None = None) -> Path:
    """Write the package for game `name` into `directory/name` and return that folder. `installed` holds the
    game ids already taken (default: the installed games)."""
    values = names_for(name)
    check_new(name, default_registry().games if installed is None else installed)
    target = Path(directory) / name
    templates = _templates()
    try:
        if target.is_dir():
            if any(target.iterdir()):
                raise ScaffoldError(f"{target} already exists and is not empty")
        elif target.is_symlink() or target.exists():  # mkdir would say only "File exists" or "Not a directory"
            raise ScaffoldError(f"{target} already exists and is {'a file' if target.exists() else 'a broken link'}")
        for template_name, relative in FILES.items():
            text = string.Template(templates.joinpath(template_name).read_text(encoding="utf-8")).substitute(values)
            path = target / relative.format(package=values["package"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError as error:  # named by the path that failed, not as `[Errno 2] ...: '/proc/x'`
        raise ScaffoldError(f"cannot create {error.filename or target}: {os_reason(error)}") from None
    return target


def _templates() -> Traversable:
    return resources.files(__package__).joinpath("templates")


def _module_origin(package: str) -> str | None:
    """Where the module `package` would be imported from, if anywhere. A bare folder on sys.path (a namespace
    package, e.g. docs/ when run from a checkout) has no origin: it is no module anything uses."""
    spec = importlib.util.find_spec(package)
    return spec.origin if spec is not None else None
