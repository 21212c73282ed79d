"""The game contract (the forward model), after OpenSpiel's Game/State and TAG's forward model.

A `Game` is registered through the `campfire_games` hook and creates `State`s. A state is the whole truth
of one match at one moment and is changed only by `apply`. Players never see a state: they see
`observation(seat)` through a seat view (see `corekit.players`).

The public methods here are the contract; a game fills in the underscore hooks (`_setup`, `_apply`) and
the abstract methods, and the core owns the checks around them (TAG's "final public, protected steps").
"""

from __future__ import annotations

import abc
import operator
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from typing_extensions import TypeVar

from corekit.digest import digest
from corekit.options import NoOptions, OptionError, build_options
from corekit.provenance import unrecorded
from corekit.rng import Rng
from corekit.words import counted

Action = Hashable
"""An action is a small immutable value whose compact encoding is an int or a short tuple."""

ActionT = TypeVar("ActionT", bound=Hashable, default=Any)
"""A state's action type, for type checkers: `class RaceState(DeclaredState[int])` has `apply(seat, "x")` refused by
mypy; a state that names none takes any action, as before (the default, from typing_extensions: PEP 696)."""

StateT = TypeVar("StateT", bound="State[Any]", default="State[Any]", covariant=True)
"""A game's state class, for type checkers: `class GrizzlyRace(Game["RaceState"])` has `initial_state` give a
`RaceState`, whose `apply` mypy then checks; a game that names none gives a `State`, as before. Covariant (a game only
gives its states): a `Game[RaceState]` is then a `Game`, which every function taking any game (`loads`, `play_match`,
`check_game`) is annotated with."""

if TYPE_CHECKING:
    from typing import Generic as _Parameters
else:

    class _Parameters:
        """`Generic` for type checkers only: at runtime `DeclaredState[int]` is `DeclaredState` itself, so no
        `Generic` joins a game's or state's method resolution order (where a game's own `Generic` base, listed
        first, made it inconsistent)."""

        __slots__ = ()

        def __class_getitem__(cls, parameters: object) -> type:
            return cls


_DEFAULT_OPTIONS: dict[type, Any] = {}


class GameError(ValueError):
    """A problem the user caused (player count, options); the message is one line."""


class IllegalAction(ValueError):
    """An action that is not legal now; the state is unchanged. The message is one line."""


