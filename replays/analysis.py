"""`campfire replay analyze`: statistics over many replays, as rich tables or JSON.

It reads what the replays recorded and does not re-simulate them (`verify` does that): a thousand
tournament replays are analysed in seconds. A seat's "win rate" is its mean return: 1 for a win, its
share for a shared win, 0 for a loss; so a forfeiting seat scores 0.

Turning points come from annotated replays (search players' root statistics): the decisions where the
chosen action's estimated value fell furthest below the best estimated value at that decision, among the
actions the search gave at least 5% of its visits.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any

import attrs

from corekit.game import Game
from corekit.plugins import Registry
from corekit.words import terminal_width
from replays.commands import GameRaised, game_call
from replays.format import Replay, ReplayError
from replays.simulate import replay_game

MIN_VISIT_SHARE = 0.05
"""A turning point compares the chosen action only with actions given at least this share of the visits."""


@attrs.define
class _GameStats:
    matches: int = 0
    forfeits: int = 0
    lengths: list[int] = attrs.Factory(list)
    seat_returns: dict[int, list[float]] = attrs.Factory(lambda: defaultdict(list))
    spec_returns: dict[str, list[float]] = attrs.Factory(lambda: defaultdict(list))
    spec_actions: dict[str, Counter[str]] = attrs.Factory(lambda: defaultdict(Counter))
    seat_names: dict[int, str] = attrs.Factory(dict)


class Analysis:
    """Accumulates replays one by one; a file that fails part-way adds nothing."""

    def __init__(self, registry: Registry, top: int = 10) -> None:
        self.registry = registry
        self.top = top
        self.files = 0
        self.games: dict[str, _GameStats] = {}
        self.turning_points: list[dict[str, Any]] = []

    def add(self, name: str, replay: Replay) -> None:
        """Count one replay (ReplayError if the game is unknown or an action cannot be read)."""
        game = replay_game(replay, self.registry)
        header, result = replay.header, replay.result
        texts = [_action_text(game, code, step) for step, code in enumerate(replay.actions, 1)]
        names = _seat_names(game, replay)
        points = self._turning_points(name, game, replay, texts, names)
        stats = self.games.setdefault(game.id, _GameStats())
        stats.matches += 1
        stats.forfeits += result.forfeit is not None
        stats.lengths.append(replay.steps)
        for seat, spec in enumerate(header.seats):
            stats.seat_returns[seat].append(result.returns[seat])
            stats.spec_returns[spec].append(result.returns[seat])
            stats.seat_names.setdefault(seat, names[seat])
        for seat, text in zip(replay.seats, texts):
            stats.spec_actions[header.seats[seat]][text] += 1
        self.turning_points.extend(points)
        if len(self.turning_points) > 2 * self.top + 100:  # thousands of annotated replays: keep the worst only
            self.turning_points = self._worst()
        self.files += 1

    def report(self) -> dict[str, Any]:
        """Everything as plain data (the `--json` output)."""
        games = {}
        for game_id, stats in sorted(self.games.items()):
            lengths = stats.lengths
            games[game_id] = {
                "matches": stats.matches,
                "forfeits": stats.forfeits,
                "length": {
                    "mean": statistics.fmean(lengths),
                    "stdev": statistics.stdev(lengths) if len(lengths) > 1 else 0.0,
                    "min": min(lengths),
                    "max": max(lengths),
                },
                "win_rate_by_seat": [
                    {
                        "seat": seat,
                        "name": stats.seat_names[seat],
                        "matches": len(values),
                        "win_rate": statistics.fmean(values),
                    }
                    for seat, values in sorted(stats.seat_returns.items())
                ],
                "win_rate_by_spec": [
                    {"spec": spec, "seats_played": len(values), "win_rate": statistics.fmean(values)}
                    for spec, values in sorted(stats.spec_returns.items())
                ],
                "actions_by_spec": {
                    spec: {
                        "decisions": sum(counts.values()),
                        "actions": [
                            {"action": text, "count": count, "share": count / sum(counts.values())}
                            for text, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: self.top]
                        ],
                    }
                    for spec, counts in sorted(stats.spec_actions.items())
                },
            }
        points = self._worst()
        return {"files": self.files, "games": games, "turning_points": points}

    def print_tables(self) -> None:
        """Rich tables for people."""
        from rich.console import Console
        from rich.table import Table

        console = Console(width=terminal_width())
        report = self.report()
        if not report["files"]:
            console.print("No replays to analyze.")
            return
        summary = Table(title=f"{report['files']} replay{'s' if report['files'] != 1 else ''}", title_justify="left")
        for column in ("game", "matches", "forfeits", "length mean", "length stdev", "min-max"):
            summary.add_column(column, justify="left" if column == "game" else "right")
        for game_id, data in report["games"].items():
            length = data["length"]
            summary.add_row(
                game_id,
                str(data["matches"]),
                str(data["forfeits"]),
                f"{length['mean']:.1f}",
                f"{length['stdev']:.1f}",
                f"{length['min']}-{length['max']}",
            )
        console.print(summary)
        for game_id, data in report["games"].items():
            wins = Table(title=f"{game_id}: win rate", title_justify="left")
            wins.add_column("by")
            wins.add_column("who")
            wins.add_column("matches", justify="right")
            wins.add_column("win rate", justify="right")
            for row in data["win_rate_by_seat"]:
                wins.add_row("seat", row["name"], str(row["matches"]), f"{row['win_rate']:.1%}")
            for row in data["win_rate_by_spec"]:
                wins.add_row("player", row["spec"], str(row["seats_played"]), f"{row['win_rate']:.1%}")
            console.print(wins)
            actions = Table(title=f"{game_id}: most frequent actions by player", title_justify="left")
            actions.add_column("player")
            actions.add_column("decisions", justify="right")
            actions.add_column("actions (share)")
            for spec, entry in data["actions_by_spec"].items():
                listed = ", ".join(f"{a['action']} {a['share']:.0%}" for a in entry["actions"])
                actions.add_row(spec, str(entry["decisions"]), listed)
            console.print(actions)
        if report["turning_points"]:
            turns = Table(title="Turning points: chosen value furthest below the best", title_justify="left")
            for column in ("file", "step", "player", "chosen (value)", "best (value)", "loss"):
                # A path has no spaces to wrap at: folded, not cut to "/tmp/run/…", which would hide the file.
                turns.add_column(
                    column,
                    justify="right" if column in ("step", "loss") else "left",
                    overflow="fold" if column == "file" else "ellipsis",
                )
            for point in report["turning_points"]:
                turns.add_row(
                    point["file"],
                    str(point["step"]),
                    f"{point['seat_name']} {point['spec']}",
                    f"{point['chosen']} ({point['chosen_value']:.3f})",
                    f"{point['best']} ({point['best_value']:.3f})",
                    f"{point['loss']:.3f}",
                )
            console.print(turns)

    def _worst(self) -> list[dict[str, Any]]:
        return sorted(self.turning_points, key=lambda p: (-p["loss"], p["file"], p["step"]))[: self.top]

    def _turning_points(
        self, name: str, game: Game, replay: Replay, texts: list[str], names: list[str]
    ) -> list[dict[str, Any]]:
        points = []
        for step, rows in replay.stats.items():
            total = sum(row[1] for row in rows)
            # A barely explored action's estimate is noise: only actions with a fair share of visits count.
            visited = [row for row in rows if row[1] > 0 and row[1] >= MIN_VISIT_SHARE * total]
            chosen_code = replay.actions[step - 1]
            chosen = next((row for row in visited if row[0] == chosen_code), None)
            if chosen is None or len(visited) < 2:
                continue
            best = max(visited, key=lambda row: (row[2], row[1]))
            if best[2] <= chosen[2]:
                continue
            seat = replay.seats[step - 1]
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
                    "best": _action_text(game, best[0], step),
                    "best_value": best[2],
                    "loss": best[2] - chosen[2],
                }
            )
        return points


def _seat_names(game: Game, replay: Replay) -> list[str]:
    """The game's names for the seats (e.g. counselors), or "seat N" if it cannot name them."""
    players = len(replay.header.seats)
    try:
        return list(game.seat_names(players, game.make_options(replay.header.options)))
    except Exception:  # names are for people; the statistics do not depend on them
        return [f"seat {seat}" for seat in range(players)]


def _action_text(game: Game, code: Any, step: int) -> str:
    try:
        action = game.decode_action(code)
    except Exception as error:  # a hostile code the game cannot read
        raise ReplayError(f"step {step}: the game cannot read the action code {code!r:.40} ({error})") from None
    try:
        return game_call(game, "action_text", game.action_text, action)
    except GameRaised as error:  # the code was read: describing it is the game's own bug
        raise GameRaised(f"step {step}: {error}") from None
