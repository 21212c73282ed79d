"""Add up the logs of a strength run split into parts: `python -m ai.tally LOG [LOG ...]`.

Each part of a long run (`python -m ai.strength ... --first N --log FILE`) logs one JSON line per match.
This reads the parts back as one run: it checks they measured the same thing (game, seats, players,
options), keeps each match once (a match logged twice must agree, as a rerun of a seeded match does),
and prints the run's table. For a team run (a cooperative game) it pairs the two teams' results seed by
seed, so that it can also give the exact sign test and the interval of the difference in win rate
(`ai.strength.Pairs`); a match only one team finished (a part stopped between them) is left out.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ai.strength import Outcome, Pairs
from corekit.errors import os_reason
from corekit.script_args import OneLineParser
from corekit.words import counted


class BadLog(Exception):
    """A log that cannot be read, or parts that do not belong to one run."""


@attrs.frozen
class Run:
    """The matches of one strength run, gathered from its parts."""

    game: str
    version: str | None
    """The game's version, None in logs written before it was recorded."""
    players: int
    options: dict[str, str]
    specs: dict[str | None, list[str]]
    """Team "a" and "b" in a team run; None in a free-for-all run (A's seat varies)."""
    matches: dict[tuple[int, str | None], dict[str, Any]]
    """(match index, team) to the logged line."""

    @property
    def teams(self) -> bool:
        """Whether this is a team run (a cooperative game): both teams play every seed."""
        return None not in self.specs

    def indices(self) -> list[int]:
        """The match indices counted: in a team run, only those both teams finished."""
        if not self.teams:
            return sorted(index for index, _ in self.matches)
        return sorted(index for index, team in self.matches if team == "a" and (index, "b") in self.matches)

    def outcomes(self) -> list[Outcome]:
        """Team A's and team B's win tallies, or player A's score, over the counted matches."""
        indices = self.indices()
        if not self.teams:
            return [Outcome(self.specs[None][0], sum(self.matches[i, None]["score"] for i in indices), len(indices))]
        return [
            Outcome(
                f"{self.specs[team][0]} team", sum(self.matches[i, team]["score"] > 0 for i in indices), len(indices)
            )
            for team in ("a", "b")
        ]

    def pairs(self) -> Pairs:
        """The counted seeds by which team won them."""
        return Pairs.count(
            (self.matches[i, "a"]["score"] > 0, self.matches[i, "b"]["score"] > 0) for i in self.indices()
        )


def read(paths: Sequence[str]) -> Run:
    """Gather the parts' lines into one run, or raise BadLog naming the file and line at fault."""
    first: dict[str, Any] | None = None
    specs: dict[str | None, list[str]] = {}
    matches: dict[tuple[int, str | None], dict[str, Any]] = {}
    for path in paths:
        for number, line in _lines(path):
            where = f"{path} line {number}"
            if first is None:
                first = line
            if line["version"] != first["version"]:
                raise BadLog(
                    f"{where}: game version {_version(line)} differs from {_version(first)} in the first "
                    "line (the rules may differ)"
                )
            for field in ("game", "options"):
                if line[field] != first[field]:
                    raise BadLog(f"{where}: {field} {line[field]!r} differs from {first[field]!r} in the first line")
            if len(line["specs"]) != len(first["specs"]):
                raise BadLog(
                    f"{where}: {counted(len(line['specs']), 'player')}, where the first line has {len(first['specs'])}"
                )
            team = line["team"]
            if (team is None) != (first["team"] is None):
                kind = "a team run's" if first["team"] is not None else "a free-for-all run's"
                raise BadLog(f"{where}: team {team!r} does not fit {kind} first line (team {first['team']!r})")
            seats = line["specs"] if team is not None else _others(line)
            known = specs.setdefault(team, seats)
            if known != seats:
                raise BadLog(f"{where}: players {seats} differ from {known} earlier in the run")
            key = (line["match"], team)
            earlier = matches.setdefault(key, line)
            if (earlier["seed"], earlier["score"]) != (line["seed"], line["score"]):
                raise BadLog(f"{where}: match {line['match']} is logged twice with a different seed or score")
            partner = matches.get((line["match"], {"a": "b", "b": "a"}.get(team)))
            if partner is not None and partner["seed"] != line["seed"]:  # a pair must be the same deal
                raise BadLog(
                    f"{where}: match {line['match']} has seed {line['seed']} for team {team} but "
                    f"{partner['seed']} for the other team"
                )
    if first is None:
        raise BadLog("the logs hold no matches")
    run = Run(first["game"], first["version"], len(first["specs"]), first["options"], specs, matches)
    if not run.indices():
        raise BadLog("no match was finished by both teams")
    return run


