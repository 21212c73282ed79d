"""Every installed Campfire game as a PettingZoo AEC environment (extra `[pettingzoo]`; docs/interop.md).

`env(game_id, players=N, seed=S, render_mode=None, **options)`; options the game cannot play at N seats are
refused there (it deals once to check), not at the first `reset()`.

- **Agents** are `seat_0` .. `seat_{N-1}`. The agent selected is the seat that must decide; when several must
  at once (a simultaneous decision), the lowest of them, then the next: each sees that the others have
  committed, never to what (sequential moves with hidden commitments, as in `corekit.interop.openspiel`).
- **Actions** are `Discrete(len(action_space))`: the index in `Game.action_space(players, options)`, a whole
  number (an int or a NumPy integer: `operator.index`, but not a bool); anything else (0.9, "1", True) is
  refused, never rounded. `players` and a seed are whole numbers too.
- **Observations** are `{"observation": vector, "action_mask": mask}`: the vector is
  `corekit.interop.encoding`'s 0/1 hashed bag of the seat's observation (`FEATURES` entries, int8); the mask
  has a 1 at each legal action of the selected agent, and is all 0 for every other (as in PettingZoo's classic
  environments: in a simultaneous decision the next seat's mask fills when it is selected, as OpenSpiel's
  legal actions do). An action outside `Discrete(n)` is refused, a negative one too; a masked one (in the
  space but not legal now) raises the game's `IllegalAction` and leaves the environment unchanged, and
  PettingZoo's `TerminateIllegalWrapper` turns that into its classic environments' penalty instead.
  `infos[agent]["observation"]` is the seat's readable observation itself, the value the game's own players
  and renderer read.
- **Rewards** come once, at the end: each seat's `returns()` (1 a win, 0 a loss, shares between).
- **Termination**: every agent terminates when the match ends, then leaves as it steps `None`. A seat that is
  out of the game before that (a killed teen, a dead counselor) stays an agent until the end, never selected
  again: the contract knows a seat is out only by its never being asked to act again, which nothing can tell
  in advance, and its reward is known only at the end (the slasher's last teens killed together share the win
  with `all_dead=share`). Matches always end (`Game.max_decisions`), so nothing is ever truncated.
- **Seeds**: the first `reset()` deals from `seed`; `reset(seed=X)` deals from X; each later `reset()` without
  a seed deals the next match of that seed's series (`derive_seed(seed, "episode", n)`). A seed is a whole
  number from 0 to 2**64-1 (a Campfire seed): one outside is refused, not wrapped onto another's deal.
  `reset`'s `options` are ignored: a match's options are the environment's.
- `render()` with `render_mode="ansi"` returns the game's own drawing of the whole table; with `"human"` it
  prints it.
- The environment's seed is `env.base_seed` (`env.seed(n)`, the old Gym call, is not offered: `reset(seed=n)`).
- Before the first `reset()`, `step`, `last`, `observe` and `render` raise a RuntimeError saying to call it (`agents`
  is empty); so do `step` and `last` once every agent has left at the end of a match.
- The environment pickles and deep-copies, after `reset()` too (a seat's readable observation is a view, which
  pickles as its state class and values).
"""

from __future__ import annotations

import operator
from collections.abc import Hashable
from typing import Any

from corekit.interop import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as missing:  # a script importing this without the extra: say which to install
    raise missing_extra(__name__, "pettingzoo", missing) from missing

from corekit.game import Game, GameError, State
from corekit.interop.encoding import FEATURES, observation_features
from corekit.plugins import Registry, default_registry
from corekit.rng import derive_seed


def env(
    game_id: str,
    players: int | None = None,
    seed: int = 0,
    render_mode: str | None = None,
    registry: Registry | None = None,
    **options: Any,
) -> CampfireEnv:
    """An AEC environment for an installed game; `players` defaults to the game's fewest, `options` are the
    game's (as `-o key=value` gives them, text or typed)."""
    game = (registry or default_registry()).game(game_id)
    return CampfireEnv(game, game.min_players if players is None else players, seed, render_mode, options)


