"""How fast the computer players think, for every registered game, and beside OpenSpiel's C++
ISMCTS bot on hearts when open_spiel is installed (a figure for scale, not a test).

    .venv/bin/python bench/bots.py            # a few minutes
    .venv/bin/python bench/bots.py --moves 10 --seconds 1 --games arschloch viashi
    .venv/bin/python bench/bots.py --level hard --moves 4   # hard before issue 40 and now

For each game (default options and players) it prints where a playout's time goes (clone,
determinize, legal_actions, apply through the contract and the rules' own step, without apply's
check of legality, which apply skips for the very actions legal_actions() offered), then
ISMCTS iterations per second and think time per move over a few decisions of one game, in both
builds of the search path (pure Python and compiled with mypyc, made by bench/builds.py; a game
with a core searches on it), and hard's.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from builds import run_in  # noqa: E402
from parlour.agents import make_agent  # noqa: E402


def live_states(game, seed, count):
    """Positions met along random games, every one with a seat to act."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_state(seed=rng.getrandbits(32))
        while not state.is_terminal and len(found) < count:
            found.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return found


# Parts of a playout are timed in processor time: on a shared machine the wall clock also counts
# the other processes. Search budgets are wall-clock, so the think figures are both.
cpu = time.process_time


def per_call(fn, states, repeat):
    start = cpu()
    for i in range(repeat):
        fn(states[i % len(states)])
    return (cpu() - start) / repeat * 1e6


def where_time_goes(game, seed=1, count=2000, repeat=4000):
    """Microseconds per call of each part of a playout."""
    states = live_states(game, seed, count)
    rng = random.Random(seed)
    figures = {
        "clone": per_call(lambda s: s.clone(), states, repeat),
        "determinize": per_call(lambda s: s.determinize(s.current_player, rng), states, repeat),
        "legal_actions": per_call(lambda s: s.legal_actions(), states, repeat),
        "view": per_call(lambda s: s.view(s.current_player), states, repeat),
    }
    moves = [s.legal_actions()[rng.randrange(len(s.legal_actions()))] for s in states]
    for name, play in (("apply", lambda s, a: s.apply(a)), ("step (unchecked)", _unchecked)):
        copies = [s.clone() for s in states]
        gc.collect()
        start = cpu()
        for state, action in zip(copies, moves):
            play(state, action)
        figures[name] = (cpu() - start) / len(copies) * 1e6
    # A whole random playout from a determinization, as one search iteration plays it.
    start_states = states[: 20]
    lengths, start = 0, cpu()
    playouts = 0
    while cpu() - start < 1.0:
        s = start_states[playouts % len(start_states)]
        det = s.determinize(s.current_player, rng)
        while not det.is_terminal:
            legal = det.legal_actions()
            det.apply(legal[rng.randrange(len(legal))])
            lengths += 1
        playouts += 1
    spent = cpu() - start
    figures["playouts/s"] = playouts / spent
    figures["playout length"] = lengths / playouts
    return figures


def _unchecked(state, action) -> None:
    state._apply(action)
    state.history.append(action)


