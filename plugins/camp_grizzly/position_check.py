"""Why a Camp Grizzly state cannot arise under the rules (`CampState.position_problem`).

A position file is read field by field; the declaration checks types, seats and card counts, but not the bounds
the rules keep: a counselor, a space, a finale or a die is an index into the content (a negative one would
silently read from the end, and WOODS and FINALE are the only negative locations), a count is never negative nor
past its track, a card lies only where the rules put its kind, and the flags of the match fit together (`over`
and the winners, HOPELESS and the body count, the phase and what it waits for). Each check may index with what
the ones before it allowed, so only the first problem found is sound: it is the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from corekit.game import rolling_log_problem
from corekit.words import counted
from plugins.camp_grizzly.content import FINALE, WOODS, Card, load
from plugins.camp_grizzly.game import FREE_ACTIONS, MAX_MOVE, card_names
from plugins.camp_grizzly.phases import CONSENT, END, FOOL, IN_FINALE, IN_WOODS, MOVE, OTIS_TURN, OVER, PANIC, STRIKE
from plugins.camp_grizzly.state import LOG, CampState

CONTENT = load()
SPACES = len(CONTENT.spaces)
FINALES = len(CONTENT.finales)
COUNSELORS = len(CONTENT.counselors)
DECISIONS = frozenset((MOVE, END, STRIKE, PANIC, CONSENT, FOOL, OVER))
"""The phases a match waits in; the others (the woods, Otis's turn, a finale's next line) resolve at once."""
CARRY_ON = frozenset((MOVE, END, IN_WOODS, OTIS_TURN, IN_FINALE))
"""What may wait on the pending stack: the steps `CampState.resume` carries on with."""
BODY_CEILING = (
    CONTENT.hopeless
    - 1
    + sum(card.kind == "cameo" for card in CONTENT.cards)
    + sum(card.kind == "camper" for card in CONTENT.cards)
)
"""The most the body count can be, less one per counselor. It rises freely up to 12; once it reaches 13 (HOPELESS)
the strike under way ends and the last fight follows, and no cameo or camper comes into play any more (a Tempt Fate
met in a panic discards what it draws), so only deaths add to it: each cameo card at most once, and each counselor
once with every camper in front of them."""


def _kinds(*kinds: str) -> Callable[[Card], bool]:
    return lambda card: card.kind in kinds


def _deck(deck: str) -> Callable[[Card], bool]:
    return lambda card: card.deck == deck


def _objective(card: Card) -> bool:
    return bool(card.objective)


def _gear(card: Card) -> bool:
    return card.deck == "cabin" and card.kind in ("weapon", "item", "clothing")


ZONES: dict[str, tuple[Callable[[Card], bool], str]] = {
    "cabin_deck": (_deck("cabin"), "Cabin cards"),
    "cabin_discard": (_deck("cabin"), "Cabin cards"),
    "survival_deck": (_deck("survival"), "Survival cards"),
    "survival_discard": (_deck("survival"), "Survival cards"),
    # Objectives and keys spent on a failed finale go to `micro_used`, which No Escape! reshuffles into the "?" deck.
    "mystery_deck": (_kinds("objective", "aid", "surprise", "key"), '"?" cards'),
    "mysteries": (_kinds("objective", "aid", "surprise", "key"), '"?" cards'),
    "micro_used": (_kinds("objective", "surprise", "key"), "revealed surprises and spent objectives"),
    "supply": (_kinds("key", "lock", "horrified"), "spare keys, locks and horrified markers"),
    "boxed": (_kinds("surprise"), "surprises"),
    "ground": (lambda card: _gear(card) or _objective(card), "weapons, items, clothing, keys and objectives"),
    "locks": (_kinds("lock"), "locks"),
    "aids": (_kinds("aid"), "First Aid Stations"),
    "cameos": (_kinds("cameo"), "cameos"),
    "lasting": (lambda card: bool(card.lasting), "lasting plot twists"),
    "equipped": (lambda card: card.equippable, "weapons, items with hands and clothing"),
    "backpack": (
        lambda card: _gear(card) or card.kind == "single",
        "weapons, items, clothing and single-use Survival cards",
    ),
    "permanents": (_kinds("permanent"), "permanent Survival cards"),
    "campers": (_kinds("camper"), "campers"),
    "objectives": (_objective, "objectives and keys"),
    "horror_marks": (_kinds("horrified"), "horrified markers"),
}
"""Each zone's cards: what the rules put there, and how to say it."""
PER_SEAT = ("backpack", "campers", "equipped", "objectives", "permanents")
"""The zones of each counselor card."""


