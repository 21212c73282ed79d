"""`campfire strength`: every registered strength run of ai/strength.toml, played by the tournament machinery.

A strength run is `campfire tournament GAME -p A,B -k SEATS -n MATCHES --seed SEED --strength` (see
`corekit.tournament.strength`). The plan fixes each run's game, seats, specs, size and seed before any match is
played, so a result cannot be chosen by when it was looked at: a run is judged only once it has played all its
matches. Each run has its own results folder under `--out` (`Run.folder_name`), and every call resumes the runs
where the last one stopped, so a plan of many CPU-hours can be played over several sittings. A folder whose results
file says it holds another run's matches (other options, say) is refused, never shown as the run's; and every run
of the plan is checked before anything is written or played, so a bad one leaves no folder behind.

A spec such as `mcts` means the game's own defaults for that player type (`Heuristic.player_defaults`). The
folder records the spec those defaults made when the run started (`pinned.json`), and a later call refuses to
go on with other defaults, which would mix two players in one result.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import signal
import subprocess
import sys
import tomllib
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

import attrs
import click

from corekit.codes import INT_MAX
from corekit.errors import first_line, json_problem
from corekit.game import GameError
from corekit.match import GameFailed, PlayerNotBuilt
from corekit.options import OptionError, build_options, options_to_dict, parse_pairs
from corekit.players import PlayerSpec, spec_options
from corekit.plugins import Registry, UnknownName
from corekit.runner import build_spec, set_up
from corekit.tournament.report import summarize
from corekit.tournament.run import RESUME_HINT_VARIABLE
from corekit.tournament.store import (
    RESULTS,
    MatchRecord,
    has_results,
    header_changes,
    read_results,
    reported,
    shown_setting,
)
from corekit.tournament.strength import (
    FREE_FOR_ALL_HEADER,
    free_for_all_row,
    seatings,
    share_notes,
    strength_lines,
    summarize_strength,
)
from corekit.words import counted, joined

PLAN = Path(__file__).with_name("strength.toml")
RUNS = Path(__file__).with_name("strength-runs")
"""The repository's results of the plan: the matches behind ai/README.md's table (a wheel does not ship them). In
the repository, so that a plan of many CPU-hours resumes on another machine and anyone can recount the table from
the matches (`campfire strength --table-only`)."""


def default_runs() -> Path:
    """Where `campfire strength` keeps the runs unless told: the repository's folder in a source checkout, else
    `strength-runs` in the current directory (an installed package's folder would be written inside
    site-packages, and a wheel holds none of the repository's results)."""
    return RUNS if RUNS.is_dir() else Path("strength-runs")


MARKERS = ("<!-- strength:plan -->", "<!-- /strength:plan -->")
RESUMED = "run the same `campfire strength` command again to play the rest"
"""How an interrupted run is resumed, as its tournament's message says (not `--resume`, which is this command's
business: it passes it to the tournament of a run that has results)."""
STOP_GRACE = 5.0
"""Seconds a tournament has to stop on Ctrl-C before this command passes the interruption on (see `_play`)."""


@attrs.frozen
class Run:
    """One registered run."""

    game: str
    seats: int
    a: str
    b: str
    matches: int
    seed: int
    options: tuple[str, ...] = ()
    registered: str | None = None
    """When this run was added, if after the plan's first registration (the table says so)."""

    @property
    def folder_name(self) -> str:
        """The run's results folder under `--out`: its game, seats, specs, seed and options, in characters any file
        system takes (two runs of the same players differ in their seed or their options)."""
        name = f"{self.game}-{self.seats}-{self.a}-vs-{self.b}-seed{self.seed}"
        if self.options:  # a run without options keeps the name it always had: its committed folder is found
            pairs = sorted(
                (key.replace("-", "_"), value) for key, value in parse_pairs(self.options, "options").items()
            )
            name += "-o-" + ",".join(f"{key}={value}" for key, value in pairs)
        return re.sub(r"[^A-Za-z0-9.=-]+", "_", name)

    def tournament_args(self, folder: Path, jobs: int) -> list[str]:
        """The `campfire tournament` arguments that play (or resume) this run into `folder`."""
        args = [self.game, "-p", f"{self.a},{self.b}", "-k", str(self.seats), "-n", str(self.matches)]
        args += ["--seed", str(self.seed), "--strength", "--out", str(folder), "--jobs", str(jobs)]
        if has_results(folder):
            args.append("--resume")
        for option in self.options:
            args += ["-o", option]
        return args


FIELDS = tuple(field.name for field in attrs.fields(Run))
REQUIRED = ("game", "seats", "a", "b", "matches", "seed")


def read_plan(path: Path) -> tuple[str, list[Run]]:
    """The registration time and the runs of a plan file; a malformed one raises ValueError naming the run and
    its field, as do two runs that are one run (one folder). Whether the games and players are installed is
    `check_runs`'s business."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{path}: {error}") from None
    entries = data.get("run", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise ValueError(f"{path}: run must be [[run]] tables, not {entries!r}")
    runs: list[Run] = []
    folders: dict[str, int] = {}
    for number, entry in enumerate(entries, start=1):
        problem = _entry_problem(entry)
        if problem is not None:
            raise ValueError(f"{path}: run {number}: {problem}")
        run = Run(**{**entry, "options": tuple(entry.get("options", ()))})
        if run.folder_name in folders:  # the second would be reported with the first one's matches
            raise ValueError(
                f"{path}: run {number} is run {folders[run.folder_name]} again (both play into "
                f"{run.folder_name}): remove one, or give one another seed"
            )
        folders[run.folder_name] = number
        runs.append(run)
    if not runs:
        raise ValueError(f"{path}: no [[run]] in it")
    return str(data.get("registered", "not said")), runs


def _entry_problem(entry: dict[str, Any]) -> str | None:
    """What is wrong with a [[run]] table as TOML gave it, naming the field (None when nothing is)."""
    unknown = [key for key in entry if key not in FIELDS]
    if unknown:
        return f"unknown field {unknown[0]!r} (a run has {joined(FIELDS)})"
    missing = [key for key in REQUIRED if key not in entry]
    if missing:
        return f"no {joined(missing)} (a run has {joined(REQUIRED)}; options and registered may be left out)"
    for key in ("game", "a", "b"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            return f"{key} must be a non-empty text, not {entry[key]!r}"
    for key, low, high in (("seats", 1, None), ("matches", 1, None), ("seed", 0, INT_MAX)):
        value = entry[key]
        # `type(...) is int`: TOML's true is a bool, which Python would take for 1.
        if type(value) is not int or value < low or (high is not None and value > high):
            wanted = f"of {low} or more" if high is None else f"from {low} to {high}"
            return f"{key} must be a whole number {wanted}, not {value!r}"
    options = entry.get("options", [])
    if not isinstance(options, list) or not all(isinstance(option, str) for option in options):
        # A lone string would be read letter by letter, each letter an option.
        return f'options must be a list of key=value texts, as options = ["all_dead=share"], not {options!r}'
    try:
        parse_pairs(options, "options")
    except OptionError as error:
        return str(error)
    registered = entry.get("registered")
    if registered is not None and not isinstance(registered, str):
        return f'registered must be a text, as registered = "2026-12-03 06:38 UTC", not {registered!r}'
    return None


def check_runs(plan: Path, runs: Sequence[Run], registry: Registry) -> None:
    """Refuse, in one line naming the run and its field, a run the installed games and players cannot play: its
    game, seats, options and player names. Called before anything is written or played, so a bad run leaves
    nothing behind (`check_players` then builds the players of the runs about to be played)."""
    for number, run in enumerate(runs, start=1):
        try:
            _check_run(run, registry)
        except ValueError as error:
            raise ValueError(f"{plan}: run {number}: {error}") from None


def check_players(plan: Path, runs: Sequence[Run], registry: Registry, build: Collection[Run]) -> None:
    """Build once the players of the runs in `build` (a player type may need what is not installed, as
    os-ismcts needs OpenSpiel); a finished run's players are not built: the table of its matches needs none."""
    for number, run in enumerate(runs, start=1):
        if run not in build:
            continue
        game = registry.game(run.game)
        for field, text in (("a", run.a), ("b", run.b)):
            try:
                build_spec(game, text, run.seed, registry)
            except (OptionError, UnknownName, PlayerNotBuilt) as error:
                raise ValueError(f"{plan}: run {number}: {field}: {first_line(error)}") from None


def _check_run(run: Run, registry: Registry) -> None:
    try:
        game = registry.game(run.game)
    except UnknownName as error:
        raise ValueError(f"game: {first_line(error)}") from None
    if not game.min_players <= run.seats <= game.max_players:
        raise ValueError(f"seats: {game.id} is played by {game.player_range()} players, not {run.seats}")
    try:
        per_deal = len(seatings(run.seats, game.cooperative))
    except ValueError as error:
        raise ValueError(f"seats: {first_line(error)}") from None
    if run.matches % per_deal:
        # Each deal is played once by each team, or with A once in each seat: a part-deal gives one team a night the
        # other never played, or A one seat more often than another (and a seat's advantage to A's rate).
        deal = (
            f"plays each deal once for each of its {per_deal} teams"
            if game.cooperative
            else f"plays each deal with A once in each of its {per_deal} seats"
        )
        kind = "cooperative" if game.cooperative else "free-for-all"
        raise ValueError(
            f"matches: a {kind} run {deal}, so its matches are a multiple of {per_deal}, not {run.matches}"
        )
    try:
        options = build_options(game.options_type, parse_pairs(run.options, "options"), "options")
    except OptionError as error:
        raise ValueError(first_line(error)) from None
    try:  # as the tournament does before its first match: the game may refuse these seats with these options
        set_up(game, run.seats, run.seed, options)
    except (GameError, OptionError, GameFailed) as error:
        raise ValueError(f"seats and options: {first_line(error)}") from None
    for field, text in (("a", run.a), ("b", run.b)):
        try:
            if registry.player_type(PlayerSpec.parse(text).name).interactive:  # nobody answers in a tournament
                raise OptionError(f"player {text!r} needs a person at a terminal, so a tournament cannot seat it")
        except (OptionError, UnknownName) as error:
            raise ValueError(f"{field}: {first_line(error)}") from None


def resolved(spec_text: str, game_id: str, registry: Registry) -> str:
    """A spec with the game's defaults for its player type written out: `mcts` -> `mcts:tree_depth=1`."""
    spec = PlayerSpec.parse(spec_text)
    return spec_options(registry.player_type(spec.name), spec, registry.heuristic(game_id)).spelled_out(spec.name)


def _same_spelling(text: str) -> tuple[str, dict[str, str]]:
    """A pinned spec as its name and options keyed by field name: a run pinned as `tree-depth=2` (before pins were
    written by field name) builds the same player as `tree_depth=2`, and resumes."""
    spec = PlayerSpec.parse(text)
    return spec.name, {key.replace("-", "_"): value for key, value in spec.params}


def pin(run: Run, folder: Path, registry: Registry) -> dict[str, str]:
    """The specs the run plays, written into its folder when it starts; a ValueError if they changed since."""
    now = {"a": resolved(run.a, run.game, registry), "b": resolved(run.b, run.game, registry)}
    pinned = folder / "pinned.json"
    if pinned.exists():
        then = json.loads(pinned.read_text(encoding="utf-8"))
        if {k: _same_spelling(v) for k, v in then.items()} != {k: _same_spelling(v) for k, v in now.items()}:
            raise ValueError(
                f"{folder} was started with A = {then['a']}, B = {then['b']}; the game's defaults now make them "
                f"{now['a']}, {now['b']}: remove the folder to start the run again"
            )
    else:
        folder.mkdir(parents=True, exist_ok=True)
        pinned.write_text(json.dumps(now), encoding="utf-8")
    return now


def table(runs: Sequence[Run], out: Path, registered: str, registry: Registry, plan: Path = PLAN) -> list[str]:
    """The plan's results as markdown: one table for the free-for-all runs, one block per cooperative run. A run
    short of its registered size shows how far it got and nothing more (its figures are judged once, at the end)."""
    free: list[str] = []
    notes: list[str] = []  # under the free-for-all table, as the tournament report prints them under its own
    teams: list[str] = []
    for run in runs:
        folder = out / run.folder_name
        report, held, beyond = _status(run, folder, registry)
        game = run.game + (f" `-o {' -o '.join(run.options)}`" if run.options else "")
        game += f" (seed {run.seed}, registered {run.registered})" if run.registered else ""
        installed = str(registry.game(run.game).version)
        if report is not None and report["game_version"] != installed:  # its rules have changed since
            game += f" (version {report['game_version']}; {installed} is installed)"
        if beyond:  # the plan's size was lowered after those were played: say what is judged
            game += f" (the first {run.matches} of the {run.matches + beyond} matches its folder holds)"
        if report is None:
            free.append(f"| {game} | {run.seats} | {run.a} | {run.b} | 0 of {run.matches} | - | - | - | not started |")
            continue
        # A match that failed for good is held (played, never again) but has no returns: the figures leave it out,
        # so the row says so. The report's records that did not fail all count as held (only a failed one retries).
        failed = held - (report["matches"] - len(report["failed"]))
        if failed:
            game += f" ({counted(failed, 'match', 'matches')} failed: not scored)"
        pinned = _pinned(folder)
        summary = _named(summarize_strength(report), _shown(run.a, pinned["a"]), _shown(run.b, pinned["b"]))
        if "teams" not in summary:
            # Judged by the matches held, as --json and the play loop judge it (`_counted`): the summary's own count
            # leaves a failed match out, so a run with one would be "not finished" however often it was resumed.
            free.append(free_for_all_row(game, dict(summary, matches=held), planned=run.matches))
            if held >= run.matches:  # judged: what an equal player scores, when the fair share is not it
                notes += [f"{run.game}, {run.a} against {run.b}: {note}" for note in share_notes(summary)]
            continue
        if held < run.matches:  # by the matches held, as above (the report's count has those to retry too)
            teams += [
                "",
                f"{game}, {run.seats} {'seat' if run.seats == 1 else 'seats'}: the {summary['a']} team and the "
                f"{summary['b']} team against {summary['villain']}, paired by deal; not finished: {held} of "
                f"{run.matches} nights played (judged once all are played)",
            ]
            continue
        lines = strength_lines(game, summary)
        teams += ["", *lines[:-1], "", lines[-1]]
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return [
        f"_Written {stamp} by `campfire strength` from {_plan_name(plan)} (registered {registered}, a run added"
        " later says when); a run is judged only once all its matches are played._",
        "",
        *(FREE_FOR_ALL_HEADER if free else []),
        *free,
        *(["", *notes] if notes else []),
        *teams,
    ]


def _named(summary: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """A strength summary with its specs `a` and `b` as shown (the game's defaults written out), and a cooperative
    run's team rows named alike, so that a team is found by its spec."""
    named = dict(summary, a=a, b=b)
    if "teams" in named:
        named["teams"] = [dict(team, spec=spec) for team, spec in zip(named["teams"], (a, b), strict=True)]
    return named


def runs_data(runs: Sequence[Run], out: Path, registry: Registry) -> list[dict[str, Any]]:
    """The plan's runs for `--json`: each as registered, what its folder holds, and its result once every match of
    it is played (None before: a run is judged once, at the end, as the table judges it)."""
    data = []
    for run in runs:
        folder = out / run.folder_name
        report, held, beyond = _status(run, folder, registry)
        pinned = _pinned(folder) if report is not None else {}
        result = None
        if report is not None and held >= run.matches:
            result = _named(summarize_strength(report), pinned["a"], pinned["b"])
        data.append(
            {
                "folder": run.folder_name,
                "game": run.game,
                "options": list(run.options),
                "seats": run.seats,
                "a": run.a,
                "b": run.b,
                "seed": run.seed,
                "registered": run.registered,
                "matches": run.matches,
                "held": held,
                "beyond": beyond,
                "game_version": None if report is None else report["game_version"],
                "installed_version": str(registry.game(run.game).version),
                "result": result,
            }
        )
    return data


def _status(run: Run, folder: Path, registry: Registry) -> tuple[dict[str, Any] | None, int, int]:
    """What `folder` holds of `run`, from one read of its results file: the tournament's report so far (None before
    the first match; read from the file, so a run stopped half-way shows how far it got), and the matches held
    within the run's size and past it (played when the plan asked for more)."""
    held = _held(run, folder, registry)
    if held is None:
        return None, 0, 0
    header, records = held
    report = summarize(registry.game(run.game), (run.a, run.b), run.seats, reported(records, run.matches), header)
    return report, *_counted(run, records)


def _saved(run: Run, folder: Path, registry: Registry) -> int:
    """How many matches of `run` `folder` holds (a match to be played again, retried, is not held)."""
    held = _held(run, folder, registry)
    return 0 if held is None else _counted(run, held[1])[0]


def _counted(run: Run, records: dict[int, MatchRecord]) -> tuple[int, int]:
    """The matches of `records` within `run`'s size and past it, a retried one not counted.

    The one rule of whether a run is finished, for the table, --json and the play loop alike, and the tournament's:
    its resume plays again only a match whose record has a `retry` reason (`Pending`'s `done`), so a match that
    failed without one (the game raised, say) is held for good, though the report leaves it out of its figures.
    """
    indices = [index for index, record in records.items() if record.retry is None]
    within = sum(1 for index in indices if index < run.matches)
    return within, len(indices) - within


def _finished(run: Run, folder: Path, registry: Registry) -> bool:
    """Whether `folder` holds every match of `run`."""
    return _saved(run, folder, registry) >= run.matches


def _held(run: Run, folder: Path, registry: Registry) -> tuple[dict[str, Any], dict[int, MatchRecord]] | None:
    """The header and matches of `folder`'s results file (None before the first match), once the header is
    known to be `run`'s: a folder holding another run's matches is refused, not shown or counted as this run."""
    if not has_results(folder):
        return None
    _pinned(folder)  # a folder `campfire strength` did not start is said to be one, whatever else differs
    header, records = read_results(folder / RESULTS)
    changes = _changes(run, header, registry)
    if changes:
        raise ValueError(
            f"{folder} holds the matches of another run ({'; '.join(changes)}): move it away or remove it to start "
            "the run"
        )
    return header, records


def _changes(run: Run, header: dict[str, Any], registry: Registry) -> list[str]:
    """How a results file's header differs from what `run` plays, a setting or an option at a time (nothing when
    the file is the run's; another game's header differs in its game alone)."""
    game = registry.game(run.game)
    lineups = [list(lineup) for lineup in seatings(run.seats, game.cooperative)]
    pairs = parse_pairs(run.options, "options")
    options = options_to_dict(build_options(game.options_type, pairs, "options"))
    now = json.loads(json.dumps(options, default=str))  # as the tournament writes them into its header
    wanted = {"game": run.game, "specs": [run.a, run.b], "seats": run.seats, "seed": run.seed, "lineups": lineups}
    wanted["options"] = now  # compared option by option
    held = header if isinstance(header.get("options"), dict) else {**header, "options": {}}
    # The options a run leaves to the game are the installed version's defaults, and an older version (whose
    # matches the table shows as such) may have had others: only the options the run sets are compared then.
    same_version = str(header.get("game_version")) == str(game.version)
    names = None if same_version else {key.replace("-", "_") for key in pairs}
    return [
        f"{setting} was {shown_setting(old)}, the run's is {shown_setting(new)}"
        for setting, old, new in header_changes(held, wanted, wanted, names)
    ]


def _wanted(only: str, runs: Sequence[Run], plan: Path) -> set[str]:
    """The games `--only` names; a ValueError naming those the plan has no run of, and the plan's games."""
    names = list(dict.fromkeys(name.strip() for name in only.split(",") if name.strip()))
    games = list(dict.fromkeys(run.game for run in runs))
    unknown = [name for name in names if name not in games]
    if unknown:
        which = "is not a game" if len(unknown) == 1 else "are not games"
        has = f"whose only game is {games[0]}" if len(games) == 1 else f"whose games are {joined(games)}"
        raise ValueError(f"--only: {joined(unknown)} {which} of {_plan_name(plan)}, {has}")
    return set(names)


def _play(command: Sequence[str]) -> tuple[int, bool]:
    """Run a run's tournament: its exit status, and whether Ctrl-C interrupted it.

    Ctrl-C reaches the whole foreground process group, the tournament and its workers too: the tournament stops,
    saves what it played and says how far it got, in one line that says how the rest is played (this command
    again: RESUMED). That takes a moment, and this process waits for it (subprocess.run would kill the tournament a
    quarter of a second after Ctrl-C, its message and report unwritten). A tournament still playing STOP_GRACE
    seconds after the interruption did not get it (a `kill -INT` of this process alone): it is passed on, once.
    """
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, env={**os.environ, RESUME_HINT_VARIABLE: RESUMED})
    interrupted = passed_on = False
    while True:
        try:
            return child.wait(STOP_GRACE if interrupted and not passed_on else None), interrupted
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGINT)
            passed_on = True
        except KeyboardInterrupt:
            interrupted = True


