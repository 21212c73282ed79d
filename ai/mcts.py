"""Information-set Monte Carlo tree search (the `mcts` player).

The algorithm is single-observer information-set MCTS (SO-ISMCTS) of Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE Transactions on Computational Intelligence and AI in
Games 4(2), 2012, pp. 120-143 (Algorithm 3), with UCT selection (Kocsis and Szepesvari, "Bandit based
Monte-Carlo Planning", ECML 2006) and decoupled UCT at simultaneous decisions (Lanctot, Lisy and Winands,
"Monte Carlo Tree Search in Simultaneous Move Games with Applications to Goofspiel", CGW 2013; Tak,
Lanctot and Winands, "Monte Carlo Tree Search Variants for Simultaneous Move Games", CIG 2014).

One tree is grown for the searching seat, and its nodes are that seat's information sets: a node's
children are keyed by what the searching seat observes after the decision (`state.infoset_key(seat)`, a
compact key of its observation), so every hidden deal, unseen chance outcome and secret choice of another
seat that looks the same to it shares one node, while whatever it does see (a revealed guard, a die it
watched) branches. Each iteration:

1. **Determinize**: draw a fresh `view.sample(rng)`: the hidden cards redealt among the places they
   could be AND the chance generator reseeded, so the future (deck order, dice) is hidden too. The
   search never sees the true state: the seat view does not hold it.
2. **Select** down the tree using only the actions legal in this determinization. An edge's UCB1 score
   uses the *availability count* (how many times the action was legal when its parent was visited)
   instead of the parent's visit count: `mean + c * sqrt(ln(available) / visits)`. The mean is the reward
   of the seat that acts at that node, read from the returns vector, so the same rule serves any number
   of seats in free-for-all, elimination or cooperative play (where every seat's reward is the team's).
   Chance happens inside `apply` of the determinization; no chance nodes are needed.
3. **Simultaneous decisions** (several seats in `to_act`): the seats commit one after another in the
   determinization, but each selects from its *own* table at the node where the decision began
   (decoupled UCT), so no seat's choice is conditioned on another's secret commitment. At the root the
   searching seat commits first; other seats' commitments made before the search are hidden from it, and
   the sample has already redrawn them. After the decision resolves, the tree follows what the searching
   seat observes.
4. **Expand** the first untried action met: the heuristic policy's choice first when rollouts follow the
   heuristic (so a new node starts from the game's own judgement), otherwise one at random; then
5. **Roll out**: `random` plays uniformly to the end; `heuristic` plays the game's heuristic policy
   (random without one); `cutoff` plays `depth` random decisions and then scores the state with the
   game's heuristic evaluation (a game without one is played to the end).
6. **Back up** the returns vector: each edge on the path adds the reward of the seat that chose it.

`tree_depth` (0: no limit) caps how many decisions below the root the tree may grow; 1 gives flat UCB
over the root decision with rollouts. With heuristic rollouts that is the rollout algorithm of Bertsekas,
Tsitsiklis and Wu ("Rollout Algorithms for Combinatorial Optimization", J. Heuristics 3, 1997; Tesauro
and Galperin, "On-line Policy Improvement using Monte-Carlo Search", NIPS 1996): one step of policy
improvement over the heuristic, in which every other seat, and the searcher's own later decisions, follow
the heuristic instead of being searched.

Two options use the game's heuristic policy inside the search. `bias` is progressive bias (Chaslot,
Winands, van den Herik, Uiterwijk and Bouzy, "Progressive Strategies for Monte-Carlo Tree Search", New
Mathematics and Natural Computation 4(3), 2008): the policy's choice at a node earns `bias / (visits + 1)`
on top of its UCB1 score. `trust` makes the final decision conservative: the policy's choice is kept unless
the most visited action's mean beats it by `trust` standard errors.

`opponents=policy` models every other seat by the game's heuristic policy inside the tree too, not only in
the rollouts: at another seat's decision the determinization asks the policy, from that seat's own
observation of it, and the tree keeps no edge for that seat. The tree then branches only on the searcher's
own decisions; a node is the searcher's next information set, keyed once the others have moved, so what it
saw of their moves branches. With the other seats fixed to a policy, the searcher's problem is a
partially observable Markov decision process, and the search is UCT over its action-observation histories
with a sample of the view as the particle (POMCP: Silver and Veness, "Monte-Carlo Planning in Large
POMDPs", NIPS 2010); the idea of searching against a model of the opponent rather than its best reply is
opponent-model search (Carmel and Markovitch, "Incorporating Opponent Models into Adversary Search", AAAI
1996), and in MCTS for a hidden-information game, Ponsen, Gerritsen and Chaslot, "Integrating Opponent
Models with Monte-Carlo Tree Search in Poker", AAAI Workshop on Interactive Decision Theory and Game Theory,
2010. It removes the strategy fusion below (no other seat decides with the determinization's cards in view)
and lets the tree grow past the root, at the price of assuming the others play like the policy. A game
without a policy searches the other seats as before.

`widen` is progressive unpruning (Chaslot et al. 2008, above; Coulom, "Computing Elo Ratings of Move
Patterns in the Game of Go", ICGA Journal 30(4), 2007, calls it progressive widening) from the policy:
below the root a seat is offered only the policy's choice at a node until it has chosen there `widen` times,
then one more action each time that count doubles, in an order drawn when it first meets the node (the
policy's choice first, the rest shuffled). A deep node is visited a few times only, and there plain UCT
tries every action once before any twice, so the searcher's own later decisions in the tree would be
mostly untried alternatives, worse than the policy that a flat search assumes; unpruning keeps a sparse
node on the policy's line until its statistics can say otherwise. With `opponents=search` it also makes
the other seats follow the policy at sparse nodes: policy-biased opponents rather than fixed ones. Both
options are off by default: screened against each game's default at 1,000 iterations (ai/README.md, the
mcts section), neither beat it.

`root=halving` replaces UCB at the root by sequential halving over the root actions, each action's j-th
iteration replaying the same determinization (common random numbers); see `MctsPlayer._halve`.

The decision is the most visited root action of the searching seat (ties: higher mean, then the order of
the legal actions). Everything random is drawn from the player's own generator, so a seed and an
iteration budget give the same decisions on every machine. A `seconds` budget is not reproducible,
since the iteration count depends on the machine. A `steps` budget is: the search iterates until its
samples have applied that many actions, tree and rollouts together (the forward-model-call budget,
`BUDGET_FM_CALLS`, of TAG's MCTS player). An iteration costs about the length of its rollout, which grows
with the number of seats (more seats play each round, and a race or an elimination lasts longer), so an
iteration budget right for two seats can take several times as long at six; a step budget keeps the time
per decision about level across seat counts and through a match, as its rollouts shorten.

Known limits of SO-ISMCTS, accepted by default: the other seats decide inside the tree at the searcher's
information sets, with the determinization's cards in hand (strategy fusion), rather than at their own
information sets; MO-ISMCTS, in the same paper, grows one tree per seat to model that, and
`opponents=policy` above avoids it by not searching the other seats at all. Keying children by
the observation makes the path through an opponent's hidden action the same node whatever it chose.
"""

from __future__ import annotations

import enum
import sys
import time
from array import array
from collections.abc import Sequence
from math import copysign, inf, log, sqrt
from typing import Any

import attrs

from ai.playouts import policy_playout, random_playout, settled_values
from corekit import Action, Game, Heuristic, Player, Rng, SeatView, State, deciding, derive_seed, ordered_sum
from corekit.options import at_most, finite_from_zero

PLAYOUT_LIMIT = 100_000
"""A safety net only: random playouts end by the game contract (`max_decisions`)."""


class RootChoice(enum.Enum):
    """How the searching seat's root decision is made."""

    UCB = "ucb"
    HALVING = "halving"


class Opponents(enum.Enum):
    """How the other seats decide inside the tree."""

    SEARCH = "search"
    POLICY = "policy"


class Rollout(enum.Enum):
    """How an iteration finishes after leaving the tree."""

    RANDOM = "random"
    HEURISTIC = "heuristic"
    CUTOFF = "cutoff"


MAX_SECONDS = 3600.0
"""The longest budget per decision: `seconds=1e308` is finite, yet would never end."""
MAX_ITERATIONS = 10_000_000
"""The most iterations per decision: hours of search and a tree of gigabytes already."""
MAX_STEPS = 1_000_000_000
"""The most actions a `steps` budget may apply per decision: hours of search already."""
MAX_DEPTH = PLAYOUT_LIMIT
"""The deepest cutoff rollout or tree: no game is longer than the playout safety net."""
MAX_WEIGHT = 1e6
"""The largest exploration constant, trust or bias: beyond it the term is all a choice weighs (and 1e308 would
overflow to infinity once multiplied)."""


