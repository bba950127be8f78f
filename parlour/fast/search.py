"""ISMCTS, the one loop: parlour/agents/ismcts.py's agent runs it on a game's core, or on a
readable state under the core's names (readable.py), and turns the root back into readable
actions.

Selection by UCB over the actions legal in each determinization (availability counts),
progressive widening, the first move tried at the root, a tree no deeper than `levels` nor past
`last_round`, playouts cut at `depth` moves or once a round after `last_round` has begun, where
the game estimates, and iterations cut short by the deadline leave no trace."""

from __future__ import annotations

import math
from collections.abc import Callable

from ..core.hidden import NoDeal
from .core import FastState, Rng

Score = Callable[[list[float]], list[float]]


class Node:
    def __init__(self, seat: int) -> None:
        self.children: dict[int, Node] = {}  # in the order they were first tried
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.squares = 0.0
        self.wins = 0.0


class OutOfTime(Exception):
    pass


class Search:
    """One search's settings; `run` grows a tree from `state` for `seat`."""

    def __init__(self, c: float, widen: float, levels: int, depth: int,
                 score: Score, gain: bool, clock: Callable[[], float],
                 heuristic: bool = False, last_round: int = -1) -> None:
        self.c = c
        self.widen = widen
        self.levels = levels  # -1: no limit
        self.depth = depth  # -1: play to the end
        self.score = score
        self.gain = gain  # score(returns - returns at the root) rather than score(returns)
        self.clock = clock
        # Heuristic playouts: each seat plays the core's heuristic_action (where it has more
        # than one move), as ISMCTSAgent's rollout=heuristic does with the game's heuristic.
        self.heuristic = heuristic
        self.last_round = last_round  # -1: no limit; else the core's round_count() it ends at

    def run(self, state: FastState, seat: int, rng: Rng, limit: int, deadline: float,
            first: int) -> tuple[Node, int]:
        """The root after at most `limit` iterations or until `deadline` (< 0: none). `first`
        (-1: none) is tried first at the root. Returns the root and the iterations done."""
        root = Node(-1)
        done = spent = 0
        clock = self.clock
        while spent < limit:
            if deadline >= 0.0 and clock() >= deadline:
                break
            spent += 1
            try:
                self.iterate(state, seat, root, rng, deadline, first)
            except OutOfTime:
                break
            except NoDeal:
                continue
            done += 1
            root.visits = done
        return root, done

    def iterate(self, state: FastState, seat: int, root: Node, rng: Rng, deadline: float,
                first: int) -> None:
        det = state.determinize(seat, rng)
        path: list[tuple[Node, list[Node]]] = []
        start = det.returns() if self.gain else None
        try:
            self.descend(det, root, rng, deadline, path, first)
            returns = self.play_out(det, rng, deadline)
        except OutOfTime:
            if path and path[-1][0].visits == 0:
                parent = path[-2][0] if len(path) > 1 else root
                added = path[-1][0]
                for action in [a for a, child in parent.children.items() if child is added]:
                    del parent.children[action]
            raise
        if start is not None:
            rewards = self.score([r - s for r, s in zip(returns, start)])
        else:
            rewards = self.score(returns)
        best = max(returns)
        top = 0
        for r in returns:
            if r == best:
                top += 1
        for child, available in path:
            for other in available:
                other.avail += 1
            child.visits += 1
            reward = rewards[child.seat]
            child.reward += reward
            child.squares += reward * reward
            if returns[child.seat] == best:
                child.wins += 1.0 / top

    def descend(self, det: FastState, node: Node, rng: Rng, deadline: float,
                path: list[tuple[Node, list[Node]]], first: int) -> None:
        clock = self.clock
        c = self.c
        widen = self.widen
        levels = self.levels
        last_round = self.last_round
        # The tree ends where the playouts do: at a round after the limit, too.
        while det.to_act() >= 0 and len(path) != levels and not (
                last_round >= 0 and det.round_count() > last_round):
            if deadline >= 0.0 and clock() >= deadline:
                raise OutOfTime
            legal = det.legal()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried and (widen == 0.0 or len(legal) - len(untried)
                            < 1 + widen * math.sqrt(node.visits)):
                if first >= 0 and first in untried:
                    action = first
                else:
                    action = untried[rng.below(len(untried))]
                child = Node(det.to_act())
                children[action] = child
                path.append((child, [children[a] for a in legal if a in children]))
                det.step(action)
                return
            tried = [a for a in legal if a in children] if untried else legal
            available = [children[a] for a in tried]
            best_score = -1.0
            best = available[0]
            best_action = tried[0]
            for a, ch in zip(tried, available):
                value = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail + 1) / ch.visits)
                if value > best_score:
                    best_score = value
                    best = ch
                    best_action = a
            path.append((best, available))
            det.step(best_action)
            node = best
            first = -1

    def play_out(self, det: FastState, rng: Rng, deadline: float) -> list[float]:
        # The clock is read every 8 moves: a move costs a microsecond or two, the read a good
        # part of one.
        clock = self.clock
        draw = rng.drawer()
        moves = 0
        limit = self.depth
        timed = deadline >= 0.0
        heuristic = self.heuristic
        last_round = self.last_round
        while det.to_act() >= 0:
            if moves == limit or (last_round >= 0 and det.round_count() > last_round):
                guess = det.estimate()
                if guess is not None:
                    return guess
            if timed and not moves & 7 and clock() >= deadline:
                raise OutOfTime
            if heuristic:
                det.heuristic_step()
            else:
                det.random_step(draw)
            moves += 1
        return det.returns()


def random_playouts(starts: list[FastState], rng: Rng, games: int) -> int:
    """Plays `games` random games, each from a fresh determinization (for the seat to act) of
    one of `starts` in turn, as a search's iterations do; the decisions made (for benches)."""
    decisions = 0
    draw = rng.drawer()
    for i in range(games):
        start = starts[i % len(starts)]
        det = start.determinize(start.to_act(), rng)
        while det.to_act() >= 0:
            legal = det.legal()
            det.step(legal[int(draw() * len(legal))])
            decisions += 1
    return decisions
