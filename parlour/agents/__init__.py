"""Computer players by name: `make_agent("heuristic", game, seed=1)`."""

from __future__ import annotations

from ..core.errors import OptionError
from .base import Agent, RandomAgent


def _heuristic(game, seed):
    if game.heuristic is None:
        raise OptionError(f"{game.info.title} has no heuristic agent yet")
    return game.heuristic(seed=seed)


KINDS = {
    "random": lambda game, seed: RandomAgent(seed=seed),
    "heuristic": _heuristic,
}


def make_agent(spec: str, game, seed: int | None = None) -> Agent:
    """An agent from its text spec: a kind name, e.g. "random" or "heuristic"."""
    kind = spec.strip().lower()
    if kind not in KINDS:
        raise OptionError(f"unknown agent {spec!r}; agents: {', '.join(KINDS)}")
    return KINDS[kind](game, seed)


__all__ = ["Agent", "RandomAgent", "KINDS", "make_agent"]
