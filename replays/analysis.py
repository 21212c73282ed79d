"""`campfire replay analyze`: statistics over many replays, as rich tables or JSON.

It re-simulates each replay, which is what reads its actions back (format 2 records each action as a
choice among the legal ones); with `--no-verify` the digests are not compared. A thousand tournament
replays take seconds. Replays of one game at other seat counts, options or rules versions are counted apart
(`_Shape`): a seat's rate at 2 seats and at 4 mean different things. A partial replay (a match stopped before its
end) is counted apart too: it adds nothing to the win rates, lengths or actions. A seat's "win rate" is its mean
return: 1 for a win, its share for a shared win, 0 for a loss; so a forfeiting seat scores 0.

Turning points come from annotated replays (search players' root statistics): the decisions where the
chosen action's estimated value fell furthest below the best estimated value at that decision, among the
actions the search gave at least 5% of its visits. A search that kept its policy's choice over a best it did not
trust enough (mcts's `trust`, on by default in camp-grizzly) is listed too: a replay keeps the statistics, not
that reason (`campfire suggest` shows it).
"""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from typing import Any

import attrs
from rich.text import Text

from corekit.codes import code_key, legal_keys
from corekit.game import Game, State
from corekit.plugins import Registry
from corekit.runner import ending_problem
from corekit.tables import print_table
from corekit.tournament.stats import ending_order, team_won
from corekit.words import fold_items, milliseconds, shown, terminal_width
from replays.display import GameRaised, game_call
from replays.format import Replay, ReplayError
from replays.simulate import Simulator

MIN_VISIT_SHARE = 0.05
"""A turning point compares the chosen action only with actions given at least this share of the visits."""


@attrs.frozen
class _Shape:
    """What makes matches of one game comparable: its seat count, its rules version and its options. Replays of
    other shapes are counted apart, never pooled: a seat's rate at 2 seats and at 4 mean different things."""

    game: str
    players: int
    version: str
    options: str
    """The options as JSON with sorted keys (hashable, and ordered as people read them)."""

    def label(self) -> str:
        options = "; ".join(f"{name}={value}" for name, value in json.loads(self.options).items())
        return f"{self.game} ({self.players} players; version {self.version}" + (f"; {options})" if options else ")")


@attrs.define
class _GameStats:
    matches: int = 0
    forfeits: int = 0
    unfinished: int = 0
    lengths: list[int] = attrs.Factory(list)
    seat_returns: dict[int, list[float]] = attrs.Factory(lambda: defaultdict(list))
    spec_returns: dict[str, list[float]] = attrs.Factory(lambda: defaultdict(list))
    spec_matches: Counter[str] = attrs.Factory(Counter)
    spec_actions: dict[str, Counter[str]] = attrs.Factory(lambda: defaultdict(Counter))
    spec_times: dict[str, list[int]] = attrs.Factory(dict)
    """Per spec, over the actions it took in replays that keep their decisions' times: [decisions, total
    microseconds, most microseconds]."""
    team_wins: int | None = None
    """In a cooperative game, the matches its team won (`team_won`, as a tournament's report counts them); None
    in another."""
    endings: Counter[str | None] = attrs.Factory(Counter)
    """How the rules ended the finished replays nobody forfeited (the final state's `ending()`), by ending."""
    legal_decisions: int = 0
    """The decisions of finished replays whose count of legal actions is known (a step kept as the game's code is
    not), and their sum, least and most (`legal_range`): the branching factor."""
    legal_total: int = 0
    legal_range: tuple[int, int] | None = None
    seat_names: dict[int, str] = attrs.Factory(dict)
    """Each seat's name (camp-grizzly calls seats by their counselors): the game's for the shape's options, so the
    same in every replay of the shape."""


def _endings(registry: Registry, game_id: str, counted: Counter[str | None]) -> list[dict[str, Any]] | None:
    """Each of the game's endings with its count, in the game's order, zeros included; None for a game that
    declares none. An ending the game no longer declares (a replay of another version) comes last."""
    declared = registry.game(game_id).endings
    if not declared:
        return None
    return [{"ending": name, "matches": counted[name]} for name in ending_order(declared, counted)]


def _print_folded(console: Any, head: str, items: list[str]) -> None:
    """`head` and `items` on as many lines as the console's width needs, broken between items only: a figure stays
    beside its label ("least 1", "stalled 0 (0.0%)")."""
    for line in fold_items(shown(head), [shown(item) for item in items], console.width):
        console.print(Text(line), soft_wrap=True)


