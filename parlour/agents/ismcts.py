"""Information-set Monte Carlo tree search for any registered game (Cowling, Powley and
Whitehouse 2012, "Information Set Monte Carlo Tree Search", the single-observer SO-ISMCTS).

One tree from the searching seat's decision: a node is an action sequence from the root, which
stands for the information set of whoever acts there. Every iteration takes a fresh
determinization (`state.determinize(seat, rng)`, the only way the search sees hidden cards), walks
the tree among the actions legal in that determinization, adds one node, plays the game out with a
fast default policy and backs up each seat's normalised return. Because the legal actions change
from one determinization to the next, UCB counts for each child how often it was *available*, not
how often its parent was visited. Each node holds the return of the seat that moved into it, so
every seat maximises its own result (the max^n reading of MCTS for many players).
"""

from __future__ import annotations

import math
import random
import time
from functools import partial

from ..core.errors import OptionError
from ..fast import core_of
from ..fast.core import Rng
from ..fast.readable import ReadablePosition
from ..fast.rewards import gain_rewards, minmax_rewards, rank_rewards, value_rewards
from ..fast.search import Search
from .base import Agent

ROLLOUTS = ("random", "heuristic")
PRIORS = ("none", "heuristic")


# The search's clock; tests put a counting clock here so that budgets are checked without timing.
now = time.perf_counter


class Node:
    __slots__ = ("children", "seat", "visits", "avail", "reward", "squares", "wins")

    def __init__(self, seat):
        self.children: dict = {}  # action -> Node, in the order they were first tried
        self.seat = seat  # who moved into this node: its reward is that seat's
        self.visits = 0
        self.avail = 0  # iterations in which this node's action was legal at its parent
        self.reward = 0.0
        self.squares = 0.0  # sum of squared rewards: how sure the mean is
        self.wins = 0.0  # iterations the mover finished on top (ties split), for hints


def value_scorer(game):
    """`value_rewards` on `game`'s bounds; OptionError where the game does not bound its returns."""
    bounds = game.return_bounds
    if bounds is None:
        raise OptionError(f"ismcts reward=value needs a game that bounds its returns; "
                          f"{game.info.title} does not")
    return partial(value_rewards, low=bounds[0], high=bounds[1])


# How returns become the rewards the tree adds up, by the name `reward=` gives.
REWARDS = {"rank": rank_rewards, "minmax": minmax_rewards, "gain": gain_rewards,
           "value": value_rewards}