@attrs.frozen
class MctsOptions:
    """Options of the MCTS player, e.g. `mcts:iterations=2000,c=0.7,rollout=heuristic`."""

    iterations: int = attrs.field(
        default=1000,
        validator=[attrs.validators.ge(1), at_most(MAX_ITERATIONS)],
        metadata={"help": "iterations per decision"},
    )
    seconds: float = attrs.field(
        default=0.0,
        validator=[finite_from_zero, at_most(MAX_SECONDS)],
        metadata={"help": "when above 0, search this long per decision instead of a number of iterations"},
    )
    steps: int = attrs.field(
        default=0,
        validator=[attrs.validators.ge(0), at_most(MAX_STEPS)],
        metadata={
            "help": "when above 0, iterate until the search has applied this many actions in its samples (tree "
            "and rollouts) instead of a number of iterations: reproducible, and about as long at any number of "
            "seats"
        },
    )
    c: float = attrs.field(
        default=0.7,
        validator=[finite_from_zero, at_most(MAX_WEIGHT)],
        metadata={"help": "UCB1 exploration constant"},
    )
    rollout: Rollout = attrs.field(default=Rollout.HEURISTIC, metadata={"help": "how an iteration ends"})
    depth: int = attrs.field(
        default=10,
        validator=[attrs.validators.ge(0), at_most(MAX_DEPTH)],
        metadata={"help": "random decisions a cutoff rollout plays before the evaluation"},
    )
    tree_depth: int = attrs.field(
        default=0,
        validator=[attrs.validators.ge(0), at_most(MAX_DEPTH)],
        metadata={"help": "decisions the tree may grow below the root (0: no limit; 1: the root only)"},
    )
    trust: float = attrs.field(
        default=0.0,
        validator=[finite_from_zero, at_most(MAX_WEIGHT)],
        metadata={
            "help": "when above 0, keep the heuristic policy's choice unless the search's best beats it by "
            "this many standard errors"
        },
    )
    bias: float = attrs.field(
        default=0.0,
        validator=[finite_from_zero, at_most(MAX_WEIGHT)],
        metadata={"help": "progressive bias: bonus bias/(visits+1) for the heuristic policy's choice at a node"},
    )
    widen: int = attrs.field(
        default=0,
        validator=[attrs.validators.ge(0), at_most(MAX_ITERATIONS)],
        metadata={
            "help": "when above 0, progressive unpruning below the root: a seat is offered only the heuristic "
            "policy's choice at a node until it has chosen there this many times, then one more action each "
            "time that count doubles"
        },
    )
    opponents: Opponents = attrs.field(
        default=Opponents.SEARCH,
        metadata={
            "help": "the other seats' decisions in the tree: search (UCT at the searcher's nodes), or policy "
            "(the game's heuristic policy; the tree branches only on the searcher's own decisions)"
        },
    )
    root: RootChoice = attrs.field(
        default=RootChoice.UCB,
        metadata={
            "help": "the root decision: ucb (most visited), or halving (sequential halving over the root "
            "actions on common samples; an iteration budget only, and at least one iteration per surviving action "
            "in each round, so with k actions it spends at least about 2k (k + k/2 + k/4 ...), whatever the budget)"
        },
    )

    @root.validator
    def _halving_counts_iterations(self, attribute: Any, value: RootChoice) -> None:
        if value is RootChoice.HALVING and (self.seconds > 0 or self.steps > 0):
            budget = "seconds" if self.seconds > 0 else "steps"
            raise ValueError(f"root=halving splits an iteration budget; it cannot be used with {budget}")

    @steps.validator
    def _one_budget(self, attribute: Any, value: int) -> None:
        if value > 0 and self.seconds > 0:
            raise ValueError("give one budget: steps or seconds, not both")


class Node:
    """One information set of the searching seat: the statistics of each (seat, action) edge met there, and the
    next information sets by what the searching seat observes after the decision.

    Compact, for trees of many thousand nodes: the edges' keys are one string, a character an edge naming its
    (seat, action) in the search's `Keys` and shared by every node that met the same edges, and their numbers
    one float array, three per edge: visits, the summed reward of the seat that chose it, and its availability
    count.

    Most nodes of a tree are leaves an iteration passed through once, every seat there meeting all its actions
    for the first time: each edge was available once, and only the one each seat chose has a visit. Such a
    node keeps only the chosen edges' numbers (`first`: visits, summed reward and the edge's index, three
    floats each) and no `stats` (None); `full` makes the whole array when the search meets the node again,
    before anyone chooses there, so the numbers are the same either way."""

    __slots__ = ("children", "first", "hints", "keys", "order", "stats")

    def __init__(self) -> None:
        self.keys = ""
        self.stats: array[float] | None = None
        self.first: array[float] | None = None
        self.children: dict[Any, Node] | None = None
        self.hints: dict[int, Action] | None = None
        self.order: dict[int, dict[Action, None]] | None = None

    def child(self, key: Any) -> Node:
        """The child reached when the searching seat observes `key` (created on first use, made `full` when
        met again)."""
        children = self.children
        if children is None:
            children = self.children = {}
        node = children.get(key)
        if node is None:
            node = children[key] = Node()
        elif node.stats is None and node.keys:
            node.full()
        return node

    def full(self) -> array[float]:
        """The edges' numbers, three per edge, made from the first pass's (and kept) if not made yet."""
        stats = self.stats
        if stats is None:
            stats = self.stats = self.numbers()
            self.first = None
        return stats

    def numbers(self) -> array[float]:
        """The edges' numbers, three per edge (visits, summed reward, availability), in the order of `keys`;
        a node passed once gives them made from its first pass's without keeping them."""
        if self.stats is not None:
            return self.stats
        stats = _AVAILABLE_ONCE * len(self.keys)
        first = self.first
        if first is not None:
            for at in range(0, len(first), 3):
                edge = 3 * int(first[at + 2])
                stats[edge] = first[at]
                stats[edge + 1] = first[at + 1]
        return stats


