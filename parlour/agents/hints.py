"""Hints for a seat: what the hard agent would play, how likely that wins, and the next best.

`hints(state, seat)` is the one call the terminal (`parlour play --hints`) and the web room use.
It searches only through `state.determinize(seat, ...)`, so it tells the seat nothing it could
not know. The answer is plain JSON-ready data.
"""

from __future__ import annotations

from . import hard_params
from .ismcts import ISMCTSAgent


def hints(state, seat: int | None = None, seconds: float | None = None,
          iters: int | None = None, top: int = 3, seed: int | None = None) -> dict:
    """The best move for `seat` (default: the seat to act) and up to `top - 1` alternatives.

    Each move carries `win`: the share of the search's playouts through it that this seat won
    (ties split), an estimate of the chance to finish first after it; `value`: the mean reward in
    [0, 1] the search maximises (1 = above every other seat); `visits`: how much the search looked
    at it. The best carries `kept`: true when it is the game's heuristic move, which hard keeps
    unless the search finds one clearly better, rather than the move searched most; an
    alternative may then show a higher `win`. `seconds` bounds the time, `iters` the iterations
    (neither: the hard level's seconds); with `iters` alone and a `seed`, the answer is
    repeatable."""
    if state.is_terminal:
        raise ValueError("the game is over: there is nothing to hint")
    to_act = state.current_player
    if seat is None:
        seat = to_act
    if seat != to_act:
        raise ValueError(f"seat {seat} is not to act; seat {to_act} is")
    params = hard_params(state.game)
    if seconds is not None or iters is not None:
        params.update(seconds=seconds, iters=iters)  # an iteration budget alone is repeatable
    agent = ISMCTSAgent(seed=seed, heuristic=state.game.heuristic, **params)
    legal = state.legal_actions()
    game = state.game
    if len(legal) == 1:
        only = _move(game, legal[0], None)
        only["forced"] = True
        return {"seat": seat, "best": only, "alternatives": [], "iterations": 0,
                "seconds": 0.0}
    root = agent.search(state, seat)
    ranked = agent.ranked(root, legal)
    # The hard player's move first (it may keep its heuristic's move over a lucky one).
    chosen = agent.best_action(root, legal, agent.last["first"])
    kept = chosen != ranked[0][0]
    ranked.sort(key=lambda pair: pair[0] != chosen)
    moves = [_move(game, action, child) for action, child in ranked[:max(1, top)]]
    moves[0]["kept"] = kept
    return {"seat": seat, "best": moves[0], "alternatives": moves[1:],
            "iterations": agent.last["iterations"],
            "seconds": round(agent.last["seconds"], 3)}


def _move(game, action, child) -> dict:
    visits = child.visits if child else 0
    move = {"action": str(action), "visits": visits,
            "win": round(child.wins / visits, 3) if visits else None,
            "value": round(child.reward / visits, 3) if visits else None}
    try:
        move["id"] = game.action_id(action)
    except NotImplementedError:
        pass
    return move


def format_hints(data: dict) -> str:
    """One line per move, for the terminal. An alternative showing a higher win share than the
    best says why it is not the best, so that the list never seems to contradict itself."""
    best = data["best"]

    def line(move, mark, note=""):
        if move.get("forced"):
            return f"{mark} {move['action']} (the only legal move)"
        win = "?" if move["win"] is None else f"{100 * move['win']:.0f}%"
        return f"{mark} {move['action']}  win {win}  ({move['visits']} playouts{note})"

    lines = [line(best, "best:")]
    if best.get("kept"):
        lines.append("      the computer player's own choice: the search found no move clearly "
                     "better")
    lines += [line(m, "  or:", _why_not_best(m, best)) for m in data["alternatives"]]
    if data["iterations"]:
        lines.append(f"({data['iterations']} playouts in {data['seconds']:.2f} s)")
    return "\n".join(lines)


def _why_not_best(move: dict, best: dict) -> str:
    """Why an alternative with a higher win share than the best is not the best ('' when its
    share is not higher). The search weighs the mean result over all places, not first places
    alone, and a share from fewer playouts is less sure."""
    if move["win"] is None or best.get("win") is None or move["win"] <= best["win"]:
        return ""
    reasons = []
    if move["value"] is not None and best.get("value") is not None and \
            move["value"] < best["value"]:
        reasons.append("a lower mean result")
    if move["visits"] < best["visits"]:
        reasons.append("fewer playouts")
    if not reasons:
        return "; a higher win share, not clearly better"
    return "; a higher win share, but " + " and ".join(reasons)
