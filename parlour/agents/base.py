"""The agent interface every computer player implements, and the random player."""

from __future__ import annotations

import random
from collections.abc import Sequence


class Agent:
    """A computer player. `act` sees only what its seat may know: the view and the legal actions.

    Drivers call `choose(state, seat)`; the default passes the seat's view. Search agents
    override `choose` and reach hidden cards only through `state.determinize(seat, rng)`."""

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, view: dict, legal_actions: Sequence):
        raise NotImplementedError

    def choose(self, state, seat: int):
        return self.act(state.view(seat), state.legal_actions())


class RandomAgent(Agent):
    """Any legal action, uniformly."""

    name = "random"

    def act(self, view, legal_actions):
        return legal_actions[self.rng.randrange(len(legal_actions))]


class CoreHeuristic(Agent):
    """A game's heuristic written on its core (parlour/fast/<game>.py, `heuristic_action`): on a
    readable state that wraps a core position it asks the core, as the search's playouts do; from
    a view alone, the game's own `act` makes the same choice."""

    name = "heuristic"

    def choose(self, state, seat: int):
        position = getattr(state, "core", None)
        if position is None or seat != position.to_act():
            return super().choose(state, seat)
        legal = position.legal()
        pick = legal[0] if len(legal) == 1 else position.heuristic_action(legal)
        return state.game.action_from_id(pick)
