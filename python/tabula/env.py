"""env.py - tabula games as multi-agent environments for learning, in the
agent-environment-cycle (AEC) form that PettingZoo documents, and a
vectorised runner that steps many games at once in C (docs/learning.md).

    from tabula.env import AECEnv, VecEnv
    env = AECEnv("no-thanks", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            policy(obs, info["action_mask"])
        env.step(action)

Observations are float32 NumPy vectors (the game's tensors, encoding
exactly what the agent's seat sees), actions are integers in
range(action_space(agent).n), and infos[agent]["action_mask"] marks the
legal ones.  Chance (shuffles, dice) is resolved inside from the seed given
to reset.  Rewards come at the end of the game: the game's own reward for
each seat (tb_game.reward) or its win share (1 for a sole win, 1/k for a
k-way tie, 0 otherwise).  Only games that define tensors can be made into
environments (tabula.game(id).has_tensors).

NumPy is needed here (Debian's python3-numpy); nothing else is.
"""
from __future__ import annotations

import ctypes
from typing import Any, Iterator, Optional, Union

import numpy as np

from . import _lib
from ._lib import lib
from . import CHANCE, TERMINAL, Config, Game, Rng, State, TabulaError, \
    _as_game


class Box:
    """The observation space: `shape` float32 values in [low, high] (the
    part of gymnasium.spaces.Box an agent reads)."""

    def __init__(self, size: int):
        self.shape = (size,)
        self.dtype = np.float32
        self.low, self.high = 0.0, np.inf

    def __repr__(self) -> str:
        return f"Box({self.shape[0]})"


class Discrete:
    """The action space: integers 0..n-1 (as gymnasium.spaces.Discrete);
    sample(mask) draws a legal one."""

    def __init__(self, n: int, rng: np.random.Generator):
        self.n = n
        self._rng = rng

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(legal[self._rng.integers(len(legal))])

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


def _reward(game: Game, state: State) -> list[float]:
    """Each seat's reward for a finished game, as tb_vec gives it."""
    r = _lib.tb_result()
    lib.tb_result_of(game._p, state._buf, ctypes.byref(r))
    out = []
    for j in range(r.players):
        if r.cooperative:
            out.append(float(r.team_win))
        elif r.rank[j] != 1:
            out.append(0.0)
        else:
            firsts = sum(1 for k in range(r.players) if r.rank[k] == 1)
            out.append(1.0 / firsts)
    return out


