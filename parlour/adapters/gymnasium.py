"""One seat of a Parlour game as a single-agent Gymnasium environment; the other seats are
Parlour computer players (`opponents`: a level "easy", "medium", "hard" or any agent spec).

    env = parlour.adapters.gymnasium.env("izind", seat=0, opponents="medium")

Observations are the same dict as the PettingZoo adapter's: "observation" (the learner's view
through `game.observation_encoder()`) and "action_mask" (int8 over `game.action_space_size`).
The reward is 0 until the game ends, then the learner's `returns()` value. `reset(seed=...)`
fixes the deal and the opponents' own generators. An illegal action is not replaced: as PettingZoo's
TerminateIllegalWrapper does, it ends the episode with `illegal_reward` (-1 by default) and the
game is left as it was. If a deal ends before the learner is ever asked to act (possible in a few
games), reset deals again with the next seed, so every episode has at least one decision.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from gymnasium import spaces

import parlour
from parlour.agents import make_agent

REDEALS = 100


def env(game_id: str, seat: int = 0, opponents: str = "easy", players: int | None = None,
        illegal_reward: float = -1.0, render_mode: str | None = None, **options):
    return ParlourEnv(game_id, seat, opponents, players, illegal_reward, render_mode, **options)


class ParlourEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, seat: int = 0, opponents: str = "easy",
                 players: int | None = None, illegal_reward: float = -1.0,
                 render_mode: str | None = None, **options):
        self.game = parlour.load(game_id, players, **options)
        if seat not in self.game.seats:
            raise ValueError(f"seat {seat} is not a seat of a {self.game.players}-player game")
        self.seat = seat
        self.opponents = opponents
        make_agent(opponents, self.game)  # refuse a bad spec now, not at the first reset
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.encoder = self.game.observation_encoder()
        size = self.game.action_space_size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)})
        self.action_space = spaces.Discrete(size)
        self._seeds = random.Random()
        self.state = None
        self.agents = {}
        self._over = True

    def _observation(self):
        mask = np.zeros(self.game.action_space_size, dtype=np.int8)
        if not self.state.is_terminal and self.state.current_player == self.seat:
            mask[[self.game.action_id(a) for a in self.state.legal_actions()]] = 1
        return {"observation": self.encoder.encode(self.state.view(self.seat)),
                "action_mask": mask}

    def _others_play(self):
        state = self.state
        while not state.is_terminal and state.current_player != self.seat:
            player = state.current_player
            state.apply(self.agents[player].choose(state, player))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        for _ in range(REDEALS):
            self.state = self.game.new_state(seed=self._seeds.randrange(2**63))
            self.agents = {s: make_agent(self.opponents, self.game,
                                         seed=self._seeds.randrange(2**63))
                           for s in self.game.seats if s != self.seat}
            self._others_play()
            if not self.state.is_terminal:
                self._over = False
                return self._observation(), {}
        raise RuntimeError(f"{REDEALS} deals in a row ended before seat {self.seat} acted")

    def step(self, action):
        if self.state is None or self._over:
            raise RuntimeError("the episode is over: call reset()")
        number = int(action)
        legal = {self.game.action_id(a): a for a in self.state.legal_actions()}
        if number not in legal:
            gymnasium.logger.warn(f"illegal action {number}: the episode ends")
            self._over = True
            return self._observation(), self.illegal_reward, True, False, {"illegal": True}
        self.state.apply(legal[number])
        self._others_play()
        if self.state.is_terminal:
            self._over = True
            return self._observation(), float(self.state.returns()[self.seat]), True, False, {}
        return self._observation(), 0.0, False, False, {}

    def render(self):
        if self.render_mode == "ansi" and self.state is not None:
            return self.game.render(self.state.view(self.seat))
        return None