class Keys:
    """The edge keys of one search: a character for each (seat, action) met (its code), and the strings of
    codes that nodes hold as their `keys`, each made once and shared by the nodes that hold the same edges.

    A string takes a byte an edge (two past 256 codes), where a tuple of pairs took eight, and finding an edge
    is one dict lookup and `str.find`. A node gets a new string each time it gains edges, so a table that kept
    every string it made would hold each node's old ones too (1,341 for 215 nodes in a 2,000-iteration slasher
    search at 6 seats, 2.4 times the tree's own bytes): once it has made a quarter as many strings as the tree
    has nodes since it last looked, it keeps only those some node of the tree still holds (a walk of the tree:
    amortised, a few steps a string made)."""

    __slots__ = ("codes", "known", "limit", "pairs", "root")

    def __init__(self, root: Node) -> None:
        self.root = root
        self.codes: dict[tuple[int, Action], str] = {}
        self.pairs: list[tuple[int, Action]] = []
        """(seat, action) by code point."""
        self.known: dict[str, str] = {}
        self.limit = _LOOK_AFTER

    def code(self, seat: int, action: Action) -> str:
        """The character naming `seat`'s `action` in this search (made on first use)."""
        pair = (seat, action)
        code = self.codes.get(pair)
        if code is None:
            if len(self.pairs) > sys.maxunicode:
                raise ValueError(f"a search met more than {sys.maxunicode + 1:,} different (seat, action) pairs")
            code = self.codes[pair] = chr(len(self.pairs))
            self.pairs.append(pair)
        return code

    def index(self, node: Node, seat: int, action: Action) -> int:
        """The index of `seat`'s `action` among `node`'s edges, or -1."""
        code = self.codes.get((seat, action))
        return -1 if code is None else node.keys.find(code)

    def edges(self, node: Node) -> list[tuple[int, Action]]:
        """`node`'s edges as (seat, action), in the order of its numbers."""
        pairs = self.pairs
        return [pairs[ord(code)] for code in node.keys]

    def has_seat(self, node: Node, seat: int) -> bool:
        """Whether `seat` has an edge at `node`."""
        pairs = self.pairs
        return any(pairs[ord(code)][0] == seat for code in node.keys)

    def table(self, node: Node, seat: int) -> dict[Action, tuple[int, float, int]]:
        """`seat`'s edges at `node`: action -> (visits, summed reward, availability count)."""
        stats = node.numbers()
        return {
            action: (int(stats[3 * at]), stats[3 * at + 1], int(stats[3 * at + 2]))
            for at, (who, action) in enumerate(self.edges(node))
            if who == seat
        }

    def add(self, node: Node, seat: int, action: Action) -> int:
        """Give `node` (made `full`) a fresh edge for `seat`'s `action`; its index."""
        keys = node.keys + self.code(seat, action)
        node.keys = self._shared(keys)
        node.full().extend(_FRESH)
        return len(keys) - 1

    def extend(self, node: Node, seat: int, actions: Sequence[Action]) -> int:
        """Give `node` an edge for each of `seat`'s `actions` at once, without numbers (a first pass); the
        index of the first."""
        start = len(node.keys)
        code = self.code
        node.keys = self._shared(node.keys + "".join([code(seat, action) for action in actions]))
        return start

    def _shared(self, keys: str) -> str:
        known = self.known
        if len(known) >= self.limit:
            known = self._prune()
        return known.setdefault(keys, keys)

    def _prune(self) -> dict[str, str]:
        """Keep only the strings the tree's nodes hold; look again after a quarter as many more as there are nodes."""
        held: dict[str, str] = {}
        nodes = 0
        stack = [self.root]
        while stack:
            node = stack.pop()
            nodes += 1
            held[node.keys] = node.keys
            if node.children:
                stack.extend(node.children.values())
        self.known = held
        self.limit = len(held) + max(nodes // 4, _LOOK_AFTER)
        return held


_LOOK_AFTER = 64
"""The fewest strings a table makes between two looks at the tree (a small tree is not walked again and again)."""


_FRESH = array("d", (0.0, 0.0, 0.0))
_AVAILABLE_ONCE = array("d", (0.0, 0.0, 1.0))


class MctsPlayer(Player):
    """Information-set MCTS over fresh determinizations (see the module docstring)."""

    def __init__(self, options: MctsOptions, seed: int, heuristic: Heuristic | None = None) -> None:
        self.options = options
        self.rng = Rng(seed)
        self.c = options.c
        self.policy = heuristic.policy if heuristic else None
        self.evaluate = heuristic.evaluate if heuristic else None
        self.guide = self.policy if options.rollout is Rollout.HEURISTIC else None
        self.bias = options.bias if self.policy is not None else 0.0
        self.model = self.policy if options.opponents is Opponents.POLICY else None
        self.widen = options.widen if self.policy is not None else 0
        self._choose = self._widened if self.widen else self._select
        self.root: Node | None = None
        self.iterations_done = 0
        self.applied = 0
        """Actions applied in the samples since the decision began (what a `steps` budget counts)."""
        self._stats: list[list[Any]] | None = None
        self._overruled: Any = None
        """The encoded action the search found best when `trust` kept the policy's choice over it, else None."""
        self._keys = Keys(Node())  # each search makes its own

    def decide(self, view: SeatView) -> Action:
        """The search's choice: the most visited root action, or the winner of sequential halving; with
        `trust`, the heuristic policy's own choice unless that one beats it clearly."""
        legal = deciding(view)
        self._overruled = None
        self.applied = 0  # a decision's own count, whether it searches, halves or has one action
        if len(legal) == 1:
            # No search, so no statistics (as os-ismcts and os-mcts): 0 visits of value 0 read as a sure loss.
            self.root, self.iterations_done, self._stats = None, 0, None
            self._keys = Keys(Node())  # the last search's table held its tree
            return legal[0]
        kept = None
        if self.options.trust > 0 and self.policy is not None:
            kept = self.policy(view.observation, view.seat, legal, self.rng)
        rewards = None
        if self.options.root is RootChoice.HALVING:
            root, best, rewards = self._halve(view, kept)
        else:
            root = self.search(view)
        table = self.table(root, view.seat)
        most, most_key = legal[0], (-1, -1.0)
        stats = []
        for action in legal:
            edge = table.get(action)
            visits = edge[0] if edge else 0
            mean = edge[1] / visits if edge and visits else 0.0
            stats.append([view.game.encode_action(action), visits, round(mean, 4)])
            if (visits, mean) > most_key:
                most, most_key = action, (visits, mean)
        self._stats = stats
        if rewards is None:
            best = most
        if kept is None or kept == best:
            return best
        if rewards is not None:  # halving compares on common samples: a paired test
            choice = best if paired_z(rewards[best], rewards[kept]) > self.options.trust else kept
        else:
            choice = self._trusted(table, best, kept)
        if choice != best:  # said in the annotation: a table whose best is not the choice would read as a mistake
            self._overruled = view.game.encode_action(best)
        return choice

    def table(self, node: Node, seat: int) -> dict[Action, tuple[int, float, int]]:
        """`seat`'s edges at `node` of the last search (its `root`, or a node below): action -> (visits, summed
        reward, availability count)."""
        return self._keys.table(node, seat)

    def _trusted(self, table: dict[Action, tuple[int, float, int]], best: Action, choice: Action) -> Action:
        """The policy's own `choice`, unless the search's `best` beats its mean by `trust` standard errors.

        A small budget spread over many actions leaves noisy means, and following their maximum in a long
        game adds up many small mistakes; this keeps the heuristic where the search has no clear evidence
        against it (a one-sided z-test; a reward in [0, 1] has a variance of at most 1/4).
        """
        found, kept = table.get(best), table.get(choice)
        if found is None or not found[0]:
            return best
        if kept is None or not kept[0]:
            return choice
        gap = found[1] / found[0] - kept[1] / kept[0]
        error = 0.5 * sqrt(1 / found[0] + 1 / kept[0])
        return best if gap > self.options.trust * error else choice

    def search(self, view: SeatView) -> Node:
        """Grow a fresh tree for `view`'s seat within the budget and return its root."""
        root = self.root = Node()
        self._keys = Keys(root)
        iterate = self._iterate
        next64 = self.rng.next64
        done = 0
        self.applied = 0
        if self.options.steps > 0:
            budget = self.options.steps
            while self.applied < budget:
                iterate(root, view, Rng(next64()))
                done += 1
        elif self.options.seconds > 0:
            deadline = time.perf_counter() + self.options.seconds
            clock = time.perf_counter
            while True:
                # The clock after every iteration: reading it costs well under a microsecond, an iteration a tenth
                # of a millisecond or more; reading it every 8 let a search of slow iterations (scavengers'
                # heuristic rollouts at 70 ms each) overrun 0.2 s by 0.7 s and forfeit under a time limit.
                iterate(root, view, Rng(next64()))
                done += 1
                if clock() >= deadline:
                    break
        else:
            for _ in range(self.options.iterations):
                iterate(root, view, Rng(next64()))
            done = self.options.iterations
        self.root, self.iterations_done = root, done
        return root

    def _halve(self, view: SeatView, kept: Action | None) -> tuple[Node, Action, dict[Action, list[float]]]:
        """Sequential halving over the root actions: the root, the winner and every action's rewards.

        The budget is split evenly over ceil(log2(k)) rounds; each round gives every surviving action the
        same number of iterations, one at least (so a budget too small for the actions is exceeded: 214 actions
        and `iterations=10` ran 429, an outside test found; the annotation says how many ran), and keeps the
        better half by mean reward (Karnin, Koren and Somekh, "Almost
        Optimal Exploration in Multi-Armed Bandits", ICML 2013, as at the root of Danihelka, Guez, Schrittwieser
        and Silver, "Policy improvement by planning with Gumbel", ICLR 2022). The j-th iteration of every
        action searches the same determinization with the same generator (common random numbers), so actions
        are compared on the same hidden cards and, as far as their futures run alike, the same dice. The
        policy's choice `kept`, when given, survives every round, so `trust` can weigh the winner against it.
        """
        legal = list(view.legal_actions)
        root = self.root = Node()
        self._keys = Keys(root)
        base = self.rng.next64()
        rewards: dict[Action, list[float]] = {action: [] for action in legal}
        alive = legal
        rounds = max(1, (len(legal) - 1).bit_length())
        count = 0
        ranked = legal
        for _ in range(rounds):
            count += max(1, self.options.iterations // (len(alive) * rounds))
            for action in alive:
                got = rewards[action]
                while len(got) < count:
                    got.append(self._iterate(root, view, Rng(derive_seed(base, len(got))), action))
            # Stable: ties keep the last round's order (the legal order in the first).
            ranked = sorted(alive, key=lambda a: -ordered_sum(rewards[a]) / count)
            alive = ranked[: (len(alive) + 1) // 2]
            if kept is not None and kept not in alive:
                alive.append(kept)
        self.root, self.iterations_done = root, sum(len(got) for got in rewards.values())
        return root, ranked[0], rewards

    def annotation(self) -> dict[str, Any] | None:
        """The root statistics of the last decision: `[encoded action, visits, mean reward]` per action; and when
        `trust` kept the policy's choice over the search's best, that best (`kept_over`, encoded)."""
        if self._stats is None:
            return None
        annotation = {"stats": self._stats, "iterations": self.iterations_done}
        if self._overruled is not None:
            annotation["kept_over"] = self._overruled
        return annotation

    # ---- one iteration -------------------------------------------------------------------------

    def _iterate(self, root: Node, view: SeatView, rng: Rng, forced: Action | None = None) -> float:
        """Determinize, select and expand, roll out, back up; the searcher's reward. `forced`, when given, is
        the searcher's root action (sequential halving chooses it, not UCB)."""
        state = view.sample(rng)
        searcher = view.seat
        if root.stats is None and root.keys:
            root.full()
        select = self._choose if forced is None else self._forcing(forced, searcher)
        node = root
        edges: list[tuple[array[float], int]] = []
        seats: list[int] = []
        first_seat: int | None = searcher
        expanded = False
        level, max_level = 0, self.options.tree_depth
        model = self.model
        descend = False
        modelled = 0
        while not expanded:
            to_act = state.to_act
            if not to_act:
                break
            if model is not None:
                if searcher not in to_act:
                    # Modelled opponents: another seat plays the policy from its own observation of the
                    # determinization, and the tree records nothing for it.
                    seat = to_act[0]
                    legal = state.legal_actions(seat)
                    state.apply_unchecked(
                        seat, model(state.observation(seat), seat, legal, rng) if len(legal) > 1 else legal[0]
                    )
                    modelled += 1
                    continue
                if descend:
                    # The searcher's next information set, keyed once the others have moved, so what it
                    # saw of their moves branches.
                    level += 1
                    if level == max_level:
                        break
                    node = node.child(state.infoset_key(searcher))
                action, edge, expanded = select(node, searcher, state.legal_actions(searcher), rng, state)
                state.apply_unchecked(searcher, action)
                edges.append(edge)
                seats.append(searcher)
                descend = True
                continue
            if len(to_act) == 1:
                seat = to_act[0]
                action, edge, expanded = select(node, seat, state.legal_actions(seat), rng, state)
                state.apply_unchecked(seat, action)
                edges.append(edge)
                seats.append(seat)
            else:
                # A simultaneous decision: every seat picks from its own table at this node, so none
                # is conditioned on another's secret commitment; the searcher commits first at the root.
                remaining = set(to_act)
                seat = first_seat if first_seat in remaining else to_act[0]
                while True:
                    action, edge, fresh = select(node, seat, state.legal_actions(seat), rng, state)
                    expanded = expanded or fresh
                    state.apply_unchecked(seat, action)
                    edges.append(edge)
                    seats.append(seat)
                    remaining.discard(seat)
                    to_act = state.to_act
                    if not to_act or len(to_act) != len(remaining) or not remaining.issuperset(to_act):
                        break  # the decision resolved
                    seat = to_act[0]
            if expanded:
                break
            # The next node is the searcher's next information set: what it observes now. Hidden cards,
            # chance and others' secret choices that it cannot see share one node; what it sees (a
            # revealed guard, a die it watched) branches.
            level += 1
            if level == max_level:
                break
            node = node.child(state.infoset_key(searcher))
            first_seat = None
        values = self._rollout(state, rng)
        self.applied += len(edges) + modelled
        for (stats, at), seat in zip(edges, seats):
            stats[at] += 1
            stats[at + 1] += values[seat]
        return values[searcher]

    def _forcing(self, forced: Action, searcher: int) -> Any:
        """A `_select` whose first choice for the searcher is `forced` (its root action)."""
        pending = [forced]

        def select(
            node: Node, seat: int, legal: Any, rng: Rng, state: State
        ) -> tuple[Action, tuple[array[float], int], bool]:
            if seat != searcher or not pending:
                return self._choose(node, seat, legal, rng, state)
            action = pending.pop()
            stats = node.full()
            at = 3 * self._edge(node, seat, action)
            stats[at + 2] += 1
            return action, (stats, at), stats[at] == 0

        return select

    def _edge(self, node: Node, seat: int, action: Action) -> int:
        """The index of `seat`'s `action` among `node`'s edges, made on first use."""
        at = self._keys.index(node, seat, action)
        return at if at >= 0 else self._keys.add(node, seat, action)

    def _widened(
        self, node: Node, seat: int, legal: Any, rng: Rng, state: State
    ) -> tuple[Action, tuple[array[float], int], bool]:
        """`_select` among the actions progressive unpruning has opened at `node` for `seat` (every action at
        the root): the policy's choice alone until the seat has chosen `widen` times here, then one more action
        each time that count doubles, in an order drawn when the seat first meets the node (the policy's
        choice first, the rest shuffled; actions legal only in later determinizations join at the end)."""
        if node is self.root:
            return self._select(node, seat, legal, rng, state)
        orders = node.order
        if orders is None:
            orders = node.order = {}
        order = orders.get(seat)
        if order is None:
            first = self.policy(state.observation(seat), seat, legal, rng)  # type: ignore[misc]
            rest = [action for action in legal if action != first]
            rng.shuffle(rest)
            order = orders[seat] = dict.fromkeys([first, *rest])
        else:
            for action in legal:
                if action not in order:
                    order[action] = None
        stats = node.stats
        pairs = self._keys.pairs
        chosen = 0
        if stats is not None:
            chosen = sum(int(stats[3 * at]) for at, code in enumerate(node.keys) if pairs[ord(code)][0] == seat)
        opened = 1 + (chosen // self.widen).bit_length()
        if opened < len(legal):
            allowed = set(legal)
            legal = [action for action in order if action in allowed][:opened]
        return self._select(node, seat, legal, rng, state)

    def _select(
        self, node: Node, seat: int, legal: Any, rng: Rng, state: State
    ) -> tuple[Action, tuple[array[float], int], bool]:
        """UCB1 with availability counts among `legal`; an untried action first. True when untried."""
        stats = node.stats
        if stats is None:
            return self._first_pass(node, seat, legal, rng, state)
        if self.bias and not self._keys.has_seat(node, seat):
            # The policy's choice in the first determinization that meets this seat here (one call per node
            # and seat, not per visit) earns the progressive bias.
            if node.hints is None:
                node.hints = {}
            node.hints[seat] = self.policy(state.observation(seat), seat, legal, rng)  # type: ignore[misc]
        hint = node.hints.get(seat) if node.hints is not None else None
        bias = self.bias
        c = self.c
        keys = node.keys
        codes = self._keys.codes
        best: Action = None
        best_at = -1
        best_score = -1.0
        untried: list[Action] | None = None
        for action in legal:
            code = codes.get((seat, action))
            at = -1 if code is None else keys.find(code)
            if at < 0:
                at = self._keys.add(node, seat, action)
                keys = node.keys
            at *= 3
            avail = stats[at + 2] = stats[at + 2] + 1
            visits = stats[at]
            if visits == 0:
                if untried is None:
                    untried = [action]
                else:
                    untried.append(action)
            elif untried is None:
                score = stats[at + 1] / visits + c * sqrt(log(avail) / visits)
                if hint is not None and action == hint:
                    score += bias / (visits + 1)
                if score > best_score:
                    best, best_at, best_score = action, at, score
        if untried is not None:
            action = untried[self._untried(untried, hint, seat, legal, rng, state)]
            return action, (stats, 3 * self._keys.index(node, seat, action)), True
        return best, (stats, best_at), False

    def _first_pass(
        self, node: Node, seat: int, legal: Any, rng: Rng, state: State
    ) -> tuple[Action, tuple[array[float], int], bool]:
        """`_select` at a node this iteration is the first to pass (no `stats` yet), where `seat` chooses for
        the first time: every action untried and now available once, the same draws as `_select` makes."""
        hint = None
        if self.bias:
            if node.hints is None:
                node.hints = {}
            hint = node.hints[seat] = self.policy(state.observation(seat), seat, legal, rng)  # type: ignore[misc]
        start = self._keys.extend(node, seat, legal)
        at = self._untried(legal, hint, seat, legal, rng, state)
        first = node.first
        if first is None:
            first = node.first = array("d")
        first.extend((0.0, 0.0, float(start + at)))
        return legal[at], (first, len(first) - 3), True

    def _untried(self, untried: Sequence[Action], hint: Action, seat: int, legal: Any, rng: Rng, state: State) -> int:
        """Which of `untried` (never empty) to try first: one at random, or the policy's choice (`hint`, else the
        guide's) when the search is guided and it is untried. One draw from `rng` when there is a choice, as
        `_select` and `_first_pass` must make alike (a node passed once holds the numbers either would)."""
        if len(untried) == 1:
            return 0
        at = rng.below(len(untried))
        if self.guide is not None:  # the policy's choice is tried first, the rest at random
            preferred = hint if hint is not None else self.guide(state.observation(seat), seat, legal, rng)
            if preferred in untried:
                at = untried.index(preferred)
        return at

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        """Finish the iteration from `state` and return a value in [0, 1] per seat."""
        rollout = self.options.rollout
        if rollout is Rollout.CUTOFF and self.evaluate is not None:
            self.applied += random_playout(state, rng, self.options.depth)
            if not state.is_terminal:
                return [float(v) for v in self.evaluate(state)]
        elif rollout is Rollout.HEURISTIC and self.policy is not None:
            self.applied += policy_playout(state, self.policy, rng, PLAYOUT_LIMIT)
        else:
            self.applied += random_playout(state, rng, PLAYOUT_LIMIT)
        return settled_values(state, 1.0 / state.players)


def paired_z(better: Sequence[float], worse: Sequence[float]) -> float:
    """The paired z of `better` over `worse` on their common samples: the mean difference over its standard
    error (0 with fewer than two pairs or when every difference is 0; infinite, signed, when every difference
    is the same non-zero amount)."""
    pairs = min(len(better), len(worse))
    if pairs < 2:
        return 0.0
    diffs = [better[j] - worse[j] for j in range(pairs)]
    mean = ordered_sum(diffs) / pairs
    variance = ordered_sum((d - mean) ** 2 for d in diffs) / (pairs - 1)
    if variance == 0:
        return copysign(inf, mean) if mean else 0.0
    return mean / sqrt(variance / pairs)


def make_mcts_player(options: MctsOptions, seed: int, game: Game, heuristic: Heuristic | None) -> MctsPlayer:
    """The `mcts` player type's factory: the game's heuristic guides rollouts when asked to."""
    return MctsPlayer(options, seed, heuristic)
