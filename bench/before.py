"""Hard against hard as it was before one form per rule (issue 40), in the arena: the engine at a
commit (f944982 by default, made by bench/builds.py) plays its seats from a process of its own.

    python bench/before.py arschloch -n 200 --seconds 0.3            # hard,before,medium,medium
    python bench/before.py two_faced -n 200 --out strength/           # hard,before
    python bench/before.py izind --agents openspiel,hard -n 200       # any arena of today's agents

The agent `before` plays the position the arena hands it by replaying the game in the old engine
(the same seed deals the same cards there: the golden traces hold it) and asking that engine's
hard, for the same seconds a move; its move goes back as notation. The old engine runs in one
process beside the arena, so its search has a core to itself as the arena's agents do (keep
`--jobs 1`: the agent lives in this process).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import parlour  # noqa: E402
from builds import tree  # noqa: E402
from parlour import agents  # noqa: E402
from parlour.agents.arena import run_arena  # noqa: E402

BEFORE = "f944982"

# The old engine's side: one line of JSON in (the game, its seed and moves, the seat and the
# agent's seed), one line out (the move's notation).
SERVER = """
import json, sys
import parlour
from parlour.agents import make_agent
games, players = {}, {}
for line in sys.stdin:
    ask = json.loads(line)
    key = (ask["game"], ask["players"], json.dumps(ask["options"], sort_keys=True))
    if key not in games:
        games[key] = parlour.load(ask["game"], ask["players"], **ask["options"])
    game = games[key]
    who = (key, ask["agent_seed"], ask["seat"])
    if who not in players:
        if len(players) > 64:
            players.clear()
        players[who] = make_agent(ask["spec"], game, seed=ask["agent_seed"])
    state = game.new_state(seed=ask["seed"])
    for text in ask["moves"]:
        state.apply(game.parse_action(state, text))
    action = players[who].choose(state, ask["seat"])
    print(json.dumps({"action": str(action)}), flush=True)
"""


class OldEngine:
    """The process of the old engine, started on first use."""

    process: subprocess.Popen | None = None
    rev = BEFORE

    @classmethod
    def ask(cls, message: dict) -> str:
        if cls.process is None or cls.process.poll() is not None:
            where = tree("pure", cls.rev)
            cls.process = subprocess.Popen(
                [sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                text=True, env={**os.environ, "PYTHONPATH": str(where)})
        assert cls.process.stdin is not None and cls.process.stdout is not None
        cls.process.stdin.write(json.dumps(message) + "\n")
        cls.process.stdin.flush()
        answer = cls.process.stdout.readline()
        if not answer:
            raise RuntimeError("the old engine stopped (its error is above)")
        return json.loads(answer)["action"]


class Before(agents.Agent):
    """Hard as the old engine plays it."""

    name = "before"

    def __init__(self, game, seed, spec: str):
        self.game, self.seed, self.spec = game, seed or 0, spec

    def choose(self, state, seat: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        text = OldEngine.ask({
            "game": self.game.info.id, "players": self.game.players,
            "options": self.game.changed_options(),
            "seed": state.seed, "moves": [str(a) for a in state.history],
            "seat": seat, "agent_seed": self.seed, "spec": self.spec})
        return self.game.parse_action(state, text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", type=int, default=200, help="games")
    parser.add_argument("--seconds", type=float, default=0.3, help="a move, for both hards")
    parser.add_argument("--agents", default=None,
                        help="the arena's agents (default hard,before and medium in the other "
                             "seats); 'before' is the old engine's hard")
    parser.add_argument("--rev", default=BEFORE, help="the old engine's commit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="strength", help="folder for the arena's JSON")
    args = parser.parse_args()
    OldEngine.rev = args.rev
    hard = f"hard:seconds={args.seconds:g}"
    agents.KINDS["before"] = lambda game, seed, params: Before(game, seed, hard)
    game = parlour.load(args.game)
    specs = (args.agents.split(",") if args.agents else
             [hard, "before"] + ["medium"] * (game.players - 2))
    specs = [hard if s == "hard" else s for s in specs]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    name = f"{args.game}-{'_'.join(s.replace(':', '-') for s in specs)}"
    result = run_arena(game, specs, args.n, seed=args.seed,
                       journal=out / f"{name}.games.jsonl")
    data = result.to_dict()
    data["command"] = " ".join(["python bench/before.py", *sys.argv[1:]])
    (out / f"{name}.json").write_text(json.dumps(data, indent=1))
    agents_by = {row["agent"]: row for row in data["agents"]}
    print("| game | comparison | mean returns | difference (95% CI, paired) | separated | games |")
    print("|---|---|---|---|---|---|")
    for diff in data["differences"]:
        better, worse = agents_by[diff["better"]], agents_by[diff["worse"]]
        print(f"| {args.game} | {diff['better']} - {diff['worse']} | {better['return']:.2f} vs "
              f"{worse['return']:.2f} | {diff['difference']:+.2f} ({diff['ci'][0]:+.2f}, "
              f"{diff['ci'][1]:+.2f}) | {'yes' if diff['separated'] else 'no'} | "
              f"{data['games']} |")


if __name__ == "__main__":
    main()