def think(game, spec, moves, seed=3, core=False):
    """Iterations per second and seconds per decision of `spec` over `moves` real choices
    (forced moves are skipped: the agent answers them at once)."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    agent = make_agent(spec, game, seed=seed)
    times, iterations, processor, on_core = [], 0, 0.0, False
    while len(times) < moves:
        if state.is_terminal:
            state = game.new_state(seed=rng.getrandbits(32))
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) > 1:
            start, c0 = time.perf_counter(), cpu()
            action = agent.choose(state, seat)
            times.append(time.perf_counter() - start)
            processor += cpu() - c0
            iterations += agent.last["iterations"]
            on_core = on_core or bool(agent.last.get("core"))
        else:
            action = legal[0]
        state.apply(action)
    found = (iterations / sum(times), iterations / processor, statistics.mean(times), max(times))
    return (*found, on_core) if core else found


def think_core(game_id, spec, moves):
    """`think` for `spec` in this process's build, and whether it searched on the game's core."""
    return think(parlour.load(game_id), spec, moves, core=True)


def openspiel_ismcts(name, simulations, moves, seed=0):
    """Simulations per second of OpenSpiel's C++ ISMCTSBot (random rollouts) on `name`, or the
    reason it cannot run there."""
    try:
        import numpy as np
        import pyspiel
    except ImportError:
        return None, "open_spiel is not installed (pip install open_spiel)"
    try:
        game = pyspiel.load_game(name)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.ISMCTSBot(seed, evaluator, 2.0, simulations, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        done, spent = 0, 0.0
        while done < moves:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                start = cpu()
                action = bot.step(state)
                spent += cpu() - start
                done += 1
            else:
                action = legal[0]
            state.apply_action(action)
        return done * simulations / spent, None
    except pyspiel.SpielError as error:
        return None, f"OpenSpiel's ISMCTS cannot play {name}: {error}"


# The engine before issue 40's rewrite (one form per rule): what `--level hard` measures against.
BEFORE = "f944982"
BUILDS = ("pure", "compiled")


def level_lines(level, games, moves, before):
    """A line a game and build, `<game> <level> <N> iterations/s`, for the engine at commit
    `before` and as it is now, each in a process of its own on a copy of its sources."""
    print(f"== {level}: iterations a second of search time, {moves} decisions a game, the engine "
          f"at {before} beside the engine now")
    for game_id in games:
        figures = {}
        for build in BUILDS:
            for when, rev in (("before", before), ("now", None)):
                found = run_in(build, "bots", "think_core", game_id, level, moves, rev=rev)
                figures[when, build] = None if found is None else found[0]
        for build in BUILDS:
            then, now = figures["before", build], figures["now", build]
            if now is None:
                continue
            ratio = f", {now / then:.2f}x" if then else ""
            print(f"{game_id} {level} {now:.0f} iterations/s ({build}; before "
                  f"{then if then is None else round(then)}{ratio})")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default=None,
                        help="only the search of this level (e.g. hard), before and now")
    parser.add_argument("--before", default=BEFORE,
                        help="the commit of the engine to measure against (with --level)")
    parser.add_argument("--moves", type=int, default=6, help="decisions timed per game")
    parser.add_argument("--seconds", type=float, default=0.5, help="ISMCTS budget per move")
    parser.add_argument("--simulations", type=int, default=1000,
                        help="OpenSpiel ISMCTS simulations per move")
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    args = parser.parse_args(argv)
    if args.level:
        level_lines(args.level, args.games or parlour.games(), args.moves, args.before)
        return
    ours = {}
    for game_id in args.games or parlour.games():
        game = parlour.load(game_id)
        print(f"== {game!r}")
        figures = where_time_goes(game)
        for key, value in figures.items():
            unit = "" if key in ("playouts/s", "playout length") else " us"
            print(f"   {key:18} {value:10.1f}{unit}")
        spec = f"ismcts:seconds={args.seconds}"
        for build in ("pure", "compiled"):
            found = run_in(build, "bots", "think_core", game_id, spec, args.moves)
            if found is None:
                continue
            rate, rate_cpu, mean, worst, core = found
            ours.setdefault(game_id, {})[build] = rate_cpu
            where = (f"on the core, {build}" if core else
                     "on the readable game (no core)")
            print(f"   {spec} {where}: {rate:.0f} iterations/s ({rate_cpu:.0f} a processor "
                  f"second), think {mean:.3f} s a move (max {worst:.3f} s) over {args.moves} "
                  f"moves")
        rate_h, rate_h_cpu, mean_h, worst_h = think(game, "hard", 2)
        print(f"   hard: {rate_h:.0f} iterations/s ({rate_h_cpu:.0f} a processor second), "
              f"think {mean_h:.3f} s a move (max {worst_h:.3f} s) over 2 moves")
        for peer in game.info.peers.get("open_spiel", []):
            rate_peer, why = openspiel_ismcts(peer, args.simulations, 3)
            print(f"   OpenSpiel ISMCTS on its nearest game {peer}: "
                  + (f"{rate_peer:.0f} simulations/s, ratio " + ", ".join(
                      f"{build} {rate / rate_peer:.3f}"
                      for build, rate in ours.get(game_id, {}).items())
                     if rate_peer else why))
    rate_os, why = openspiel_ismcts("hearts", args.simulations, args.moves)
    if rate_os is None:
        print(f"== OpenSpiel: {why}")
        return
    print(f"== OpenSpiel C++ ISMCTSBot on hearts: {rate_os:.0f} simulations a processor second "
          f"({args.simulations} a move, random rollouts, {args.moves} moves)")
    for game_id, rates in ours.items():
        print(f"   {game_id} ISMCTS / OpenSpiel hearts ISMCTS: " + ", ".join(
            f"{build} {rate:.0f} / {rate_os:.0f} = {rate / rate_os:.3f}"
            for build, rate in rates.items()) + " (targets: pure 0.3, compiled 0.5)")


if __name__ == "__main__":
    main()
