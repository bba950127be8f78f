"""What a worker is sent: a search, as a function of its budget first (the pool sets the budget
when the search starts, from how many wait) and then of what the room hands it, all picklable."""

from __future__ import annotations

from typing import Any

from parlour.agents.hints import hints


def choose(seconds: float, agent: Any, state: Any, seat: int) -> tuple[Any, Any]:
    """The agent's move within `seconds` (never more than it was given), and its generator's
    state after it, so that its next move goes on as it would have in the room's own process."""
    if agent.seconds is None or seconds < agent.seconds:
        agent.seconds = seconds
    return agent.choose(state, seat), agent.rng.getstate()


def hint(seconds: float, state: Any, seat: int, seed: int) -> dict:
    return hints(state, seat, seconds, None, 3, seed)
