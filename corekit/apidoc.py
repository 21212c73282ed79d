"""Writes docs/api.md, the reference of the public names of `corekit` (its `__all__`), `corekit.state`,
`corekit.position`, `corekit.tournament` and `replays`, and of the few classes of other modules that a game
subclasses (`CLASSES`), from their docstrings, so the page cannot drift from the code.

    python -m corekit.apidoc > docs/api.md

A test compares the committed page with this output. Each name is read where it is defined: its signature,
its docstring, and for a class its public members in source order (the underscore methods a game fills in,
`Game._setup` and `State._apply`, count as public: they are abstract). A constant's or attribute's docstring
is the string literal written right after it, as the code base does throughout.
"""

from __future__ import annotations

import ast
import enum
import functools
import importlib
import inspect
import itertools
from collections.abc import Iterator
from typing import Any

MODULES = ("corekit", "corekit.state", "corekit.position", "corekit.tournament", "replays")
"""The modules the page covers, each by its `__all__`."""

CLASSES = {"corekit.legal": ("CachedLegalState",)}
"""Names a game uses from modules without an `__all__`, by module: each gets a section after `MODULES`'."""


def render() -> str:
    """The whole page as Markdown."""
    lines = [
        "# API reference",
        "",
        "Generated from the docstrings by `python -m corekit.apidoc`; a test keeps it in sync. It covers the "
        "public names of `corekit` (its `__all__`), `corekit.state` (declaring a game's state), "
        "`corekit.position` (positions as data), `corekit.tournament` (tournaments from Python) and `replays` "
        "(reading and re-simulating replay files), and the class `corekit.legal.CachedLegalState` (legal actions "
        "built once per position). docs/writing-a-game.md shows them at work; docs/hooks.md lists the "
        "plugin hooks.",
        "",
    ]
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        lines += [f"## `{module_name}`", "", inspect.getdoc(module) or "", ""]
        for home, names in _by_home(module_name):
            if not _within(home, module_name):
                lines += [f"### From `{home}`" if module_name == "corekit" else f"### Re-exported from `{home}`", ""]
                if module_name == "corekit":
                    lines += [_first_paragraph(inspect.getdoc(importlib.import_module(home))), ""]
            for name in names:
                lines += _entry(home, name, getattr(module, name))
    for module_name, classes in CLASSES.items():
        module = importlib.import_module(module_name)
        lines += [f"## `{module_name}`", "", inspect.getdoc(module) or "", ""]
        for name in classes:
            lines += _entry(module_name, name, getattr(module, name))
    return "\n".join(lines).rstrip() + "\n"


def _by_home(module_name: str) -> list[tuple[str, list[str]]]:
    """The module's public names grouped by the module that defines them (its own first, then the others by
    name), each group in source order."""
    module = importlib.import_module(module_name)
    exports: dict[str, str] = getattr(module, "_EXPORTS", {})  # a lazy package names each name's module
    groups: dict[str, list[str]] = {}
    for name in module.__all__:
        home = exports.get(name) or _defined_in(getattr(module, name), module_name)
        if home == module_name and module_name in SPLIT:  # a constant, which does not say where it is defined
            home = _imported_from(module_name, name)
        groups.setdefault(home, []).append(name)
    order = sorted(groups, key=lambda home: (not _within(home, module_name), home))
    return [(home, sorted(groups[home], key=lambda name: _line(home, name))) for home in order]


SPLIT = ("corekit.state", "corekit.position")
"""Packages whose modules only keep one module's code apart (small files): documented as that one module."""


def _within(home: str, module_name: str) -> bool:
    """Whether `home` is the module `module_name`, or one of its modules when it is a split package (`SPLIT`)."""
    return home == module_name or (module_name in SPLIT and home.startswith(f"{module_name}."))


def _imported_from(package: str, name: str) -> str:
    """The module of a split package (`SPLIT`) that the package imports `name` from, else the package itself."""
    for statement in _tree(package).body:
        if (
            isinstance(statement, ast.ImportFrom)
            and (statement.module or "").startswith(f"{package}.")
            and any((alias.asname or alias.name) == name for alias in statement.names)
        ):
            return statement.module or package
    return package


def _defined_in(value: Any, default: str) -> str:
    home = getattr(value, "__module__", None)
    return home if isinstance(home, str) and home.startswith("corekit") else default


