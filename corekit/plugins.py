"""The plugin host: loads entry points one by one, collects games, players and heuristics.

A plugin that fails to import, whose registration hook raises or returns something of the wrong shape, or
that implements no hook or a function under a name no hook has, is reported in one warning line naming it,
and everything else still loads (pytest does the same for `pytest11`). Extensions (the `campfire.extensions`
group: commands and match listeners) load when the registry is made; games, players and the other plugins
when first asked for, so `campfire --help` imports no game.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import sysconfig
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from corekit import hookspecs
from corekit.errors import error_line

if TYPE_CHECKING:  # imported by `_collect`: `campfire --help` makes a registry but imports no engine module
    from corekit.game import Game
    from corekit.heuristics import Heuristic
    from corekit.players import PlayerType

AT_START = ("campfire.extensions",)
"""Entry-point groups loaded when the registry is made: what adds commands (`campfire_cli_setup`) must be here."""
ON_USE = ("campfire.games", "campfire.players")
"""Entry-point groups loaded once games, players or the event hooks are first asked for."""
ENTRY_POINT_GROUPS = AT_START + ON_USE
PLUGINS_VARIABLE = "CAMPFIRE_PLUGINS"
"""Comma-separated module names to load as plugins besides the entry points (like PYTEST_PLUGINS):
a game under development is found without installing it."""

hookimpl = pluggy.HookimplMarker("campfire")
"""Marks a plugin's function as the implementation of the hook of the same name (`corekit.hookspecs`)."""

_RESULTS: dict[str, tuple[type, str, str]] = {
    "campfire_games": (Sequence, "a list of games", "games"),
    "campfire_players": (Sequence, "a list of player types", "player types"),
    "campfire_heuristics": (Mapping, "a dict of heuristics by game id", "heuristics"),
}
"""For each registration hook: the shape its result must have, as a warning names it, and what a plugin
whose result has another shape does not load."""


