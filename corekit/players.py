"""Players, the seat view they decide through, and player specs (`mcts:iterations=2000,c=0.7`).

A player never receives a state. The runner hands it a `SeatView`: the seat's observation, its legal
actions, and `sample(rng)`, which draws a full state consistent with that observation. The view holds no
reference to the true state, only to one such sample, so nothing reachable from the view holds hidden
cards or the future. A player is trusted code in the engine's process, though, not sandboxed: one written to
cheat can reach the true state through Python itself (docs/architecture.md, "What a player can reach").
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from corekit.options import NoOptions, OptionError, build_options, parse_pairs
from corekit.rng import Rng

if TYPE_CHECKING:
    from corekit.game import Action, Game, State
    from corekit.heuristics import Heuristic

_BASIS_SEED = 0x5EA7


class SeatView:
    """Everything one seat may use to decide: observation, legal actions, and sampling.

    Attributes: `seat`, `players` (the match's seat count), `to_act` (the seats deciding now), `observation` (what
    the seat may know: the game's view), `legal_actions` (a tuple: the player returns one of them), `options` (the
    match's game options) and `game`. `SeatView(state, seat)` makes one; `sampling=False` for a player that never
    calls `sample` (its basis is not drawn), as the runner does for a player whose `needs_sample` is False."""

    __slots__ = ("_basis", "game", "legal_actions", "observation", "options", "players", "seat", "to_act")

    def __init__(self, state: State, seat: int, sampling: bool = True) -> None:
        if not 0 <= seat < state.players:  # an off-by-one seat would see the table as a spectator, every hand hidden
            raise ValueError(f"seat {seat} is not a seat of this {state.players}-seat match")
        self.game: Game = state.game
        self.seat = seat
        self.players: int = state.players
        self.options: Any = getattr(state, "options", None)
        """The match's options, public to every seat (None for a state that does not keep them)."""
        self.to_act: tuple[int, ...] = state.to_act
        self.observation: Any = state.observation(seat)
        # A tuple of its own: the list the game returns may be its cache, and the runner records a decision by its
        # place among these, so a player that sorted or extended it would change the game or the replay.
        self.legal_actions: Sequence[Action] = tuple(state.legal_actions(seat))
        # A determinization, not the truth: sampling from it gives what sampling from the true state
        # would, because `sample` depends only on the observation (a conformance check).
        self._basis: State | None = state.sample(seat, Rng(_BASIS_SEED)) if sampling else None

    def sample(self, rng: Rng) -> State:
        """A full state consistent with this seat's observation, hidden cards and chance redrawn (to play
        on: a declared state's sample keeps no record, so it cannot itself be sampled again)."""
        basis = self._basis
        if basis is None:
            raise RuntimeError("this player declared needs_sample = False")
        determinize = getattr(basis, "determinize", None)
        made: State = determinize(self.seat, rng) if determinize is not None else basis.sample(self.seat, rng)
        know_legal = getattr(made, "know_legal", None)  # a state that caches its legal actions (corekit.legal)
        if know_legal is not None:
            know_legal(self.seat, self.legal_actions)  # a search asks for them first, in every sample
        return made

    def render(self) -> str:
        """The observation drawn for a person."""
        return self.game.render(self.observation, self.seat)


class NothingToDecide(ValueError):
    """A player was asked to decide for a seat with nothing to decide: the match is over, or other seats act."""


def deciding(view: SeatView) -> Sequence[Action]:
    """`view`'s legal actions, which its player chooses among; NothingToDecide (one line) when its seat has no decision
    (a script asking a player about a finished match or a seat whose turn it is not: the runner never does)."""
    legal = view.legal_actions
    if legal and view.seat in view.to_act:
        return legal
    if not view.to_act:
        raise NothingToDecide(f"seat {view.seat} has nothing to decide: the match is over")
    if view.seat in view.to_act:  # the contract says never: the game's own bug, said as such
        raise NothingToDecide(f"seat {view.seat} is to act but has no legal action (the game breaks its contract)")
    acting = f"{'seat' if len(view.to_act) == 1 else 'seats'} {', '.join(str(seat) for seat in view.to_act)}"
    raise NothingToDecide(f"seat {view.seat} has nothing to decide here: {acting} to act")


class Player(abc.ABC):
    """Decides for one or more seats. One object may hold several seats of a match."""

    needs_sample: bool = True
    """False for players that never call `view.sample` (saves a sample per decision; a match in which no player
    samples keeps no record of where face-down cards came from)."""

    @abc.abstractmethod
    def decide(self, view: SeatView) -> Action:
        """Return one of `view.legal_actions`."""

    def annotation(self) -> dict[str, Any] | None:
        """Statistics of the last decision for replays (search players), or None."""
        return None

    def seated(self, view: SeatView) -> None:
        """Called once for each seat this player holds, before the match's first decision, with that seat's view
        of the table as dealt (what a person sees on sitting down: the human seat tells its first turn what
        happened since). By default nothing, and the runner then builds no view for it."""
        return None  # not abstract: a player that follows the match from its decisions alone needs nothing here

    def finished(self, view: SeatView) -> None:
        """Called once for each seat this player holds when the match is over (played out or forfeited), with that
        seat's view of the end (what the rules show then; a forfeit leaves the state where it stopped, seats to act and
        all), before the result is told: a person whose seat was out of the match sees what happened since its last
        move. By default nothing; what it raises is left out, and one that runs past a decision's cut-off is cut off
        (the result stands)."""
        return None


@attrs.frozen
class PlayerType:
    """A kind of player, registered through `campfire_players`.

    `make(options, seed, game, heuristic)` builds a player; `options` is an instance of `options_type`
    built from the spec's parameters, `seed` is derived from the match seed and the seat, and `heuristic`
    is the game's `Heuristic` from the same registry (None when the game has none).
    """

    name: str
    make: Callable[[Any, int, Game, Heuristic | None], Player]
    options_type: type = NoOptions
    help: str = ""
    interactive: bool = False
    """Needs a person at a terminal (it reads stdin); tournaments refuse it, since nobody answers there, and
    `campfire play` then leaves the other seats' moves out of its log (that person sees only their own)."""
    probe: str = ""
    """A spec of this type the leak check may play (`corekit.conformance.check_leaks`): a searching player
    that decides from samples of its view, so a decision that differs between two states the seat cannot
    tell apart shows that the view leaks. Empty: this type is no probe."""
    alternatives: tuple[frozenset[str], ...] = ()
    """Groups of options that stand in for one another, such as budgets (`iterations`, `seconds`, `steps`): a
    spec that sets one option of a group drops the game's defaults for the others, so `mcts:seconds=1` searches
    by time in a game whose default budget is in steps; one set to 0 (a budget turned off) drops nothing; a spec
    setting two of one group is refused."""
    follows: Mapping[str, frozenset[str]] = attrs.field(factory=dict, hash=False)
    """Options whose game default goes with a kind of budget, and the options that drop it when a spec sets one:
    `{"root": {"seconds", "steps"}}` makes `mcts:seconds=1` drop a game's `root=halving`, which splits an
    iteration budget only (what the spec says wins over what the game assumed)."""


@attrs.frozen
class PlayerSpec:
    """A parsed player spec: a type name and its options as text."""

    name: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        """`"mcts:iterations=2000,c=0.7"` to PlayerSpec("mcts", (("iterations", "2000"), ("c", "0.7")))."""
        name, colon, rest = text.strip().partition(":")
        if not name:
            raise OptionError(f"empty player spec {text!r}")
        if colon and not rest.strip():  # `random:` reads as if an option went missing, e.g. from an unset variable
            raise OptionError(f"player spec {text!r} has a ':' but no options after it; write {name!r} alone")
        params = parse_pairs([rest], f"player {name!r}") if rest else {}
        return cls(name, tuple(params.items()))

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params)


