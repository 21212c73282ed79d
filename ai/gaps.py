"""How much one step of search could gain over a game's heuristic policy, decision by decision.

    campfire gaps camp-grizzly --players 1 --match 3 --samples 400 --decisions 17,34

Plays one seeded match with the game's heuristic policy in every seat. At each decision with a choice
(or only at the `--decisions` given, numbered from 1 over decisions with a choice: from 1 as `play` and
`check` number steps, which count the forced ones too), it tries every legal action on the same `--samples`
determinizations of the acting seat's view (common random numbers: the j-th sample of every action is the
same sample with the same generator), finishes each with the policy, and reports each action's mean return
for that seat and its paired z against the policy's own choice.

This is the one-step policy improvement that flat search with heuristic playouts estimates (the rollout
algorithm of Bertsekas, Tsitsiklis and Wu 1997): where no action beats the policy's choice by more than
the noise, no budget of that search can gain much over the heuristic. With many decisions and several
actions each, some z above 2 turn up by chance alone; the summary counts them against that expectation.
A decision picked because it looked beaten should be measured again with more samples: the first ones
are the very samples that picked it, so they overstate its gap (the winner's curse).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import click

from ai.mcts import PLAYOUT_LIMIT, paired_z
from ai.playouts import policy_playout, settled_values
from corekit import Action, Game, Rng, SeatView, derive_seed, ordered_sum
from corekit.cli.shared import game_option_pairs, game_options, registry_of
from corekit.errors import error_line, raised_at
from corekit.heuristics import Policy
from corekit.options import OptionError
from corekit.plugins import UnknownName
from corekit.words import counted

Z_NOTED = 2.0
"""The paired z from which a gap is counted in the summary."""


@attrs.frozen
class ActionValue:
    """One legal action at one decision: its mean return over the samples and its paired z against the
    policy's choice (0 for the choice itself)."""

    action: Action
    mean: float
    z: float


@attrs.frozen
class Decision:
    """One decision with a choice: its number, the acting seat, the policy's choice and every action's value."""

    number: int
    """Counted from 1, as `play` and `check` number steps, but over the match's decisions with a choice only."""
    seat: int
    choice: Action
    values: tuple[ActionValue, ...]

    @property
    def best(self) -> ActionValue:
        """The action with the highest mean: the policy's choice when it ties, else the first in legal order."""
        return max(self.values, key=lambda value: (value.mean, value.action == self.choice))


def decision_gaps(
    game: Game,
    players: int,
    seed: int,
    policy: Policy,
    samples: int,
    decisions: set[int] | None = None,
    options: object = None,
    report: Callable[[Decision], None] | None = None,
) -> list[Decision]:
    """Play the match with `policy` in every seat and measure every action at the chosen decisions (numbered
    from 1 over decisions with a choice; None: all)."""
    if samples < 2:  # a paired z (the measure of a gap) needs two pairs: with one, every gap would read z 0
        raise ValueError(f"samples must be 2 or more, not {samples}")
    state = game.initial_state(players, seed, options)
    own = Rng(derive_seed(seed, "gaps", "policy"))
    measured: list[Decision] = []
    number = 0
    while state.to_act:
        seat = state.to_act[0]
        view = SeatView(state, seat)
        legal = list(view.legal_actions)
        choice = policy(view.observation, seat, legal, own)
        if len(legal) > 1:
            number += 1
            if decisions is None or number in decisions:
                measured.append(_measure(view, number, legal, choice, policy, samples, seed))
                if report is not None:
                    report(measured[-1])
        state.apply(seat, choice)
    missing = sorted(decisions - {decision.number for decision in measured}) if decisions else []
    if missing:  # known only once the match is over: how many decisions with a choice it has depends on the play
        span = f" (1-{number})" if number else ""
        raise ValueError(
            f"the match has {counted(number, 'decision')} with a choice{span}; "
            f"no decision {', '.join(map(str, missing))}"
        )
    return measured