class UnknownName(LookupError):
    """An unknown game id or player name; the message is one line and lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


class Registry:
    """The loaded plugins and what they registered.

    `plugins` are registered after the installed ones, when games or players are first asked for (so an
    installed plugin keeps its ids); `entry_points=False` loads none of the installed plugins. `warnings` lists,
    a line each, every plugin, game or player type that could not be loaded or was skipped, and why (`campfire`
    prints them; a program reads them there, and an unknown name's error repeats the one about that name).
    """

    def __init__(self, plugins: Iterable[Any] = (), entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager("campfire")
        self.pm.add_hookspecs(hookspecs)
        self.warnings: list[str] = []
        self._entry_points = entry_points
        self._phase: dict[str, int] = {}  # plugin name -> when it loads: 0 installed, 1 CAMPFIRE_PLUGINS, 2 given
        self._seen: set[tuple[str, str]] = set()
        self._loaded = False
        self._installed: Any = None  # every installed entry point (3.11 gives a SelectableGroups, 3.12 EntryPoints)
        self._games: dict[str, Game] = {}
        self._player_types: dict[str, PlayerType] = {}
        self._heuristics: dict[str, Heuristic] = {}
        if entry_points:
            self._load_entry_points(AT_START)
        for plugin in plugins:
            self.register(plugin)

    def load(self) -> Registry:
        """Load every plugin not loaded yet and collect what they register (once); return the registry."""
        if not self._loaded:
            self._loaded = True
            if self._entry_points:
                self._load_entry_points(ON_USE)
                self._load_named(os.environ.get(PLUGINS_VARIABLE, ""))
            self._collect()
        return self

    @property
    def games(self) -> dict[str, Game]:
        """The registered games by id."""
        return self.load()._games

    @property
    def player_types(self) -> dict[str, PlayerType]:
        """The registered player types by name."""
        return self.load()._player_types

    @property
    def heuristics(self) -> dict[str, Heuristic]:
        """The registered heuristics by game id."""
        return self.load()._heuristics

    @property
    def hook(self) -> Any:
        """The hook relay, for calling event hooks (every plugin loaded, so every listener hears)."""
        return self.load().pm.hook

    def register(self, plugin: Any, name: str | None = None, phase: int = 2) -> None:
        """Register a module or object with hook implementations (hashable, as pluggy needs). `phase` orders
        what it registers among the others' (see `_each`): 0 installed, 1 CAMPFIRE_PLUGINS, 2 given."""
        try:
            hash(plugin)  # pluggy registers an unhashable one, then fails on every hook that looks at it
            registered = self.pm.register(plugin, name=name)
        except Exception as error:  # a malformed plugin must not stop the others
            self.warnings.append(f"plugin {name or _name(plugin)!r} could not be registered: {error_line(error)}")
            return
        self._phase[registered or ""] = phase
        if registered is not None:
            self._check_hooks(plugin, registered)

    def game(self, game_id: str) -> Game:
        """The game with this id, or UnknownName listing the installed ones."""
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none"
            # A game loaded by `tournament --plugin` or under development is found through CAMPFIRE_PLUGINS.
            raise UnknownName(
                f"unknown game {game_id!r} (installed: {known}; a game not installed is loaded by naming its plugin "
                f"module in CAMPFIRE_PLUGINS){self._skipped('game', game_id)}"
            ) from None

    def player_type(self, name: str) -> PlayerType:
        """The player type with this name, or UnknownName listing the known ones."""
        try:
            return self.player_types[name]
        except KeyError:
            known = ", ".join(sorted(self.player_types)) or "none"
            raise UnknownName(f"unknown player {name!r} (known: {known}){self._skipped('player', name)}") from None

    def _skipped(self, kind: str, name: str) -> str:
        """Why a plugin's `kind` of that name was skipped, when one was (`; plugin 'x': player 'y' is skipped:
        ...`): a program that reads no warnings learns it from the error."""
        found = [warning for warning in self.warnings if f": {kind} {name!r} is skipped: " in warning]
        return f"; {found[0]}" if found else ""

    def heuristic(self, game_id: str) -> Heuristic | None:
        """The heuristic registered for a game, if any."""
        return self.heuristics.get(game_id)

    def leak_probe(self) -> str | None:
        """The player spec the leak check plays by default: `mcts`'s `probe` when it offers one (so that installing
        another player does not change what `campfire check` runs), else that of the first player type by name that
        offers one, or None when no installed player can probe for leaks (`campfire check --probe` names another)."""
        types = self.player_types
        if "mcts" in types and types["mcts"].probe:
            return types["mcts"].probe
        return next((types[name].probe for name in sorted(types) if types[name].probe), None)

    def _load_entry_points(self, groups: Iterable[str]) -> None:
        if self._installed is None:  # one scan of the installed distributions serves every group (each costs ms)
            self._installed = importlib.metadata.entry_points()
        for group in groups:
            for entry in sorted(self._installed.select(group=group), key=lambda e: e.name):
                # A distribution visible twice on sys.path (an editable install run from its own
                # folder) lists its entry points twice.
                if (entry.name, entry.value) in self._seen:
                    continue
                self._seen.add((entry.name, entry.value))
                try:
                    plugin = entry.load()
                except (Exception, SystemExit) as error:  # report by name, keep loading the rest (sys.exit too:
                    # a plugin must not end every campfire command, --help included, silently)
                    self.warnings.append(f"plugin {entry.name!r} ({entry.value}) failed to load: {error_line(error)}")
                    continue
                if self.pm.is_registered(plugin):
                    continue  # one module listed in two groups (its games and its commands)
                # Another module under a name already taken (a package naming its command module and its game
                # module alike in two groups) is registered under a longer name: skipped, its games went missing.
                name = entry.name if not self.pm.has_plugin(entry.name) else f"{entry.name} ({entry.value})"
                self.register(plugin, name=name, phase=0)

    def _load_named(self, names: str) -> None:
        for name in (n.strip() for n in names.split(",")):
            if not name or self.pm.has_plugin(name):
                continue
            try:
                plugin = importlib.import_module(name)
            except (Exception, SystemExit) as error:  # SystemExit too, as for entry points
                hint = " (is its folder on PYTHONPATH?)" if isinstance(error, ModuleNotFoundError) else ""
                self.warnings.append(
                    f"plugin {name!r} from {PLUGINS_VARIABLE} failed to load: {error_line(error)}{hint}"
                )
                continue
            if self.pm.is_registered(plugin):
                continue  # also installed: its entry point already registered this very module
            self.register(plugin, name=name, phase=1)

    def _check_hooks(self, plugin: Any, name: str) -> None:
        """Warn of what pluggy would ignore without a word: a plugin with no `@hookimpl` function (it registers
        all the same), a hook's function left unmarked beside marked ones, and a `@hookimpl` function whose name
        is no hook's (a typo: a hook is called by its exact name). Either way the user would see only "unknown
        game". One pass over the few hooks."""
        callers = self.pm.get_hookcallers(plugin) or []
        if not callers:
            self.warnings.append(
                f"plugin {name!r} implements no campfire hook "
                f"(mark each hook function with @hookimpl; hooks: {self._hook_names()})"
            )
        marked = {caller.name for caller in callers}
        for hook in self._hook_list() if callers else ():  # with none marked at all, the warning above says it
            if hook not in marked and callable(getattr(plugin, hook, None)):
                self.warnings.append(f"plugin {name!r}: {hook} has no @hookimpl mark, so it is never called")
        for caller in {caller.name: caller for caller in callers}.values():  # once a hook: pluggy lists it per function
            mine = [impl for impl in caller.get_hookimpls() if impl.plugin is plugin]
            # optionalhook=True is pluggy's way to implement a hook that may not exist (a newer campfire's)
            if not caller.has_spec() and not all(impl.optionalhook for impl in mine):
                self.warnings.append(
                    f"plugin {name!r}: {caller.name} is not a campfire hook, so it is never called "
                    f"(hooks: {self._hook_names()})"
                )

    def _hook_names(self) -> str:
        """Every hook's name, in the order `corekit.hookspecs` documents them."""
        return ", ".join(self._hook_list())

    def _hook_list(self) -> list[str]:
        return [name for name in vars(hookspecs) if self.pm.parse_hookspec_opts(hookspecs, name)]

    def _collect(self) -> None:
        from corekit.game import Game
        from corekit.heuristics import Heuristic
        from corekit.options import options_problem
        from corekit.players import PlayerType

        taken = _FirstComes(self.warnings)
        for source, _, game in self._registered("campfire_games", Game):
            problem = options_problem(game.options_type)
            if problem is not None:  # every match of it would fail, each blaming the user's -o
                self.warnings.append(f"plugin {source!r}: game {game.id!r} is skipped: {problem}")
                continue
            if taken.first(source, "game id", game.id):
                self._games[game.id] = game
        for source, _, player_type in self._registered("campfire_players", PlayerType):
            problem = _spec_name_problem(player_type.name) or options_problem(player_type.options_type)
            if problem is not None:  # as a game's: every spec of it would fail, or take a list as text
                self.warnings.append(f"plugin {source!r}: player {player_type.name!r} is skipped: {problem}")
                continue
            if taken.first(source, "player type", player_type.name):
                self._player_types[player_type.name] = player_type
        for source, game_id, heuristic in self._registered("campfire_heuristics", Heuristic):
            if game_id not in self._games:  # a typo in the id would leave the game on the fallback unnoticed
                self.warnings.append(
                    f"plugin {source!r} registered a heuristic for unknown game {game_id!r} "
                    f"(games: {', '.join(sorted(self._games)) or 'none'})"
                )
            if taken.first(source, "heuristic for game", game_id):
                self._heuristics[game_id] = heuristic

    def call_each(self, hook_name: str, **kwargs: Any) -> list[tuple[str, Any]]:
        """Call a hook plugin by plugin, in the hook's own order, and return (plugin name, result) for each
        that answered: through pluggy, so each implementation gets the arguments it names, and one at a time,
        so one that raises is named in a warning and spoils only itself."""
        caller = getattr(self.pm.hook, hook_name)
        answers = []
        asked: list[Any] = []
        for impl in reversed(caller.get_hookimpls()):  # pluggy calls the last registered first
            # Once per plugin: one that implements the hook twice (a second function with `specname`) answers
            # with both at once, and asking it again for each would register, or warn of, each answer again.
            if any(plugin is impl.plugin for plugin in asked):
                continue
            asked.append(impl.plugin)
            others = [plugin for plugin in self.pm.get_plugins() if plugin is not impl.plugin]
            try:
                results = self.pm.subset_hook_caller(hook_name, others)(**kwargs)
            except (Exception, SystemExit) as error:  # SystemExit too, as for imports
                self.warnings.append(f"plugin {impl.plugin_name!r} failed in {hook_name}: {error_line(error)}")
                continue
            answers += [(impl.plugin_name, result) for result in results]
        return answers

    def _registered(self, hook_name: str, kind: type) -> Iterator[tuple[str, Any, Any]]:
        """What each plugin registered through a registration hook, as (plugin, game id for a heuristic or
        None, item), in load order (`_each`). A result of the wrong shape (not a list; for heuristics not a
        dict) or an item that is not a `kind` is a warning naming the plugin and is skipped, like a hook that
        raises (`call_each`): iterating it would end every command for every game, naming no plugin."""
        shape, expected, contents = _RESULTS[hook_name]
        for source, result in self._each(hook_name):
            pairs: Iterable[tuple[Any, Any]]
            if shape is Mapping and isinstance(result, Mapping):
                pairs = result.items()
            elif shape is Sequence and isinstance(result, Sequence) and not isinstance(result, (str, bytes)):
                pairs = ((None, item) for item in result)  # (a str is a Sequence too, of one-letter strs)
            else:
                self.warnings.append(
                    f"plugin {source!r}: {hook_name} returned {_a(result)}, not {expected}; "
                    f"its {contents} are not loaded"
                )
                continue
            for key, item in pairs:
                if isinstance(item, kind):
                    yield source, key, item
                else:
                    where = f"for game {key!r}" if shape is Mapping else "in its list"
                    self.warnings.append(
                        f"plugin {source!r}: {hook_name} returned {item!r} {where}, not a {kind.__name__}; "
                        "it is skipped"
                    )

    def _each(self, hook_name: str) -> list[tuple[str, Any]]:
        """A registration hook's answers in load order (installed plugins, then CAMPFIRE_PLUGINS, then the
        given ones, each in registration order), so an installed plugin keeps its ids and a later one that
        reuses one is the one skipped."""
        answers = list(reversed(self.call_each(hook_name)))
        return sorted(answers, key=lambda answer: self._phase.get(answer[0], 2))


def _spec_name_problem(name: Any) -> str | None:
    """Why `name` cannot be a player type's name, the first word of a spec (`NAME:KEY=VALUE`, specs joined by
    commas), or None: a name holding ':', ',', '=' or a space would be read as options or as several players."""
    if not isinstance(name, str) or not name:
        return f"its name must be a word, not {name!r}"
    odd = sorted({char for char in name if char in ":,=" or char.isspace()})
    if odd:
        return f"its name holds {' '.join(map(repr, odd))}, which a player spec reads otherwise (NAME:KEY=VALUE,...)"
    return None


class _FirstComes:
    """Names are first come, first served: a later plugin reusing one is skipped, with a warning naming both."""

    def __init__(self, warnings: list[str]) -> None:
        self.warnings = warnings
        self.owners: dict[tuple[str, str], str] = {}

    def first(self, source: str, kind: str, name: str) -> bool:
        owner = self.owners.setdefault((kind, name), source)
        if owner != source:
            self.warnings.append(
                f"plugin {source!r}: {kind} {name!r} is already registered by plugin {owner!r}; this one is skipped"
            )
        return owner == source


def listeners(caller: Any) -> Callable[..., None]:
    """An event hook's implementations as one function taking the hook's arguments by position, called as pluggy
    calls them (the last registered first, each given the arguments it names). Calling a hook through pluggy costs
    about 1.5 us where calling its listeners directly costs a few hundred ns, and `campfire_action_applied` is heard
    at every step: a tenth of a short match's time. The implementations are looked at again at each call (a copy
    of a short list), and once they changed (a plugin registered or unregistered mid-match) the hook is called
    through pluggy; so is a hook with a wrapper among its implementations, whose calls pluggy nests, or a
    `firstresult` or `historic` one. Hook-call monitoring (`add_hookcall_monitoring`) does not see direct calls."""
    names = caller.spec.argnames
    impls = caller.get_hookimpls()

    def through_pluggy(*args: Any) -> None:
        caller(**dict(zip(names, args, strict=True)))

    opts = caller.spec.opts
    if opts.get("firstresult") or opts.get("historic") or any(impl.wrapper or impl.hookwrapper for impl in impls):
        return through_pluggy
    calls = [
        (impl.function, None if impl.argnames == names else tuple(names.index(name) for name in impl.argnames))
        for impl in reversed(impls)
    ]
    current = caller.get_hookimpls

    def heard(*args: Any) -> None:
        if current() != impls:
            through_pluggy(*args)
            return
        for function, picks in calls:
            if picks is None:
                function(*args)
            else:
                function(*[args[at] for at in picks])

    return heard


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of every installed plugin, loaded once per process."""
    global _default
    if _default is None:
        _default = Registry()
    return _default


def campfire_command() -> str:
    """How to run Campfire so that it sees the games installed into this Python, for a command the user is told to run
    next: `campfire`, or `python -m corekit.cli` in a virtual environment that borrows Campfire from the base
    installation (its `campfire` is the base's script, which runs the base's Python and sees none of the environment's
    games: docs/writing-a-game.md, section 1)."""
    scripts = sysconfig.get_path("scripts")
    found = any(os.path.exists(os.path.join(scripts, name)) for name in ("campfire", "campfire.exe"))
    return "campfire" if found else "python -m corekit.cli"


def _a(value: Any) -> str:
    """What a value is, for a warning: 'an EmberDuel', 'a dict'."""
    kind = type(value).__name__
    return f"{'an' if kind[0].lower() in 'aeiou' else 'a'} {kind}"


def _name(plugin: Any) -> str:
    return plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__name__