class Game(abc.ABC, _Parameters[StateT]):
    """One game: its metadata as data up front, then how to set up a match.

    Subclasses set the class variables and implement `_setup` and `max_decisions`. The other hooks have
    defaults a game overrides where it needs to: `render` (the observation's repr), `events` (no commentary),
    `action_space`, `card_family`, the names of seats, actions and cards, and `encode_action`/`decode_action`
    when actions are not already ints, strings or short tuples of them.
    """

    id: ClassVar[str]
    """The id used on the command line and in replays, e.g. "grizzly-race"."""
    title: ClassVar[str]
    """The game's name for people, e.g. "GRIZZLY guard race"."""
    version: ClassVar[str] = "1"
    """Bump when a rule change would make old replays re-simulate differently."""
    min_players: ClassVar[int]
    """The fewest seats a match may have."""
    max_players: ClassVar[int]
    """The most seats a match may have."""
    options_type: ClassVar[type] = NoOptions
    """An attrs frozen class whose fields all have defaults (see `corekit.options`)."""
    cooperative: ClassVar[bool] = False
    """True when the seats play as one team against a rules-driven villain (each seat's return may still differ:
    Camp Grizzly pays only the counselors who survive)."""
    villain: ClassVar[str | None] = None
    """The name of that villain in reports ("Otis"), for cooperative games."""
    observation_limit: ClassVar[int] = 100_000
    """The most characters an observation's repr may take (conformance checks it): an observation is built at
    every decision of every search, so one that grows without bound slows every player down, then fails."""
    perfect_information: ClassVar[bool] = False
    """True when nothing is hidden but the future: `sample` then only reseeds chance, and the conformance
    check does not expect it to vary any hidden part."""
    constant_sum: ClassVar[float | None] = None
    """What every finished match's returns add up to, at every player count and options, when that is fixed
    (1.0 for a game whose shared wins split 1 equally); None when they need not (a cooperative game, or one that
    may end with nobody winning). A game whose total depends on its options says so in `constant_sum_for`."""

    endings: ClassVar[tuple[str, ...]] = ()
    """Every way a match can end by the rules, as a finished state's `ending()` names it ("hero freed", "stalled"),
    in the order a tournament report lists them; empty when the game does not say (then `ending()` is None)."""

    def constant_sum_for(self, options: Any) -> float | None:
        """What every finished match's returns add up to under `options` (an instance of `options_type`), or None:
        `constant_sum` unless the game overrides this (the slasher's returns add up to 1 only when the last teens
        to die together share the win). The conformance check holds a game to it, and OpenSpiel's adapter declares
        the game constant-sum by it."""
        return self.constant_sum

    def initial_state(self, players: int, seed: int, options: Any = None, *, record: bool = True) -> StateT:
        """A new match for `players` seats, its chance drawn from `seed`; options default when None.

        `options` may be an instance of `options_type` or a mapping of `key: value` (text or typed). With
        `record=False` a declared state keeps no record of where face-down cards came from: faster, for a
        simulation in which nobody samples (see `corekit.state`).
        """
        if type(players) is not int or not self.min_players <= players <= self.max_players:  # True is no count
            raise self.wrong_player_count(players)
        seed = _whole_seed(self.id, seed)
        made = self.make_options(options)
        if record:
            state = self._setup(players, seed, made)
        else:
            with unrecorded():
                state = self._setup(players, seed, made)
        # Every State method leans on these three; left unset, the first symptom is far from the cause.
        try:
            state.game, state.players, state.rng  # noqa: B018 (the test; a match's setup makes one per game)
        except AttributeError:
            missing = [name for name in ("game", "players", "rng") if not hasattr(state, name)]
            if missing:
                raise TypeError(
                    f"{self.id}: _setup must set state.game, state.players and state.rng (missing: "
                    f"{', '.join(missing)})"
                ) from None
            raise
        return state

    def make_options(self, options: Any = None, *, typed: bool = False) -> Any:
        """`options` as an instance of this game's options class (None gives the defaults). A mapping's values
        may be text, as typed after `-o`; with `typed` (a replay header's) each must already be of its type."""
        if options is None:  # the defaults, made once per options class (an options value is immutable)
            made = _DEFAULT_OPTIONS.get(self.options_type)
            if made is None:
                made = _DEFAULT_OPTIONS[self.options_type] = self.options_type()
            return made
        if isinstance(options, self.options_type):
            return options
        if isinstance(options, Mapping):
            return build_options(self.options_type, options, self.id, typed=typed)
        raise OptionError(f"{self.id}: options must be a mapping or {self.options_type.__name__}")

    def player_range(self) -> str:
        """ "2-4" or "3", for messages and tables."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def wrong_player_count(self, count: Any) -> GameError:
        """The error for a player count outside the game's range: "slasher needs 2-6 players, got 9"."""
        seats = self.player_range()
        return GameError(f"{self.id} needs {seats} player{'' if seats == '1' else 's'}, got {count!r}")

    @abc.abstractmethod
    def _setup(self, players: int, seed: int, options: Any) -> StateT:
        """Build the initial state; the count and options are already checked."""

    @abc.abstractmethod
    def max_decisions(self, players: int, options: Any) -> int:
        """An upper bound on the number of `apply` calls in any match (checked by conformance)."""

    def encode_action(self, action: Action) -> Any:
        """The compact, stable encoding of an action for replays: an int or a short tuple."""
        return action

    def decode_action(self, code: Any) -> Action:
        """The action from its encoding; msgpack gives lists where tuples were written."""
        return _tuples(code)

    def action_text(self, action: Action) -> str:
        """The action as a person reads it; the human player accepts this text as input."""
        return str(action)

    def action_steps(self, action: Action) -> tuple[str, ...]:
        """The action as the steps a person picks it by when a seat has too many actions for one menu: the human
        player asks a menu longer than 26 one step at a time (a card, then where, then what for), grouping the
        actions whose steps begin alike. The steps joined by spaces read as the action; two legal actions of a seat
        never have the same steps (conformance checks both are text and distinct). One step, the action's text, by
        default: one flat menu however long."""
        return (self.action_text(action),)

    def __repr__(self) -> str:
        # A state's repr holds its game: its id and version say which, where an address said nothing.
        return f"{type(self).__name__}(id={getattr(self, 'id', None)!r}, version={getattr(self, 'version', None)!r})"

    def seat_name(self, seat: int) -> str:
        """How a seat is called when the match's options are not at hand ("seat 0")."""
        return f"seat {seat}"

    def seat_names(self, players: int, options: Any) -> list[str]:
        """How each seat of a match is called in logs (a game may name them, e.g. by counselor)."""
        return [self.seat_name(seat) for seat in range(players)]

    def events(self, before: Any, after: Any) -> list[str]:
        """What happened between two observations of the same viewer, as lines of a running
        commentary (draws, dice, deaths); `campfire play` prints them under each action. No lines by default.
        A game that keeps a rolling log of public events can answer with `logged_since`."""
        return []

    def render(self, observation: Any, seat: int | None) -> str:
        """An observation drawn for a terminal; `seat` is None for the full view."""
        return repr(observation)

    def action_space(self, players: int, options: Any) -> Sequence[Action] | None:
        """Every action any seat could take in a match of this shape, once each, in a fixed order; None when the
        game does not list them. OpenSpiel and PettingZoo (`corekit.interop`) number actions by this list;
        conformance checks that every legal action is in it."""
        return None

    def card_family(self, card: Any) -> Hashable:
        """Which deck a card belongs to, as everyone sees it from its back (a Cabin card, a Survival card):
        a sample never deals a card where another family's card lay. One family by default. A sample redeals
        the cards of one family hidden at setup (or in a position read) among every hidden place, so cards
        that can never change places (each seat's own deck) need a family each (docs/writing-a-game.md,
        section 6). A family is a deck's: the families one draw pile holds together are redealt among its places
        as one deal (their backs' order in it is not kept), as a position read deals them; a deck whose backs
        show as they are drawn is a draw pile per back."""
        return None

    def card_name(self, card: Any) -> Any:
        """A card as a position file writes it: a name, or the card itself when it is an int or a str."""
        return card

    def card_named(self, name: Any) -> Any:
        """The card a position file names (the inverse of `card_name`); raise KeyError for an unknown one."""
        return name


