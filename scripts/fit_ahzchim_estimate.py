"""Fit the win model behind Ahzchim's estimate() (WIN_WEIGHTS in parlour/fast/ahzchim.py).

    python scripts/fit_ahzchim_estimate.py --games 4000 --jobs 2      # a few minutes

Plays games of four medium players (cards, default options) and notes, at the start of every
turn, each seat's win features (AhzchimState.win_features) and who went on to win. A seat's
odds of winning are taken as exp(weights . features) against the other seats in play (a
conditional logit), and the weights that make the winners likeliest are found by Newton's method.
The first half of the games fits, the second half checks: how often the seat the model finds
likeliest did win, against the seat holding the most Zahahnie (what the estimate was before). The
weights printed last are fitted to all the games; paste them into WIN_WEIGHTS there.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from parlour.agents import make_agent  # noqa: E402

PLAYERS = 4


def play(seed: int) -> tuple[list, int | None]:
    """One game of mediums: the seats' features at each turn's start, and the winner."""
    game = parlour.load("ahzchim", PLAYERS)
    agents = [make_agent("medium", game, seed=seed * 10 + s) for s in range(PLAYERS)]
    state = game.new_state(seed=seed)
    turns = []
    while not state.is_terminal and len(state.history) < game.max_decisions():
        if state.phase == "turn":
            turns.append([state.win_features(s) if state.in_play[s] else None
                          for s in range(PLAYERS)])
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
    return turns, state.winner if state.is_terminal else None


def arrays(games) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows, alive, winners = [], [], []
    for turns, winner in games:
        if winner is None:
            continue  # a draw names nobody
        for seats in turns:
            width = len(next(f for f in seats if f is not None))
            rows.append([f if f is not None else [0.0] * width for f in seats])
            alive.append([f is not None for f in seats])
            winners.append(winner)
    return np.array(rows, dtype=float), np.array(alive), np.array(winners)


def chances(w, x, alive):
    z = np.where(alive, x @ w, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit(x, alive, winners, steps: int = 50) -> np.ndarray:
    n, _, k = x.shape
    w = np.zeros(k)
    picked = np.zeros((n, PLAYERS))
    picked[np.arange(n), winners] = 1.0
    for _ in range(steps):
        p = chances(w, x, alive)
        gradient = ((picked - p)[:, :, None] * x).sum(axis=1).mean(axis=0)
        mean = (p[:, :, None] * x).sum(axis=1)
        hessian = (np.einsum("ij,ijk,ijl->kl", p, x, x) - mean.T @ mean) / n
        step = np.linalg.solve(hessian + 1e-9 * np.eye(k), gradient)
        w += step
        if np.abs(step).max() < 1e-10:
            break
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1_000_000, help="first game's seed")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with Pool(args.jobs) as pool:
        games = pool.map(play, seeds, chunksize=50)
    half = len(games) // 2
    x, alive, winners = arrays(games[:half])
    w = fit(x, alive, winners)
    x, alive, winners = arrays(games[half:])
    model = (chances(w, x, alive).argmax(axis=1) == winners).mean()
    most = (np.where(alive, x[:, :, 0], -1).argmax(axis=1) == winners).mean()
    print(f"{len(games)} games, {len(winners)} held-out turns: the model names the winner in "
          f"{model:.1%}, the most Zahahnie held in {most:.1%}")
    x, alive, winners = arrays(games)
    w = fit(x, alive, winners)
    print("WIN_WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