def _measure(
    view: SeatView, number: int, legal: list[Action], choice: Action, policy: Policy, samples: int, seed: int
) -> Decision:
    returns: dict[Action, list[float]] = {action: [] for action in legal}
    for j in range(samples):
        # Seeded by the count from 0 the decisions had before they were numbered from 1: a decision is measured
        # on the very samples it was, so the measurements recorded in ai/README.md can be repeated.
        sample_seed = derive_seed(seed, "gaps", number - 1, j)
        for action in legal:
            rng = Rng(sample_seed)
            state = view.sample(rng)
            state.apply_unchecked(view.seat, action)
            policy_playout(state, policy, rng, PLAYOUT_LIMIT)
            returns[action].append(settled_values(state, 1.0 / view.players)[view.seat])
    values = tuple(
        ActionValue(action, ordered_sum(got) / samples, paired_z(got, returns[choice]))
        for action, got in returns.items()
    )
    return Decision(number, view.seat, choice, values)


def beaten(decision: Decision) -> bool:
    """Whether some action beats the policy's choice by a paired z above Z_NOTED."""
    return any(value.z > Z_NOTED for value in decision.values)


def expected_by_chance(measured: Sequence[Decision], samples: int) -> float:
    """How many of `measured` would look beaten if no action were better than the choice: each of a
    decision's other actions crosses Z_NOTED with the one-sided tail of Student's t at `samples` - 1 degrees of
    freedom (a paired z on few samples is that t: the normal tail would undercount it, about six times at two
    samples), taken as independent (actions that play out alike are not, so this is an upper estimate)."""
    tail = t_tail(Z_NOTED, samples - 1)
    return ordered_sum(1 - (1 - tail) ** (len(decision.values) - 1) for decision in measured)


def t_tail(t: float, freedom: int) -> float:
    """P(T > t) for t >= 0 and Student's t with `freedom` degrees of freedom, by the finite sums of Abramowitz
    and Stegun 26.7.3 and 26.7.4 (a term per two degrees: at most 50,000 for `--samples`' bound)."""
    theta = math.atan(t / math.sqrt(freedom))
    cos2 = math.cos(theta) ** 2
    if freedom % 2:  # odd: (2/pi) (theta + sin theta (cos theta + 2/3 cos^3 theta + ...))
        term = total = math.cos(theta) if freedom > 1 else 0.0
        for k in range(3, freedom - 1, 2):
            term *= cos2 * (k - 1) / k
            total += term
        inside = 2 / math.pi * (theta + math.sin(theta) * total)
    else:  # even: sin theta (1 + 1/2 cos^2 theta + 1*3/(2*4) cos^4 theta + ...)
        term = total = 1.0
        for k in range(2, freedom - 1, 2):
            term *= cos2 * (k - 1) / k
            total += term
        inside = math.sin(theta) * total
    return max(0.0, (1 - inside) / 2)