def spec_tuple(specs: Iterable[str]) -> tuple[str, ...]:
    """Player specs, one a seat, as a tuple; TypeError for one text, whose letters would each be taken for a player
    (`"random,random"` read as 13 seats)."""
    if isinstance(specs, str):
        raise TypeError(
            f"the player specs are a list of them, one a seat (['random', 'heuristic']), not the text {specs!r:.60}: "
            "corekit.players.split_specs splits one"
        )
    return tuple(specs)


def split_specs(text: str) -> list[str]:
    """Split `--players` text into specs: commas separate players, except inside one spec's parameters.

    `mcts:iterations=50,c=0.7,random` is two players: an item with `=` after a spec with `:` belongs to it.
    """
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise OptionError(f"empty player spec in {text!r}")
        if "=" in item and ":" not in item:  # an option: of the spec before it, which must have its own ':'
            if not (specs and ":" in specs[-1]):
                owner = specs[-1] if specs else "PLAYER"
                raise OptionError(
                    f"{item!r} in {text!r} is an option with no player: options follow the player "
                    f"and a colon, e.g. {owner}:{item}"
                )
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def game_defaults(player_name: str, heuristic: Heuristic | None) -> dict[str, str]:
    """The options a game sets for a player type (`Heuristic.player_defaults`), as parsed pairs."""
    text = heuristic.player_defaults.get(player_name) if heuristic is not None else None
    if not text:
        return {}
    return _by_field_name(parse_pairs([text], f"player {player_name!r} defaults of the game").items())