def position_problem(state: CampState) -> str | None:
    """The first reason `state` cannot arise under the rules, in one line naming the field, or None."""
    return next(_problems(state), None)


def _name(card: int) -> str:
    return card_names()[card]


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _space(space: int) -> str:
    return CONTENT.spaces[space]


def _problems(state: CampState) -> Iterator[str]:
    yield from _counselors(state)
    yield from _cards(state)
    yield from _board(state)
    yield from _health(state)
    yield from _clock(state)
    yield from _otis(state)
    yield from _queues(state)
    yield from _end(state)
    yield from _phase(state)


def _counselors(state: CampState) -> Iterator[str]:
    """One counselor card per seat, each a counselor of the box, none twice, and the ones the option chose (seat
    names and the rules must agree)."""
    counselors = state.counselors
    if len(counselors) != state.players:
        yield f"fields.counselors: {counted(len(counselors), 'counselor')} for {counted(state.players, 'seat')}"
    for seat, counselor in enumerate(counselors):
        if not 0 <= counselor < COUNSELORS:
            yield f"fields.counselors[{seat}]: {counselor} is not a counselor (0-{COUNSELORS - 1})"
    for seat, counselor in enumerate(counselors):
        if counselor in counselors[:seat]:
            yield f"fields.counselors: {CONTENT.counselors[counselor].name} is at two seats"
    chosen = state.game.chosen(state.players, state.options)
    if tuple(counselors) != chosen:
        names = "+".join(CONTENT.counselors[c].name for c in counselors)
        wanted = "+".join(CONTENT.counselors[c].name for c in chosen)
        yield (
            f"fields.counselors: {names}, but options.counselors {state.options.counselors!r} seats {wanted} "
            "(the seats' names come from the option)"
        )


def _cards(state: CampState) -> Iterator[str]:
    """Every card where the rules can put its kind, no more than two hands equipped, and the card drawn this turn
    a card a draw keeps."""
    cards = CONTENT.cards
    for name, (fits, holds) in ZONES.items():
        value = getattr(state, name)
        zones = enumerate(value) if name in PER_SEAT else [(None, value)]
        for seat, zone in zones:
            where = name if seat is None else f"{name}[{seat}]"
            for card in zone:
                if not fits(cards[card]):
                    kind = cards[card].kind
                    yield f"fields.{where}: {_name(card)} ({_a(kind)} card) is not one of the {holds} it holds"
    for seat, equipped in enumerate(state.equipped):
        hands = sum(cards[card].hands for card in equipped)
        if hands > 2:
            names = ", ".join(_name(card) for card in equipped if cards[card].hands)
            yield f"fields.equipped[{seat}]: {names} take {hands} hands; a counselor has 2"
    drawn = state.drawn
    if drawn != -1 and not (0 <= drawn < len(cards) and _gear(cards[drawn])):
        yield f"fields.drawn: {drawn} is neither -1 (none) nor a weapon, item or clothing card"


