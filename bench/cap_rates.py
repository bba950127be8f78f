"""How often games reach their cap, for random and heuristic play (issue 6, item 6).

    PYTHONPATH=. python bench/cap_rates.py izind changelands --games 200
    PYTHONPATH=. python bench/cap_rates.py izind --option maunwe=true

A game "reaches the cap" when it ends without a winner at its decision cap or its own limit
(Changelands' round_limit), or when it would run past `max_decisions()`. The bench also prints the
mean and longest game in decisions, and the playouts per second. It only plays; it tests nothing.
"""

from __future__ import annotations

import argparse
import time

import parlour
from parlour.agents import make_agent


def run(game, kinds: list[str], games: int) -> dict:
    capped = lengths = longest = 0
    start = time.perf_counter()
    for seed in range(games):
        agents = [make_agent(kinds[s], game, seed=seed * 10 + s) for s in game.seats]
        state = game.new_state(seed=seed)
        steps = 0
        while not state.is_terminal and steps < game.max_decisions():
            seat = state.current_player
            state.apply(agents[seat].choose(state, seat))
            steps += 1
        if not state.is_terminal or max(state.returns()) == 0:
            capped += 1  # no winner: the cap (or the game's own limit) ended it
        lengths += steps
        longest = max(longest, steps)
    seconds = time.perf_counter() - start
    return {"capped": capped, "mean": lengths / games, "longest": longest,
            "per_second": games / seconds if seconds else float("inf")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", default=["izind", "changelands"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], help="name=value, e.g. maunwe=true")
    args = parser.parse_args()
    for game_id in args.games_ids:
        info = parlour.game_class(game_id).info
        options = {}
        for text in args.option:
            name, _, value = text.partition("=")
            options[name] = info.option(name).parse(value)
        game = parlour.load(game_id, players=args.players, **options)
        n = game.players
        print(f"{game!r}  cap {game.max_decisions()} decisions")
        for label, kinds in (("random", ["random"] * n), ("heuristic", ["heuristic"] * n),
                             ("heuristic vs random", ["heuristic"] + ["random"] * (n - 1))):
            r = run(game, kinds, args.games)
            print(f"  {label:20s} capped {r['capped']}/{args.games} "
                  f"({100 * r['capped'] / args.games:.1f}%)  decisions mean {r['mean']:.1f} "
                  f"longest {r['longest']}  {r['per_second']:.0f} games/s")


if __name__ == "__main__":
    main()