def _plan_name(plan: Path) -> str:
    """The plan as the table names it: the repository's own plan by its place in the repository."""
    return "ai/strength.toml" if plan.resolve() == PLAN.resolve() else str(plan)


def _pinned(folder: Path) -> dict[str, str]:
    """The specs `campfire strength` wrote into a run's folder before its first match."""
    path = folder / "pinned.json"
    try:
        pinned = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(
            f"{folder} holds results but no pinned.json: it was not started by `campfire strength` (move it away "
            "or remove it to start the run)"
        ) from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} is not the JSON `campfire strength` writes ({error})") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not the JSON `campfire strength` writes ({json_problem(error)})") from None
    if not isinstance(pinned, dict) or not all(isinstance(pinned.get(key), str) for key in ("a", "b")):
        raise ValueError(f"{path} does not hold the pinned specs of players a and b (as text) that it was written with")
    return pinned


def _shown(spec: str, pinned: str) -> str:
    return spec if spec == pinned else f"{spec} (= {pinned})"


def write_between_markers(path: Path, lines: Sequence[str]) -> None:
    """Replace what lies between the plan's markers in `path` (a ValueError when they are missing)."""
    before, after = _around_markers(path)
    start, end = MARKERS
    path.write_text(f"{before}{start}\n" + "\n".join(lines) + f"\n{end}{after}", encoding="utf-8")