def _board(state: CampState) -> Iterator[str]:
    """Spaces in range: the counselors', the face-down "?" cards' and the cards lying face up."""
    for seat, where in enumerate(state.location):
        if not (0 <= where < SPACES or where in (WOODS, FINALE)):
            yield (
                f"fields.location[{seat}]: {where} is not a space (0-{SPACES - 1}), the woods ({WOODS}) or "
                f"a finale card ({FINALE})"
            )
    spaces = state.mystery_spaces
    setup = {CONTENT.index[name] for name in CONTENT.setups[state.options.setup.value].objectives}
    for at, space in enumerate(spaces):
        if not 0 <= space < SPACES:
            yield f"fields.mystery_spaces[{at}]: {space} is not a space (0-{SPACES - 1})"
        if space not in setup:
            setup_name = state.options.setup.value
            yield f'fields.mystery_spaces[{at}]: {_space(space)} is not a "?" space of the {setup_name} setup'
        if space in spaces[:at]:
            yield f'fields.mystery_spaces: two "?" cards on {_space(space)}'
    if len(spaces) != len(state.mysteries):
        yield f'fields.mystery_spaces: {len(spaces)} spaces for {len(state.mysteries)} face-down "?" cards'
    on_board = {*state.ground, *state.locks, *state.aids, *state.cameos}
    for card, space in state.spot.items():
        if card not in on_board:
            yield f"fields.spot: {_name(card)} has a space, but it lies in no board zone (ground, locks, aids, cameos)"
        if not 0 <= space < SPACES:
            yield f"fields.spot: {_name(card)} lies on {space}, not a space (0-{SPACES - 1})"
    for card in sorted(on_board - set(state.spot)):
        yield f"fields.spot: {_name(card)} lies on the board, but on no space"


def _health(state: CampState) -> Iterator[str]:
    """Injuries from 0 to one short of the skull for the living, horror from 0 to 2; the dead hold nothing, lie on
    the board and are not horrified (their markers back in the supply)."""
    alive = state.turn.alive
    if len(alive) != state.players:
        yield f"fields.turn: {counted(len(alive), 'seat')} in the turn order, but the match has {state.players}"
    for seat, counselor in enumerate(state.counselors):
        injuries, horror = state.injuries[seat], state.horror[seat]
        health = CONTENT.counselors[counselor].health
        if injuries < 0:
            yield f"fields.injuries[{seat}]: {injuries} is not a count"
        if alive[seat] and injuries >= health:
            yield f"fields.injuries[{seat}]: {injuries} reach the skull of a {health}-health counselor, who is alive"
        if not 0 <= horror <= 2:
            yield f"fields.horror[{seat}]: {horror}, but horror lasts at most 2 ends of turn"
        if alive[seat]:
            continue
        if horror:
            yield f"fields.horror[{seat}]: {horror}, but seat {seat} is dead"
        if state.location[seat] < 0:
            yield f"fields.location[{seat}]: {state.location[seat]}, but the dead lie on a space"
        for name in PER_SEAT:
            if getattr(state, name)[seat]:
                yield f"fields.{name}[{seat}]: cards, but seat {seat} is dead (the dead leave everything)"
    horrified = sum(1 for horror in state.horror if horror)
    if len(state.horror_marks) != horrified:
        markers = counted(len(state.horror_marks), "horrified marker")
        yield f"fields.horror_marks: {markers} on counselor cards, but {counted(horrified, 'counselor')} horrified"


def _clock(state: CampState) -> Iterator[str]:
    """The night and the turn's counters: the night is the option's, a round past it is the last fight's."""
    if state.night < 1:
        yield f"fields.night: {state.night}, but the night lasts at least 1 round"
    if state.night != state.options.night:
        yield f"fields.night: {state.night}, but options.night is {state.options.night}"
    if not 1 <= state.round <= state.night + 1:
        yield f"fields.round: {state.round}, but rounds run from 1 to {state.night + 1} (the night's end)"
    elif state.round > state.night and not state.hopeless and state.phase is not OVER:
        # The round after the night begins HOPELESS (RULES.md: the body count jumps to HOPELESS), unless the match
        # ended as that round came.
        yield f"fields.round: {state.round}, past the night ({state.night}), but fields.hopeless is false"
    if not 0 <= state.move_left <= MAX_MOVE:
        yield f"fields.move_left: {state.move_left}, but movement runs from 0 to {MAX_MOVE}"
    if not 0 <= state.free_left <= FREE_ACTIONS:
        yield f"fields.free_left: {state.free_left}, but a turn has 0 to {FREE_ACTIONS} free actions"
    if problem := rolling_log_problem(state.log, state.said, LOG):
        yield problem


