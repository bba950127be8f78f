"""A readable state searched as a core: the one search loop (search.py) then serves every game,
including one with no core of its own, and a search that must see the readable game (a
determinize set on the state, heuristic playouts where the core has no heuristic, a round limit
where the core counts no rounds, or `use_core=False`). Its moves are the game's action ids, as a
core's are. It knows no game: every rule is the readable state's."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .core import FastState, Rng


class ReadablePosition(FastState):
    """`state`, a readable State (parlour/core/game.py), under the core's names. `policies`, one
    heuristic agent a seat, play heuristic playouts from each seat's view."""

    def __init__(self, state: Any, policies: list[Any] | None) -> None:
        self.state = state
        self.game: Any = state.game
        self.policies = policies
        self.players = state.game.players
        self.chances = 0
        self.events = None
        self.heuristic = policies is not None
        # The actions legal() listed last, by id: the search steps on one of them next.
        self.listed: dict[int, Any] = {}

    def to_act(self) -> int:
        seat = self.state.current_player
        return -1 if seat is None else int(seat)

    def legal(self) -> list[int]:
        action_id = self.game.action_id
        listed = {action_id(action): action for action in self.state.legal_actions()}
        self.listed = listed
        return list(listed)

    def step(self, action: int) -> None:
        # One of the very actions legal_actions() just offered: apply takes it without a second
        # check of legality.
        move = self.listed.get(action)
        if move is None:
            move = self.game.action_from_id(action)
        self.listed = {}
        self.state.apply(move)

    def returns(self) -> list[float]:
        return [float(r) for r in self.state.returns()]

    def estimate(self) -> list[float] | None:
        guess = self.state.estimate()
        return None if guess is None else [float(g) for g in guess]

    def round_count(self) -> int:
        rounds = self.state.round_count()
        return -1 if rounds is None else int(rounds)

    def copy(self) -> ReadablePosition:
        return ReadablePosition(self.state.clone(), self.policies)

    def determinize(self, seat: int, rng: Rng) -> ReadablePosition:
        # The readable determinize draws from a Python generator of its own, seeded from the
        # search's.
        return ReadablePosition(self.state.determinize(seat, random.Random(rng.seed())),
                                self.policies)

    # A playout's moves need no action ids (only the tree's do): the readable moves themselves,
    # the heuristic's from each seat's view.
    def random_step(self, draw: Callable[[], float]) -> None:
        actions = self.state.legal_actions()
        self.state.apply(actions[int(draw() * len(actions))])

    def heuristic_step(self) -> None:
        policies = self.policies
        if policies is None:
            raise ValueError("no heuristic to play out with")
        state = self.state
        actions = state.legal_actions()
        if len(actions) > 1:
            seat = state.current_player
            state.apply(policies[seat].act(state.view(seat), actions))
        else:
            state.apply(actions[0])
