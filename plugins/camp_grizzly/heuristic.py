"""A sensible counselor team, read from the observation only.

Each counselor: gathers weapons and equips the best two hands of them; goes after the "?" objectives and
keys, preferring those near the rest of the team so that the counselors move in groups (forcing a lock with a
breach weapon only where no open way leads); once the team holds
a finale's three objectives, heads for its red arrow and starts it when the team has gathered (or time
runs short); in a strike lets the strongest fighter go first and fights, but for two cases: facing a deadly blow
at under even odds it panics with a card that spares it the injuries (Play Dead, Hide in a Closet) where it holds
one, and below fair odds (`FAIR_ODDS`) it panics (running away from Otis) rather than risk a fragile or one-shot
weapon; heals and lures Otis away with cards when it helps.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from functools import lru_cache

import attrs

from corekit import Rng, ordered_sum
from corekit.heuristics import Policy
from corekit.state import DeclaredState
from plugins.camp_grizzly.actions import Action
from plugins.camp_grizzly.content import FINALE, Mods, counselor_mods, load
from plugins.camp_grizzly.game import CampView, CounselorView

FAIR_ODDS = 0.3
"""The chance of beating Otis at which a counselor fights even at the cost of a fragile or one-shot weapon."""
ROUNDS_PER_OBJECTIVE = 3
"""Rounds of the night that finding one more objective takes. With fewer rounds left than this per missing
objective, the team stops chasing them and holds out for HOPELESS's last fight, drawing Cabin cards for
weapons where it stands: with a 10-round night that lifts one counselor's wins from 0.320 to 0.438, and it
changes nothing measurable at 20 or 40 rounds (ai/README.md, "Camp Grizzly strategies")."""

C = load()
EFFECTS = tuple({op.verb: op.n for op in card.effect} for card in C.cards)
"""Each card's effect steps as {verb: n}, built once: the heuristic reads them whenever a card can be played."""
BREAKABLE = C.with_trait["oneshot"] | C.with_trait["fragile"]
"""Weapons that can break or be used up in a fight (a reason to panic rather than risk them)."""
DIE = tuple(card.die for card in C.cards)
"""Each card's fight die (0: none), by card."""
ARMS = frozenset(card.id for card in C.cards if card.kind in ("weapon", "item"))
"""The cards that let a counselor fight."""

# The functions a heuristic playout calls at every decision read through loops, `map` and `filter` rather than
# comprehensions and generators: on Python 3.11 each comprehension is a function call of its own.


@attrs.frozen
class Style:
    """What a team plays for: `chase` the objectives of a finale (else hold out for HOPELESS's last fight,
    drawing Cabin cards for weapons); `timid`: panic before the last fight unless the odds are even."""

    chase: bool = True
    timid: bool = False


STANDARD = Style()


