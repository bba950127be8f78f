"""Play many games of one game and stream each game's record and summary to OUT/games.jsonl.

Every game is a pure function of (game id, players, options, agent specs, seed, index), so the
local process pool, Ray and a plain loop give the same lines; only their order in the file may
differ. A run that stops half-way leaves whole lines behind (a torn last line is dropped) and a
second call with the same settings plays only the games that are missing.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional

import parlour
from parlour.agents import make_agent

GAMES_FILE = "games.jsonl"
RUN_FILE = "run.json"
BASE, COMPARE = "A", "B"


@dataclass
class Plan:
    """What a lab run plays: the same seeds under one or two option settings (arms)."""
    game: str
    n: int
    agents: list[str]
    seed: int = 0
    players: Optional[int] = None
    options: dict = field(default_factory=dict)
    compare: Optional[dict] = None  # the option(s) changed in arm B
    command: str = ""

    def arms(self) -> dict[str, dict]:
        arms = {BASE: dict(self.options)}
        if self.compare:
            arms[COMPARE] = {**self.options, **self.compare}
        return arms

    def seats(self) -> int:
        return parlour.load(self.game, self.players, **self.options).players

    def specs(self) -> list[str]:
        """One spec per seat; the last one given repeats."""
        seats = self.seats()
        return (list(self.agents) + [self.agents[-1]] * seats)[:seats]

    def tasks(self) -> list[tuple]:
        return [(self.game, self.players, options, self.specs(), self.seed, i, arm)
                for arm, options in self.arms().items() for i in range(self.n)]

    def same_run(self, other: "Plan") -> bool:
        """Whether `other` plays the same games (n may grow: more games are added)."""
        mine, theirs = asdict(self), asdict(other)
        for key in ("n", "command"):
            mine.pop(key), theirs.pop(key)
        return mine == theirs


def seat_specs(specs: list[str], index: int) -> list[str]:
    """Seats rotated by game when the agents differ, so no agent keeps the best seat."""
    if len(set(specs)) == 1:
        return list(specs)
    shift = index % len(specs)
    return specs[shift:] + specs[:shift]


_GAMES: dict = {}


def play_one(game_id: str, players: Optional[int], options: dict, specs: list[str], seed: int,
             index: int, arm: str) -> dict:
    """One game, as the line written to games.jsonl: its summary and its record."""
    key = (game_id, players, json.dumps(options, sort_keys=True))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = parlour.load(game_id, players, **options)
    specs = seat_specs(specs, index)
    game_seed = seed + index
    agents = [make_agent(spec, game, seed=game_seed * 1000 + s) for s, spec in enumerate(specs)]
    state = game.new_state(seed=game_seed)
    hands = [state.opening_hand(s) for s in game.seats]
    forming = state.hand_forms_in_play
    while not state.is_terminal:
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
        if forming:
            hands = [hand if hand is not None else state.opening_hand(s)
                     for s, hand in enumerate(hands)]
            forming = None in hands
    returns = [float(r) for r in state.returns()]
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    final = state.view(None)
    rounds = final.get("round")
    summary = {
        "arm": arm, "index": index, "seed": game_seed, "agents": specs, "returns": returns,
        # place 0 is first; tied seats share the better place
        "places": [sum(1 for other in returns if other > r) for r in returns],
        # a tie for first splits the win
        "win": [1.0 / len(winners) if s in winners else 0.0 for s in game.seats],
        "decisions": len(state.history),
        "rounds": rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else None,
        "reached_cap": bool(state.reached_cap),
        "hands": hands,
    }
    return {"summary": summary, "record": state.record()}


def _done(path: Path) -> set[tuple[str, int]]:
    """The games already in the file; a torn last line (the run was killed mid-write) is cut."""
    if not path.exists():
        return set()
    done, good = set(), 0
    with path.open("rb") as handle:
        for line in handle:
            try:
                summary = json.loads(line)["summary"]
            except (ValueError, KeyError):
                break
            if not line.endswith(b"\n"):
                break
            done.add((summary["arm"], summary["index"]))
            good += len(line)
    if good != path.stat().st_size:
        with path.open("r+b") as handle:
            handle.truncate(good)
    return done


def _local(tasks: list[tuple], jobs: int) -> Iterator[dict]:
    if jobs <= 1:
        for task in tasks:
            yield play_one(*task)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending, queue = set(), iter(tasks)
        # a bounded window keeps memory flat however many games are asked for
        for task in queue:
            pending.add(pool.submit(play_one, *task))
            if len(pending) >= jobs * 4:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        for future in pending:
            yield future.result()


def _ray(tasks: list[tuple], jobs: int, address: Optional[str]) -> Iterator[dict]:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not address:  # a private local instance needs no token (Ray would write one to ~/.ray)
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    import tempfile

    import ray
    # a caller that started Ray itself (a benchmark, a notebook) keeps it running
    owned = not ray.is_initialized()
    if owned and address:
        ray.init(address=address)
    elif owned:
        ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False,
                 _temp_dir=tempfile.mkdtemp(prefix="parlour-ray-"))
    try:
        remote = ray.remote(play_one)
        pending, queue = [], iter(tasks)
        for task in queue:
            pending.append(remote.remote(*task))
            if len(pending) >= max(1, jobs) * 4:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    yield ray.get(ref)
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        if owned:
            ray.shutdown()


def run(plan: Plan, out: Path, jobs: int = 1, backend: str = "local",
        ray_address: Optional[str] = None,
        progress: Optional[Callable[[int, int], None]] = None) -> Path:
    """Play the games of `plan` that OUT does not hold yet. `progress(done, total)` is called
    after each game. Returns the path of games.jsonl."""
    out.mkdir(parents=True, exist_ok=True)
    meta = out / RUN_FILE
    if meta.exists():
        before = Plan(**json.loads(meta.read_text()))
        if not before.same_run(plan):
            raise ValueError(f"{out} holds a different run ({meta}); use another --out")
    meta.write_text(json.dumps(asdict(plan), indent=1))
    path = out / GAMES_FILE
    done = _done(path)
    tasks = [t for t in plan.tasks() if (t[6], t[5]) not in done]
    total = len(plan.tasks())
    count = total - len(tasks)
    if progress:
        progress(count, total)
    if not tasks:
        return path
    games = _ray(tasks, jobs, ray_address) if backend == "ray" else _local(tasks, jobs)
    with path.open("a", encoding="utf-8") as handle:
        for line in games:
            handle.write(json.dumps(line, separators=(",", ":")) + "\n")
            handle.flush()
            count += 1
            if progress:
                progress(count, total)
    return path


def read(out: Path, with_records: bool = False) -> list[dict]:
    """The summaries of a run (and the records too, if asked) in a stable order."""
    lines = []
    with (out / GAMES_FILE).open(encoding="utf-8") as handle:
        for text in handle:
            try:
                line = json.loads(text)
            except ValueError:
                break
            lines.append(line if with_records else line["summary"])
    key = (lambda l: (l["summary"]["arm"], l["summary"]["index"])) if with_records else \
        (lambda s: (s["arm"], s["index"]))
    return sorted(lines, key=key)


def find_record(out: Path, arm: str, index: int) -> Optional[dict]:
    """One game's record, read by streaming the file (records are not kept in memory)."""
    with (out / GAMES_FILE).open(encoding="utf-8") as handle:
        for text in handle:
            line = json.loads(text)
            if line["summary"]["arm"] == arm and line["summary"]["index"] == index:
                return line["record"]
    return None
