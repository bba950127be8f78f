"""Every Parlour game as a PettingZoo AEC environment: `env("arschloch", players=4)`.

Agents are "player_0".. in seat order. Each observation is a dict: "observation" (the seat's view
through `game.observation_encoder()`, float32) and "action_mask" (int8 over the game's fixed
action space, `game.action_space_size`). Rewards are 0 until the game ends, then each seat's
`returns()` as the game defines them (scores or placements: see the game's rules page).
`reset(seed=...)` fixes the deal; unseeded resets draw their seeds from the last seed given.

An illegal action is handled as PettingZoo's classic environments do, by its own wrappers:
TerminateIllegalWrapper ends the game with reward -1 for the offender and 0 for the others (with
PettingZoo's warning), never replacing the move. `raw_env` is the environment without wrappers.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import parlour


def env(game_id: str, render_mode: str | None = None, illegal_reward: float = -1.0,
        players: int | None = None, **options):
    """The wrapped environment (the one to use)."""
    raw = raw_env(game_id, render_mode=render_mode, players=players, **options)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):
    metadata = {"render_modes": ["human", "ansi"], "name": "parlour", "is_parallelizable": False}

    def __init__(self, game_id: str, render_mode: str | None = None, players: int | None = None,
                 **options):
        super().__init__()
        self.game = parlour.load(game_id, players, **options)
        self.metadata = dict(self.metadata, name=f"parlour_{game_id}")
        self.encoder = self.game.observation_encoder()
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in self.game.seats]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.game.action_space_size
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)}) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def action_mask(self, agent) -> np.ndarray:
        mask = np.zeros(self.game.action_space_size, dtype=np.int8)
        if not self.state.is_terminal and self.state.current_player == self._seat[agent]:
            mask[[self.game.action_id(a) for a in self.state.legal_actions()]] = 1
        return mask

    def observe(self, agent):
        return {"observation": self.encoder.encode(self.state.view(self._seat[agent])),
                "action_mask": self.action_mask(agent)}

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_state(seed=self._seeds.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        # The wrappers have refused out-of-range and masked-out ids before this point.
        self.state.apply(self.game.action_from_id(int(action)))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal:
            results = self.state.returns()
            self.rewards = {a: float(results[self._seat[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None or self.state is None:
            return None
        seat = None if self.state.is_terminal else self.state.current_player
        text = self.game.render(self.state.view(seat))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass
