"""OpenSpiel's own ISMCTS as a Parlour agent, the anchor hard is measured against
(docs/strength.md): `make_agent("openspiel:seconds=0.3", game)`.

The search is OpenSpiel's Python `ISMCTSBot` (open_spiel.python.algorithms.ismcts) as it ships:
random rollouts to the end of the game (`RandomRolloutEvaluator`), UCT over information states,
the returns as the game gives them. It plays the game through this package's OpenSpiel adapter,
and each of its root worlds is resampled from what the seat has seen, by the game's own
determinize. Two things are this module's: the bot is stopped by time instead of by a count of
simulations, so that both sides of an arena think as long a move; and the resampled world keeps
the seat's information state (its move-by-move views) while the views after it are taken in the
resampled world, so the tree's keys never read the real hidden cards.
"""

from __future__ import annotations

import json
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..agents.base import Agent
from . import openspiel as adapter


class _TimedBot(ismcts.ISMCTSBot):
    """The bot with a clock for its loop of simulations; each simulation is the bot's own."""

    def __init__(self, game, evaluator, uct_c, seconds, rng):
        super().__init__(game, evaluator, uct_c, max_simulations=1, random_state=rng)
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        self.simulations = 0
        while True:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
            # The first simulation only opens the root: a move needs one through it.
            if time.perf_counter() >= deadline and self._root_node.total_visits > 0:
                break
        return self.get_final_policy(state, self._root_node)


class OpenSpielISMCTS(Agent):
    name = "openspiel"

    def __init__(self, game, seed: int | None, seconds: float = 1.0, c: float = 2.0):
        adapter.register_all()
        self.game = game
        self.os_game = pyspiel.load_game(f"parlour_{game.info.id}", adapter.parameters_of(game))
        self.rng = random.Random(seed)
        np_rng = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(1, np_rng)
        self.bot = _TimedBot(self.os_game, evaluator, c, seconds, np_rng)
        self.bot.set_resampler(self._resample)
        self.last: dict = {}

    def choose(self, state, seat: int):
        action = int(self.bot.step(self._mirror(state)))
        self.last = {"simulations": self.bot.simulations}
        return self.game.action_from_id(action)

    def _mirror(self, state) -> adapter.ParlourState:
        """The adapter's state for this Parlour position: dealt with the same seed, holding a
        copy of the position (its trail, what each seat saw, is built from the seed and the
        moves when the bot first asks for it)."""
        mirror = self.os_game.new_initial_state()
        mirror._box = adapter._Box(state.clone())
        return mirror

    def _resample(self, state: adapter.ParlourState, seat: int) -> adapter.ParlourState:
        """A world the seat cannot tell from this one: the game's determinize for the seat.
        The seat's trail is kept as it is, so the bot finds its root; every other seat's ends
        with its view in the new world (its past there is not known), so that the tree never
        joins two of its positions whose hands differ; the views from here on are taken in the
        new world."""
        tip = state.trail()
        world = state.inner.determinize(seat, random.Random(self.rng.getrandbits(32)))
        views = [adapter._without_log(world.view(s)) for s in self.game.seats]
        texts = tuple(text if other == seat else
                      f"{text}\nnow {json.dumps(views[other], sort_keys=True)}"
                      for other, text in enumerate(tip.texts))
        resampled = self.os_game.new_initial_state()
        resampled._box = adapter._Box(world)
        resampled._trail = adapter._Trail(tip.parent, tip.length, texts, world.clone(), views,
                                          tip.sums)
        return resampled
