"""Computer players by name or text spec, for every interface:

    make_agent("easy", game)                                # a level: easy, medium, hard
    make_agent("heuristic", game, seed=1)                   # a kind
    make_agent("ismcts:iters=2000", game, seed=1)           # a kind with parameters
    make_agent("ismcts:seconds=0.5,rollout=heuristic", game)
    make_agent("hard:seconds=2", game)                      # a level with a parameter changed
    make_agent("openspiel:seconds=0.3", game)               # OpenSpiel's ISMCTSBot, the anchor

A spec is `kind` or `kind:key=value,key=value`. Unknown kinds, keys and bad values raise
OptionError naming what is allowed.
"""

from __future__ import annotations

import math

from ..core.errors import OptionError
from .base import Agent, RandomAgent
from .ismcts import PRIORS, REWARDS, ROLLOUTS, ISMCTSAgent, value_scorer
from .profile import profile_of

# hard: one second a move on this machine (ISMCTSAgent stops a little short of it).
HARD_SECONDS = 1.0


def _random(game, seed, params):
    _no_params("random", params)
    return RandomAgent(seed=seed)


def _heuristic(game, seed, params):
    _no_params("heuristic", params)
    if game.heuristic is None:
        raise OptionError(f"{game.info.title} has no heuristic agent yet")
    return game.heuristic(seed=seed)


def _medium(game, seed, params):
    """The game's heuristic, or the random player where the game has none yet."""
    _no_params("medium", params)
    if game.heuristic is None:
        return RandomAgent(seed=seed)
    return game.heuristic(seed=seed)


def _ismcts(game, seed, params):
    params = {"depth": profile_of(game).depth, **params}
    _check_bounds(game, params)
    return ISMCTSAgent(seed=seed, heuristic=game.heuristic, **params)


def _check_bounds(game, params) -> None:
    # Found at the table, not at the first move the agent is asked for.
    if params.get("reward") == "value":
        value_scorer(game)


def hard_params(game) -> dict:
    """What `hard` is for this game: a second of search, looking the profile's `depth` moves
    ahead where it sets one; with a heuristic, its moves in the playouts and its move at the root,
    kept unless the search finds a clearly better one, a tree no deeper than the profile's `tree`
    and the profile's `floor` under the trust test's spreads, where it sets them; rewards by its
    `reward`, and playouts that end with its `rounds` hands, scored by each seat's gain, where it
    sets those (parlour/agents/profile.py)."""
    search = profile_of(game)
    params = {"seconds": HARD_SECONDS, "depth": search.depth}
    if game.heuristic is not None:
        params.update(rollout="heuristic", prior="heuristic", widen=1.0, trust=1.0)
        if search.tree is not None:
            params["tree"] = search.tree
        if search.floor is not None:
            params["floor"] = search.floor
    if search.reward is not None:
        params["reward"] = search.reward
    if search.rounds is not None:
        params.update(rounds=search.rounds, reward="gain")
    return params


def _hard(game, seed, params):
    params = {**hard_params(game), **params}
    _check_bounds(game, params)
    return ISMCTSAgent(seed=seed, heuristic=game.heuristic, **params)


def _openspiel(game, seed, params):
    """OpenSpiel's own ISMCTS bot on the game through the adapter (the research extra)."""
    try:
        from ..adapters import openspiel_ismcts
    except ImportError:
        raise OptionError("agent 'openspiel' needs open_spiel (pip install open_spiel)") from None
    return openspiel_ismcts.OpenSpielISMCTS(game, seed, **params)


def _no_params(kind, params):
    if params:
        raise OptionError(f"agent {kind!r} takes no parameters (got {', '.join(params)})")


