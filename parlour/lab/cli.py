"""`parlour lab GAME -n N --agents SPEC,... --out DIR`: the playtest lab on the command line.
The main CLI mounts it with `app.command("lab")(lab)`."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

import parlour
from parlour.agents import make_agent
from parlour.core.errors import ParlourError
from parlour.terminal import (
    agents_option,
    game_argument,
    games_option,
    jobs_option,
    players_option,
    rule_options,
    seed_option,
)

console = Console()


def _options(cls, items: list[str]) -> dict:
    options = {}
    for item in items:
        if "=" not in item:
            raise parlour.OptionError(f"write options as key=value, not {item!r}")
        key, value = item.split("=", 1)
        options[key.strip()] = cls.info.option(key.strip()).parse(value)
    return options


def lab(game: str = game_argument(),
        n: int = games_option(200, "games per option setting"),
        agents: str = agents_option("heuristic", "agent specs, comma separated, one per seat "
                                                 "(the last repeats); seats rotate each game "
                                                 "when they differ"),
        players: int | None = players_option(),
        option: list[str] = rule_options(),
        seed: int = seed_option(0, "game i uses seed SEED+i"),
        jobs: int = jobs_option("worker processes"),
        out: Path = typer.Option(Path("lab-out"), "--out", metavar="DIR",
                                 help="directory of the run; an unfinished run there resumes"),
        compare: str | None = typer.Option(None, "--compare", metavar="KEY=VALUE",
                                           help="also play the same seeds with this option "
                                                "changed (A/B)", show_default=False),
        backend: str = typer.Option("local", "--backend", metavar="local|ray",
                                    help="where the games run: local processes or a Ray "
                                         "cluster"),
        ray_address: str | None = typer.Option(None, "--ray-address", metavar="ADDRESS",
                                               help="a Ray cluster to join",
                                               show_default=False)) -> None:
    """Play N games between computer players and write report.md and report.html: seat
    advantage, length, endings, card influence, agents' strength gap and an A/B of a rule."""
    from . import report
    from .run import Plan, run

    if backend not in ("local", "ray"):
        console.print("[red]error:[/red] --backend is local or ray")
        raise typer.Exit(2)
    try:
        cls = parlour.game_class(game)
        options = _options(cls, option)
        changed = _options(cls, [compare]) if compare else None
        loaded = parlour.load(game, players, **options)
        if changed:
            parlour.load(game, players, **{**options, **changed})
        specs = [s.strip() for s in agents.split(",") if s.strip()]
        for spec in set(specs):
            make_agent(spec, loaded)
    except ParlourError as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(2) from None
    command = "parlour lab " + " ".join(shlex.quote(a) for a in sys.argv[2:]) \
        if len(sys.argv) > 2 and sys.argv[1] == "lab" else \
        f"parlour lab {game} -n {n} --agents {agents} --seed {seed}" + \
        "".join(f" --option {o}" for o in option) + (f" --compare {compare}" if compare else "")
    plan = Plan(game=game, n=n, agents=specs, seed=seed, players=players, options=options,
                compare=changed, command=command)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(f"{game} games", total=None)

        started = []

        def advance(done: int, total: int) -> None:
            if not started:  # games found from an earlier run must not count in the speed
                started.append(done)
                progress.reset(task, total=total, completed=done)
            else:
                progress.update(task, completed=done)

        try:
            run(plan, out, jobs=jobs, backend=backend, ray_address=ray_address,
                progress=advance)
        except ValueError as error:
            console.print(f"[red]error:[/red] {error}")
            raise typer.Exit(2) from None
    figs = report.write(out)
    seats = figs["arms"]["A"]["seats"]
    console.print("seat win rates: " + ", ".join(
        f"{r['seat']}: {r['win']['rate']:.3f}" for r in seats["seats"]) +
        f" (chi-square p = {seats['p']:.3g})")
    console.print(f"report: {out / 'report.md'} and {out / 'report.html'}")
