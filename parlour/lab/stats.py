"""Figures a designer acts on, from the summaries a lab run wrote (see run.py for their fields).

The summaries are read once, as a stream: each arm keeps a few numbers per game in numpy columns
and folds the starting hands into per-card counts as they pass, so a run of a million games is
summed up in a few tens of megabytes.

Intervals are 95%: Wilson for rates, Student t for means and for the paired A/B differences
(the same seed under both settings is one pair).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import numpy as np
from scipy import stats as sps

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
LEVEL = 0.95


class Arm:
    """The games of one option setting as columns, in game order (index)."""

    def __init__(self, name: str):
        self.name = name
        self._rows: dict[str, list] = defaultdict(list)
        self.lineups: list[tuple] = []  # the distinct agents-by-seat of the games
        self._lineup_ids: dict[tuple, int] = {}
        # card -> [seats that held it at the start, their wins]; and every seat-hand seen
        self.cards: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        self.hands_seen, self.hands_won = 0, 0.0

    def add(self, s: dict) -> None:
        rows = self._rows
        rows["index"].append(s["index"])
        rows["seed"].append(s["seed"])
        rows["decisions"].append(s["decisions"])
        rows["rounds"].append(np.nan if s["rounds"] is None else s["rounds"])
        rows["events"].append(s.get("events"))  # older runs' summaries have none
        rows["cap"].append(bool(s["reached_cap"]))
        rows["returns"].append(s["returns"])
        rows["win"].append(s["win"])
        rows["places"].append(s["places"])
        lineup = tuple(s["agents"])
        if lineup not in self._lineup_ids:
            self._lineup_ids[lineup] = len(self.lineups)
            self.lineups.append(lineup)
        rows["lineup"].append(self._lineup_ids[lineup])
        for seat, hand in enumerate(s.get("hands") or []):
            if hand is None:
                continue
            won = s["win"][seat]
            self.hands_seen += 1
            self.hands_won += won
            for card in set(hand):
                tally = self.cards[card]
                tally[0] += 1
                tally[1] += won

    def finish(self) -> Arm:
        rows = self._rows
        order = np.argsort(np.asarray(rows["index"]), kind="stable")
        for key in ("index", "seed", "decisions", "lineup"):
            setattr(self, key, np.asarray(rows[key], dtype=np.int64)[order])
        self.rounds = np.asarray(rows["rounds"], dtype=float)[order]
        self.events = [rows["events"][i] for i in order]
        self.cap = np.asarray(rows["cap"], dtype=bool)[order]
        for key in ("returns", "win", "places"):
            setattr(self, key, np.asarray(rows[key], dtype=float)[order])
        self.spread = self.returns.max(axis=1) - self.returns.min(axis=1)
        del self._rows
        return self

    @property
    def games(self) -> int:
        return len(self.index)

    @property
    def seats(self) -> int:
        return self.returns.shape[1]

    @property
    def has_rounds(self) -> bool:
        return bool(np.isfinite(self.rounds).any())

    def agents(self) -> list[str]:
        return sorted({a for lineup in self.lineups for a in lineup})

    def agent_win(self, agent: str) -> np.ndarray:
        """Per game, the agent's share of the win averaged over the seats it sat in (NaN where
        it did not play)."""
        masks = np.array([[a == agent for a in lineup] for lineup in self.lineups], dtype=float)
        mask = masks[self.lineup]
        seats = mask.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(seats > 0, (self.win * mask).sum(axis=1) / seats, np.nan)


def arms_of(summaries: Iterable[dict]) -> dict[str, Arm]:
    """One pass over the summaries: the arms, each finished and in game order."""
    arms: dict[str, Arm] = {}
    for s in summaries:
        arm = arms.get(s["arm"])
        if arm is None:
            arm = arms[s["arm"]] = Arm(s["arm"])
        arm.add(s)
    return {name: arms[name].finish() for name in sorted(arms)}


def _arm(data) -> Arm:
    return data if isinstance(data, Arm) else next(iter(arms_of(data).values()))


def rate(successes: float, n: int) -> dict:
    """A rate with its Wilson interval; split wins are rounded to whole games for the interval."""
    if n == 0:
        return {"rate": float("nan"), "low": float("nan"), "high": float("nan"), "n": 0}
    k = int(round(successes))
    ci = sps.binomtest(k, n).proportion_ci(confidence_level=LEVEL, method="wilson")
    return {"rate": successes / n, "low": float(ci.low), "high": float(ci.high), "n": n}


def mean_interval(values) -> dict:
    values = np.asarray(values, dtype=float)
    n = len(values)
    if n == 0:
        return {"mean": float("nan"), "low": float("nan"), "high": float("nan"), "n": 0}
    mean = float(values.mean())
    if n < 2 or np.all(values == values[0]):
        return {"mean": mean, "low": mean, "high": mean, "n": n}
    low, high = sps.t.interval(LEVEL, n - 1, loc=mean, scale=sps.sem(values))
    return {"mean": mean, "low": float(low), "high": float(high), "n": n}


def spread(values) -> dict | None:
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values)]
    if len(values) == 0:
        return None
    return {"mean": float(values.mean()), "std": float(values.std(ddof=1)) if len(values) > 1
            else 0.0, "min": float(values.min()), "max": float(values.max()),
            "quantiles": {str(q): float(x) for q, x in
                          zip(QUANTILES, np.quantile(values, QUANTILES))}}


def seat_table(data) -> dict:
    """Win rate and place per seat, and a chi-square test that every seat wins equally often."""
    arm = _arm(data)
    n, seats = arm.games, arm.seats
    wins = arm.win.sum(axis=0)
    rows = []
    for seat in range(seats):
        rows.append({"seat": seat, "win": rate(wins[seat], n),
                     "place": mean_interval(arm.places[:, seat]),
                     "places": [int(np.sum(arm.places[:, seat] == p)) for p in range(seats)],
                     "return": mean_interval(arm.returns[:, seat])})
    test = sps.chisquare(wins)  # expected: the wins shared evenly
    return {"seats": rows, "chi2": float(test.statistic), "p": float(test.pvalue),
            "fair_rate": 1.0 / seats}


def agent_table(data) -> dict | None:
    """Each agent's win rate over the seats it sat in; the gap between the best and the even
    share, as a part of the most it could be (0: the result is luck; 1: the stronger always wins),
    with the interval the best agent's own interval gives it."""
    arm = _arm(data)
    names = arm.agents()
    if len(names) < 2:
        return None
    won, sat = defaultdict(float), defaultdict(int)
    for g in range(arm.games):
        for seat, agent in enumerate(arm.lineups[arm.lineup[g]]):
            won[agent] += arm.win[g, seat]
            sat[agent] += 1
    rows = [{"agent": a, "win": rate(won[a], sat[a])} for a in names]
    fair = 1.0 / arm.seats
    best = max(rows, key=lambda r: r["win"]["rate"])
    scale = lambda x: float((x - fair) / (1 - fair))  # noqa: E731
    return {"agents": rows, "best": best["agent"], "skill": scale(best["win"]["rate"]),
            "skill_low": scale(best["win"]["low"]), "skill_high": scale(best["win"]["high"]),
            "fair_rate": fair}


