"""Play many games of one game and stream each game's record and summary to OUT/games.jsonl.

Every game is a pure function of (game id, players, options, agent specs, seed, index), so the
local process pool, Ray and a plain loop give the same lines; only their order in the file may
differ. A run that stops half-way leaves whole lines behind (a torn last line is dropped) and a
second call with the same settings plays only the games that are missing.
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

import parlour
from parlour import runlog
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
    players: int | None = None
    options: dict = field(default_factory=dict)
    compare: dict | None = None  # the option(s) changed in arm B
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

    def tasks(self, done: dict[str, bytearray] | None = None) -> Iterator[tuple]:
        """The games to play, arm by arm, one at a time, leaving out those `done` marks."""
        specs = self.specs()
        for arm, options in self.arms().items():
            flags = (done or {}).get(arm, b"")
            for i in range(self.n):
                if i >= len(flags) or not flags[i]:
                    yield (self.game, self.players, options, specs, self.seed, i, arm)

    def same_run(self, other: Plan) -> bool:
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


def play_one(game_id: str, players: int | None, options: dict, specs: list[str], seed: int,
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
    limit = game.max_decisions()
    while not state.is_terminal and len(state.history) < limit:
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
        if forming:
            hands = [hand if hand is not None else state.opening_hand(s)
                     for s, hand in enumerate(hands)]
            forming = None in hands
    ended = state.is_terminal
    # A game still going at the contract's bound on its length did not end: it counts as a game
    # stopped by a cap, and as a draw.
    returns = [float(r) for r in state.returns()] if ended else [0.0] * game.players
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    summary = {
        "arm": arm, "index": index, "seed": game_seed, "agents": specs, "returns": returns,
        # place 0 is first; tied seats share the better place
        "places": [sum(1 for other in returns if other > r) for r in returns],
        # a tie for first splits the win
        "win": [1.0 / len(winners) if s in winners else 0.0 for s in game.seats],
        "decisions": len(state.history),
        "rounds": state.round_count(),
        "events": state.event_counts(),
        "reached_cap": bool(state.reached_cap) or not ended,
        "hands": hands,
    }
    return {"summary": summary, "record": state.record()}


def play_lines(tasks: list[tuple]) -> tuple[list[str], float]:
    """Several games, each as its JSON line (the workers serialise, so the parent only writes),
    and the seconds they took."""
    start = time.perf_counter()
    lines = [json.dumps(play_one(*task), separators=(",", ":")) + "\n" for task in tasks]
    return lines, time.perf_counter() - start


class _Batches:
    """Hands out games in batches that take a worker about BATCH_SECONDS each: a call to a
    worker costs about a millisecond, which a quick game (a fraction of that) must share with
    others, while a slow game goes alone so the progress bar moves."""

    def __init__(self, tasks: Iterable[tuple]):
        self.tasks, self.size = iter(tasks), 1

    def take(self) -> list[tuple]:
        return list(itertools.islice(self.tasks, self.size))

    def learn(self, games: int, seconds: float) -> None:
        each = seconds / max(1, games)
        self.size = max(1, min(MAX_BATCH, int(BATCH_SECONDS / max(each, 1e-6))))


BATCH_SECONDS = 0.2
MAX_BATCH = 100


def _done(path: Path, n: int) -> tuple[dict[str, bytearray], int]:
    """The games already in the file, as a flag per game index of each arm (a byte a game), and
    how many; a torn last line (the run was killed mid-write) is cut."""
    done: dict[str, bytearray] = {}
    count = 0
    for line in runlog.records(path, repair=True):
        summary = line.get("summary")
        if not isinstance(summary, dict):
            raise ValueError(f"{path}: {json.dumps(line)[:60]} is not a game's summary")
        index = summary["index"]
        flags = done.setdefault(summary["arm"], bytearray(n))
        if index < n and not flags[index]:
            flags[index] = 1
            count += 1
    return done, count


def _local(tasks: Iterable[tuple], jobs: int) -> Iterator[list[str]]:
    if jobs <= 1:
        for task in tasks:
            yield play_lines([task])[0]
        return
    batches = _Batches(tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending = set()
        # a bounded window of batches keeps memory flat however many games are asked for
        while True:
            while len(pending) < jobs * 2 and (batch := batches.take()):
                pending.add(pool.submit(play_lines, batch))
            if not pending:
                return
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                lines, seconds = future.result()
                batches.learn(len(lines), seconds)
                yield lines


def _ray(tasks: Iterable[tuple], jobs: int, address: str | None) -> Iterator[list[str]]:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not address:  # a private local instance needs no token (Ray would write one to ~/.ray)
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    import tempfile

    import ray
    # a caller that started Ray itself (a benchmark, a notebook) keeps it running
    owned = not ray.is_initialized()
    if owned and address:
        # the cluster's workers run this very copy of Parlour, shipped with the job, so their
        # games are the ones a local run would play
        ray.init(address=address, runtime_env={"py_modules": [parlour]})
    elif owned:
        ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False,
                 _temp_dir=tempfile.mkdtemp(prefix="parlour-ray-"))
    try:
        # on a cluster, keep every CPU it has busy
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs))) if address else jobs
        remote = ray.remote(play_lines)
        batches, pending = _Batches(tasks), []
        while True:
            while len(pending) < max(1, workers) * 2 and (batch := batches.take()):
                pending.append(remote.remote(batch))
            if not pending:
                return
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                lines, seconds = ray.get(ref)
                batches.learn(len(lines), seconds)
                yield lines
    finally:
        if owned:
            ray.shutdown()


def run(plan: Plan, out: Path, jobs: int = 1, backend: str = "local",
        ray_address: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> Path:
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
    done, count = _done(path, plan.n)
    total = plan.n * len(plan.arms())
    if progress:
        progress(count, total)
    if count == total:
        return path
    tasks = plan.tasks(done)  # one at a time: memory stays flat however many games are asked for
    batches = _ray(tasks, jobs, ray_address) if backend == "ray" else _local(tasks, jobs)
    with path.open("a", encoding="utf-8") as handle:
        for lines in batches:
            handle.write("".join(lines))
            handle.flush()
            count += len(lines)
            if progress:
                progress(count, total)
    return path


def _lines(out: Path) -> Iterator[dict]:
    """The lines of a run in the order the file holds them, but for a last line cut short (a run
    stopped, or still going, mid-write)."""
    return runlog.records(out / GAMES_FILE)


def summaries(out: Path) -> Iterator[dict]:
    """The summaries of a run, one at a time in the order the file holds them (records are
    skipped, so a run of any size is read in flat memory)."""
    for line in _lines(out):
        yield line["summary"]


def read(out: Path, with_records: bool = False) -> list[dict]:
    """Every line of a run (summaries only, or summaries and records) in a stable order: for
    tests and small runs; the report streams with `summaries`."""
    lines = [line if with_records else line["summary"] for line in _lines(out)]
    key = (lambda line: (line["summary"]["arm"], line["summary"]["index"])) if with_records else \
        (lambda s: (s["arm"], s["index"]))
    return sorted(lines, key=key)


def find_record(out: Path, arm: str, index: int) -> dict | None:
    """One game's record, read by streaming the file (records are not kept in memory)."""
    for line in _lines(out):
        if line["summary"]["arm"] == arm and line["summary"]["index"] == index:
            return line["record"]
    return None
