"""Otis, the killer the rules drive: an object acting on the state. He stalks after every round, strikes
(every counselor in the cabin fights or panics), rises along the body count track, and brings HOPELESS's last
fight. His place and card (stalk, attack die, damage) are the state's fields `otis`, `stalk`, `attack`,
`damage`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plugins.camp_grizzly import actions as act
from plugins.camp_grizzly.content import WOODS, load
from plugins.camp_grizzly.effects import EFFECTS
from plugins.camp_grizzly.game import Movement
from plugins.camp_grizzly.phases import MOVE, OTIS_TURN, OVER, PANIC, STRIKE, Phase

if TYPE_CHECKING:
    from plugins.camp_grizzly.actions import Action
    from plugins.camp_grizzly.state import CampState

CONTENT = load()

_PATHS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Otis's shortest paths (he ignores locks, so they depend only on the two ends): computed once."""


def otis_path(start: int, goal: int) -> tuple[int, ...]:
    """Otis's shortest path from `start` to `goal`, both included (equal paths: space name order)."""
    key = (start, goal)
    path = _PATHS.get(key)
    if path is None:
        spaces = CONTENT.spaces
        names = CONTENT.board.shortest_path(spaces[start], spaces[goal]) or [spaces[start]]
        path = _PATHS[key] = tuple(CONTENT.index[n] for n in names)
    return path