class State(abc.ABC, _Parameters[ActionT]):
    """The whole truth of one match at one moment.

    Every state has `game` (its Game), `players` (number of seats) and `rng` (its chance generator; all
    shuffles and dice in `apply` are drawn from it).
    """

    __slots__ = ()

    game: Game
    players: int
    rng: Rng

    @property
    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now; several means a simultaneous decision; empty at the end."""

    @property
    def is_terminal(self) -> bool:
        """True once the match is over."""
        return not self.to_act

    def ending(self) -> str | None:
        """How the finished match ended by the rules, one of the game's `endings` (a race stopped by its stall rule
        and one ended by a freed hero may pay the same returns; a designer counts them apart); None while it runs
        and in a game that declares no endings. Asked once, at the end of every match."""
        return None

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> Sequence[ActionT]:
        """The actions `seat` may take now; never empty for a seat in `to_act`, empty otherwise."""

    def apply(self, seat: int, action: ActionT) -> None:
        """Validate, then advance. An illegal action raises IllegalAction and changes nothing."""
        if not self._offers(seat, action):
            self._refuse(seat, action)
        self._apply(seat, action)

    def _offers(self, seat: int, action: ActionT) -> bool:
        """Whether `seat` may take `action` now: it is in `to_act` and `action` is one of its legal actions, of
        the same types all the way down (True == 1 and 3.0 == 3, but a bool or a float would then be stored in
        piles and replays). A game may answer faster without building the list; conformance checks that it
        agrees with `legal_actions`."""
        if seat not in self.to_act:
            return False
        legal = self.legal_actions(seat)
        try:
            allowed = legal[legal.index(action)]
        except ValueError:
            return False
        if allowed is action:  # a player answering with one of the offered objects, as most do
            return True
        if type(allowed) is type(action) and (type(action) is not tuple or _same_types(action, allowed)):
            return True
        return offered(action, legal)

    def _refuse(self, seat: int, action: Action) -> None:
        """Raise the IllegalAction saying why `seat` may not take `action` now (one line)."""
        name = self.game.seat_name(seat)
        if seat not in self.to_act:
            raise IllegalAction(
                f"{name} may not act now (to act: "
                f"{', '.join(self.game.seat_name(s) for s in self.to_act) or 'nobody, the game is over'})"
            )
        legal = self.legal_actions(seat)
        equal = [allowed for allowed in legal if allowed == action]
        if not equal:
            text = action_shown(self.game, action)
            # A list where the legal actions are tuples reads as the legal one it is not: say how it differs.
            # Or a tuple whose parts differ in type only (("play", "3") for ("play", 3)): it reads as the legal one.
            # Only where the types differ: a game whose texts are not unique reads two actions alike.
            kind = _type_names(action)
            alike = [
                allowed
                for allowed in legal
                if (type(allowed) is not type(action) and _as_list(allowed) == _as_list(action))
                or (action_shown(self.game, allowed) == text and _type_names(allowed) != kind)
            ]
            if alike:
                reads = action_shown(self.game, alike[0])
                raise IllegalAction(
                    f"{action!r} is not a legal action for {name}: it reads as {reads!r}, which "
                    f"is legal, but is {kind}, not {_type_names(alike[0])}"
                )
            raise IllegalAction(f"{text} is not a legal action for {name}")
        if offered(action, legal):
            raise RuntimeError(f"{self.game.id}: _offers refused {action!r}, which legal_actions offers {name}")
        raise IllegalAction(
            f"{action!r} is not a legal action for {name}: it equals one, but is {_type_names(action)}, not "
            f"{_type_names(equal[0])}"
        )

    def apply_unchecked(self, seat: int, action: ActionT) -> None:
        """Advance without validation, for searchers that took `action` from `legal_actions(seat)`."""
        self._apply(seat, action)

    @abc.abstractmethod
    def _apply(self, seat: int, action: ActionT) -> None:
        """Advance by a legal action; chance is drawn from `self.rng`."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """One number per seat: 1 win, 0 loss; shared outcomes are documented per game."""

    @abc.abstractmethod
    def clone(self) -> State:
        """An independent copy; static content (card definitions, the board) is shared, not copied."""

    @abc.abstractmethod
    def observation(self, seat: int | None) -> Any:
        """What `seat` may know, as an immutable value that compares with ==; None gives the full truth."""

    @abc.abstractmethod
    def sample(self, seat: int, rng: Rng) -> State:
        """A full state consistent with `observation(seat)`, the unseen parts and the chance reseeded.

        It must depend only on `observation(seat)` and `rng`: two states the seat cannot tell apart give
        the same sample for the same `rng` (the conformance leak check tests exactly this).
        """

    def zones(self) -> Mapping[str, Iterable[Hashable]]:
        """Every card in the match by zone name; conformance checks the multiset never changes."""
        return {}

    def digest(self) -> str:
        """A short stable fingerprint of the full truth, chance generator included."""
        return digest((self.observation(None), self.rng.state))

    def infoset_key(self, seat: int) -> Hashable:
        """A compact key of what `seat` knows now, for the nodes of a search tree (its observation here;
        a declared state gives a small int)."""
        key: Hashable = self.observation(seat)
        return key


def logged_since(log: Sequence[str], said: int, since: int) -> list[str]:
    """The events of a rolling log (its latest `len(log)` of `said` logged in all) logged after the first
    `since`: what happened between an observation that had said `since` and this one. When more happened
    than the log keeps, a first line says how many are missing rather than passing them over in silence."""
    new = said - since
    if new <= 0:
        return []
    if new <= len(log):
        return list(log[len(log) - new :])
    return [f"({counted(new - len(log), 'earlier event')} not kept)", *log]


def shared_win(winners: Collection[int], players: int) -> list[float]:
    """Returns that share 1 equally among `winners` (a draw when all of them) and give 0 to the other seats, and
    to every seat when there is no winner. A seat named twice or out of range is a ValueError: the returns would
    not add up to 1."""
    share = 1.0 / len(winners) if winners else 0.0
    returns = [share if seat in winners else 0.0 for seat in range(players)]
    if winners and returns.count(share) != len(winners):
        raise ValueError(f"winners {sorted(winners)} are not distinct seats of {players}")
    return returns


def rolling_log_problem(
    log: Sequence[Any],
    said: int,
    keep: int,
    noun: str = "event",
    fields: tuple[str, str] = ("log", "said"),
    plural: str | None = None,
) -> str | None:
    """Why a rolling log that keeps the latest `keep` of `said` logged in all cannot hold `log`, in one line naming
    the field (`fields`: the log's and the count's names), or None: a state's `position_problem` asks it (play
    only ever holds `min(said, keep)` entries). `noun` names an entry ("event", "action"; `plural` when not noun+s)."""
    log_field, said_field = fields
    if len(log) > keep:
        return f"fields.{log_field}: {counted(len(log), noun, plural)}, but the log keeps the last {keep}"
    if said < 0 or len(log) != min(said, keep):
        return (
            f"fields.{said_field}: {counted(said, noun, plural)} logged in all, but the log keeps the last {keep} and "
            f"holds {len(log)}"
        )
    return None


def action_shown(game: Game, action: Any, unknown: Callable[[Any], str] = repr, quoted: bool = False) -> str:
    """The game's text for `action`, for a message (in quotes with `quoted`); `unknown(action)`, its repr, where the
    game cannot describe it (an action of the wrong shape, none of the game's, raises in `action_text`, and the
    message must still be written)."""
    try:
        text = game.action_text(action)
    except Exception:
        return unknown(action)
    return repr(text) if quoted else text


def _whole_seed(game_id: str, seed: Any) -> int:
    """`seed` as an int below 2**64: any integral type (a NumPy integer too) but a bool. A float or text would
    fail deep in the generator, as a TypeError, and the generator keeps 64 bits of a seed, so 2**64 + 5 would
    deal seed 5's match under a name of its own: each is one GameError here. A negative seed down to -2**63 (what
    a replay holds) is taken, as it always was (-1 deals 2**64-1's match): replays recorded with one through the
    API must still verify."""
    try:
        if isinstance(seed, bool):
            raise TypeError
        number = operator.index(seed)
    except TypeError:
        raise GameError(f"{game_id}: a seed is a whole number below 2**64, not {seed!r}") from None
    if number >= 2**64:
        raise GameError(f"{game_id}: a seed is a whole number below 2**64, not {number}")
    if number < -(2**63):  # -2**64 + 5 would deal seed 5's match, as 2**64 + 5 would; a replay keeps 64 signed bits
        raise GameError(f"{game_id}: a negative seed is at least -2**63, not {number}")
    return number


def offered(action: Any, legal: Sequence[Action]) -> bool:
    """Whether `action` is one of `legal` with its types too, all the way down: True equals 1 and 3.0 equals 3,
    but neither is the card 3 or the seat 1."""
    return any(allowed == action and _same_types(action, allowed) for allowed in legal)


def _same_types(action: Any, allowed: Any) -> bool:
    """Whether two equal actions are made of the same types all the way down (True is not 1 here)."""
    if type(action) is not type(allowed):
        return False
    if isinstance(action, tuple):  # equal tuples are of equal length
        types = tuple(map(type, action))
        if types != tuple(map(type, allowed)):
            return False
        return tuple not in types or all(map(_same_types, action, allowed))  # nested tuples, rarely
    return True


def _as_list(action: Any) -> Any:
    """A tuple or list action as a list, to compare the two (`(1, 2) != [1, 2]`); anything else as it is."""
    return list(action) if isinstance(action, tuple | list) else action


def held_cards(state: State) -> Counter[Any]:
    """How many of each card the state's zones (`zones()`) hold: what card conservation counts."""
    return Counter(card for cards in state.zones().values() for card in cards)


def _type_names(action: Any) -> str:
    """The type of `action` with its article: "an int", "a tuple of str, int", "a tuple of (str, bool)"."""
    if isinstance(action, tuple):
        return "a tuple of " + ", ".join(_part_types(item) for item in action)
    name = type(action).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _part_types(part: Any) -> str:
    """A part's type as `_type_names` lists it: a tuple's own parts in brackets, all the way down."""
    if isinstance(part, tuple):
        return "(" + ", ".join(_part_types(item) for item in part) + ")"
    return type(part).__name__


def _tuples(code: Any) -> Hashable:
    if isinstance(code, list):
        return tuple(_tuples(item) for item in code)
    hashable: Hashable = code  # an int or a str: what msgpack gives for anything but a list
    return hashable