def kept_defaults(player_type: PlayerType, defaults: Mapping[str, str], own: Mapping[str, str]) -> dict[str, str]:
    """The game's `defaults` that a spec setting `own` keeps: all but those standing in for an option the spec
    sets (`PlayerType.alternatives`)."""
    # A budget given as 0 is one turned off (`mcts:seconds=0`), which stands in for nothing: it must not drop the
    # game's own budget (camp-grizzly's iterations=100 became the generic 1,000 and its root rule went with it).
    setting = {name for name, value in own.items() if not _zero(value)}
    replaced = {name for group in player_type.alternatives if group & setting for name in group}
    replaced.update(name for name, setters in player_type.follows.items() if setters & setting)
    return {name: value for name, value in defaults.items() if name not in replaced}


def _zero(value: str) -> bool:
    """Whether an option's text reads as the number 0 (a budget turned off)."""
    try:
        return float(value) == 0
    except ValueError:
        return False


def _by_field_name(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Option pairs keyed by field name (`tree-depth` and `tree_depth` are one option), so a spec's
    spelling overrides a game default's whichever each used."""
    return {key.replace("-", "_"): value for key, value in pairs}


@attrs.frozen
class SpecOptions:
    """A spec's options as a player is built with them (`spec_options`): what builds it, suggests it, names its time
    budget in a report and pins it in a strength run is one combination."""

    own: dict[str, str]
    """The spec's own options, keyed by field name."""
    defaults: dict[str, str]
    """The game's options for the player type (`Heuristic.player_defaults`), in the game's order."""
    kept: dict[str, str]
    """Those of `defaults` the spec keeps (`kept_defaults`)."""

    @property
    def values(self) -> dict[str, str]:
        """The options the player is built with: the kept defaults, overridden by the spec's own."""
        return {**self.kept, **self.own}

    def spelled_out(self, name: str) -> str:
        """The spec `name:option=value,...` with every option the player is built with, in the order the game
        lists its defaults (`campfire games`), an option it does not list (a budget standing in for its own) last:
        camp-grizzly's `mcts` is `mcts:iterations=100,tree_depth=1,root=halving,trust=2`."""
        ranks = {option: at for at, option in enumerate(self.defaults)}
        options = sorted(self.values.items(), key=lambda pair: ranks.get(pair[0], len(ranks)))
        return name + (":" + ",".join(f"{option}={value}" for option, value in options) if options else "")


def spec_options(player_type: PlayerType, spec: PlayerSpec, heuristic: Heuristic | None) -> SpecOptions:
    """The options of `spec` combined with the game's defaults for its player type; OptionError when the spec
    gives two options of one `PlayerType.alternatives` group (one would be ignored without a word)."""
    own = _by_field_name(spec.params)
    for group in player_type.alternatives:
        given = sorted(name for name in group & own.keys() if not _zero(own[name]))  # 0 is off: ignores nothing
        if len(given) > 1:
            names = ", ".join(sorted(group))
            raise OptionError(f"player {spec.name!r}: give one of {names}, not {' and '.join(given)}")
    defaults = game_defaults(spec.name, heuristic)
    return SpecOptions(own, defaults, kept_defaults(player_type, defaults, own))


def same_player(first: str, second: str, player_type: PlayerType, heuristic: Heuristic | None) -> bool:
    """Whether two specs of `player_type` build the same player for a game whose heuristic is `heuristic`: the same
    options once the game's defaults and the type's own fill in what either leaves out (`mcts:c=0.7,iterations=20`
    is `mcts:iterations=20` where 0.7 is c's default). False when either cannot be built."""
    try:
        built = [
            build_options(player_type.options_type, spec_options(player_type, spec, heuristic).values, "")
            for spec in (PlayerSpec.parse(first), PlayerSpec.parse(second))
        ]
    except (OptionError, ValueError):
        return False
    return bool(built[0] == built[1])


def build_player(
    player_type: PlayerType, spec: PlayerSpec, seed: int, game: Game, heuristic: Heuristic | None = None
) -> Player:
    """A player from its type and spec; bad parameters raise OptionError naming the player.

    The game's defaults for this player type (`Heuristic.player_defaults`) apply first; the spec's own
    parameters override them.
    """
    combined = spec_options(player_type, spec, heuristic)
    try:
        options = build_options(player_type.options_type, combined.values, f"player {spec.name!r}")
    except OptionError as error:
        # A clash with a default the user never typed (mcts:seconds=1 against camp-grizzly's root=halving)
        # must say where that value came from and how to override it.
        inherited = [f"{name}={value}" for name, value in combined.kept.items() if name not in combined.own]
        if not inherited:
            raise
        raise OptionError(
            f"{error} (with the {game.id} defaults for {spec.name}: {', '.join(inherited)}; "
            f"a value in the spec overrides its default)"
        ) from None
    return player_type.make(options, seed, game, heuristic)