class Otis:
    """The rules of Otis: stalking, striking, fights and panic, his card, HOPELESS."""

    # ---- his card ------------------------------------------------------------------------------

    def change(self, state: CampState, stat: str, n: int) -> None:
        """Raise (or lower) one of his stats, within his card's caps and never below his start."""
        if stat == "stalk":
            state.stalk = min(CONTENT.max_stalk, max(1, state.stalk + n))
        elif stat == "attack":
            state.attack = min(len(CONTENT.otis_dice) - 1, max(0, state.attack + n))
        else:
            state.damage = min(CONTENT.max_damage, max(1, state.damage + n))

    # ---- OTIS STRIKES! -------------------------------------------------------------------------

    def strike(self, state: CampState, space: int, then: Phase, bonus: int = 0, seats: list[int] | None = None) -> None:
        """Otis strikes a space: cameos in the cabin die, every counselor in it must fight or panic; `then`
        waits on the pending stack until the strike is over."""
        cards = CONTENT.cards
        if then is MOVE and state.options.movement is Movement.LIVE:
            state.move_left, state.stopped = 0, True  # the live reading: a strike ends the move, whatever brought it
        for card in [c for c in state.lasting if c in CONTENT.lasting_cards["moon"]]:
            state.move(card, state.lasting, state.cabin_discard)
        dead: list[int] = []
        if space >= 0:
            state.otis = space
            cabin_of = CONTENT.cabin_of
            cabin = cabin_of[space]
            dead = [card for card in state.cameos if cabin_of[state.spot[card]] == cabin]
            for card in dead:
                state.lift(card, state.cameos, state.cabin_discard)
            if seats is None:
                seats = state.in_cabin(space)
            where = CONTENT.spaces[space]
        else:
            state.otis = -1  # he vanishes into the woods, or off the finale card, afterwards
            where = "the woods" if space == WOODS else "the finale"
        state.say(
            f"OTIS STRIKES! at {where}"
            + (f" (+{bonus} to his attack)" if bonus else "")
            + "".join(f"; {cards[card].name} is killed" for card in dead)
        )
        state.strike_queue = list(seats or [])
        state.strike_later = []
        state.strike_bonus = bonus
        state.strike_lost = False
        state.strike_space = space
        state.pending.append(then)
        if dead:
            state.raise_body(len(dead))
        self.next_in_danger(state)

    def choices(self, state: CampState, seat: int) -> list[Action]:
        """Fight (with a fight card), panic (with a panic card), or let the others go first; after a lost fight,
        panic (with a panic card)."""
        cards = CONTENT.cards
        actions: list[Action] = []
        backpack = state.backpack[seat]
        if state.strike_lost:
            return [act.PANIC, *(act.PANIC_WITH[c] for c in backpack if cards[c].use == "panic")]
        if state.can_fight(seat):
            actions.append(act.FIGHT)
            actions += [act.FIGHT_WITH[c] for c in backpack if cards[c].use == "fight"]
        actions.append(act.PANIC)
        if not state.final:
            actions += [act.PANIC_WITH[c] for c in backpack if cards[c].use == "panic"]
        if len(state.strike_queue) > 1 and seat not in state.strike_later:
            actions.append(act.LATER)
        return actions

    def later(self, state: CampState, seat: int) -> None:
        """Let the others go first (once per counselor until the next one fights or panics), so the
        fighters can choose any order."""
        state.strike_queue.remove(seat)
        state.strike_queue.append(seat)
        state.strike_later.append(seat)

    def fight(self, state: CampState, seat: int, card: int = -1) -> None:
        """Roll every equipped die, add bonuses, -1 if horrified; Otis rolls his attack die and wins ties."""
        cards = CONTENT.cards
        bonus = state.mods(seat).fight
        if card >= 0:
            state.move(card, state.backpack[seat], state.survival_discard)
            bonus += sum(op.n for op in cards[card].effect if op.verb == "fight")
        equipped = state.equipped[seat]
        rolls = [state.rng.die(cards[c].die) for c in equipped if cards[c].die]
        horror = 1 if state.horror[seat] else 0
        total = sum(rolls) + bonus - horror
        die = CONTENT.otis_dice[state.attack]
        otis = state.rng.die(die) + state.strike_bonus
        won = total > otis
        for c in list(equipped):
            traits = cards[c].traits
            if "oneshot" in traits or ("fragile" in traits and not won):
                state.move(c, equipped, state.cabin_discard)
        state.say(
            f"{state.name(seat)} fights: {'+'.join(map(str, rolls)) or '0'}"
            + (f"{bonus - horror:+d}" if bonus or horror else "")
            + f" = {total} against Otis's d{die}"
            + (f"+{state.strike_bonus}" if state.strike_bonus else "")
            + f" = {otis}: "
            + ("Otis is beaten and lurks!" if won else "Otis wins")
        )
        if won:
            state.otis = -1
            state.strike_queue = []
            if state.final:
                state.winners = state.turn.living
                state.over = True
            self.next_in_danger(state)
            return
        if not state.final and any(cards[c].use == "panic" for c in state.backpack[seat]):
            state.strike_lost = True  # "a counselor who loses a fight must panic", and a panic card may be played
            return
        self._panic(state, seat, dodge=False)

    def panic(self, state: CampState, seat: int, card: int = -1) -> None:
        """Panic (a card may let the counselor panic unhurt)."""
        if card >= 0:
            state.move(card, state.backpack[seat], state.survival_discard)
        self._panic(state, seat, dodge=card >= 0)

    def _panic(self, state: CampState, seat: int, dodge: bool) -> None:
        """Take Otis's Damage, then run up to the panic value; at the last fight, panic is death."""
        state.strike_lost = False
        state.strike_queue.remove(seat)
        state.strike_later = []  # the rest choose who goes next afresh
        if state.final:
            state.say(f"{state.name(seat)} panics at the campfire")
            state.kill(seat)
            self.next_in_danger(state)
            return
        if dodge:
            state.say(f"{state.name(seat)} panics unhurt")
        else:
            wounds = max(1, state.damage - state.mods(seat).armor)
            state.say(f"{state.name(seat)} panics and takes {wounds} injur{'y' if wounds == 1 else 'ies'}")
            state.hurt(seat, state.damage)
        if state.turn.alive[seat] and state.location[seat] >= 0:
            state.panic_seat = seat
            state.panic_left = state.panic_value(seat)
            if state.panic_left > 0 and self.flee_spaces(state, seat):
                state.phase = PANIC
                return
        self.next_in_danger(state)

    def flee_spaces(self, state: CampState, seat: int) -> list[int]:
        """Panicking: no locks opened, and never back into Otis."""
        locked = state.locked()
        return [s for s in CONTENT.adjacent[state.location[seat]] if s not in locked and s != state.otis]

    def flee(self, state: CampState, seat: int, there: int) -> None:
        """One space of a panic run; a cameo there is met as on any move (RULES.md, Assumption 6)."""
        state.location[seat] = there
        state.panic_left -= 1
        if state.cameos:
            self._meet_in_panic(state, seat)
        if state.panic_left <= 0 or not state.turn.alive[seat] or not self.flee_spaces(state, seat):
            self.next_in_danger(state)

    def _meet_in_panic(self, state: CampState, seat: int) -> None:
        """Cross paths with the cameos where a panic run took `seat`: their texts resolve at once, but a Tempt
        Fate's strike waits until the strike under way is over (`later_strikes`), a strike within a strike
        being no rule's."""
        cards = CONTENT.cards
        met = state.at(state.cameos, state.location[seat])
        met.sort(key=lambda card: any(op.verb == "tempt" for op in cards[card].effect))  # as on a step
        for card in met:
            state.lift(card, state.cameos, state.cabin_discard)
            state.say(f"{state.name(seat)} meets {cards[card].name}")
            for op in cards[card].effect:
                if op.verb == "tempt":
                    red = EFFECTS.draw_fate(state, seat, op.n)
                    if red:
                        state.later_strikes.append((seat, red - 1))
                else:
                    EFFECTS.quietly(state, seat, (op,))
                if not state.turn.alive[seat]:
                    return

    def next_in_danger(self, state: CampState) -> None:
        """The next counselor in danger decides, or the strike is over."""
        state.strike_queue = [s for s in state.strike_queue if state.turn.alive[s]]
        if state.strike_queue and not state.over:
            state.phase = STRIKE
            return
        state.strike_later = []
        if state.final:
            state.over = True
            state.phase = OVER
            return
        while state.later_strikes and not state.hopeless:  # a Tempt Fate met while panicking, now it is over
            tempter, bonus = state.later_strikes.pop(0)
            if state.turn.alive[tempter] and state.location[tempter] >= 0:
                self.strike(state, state.location[tempter], state.pending.pop(), bonus=bonus)
                return
        state.later_strikes = []
        state.carry_on()

    def last_fight(self, state: CampState) -> None:
        """HOPELESS: Survival cards discarded, everyone to the campfire, one last fight; panic is death."""
        cards = CONTENT.cards
        state.final = state.hopeless = True
        state.finale = -1
        state.finale_party = []
        state.pending = []
        for s in state.turn.living:
            backpack = state.backpack[s]
            for card in [c for c in backpack if cards[c].deck == "survival"]:
                state.move(card, backpack, state.survival_discard)
            state.move_all(state.permanents[s], state.survival_discard)
            state.location[s] = CONTENT.campfire
        state.otis = CONTENT.campfire
        state.say("HOPELESS! Everyone is at the campfire for one last fight")
        state.strike_queue = list(state.turn.living_from(state.active))
        state.strike_later = []
        state.strike_bonus = 0
        state.strike_lost = False
        state.strike_space = CONTENT.campfire
        self.next_in_danger(state)

    # ---- Otis stalks ---------------------------------------------------------------------------

    def turn(self, state: CampState) -> None:
        """After every round: appear if lurking, then stalk the chosen target along a shortest path."""
        state.phase = OTIS_TURN
        targets = self.target_spaces(state)
        if state.otis < 0:  # he appears even with no one to hunt: "he will appear ... before moving"
            roll = state.rng.die(6)
            a, b = CONTENT.trails[roll - 1]
            if targets:
                dist = CONTENT.dist
                near_a = min(dist[a][t] for t in targets)
                near_b = min(dist[b][t] for t in targets)
                state.otis = b if near_b < near_a else a
            else:  # no target on the board: the first end listed, as on a tie (Assumption 36)
                state.otis = a
            state.say(f"Otis appears at nature trail {roll}, at {CONTENT.spaces[state.otis]}")
            if self._smash(state, state.otis):  # the first lock in his path: he stops (Assumption 17)
                self.after_turn(state)
                return
        if not targets:
            self.after_turn(state)
            return
        if state.otis in targets:
            self.strike(state, state.otis, OTIS_TURN)
            return
        target = self.choose_target(state)
        hunted = [state.name(s) for s in range(state.players) if state.turn.alive[s] and state.location[s] == target]
        hunted += [CONTENT.cards[card].name for card in state.at(state.cameos, target)]
        steps = state.stalk + len(CONTENT.lasting_cards["moon"].intersection(state.lasting))  # card ids are unique
        for there in otis_path(state.otis, target)[1 : steps + 1]:
            if self._smash(state, there):
                break
            state.otis = there
            if there in targets:
                self.strike(state, there, OTIS_TURN)
                return
        state.say(f"Otis stalks {' and '.join(hunted)} to {CONTENT.spaces[state.otis]}")
        self.after_turn(state)

    def _smash(self, state: CampState, space: int) -> bool:
        """Otis destroys the lock on `space`, if there is one (then he stops moving)."""
        lock = state.lock_at(space)
        if lock is None:
            return False
        state.lift(lock, state.locks, state.supply)
        state.say(f"Otis smashes the lock of {CONTENT.spaces[space]}")
        return True

    def target_spaces(self, state: CampState) -> set[int]:
        """The spaces of the living counselors on the board and of the cameos."""
        spaces = {state.location[s] for s in range(state.players) if state.turn.alive[s] and state.location[s] >= 0}
        spaces.update(state.spot[card] for card in state.cameos)
        return spaces

    def choose_target(self, state: CampState) -> int:
        """The closest counselor or cameo; ties: the cabin with fewest people, then a cabin with a
        horrified counselor, then the most injuries, then at random."""
        cabin_of = CONTENT.cabin_of
        people: dict[int, int] = {}  # by cabin (a dict: a Counter is slower to make, every round)
        horrified: set[int] = set()
        candidates: list[tuple[int, int]] = []  # (space, injuries)
        for s in range(state.players):
            if state.turn.alive[s] and state.location[s] >= 0:
                cabin = cabin_of[state.location[s]]
                people[cabin] = people.get(cabin, 0) + 1 + len(state.campers[s])
                if state.horror[s]:
                    horrified.add(cabin)
                candidates.append((state.location[s], state.injuries[s]))
        for card in state.cameos:
            space = state.spot[card]
            cabin = cabin_of[space]
            people[cabin] = people.get(cabin, 0) + 1
            candidates.append((space, 0))
        if len(candidates) == 1:  # a lone counselor (the usual case in a playout): no tie to break
            return candidates[0][0]
        dist = CONTENT.dist[state.otis]
        keys = [
            ((dist[space], people[cabin_of[space]], cabin_of[space] not in horrified, -hurt), space)
            for space, hurt in candidates
        ]
        best = min(key for key, _ in keys)
        spaces = sorted({space for key, space in keys if key == best})
        return spaces[0] if len(spaces) == 1 else spaces[state.rng.below(len(spaces))]

    def after_turn(self, state: CampState) -> None:
        """Stalking cameos move after Otis; then a new round (or HOPELESS when the night runs out)."""
        cards = CONTENT.cards
        dist = CONTENT.dist
        state.phase = OTIS_TURN  # still Otis's turn after a strike: a cameo's horror is not in anyone's own turn
        for card in list(state.cameos):
            info = cards[card]
            counselors = [
                state.location[s] for s in range(state.players) if state.turn.alive[s] and state.location[s] >= 0
            ]
            if not info.stalk or not counselors:
                continue
            start = state.spot[card]
            goal = min(counselors, key=lambda sp: (dist[start][sp], sp))
            pos = start
            for there in otis_path(start, goal)[1 : info.stalk + 1]:
                if state.lock_at(there) is not None:
                    break
                pos = there
                if pos in counselors:
                    break
            victims = [s for s in range(state.players) if state.turn.alive[s] and state.location[s] == pos]
            if victims:
                state.lift(card, state.cameos, state.cabin_discard)
                state.say(f"{info.name} finds {state.name(victims[0])}")
                EFFECTS.quietly(state, victims[0], info.effect)
            else:
                state.spot[card] = pos
        for card in [c for c in state.lasting if c in CONTENT.lasting_cards["storm"]]:
            state.move(card, state.lasting, state.cabin_discard)
        state.round += 1
        if state.over:
            state.phase = OVER
            return
        if state.round > state.night and not state.hopeless:
            state.say("The night will never end: the body count jumps to HOPELESS")
            state.raise_body(max(0, CONTENT.hopeless - state.body))
            state.hopeless = True
        if state.hopeless and not state.final:
            self.last_fight(state)
            return
        state.say(f"Round {state.round} begins")
        state.begin_turn(state.turn.living[0])


OTIS = Otis()
"""The villain of every match (he holds nothing: his place and card are the state's)."""
