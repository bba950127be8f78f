"""How a playout's returns become the rewards a search tree adds up, one per seat in [0, 1]. Both
searches (parlour/agents/ismcts.py and parlour/fast/search.py) use these; here they are typed, so
the compiled build runs them natively at every iteration."""

from __future__ import annotations


def rank_rewards(returns: list[float]) -> list[float]:
    """Each seat's share of the others it finished above (ties count half): 1 alone on top,
    0 alone at the bottom, whatever the game's scale."""
    n = len(returns)
    if n == 1:
        return [1.0]
    out: list[float] = []
    for r in returns:
        below = 0
        level = -1
        for x in returns:
            if x < r:
                below += 1
            elif x == r:
                level += 1
        out.append((below + 0.5 * level) / (n - 1))
    return out


def minmax_rewards(returns: list[float]) -> list[float]:
    """Returns scaled so the best seat of this game gets 1 and the worst 0 (margins count)."""
    low = min(returns)
    high = max(returns)
    if high == low:
        return [0.5] * len(returns)
    span = high - low
    return [(r - low) / span for r in returns]


def gain_rewards(returns: list[float], start: list[float]) -> list[float]:
    """Each seat's change in return since the search's position, scaled as `minmax_rewards`
    scales returns. In a match of many hands the totals so far can set every seat's rank (or
    stretch the span) whatever happens in the hand under way; the change since then cannot."""
    return minmax_rewards([r - s for r, s in zip(returns, start)])


def value_rewards(returns: list[float], low: float, high: float) -> list[float]:
    """Returns as they are, put on 0..1 by the game's bounds on them. For a game whose estimate
    is an expected return: a likelier win counts even where no seat's place changes."""
    span = high - low
    return [(r - low) / span for r in returns]


def win_shares(returns: list[float]) -> list[float]:
    """1 for the seat on top, split among seats tied there; 0 for the others."""
    best = max(returns)
    top = 0
    for r in returns:
        if r == best:
            top += 1
    return [1.0 / top if r == best else 0.0 for r in returns]