class ISMCTSAgent(Agent):
    """`iters` iterations and/or `seconds` of thinking a move (whichever ends first; the seconds
    are a hard limit on the whole call). Same seed and an iteration budget: the same move."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, iters: int | None = None,
                 seconds: float | None = None, rollout: str = "random", c: float = 0.7,
                 reward: str = "rank", heuristic: type | None = None,
                 depth: int | None = None, widen: float = 0.0, prior: str = "none",
                 trust: float = 0.0, floor: float = 0.0, tree: int | None = None,
                 rounds: int | None = None, use_core: bool = True):
        super().__init__(seed)
        if iters is None and seconds is None:
            iters = 1000
        _whole("iters", iters)
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise OptionError(f"ismcts seconds must be a positive number, not {seconds!r}")
        _one_of("rollout", rollout, ROLLOUTS, heuristic)
        _one_of("reward", reward, REWARDS, heuristic)
        _whole("depth", depth)
        _at_least_zero("widen", widen)
        _one_of("prior", prior, PRIORS, heuristic)
        _at_least_zero("trust", trust)
        _at_least_zero("floor", floor)
        _whole("tree", tree)
        _whole("rounds", rounds)
        if trust and prior != "heuristic":
            raise OptionError("ismcts trust needs prior=heuristic (it is trust in that move)")
        if floor and not trust:
            raise OptionError("ismcts floor needs trust (it is a floor under the trust test)")
        _at_least_zero("c", c)
        self.iters = iters
        self.seconds = seconds
        self.rollout = rollout
        self.c = float(c)
        self.reward = reward
        self.heuristic = heuristic
        self.depth = depth  # playout moves before the game's estimate() is taken, if it has one
        # Progressive widening: a node tries a new action only while it has fewer than
        # 1 + widen * sqrt(visits) children (0: every action at once). With hundreds of legal
        # moves (trade offers) a few well-sampled moves beat many moves seen once each.
        self.widen = float(widen)
        self.prior = prior  # "heuristic": the game's heuristic move is the first tried at the root
        # trust=z: play the heuristic's move unless the search's choice beats it by z standard
        # errors. A search of a few hundred noisy playouts otherwise trades a good move for one
        # that was merely lucky.
        self.trust = float(trust)
        # floor=f: the trust test takes a move's spread as at least f times the spread of all the
        # root's playouts. A few playouts that happen to score alike have no spread of their own,
        # and without a floor any better mean among them looks certain.
        self.floor = float(floor)
        # tree=k: the tree holds the first k moves from the root and playouts go on from there.
        # With tree=1 every root move is judged by the default policy's playouts alone (rollout
        # policy improvement): deeper nodes, chosen by UCB on few visits, play the other seats
        # worse than the heuristic does, which can make the search's choice worse than its
        # default policy's.
        self.tree = tree
        # rounds=k: a playout stops once k rounds (hands of a match), the one under way the
        # first, have ended, and takes the game's estimate there. Playing on into a hand just
        # dealt adds that hand's luck to every playout and tells nothing about the move judged.
        self.rounds = rounds
        # Search on the game's core where it serves this search (it has the heuristic, for
        # heuristic playouts, and counts rounds, for a round limit): the same search, several
        # times the iterations. False: the readable state under the core's names, which the
        # tests of the search's two positions compare.
        self.use_core = use_core
        self.last: dict | None = None  # figures of the last search, for hints and benches

    # Agent -----------------------------------------------------------------------------------
    def act(self, view, legal_actions):
        raise TypeError("ISMCTS needs the state: drivers call choose(state, seat)")

    def choose(self, state, seat: int):
        if seat != state.current_player:
            raise ValueError(f"seat {seat} is not to act; seat {state.current_player} is")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "root": None}
            return legal[0]
        root = self.search(state, seat)
        return self.best_action(root, legal, self.last.get("first"))

    # Search ----------------------------------------------------------------------------------
    def _deadline(self, start: float) -> float | None:
        if self.seconds is None:
            return None
        # Stop a little early: the determinization that starts an iteration cannot be cut
        # short, the move still has to be picked, and on a shared machine the process may be
        # put aside for a few milliseconds at any point.
        margin = min(0.1, max(0.01, 0.1 * self.seconds), 0.5 * self.seconds)
        return start + self.seconds - margin

    def search(self, state, seat: int) -> Node:
        self.last = None  # let the last tree go before the clock starts, not at the deadline
        start = now()
        deadline = self._deadline(start)
        rng = random.Random(self.rng.getrandbits(64))
        policies = None
        if self.rollout == "heuristic":
            policies = [self.heuristic(seed=rng.getrandbits(32))
                        for _ in range(state.game.players)]
        score = REWARDS[self.reward]
        if score is value_rewards:
            score = value_scorer(state.game)
        elif score is gain_rewards:
            score = minmax_rewards  # of the gains, which the search takes itself
        # The round is public, the same in every determinization: found once, not per iteration.
        rounds = state.round_count() if self.rounds is not None else None
        last_round = None if rounds is None else rounds + self.rounds - 1
        first = None
        if self.prior == "heuristic":
            first = self.heuristic(seed=rng.getrandbits(32)).choose(state, seat)
        # The game's core where it serves this search; else the readable state under the core's
        # names. A determinize set on this very state (a caller's, a test's) is the search's only
        # view of the hidden cards: the core, with its own, is not used then.
        position, encode = None, state.game.action_id  # the core's moves are the action ids
        if self.use_core and "determinize" not in vars(state):
            module = core_of(state.game)
            fast = module.position(state, rng.getrandbits(64)) if module is not None else None
            # Heuristic playouts run on the core where it offers the game's heuristic, and a
            # round limit where it counts the rounds.
            if (fast is not None and (policies is None or fast.heuristic)
                    and (last_round is None or fast.round_count() >= 0)):
                position = fast
        on_core = position is not None
        if position is None:
            position = ReadablePosition(state, policies)
        search = Search(self.c, self.widen, -1 if self.tree is None else self.tree,
                        -1 if self.depth is None else self.depth, score,
                        self.reward == "gain", now, heuristic=policies is not None,
                        last_round=-1 if last_round is None else last_round)
        limit = self.iters if self.iters is not None else 1 << 62
        fast_root, done = search.run(position, seat, Rng(rng.getrandbits(64)), limit,
                                     -1.0 if deadline is None else deadline,
                                     -1 if first is None else encode(first))
        # The root keyed by readable actions, as `ranked`, `best_action` and hints read it.
        by_code = {encode(action): action for action in state.legal_actions()}
        root = Node(None)
        root.visits = fast_root.visits
        for code, child in fast_root.children.items():
            if code in by_code:
                node = root.children[by_code[code]] = Node(child.seat)
                node.visits, node.avail, node.reward = child.visits, child.avail, child.reward
                node.squares, node.wins = child.squares, child.wins
        self.last = {"iterations": done, "seconds": now() - start, "root": root, "first": first}
        if on_core:
            self.last["core"] = True
        return root

    @staticmethod
    def ranked(root: Node, legal) -> list[tuple]:
        """The root's legal actions, most visited first (then by mean reward)."""
        rows = []
        for index, action in enumerate(legal):
            child = root.children.get(action)
            visits = child.visits if child else 0
            mean = child.reward / visits if visits else 0.0
            rows.append((visits, mean, -index, action, child))
        rows.sort(key=lambda r: (r[0], r[1], r[2]), reverse=True)
        return [(r[3], r[4]) for r in rows]

    def best_action(self, root: Node, legal, first=None):
        best, child = self.ranked(root, legal)[0]
        if not self.trust or first is None or best == first:
            return best
        prior = root.children.get(first)
        if prior is None or prior.visits < 2 or child.visits < 2:
            return first
        gain = child.reward / child.visits - prior.reward / prior.visits
        least = self.floor * _pooled_variance(root) if self.floor else 0.0
        spread = (max(least, _variance(child)) / child.visits
                  + max(least, _variance(prior)) / prior.visits)
        return best if gain > self.trust * math.sqrt(spread) else first