def card_influence(data, top: int = 12, least: int = 5) -> list[dict] | None:
    """Win rate of a seat holding each card at the start against not holding it, with Fisher's
    exact test and the Benjamini-Hochberg adjusted p over every card tested; the cards with the
    largest gaps first (cards seen fewer than `least` times or in every hand are skipped)."""
    arm = _arm(data)
    total, total_wins = arm.hands_seen, arm.hands_won
    if not total:
        return None
    rows = []
    for card, (count, with_wins) in arm.cards.items():
        without = total - count
        if count < least or without < least:
            continue
        a, b = with_wins, total_wins - with_wins
        table = [[round(a), count - round(a)], [round(b), without - round(b)]]
        rows.append({"card": card, "with": rate(a, count), "without": rate(b, without),
                     "gap": a / count - b / without,
                     "p": float(sps.fisher_exact(table).pvalue)})
    if rows:
        adjusted = sps.false_discovery_control([r["p"] for r in rows], method="bh")
        for row, q in zip(rows, adjusted):
            row["q"] = float(q)
    rows.sort(key=lambda r: (-abs(r["gap"]), r["card"]))
    return rows[:top]


def event_table(arm: Arm) -> list[dict] | None:
    """Each named event of the game's rules (where its core emits them): how often it happens
    in a game, with an interval, and in how many of the games at all."""
    counted = [e for e in arm.events if e is not None]
    if not counted or len(counted) < len(arm.events):
        return None
    rows = []
    for name in counted[0]:
        values = np.asarray([e.get(name, 0) for e in counted], dtype=float)
        rows.append({"event": name, "per_game": mean_interval(values),
                     "games": rate(float((values > 0).sum()), len(values))})
    return rows


