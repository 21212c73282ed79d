"""Every installed Campfire game as an OpenSpiel game (extra `[openspiel]`; docs/interop.md).

Importing this module registers each installed game (built-in or third-party) with pyspiel as
`campfire_<id>`, dashes as underscores (`campfire_grizzly_race`), with the parameters `players` (default the
game's fewest), `seed` or `rng_seed` (see below; 0 to 2**31-1, as pyspiel holds them as C++ ints, -1 for not
given) and each of the game's options whose type is a number, a truth value, text or an enum (by its value).
A game that lists no `Game.action_space` is not registered: OpenSpiel numbers actions, and the list is the
numbering. A game deals once when it is made, so options it cannot play at that player count are refused
there.

- **Actions** are integers: the index of the action in `Game.action_space(players, options)`; a state's
  legal actions are those of the seat to act, ascending.
- **Chance is sampled-stochastic**: there are no chance nodes. Shuffles and dice happen inside `apply`,
  drawn from the wrapped state's own generator. With `seed` (0 when neither is given) every initial state of a
  loaded game is that seed's deal. With `rng_seed`, OpenSpiel's name for a sampled-stochastic game's seed, each
  new initial state is the next deal of a series (the seed's, then `derive_seed(rng_seed, "episode", n)`, as a
  PettingZoo environment's resets), and the series moves on only when a state of its latest deal is played from:
  pyspiel also makes a new initial state to clone a state, to deserialize one and to size a tensor, and those
  are never played from, so the series does not depend on how often it does. Giving both is refused. A loaded
  game keeps its first deal and new states start as clones of it (a deal costs far more than a clone), sharing
  what one of them observed: pyspiel sizes a tensor by encoding a new initial state's, at every
  `observation_tensor` call.
- **Simultaneous decisions are sequential moves with hidden commitments**, not simultaneous nodes: when
  several seats must decide, the lowest of them is the current player, then the next, and a seat's
  observation shows that the others have committed, never to what. Campfire's games already work this way
  (`corekit.simultaneous`), it loses nothing (nobody sees a commitment before all are made), and it is what
  ISMCTS, MCTS and most of OpenSpiel's algorithms accept (they refuse simultaneous games).
- **Observation**: the seat's observation, which in Campfire is all a seat knows now (`sample` depends on it
  alone). The string and the tensor are `corekit.interop.encoding`'s: the observation's leaves as `path=value`,
  and a 0/1 vector of `FEATURES` hashed leaves. Only this observer is offered (public information with the
  seat's own private part): `make_py_observer` refuses other kinds, a public-only one say, by name.
- **Information state** (string only) is perfect recall, as OpenSpiel defines it: the observation followed by
  `history ` and a 128-bit digest of everything the seat saw and did since the deal (its observation after
  each move that changed it, its own actions), so two histories the seat can tell apart never share one, even
  where their observations meet again. A resample carries on the resampled seat's history; the other seats'
  start at the sample, which is all it knows of them. It replays the moves since it was last asked (from the
  deal, or the sample it was drawn in, the first time): cheap along one line of play, a match's length for a
  state met cold, so searches key their nodes by the observation string (`os-ismcts` does, as Campfire's own
  search keys by the view). There is no information-state tensor: asking for one (or its shape) raises
  `pyspiel.SpielError`, as OpenSpiel's own games without one do.
- **`resample_from_infostate(player, sampler)`** returns `sample(player, Rng(seed))`, the seed drawn from
  `sampler()`: a full state the player cannot tell from this one.
- **Returns** are the game's (`returns()`, 1 a win, 0 a loss, shares between): terminal only, utilities
  between 0 and 1, constant-sum (`utility_sum`) for a game whose returns add up to a fixed total under the options
  it is loaded with (`Game.constant_sum_for`), general-sum otherwise. The game length bound is
  `Game.max_decisions`; pyspiel holds it as a C++ int, so `load_game` refuses options whose bound is 2**31 or
  more, and a game built with `capped=True` (as `os-ismcts` and `os-mcts` build theirs) caps it at 2**31-1.
- Clones are the game's `clone()`; `copy.deepcopy` of a state is its clone. A loaded game pickles and
  deep-copies by its name and parameters, and a state dealt from it by the game and its action history; a
  state wrapped around a sample (`resample_from_infostate`) has no history to rebuild it from and is refused.
  A state's `serialize()` is pyspiel's pickle of its attributes (`game.deserialize_state` reads it back), and
  refuses a sampled state the same way. pyspiel's `game.serialize()` (so `serialize_game_and_state`,
  `random_sim_test(..., serialize=True)` and OpenSpiel's games_sim_test) needs the game's `GetRNGState()`, a C++
  virtual that pyspiel's Python game class does not pass on to Python: no Python game can give it.
- **Actions outside** `0..num_distinct_actions-1` are refused (a negative one is not an index from the end), and
  any action on a finished match raises IllegalAction saying the game is over.
"""