def play(style: Style) -> Policy:
    """The team policy in `style`."""

    def choose(obs: CampView, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return _choose(style, obs, seat, legal)

    return choose


policy = play(STANDARD)
"""The heuristic's choice among the legal actions: the standard team's."""

VARIANTS = {
    "stall": play(Style(chase=False)),
    "timid": play(Style(timid=True)),
}
"""Other strategies, for `heuristic:variant=NAME` (ai/README.md measures them against the standard team)."""


def _choose(style: Style, obs: CampView, seat: int, legal: Sequence[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    phase = obs.phase
    me = obs.card(seat)
    if phase == "strike":
        if style.timid and not obs.final and win_chance(obs, me) < 0.5:
            return next((a for a in legal if a[0] == "panic"), legal[0])
        return _strike(obs, me, legal)
    if phase == "panic":
        return _flee(obs, me, legal)
    if phase == "consent":
        return ("agree",)
    if phase == "fool":
        return max(legal, key=lambda a: (win_chance(obs, obs.card(a[1])), -a[1]))
    if phase == "end":
        return _end(obs, me, legal)
    return _move(style, obs, me, legal)


def evaluate(state: DeclaredState) -> list[float]:
    """Estimated returns: the dead score 0; the living by the team's progress towards a finale (and, once
    a combination is held, their distance to its red arrow), their health, their odds against Otis, and
    how far the body count is from HOPELESS."""
    if state.is_terminal:
        return state.returns()
    obs: CampView = state.observation(None)
    kinds = _team_kinds(obs)
    live = [f for f in range(len(C.finales)) if f not in obs.failed]
    progress = max((_held_kinds(kinds, f)[0] for f in live), default=0) / 3
    escape = _escaping(obs)
    doom = min(1.0, obs.body / C.hopeless)
    values = []
    for view in obs.team:
        if not view.alive:
            values.append(0.0)
            continue
        counselor = C.counselors[view.counselor]
        health = 1 - view.injuries / counselor.health
        odds = _odds(view, mods(view).fight, obs.attack_die, 0)
        near = 0.0
        if escape is not None:
            if view.location >= 0:
                near = max(0.0, 1 - C.dist[view.location][C.arrows[escape]] / 8)
            else:
                near = 1.0 if view.location == FINALE else 0.0
        value = 0.1 + 0.4 * progress + 0.1 * near + 0.15 * health + 0.1 * odds + 0.15 * (1 - doom)
        values.append(min(1.0, max(0.0, value)))
    return values


# ---- fights --------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def fight_odds(dice: tuple[int, ...], bonus: int, otis_die: int, otis_bonus: int) -> float:
    """P(sum of the dice + bonus > Otis's die + his bonus): Otis wins ties."""
    sums: dict[int, float] = {0: 1.0}
    for sides in dice:
        nxt: dict[int, float] = {}
        for total, p in sums.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        sums = nxt
    win = 0.0
    for total, p in sums.items():
        for roll in range(1, otis_die + 1):
            if total + bonus > roll + otis_bonus:
                win += p / otis_die
    return win


def mods(view: CounselorView) -> Mods:
    """A counselor's modifiers as the rules compute them."""
    return counselor_mods(view.counselor, view.permanents, view.campers, view.equipped)


def win_chance(obs: CampView, view: CounselorView, extra: int = 0) -> float:
    """This counselor's chance of beating Otis now."""
    bonus = mods(view).fight + extra - (1 if view.horror else 0)
    return _odds(view, bonus, obs.attack_die, obs.strike_bonus if obs.phase == "strike" else 0)


def _odds(view: CounselorView, bonus: int, otis_die: int, otis_bonus: int) -> float:
    """The counselor's chance of beating Otis's die + `otis_bonus` with its equipped dice + `bonus`."""
    if not _armed(view):
        return 0.0
    dice = tuple(sorted(filter(None, map(DIE.__getitem__, view.equipped))))
    return fight_odds(dice, bonus, otis_die, otis_bonus)


def _armed(view: CounselorView) -> bool:
    return not ARMS.isdisjoint(view.equipped)


def _strike(obs: CampView, me: CounselorView, legal: Sequence[Action]) -> Action:
    final = obs.final
    queue, later = obs.strike_queue, obs.strike_later
    mine = win_chance(obs, me)
    if ("later",) in legal:
        others = [win_chance(obs, obs.card(s)) for s in queue if s != me.seat and s not in later]
        if others and max(others) > mine + 0.05:
            return ("later",)
    fights = [a for a in legal if a[0] == "fight"]
    dodges = [a for a in legal if a[0] == "panic" and len(a) > 1]
    counselor = C.counselors[me.counselor]
    deadly = counselor.health - me.injuries <= max(1, obs.damage - mods(me).armor)
    if fights:
        boosted = [(win_chance(obs, me, _bonus(a[1])), a) for a in fights if len(a) > 1]
        best_card = max(boosted, default=(0.0, None))
        if best_card[1] is not None and (final or deadly) and best_card[0] > mine:
            return best_card[1]
        fragile = not BREAKABLE.isdisjoint(me.equipped)
        if final or mine >= FAIR_ODDS or not fragile or deadly:
            if deadly and dodges and mine < 0.5 and not final:
                return dodges[0]
            return ("fight",)
    if dodges:
        return dodges[0]
    return ("panic",)


def _bonus(card: int) -> int:
    return sum(op.n for op in C.cards[card].effect if op.verb == "fight")


def _flee(obs: CampView, me: CounselorView, legal: Sequence[Action]) -> Action:
    otis = obs.strike_space if obs.strike_space >= 0 else obs.otis
    if otis < 0:
        return ("stop",)
    dist = C.dist[otis]
    here = dist[me.location]
    best = max((a for a in legal if a[0] == "flee"), key=lambda a: (dist[a[1]], -a[1]), default=None)
    if best is None or dist[best[1]] <= here:
        return ("stop",)
    return best


# ---- the turn ------------------------------------------------------------------------------------


def _move(style: Style, obs: CampView, me: CounselorView, legal: Sequence[Action]) -> Action:
    for action in legal:
        if action[0] == "finale" and _ready(obs, action[1]):
            return action
    free = _free_choice(obs, me, legal, moving=True)
    if free is not None:
        return free
    goal = _goal(obs, me) if style.chase or _escaping(obs) is not None else None
    if goal is not None and goal != me.location:
        step = _next_step(obs, me, goal)
        if step is not None:
            for verb in ("step", "force"):
                if (verb, step) in legal:
                    return (verb, step)
    if ("reveal",) in legal:
        return ("reveal",)
    return ("draw",)


def _end(obs: CampView, me: CounselorView, legal: Sequence[Action]) -> Action:
    free = _free_choice(obs, me, legal, moving=False)
    if free is not None:
        return free
    want = _loadout(me.equipped, me.backpack)
    for card in me.equipped:
        if card not in want and ("unequip", card) in legal:
            return ("unequip", card)
    for card in want:
        if ("equip", card) in legal:
            return ("equip", card)
    for action in legal:  # give objectives to a teammate here who holds more (a mate's come only by its gift)
        if action[0] == "give" and C.cards[action[1]].objective:
            mate = obs.card(action[2])
            if (len(mate.objectives), -mate.seat) > (len(me.objectives), -me.seat):
                return action
    return ("end",)


def _free_choice(obs: CampView, me: CounselorView, legal: Sequence[Action], moving: bool) -> Action | None:
    counselor = C.counselors[me.counselor]
    for action in legal:
        verb = action[0]
        if verb == "take":
            info = C.cards[action[1]]
            if info.objective and (info.objective != "Keys" or not _has_keys(me)):
                return action
            if info.equippable and _improves(me, action[1]):
                wield = ("equip", action[1])  # picked up and equipped at once, when it fits the hands
                return wield if wield in legal else action
        elif verb == "play":
            ops = EFFECTS[action[1]]
            if "heal" in ops and me.injuries >= min(ops["heal"], counselor.health - 1):
                return action
            if "lure" in ops and obs.otis >= 0 and C.dist[obs.otis][me.location] <= 1 and win_chance(obs, me) < 0.5:
                return action
            if "move" in ops and moving and _escaping(obs) is not None:
                return action
    return None


@lru_cache(maxsize=8192)
def _loadout(equipped: tuple[int, ...], pack: tuple[int, ...]) -> tuple[int, ...]:
    """Clothing, then the weapons and items for two hands with the best average fight total (a counselor's
    equipped cards and backpack are all it depends on, so it is cached: it runs at every end of turn)."""
    cards = [*equipped, *pack]
    clothing = [c for c in cards if C.cards[c].kind == "clothing"]
    gear = sorted(c for c in cards if C.cards[c].equippable and C.cards[c].kind != "clothing")
    return (*clothing, *_best_hands(tuple(gear)))


@lru_cache(maxsize=4096)
def _best_hands(gear: tuple[int, ...]) -> tuple[int, ...]:
    """The weapons and items (sorted ids) for two hands with the best average fight total. Cached apart from
    `_loadout`: it depends only on the gear, wherever it is carried, and most new loadouts carry known gear."""
    best: tuple[float, tuple[int, ...]] = (0.0, ())
    for i, a in enumerate(gear):
        for pick in [(a,)] + [(a, b) for b in gear[i + 1 :]]:
            if sum(C.cards[c].hands for c in pick) <= 2:
                value = ordered_sum(
                    (C.cards[c].die + 1) / 2 * (C.cards[c].die > 0) + C.cards[c].mods.fight for c in pick
                )
                value -= 0.5 * sum("oneshot" in C.cards[c].traits for c in pick)
                best = max(best, (value, pick))
    return best[1]


def _improves(me: CounselorView, card: int) -> bool:
    return card in _loadout(me.equipped, (*me.backpack, card))


def _has_keys(me: CounselorView) -> bool:
    return not C.key_cards.isdisjoint(me.objectives)


# ---- where to go ---------------------------------------------------------------------------------


def _team_kinds(obs: CampView) -> tuple[str, ...]:
    """The objective kinds the living team holds, sorted."""
    cards = C.cards
    kinds = []
    for alive, held in zip(obs.turn[0], obs.objectives):
        if alive:
            for card in held:
                kinds.append(cards[card].objective)
    kinds.sort()  # in place: cheaper than sorted() of a generator, and this runs at nearly every move
    return tuple(kinds)


@lru_cache(maxsize=4096)
def _held_kinds(kinds: tuple[str, ...], f: int) -> tuple[int, tuple[str, ...]]:
    """How many of finale f's objectives the team holding objectives of `kinds` holds, and which are missing."""
    have = Counter(kinds)
    missing = []
    for kind in C.finales[f].needs:
        if have[kind]:
            have[kind] -= 1
        else:
            missing.append(kind)
    return 3 - len(missing), tuple(missing)


def _escaping(obs: CampView) -> int | None:
    """The finale whose three objectives the team holds (the nearest to the campfire if several)."""
    return _escape_for(_team_kinds(obs), obs.failed)


@lru_cache(maxsize=4096)
def _escape_for(kinds: tuple[str, ...], failed: tuple[int, ...]) -> int | None:
    ready = [f for f in range(len(C.finales)) if f not in failed and not _held_kinds(kinds, f)[1]]
    return min(ready, key=lambda f: (C.dist[C.campfire][C.arrows[f]], f)) if ready else None


@lru_cache(maxsize=4096)
def _wanted(kinds: tuple[str, ...], failed: tuple[int, ...]) -> tuple[frozenset[str], int]:
    """The objective kinds still missing from some live finale, and the fewest any live finale misses."""
    wanted: set[str] = set()
    fewest = 3
    for f in range(len(C.finales)):
        if f not in failed:
            missing = _held_kinds(kinds, f)[1]
            wanted.update(missing)
            fewest = min(fewest, len(missing))
    return frozenset(wanted), fewest


def _ready(obs: CampView, f: int) -> bool:
    """Start once everyone who can come is in the arrow's cabin, or when waiting is too dangerous."""
    cabin = C.cabin_of[C.arrows[f]]
    waiting = [at for alive, at in zip(obs.turn[0], obs.location) if alive and at >= 0 and C.cabin_of[at] != cabin]
    late = obs.round >= obs.night - 1 or obs.body >= C.hopeless - 3
    close = obs.otis >= 0 and C.dist[obs.otis][C.arrows[f]] <= 2
    return not waiting or late or close


def _goal(obs: CampView, me: CounselorView) -> int | None:
    kinds = _team_kinds(obs)
    escape = _escape_for(kinds, obs.failed)
    if escape is not None:
        return C.arrows[escape]
    wanted, fewest = _wanted(kinds, obs.failed)
    if obs.night - obs.round < ROUNDS_PER_OBJECTIVE * fewest:
        return None  # too late to complete a finale: hold out for the last fight instead
    targets = set(obs.mystery_spaces)
    keyless = not _has_keys(me)
    for card, space in obs.spot:  # an objective on the board lies on the ground (read without gathering it)
        objective = C.cards[card].objective
        if objective in wanted or (keyless and objective == "Keys"):
            targets.add(space)
    if not targets:
        return None
    dist = _walk(obs, me, me.location)
    alive = obs.turn[0]
    mates = []
    for seat, at in enumerate(obs.location):
        if alive[seat] and seat != me.seat and at >= 0:
            mates.append(at)
    reachable = list(filter(dist.__contains__, targets))
    if not reachable and _forces(obs, me):
        dist = _walk(obs, me, me.location, force=True)
        reachable = list(filter(dist.__contains__, targets))
    if not reachable:
        return None
    if not mates:  # alone: the nearest target (the score below without cohesion, built cheaper)
        return min(zip(map(dist.__getitem__, reachable), reachable))[1]

    def score(t: int) -> tuple[float, int]:
        cohesion = min(map(C.dist[t].__getitem__, mates))
        return (dist[t] + 0.5 * cohesion, t)

    return min(reachable, key=score)


def _walk(obs: CampView, me: CounselorView, start: int, force: bool = False) -> dict[int, int]:
    """A counselor's walking distances: paths only, locks open to keys (or forced: `force`), never through Otis."""
    return _walk_from(start, () if force or not obs.locks or _has_keys(me) else obs.lock_spots, obs.otis)


def _forces(obs: CampView, me: CounselorView) -> bool:
    """Whether the counselor could force a lock (an equipped breach weapon, no keys: RULES.md, Assumption 43).
    Forcing costs a Tempt Fate, so a walk forces only where no open way leads (`_goal`, `_next_step`)."""
    return bool(obs.locks) and not _has_keys(me) and not C.with_trait["breach"].isdisjoint(me.equipped)


@lru_cache(maxsize=8192)
def _walk_from(start: int, locks: tuple[tuple[int, int], ...], otis: int) -> dict[int, int]:
    # Its own breadth-first walk on space numbers, not `Board.distances` on names: through the board (a
    # passable() call an edge, names to numbers and back) heuristic play took 5.6% more instructions
    # (callgrind, ten 4-seat heuristic matches, 2026-12-06).
    locked = {space for space, _ in locks}
    dist = {start: 0}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        if here == otis and here != start:
            continue
        for there in C.adjacent[here]:
            if there not in dist and there not in locked:
                dist[there] = dist[here] + 1
                frontier.append(there)
    return dist


def _next_step(obs: CampView, me: CounselorView, goal: int) -> int | None:
    back = _walk(obs, me, goal)
    if me.location not in back and _forces(obs, me):
        back = _walk(obs, me, goal, force=True)
    if me.location not in back:
        return None
    closer = back[me.location] - 1
    best = None
    for there in C.adjacent[me.location]:
        if back.get(there, 99) == closer and there != obs.otis and (best is None or there < best):
            best = there
    return best
