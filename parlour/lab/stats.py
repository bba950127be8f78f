"""Figures a designer acts on, from the summaries a lab run wrote (see run.py for their fields).

Intervals are 95%: Wilson for rates, Student t for means and for the paired A/B differences
(the same seed under both settings is one pair).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Optional

import numpy as np
from scipy import stats as sps

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
LEVEL = 0.95


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


def spread(values) -> Optional[dict]:
    values = np.asarray([v for v in values if v is not None], dtype=float)
    if len(values) == 0:
        return None
    return {"mean": float(values.mean()), "std": float(values.std(ddof=1)) if len(values) > 1
            else 0.0, "min": float(values.min()), "max": float(values.max()),
            "quantiles": {str(q): float(x) for q, x in
                          zip(QUANTILES, np.quantile(values, QUANTILES))}}


def seat_table(summaries: list[dict]) -> dict:
    """Win rate and place per seat, and a chi-square test that every seat wins equally often."""
    n = len(summaries)
    seats = len(summaries[0]["returns"])
    wins = np.array([s["win"] for s in summaries], dtype=float).sum(axis=0)
    places = np.array([s["places"] for s in summaries])
    rows = []
    for seat in range(seats):
        rows.append({"seat": seat, "win": rate(wins[seat], n),
                     "place": mean_interval(places[:, seat]),
                     "places": [int(np.sum(places[:, seat] == p)) for p in range(seats)],
                     "return": mean_interval([s["returns"][seat] for s in summaries])})
    test = sps.chisquare(wins)  # expected: the wins shared evenly
    return {"seats": rows, "chi2": float(test.statistic), "p": float(test.pvalue),
            "fair_rate": 1.0 / seats}


def agent_table(summaries: list[dict]) -> Optional[dict]:
    """Each agent's win rate over the seats it sat in; the gap between the best and the even
    share, as a part of the most it could be (0: the result is luck; 1: the stronger always wins)."""
    names = sorted({a for s in summaries for a in s["agents"]})
    if len(names) < 2:
        return None
    seats = len(summaries[0]["returns"])
    won, sat = defaultdict(float), defaultdict(int)
    for s in summaries:
        for seat, agent in enumerate(s["agents"]):
            won[agent] += s["win"][seat]
            sat[agent] += 1
    rows = [{"agent": a, "win": rate(won[a], sat[a])} for a in names]
    fair = 1.0 / seats
    best = max(rows, key=lambda r: r["win"]["rate"])
    skill = (best["win"]["rate"] - fair) / (1 - fair)
    return {"agents": rows, "best": best["agent"], "skill": float(skill), "fair_rate": fair}


def card_influence(summaries: list[dict], top: int = 12, least: int = 5) -> Optional[list[dict]]:
    """Win rate of a seat holding each card at the start against not holding it, with Fisher's
    exact test; the cards with the largest gaps first (cards seen fewer than `least` times or
    in every hand are skipped)."""
    held, with_wins, total_wins, total = defaultdict(int), defaultdict(float), 0.0, 0
    for s in summaries:
        for seat, hand in enumerate(s.get("hands") or []):
            if hand is None:
                continue
            total += 1
            total_wins += s["win"][seat]
            for card in set(hand):
                held[card] += 1
                with_wins[card] += s["win"][seat]
    if not total:
        return None
    rows = []
    for card, count in held.items():
        without = total - count
        if count < least or without < least:
            continue
        a, b = with_wins[card], total_wins - with_wins[card]
        table = [[round(a), count - round(a)], [round(b), without - round(b)]]
        rows.append({"card": card, "with": rate(a, count), "without": rate(b, without),
                     "gap": a / count - b / without,
                     "p": float(sps.fisher_exact(table).pvalue)})
    rows.sort(key=lambda r: (-abs(r["gap"]), r["card"]))
    return rows[:top]


def arm_figures(summaries: list[dict]) -> dict:
    rounds = [s["rounds"] for s in summaries]
    return {
        "games": len(summaries),
        "seats": seat_table(summaries),
        "agents": agent_table(summaries),
        "decisions": spread([s["decisions"] for s in summaries]),
        "rounds": spread(rounds) if any(r is not None for r in rounds) else None,
        "score_spread": spread([max(s["returns"]) - min(s["returns"]) for s in summaries]),
        "cap": rate(sum(s["reached_cap"] for s in summaries), len(summaries)),
        "cards": card_influence(summaries),
    }


def paired(a: list[dict], b: list[dict], measure) -> dict:
    """B minus A over the seeds both arms played, with its t interval and paired-test p."""
    by_index = {s["index"]: s for s in b}
    pairs = [(measure(s), measure(by_index[s["index"]])) for s in a if s["index"] in by_index]
    diffs = np.array([y - x for x, y in pairs], dtype=float)
    result = mean_interval(diffs)
    result["a"] = float(np.mean([x for x, _ in pairs])) if pairs else float("nan")
    result["b"] = float(np.mean([y for _, y in pairs])) if pairs else float("nan")
    if len(diffs) > 1 and not np.all(diffs == diffs[0]):
        result["p"] = float(sps.ttest_1samp(diffs, 0.0).pvalue)
    else:
        result["p"] = 1.0 if len(diffs) and diffs[0] == 0 else float("nan")
    return result


def compare(a: list[dict], b: list[dict]) -> dict:
    """Every per-game figure side by side: B minus A on the same seeds."""
    seats = len(a[0]["returns"])
    rows = {"decisions": paired(a, b, lambda s: s["decisions"]),
            "score spread": paired(a, b, lambda s: max(s["returns"]) - min(s["returns"])),
            "cap hit": paired(a, b, lambda s: float(s["reached_cap"]))}
    if all(s["rounds"] is not None for s in a + b):
        rows["rounds"] = paired(a, b, lambda s: s["rounds"])
    for seat in range(seats):
        rows[f"seat {seat} win"] = paired(a, b, lambda s, seat=seat: s["win"][seat])
    return rows


def figures(summaries: list[dict]) -> dict:
    """All figures of a run: per arm, and the A/B comparison when there are two arms."""
    arms = defaultdict(list)
    for s in summaries:
        arms[s["arm"]].append(s)
    result = {"arms": {arm: arm_figures(rows) for arm, rows in sorted(arms.items())}}
    if len(arms) == 2:
        first, second = sorted(arms)
        result["compare"] = compare(arms[first], arms[second])
    return result