def decision_numbers(text: str) -> set[int]:
    """Decision numbers, from 1, separated by commas, e.g. `17,34` (empty parts are skipped); ValueError
    otherwise."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    # isdecimal: no sign, so no negative decision, and int() reads every part it passes. 0 is refused by name:
    # decisions are numbered from 1, and it would otherwise fail only after the whole match, as "no decision 0".
    if not all(part.isdecimal() and int(part) > 0 for part in parts):
        raise ValueError(f"wants decision numbers 1 or more separated by commas, e.g. 17,34, not {text!r}")
    return {int(part) for part in parts}


def _decisions_option(ctx: click.Context, param: click.Parameter, value: str) -> set[int]:
    try:
        return decision_numbers(value)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param) from None


@click.command("gaps", short_help="Measure what one step of search could gain over a game's heuristic.")
@click.argument("game_id", metavar="GAME")
@click.option("--players", "-k", type=int, default=2, show_default=True, help="Seats at the table.")
@click.option(
    "--match", type=int, default=0, show_default=True, help="Which match: its seed is derived from this number."
)
@click.option(
    "--samples",
    type=click.IntRange(min=2, max=100_000),
    default=48,
    show_default=True,
    help="Common samples per action (a paired z needs two at least; with few, the chance count allows for its noise).",
)
@click.option(
    "--decisions",
    metavar="I,J,...",
    default="",
    callback=_decisions_option,
    help="Decisions to measure, numbered from 1 over those with a choice, e.g. 17,34 [default: all].",
)
@game_option_pairs
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON instead of lines (each decision's line goes to stderr as it is measured, to show progress).",
)
@click.pass_context
def gaps_command(
    ctx: click.Context,
    game_id: str,
    players: int,
    match: int,
    samples: int,
    decisions: set[int],
    pairs: tuple[str, ...],
    as_json: bool,
) -> None:
    """Play one seeded match of GAME with its heuristic policy in every seat and measure, at each decision
    with a choice, every legal action against the policy's choice on common samples.

    Prints one line per measured decision (its number, from 1 over those with a choice, the acting seat, the
    policy's choice, the best action, their mean returns and the paired z), then how many decisions an action
    beats the choice with z > 2, next to how many would by chance alone. Re-measure a flagged decision with
    more samples: the first ones picked it.

    With --json: {"game", "players", "match", "seed", "samples", "decisions": [{"number", "seat", "choice", "best",
    "beaten", "actions": [{"action", "code", "mean", "z"}]}], "beaten", "expected_by_chance"}, actions as text
    and as the game's code; a z that every sample agrees on is "inf" or "-inf" (JSON has no infinity).

    Each decision plays samples x legal actions playouts to the end of the match: at the default samples a
    whole match takes under a minute in camp-grizzly with one counselor and hours in scavengers, where
    --decisions measures a few.
    """
    registry = registry_of(ctx)
    try:
        game = registry.game(game_id)
        options = game_options(game, pairs)  # worded as play's and check's: the -o value is at fault
        heuristic = registry.heuristic(game_id)
        if heuristic is None or heuristic.policy is None:
            raise UnknownName(f"game {game_id!r} has no heuristic policy to measure")
        seed = derive_seed(0, "gaps", game_id, players, match)
        game.initial_state(players, seed, options)  # a wrong player count fails here, in one line
    except (OptionError, UnknownName, ValueError) as error:  # GameError is a ValueError
        raise click.ClickException(str(error)) from None

    def show(decision: Decision) -> None:
        click.echo(decision_line(game, decision), err=as_json)

    try:
        measured = decision_gaps(game, players, seed, heuristic.policy, samples, decisions or None, options, show)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    except BrokenPipeError:  # `show` writing to a reader that went away (`| head`): not the game's fault
        raise
    except Exception as crash:  # the game's code or its heuristic's (nothing else runs here): its bug, in one line
        raise click.ClickException(f"game {game_id!r} raised {error_line(crash)}{raised_at(crash)}") from None
    noted = sum(1 for decision in measured if beaten(decision))
    chance = expected_by_chance(measured, samples)
    if as_json:
        head = {"game": game.id, "players": players, "match": match, "seed": seed, "samples": samples}
        rows = [decision_data(game, decision) for decision in measured]
        click.echo(json.dumps(head | {"decisions": rows, "beaten": noted, "expected_by_chance": chance}, indent=2))
        return
    click.echo(
        f"{counted(len(measured), 'decision')}, {counted(samples, 'sample')} per action: in {noted} an action "
        f"beats the policy's choice with z > {Z_NOTED:g}; up to about {chance:.1f} would by chance alone"
    )


def decision_line(game: Game, decision: Decision) -> str:
    """One measured decision as the command prints it: the policy's choice and the best mean, and, when another
    action is the one that beats the choice by z > Z_NOTED (so the summary counts the decision), that one too."""
    best = decision.best
    line = (
        f"decision {decision.number} seat {decision.seat}: policy {game.action_text(decision.choice)} "
        f"{_mean_of(decision, decision.choice):.3f}; best {game.action_text(best.action)} {best.mean:.3f} "
        f"(z {best.z:.1f})"
    )
    surest = max(decision.values, key=lambda value: value.z)
    if surest.z > max(Z_NOTED, best.z):  # another action, surer than the best mean, is the one that counts
        line += f"; surest {game.action_text(surest.action)} {surest.mean:.3f} (z {surest.z:.1f})"
    return line


def decision_data(game: Game, decision: Decision) -> dict[str, Any]:
    """One measured decision for `--json`: every action by its text and code, with its mean and z."""
    return {
        "number": decision.number,
        "seat": decision.seat,
        "choice": game.action_text(decision.choice),
        "best": game.action_text(decision.best.action),
        "beaten": beaten(decision),
        "actions": [
            {
                "action": game.action_text(value.action),
                "code": game.encode_action(value.action),
                "mean": value.mean,
                "z": value.z if math.isfinite(value.z) else ("inf" if value.z > 0 else "-inf"),
            }
            for value in decision.values
        ],
    }


def _mean_of(decision: Decision, action: Action) -> float:
    return next(value.mean for value in decision.values if value.action == action)