class CampfireEnv(AECEnv):  # type: ignore[misc]  # pettingzoo's base class is not typed for subclassing
    """One Campfire game at one player count and options, as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "campfire", "is_parallelizable": False}

    def __init__(
        self, game: Game, players: int, seed: int = 0, render_mode: str | None = None, options: Any = None
    ) -> None:
        super().__init__()
        count = _whole(players)
        if count is None:
            raise GameError(f"{game.id}: players must be a whole number, got {players!r}")
        if not game.min_players <= count <= game.max_players:
            raise game.wrong_player_count(count)
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.game = game
        self.players = count
        self.options = game.make_options(options)
        space = game.action_space(count, self.options)
        if space is None:
            raise GameError(f"{game.id} lists no action_space: PettingZoo numbers actions by it")
        self.actions: tuple[Hashable, ...] = tuple(space)
        self.index = {action: number for number, action in enumerate(self.actions)}
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"campfire_{game.id.replace('-', '_')}"}
        self.possible_agents = [f"seat_{seat}" for seat in range(count)]
        self.agents: list[str] = []  # until reset(): `agents` and `num_agents` answer, as the agents of no match
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (FEATURES,), np.int8),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: spaces.Discrete(len(self.actions)) for agent in self.possible_agents}
        self.base_seed = _seed(seed)
        # Deal once now: the game checks the options against the player count when it deals, so an impossible
        # combination is refused here, where it was made, not at the first reset().
        game.initial_state(count, self.base_seed, self.options)
        self.episode = 0
        self.match: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Discrete over the game's action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match (see the module docstring for its seed)."""
        if seed is not None:
            self.base_seed, self.episode = _seed(seed), 0
        match_seed = self.base_seed if self.episode == 0 else derive_seed(self.base_seed, "episode", self.episode)
        self.episode += 1
        self.match = self.game.initial_state(self.players, match_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {}
        self._update_infos()
        self.agent_selection = self.possible_agents[self.match.to_act[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation vector and its action mask."""
        match = self._match()
        seat = self.seats[agent]
        vector = np.zeros(FEATURES, np.int8)
        vector[observation_features(match.observation(seat))] = 1
        mask = np.zeros(len(self.actions), np.int8)
        if agent == self.agent_selection:
            mask[[self.index[action] for action in match.legal_actions(seat)]] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index into the action space); `None` once it is done. An
        illegal action (in the space, but masked) raises IllegalAction and leaves the environment unchanged."""
        match = self._match()  # before reset() there is no agent_selection either: say what to do, not that
        self._someone_left()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose match is over")
        number = _whole(action)
        last = len(self.actions) - 1
        if number is None:
            raise TypeError(f"{agent}'s action must be a whole number in its action space (0-{last}), got {action!r}")
        if not 0 <= number <= last:
            raise ValueError(f"action {number} is not in {agent}'s action space (0-{last})")
        match.apply(self.seats[agent], self.actions[number])
        self._cumulative_rewards[agent] = 0.0
        if match.is_terminal:
            returns = match.returns()
            self.rewards = {a: float(returns[self.seats[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[match.to_act[0]]
        self._update_infos()
        self._accumulate_rewards()

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last()`, refused as `observe()` is before `reset()` (not with an AttributeError)."""
        self._match()
        self._someone_left()
        last: tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]] = super().last(observe)
        return last

    def render(self) -> str | None:
        """The game's own drawing of the whole table: returned (render_mode "ansi") or printed ("human");
        None without a render mode."""
        if self.render_mode is None:
            return None
        match = self._match()
        drawing = self.game.render(match.observation(None), None)
        if self.render_mode == "human":
            print(drawing)
            return None
        return drawing

    def close(self) -> None:
        """Nothing to release."""

    def _update_infos(self) -> None:
        match = self._match()
        self.infos = {agent: {"observation": match.observation(self.seats[agent])} for agent in self.agents}

    def _match(self) -> State:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match

    def _someone_left(self) -> None:
        """Refuse, saying what to do, once every agent has stepped `None` and left (not a KeyError of its name)."""
        if not self.agents:
            raise RuntimeError("the match is over and every agent has left: call reset() to deal the next one")


def _whole(value: Any) -> int | None:
    """`value` as an int if it is a whole number of any integral type (a NumPy integer, say: `operator.index`),
    else None: a bool, a float, text or anything else is not read as one."""
    if isinstance(value, bool):  # an int to `operator.index`, but True is a truth value, not seat or action 1
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _seed(seed: Any) -> int:
    """A seed as an int, if it is a whole number from 0 to 2**64-1 (a Campfire seed): one outside is refused,
    not wrapped onto another's deal."""
    number = _whole(seed)
    if number is None:
        raise TypeError(f"seed must be a whole number from 0 to 2**64-1, got {seed!r}")
    if not 0 <= number < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, got {number}")
    return number