def arm_figures(data) -> dict:
    arm = _arm(data)
    return {
        "games": arm.games,
        "seats": seat_table(arm),
        "agents": agent_table(arm),
        "decisions": spread(arm.decisions),
        "rounds": spread(arm.rounds) if arm.has_rounds else None,
        "score_spread": spread(arm.spread),
        "cap": rate(float(arm.cap.sum()), arm.games),
        "cards": card_influence(arm),
        "events": event_table(arm),
    }


def paired(a: Arm, b: Arm, measure) -> dict:
    """B minus A over the seeds both arms played, with its t interval and paired-test p.
    `measure(arm)` is one number per game (NaN where it does not apply)."""
    common, ia, ib = np.intersect1d(a.index, b.index, return_indices=True)
    x, y = np.asarray(measure(a), float)[ia], np.asarray(measure(b), float)[ib]
    keep = np.isfinite(x) & np.isfinite(y)
    x, y = x[keep], y[keep]
    diffs = y - x
    result = mean_interval(diffs)
    result["a"] = float(x.mean()) if len(x) else float("nan")
    result["b"] = float(y.mean()) if len(y) else float("nan")
    if len(diffs) > 1 and not np.all(diffs == diffs[0]):
        result["p"] = float(sps.ttest_1samp(diffs, 0.0).pvalue)
    else:
        result["p"] = 1.0 if len(diffs) and diffs[0] == 0 else float("nan")
    return result


def compare(a: Arm, b: Arm) -> dict:
    """Every per-game figure side by side: B minus A on the same seeds."""
    rows = {"decisions": paired(a, b, lambda arm: arm.decisions)}
    if a.has_rounds and b.has_rounds:
        rows["rounds"] = paired(a, b, lambda arm: arm.rounds)
    rows["score spread"] = paired(a, b, lambda arm: arm.spread)
    rows["cap hit"] = paired(a, b, lambda arm: arm.cap)
    for seat in range(a.seats):
        rows[f"seat {seat} win"] = paired(a, b, lambda arm, seat=seat: arm.win[:, seat])
    agents = a.agents()
    if len(agents) > 1:
        for agent in agents:
            rows[f"{agent} win"] = paired(a, b, lambda arm, agent=agent: arm.agent_win(agent))
    return rows


def figures(summaries) -> dict:
    """All figures of a run: per arm, and the A/B comparison when there are two arms.
    `summaries` is any iterable of summaries (read once) or the arms already built."""
    arms = summaries if isinstance(summaries, dict) else arms_of(summaries)
    result = {"arms": {name: arm_figures(arm) for name, arm in arms.items()}}
    if len(arms) == 2:
        first, second = sorted(arms)
        result["compare"] = compare(arms[first], arms[second])
    return result
