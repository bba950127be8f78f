"""The levels' strength table of docs/strength.md: for every game, hard against medium and medium
against easy in the arena, seats rotated, with 95% intervals on the paired differences.

    python bench/strength.py -n 500 --jobs 2 --out strength/          # every game (hours)
    python bench/strength.py --games izind,viashi -n 500 --hard hard:iters=300 \
        --hard izind=hard:iters=1000
    python bench/strength.py --medium-only -n 500                    # medium - easy, every game

A game of three or more seats is one arena, `hard,medium,easy,...`; a two-seat game needs two,
`hard,medium` and `medium,easy`. With `--company medium` hard's arena seats mediums in the other
seats instead of easies (`hard,medium,medium,...`): hard's playouts play every other seat as the
heuristic would, which is what medium players do and random ones do not. Each arena's results go
to OUT/<game>-<agents>.json as they finish (an arena already there is not played again; one
stopped midway goes on from the games in its OUT/<game>-<agents>.games.jsonl), and the table is
printed in Markdown at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from parlour.agents.arena import run_arena  # noqa: E402


def arenas(game, hard: str | None, company: str = "easy") -> list[list[str]]:
    n = game.players
    if hard is None:  # medium against easy only: cheap, for a game whose hard arena is not run
        return [["medium"] + ["easy"] * (n - 1)]
    if n == 2:
        return [[hard, "medium"], ["medium", "easy"]]
    return [[hard, "medium"] + [company] * (n - 2)]


def run(game_id: str, games: int, jobs: int, hard: str | None, seed: int, out: Path,
        company: str = "easy") -> list[dict]:
    game = parlour.load(game_id)
    found = []
    for specs in arenas(game, hard, company):
        path = out / f"{game_id}-{'_'.join(s.replace(':', '-') for s in specs)}.json"
        if path.exists():
            data = json.loads(path.read_text())
            if data["games"] >= games:
                found.append(data)
                continue
        start = time.time()
        # Games are added to the journal as they end: a run stopped midway goes on from there.
        journal = path.with_name(path.stem + ".games.jsonl")
        result = run_arena(game, specs, games, seed=seed, jobs=jobs, journal=journal)
        data = result.to_dict()
        data["command"] = (f"parlour arena {game_id} --agents {','.join(specs)} -n {games} "
                           f"--seed {seed} --jobs {jobs}")
        path.write_text(json.dumps(data, indent=1))
        journal.unlink()
        print(f"{game_id}: {','.join(specs)}: {games} games in {time.time() - start:.0f} s",
              file=sys.stderr, flush=True)
        found.append(data)
    return found


def rows(game_id: str, results: list[dict]) -> list[str]:
    """One row per comparison: the difference, its interval and the think time of hard."""
    lines = []
    for data in results:
        agents = {row["agent"]: row for row in data["agents"]}
        for diff in data["differences"]:
            if diff["worse"] not in ("medium", "easy"):
                continue
            better = agents[diff["better"]]
            think = (f"{better['think_mean']:.2f} / {better['think_max']:.2f} / "
                     f"{better['think_cpu_max']:.2f}"
                     if diff["worse"] == "medium" else "")
            lines.append(
                f"| {game_id} | {data['players']} | {diff['better']} - {diff['worse']} | "
                f"{better['return']:.2f} vs {agents[diff['worse']]['return']:.2f} | "
                f"{diff['difference']:+.2f} ({diff['ci'][0]:+.2f}, {diff['ci'][1]:+.2f}) | "
                f"{'yes' if diff['separated'] and diff['difference'] > 0 else 'no'} | "
                f"{data['games']} | {think} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="all", help="game ids, comma-separated, or all")
    parser.add_argument("-n", type=int, default=500, help="games per arena")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard", action="append", default=[],
                        help="the spec that stands for hard (default: hard), or GAME=SPEC for "
                             "one game; repeat")
    parser.add_argument("--medium-only", action="store_true",
                        help="only medium against easy (no hard: minutes, not hours)")
    parser.add_argument("--company", choices=("easy", "medium"), default="easy",
                        help="who sits in the other seats of hard's arena (3 seats or more)")
    parser.add_argument("--out", default="strength", help="folder for each arena's JSON")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ids = parlour.games() if args.games == "all" else args.games.split(",")
    table = ["| game | seats | comparison | mean returns | difference (95% CI, paired) | "
             "separated | games | hard think s: mean / max / max cpu |",
             "|---|---|---|---|---|---|---|---|"]
    hard = {"": "hard"}
    for item in args.hard:
        game_id, eq, spec = item.partition("=")
        if eq and game_id in parlour.games():
            hard[game_id] = spec
        else:
            hard[""] = item
    for game_id in ids:
        spec = None if args.medium_only else hard.get(game_id, hard[""])
        table += rows(game_id, run(game_id, args.n, args.jobs, spec, args.seed, out,
                                   args.company))
    print("\n".join(table))


if __name__ == "__main__":
    main()
