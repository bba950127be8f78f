"""report.md and a self-contained report.html (plots embedded as base64 PNG) from a lab run."""

from __future__ import annotations

import base64
import html
import io
import json
import re
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("Agg")  # no display: the lab runs in terminals and CI
import matplotlib.pyplot as plt  # noqa: E402

import parlour  # noqa: E402
from parlour.server.store import store_finished  # noqa: E402

from . import run as lab_run  # noqa: E402
from .stats import arms_of, figures  # noqa: E402

ARM_COLORS = {"A": "#3b6ea5", "B": "#d08a2c"}


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()


def _arm_names(plan: lab_run.Plan) -> dict[str, str]:
    names = {"A": "A: " + (_options_text(plan.options) or "default options")}
    if plan.compare:
        names["B"] = "B: " + _options_text(plan.compare)
    return names


def _options_text(options: dict) -> str:
    return ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(options.items()))


def _bins(values: np.ndarray) -> np.ndarray:
    """Bin edges shared by both arms, so their histograms compare bar for bar."""
    values = values[np.isfinite(values)]
    low, high = float(values.min()), float(values.max())
    if np.all(values == np.round(values)) and high - low < 30:
        return np.arange(low - 0.5, high + 1.5)  # one bar per whole number
    return np.linspace(low, high if high > low else low + 1, 31)