class AECEnv:
    """A game as an agent-environment cycle (PettingZoo's AEC contract):
    agents "player_0".."player_{n-1}" are the seats; agent_selection is the
    seat to act; step(action) plays its action; when the game ends every
    agent is terminated and is then stepped with None once to leave, as
    the contract asks.  max_steps truncates a game that runs longer."""

    metadata = {"name": "tabula", "is_parallelizable": False}

    def __init__(self, game: Union[Game, str], players: Optional[int] = None,
                 max_steps: Optional[int] = None, **options: Any):
        self.game = _as_game(game)
        if not self.game.has_tensors:
            raise TabulaError(_lib.EINVAL, f"{self.game.id} has no learning "
                              "tensors yet (docs/learning.md lists the games "
                              "that do)")
        self.config: Config = self.game.config(players, **options)
        n = self.config.players
        self.possible_agents = [f"player_{j}" for j in range(n)]
        self._seat = {a: j for j, a in enumerate(self.possible_agents)}
        self._obs_size = self.game.observation_size(self.config)
        self._space = self.game.action_space(self.config)
        self._np_rng = np.random.default_rng()
        self.max_steps = max_steps
        self.state: Optional[State] = None
        self.agents: list[str] = []

    # -- spaces
    def observation_space(self, agent: str) -> Box:
        return Box(self._obs_size)

    def action_space(self, agent: str) -> Discrete:
        return Discrete(self._space, self._np_rng)

    # -- the cycle
    def reset(self, seed: Optional[int] = None,
              options: Optional[dict] = None) -> None:
        """Starts a new game; seed fixes its chance (and sample())."""
        if seed is None:
            seed = int(np.random.default_rng().integers(2**63))
        self._rng = Rng(seed)
        self._np_rng = np.random.default_rng(seed)
        self.state = State(self.game, self.config)
        self.state.settle(self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._steps = 0
        self._after_move()

    def observe(self, agent: str) -> np.ndarray:
        """agent's observation now (what its seat sees)."""
        return self.state.observation(self._seat[agent])

    def last(self, observe: bool = True):
        """(observation, reward, termination, truncation, info) of
        agent_selection; reward is what it gathered since it last acted."""
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields agent_selection until every agent has left."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: Optional[int]) -> None:
        """Plays action (an index into the action space) for
        agent_selection; None for an agent that is terminated or truncated,
        which then leaves."""
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError(f"{a} is done: step it with None")
            self.agents.remove(a)
            for d in (self.rewards, self._cumulative_rewards,
                      self.terminations, self.truncations, self.infos):
                del d[a]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise ValueError(f"{a} is to act: give it an action")
        self._cumulative_rewards[a] = 0.0
        self.state.apply(self.state.action_of_index(int(action)))
        self._steps += 1
        self.state.settle(self._rng)
        self._after_move()

    def _after_move(self) -> None:
        """Sets rewards, terminations, infos and agent_selection after a
        move (or the deal)."""
        for a in self.agents:
            self.rewards[a] = 0.0
        cur = self.state.current
        if cur == TERMINAL:
            for a, r in zip(self.possible_agents,
                            _reward(self.game, self.state)):
                self.rewards[a] = r
                self._cumulative_rewards[a] += r
                self.terminations[a] = True
                self.infos[a] = {}
            self.agent_selection = self.agents[0]
            return
        assert cur != CHANCE  # settle() resolved it
        if self.max_steps is not None and self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {}
            self.agent_selection = self.agents[0]
            return
        mask = self.state.action_mask()
        for a in self.agents:
            self.infos[a] = {}
        agent = self.possible_agents[cur]
        self.infos[agent] = {"action_mask": mask}
        self.agent_selection = agent

    def render(self) -> str:
        """The table as a spectator sees it."""
        return self.state.render(-1)

    def close(self) -> None:
        self.state = None


class VecEnv:
    """n games played at once in C (tb_vec): after construction and each
    step, game i waits for seat[i], whose observation is obs[i] and legal
    actions mask[i]; step(actions) takes one action index per game, and a
    game that ends sets done[i] with each seat's reward[i] and is dealt
    again at once.  obs, mask, seat, reward and done are NumPy views of the
    vec's own memory: no copy is made per step, and they change in place."""

    def __init__(self, game: Union[Game, str], n: int,
                 players: Optional[int] = None, seed: int = 0,
                 **options: Any):
        self.game = _as_game(game)
        self.config = self.game.config(players, **options)
        err = ctypes.create_string_buffer(512)
        self._p = lib.tb_vec_new(self.game._p, ctypes.byref(self.config._c),
                                 int(n), seed & (2**64 - 1), err, 512)
        if not self._p:
            raise TabulaError(_lib.EINVAL, err.value.decode())
        self.n = n
        self.players = self.config.players
        self.obs_size = lib.tb_vec_obs_size(self._p)
        self.space = lib.tb_vec_space(self._p)
        self.obs = self._view("tb_vec_obs", np.float32, (n, self.obs_size))
        self.mask = self._view("tb_vec_mask", np.uint8,
                               (n, self.space)).view(np.bool_)
        self.seat = self._view("tb_vec_seat", np.int32, (n,))
        self.reward = self._view("tb_vec_reward", np.float64,
                                 (n, self.players))
        self.done = self._view("tb_vec_done", np.uint8, (n,)).view(np.bool_)

    def _view(self, fn: str, dtype: Any, shape: tuple) -> np.ndarray:
        """A NumPy array over one of the vec's arrays (no copy)."""
        addr = getattr(lib, fn)(self._p)
        count = int(np.prod(shape))
        buf = (ctypes.c_char * (count * np.dtype(dtype).itemsize)).from_address(addr)
        arr = np.frombuffer(buf, dtype=dtype, count=count).reshape(shape)
        arr.flags.writeable = False
        return arr

    def step(self, actions: Any) -> None:
        """Plays one action index per game (an int32 array of n)."""
        acts = np.ascontiguousarray(actions, dtype=np.int32)
        if acts.shape != (self.n,):
            raise ValueError(f"step wants {self.n} actions, not {acts.shape}")
        err = ctypes.create_string_buffer(512)
        rc = lib.tb_vec_step(self._p, acts.ctypes.data_as(ctypes.c_void_p),
                             err, 512)
        if rc != _lib.OK:
            raise TabulaError(rc, err.value.decode())

    def close(self) -> None:
        if getattr(self, "_p", None):
            lib.tb_vec_free(self._p)
            self._p = None

    __del__ = close
