"""report.md and a self-contained report.html (plots embedded as base64 PNG) from a lab run."""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display: the lab runs in terminals and CI
import matplotlib.pyplot as plt  # noqa: E402

from . import run as lab_run  # noqa: E402
from .stats import figures  # noqa: E402

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


def plots(figs: dict, summaries: list[dict], names: dict) -> dict[str, bytes]:
    arms = sorted(figs["arms"])
    out = {}
    fig, ax = plt.subplots(figsize=(6, 3.2))
    width = 0.8 / len(arms)
    for k, arm in enumerate(arms):
        rows = figs["arms"][arm]["seats"]["seats"]
        x = [r["seat"] + (k - (len(arms) - 1) / 2) * width for r in rows]
        y = [r["win"]["rate"] for r in rows]
        err = [[r["win"]["rate"] - r["win"]["low"] for r in rows],
               [r["win"]["high"] - r["win"]["rate"] for r in rows]]
        ax.bar(x, y, width, yerr=err, capsize=3, color=ARM_COLORS[arm], label=names[arm])
    ax.axhline(figs["arms"][arms[0]]["seats"]["fair_rate"], color="grey", ls="--", lw=1,
               label="even share")
    ax.set_xlabel("seat (0 plays first)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_xticks(range(len(figs["arms"][arms[0]]["seats"]["seats"])))
    ax.legend(fontsize=7)
    out["seats"] = _png(fig)

    measures = {"decisions": ("game length (decisions)", lambda s: s["decisions"]),
                "rounds": ("game length (rounds)", lambda s: s["rounds"]),
                "spread": ("score spread (best minus worst return)",
                           lambda s: max(s["returns"]) - min(s["returns"]))}
    for key, (label, measure) in measures.items():
        if key == "rounds" and not figs["arms"][arms[0]]["rounds"]:
            continue
        fig, ax = plt.subplots(figsize=(6, 3.2))
        for arm in arms:
            values = [measure(s) for s in summaries
                      if s["arm"] == arm and measure(s) is not None]
            ax.hist(values, bins=min(30, max(5, len(set(values)))), alpha=0.6,
                    color=ARM_COLORS[arm], label=names[arm])
        ax.set_xlabel(label)
        ax.set_ylabel("games")
        ax.legend(fontsize=7)
        out[key] = _png(fig)

    cards = figs["arms"][arms[0]]["cards"]
    if cards:
        fig, ax = plt.subplots(figsize=(6, 3.4))
        labels = [c["card"] for c in cards][::-1]
        gaps = [c["gap"] for c in cards][::-1]
        ax.barh(labels, gaps, color=["#5a9a5a" if g > 0 else "#b55" for g in gaps])
        ax.axvline(0, color="grey", lw=1)
        ax.set_xlabel("win rate holding the card at the start minus not holding it")
        out["cards"] = _png(fig)

    if "compare" in figs:
        rows = figs["compare"]
        fig, ax = plt.subplots(figsize=(6, 0.4 * len(rows) + 1))
        labels = list(rows)[::-1]
        means = [rows[k]["mean"] for k in labels]
        err = [[rows[k]["mean"] - rows[k]["low"] for k in labels],
               [rows[k]["high"] - rows[k]["mean"] for k in labels]]
        ax.errorbar(means, range(len(labels)), xerr=err, fmt="o", capsize=3, color="#333")
        ax.set_yticks(range(len(labels)), labels)
        ax.axvline(0, color="grey", lw=1)
        ax.set_xlabel("B minus A on the same seeds (95% interval)")
        out["compare"] = _png(fig)
    return out


def extremes(summaries: list[dict], figs: dict) -> dict[str, dict]:
    """The longest and shortest games, and the biggest upset: a win by the weakest agent (by
    win rate over the run) with the widest margin, when agents differ."""
    base = [s for s in summaries if s["arm"] == "A"]
    picks = {"longest": max(base, key=lambda s: (s["decisions"], -s["index"])),
             "shortest": min(base, key=lambda s: (s["decisions"], s["index"]))}
    agents = figs["arms"]["A"]["agents"]
    if agents:
        weakest = min(agents["agents"], key=lambda r: r["win"]["rate"])["agent"]
        upsets = [s for s in base
                  if any(s["win"][seat] > 0 and agent == weakest
                         for seat, agent in enumerate(s["agents"]))]
        if upsets:
            picks["biggest upset"] = max(
                upsets, key=lambda s: (max(s["returns"]) - min(s["returns"]), -s["index"]))
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


def markdown(plan: lab_run.Plan, figs: dict, names: dict, replays: dict[str, str],
             images: dict[str, str]) -> str:
    lines = [f"# Lab report: {plan.game}", "",
             f"Command: `{plan.command or 'parlour lab ' + plan.game}`", "",
             f"Games per setting: {plan.n}; seeds {plan.seed} to {plan.seed + plan.n - 1} "
             f"(game i uses seed {plan.seed}+i); agents by seat: {', '.join(plan.specs())}"
             + (" (rotated one seat per game)" if len(set(plan.specs())) > 1 else ""), ""]
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
            lines += ["### Agents", "", "| agent | win rate [95%] |", "|---|---|"]
            lines += [f"| {r['agent']} | {_fmt_rate(r['win'])} |" for r in f["agents"]["agents"]]
            lines += ["", f"Skill figure: {f['agents']['skill']:.2f} (the best agent's win rate "
                      "above the even share, as a part of the most it could be: 0 means luck "
                      "decides, 1 means the stronger agent always wins).", ""]
        lines += ["### Length and endings", "", f"- Decisions: {_fmt_spread(f['decisions'])}"]
        if f["rounds"]:
            lines.append(f"- Rounds: {_fmt_spread(f['rounds'])}")
        lines += [f"- Score spread: {_fmt_spread(f['score_spread'])}",
                  f"- Games stopped by the game's own cap: {_fmt_rate(f['cap'])}", ""]
        if f["cards"]:
            lines += ["### Card influence (starting hand)", "",
                      "| card | win rate holding it | not holding it | gap | Fisher p |",
                      "|---|---|---|---|---|"]
            lines += [f"| {c['card']} | {_fmt_rate(c['with'])} | {_fmt_rate(c['without'])} | "
                      f"{c['gap']:+.3f} | {c['p']:.3g} |" for c in f["cards"]]
            lines += ["", "Many cards are tested at once: read p below 0.05 for one card as a "
                      "lead to check with a bigger run, not as a finding.", ""]
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
    lines += ["", "## Replay the extreme games", ""]
    lines += [f"- {name}: `{command}`" for name, command in replays.items()]
    return "\n".join(lines) + "\n"


def _html(md_text: str, images: dict[str, bytes]) -> str:
    """A plain HTML page from the report's Markdown (tables, headings, lists, code), with the
    plots inlined so the one file can be mailed to a designer."""
    body, table = [], False
    for line in md_text.splitlines():
        text = html.escape(line)
        text = _inline_code(text)
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set("".join(cells)) <= set("-"):
                continue
            tag = "th" if not table else "td"
            if not table:
                body.append("<table>")
                table = True
            body.append("<tr>" + "".join(f"<{tag}>{_inline_code(html.escape(c))}</{tag}>"
                                         for c in cells) + "</tr>")
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
            body.append(f"<h{level}>{_inline_code(html.escape(line[level:].strip()))}</h{level}>")
        elif line.startswith("- "):
            body.append(f"<li>{text[2:]}</li>")
        elif line.strip():
            body.append(f"<p>{text}</p>")
    if table:
        body.append("</table>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
             "code{background:#f3f3f3}")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>Parlour lab report</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def _inline_code(text: str) -> str:
    parts = text.split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def write(out: Path) -> dict:
    """Write report.md, report.html, plots/*.png and replays/*.json into OUT; return the figures."""
    plan = lab_run.Plan(**json.loads((out / lab_run.RUN_FILE).read_text()))
    summaries = lab_run.read(out)
    figs = figures(summaries)
    names = _arm_names(plan)
    pictures = plots(figs, summaries, names)
    (out / "plots").mkdir(exist_ok=True)
    for key, data in pictures.items():
        (out / "plots" / f"{key}.png").write_bytes(data)
    (out / "replays").mkdir(exist_ok=True)
    replays = {}
    for name, summary in extremes(summaries, figs).items():
        record = lab_run.find_record(out, summary["arm"], summary["index"])
        path = out / "replays" / (name.replace(" ", "_") + ".json")
        path.write_text(json.dumps(record))
        replays[f"{name} (seed {summary['seed']}, {summary['decisions']} decisions)"] = \
            f"parlour replay {path}"
    md_text = markdown(plan, figs, names, replays,
                       {key: f"plots/{key}.png" for key in pictures})
    (out / "report.md").write_text(md_text, encoding="utf-8")
    (out / "report.html").write_text(_html(md_text, pictures), encoding="utf-8")
    (out / "figures.json").write_text(json.dumps(figs, indent=1))
    return figs
