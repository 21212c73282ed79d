"""The state of a Camp Grizzly match: the contract (to_act, legal actions, clone, observation, sample,
zones) and the counselor turn. Otis, strikes and deaths are in `villain.py`, the finales in `finale.py`,
card effects in `effects.py`.

Everything mutable is a small list or an int so that a clone is cheap; the content is shared.
"""

from __future__ import annotations

from typing import Any

from corekit import Rng, State, draw_or_reshuffle, redeal_unseen
from plugins.camp_grizzly.content import WOODS, load
from plugins.camp_grizzly.effects import Effects
from plugins.camp_grizzly.finale import Finales
from plugins.camp_grizzly.game import (
    FREE_ACTIONS,
    CampGrizzly,
    CampObservation,
    CampOptions,
    CounselorView,
    Movement,
)
from plugins.camp_grizzly.villain import Villain

LISTS = (
    "cab_deck",
    "cab_discard",
    "surv_deck",
    "surv_discard",
    "q_deck",
    "micro_used",
    "supply",
    "boxed",
    "ground",
    "qs",
    "locks",
    "aids",
    "cameos",
    "lasting",
    "failed",
    "loc",
    "injuries",
    "alive",
    "horror",
    "hmark",
    "refused",
    "s_queue",
    "s_later",
    "c_queue",
    "f_seats",
    "f_used",
)
LOG = 12
"""Events kept in the observation's log."""
NESTED = ("equip", "pack", "perms", "campers", "objs")
SCALARS = (
    "round",
    "active",
    "phase",
    "move_left",
    "free_left",
    "ended",
    "otis",
    "stalk",
    "attack",
    "damage",
    "body",
    "hopeless",
    "final",
    "s_space",
    "s_bonus",
    "s_resume",
    "p_seat",
    "p_left",
    "c_finale",
    "f_id",
    "f_step",
    "fool_ops",
    "partner",
    "log",
    "said",
    "winners",
    "over",
)


