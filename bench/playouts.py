"""Random-playout speed of every game, beside the peer engines' nearest games where installed.

    python bench/playouts.py [--seconds 3] [--games arschloch,viashi]

Times are processor time (steady on a busy machine). Prints decisions per second, games per
second and the cost of a clone (mid-game) for each game's default options through the readable
contract; for a game with a core (parlour/fast/), the core's random playouts in both
builds, pure Python and compiled with mypyc (bench/builds.py makes each in build/bench/ and runs
it in a process of its own), each game from a fresh determinization of a dealt position as a
search's iterations play them; then OpenSpiel's and RLCard's nearest games (named in each game's
`info.peers`) measured in this run, and the ratios of the best figure of each build to theirs.
Install the peers with `pip install -e '.[bench]'`, mypy (for the compiled build) with '.[fast]'.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from builds import run_in  # noqa: E402


def parlour_playouts(game, seconds: float) -> dict:
    rng = random.Random(1)
    decisions = games = 0
    mid_states = []
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = game.new_state(seed=rng.getrandbits(32))
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
            if steps == 20 and len(mid_states) < 50:
                mid_states.append(state.clone())
        decisions += steps
        games += 1
    elapsed = time.process_time() - start
    clone_us = _clone_cost(mid_states) if mid_states else float("nan")
    return {"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed,
            "clone_us": clone_us, "decisions_per_game": decisions / games}


def _clone_cost(states, rounds: int = 200) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for state in states:
            state.clone()
    return (time.process_time() - start) / (rounds * len(states)) * 1e6


def core_playouts(game_id: str, seconds: float) -> dict | None:
    """Random playouts on `game_id`'s core in this process's build (None: no core)."""
    from parlour.fast import compiled, core_of
    from parlour.fast.core import Rng
    from parlour.fast.search import random_playouts
    game = parlour.load(game_id)
    module = core_of(game)
    if module is None:
        return None
    rng = random.Random(1)
    starts = []
    while len(starts) < 64:
        seed = rng.getrandbits(32)
        starts.append(module.position(game.new_state(seed=seed), seed))
    draw = Rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        decisions += random_playouts(starts, draw, 16)
        games += 16
    elapsed = time.process_time() - start
    return {"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed,
            "compiled": compiled()}


def open_spiel_playouts(name: str, seconds: float) -> dict | None:
    try:
        import pyspiel
        game = pyspiel.load_game(name)
    except Exception:  # not installed, or no such game in this version
        return None
    rng = random.Random(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.process_time() - start
    return {"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed}


def rlcard_playouts(name: str, seconds: float) -> dict | None:
    try:
        import rlcard
        env = rlcard.make(name, config={"seed": 1})
    except Exception:
        return None
    rng = random.Random(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.process_time() - start
    return {"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed}


PEERS = {"open_spiel": open_spiel_playouts, "rlcard": rlcard_playouts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = parser.parse_args()
    ids = [g for g in args.games.split(",") if g] or parlour.games()
    print(f"random playouts, {args.seconds:g} s each, Python {sys.version.split()[0]}")
    print(f"{'game':<14}{'decisions/s':>13}{'games/s':>10}{'dec/game':>10}{'clone µs':>10}")
    peer_cache: dict[tuple[str, str], dict | None] = {}
    for game_id in ids:
        game = parlour.load(game_id)
        ours = parlour_playouts(game, args.seconds)
        print(f"{game_id:<14}{ours['decisions_per_s']:>13,.0f}{ours['games_per_s']:>10,.1f}"
              f"{ours['decisions_per_game']:>10,.0f}{ours['clone_us']:>10,.1f}")
        builds = {"contract": ours}
        for build in ("pure", "compiled"):
            core = run_in(build, "playouts", "core_playouts", game_id, args.seconds)
            if core is not None:
                builds[build] = core
                print(f"{'  core, ' + build:<14}{core['decisions_per_s']:>13,.0f}"
                      f"{core['games_per_s']:>10,.1f}")
        for peer, names in game.info.peers.items():
            for name in names:
                key = (peer, name)
                if key not in peer_cache:
                    peer_cache[key] = PEERS[peer](name, args.seconds)
                theirs = peer_cache[key]
                if theirs is None:
                    print(f"{'':<14}{peer} {name}: not installed")
                    continue
                ratios = ", ".join(
                    f"{build} {figures['decisions_per_s'] / theirs['decisions_per_s']:.2f}x"
                    for build, figures in builds.items())
                print(f"{'':<14}{peer} {name}: {theirs['decisions_per_s']:,.0f} decisions/s, "
                      f"{theirs['games_per_s']:,.1f} games/s -> ratio {ratios}")


if __name__ == "__main__":
    main()