def _entry(home: str, name: str, value: Any) -> list[str]:
    """The Markdown of one public name."""
    if inspect.isclass(value) and value.__name__ == name:  # not an alias (`Action = Hashable`)
        return _class_entry(home, name, value)
    if inspect.isfunction(value):
        return [f"#### `{name}{_signature(value)}`", "", _doc(value), ""]
    node = _definitions(home).get(name)
    source = _value_source(home, node)
    heading = f"#### `{name} = {source}`" if source is not None and len(source) <= 80 else f"#### `{name}`"
    return [heading, "", _attribute_docs(home).get(name) or _no_doc(), ""]


def _class_entry(home: str, name: str, cls: type) -> list[str]:
    # A base written in a module of the same package only to keep modules small (the declared state's card moves)
    # is part of the class: its members are listed with the class's own, and it is not named.
    package = home.rpartition(".")[0]
    folded = [base for base in cls.__bases__ if package in SPLIT and base.__module__.startswith(f"{package}.")]
    bases = [
        base.__name__
        for base in cls.__bases__
        if base is not object and not base.__name__.startswith("_") and base not in folded
    ]
    lines = [f"#### `class {name}{'(' + ', '.join(bases) + ')' if bases else ''}`", "", _doc(cls), ""]
    if issubclass(cls, enum.Enum):
        lines += [f"- `{member.name}` = `{member.value!r}`" for member in cls] + [""]
        return lines
    members = list(_members(home, cls))
    for base in folded:
        members += _members(base.__module__, base)
    if members:
        lines += [*members, ""]
    return lines


def _members(home: str, cls: type) -> Iterator[str]:
    """One list item per public member of `cls` defined in its own body, in source order."""
    node = _definitions(home).get(cls.__name__)
    if not isinstance(node, ast.ClassDef):
        return
    attribute_docs = _docs_after(node.body)
    seen: set[str] = set()
    for statement in node.body:
        for member in _names_of(statement):
            if member in seen or not _public(cls, member):
                continue
            seen.add(member)
            value = cls.__dict__.get(member)
            if member == "__init__":
                doc = f": {_indent(_doc(value))}" if value.__doc__ else ""
                yield f"- `{cls.__name__}{_signature(value, method=True)}`{doc}"
            elif isinstance(value, property) or type(value).__name__ == "derived":
                kind = "property" if isinstance(value, property) else "derived, computed once per view"
                yield f"- `{member}` ({_abstract(value)}{kind}): {_indent(_doc(value))}"
            elif isinstance(value, classmethod | staticmethod):
                kind = "classmethod" if isinstance(value, classmethod) else "staticmethod"
                yield f"- `{member}{_signature(value.__func__, method=True)}` ({kind}): {_indent(_doc(value.__func__))}"
            elif inspect.isfunction(value):
                yield f"- `{member}{_signature(value, method=True)}`{_abstract_note(value)}: {_indent(_doc(value))}"
            else:
                annotation = _annotation(statement)
                typed = f": {annotation}" if annotation else ""
                yield f"- `{member}{typed}`: {_indent(attribute_docs.get(member) or _no_doc())}"
    init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is not None:  # the attributes `__init__` sets, when it documents them
        for member, text in _docs_after(init.body, on_self=True).items():
            if member not in seen and not member.startswith("_"):
                yield f"- `{member}`: {_indent(text)}"


def _public(cls: type, member: str) -> bool:
    if member == "__init__":
        return "__init__" in cls.__dict__ and inspect.isfunction(cls.__dict__["__init__"])
    if member.startswith("__"):
        return False
    if member.startswith("_"):  # a hook a game fills in is part of the contract
        return bool(getattr(cls.__dict__.get(member), "__isabstractmethod__", False))
    return True


def _abstract(value: Any) -> str:
    return "abstract " if getattr(value, "__isabstractmethod__", False) else ""


def _abstract_note(value: Any) -> str:
    return " (abstract)" if getattr(value, "__isabstractmethod__", False) else ""


# ---- reading the source ------------------------------------------------------------------------------


@functools.cache
def _tree(home: str) -> ast.Module:
    return ast.parse(inspect.getsource(importlib.import_module(home)))


@functools.cache
def _source(home: str) -> str:
    return inspect.getsource(importlib.import_module(home))