def _version(line: dict[str, Any]) -> str:
    return "not recorded" if line["version"] is None else repr(line["version"])


def _others(line: dict[str, Any]) -> list[str]:
    """A free-for-all line's players: A first, then the others (A's seat rotates from match to match)."""
    seat = line["seat_of_a"]
    return [line["specs"][seat], *line["specs"][:seat], *line["specs"][seat + 1 :]]


FIELDS = {"game": str, "match": int, "seed": int, "specs": list, "options": dict, "score": (int, float)}


def _lines(path: str) -> Iterable[tuple[int, dict[str, Any]]]:
    """The log's lines as (line number, parsed line), each checked to have the fields a match needs."""
    try:
        with open(path, encoding="utf-8") as log:
            text = log.read()
    except OSError as error:
        raise BadLog(f"cannot read {path}: {os_reason(error)}") from None
    except UnicodeDecodeError:
        raise BadLog(f"{path} is not a text log") from None
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            raise BadLog(f"{path} line {number}: not a JSON line of a strength log") from None
        if not isinstance(line, dict):
            raise BadLog(f"{path} line {number}: not a JSON object")
        for field, kind in FIELDS.items():
            if not isinstance(line.get(field), kind) or isinstance(line.get(field), bool):
                raise BadLog(f"{path} line {number}: the field {field!r} is missing or not a {_kind_name(kind)}")
        if not isinstance(line.setdefault("version", None), str | None):
            raise BadLog(f"{path} line {number}: the field 'version' must be text, not {line['version']!r}")
        team = line.setdefault("team", None)
        if team not in ("a", "b", None):
            raise BadLog(f'{path} line {number}: the field \'team\' must be "a", "b" or null, not {team!r}')
        seat = line.get("seat_of_a")
        if team is None and (type(seat) is not int or not 0 <= seat < len(line["specs"])):
            raise BadLog(f"{path} line {number}: the field 'seat_of_a' must be a seat of the match, not {seat!r}")
        yield number, line


def _kind_name(kind: type | tuple[type, ...]) -> str:
    return (
        "number" if isinstance(kind, tuple) else {str: "text", int: "whole number", list: "list", dict: "mapping"}[kind]
    )


def spans(indices: Sequence[int]) -> str:
    """Sorted match indices as runs of consecutive ones: "0-199, 380-761"."""
    parts: list[str] = []
    start = previous = indices[0]
    for index in [*indices[1:], None]:
        if index is not None and index == previous + 1:
            previous = index
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if index is not None:
            start = previous = index
    return ", ".join(parts)


def report(run: Run) -> list[str]:
    """The run's table and, for a team run, its paired comparison, as lines for people."""
    indices = run.indices()
    options = ", ".join(f"{key}={value}" for key, value in run.options.items()) or "the game's defaults"
    game = run.game if run.version is None else f"{run.game} version {run.version}"
    lines = [
        f"{game}, {counted(run.players, 'player')}, {options}: {counted(len(indices), 'match', 'matches')} "
        f"({spans(indices)})",
        "| player | matches | score | rate | Wilson 95% |",
        "|---|---|---|---|---|",
    ]
    outcomes = run.outcomes()
    for outcome in outcomes:
        low, high = outcome.interval
        lines.append(
            f"| {outcome.label} | {outcome.matches} | {outcome.score:g} | {outcome.rate:.3f} | "
            f"[{low:.3f}, {high:.3f}] |"
        )
    if run.teams:
        lines.append(run.pairs().summary(run.specs["a"][0], run.specs["b"][0]))
    else:
        others = f"; {run.specs[None][1]} in every other seat" if run.players > 1 else ""
        lines.append(f"fair share {1 / run.players:.3f}{others}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the run's table from its logs."""
    parser = OneLineParser(prog="python -m ai.tally", description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="+", metavar="LOG", help="the logs of the run's parts (ai.strength --log)")
    args = parser.parse_args(argv)
    try:
        run = read(args.logs)
    except BadLog as error:
        print(f"python -m ai.tally: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(run)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