# What each ismcts parameter is, for parsing and for error messages, and the least and the most a
# number may be (a spec comes from people too: NaN, infinity or a huge value is refused).
ISMCTS_PARAMS = {
    "iters": (int, "iterations a move (a whole number, at least 1, up to 1,000,000,000)", 1, 10**9),
    "seconds": (float, "seconds a move at most (a positive number, 0.001 to 3600)", 0.001, 3600.0),
    "rollout": (str, "playout policy: " + " or ".join(ROLLOUTS), None, None),
    "c": (float, "UCB exploration constant (default 0.7; at least 0, up to 100)", 0.0, 100.0),
    "reward": (str, "how returns become rewards in [0, 1]: " + " or ".join(REWARDS)
                    + " (gain: the change in each seat's return since the searched position)",
               None, None),
    "depth": (int, "playout moves before the game's estimate of the returns is taken, where "
                   "it makes one (default: the game's search profile's; 1 to 100,000)",
              1, 100_000),
    "widen": (float, "progressive widening: a node holds at most 1 + widen * sqrt(visits) "
                     "children (0: no limit; at most 100)", 0.0, 100.0),
    "prior": (str, "the move tried first at the root: " + " or ".join(PRIORS), None, None),
    "trust": (float, "with prior=heuristic: keep the heuristic's move unless the best move beats "
                     "it by this many standard errors (0: off; at most 100)", 0.0, 100.0),
    "floor": (float, "with trust: take each move's spread in the trust test as at least this "
                     "share of the spread of all the root's playouts (0: off; at most 1)",
              0.0, 1.0),
    "tree": (int, "moves from the root the tree holds before playouts take over (a whole "
                  "number, 1 to 10,000; default: no limit)", 1, 10_000),
    "rounds": (int, "playouts stop once this many rounds (hands of a match) have ended, the one "
                    "under way counting as the first, and take the game's estimate there "
                    "(1 to 1,000)", 1, 1000),
}

KINDS = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "easy": _random,
    "medium": _medium,
    "hard": _hard,
    "openspiel": _openspiel,
}
LEVELS = ("easy", "medium", "hard")
_PARAMS = {"ismcts": ISMCTS_PARAMS, "hard": ISMCTS_PARAMS, "openspiel": {
    "seconds": ISMCTS_PARAMS["seconds"],
    "c": (float, "UCT exploration constant (OpenSpiel's examples use 2; at least 0, up to 100)",
          0.0, 100.0)}}


def parse_spec(spec: str) -> tuple[str, dict]:
    """`"ismcts:iters=2000,rollout=heuristic"` -> ("ismcts", {"iters": 2000, ...})."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError("an agent spec is a kind such as 'easy', 'hard' or "
                          "'ismcts:iters=2000'")
    kind, _, rest = spec.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in KINDS:
        raise OptionError(f"unknown agent {kind!r} in {spec!r}; agents: {', '.join(KINDS)}")
    allowed = _PARAMS.get(kind, {})
    params: dict = {}
    if not rest.strip():
        if _:
            raise OptionError(f"agent spec {spec!r} has a ':' but no parameters")
        return kind, params
    for item in rest.split(","):
        key, eq, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise OptionError(f"agent spec {spec!r}: write parameters as key=value, "
                              f"not {item.strip()!r}")
        if key not in allowed:
            if not allowed:
                raise OptionError(f"agent {kind!r} takes no parameters (got {key!r})")
            raise OptionError(f"agent {kind!r} has no parameter {key!r}; parameters: "
                              + "; ".join(f"{k}: {d}" for k, (_t, d, *_r) in allowed.items()))
        if key in params:
            raise OptionError(f"agent spec {spec!r} gives {key!r} twice")
        kind_of, doc, low, high = allowed[key]
        try:
            number = kind_of(value) if kind_of is not str else value.lower()
        except ValueError:
            number = None
        if number is None or (low is not None and not (
                math.isfinite(number) and low <= number <= high)):
            raise OptionError(f"agent spec {spec!r}: {key}={value!r} is not allowed; "
                              f"{key} is {doc}")
        params[key] = number
    return kind, params


def make_agent(spec: str, game, seed: int | None = None) -> Agent:
    """An agent for `game` from its text spec (see the module's doc)."""
    kind, params = parse_spec(spec)
    return KINDS[kind](game, seed, params)


__all__ = ["Agent", "RandomAgent", "ISMCTSAgent", "KINDS", "LEVELS", "HARD_SECONDS",
           "hard_params", "make_agent", "parse_spec"]