def _decision_times(spent: list[int] | None) -> dict[str, float | None]:
    """A spec's mean and longest decision in seconds, over the actions it took in replays that keep their times
    (`[decisions, total, most]` in microseconds); None for both when no replay kept any."""
    if not spent:
        return {"mean_decision_time": None, "max_decision_time": None}
    decisions, total, most = spent
    return {"mean_decision_time": total / decisions / 1e6, "max_decision_time": most / 1e6}


def _one_place(value: float | None) -> str:
    """A figure to one decimal place, or "-" where there is none (the spread of a single match's length)."""
    return "-" if value is None else f"{value:.1f}"


class Analysis:
    """Accumulates replays one by one; a file that fails part-way adds nothing."""

    def __init__(self, registry: Registry, top: int = 10) -> None:
        self.registry = registry
        self.top = top
        self.files = 0
        self.games: dict[_Shape, _GameStats] = {}
        self.turning_points: list[dict[str, Any]] = []

    def add(self, name: str, replay: Replay, simulator: Simulator | None = None) -> None:
        """Count one replay, re-simulated by `simulator` (by default without comparing digests); ReplayError
        if the game is unknown or an action cannot be read."""
        simulator = simulator or Simulator(replay, self.registry, checking=False, record=False)
        game = simulator.game
        header, result = replay.header, replay.result
        shape = _Shape(game.id, len(header.seats), header.game_version, json.dumps(header.options, sort_keys=True))
        # The game's entry is made only once all that can raise has succeeded (reading the actions back, their texts,
        # the turning points): a file that fails part-way must leave no game behind, not even one of 0 matches.
        if replay.unfinished:
            simulator.moves()  # it must still read back
            self.games.setdefault(shape, _GameStats()).unfinished += 1
            self.files += 1
            return
        final = simulator.state_at(replay.steps)  # reads every move back on the way
        moves = simulator.moves()
        texts = [_action_text(game, action, step) for step, (_seat, action) in enumerate(moves, 1)]
        names = simulator.names
        points = self._turning_points(name, simulator, texts)
        ending = None
        if game.endings and result.forfeit is None:
            ending = game_call(game, "ending", final.ending)
            # A name the game no longer declares is counted (an ending of another rules version, listed last); no
            # name at all is the game's bug, as the runner says at the end of a match.
            if type(ending) is not str:
                raise GameRaised(
                    f"game {game.id!r} at the end (after step {replay.steps}): {ending_problem(game, ending)}"
                )
        stats = self.games.setdefault(shape, _GameStats())
        if ending is not None:
            stats.endings[ending] += 1
        if game.cooperative:
            stats.team_wins = (stats.team_wins or 0) + team_won(result.returns)
        stats.matches += 1
        stats.forfeits += result.forfeit is not None
        stats.lengths.append(replay.steps)
        for seat, spec in enumerate(header.seats):
            stats.seat_returns[seat].append(result.returns[seat])
            stats.spec_returns[spec].append(result.returns[seat])
            stats.seat_names[seat] = names[seat]
        for spec in set(header.seats):
            stats.spec_matches[spec] += 1
        for (seat, _action), text in zip(moves, texts):
            stats.spec_actions[header.seats[seat]][text] += 1
        if replay.times is not None:  # each step's decision, in microseconds (`times[k-1]` is step k's)
            for (seat, _action), micros in zip(moves, replay.times):
                spent = stats.spec_times.setdefault(header.seats[seat], [0, 0, 0])
                spent[0] += 1
                spent[1] += micros
                spent[2] = max(spent[2], micros)
        counts = [count for count in simulator.legal_counts() if count is not None]
        if counts:
            stats.legal_decisions += len(counts)
            stats.legal_total += sum(counts)
            low, high = stats.legal_range or (min(counts), max(counts))
            stats.legal_range = (min(low, *counts), max(high, *counts))
        self.turning_points.extend(points)
        if len(self.turning_points) > 2 * self.top + 100:  # thousands of annotated replays: keep the worst only
            self.turning_points = self._worst()
        self.files += 1

    def report(self) -> dict[str, Any]:
        """Everything as plain data (the `--json` output, docs/json-output.md)."""
        games = {}
        shapes = Counter(shape.game for shape in self.games)
        for shape, stats in sorted(self.games.items(), key=lambda item: attrs.astuple(item[0])):
            # Keyed by the game's id, or where its replays have several shapes, by the shape (`_Shape.label`).
            game_id = shape.game if shapes[shape.game] == 1 else shape.label()
            lengths = stats.lengths
            # One shape for a seat's entry and a player's, so a reader handles both alike (as in a tournament's
            # report: `matches` the replays it was in, `seats_played` the seats it held there).
            by_seat = [
                {
                    "seat": seat,
                    "spec": None,
                    "name": stats.seat_names[seat],
                    "matches": len(values),
                    "seats_played": len(values),
                    "win_rate": statistics.fmean(values),
                }
                for seat, values in sorted(stats.seat_returns.items())
            ]
            by_spec = [
                {
                    "seat": None,
                    "spec": spec,
                    "name": spec,
                    "matches": stats.spec_matches[spec],
                    "seats_played": len(values),
                    "win_rate": statistics.fmean(values),
                }
                for spec, values in sorted(stats.spec_returns.items())
            ]
            games[game_id] = {
                "game": shape.game,
                "players": shape.players,
                "game_version": shape.version,
                "options": json.loads(shape.options),
                "matches": stats.matches,
                "forfeits": stats.forfeits,
                "unfinished": stats.unfinished,
                "length": {
                    "mean": statistics.fmean(lengths),
                    "stdev": statistics.stdev(lengths) if len(lengths) > 1 else None,  # one match has none
                    "min": min(lengths),
                    "max": max(lengths),
                }
                if lengths
                else None,
                "legal_actions": {
                    "mean": stats.legal_total / stats.legal_decisions,
                    "min": stats.legal_range[0],
                    "max": stats.legal_range[1],
                }
                if stats.legal_range
                else None,
                "team_win_rate": None if stats.team_wins is None else stats.team_wins / stats.matches,
                "endings": _endings(self.registry, shape.game, stats.endings),
                "win_rate_by_seat": by_seat,
                "win_rate_by_spec": by_spec,
                "actions_by_spec": {
                    spec: {
                        "taken": sum(counts.values()),
                        **_decision_times(stats.spec_times.get(spec)),
                        "actions": [
                            {"action": text, "count": count, "share": count / sum(counts.values())}
                            for text, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: self.top]
                        ],
                    }
                    # Every player of these matches, one that never acted too (a forfeit at its first decision).
                    for spec, counts in (
                        (spec, stats.spec_actions.get(spec, Counter())) for spec in sorted(stats.spec_matches)
                    )
                },
            }
        points = self._worst()
        return {"files": self.files, "games": games, "turning_points": points}

    def print_tables(self) -> None:
        """Rich tables for people. Every cell is a `Text`, never markup, and every string a replay gave (a
        seat spec, an action's text, a file name) is shown with its control characters escaped."""
        from rich.console import Console
        from rich.table import Table

        console = Console(width=terminal_width())
        report = self.report()
        if not report["files"]:
            console.print("No replays to analyze.")
            return
        summary = Table(title=f"{report['files']} replay{'s' if report['files'] != 1 else ''}", title_justify="left")
        for column in ("game", "matches", "forfeits", "unfinished", "length mean", "length stdev", "min-max"):
            summary.add_column(column, justify="left" if column == "game" else "right")
        for game_id, data in report["games"].items():
            length = data["length"]
            summary.add_row(
                *_cells(
                    game_id,
                    data["matches"],
                    data["forfeits"],
                    data["unfinished"],
                    *(
                        (f"{length['mean']:.1f}", _one_place(length["stdev"]), f"{length['min']}-{length['max']}")
                        if length
                        else ("-", "-", "-")
                    ),
                )
            )
        print_table(console, summary)
        for game_id, data in report["games"].items():
            if not data["matches"]:
                continue
            wins = Table(title=f"{game_id}: win rate", title_justify="left")
            wins.add_column("by")
            wins.add_column("who")
            wins.add_column("matches", justify="right")
            wins.add_column("seats played", justify="right")
            wins.add_column("win rate", justify="right")
            if data["team_win_rate"] is not None:  # cooperative: the team's wins first, as a tournament ranks by them
                wins.add_row(*_cells("team", "every seat", data["matches"], "-", f"{data['team_win_rate']:.1%}"))
            for kind, rows in (("seat", data["win_rate_by_seat"]), ("player", data["win_rate_by_spec"])):
                for row in rows:
                    wins.add_row(
                        *_cells(kind, row["name"], row["matches"], row["seats_played"], f"{row['win_rate']:.1%}")
                    )
            print_table(console, wins)
            if data["endings"] and data["matches"] > data["forfeits"]:
                ended = sum(row["matches"] for row in data["endings"])
                told = [f"{row['ending']} {row['matches']} ({row['matches'] / ended:.1%})" for row in data["endings"]]
                _print_folded(console, f"{game_id}: endings by the rules: ", told)
            legal = data["legal_actions"]
            if legal is not None:
                figures = [f"mean {legal['mean']:.1f}", f"least {legal['min']}", f"most {legal['max']}"]
                _print_folded(console, f"{game_id}: legal actions a decision (the branching factor): ", figures)
            actions = Table(title=f"{game_id}: most frequent actions by player", title_justify="left")
            actions.add_column("player")
            actions.add_column("actions taken", justify="right")
            actions.add_column("ms/decision", justify="right")
            actions.add_column("actions (share)")
            for spec, entry in data["actions_by_spec"].items():
                listed = ", ".join(f"{a['action']} {a['share']:.0%}" for a in entry["actions"])
                actions.add_row(*_cells(spec, entry["taken"], milliseconds(entry["mean_decision_time"]), listed))
            print_table(console, actions)
        if report["turning_points"]:
            turns = Table(title="Turning points: chosen value furthest below the best", title_justify="left")
            for column in ("file", "step", "player", "chosen (value)", "best (value)", "loss"):
                # A path or a spec has no spaces to wrap at: folded, not cut to "/tmp/run/…" or
                # "mcts:iterations=3…", which would hide the file or whose decision it was.
                turns.add_column(
                    column,
                    justify="right" if column in ("step", "loss") else "left",
                    overflow="fold" if column in ("file", "player") else "ellipsis",
                )
            for point in report["turning_points"]:
                turns.add_row(
                    *_cells(
                        point["file"],
                        point["step"],
                        f"{point['seat_name']} {point['spec']}",
                        f"{point['chosen']} ({point['chosen_value']:.3f})",
                        f"{point['best']} ({point['best_value']:.3f})",
                        f"{point['loss']:.3f}",
                    )
                )
            print_table(console, turns)

    def _worst(self) -> list[dict[str, Any]]:
        return sorted(self.turning_points, key=lambda p: (-p["loss"], p["file"], p["step"]))[: self.top]

    def _turning_points(self, name: str, simulator: Simulator, texts: list[str]) -> list[dict[str, Any]]:
        replay, game, names = simulator.replay, simulator.game, simulator.names
        points = []
        # One pass over the match for every annotated step (a search may annotate each one).
        for step, before in simulator.before(replay.stats):
            rows = _possible(simulator, step, replay.stats[step], before)
            total = sum(row[1] for row in rows)
            # A barely explored action's estimate is noise: only actions with a fair share of visits count.
            visited = [row for row in rows if row[1] > 0 and row[1] >= MIN_VISIT_SHARE * total]
            if len(visited) < 2:
                continue
            chosen_code = simulator.action_code(step)
            chosen = next((row for row in visited if row[0] == chosen_code), None)
            if chosen is None:
                continue
            best = max(visited, key=lambda row: (row[2], row[1]))
            if best[2] <= chosen[2]:
                continue
            seat = simulator.action(step)[0]
            points.append(
                {
                    "file": name,
                    "game": game.id,
                    "step": step,
                    "seat": seat,
                    "seat_name": names[seat],
                    "spec": replay.header.seats[seat],
                    "chosen": texts[step - 1],
                    "chosen_value": chosen[2],
                    "best": _code_text(game, best[0], step),
                    "best_value": best[2],
                    "loss": round(best[2] - chosen[2], 4),  # as the values it is the difference of are written
                }
            )
        return points