def _around_markers(path: Path) -> tuple[str, str]:
    """The text of `path` before the plan's first marker and after its second (OSError when it cannot be read, a
    ValueError when the markers are missing): asked before a run is played too, which may take days."""
    text = path.read_text(encoding="utf-8")
    start, end = MARKERS
    if start not in text or end not in text:
        raise ValueError(f"{path} has no {start} ... {end} markers to write the table between")
    before, rest = text.split(start, 1)
    return before, rest.split(end, 1)[1]


@click.command("strength")
@click.option(
    "--plan",
    "plan_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=PLAN,
    show_default="ai/strength.toml",
    help="The registered runs.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where each run keeps its results folder [default: ai/strength-runs in a source checkout, which holds the "
    "results behind ai/README.md, else ./strength-runs].",
)
@click.option("--only", default="", help="Only the runs of these games (comma-separated).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True, help="Worker processes.")
@click.option("--table-only", is_flag=True, help="Play nothing: print the table of what the folders hold.")
@click.option(
    "--readme",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the table between the strength:plan markers of this file (ai/README.md).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON instead of the table (with --readme, the file still gets the table).",
)
@click.pass_context
def strength_command(
    ctx: click.Context,
    plan_path: Path,
    out: Path | None,
    only: str,
    jobs: int,
    table_only: bool,
    readme: Path | None,
    as_json: bool,
) -> None:
    """Play the registered strength runs and print their table.

    Each run of the plan is a `campfire tournament ... --strength` into its own folder under --out, resumed
    where an earlier call stopped (Ctrl-C stops the run playing, its matches saved); its size and seed come from
    the plan, never from the command line. The table shows every run of the plan, --only choosing just which ones
    to play. The whole plan takes days of CPU (ai/README.md gives each run's time): --table-only shows what is
    played so far, --only GAME plays one game's runs.

    With --json, one entry per run of the plan: {"folder", "game", "options", "seats", "a", "b", "seed",
    "registered" (when a run added to the plan later was registered; null for a run registered with the plan),
    "matches" (its size), "held" (matches its folder holds within it), "beyond" (held past it), "game_version" (of
    the matches held), "installed_version", "result"}; "result" is null until every match is played, then the
    tournament's strength summary (docs/tournament-results.md; its "a" and "b", and a cooperative run's
    teams[].spec, the specs as played, the game's defaults written out).
    """
    from corekit.cli.shared import registry_of

    out = out or default_runs()
    try:
        if readme is not None:
            _around_markers(readme)  # a file the table cannot be written into is refused before anything is played
        registered, runs = read_plan(plan_path)
        wanted = _wanted(only, runs, plan_path)
        registry = registry_of(ctx)
        check_runs(plan_path, runs, registry)
        chosen = [run for run in runs if not table_only and (not wanted or run.game in wanted)]
        # A finished run's players are not built again: the table of its matches needs none of them.
        unfinished = [run for run in chosen if not _finished(run, out / run.folder_name, registry)]
        check_players(plan_path, runs, registry, build=unfinished)
        failed = []
        for run in chosen:
            folder = out / run.folder_name
            if run not in unfinished:  # nothing to play (and a run of an older game version could not resume)
                click.echo(f"{run.folder_name}: all {run.matches} matches played", err=True)
                continue
            pin(run, folder, registry)
            click.echo(f"{run.folder_name}: {run.matches} matches, seed {run.seed}", err=True)
            command = [sys.executable, "-m", "corekit.cli", "tournament", *run.tournament_args(folder, jobs), "--json"]
            code, interrupted = _play(command)
            if interrupted:
                if code > 0:  # the tournament said how far it got (or what failed): exit 1, as it does
                    ctx.exit(1)
                # It ended without a word: it had played all its matches, or the signal killed it as it started.
                raise click.ClickException(
                    f"interrupted: {_saved(run, folder, registry)} of {run.matches} matches of {run.folder_name} "
                    f"are saved; {RESUMED}"
                )
            if code != 0:
                failed.append(run.folder_name)
        lines = table(runs, out, registered, registry, plan_path)
        # Shown before the file is written: the table is shown however that goes.
        click.echo(json.dumps(runs_data(runs, out, registry), indent=2) if as_json else "\n".join(lines))
        if readme is not None:
            write_between_markers(readme, lines)
    except (ValueError, OSError) as error:
        raise click.ClickException(str(error)) from None
    if failed:
        raise click.ClickException(f"the tournament of {', '.join(failed)} failed (its error is above)")
