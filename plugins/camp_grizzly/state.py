"""The state of a Camp Grizzly match: its declared fields, the contract (to_act, legal actions, returns) and the
counselor turn, phase by phase. Otis is in `otis.py`, the finales in `finale.py`, card effects in `effects.py`.

Every card lies in a declared zone (`corekit.state`): the core copies, hides, samples and saves the state. A card
lying face up on a board space (on the ground, a lock, a First Aid Station, a cameo) is in its zone, and `spot`
says on which space; the face-down "?" cards are the zone `mysteries`, the card at `mystery_spaces[i]` being
`mysteries[i]`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from corekit import Rng
from corekit.legal import CachedLegalState
from corekit.state import Zone, declare, draw_pile, face_down, face_up, public
from corekit.turns import TurnOrder
from plugins.camp_grizzly import actions as act
from plugins.camp_grizzly import finale
from plugins.camp_grizzly.actions import Action
from plugins.camp_grizzly.content import WOODS, Mods, Op, counselor_mods, load, panic_value
from plugins.camp_grizzly.effects import EFFECTS
from plugins.camp_grizzly.game import FREE_ACTIONS, CampGrizzly, CampOptions, CampView, Movement, card_names
from plugins.camp_grizzly.otis import OTIS
from plugins.camp_grizzly.phases import CONSENT, END, IN_FINALE, IN_WOODS, MOVE, OTIS_TURN, OVER, PANIC, STRIKE, Phase

CONTENT = load()
LIVE = Movement.LIVE
"""The live movement reading, for the hot path (a module global is quicker to reach than an enum member)."""
LOG = 24
"""Events kept in the state's log: a person's view spans the other counselors' turns, and at 6 counselors 12 lost
some of them in one span of 17 between a seat's decisions (heuristic play, version 7); 24 lose them in about one of
3,000."""


HANDS = tuple(card.hands for card in CONTENT.cards)
"""The hands each card takes, by card (the legal actions sum a counselor's at nearly every decision)."""
EQUIPPABLE = frozenset(card.id for card in CONTENT.cards if card.equippable)
"""The cards that are equipped (a property of each card, read here from a set: every end phase asks)."""
PLAYABLE_MOVE = frozenset(card.id for card in CONTENT.cards if card.use in ("turn", "move"))
"""The cards that may be played from the backpack in the move phase."""
PLAYABLE_END = frozenset(card.id for card in CONTENT.cards if card.use == "turn")
"""The cards that may be played from the backpack in the end phase."""


class Spots(dict[int, int]):
    """The space of each card lying face up on the board, by card, in the order the cards were laid: a view
    shows the pairs in that order (sorting them at every view of a playout cost more than the rest of the
    board). The core copies it as the dict it is."""

    def view(self) -> tuple[tuple[int, int], ...]:
        """(card, space) pairs, as a view holds them."""
        return tuple(self.items())

    def to_data(self) -> dict[str, str]:
        """As a position file writes it: space names by card name."""
        names = card_names()
        return {names[card]: CONTENT.spaces[space] for card, space in self.items()}

    @classmethod
    def from_data(cls, data: dict[str, str]) -> Spots:
        """From a position file (an unknown card or space raises KeyError or ValueError)."""
        names = card_names()
        return cls({names.index(card): CONTENT.index[space] for card, space in data.items()})


@declare
class CampState(CachedLegalState[Action]):
    """One moment of a Camp Grizzly match."""

    view_type = CampView

    counselors: tuple[int, ...] = public(default=())
    """The counselor card of each seat (an index into the content's counselors)."""
    cabin_deck: Zone = draw_pile()
    cabin_discard: Zone = face_up(ordered=True)
    survival_deck: Zone = draw_pile()
    survival_discard: Zone = face_up(ordered=True)
    mystery_deck: Zone = draw_pile()
    """The "?" deck: objectives, First Aid Stations and surprises."""
    mysteries: Zone = face_down()
    """The face-down "?" cards on the board, in the order of `mystery_spaces`."""
    mystery_spaces: list[int] = public(factory=list)
    micro_used: Zone = face_up(ordered=True)
    """Revealed surprises and the objectives spent on a failed finale."""
    supply: Zone = face_up(ordered=True)
    """Spare keys, locks and horrified markers."""
    boxed: Zone = face_up(ordered=True)
    """Cards left out of the match (the surprises, when the option removes them)."""
    ground: Zone = face_up(ordered=True)
    """Items and objectives lying on a space (keys from the setup, a dead counselor's things)."""
    locks: Zone = face_up(ordered=True)
    aids: Zone = face_up(ordered=True)
    """Revealed First Aid Stations."""
    cameos: Zone = face_up(ordered=True)
    lasting: Zone = face_up(ordered=True)
    """Cabin cards in effect until they expire (a thunderstorm, a full moon)."""
    spot: Spots = public(factory=lambda: Spots())
    """The space of each card in `ground`, `locks`, `aids` and `cameos`."""
    equipped: list[Zone] = face_up(per_seat=True, ordered=True)
    backpack: list[Zone] = face_up(per_seat=True, ordered=True)
    permanents: list[Zone] = face_up(per_seat=True, ordered=True)
    campers: list[Zone] = face_up(per_seat=True, ordered=True)
    objectives: list[Zone] = face_up(per_seat=True, ordered=True)
    horror_marks: Zone = face_up(ordered=True)
    """The horrified markers lying on counselor cards, one per horrified counselor."""
    location: list[int] = public(per_seat=True)
    """Each counselor's space, or WOODS, or FINALE."""
    injuries: list[int] = public(per_seat=True)
    horror: list[int] = public(per_seat=True)
    """Ends of own turns left until a counselor's horror wears off (0: not horrified)."""
    turn: TurnOrder = public()
    """Whose turn it is among the living counselors."""
    round: int = public(default=1)
    night: int = public(default=50)
    """Rounds before the night turns HOPELESS (the option)."""
    phase: Phase = public(default=MOVE)
    pending: list[Phase] = public(factory=list)
    """What carries on once the strike, panic or choice under way is over (the top is the end)."""
    move_left: int = public(default=0)
    stopped: bool = public(default=False)
    """The move is over for this turn: the counselor ran into Otis ("stop and Otis Strikes!"), or, with
    `movement=live`, a strike ended it; no step, trail or movement card may start it again."""
    free_left: int = public(default=0)
    drawn: int = public(default=-1)
    """The weapon, item or clothing of this turn's Cabin draw while it lies in the backpack: equipping it is part of
    the draw ("Items and weapons can be equipped or stowed"), so it costs no free action (-1: none)."""
    ended: bool = public(default=False)
    """The active counselor's turn ends as soon as what is under way resolves (lost, horrified)."""
    refused: list[int] = public(factory=list)
    """Finales refused in this turn (not proposed again until the next)."""
    otis: int = public(default=0)
    """Otis's space, or -1 while he lurks."""
    stalk: int = public(default=1)
    attack: int = public(default=0)
    """Otis's attack die, as an index into the content's dice."""
    damage: int = public(default=1)
    body: int = public(default=0)
    hopeless: bool = public(default=False)
    final: bool = public(default=False)
    """HOPELESS's last fight is under way."""
    strike_space: int = public(default=0)
    strike_queue: list[int] = public(factory=list, seat=True)
    """Counselors still to fight or panic in the strike under way, the one deciding first."""
    strike_later: list[int] = public(factory=list, seat=True)
    """Counselors who let the others go first since the last fight or panic."""
    strike_bonus: int = public(default=0)
    strike_lost: bool = public(default=False)
    """The first of the strike queue has just lost a fight and panics now, choosing whether to play a panic card."""
    panic_seat: int = public(default=0, seat=True)
    panic_left: int = public(default=0)
    later_strikes: list[tuple[int, int]] = public(factory=list)
    """(seat, bonus) of each Tempt Fate a panicking counselor met in a cameo and lost: Otis strikes that
    counselor's space, with the bonus, once the strike under way is over."""
    consent_finale: int = public(default=0)
    consent_queue: list[int] = public(factory=list, seat=True)
    finale: int = public(default=-1)
    """The finale under way (-1: none)."""
    finale_party: list[int] = public(factory=list, seat=True)
    finale_step: int = public(default=0)
    finale_objectives: list[int] = public(factory=list)
    """The objective cards that started the finale under way."""
    failed: list[int] = public(factory=list)
    """The finales that failed (discarded)."""
    waiting_ops: tuple[Op, ...] = public(default=())
    """The rest of a card's effect while its Foolin' Around partner is chosen."""
    partner: int = public(default=-1)
    log: tuple[str, ...] = public(default=())
    said: int = public(default=0)
    """How many events have been logged since the start (the log keeps the last few)."""
    winners: tuple[int, ...] = public(default=(), seat=True)
    over: bool = public(default=False)

    # ---- the contract --------------------------------------------------------------------------

    @property
    def active(self) -> int:
        """The counselor whose turn it is."""
        return self.turn.current

    @property
    def to_act(self) -> tuple[int, ...]:
        """The counselor whose turn or decision it is (one seat at a time); nobody at the end."""
        phase = self.phase
        if phase is MOVE or phase is END:
            return (self.turn.current,)
        if phase is STRIKE:
            return (self.strike_queue[0],)
        if phase is PANIC:
            return (self.panic_seat,)
        if phase is CONSENT:
            return (self.consent_queue[0],)
        if phase is OVER:
            return ()
        return (self.turn.current,)

    def ending(self) -> str | None:
        """One of the game's `endings`: the last fight is the night's when it came after round `night` (CampGrizzly
        says why that is read from the round alone)."""
        if self.phase is not OVER:
            return None
        if not self.final:
            return "finale survived" if self.winners else "every counselor dead"
        fight = "last fight won" if self.winners else "last fight lost"
        return f"night ran out, {fight}" if self.round > self.night else fight

    def _legal_actions(self, seat: int) -> list[Action]:
        """The moves of the phase for the seat to act (built once per position: `apply` checks the chosen action
        against the same list the player was offered)."""
        return PHASES[self.phase](self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        handler = VERBS[action[0]]
        if self.phase is not MOVE or self.options.movement is not LIVE:
            handler(self, seat, *action[1:])
            return
        # The live reading: what a step's cameo or a card changes in the mover's health (or bonuses) changes
        # the movement left at once (a strike ends the move: see `Otis.strike`).
        mover, round_no = self.active, self.round
        before = self.movement(mover)
        handler(self, seat, *action[1:])
        # Only within the same move: an action that ended the turn (a horrifying draw, a death) and began the next
        # counselor's move left that one its own movement, counted as its move began (an outside rules audit).
        if self.phase is MOVE and not self.stopped and self.active == mover and self.round == round_no:
            self.move_left = max(0, self.move_left + self.movement(mover) - before)

    def returns(self) -> list[float]:
        """1 for each counselor who survived a won finale (or the won last fight); 0 for everyone else."""
        return [1.0 if s in self.winners else 0.0 for s in range(self.players)]

    def position_problem(self) -> str | None:
        """Why this state cannot arise under the rules, in one line naming the field, or None: the bounds the
        declaration cannot say (indices into the content, counts, where each kind of card lies, the match's flags).
        See `position_check`."""
        # Imported when first asked: `position_check` imports this module.
        from plugins.camp_grizzly.position_check import position_problem

        return position_problem(self)

    # ---- counselor numbers ---------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The counselor's name."""
        return CONTENT.counselors[self.counselors[seat]].name

    def mods(self, seat: int) -> Mods:
        """The counselor's ability plus permanents, campers and everything equipped."""
        return counselor_mods(
            self.counselors[seat], tuple(self.permanents[seat]), tuple(self.campers[seat]), tuple(self.equipped[seat])
        )

    def health(self, seat: int) -> int:
        """Current health: the top of the track less injuries."""
        return CONTENT.counselors[self.counselors[seat]].health - self.injuries[seat]

    def movement(self, seat: int) -> int:
        """Movement equals current health (with bonuses), never below 1."""
        heavy = len(CONTENT.with_trait["heavy"].intersection(self.equipped[seat]))  # card ids are unique
        return max(1, self.health(seat) + self.mods(seat).move - heavy)

    def panic_value(self, seat: int) -> int:
        """Spaces a panicking counselor may run (injuries do not affect it)."""
        return panic_value(self.counselors[seat], self.mods(seat))

    def hands(self, seat: int) -> int:
        """The hands the counselor's equipped cards take."""
        return sum(map(HANDS.__getitem__, self.equipped[seat]))

    def has_keys(self, seat: int) -> bool:
        """Keys or spare keys open locks (and are not used up)."""
        return not CONTENT.key_cards.isdisjoint(self.objectives[seat])

    def can_fight(self, seat: int) -> bool:
        """Only a counselor with an equipped weapon or item can protect anyone."""
        return any(CONTENT.cards[c].kind in ("weapon", "item") for c in self.equipped[seat])

    # ---- the board -----------------------------------------------------------------------------

    def at(self, zone: Zone, space: int) -> list[int]:
        """The cards of a board zone (ground, locks, aids, cameos) lying on `space`."""
        spot = self.spot
        return [card for card in zone if spot[card] == space]

    def lay(self, card: int, src: Zone, dst: Zone, space: int) -> None:
        """Move a card onto a board zone, lying on `space`."""
        self.move(card, src, dst)
        self.spot[card] = space

    def lift(self, card: int, src: Zone, dst: Zone) -> None:
        """Move a card off a board zone."""
        self.move(card, src, dst)
        del self.spot[card]

    def in_cabin(self, space: int) -> list[int]:
        """The living counselors on the board in the cabin of `space`, in turn order from the active one."""
        cabin_of, location = CONTENT.cabin_of, self.location
        here = [s for s in self.turn.living_from(self.active) if location[s] >= 0]
        return [s for s in here if cabin_of[location[s]] == cabin_of[space]]

    def locked(self) -> set[int]:
        """The spaces with a lock."""
        return set(map(self.spot.__getitem__, self.locks))

    def lock_at(self, space: int) -> int | None:
        """The lock card on `space`, if any (a loop: every step asks)."""
        spot = self.spot
        card: int
        for card in self.locks:
            if spot[card] == space:
                return card
        return None

    # ---- what happens to counselors ------------------------------------------------------------

    def say(self, text: str) -> None:
        """Log a public event."""
        self.log = (*self.log[-(LOG - 1) :], text)
        self.said += 1

    def heal(self, seat: int, n: int) -> None:
        """Remove up to `n` injuries from a living counselor."""
        if self.turn.alive[seat]:
            self.injuries[seat] = max(0, self.injuries[seat] - n)

    def hurt(self, seat: int, n: int) -> None:
        """Injuries; armor ignores some but never brings a wound below 1. The skull means death."""
        if n <= 0 or not self.turn.alive[seat]:
            return
        n = max(1, n - self.mods(seat).armor)
        self.injuries[seat] += n
        if self.injuries[seat] >= CONTENT.counselors[self.counselors[seat]].health:
            self.kill(seat)

    def kill(self, seat: int) -> None:
        """Death: +1 body count and +1 per camper; items stay on the body; Survival cards are discarded."""
        cards = CONTENT.cards
        self.turn.eliminate(seat)
        where = self.location[seat] if self.location[seat] >= 0 else CONTENT.campfire
        self.location[seat] = where
        for zone in (self.equipped[seat], self.backpack[seat], self.objectives[seat]):
            for card in list(zone):
                if cards[card].deck == "survival":
                    self.move(card, zone, self.survival_discard)
                else:
                    self.lay(card, zone, self.ground, where)
        self.move_all(self.permanents[seat], self.survival_discard)
        campers = len(self.move_all(self.campers[seat], self.cabin_discard))
        if self.horror[seat]:
            self._unmark()
        self.horror[seat] = 0
        if seat in self.strike_queue:
            self.strike_queue.remove(seat)
        self.say(f"{self.name(seat)} is dead" + (f", and {campers} camper{'s' * (campers > 1)}" if campers else ""))
        self.raise_body(1 + campers)
        if not any(self.turn.alive):
            self.over = True
            self.winners = ()
            self.say("Every counselor is dead: Otis wins")

    def raise_body(self, n: int) -> None:
        """The body count rises; reaching a mark raises a stat of Otis; 13 is HOPELESS."""
        for _ in range(n):
            self.body += 1
            for rise in CONTENT.rises:
                if rise.count == self.body:
                    OTIS.change(self, rise.stat, 1)
        if self.body >= CONTENT.hopeless and not self.final:
            self.hopeless = True

    def horrify(self, seat: int) -> None:
        """Horrified: the turn ends at once; -1 to rolls until the end of the counselor's next turn."""
        # In Otis's turn the last counselor to play is still `active`, and a strike of his (STRIKE, PANIC) waits on
        # top of OTIS_TURN in `pending`: a horror caught there is not in the counselor's own turn.
        own = seat == self.active and self.phase is not OTIS_TURN and OTIS_TURN not in self.pending
        marker = next((c for c in self.supply if CONTENT.cards[c].kind == "horrified"), None)
        if not self.horror[seat] and marker is not None:  # on the counselor card (the box has one per counselor)
            self.move(marker, self.supply, self.horror_marks)
        self.horror[seat] = 2 if own else max(self.horror[seat], 1)
        if own:
            self.ended = True
        self.say(f"{self.name(seat)} is horrified")

    def _unmark(self) -> None:
        """A horrified marker goes back to the supply (a position set up by hand may have none out)."""
        if self.horror_marks:
            self.move(self.horror_marks[-1], self.horror_marks, self.supply)

    def draw_survival(self, seat: int) -> None:
        """A Survival card: permanent ones are played face up at once, single-use ones are kept."""
        card = self.draw_or_reshuffle(self.survival_deck, self.survival_discard, self.backpack[seat])
        if card is None:
            return
        info = CONTENT.cards[card]
        if info.kind == "permanent":
            self.move(card, self.backpack[seat], self.permanents[seat])
        self.say(f"{self.name(seat)} draws the Survival card {info.name}")

    # ---- carrying on ---------------------------------------------------------------------------

    def ended_or_hopeless(self) -> bool:
        """True when the game is over or HOPELESS must start the last fight now (and it is started)."""
        if self.over:
            self.phase = OVER
            return True
        if self.hopeless and not self.final:
            OTIS.last_fight(self)
            return True
        return False

    def resume(self, step: Phase) -> None:
        """Carry on with `step` (the game may have ended, or turned HOPELESS, meanwhile)."""
        if self.ended_or_hopeless():
            return
        if step is OTIS_TURN:
            OTIS.after_turn(self)
            return
        if step is IN_FINALE:
            finale.run(self)
            return
        seat = self.turn.current  # not the property `active`: every step resumes
        if step is IN_WOODS and self.location[seat] == WOODS:  # a dead counselor lies on the board
            self._leave_woods(seat)
            return
        if self.ended or self.location[seat] < 0 or not self.turn.alive[seat]:
            self.end_turn()
            return
        self.phase = MOVE if step is MOVE else END

    def carry_on(self) -> None:
        """Resume the step on top of the pending stack (a strike or a choice is over)."""
        self.resume(self.pending.pop())

    def begin_turn(self, seat: int) -> None:
        """Start a counselor's turn: the woods roll if lost, else the move phase."""
        self.turn.current = seat
        self.ended = False
        self.refused = []
        self.free_left = FREE_ACTIONS
        self.drawn = -1
        if self.location[seat] == WOODS:
            self.phase = IN_WOODS
            natural = self.rng.die(6)
            roll = max(1, natural - (1 if self.horror[seat] else 0))  # the table's worst row is 1
            row = CONTENT.woods[roll - 1]
            rolled = f"{natural} - 1 horrified = {roll}" if self.horror[seat] else str(roll)
            self.say(f"{self.name(seat)} rolls {rolled} in the woods: {row.text}")
            EFFECTS.run(self, seat, row.effect, IN_WOODS)
            return
        self.phase = MOVE
        self.move_left = self.movement(seat)
        self.stopped = False

    def end_turn(self) -> None:
        """End of turn: the First Aid Station and healing abilities, horror wears off, play passes on."""
        seat = self.active
        if self.turn.alive[seat]:
            if self.location[seat] >= 0 and self.at(self.aids, self.location[seat]):
                self.heal(seat, 2)
            self.heal(seat, self.mods(seat).heal)  # a healing ability (0 heals nothing), in the woods too

        if self.horror[seat]:
            self.horror[seat] -= 1
            if not self.horror[seat]:
                self._unmark()
        self.partner = -1
        following = self.turn.next_after(seat) if any(self.turn.alive) else seat
        if following > seat:
            self.begin_turn(following)
            return
        OTIS.turn(self)

    def _leave_woods(self, seat: int) -> None:
        roll = self.rng.die(6)
        there = CONTENT.camp_trails[roll - 1]
        self.location[seat] = there
        self.say(f"{self.name(seat)} finds camp trail {roll} to {CONTENT.spaces[there]}")
        # Back from the woods is no step into a space: it crosses no one's path, Otis's included (Assumption 22); he
        # strikes a counselor left in his space on his own turn (Assumption 35).
        self.resume(END)

    # ---- the move phase ------------------------------------------------------------------------

    # The legal actions of a turn are listed by loops rather than comprehensions: every decision of a playout lists
    # them, and a comprehension is a function call of its own on Python 3.11.

    def _move_actions(self, seat: int) -> list[Action]:
        here = self.location[seat]
        actions: list[Action] = []
        if self.move_left > 0 and not self.stopped:
            locked = self.locked() if self.locks and not self.has_keys(seat) else ()
            breach = bool(locked) and not CONTENT.with_trait["breach"].isdisjoint(self.equipped[seat])
            for there in CONTENT.adjacent[here]:
                if there not in locked:
                    actions.append(act.STEP[there])
                elif breach:
                    actions.append(act.FORCE[there])
            if CONTENT.lasting_cards["storm"].isdisjoint(self.lasting):
                for number in CONTENT.trails_at[here]:
                    if self._may_cross(seat, number):
                        actions.append(act.TRAIL[number - 1])
        actions += self._free_actions(seat, MOVE)
        if here in CONTENT.arrows:
            for f in range(len(CONTENT.finales)):
                if f not in self.refused and finale.holders(self, f) is not None:
                    actions.append(act.FINALE[f])
        if here in self.mystery_spaces:
            actions.append(act.REVEAL)
        actions.append(act.DRAW)
        return actions

    def _free_actions(self, seat: int, phase: Phase) -> list[Action]:
        if self.free_left <= 0:
            return []
        location = self.location
        here = location[seat]
        spot = self.spot
        actions: list[Action] = []
        for card in self.ground:
            if spot[card] == here:
                actions.append(act.TAKE[card])
                # A weapon or item picked up may be equipped at once (RULES.md, Assumption 5).
                if card in EQUIPPABLE and self.hands(seat) + HANDS[card] <= 2:
                    actions.append(act.EQUIP[card])
        # A movement card is for the move phase, and useless once the move has stopped.
        playable = PLAYABLE_MOVE if phase is MOVE and not self.stopped else PLAYABLE_END
        for card in self.backpack[seat]:
            if card in playable:
                actions.append(act.PLAY[card])
        if location.count(here) > 1:  # someone else is here, alive or dead: perhaps a mate to give cards to
            alive = self.turn.alive
            mates = [s for s in range(self.players) if s != seat and alive[s] and location[s] == here]
            if mates:  # a trade goes either way, but a mate's objectives only by its own gift (RULES.md, Assumption 2)
                actions += [act.GIVE[card][mate] for card in self._tradeable(seat) for mate in mates]
                actions += [act.RECEIVE[card][mate] for mate in mates for card in self._tradeable(mate, False)]
        return actions

    def _tradeable(self, seat: int, objectives: bool = True) -> list[int]:
        """The cards `seat` may trade: its Cabin cards (equipped or in the backpack), campers and, with `objectives`,
        its objectives."""
        cards = CONTENT.cards
        mine = [c for c in [*self.equipped[seat], *self.backpack[seat]] if cards[c].deck == "cabin"]
        return [*mine, *self.campers[seat], *self.objectives[seat]] if objectives else [*mine, *self.campers[seat]]

    def _enter(self, seat: int, there: int, forced: bool = False) -> None:
        """One step: open a lock with keys (or force it), then cross paths with Otis or a cameo."""
        self.move_left -= 1
        self._open_lock(seat, there, forced)
        self.location[seat] = there
        if self.otis == there:
            self.move_left, self.stopped = 0, True  # "stop and Otis Strikes!"
            self.say(f"{self.name(seat)} runs into Otis at {CONTENT.spaces[there]}!")
            OTIS.strike(self, there, MOVE)
            return
        if forced:
            EFFECTS.tempt(self, seat, 1, MOVE)
            return
        self._meet_cameos(seat, MOVE)

    def _open_lock(self, seat: int, there: int, forced: bool) -> None:
        lock = self.lock_at(there)
        if lock is not None:
            self.lift(lock, self.locks, self.supply)
            self.say(f"{self.name(seat)} {'forces' if forced else 'unlocks'} the lock of {CONTENT.spaces[there]}")

    def _may_cross(self, seat: int, number: int) -> bool:
        """A nature trail may lead into a locked space only for a counselor with keys, like a step."""
        if not self.locks:
            return True
        return self.lock_at(self._far_end(seat, number)) is None or self.has_keys(seat)

    def _far_end(self, seat: int, number: int) -> int:
        """The end of nature trail `number` away from the counselor."""
        a, b = CONTENT.trails[number - 1]
        return b if self.location[seat] == a else a

    def _meet_cameos(self, seat: int, then: Phase) -> None:
        """Crossing paths with cameos: resolve each one's text, then it leaves (its card is discarded)."""
        met = self.at(self.cameos, self.location[seat]) if self.cameos else []  # every step asks
        if not met:
            self.resume(then)
            return
        cards = CONTENT.cards
        # A Tempt Fate can end in a strike that carries the counselor off, so it is resolved last.
        met.sort(key=lambda card: any(op.verb == "tempt" for op in cards[card].effect))
        ops: tuple[Op, ...] = ()
        for card in met:
            self.lift(card, self.cameos, self.cabin_discard)
            self.say(f"{self.name(seat)} meets {cards[card].name}")
            ops += cards[card].effect
        EFFECTS.run(self, seat, ops, then)

    def _trail(self, seat: int, number: int) -> None:
        """Nature trail: 1 movement and a d6; a 6 crosses, a 1 is lost in the woods, 2-5 stay."""
        self.move_left -= 1
        natural = self.rng.die(6)
        roll = natural + self.mods(seat).trail - (1 if self.horror[seat] else 0)  # the total decides (Assumption 40)
        rolled = f"{self.name(seat)} rolls {natural}" + (
            "" if roll == natural else f" {'+' if roll > natural else '-'} {abs(roll - natural)} = {roll}"
        )
        if roll >= 6:
            there = self._far_end(seat, number)
            self.say(f"{rolled} on nature trail {number} and crosses")
            self._open_lock(seat, there, forced=False)
            self.location[seat] = there
            if self.otis == there:
                self.move_left, self.stopped = 0, True
                OTIS.strike(self, there, MOVE)
            else:
                self._meet_cameos(seat, MOVE)
        elif roll <= 1:
            self.say(f"{rolled} on nature trail {number}: lost in the woods!")
            self.location[seat] = WOODS
            self.ended = True
            self.resume(MOVE)
        else:
            self.say(f"{rolled} on nature trail {number} and stays")

    def _take(self, seat: int, card: int) -> None:
        self.free_left -= 1
        self.lift(card, self.ground, (self.objectives if CONTENT.cards[card].objective else self.backpack)[seat])

    def _give(self, seat: int, card: int, mate: int) -> None:
        self._hand_over(seat, card, mate)
        self.say(f"{self.name(seat)} gives {CONTENT.cards[card].name} to {self.name(mate)}")

    def _receive(self, seat: int, card: int, mate: int) -> None:
        self._hand_over(mate, card, seat)
        self.say(f"{self.name(seat)} takes {CONTENT.cards[card].name} from {self.name(mate)}")

    def _hand_over(self, giver: int, card: int, taker: int) -> None:
        """One trade, a free action of the turn: an equipped card goes into the taker's backpack."""
        self.free_left -= 1
        for zones, target in (
            (self.equipped, self.backpack),
            (self.backpack, self.backpack),
            (self.campers, self.campers),
            (self.objectives, self.objectives),
        ):
            if card in zones[giver]:
                self.move(card, zones[giver], target[taker])
                break

    def _play(self, seat: int, card: int) -> None:
        """Play a card from the backpack (a single-use Survival card or an item without hands)."""
        self.free_left -= 1
        info = CONTENT.cards[card]
        self.move(card, self.backpack[seat], self.survival_discard if info.deck == "survival" else self.cabin_discard)
        self.say(f"{self.name(seat)} plays {info.name}")
        EFFECTS.run(self, seat, info.effect, MOVE if self.phase is MOVE else END)

    def _draw(self, seat: int) -> None:
        """Cabin draw phase: weapons and items go to the backpack, every other card resolves at once."""
        card = self.draw_or_reshuffle(self.cabin_deck, self.cabin_discard, self.cabin_discard)
        if card is None:
            self.resume(END)
            return
        info = CONTENT.cards[card]
        self.say(f"{self.name(seat)} draws {info.name}")
        kind = info.kind
        if kind in ("weapon", "item", "clothing"):
            self.move(card, self.cabin_discard, self.backpack[seat])
            self.drawn = card
        elif kind == "camper":
            self.move(card, self.cabin_discard, self.campers[seat])
        elif kind == "cameo":
            self.lay(card, self.cabin_discard, self.cameos, self.location[seat])
        elif kind == "strikes":
            OTIS.strike(self, self.location[seat], END)
            return
        elif info.lasting:
            self.move(card, self.cabin_discard, self.lasting)
        else:
            EFFECTS.run(self, seat, info.effect, END)
            return
        self.resume(END)

    def _reveal(self, seat: int) -> None:
        """Reveal the "?" card in this space instead of drawing a Cabin card."""
        here = self.location[seat]
        index = self.mystery_spaces.index(here)
        card = self.mysteries[index]
        del self.mystery_spaces[index]
        info = CONTENT.cards[card]
        if info.kind == "aid":
            self.lay(card, self.mysteries, self.aids, here)
        elif info.objective:
            self.move(card, self.mysteries, self.objectives[seat])
        else:
            self.move(card, self.mysteries, self.micro_used)
        self.say(f"{self.name(seat)} reveals {info.name}")
        finale.no_escape(self)
        EFFECTS.run(self, seat, info.effect, END)  # a surprise's effect (an aid or an objective has none)

    # ---- the end phase -------------------------------------------------------------------------

    def _end_actions(self, seat: int) -> list[Action]:
        actions = self._free_actions(seat, END)
        hands = self.hands(seat)
        if self.free_left > 0:
            for card in self.backpack[seat]:
                if card in EQUIPPABLE and hands + HANDS[card] <= 2:
                    actions.append(act.EQUIP[card])
            for card in self.equipped[seat]:
                actions.append(act.UNEQUIP[card])
        else:
            drawn = self.drawn  # equipping the card just drawn is part of the draw, not a free action
            if drawn in self.backpack[seat] and drawn in EQUIPPABLE and hands + HANDS[drawn] <= 2:
                actions.append(act.EQUIP[drawn])
        actions.append(act.END)
        return actions

    def _equip(self, seat: int, card: int) -> None:
        """Equip a card from the backpack, or pick one up from the ground and equip it at once."""
        if card == self.drawn:  # part of the draw: no free action spent
            self.drawn = -1
        else:
            self.free_left -= 1
        if card in self.backpack[seat]:
            self.move(card, self.backpack[seat], self.equipped[seat])
        else:
            self.lift(card, self.ground, self.equipped[seat])

    def _unequip(self, seat: int, card: int) -> None:
        self.free_left -= 1
        self.move(card, self.equipped[seat], self.backpack[seat])

    # ---- Foolin' Around ------------------------------------------------------------------------

    def fool_partners(self) -> list[int]:
        """The counselors the active one may call for Foolin' Around."""
        return [s for s in range(self.players) if s != self.active and self.turn.alive[s] and self.location[s] >= 0]

    def _fool(self, seat: int, mate: int) -> None:
        """Foolin' Around: the chosen counselor comes to this space, then the card's directions."""
        self.partner = mate
        self.location[mate] = self.location[seat]
        self.say(f"{self.name(mate)} joins {self.name(seat)}: Foolin' Around")
        ops, self.waiting_ops = self.waiting_ops, ()
        EFFECTS.run(self, seat, ops, self.pending.pop())


PHASES: dict[Phase, Callable[[CampState, int], list[Action]]] = {
    MOVE: CampState._move_actions,
    END: CampState._end_actions,
    STRIKE: OTIS.choices,
    PANIC: lambda state, seat: [*map(act.FLEE.__getitem__, OTIS.flee_spaces(state, seat)), act.STOP],
    CONSENT: lambda state, seat: [act.AGREE, act.REFUSE],
    Phase.FOOL: lambda state, seat: [act.FOOL[s] for s in state.fool_partners()],
    IN_WOODS: lambda state, seat: [],
    OTIS_TURN: lambda state, seat: [],
    OVER: lambda state, seat: [],
}
"""Each phase's handler: the legal actions of the seat to act."""

VERBS: dict[str, Callable[..., None]] = {
    "step": CampState._enter,
    "force": lambda state, seat, there: state._enter(seat, there, forced=True),
    "trail": CampState._trail,
    "take": CampState._take,
    "give": CampState._give,
    "receive": CampState._receive,
    "play": CampState._play,
    "draw": CampState._draw,
    "reveal": CampState._reveal,
    "finale": finale.propose,
    "equip": CampState._equip,
    "unequip": CampState._unequip,
    "end": lambda state, seat: state.end_turn(),
    "fool": CampState._fool,
    "fight": OTIS.fight,
    "panic": OTIS.panic,
    "later": OTIS.later,
    "flee": OTIS.flee,
    "stop": lambda state, seat: OTIS.next_in_danger(state),  # stop running
    "agree": finale.agree,
    "refuse": finale.refuse,
}
"""What each action's verb does (the phase's legal actions say which verbs are open)."""


def new_state(game: CampGrizzly, players: int, rng: Rng, options: CampOptions, counselors: Sequence[int]) -> CampState:
    """Setup steps 1-10 of the rulebook."""
    setup = CONTENT.setups[options.setup.value]
    cabin = CONTENT.ids("cabin")
    rng.shuffle(cabin)
    survival = CONTENT.ids("survival")
    rng.shuffle(survival)
    mysteries = CONTENT.ids("micro", "objective") + CONTENT.ids("micro", "aid")
    surprises = CONTENT.ids("micro", "surprise")
    boxed = [] if options.surprises else surprises
    mysteries += surprises if options.surprises else []
    rng.shuffle(mysteries)
    hidden = [mysteries.pop() for _ in setup.objectives]
    keys, locks = CONTENT.ids("micro", "key"), CONTENT.ids("micro", "lock")
    on_ground, locked = keys[: len(setup.keys)], locks[: len(setup.locks)]
    spot = dict(zip(on_ground + locked, [CONTENT.index[space] for space in setup.keys + setup.locks], strict=True))
    stalk, attack, damage = CONTENT.otis_start
    state = CampState(
        game=game,
        players=players,
        options=options,
        rng=rng,
        counselors=tuple(counselors),
        cabin_deck=cabin,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        survival_deck=survival,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        mystery_deck=mysteries,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        mysteries=hidden,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        mystery_spaces=[CONTENT.index[space] for space in setup.objectives],
        supply=keys[len(on_ground) :] + locks[len(locked) :] + CONTENT.ids("micro", "horrified"),  # type: ignore[arg-type]  # a list: the state makes it a Zone
        boxed=boxed,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        ground=on_ground,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        locks=locked,  # type: ignore[arg-type]  # a list: the state makes it a Zone
        spot=Spots(spot),
        location=[CONTENT.campfire] * players,
        injuries=[0] * players,
        horror=[0] * players,
        turn=TurnOrder(players),
        otis=CONTENT.tool_shed,
        stalk=stalk,
        attack=attack,
        damage=damage,
        body=setup.body_count,
        night=options.night,
    )
    for seat in range(players):
        for _ in range(2):
            state.draw_survival(seat)
    state.begin_turn(0)
    return state