def _whole(name: str, value) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise OptionError(f"ismcts {name} must be a whole number of at least 1, not {value!r}")


def _at_least_zero(name: str, value) -> None:
    if not isinstance(value, (int, float)) or value < 0:
        raise OptionError(f"ismcts {name} must be a number of at least 0, not {value!r}")


def _one_of(name: str, value, choices, heuristic) -> None:
    if value not in choices:
        raise OptionError(f"ismcts {name}={value!r} is not known; use one of " + ", ".join(choices))
    if value == "heuristic" and heuristic is None:
        raise OptionError(f"ismcts {name}=heuristic needs a game with a heuristic agent")


def _variance(node: Node) -> float:
    mean = node.reward / node.visits
    return max(0.0, (node.squares - node.visits * mean * mean) / (node.visits - 1))


def _pooled_variance(root: Node) -> float:
    """The spread of the rewards of all the root's playouts, whichever move they began with."""
    pooled = Node(None)
    for child in root.children.values():
        pooled.visits += child.visits
        pooled.reward += child.reward
        pooled.squares += child.squares
    return _variance(pooled) if pooled.visits > 1 else 0.0


def ismcts(game, seed=None, **params) -> ISMCTSAgent:
    """An ISMCTS agent for `game` (its heuristic is offered to rollout=heuristic)."""
    return ISMCTSAgent(seed=seed, heuristic=game.heuristic, **params)