def plots(figs: dict, arms: dict, names: dict) -> dict[str, bytes]:
    order = sorted(figs["arms"])
    out = {}
    fig, ax = plt.subplots(figsize=(6, 3.2))
    width = 0.8 / len(order)
    for k, arm in enumerate(order):
        rows = figs["arms"][arm]["seats"]["seats"]
        x = [r["seat"] + (k - (len(order) - 1) / 2) * width for r in rows]
        y = [r["win"]["rate"] for r in rows]
        err = [[r["win"]["rate"] - r["win"]["low"] for r in rows],
               [r["win"]["high"] - r["win"]["rate"] for r in rows]]
        ax.bar(x, y, width, yerr=err, capsize=3, color=ARM_COLORS[arm], label=names[arm])
    ax.axhline(figs["arms"][order[0]]["seats"]["fair_rate"], color="grey", ls="--", lw=1,
               label="even share")
    ax.set_xlabel("seat (0 plays first)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_xticks(range(len(figs["arms"][order[0]]["seats"]["seats"])))
    ax.legend(fontsize=7)
    out["seats"] = _png(fig)

    measures = {"decisions": ("game length (decisions)", lambda a: a.decisions),
                "rounds": ("game length (rounds)", lambda a: a.rounds),
                "spread": ("score spread (best minus worst return)", lambda a: a.spread)}
    for key, (label, measure) in measures.items():
        if key == "rounds" and not figs["arms"][order[0]]["rounds"]:
            continue
        every = np.concatenate([np.asarray(measure(arms[arm]), float) for arm in order])
        bins = _bins(every)
        fig, ax = plt.subplots(figsize=(6, 3.2))
        for arm in order:
            values = np.asarray(measure(arms[arm]), float)
            ax.hist(values[np.isfinite(values)], bins=bins, alpha=0.6, color=ARM_COLORS[arm],
                    label=names[arm])
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        ax.legend(fontsize=7)
        out[key] = _png(fig)

    cards = figs["arms"][order[0]]["cards"]
    if cards:
        fig, ax = plt.subplots(figsize=(6, 3.4))
        labels = [c["card"] for c in cards][::-1]
        gaps = [c["gap"] for c in cards][::-1]
        ax.barh(labels, gaps, color=["#5a9a5a" if g > 0 else "#b55" for g in gaps])
        ax.axvline(0, color="grey", lw=1)
        ax.set_xlabel("win rate holding the card at the start minus not holding it"
                      + (f" ({names[order[0]]})" if len(order) > 1 else ""))
        out["cards"] = _png(fig)

    if "compare" in figs:
        rows = figs["compare"]
        # one panel per figure: lengths and spreads each on their own scale, the rates (cap
        # hits, wins) on one scale between them so they compare
        def reach(keys):
            found = max((abs(rows[k][f]) for k in keys for f in ("low", "high", "mean")),
                        default=0.0)
            return found if np.isfinite(found) and found > 0 else 1.0

        rates = [k for k in rows if k == "cap hit" or k.endswith(" win")]
        fig, axes = plt.subplots(len(rows), 1, figsize=(6, 0.62 * len(rows) + 0.8),
                                 squeeze=False, gridspec_kw={"hspace": 1.0})
        for ax, (key, r) in zip(axes[:, 0], rows.items()):
            ax.errorbar([r["mean"]], [0], xerr=[[r["mean"] - r["low"]], [r["high"] - r["mean"]]],
                        fmt="o", capsize=4, color="#333")
            ax.axvline(0, color="grey", lw=1)
            limit = 1.15 * reach(rates if key in rates else [key])
            ax.set_xlim(-limit, limit)
            ax.set_yticks([0], [key])
            ax.tick_params(axis="x", labelsize=7)
        axes[-1, 0].set_xlabel("B minus A on the same seeds (95% interval); lengths on their "
                               "own scales, rates on one")
        out["compare"] = _png(fig)
    return out


def extremes(arms: dict, figs: dict) -> dict[str, int]:
    """The longest and shortest games, and the biggest upset: a win by the weakest agent (by
    win rate over the run) with the widest margin, when agents differ. Positions in arm A."""
    base = arms["A"]
    picks = {"longest": int(np.argmax(base.decisions)),  # the first of equals: lowest index
             "shortest": int(np.argmin(base.decisions))}
    agents = figs["arms"]["A"]["agents"]
    if agents:
        weakest = min(agents["agents"], key=lambda r: r["win"]["rate"])["agent"]
        won = np.nan_to_num(base.agent_win(weakest)) > 0
        if won.any():
            margin = np.where(won, base.spread, -np.inf)
            picks["biggest upset"] = int(np.argmax(margin))
    return picks


def _fmt_rate(r: dict) -> str:
    return f"{r['rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]"


def _fmt_mean(r: dict) -> str:
    return f"{r['mean']:.2f} [{r['low']:.2f}, {r['high']:.2f}]"


def _fmt_spread(r) -> str:
    if not r:
        return "n/a"
    q = r["quantiles"]
    return (f"mean {r['mean']:.1f}, sd {r['std']:.1f}; min {r['min']:g}, 5% {q['0.05']:g}, "
            f"25% {q['0.25']:g}, median {q['0.5']:g}, 75% {q['0.75']:g}, 95% {q['0.95']:g}, "
            f"max {r['max']:g}")


def markdown(plan: lab_run.Plan, figs: dict, names: dict, replays: list[dict],
             images: dict[str, str], room: str) -> str:
    specs = plan.specs()
    rotated = len(set(specs)) > 1
    lines = [f"# Lab report: {plan.game}", "",
             f"Command: `{plan.command or 'parlour lab ' + plan.game}`", "",
             f"Games per setting: {plan.n}; seeds {plan.seed} to {plan.seed + plan.n - 1} "
             f"(game i uses seed {plan.seed}+i); agents by seat: {', '.join(specs)}"
             + (" (rotated one seat per game)" if rotated else ""), ""]
    if rotated and plan.n % len(specs):
        lines += [f"{plan.n} games is not a multiple of {len(specs)} seats: the agents did not "
                  "sit in every seat equally often, so seat and agent figures mix a little.", ""]
    for arm, f in figs["arms"].items():
        seats = f["seats"]
        lines += [f"## {names[arm]}", "", f"{f['games']} games.", "",
                  "### Seat advantage", "",
                  "| seat | win rate [95%] | mean place (0 = first) [95%] | mean return [95%] |",
                  "|---|---|---|---|"]
        for r in seats["seats"]:
            lines.append(f"| {r['seat']} | {_fmt_rate(r['win'])} | {_fmt_mean(r['place'])} | "
                         f"{_fmt_mean(r['return'])} |")
        verdict = "seats differ" if seats["p"] < 0.05 else "no seat advantage shown"
        lines += ["", f"Chi-square test that every seat wins {seats['fair_rate']:.3f} of the "
                  f"games: chi2 = {seats['chi2']:.2f}, p = {seats['p']:.3g} ({verdict} at 5%).",
                  ""]
        if f["agents"]:
            a = f["agents"]
            lines += ["### Agents", "", "| agent | win rate [95%] |", "|---|---|"]
            lines += [f"| {r['agent']} | {_fmt_rate(r['win'])} |" for r in a["agents"]]
            lines += ["", f"Skill figure: {a['skill']:.2f} [{a['skill_low']:.2f}, "
                      f"{a['skill_high']:.2f}] (the best agent's win rate above the even share, "
                      "as a part of the most it could be: 0 means luck decides, 1 means the "
                      "stronger agent always wins).", ""]
        lines += ["### Length and endings", "", f"- Decisions: {_fmt_spread(f['decisions'])}"]
        if f["rounds"]:
            lines.append(f"- Rounds: {_fmt_spread(f['rounds'])}")
        lines += [f"- Score spread: {_fmt_spread(f['score_spread'])}",
                  f"- Games stopped by a cap (the game's own round or turn limit, or still "
                  f"going at the engine's bound): {_fmt_rate(f['cap'])}", ""]
        if f.get("events"):
            lines += ["### What the rules did (the game's events)", "",
                      "| event | a game [95%] | games where it happened [95%] |", "|---|---|---|"]
            lines += [f"| {r['event']} | {_fmt_mean(r['per_game'])} | {_fmt_rate(r['games'])} |"
                      for r in f["events"]]
            lines.append("")
        if f["cards"]:
            lines += ["### Card influence (starting hand)", "",
                      "| card | win rate holding it | not holding it | gap | Fisher p | "
                      "adjusted p (BH) |", "|---|---|---|---|---|---|"]
            lines += [f"| {c['card']} | {_fmt_rate(c['with'])} | {_fmt_rate(c['without'])} | "
                      f"{c['gap']:+.3f} | {c['p']:.3g} | {c['q']:.3g} |" for c in f["cards"]]
            lines += ["", "Many cards are tested at once: a card whose adjusted p (Benjamini-"
                      "Hochberg, over every card tested) is below 0.05 is a finding; a small "
                      "Fisher p alone is a lead to check with a bigger run.", ""]
        elif arm == "A":
            lines += ["No card influence: in this game no seat holds a hand of cards as play "
                      "begins.", ""]
    if "compare" in figs:
        lines += ["## A/B: B minus A on the same seeds", "",
                  "| figure | A | B | B - A [95%] | paired p |", "|---|---|---|---|---|"]
        for key, r in figs["compare"].items():
            lines.append(f"| {key} | {r['a']:.3f} | {r['b']:.3f} | {_fmt_mean(r)} | "
                         f"{r['p']:.3g} |")
        lines.append("")
    lines += ["## Plots", ""]
    lines += [f"![{key}]({src})" for key, src in images.items()]
    lines += ["", "## Replay the extreme games", "",
              f"Step through one in the terminal with `parlour replay`, or in the web room: "
              f"start it on this run's games with `parlour serve --db {room}` and open the "
              f"links.", ""]
    lines += [f"- {r['name']} (seed {r['seed']}, {r['decisions']} decisions): "
              f"`parlour replay {r['file']}`, [web room]({ROOM_URL}/replay/{r['table']})"
              for r in replays]
    return "\n".join(lines) + "\n"


ROOM_URL = "http://127.0.0.1:8000"


def _html(md_text: str, images: dict[str, bytes]) -> str:
    """A plain HTML page from the report's Markdown (tables, headings, lists, code, links),
    with the plots inlined so the one file can be mailed to a designer."""
    body, table, listed = [], False, False
    for line in md_text.splitlines():
        text = _inline(line)
        if listed and not line.startswith("- "):
            body.append("</ul>")
            listed = False
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set("".join(cells)) <= set("-"):
                continue
            tag = "th" if not table else "td"
            if not table:
                body.append("<table>")
                table = True
            body.append("<tr>" + "".join(f"<{tag}>{_inline(c)}</{tag}>" for c in cells)
                        + "</tr>")
            continue
        if table:
            body.append("</table>")
            table = False
        if line.startswith("!["):
            key = line[2:line.index("]")]
            data = base64.b64encode(images[key]).decode("ascii")
            body.append(f'<p><img alt="{key}" src="data:image/png;base64,{data}"></p>')
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            body.append(f"<h{level}>{_inline(line[level:].strip())}</h{level}>")
        elif line.startswith("- "):
            if not listed:
                body.append("<ul>")
                listed = True
            body.append(f"<li>{text[2:]}</li>")
        elif line.strip():
            body.append(f"<p>{text}</p>")
    if table:
        body.append("</table>")
    if listed:
        body.append("</ul>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
             "code{background:#f3f3f3}")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>Parlour lab report</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


_LINK = re.compile(r"\[([^\]]+)\]\((https?://[^)\s]+)\)")


def _inline(text: str) -> str:
    """Escaped text with `code` spans and [links](http://...)."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else _LINK.sub(r'<a href="\2">\1</a>', p)
                   for i, p in enumerate(parts))


def _movers(record: dict) -> list:
    """The seat that made each action of a record, by replaying it."""
    game = parlour.load(record["game"], record["players"], **record["options"])
    state = game.new_state(seed=record["seed"], deck=record.get("deck"))
    movers = []
    for text in record["actions"]:
        movers.append(state.current_player)
        state.apply(game.parse_action(state, text))
    return movers


def write(out: Path) -> dict:
    """Write report.md, report.html, plots/*.png, replays/*.json and room.db (the extreme games
    as finished tables of a web room) into OUT; return the figures."""
    plan = lab_run.Plan(**json.loads((out / lab_run.RUN_FILE).read_text()))
    arms = arms_of(lab_run.summaries(out))
    figs = figures(arms)
    names = _arm_names(plan)
    pictures = plots(figs, arms, names)
    (out / "plots").mkdir(exist_ok=True)
    for key, data in pictures.items():
        (out / "plots" / f"{key}.png").write_bytes(data)
    (out / "replays").mkdir(exist_ok=True)
    replays, tables = [], []
    base = arms["A"]
    for name, at in extremes(arms, figs).items():
        index = int(base.index[at])
        record = lab_run.find_record(out, "A", index)
        slug = name.replace(" ", "_")
        path = out / "replays" / f"{slug}.json"
        path.write_text(json.dumps(record))
        table = "lab-" + slug.replace("_", "-")
        agents = base.lineups[base.lineup[at]]
        tables.append({"id": table, "record": record, "movers": _movers(record),
                       "result": base.returns[at].tolist(),
                       "seats": [{"name": f"{agent} (seat {seat})", "agent": agent}
                                 for seat, agent in enumerate(agents)]})
        replays.append({"name": name, "seed": int(base.seed[at]),
                        "decisions": int(base.decisions[at]), "file": str(path),
                        "table": table})
    room = f"sqlite:///{out / 'room.db'}"
    store_finished(room, tables)
    md_text = markdown(plan, figs, names, replays,
                       {key: f"plots/{key}.png" for key in pictures}, room)
    (out / "report.md").write_text(md_text, encoding="utf-8")
    (out / "report.html").write_text(_html(md_text, pictures), encoding="utf-8")
    (out / "figures.json").write_text(json.dumps(figs, indent=1))
    return figs
