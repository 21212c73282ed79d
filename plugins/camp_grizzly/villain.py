"""Otis and everything deadly: stalking and targeting, OTIS STRIKES! (fight or panic), injuries, death,
the body count and HOPELESS. A mixin of `CampState` (see state.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plugins.camp_grizzly.content import WOODS, Mods, counselor_mods, panic_value
from plugins.camp_grizzly.game import Movement

if TYPE_CHECKING:
    from plugins.camp_grizzly.content import Content

_PATHS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Otis's shortest paths (he ignores locks, so they depend only on the two ends): computed once."""


def otis_path(C: Content, start: int, goal: int) -> tuple[int, ...]:
    """Otis's shortest path from `start` to `goal`, both included (equal paths: space name order)."""
    key = (start, goal)
    path = _PATHS.get(key)
    if path is None:
        names = C.board.shortest_path(C.spaces[start], C.spaces[goal]) or [C.spaces[start]]
        path = _PATHS[key] = tuple(C.index[n] for n in names)
    return path


class Villain:
    """Rules about Otis, fights, death and finales."""

    __slots__ = ()

    # ---- counselor numbers ---------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The counselor's name."""
        return self.C.counselors[self.who[seat]].name

    def mods(self, seat: int) -> Mods:
        """The counselor's ability plus permanents, campers and everything equipped."""
        return counselor_mods(
            self.who[seat], tuple(self.perms[seat]), tuple(self.campers[seat]), tuple(self.equip[seat])
        )

    def health(self, seat: int) -> int:
        """Current health: the top of the track less injuries."""
        return self.C.counselors[self.who[seat]].health - self.injuries[seat]

    def movement(self, seat: int) -> int:
        """Movement equals current health (with bonuses), never below 1."""
        heavy = len(self.C.with_trait["heavy"].intersection(self.equip[seat]))  # card ids are unique
        return max(1, self.health(seat) + self.mods(seat).move - heavy)

    def panic_value(self, seat: int) -> int:
        """Spaces a panicking counselor may run (injuries do not affect it)."""
        return panic_value(self.who[seat], self.mods(seat))

    def has_keys(self, seat: int) -> bool:
        """Keys or spare keys open locks (and are not used up)."""
        return not self.C.key_cards.isdisjoint(self.objs[seat])

    def can_fight(self, seat: int) -> bool:
        """Only a counselor with an equipped weapon or item can protect anyone."""
        return any(self.C.cards[c].kind in ("weapon", "item") for c in self.equip[seat])

    def _heal(self, seat: int, n: int) -> None:
        if self.alive[seat]:
            self.injuries[seat] = max(0, self.injuries[seat] - n)

    def _hurt(self, seat: int, n: int) -> None:
        """Injuries; armor ignores some but never brings a wound below 1. The skull means death."""
        if n <= 0 or not self.alive[seat]:
            return
        n = max(1, n - self.mods(seat).armor)
        self.injuries[seat] += n
        if self.injuries[seat] >= self.C.counselors[self.who[seat]].health:
            self._kill(seat)

    def _kill(self, seat: int) -> None:
        """Death: +1 body count and +1 per camper; items stay on the body; Survival cards are discarded."""
        C = self.C
        self.alive[seat] = False
        where = self.loc[seat] if self.loc[seat] >= 0 else C.campfire
        self.loc[seat] = where
        for card in self.equip[seat] + self.pack[seat] + self.objs[seat]:
            if C.cards[card].deck == "survival":
                self.surv_discard.append(card)
            else:
                self.ground.append((where, card))
        self.surv_discard.extend(self.perms[seat])
        campers = len(self.campers[seat])
        self.cab_discard.extend(self.campers[seat])
        for name in ("equip", "pack", "objs", "perms", "campers"):
            getattr(self, name)[seat] = []
        if self.hmark[seat] >= 0:
            self.supply.append(self.hmark[seat])
            self.hmark[seat] = -1
        self.horror[seat] = 0
        if seat in self.s_queue:
            self.s_queue.remove(seat)
        self._say(f"{self.name(seat)} is dead" + (f", and {campers} camper{'s' * (campers > 1)}" if campers else ""))
        self._raise_body(1 + campers)
        if not any(self.alive):
            self.over = True
            self.winners = ()
            self._say("Every counselor is dead: Otis wins")

    def _raise_body(self, n: int) -> None:
        """The body count rises; reaching a mark raises a stat of Otis; 13 is HOPELESS."""
        for _ in range(n):
            self.body += 1
            for rise in self.C.rises:
                if rise.count == self.body:
                    self._otis_stat(rise.stat, 1)
        if self.body >= self.C.hopeless and not self.final:
            self.hopeless = True

    def _otis_stat(self, stat: str, n: int) -> None:
        C = self.C
        if stat == "stalk":
            self.stalk = min(C.max_stalk, max(1, self.stalk + n))
        elif stat == "attack":
            self.attack = min(len(C.otis_dice) - 1, max(0, self.attack + n))
        else:
            self.damage = min(C.max_damage, max(1, self.damage + n))

    # ---- OTIS STRIKES! -------------------------------------------------------------------------

    def _order(self) -> list[int]:
        """Seats in turn order from the counselor whose turn it is."""
        n = self.players
        return [(self.active + i) % n for i in range(n)]

    def _strike(self, space: int, resume: str, bonus: int = 0, seats: list[int] | None = None) -> None:
        """Otis strikes a space: cameos in the cabin die, every counselor in it must fight or panic."""
        C = self.C
        if resume == "move" and self.options.movement is Movement.LIVE:
            self.move_left = 0  # the live reading: a strike ends the move, whatever brought it
        for card in [c for c in self.lasting if c in C.lasting_cards["moon"]]:
            self.lasting.remove(card)
            self.cab_discard.append(card)
        dead = []
        if space >= 0:
            self.otis = space
            cabin = C.cabin_of[space]
            dead = [e for e in self.cameos if C.cabin_of[e[0]] == cabin]
            for entry in dead:
                self.cameos.remove(entry)
                self.cab_discard.append(entry[1])
            if seats is None:
                seats = [
                    s for s in self._order() if self.alive[s] and self.loc[s] >= 0 and C.cabin_of[self.loc[s]] == cabin
                ]
            where = C.spaces[space]
        else:
            self.otis = -1  # he vanishes into the woods, or off the finale card, afterwards
            where = "the woods" if space == WOODS else "the finale"
        self._say(
            f"OTIS STRIKES! at {where}"
            + (f" (+{bonus} to his attack)" if bonus else "")
            + "".join(f"; {C.cards[e[1]].name} is killed" for e in dead)
        )
        self.s_queue = list(seats or [])
        self.s_later = []
        self.s_bonus = bonus
        self.s_resume = resume
        self.s_space = space
        if dead:
            self._raise_body(len(dead))
        self._strike_next()

    def _strike_actions(self, seat: int) -> list[tuple]:
        cards = self.C.cards
        actions: list[tuple] = []
        if self.can_fight(seat):
            actions.append(("fight",))
            actions += [("fight", c) for c in self.pack[seat] if cards[c].use == "fight"]
        actions.append(("panic",))
        if not self.final:
            actions += [("panic", c) for c in self.pack[seat] if cards[c].use == "panic"]
        if len(self.s_queue) > 1 and seat not in self.s_later:
            actions.append(("later",))
        return actions

    def _do_later(self, seat: int) -> None:
        """Let the others go first (once per counselor until the next one fights or panics), so the
        fighters can choose any order."""
        self.s_queue.remove(seat)
        self.s_queue.append(seat)
        self.s_later.append(seat)

    def _do_fight(self, seat: int, card: int = -1) -> None:
        """Roll every equipped die, add bonuses, -1 if horrified; Otis rolls his attack die and wins ties."""
        C = self.C
        bonus = self.mods(seat).fight
        if card >= 0:
            self.pack[seat].remove(card)
            self.surv_discard.append(card)
            bonus += sum(op.n for op in C.cards[card].effect if op.verb == "fight")
        rolls = [self.rng.die(C.cards[c].die) for c in self.equip[seat] if C.cards[c].die]
        total = sum(rolls) + bonus - (1 if self.horror[seat] else 0)
        otis = self.rng.die(C.otis_dice[self.attack]) + self.s_bonus
        won = total > otis
        for c in list(self.equip[seat]):
            traits = C.cards[c].traits
            if "oneshot" in traits or ("fragile" in traits and not won):
                self.equip[seat].remove(c)
                self.cab_discard.append(c)
        self._say(
            f"{self.name(seat)} fights: {'+'.join(map(str, rolls)) or '0'}"
            + (f"{bonus - (1 if self.horror[seat] else 0):+d}" if bonus or self.horror[seat] else "")
            + f" = {total} against Otis's d{C.otis_dice[self.attack]}"
            + (f"+{self.s_bonus}" if self.s_bonus else "")
            + f" = {otis}: "
            + ("Otis is beaten and lurks!" if won else "Otis wins")
        )
        if won:
            self.otis = -1
            self.s_queue = []
            if self.final:
                self.winners = tuple(s for s in range(self.players) if self.alive[s])
                self.over = True
            self._strike_next()
            return
        self._panic(seat, dodge=False)

    def _do_panic(self, seat: int, card: int = -1) -> None:
        """Panic (a card may let the counselor panic unhurt)."""
        if card >= 0:
            self.pack[seat].remove(card)
            self.surv_discard.append(card)
        self._panic(seat, dodge=card >= 0)

    def _panic(self, seat: int, dodge: bool) -> None:
        """Take Otis's Damage, then run up to the panic value; at the last fight, panic is death."""
        self.s_queue.remove(seat)
        self.s_later = []  # the rest choose who goes next afresh
        if self.final:
            self._say(f"{self.name(seat)} panics at the campfire")
            self._kill(seat)
            self._strike_next()
            return
        if dodge:
            self._say(f"{self.name(seat)} panics unhurt")
        else:
            wounds = max(1, self.damage - self.mods(seat).armor)
            self._say(f"{self.name(seat)} panics and takes {wounds} injur{'y' if wounds == 1 else 'ies'}")
            self._hurt(seat, self.damage)
        if self.alive[seat] and self.loc[seat] >= 0:
            self.p_seat = seat
            self.p_left = self.panic_value(seat)
            if self.p_left > 0 and self._flee_spaces(seat):
                self.phase = "panic"
                return
        self._strike_next()

    def _flee_spaces(self, seat: int) -> list[int]:
        """Panicking: no locks opened, and never back into Otis."""
        locked = {space for space, _ in self.locks}
        return [s for s in self.C.adjacent[self.loc[seat]] if s not in locked and s != self.otis]

    def _do_flee(self, seat: int, there: int) -> None:
        self.loc[seat] = there
        self.p_left -= 1
        if self.p_left <= 0 or not self._flee_spaces(seat):
            self._strike_next()

    def _do_stop(self, seat: int) -> None:
        self._strike_next()

    def _strike_next(self) -> None:
        """The next counselor in danger decides, or the strike is over."""
        self.s_queue = [s for s in self.s_queue if self.alive[s]]
        if self.s_queue and not self.over:
            self.phase = "strike"
            return
        self.s_later = []
        if self.final:
            self.over = True
            self.phase = "over"
            return
        self._resume(self.s_resume)

    def _start_final(self) -> None:
        """HOPELESS: Survival cards discarded, everyone to the campfire, one last fight; panic is death."""
        C = self.C
        self.final = self.hopeless = True
        self.f_id = -1
        self.f_seats = []
        for s in range(self.players):
            if not self.alive[s]:
                continue
            survival = [c for c in self.pack[s] if C.cards[c].deck == "survival"]
            for card in survival:
                self.pack[s].remove(card)
            self.surv_discard.extend(survival + self.perms[s])
            self.perms[s] = []
            self.loc[s] = C.campfire
        self.otis = C.campfire
        self._say("HOPELESS! Everyone is at the campfire for one last fight")
        self.s_queue = [s for s in self._order() if self.alive[s]]
        self.s_later = []
        self.s_bonus = 0
        self.s_resume = ""
        self.s_space = C.campfire
        self._strike_next()

    # ---- Otis stalks ---------------------------------------------------------------------------

    def _otis_turn(self) -> None:
        """After every round: appear if lurking, then stalk the chosen target along a shortest path."""
        C = self.C
        self.phase = "otis"
        targets = self._target_spaces()
        if not targets:
            self._after_otis()
            return
        if self.otis < 0:
            roll = self.rng.die(6)
            a, b = C.trails[roll - 1]
            near_a = min(C.dist[a][t] for t in targets)
            near_b = min(C.dist[b][t] for t in targets)
            self.otis = b if near_b < near_a else a
            self._say(f"Otis appears at nature trail {roll}, at {C.spaces[self.otis]}")
        if self.otis in targets:
            self._strike(self.otis, "otis")
            return
        target = self.choose_target()
        hunted = [self.name(s) for s in range(self.players) if self.alive[s] and self.loc[s] == target]
        hunted += [C.cards[card].name for space, card in self.cameos if space == target]
        steps = self.stalk + len(C.lasting_cards["moon"].intersection(self.lasting))  # card ids are unique
        for there in otis_path(C, self.otis, target)[1 : steps + 1]:
            lock = self._lock_at(there)
            if lock is not None:
                self.locks.remove(lock)
                self.supply.append(lock[1])
                self._say(f"Otis smashes the lock of {C.spaces[there]}")
                break
            self.otis = there
            if there in targets:
                self._strike(there, "otis")
                return
        self._say(f"Otis stalks {' and '.join(hunted)} to {C.spaces[self.otis]}")
        self._after_otis()

    def _target_spaces(self) -> set[int]:
        spaces = {self.loc[s] for s in range(self.players) if self.alive[s] and self.loc[s] >= 0}
        spaces.update(space for space, _ in self.cameos)
        return spaces

    def choose_target(self) -> int:
        """The closest counselor or cameo; ties: the cabin with fewest people, then a cabin with a
        horrified counselor, then the most injuries, then at random."""
        C = self.C
        people: dict[int, int] = {}  # by cabin (a dict: a Counter is slower to make, every round)
        horrified: set[int] = set()
        candidates: list[tuple[int, int]] = []  # (space, injuries)
        for s in range(self.players):
            if self.alive[s] and self.loc[s] >= 0:
                cabin = C.cabin_of[self.loc[s]]
                people[cabin] = people.get(cabin, 0) + 1 + len(self.campers[s])
                if self.horror[s]:
                    horrified.add(cabin)
                candidates.append((self.loc[s], self.injuries[s]))
        for space, _ in self.cameos:
            cabin = C.cabin_of[space]
            people[cabin] = people.get(cabin, 0) + 1
            candidates.append((space, 0))
        if len(candidates) == 1:  # a lone counselor (the usual case in a playout): no tie to break
            return candidates[0][0]
        dist = C.dist[self.otis]
        keys = [
            ((dist[space], people[C.cabin_of[space]], C.cabin_of[space] not in horrified, -hurt), space)
            for space, hurt in candidates
        ]
        best = min(key for key, _ in keys)
        spaces = sorted({space for key, space in keys if key == best})
        return spaces[0] if len(spaces) == 1 else spaces[self.rng.below(len(spaces))]

    def _after_otis(self) -> None:
        """Stalking cameos move after Otis; then a new round (or HOPELESS when the night runs out)."""
        C = self.C
        self.phase = "otis"  # still Otis's turn after a strike: a cameo's horror is not in anyone's own turn
        for entry in list(self.cameos):
            card = C.cards[entry[1]]
            counselors = [self.loc[s] for s in range(self.players) if self.alive[s] and self.loc[s] >= 0]
            if not card.stalk or not counselors:
                continue
            goal = min(counselors, key=lambda sp: (C.dist[entry[0]][sp], sp))
            pos = entry[0]
            for there in otis_path(C, pos, goal)[1 : card.stalk + 1]:
                if self._lock_at(there) is not None:
                    break
                pos = there
                if pos in counselors:
                    break
            victims = [s for s in range(self.players) if self.alive[s] and self.loc[s] == pos]
            index = self.cameos.index(entry)
            if victims:
                del self.cameos[index]
                self.cab_discard.append(entry[1])
                self._say(f"{card.name} finds {self.name(victims[0])}")
                self._quiet_ops(victims[0], card.effect)
            else:
                self.cameos[index] = (pos, entry[1])
        for card in [c for c in self.lasting if c in C.lasting_cards["storm"]]:
            self.lasting.remove(card)
            self.cab_discard.append(card)
        self.round += 1
        if self.over:
            self.phase = "over"
            return
        if self.round > self.options.night and not self.hopeless:
            self._say("The night will never end: the body count jumps to HOPELESS")
            self._raise_body(max(0, C.hopeless - self.body))
            self.hopeless = True
        if self.hopeless and not self.final:
            self._start_final()
            return
        self._say(f"Round {self.round} begins")
        self._begin_turn(next(s for s in range(self.players) if self.alive[s]))

    def _quiet_ops(self, seat: int, ops: tuple) -> None:
        """Effects that never interrupt (stalking cameos use only these)."""
        for op in ops:
            if op.verb == "horrify":
                self._horrify(seat)
            elif op.verb == "injure":
                self._hurt(seat, op.n)
            elif op.verb == "heal":
                self._heal(seat, op.n)
            elif op.verb == "survival":
                for _ in range(op.n):
                    self._draw_survival(seat)