from __future__ import annotations

import enum
import functools
import hashlib
from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar

from corekit.interop import missing_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # a script importing this without the extra: say which to install
    raise missing_extra(__name__, "openspiel", missing) from missing

from corekit.game import Game, GameError, IllegalAction, State
from corekit.interop.encoding import FEATURES, observation_features, observation_text
from corekit.options import OptionError, option_fields, type_hints
from corekit.plugins import Registry, default_registry
from corekit.rng import Rng, derive_seed

PREFIX = "campfire_"


# OpenSpiel's own games raise pyspiel.SpielError for a bad parameter or action; Campfire's errors are ValueErrors.
# What the adapter raises is both, so a caller catching either catches it.
class SpielGameError(GameError, pyspiel.SpielError):  # type: ignore[misc]  # pyspiel has no type information
    """A `GameError` (bad player count, impossible options, no chance outcomes) that is a `pyspiel.SpielError`."""


class SpielOptionError(OptionError, pyspiel.SpielError):  # type: ignore[misc]  # as above
    """An `OptionError` (unknown option, unreadable or out-of-range value) that is a `pyspiel.SpielError`."""


class SpielIllegalAction(IllegalAction, pyspiel.SpielError):  # type: ignore[misc]  # as above
    """An `IllegalAction` (not legal now, or the game is over) that is a `pyspiel.SpielError`."""


class SpielValueError(ValueError, pyspiel.SpielError):  # type: ignore[misc]  # as above
    """A `ValueError` (a bad seed, an action number out of range) that is a `pyspiel.SpielError`."""


_AS_SPIEL: dict[type[Exception], type[Exception]] = {
    GameError: SpielGameError,
    OptionError: SpielOptionError,
    IllegalAction: SpielIllegalAction,
    ValueError: SpielValueError,
}


def _spiel_errors(method: Callable[..., Any]) -> Callable[..., Any]:
    """`method`, raising each of Campfire's user errors as its `Spiel` twin (the same message). Only those exact
    classes: a game's own subclass, or any other error, is raised as it is."""

    @functools.wraps(method)
    def raising_spiel_errors(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except ValueError as error:  # GameError, OptionError and IllegalAction are ValueErrors
            twin = _AS_SPIEL.get(type(error))
            if twin is None:
                raise
            raise twin(*error.args) from None

    return raising_spiel_errors


_PARAMETER_TYPES = (bool, int, float, str)
NOT_GIVEN = -1
"""The default of `seed` and `rng_seed`, OpenSpiel's own `rng_seed` default: pyspiel hands a Python game every
parameter, the default for one left out, so only a value no seed takes tells which of the two was given."""


def short_name(game_id: str) -> str:
    """The name a Campfire game is registered under with pyspiel: `campfire_grizzly_race`."""
    return PREFIX + game_id.replace("-", "_")


def register_all(registry: Registry | None = None) -> list[str]:
    """Register every installed game that lists its actions (once per process); their pyspiel names."""
    registry = registry or default_registry()
    return [name for game in registry.games.values() if (name := register(game)) is not None]


_REGISTERED: dict[str, Game] = {}


def register(game: Game) -> str | None:
    """Register one game with pyspiel (again is a no-op); its name, or None when it lists no actions."""
    name = short_name(game.id)
    if name in _REGISTERED:
        return name
    if game.action_space(game.min_players, game.make_options(None)) is None:
        return None
    # pyspiel keeps the factory until the process ends, after the interpreter is gone: a class outlives that
    # (it refers to itself), a function or a bound method is freed then, without the GIL, and aborts the exit.
    kind = game_type(game)
    factory = type(f"CampfireGame_{name}", (CampfireGame,), {"campfire_game": game, "kind": kind})
    pyspiel.register_game(kind, factory)
    _REGISTERED[name] = game
    return name


def game_type(game: Game, options: Any = None) -> pyspiel.GameType:
    """The pyspiel GameType of a Campfire game under `options` (its defaults when None; see the module docstring for
    each choice). Only the utility depends on the options: constant-sum when `Game.constant_sum_for` says so."""
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=game.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM
            if game.constant_sum_for(game.make_options(options)) is None
            else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "seed": NOT_GIVEN,
            "rng_seed": NOT_GIVEN,
            **option_parameters(game),
        },
    )