def _possible(
    simulator: Simulator, step: int, rows: list[tuple[Any, int, float]], before: State
) -> list[tuple[Any, int, float]]:
    """The rows of a step's search statistics that could be true: an action legal for the seat that moved there,
    with a mean return in [0, 1]. Annotations are outside the digests: verifying refuses a row naming an action
    nobody could play (`Simulator`), but with `--no-verify` an edited file can hold any rows, and such a row would
    be reported as the best move."""
    if simulator.checking:  # verified: every row names a legal action already
        return [row for row in rows if 0.0 <= row[2] <= 1.0]
    seat = simulator.action(step)[0]
    legal = legal_keys(simulator.game.encode_action, before.legal_actions(seat))
    return [row for row in rows if code_key(row[0]) in legal and 0.0 <= row[2] <= 1.0]


def _cells(*values: Any) -> list[Text]:
    """Table cells as plain text: rich would read "[red]" in a seat spec as markup (or fail on "[/x]")."""
    return [Text(shown(str(value))) for value in values]


def _code_text(game: Game, code: Any, step: int) -> str:
    """The text of an action given by its code (a search statistic's)."""
    try:
        action = game.decode_action(code)
    except Exception as error:  # a hostile code the game cannot read
        raise ReplayError(f"step {step}: the game cannot read the action code {code!r:.40} ({error})") from None
    return _action_text(game, action, step)


def _action_text(game: Game, action: Any, step: int) -> str:
    try:
        return game_call(game, "action_text", game.action_text, action)
    except GameRaised as error:  # the action was read: describing it is the game's own bug
        raise GameRaised(f"step {step}: {error}") from None
