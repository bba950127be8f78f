"""The arena: agents play many games against each other with seats rotated, and the results come
with 95% confidence intervals and an openskill rating.

Games come in blocks of one deal per block: within a block every agent plays that same deal
from every seat in turn (the deal's seed is shared, the seats rotate), so a lucky hand counts for
everyone alike. Each agent gets its own seed in every game, drawn from the arena's seed.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy import stats

from .. import runlog
from . import make_agent, parse_spec


@dataclass
class Entry:
    label: str  # the spec, with #2, #3 for a spec listed again
    spec: str


@dataclass
class ArenaResult:
    game: str
    players: int
    options: dict
    seed: int
    entries: list[Entry]
    returns: np.ndarray  # games x entries
    places: np.ndarray  # games x entries, 1 = first, ties share the mean place
    think_max: list[float]  # the longest single decision of each entry, wall-clock seconds
    think_total: list[float]
    decisions: list[int]
    # The most processor time one decision took (this thread's: the progress bar draws in
    # another): on a shared machine the wall clock also counts other processes' turns.
    think_cpu_max: list[float] = field(default_factory=list)
    ratings: list = field(default_factory=list)  # openskill ratings, in entry order
    seconds: float = 0.0  # this run's wall-clock time (games read from a journal took none)
    resumed: int = 0  # games read back from the journal, not played in this run

    @property
    def games(self) -> int:
        return len(self.returns)

    def summary(self) -> list[dict]:
        rows = []
        for i, entry in enumerate(self.entries):
            mean, low, high = mean_ci(self.returns[:, i])
            place, place_low, place_high = mean_ci(self.places[:, i])
            rating = self.ratings[i]
            rows.append({
                "agent": entry.label, "spec": entry.spec,
                "return": mean, "return_ci": [low, high],
                "place": place, "place_ci": [place_low, place_high],
                "rating": rating.ordinal(), "mu": rating.mu, "sigma": rating.sigma,
                "decisions": self.decisions[i],
                "think_mean": self.think_total[i] / max(1, self.decisions[i]),
                "think_max": self.think_max[i],
                "think_cpu_max": self.think_cpu_max[i] if self.think_cpu_max else None,
            })
        return rows

    def differences(self) -> list[dict]:
        """Mean return of each spec minus that of the next spec listed, game by game (paired:
        both sat at the same table), with its 95% interval; `separated` when it excludes 0."""
        specs = []
        for entry in self.entries:
            if entry.spec not in specs:
                specs.append(entry.spec)
        per_spec = {}
        for spec in specs:
            columns = [i for i, e in enumerate(self.entries) if e.spec == spec]
            per_spec[spec] = self.returns[:, columns].mean(axis=1)
        rows = []
        for a, b in zip(specs, specs[1:]):
            mean, low, high = mean_ci(per_spec[a] - per_spec[b])
            rows.append({"better": a, "worse": b, "difference": mean, "ci": [low, high],
                         "separated": bool(low > 0 or high < 0)})
        return rows

    def to_dict(self) -> dict:
        data = {"game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "games": self.games, "seconds": round(self.seconds, 1),
                "agents": self.summary(), "differences": self.differences()}
        if self.resumed:
            data["resumed"] = self.resumed
        return data


def mean_ci(values) -> tuple[float, float, float]:
    """Mean and Student-t 95% interval."""
    values = np.asarray(values, dtype=float)
    mean = float(values.mean())
    if len(values) < 2:
        return mean, float("nan"), float("nan")
    sem = float(values.std(ddof=1)) / np.sqrt(len(values))
    half = float(stats.t.ppf(0.975, len(values) - 1)) * sem
    return mean, mean - half, mean + half


def places_of(returns) -> list[float]:
    """1 for the highest return; tied seats share the mean of their places."""
    out = []
    for r in returns:
        above = sum(1 for x in returns if x > r)
        level = sum(1 for x in returns if x == r)
        out.append(above + (level + 1) / 2)
    return out


def entries_of(specs: list[str]) -> list[Entry]:
    entries, seen = [], {}
    for spec in specs:
        spec = spec.strip()
        seen[spec] = seen.get(spec, 0) + 1
        label = spec if seen[spec] == 1 else f"{spec}#{seen[spec]}"
        entries.append(Entry(label, spec))
    return entries


def plan_games(players: int, games: int, seed: int) -> list[tuple]:
    """Each game's deal seed, seating and agents' seeds, fixed up front so that a game's outcome
    does not depend on which worker plays it or when."""
    master = random.Random(seed)
    plan = []
    deal_seed = 0
    for g in range(games):
        shift = g % players
        if shift == 0:
            deal_seed = master.getrandbits(63)
        # Entry e sits at seat (e + shift) % players: a block of `players` games puts every
        # entry in every seat of the same deal.
        seat_of = [(e + shift) % players for e in range(players)]
        agent_seeds = [master.getrandbits(63) for _ in range(players)]
        plan.append((deal_seed, seat_of, agent_seeds))
    return plan


_LOADED: dict = {}


def play_game(game, specs: list[str], deal_seed: int, seat_of: list[int],
              agent_seeds: list[int]) -> dict:
    """One arena game: each entry's return and place and its think times. `game` is a loaded
    Game, or (id, players, options) in a worker process."""
    if isinstance(game, tuple):
        key = (game[0], game[1], tuple(sorted(game[2].items())))
        if key not in _LOADED:
            from ..core.registry import load
            _LOADED[key] = load(game[0], game[1], **game[2])
        game = _LOADED[key]
    players = game.players
    entry_at = [0] * players
    for e, s in enumerate(seat_of):
        entry_at[s] = e
    agents = [make_agent(specs[entry_at[s]], game, seed=agent_seeds[s]) for s in range(players)]
    think_max = [0.0] * players
    think_total = [0.0] * players
    think_cpu_max = [0.0] * players
    decisions = [0] * players
    state = game.new_state(seed=deal_seed)
    while not state.is_terminal:
        seat = state.current_player
        e = entry_at[seat]
        t0, c0 = time.perf_counter(), time.thread_time()
        action = agents[seat].choose(state, seat)
        spent = time.perf_counter() - t0
        think_total[e] += spent
        think_max[e] = max(think_max[e], spent)
        think_cpu_max[e] = max(think_cpu_max[e], time.thread_time() - c0)
        decisions[e] += 1
        state.apply(action, seat)
    result = state.returns()
    game_places = places_of(result)
    return {"returns": [result[s] for s in seat_of], "places": [game_places[s] for s in seat_of],
            "think_max": think_max, "think_total": think_total, "think_cpu_max": think_cpu_max,
            "decisions": decisions}


def run_arena(game, specs: list[str], games: int, seed: int = 0, progress=None,
              jobs: int = 1, journal: str | Path | None = None) -> ArenaResult:
    """Play `games` games of `game` (a loaded Game) among `specs`, one agent per seat, on `jobs`
    worker processes (the results do not depend on it).

    `progress(done, total)` is called after each game (the CLI draws a bar with it). With a
    `journal` file, each game's outcome is added to it as it finishes, and the games already in
    it are not played again: an arena of hours that is stopped goes on where it was."""
    from openskill.models import PlackettLuce

    players = game.players
    if len(specs) != players:
        raise ValueError(f"give one agent per seat: {players} seats, {len(specs)} agents")
    for spec in specs:
        parse_spec(spec)  # refuse a bad spec before the first game
    entries = entries_of(specs)
    specs = [e.spec for e in entries]
    plan = plan_games(players, games, seed)
    returns = np.zeros((games, players))
    places = np.zeros((games, players))
    think_max = [0.0] * players
    think_total = [0.0] * players
    think_cpu_max = [0.0] * players
    decisions = [0] * players
    start = time.perf_counter()
    identity = {"game": game.info.id, "players": players, "options": dict(game.options),
                "specs": specs, "seed": seed}
    done = read_journal(journal, identity) if journal is not None else {}
    done = {g: outcome for g, outcome in done.items() if g < games}
    todo = [g for g in range(games) if g not in done]
    log = open(journal, "a") if journal is not None else None

    def outcomes():
        yield from done.items()
        if jobs <= 1:
            for g in todo:
                yield g, play_game(game, specs, *plan[g])
            return
        from concurrent.futures import ProcessPoolExecutor
        spec = (game.info.id, game.players, dict(game.options))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            played = pool.map(play_game, [spec] * len(todo), [specs] * len(todo),
                              *zip(*(plan[g] for g in todo))) if todo else ()
            yield from zip(todo, played)

    try:
        if log is not None and log.tell() == 0:  # a new journal: its arena first
            log.write(json.dumps({"arena": identity}) + "\n")
        for count, (g, outcome) in enumerate(outcomes(), start=1):
            if log is not None and g not in done:
                log.write(json.dumps({"g": g, **outcome}) + "\n")
                log.flush()
            returns[g] = outcome["returns"]
            places[g] = outcome["places"]
            for e in range(players):
                think_total[e] += outcome["think_total"][e]
                think_max[e] = max(think_max[e], outcome["think_max"][e])
                think_cpu_max[e] = max(think_cpu_max[e], outcome["think_cpu_max"][e])
                decisions[e] += outcome["decisions"][e]
            if progress is not None:
                progress(count, games)
    finally:
        if log is not None:
            log.close()
    # The ratings follow the games in their order, whichever worker played them.
    model = PlackettLuce()
    ratings = [model.rating(name=e.label) for e in entries]
    for g in range(games):
        rated = model.rate([[r] for r in ratings], ranks=list(places[g]))
        ratings = [team[0] for team in rated]
    return ArenaResult(game=game.info.id, players=players, options=dict(game.options), seed=seed,
                       entries=entries, returns=returns, places=places, think_max=think_max,
                       think_total=think_total, decisions=decisions, ratings=ratings,
                       think_cpu_max=think_cpu_max,
                       seconds=time.perf_counter() - start, resumed=len(done))


def read_journal(path: str | Path, identity: dict) -> dict[int, dict]:
    """The outcomes in an arena's journal, by game number. A journal of another arena (game,
    options, agents or seed) is refused; a last line cut short by a stop is dropped."""
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        return {}
    identity = json.loads(json.dumps(identity))  # as it reads back (tuples become lists)
    lines = runlog.records(path, repair=True)
    try:
        head = next(lines, {}).get("arena")
    except ValueError:
        head = None
    if not isinstance(head, dict):
        raise ValueError(f"{path} is not an arena's journal (its first line names no arena)")
    differ = [f"its {key} is {head.get(key)!r}, not {value!r}" for key, value in identity.items()
              if head.get(key) != value]
    if differ:
        raise ValueError(f"{path} is the journal of another arena: " + "; ".join(differ))
    done: dict[int, dict] = {}
    for outcome in lines:
        if not isinstance(outcome.get("g"), int):
            raise ValueError(f"{path}: {json.dumps(outcome)[:60]} is not a game's outcome")
        done[outcome.pop("g")] = outcome
    return done


def markdown_table(data: dict) -> str:
    """An arena's results (`ArenaResult.to_dict()`, or its --json file) as Markdown."""
    lines = ["| agent | mean return (95% CI) | mean place (95% CI) | openskill ordinal "
             "(mu, sigma) | think s: mean / max / max cpu |",
             "|---|---|---|---|---|"]
    for row in data["agents"]:
        cpu = row.get("think_cpu_max")
        lines.append(
            f"| {row['agent']} | {row['return']:.2f} ({row['return_ci'][0]:.2f}, "
            f"{row['return_ci'][1]:.2f}) | {row['place']:.2f} ({row['place_ci'][0]:.2f}, "
            f"{row['place_ci'][1]:.2f}) | {row['rating']:.1f} ({row['mu']:.1f}, "
            f"{row['sigma']:.1f}) | {row['think_mean']:.3f} / {row['think_max']:.3f} / "
            f"{'-' if cpu is None else f'{cpu:.3f}'} |")
    lines.append("")
    lines.append("| comparison | difference in mean return (95% CI, paired by game) | "
                 "excludes 0 |")
    lines.append("|---|---|---|")
    for row in data["differences"]:
        lines.append(f"| {row['better']} - {row['worse']} | {row['difference']:+.2f} "
                     f"({row['ci'][0]:+.2f}, {row['ci'][1]:+.2f}) | "
                     f"{'yes' if row['separated'] else 'no'} |")
    return "\n".join(lines)