class CampState(Effects, Finales, Villain, State):
    """One moment of a Camp Grizzly match."""

    __slots__ = ("C", "game", "options", "players", "rng", "who", *LISTS, *NESTED, *SCALARS)

    # ---- setup ---------------------------------------------------------------------------------

    @classmethod
    def new(cls, game: CampGrizzly, players: int, rng: Rng, options: CampOptions, who: tuple[int, ...]) -> CampState:
        """Setup steps 1-10 of the rulebook."""
        C = load()
        s = cls.__new__(cls)
        s.C, s.game, s.players, s.rng, s.options, s.who = C, game, players, rng, options, who
        setup = C.setups[options.setup.value]
        s.cab_deck = C.ids("cabin")
        rng.shuffle(s.cab_deck)
        s.surv_deck = C.ids("survival")
        rng.shuffle(s.surv_deck)
        s.cab_discard, s.surv_discard, s.micro_used, s.boxed = [], [], [], []
        mysteries = C.ids("micro", "objective") + C.ids("micro", "aid")
        surprises = C.ids("micro", "surprise")
        if options.surprises:
            mysteries += surprises
        else:
            s.boxed = surprises
        rng.shuffle(mysteries)
        s.qs = [(C.index[space], mysteries.pop()) for space in setup.objectives]
        s.q_deck = mysteries
        keys, locks = C.ids("micro", "key"), C.ids("micro", "lock")
        s.ground = [(C.index[space], keys.pop(0)) for space in setup.keys]
        s.locks = [(C.index[space], locks.pop(0)) for space in setup.locks]
        s.supply = keys + locks + C.ids("micro", "horrified")
        s.aids, s.cameos, s.lasting, s.failed = [], [], [], []
        s.loc = [C.campfire] * players
        s.injuries = [0] * players
        s.alive = [True] * players
        s.horror = [0] * players
        s.hmark = [-1] * players
        s.equip, s.pack, s.perms, s.campers, s.objs = ([[] for _ in range(players)] for _ in range(5))
        s.log = ()
        s.said = 0
        for seat in range(players):
            for _ in range(2):
                s._draw_survival(seat)
        s.otis = C.tool_shed
        s.stalk, s.attack, s.damage = C.otis_start
        s.body = setup.body_count
        s.hopeless = s.final = s.over = False
        s.winners = ()
        s.round = 1
        s.refused, s.s_queue, s.s_later, s.c_queue, s.f_seats, s.f_used = [], [], [], [], [], []
        s.s_space = s.s_bonus = s.p_seat = s.p_left = s.c_finale = s.f_step = 0
        s.f_id = s.partner = -1
        s.s_resume = ""
        s.fool_ops = ()
        s.move_left = s.free_left = 0
        s.ended = False
        s.active = 0
        s.phase = "move"
        s._begin_turn(0)
        return s

    # ---- the contract --------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        """The counselor whose turn or decision it is (one seat at a time); nobody at the end."""
        phase = self.phase
        if phase == "strike":
            return (self.s_queue[0],)
        if phase == "panic":
            return (self.p_seat,)
        if phase == "consent":
            return (self.c_queue[0],)
        if phase == "over":
            return ()
        return (self.active,)

    def legal_actions(self, seat: int) -> list[tuple]:
        """The moves of the phase for the seat to act; empty for anyone else."""
        if seat not in self.to_act:
            return []
        phase = self.phase
        if phase == "move":
            return self._move_actions(seat)
        if phase == "end":
            return self._end_actions(seat)
        if phase == "strike":
            return self._strike_actions(seat)
        if phase == "panic":
            return [*(("flee", s) for s in self._flee_spaces(seat)), ("stop",)]
        if phase == "consent":
            return [("agree",), ("refuse",)]
        if phase == "fool":
            return [("fool", s) for s in self._fool_partners()]
        return []

    def _apply(self, seat: int, action: tuple) -> None:
        verb = action[0]
        handler = getattr(self, "_do_" + verb)
        if self.phase != "move" or self.options.movement is not Movement.LIVE:
            handler(seat, *action[1:])
            return
        # The live reading: what a step's cameo or a card changes in the mover's health (or bonuses) changes
        # the movement left at once (a strike ends the move: see `_strike`).
        before = self.movement(self.active)
        handler(seat, *action[1:])
        if self.phase == "move":
            self.move_left = max(0, self.move_left + self.movement(self.active) - before)

    def returns(self) -> list[float]:
        """1 for each counselor who survived a won finale (or the won last fight); 0 for everyone else."""
        return [1.0 if s in self.winners else 0.0 for s in range(self.players)]

    def clone(self) -> CampState:
        """A copy sharing only immutable parts (content, tuples)."""
        copy = CampState.__new__(CampState)
        copy.C, copy.game, copy.options = self.C, self.game, self.options
        copy.players, copy.who = self.players, self.who
        copy.rng = Rng(self.rng.state)
        for name in LISTS:
            setattr(copy, name, getattr(self, name)[:])
        for name in NESTED:
            setattr(copy, name, [x[:] for x in getattr(self, name)])
        for name in SCALARS:
            setattr(copy, name, getattr(self, name))
        return copy

    def observation(self, seat: int | None) -> CampObservation:
        """Everything is public in this cooperative game except the decks' order and the "?" cards."""
        hidden: tuple[Any, ...] = ()
        if seat is None:
            hidden = (tuple(self.cab_deck), tuple(self.surv_deck), tuple(self.q_deck), tuple(self.qs))
        # Built at every decision of a playout, so the fields go by position, in their order in game.py
        # (named in the comments): passing 33 by keyword takes longer than building their values.
        return CampObservation(
            # seat round night active phase
            seat,
            self.round,
            self.options.night,
            self.active,
            self.phase,
            (  # control
                self.move_left,
                self.free_left,
                self.ended,
                self.hopeless,
                self.final,
                tuple(self.refused),
                self.s_space,
                tuple(self.s_queue),
                tuple(self.s_later),
                self.s_bonus,
                self.s_resume,
                self.p_seat,
                self.p_left,
                self.c_finale,
                tuple(self.c_queue),
                self.f_id,
                tuple(self.f_seats),
                self.f_step,
                self.fool_ops,
                self.partner,
                tuple(self.f_used),
            ),
            tuple(
                [  # counselors
                    CounselorView(
                        s,
                        self.who[s],
                        self.loc[s],
                        self.injuries[s],
                        self.alive[s],
                        self.horror[s],
                        tuple(self.equip[s]),
                        tuple(self.pack[s]),
                        tuple(self.perms[s]),
                        tuple(self.campers[s]),
                        tuple(self.objs[s]),
                    )
                    for s in range(self.players)
                ]
            ),
            # otis stalk attack damage body
            self.otis,
            self.stalk,
            self.C.otis_dice[self.attack],
            self.damage,
            self.body,
            # ground mysteries locks aids cameos lasting failed_finales
            tuple(self.ground),
            tuple([space for space, _ in self.qs]),
            tuple(self.locks),
            tuple(self.aids),
            tuple(self.cameos),
            tuple(self.lasting),
            tuple(self.failed),
            # cabin_deck cabin_discard survival_deck survival_discard mystery_deck micro_used supply boxed
            len(self.cab_deck),
            tuple(self.cab_discard),
            len(self.surv_deck),
            tuple(self.surv_discard),
            len(self.q_deck),
            tuple(self.micro_used),
            tuple(self.supply),
            tuple(self.boxed),
            # log said winners over hidden
            self.log,
            self.said,
            self.winners,
            self.over,
            hidden,
        )

    def sample(self, seat: int, rng: Rng) -> CampState:
        """The decks reshuffled and the face-down "?" cards redealt with the "?" deck; chance reseeded."""
        copy = self.clone()
        redeal_unseen(rng, [copy.cab_deck])
        redeal_unseen(rng, [copy.surv_deck])
        faces = [[card] for _, card in copy.qs]
        redeal_unseen(rng, [copy.q_deck, *faces])
        copy.qs = [(space, face[0]) for (space, _), face in zip(copy.qs, faces, strict=True)]
        copy.rng = rng.spawn()
        return copy

    def zones(self) -> dict[str, list[int]]:
        """Every card: decks, discards, supply, box, board, and each counselor's card."""
        zones = {
            "cabin deck": self.cab_deck,
            "cabin discard": self.cab_discard,
            "survival deck": self.surv_deck,
            "survival discard": self.surv_discard,
            "? deck": self.q_deck,
            "micro used": self.micro_used,
            "supply": self.supply,
            "box": self.boxed,
            "lasting": self.lasting,
            "track": self.C.ids("micro", "marker"),
            "ground": [c for _, c in self.ground],
            "? spaces": [c for _, c in self.qs],
            "locks": [c for _, c in self.locks],
            "aid": [c for _, c in self.aids],
            "cameos": [c for _, c in self.cameos],
            "horrified": [m for m in self.hmark if m >= 0],
        }
        for s in range(self.players):
            for name in NESTED:
                zones[f"{name} {s}"] = getattr(self, name)[s]
        return zones

    # ---- the counselor turn --------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        """Start a counselor's turn: the woods roll if lost, else the move phase."""
        self.active = seat
        self.ended = False
        self.refused = []
        self.free_left = FREE_ACTIONS
        if self.loc[seat] == WOODS:
            self.phase = "woods"
            self._woods_turn(seat)
            return
        self.phase = "move"
        self.move_left = self.movement(seat)

    def _move_actions(self, seat: int) -> list[tuple]:
        C = self.C
        here = self.loc[seat]
        actions: list[tuple] = []
        if self.move_left > 0:
            if not self.locks or self.has_keys(seat):
                actions = [("step", there) for there in C.adjacent[here]]
            else:
                locked = {space for space, _ in self.locks}
                breach = not C.with_trait["breach"].isdisjoint(self.equip[seat])
                for there in C.adjacent[here]:
                    if there not in locked:
                        actions.append(("step", there))
                    elif breach:
                        actions.append(("force", there))
            if C.lasting_cards["storm"].isdisjoint(self.lasting):
                actions += [("trail", number) for number in C.trails_at[here] if self._may_cross(seat, number)]
        actions += self._free_actions(seat, "move")
        if here in C.arrows:
            for f in range(len(C.finales)):
                if f not in self.refused and self._finale_plan(f) is not None:
                    actions.append(("finale", f))
        if here in [space for space, _ in self.qs]:
            actions.append(("reveal",))
        actions.append(("draw",))
        return actions

    def _end_actions(self, seat: int) -> list[tuple]:
        actions = self._free_actions(seat, "end")
        if self.free_left > 0:
            C = self.C
            hands = sum(C.cards[c].hands for c in self.equip[seat])
            for card in self.pack[seat]:
                info = C.cards[card]
                if info.equippable and hands + info.hands <= 2:
                    actions.append(("equip", card))
            actions += [("unequip", card) for card in self.equip[seat]]
        actions.append(("end",))
        return actions

    def _free_actions(self, seat: int, phase: str) -> list[tuple]:
        if self.free_left <= 0:
            return []
        C = self.C
        here = self.loc[seat]
        actions: list[tuple] = [("take", card) for space, card in self.ground if space == here]
        uses = ("turn", "move") if phase == "move" else ("turn",)
        actions += [("play", card) for card in self.pack[seat] if C.cards[card].use in uses]
        mates = [s for s in range(self.players) if s != seat and self.alive[s] and self.loc[s] == here]
        if mates:
            mine = [c for c in self.equip[seat] + self.pack[seat] if C.cards[c].deck == "cabin"]
            mine += self.campers[seat] + self.objs[seat]
            actions += [("give", card, mate) for card in mine for mate in mates]
        return actions

    def _do_step(self, seat: int, there: int) -> None:
        self._enter(seat, there, forced=False)

    def _do_force(self, seat: int, there: int) -> None:
        self._enter(seat, there, forced=True)

    def _enter(self, seat: int, there: int, forced: bool) -> None:
        """One step: open a lock with keys (or force it), then cross paths with Otis or a cameo."""
        self.move_left -= 1
        self._open_lock(seat, there, forced)
        self.loc[seat] = there
        if self.otis == there:
            self.move_left = 0
            self._say(f"{self.name(seat)} runs into Otis at {self.C.spaces[there]}!")
            self._strike(there, "move")
            return
        if forced:
            self._tempt(seat, 1, "move")
            return
        self._meet_cameos(seat, "move")

    def _open_lock(self, seat: int, there: int, forced: bool) -> None:
        lock = self._lock_at(there)
        if lock is not None:
            self.locks.remove(lock)
            self.supply.append(lock[1])
            self._say(f"{self.name(seat)} {'forces' if forced else 'unlocks'} the lock of {self.C.spaces[there]}")

    def _may_cross(self, seat: int, number: int) -> bool:
        """A nature trail may lead into a locked space only for a counselor with keys, like a step."""
        if not self.locks:
            return True
        return self._lock_at(self._far_end(seat, number)) is None or self.has_keys(seat)

    def _far_end(self, seat: int, number: int) -> int:
        """The end of nature trail `number` away from the counselor."""
        a, b = self.C.trails[number - 1]
        return b if self.loc[seat] == a else a

    def _meet_cameos(self, seat: int, resume: str) -> None:
        """Crossing paths with cameos: resolve each one's text, then it leaves (its card is discarded)."""
        here = self.loc[seat]
        met = [entry for entry in self.cameos if entry[0] == here]
        if not met:
            self._resume(resume)
            return
        cards = self.C.cards
        # A Tempt Fate can end in a strike that carries the counselor off, so it is resolved last.
        met.sort(key=lambda entry: any(op.verb == "tempt" for op in cards[entry[1]].effect))
        ops: tuple = ()
        for entry in met:
            self.cameos.remove(entry)
            self.cab_discard.append(entry[1])
            self._say(f"{self.name(seat)} meets {cards[entry[1]].name}")
            ops += cards[entry[1]].effect
        self._run_ops(seat, ops, resume)

    def _do_trail(self, seat: int, number: int) -> None:
        """Nature trail: 1 movement and a d6; a 6 crosses, a 1 is lost in the woods, 2-5 stay."""
        self.move_left -= 1
        natural = self.rng.die(6)
        roll = natural + self.mods(seat).trail - (1 if self.horror[seat] else 0)
        if roll >= 6:
            there = self._far_end(seat, number)
            self._say(f"{self.name(seat)} rolls {natural} on nature trail {number} and crosses")
            self._open_lock(seat, there, forced=False)
            self.loc[seat] = there
            if self.otis == there:
                self.move_left = 0
                self._strike(there, "move")
            else:
                self._meet_cameos(seat, "move")
        elif roll <= 1:
            self._say(f"{self.name(seat)} rolls {natural} on nature trail {number}: lost in the woods!")
            self.loc[seat] = WOODS
            self.ended = True
            self._resume("move")
        else:
            self._say(f"{self.name(seat)} rolls {natural} on nature trail {number} and stays")

    def _do_take(self, seat: int, card: int) -> None:
        self.free_left -= 1
        self.ground.remove((self.loc[seat], card))
        info = self.C.cards[card]
        (self.objs if info.objective else self.pack)[seat].append(card)

    def _do_give(self, seat: int, card: int, mate: int) -> None:
        self.free_left -= 1
        for name in ("equip", "pack", "campers", "objs"):
            cards = getattr(self, name)
            if card in cards[seat]:
                cards[seat].remove(card)
                target = "pack" if name == "equip" else name
                getattr(self, target)[mate].append(card)
                break
        self._say(f"{self.name(seat)} gives {self.C.cards[card].name} to {self.name(mate)}")

    def _do_equip(self, seat: int, card: int) -> None:
        self.free_left -= 1
        self.pack[seat].remove(card)
        self.equip[seat].append(card)

    def _do_unequip(self, seat: int, card: int) -> None:
        self.free_left -= 1
        self.equip[seat].remove(card)
        self.pack[seat].append(card)

    def _do_play(self, seat: int, card: int) -> None:
        """Play a card from the backpack (a single-use Survival card or an item without hands)."""
        self.free_left -= 1
        self.pack[seat].remove(card)
        info = self.C.cards[card]
        (self.surv_discard if info.deck == "survival" else self.cab_discard).append(card)
        self._say(f"{self.name(seat)} plays {info.name}")
        self._run_ops(seat, info.effect, self.phase)

    def _do_draw(self, seat: int) -> None:
        """Cabin draw phase: weapons and items go to the backpack, every other card resolves at once."""
        card = draw_or_reshuffle(self.cab_deck, self.cab_discard, self.rng)
        if card is None:
            self._resume("end")
            return
        info = self.C.cards[card]
        here = self.loc[seat]
        self._say(f"{self.name(seat)} draws {info.name}")
        kind = info.kind
        if kind in ("weapon", "item", "clothing"):
            self.pack[seat].append(card)
        elif kind == "camper":
            self.campers[seat].append(card)
        elif kind == "cameo":
            self.cameos.append((here, card))
        elif kind == "strikes":
            self.cab_discard.append(card)
            self._strike(here, "end")
            return
        elif info.lasting:
            self.lasting.append(card)
        else:
            self.cab_discard.append(card)
            self._run_ops(seat, info.effect, "end")
            return
        self._resume("end")

    def _do_reveal(self, seat: int) -> None:
        """Reveal the "?" card in this space instead of drawing a Cabin card."""
        here = self.loc[seat]
        entry = next(e for e in self.qs if e[0] == here)
        self.qs.remove(entry)
        card = entry[1]
        info = self.C.cards[card]
        self._say(f"{self.name(seat)} reveals {info.name}")
        if info.kind == "aid":
            self.aids.append((here, card))
        elif info.objective:
            self.objs[seat].append(card)
        else:
            self.micro_used.append(card)
            self._no_escape()
            self._run_ops(seat, info.effect, "end")
            return
        self._no_escape()
        self._resume("end")

    def _do_fool(self, seat: int, mate: int) -> None:
        """Foolin' Around: the chosen counselor comes to this space, then the card's directions."""
        self.partner = mate
        self.loc[mate] = self.loc[seat]
        self._say(f"{self.name(mate)} joins {self.name(seat)}: Foolin' Around")
        ops, self.fool_ops = self.fool_ops, ()
        self._run_ops(seat, ops, "end")

    def _fool_partners(self) -> list[int]:
        return [s for s in range(self.players) if s != self.active and self.alive[s] and self.loc[s] >= 0]

    def _do_end(self, seat: int) -> None:
        self._end_turn()

    def _end_turn(self) -> None:
        """End of turn: the First Aid Station and healing abilities, horror wears off, play passes left."""
        seat = self.active
        if self.alive[seat] and self.loc[seat] >= 0:
            if any(space == self.loc[seat] for space, _ in self.aids):
                self._heal(seat, 2)
            heal = self.mods(seat).heal
            if heal:
                self._heal(seat, heal)
        if self.horror[seat]:
            self.horror[seat] -= 1
            if not self.horror[seat] and self.hmark[seat] >= 0:
                self.supply.append(self.hmark[seat])
                self.hmark[seat] = -1
        self.partner = -1
        for nxt in range(seat + 1, self.players):
            if self.alive[nxt]:
                self._begin_turn(nxt)
                return
        self._otis_turn()

    def _ended_or_hopeless(self) -> bool:
        """True when the game is over or HOPELESS must start the last fight now (and it is started)."""
        if self.over:
            self.phase = "over"
            return True
        if self.hopeless and not self.final:
            self._start_final()
            return True
        return False

    def _resume(self, where: str) -> None:
        """Carry on after something resolved: the move phase, the end phase, the woods, Otis or a finale."""
        if self._ended_or_hopeless():
            return
        if where == "otis":
            self._after_otis()
            return
        if where == "finale":
            self._run_finale()
            return
        seat = self.active
        if not self.alive[seat]:
            self._end_turn()
            return
        if where == "woods" and self.loc[seat] == WOODS:
            self._leave_woods(seat)
            return
        if self.ended or self.loc[seat] < 0:
            self._end_turn()
            return
        self.phase = "move" if where == "move" else "end"

    def _woods_turn(self, seat: int) -> None:
        """Lost: roll on the woods table instead of moving and drawing, then a camp trail back."""
        roll = self.rng.die(6)
        row = self.C.woods[roll - 1]
        self._say(f"{self.name(seat)} rolls {roll} in the woods: {row.text}")
        self._run_ops(seat, row.effect, "woods")

    def _leave_woods(self, seat: int) -> None:
        roll = self.rng.die(6)
        there = self.C.camp_trails[roll - 1]
        self.loc[seat] = there
        self._say(f"{self.name(seat)} finds camp trail {roll} to {self.C.spaces[there]}")
        if self.otis == there:
            self._strike(there, "end")
            return
        self._resume("end")

    def _lock_at(self, space: int) -> tuple[int, int] | None:
        for entry in self.locks:
            if entry[0] == space:
                return entry
        return None

    def _say(self, text: str) -> None:
        self.log = (*self.log[-(LOG - 1) :], text)
        self.said += 1
