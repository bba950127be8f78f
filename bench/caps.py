"""How often games reach their turn cap, and how the heuristic fares, for random and heuristic play.

    python bench/caps.py                 # every game, 20 games per line
    python bench/caps.py ahzchim -n 50 -p 4 --option chips=true

A game reports that it stopped at its own cap (a round or turn limit) through `state.reached_cap`;
a game still going at `max_decisions()` counts as capped too. The last block pits one heuristic
seat (seat 0) against random seats, and one random seat against heuristic seats, so the figure
to beat is 1/players. Prints figures only; this is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from parlour.agents import make_agent  # noqa: E402


def play(game, seed: int, kinds: list[str]):
    state = game.new_state(seed=seed)
    agents = [make_agent(kind, game, seed=seed * 101 + seat) for seat, kind in enumerate(kinds)]
    steps = 0
    while not state.is_terminal and steps < game.max_decisions():
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
        steps += 1
    return state, steps


def line(game, games: int, kinds_of) -> dict:
    start = time.perf_counter()
    steps = caps = wins0 = 0
    for seed in range(games):
        state, k = play(game, seed, kinds_of(game.players))
        steps += k
        caps += state.reached_cap or not state.is_terminal
        returns = state.returns()
        wins0 += returns[0] > max(returns[1:])
    seconds = time.perf_counter() - start
    return {"games/s": games / seconds, "decisions/game": steps / games,
            "cap rate": caps / games, "seat 0 wins": wins0 / games}


def show(label: str, figures: dict) -> None:
    print(f"  {label:<26} {figures['games/s']:8.1f} games/s  {figures['decisions/game']:8.1f} "
          f"decisions/game  cap rate {figures['cap rate']:6.1%}  "
          f"seat 0 wins {figures['seat 0 wins']:6.1%}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("-n", "--count", type=int, default=20, help="games per line")
    parser.add_argument("-p", "--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], help="name=value")
    args = parser.parse_args(argv)
    for game_id in args.games or parlour.games():
        cls = parlour.game_class(game_id)
        options = {}
        for text in args.option:
            name, _, value = text.partition("=")
            if any(o.name == name for o in cls.info.options):
                options[name] = cls.info.option(name).parse(value)
        game = cls(args.players, **options)
        print(f"{game!r}")
        show("random (all seats)", line(game, args.count, lambda n: ["random"] * n))
        if cls.heuristic is None:
            print("  (no heuristic agent)")
            continue
        show("heuristic (all seats)", line(game, args.count, lambda n: ["heuristic"] * n))
        show("heuristic 0 vs random", line(game, args.count,
                                           lambda n: ["heuristic"] + ["random"] * (n - 1)))
        show("random 0 vs heuristic", line(game, args.count,
                                           lambda n: ["random"] + ["heuristic"] * (n - 1)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