def _otis(state: CampState) -> Iterator[str]:
    """Otis's space and card within the track; the body count and HOPELESS agree."""
    if not (state.otis == -1 or 0 <= state.otis < SPACES):
        yield f"fields.otis: {state.otis} is neither a space (0-{SPACES - 1}) nor -1 (lurking)"
    if not 1 <= state.stalk <= CONTENT.max_stalk:
        yield f"fields.stalk: {state.stalk}, but Otis stalks 1 to {CONTENT.max_stalk}"
    if not 0 <= state.attack < len(CONTENT.otis_dice):
        yield f"fields.attack: {state.attack} is not one of Otis's dice (0-{len(CONTENT.otis_dice) - 1})"
    if not 1 <= state.damage <= CONTENT.max_damage:
        yield f"fields.damage: {state.damage}, but Otis's damage runs from 1 to {CONTENT.max_damage}"
    body, hopeless = state.body, CONTENT.hopeless
    ceiling = BODY_CEILING + state.players
    if body < 0:
        yield f"fields.body: {body} is not a count"
    if body > ceiling:
        players = state.players
        yield f"fields.body: {body}, but the deaths of a match of {players} counselors bring it to {ceiling} at most"
    if body >= hopeless and not state.hopeless:
        yield f"fields.hopeless: false, but the body count {body} has reached HOPELESS ({hopeless})"
    if state.hopeless and body < hopeless:
        yield f"fields.hopeless: true, but the body count {body} is short of HOPELESS ({hopeless})"
    if state.final and not state.hopeless:
        yield "fields.final: the last fight is under way, but hopeless is false"


def _distinct(name: str, seats: list[int]) -> Iterator[str]:
    for at, seat in enumerate(seats):
        if seat in seats[:at]:
            yield f"fields.{name}: seat {seat} twice"


def _queues(state: CampState) -> Iterator[str]:
    """The strike, consent and finale under way: seats once each, finales and spaces in range."""
    players = state.players
    if not (0 <= state.strike_space < SPACES or state.strike_space in (WOODS, FINALE)):
        yield f"fields.strike_space: {state.strike_space} is not a space, the woods ({WOODS}) or a finale ({FINALE})"
    yield from _distinct("strike_queue", state.strike_queue)
    yield from _distinct("strike_later", state.strike_later)
    yield from _distinct("consent_queue", state.consent_queue)
    yield from _distinct("finale_party", state.finale_party)
    for seat in state.strike_later:
        if seat not in state.strike_queue:
            yield f"fields.strike_later: seat {seat} let others go first, but is not in the strike queue"
    for seat in state.strike_queue:
        if not state.turn.alive[seat]:
            yield f"fields.strike_queue: seat {seat} is dead"
    if state.strike_bonus < 0:
        yield f"fields.strike_bonus: {state.strike_bonus} is not a bonus"
    if state.panic_left < 0:
        yield f"fields.panic_left: {state.panic_left} is not a count"
    for at, (seat, bonus) in enumerate(state.later_strikes):
        if not 0 <= seat < players:
            yield f"fields.later_strikes[{at}]: {seat} is not a seat of {players}"
        if bonus < 0:
            yield f"fields.later_strikes[{at}]: {bonus} is not a bonus"
    if not 0 <= state.consent_finale < FINALES:
        yield f"fields.consent_finale: {state.consent_finale} is not a finale (0-{FINALES - 1})"
    if not -1 <= state.finale < FINALES:
        yield f"fields.finale: {state.finale} is neither a finale (0-{FINALES - 1}) nor -1 (none)"
    for name in ("refused", "failed"):
        finales = getattr(state, name)
        for at, f in enumerate(finales):
            if not 0 <= f < FINALES:
                yield f"fields.{name}[{at}]: {f} is not a finale (0-{FINALES - 1})"
            if f in finales[:at]:
                yield f"fields.{name}: finale {f} twice"
    for card in state.finale_objectives:
        if not 0 <= card < len(CONTENT.cards):
            yield f"fields.finale_objectives: {card} is not a card (0-{len(CONTENT.cards) - 1})"
        if not _objective(CONTENT.cards[card]):
            yield f"fields.finale_objectives: {_name(card)} is not an objective"
    if not -1 <= state.partner < players:
        yield f"fields.partner: {state.partner} is neither a seat of {players} nor -1 (none)"
    if state.finale == -1:
        if state.finale_party:
            yield "fields.finale_party: a party, but no finale is under way (finale -1)"
        # HOPELESS breaks off a finale and leaves its objectives listed (nothing reads them after it).
        if state.finale_objectives and not state.final:
            yield "fields.finale_objectives: objectives, but no finale is under way (finale -1)"
    else:
        steps = len(CONTENT.finales[state.finale].steps)
        if not 0 <= state.finale_step <= steps:
            yield f"fields.finale_step: {state.finale_step}, but the finale has {steps} lines"
        if len(state.finale_objectives) != 3:
            yield f"fields.finale_objectives: {len(state.finale_objectives)} cards, but a finale starts with 3"
    for seat, where in enumerate(state.location):
        if where == FINALE and (state.finale == -1 or seat not in state.finale_party):
            yield f"fields.location[{seat}]: on a finale card, but not in the party of a finale under way"
    for at, step in enumerate(state.pending):
        if step not in CARRY_ON:
            yield f"fields.pending[{at}]: {step.value!r} is not a step that carries on after a strike or a choice"


