"""`DeclaredState`: the base of every declared game state, the contract derived from its declaration."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

import attrs

from corekit.digest import fingerprint
from corekit.game import ActionT, State
from corekit.provenance import Record
from corekit.rng import Rng
from corekit.simultaneous import Commitments
from corekit.state.fields import META, Decl, internal, public, static
from corekit.state.generated import _layout, _plan, _setup_plan, _views, _zone_value_problem
from corekit.state.layout import Layout, Zone
from corekit.state.moves import CardMoves
from corekit.state.sampling import even_weights, fresh_record, resample
from corekit.state.views import View

S = TypeVar("S", bound="DeclaredState")


@typing.dataclass_transform(kw_only_default=True, field_specifiers=(attrs.field, public, static, internal))
class _KeywordFields:
    """For type checkers only: a class under it is made with its fields by keyword (`declare`, attrs underneath),
    so mypy checks a state's constructor (`RaceState(game=..., hands=...)`): a misspelled field or a wrong type."""

    __slots__ = ()  # a state stays slotted: `self.scroe = 1` in a game's rules is an AttributeError, not hidden state


@attrs.define(slots=True, eq=False, kw_only=True, on_setattr=attrs.setters.NO_OP, init=False)
class DeclaredState(State[ActionT], CardMoves, _KeywordFields):
    """A state whose fields are declared (see the module docstring); subclass it under `@declare`."""

    view_type: ClassVar[type[View]] = View
    """The class of `observation(seat)`: a `View` subclass whose properties derive what the game shows."""

    game: Any = attrs.field(metadata={META: Decl("base")})
    """The Game this state is of (shared by every copy)."""
    players: int = attrs.field(metadata={META: Decl("base")})
    """The number of seats."""
    options: Any = attrs.field(metadata={META: Decl("base")})
    """The match's options (an instance of the game's options class; immutable)."""
    rng: Rng = attrs.field(metadata={META: Decl("base")})
    """The chance generator: every shuffle and die in `apply` is drawn from it."""
    record: Record | None = attrs.field(default=None, init=False, metadata={META: Decl("base")})
    """Where face-down cards came from; None when nothing is recorded (a determinization made for search, a
    simulation nobody samples)."""
    _layout: Layout = attrs.field(default=None, init=False, metadata={META: Decl("base")})

    def __init__(self, **fields: Any) -> None:
        """Every field by name (`game`, `players`, `options`, `rng`, then the declared ones); made by `declare`
        for each state class, so this one is never called."""
        raise TypeError(f"{type(self).__name__} is not a declared state class: decorate it with @declare")

    def __attrs_post_init__(self) -> None:
        # Code generated per class and player count: every match starts here, and a random match of two seats
        # is only some fifteen decisions.
        try:
            _setup_plan(type(self), self.players).start(self)
        except TypeError:
            problem = _zone_value_problem(self)  # the field given something that holds no zone, if it was one
            if problem is None:
                raise
            raise TypeError(problem) from None

    # ---- the contract, derived -------------------------------------------------------------------

    def __str__(self) -> str:
        """The position drawn for a person, the full truth (`print(state)`; the game's `render` of it)."""
        return str(self.game.render(self.observation(None), None))

    def clone(self: S) -> S:
        """An independent copy; static content is shared, caches are dropped."""
        cloned: S = _plan(type(self)).clone(self)
        return cloned

    def observation(self, seat: int | None) -> Any:
        """What `seat` may know, as this class's `view_type` (None: the full truth); ValueError for a seat that is
        none of the match's."""
        try:
            return _views(type(self), self.players).observe(self, seat)
        except (KeyError, TypeError):  # the generated code looks the viewer up among the seats first (`_views`)
            if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
                raise ValueError(f"seat {seat!r} is not a seat of this {self.players}-seat match") from None
            raise

    def infoset_key(self, seat: int) -> int:
        """A compact key of what `seat` sees now (the hash of its view), for the nodes of a search tree."""
        return hash(_views(type(self), self.players).project(self, seat))

    def zones(self) -> dict[str, list[Any]]:
        """Every declared zone by name ("hands 0", "discard"), for card conservation."""
        return {info.name: self.zone(info.no) for info in self.layout().zones}

    def digest(self) -> str:
        """A short stable fingerprint of the truth: every declared field, in order, and the generator. Written
        by code generated for the class, the same bytes as `corekit.digest.digest` of the tuple (the truth's
        fields, the generator's state), without building it: a replay digests every 64 steps and at the end."""
        out: list[bytes] = []
        _plan(type(self)).write_truth(self, out)
        return fingerprint(out)

    def sample(self: S, seat: int, rng: Rng) -> S:
        """A full state consistent with everything `seat` has seen: every card it cannot see redealt within
        the lots it came from, others' secret commitments redrawn, the chance generator reseeded."""
        return self._resample(seat, rng, keep_record=True)

    def determinize(self: S, seat: int, rng: Rng) -> S:
        """A sample for one search iteration: like `sample`, but nothing is recorded on it any more (it
        cannot be sampled again), which makes playing it out cheaper."""
        return self._resample(seat, rng, keep_record=False)

    # ---- the layout --------------------------------------------------------------------------------

    @classmethod
    def secret_names(cls) -> tuple[str, ...]:
        """The names of the `secret()` fields."""
        return _plan(cls).secrets

    @classmethod
    def layout_for(cls, players: int) -> Layout:
        """The numbered zones of this class at `players` seats."""
        return _layout(cls, players)

    def layout(self) -> Layout:
        """The numbered zones of this state."""
        return self._layout

    def zone(self, no: int) -> Zone:
        """The zone numbered `no`."""
        info = self._layout.zones[no]
        value = getattr(self, info.field)
        zone: Zone = value if info.seat is None else value[info.seat]
        return zone

    # ---- hooks a game may override -----------------------------------------------------------------

    def fresh_record(self) -> Record:
        """The record of a state whose past is not known (a setup's deal, a loaded position): every card
        nobody can see came, per card family, from one lot, and every face-down zone received what it holds."""
        return fresh_record(self)

    def _resample(self: S, seat: int, rng: Rng, keep_record: bool, even: bool = False) -> S:
        """`sample` or `determinize` (`corekit.state.sampling.resample`)."""
        return resample(self, seat, rng, keep_record, even)

    def position_problem(self) -> str | None:
        """Why this state cannot arise under the game's rules, in one line, or None.

        The position reader (`corekit.position`) refuses a read position with it: a hand-edited file can say
        what the declaration cannot bound. A game lists those bounds here: indices into its content in range
        and not negative, counts not negative, hand limits, phase names, a finished game's flags. Called only
        when a position is read, never in play."""
        return None

    def face_down_weights(self, zone: Zone) -> Mapping[Any, int]:
        """How likely each kind its slot accepts is to be the face-down card in a parked `zone`, by public
        facts (a game's model of why it was played); 1 each by default (each card of the game, for a slot declared
        without `accepts`)."""
        return even_weights(self, zone)

    def forget_legal(self) -> None:
        """Drop any legal actions kept for this position: none here; a state that keeps them
        (`corekit.legal.CachedLegalState`) drops them, for code that changes a position by hand after asking."""

    def commitment_choices(self, name: str, seat: int) -> list[Any]:
        """What `seat` could have committed in the secret field `name`: its legal actions had it not
        committed yet (a sample redraws other seats' commitments among these)."""
        commitments: Commitments = getattr(self, name)
        chosen = commitments.chosen
        waiting = commitments.waiting
        # The seat's commitment left out of a copy: taken out of the dict and put back, it would move to its end,
        # and a game may resolve the commitments in the order they were made (a sample then resolves them in
        # another order than the match).
        commitments.chosen = {other: choice for other, choice in chosen.items() if other != seat}
        commitments.waiting = tuple(sorted((*waiting, seat)))
        # A state that keeps its legal actions (`corekit.legal`) must build them for this changed position, and
        # not keep them once it is put back.
        self.forget_legal()
        try:
            return list(self.legal_actions(seat))
        finally:
            commitments.chosen = chosen
            commitments.waiting = waiting
            self.forget_legal()