def _top_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The module-level statements, inside `if` and `try` blocks too (a fallback definition)."""
    for statement in body:
        if isinstance(statement, ast.If | ast.Try):
            yield from _top_statements(statement.body)
            for handler in getattr(statement, "handlers", []):
                yield from _top_statements(handler.body)
            yield from _top_statements(statement.orelse)
        else:
            yield statement


@functools.cache
def _definitions(home: str) -> dict[str, ast.stmt]:
    """Each top-level name of module `home` and the statement that first defines it."""
    found: dict[str, ast.stmt] = {}
    for statement in _top_statements(_tree(home).body):
        for name in _names_of(statement):
            found.setdefault(name, statement)
    return found


@functools.cache
def _attribute_docs(home: str) -> dict[str, str]:
    return _docs_after(list(_top_statements(_tree(home).body)))


def _line(home: str, name: str) -> int:
    node = _definitions(home).get(name)
    return node.lineno if node is not None else 0


def _names_of(statement: ast.stmt) -> list[str]:
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [statement.name]
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [statement.target.id]
    if isinstance(statement, ast.Assign):
        return [target.id for target in statement.targets if isinstance(target, ast.Name)]
    return []


def _docs_after(body: list[ast.stmt], on_self: bool = False) -> dict[str, str]:
    """The docstrings written right after an assignment (`name = ...` then a string; with `on_self`,
    `self.name = ...` inside a method)."""
    docs: dict[str, str] = {}
    for statement, following in itertools.pairwise(body):
        if not (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            continue
        if on_self:
            targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
            names = [
                t.attr
                for t in targets
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
            ]
        else:
            names = _names_of(statement) if isinstance(statement, ast.Assign | ast.AnnAssign) else []
        for name in names:
            docs[name] = inspect.cleandoc(following.value.value)
    return docs


def _value_source(home: str, node: ast.stmt | None) -> str | None:
    """The source of the value a constant is assigned, as written; none for a value a function computes at
    import (`__version__ = version(...)` reads the installation: the page must not depend on it)."""
    value = getattr(node, "value", None)
    if value is None or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
        return None
    return ast.get_source_segment(_source(home), value)


def _annotation(statement: ast.stmt) -> str | None:
    if isinstance(statement, ast.AnnAssign):
        return ast.unparse(statement.annotation)
    return None


# ---- formatting --------------------------------------------------------------------------------------


class _Written:
    """An annotation shown as written in the source (they are strings under `from __future__ import
    annotations`), without the quotes `inspect` would add."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _signature(function: Any, method: bool = False) -> str:
    """`(parameters) -> returned` as written; a method's without its `self` or `cls`, a constructor's without
    its `-> None`."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return "(...)"
    parameters = [_written(parameter) for parameter in signature.parameters.values()]
    if method and parameters and parameters[0].name in ("self", "cls"):
        parameters = parameters[1:]
    returned = signature.return_annotation
    if isinstance(returned, str):
        returned = _Written(returned)
    if getattr(function, "__name__", "") == "__init__":
        returned = inspect.Signature.empty
    return str(signature.replace(parameters=parameters, return_annotation=returned))


def _written(parameter: inspect.Parameter) -> inspect.Parameter:
    """A parameter shown as written: its annotation unquoted, a function as its default by name (not by its
    address, which changes with every run)."""
    if isinstance(parameter.annotation, str):
        parameter = parameter.replace(annotation=_Written(parameter.annotation))
    default = parameter.default
    if default is not inspect.Parameter.empty and (inspect.isfunction(default) or inspect.isclass(default)):
        parameter = parameter.replace(default=_Written(default.__name__))
    return parameter


def _doc(value: Any) -> str:
    """The docstring `value` has of its own (not one inherited from a base class, like `object.__init__`'s)."""
    own = getattr(value, "__doc__", None)
    return inspect.cleandoc(own) if isinstance(own, str) and own.strip() else _no_doc()


def _no_doc() -> str:
    return "*(no docstring)*"


def _indent(text: str) -> str:
    """A docstring as the body of a list item: continuation lines indented under it."""
    return text.replace("\n", "\n  ").replace("\n  \n", "\n\n")


def _first_paragraph(text: str | None) -> str:
    return (text or "").split("\n\n")[0]


if __name__ == "__main__":
    print(render(), end="")