def option_parameters(game: Game, options: Any = None) -> dict[str, Any]:
    """The game's options that pyspiel can carry (numbers, truth values, text, enums by value: `_enum_parameter`),
    with their values in `options` (the defaults when None)."""
    hints = type_hints(game.options_type)
    made = game.make_options(options)
    parameters: dict[str, Any] = {}
    for field in option_fields(game.options_type):
        kind = hints.get(field.name)
        value = getattr(made, field.name)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            parameters[field.name] = _enum_parameter(kind, value)
        elif kind in _PARAMETER_TYPES:
            parameters[field.name] = kind(value)
    return parameters


def _enum_parameter(kind: type[enum.Enum], member: enum.Enum) -> int | str:
    """An enum option's value as pyspiel carries it: an int when every member's value reads as one (an IntEnum),
    since pyspiel reads `mode=2` in a game string as an int and would refuse it for a text parameter, so that
    `load_game(str(game))` gives the game back; text otherwise."""
    if all(_reads_as_int(other.value) for other in kind):
        return int(str(member.value))
    return str(member.value)


def _reads_as_int(value: Any) -> bool:
    """Whether `value`, written as text, is an int written the one way pyspiel writes it back."""
    text = str(value)
    return not isinstance(value, bool) and text.isascii() and text.lstrip("-").isdigit() and str(int(text)) == text


class CampfireGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One Campfire game at one player count, seed and options, as a pyspiel game: `CampfireGame(params,
    game)`, or through `pyspiel.load_game` for a registered game (whose factory subclass names the game)."""

    campfire_game: ClassVar[Game | None] = None
    kind: ClassVar[pyspiel.GameType | None] = None

    @_spiel_errors
    def __init__(
        self,
        params: Mapping[str, Any] | None = None,
        game: Game | None = None,
        options: Any = None,
        *,
        capped: bool = False,
    ) -> None:
        """`params` as pyspiel gives them; a caller that holds the game's typed options passes them as `options`.
        A game length beyond what OpenSpiel can hold (a C++ int) is refused, since OpenSpiel's algorithms and its
        random_sim_test take it as a true bound; `capped` caps it at 2**31-1 instead, for a caller that never
        reads it (`os-ismcts` and `os-mcts`: ISMCTSBot and MCTSBot do not)."""
        game = game or type(self).campfire_game
        if game is None:
            raise TypeError("CampfireGame needs the Campfire game it adapts")
        params = params or {}
        if options is None:
            options = {name: params[name] for name in option_parameters(game) if name in params}
        self.campfire = game
        self.players = int(params.get("players", game.min_players))
        if not game.min_players <= self.players <= game.max_players:
            raise game.wrong_player_count(self.players)
        self.seed, self.series = _seeding(params)
        """The seed, and whether it is `rng_seed`'s, the first of a series of deals, rather than `seed`'s."""
        self.dealt = 0
        """With `rng_seed`, how many deals of the series a state has been played from: the next new state is
        the next deal. Making a state (as pyspiel does to clone one, to deserialize one, or to size a tensor)
        does not count, so the series does not depend on how often pyspiel does so."""
        self.options = game.make_options(options)
        # Deal once now: the game checks the options against the player count when it deals, and states deal
        # only when first used, so an impossible combination would surface at some later, unrelated call. The
        # deal is kept: new states of it start as its clones.
        self._kept = _Deal(0, self.deal())
        space = game.action_space(self.players, self.options)
        if space is None:
            raise GameError(f"{game.id} lists no action_space: OpenSpiel numbers actions by it")
        self.actions: tuple[Hashable, ...] = tuple(space)
        self.index: dict[Hashable, int] = {action: number for number, action in enumerate(self.actions)}
        longest = game.max_decisions(self.players, self.options)
        if longest >= 2**31:  # pyspiel's GameInfo holds it as a C++ int, and would refuse it unreadably
            if not capped:
                raise GameError(
                    f"{game.id}: a match of these options may last {longest:,} decisions, more than OpenSpiel's "
                    f"game length (a 32-bit int) can say"
                )
            longest = 2**31 - 1
        total = game.constant_sum_for(self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=total,
            max_game_length=longest,
        )
        seeding = {"rng_seed" if self.series else "seed": self.seed}
        full = {"players": self.players, **seeding, **option_parameters(game, self.options)}
        kind = type(self).kind
        if kind is None or (kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM) != (total is not None):
            kind = game_type(game, self.options)  # the registered type is the defaults', and options may change it
        super().__init__(kind, info, full)
        self._made = True

    def __repr__(self) -> str:
        return super().__repr__() if self._is_made() else self._unmade()

    def __str__(self) -> str:
        return super().__str__() if self._is_made() else self._unmade()

    def _is_made(self) -> bool:
        """Whether pyspiel's half of this game was made. An `__init__` that refuses its parameters raises before it
        is, and pyspiel's own repr and str of such an object read a null pointer (a segmentation fault): the
        traceback of that refusal still holds the object, and pytest's and rich's tracebacks show every frame's
        arguments."""
        return bool(self.__dict__.get("_made"))

    def _unmade(self) -> str:
        game = self.__dict__.get("campfire")
        return f"<{type(self).__name__} of {game.id if game is not None else 'no game'}, refused before it was made>"

    def new_initial_state(self) -> CampfireState:
        """A new match: the deal of `seed`, or with `rng_seed` the next deal of its series (dealt on first use:
        pyspiel's clone starts from a new state, then replaces what it holds)."""
        return CampfireState(self)

    def wrap(
        self, state: State, first: int | None = None, past: dict[int, Callable[[], bytes]] | None = None
    ) -> CampfireState:
        """A pyspiel state over a Campfire state of this game's shape (a seat view's sample, say); `first`
        is the seat that decides first when several must (its searcher's own seat); `past` gives, for a seat
        whose history the state continues, the digest of that history so far (see `history_digest`)."""
        wrapped = CampfireState(self)
        wrapped._held = _Held(self, state, first, state.clone(), past)
        return wrapped

    def deal(self, number: int = 0) -> State:
        """The Campfire initial state of this game's shape, dealt anew: deal 0 from the seed, a later deal of an
        `rng_seed` series from a seed derived from it (the series a PettingZoo environment's resets deal)."""
        seed = self.seed if number == 0 else derive_seed(self.seed, "episode", number)
        return self.campfire.initial_state(self.players, seed, self.options)

    def initial(self, number: int) -> State:
        """A Campfire initial state of deal `number`: a clone of the kept deal when it is that one (every new
        state of a deal starts alike, and a clone costs far less than a deal)."""
        kept = self._kept
        if kept.number != number:
            return self.deal(number)
        if kept.state is None:
            kept.state = self.deal(number)
        return kept.state.clone()

    def deal_for(self, number: int | None = None) -> _Deal:
        """The deal a new state starts from: `number`, or by default the next one (always 0 without `rng_seed`).
        The next one is kept, so that every new state of it shares what one of them has observed."""
        upcoming = self.dealt if self.series else 0
        number = upcoming if number is None else number
        if self._kept.number == number:
            return self._kept
        made = _Deal(number)
        if number == upcoming:
            self._kept = made
        return made

    def played_from(self, number: int) -> None:
        """A state of deal `number` was played from: with `rng_seed`, the next new state deals the next deal."""
        if self.series and number == self.dealt:
            self.dealt += 1

    @_spiel_errors
    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> Observer | HistoryObserver:
        """The seat's observation, or with `perfect_recall` its information state (see the module docstring);
        any other kind of observation is refused by name."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is None:
            return Observer()
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not iig_obs_type.public_info or iig_obs_type.private_info != single:
            raise ValueError(
                f"{self.campfire.id} offers a player's own observation only (public information and that player's "
                f"private part), not public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info.name}"
            )
        return HistoryObserver(self.get_type().short_name) if iig_obs_type.perfect_recall else Observer()

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a game through `serialize`, which a sampled-stochastic Python game cannot give:
        # a loaded game is its name and parameters, and how far its series has got (as OpenSpiel's own
        # sampled-stochastic games carry their generator's state), so the copy deals the same next deals.
        return (_loaded, (self.get_type().short_name, self.get_parameters(), self.dealt))


class _Deal:
    """One deal of a game (its number in the series; always 0 without `rng_seed`), dealt when first needed, and
    what a new state of it has observed, which is the same for every new state of it: so pyspiel's tensor
    sizing, which makes a new initial state and encodes its observation at every `observation_tensor` call
    and `observation_tensor_size`, encodes it once."""

    __slots__ = ("cache", "number", "state")

    def __init__(self, number: int, state: State | None = None) -> None:
        self.number = number
        self.state = state  # never played: new states of the deal are its clones
        self.cache: dict[tuple[str, int], Any] = {}


class _Held:
    """What a pyspiel state holds: the Campfire state and the strings and features computed from it, and
    what the information state replays: where the state started (`origin`: None for the game's deal `deal`)
    and the moves since, (seat, action number) each, and for a state wrapped around a sample, each seat's
    history before it (`past`).

    pyspiel clones a Python state by deep-copying each attribute onto a fresh initial state; this one copies
    as the game's own `clone()` and shares the game."""

    __slots__ = ("cache", "deal", "first", "game", "moves", "origin", "past", "state", "trail")

    def __init__(
        self,
        game: CampfireGame,
        state: State | None = None,
        first: int | None = None,
        origin: State | None = None,
        past: dict[int, Callable[[], bytes]] | None = None,
        deal: int = 0,
        cache: dict[tuple[str, int], Any] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.first = first
        self.origin = origin  # never changed: copies share it
        self.past = past or {}
        self.deal = deal
        self.moves: list[tuple[int, int]] = []
        self.cache: dict[tuple[str, int], Any] = {} if cache is None else cache
        self.trail: dict[int, tuple[int, bytes, State, str]] = {}
        """Per player, how far its history digest was last computed: (moves replayed, digest, the state then,
        never changed, the player's observation string then), so asking again after a few more moves replays
        only those."""

    def __getstate__(self) -> object:
        # pyspiel's `serialize` of a Python state pickles the state's attributes, this among them: a sampled
        # state's is refused as pickling the state is (its `past` is a closure over the state it was drawn in).
        if self.origin is not None:
            raise TypeError(_SAMPLED)
        return object.__getstate__(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        state = None if self.state is None else self.state.clone()
        copy = _Held(self.game, state, self.first, self.origin, self.past, self.deal)
        copy.moves = self.moves[:]
        copy.cache = self.cache  # same state, same observations: shared until either moves on
        copy.trail = dict(self.trail)  # its entries hold for the copy's moves too, which begin with these
        return copy

    def history_digest(self, player: int) -> bytes:
        """A digest of everything `player` saw and did: its history before this state's origin, then its
        observation at the origin and after each move since that changed it, with its own actions."""
        # A chain, one link a move, so a sample drawn for `player` carries on from exactly the digest of the
        # state it was drawn in: the two states' information states are equal, as a resample's must be.
        game = self.game
        reached = self.trail.get(player)
        if reached is not None:
            done, digest, at, seen = reached
            state = at.clone()
        else:
            done, state = 0, self.origin.clone() if self.origin is not None else game.initial(self.deal)
            seen = observation_text(state.observation(player))
            past = self.past.get(player)
            digest = past() if past is not None else _link(b"", seen)
        for seat, action in self.moves[done:]:
            state.apply(seat, game.actions[action])
            now = observation_text(state.observation(player))
            # A move of another seat that changes nothing the player sees is one it cannot know of: no link.
            if seat == player or now != seen:
                digest = _link(digest, f"{action if seat == player else ''}\0{now}")
            seen = now
        self.trail[player] = (len(self.moves), digest, state, seen)
        return digest


_SAMPLED = "a state wrapped around a sample cannot be pickled or serialized: it has no history from a deal"


def _link(digest: bytes, step: str) -> bytes:
    """The history's digest after one more step."""
    return hashlib.blake2b(digest + step.encode(), digest_size=16).digest()


class CampfireState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A Campfire state as a pyspiel state (the module docstring says how each part maps)."""

    def __init__(self, game: CampfireGame, deal: int | None = None) -> None:
        """A new state of deal `deal` of the game, by default its next (see `CampfireGame.deal_for`)."""
        super().__init__(game)
        start = game.deal_for(deal)
        self._held = _Held(game, deal=start.number, cache=start.cache)

    @property
    def campfire(self) -> State:
        """The wrapped Campfire state."""
        held = self._held
        if held.state is None:
            held.state = held.game.initial(held.deal)
        return held.state

    def current_player(self) -> int:
        """The lowest seat that must decide (the searcher's own seat first when it is one of them)."""
        to_act = self.campfire.to_act
        if not to_act:
            return int(pyspiel.PlayerId.TERMINAL)
        first = self._held.first
        return first if first in to_act else to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        index = self._held.game.index
        try:
            return sorted(index[action] for action in self.campfire.legal_actions(player))
        except KeyError as missing:
            raise GameError(
                f"{self._held.game.campfire.id}: legal action {missing.args[0]!r} is not in its action_space"
            ) from None

    @_spiel_errors
    def _apply_action(self, action: int) -> None:
        held = self._held
        seat = self.current_player()
        if seat < 0:  # pyspiel's TERMINAL, -4: the game is over
            raise IllegalAction(f"{held.game.campfire.id}: the game is over, so action {action} cannot be applied")
        self.campfire.apply(seat, held.game.actions[self._number(action)])
        if held.origin is None and held.game.series:  # a state of a series' deal, not of a sample
            # The state's own game, not `held.game`: a state `deserialize_state` made holds a copy of the game
            # loaded anew by unpickling (whose `series` is the same), and the series played from is that of the
            # game it was made in.
            self.get_game().played_from(held.deal)
        held.moves.append((seat, action))
        held.first = None
        held.cache = {}

    @_spiel_errors
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Refused in one line: no state is a chance node (`is_chance_node()` is always False; shuffles and dice happen
        inside moves, `SAMPLED_STOCHASTIC`). Without it pyspiel answers "Tried to call pure virtual function"."""
        raise GameError(
            f"{self._held.game.campfire.id}: no state is a chance node (chance is sampled inside moves), so there are "
            "no chance outcomes to list"
        )

    @_spiel_errors
    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.game.campfire.action_text(self._held.game.actions[self._number(action)])

    def _number(self, action: int) -> int:
        """`action`, if it numbers one of the game's actions (a negative one would index from the end)."""
        count = len(self._held.game.actions)
        if not 0 <= action < count:
            raise ValueError(f"action {action} is not an action of {self._held.game.campfire.id} (0-{count - 1})")
        return action

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self.campfire.is_terminal

    def returns(self) -> list[float]:
        """The game's returns at the end, zeros before."""
        state = self.campfire
        return [float(value) for value in state.returns()] if state.is_terminal else [0.0] * state.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> CampfireState:
        """A state `player_id` cannot tell from this one: the game's `sample`, seeded from the sampler."""
        seed = int(probability_sampler() * 2**53)
        # The sample continues `player_id`'s history (the other seats' are unknown to it); the digest is
        # computed only if the sample's information state is asked for, from a snapshot of this state's moves.
        snapshot = _Held(self._held.game, None, None, self._held.origin, self._held.past, self._held.deal)
        snapshot.moves = self._held.moves[:]
        snapshot.trail = dict(self._held.trail)
        past = {player_id: lambda: snapshot.history_digest(player_id)}
        return self._held.game.wrap(self.campfire.sample(player_id, Rng(seed)), first=self._held.first, past=past)

    def history_digest(self, player: int) -> bytes:
        """The digest of `player`'s history that its information state ends with (computed once per state)."""
        digest: bytes = self.observed("history", player, lambda _seen: self._held.history_digest(player))
        return digest

    def __deepcopy__(self, memo: dict[int, Any]) -> CampfireState:
        clone: CampfireState = self.clone()
        return clone

    def __reduce__(self) -> tuple[Any, ...]:
        # A state dealt from the game is the game, its deal and its moves; pyspiel's own pickling needs
        # `serialize`.
        if self._held.origin is not None:
            raise TypeError(_SAMPLED)
        return (_replayed, (self.get_game(), self.history(), self._held.deal))

    def observed(self, kind: str, player: int, make: Callable[[Any], Any]) -> Any:
        """`make(observation of player)`, computed once per state and player (searches ask many times)."""
        cache = self._held.cache
        key = (kind, player)
        if key not in cache:
            seen = ("observation", player)
            if seen not in cache:
                cache[seen] = self.campfire.observation(player)
            cache[key] = make(cache[seen])
        return cache[key]

    def __str__(self) -> str:
        game = self._held.game.campfire
        return game.render(self.campfire.observation(None), None)


def _seeding(params: Mapping[str, Any]) -> tuple[int, bool]:
    """The game's seed, and whether it is `rng_seed`'s (the first of a series) rather than `seed`'s (every new
    initial state's deal; 0 when neither is given). Both given are refused: one game cannot do both."""
    given = {name: int(params.get(name, NOT_GIVEN)) for name in ("seed", "rng_seed")}
    given = {name: value for name, value in given.items() if value != NOT_GIVEN}
    for name, value in given.items():
        if not 0 <= value < 2**31:  # a Campfire seed is never negative; pyspiel holds a seed as a C++ int
            raise ValueError(f"{name} must be a whole number from 0 to 2**31-1, got {value} (-1 means not given)")
    if len(given) == 2:
        raise ValueError(
            f"give seed (every new_initial_state is its deal) or rng_seed (each new_initial_state is the next deal "
            f"of its series), not both: got seed={given['seed']}, rng_seed={given['rng_seed']}"
        )
    if "rng_seed" in given:
        return given["rng_seed"], True
    return given.get("seed", 0), False


def _loaded(name: str, params: Mapping[str, Any], dealt: int = 0) -> CampfireGame:
    """`pyspiel.load_game`, from this module, so that unpickling in a fresh process registers the games first;
    `dealt` deals of its series already played from."""
    game: CampfireGame = pyspiel.load_game(name, dict(params))
    game.dealt = dealt
    return game


def _replayed(game: CampfireGame, history: list[int], deal: int = 0) -> CampfireState:
    """The state of `game` after `history` from its deal `deal` (how a pickled state is rebuilt)."""
    state = CampfireState(game, deal)
    for action in history:
        state.apply_action(action)
    return state


class Observer:
    """pyspiel's Python observer: `tensor` and `dict` filled by `set_from`, the string by `string_from`."""

    def __init__(self) -> None:
        self.tensor = np.zeros(FEATURES, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CampfireState, player: int) -> None:
        """The player's observation as a 0/1 vector of hashed leaves."""
        self.tensor.fill(0.0)
        self.tensor[state.observed("features", player, observation_features)] = 1.0

    def string_from(self, state: CampfireState, player: int) -> str:
        """The player's observation as `path=value` leaves."""
        text: str = state.observed("text", player, observation_text)
        return text


class HistoryObserver:
    """The information state: the observation string, then `history ` and the digest of the player's history.

    There is no tensor, as in OpenSpiel's own observers without one: `tensor` is None and `set_from` fills
    nothing. `dict`, where pyspiel reads a tensor after `set_from`, refuses: so an information-state tensor,
    its shape or its size raises, rather than being an empty list."""

    tensor = None

    def __init__(self, name: str) -> None:
        self.name = name

    def set_from(self, state: CampfireState, player: int) -> None:
        """Nothing to fill: the history is a digest, not features."""

    @property
    def dict(self) -> Mapping[str, Any]:
        """Refused: there is no information-state tensor."""
        raise pyspiel.SpielError(
            f"{self.name} has no information-state tensor (provides_information_state_tensor is False): "
            f"use information_state_string or observation_tensor"
        )

    def string_from(self, state: CampfireState, player: int) -> str:
        """The observation's `path=value` leaves, then the history's digest."""
        text: str = state.observed("text", player, observation_text)
        return f"{text}\nhistory {state.history_digest(player).hex()}"


@_spiel_errors
def load(
    game_id: str, players: int | None = None, seed: int | None = None, *, rng_seed: int | None = None, **options: Any
) -> CampfireGame:
    """`pyspiel.load_game` for a Campfire game by its id, with its parameters as keywords: `seed` (every new
    initial state is its deal; 0 when neither is given) or `rng_seed` (each is the next deal of its series), and the
    game's options, typed or as text."""
    given = {"players": players, "seed": seed, "rng_seed": rng_seed}
    campfire = _REGISTERED.get(short_name(game_id))
    if campfire is not None and options:  # options as text too ("7"), as the PettingZoo adapter takes them
        typed = option_parameters(campfire, options)
        options = {name: typed.get(name, value) for name, value in options.items()}
    params: dict[str, Any] = {**{name: value for name, value in given.items() if value is not None}, **options}
    game: CampfireGame = pyspiel.load_game(short_name(game_id), params)
    return game


register_all()