def _end(state: CampState) -> Iterator[str]:
    """`over` with the phase, the winners among the living of a match that is over, and someone alive otherwise."""
    alive = state.turn.alive
    if state.over != (state.phase is OVER):
        yield f"fields.over: {str(state.over).lower()}, but the phase is {state.phase.value!r}"
    yield from _distinct("winners", list(state.winners))
    if state.winners and not state.over:
        yield f"fields.winners: {list(state.winners)}, but the match is not over"
    for seat in state.winners:
        if not alive[seat]:
            yield f"fields.winners: seat {seat} is dead, and only survivors win"
    if not state.over and not any(alive):
        yield "fields.turn: every counselor is dead, but the match is not over"


def _phase(state: CampState) -> Iterator[str]:
    """What the phase waits for is there: the counselor in turn for a move or an end, a fighter for a strike, a
    runner for a panic, a holder for a consent, a partner for Foolin' Around."""
    phase = state.phase
    if phase not in DECISIONS:
        yield f"fields.phase: {phase.value!r} resolves at once; no match waits in it"
    if phase is OVER:
        return
    current = state.turn.current
    if phase in (MOVE, END, CONSENT, FOOL):
        if not state.turn.alive[current] or state.location[current] < 0:
            yield f"fields.turn: seat {current} plays the {phase.value} phase, but is dead or off the board"
        if state.strike_queue:
            yield f"fields.strike_queue: counselors to fight, but the phase is {phase.value!r}"
    if phase is not STRIKE and state.strike_lost:
        yield f"fields.strike_lost: a lost fight waits for its panic, but the phase is {phase.value!r}"
    if phase is not CONSENT and state.consent_queue:
        yield f"fields.consent_queue: holders to ask, but the phase is {phase.value!r}"
    if state.final and phase is not STRIKE:
        yield f"fields.final: the last fight is under way, but the phase is {phase.value!r}"
    if state.hopeless and phase not in (STRIKE, PANIC):
        yield f"fields.hopeless: HOPELESS starts the last fight at once, but the phase is {phase.value!r}"
    if state.finale != -1 and phase is not STRIKE:
        yield f"fields.finale: a finale is under way, but the phase is {phase.value!r}"
    if phase is STRIKE and not state.strike_queue:
        yield "fields.strike_queue: empty, but the strike phase waits for a counselor to fight"
    if phase is PANIC:
        seat = state.panic_seat
        if not state.turn.alive[seat] or state.location[seat] < 0:
            yield f"fields.panic_seat: seat {seat} runs, but is dead or off the board"
        if state.panic_left <= 0:  # a panic ends as its last space is run
            yield f"fields.panic_left: {state.panic_left} panic spaces left, but seat {seat} still runs"
    if phase is CONSENT and not state.consent_queue:
        yield "fields.consent_queue: empty, but the consent phase waits for a holder"
    if phase is FOOL and not state.fool_partners():
        yield "fields.phase: Foolin' Around waits for a partner, but nobody can be called"
    if (phase is FOOL or (phase in (STRIKE, PANIC) and not state.final)) and not state.pending:
        yield f"fields.pending: empty, but the {phase.value} phase carries on with what waits there"
